//! The panel under the canvas while stepping through a plan or playing:
//! controls, the step, and what the player holds.

use egui::{RichText, Ui};

use super::actions::Action;
use super::intent::{Intent, Playback};
use super::playback::{Mode, Play, Source, Tone, Viewer};
use super::theme::Theme;
use super::view::View;
use crate::model::format_cost;
use crate::model::palette;
use crate::rules::{PlayState, Step};

/// Draws the panel for `mode` (nothing while editing).
pub fn playback_ui(ui: &mut Ui, view: &View<'_>, mode: &Mode, out: &mut Vec<Intent>) {
    match mode {
        Mode::Edit => {}
        Mode::View(viewer) => viewer_ui(ui, view, viewer, out),
        Mode::Play(play) => play_ui(ui, view, play, out),
    }
}

fn viewer_ui(ui: &mut Ui, view: &View<'_>, viewer: &Viewer, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let n = viewer.steps.len();
    ui.horizontal(|ui| {
        ui.strong(viewer.source.title());
        let analysis = view.solver.analysis();
        let differs = analysis.is_some_and(|a| match (&a.plan, &a.min_pulls) {
            (Some(p), Some(m)) => p.pulls != m.pulls,
            _ => false,
        });
        if differs {
            for (source, label) in [
                (Source::Solution, "Least cost"),
                (Source::MinPulls, "Fewest pulls"),
            ] {
                if ui
                    .selectable_label(viewer.source == source, label)
                    .clicked()
                {
                    out.push(Intent::Playback(Playback::Show(source)));
                }
            }
        }
        ui.separator();
        seek_buttons(
            ui,
            &[
                ("⏮", "Back to the start", 0, viewer.at > 0),
                (
                    "⏪",
                    "One step back",
                    viewer.at.saturating_sub(1),
                    viewer.at > 0,
                ),
            ],
            out,
        );
        let play_label = if viewer.playing { "⏸" } else { "⏵" };
        if ui
            .button(play_label)
            .on_hover_text("Play or pause")
            .clicked()
        {
            out.push(Intent::Playback(Playback::TogglePlaying));
        }
        seek_buttons(
            ui,
            &[
                ("⏩", "One step on", (viewer.at + 1).min(n), viewer.at < n),
                ("⏭", "To the last step", n, viewer.at < n),
            ],
            out,
        );
        let mut at = viewer.at;
        if ui
            .add(egui::Slider::new(&mut at, 0..=n).text(format!("of {n}")))
            .changed()
        {
            out.push(Intent::Playback(Playback::Seek(at)));
        }
        let mut speed = viewer.speed;
        if ui
            .add(
                egui::DragValue::new(&mut speed)
                    .range(0.25..=20.0)
                    .speed(0.05)
                    .suffix(" steps/s"),
            )
            .changed()
        {
            out.push(Intent::Playback(Playback::Speed(speed)));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("✖ Close")
                .on_hover_text("Back to editing (Esc)")
                .clicked()
            {
                out.push(Intent::Playback(Playback::Stop));
            }
        });
    });
    let level = view.level;
    let step = match (viewer.at, viewer.current()) {
        (0, _) | (_, None) => format!("At the start, in {}", labels.room(&level.start)),
        (k, Some(step)) => format!("Step {k}: {}", step_words(view, step)),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(step).strong());
        if let Some(play) = view.play {
            inventory_ui(ui, view, play.state());
            levers_ui(ui, view);
        }
    });
    if let Some(why) = viewer.why.as_ref().filter(|_| viewer.at == n) {
        let lines = super::findings::dead_end_lines(labels, why, n);
        ui.label(RichText::new(format!("Stuck: {}", lines.join("; "))).color(view.theme.bad));
    }
}

/// Buttons that jump to a step: `(label, tooltip, step, enabled)`.
fn seek_buttons(ui: &mut Ui, buttons: &[(&str, &str, usize, bool)], out: &mut Vec<Intent>) {
    for &(label, tip, to, enabled) in buttons {
        if ui
            .add_enabled(enabled, egui::Button::new(label))
            .on_hover_text(tip)
            .clicked()
        {
            out.push(Intent::Playback(Playback::Seek(to)));
        }
    }
}

fn play_ui(ui: &mut Ui, view: &View<'_>, play: &Play, out: &mut Vec<Intent>) {
    let labels = view.labels();
    let level = view.level;
    let state = &play.shown().state;
    ui.horizontal(|ui| {
        ui.strong("Playing");
        let count = |n: u32, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let here = level.rooms.get(state.room()).map(|r| labels.room(&r.id));
        ui.label(format!(
            "in {} · {} · {} · cost {}",
            here.unwrap_or_default(),
            count(state.moves(), "move"),
            count(state.pulls(), "pull"),
            format_cost(state.cost())
        ));
        ui.separator();
        let ready = play.is_ready();
        action_button(ui, Action::PlayHint, "Hint", ready, Playback::Hint, out);
        let undo = ready && !play.log.is_empty();
        action_button(
            ui,
            Action::Undo,
            "⟲ Undo step",
            undo,
            Playback::UndoStep,
            out,
        );
        if ui.button("⏮ Restart").clicked() {
            out.push(Intent::Playback(Playback::Restart));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("✖ Stop playing")
                .on_hover_text("Back to editing (Esc)")
                .clicked()
            {
                out.push(Intent::Playback(Playback::Stop));
            }
        });
    });
    ui.horizontal_wrapped(|ui| {
        inventory_ui(ui, view, state);
        levers_ui(ui, view);
    });
    history_ui(ui, view, play);
    let hint = "Click a neighbouring room to walk there; click a lever in this room to pull it.";
    match &play.message {
        Some((text, tone)) => {
            let color = match tone {
                Tone::Info => view.theme.room_text,
                Tone::Good => view.theme.good,
                Tone::Bad => view.theme.bad,
            };
            ui.label(RichText::new(text).color(color).strong());
        }
        None => {
            ui.label(RichText::new(hint).color(view.theme.weak_text));
        }
    }
}

