//! The left panel: the level's keys and levers, its problems (validation and
//! the solver's findings), the level's quality measures ([`super::metrics`])
//! and a short solution. Clicking a row selects the item it is about and
//! frames it on the canvas.

use std::collections::HashMap;

use egui::{
    Atom, AtomExt as _, Atoms, Button, CollapsingHeader, Color32, Label, RichText, Sense, Ui, vec2,
};

use super::inspector::widgets::{dot, key_color, key_swatch};
use super::intent::Intent;
use super::intent::Playback;
use super::live_solver::Outcome;
use super::playback::Source;
use super::view::View;
use crate::model::format_cost;
use crate::model::{DoorId, ItemId, Labels, Level, LeverId};
use crate::rules::Step;
use crate::solver::Analysis;

/// Steps of the solution listed before "… more".
const MAX_SOLUTION_STEPS: usize = 60;
/// Rows one list draws; one line counts the rest. egui lays out every row
/// of a scroll area, seen or not, so 100,000 keys took tens of seconds a
/// frame; Find reaches any item.
const MAX_ROWS: usize = 500;
/// Doors a lever's row names before it counts the rest.
const MAX_TOGGLES_NAMED: usize = 8;

/// Calls `row` for the first [`MAX_ROWS`] of `items`, then says how many
/// more there are and how to reach them.
fn capped_rows<T>(
    ui: &mut Ui,
    view: &View<'_>,
    items: impl IntoIterator<Item = T>,
    what: &str,
    mut row: impl FnMut(&mut Ui, T),
) {
    let mut rest = 0usize;
    for (i, item) in items.into_iter().enumerate() {
        if i < MAX_ROWS {
            row(ui, item);
        } else {
            rest += 1;
        }
    }
    if rest > 0 {
        let find = super::actions::Action::Find.shortcut_text(ui.ctx());
        let more = count(rest, &format!("more {what}"));
        let text = format!("… and {more}: Find ({find}) shows any of them");
        ui.label(RichText::new(text).color(view.theme.weak_text));
    }
}

/// Draws the lists.
pub fn lists_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    // The panel's width before any row: a long header that does not wrap
    // (the solution's) widens the space the sections after it are given.
    let width = ui.available_width();
    keys_ui(ui, view, out);
    levers_ui(ui, view, out);
    problems_ui(ui, view, out);
    // The solution before the measures: it is what a designer steps
    // through, and the measures describe it.
    if let Some(analysis) = view.solver.analysis() {
        solution_ui(ui, view, analysis, out);
    }
    ui.scope(|ui| {
        ui.set_max_width(width);
        super::metrics::metrics_ui(ui, view, out);
    });
}

/// The level's keys and levers, and what validation says of it: what the
/// lists show of a level that is not analysed (a batch candidate previewed).
pub fn unanalysed_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    keys_ui(ui, view, out);
    levers_ui(ui, view, out);
    let found = view.report.errors.len() + view.report.warnings.len();
    section(ui, "problems", format!("Problems ({found})"), |ui| {
        report_rows(ui, view, out);
        if found == 0 {
            ui.label(RichText::new("✔ No errors or warnings").color(view.theme.good));
        }
    });
}

/// A full-width row that selects and frames `item` when clicked.
/// A key's row: its swatch, its name and the room it lies in.
fn key_row(
    ui: &mut Ui,
    view: &View<'_>,
    key: &crate::model::Key,
    swatch: Atom<'_>,
    out: &mut Vec<Intent>,
) {
    let labels = view.labels();
    let text = RichText::new(labels.key(&key.id));
    row(
        ui,
        view,
        swatch,
        text,
        Some(
            key.room
                .as_ref()
                .map_or_else(|| "carried from the start".to_owned(), |r| labels.room(r)),
        ),
        ItemId::Key(key.id.clone()),
        out,
    );
}

