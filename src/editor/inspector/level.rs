//! The level's own fields, shown when nothing is selected: name,
//! description, lever cost, start, goal, the keys the goal requires, props.

use egui::{Checkbox, RichText, TextEdit, Ui};

use super::key::plural;
use super::props::props_ui;
use super::widgets::{
    FIELD_WIDTH, emit, key_color, key_swatch, merge_key, number_row, room_picker, row_label,
    text_row,
};
use super::{form, heading};
use crate::document::{LevelCommand, LevelMeta};
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{ItemId, KeyId};

/// Draws the level's form.
pub fn level_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let level = view.level;
    heading(ui, view, "Level", "");
    let counts = [
        (level.rooms.len(), "room"),
        (level.doors.len(), "door"),
        (level.keys.len(), "key"),
        (level.levers.len(), "lever"),
    ]
    .map(|(n, what)| format!("{n} {what}{}", plural(n)))
    .join(" · ");
    ui.label(RichText::new(counts).color(view.theme.weak_text));
    ui.label(RichText::new("Select an item to edit it.").color(view.theme.weak_text));
    ui.add_space(4.0);
    fields_ui(ui, view, out);
    starts_with_ui(ui, view, out);
    goal_requires_ui(ui, view, out);
    ui.add_space(8.0);
    if let Some((props, merge)) = props_ui(ui, view, &level.props, "level") {
        set_meta(out, level, &|m| m.props.clone_from(&props), merge);
    }
    super::background::background_ui(ui, view, out);
    if let Some(generator) = &level.generator {
        generator_ui(ui, view, generator);
    }
}

/// Emits the level's settings with `change` made to them.
fn set_meta(
    out: &mut Vec<Intent>,
    level: &crate::model::Level,
    change: &dyn Fn(&mut LevelMeta),
    merge: Option<String>,
) {
    let mut changed = LevelMeta::of(level);
    change(&mut changed);
    emit(out, LevelCommand::SetMeta(changed), merge);
}

/// Name, description, lever cost, start and goal.
fn fields_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let level = view.level;
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut LevelMeta), merge: Option<String>| {
        set_meta(out, level, change, merge);
    };
    form(ui, "level", |ui| {
        if let Some((name, merge)) = text_row(ui, view, "Name", &level.name, "level:name") {
            set(out, &|m| m.name.clone_from(&name), Some(merge));
        }
        let l = row_label(ui, view, "Description");
        let mut description = level.description.clone();
        let response = ui
            .add(
                TextEdit::multiline(&mut description)
                    .id_salt("level:description")
                    .desired_width(FIELD_WIDTH)
                    .desired_rows(3),
            )
            .labelled_by(l.id);
        ui.end_row();
        let merge = merge_key(ui, &response, "level:description");
        if response.changed() {
            set(
                out,
                &|m| m.description.clone_from(&description),
                Some(merge),
            );
        }
        let lever_cost = number_row(
            ui,
            view,
            "Lever cost",
            level.lever_cost,
            0.0..=1e9,
            0.1,
            "level:lever_cost",
        );
        if let Some((cost, merge)) = lever_cost {
            set(out, &|m| m.lever_cost = cost, Some(merge));
        }
        let l = row_label(ui, view, "Start");
        if let Some(room) = room_picker(ui, view, "level:start", &level.start, &l) {
            out.push(Intent::Edit(LevelCommand::SetStart(room)));
        }
        ui.end_row();
        let l = row_label(ui, view, "Goal");
        if let Some(room) = room_picker(ui, view, "level:goal", &level.goal, &l) {
            out.push(Intent::Edit(LevelCommand::SetGoal(room)));
        }
        ui.end_row();
    });
}

