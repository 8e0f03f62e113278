//! The generator window: pick a generator and its options, run it on a
//! worker thread while the window shows its progress, and apply the result
//! as one undoable edit or open it as a new document.
//!
//! The window only reads the document. It pushes
//! [`Intent::Edit`]`(`[`LevelCommand::ReplaceLevel`]`)` to apply a result;
//! to open one as a new document it asks [`Files`] for a new level, so that
//! unsaved changes are dealt with as for File > New, and hands the app the
//! generated document in place of the empty one ([`GeneratorWindow::take_held`]).

mod ask;
mod batch;
mod batch_ui;
mod batch_window;
mod blockers;
mod fields;
mod form;
mod job;
mod options;
pub mod record;
mod report;

use crate::generate::Generator;
use egui::{RichText, Ui};

use ask::{Answer, Closing, Hold};
use batch::Batch;
use blockers::Blockers;
pub use form::{Form, Origin};
use job::{Finished, Job};
use report::Report;
pub use report::fields_ui;

use super::files::{FileRequest, Files};
use super::intent::Intent;
use super::theme::Theme;
use crate::document::{Document, LevelCommand};
use crate::generate::{GenerateError, Generated};
use crate::model::Level;

/// Where a result goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deliver {
    /// Replace the level on the canvas, as one undoable edit.
    Replace,
    /// Open it as a new, unsaved document.
    NewDocument,
}

/// One level, or a batch to pick from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Make one level and apply it.
    Single,
    /// Make many, compare them, preview them and use one.
    Batch,
}

/// What the last run came to.
enum Outcome {
    /// Applied, or opened (or being opened) as a new document.
    Delivered(Report),
    /// A cancelled run's best, left unapplied as asked; it can still be used.
    Unused(Box<Generated>, Report),
    /// A result waiting for the designer's answer.
    Held(Box<Generated>, Report, Hold),
    /// The generator could not make a level.
    Failed(String),
    /// Cancelled before anything was found.
    Cancelled,
}

/// The generator window and the run it started.
pub struct GeneratorWindow {
    open: bool,
    mode: Mode,
    form: Form,
    /// Batch mode's settings, its run and its candidates.
    batch: Batch,
    deliver: Deliver,
    keep_best: bool,
    job: Option<Job>,
    /// The document revision the running job started from.
    run_revision: u64,
    /// The window was closed during a run: the question is showing.
    asking_close: bool,
    /// The run was stopped from the close question: drop what it gives.
    drop_result: bool,
    /// Obstacles of the level on the canvas, per revision.
    blockers: Blockers,
    outcome: Option<Outcome>,
    /// A generated document waiting for [`Files`] to make way for it.
    held: Option<Box<Document>>,
    /// A status message for the next frame.
    note: Option<String>,
    /// The revision of the last document this window opened, to open the
    /// next one without asking while that one is untouched.
    opened_revision: Option<u64>,
    /// The window was just opened: the form's source is to be set from the
    /// level on the canvas (a drawn level is worked around, an empty one
    /// gets a random graph), unless the designer chose one already.
    choose_origin: bool,
    /// The generator whose results are shown: choosing another clears them.
    shown_kind: Generator,
    /// A new outcome is to be scrolled into view.
    show_outcome: bool,
}

impl Default for GeneratorWindow {
    fn default() -> Self {
        Self {
            open: false,
            mode: Mode::Single,
            form: Form::default(),
            batch: Batch::default(),
            deliver: Deliver::Replace,
            keep_best: true,
            job: None,
            run_revision: 0,
            asking_close: false,
            drop_result: false,
            blockers: Blockers::default(),
            outcome: None,
            held: None,
            note: None,
            opened_revision: None,
            choose_origin: false,
            shown_kind: Generator::Backward,
            show_outcome: false,
        }
    }
}

impl GeneratorWindow {
    /// Opens the window, or closes it; during a run, asks first whether to
    /// stop the run.
    pub fn toggle(&mut self) {
        if self.open && self.is_running() {
            self.asking_close = true;
        } else {
            self.open = !self.open;
            self.choose_origin = self.open;
        }
    }

