//! The help window (F1): every action with its shortcut, read from the one
//! action list, and the canvas gestures.

use super::actions::Action;

/// Shows the help window while `open` is true.
pub fn help_ui(ctx: &egui::Context, open: &mut bool) {
    let screen = ctx.content_rect();
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .resizable(true)
        .collapsible(false)
        .default_size([screen.width().min(760.0), screen.height() * 0.8])
        .max_size(screen.size() - egui::vec2(24.0, 48.0))
        .constrain(true)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new("Esc closes this sheet.").color(ui.visuals().weak_text_color()),
            );
            egui::ScrollArea::both().show(ui, sheet_ui);
        });
}

/// The sheet: every action, then the canvas gestures.
fn sheet_ui(ui: &mut egui::Ui) {
    let ctx = ui.ctx().clone();
    egui::Grid::new("shortcuts")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for &action in Action::ALL {
                ui.label(action.label());
                let mut keys = vec![action.shortcut_text(&ctx)];
                keys.extend(action.alternatives().iter().map(|s| ctx.format_shortcut(s)));
                keys.retain(|k| !k.is_empty());
                ui.monospace(keys.join("  or  "));
                ui.label(action.tooltip());
                ui.end_row();
            }
        });
    ui.separator();
    ui.strong("On the canvas");
    for line in [
        "Double-click empty space: add a room (at the nearest free place)",
        "Drag a room: move it (the whole drag is one undo step); arrow keys nudge",
        "Ctrl+drag from a room to another (or the Connect tool): add a door",
        "Shift+drag on empty space: box select; Shift-click adds, Ctrl-click toggles",
        "Drag empty space, right or middle mouse, or Space+drag: pan; wheel or pinch: zoom",
        "Hover or select a key: its locks light up (and a door's keys); the legend too",
        "The minimap (bottom right, for large levels): click or drag to look elsewhere",
        "Double-click a room: rename it; right-click anything: its actions",
        "Drag a key or lever onto another room: move it there",
    ] {
        ui.label(line);
    }
}
