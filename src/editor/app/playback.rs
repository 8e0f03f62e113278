//! Stepping through plans and playing: the app's side of [`Mode`]. Play
//! runs on a [`crate::play::Session`] whose guide a worker makes.

use std::time::Instant;

use super::EditorApp;
use crate::editor::intent::Playback;
use crate::editor::playback::{Mode, Play, PlayContext, Tone, Viewer};
use crate::model::ItemId;
use crate::rules::Rules;

impl EditorApp {
    /// Advances a playing viewer; leaves the mode when the level changed.
    pub(super) fn tick_mode(&mut self, ctx: &egui::Context) {
        if !matches!(self.mode, Mode::Edit) && self.doc.revision() != self.mode_revision {
            self.mode = Mode::Edit;
            self.say("The level changed, so playback stopped");
        }
        if let Mode::View(viewer) = &mut self.mode
            && let Some(next) = viewer.tick(Instant::now())
        {
            ctx.request_repaint_after(next);
        }
    }

    /// Takes in the guides the worker made, and starts the game waiting
    /// for one.
    pub(super) fn poll_play_guide(&mut self, ctx: &egui::Context) {
        for (revision, made) in self.play_guides.answers() {
            match made {
                Ok(guide) => self.guide = Some((revision, guide)),
                Err(e) if revision == self.doc.revision() => {
                    self.mode = Mode::Edit;
                    self.say(format!("Cannot play: {e}"));
                }
                Err(_) => {}
            }
        }
        let analysis = self.solver.state().analysis();
        let guide = self
            .guide
            .as_ref()
            .filter(|(r, _)| *r == self.doc.revision());
        if let Mode::Play(play) = &mut self.mode {
            if play.is_ready() {
                return;
            }
            match guide {
                Some((_, guide)) => {
                    play.ready(&PlayContext { analysis }, guide.clone());
                    self.follow_player(true);
                }
                None => {
                    let states = self.play_guides.progress();
                    let text = format!(
                        "Getting the level ready for play: {states} states of play explored…"
                    );
                    play.message = Some((text, Tone::Info));
                    ctx.request_repaint_after(std::time::Duration::from_millis(50));
                }
            }
        }
    }

    /// Keeps the player's room in view: on every step, pans when it nears
    /// the edge; at the start of play, zooms in far enough to read it too.
    pub(super) fn follow_player(&mut self, starting: bool) {
        let Mode::Play(play) = &self.mode else {
            return;
        };
        let level = self.doc.level();
        let Some(room) = level.rooms.get(play.shown().state.room()) else {
            return;
        };
        let item = ItemId::Room(room.id.clone());
        self.canvas
            .follow_item(level, self.cached.1.index(), &item, starting);
    }

    /// The game at the start of the level as it stands now, its guide asked
    /// of the worker unless it is made already.
    fn start_play(&mut self) {
        let level = self.doc.level();
        match Rules::new(level) {
            Ok(rules) => {
                self.mode = Mode::Play(Box::new(Play::waiting(&rules)));
                self.mode_revision = self.doc.revision();
                let made = (self.guide.as_ref()).is_some_and(|(r, _)| *r == self.doc.revision());
                if !made {
                    self.guide = None;
                    self.play_guides.ask(self.doc.revision(), level.clone());
                }
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    /// Carries out a request of the plan viewer or the play mode.
    pub(super) fn playback(&mut self, request: Playback) {
        let analysis = self.solver.state().analysis();
        let cx = PlayContext { analysis };
        match (request, &mut self.mode) {
            (Playback::Show(source), _) => match analysis.and_then(|a| Viewer::new(source, a)) {
                Some(viewer) => {
                    self.mode = Mode::View(viewer);
                    self.mode_revision = self.doc.revision();
                }
                None => {
                    self.say("There is no such plan yet: wait for the solver, or fix the level");
                }
            },
            (Playback::StartPlay | Playback::Restart, _) => self.start_play(),
            (Playback::Stop, _) => self.mode = Mode::Edit,
            (Playback::Seek(n), Mode::View(v)) => {
                v.at = n.min(v.steps.len());
                v.playing = false;
            }
            (Playback::TogglePlaying, Mode::View(v)) => {
                if v.at >= v.steps.len() {
                    v.at = 0;
                }
                v.playing = !v.playing;
            }
            (Playback::Speed(speed), Mode::View(v)) => v.speed = speed,
            (Playback::Walk(room), Mode::Play(p)) => {
                p.walk_to(&cx, &room);
                self.follow_player(false);
            }
            (Playback::Pull(lever), Mode::Play(p)) => p.pull(&cx, &lever),
            (Playback::UndoStep, Mode::Play(p)) => {
                p.undo(&cx);
                self.follow_player(false);
            }
            (Playback::Hint, Mode::Play(p)) => p.ask_hint(),
            (Playback::Hint, _) => {
                self.say("Hint works while playing: start with Play ▸ Play Level (F6)");
            }
            _ => {}
        }
    }

    /// Undo (Ctrl+Z): in play, the last step of the game; else the last
    /// change to the level.
    pub(super) fn undo(&mut self) {
        if matches!(self.mode, Mode::Play(_)) {
            self.playback(Playback::UndoStep);
            return;
        }
        match self.doc.undo() {
            Some(label) => self.say(format!("Undid {label}")),
            None => self.say("Nothing to undo"),
        }
    }
}
