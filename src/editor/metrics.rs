//! The Metrics section of the problems/solution panel: the quality measures
//! of the level (`crate::measures`), worked out by the live solver after its
//! analysis, in a designer's words. Each line says what it measures when
//! hovered; the difficulty score shows its parts and its formula; optional
//! rooms and keys select themselves when clicked.
//!
//! The words follow `lockwork check`'s measures block.

use egui::{Button, CollapsingHeader, Grid, RichText, Ui, vec2};

use super::intent::Intent;
use super::live_solver::Outcome;
use super::view::View;
use crate::measures::{Measures, Score};
use crate::model::{ItemId, format_cost};

/// Least width of the names beside their values.
const GRID_WIDTH: f32 = 220.0;

/// A share as a percentage: "25%", "33.3%".
pub fn percent(x: f64) -> String {
    format!("{}%", format_cost((x * 1000.0).round() / 10.0))
}

/// A figure to 2 decimals without trailing noise: "2.5", "3".
pub fn figure(x: f64) -> String {
    format_cost((x * 100.0).round() / 100.0)
}

fn noun(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One line of the section: a name, its value in words, and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// What is measured, in a designer's words.
    pub name: &'static str,
    /// Its value.
    pub value: String,
    /// Its definition (hover text).
    pub about: &'static str,
}

fn line(name: &'static str, value: String, about: &'static str) -> Line {
    Line { name, value, about }
}

/// The measures as lines (all but the optional content and the score, which
/// have their own rows).
pub fn lines(m: &Measures) -> Vec<Line> {
    let mut out = Vec::new();
    out.push(line(
        "Critical path",
        match &m.critical_path {
            Some(p) => format!(
                "{}, {}, cost {}{}; visits {} of {} rooms",
                noun(p.moves as usize, "move"),
                noun(p.pulls as usize, "pull"),
                format_cost(p.cost),
                if p.least { "" } else { " (cheapest found)" },
                p.rooms_visited,
                p.rooms
            ),
            None => "no plan".to_owned(),
        },
        "The least-cost plan: its moves, lever pulls and cost, and how many rooms it \
         enters (the start included) out of all the rooms.",
    ));
    if let Some(b) = m.backtracking {
        out.push(line(
            "Backtracking",
            format!("{} of moves", percent(b)),
            "The share of the plan's moves that go into a room the plan has already visited.",
        ));
    }
    let k = &m.key_distance;
    out.push(line(
        "Key carried",
        match (k.mean, k.max) {
            (Some(mean), Some(max)) => format!(
                "mean {}, longest {max} steps ({} used)",
                figure(mean),
                noun(k.per_key.len(), "key")
            ),
            _ => "no key used".to_owned(),
        },
        "Key–lock distance: for each key the plan uses, the moves and pulls between \
         picking it up and first using it. Long distances mean keys carried a long way.",
    ));
    out.push(branching(m));
    out.push(routes(m));
    out.push(risk(m));
    out
}

fn branching(m: &Measures) -> Line {
    let b = &m.branching;
    let mean = b
        .mean
        .map_or_else(String::new, |x| format!("; mean {}", figure(x)));
    line(
        "Choices",
        format!(
            "{}{mean}, most {} ways on{}",
            noun(b.decision_points, "decision point"),
            b.max,
            if b.complete {
                ""
            } else {
                " (plan too long: first part)"
            }
        ),
        "Branching: along the plan, the states where two or more productive steps (steps \
         that get a key or open something new) are open, and how many are open there.",
    )
}

fn routes(m: &Measures) -> Line {
    let r = &m.routes;
    let value = match (r.mean, r.min, r.max) {
        (Some(mean), Some(min), Some(max)) => format!(
            "{}; doors in: mean {}, min {min}, max {max}; {} with several",
            areas_words(r),
            figure(mean),
            r.several
        ),
        _ => "no locked area".to_owned(),
    };
    line(
        "Routes",
        value,
        "For each area behind a door that is not free (rooms joined by free doors, away \
         from the start), how many distinct doors lead into it: several routes into an \
         area. It is locked when a door into it needs a key or spends items; levers and \
         one-way doors close an area off without locking it.",
    )
}

fn risk(m: &Measures) -> Line {
    let r = &m.risk;
    let about = "How easy it is to ruin the level: the share of reachable states that are \
                 dead ends (the goal can no longer be reached), and the cheapest way into one.";
    if r.dead_end_states == Some(0) {
        return line("Risk", "no dead ends".to_owned(), about);
    }
    let share = match (r.dead_end_share, r.dead_end_states, r.reachable_states) {
        (Some(s), Some(d), Some(all)) => format!("{} of states ({d} of {all})", percent(s)),
        (Some(s), _, _) => format!("{} of states", percent(s)),
        _ => "share unknown".to_owned(),
    };
    let cheapest = match (r.cheapest_cost, r.cheapest_steps) {
        (Some(c), Some(n)) => format!(
            "; cheapest: cost {}{} in {n} steps",
            if r.complete { "" } else { "≤ " },
            format_cost(c)
        ),
        _ => String::new(),
    };
    line("Risk", format!("dead ends {share}{cheapest}"), about)
}