fn row(
    ui: &mut Ui,
    view: &View<'_>,
    icon: Atom<'_>,
    text: RichText,
    detail: Option<String>,
    item: ItemId,
    out: &mut Vec<Intent>,
) {
    let selected = view.selection.contains(&item);
    let hover = match &detail {
        Some(detail) => format!(
            "{} — {detail}\nClick to select it and show it on the canvas",
            text.text()
        ),
        None => format!("Select {item} and show it on the canvas"),
    };
    let mut atoms = Atoms::new((icon, text));
    let has_detail = detail.is_some();
    if let Some(detail) = detail {
        // The detail gives way (truncated) before the name does.
        atoms.push_right(Atom::grow());
        atoms.push_right(
            RichText::new(detail)
                .color(view.theme.weak_text)
                .atom_shrink(true),
        );
    }
    let button = Button::selectable(selected, atoms).min_size(vec2(ui.available_width(), 0.0));
    let button = if has_detail {
        button.truncate()
    } else {
        button.wrap()
    };
    if ui.add(button).on_hover_text(hover).clicked() {
        out.push(Intent::Frame(item));
    }
}

/// A row that is not about one item: a dot in `color` and wrapped text.
fn plain_row(ui: &mut Ui, color: Color32, text: RichText) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
        ui.painter().circle_filled(rect.center(), 12.0 * 0.3, color);
        ui.add(Label::new(text).wrap());
    });
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

fn keys_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let level = view.level;
    let outline = view.theme.room_stroke;
    section(ui, "keys", format!("Keys ({})", level.keys.len()), |ui| {
        if level.keys.is_empty() {
            ui.label(
                RichText::new("No keys. Select a room and press K.").color(view.theme.weak_text),
            );
        }
        let named = level.keys.iter().filter(|k| !k.small);
        capped_rows(ui, view, named, "key", |ui, key| {
            let swatch = key_swatch(key_color(view, &key.id), false, outline);
            key_row(ui, view, key, swatch, out);
        });
        let small: Vec<_> = level.keys.iter().filter(|k| k.small).collect();
        if !small.is_empty() {
            CollapsingHeader::new(count(small.len(), "small key"))
                .id_salt(("lists", "small-keys"))
                .default_open(small.len() <= 8)
                .show(ui, |ui| {
                    capped_rows(ui, view, small, "small key", |ui, key| {
                        let swatch = key_swatch(view.theme.small_key, true, outline);
                        key_row(ui, view, key, swatch, out);
                    });
                });
        }
    });
}

fn levers_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    section(
        ui,
        "levers",
        format!("Levers ({})", level.levers.len()),
        |ui| {
            if level.levers.is_empty() {
                ui.label(
                    RichText::new("No levers. Select a room and press L.")
                        .color(view.theme.weak_text),
                );
            }
            // Made on the first lever shown that toggles nothing, so that
            // a frame of a large level does not scan its doors for nothing.
            let named = std::cell::OnceCell::new();
            capped_rows(ui, view, &level.levers, "lever", |ui, lever| {
                let toggles = if lever.toggles.is_empty() {
                    let named = named.get_or_init(|| named_in_conditions(level));
                    condition_text(named.get(&lever.id).map_or(&[][..], Vec::as_slice))
                } else {
                    toggles_text(&lever.toggles)
                };
                let text = RichText::new(labels.lever(&lever.id));
                let detail = Some(format!("{} · {toggles}", labels.room(&lever.room)));
                let item = ItemId::Lever(lever.id.clone());
                row(ui, view, dot(view.theme.lever), text, detail, item, out);
            });
        },
    );
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
    let doors = super::words::some_and_more(&doors, toggles.len(), ", ");
    format!("toggles {doors}")
}

/// The doors whose `open_when` names each lever, in level order.
fn named_in_conditions(level: &Level) -> HashMap<&LeverId, Vec<&DoorId>> {
    let mut named: HashMap<&LeverId, Vec<&DoorId>> = HashMap::new();
    for door in &level.doors {
        let Some(condition) = &door.open_when else {
            continue;
        };
        for literal in condition.iter().flatten() {
            let doors = named.entry(&literal.lever).or_default();
            if doors.last() != Some(&&door.id) {
                doors.push(&door.id);
            }
        }
    }
    named
}

/// What a lever that toggles no door does: "condition of d3" (named in
/// its `open_when`), or "toggles nothing" when no condition names it.
fn condition_text(doors: &[&DoorId]) -> String {
    if doors.is_empty() {
        return "toggles nothing".to_owned();
    }
    let shown: Vec<&str> = (doors.iter().take(MAX_TOGGLES_NAMED))
        .map(|d| d.as_str())
        .collect();
    let doors = super::words::some_and_more(&shown, doors.len(), ", ");
    format!("condition of {doors}")
}