/// What the player carries from the start: the keys with no room, named
/// ones as links and countable ones as a count per kind.
fn starts_with_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    ui.add_space(8.0);
    let carried: Vec<_> = level.keys.iter().filter(|k| k.room.is_none()).collect();
    let mut kinds: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for key in &carried {
        if let Some(kind) = key.kind_name() {
            *kinds.entry(kind).or_default() += 1;
        }
    }
    let l = ui
        .label(RichText::new("Starts with").strong())
        .on_hover_text("Keys and items the player carries from the start (keys with no room)");
    ui.horizontal_wrapped(|ui| {
        if carried.is_empty() {
            ui.label(RichText::new("nothing").color(view.theme.weak_text))
                .labelled_by(l.id);
        }
        for key in carried.iter().filter(|k| k.kind_name().is_none()) {
            let swatch = key_swatch(key_color(view, &key.id), false, view.theme.room_stroke);
            let button = egui::Button::new((swatch, labels.key(&key.id))).frame(false);
            if ui
                .add(button)
                .accessible_name(format!("Starts with {}", labels.key(&key.id)))
                .on_hover_text(format!("Select {} and show it", key.id))
                .clicked()
            {
                out.push(Intent::Frame(ItemId::Key(key.id.clone())));
            }
        }
        for (kind, n) in &kinds {
            ui.label(format!("{kind} ×{n}"))
                .on_hover_text(format!("{n} {kind} item(s) in hand at the start"));
        }
    });
}

/// Named keys the goal's ticks list before the rest are only counted.
const MAX_TICKS: usize = 100;

/// The named keys that get a tick: the first [`MAX_TICKS`], and up to as
/// many again of those required past them (a tick per key of 100,000 was a
/// frame of tens of seconds). Also returns how many named keys are left
/// out.
fn ticked_keys<'l>(
    level: &'l crate::model::Level,
    required: &rustc_hash::FxHashSet<&KeyId>,
) -> (Vec<&'l crate::model::Key>, usize) {
    let (mut shown, mut hidden, mut extra) = (Vec::new(), 0, 0);
    for (i, key) in level.keys.iter().filter(|k| !k.small).enumerate() {
        if i < MAX_TICKS {
            shown.push(key);
        } else if extra < MAX_TICKS && required.contains(&key.id) {
            shown.push(key);
            extra += 1;
        } else {
            hidden += 1;
        }
    }
    (shown, hidden)
}

/// The keys the goal requires, as ticks beside every named key.
fn goal_requires_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    let set = |out: &mut Vec<Intent>, change: &dyn Fn(&mut LevelMeta), merge: Option<String>| {
        set_meta(out, level, change, merge);
    };
    ui.add_space(8.0);
    ui.label(RichText::new("Goal requires").strong())
        .on_hover_text("The goal counts only while the player holds every ticked key");
    let required: rustc_hash::FxHashSet<&KeyId> = level.goal_requires.iter().collect();
    let (shown, hidden) = ticked_keys(level, &required);
    if shown.is_empty() {
        ui.label(RichText::new("No keys yet").color(view.theme.weak_text));
    }
    for key in shown {
        let mut on = required.contains(&key.id);
        let swatch = key_swatch(key_color(view, &key.id), false, view.theme.room_stroke);
        if ui
            .add(Checkbox::new(&mut on, (swatch, labels.key(&key.id))))
            .changed()
        {
            set(
                out,
                &|m| {
                    if on {
                        m.goal_requires.push(key.id.clone());
                    } else {
                        m.goal_requires.retain(|k| k != &key.id);
                    }
                },
                None,
            );
        }
    }
    if hidden > 0 {
        let text = format!(
            "… and {hidden} more keys: a key's own inspector sets whether the goal requires it"
        );
        ui.label(RichText::new(text).color(view.theme.weak_text));
    }
    // Keys the goal names that are gone or small: shown so they can be removed.
    for id in &level.goal_requires {
        let key = view.index.key(id).and_then(|k| level.keys.get(k));
        if key.is_some_and(|k| !k.small) {
            continue;
        }
        let mut on = true;
        let text = RichText::new(format!("{id} (not a named key)")).color(view.theme.bad);
        if ui.checkbox(&mut on, text).changed() {
            set(out, &|m| m.goal_requires.retain(|k| k != id), None);
        }
    }
}

/// The level's generator record as labelled fields in a designer's words.
fn generator_ui(ui: &mut Ui, view: &View<'_>, generator: &serde_json::Value) {
    let record = crate::editor::generate::record::record(generator);
    ui.add_space(8.0);
    ui.label(RichText::new("How it was generated").strong())
        .on_hover_text("The level's generator record, kept as read");
    crate::editor::generate::fields_ui(ui, "inspector-generator-made", &record.made, view.theme);
    if !record.achieved.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new("What it achieved").strong());
        crate::editor::generate::fields_ui(
            ui,
            "inspector-generator-result",
            &record.achieved,
            view.theme,
        );
    }
}
