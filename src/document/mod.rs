//! A level being edited: the one place where changes are applied, undo is
//! recorded and the document is marked dirty.
//!
//! Front ends (the editor, a script, a test) describe what they want as a
//! [`LevelCommand`]; [`Document::apply`] turns it into reversible [`Edit`]s.
//! Nothing here knows about any user interface.
//!
//! ```
//! use lockwork::document::{Document, LevelCommand};
//! use lockwork::model::Level;
//!
//! let mut doc = Document::new(Level::new("demo"), None);
//! let created = doc.apply(LevelCommand::AddRoom { pos: [120.0, 0.0] }).unwrap();
//! assert_eq!(doc.level().rooms.len(), 2);
//! assert!(doc.is_dirty());
//! doc.undo();
//! assert_eq!(doc.level().rooms.len(), 1);
//! assert!(!doc.is_dirty());
//! # let _ = created;
//! ```

mod command;
mod edit;
mod history;
mod mint;
mod plan;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub use command::LevelCommand;
pub use edit::{Edit, Item, LevelMeta, ListEdit};
pub use history::History;
pub use mint::IdMint;

use crate::format::{self, LoadError, SaveError};
use crate::model::{ItemId, Level};
use crate::validate::Problem;

/// Why a command could not be applied. The level is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The command names an item that is not in the level.
    #[error("there is no {0}")]
    Missing(ItemId),
    /// A door was asked to join a room to itself.
    #[error("a door needs two different rooms")]
    SameRoom,
    /// Deleting would leave the level with no room.
    #[error("a level needs at least one room")]
    LastRoom,
    /// A small key cannot be part of a lock or the goal's requirements.
    #[error("small key \"{0}\" opens small locks, not named locks")]
    SmallKeyInLock(crate::model::KeyId),
}

/// A level with its file, undo history and id counters.
#[derive(Clone, Debug)]
pub struct Document {
    level: Level,
    /// The level as last saved or opened, to tell whether there are unsaved changes.
    saved: Level,
    path: Option<PathBuf>,
    history: History,
    mint: IdMint,
    revision: u64,
}

impl Document {
    /// A document for `level`, unchanged since `path` (if any).
    pub fn new(level: Level, path: Option<PathBuf>) -> Self {
        Self {
            mint: IdMint::for_level(&level),
            saved: level.clone(),
            level,
            path,
            history: History::default(),
            revision: fresh_revision(),
        }
    }

    /// Opens a level file; returns the document and the file's warnings.
    pub fn open(path: &Path) -> Result<(Self, Vec<Problem>), LoadError> {
        let loaded = format::from_file(path)?;
        Ok((
            Self::new(loaded.level, Some(path.to_path_buf())),
            loaded.warnings,
        ))
    }

    /// Saves atomically to `path`, which becomes the document's file.
    pub fn save_as(&mut self, path: &Path) -> Result<(), SaveError> {
        format::to_file(&self.level, path)?;
        self.path = Some(path.to_path_buf());
        self.saved = self.level.clone();
        self.history.seal();
        Ok(())
    }

    /// The level as it is now.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The file the document was opened from or last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// A number that changes with every change (including undo and redo) and
    /// is never the same for two states of any two documents in this process,
    /// so caches keyed by it cannot mistake one level for another.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// True when the level differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.level != self.saved
    }

    /// The undo history (labels of the next undo and redo).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Applies a command as one undo step; returns the items it created.
    pub fn apply(&mut self, command: LevelCommand) -> Result<Vec<ItemId>, EditError> {
        self.apply_with(command, None)
    }

    /// Like [`Self::apply`], but consecutive commands with the same
    /// `merge_key` (a slider being dragged, a name being typed) are one step.
    pub fn apply_merging(
        &mut self,
        command: LevelCommand,
        merge_key: &str,
    ) -> Result<Vec<ItemId>, EditError> {
        self.apply_with(command, Some(merge_key.to_owned()))
    }

    fn apply_with(
        &mut self,
        command: LevelCommand,
        merge_key: Option<String>,
    ) -> Result<Vec<ItemId>, EditError> {
        let label = command.label();
        let whole_level = matches!(command, LevelCommand::ReplaceLevel(_));
        let (edits, created) = plan::plan(&self.level, &mut self.mint, command)?;
        let inverses = history::apply_all(&mut self.level, edits);
        if whole_level {
            self.mint.catch_up(&self.level);
        }
        if !inverses.is_empty() {
            self.history.record(label, inverses, merge_key);
            self.revision = fresh_revision();
        }
        Ok(created)
    }

    /// Ends merging of the current step (say, when a text field loses focus).
    pub fn seal(&mut self) {
        self.history.seal();
    }

    /// Takes back the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history.undo(&mut self.level)?;
        self.revision = fresh_revision();
        Some(label)
    }

    /// Does the last undone step again; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history.redo(&mut self.level)?;
        self.revision = fresh_revision();
        Some(label)
    }
}

/// Revisions come from one counter for the whole process.
fn fresh_revision() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
