//! Shortcuts from the action list, and arrow-key nudging.

use egui::{Key, Modifiers};

use super::EditorApp;
use crate::document::LevelCommand;
use crate::editor::actions::Action;
use crate::editor::intent::Intent;
use crate::editor::theme::GRID;

impl EditorApp {
    /// Shortcuts from the action list, and arrow-key nudging.
    pub(super) fn keyboard(&mut self, ctx: &egui::Context, out: &mut Vec<Intent>) {
        let typing = ctx.egui_wants_keyboard_input();
        let mut shortcuts: Vec<(Action, egui::KeyboardShortcut)> = Action::ALL
            .iter()
            .flat_map(|&a| {
                a.shortcut()
                    .into_iter()
                    .chain(a.alternatives().iter().copied())
                    .map(move |s| (a, s))
            })
            .filter(|(a, _)| !(typing && a.is_plain_key()))
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
