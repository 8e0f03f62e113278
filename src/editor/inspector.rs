//! The inspector: every field of the selected item (or of the level). First cut.

use egui::Ui;

use super::intent::Intent;
use super::view::View;

/// Draws the inspector.
pub fn inspector_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let _ = out;
    ui.heading("Inspector");
    match view.selection.single() {
        Some(item) => {
            ui.label(item.to_string());
        }
        None => {
            ui.label(format!("Level: {}", view.level.name));
        }
    }
}
