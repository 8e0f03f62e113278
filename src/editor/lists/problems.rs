//! The problems table: validation's errors and warnings, then what the
//! solver found (unsolvable, dead ends, unreachable rooms), sortable by
//! severity and by kind; a click selects what a row is about (and replays
//! a dead end).

use std::hash::{Hash, Hasher};

use egui::{Color32, Id, RichText, Ui};

use super::table::{self, Sort, natural};
use super::{count, item_row, text_cell};
use crate::editor::intent::{Intent, Playback};
use crate::editor::live_solver::Outcome;
use crate::editor::playback::Source;
use crate::editor::view::View;
use crate::model::ItemId;
use crate::rules::Step;
use crate::solver::Analysis;

/// Sortable columns (the problem's words come first).
const KIND: usize = 1;
const SEVERITY: usize = 2;

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finding {
    /// Validation's error with this index.
    Error(usize),
    /// Validation's warning with this index.
    Warning(usize),
    /// The goal cannot be reached.
    Unsolvable,
    /// The analysis' dead end with this index.
    DeadEnd(usize),
    /// The analysis' unreachable room with this index.
    Unreachable(usize),
}

/// The rows in the order shown, and the length of each line of each row
/// in characters (what their height is worked out from).
struct Rows {
    rows: Vec<Finding>,
    lines: Vec<Vec<u32>>,
}

/// What the rows are made from: the level's revision and the solver's
/// answer (which comes later, for the same revision).
pub(super) fn stamp(view: &View<'_>) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let s = view.solver;
    (view.revision, s.revision, s.elapsed, s.limit_secs.to_bits()).hash(&mut h);
    std::mem::discriminant(&s.outcome).hash(&mut h);
    h.finish()
}

/// Is the row an error (else a warning)?
fn is_error(f: Finding, analysis: Option<&Analysis>) -> bool {
    match f {
        Finding::Error(_) | Finding::Unsolvable => true,
        Finding::DeadEnd(_) => analysis.is_some_and(|a| a.plan.is_none()),
        Finding::Warning(_) | Finding::Unreachable(_) => false,
    }
}

