//! The file dialogs and the worker thread that runs them, so that the window
//! keeps drawing while a native dialog is open.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// A dialog that comes back with nothing faster than this probably never
/// showed: rfd returns `None` both when the designer cancels and when the
/// system has no file-dialog portal, and a person does not cancel this fast.
pub const NO_DIALOG_WITHIN: Duration = Duration::from_millis(150);

/// The extension Lockwork gives level files.
pub const LEVEL_EXTENSION: &str = ".level.json";

/// Where a dialog opens: in the document's folder, over the editor's window.
#[derive(Clone, Debug, Default)]
pub struct DialogPlace {
    /// The folder the dialog starts in.
    pub directory: Option<PathBuf>,
    /// A dialog already made a child of the editor's window (rfd carries the
    /// window handle to the worker thread safely).
    parent: Option<rfd::FileDialog>,
}

impl DialogPlace {
    /// A place in `directory`, over the window of `parent` (when known).
    pub fn new(directory: Option<PathBuf>, parent: Option<&rfd::FileDialog>) -> Self {
        Self {
            directory,
            parent: parent.cloned(),
        }
    }

    /// A native dialog builder for this place.
    fn dialog(&self) -> rfd::FileDialog {
        let dialog = self.parent.clone().unwrap_or_default();
        match &self.directory {
            Some(dir) => dialog.set_directory(dir),
            None => dialog,
        }
    }

    /// [`Self::dialog`] for choosing a file to open. Where no desktop portal
    /// runs, rfd asks zenity, which it tells no folder: zenity opened in
    /// "Recent". A file name that is the folder with a trailing slash makes
    /// it start there; the portal reads the folder and ignores the name.
    fn open_dialog(&self) -> rfd::FileDialog {
        let dialog = self.dialog();
        match &self.directory {
            Some(dir) => {
                let mut name = dir.display().to_string();
                if !name.ends_with(std::path::MAIN_SEPARATOR) {
                    name.push(std::path::MAIN_SEPARATOR);
                }
                dialog.set_file_name(name)
            }
            None => dialog,
        }
    }
}

/// The file dialogs; a test double stands in for the native ones.
///
/// They are called on a worker thread, never on the UI thread.
pub trait FileDialogs: Send + Sync {
    /// A file to open, or `None` when cancelled or no dialog could be shown.
    fn pick_open(&self) -> Option<PathBuf>;
    /// A file to save to, or `None` when cancelled or no dialog could be shown.
    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf>;
    /// [`Self::pick_open`] starting in `place`'s folder, over its window.
    fn pick_open_in(&self, place: &DialogPlace) -> Option<PathBuf> {
        let _ = place;
        self.pick_open()
    }
    /// [`Self::pick_save`] starting in `place`'s folder, over its window.
    fn pick_save_in(&self, suggested_name: &str, place: &DialogPlace) -> Option<PathBuf> {
        let _ = place;
        self.pick_save(suggested_name)
    }
    /// A PNG or JPEG to put under the level, starting in `place`'s folder.
    fn pick_picture_in(&self, place: &DialogPlace) -> Option<PathBuf> {
        self.pick_open_in(place)
    }
}

/// The system's dialogs through rfd.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        self.pick_open_in(&DialogPlace::default())
    }

    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf> {
        self.pick_save_in(suggested_name, &DialogPlace::default())
    }

    fn pick_open_in(&self, place: &DialogPlace) -> Option<PathBuf> {
        place
            .open_dialog()
            .set_title("Open level")
            .add_filter("Lockwork level", &["json"])
            .pick_file()
    }

    fn pick_save_in(&self, suggested_name: &str, place: &DialogPlace) -> Option<PathBuf> {
        place
            .dialog()
            .set_title("Save level as")
            .add_filter("Lockwork level", &["json"])
            .set_file_name(suggested_name)
            .save_file()
    }

    fn pick_picture_in(&self, place: &DialogPlace) -> Option<PathBuf> {
        place
            .open_dialog()
            .set_title("Set background picture")
            .add_filter("Picture", &["png", "jpg", "jpeg"])
            .pick_file()
    }
}

/// Which dialog to show.
#[derive(Clone, Debug)]
pub(super) enum Ask {
    /// Pick a file to open.
    Open(DialogPlace),
    /// Pick a file to save to, suggesting this name.
    Save(String, DialogPlace),
    /// Pick a picture to put under the level.
    Picture(DialogPlace),
}