/// A play button read from the action list: its tooltip and shortcut.
fn action_button(
    ui: &mut Ui,
    action: Action,
    text: &str,
    enabled: bool,
    request: Playback,
    out: &mut Vec<Intent>,
) {
    let shortcut = action.shortcut_text(ui.ctx());
    let tip = format!("{} ({shortcut})", action.tooltip());
    if ui
        .add_enabled(enabled, egui::Button::new(text))
        .on_hover_text(tip)
        .clicked()
    {
        out.push(Intent::Playback(request));
    }
}

/// Most steps of the play log listed; earlier ones are counted, except the
/// point of no return, which is always listed.
const STEPS_LISTED: usize = 10;

/// The steps taken, the point of no return marked.
fn history_ui(ui: &mut Ui, view: &View<'_>, play: &Play) {
    if play.log.is_empty() {
        return;
    }
    let labels = view.labels();
    let no_return = play.stuck.as_ref().and_then(|s| s.step);
    let first = play.log.len().saturating_sub(STEPS_LISTED);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Steps:").color(view.theme.weak_text));
        if first > 0 {
            ui.label(RichText::new(format!("{first} earlier")).color(view.theme.weak_text));
        }
        for (i, step) in play.log.iter().enumerate() {
            let number = i + 1;
            let fatal = no_return == Some(number);
            if i < first && !fatal {
                continue;
            }
            let words = format!("{number}. {}", short_step(view, step));
            if fatal {
                let text = RichText::new(format!("⚠ {words}"))
                    .color(view.theme.bad)
                    .strong();
                ui.label(text).on_hover_text(format!(
                    "The point of no return: {}",
                    super::findings::step_words(labels, step)
                ));
            } else {
                ui.label(words);
            }
        }
    });
}

/// A step in few words: "d2 to r3", "pull l1".
fn short_step(view: &View<'_>, step: &Step) -> String {
    match step {
        Step::Move { door, to } => format!("{door} to {}", view.labels().room(to)),
        Step::Pull { lever } => format!("pull {lever}"),
        Step::Pickup { key } => format!("pick up {key}"),
    }
}

/// Keys held, and the items of each kind in hand (small keys included).
fn inventory_ui(ui: &mut Ui, view: &View<'_>, state: &PlayState) {
    let labels = view.labels();
    let level = view.level;
    ui.label(RichText::new("Holding:").color(view.theme.weak_text));
    let mut any = false;
    for (k, key) in level.keys.iter().enumerate() {
        if state.picked().get(k) == Some(&true) && key.kind_name().is_none() {
            any = true;
            let color =
                Theme::key((view.key_colors.get(k).copied()).unwrap_or(palette::KEY_COLORS[0]));
            ui.label(RichText::new("■").color(color));
            ui.label(labels.key(&key.id));
        }
    }
    let kinds = crate::rules::mechanics::kind_names(level);
    for (kind, &n) in kinds.iter().zip(state.items_in_hand()) {
        if n == 0 {
            continue;
        }
        any = true;
        let text = if kind == crate::model::SMALL {
            format!("{n} small key{}", if n == 1 { "" } else { "s" })
        } else {
            format!("{n} {kind}")
        };
        ui.label(RichText::new(text).color(view.theme.small_key));
    }
    if !any {
        ui.label(RichText::new("nothing").color(view.theme.weak_text));
    }
}

/// Most levers listed one by one with their position; past it, only the
/// levers that are down are named.
const LEVERS_LISTED: usize = 12;

/// Where every lever stands: up, or down (pulled an odd number of times).
fn levers_ui(ui: &mut Ui, view: &View<'_>) {
    let level = view.level;
    let Some(play) = view.play.filter(|_| !level.levers.is_empty()) else {
        return;
    };
    ui.separator();
    ui.label(RichText::new("Levers:").color(view.theme.weak_text))
        .on_hover_text("Down: pulled an odd number of times; up: an even number");
    let lever_text = |l: usize, id: &crate::model::LeverId| {
        let down = play.lever_down(l);
        let used = level.levers[l].once && down;
        let mut text = format!("{id} {}", crate::editor::inspector::arrow(down));
        if used {
            text.push_str(" (used)");
        }
        RichText::new(text).color(view.theme.lever)
    };
    if level.levers.len() <= LEVERS_LISTED {
        for (l, lever) in level.levers.iter().enumerate() {
            ui.label(lever_text(l, &lever.id));
        }
        return;
    }
    let down: Vec<_> = (level.levers.iter().enumerate())
        .filter(|(l, _)| play.lever_down(*l))
        .collect();
    if down.is_empty() {
        ui.label(RichText::new("all up").color(view.theme.lever));
    }
    for (l, lever) in down {
        ui.label(lever_text(l, &lever.id));
    }
}

fn step_words(view: &View<'_>, step: &Step) -> String {
    let labels = view.labels();
    let level = view.level;
    match step {
        Step::Move { door, to } => format!("through {} to {}", labels.door(door), labels.room(to)),
        Step::Pull { lever } => match level.lever(lever) {
            Some(l) => {
                let doors: Vec<&str> = l.toggles.iter().map(crate::model::DoorId::as_str).collect();
                format!("pull {} (flips {})", labels.lever(lever), doors.join(", "))
            }
            None => format!("pull {lever}"),
        },
        Step::Pickup { key } => format!("pick up {}", labels.key(key)),
    }
}
