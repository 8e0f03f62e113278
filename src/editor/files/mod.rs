//! New, Open, Save, Save As and Quit.
//!
//! Native dialogs run on a worker thread so the window keeps drawing; when no
//! dialog can be shown the designer types a path instead; New, Open, a
//! dropped file and Quit ask Save / Discard / Cancel before unsaved changes
//! would be lost. [`Files`] only reads the document: it pushes
//! [`Intent::Replace`], [`Intent::SaveTo`] and [`Intent::Close`] for the app
//! to apply, and the app reports back through [`Files::save_finished`].

mod dialogs;
mod modals;
mod typed;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use dialogs::{Ask, DialogJob, Poll};
pub use dialogs::{
    DialogPlace, FileDialogs, LEVEL_EXTENSION, NO_DIALOG_WITHIN, NativeDialogs,
    suggested_file_name, with_level_extension,
};
use modals::{Answer, Failure};
use typed::{Reason, TypedAnswer, TypedPath};

use super::intent::Intent;
use super::prefs::Prefs;
use super::theme::Theme;
use crate::document::Document;
use crate::editor::export::ExportKind;
use crate::format::LoadError;
use crate::model::Level;

/// What the designer asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileRequest {
    /// A new, empty level.
    New,
    /// Open a file chosen in a dialog.
    Open,
    /// Open this file (recent files, a dropped file).
    OpenPath(PathBuf),
    /// Save to the current file (or ask for one).
    Save,
    /// Save to a file chosen in a dialog.
    SaveAs,
    /// Close the window.
    Quit,
    /// Export the canvas or the level to a file chosen in a dialog.
    Export(ExportKind),
    /// A picture to put under the level, chosen in a dialog.
    Background,
}

impl FileRequest {
    /// Would this drop the level being edited?
    fn replaces_level(&self) -> bool {
        matches!(
            self,
            Self::New | Self::Open | Self::OpenPath(_) | Self::Quit
        )
    }
}

/// What a chosen path is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// Open it.
    Open,
    /// Save to it, then go on with `then` if the save worked.
    Save {
        /// The request that waits for the save.
        then: Option<FileRequest>,
    },
    /// Export to it.
    Export(ExportKind),
    /// Put it under the level.
    Background,
}

/// Where a request stands.
#[derive(Debug, Default)]
enum Step {
    /// Nothing going on.
    #[default]
    Idle,
    /// To carry out in the next frame; unsaved changes are dealt with.
    Go(FileRequest),
    /// Asking "Save changes to NAME?" before this request.
    Confirm(FileRequest),
    /// A native dialog is open on a worker thread.
    Dialog {
        /// What the path is for.
        purpose: Purpose,
        /// The thread's answer, when it comes.
        job: DialogJob,
    },
    /// The typed-path modal.
    Typed(TypedPath),
    /// The app was asked to save; waiting for [`Files::save_finished`].
    Saving {
        /// The file being saved.
        path: PathBuf,
        /// The request that waits for the save.
        then: Option<FileRequest>,
    },
}

/// File handling state: at most one request at a time, and an error being shown.
pub struct Files {
    dialogs: Arc<dyn FileDialogs>,
    step: Step,
    failure: Option<Failure>,
    /// Status messages for the next frame.
    notes: Vec<String>,
    /// To wake the UI when a request arrives between frames.
    ctx: Option<egui::Context>,
    /// A dialog made a child of the editor's window, when there is one.
    parent: Option<rfd::FileDialog>,
    /// The folder of the most recent file, for a document never saved.
    recent_folder: Option<PathBuf>,
}

impl Files {
    /// File handling with these dialogs.
    pub fn new(dialogs: Arc<dyn FileDialogs>) -> Self {
        Self {
            dialogs,
            step: Step::Idle,
            failure: None,
            notes: Vec::new(),
            ctx: None,
            parent: None,
            recent_folder: None,
        }
    }

    /// Makes dialogs children of the editor's window (eframe's frame has its handle).
    pub fn set_parent(&mut self, window: &eframe::Frame) {
        if self.parent.is_none() {
            self.parent = Some(rfd::FileDialog::new().set_parent(window));
        }
    }

