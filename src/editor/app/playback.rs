//! Stepping through plans and playing: the app's side of [`Mode`].

use std::time::Instant;

use super::EditorApp;
use crate::editor::intent::Playback;
use crate::editor::playback::{Mode, Play, PlayContext, Viewer};
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

    /// Takes in the answers of the play-mode checks, and asks the new ones.
    pub(super) fn poll_play_check(&mut self) {
        let answers = self.play_check.answers();
        if let Mode::Play(play) = &mut self.mode {
            for (turn, dead) in answers {
                play.checked(turn, dead);
            }
            if let Some((turn, level)) = play.take_check() {
                self.play_check.ask(turn, level);
            }
        }
    }

    /// Carries out a request of the plan viewer or the play mode.
    pub(super) fn playback(&mut self, request: Playback) {
        let rules = Rules::new(self.doc.level());
        let analysis = self.solver.state().analysis();
        let cx = |rules| PlayContext { rules, analysis };
        match (request, &mut self.mode) {
            (Playback::Show(source), _) => match self
                .solver
                .state()
                .analysis()
                .and_then(|a| Viewer::new(source, a))
            {
                Some(viewer) => {
                    self.mode = Mode::View(viewer);
                    self.mode_revision = self.doc.revision();
                }
                None => {
                    self.say("There is no such plan yet: wait for the solver, or fix the level");
                }
            },
            (Playback::StartPlay | Playback::Restart, _) => match &rules {
                Ok(rules) => {
                    self.mode = Mode::Play(Box::new(Play::new(&cx(rules))));
                    self.mode_revision = self.doc.revision();
                }
                Err(e) => self.say(e.to_string()),
            },
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
                if let Ok(rules) = &rules {
                    p.walk_to(&cx(rules), &room);
                }
            }
            (Playback::Pull(lever), Mode::Play(p)) => {
                if let Ok(rules) = &rules {
                    p.pull(&cx(rules), &lever);
                }
            }
            (Playback::UndoStep, Mode::Play(p)) => {
                if let Ok(rules) = &rules {
                    p.undo(&cx(rules));
                }
            }
            _ => {}
        }
    }
}
