//! A key's fields: name, room, small, colour, props; and what it opens.

use egui::{RichText, Ui};

use super::props::props_ui;
use super::widgets::{
    FIELD_WIDTH, emit, info_row, item_link, key_color, merge_key, room_picker, row_label, text_row,
};
use super::{form, heading};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::theme::Theme;
use crate::editor::view::View;
use crate::model::{ItemId, Key, Rgb};

/// Draws the form of one key.
pub fn key_ui(ui: &mut Ui, view: &View<'_>, key: &Key, out: &mut Vec<Intent>) {
    let level = view.level;
    let field = format!("key:{}", key.id);
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut Key), merge: Option<String>| {
        let mut changed = key.clone();
        change(&mut changed);
        emit(out, LevelCommand::SetKey(changed), merge);
    };
    let opens: Vec<_> = level
        .doors
        .iter()
        .filter(|d| d.locks.contains(&key.id) || d.locks_any.contains(&key.id))
        .collect();
    let required = level.goal_requires.contains(&key.id);

    heading(
        ui,
        view,
        if key.small { "Small key" } else { "Key" },
        key.id.as_str(),
    );
    form(ui, &field, |ui| {
        info_row(ui, view, "Id", RichText::new(key.id.as_str()).monospace());
        if let Some((name, merge)) = text_row(ui, view, "Name", &key.name, &format!("{field}:name"))
        {
            set(out, &|k| k.name.clone_from(&name), Some(merge));
        }
        let named_somewhere = !opens.is_empty() || required;
        place_rows(ui, view, key, &field, out);
        small_and_kind_rows(ui, view, key, &field, named_somewhere, out);

        if !key.small || key.color.is_some() {
            colour_row(ui, view, key, &field, out);
        }

        row_label(ui, view, "Opens");
        ui.horizontal_wrapped(|ui| {
            if let Some(kind) = key.kind_name() {
                let n = level
                    .doors
                    .iter()
                    .filter(|d| d.spends().contains_key(kind))
                    .count();
                let what = if key.is_small() {
                    "any small lock".to_owned()
                } else {
                    format!("doors that spend {kind}")
                };
                ui.label(
                    RichText::new(format!("{what} ({n} door{})", plural(n)))
                        .color(view.theme.weak_text),
                );
            } else if opens.is_empty() {
                ui.label(RichText::new("no door yet").color(view.theme.weak_text));
            }
            for door in &opens {
                item_link(ui, door.id.as_str(), ItemId::Door(door.id.clone()), out);
            }
        });
        ui.end_row();
        if required {
            info_row(ui, view, "Goal", "required to finish");
        }
    });
    ui.add_space(8.0);
    if let Some((props, merge)) = props_ui(ui, view, &key.props, &field) {
        set(out, &|k| k.props.clone_from(&props), merge);
    }
}

/// Where the key lies, or that the player carries it from the start.
fn place_rows(ui: &mut Ui, view: &View<'_>, key: &Key, field: &str, out: &mut Vec<Intent>) {
    row_label(ui, view, "Carried");
    let mut carried = key.room.is_none();
    if ui
        .checkbox(&mut carried, "from the start")
        .on_hover_text(
            "The player holds it from the start (an item from an earlier dungeon, a bought key)",
        )
        .changed()
    {
        let room = (!carried).then(|| view.level.start.clone());
        let mut changed = key.clone();
        changed.room = room;
        emit(out, LevelCommand::SetKey(changed), None);
    }
    ui.end_row();
    if let Some(room) = &key.room {
        let l = row_label(ui, view, "Lies in");
        if let Some(room) = room_picker(ui, view, &format!("{field}:room"), room, &l) {
            let mut changed = key.clone();
            changed.room = Some(room);
            emit(out, LevelCommand::SetKey(changed), None);
        }
        ui.end_row();
    }
}

/// Small key, and the kind of countable item it is.
fn small_and_kind_rows(
    ui: &mut Ui,
    view: &View<'_>,
    key: &Key,
    field: &str,
    named_somewhere: bool,
    out: &mut Vec<Intent>,
) {
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut Key), merge: Option<String>| {
        let mut changed = key.clone();
        change(&mut changed);
        emit(out, LevelCommand::SetKey(changed), merge);
    };
    row_label(ui, view, "Small key");
    let mut small = key.small;
    let response = ui.add_enabled(
        key.small || !named_somewhere,
        egui::Checkbox::new(&mut small, "opens any small lock, once"),
    );
    let response = response.on_disabled_hover_text(
        "A small key cannot be named in a lock or the goal's keys: take it off those first",
    );
    if response.changed() {
        set(out, &|k| k.small = small, None);
    }
    ui.end_row();

    let l = row_label(ui, view, "Kind");
    let mut kind = key.kind.clone().unwrap_or_default();
    let enabled = !key.small && (key.kind.is_some() || !named_somewhere);
    let response = ui
        .add_enabled(
            enabled,
            egui::TextEdit::singleline(&mut kind)
                .id_salt(format!("{field}:kind"))
                .hint_text(if key.small { "small" } else { "none: a named key" })
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(l.id)
        .on_hover_text("A countable item of this kind (bomb, arrow…): any one is as good as another, and doors spend them")
        .on_disabled_hover_text(if key.small {
            "A small key is of kind small"
        } else {
            "A key named in a lock or the goal's keys cannot have a kind: take it off those first"
        });
    ui.end_row();
    let merge = merge_key(ui, &response, &format!("{field}:kind"));
    if response.changed() {
        let kind = kind.trim().to_owned();
        set(
            out,
            &|k| k.kind = (!kind.is_empty()).then(|| kind.clone()),
            Some(merge),
        );
    }
}

/// The key's colour: a picker, and a reset to the palette's colour.
fn colour_row(ui: &mut Ui, view: &View<'_>, key: &Key, field: &str, out: &mut Vec<Intent>) {
    let l = row_label(ui, view, "Colour");
    ui.horizontal(|ui| {
        let shown = key
            .color
            .map_or_else(|| key_color(view, &key.id), Theme::key);
        let mut rgb = [shown.r(), shown.g(), shown.b()];
        let response = ui
            .color_edit_button_srgb(&mut rgb)
            .labelled_by(l.id)
            .on_hover_text("The colour the key and its locks share");
        let merge = merge_key(ui, &response, &format!("{field}:color"));
        if response.changed() && rgb != [shown.r(), shown.g(), shown.b()] {
            let mut changed = key.clone();
            changed.color = Some(Rgb(rgb));
            emit(out, LevelCommand::SetKey(changed), Some(merge));
        }
        match key.color {
            Some(c) => {
                ui.label(RichText::new(c.to_string()).monospace());
                if ui
                    .small_button("Use palette")
                    .on_hover_text("Forget this colour: the editor assigns one from its palette")
                    .clicked()
                {
                    let mut changed = key.clone();
                    changed.color = None;
                    emit(out, LevelCommand::SetKey(changed), None);
                }
            }
            None => {
                ui.label(RichText::new("from the palette").color(view.theme.weak_text));
            }
        }
    });
    ui.end_row();
}

/// "s" unless there is exactly one.
pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