/// What the row is about: the kind of item validation names, or what the
/// solver found.
fn kind(f: Finding, view: &View<'_>) -> &'static str {
    let problem = match f {
        Finding::Error(i) => view.report.errors.get(i),
        Finding::Warning(i) => view.report.warnings.get(i),
        Finding::Unsolvable => return "unsolvable",
        Finding::DeadEnd(_) => return "dead end",
        Finding::Unreachable(_) => return "unreachable",
    };
    match problem.and_then(|p| p.item.as_ref()) {
        Some(ItemId::Room(_)) => "room",
        Some(ItemId::Door(_)) => "door",
        Some(ItemId::Key(_)) => "key",
        Some(ItemId::Lever(_)) => "lever",
        None => "level",
    }
}

fn rows(view: &View<'_>, analysis: Option<&Analysis>, sort: Sort) -> Rows {
    let report = view.report;
    let mut rows: Vec<Finding> = (0..report.errors.len()).map(Finding::Error).collect();
    rows.extend((0..report.warnings.len()).map(Finding::Warning));
    if let Some(a) = analysis {
        if a.solvable == Some(false) {
            rows.push(Finding::Unsolvable);
        }
        rows.extend((0..a.dead_ends.found.len()).map(Finding::DeadEnd));
        rows.extend((0..a.unreachable_rooms.len()).map(Finding::Unreachable));
    }
    match sort.column {
        Some(SEVERITY) => rows.sort_by(|&a, &b| {
            let (a, b) = (is_error(a, analysis), is_error(b, analysis));
            sort.apply(b.cmp(&a))
        }),
        Some(KIND) => rows.sort_by(|&a, &b| sort.apply(natural(kind(a, view), kind(b, view)))),
        _ => {}
    }
    let lines = (rows.iter())
        .map(|&f| {
            let lines = shown(f, view, analysis).lines;
            lines.iter().map(|l| l.chars().count() as u32).collect()
        })
        .collect();
    Rows { rows, lines }
}

/// What a row shows: its lines, what it is about, and its hover text.
struct Shown {
    lines: Vec<String>,
    item: Option<ItemId>,
    hover: String,
}

fn shown(f: Finding, view: &View<'_>, analysis: Option<&Analysis>) -> Shown {
    let labels = view.labels();
    let one = |text: String, item: Option<ItemId>| Shown {
        hover: text.clone(),
        lines: vec![text],
        item,
    };
    let problem = |p: Option<&crate::validate::Problem>| match p {
        Some(p) => one(super::problem_text(view.level, p), p.item.clone()),
        None => one(String::new(), None),
    };
    match (f, analysis) {
        (Finding::Error(i), _) => problem(view.report.errors.get(i)),
        (Finding::Warning(i), _) => problem(view.report.warnings.get(i)),
        (Finding::Unsolvable, _) => one(
            format!(
                "Unsolvable: the goal {} cannot be reached",
                labels.room(&view.level.goal)
            ),
            Some(ItemId::Room(view.level.goal.clone())),
        ),
        (Finding::Unreachable(i), Some(a)) => match a.unreachable_rooms.get(i) {
            Some(room) => one(
                format!("Unreachable: {}", labels.room(room)),
                Some(ItemId::Room(room.clone())),
            ),
            None => one(String::new(), None),
        },
        (Finding::DeadEnd(i), Some(a)) => match a.dead_ends.found.get(i) {
            Some(dead) => dead_end(view, dead),
            None => one(String::new(), None),
        },
        _ => one(String::new(), None),
    }
}

/// A dead end: when and where, and why in the findings' words; its trace
/// on hover.
fn dead_end(view: &View<'_>, dead: &crate::solver::DeadEnd) -> Shown {
    let labels = view.labels();
    let lines = dead_end_lines(view, dead);
    let trace: Vec<String> = (dead.steps.iter())
        .map(|s| super::step_text(labels, s))
        .collect();
    // The lines are in the row (and each, cut off, says itself on hover).
    let hover = if trace.is_empty() {
        "Stuck from the very start".to_owned()
    } else {
        format!("How to get stuck here:\n{}", trace.join("\n"))
    };
    Shown {
        lines,
        item: Some(ItemId::Room(dead.room.clone())),
        hover,
    }
}

/// A dead end's lines: when and where, then why.
fn dead_end_lines(view: &View<'_>, dead: &crate::solver::DeadEnd) -> Vec<String> {
    let labels = view.labels();
    let steps = (dead.steps.iter())
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .count();
    let when = match steps {
        0 => "from the start".to_owned(),
        n => format!("after {}", count(n, "step")),
    };
    let mut lines = vec![format!("Dead end {when} in {}", labels.room(&dead.room))];
    lines.extend(crate::editor::findings::dead_end_lines(
        labels, &dead.why, steps,
    ));
    lines
}

/// The table of problems (an empty one draws nothing).
pub(super) fn problems_table(
    ui: &mut Ui,
    view: &View<'_>,
    analysis: Option<&Analysis>,
    out: &mut Vec<Intent>,
) {
    let id = Id::unique(("lists table", "problems"));
    let sort = table::sort_of(ui, id);
    let rows = table::cached(ui, id, stamp(view), sort, || rows(view, analysis, sort));
    if rows.rows.is_empty() {
        return;
    }
    let headings = [("Problem", false), ("Kind", true), ("Severity", true)];
    let line = ui.text_style_height(&egui::TextStyle::Body);
    // A character's width, on average: rows are as tall as their lines
    // wrap, worked out from their lengths (laying out every row's text each
    // frame is what the table saves).
    let sample = "the quick brown fox jumps over a lazy dog: d12 (r3)";
    let font = egui::TextStyle::Body.resolve(ui.style());
    let each = ui
        .painter()
        .layout_no_wrap(sample.to_owned(), font, Color32::WHITE)
        .size()
        .x
        / sample.len() as f32;
    table::table(
        ui,
        id,
        &headings,
        &[0.64, 0.18],
        table::PROBLEMS_HEIGHT,
        None,
    )
    .body(|body| {
        let text_width = (body.widths().first().copied().unwrap_or(100.0) - 24.0).max(24.0);
        let heights = rows.lines.iter().map(|lines| {
            let wrapped: f32 = (lines.iter())
                .map(|&n| (n as f32 * each * 1.1 / text_width).ceil().max(1.0))
                .sum();
            wrapped * line + 6.0
        });
        body.heterogeneous_rows(heights, |mut row| {
            let Some(&f) = rows.rows.get(row.index()) else {
                return;
            };
            let error = is_error(f, analysis);
            let color = if error {
                view.theme.bad
            } else {
                view.theme.warning
            };
            let shown = shown(f, view, analysis);
            let selected = (shown.item.as_ref()).is_some_and(|i| view.selection.contains(i));
            row.set_selected(selected);
            let severity = if error { "error" } else { "warning" };
            row.col(|ui| lines_cell(ui, &shown.lines, color));
            row.col(|ui| text_cell(ui, RichText::new(kind(f, view))));
            row.col(|ui| text_cell(ui, RichText::new(severity).color(color)));
            let Some(item) = shown.item else {
                row.response().on_hover_text(shown.hover);
                return;
            };
            let hover = || shown.hover;
            if item_row(&row, false, item, hover, out)
                && let Finding::DeadEnd(i) = f
            {
                out.push(Intent::Playback(Playback::Show(Source::DeadEnd(i))));
            }
        });
    });
}

/// The problem's lines, wrapped, after a dot in its severity's colour.
fn lines_cell(ui: &mut Ui, lines: &[String], color: Color32) {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    ui.horizontal_top(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, line), egui::Sense::hover());
        ui.painter().circle_filled(rect.center(), 12.0 * 0.3, color);
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            for line in lines {
                let text = RichText::new(line).color(color);
                ui.add(egui::Label::new(text).wrap().selectable(false));
            }
        });
    });
}

