//! A batch candidate previewed on the canvas: the canvas draws it in place
//! of the level, read-only (what it asks for is dropped), under a banner
//! that says the level being edited is unchanged. The lists show its keys,
//! levers and problems, and the status bar and the inspector say what is
//! shown. The document is untouched.

use egui::{Align2, RichText, Ui};

use crate::editor::status::count;

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
    /// The candidate's key colours.
    colors: Vec<crate::model::Rgb>,
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
                self.colors = crate::model::palette::key_colors(level);
            }
            None => {
                self.report = Report::default();
                self.index = None;
                self.colors = Vec::new();
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
        let index = self.index.as_ref()?;
        Some(View {
            level,
            // A preview never changes: its id, kept apart from document
            // revisions by the top bit.
            revision: self.id.unwrap_or(0) | 1 << 63,
            labels: crate::model::Labels::with_index(level, index),
            index,
            report: &self.report,
            mechanics: None,
            key_colors: &self.colors,
            selection: &self.selection,
            solver: &self.solver,
            theme,
            prefs,
            play: None,
            background: &crate::editor::background::BackdropState::None,
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
                         \u{201c}Use this one\u{201d} in the Generate panel applies it."
                    ))
                    .color(theme.solution),
                );
            });
        });
}

/// The status bar while a candidate is previewed: what it is, not the
/// analysis of the level being edited.
pub fn status_ui(ui: &mut Ui, seed: u64, view: &View<'_>) {
    let level = view.level;
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "Preview of seed {seed}: {}, {}, {}, {}",
                count(level.rooms.len() as u64, "room"),
                count(level.doors.len() as u64, "door"),
                count(level.keys.len() as u64, "key"),
                count(level.levers.len() as u64, "lever"),
            ))
            .color(view.theme.solution)
            .strong(),
        );
        ui.label(RichText::new("read-only").color(view.theme.weak_text));
    });
}

/// The lists while a candidate is previewed: its keys, levers and what
/// validation says, read-only; its measures are in the Generate window's
/// table.
pub fn lists_ui(ui: &mut Ui, seed: u64, view: &View<'_>) {
    ui.label(
        RichText::new(format!(
            "Seed {seed}, previewed. Its score and measures are in the Generate panel\u{2019}s table."
        ))
        .color(view.theme.weak_text),
    );
    ui.separator();
    // Read-only: what the rows ask for is dropped. Sections of their own:
    // folding one leaves the document's as they were.
    ui.push_id("preview", |ui| {
        crate::editor::lists::unanalysed_ui(ui, view, &mut Vec::new());
    });
}

/// The inspector while a candidate is previewed: nothing in it can be
/// edited until it is used.
pub fn inspector_ui(ui: &mut Ui, seed: u64, theme: &Theme) {
    ui.heading(format!("Preview of seed {seed}"));
    ui.label(
        RichText::new(
            "Nothing of a preview can be edited. \u{201c}Use this one\u{201d} in the Generate \
             window makes it the level being edited, as one step you can undo.",
        )
        .color(theme.weak_text),
    );
}
