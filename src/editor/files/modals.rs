//! The questions and notes the file handling draws itself: "Save changes?",
//! an error with every problem listed, and the note shown while a native
//! dialog is open.

use egui::{Align2, Id, Modal, RichText};

use crate::editor::theme::Theme;

/// Width of the file modals, in points.
pub(super) const MODAL_WIDTH: f32 = 420.0;

/// The answer to "Save changes to NAME?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Save first, then go on if the save worked.
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Do nothing.
    Cancel,
}

/// Asks whether to save the changes to `name`; `None` while unanswered.
pub(super) fn confirm_ui(ctx: &egui::Context, name: &str, theme: &Theme) -> Option<Answer> {
    let modal = Modal::new(Id::unique("lockwork-files-confirm")).show(ctx, |ui| {
        ui.set_width(MODAL_WIDTH);
        ui.heading(format!("Save changes to {name}?"));
        ui.add_space(4.0);
        ui.label(
            RichText::new("If you don't save, your changes will be lost.").color(theme.weak_text),
        );
        ui.add_space(12.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                answer = Some(Answer::Save);
            }
            if ui.button("Discard").clicked() {
                answer = Some(Answer::Discard);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Answer::Cancel);
            }
        });
        answer
    });
    if modal.should_close() {
        return Some(modal.inner.unwrap_or(Answer::Cancel));
    }
    modal.inner
}

/// Something that went wrong, shown until the designer closes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Failure {
    /// What could not be done ("Could not open house.level.json").
    pub title: String,
    /// Every problem, one per line.
    pub problems: Vec<String>,
    /// What this means for the designer's work.
    pub note: String,
}

/// Shows `failure`; true once it is closed.
pub(super) fn failure_ui(ctx: &egui::Context, failure: &Failure, theme: &Theme) -> bool {
    let modal = Modal::new(Id::unique("lockwork-files-failure")).show(ctx, |ui| {
        ui.set_width(MODAL_WIDTH);
        ui.heading(&failure.title);
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .show(ui, |ui| {
                for problem in &failure.problems {
                    ui.label(RichText::new(problem).color(theme.bad));
                }
            });
        ui.add_space(4.0);
        ui.label(RichText::new(&failure.note).color(theme.weak_text));
        ui.add_space(12.0);
        ui.button("OK").clicked()
    });
    modal.inner || modal.should_close()
}

/// The small note shown while a native dialog is open; true when the
/// designer would rather type a path.
pub(super) fn waiting_ui(ctx: &egui::Context, theme: &Theme) -> bool {
    egui::Area::new(Id::unique("lockwork-files-waiting"))
        .anchor(Align2::CENTER_TOP, egui::vec2(0.0, 72.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new("Waiting for the file dialog…").color(theme.weak_text),
                        );
                        ui.button("Type a path instead")
                            .on_hover_text("Use this when no file dialog appeared")
                            .clicked()
                    })
                    .inner
                })
                .inner
        })
        .inner
}