/// Validation's errors and warnings, then what the solver found.
pub(super) fn problems_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
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
    super::section(ui, "problems", format!("Problems ({found})"), |ui| {
        solver_state_ui(ui, view);
        problems_table(ui, view, analysis, out);
        if let Some(a) = analysis {
            after_table(ui, view, a);
        }
        if found == 0 && analysis.is_some() {
            ui.label(RichText::new("✔ No problems found").color(theme.good));
        }
    });
}

/// What the solver is doing, when it has no complete answer.
fn solver_state_ui(ui: &mut Ui, view: &View<'_>) {
    let theme = view.theme;
    let weak = |ui: &mut Ui, text: &str| {
        ui.label(RichText::new(text).color(theme.weak_text));
    };
    let analysis = match &view.solver.outcome {
        Outcome::Analysed(a) => a,
        Outcome::Idle => return weak(ui, "Solving…"),
        Outcome::Invalid => return weak(ui, "Fix the errors to let the solver check the level."),
        Outcome::Failed(why) => {
            let text = RichText::new(format!("The solver failed: {why}")).color(theme.bad);
            ui.label(text);
            return;
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
}

/// Kinds of dead ends not listed, and what the keys are needed for.
fn after_table(ui: &mut Ui, view: &View<'_>, analysis: &Analysis) {
    let weak = |ui: &mut Ui, text: &str| {
        ui.label(RichText::new(text).color(view.theme.weak_text));
    };
    let more = analysis
        .dead_ends
        .kinds
        .saturating_sub(analysis.dead_ends.found.len());
    if more > 0 {
        weak(ui, &format!("… and {} more", count(more, "kind")));
    }
    if analysis.solvable == Some(true) {
        for line in crate::editor::findings::key_lines(view.labels(), &analysis.keys) {
            weak(ui, &line);
        }
    }
}