    /// Is the question "stop the run?" showing?
    pub fn is_asking_to_close(&self) -> bool {
        self.asking_close
    }

    /// Is a finished run's result waiting for an answer?
    pub fn is_holding_result(&self) -> bool {
        matches!(self.outcome, Some(Outcome::Held(..)))
    }

    /// Is the window shown?
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The form: the chosen generator and its parameters.
    pub fn form(&self) -> &Form {
        &self.form
    }

    /// Is a generator (or a batch) running?
    pub fn is_running(&self) -> bool {
        self.job.is_some() || self.batch.job.is_some()
    }

    /// The batch candidate to show on the canvas in place of the level, while
    /// the window is open in batch mode: an id that changes whenever the
    /// preview does, its seed and its level.
    pub fn preview(&self) -> Option<(u64, u64, &Level)> {
        if !self.open || self.mode != Mode::Batch {
            return None;
        }
        let c = self.batch.candidates.get(self.batch.picked?)?;
        Some((self.batch.preview_id, c.seed, &c.level))
    }

    /// Where the batch plot drew each candidate last frame, by seed, on
    /// the screen (for tests).
    pub fn batch_plotted(&self) -> Vec<(u64, egui::Pos2)> {
        let batch = &self.batch;
        (batch.plotted.iter())
            .filter_map(|&(i, at)| Some((batch.candidates.get(i)?.seed, at)))
            .collect()
    }

    /// The seeds boxed in the batch plot (for tests).
    pub fn batch_boxed(&self) -> Vec<u64> {
        let batch = &self.batch;
        (batch.boxed.iter())
            .filter_map(|&i| Some(batch.candidates.get(i)?.seed))
            .collect()
    }

    /// The candidates of the last batch, in seed order (for tests).
    pub fn batch_seeds(&self) -> Vec<u64> {
        self.batch.candidates.iter().map(|c| c.seed).collect()
    }

    /// The generated document, once [`Files`] replaced the level as asked:
    /// the app opens it instead of the empty level of File > New.
    pub fn take_held(&mut self) -> Option<Box<Document>> {
        let doc = self.held.take()?;
        self.note = Some("Opened the generated level as a new, unsaved document".to_owned());
        if let Some(Outcome::Delivered(report)) = &mut self.outcome {
            report.headline = "Opened as a new document (not saved yet).".to_owned();
        }
        Some(doc)
    }