/// How a dialog on the worker thread is getting on.
#[derive(Debug)]
pub(super) enum Poll {
    /// Still open.
    Pending,
    /// The designer chose this file.
    Chosen(PathBuf),
    /// No file; `quick` when it came back too fast to have been shown.
    Nothing {
        /// Returned within [`NO_DIALOG_WITHIN`].
        quick: bool,
    },
    /// The worker thread died without an answer.
    Failed,
}

/// A dialog running on its own thread.
#[derive(Debug)]
pub(super) struct DialogJob {
    rx: Receiver<(Option<PathBuf>, Duration)>,
}

impl DialogJob {
    /// Starts `ask` on a worker thread that repaints `ctx` when it is done.
    pub(super) fn spawn(
        dialogs: Arc<dyn FileDialogs>,
        ctx: &egui::Context,
        ask: Ask,
    ) -> std::io::Result<Self> {
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name("lockwork-file-dialog".into())
            .spawn(move || {
                let started = Instant::now();
                let path = match &ask {
                    Ask::Open(place) => dialogs.pick_open_in(place),
                    Ask::Save(name, place) => dialogs.pick_save_in(name, place),
                    Ask::Picture(place) => dialogs.pick_picture_in(place),
                };
                // The UI may have given up on this dialog (a typed path instead).
                let _ = tx.send((path, started.elapsed()));
                ctx.request_repaint();
            })?;
        Ok(Self { rx })
    }

    /// The dialog's answer, if it has one.
    pub(super) fn poll(&self) -> Poll {
        match self.rx.try_recv() {
            Ok((Some(path), _)) => Poll::Chosen(path),
            Ok((None, took)) => Poll::Nothing {
                quick: took < NO_DIALOG_WITHIN,
            },
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Failed,
        }
    }
}

/// `<level name>.level.json`, with characters that file systems refuse replaced.
pub fn suggested_file_name(level_name: &str) -> String {
    let cleaned: String = level_name
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '-'
            } else {
                c
            }
        })
        .collect();
    let stem = cleaned.trim_matches(|c: char| c == '.' || c.is_whitespace());
    let stem = if stem.is_empty() { "untitled" } else { stem };
    format!("{stem}{LEVEL_EXTENSION}")
}

/// `path` with `.level.json` added when its name has no extension.
pub fn with_level_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_some() || path.file_name().is_none() {
        return path;
    }
    let mut name = path.into_os_string();
    name.push(LEVEL_EXTENSION);
    PathBuf::from(name)
}

/// A typed path made absolute: `~/` is the home folder, and a relative path
/// is taken from `base`.
pub(super) fn resolve_typed(text: &str, base: &Path) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let path = match (text.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ if text == "~" => return None,
        _ => PathBuf::from(text),
    };
    Some(if path.is_absolute() {
        path
    } else {
        base.join(path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_names_are_safe() {
        assert_eq!(suggested_file_name("Basement"), "Basement.level.json");
        assert_eq!(suggested_file_name("a/b: c?"), "a-b- c-.level.json");
        assert_eq!(suggested_file_name("  "), "untitled.level.json");
        assert_eq!(suggested_file_name("..."), "untitled.level.json");
    }

    #[test]
    fn an_open_dialog_starts_in_the_folder_even_through_zenity() {
        let place = DialogPlace::new(Some(PathBuf::from("/games/crypt")), None);
        let shown = format!("{:?}", place.open_dialog());
        // The folder for the portal, and the folder as zenity's file name.
        assert!(
            shown.contains(r#"starting_directory: Some("/games/crypt")"#),
            "{shown}"
        );
        assert!(
            shown.contains(r#"file_name: Some("/games/crypt/")"#),
            "{shown}"
        );
        let nowhere = format!("{:?}", DialogPlace::default().open_dialog());
        assert!(nowhere.contains("file_name: None"), "{nowhere}");
    }

    #[test]
    fn extension_is_added_only_when_missing() {
        let p = |s: &str| with_level_extension(PathBuf::from(s));
        assert_eq!(p("/tmp/house"), PathBuf::from("/tmp/house.level.json"));
        assert_eq!(p("/tmp/house.json"), PathBuf::from("/tmp/house.json"));
        assert_eq!(
            p("/tmp/house.level.json"),
            PathBuf::from("/tmp/house.level.json")
        );
    }

    #[test]
    fn typed_paths_are_taken_from_the_base() {
        let base = Path::new("/levels");
        assert_eq!(
            resolve_typed(" a.json ", base),
            Some(PathBuf::from("/levels/a.json"))
        );
        assert_eq!(
            resolve_typed("/x/a.json", base),
            Some(PathBuf::from("/x/a.json"))
        );
        assert_eq!(resolve_typed("   ", base), None);
    }
}
