//! The keys and the levers, each a table sortable by id and by room (keys
//! by kind too); a click on a row selects the item and shows it.

use std::collections::HashMap;

use egui::{Id, RichText, Ui};

use super::table::{self, Sort, natural};
use super::{item_row, name_cell, text_cell};
use crate::editor::inspector::widgets::{dot, key_color, key_swatch};
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{DoorId, ItemId, Key, Level, LeverId};

/// Doors a lever's row names before it counts the rest.
const MAX_TOGGLES_NAMED: usize = 8;

/// Sortable columns of the keys table.
const KEY_ID: usize = 0;
const KEY_ROOM: usize = 1;
const KEY_KIND: usize = 2;

/// What a key is: a named key, a small key or an item of a kind.
fn kind_text(key: &Key) -> &str {
    match key.kind.as_deref() {
        _ if key.small => "small key",
        Some(crate::model::SMALL) => "small key",
        Some(kind) => kind,
        None => "key",
    }
}

/// Where a key lies, in words.
fn key_place(view: &View<'_>, key: &Key) -> String {
    key.room.as_ref().map_or_else(
        || "carried from the start".to_owned(),
        |r| view.labels().room(r),
    )
}

/// The keys in the order `sort` asks for (indices into the level's keys).
fn key_order(view: &View<'_>, sort: Sort) -> Vec<u32> {
    let keys = &view.level.keys;
    let mut rows: Vec<u32> = (0..keys.len() as u32).collect();
    let by: Option<Vec<String>> = match sort.column {
        Some(KEY_ID) => Some(keys.iter().map(|k| k.id.to_string()).collect()),
        Some(KEY_ROOM) => Some(keys.iter().map(|k| key_place(view, k)).collect()),
        Some(KEY_KIND) => Some(keys.iter().map(|k| kind_text(k).to_owned()).collect()),
        _ => None,
    };
    if let Some(by) = by {
        rows.sort_by(|&a, &b| sort.apply(natural(&by[a as usize], &by[b as usize])));
    }
    rows
}

/// The keys table.
pub(super) fn keys_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let keys = &view.level.keys;
    let small = keys.iter().filter(|k| k.small).count();
    let title = match small {
        0 => format!("Keys ({})", keys.len()),
        n => format!("Keys ({}: {n} small)", keys.len()),
    };
    super::section(ui, "keys", title, |ui| {
        if keys.is_empty() {
            ui.label(
                RichText::new("No keys. Select a room and press K.").color(view.theme.weak_text),
            );
            return;
        }
        let id = Id::unique(("lists table", "keys"));
        let sort = table::sort_of(ui, id);
        let order = table::cached(ui, id, view.revision, sort, || key_order(view, sort));
        let headings = [("Key", true), ("Room", true), ("Kind", true)];
        let height = table::row_height(ui);
        let outline = view.theme.room_stroke;
        table::table(ui, id, &headings, &[0.46, 0.3], table::LIST_HEIGHT, None).body(|body| {
            body.rows(height, order.len(), |mut row| {
                let Some(key) = (order.get(row.index())).and_then(|&k| keys.get(k as usize)) else {
                    return;
                };
                let item = ItemId::Key(key.id.clone());
                row.set_selected(view.selection.contains(&item));
                let swatch = key_swatch(key_color(view, &key.id), key.small, outline);
                let name = view.labels().key(&key.id);
                let place = key_place(view, key);
                let whole = format!("{name} {place}");
                let mut clicked = false;
                row.col(|ui| clicked = name_cell(ui, swatch, RichText::new(&name), Some(&whole)));
                row.col(|ui| text_cell(ui, RichText::new(&place).color(view.theme.weak_text)));
                row.col(|ui| text_cell(ui, RichText::new(kind_text(key))));
                let hover = || format!("{name} — {place}");
                item_row(&row, clicked, item, hover, out);
            });
        });
    });
}

/// Sortable columns of the levers table.
const LEVER_ID: usize = 0;
const LEVER_ROOM: usize = 1;

/// What each lever does, made once per revision: the doors it toggles, or
/// those whose condition names it.
struct LeverRows {
    order: Vec<u32>,
    /// The doors whose `open_when` names each lever that toggles none.
    named: HashMap<LeverId, Vec<DoorId>>,
}

