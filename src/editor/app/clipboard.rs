//! Copy, cut, paste and duplicate. A copy goes to the system clipboard as a
//! level file and stays here too, with what it points at outside itself, so
//! pasting in this window keeps locks and wiring that pasting elsewhere cannot.

use super::EditorApp;
use crate::document::{Clip, LevelCommand};
use crate::editor::theme::GRID;
use crate::export::geometry::room_centers;
use crate::model::ItemId;

/// Space kept between pasted rooms and the rooms already there.
const GAP: f64 = 20.0;

impl EditorApp {
    /// The selection as a clip, or a message when it holds no room.
    fn clip_of_selection(&mut self) -> Option<Clip> {
        let items: Vec<ItemId> = self.selection.iter().cloned().collect();
        let clip = Clip::of(self.doc.level(), &items);
        if clip.is_empty() {
            self.say("Select rooms to copy: their doors, keys and levers come with them");
            return None;
        }
        Some(clip)
    }

    pub(super) fn copy(&mut self, ctx: &egui::Context) {
        let Some(clip) = self.clip_of_selection() else {
            return;
        };
        let text = clip.to_text();
        ctx.copy_text(text.clone());
        self.say(format!("Copied {}", describe(&clip)));
        self.clipboard = Some((clip, text));
    }

    pub(super) fn cut(&mut self, ctx: &egui::Context) {
        let Some(clip) = self.clip_of_selection() else {
            return;
        };
        let text = clip.to_text();
        ctx.copy_text(text.clone());
        let rooms = clip
            .rooms
            .iter()
            .map(|r| ItemId::Room(r.id.clone()))
            .collect();
        self.edit(
            LevelCommand::Batch {
                label: "cut",
                commands: vec![LevelCommand::Delete(rooms)],
            },
            None,
        );
        self.say(format!("Cut {}", describe(&clip)));
        self.clipboard = Some((clip, text));
    }

    /// Pastes `text` from the system clipboard (our own copy, or any level
    /// file), or with `None` what was copied here.
    pub(super) fn paste(&mut self, text: Option<String>) {
        let clip = match (&self.clipboard, text) {
            (Some((clip, ours)), Some(text)) if *ours == text => Some(clip.clone()),
            (_, Some(text)) => Clip::from_text(&text),
            (Some((clip, _)), None) => Some(clip.clone()),
            (None, None) => None,
        };
        let Some(clip) = clip else {
            self.say("Nothing to paste: copy rooms first (Ctrl+C)");
            return;
        };
        let centers = clip.centers();
        let mid = middle(&centers);
        // Where the pointer is on the canvas, else the middle of the view.
        let target = self
            .canvas
            .pointer()
            .unwrap_or_else(|| self.canvas.scene_rect.center());
        let want = [f64::from(target.x) - mid[0], f64::from(target.y) - mid[1]];
        self.paste_at(clip, want);
    }

    /// Pastes a copy of the selected rooms beside them.
    pub(super) fn duplicate(&mut self) {
        let Some(clip) = self.clip_of_selection() else {
            return;
        };
        let want = [2.0 * f64::from(GRID), 2.0 * f64::from(GRID)];
        self.paste_at(clip, want);
    }

    /// Pastes `clip` moved by the free offset nearest to `want`.
    fn paste_at(&mut self, clip: Clip, want: [f64; 2]) {
        let occupied = room_centers(self.doc.level());
        let offset =
            crate::layout::free_offset(&occupied, &clip.centers(), want, f64::from(GRID), GAP);
        let what = describe(&clip);
        self.edit(
            LevelCommand::Paste {
                clip: Box::new(clip),
                offset,
            },
            None,
        );
        self.say(format!("Pasted {what} with fresh ids"));
    }
}

fn middle(points: &[[f64; 2]]) -> [f64; 2] {
    let n = points.len().max(1) as f64;
    let sum = points
        .iter()
        .fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
    [sum[0] / n, sum[1] / n]
}

/// "3 rooms, 2 doors, 1 key".
fn describe(clip: &Clip) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut parts = vec![count(clip.rooms.len(), "room")];
    for (n, what) in [
        (clip.doors.len(), "door"),
        (clip.keys.len(), "key"),
        (clip.levers.len(), "lever"),
    ] {
        if n > 0 {
            parts.push(count(n, what));
        }
    }
    parts.join(", ")
}
