//! The left panel: the level's keys and levers, its problems (validation and
//! the solver's findings), the level's quality measures (`editor::metrics`)
//! and the solution. Each list is a table on `egui_extras` (a click on a
//! heading sorts it, its columns can be resized, and only the rows in view
//! are laid out, in an order made once per revision and sort); clicking a
//! row selects the item it is about and frames it on the canvas.

mod items;
mod problems;
mod solution;
pub mod table;

use egui::{Atom, Button, CollapsingHeader, Label, RichText, Role, Ui, WidgetInfo};
use egui_extras::TableRow;

use super::intent::Intent;
use super::view::View;
use crate::model::{ItemId, Labels, Level};
use crate::rules::Step;

/// Draws the lists.
pub fn lists_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    // The panel's width before any row: a long header that does not wrap
    // (the solution's) widens the space the sections after it are given.
    let width = ui.available_width();
    items::keys_ui(ui, view, out);
    items::levers_ui(ui, view, out);
    problems::problems_ui(ui, view, out);
    // The solution before the measures: it is what a designer steps
    // through, and the measures describe it.
    if let Some(analysis) = view.solver.analysis() {
        solution::solution_ui(ui, view, analysis, out);
    }
    ui.scope(|ui| {
        ui.set_max_width(width);
        super::metrics::metrics_ui(ui, view, out);
    });
}

/// The level's keys and levers, and what validation says of it: what the
/// lists show of a level that is not analysed (a batch candidate previewed).
pub fn unanalysed_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    items::keys_ui(ui, view, out);
    items::levers_ui(ui, view, out);
    let found = view.report.errors.len() + view.report.warnings.len();
    section(ui, "problems", format!("Problems ({found})"), |ui| {
        problems::problems_table(ui, view, None, out);
        if found == 0 {
            ui.label(RichText::new("✔ No errors or warnings").color(view.theme.good));
        }
    });
}

/// The first cell of a row: the item's mark and name, a button without a
/// frame; true when it was clicked. `whole`, when given, is what it is
/// called for a screen reader (and a test): the whole row's words.
fn name_cell(ui: &mut Ui, icon: Atom<'_>, text: RichText, whole: Option<&str>) -> bool {
    let response = ui.add(Button::new((icon, text)).frame(false).truncate());
    if let Some(whole) = whole {
        response.widget_info(|| WidgetInfo::labeled(Role::Button, true, whole));
    }
    response.clicked()
}

/// A cell of one line of text, cut off where the column ends.
fn text_cell(ui: &mut Ui, text: RichText) {
    ui.add(Label::new(text).truncate().selectable(false));
}

/// The end of a row about `item`: a click on it (or on its name, `clicked`)
/// selects the item and frames it; `hover` says what the row is. True when
/// it was clicked.
fn item_row(
    row: &TableRow<'_, '_>,
    clicked: bool,
    item: ItemId,
    hover: impl FnOnce() -> String,
    out: &mut Vec<Intent>,
) -> bool {
    let response = row.response();
    let response = if response.hovered() {
        response.on_hover_text(format!(
            "{}\nClick to select it and show it on the canvas",
            hover()
        ))
    } else {
        response
    };
    let clicked = clicked || response.clicked();
    if clicked {
        out.push(Intent::Frame(item));
    }
    clicked
}

/// A collapsible section, open at first.
fn section(ui: &mut Ui, salt: &str, title: String, body: impl FnOnce(&mut Ui)) {
    CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("lists", salt))
        .default_open(true)
        .show(ui, body);
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// A problem as the canvas and inspector name things: by id, not by place
/// in the file ("d1: starts closed…", "l2 toggles: no door \"d9\"").
pub fn problem_text(level: &Level, problem: &crate::validate::Problem) -> String {
    let path = problem.path.as_str();
    let Some((head, rest)) = path.split_once(']') else {
        return problem.to_string();
    };
    let Some((kind, index)) = head.split_once('[') else {
        return problem.to_string();
    };
    let Ok(i) = index.parse::<usize>() else {
        return problem.to_string();
    };
    let id = match kind {
        "rooms" => level.rooms.get(i).map(|r| r.id.to_string()),
        "doors" => level.doors.get(i).map(|d| d.id.to_string()),
        "keys" => level.keys.get(i).map(|k| k.id.to_string()),
        "levers" => level.levers.get(i).map(|l| l.id.to_string()),
        _ => None,
    };
    let Some(id) = id.filter(|id| !id.is_empty()) else {
        return problem.to_string();
    };
    // An id holding a line break or an escape, as a warning names it: shown
    // escaped, so that the row names what is wrong on one line.
    let mut shown = String::with_capacity(id.len());
    for c in id.chars() {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    let id = shown;
    // ".toggles[1]" → " toggles": the field, without the place in its list.
    let field: String = rest
        .split('.')
        .filter(|f| !f.is_empty())
        .map(|f| f.split('[').next().unwrap_or(f))
        .collect::<Vec<_>>()
        .join(" ");
    if field.is_empty() {
        format!("{id}: {}", problem.message)
    } else {
        format!("{id} {field}: {}", problem.message)
    }
}

/// One step of a plan in words, with names.
fn step_text(labels: &Labels<'_>, step: &Step) -> String {
    match step {
        Step::Move { door, to } => {
            format!("Through {} to {}", labels.door(door), labels.room(to))
        }
        Step::Pull { lever } => {
            let level = labels.level();
            let room = (labels.index().lever(lever))
                .map(|l| format!(" in {}", labels.room(&level.levers[l].room)))
                .unwrap_or_default();
            format!("Pull {}{room}", labels.lever(lever))
        }
        Step::Pickup { key } => format!("Pick up {}", labels.key(key)),
    }
}
