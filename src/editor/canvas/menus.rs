//! Right-click menus on canvas items: the common actions where the pointer is.

use egui::Ui;

use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Door, ItemId, Key, Level, Lever, LeverId, Room, RoomId};

/// Menu of a room.
pub fn room_menu(
    ui: &mut Ui,
    view: &View<'_>,
    room: &Room,
    renaming: &mut Option<(RoomId, String)>,
    out: &mut Vec<Intent>,
) {
    let id = &room.id;
    let level = view.level;
    if ui
        .add_enabled(&level.start != id, egui::Button::new("Set as start"))
        .clicked()
    {
        out.push(Intent::Edit(LevelCommand::SetStart(id.clone())));
    }
    if ui
        .add_enabled(&level.goal != id, egui::Button::new("Set as goal"))
        .clicked()
    {
        out.push(Intent::Edit(LevelCommand::SetGoal(id.clone())));
    }
    ui.separator();
    if ui.button("Add key here").clicked() {
        out.push(Intent::Edit(LevelCommand::AddKey {
            room: id.clone(),
            small: false,
        }));
    }
    if ui.button("Add small key here").clicked() {
        out.push(Intent::Edit(LevelCommand::AddKey {
            room: id.clone(),
            small: true,
        }));
    }
    if ui.button("Add lever here").clicked() {
        out.push(Intent::Edit(LevelCommand::AddLever { room: id.clone() }));
    }
    ui.separator();
    if ui.button("Rename").clicked() {
        *renaming = Some((id.clone(), room.name.clone()));
    }
    if ui.button("Delete room").clicked() {
        out.push(Intent::Edit(LevelCommand::Delete(vec![ItemId::Room(
            id.clone(),
        )])));
    }
}

/// Menu of a door: lock it with a key, flip its flags, delete it.
pub fn door_menu(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let level = view.level;
    ui.menu_button("Lock with", |ui| {
        let named: Vec<&Key> = level.keys.iter().filter(|k| !k.small).collect();
        if named.is_empty() {
            ui.label("No keys yet: add one to a room first");
        }
        for key in named {
            let mut locked = door.locks.contains(&key.id);
            if ui.checkbox(&mut locked, level.key_label(&key.id)).changed() {
                out.push(Intent::Edit(LevelCommand::ToggleLock {
                    door: door.id.clone(),
                    key: key.id.clone(),
                }));
            }
        }
    });
    let mut changed = door.clone();
    // Both are always drawn: a short-circuit `||` would skip the second for a frame.
    let one_way = ui.checkbox(&mut changed.one_way, "One-way").changed();
    let open = ui.checkbox(&mut changed.open, "Open at start").changed();
    if one_way || open {
        out.push(Intent::Edit(LevelCommand::SetDoor(changed)));
    }
    ui.separator();
    if ui.button("Delete door").clicked() {
        out.push(Intent::Edit(LevelCommand::Delete(vec![ItemId::Door(
            door.id.clone(),
        )])));
    }
}

/// Menu of a key.
pub fn key_menu(ui: &mut Ui, key: &Key, out: &mut Vec<Intent>) {
    if ui.button("Delete key").clicked() {
        out.push(Intent::Edit(LevelCommand::Delete(vec![ItemId::Key(
            key.id.clone(),
        )])));
    }
}

/// Menu of a lever: wire it to doors (link mode), delete it.
pub fn lever_menu(ui: &mut Ui, lever: &Lever, link: &mut Option<LeverId>, out: &mut Vec<Intent>) {
    if ui
        .button("Wire doors… (click doors, Esc to finish)")
        .clicked()
    {
        *link = Some(lever.id.clone());
        out.push(Intent::Select(
            vec![ItemId::Lever(lever.id.clone())],
            crate::editor::intent::SelectMode::Replace,
        ));
    }
    if ui.button("Delete lever").clicked() {
        out.push(Intent::Edit(LevelCommand::Delete(vec![ItemId::Lever(
            lever.id.clone(),
        )])));
    }
}

/// A key or lever dropped on a room moves there.
pub fn carry(level: &Level, item: ItemId, to: RoomId, out: &mut Vec<Intent>) {
    match item {
        ItemId::Key(id) => {
            if let Some(key) = level.key(&id).filter(|k| k.room.as_ref() != Some(&to)) {
                let mut moved = key.clone();
                moved.room = Some(to);
                out.push(Intent::Edit(LevelCommand::SetKey(moved)));
            }
        }
        ItemId::Lever(id) => {
            if let Some(lever) = level.lever(&id).filter(|l| l.room != to) {
                let mut moved = lever.clone();
                moved.room = to;
                out.push(Intent::Edit(LevelCommand::SetLever(moved)));
            }
        }
        _ => {}
    }
}
