//! Rows of the generator form: a labelled number, a MIN..MAX range, and a
//! value that a checkbox switches on.

use egui::{DragValue, Response, Ui};

use crate::generate::Param;

/// A value that may be switched off, remembering it while off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Optional<T> {
    /// Switched on?
    pub on: bool,
    /// The value when on.
    pub value: T,
}

impl<T: Copy> Optional<T> {
    /// Switched off, with `value` ready for when it is switched on.
    pub const fn off(value: T) -> Self {
        Self { on: false, value }
    }

    /// The value, when on.
    pub fn get(self) -> Option<T> {
        self.on.then_some(self.value)
    }
}

/// A labelled number on a row of the grid.
pub fn number(
    ui: &mut Ui,
    name: &str,
    value: &mut usize,
    range: std::ops::RangeInclusive<usize>,
    tip: &str,
) {
    let label = ui.label(name);
    ui.add(DragValue::new(value).range(range))
        .labelled_by(label.id)
        .on_hover_text(tip);
    ui.end_row();
}

/// A labelled MIN..MAX range on a row of the grid; the smaller comes first.
pub fn range(
    ui: &mut Ui,
    name: &str,
    value: &mut (usize, usize),
    bounds: std::ops::RangeInclusive<usize>,
    tip: &str,
) {
    let label = ui.label(name);
    ui.horizontal(|ui| {
        ui.add(DragValue::new(&mut value.0).range(bounds.clone()))
            .labelled_by(label.id)
            .on_hover_text(tip);
        ui.label("to");
        ui.add(DragValue::new(&mut value.1).range(bounds))
            .on_hover_text(tip);
    });
    if value.0 > value.1 {
        value.1 = value.0;
    }
    ui.end_row();
}

/// A checkbox and the value it switches on, on a row of the grid.
pub fn optional<'a, T: 'a>(
    ui: &mut Ui,
    name: &str,
    value: &'a mut Optional<T>,
    widget: impl FnOnce(&'a mut T) -> DragValue<'a>,
) -> Response {
    let response = ui.checkbox(&mut value.on, name);
    let on = value.on;
    ui.add_enabled(on, widget(&mut value.value))
        .labelled_by(response.id);
    ui.end_row();
    response
}

/// The label of the form's row for `param`. The two ends of a range that
/// one row shows (doors per lever) share its label.
pub fn label(param: Param) -> &'static str {
    match param {
        Param::Rooms => "Rooms",
        Param::ExtraDoors => "Extra doors",
        Param::Locks => "Locks",
        Param::KeysPerLock => "Keys per lock",
        Param::RedHerrings => "Red herrings",
        Param::SideAreas => "Side areas",
        Param::MinDoors | Param::MaxDoors => "Doors per lever",
        Param::AllowAlike => "Let two levers flip the same doors",
        Param::Seconds => "Time limit",
        Param::Evaluations => "Evaluations",
        Param::Threads => "Threads",
        Param::Target => "Target",
        Param::Depth => "Depth",
        Param::Branching => "Branching",
        Param::ExtraEntrances => "Extra entrances",
        Param::SideKeys => "Side keys",
        Param::MaxRooms => "Max rooms",
        Param::Conditions => "Conditions on doors",
        Param::MinLiterals | Param::MaxLiterals => "Levers per condition",
        Param::OneSided => "One-sided locks",
        Param::AnyOf => "Any-of locks",
        Param::Levers => "Levers",
        Param::MaxTries => "Max tries",
        Param::MinCost => "Min cost",
        Param::MinPulls => "Min pulls",
        Param::MaxStates => "Max states",
        Param::MinBacktracking => "Min backtracking",
        Param::MinKeyDistance => "Min key distance",
        Param::MinRoutes => "Min routes",
        Param::Score => "Best score",
    }
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
