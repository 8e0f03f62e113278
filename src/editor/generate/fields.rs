//! How the generator window names parameters in its messages: by the
//! label of their row in the form (the recipe's).

use crate::generate::Param;

/// The label of the form's row for `param`.
pub fn label(param: Param) -> &'static str {
    param.label()
}

/// `param` as the window's messages name it: its row's label in quotes, and
/// which end of a range row it is.
pub fn named(param: Param) -> String {
    let end = match param {
        Param::MinDoors => " (the smaller)",
        Param::MaxDoors => " (the larger)",
        _ => "",
    };
    format!("\u{201c}{}{end}\u{201d}", label(param))
}

/// `text` with a capital first letter.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_window_fields_not_options() {
        for e in crate::generate::error_examples() {
            let text = e.worded(&named);
            assert!(!text.contains("--"), "{text}");
            for param in e.params() {
                assert!(text.contains(label(param)), "{text} does not name {param}");
            }
        }
        let e = crate::generate::GenerateError::TreeTooLarge { max_rooms: 9 };
        assert_eq!(
            capitalised(&e.worded(&named)),
            "The tree would have more than 9 rooms: lower \u{201c}Depth\u{201d} or \
             \u{201c}Branching\u{201d}, or raise \u{201c}Max rooms\u{201d}"
        );
    }
}
