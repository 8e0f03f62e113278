//! How the editor words a long list in a short place: the first few names
//! and a count of the rest, for tooltips and list rows that would otherwise
//! name 100,000 items.

use std::borrow::Borrow;

/// `names` joined by `sep`, or, when they are fewer than `total`, by commas
/// with "and N more" for the rest: "k0, k1, k2 and 97 more".
pub(crate) fn some_and_more<S: Borrow<str>>(names: &[S], total: usize, sep: &str) -> String {
    match total.saturating_sub(names.len()) {
        0 => names.join(sep),
        rest => format!("{} and {rest} more", names.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::some_and_more;

    #[test]
    fn a_list_cut_short_counts_the_rest() {
        assert_eq!(some_and_more(&["a", "b"], 2, " and "), "a and b");
        assert_eq!(some_and_more(&["a", "b"], 5, " and "), "a, b and 3 more");
        assert_eq!(some_and_more::<&str>(&[], 0, ", "), "");
    }
}