/// Validation errors and warnings, then what the solver found.
fn problems_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let theme = view.theme;
    let report = view.report;
    let analysis = view.solver.analysis();
    let found = report.errors.len()
        + report.warnings.len()
        + analysis.map_or(0, |a| {
            usize::from(a.solvable == Some(false))
                + a.dead_ends.found.len()
                + a.unreachable_rooms.len()
        });
    section(ui, "problems", format!("Problems ({found})"), |ui| {
        report_rows(ui, view, out);
        solver_findings_ui(ui, view, out);
        if found == 0 && view.solver.analysis().is_some() {
            ui.label(RichText::new("✔ No problems found").color(theme.good));
        }
    });
}

/// A row for each error and warning of validation.
fn report_rows(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let theme = view.theme;
    for (problems, color) in [
        (&view.report.errors, theme.bad),
        (&view.report.warnings, theme.warning),
    ] {
        capped_rows(ui, view, problems, "problem", |ui, p| {
            let text = RichText::new(problem_text(view.level, p)).color(color);
            match &p.item {
                Some(item) => row(ui, view, dot(color), text, None, item.clone(), out),
                None => plain_row(ui, color, text),
            }
        });
    }
}

fn solver_findings_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let theme = view.theme;
    let level = view.level;
    let weak = |ui: &mut Ui, text: &str| {
        ui.label(RichText::new(text).color(theme.weak_text));
    };
    let analysis = match &view.solver.outcome {
        Outcome::Analysed(a) => a,
        Outcome::Idle => return weak(ui, "Solving…"),
        Outcome::Invalid => return weak(ui, "Fix the errors to let the solver check the level."),
        Outcome::Failed(why) => {
            let text = RichText::new(format!("The solver failed: {why}")).color(theme.bad);
            return plain_row(ui, theme.bad, text);
        }
    };
    if view.solver.running {
        weak(ui, "Re-solving after the last edit…");
    }
    if !analysis.is_complete() {
        weak(
            ui,
            "The analysis stopped at its time limit: what is listed was proven, more may exist.",
        );
    }
    if analysis.solvable == Some(false) {
        let text = RichText::new(format!(
            "Unsolvable: the goal {} cannot be reached",
            labels.room(&level.goal)
        ))
        .color(theme.bad);
        row(
            ui,
            view,
            dot(theme.bad),
            text,
            None,
            ItemId::Room(level.goal.clone()),
            out,
        );
    }
    for (index, dead) in analysis.dead_ends.found.iter().enumerate() {
        dead_end_row(ui, view, analysis, index, dead, out);
    }
    let more = analysis
        .dead_ends
        .kinds
        .saturating_sub(analysis.dead_ends.found.len());
    if more > 0 {
        weak(ui, &format!("… and {} more", count(more, "kind")));
    }
    if analysis.solvable == Some(true) {
        for line in super::findings::key_lines(labels, &analysis.keys) {
            weak(ui, &line);
        }
    }
    capped_rows(
        ui,
        view,
        &analysis.unreachable_rooms,
        "unreachable room",
        |ui, room| {
            let text =
                RichText::new(format!("Unreachable: {}", labels.room(room))).color(theme.warning);
            let item = ItemId::Room(room.clone());
            row(ui, view, dot(theme.warning), text, None, item, out);
        },
    );
}

