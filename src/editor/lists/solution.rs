//! The solution, step by step, in a table: in step order (or the other way
//! round, by a click on the "#" heading), the step being shown in bold and
//! scrolled into view; a click on a step selects what it is about.

use egui::{Atom, Id, RichText, Ui};

use super::table;
use super::{count, item_row, name_cell, step_text, text_cell};
use crate::editor::inspector::widgets::{dot, key_color, key_swatch};
use crate::editor::intent::Intent;
use crate::editor::playback::Source;
use crate::editor::view::View;
use crate::model::{ItemId, format_cost};
use crate::rules::Step;
use crate::solver::{Analysis, Plan};

/// Each step's number (moves and pulls are numbered; pickups, 0, are not),
/// made once per plan.
fn numbers(plan: &Plan) -> Vec<u32> {
    let mut n = 0;
    (plan.steps.iter())
        .map(|s| match s {
            Step::Pickup { .. } => 0,
            _ => {
                n += 1;
                n
            }
        })
        .collect()
}

/// The plan shown: the fewest-pulls one while it is stepped through.
fn shown_plan<'a>(view: &View<'_>, analysis: &'a Analysis) -> Option<(Source, &'a Plan)> {
    let source = match view.play.and_then(|p| p.step) {
        Some((Source::MinPulls, _)) if analysis.min_pulls.is_some() => Source::MinPulls,
        _ => Source::Solution,
    };
    let plan = match source {
        Source::MinPulls => analysis.min_pulls.as_ref(),
        _ => analysis.plan.as_ref(),
    };
    plan.map(|p| (source, p))
}

/// A step's mark, what it is about, and whether it is a pickup.
fn step_item<'a>(view: &View<'_>, step: &Step) -> (Atom<'a>, ItemId) {
    match step {
        Step::Move { door, .. } => (dot(view.theme.solution), ItemId::Door(door.clone())),
        Step::Pull { lever } => (dot(view.theme.lever), ItemId::Lever(lever.clone())),
        Step::Pickup { key } => {
            let small = view.level.key(key).is_some_and(|k| k.small);
            let swatch = key_swatch(key_color(view, key), small, view.theme.room_stroke);
            (swatch, ItemId::Key(key.clone()))
        }
    }
}

/// The least-cost plan (or the fewest-pulls one), step by step.
pub(super) fn solution_ui(
    ui: &mut Ui,
    view: &View<'_>,
    analysis: &Analysis,
    out: &mut Vec<Intent>,
) {
    let Some((source, plan)) = shown_plan(view, analysis) else {
        return;
    };
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
    super::section(ui, "solution", title, |ui| {
        if plan.steps.is_empty() {
            ui.label(RichText::new("The player starts at the goal.").color(view.theme.weak_text));
        } else {
            steps_table(ui, view, (source, plan), out);
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

/// The steps' table.
fn steps_table(
    ui: &mut Ui,
    view: &View<'_>,
    (source, plan): (Source, &Plan),
    out: &mut Vec<Intent>,
) {
    let id = Id::unique(("lists table", "solution"));
    let by_step = table::Sort {
        column: Some(0),
        descending: false,
    };
    let sort = table::sort_or(ui, id, by_step);
    let stamp = super::problems::stamp(view) ^ u64::from(source == Source::MinPulls);
    let numbers = table::cached(ui, id, stamp, Default::default(), || numbers(plan));
    let n = plan.steps.len();
    let at = |row: usize| if sort.descending { n - 1 - row } else { row };
    let current = view
        .play
        .and_then(|p| p.step)
        .filter(|&(shown, _)| shown == source)
        .map(|(_, at)| at);
    let headings = [("#", true), ("Step", false)];
    let height = table::row_height(ui);
    // The step shown scrolls into view when it changes.
    let last = id.with("shown step");
    let moved = ui.data(|d| d.get_temp::<Option<usize>>(last)) != Some(current);
    ui.data_mut(|d| d.insert_temp(last, current));
    let scroll_to = (current.filter(|_| moved))
        .and_then(|c| numbers.iter().position(|&k| k as usize == c))
        .map(at);
    table::table(ui, id, &headings, &[36.0], table::LIST_HEIGHT, scroll_to).body(|body| {
        body.rows(height, n, |mut row| {
            let i = at(row.index());
            let (Some(step), Some(&number)) = (plan.steps.get(i), numbers.get(i)) else {
                return;
            };
            let (icon, item) = step_item(view, step);
            let is_current = number > 0 && current == Some(number as usize);
            let words = step_text(view.labels(), step);
            let text = RichText::new(&words);
            let text = if is_current {
                text.strong().color(view.theme.solution)
            } else if number == 0 {
                text.color(view.theme.weak_text)
            } else {
                text
            };
            row.set_selected(view.selection.contains(&item));
            let shown_number = if number > 0 {
                format!("{number}.")
            } else {
                String::new()
            };
            let whole = (number > 0).then(|| format!("{shown_number} {words}"));
            let mut clicked = false;
            row.col(|ui| text_cell(ui, RichText::new(&shown_number)));
            row.col(|ui| clicked = name_cell(ui, icon, text, whole.as_deref()));
            item_row(&row, clicked, item, || words, out);
        });
    });
}
