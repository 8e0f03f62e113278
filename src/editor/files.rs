//! New, Open, Save, Save As and Quit. (First cut.)

use std::path::PathBuf;
use std::sync::Arc;

use super::intent::Intent;
use super::prefs::Prefs;
use crate::document::Document;

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
}

/// The file dialogs; a test double stands in for the native ones.
pub trait FileDialogs: Send + Sync {
    /// A file to open, or `None` when cancelled or no dialog could be shown.
    fn pick_open(&self) -> Option<PathBuf>;
    /// A file to save to, or `None` when cancelled or no dialog could be shown.
    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf>;
}

/// The system's dialogs through rfd.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter("Lockwork level", &["json"])
            .pick_file()
    }

    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter("Lockwork level", &["json"])
            .set_file_name(suggested_name)
            .save_file()
    }
}

/// File handling state.
pub struct Files {
    #[allow(dead_code)]
    dialogs: Arc<dyn FileDialogs>,
    pending: Option<FileRequest>,
    error: Option<String>,
}

impl Files {
    /// File handling with these dialogs.
    pub fn new(dialogs: Arc<dyn FileDialogs>) -> Self {
        Self {
            dialogs,
            pending: None,
            error: None,
        }
    }

    /// Starts a request; it may ask questions before it is done.
    pub fn request(&mut self, request: FileRequest, _doc: &Document) {
        self.pending = Some(request);
    }

    /// Shows any dialog in progress and finishes requests.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        prefs: &mut Prefs,
        out: &mut Vec<Intent>,
    ) {
        let _ = (ctx, prefs);
        match self.pending.take() {
            Some(FileRequest::Save) => {
                if let Some(path) = doc.path() {
                    out.push(Intent::SaveTo(path.to_path_buf()));
                }
            }
            Some(FileRequest::Quit) => out.push(Intent::Close),
            Some(FileRequest::OpenPath(path)) => match Document::open(&path) {
                Ok((doc, warnings)) => out.push(Intent::Replace(Box::new(doc), warnings)),
                Err(e) => self.error = Some(e.to_string()),
            },
            _ => {}
        }
    }

    /// Told how a save went.
    pub fn save_finished(&mut self, result: Result<(), String>, _out: &mut Vec<Intent>) {
        if let Err(e) = result {
            self.error = Some(e);
        }
    }

    /// True while a dialog or question is open.
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }
}
