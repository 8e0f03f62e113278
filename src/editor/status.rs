//! The status bar: solvable or not, least cost, pulls, dead ends, solver time.

use egui::{RichText, Ui};

use super::live_solver::Outcome;
use super::view::View;
use crate::cli::format_cost;

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
        Outcome::TooLarge(why) => (format!("Too large to solve live: {why}"), theme.warning),
        Outcome::Failed(why) => (format!("Solver failed: {why}"), theme.bad),
        Outcome::Analysed(a) => {
            let time = format!("{:.1} ms", state.elapsed.as_secs_f64() * 1000.0);
            let dead = match a.dead_end_states {
                0 => "no dead ends".to_owned(),
                n => format!("{n} dead-end state{}", if n == 1 { "" } else { "s" }),
            };
            match &a.plan {
                Some(plan) => {
                    let min = a
                        .min_pulls
                        .as_ref()
                        .map_or_else(|| "–".to_owned(), |p| p.pulls.to_string());
                    let text = format!(
                        "✔ Solvable · cost {} · {} moves · {} pulls · min pulls {min} · {dead} · {time}",
                        format_cost(plan.cost),
                        plan.moves,
                        plan.pulls
                    );
                    (
                        text,
                        if a.dead_end_states == 0 {
                            theme.good
                        } else {
                            theme.warning
                        },
                    )
                }
                None => (
                    format!(
                        "✖ Unsolvable · {} states explored · {time}",
                        a.states_explored
                    ),
                    theme.bad,
                ),
            }
        }
    }
}

/// Draws the status bar.
pub fn status_ui(ui: &mut Ui, view: &View<'_>, message: Option<&str>, zoom: f32) {
    ui.horizontal(|ui| {
        let (text, color) = summary(view);
        let running = view.solver.running;
        ui.label(RichText::new(text).color(color).strong());
        if running {
            ui.spinner();
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
                ui.label(message);
            }
        });
    });
}
