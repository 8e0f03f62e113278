//! Shortcuts from the action list, and arrow-key nudging.

use egui::{Key, Modifiers};

use super::EditorApp;
use crate::document::LevelCommand;
use crate::editor::actions::{Action, is_text_key};
use crate::editor::intent::Intent;
use crate::editor::theme::GRID;

impl EditorApp {
    /// Shortcuts from the action list, and arrow-key nudging.
    pub(super) fn keyboard(&mut self, ctx: &egui::Context, out: &mut Vec<Intent>) {
        // While a text field has the keyboard, its editing keys are its own.
        let typing = ctx.egui_wants_keyboard_input();
        if self.close_on_escape(ctx) {
            return;
        }
        // Esc with a menu or popup open closes it (egui does), and does
        // nothing else: it neither ends play nor clears the selection.
        let popup = egui::Popup::is_any_open(ctx);
        let mut shortcuts: Vec<(Action, egui::KeyboardShortcut)> = Action::ALL
            .iter()
            .flat_map(|&a| {
                a.shortcut()
                    .into_iter()
                    .chain(a.alternatives().iter().copied())
                    .map(move |s| (a, s))
            })
            .filter(|(_, s)| !(typing && is_text_key(*s)))
            .filter(|(_, s)| !(popup && s.logical_key == Key::Escape))
            .collect();
        // Most modifiers first, so Ctrl+Shift+Z is not taken for Ctrl+Z.
        shortcuts.sort_by_key(|(_, s)| {
            std::cmp::Reverse(
                s.modifiers.shift as u8 + s.modifiers.command as u8 + s.modifiers.alt as u8,
            )
        });
        for (action, shortcut) in shortcuts {
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
                out.push(Intent::Action(action));
            }
        }
        if typing {
            return;
        }
        clipboard_events(ctx, out);
        // While stepping through a plan, the arrow keys step.
        if let crate::editor::playback::Mode::View(viewer) = &self.mode {
            let (back, on) = ctx.input(|i| {
                (
                    i.key_pressed(Key::ArrowLeft),
                    i.key_pressed(Key::ArrowRight),
                )
            });
            let at = viewer.at;
            if back || on {
                let to = if on { at + 1 } else { at.saturating_sub(1) };
                out.push(Intent::Playback(crate::editor::intent::Playback::Seek(to)));
            }
            return;
        }
        let step = if self.prefs.grid { GRID } else { 10.0 };
        let nudge = ctx.input(|i| {
            let mut d = egui::Vec2::ZERO;
            for (key, v) in [
                (Key::ArrowLeft, egui::vec2(-1.0, 0.0)),
                (Key::ArrowRight, egui::vec2(1.0, 0.0)),
                (Key::ArrowUp, egui::vec2(0.0, -1.0)),
                (Key::ArrowDown, egui::vec2(0.0, 1.0)),
            ] {
                if i.key_pressed(key) && i.modifiers == Modifiers::NONE {
                    d += v * step;
                }
            }
            d
        });
        if nudge != egui::Vec2::ZERO {
            let level = self.doc.level();
            let moves: Vec<_> = self
                .selection
                .rooms()
                .filter_map(|id| level.room(id))
                .map(|r| {
                    let [x, y] = r.pos.unwrap_or_default();
                    (
                        r.id.clone(),
                        [x + f64::from(nudge.x), y + f64::from(nudge.y)],
                    )
                })
                .collect();
            if !moves.is_empty() {
                // A burst of nudges of the same rooms is one undo step.
                let rooms: Vec<&str> = moves.iter().map(|(id, _)| id.as_str()).collect();
                let key = format!("nudge:{}", rooms.join(","));
                out.push(Intent::EditMerging(LevelCommand::MoveRooms(moves), key));
            }
        }
    }
}

/// The platform's Copy, Cut and Paste (what Ctrl+C, Ctrl+X and Ctrl+V become
/// in a real window), taken from the events.
fn clipboard_events(ctx: &egui::Context, out: &mut Vec<Intent>) {
    let events: Vec<egui::Event> = ctx.input_mut(|i| {
        let (ours, rest): (Vec<_>, Vec<_>) =
            std::mem::take(&mut i.events).into_iter().partition(|e| {
                matches!(
                    e,
                    egui::Event::Copy | egui::Event::Cut | egui::Event::Paste(_)
                )
            });
        i.events = rest;
        ours
    });
    for event in events {
        out.push(match event {
            egui::Event::Copy => Intent::Action(Action::Copy),
            egui::Event::Cut => Intent::Action(Action::Cut),
            egui::Event::Paste(text) => Intent::PasteText(text),
            _ => continue,
        });
    }
}

impl EditorApp {
    /// Escape closes the help sheet or Find before it does anything else;
    /// true when it did.
    fn close_on_escape(&mut self, ctx: &egui::Context) -> bool {
        let open = self.show_help || self.find.is_open();
        if open && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            self.show_help = false;
            self.find.close();
            return true;
        }
        false
    }
}
