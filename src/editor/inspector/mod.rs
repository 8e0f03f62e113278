//! The inspector: every field of the selected item, or of the level itself
//! when nothing is selected. It reads the level through the [`View`] and
//! pushes one command per edit; typing and dragging push merging edits, so a
//! typed name or a dragged cost is one undo step.

mod background;
mod bulk;
mod condition;
pub(in crate::editor) use condition::arrow;
mod door;
mod door_rules;
mod key;
mod level;
mod lever;
pub(in crate::editor) mod props;
mod room;
pub(in crate::editor) mod widgets;

use egui::{RichText, Ui};

use super::intent::Intent;
use super::view::View;
use crate::document::LevelCommand;
use crate::model::ItemId;

/// Draws the inspector.
pub fn inspector_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let level = view.level;
    match view.selection.len() {
        0 => level::level_ui(ui, view, out),
        1 => match view.selection.single() {
            Some(ItemId::Room(id)) => match level.room(id) {
                Some(room) => room::room_ui(ui, view, room, out),
                None => level::level_ui(ui, view, out),
            },
            Some(ItemId::Door(id)) => match level.door(id) {
                Some(door) => door::door_ui(ui, view, door, out),
                None => level::level_ui(ui, view, out),
            },
            Some(ItemId::Key(id)) => match level.key(id) {
                Some(key) => key::key_ui(ui, view, key, out),
                None => level::level_ui(ui, view, out),
            },
            Some(ItemId::Lever(id)) => match level.lever(id) {
                Some(lever) => lever::lever_ui(ui, view, lever, out),
                None => level::level_ui(ui, view, out),
            },
            None => level::level_ui(ui, view, out),
        },
        _ => several_ui(ui, view, out),
    }
}

/// The inspector's title: what is shown, and its id.
fn heading(ui: &mut Ui, view: &View<'_>, kind: &str, id: &str) {
    ui.horizontal(|ui| {
        ui.heading(kind);
        if !id.is_empty() {
            ui.label(RichText::new(id).monospace().color(view.theme.weak_text));
        }
    });
    ui.separator();
}

/// A section's title, with what it means on hover.
fn heading_small(ui: &mut Ui, title: &str, tip: &str) {
    ui.add_space(8.0);
    ui.label(RichText::new(title).strong()).on_hover_text(tip);
}

/// A two-column form of labelled rows.
fn form<R>(ui: &mut Ui, salt: &str, add_contents: impl FnOnce(&mut Ui) -> R) -> R {
    egui::Grid::new(("inspector-form", salt))
        .num_columns(2)
        .spacing([10.0, 6.0])
        .min_col_width(72.0)
        .show(ui, add_contents)
        .inner
}

/// Several items selected: how many of each, and a Delete button.
fn several_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    heading(ui, view, "Selection", "");
    let mut counts = [0usize; 4];
    for item in view.selection.iter() {
        counts[match item {
            ItemId::Room(_) => 0,
            ItemId::Door(_) => 1,
            ItemId::Key(_) => 2,
            ItemId::Lever(_) => 3,
        }] += 1;
    }
    ui.label(RichText::new(format!("{} items selected", view.selection.len())).strong());
    let parts: Vec<String> = counts
        .iter()
        .zip(["room", "door", "key", "lever"])
        .filter(|&(&n, _)| n > 0)
        .map(|(&n, what)| format!("{n} {what}{}", if n == 1 { "" } else { "s" }))
        .collect();
    ui.label(RichText::new(parts.join(" · ")).color(view.theme.weak_text));
    if counts[0] > 0 {
        ui.label(
            RichText::new("Deleting a room takes its doors, keys and levers with it.")
                .color(view.theme.weak_text),
        );
    }
    ui.add_space(6.0);
    if ui
        .button("🗑 Delete selected")
        .on_hover_text("Delete every selected item (one undo step)")
        .clicked()
    {
        let items = view.selection.iter().cloned().collect();
        out.push(Intent::Edit(LevelCommand::Delete(items)));
    }
    bulk::doors_ui(ui, view, out);
}
