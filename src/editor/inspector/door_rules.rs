//! A door's rules of the version-1 extensions: the side its locks apply
//! to, the keys of which any one opens it, and the items its first passage
//! spends. Each change is one `SetDoor` command.

use egui::{ComboBox, DragValue, RichText, Ui};

use super::heading_small;
use super::widgets::{FIELD_WIDTH, emit, key_picker, merge_key, row_label, ticked_keys};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Door, KeyId, Side};

/// Most items of one kind a door may spend in the inspector.
const MAX_SPEND: u32 = 99;

/// Emits the door with `change` made to it.
fn set(out: &mut Vec<Intent>, door: &Door, change: impl FnOnce(&mut Door), merge: Option<String>) {
    let mut changed = door.clone();
    change(&mut changed);
    emit(out, LevelCommand::SetDoor(changed), merge);
}

/// The side the locks apply to: both, or the From or To room's side only.
pub fn lock_side_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let labels = view.labels();
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        row_label(ui, view, "Locked from")
            .on_hover_text("The side from which the locks, any-of keys and spent items apply");
        {
            let choices = [
                (None, "both sides".to_owned()),
                (Some(Side::From), format!("From side ({})", door.from)),
                (Some(Side::To), format!("To side ({})", door.to)),
            ];
            for (side, text) in choices {
                let room = match side {
                    Some(Side::From) => Some(&door.from),
                    Some(Side::To) => Some(&door.to),
                    None => None,
                };
                let tip = room.map_or_else(
                    || "The locks apply whichever way the player passes".to_owned(),
                    |r| {
                        format!(
                            "The locks apply only when passing from {}; the other way is free",
                            labels.room(r)
                        )
                    },
                );
                if ui
                    .radio(door.locked_from == side, text)
                    .on_hover_text(tip)
                    .clicked()
                    && door.locked_from != side
                {
                    set(out, door, |d| d.locked_from = side, None);
                }
            }
        }
    });
}

/// The keys of which any one opens the door, each a checkbox in its colour,
/// and a picker to add one.
pub fn any_locks_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let (level, theme) = (view.level, view.theme);
    heading_small(
        ui,
        "Any one of",
        "Passable only while the player holds at least one of these keys",
    );
    if door.locks_any.is_empty() {
        ui.label(RichText::new("No any-of lock").color(theme.weak_text));
    }
    let hover = "Untick to take this key off the any-of lock";
    if let Some(key) = ticked_keys(ui, view, &door.locks_any, hover) {
        set(out, door, |d| d.locks_any.retain(|k| k != key), None);
    }
    let free: Vec<&KeyId> = (level.keys.iter())
        .filter(|k| k.kind_name().is_none() && !door.locks_any.contains(&k.id))
        .map(|k| &k.id)
        .collect();
    if free.is_empty() {
        return;
    }
    let salt = ("add-any-lock", door.id.as_str());
    let words = (
        "Add an any-of key",
        "One more key that opens the door on its own",
    );
    if let Some(key) = key_picker(ui, view, salt, words, &free) {
        set(out, door, |d| d.locks_any.push(key.clone()), None);
    }
}

/// The items the first passage spends: a count per kind, a button to stop
/// spending a kind, and a picker of the level's kinds to add one.
pub fn spend_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let theme = view.theme;
    heading_small(
        ui,
        "Spends",
        "The first passage from a locked side uses up this many items of each kind; \
         then the door stays unlocked both ways",
    );
    if door.spend.is_empty() {
        ui.label(RichText::new("Spends nothing").color(theme.weak_text));
    }
    for (kind, &count) in &door.spend {
        ui.horizontal(|ui| {
            if ui
                .small_button("🗙")
                .accessible_name(format!("Stop spending {kind}"))
                .on_hover_text(format!("Stop spending {kind}"))
                .clicked()
            {
                set(
                    out,
                    door,
                    |d| {
                        d.spend.remove(kind);
                    },
                    None,
                );
            }
            let l = ui.label(RichText::new(kind).monospace());
            let mut n = count;
            let response = ui
                .add(
                    DragValue::new(&mut n)
                        .range(1..=MAX_SPEND)
                        .clamp_existing_to_range(false)
                        .speed(0.05),
                )
                .labelled_by(l.id);
            let merge = merge_key(ui, &response, &format!("door:{}:spend:{kind}", door.id));
            if response.changed() && n != count {
                set(
                    out,
                    door,
                    |d| {
                        d.spend.insert(kind.clone(), n);
                    },
                    Some(merge),
                );
            }
        });
    }
    let mut kinds: Vec<&str> = view
        .level
        .keys
        .iter()
        .filter_map(|k| k.kind_name())
        .filter(|k| !door.spend.contains_key(*k))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    if kinds.is_empty() {
        if door.spend.is_empty() {
            let why = "No item kinds yet: give a key a kind (bomb, arrow…) first";
            ui.label(RichText::new(why).color(theme.weak_text));
        }
        return;
    }
    let shown = ComboBox::from_id_salt(("add-spend", door.id.as_str()))
        .selected_text("Add an item kind…")
        .width(FIELD_WIDTH)
        .show_ui(ui, |ui| {
            for kind in kinds {
                if ui.selectable_label(false, kind).clicked() {
                    set(
                        out,
                        door,
                        |d| {
                            d.spend.insert(kind.to_owned(), 1);
                        },
                        None,
                    );
                }
            }
        });
    let _ = shown
        .response
        .accessible_name("Add an item kind")
        .on_hover_text("Make the first passage spend items of one more kind");
}
