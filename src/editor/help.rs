//! The help window (F1): every action with its shortcut, read from the one
//! action list, and the canvas gestures.

use super::actions::Action;

/// Shows the help window while `open` is true.
pub fn help_ui(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    for &action in Action::ALL {
                        ui.label(action.label());
                        let mut keys = vec![action.shortcut_text(ctx)];
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
                "Double-click empty space: add a room",
                "Drag a room: move it (the whole drag is one undo step); arrow keys nudge",
                "Ctrl+drag from a room to another (or the Connect tool): add a door",
                "Shift+drag on empty space: box select; Shift-click adds, Ctrl-click toggles",
                "Drag empty space, middle mouse or Space+drag: pan; wheel or pinch: zoom",
                "Double-click a room: rename it; right-click anything: its actions",
                "Drag a key or lever onto another room: move it there",
            ] {
                ui.label(line);
            }
        });
}
