//! The status bar: solvable or not, least cost, pulls, dead ends, solver time.

use egui::{RichText, Ui};

use super::intent::Intent;
use super::live_solver::Outcome;
use super::view::View;
use crate::model::format_cost;
use crate::solver::{Analysis, Stop};

/// `1 move`, `3 moves`.
pub(crate) fn count(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The status bar's text about the level, and its colour.
pub fn summary(view: &View<'_>) -> (String, egui::Color32) {
    let theme = view.theme;
    if !view.report.errors.is_empty() {
        let n = view.report.errors.len();
        return (
            format!(
                "⚠ {n} error{} — see Problems",
                if n == 1 { "" } else { "s" }
            ),
            theme.bad,
        );
    }
    let state = view.solver;
    match &state.outcome {
        Outcome::Idle => ("Solving…".to_owned(), theme.weak_text),
        Outcome::Invalid => ("⚠ not valid".to_owned(), theme.bad),
        Outcome::Failed(why) => (format!("Solver failed: {why}"), theme.bad),
        Outcome::Analysed(a) => analysed(view, a),
    }
}

/// What the analysis says, complete or as far as it got in time.
fn analysed(view: &View<'_>, a: &Analysis) -> (String, egui::Color32) {
    let theme = view.theme;
    let state = view.solver;
    let time = if state.elapsed.as_secs_f64() < 1.0 {
        format!("{:.1} ms", state.elapsed.as_secs_f64() * 1000.0)
    } else {
        format!("{:.1} s", state.elapsed.as_secs_f64())
    };
    let mut parts: Vec<String> = Vec::new();
    let color = match (&a.plan, a.solvable) {
        (Some(plan), _) => {
            parts.push("✔ Solvable".to_owned());
            parts.push(format!("cost {}", format_cost(plan.cost)));
            parts.push(count(u64::from(plan.moves), "move"));
            parts.push(count(u64::from(plan.pulls), "pull"));
            match (a.least_pulls(), a.pulls_lower) {
                (Some(least), _) => parts.push(format!("min pulls {least}")),
                (None, Some(lower)) if lower > 0 => parts.push(format!("min pulls ≥ {lower}")),
                (None, _) => {}
            }
            if a.dead_ends.exist == Some(false) {
                theme.good
            } else {
                theme.warning
            }
        }
        (None, Some(false)) => {
            parts.push("✖ Unsolvable".to_owned());
            theme.bad
        }
        (None, solvable) => {
            parts.push(if solvable == Some(true) {
                "✔ Solvable".to_owned()
            } else {
                "? Not yet known whether it can be solved".to_owned()
            });
            if let Some(bounds) = &a.cost_bounds {
                parts.push(match &bounds.best {
                    Some(best) => format!(
                        "cost between {} and {}",
                        format_cost(bounds.lower),
                        format_cost(best.cost)
                    ),
                    None => format!("cost at least {}", format_cost(bounds.lower)),
                });
            }
            theme.warning
        }
    };
    if a.solvable != Some(false) {
        parts.push(dead_ends_words(a));
    }
    if a.is_complete() {
        parts.push(time);
    } else {
        parts.push(match a.stopped {
            Some(Stop::Cancelled) => format!("analysis cancelled after {time}"),
            Some(Stop::States) => format!(
                "search incomplete after {time}: more states than the editor keeps in memory"
            ),
            _ => format!(
                "search incomplete within the {:.0} s limit (raise it under View, Live Analysis \
                 Time Limit)",
                state.limit_secs
            ),
        });
    }
    (parts.join(" · "), color)
}

fn dead_ends_words(a: &Analysis) -> String {
    let d = &a.dead_ends;
    match (d.exist, d.states) {
        (Some(false), _) => "no dead ends".to_owned(),
        (_, Some(n)) if d.complete => count(n as u64, "dead-end state"),
        (Some(true), _) if d.complete => kinds_of_dead_end(d.kinds),
        (_, _) if d.kinds > 0 => format!("{} found so far", kinds_of_dead_end(d.kinds)),
        _ => "dead ends not worked out yet".to_owned(),
    }
}

/// `1 kind of dead end`, `4 kinds of dead end`: the plural goes on
/// "kind" ([`count`] put it on the end: "4 kind of dead ends").
fn kinds_of_dead_end(n: usize) -> String {
    format!("{n} kind{} of dead end", if n == 1 { "" } else { "s" })
}

/// What the status bar shows beside the level's summary.
pub struct Bar<'a> {
    /// The last message, while it is fresh.
    pub message: Option<&'a str>,
    /// The canvas' zoom (1 is 100 %).
    pub zoom: f32,
    /// An Arrange being worked out: what it lays out and the share done.
    pub arranging: Option<(String, f32)>,
}

/// Draws the status bar: the summary, an Arrange under way with its
/// progress and Stop, then the message, the selection and the zoom.
pub fn status_ui(ui: &mut Ui, view: &View<'_>, bar: &Bar<'_>, out: &mut Vec<Intent>) {
    let (message, zoom) = (bar.message, bar.zoom);
    ui.horizontal(|ui| {
        let (text, color) = summary(view);
        let running = view.solver.running;
        ui.label(RichText::new(text).color(color).strong());
        if running {
            ui.spinner();
        }
        if let Some((what, done)) = &bar.arranging {
            ui.separator();
            ui.label(what.as_str());
            ui.add(
                egui::ProgressBar::new(*done)
                    .desired_width(90.0)
                    .show_percentage(),
            );
            if ui
                .button("⏹ Stop arranging")
                .on_hover_text("Stop the layout: the rooms stay where they are")
                .clicked()
            {
                out.push(Intent::StopArranging);
            }
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(RichText::new(format!("{:.0}%", zoom * 100.0)).color(view.theme.weak_text));
            if !view.selection.is_empty() {
                ui.label(
                    RichText::new(format!("{} selected", view.selection.len()))
                        .color(view.theme.weak_text),
                );
            }
            if let Some(message) = message {
                // In the room the summary leaves, cut short with its whole
                // text on hover: a long error (a path, a line and column)
                // was drawn over the summary.
                ui.add(egui::Label::new(message).truncate());
            }
        });
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn kinds_of_dead_end_are_counted_in_plain_words() {
        assert_eq!(super::kinds_of_dead_end(1), "1 kind of dead end");
        assert_eq!(super::kinds_of_dead_end(4), "4 kinds of dead end");
    }
}
