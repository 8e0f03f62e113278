//! A batch candidate previewed on the canvas: the canvas draws it in place
//! of the level, read-only (what it asks for is dropped), under a banner
//! that says the level being edited is unchanged. The document is untouched.

use egui::{Align2, RichText, Ui};

use crate::editor::live_solver::SolverState;
use crate::editor::prefs::Prefs;
use crate::editor::selection::Selection;
use crate::editor::theme::Theme;
use crate::editor::view::View;
use crate::model::{Level, LevelIndex};
use crate::validate::{Report, validate};

/// The preview's index and validation, for the preview they were made for.
#[derive(Default)]
pub struct Preview {
    id: Option<u64>,
    report: Report,
    index: Option<LevelIndex>,
    selection: Selection,
    solver: SolverState,
}

impl Preview {
    /// Follows the generator window's preview (`id`, seed, level); true when
    /// it changed, so the canvas should fit the new level in view.
    pub fn refresh(&mut self, shown: Option<(u64, u64, &Level)>) -> bool {
        let id = shown.map(|(id, _, _)| id);
        if id == self.id {
            return false;
        }
        self.id = id;
        match shown {
            Some((_, _, level)) => {
                self.report = validate(level);
                self.index = Some(LevelIndex::new(level));
            }
            None => {
                self.report = Report::default();
                self.index = None;
            }
        }
        true
    }

    /// What the canvas reads while `level` is previewed: nothing selected,
    /// no solution drawn.
    pub fn view<'a>(
        &'a self,
        level: &'a Level,
        theme: &'a Theme,
        prefs: &'a Prefs,
    ) -> Option<View<'a>> {
        Some(View {
            level,
            index: self.index.as_ref()?,
            report: &self.report,
            selection: &self.selection,
            solver: &self.solver,
            theme,
            prefs,
            play: None,
        })
    }
}

/// The banner over the canvas while a candidate is previewed.
pub fn banner(ui: &Ui, seed: u64, theme: &Theme) {
    egui::Area::new(egui::Id::unique("lockwork-preview-banner"))
        .anchor(Align2::CENTER_BOTTOM, [0.0, -8.0])
        .interactable(false)
        .constrain_to(ui.max_rect())
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(
                    RichText::new(format!(
                        "Preview of seed {seed}: the level being edited is unchanged. \
                         \u{201c}Use this one\u{201d} in the Generate window applies it."
                    ))
                    .color(theme.solution),
                );
            });
        });
}
