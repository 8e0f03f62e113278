//! Edits of every selected door at once: cost, one-way, a lock with a key,
//! unlocking. Each is one undoable command (a batch of door edits).

use egui::{ComboBox, DragValue, RichText, Ui};

use super::heading_small;
use super::widgets::{FIELD_WIDTH, emit, merge_key};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Door, ItemId, KeyId};

/// The selected doors' shared edits.
pub fn doors_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let doors: Vec<&Door> = (view.selection.iter())
        .filter_map(|item| match item {
            ItemId::Door(id) => view.index.door(id).map(|d| &view.level.doors[d]),
            _ => None,
        })
        .collect();
    if doors.is_empty() {
        return;
    }
    heading_small(
        ui,
        &format!("All {} selected doors", doors.len()),
        "Each change applies to every selected door, as one undo step",
    );
    cost_ui(ui, view, &doors, out);
    one_way_ui(ui, &doors, out);
    lock_ui(ui, view, &doors, out);
}

/// Every door of `doors` changed by `change`, as one command.
fn each(doors: &[&Door], change: impl Fn(&mut Door)) -> LevelCommand {
    let commands = (doors.iter())
        .map(|door| {
            let mut changed = (*door).clone();
            change(&mut changed);
            LevelCommand::SetDoor(changed)
        })
        .collect();
    LevelCommand::Batch {
        label: "edit doors",
        commands,
    }
}

fn cost_ui(ui: &mut Ui, view: &View<'_>, doors: &[&Door], out: &mut Vec<Intent>) {
    let first = doors[0].cost;
    let same = doors.iter().all(|d| d.cost == first);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Cost").color(view.theme.weak_text));
        let mut cost = first;
        let response = ui.add(
            DragValue::new(&mut cost)
                .range(0.0..=1.0e6)
                .speed(0.1)
                .clamp_existing_to_range(false),
        );
        let key = merge_key(ui, &response, "bulk:cost");
        if !same {
            ui.label(RichText::new("(mixed)").color(view.theme.weak_text));
        }
        if response.changed() && (cost != first || !same) {
            emit(out, each(doors, |d| d.cost = cost), Some(key));
        }
    });
}

fn one_way_ui(ui: &mut Ui, doors: &[&Door], out: &mut Vec<Intent>) {
    ui.horizontal(|ui| {
        let all = doors.iter().all(|d| d.one_way);
        let none = !doors.iter().any(|d| d.one_way);
        if ui
            .add_enabled(!all, egui::Button::new("One-way"))
            .on_hover_text("Passable only from each door's first room to its second")
            .clicked()
        {
            emit(out, each(doors, |d| d.one_way = true), None);
        }
        if ui
            .add_enabled(!none, egui::Button::new("Two-way"))
            .on_hover_text("Passable both ways")
            .clicked()
        {
            emit(out, each(doors, |d| d.one_way = false), None);
        }
    });
}

fn lock_ui(ui: &mut Ui, view: &View<'_>, doors: &[&Door], out: &mut Vec<Intent>) {
    let labels = view.labels();
    ui.horizontal(|ui| {
        let mut chosen: Option<KeyId> = None;
        let l = ui.label(RichText::new("Lock with").color(view.theme.weak_text));
        ComboBox::from_id_salt("bulk:lock")
            .selected_text("a key…")
            .width(FIELD_WIDTH * 0.6)
            .show_ui(ui, |ui| {
                for key in view.level.keys.iter().filter(|k| !k.small) {
                    if ui.selectable_label(false, labels.key(&key.id)).clicked() {
                        chosen = Some(key.id.clone());
                    }
                }
            })
            .response
            .labelled_by(l.id)
            .on_hover_text("Lock every selected door with this key (kept where it already is)");
        if let Some(key) = chosen {
            let lock = |d: &mut Door| {
                if !d.locks.contains(&key) {
                    d.locks.push(key.clone());
                }
            };
            emit(out, each(doors, lock), None);
        }
        let locked = doors.iter().any(|d| d.is_locked());
        if ui
            .add_enabled(locked, egui::Button::new("Unlock"))
            .on_hover_text("Take every lock, small lock and item cost off the selected doors")
            .clicked()
        {
            emit(out, each(doors, Door::unlock), None);
        }
    });
}
