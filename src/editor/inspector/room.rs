//! A room's fields: name, position, start/goal, props; and what it holds.

use egui::{DragValue, RichText, Ui};

use super::props::props_ui;
use super::widgets::{emit, info_row, item_link, merge_key, row_label, text_row};
use super::{form, heading};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{ItemId, Room};

/// Draws the form of one room.
pub fn room_ui(ui: &mut Ui, view: &View<'_>, room: &Room, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    let field = format!("room:{}", room.id);
    heading(ui, view, "Room", room.id.as_str());
    form(ui, &field, |ui| {
        info_row(ui, view, "Id", RichText::new(room.id.as_str()).monospace());
        if let Some((name, key)) = text_row(ui, view, "Name", &room.name, &format!("{field}:name"))
        {
            let mut changed = room.clone();
            changed.name = name;
            emit(out, LevelCommand::SetRoom(changed), Some(key));
        }

        position_rows(ui, view, room, &field, out);
        role_row(ui, view, room, out);
        doors_row(ui, view, room, out);

        contents_row(ui, view, "Keys here", out, |out, ui| {
            let mut any = false;
            for key in level
                .keys
                .iter()
                .filter(|k| k.room.as_ref() == Some(&room.id))
            {
                item_link(ui, labels.key(&key.id), ItemId::Key(key.id.clone()), out);
                any = true;
            }
            any
        });
        contents_row(ui, view, "Levers here", out, |out, ui| {
            let mut any = false;
            for lever in level.levers.iter().filter(|l| l.room == room.id) {
                let text = labels.lever(&lever.id);
                item_link(ui, text, ItemId::Lever(lever.id.clone()), out);
                any = true;
            }
            any
        });
    });
    ui.add_space(8.0);
    if let Some((props, key)) = props_ui(ui, view, &room.props, &field) {
        let mut changed = room.clone();
        changed.props = props;
        emit(out, LevelCommand::SetRoom(changed), key);
    }
}

/// The room's position, or a note that it is laid out automatically.
fn position_rows(ui: &mut Ui, view: &View<'_>, room: &Room, field: &str, out: &mut Vec<Intent>) {
    row_label(ui, view, "Position");
    ui.horizontal(|ui| {
        let [x, y] = room.pos.unwrap_or_default();
        for (axis, value) in [("x", x), ("y", y)] {
            // Adding zero turns -0 into 0: "x -0" reads as a mistake.
            let mut v = value + 0.0;
            let response = ui
                .add(DragValue::new(&mut v).speed(1.0).prefix(format!("{axis} ")))
                .accessible_name(format!("Position {axis}"));
            let key = merge_key(ui, &response, &format!("{field}:pos:{axis}"));
            if response.changed() && v != value {
                let pos = if axis == "x" { [v, y] } else { [x, v] };
                let command = LevelCommand::MoveRooms(vec![(room.id.clone(), pos)]);
                emit(out, command, Some(key));
            }
        }
    });
    ui.end_row();
    if room.pos.is_none() {
        row_label(ui, view, "");
        ui.label(RichText::new("laid out automatically until moved").color(view.theme.weak_text));
        ui.end_row();
    }
}

/// Start and goal: shown when the room is one, else a button to make it so.
fn role_row(ui: &mut Ui, view: &View<'_>, room: &Room, out: &mut Vec<Intent>) {
    let level = view.level;
    row_label(ui, view, "Role");
    ui.horizontal(|ui| {
        if level.start == room.id {
            ui.label(RichText::new("Start").strong());
        } else if ui
            .button("Make start")
            .on_hover_text("The player starts here (drawn white)")
            .clicked()
        {
            out.push(Intent::Edit(LevelCommand::SetStart(room.id.clone())));
        }
        if level.goal == room.id {
            ui.label(RichText::new("Goal").strong());
        } else if ui
            .button("Make goal")
            .on_hover_text("The player must get here (drawn black)")
            .clicked()
        {
            out.push(Intent::Edit(LevelCommand::SetGoal(room.id.clone())));
        }
    });
    ui.end_row();
}

/// Links to the room's doors, each with the room on its other side.
fn doors_row(ui: &mut Ui, view: &View<'_>, room: &Room, out: &mut Vec<Intent>) {
    let level = view.level;
    let doors: Vec<_> = level
        .doors
        .iter()
        .filter(|d| d.from == room.id || d.to == room.id)
        .collect();
    row_label(ui, view, "Doors");
    ui.horizontal_wrapped(|ui| {
        if doors.is_empty() {
            ui.label(RichText::new("none").color(view.theme.weak_text));
        }
        for door in doors {
            let other = door.other_side(&room.id).cloned().unwrap_or_default();
            let arrow = match (door.one_way, door.from == room.id) {
                (false, _) => "↔",
                (true, true) => "➡",
                (true, false) => "⬅",
            };
            let text = format!("{} {arrow} {other}", door.id);
            item_link(ui, text, ItemId::Door(door.id.clone()), out);
        }
    });
    ui.end_row();
}

/// A row of links to what a room holds, or "none".
fn contents_row(
    ui: &mut Ui,
    view: &View<'_>,
    label: &str,
    out: &mut Vec<Intent>,
    links: impl FnOnce(&mut Vec<Intent>, &mut Ui) -> bool,
) {
    row_label(ui, view, label);
    ui.horizontal_wrapped(|ui| {
        if !links(out, ui) {
            ui.label(RichText::new("none").color(view.theme.weak_text));
        }
    });
    ui.end_row();
}
