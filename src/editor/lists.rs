//! Lists of keys, levers and problems; clicking one selects and frames it. First cut.

use egui::Ui;

use super::intent::Intent;
use super::view::View;

/// Draws the lists.
pub fn lists_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let _ = out;
    ui.heading("Problems");
    for p in view.report.errors.iter().chain(&view.report.warnings) {
        ui.label(p.to_string());
    }
}
