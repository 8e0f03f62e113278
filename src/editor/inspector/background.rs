//! The level's background picture in the level's form: move, scale and fade
//! it, or set and remove it. Each change is an undoable edit of the props.

use egui::{RichText, Slider, Ui};

use super::widgets::{emit, merge_key, number_row, row_label};
use super::{form, heading_small};
use crate::document::{LevelCommand, LevelMeta};
use crate::editor::actions::Action;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::Background;

/// The Background section: its fields, or a button to set one.
pub fn background_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    heading_small(
        ui,
        "Background",
        "A picture under the level to trace over; not part of the rules",
    );
    if let Some(why) = view.background.warning() {
        ui.label(RichText::new(format!("⚠ {why}")).color(view.theme.warning));
    }
    let Some(background) = Background::of(view.level) else {
        action(ui, out, Action::SetBackground);
        if view.background.warning().is_some() {
            action(ui, out, Action::RemoveBackground);
        }
        return;
    };
    ui.label(RichText::new(&background.image).color(view.theme.weak_text))
        .on_hover_text("Relative to the level file's folder");
    if let Some((changed, merge)) = fields_ui(ui, view, &background) {
        let mut meta = LevelMeta::of(view.level);
        changed.put(&mut meta.props);
        emit(out, LevelCommand::SetMeta(meta), Some(merge));
    }
    ui.horizontal(|ui| {
        action(ui, out, Action::SetBackground);
        action(ui, out, Action::RemoveBackground);
    });
}

/// X, Y, width (the height follows) and opacity; the changed background
/// and its merge key.
fn fields_ui(ui: &mut Ui, view: &View<'_>, b: &Background) -> Option<(Background, String)> {
    form(ui, "background", |ui| {
        let mut changed = None;
        let far = -1.0e6..=1.0e6;
        if let Some((x, key)) = number_row(ui, view, "X", b.x, far.clone(), 1.0, "bg:x") {
            changed = Some((Background { x, ..b.clone() }, key));
        }
        if let Some((y, key)) = number_row(ui, view, "Y", b.y, far, 1.0, "bg:y") {
            changed = Some((Background { y, ..b.clone() }, key));
        }
        let width = number_row(ui, view, "Width", b.width, 1.0..=1.0e6, 1.0, "bg:width");
        if let Some((width, key)) = width {
            changed = Some((b.scaled_to_width(width), key));
        }
        let l = row_label(ui, view, "Opacity");
        let mut opacity = b.opacity;
        let response = ui
            .add(Slider::new(&mut opacity, 0.0..=1.0).fixed_decimals(2))
            .labelled_by(l.id);
        ui.end_row();
        let key = merge_key(ui, &response, "bg:opacity");
        if response.changed() && opacity != b.opacity {
            changed = Some((
                Background {
                    opacity,
                    ..b.clone()
                },
                key,
            ));
        }
        changed
    })
}

fn action(ui: &mut Ui, out: &mut Vec<Intent>, action: Action) {
    if ui
        .button(action.label())
        .on_hover_text(action.tooltip())
        .clicked()
    {
        out.push(Intent::Action(action));
    }
}