fn lever_rows(view: &View<'_>, sort: Sort) -> LeverRows {
    let levers = &view.level.levers;
    let mut order: Vec<u32> = (0..levers.len() as u32).collect();
    let by: Option<Vec<String>> = match sort.column {
        Some(LEVER_ID) => Some(levers.iter().map(|l| l.id.to_string()).collect()),
        Some(LEVER_ROOM) => Some(levers.iter().map(|l| view.labels().room(&l.room)).collect()),
        _ => None,
    };
    if let Some(by) = by {
        order.sort_by(|&a, &b| sort.apply(natural(&by[a as usize], &by[b as usize])));
    }
    let named = if levers.iter().any(|l| l.toggles.is_empty()) {
        named_in_conditions(view.level)
    } else {
        HashMap::new()
    };
    LeverRows { order, named }
}

/// The levers table.
pub(super) fn levers_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let levers = &view.level.levers;
    let title = format!("Levers ({})", levers.len());
    super::section(ui, "levers", title, |ui| {
        if levers.is_empty() {
            ui.label(
                RichText::new("No levers. Select a room and press L.").color(view.theme.weak_text),
            );
            return;
        }
        let id = Id::unique(("lists table", "levers"));
        let sort = table::sort_of(ui, id);
        let rows = table::cached(ui, id, view.revision, sort, || lever_rows(view, sort));
        let headings = [("Lever", true), ("Room", true), ("Does", false)];
        let height = table::row_height(ui);
        table::table(ui, id, &headings, &[0.18, 0.4], table::LIST_HEIGHT, None).body(|body| {
            body.rows(height, rows.order.len(), |mut row| {
                let Some(lever) =
                    (rows.order.get(row.index())).and_then(|&l| levers.get(l as usize))
                else {
                    return;
                };
                let does = if lever.toggles.is_empty() {
                    condition_text(rows.named.get(&lever.id).map_or(&[][..], Vec::as_slice))
                } else {
                    toggles_text(&lever.toggles)
                };
                let item = ItemId::Lever(lever.id.clone());
                row.set_selected(view.selection.contains(&item));
                let name = view.labels().lever(&lever.id);
                let room = view.labels().room(&lever.room);
                let whole = format!("{name} {room} · {does}");
                let mut clicked = false;
                let icon = dot(view.theme.lever);
                row.col(|ui| clicked = name_cell(ui, icon, RichText::new(&name), Some(&whole)));
                row.col(|ui| text_cell(ui, RichText::new(&room).color(view.theme.weak_text)));
                row.col(|ui| text_cell(ui, RichText::new(&does)));
                let hover = || format!("{name} — {room} · {does}");
                item_row(&row, clicked, item, hover, out);
            });
        });
    });
}

/// "toggles d1, d2": the doors a lever toggles, the first few by id and
/// the rest counted.
fn toggles_text(toggles: &[DoorId]) -> String {
    if toggles.is_empty() {
        return "toggles nothing".to_owned();
    }
    let doors: Vec<&str> = (toggles.iter().take(MAX_TOGGLES_NAMED))
        .map(DoorId::as_str)
        .collect();
    let doors = crate::editor::words::some_and_more(&doors, toggles.len(), ", ");
    format!("toggles {doors}")
}

/// The doors whose `open_when` names each lever that toggles none, in
/// level order.
fn named_in_conditions(level: &Level) -> HashMap<LeverId, Vec<DoorId>> {
    (level.levers.iter())
        .filter(|l| l.toggles.is_empty())
        .map(|l| {
            let doors = level.doors_naming(&l.id).map(|d| d.id.clone()).collect();
            (l.id.clone(), doors)
        })
        .collect()
}

/// What a lever that toggles no door does: "condition of d3" (named in
/// its `open_when`), or "toggles nothing" when no condition names it.
fn condition_text(doors: &[DoorId]) -> String {
    if doors.is_empty() {
        return "toggles nothing".to_owned();
    }
    let shown: Vec<&str> = (doors.iter().take(MAX_TOGGLES_NAMED))
        .map(DoorId::as_str)
        .collect();
    let doors = crate::editor::words::some_and_more(&shown, doors.len(), ", ");
    format!("condition of {doors}")
}