/// The score's parts: name, points, how they are worked out.
pub fn score_parts(m: &Measures, s: &Score) -> [(&'static str, f64, String); 5] {
    let (moves, pulls) = m
        .critical_path
        .as_ref()
        .map_or((0, 0), |p| (p.moves, p.pulls));
    [
        (
            "length",
            s.length,
            format!("moves + pulls = {moves} + {pulls}"),
        ),
        (
            "backtracking",
            s.backtracking,
            format!(
                "moves into a room visited before: backtracking share {} × {moves} moves",
                percent(m.backtracking.unwrap_or(0.0))
            ),
        ),
        (
            "key distance",
            s.key_distance,
            "the mean key–lock distance".to_owned(),
        ),
        (
            "branching",
            s.branching,
            format!(
                "Σ (ways on − 1) over decision points, at most {} a point",
                Score::MAX_WRONG_WAYS
            ),
        ),
        (
            "risk",
            s.risk,
            format!(
                "dead-end share {} × length {}",
                percent(m.risk.dead_end_share.unwrap_or(0.0)),
                moves + pulls
            ),
        ),
    ]
}

/// Draws the Metrics section.
pub fn metrics_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    CollapsingHeader::new(RichText::new("Metrics").strong())
        .id_salt(("lists", "metrics"))
        .default_open(true)
        .show(ui, |ui| body_ui(ui, view, out));
}

fn body_ui(ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
    let weak = view.theme.weak_text;
    let Some(m) = view.solver.measures.as_deref() else {
        let text = match view.solver.outcome {
            Outcome::Analysed(_) => "The level could not be measured.",
            Outcome::Invalid => "Fix the errors to measure the level.",
            Outcome::Failed(_) => "No measures: the solver failed.",
            Outcome::Idle => "Measuring…",
        };
        ui.label(RichText::new(text).color(weak));
        return;
    };
    if view.solver.running {
        ui.label(RichText::new("Measuring again after the last edit…").color(weak));
    }
    score_ui(ui, view, m);
    if ui.available_width() < GRID_WIDTH {
        // Too narrow for the names beside the values (the values were cut
        // off): each value under its name.
        for l in lines(m) {
            ui.label(RichText::new(l.name).color(weak))
                .on_hover_text(l.about);
            ui.indent(l.name, |ui| {
                ui.add(egui::Label::new(&l.value).wrap())
                    .on_hover_text(l.about);
            });
        }
    } else {
        Grid::new("metrics grid")
            .num_columns(2)
            .spacing([8.0, 4.0])
            .striped(true)
            .show(ui, |ui| {
                for l in lines(m) {
                    ui.label(RichText::new(l.name).color(weak))
                        .on_hover_text(l.about);
                    ui.add(egui::Label::new(&l.value).wrap())
                        .on_hover_text(l.about);
                    ui.end_row();
                }
            });
    }
    optional_ui(ui, view, m, out);
}

fn score_ui(ui: &mut Ui, view: &View<'_>, m: &Measures) {
    let Some(s) = &m.score else {
        ui.label(RichText::new("Difficulty score: no plan to score").color(view.theme.weak_text));
        return;
    };
    let about = "The difficulty score is a plain sum of the parts below; hover a part for \
                 how it is worked out.";
    ui.label(RichText::new(format!("Difficulty score {}", figure(s.total))).strong())
        .on_hover_text(about);
    ui.add(egui::Label::new(RichText::new(format!("score {s}")).small()).wrap())
        .on_hover_text(about);
    for (name, points, how) in score_parts(m, s) {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.label(RichText::new(format!("+ {name}")).color(view.theme.weak_text));
            ui.label(RichText::new(figure(points)).monospace().strong());
            ui.label(
                RichText::new(format!("= {how}"))
                    .small()
                    .color(view.theme.weak_text),
            );
        })
        .response
        .on_hover_text(&how);
    }
    ui.add_space(4.0);
}

/// Optional rooms and keys, each a row that selects it.
fn optional_ui(ui: &mut Ui, view: &View<'_>, m: &Measures, out: &mut Vec<Intent>) {
    if m.critical_path.is_none() {
        return;
    }
    let o = &m.optional;
    let labels = view.labels();
    if o.rooms.is_empty() && o.keys.is_empty() {
        // Nothing to open: a line that wraps, not a header cut off at the
        // panel's edge.
        ui.label("Optional: nothing, the plan needs every room and key")
            .on_hover_text("Rooms the plan never enters and keys it never uses");
        return;
    }
    let title = format!(
        "Optional: {}, {}",
        noun(o.rooms.len(), "room"),
        noun(o.keys.len(), "key")
    );
    let items: Vec<(ItemId, String)> = (o.rooms.iter())
        .map(|r| (ItemId::Room(r.clone()), format!("room {}", labels.room(r))))
        .chain((o.keys.iter()).map(|k| (ItemId::Key(k.clone()), format!("key {}", labels.key(k)))))
        .collect();
    CollapsingHeader::new(title)
        .id_salt(("lists", "metrics-optional"))
        .default_open(items.len() <= 8)
        .show(ui, |ui| {
            for (item, text) in items {
                let selected = view.selection.contains(&item);
                let button =
                    Button::selectable(selected, text).min_size(vec2(ui.available_width(), 0.0));
                let hover = "Content no least-cost plan needs. Click to select it on the canvas";
                if ui.add(button).on_hover_text(hover).clicked() {
                    out.push(Intent::Frame(item));
                }
            }
        })
        .header_response
        .on_hover_text("Rooms the plan never enters and keys it never uses");
}

/// "5 locked areas"; where not every area is locked (levers or one-way
/// doors close it off), "7 areas behind closed or one-way doors, none of
/// them locked".
fn areas_words(r: &crate::measures::Routes) -> String {
    let n = r.areas.len();
    if r.locked == n {
        return noun(n, "locked area");
    }
    let locked = match r.locked {
        0 => "none of them locked".to_owned(),
        k => format!("{k} of them locked"),
    };
    format!(
        "{} behind closed or one-way doors, {locked}",
        noun(n, "area")
    )
}
