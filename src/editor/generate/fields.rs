//! Rows of the generator form: a labelled number, a MIN..MAX range, and a
//! value that a checkbox switches on.

use egui::{DragValue, Response, Ui};

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
