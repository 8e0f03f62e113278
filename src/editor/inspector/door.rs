//! A door's fields: name, sides, one-way, cost, open at start, locks, small
//! locks, props; and the levers that flip it. The rules of the version-1
//! extensions (lock side, any-of keys, spent items, condition) are drawn by
//! [`super::door_rules`] and [`super::condition`].

use egui::{RichText, Ui};

use super::props::props_ui;
use super::widgets::{
    check_row, emit, info_row, item_link, key_picker, number_row, row_label, text_row, ticked_keys,
};
use super::{condition, door_rules};
use super::{form, heading};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Door, ItemId, KeyId};

/// Most small keys a door's small lock may ask for in the inspector.
const MAX_SMALL_LOCKS: u32 = 99;

/// Draws the form of one door.
pub fn door_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    let field = format!("door:{}", door.id);
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut Door), merge: Option<String>| {
        let mut changed = door.clone();
        change(&mut changed);
        emit(out, LevelCommand::SetDoor(changed), merge);
    };
    heading(ui, view, "Door", door.id.as_str());
    form(ui, &field, |ui| {
        info_row(ui, view, "Id", RichText::new(door.id.as_str()).monospace());
        if let Some((name, key)) = text_row(ui, view, "Name", &door.name, &format!("{field}:name"))
        {
            set(out, &|d| d.name.clone_from(&name), Some(key));
        }
        for (label, room) in [("From", &door.from), ("To", &door.to)] {
            row_label(ui, view, label);
            item_link(ui, labels.room(room), ItemId::Room(room.clone()), out);
            ui.end_row();
        }
        row_label(ui, view, "One-way");
        ui.horizontal(|ui| {
            let mut one_way = door.one_way;
            if ui
                .checkbox(&mut one_way, "only From ➡ To")
                .on_hover_text("Passable only from its From room to its To room")
                .changed()
            {
                set(out, &|d| d.one_way = one_way, None);
            }
            if door.one_way
                && ui
                    .small_button("🔄 Reverse")
                    .on_hover_text("Swap From and To")
                    .clicked()
            {
                set(out, &|d| std::mem::swap(&mut d.from, &mut d.to), None);
            }
        });
        ui.end_row();
        let cost_field = format!("{field}:cost");
        if let Some((cost, key)) =
            number_row(ui, view, "Cost", door.cost, 0.0..=1e9, 0.1, &cost_field)
        {
            set(out, &|d| d.cost = cost, Some(key));
        }
        if door.open_when.is_some() {
            info_row(ui, view, "At start", "as its condition says");
        } else if let Some(open) = check_row(ui, view, "At start", "open", door.open) {
            set(out, &|d| d.open = open, None);
        }
        let small_field = format!("{field}:small_locks");
        let small = number_row(
            ui,
            view,
            "Small locks",
            door.small_locks,
            0..=MAX_SMALL_LOCKS,
            0.05,
            &small_field,
        );
        if let Some((n, key)) = small {
            set(out, &|d| d.small_locks = n, Some(key));
        }
        row_label(ui, view, "Toggled by");
        ui.horizontal_wrapped(|ui| {
            let mut any = false;
            for lever in level.levers.iter().filter(|l| l.toggles.contains(&door.id)) {
                let text = labels.lever(&lever.id);
                item_link(ui, text, ItemId::Lever(lever.id.clone()), out);
                any = true;
            }
            if !any {
                ui.label(RichText::new("no lever").color(view.theme.weak_text));
            }
        });
        ui.end_row();
    });
    ui.add_space(8.0);
    locks_ui(ui, view, door, out);
    door_rules::any_locks_ui(ui, view, door, out);
    door_rules::spend_ui(ui, view, door, out);
    door_rules::lock_side_ui(ui, view, door, out);
    condition::condition_ui(ui, view, door, out);
    ui.add_space(8.0);
    if let Some((props, key)) = props_ui(ui, view, &door.props, &field) {
        set(out, &|d| d.props.clone_from(&props), key);
    }
}

/// The keys the door needs, each a checkbox in its colour, and a picker to add one.
fn locks_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let (level, theme) = (view.level, view.theme);
    ui.label(RichText::new("Locks").strong())
        .on_hover_text("Passable only while the player holds every one of these keys");
    if door.locks.is_empty() {
        ui.label(RichText::new("No lock").color(theme.weak_text));
    }
    let toggle = |key: &KeyId| {
        Intent::Edit(LevelCommand::ToggleLock {
            door: door.id.clone(),
            key: key.clone(),
        })
    };
    if let Some(key) = ticked_keys(
        ui,
        view,
        &door.locks,
        "Untick to take this key off the lock",
    ) {
        out.push(toggle(key));
    }
    let free: Vec<&KeyId> = (level.keys.iter())
        .filter(|k| !k.small && !door.locks.contains(&k.id))
        .map(|k| &k.id)
        .collect();
    if free.is_empty() {
        let why = if level.keys.iter().any(|k| !k.small) {
            "Every key is on this lock"
        } else {
            "No keys yet: add a key to a room first (small keys open small locks)"
        };
        ui.label(RichText::new(why).color(theme.weak_text));
        return;
    }
    let salt = ("add-lock", door.id.as_str());
    let words = ("Add a lock", "Lock the door with one more key");
    if let Some(key) = key_picker(ui, view, salt, words, &free) {
        out.push(toggle(key));
    }
}