/// One dead end of the analysis: when and where, and why in the findings'
/// words; its trace on hover, and a click replays it.
fn dead_end_row(
    ui: &mut Ui,
    view: &View<'_>,
    analysis: &Analysis,
    index: usize,
    dead: &crate::solver::DeadEnd,
    out: &mut Vec<Intent>,
) {
    let (labels, theme) = (view.labels(), view.theme);
    let steps = dead
        .steps
        .iter()
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .count();
    let when = match steps {
        0 => "from the start".to_owned(),
        n => format!("after {}", count(n, "step")),
    };
    let color = if analysis.plan.is_none() {
        theme.bad
    } else {
        theme.warning
    };
    let why = super::findings::dead_end_lines(labels, &dead.why, steps);
    let text = RichText::new(format!(
        "Dead end {when} in {}\n{}",
        labels.room(&dead.room),
        why.join("\n")
    ))
    .color(color);
    let item = ItemId::Room(dead.room.clone());
    let trace: Vec<String> = dead.steps.iter().map(|s| step_text(labels, s)).collect();
    let selected = view.selection.contains(&item);
    let button = Button::selectable(selected, (dot(color), text))
        .wrap()
        .min_size(vec2(ui.available_width(), 0.0));
    let hover = if trace.is_empty() {
        "Stuck from the very start".to_owned()
    } else {
        format!("How to get stuck here:\n{}", trace.join("\n"))
    };
    if ui.add(button).on_hover_text(hover).clicked() {
        out.push(Intent::Frame(item));
        out.push(Intent::Playback(Playback::Show(Source::DeadEnd(index))));
    }
}

/// The least-cost plan, step by step, with room and lever names.
fn solution_ui(ui: &mut Ui, view: &View<'_>, analysis: &Analysis, out: &mut Vec<Intent>) {
    let labels = view.labels();
    // The plan being stepped through: the fewest-pulls one when it is picked.
    let source = match view.play.and_then(|p| p.step) {
        Some((Source::MinPulls, _)) if analysis.min_pulls.is_some() => Source::MinPulls,
        _ => Source::Solution,
    };
    let plan = match source {
        Source::MinPulls => analysis.min_pulls.as_ref(),
        _ => analysis.plan.as_ref(),
    };
    let Some(plan) = plan else { return };
    let level = view.level;
    let name = if source == Source::MinPulls {
        "Fewest-pulls solution"
    } else {
        "Solution"
    };
    let title = format!(
        "{name} (cost {}, {}, {})",
        format_cost(plan.cost),
        count(plan.moves as usize, "move"),
        count(plan.pulls as usize, "pull")
    );
    section(ui, "solution", title, |ui| {
        if plan.steps.is_empty() {
            ui.label(RichText::new("The player starts at the goal.").color(view.theme.weak_text));
        }
        let mut n = 0;
        for step in plan.steps.iter().take(MAX_SOLUTION_STEPS) {
            let (icon, item, number): (Atom<'_>, ItemId, bool) = match step {
                Step::Move { door, .. } => {
                    (dot(view.theme.solution), ItemId::Door(door.clone()), true)
                }
                Step::Pull { lever } => (dot(view.theme.lever), ItemId::Lever(lever.clone()), true),
                Step::Pickup { key } => {
                    let color = match level.key(key) {
                        Some(k) if k.small => view.theme.small_key,
                        _ => key_color(view, key),
                    };
                    let small = level.key(key).is_some_and(|k| k.small);
                    (
                        key_swatch(color, small, view.theme.room_stroke),
                        ItemId::Key(key.clone()),
                        false,
                    )
                }
            };
            let text = if number {
                n += 1;
                format!("{n}. {}", step_text(labels, step))
            } else {
                format!("    {}", step_text(labels, step))
            };
            let current = view
                .play
                .and_then(|p| p.step)
                .is_some_and(|(shown, at)| shown == source && at == n);
            let text = if number && current {
                RichText::new(text).strong().color(view.theme.solution)
            } else if number {
                RichText::new(text)
            } else {
                RichText::new(text).color(view.theme.weak_text)
            };
            row(ui, view, icon, text, None, item, out);
        }
        let rest = plan.steps.len().saturating_sub(MAX_SOLUTION_STEPS);
        if rest > 0 {
            ui.label(
                RichText::new(format!("… {} more", count(rest, "step")))
                    .color(view.theme.weak_text),
            );
        }
        let fewer = analysis.min_pulls.as_ref().filter(|p| p.pulls < plan.pulls);
        if let Some(least) = fewer.filter(|_| source == Source::Solution) {
            let pulls = match least.pulls {
                0 => "no pulls".to_owned(),
                n => format!("only {}", count(n as usize, "pull")),
            };
            let text = format!(
                "A plan with {pulls} exists (cost {}).",
                format_cost(least.cost)
            );
            ui.label(RichText::new(text).color(view.theme.weak_text));
        }
    });
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
