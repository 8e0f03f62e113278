//! A lever's fields: name, room, the doors it toggles, props.

use egui::{ComboBox, RichText, Ui};

use super::key::plural;
use super::props::props_ui;
use super::widgets::{
    FIELD_WIDTH, check_row, emit, info_row, item_link, room_picker, row_label, text_row,
};
use super::{form, heading};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Door, DoorId, ItemId, Labels, Lever};

/// Draws the form of one lever.
pub fn lever_ui(ui: &mut Ui, view: &View<'_>, lever: &Lever, out: &mut Vec<Intent>) {
    let field = format!("lever:{}", lever.id);
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut Lever), merge: Option<String>| {
        let mut changed = lever.clone();
        change(&mut changed);
        emit(out, LevelCommand::SetLever(changed), merge);
    };
    heading(ui, view, "Lever", lever.id.as_str());
    form(ui, &field, |ui| {
        info_row(ui, view, "Id", RichText::new(lever.id.as_str()).monospace());
        let name_field = format!("{field}:name");
        if let Some((name, merge)) = text_row(ui, view, "Name", &lever.name, &name_field) {
            set(out, &|l| l.name.clone_from(&name), Some(merge));
        }
        let l = row_label(ui, view, "Stands in");
        if let Some(room) = room_picker(ui, view, &format!("{field}:room"), &lever.room, &l) {
            set(out, &|l| l.room = room.clone(), None);
        }
        ui.end_row();
        let once = check_row(ui, view, "Once", "can be pulled only once", lever.once);
        if let Some(once) = once {
            set(out, &|l| l.once = once, None);
        }
    });

    toggles_ui(ui, view, lever, out);
    add_door_row(ui, view, lever, &field, out);

    ui.add_space(8.0);
    if let Some((props, merge)) = props_ui(ui, view, &lever.props, &field) {
        set(out, &|l| l.props.clone_from(&props), merge);
    }
}

/// The doors the lever toggles, each with a button to stop toggling it.
fn toggles_ui(ui: &mut Ui, view: &View<'_>, lever: &Lever, out: &mut Vec<Intent>) {
    let level = view.level;
    ui.add_space(8.0);
    let n = lever.toggles.len();
    ui.label(RichText::new(format!("Toggles {n} door{}", plural(n))).strong())
        .on_hover_text("Pulling the lever flips each of these doors between open and closed");
    if lever.toggles.is_empty() {
        ui.label(RichText::new("No door yet").color(view.theme.weak_text));
    }
    for door in &lever.toggles {
        ui.horizontal(|ui| {
            if ui
                .small_button("🗙")
                .accessible_name(format!("Stop toggling {door}"))
                .on_hover_text(format!("Stop toggling {door}"))
                .clicked()
            {
                let command = LevelCommand::ToggleLeverDoor {
                    lever: lever.id.clone(),
                    door: door.clone(),
                };
                out.push(Intent::Edit(command));
            }
            match view.index.door(door).map(|d| &level.doors[d]) {
                Some(d) => item_link(
                    ui,
                    door_text(view.labels(), d),
                    ItemId::Door(door.clone()),
                    out,
                ),
                None => {
                    let text =
                        RichText::new(format!("{door} (no such door)")).color(view.theme.bad);
                    ui.label(text);
                }
            }
        });
    }
}

/// A menu of the doors the lever does not toggle yet, and the button that
/// wires doors on the canvas.
fn add_door_row(ui: &mut Ui, view: &View<'_>, lever: &Lever, field: &str, out: &mut Vec<Intent>) {
    let level = view.level;
    ui.horizontal(|ui| {
        let toggled: rustc_hash::FxHashSet<&DoorId> = lever.toggles.iter().collect();
        let free: Vec<&Door> = level
            .doors
            .iter()
            .filter(|d| !toggled.contains(&d.id))
            .collect();
        if !free.is_empty() {
            let shown = ComboBox::from_id_salt((field, "add-door"))
                .selected_text("Add a door…")
                .width(FIELD_WIDTH * 0.7)
                .show_ui(ui, |ui| {
                    for door in free {
                        if ui
                            .selectable_label(false, door_text(view.labels(), door))
                            .clicked()
                        {
                            let command = LevelCommand::ToggleLeverDoor {
                                lever: lever.id.clone(),
                                door: door.id.clone(),
                            };
                            out.push(Intent::Edit(command));
                        }
                    }
                });
            let _ = shown
                .response
                .accessible_name("Add a door")
                .on_hover_text("Make the lever toggle one more door");
        }
        if ui
            .button("🔗 Wire doors on canvas")
            .on_hover_text("Click doors on the canvas to add or remove them; Esc or Done to finish")
            .clicked()
        {
            out.push(Intent::LinkLever(Some(lever.id.clone())));
        }
    });
}

/// A door as a lever lists it: its name or id, and the rooms it joins.
fn door_text(labels: &Labels<'_>, door: &Door) -> String {
    let arrow = if door.one_way { "➡" } else { "↔" };
    format!(
        "{}: {} {arrow} {}",
        labels.door(&door.id),
        door.from,
        door.to
    )
}