    /// Carries the run on (its result, a finished batch, the answer to the
    /// unsaved-changes question); [`Self::panel_ui`] shows it. Call it
    /// before [`Files::ui`], so that a document held for opening is not
    /// taken for abandoned in the frame where Files replaces the level.
    pub fn tick(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        files: &mut Files,
        out: &mut Vec<Intent>,
    ) {
        if let Some(finished) = self.job.as_mut().and_then(Job::poll) {
            let kind = self.job.take().map_or(self.form.kind, |j| j.kind());
            self.finish(kind, finished, doc, files, out);
        }
        self.poll_batch();
        if self.held.is_some() && !files.is_busy() {
            // The unsaved-changes question was answered with Cancel.
            self.held = None;
            if let Some(Outcome::Delivered(report)) = &mut self.outcome {
                report.headline = "Not opened: the level you were editing is unchanged.".to_owned();
            }
            self.note = Some("The generated level was not opened".to_owned());
        }
        if let Some(note) = self.note.take() {
            out.push(Intent::Status(note));
        }
        if self.is_running() {
            // The elapsed time moves on between reports.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The generator docked in the right panel: its title and close button,
    /// then the form, the run and its results, all in one scroll area, so
    /// that nothing of it covers the canvas.
    pub fn panel_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        ui.horizontal(|ui| {
            ui.heading("Generate");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button("Close")
                    .on_hover_text("Close the generator (asks first during a run)")
                    .clicked()
                {
                    self.toggle();
                }
            });
        });
        ui.separator();
        if std::mem::take(&mut self.choose_origin) {
            self.form.default_origin(doc.level());
        }
        if self.asking_close {
            self.closing_ui(ui, theme);
            ui.separator();
        }
        // Which generator and how many levels stay in view above the
        // scrolling form and results.
        ui.add_enabled_ui(!self.is_running(), |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.mode, Mode::Single, "One level")
                    .on_hover_text("Make one level and apply it");
                ui.selectable_value(&mut self.mode, Mode::Batch, "Batch")
                    .on_hover_text(
                        "Make many levels (seeds in a row), compare their measures in a table \
                         and a plot, preview them on the canvas and use the one you like",
                    );
            });
            self.form.picker_ui(ui);
        });
        self.clear_other_results();
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("generator panel")
            .auto_shrink([false, false])
            .show(ui, |ui| self.window_ui(ui, doc, files, theme, out));
    }

    /// The width the panel asks for: the batch table needs more.
    pub fn panel_width(&self) -> f32 {
        match self.mode {
            Mode::Single => 440.0,
            Mode::Batch => 600.0,
        }
    }

    fn window_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        self.form.batch = self.mode == Mode::Batch;
        self.form_ui(ui);
        if self.mode == Mode::Single {
            ui.checkbox(
                &mut self.keep_best,
                "If cancelled, use the best level found so far",
            )
            .on_hover_text(
                "On: Cancel applies the best level the search has found (levers, random). \
                 Off: Cancel leaves the level unchanged.",
            );
        }
        ui.add_space(4.0);
        match self.mode {
            Mode::Single => self.run_ui(ui, doc, theme, out),
            Mode::Batch => self.batch_ui(ui, doc, files, theme, out),
        }
        self.outcome_ui(ui, doc, files, theme, out);
    }

    /// The form and, for one level, where the result goes (a batch's
    /// candidate replaces the level).
    fn form_ui(&mut self, ui: &mut Ui) {
        let running = self.is_running();
        let single = self.mode == Mode::Single;
        ui.add_enabled_ui(!running, |ui| {
            self.form.ui(ui);
            ui.separator();
            if single {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Result:");
                    ui.radio_value(&mut self.deliver, Deliver::Replace, "Replace the level")
                        .on_hover_text("One undoable edit: Undo brings the level back");
                    ui.radio_value(
                        &mut self.deliver,
                        Deliver::NewDocument,
                        "Open as a new document",
                    )
                    .on_hover_text(
                        "Open the result in place of this level, as File > New does \
                         (asks about unsaved changes first)",
                    );
                });
            }
        });
    }

    /// Results of another generator than the chosen one are cleared: they
    /// no longer answer the form shown (a result waiting for an answer stays).
    fn clear_other_results(&mut self) {
        if self.form.kind == self.shown_kind || self.is_running() {
            return;
        }
        self.shown_kind = self.form.kind;
        if !matches!(self.outcome, Some(Outcome::Held(..))) {
            self.outcome = None;
        }
        self.batch.clear();
    }

    /// Run, or the progress of the run and Cancel.
    fn run_ui(&mut self, ui: &mut Ui, doc: &Document, theme: &Theme, out: &mut Vec<Intent>) {
        match &mut self.job {
            Some(job) => {
                job.ui(ui, theme);
                if cancel_button(ui, job.is_cancelling(), "Stop the generator") {
                    job.cancel();
                }
            }
            None => {
                if self.run_button(ui, doc, theme, out, "Run the generator with these options") {
                    self.start(ui.ctx(), doc);
                }
            }
        }
    }

    /// What stands in the way of a run, then Run; true when it was clicked.
    fn run_button(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        theme: &Theme,
        out: &mut Vec<Intent>,
        hover: &str,
    ) -> bool {
        let found = self.blockers.of(&self.form, doc).to_vec();
        blockers::blockers_ui(ui, &found, doc.level(), theme, out);
        ui.add_enabled(found.is_empty(), egui::Button::new("▶ Run"))
            .on_hover_text(hover)
            .on_disabled_hover_text("Clear what stands in the way first (above)")
            .clicked()
    }

    /// Starts a run on the level on the canvas.
    fn start(&mut self, ctx: &egui::Context, doc: &Document) {
        let name = layout_name(doc);
        let run = self.form.run(doc.level(), &name);
        self.outcome = None;
        self.run_revision = doc.revision();
        self.drop_result = false;
        match Job::spawn(ctx, run) {
            Ok(job) => self.job = Some(job),
            Err(e) => self.outcome = Some(Outcome::Failed(e)),
        }
    }

    /// A run is over: deliver its level, keep it aside, or say why there is none.
    fn finish(
        &mut self,
        kind: Generator,
        finished: Finished,
        doc: &Document,
        files: &mut Files,
        out: &mut Vec<Intent>,
    ) {
        self.show_outcome = true;
        self.outcome = Some(match finished {
            Ok(generated) if self.drop_result => {
                let report = Report::unused(kind, &generated);
                self.note = Some("Stopped: the level is unchanged".to_owned());
                Outcome::Unused(Box::new(generated), report)
            }
            Ok(generated) if generated.cancelled && !self.keep_best => {
                let report = Report::unused(kind, &generated);
                self.note = Some("Cancelled: the level is unchanged".to_owned());
                Outcome::Unused(Box::new(generated), report)
            }
            Ok(generated) => match self.hold(kind, &generated, doc) {
                Some(hold) => {
                    // The question needs the window.
                    self.open = true;
                    let report = Report::waiting(kind, &generated);
                    Outcome::Held(Box::new(generated), report, hold)
                }
                None => {
                    let how = self.result_goes();
                    self.deliver(kind, generated, doc, files, out, how)
                }
            },
            Err(GenerateError::Cancelled) => {
                self.note = Some("Cancelled: the level is unchanged".to_owned());
                Outcome::Cancelled
            }
            Err(e) => Outcome::Failed(self.explain(&e, doc.level())),
        });
    }

    /// Where a result goes: as the form says for one level; a batch's
    /// candidate replaces the level (one undoable edit), whatever the
    /// one-level setting.
    fn result_goes(&self) -> Deliver {
        match self.mode {
            Mode::Single => self.deliver,
            Mode::Batch => Deliver::Replace,
        }
    }

    /// Applies `generated`, or asks for it to be opened as a new document.
    fn deliver(
        &mut self,
        kind: Generator,
        generated: Generated,
        doc: &Document,
        files: &mut Files,
        out: &mut Vec<Intent>,
        how: Deliver,
    ) -> Outcome {
        let mut report = Report::delivered(kind, &generated, how);
        match how {
            Deliver::Replace => {
                out.push(Intent::Edit(LevelCommand::ReplaceLevel(Box::new(
                    generated.level,
                ))));
                out.push(Intent::ShowLevel);
                out.push(Intent::Status(report.status.clone()));
            }
            Deliver::NewDocument => {
                if files.is_busy() {
                    report.headline = "Not opened: finish the open file dialog first.".to_owned();
                    return Outcome::Unused(Box::new(generated), report);
                }
                let held = new_document(generated.level);
                let untouched = self.opened_revision == Some(doc.revision());
                self.opened_revision = Some(held.revision());
                self.held = Some(Box::new(held));
                // As File > New: asks about unsaved changes, then replaces the
                // level; the app takes the held document instead. A level
                // this window opened and nobody touched since is replaced
                // without the question: the next run's is what was asked for.
                if untouched {
                    files.request_unasked(FileRequest::New);
                } else {
                    files.request(FileRequest::New, doc);
                }
            }
        }
        Outcome::Delivered(report)
    }

    /// The error, with a hint when the window knows a better one.
    fn explain(&self, e: &GenerateError, level: &Level) -> String {
        let wired = level.levers.iter().any(|l| !l.toggles.is_empty());
        if matches!(e, GenerateError::NoLevers) && wired && !self.form.rewire {
            "Every lever on the canvas is wired already: tick \u{201c}Rewire levers that are \
             already wired\u{201d} to wire them anew, or add levers that toggle nothing."
                .to_owned()
        } else {
            fields::capitalised(&e.worded(&fields::named))
        }
    }

    fn outcome_ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        files: &mut Files,
        theme: &Theme,
        out: &mut Vec<Intent>,
    ) {
        let Some(outcome) = &self.outcome else {
            return;
        };
        ui.separator();
        if std::mem::take(&mut self.show_outcome) {
            // A new outcome comes into view below the form.
            ui.scroll_to_cursor(Some(egui::Align::TOP));
        }
        let mut use_it = false;
        let mut answer = None;
        match outcome {
            Outcome::Delivered(report) => report.ui(ui, theme),
            Outcome::Held(_, report, hold) => {
                answer = ask::held_ui(ui, hold, theme);
                report.ui(ui, theme);
            }
            Outcome::Unused(_, report) => {
                report.ui(ui, theme);
                use_it = ui
                    .add_enabled(self.job.is_none(), egui::Button::new("Use it anyway"))
                    .on_hover_text("Apply this level as chosen above")
                    .clicked();
            }
            Outcome::Failed(message) => {
                ui.label(RichText::new(message).color(theme.bad));
            }
            Outcome::Cancelled => {
                ui.label("Cancelled before any level was found: the level is unchanged.");
            }
        }
        if use_it && let Some(Outcome::Unused(generated, report)) = self.outcome.take() {
            let how = self.result_goes();
            self.outcome = Some(self.deliver(report.kind, *generated, doc, files, out, how));
        }
        if let Some(answer) = answer
            && let Some(Outcome::Held(generated, report, _)) = self.outcome.take()
        {
            self.outcome = Some(self.answer(answer, report, *generated, doc, files, out));
        }
    }

    /// Whether a result must wait for the designer: it achieves nothing, or
    /// it would replace edits made since the run began.
    fn hold(&self, kind: Generator, generated: &Generated, doc: &Document) -> Option<Hold> {
        if let Some(why) = ask::hollow(kind, generated) {
            return Some(Hold::Hollow(why));
        }
        let replaces = self.result_goes() == Deliver::Replace;
        (replaces && doc.revision() != self.run_revision).then_some(Hold::LevelChanged)
    }

    /// Carries out the answer about a waiting result.
    fn answer(
        &mut self,
        answer: Answer,
        report: Report,
        generated: Generated,
        doc: &Document,
        files: &mut Files,
        out: &mut Vec<Intent>,
    ) -> Outcome {
        let kind = report.kind;
        match answer {
            Answer::Apply => self.deliver(kind, generated, doc, files, out, Deliver::Replace),
            Answer::NewDocument => {
                self.deliver(kind, generated, doc, files, out, Deliver::NewDocument)
            }
            Answer::Discard => {
                self.note = Some("Discarded the result: the level is unchanged".to_owned());
                Outcome::Unused(Box::new(generated), report)
            }
        }
    }

    /// The question "stop the run?" and what its answer does.
    fn closing_ui(&mut self, ui: &mut Ui, theme: &Theme) {
        match ask::closing_ui(ui, theme) {
            Some(Closing::Stop) => {
                if let Some(job) = &mut self.job {
                    job.cancel();
                }
                if let Some(job) = &self.batch.job {
                    job.cancel();
                }
                self.drop_result = true;
                self.asking_close = false;
                self.open = false;
            }
            Some(Closing::LetItFinish) => {
                self.asking_close = false;
                self.open = false;
            }
            Some(Closing::Stay) => self.asking_close = false,
            None => {}
        }
    }
}

/// Cancel, greyed out once asked; true when it was clicked.
fn cancel_button(ui: &mut Ui, stopping: bool, hover: &str) -> bool {
    ui.add_enabled(!stopping, egui::Button::new("⏹ Cancel"))
        .on_hover_text(hover)
        .clicked()
}

/// The layout's name in the generator record: its file name, or the level's name.
fn layout_name(doc: &Document) -> String {
    match doc.path().and_then(|p| p.file_name()) {
        Some(name) => name.to_string_lossy().into_owned(),
        None if !doc.level().name.trim().is_empty() => doc.level().name.trim().to_owned(),
        None => "canvas".to_owned(),
    }
}

/// A new, unsaved document holding `level`: an empty level replaced by it,
/// so that it counts as unsaved and Undo goes back to the empty level.
fn new_document(level: Level) -> Document {
    let mut doc = Document::new(Level::new("Untitled"), None);
    if doc
        .apply(LevelCommand::ReplaceLevel(Box::new(level.clone())))
        .is_err()
    {
        return Document::new(level, None);
    }
    doc
}
