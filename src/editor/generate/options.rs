//! The parameters of the chosen generator, as rows of the form's grid,
//! drawn from its recipe: one widget per shape, with the recipe's label,
//! help, range and unit.

use egui::{DragValue, Response, Ui};

use super::form::{Form, Origin};
use crate::generate::{Generator, LeversParams, NestedParams, Param, ParamSpec, Shape, Value};

impl Form {
    /// Every parameter of the chosen generator's recipe, then the form's own
    /// rows for it.
    pub(super) fn params_ui(&mut self, ui: &mut Ui) {
        let kind = self.kind;
        for spec in &kind.recipe().params {
            if self.hidden(spec) {
                continue;
            }
            let key = (kind, spec.param);
            let value = self.chosen().get(spec.param);
            let mut edited = value;
            if spec.optional {
                let remembered = self.remembered.get(&key).copied();
                let mut on = value.is_some();
                let mut shown = value.or(remembered).or(spec.suggested).or(spec.default);
                optional_row(ui, spec, &mut on, &mut shown);
                if let Some(v) = shown {
                    self.remembered.insert(key, v);
                }
                edited = if on { shown } else { None };
            } else if let Some(mut v) = value {
                row(ui, spec, &mut v);
                edited = Some(v);
            }
            if edited != value {
                self.chosen_mut().set(spec.param, edited);
            }
        }
        match kind {
            Generator::Levers => self.levers_extra_ui(ui),
            Generator::Nested => self.nested_extra_ui(ui),
            Generator::Backward | Generator::Random => {}
        }
    }

    /// Is this row left out: the random graph's size on the canvas, or a
    /// parameter whose switch is off?
    fn hidden(&self, spec: &ParamSpec) -> bool {
        let graph = matches!(spec.param, Param::Rooms | Param::ExtraDoors);
        if graph && self.origin == Origin::Canvas {
            return true;
        }
        spec.when
            .is_some_and(|on| self.chosen().get(on) != Some(Value::Switch(true)))
    }

    /// Rewiring, and what runs when no budget is ticked.
    fn levers_extra_ui(&mut self, ui: &mut Ui) {
        ui.label("");
        ui.checkbox(&mut self.rewire, "Rewire levers that are already wired")
            .on_hover_text("Clear every lever's wiring first, so that all of them are wired anew");
        ui.end_row();
        let budget = [Param::Seconds, Param::Evaluations, Param::Target];
        if budget.iter().all(|&p| self.chosen().get(p).is_none()) {
            ui.label("");
            ui.label(format!(
                "No budget ticked: the search runs for {} s.",
                LeversParams::DEFAULT_SECONDS
            ));
            ui.end_row();
        }
    }

    /// The button for the tree seed article 004 builds.
    fn nested_extra_ui(&mut self, ui: &mut Ui) {
        ui.label("");
        if ui
            .button("As the article builds it")
            .on_hover_text(
                "Depth 4, one to three children a room, every key in an ancestor, no extra \
                 entrance, the first tree kept (seed article 004)",
            )
            .clicked()
            && let crate::generate::GeneratorParams::Nested(p) = self.chosen_mut()
        {
            *p = NestedParams::article();
        }
        ui.end_row();
    }
}

/// A parameter that is always set, on a row of the grid.
fn row(ui: &mut Ui, spec: &ParamSpec, value: &mut Value) {
    if let Value::Switch(on) = value {
        ui.label("");
        ui.checkbox(on, spec.label).on_hover_text(spec.help);
        ui.end_row();
        return;
    }
    let label = ui.label(spec.label);
    value_widget(ui, spec, value, true)
        .labelled_by(label.id)
        .on_hover_text(spec.help);
    ui.end_row();
}

/// A parameter that a checkbox switches on, on a row of the grid; `value`
/// is shown (greyed out while off) and kept.
fn optional_row(ui: &mut Ui, spec: &ParamSpec, on: &mut bool, value: &mut Option<Value>) {
    let check = ui.checkbox(on, spec.label).on_hover_text(spec.help);
    match value {
        Some(v) => {
            value_widget(ui, spec, v, *on).labelled_by(check.id);
        }
        None => {
            ui.label("");
        }
    }
    ui.end_row();
}

/// The widget of one value in its shape and range.
fn value_widget(ui: &mut Ui, spec: &ParamSpec, value: &mut Value, enabled: bool) -> Response {
    let suffix = if spec.unit.is_empty() {
        String::new()
    } else {
        format!(" {}", spec.unit)
    };
    let (min, max) = (spec.min, spec.max);
    match value {
        Value::Count(n) => {
            let zero = spec.zero;
            let mut drag = DragValue::new(n)
                .range(min as u64..=max as u64)
                .suffix(suffix)
                .speed(count_speed(max));
            if !zero.is_empty() {
                drag = drag.custom_formatter(move |n, _| {
                    if n == 0.0 {
                        zero.to_owned()
                    } else {
                        format!("{n}")
                    }
                });
            }
            ui.add_enabled(enabled, drag)
        }
        Value::Number(x) if spec.shape == Shape::Share => {
            ui.add_enabled(enabled, egui::Slider::new(x, min..=max))
        }
        Value::Number(x) => ui.add_enabled(
            enabled,
            DragValue::new(x).range(min..=max).speed(0.1).suffix(suffix),
        ),
        Value::Span(lo, hi) => span(ui, spec, lo, hi, enabled),
        Value::Switch(on) => ui.add_enabled(enabled, egui::Checkbox::without_text(on)),
    }
}

/// A drag speed that reaches the far end of a large range in a few drags.
fn count_speed(max: f64) -> f64 {
    if max > 1e6 { 100.0 } else { 1.0 }
}

/// A MIN..MAX range: two numbers, the smaller first. Returns the first's response.
fn span(ui: &mut Ui, spec: &ParamSpec, lo: &mut usize, hi: &mut usize, enabled: bool) -> Response {
    let bounds = spec.min as usize..=spec.max as usize;
    let first = ui
        .horizontal(|ui| {
            let first = ui
                .add_enabled(enabled, DragValue::new(lo).range(bounds.clone()))
                .on_hover_text(spec.help);
            ui.label("to");
            ui.add_enabled(enabled, DragValue::new(hi).range(bounds))
                .on_hover_text(spec.help);
            first
        })
        .inner;
    if *lo > *hi {
        *hi = *lo;
    }
    first
}
