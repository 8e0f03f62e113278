//! Numbers as people read them, shared by every front end.

/// Significant digits a cost is shown with: more than anyone reads, and
/// fewer than the 16 or 17 at which sums of decimal costs carry noise
/// (`0.1 + 0.2` is `0.30000000000000004`).
const DIGITS: usize = 12;

/// A cost as people write it: `12` for whole numbers, `2.5` otherwise,
/// to twelve significant digits, and as `1e-9` when it is that small.
///
/// The text is for reading; the JSON output and the files keep every digit.
///
/// ```
/// use lockwork::model::format_cost;
/// assert_eq!(format_cost(12.0), "12");
/// assert_eq!(format_cost(2.5), "2.5");
/// assert_eq!(format_cost(0.1 + 0.2), "0.3");
/// assert_eq!(format_cost(1e-320), "1e-320");
/// ```
pub fn format_cost(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{x:.0}");
    }
    if !x.is_finite() {
        return format!("{x}");
    }
    let shown: f64 = format!("{x:.prec$e}", prec = DIGITS - 1)
        .parse()
        .unwrap_or(x);
    if (1e-4..1e15).contains(&shown.abs()) {
        format!("{shown}")
    } else {
        format!("{shown:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::format_cost;

    #[test]
    fn costs_read_as_people_write_them() {
        let cases = [
            (0.0, "0"),
            (7.0, "7"),
            (1e12, "1000000000000"),
            (0.5, "0.5"),
            (-2.25, "-2.25"),
            (0.1 + 0.2, "0.3"),
            (0.1 + 0.2 + 1e-7, "0.3000001"),
            (1234.5678, "1234.5678"),
            (0.0001, "0.0001"),
            (0.000_012_5, "1.25e-5"),
            (1e-320, "1e-320"),
            (2.999_999_999_999_999_6, "3"),
            (1e18 + 4096.0, "1e18"),
            (1.5e15, "1.5e15"),
            (1e15 + 0.5, "1e15"),
            (f64::INFINITY, "inf"),
        ];
        for (x, text) in cases {
            assert_eq!(format_cost(x), text, "{x:e}");
        }
        // Every shown cost reads back within its twelve digits.
        for x in [1.0 / 3.0, 2.0 / 3.0 * 1e11, 123.456_789_012_345, 9.87e-3] {
            let back: f64 = format_cost(x).parse().unwrap();
            assert!((back - x).abs() <= x.abs() * 1e-11, "{x} {back}");
        }
    }
}
