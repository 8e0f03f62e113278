//! Numbers as people read them, shared by every front end.

/// A cost as people write it: `12` for whole numbers, `2.5` otherwise.
///
/// ```
/// use lockwork::model::format_cost;
/// assert_eq!(format_cost(12.0), "12");
/// assert_eq!(format_cost(2.5), "2.5");
/// ```
pub fn format_cost(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}