    /// Where the next dialog opens: the document's folder (or the most
    /// recent file's), over the editor's window.
    pub fn place(&self, doc: &Document) -> DialogPlace {
        let folder = doc
            .path()
            .and_then(Path::parent)
            .filter(|p| !p.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .or_else(|| self.recent_folder.clone());
        DialogPlace::new(folder, self.parent.as_ref())
    }

    /// Starts a request; New, Open, `OpenPath` and Quit first ask what to do
    /// with unsaved changes. Ignored (with a message) while another request
    /// or an error is still open.
    pub fn request(&mut self, request: FileRequest, doc: &Document) {
        if self.is_busy() {
            self.notes
                .push("Finish the open file dialog first".to_owned());
            return;
        }
        self.step = if request.replaces_level() && doc.is_dirty() {
            Step::Confirm(request)
        } else {
            Step::Go(request)
        };
        self.wake();
    }

    /// Carries out `request` without asking about unsaved changes: for a
    /// level nobody has touched since the program made it.
    pub fn request_unasked(&mut self, request: FileRequest) {
        if self.is_busy() {
            self.notes
                .push("Finish the open file dialog first".to_owned());
            return;
        }
        self.step = Step::Go(request);
        self.wake();
    }

    /// Shows any dialog in progress, and carries requests on.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        prefs: &mut Prefs,
        out: &mut Vec<Intent>,
    ) {
        self.ctx = Some(ctx.clone());
        self.recent_folder = prefs
            .recent
            .first()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf);
        out.extend(self.notes.drain(..).map(Intent::Status));
        let theme = Theme::new(prefs.dark);
        self.step = match std::mem::take(&mut self.step) {
            Step::Idle => Step::Idle,
            Step::Go(request) => self.go(ctx, request, doc, prefs, out),
            Step::Confirm(request) => match modals::confirm_ui(ctx, &document_name(doc), &theme) {
                None => Step::Confirm(request),
                Some(Answer::Save) => self.save(ctx, doc, Some(request), out),
                Some(Answer::Discard) => self.go(ctx, request, doc, prefs, out),
                Some(Answer::Cancel) => Step::Idle,
            },
            Step::Dialog { purpose, job } => match job.poll() {
                Poll::Pending => {
                    if modals::waiting_ui(ctx, &theme) {
                        Step::Typed(TypedPath::new(purpose, doc, Reason::Asked))
                    } else {
                        Step::Dialog { purpose, job }
                    }
                }
                Poll::Chosen(path) => self.chosen(purpose, path, prefs, out),
                Poll::Nothing { quick: true } => {
                    Step::Typed(TypedPath::new(purpose, doc, Reason::NoDialog))
                }
                Poll::Nothing { quick: false } => {
                    out.push(Intent::Status("No file chosen".to_owned()));
                    Step::Idle
                }
                Poll::Failed => Step::Typed(TypedPath::new(purpose, doc, Reason::DialogFailed)),
            },
            Step::Typed(mut typed) => match typed.ui(ctx, &theme) {
                None => Step::Typed(typed),
                Some(TypedAnswer::Cancel) => Step::Idle,
                Some(TypedAnswer::Chosen(path)) => self.chosen(typed.purpose, path, prefs, out),
            },
            saving @ Step::Saving { .. } => saving,
        };
        if let Some(failure) = &self.failure
            && modals::failure_ui(ctx, failure, &theme)
        {
            self.failure = None;
        }
    }

    /// Told how the save asked for by [`Intent::SaveTo`] went. On success a
    /// request that waited for it goes on; on failure it is dropped and the
    /// error shown.
    pub fn save_finished(&mut self, result: Result<(), String>, out: &mut Vec<Intent>) {
        let (path, then) = match std::mem::take(&mut self.step) {
            Step::Saving { path, then } => (Some(path), then),
            other => {
                self.step = other;
                (None, None)
            }
        };
        match result {
            Ok(()) => match then {
                Some(FileRequest::Quit) => out.push(Intent::Close),
                Some(request) => {
                    self.step = Step::Go(request);
                    self.wake();
                }
                None => {}
            },
            Err(error) => {
                let name = path
                    .as_deref()
                    .map_or_else(|| "the level".to_owned(), file_name);
                self.failure = Some(Failure {
                    title: format!("Could not save {name}"),
                    problems: vec![error],
                    note: "Lockwork writes a temporary file and only then puts it in \
                           place, so the file on disk is as it was before. Your changes \
                           are still here; try Save As to save them somewhere else."
                        .to_owned(),
                });
                self.wake();
            }
        }
    }

    /// True while a question, dialog, save or error is open.
    pub fn is_busy(&self) -> bool {
        !matches!(self.step, Step::Idle) || self.failure.is_some()
    }

    /// Shows a failure in the error modal (an export that could not be written).
    pub fn report_failure(&mut self, title: String, problems: Vec<String>, note: &str) {
        self.failure = Some(Failure {
            title,
            problems,
            note: note.to_owned(),
        });
    }

    /// The error being shown, if any: its title and every problem.
    pub fn failure(&self) -> Option<(&str, &[String])> {
        self.failure
            .as_ref()
            .map(|f| (f.title.as_str(), f.problems.as_slice()))
    }

    fn wake(&self) {
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    /// Carries out `request`; unsaved changes have been dealt with.
    fn go(
        &mut self,
        ctx: &egui::Context,
        request: FileRequest,
        doc: &Document,
        prefs: &mut Prefs,
        out: &mut Vec<Intent>,
    ) -> Step {
        match request {
            FileRequest::New => {
                let doc = Document::new(Level::new("Untitled"), None);
                out.push(Intent::Replace(Box::new(doc), Vec::new()));
                out.push(Intent::Status("New level".to_owned()));
                Step::Idle
            }
            FileRequest::Open => self.dialog(ctx, Purpose::Open, doc),
            FileRequest::OpenPath(path) => {
                self.open(&path, prefs, out);
                Step::Idle
            }
            FileRequest::Save => self.save(ctx, doc, None, out),
            FileRequest::SaveAs => self.dialog(ctx, Purpose::Save { then: None }, doc),
            FileRequest::Quit => {
                out.push(Intent::Close);
                Step::Idle
            }
            FileRequest::Export(kind) => self.dialog(ctx, Purpose::Export(kind), doc),
            FileRequest::Background => self.dialog(ctx, Purpose::Background, doc),
        }
    }

    /// Saves to the document's file, or asks for one; then `then`.
    fn save(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        then: Option<FileRequest>,
        out: &mut Vec<Intent>,
    ) -> Step {
        match doc.path() {
            Some(path) => {
                out.push(Intent::SaveTo(path.to_path_buf()));
                Step::Saving {
                    path: path.to_path_buf(),
                    then,
                }
            }
            None => self.dialog(ctx, Purpose::Save { then }, doc),
        }
    }

    /// Opens a native dialog on a worker thread (or the typed path if that fails).
    fn dialog(&mut self, ctx: &egui::Context, purpose: Purpose, doc: &Document) -> Step {
        let place = self.place(doc);
        let ask = match purpose {
            Purpose::Open => Ask::Open(place),
            Purpose::Save { .. } => Ask::Save(suggested_file_name(&doc.level().name), place),
            Purpose::Export(kind) => Ask::Save(export_name(&doc.level().name, kind), place),
            Purpose::Background => Ask::Picture(place),
        };
        match DialogJob::spawn(Arc::clone(&self.dialogs), ctx, ask) {
            Ok(job) => Step::Dialog { purpose, job },
            Err(_) => Step::Typed(TypedPath::new(purpose, doc, Reason::DialogFailed)),
        }
    }

    /// A path was chosen for `purpose`.
    fn chosen(
        &mut self,
        purpose: Purpose,
        path: PathBuf,
        prefs: &mut Prefs,
        out: &mut Vec<Intent>,
    ) -> Step {
        match purpose {
            Purpose::Open => {
                self.open(&path, prefs, out);
                Step::Idle
            }
            Purpose::Save { then } => {
                let path = with_level_extension(path);
                out.push(Intent::SaveTo(path.clone()));
                Step::Saving { path, then }
            }
            Purpose::Export(kind) => {
                out.push(Intent::ExportTo(kind, kind.with_extension(path)));
                Step::Idle
            }
            Purpose::Background => {
                out.push(Intent::SetBackground(path));
                Step::Idle
            }
        }
    }

    /// Opens `path`, or shows why it cannot be opened and keeps the level.
    fn open(&mut self, path: &Path, prefs: &mut Prefs, out: &mut Vec<Intent>) {
        let name = file_name(path);
        match Document::open(path) {
            Ok((doc, warnings)) => {
                prefs.remember(path);
                let status = match warnings.as_slice() {
                    [] => format!("Opened {name}"),
                    [one] => format!("Opened {name}; warning: {one}"),
                    [first, rest @ ..] => format!(
                        "Opened {name}; {} warnings, first: {first} (see Problems)",
                        rest.len() + 1
                    ),
                };
                out.push(Intent::Replace(Box::new(doc), warnings));
                out.push(Intent::Status(status));
            }
            Err(error) => {
                let mut note = "The level you were editing is unchanged.".to_owned();
                let missing = matches!(&error, LoadError::Io { source, .. }
                    if source.kind() == std::io::ErrorKind::NotFound);
                if missing && prefs.recent.iter().any(|p| p == path) {
                    prefs.recent.retain(|p| p != path);
                    note = format!(
                        "{name} is no longer there, so it was removed from the recent \
                         files. {note}"
                    );
                }
                self.failure = Some(Failure {
                    title: format!("Could not open {name}"),
                    problems: error.problems(),
                    note,
                });
            }
        }
    }
}

impl Files {
    /// Shows why the file the editor was started on could not be opened,
    /// until the designer closes it: the editor shows its sample level
    /// instead, and a status line that fades would be missed.
    pub fn failed_at_start(&mut self, path: &Path, error: &LoadError) {
        self.failure = Some(Failure {
            title: format!("Could not open {}", file_name(path)),
            problems: error.problems(),
            note: "The file is unchanged; Lockwork opened its sample level instead.".to_owned(),
        });
    }
}

/// The document's file name; for a level never saved, its name.
fn document_name(doc: &Document) -> String {
    match doc.path() {
        Some(path) => file_name(path),
        None if doc.level().name.trim().is_empty() => "Untitled".to_owned(),
        None => format!("\u{201c}{}\u{201d}", doc.level().name.trim()),
    }
}

/// A path's file name for messages.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The suggested file name of an export: the level's name with the kind's ending.
fn export_name(level_name: &str, kind: ExportKind) -> String {
    let level_file = suggested_file_name(level_name);
    let stem = level_file
        .strip_suffix(dialogs::LEVEL_EXTENSION)
        .unwrap_or(&level_file);
    format!("{stem}{}", kind.extension())
}
