//! The generator window's batch mode: how many candidates, Run or the
//! progress and Cancel, the candidates made (`batch_ui.rs` draws their
//! table and plot), the one previewed and "Use this one".

use egui::{RichText, Ui};

use super::batch::{self, BatchJob};
use super::{GeneratorWindow, Outcome, batch_ui, cancel_button, fields, layout_name};
use crate::document::Document;
use crate::editor::files::Files;
use crate::editor::intent::Intent;
use crate::editor::theme::Theme;
use crate::generate::{GenerateError, Generated};

impl GeneratorWindow {
    /// Batch mode: how many, Run or the progress and Cancel, then the
    /// candidates in a table and a plot, and "Use this one".
    pub(super) fn batch_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        ui.add_enabled_ui(!self.is_running(), |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Candidates");
                ui.add(egui::DragValue::new(&mut self.batch.count).range(1..=batch::MAX_COUNT))
                    .labelled_by(label.id)
                    .on_hover_text("How many levels to make: one per seed, from the first seed on");
                let last = self.form.seed.saturating_add(self.batch.count as u64 - 1);
                ui.label(
                    RichText::new(format!("seeds {} to {last}", self.form.seed))
                        .color(theme.weak_text),
                );
            });
        });
        match &self.batch.job {
            Some(job) => {
                job.ui(ui);
                let hover = "Stop the batch: the levels made so far are kept";
                if cancel_button(ui, job.is_cancelling(), hover) {
                    job.cancel();
                }
            }
            None => {
                let hover = "Make the candidates with these options, on every core";
                if self.run_button(ui, doc, theme, out, hover) {
                    self.start_batch(ui.ctx(), doc);
                }
            }
        }
        self.candidates_ui(ui, doc, files, theme, out);
    }

    /// The last batch's candidates, and "Use this one" for the one picked.
    fn candidates_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        let b = &self.batch;
        if b.candidates.is_empty() && b.failed.is_empty() {
            return;
        }
        ui.separator();
        if std::mem::take(&mut self.show_outcome) {
            // A batch just made comes into view below the form.
            ui.scroll_to_cursor(Some(egui::Align::TOP));
        }
        let mut summary = format!(
            "{} candidates of the {} generator",
            b.candidates.len(),
            b.kind.recipe().label.to_lowercase()
        );
        if b.stopped {
            summary.push_str(" (stopped early)");
        }
        ui.label(RichText::new(summary).strong());
        if !b.failed.is_empty() {
            let seeds: Vec<String> = b.failed.iter().map(|(s, _)| s.to_string()).collect();
            let why: Vec<String> = b
                .failed
                .iter()
                .map(|(s, e)| format!("seed {s}: {e}"))
                .collect();
            ui.label(
                RichText::new(format!("No level for seeds {}", seeds.join(", ")))
                    .color(theme.warning),
            )
            .on_hover_text(why.join("\n"));
        }
        if self.batch.candidates.is_empty() {
            return;
        }
        // The pick and its action first, where they stay in view above
        // the table and the plot.
        self.use_ui(ui, doc, files, theme, out);
        batch_ui::table_ui(ui, &mut self.batch, theme);
        batch_ui::plot_ui(ui, &mut self.batch, theme);
    }

    /// Which candidate the canvas shows, and "Use this one".
    fn use_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        let picked = self.batch.picked;
        let Some(c) = picked.and_then(|i| self.batch.candidates.get(i)) else {
            ui.label(
                RichText::new("Click a row or a point to preview that level on the canvas.")
                    .color(theme.weak_text),
            );
            return;
        };
        let seed = c.seed;
        let mut use_it = false;
        let mut stop = false;
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Previewing seed {seed}")).color(theme.solution));
            use_it = ui
                .add_enabled(!self.is_running(), egui::Button::new("✔ Use this one"))
                .on_hover_text("Apply this level as chosen above (Undo brings the level back)")
                .clicked();
            stop = ui
                .button("Stop previewing")
                .on_hover_text("Show the level being edited again")
                .clicked();
        });
        if stop {
            self.batch.pick(None);
        }
        if use_it && let Some(c) = picked.and_then(|i| self.batch.candidates.get(i)).cloned() {
            self.batch.pick(None);
            let generated = Generated {
                level: c.level,
                changes: Vec::new(),
                cancelled: false,
            };
            self.drop_result = false;
            self.finish(self.batch.kind, Ok(generated), doc, files, out);
        }
    }

    /// Starts a batch on the level on the canvas.
    fn start_batch(&mut self, ctx: &egui::Context, doc: &Document) {
        let name = layout_name(doc);
        let run = self.form.run(doc.level(), &name);
        self.outcome = None;
        self.run_revision = doc.revision();
        self.drop_result = false;
        self.batch.pick(None);
        match BatchJob::spawn(ctx, run, self.form.seed, self.batch.count) {
            Ok(job) => self.batch.job = Some(job),
            Err(e) => self.outcome = Some(Outcome::Failed(e)),
        }
        self.show_outcome = true;
    }

    /// Takes in a finished batch.
    pub(super) fn poll_batch(&mut self) {
        let Some(result) = self.batch.job.as_ref().and_then(BatchJob::poll) else {
            return;
        };
        let kind = self.batch.job.take().map_or(self.form.kind, |j| j.kind());
        match result {
            Ok(items) => {
                let asked = self.batch.count;
                self.batch.finish(kind, items, asked, batch_error);
                self.show_outcome = true;
                self.note = Some(format!(
                    "Made {} candidates: pick one in the Generate panel",
                    self.batch.candidates.len()
                ));
            }
            Err(e) => self.outcome = Some(Outcome::Failed(e)),
        }
    }
}

/// A generator's error in words, as the window words them.
fn batch_error(e: &GenerateError) -> String {
    fields::capitalised(&e.worded(&fields::named))
}
