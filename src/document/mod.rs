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

mod arrange;
mod clip;
mod command;
mod edit;
mod history;
mod mint;
mod paste;
mod plan;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub use clip::Clip;
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
    /// Whether `level` differs from `saved`, worked out once per change
    /// (the editor asks every frame).
    dirty: bool,
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
            dirty: false,
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
        self.dirty = false;
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
        self.dirty
    }

    /// A change happened: a new revision, and whether it differs from the file.
    fn changed(&mut self) {
        self.revision = fresh_revision();
        self.dirty = self.level != self.saved;
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
        let (inverses, created) = self.carry_out(command)?;
        if !inverses.is_empty() {
            self.history.record(label, inverses, merge_key);
            self.changed();
        }
        Ok(created)
    }

    /// Plans and applies a command (a batch one by one); returns the inverse
    /// edits in undo order and the items created. On an error nothing stays
    /// changed.
    fn carry_out(&mut self, command: LevelCommand) -> Result<(Vec<Edit>, Vec<ItemId>), EditError> {
        if let LevelCommand::Batch { commands, .. } = command {
            let mut inverses: Vec<Edit> = Vec::new();
            let mut created = Vec::new();
            for command in commands {
                match self.carry_out(command) {
                    Ok((mut undo, made)) => {
                        // Later steps are taken back first.
                        undo.append(&mut inverses);
                        inverses = undo;
                        created.extend(made);
                    }
                    Err(e) => {
                        history::apply_all(&mut self.level, inverses);
                        return Err(e);
                    }
                }
            }
            return Ok((inverses, created));
        }
        let whole_level = matches!(command, LevelCommand::ReplaceLevel(_));
        let (edits, created) = plan::plan(&self.level, &mut self.mint, command)?;
        let inverses = history::apply_all(&mut self.level, edits);
        if whole_level {
            self.mint.catch_up(&self.level);
        }
        Ok((inverses, created))
    }

    /// Ends merging of the current step (say, when a text field loses focus).
    pub fn seal(&mut self) {
        self.history.seal();
    }

    /// Takes back the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history.undo(&mut self.level)?;
        self.changed();
        Some(label)
    }

    /// Does the last undone step again; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history.redo(&mut self.level)?;
        self.changed();
        Some(label)
    }
}

/// Revisions come from one counter for the whole process.
fn fresh_revision() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Lever, Room};

    /// r1 -d1- r2 -d2- r3, key k1 in r2 locking d2, lever l1 in r1 toggling d2.
    fn level() -> Level {
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [100.0, 0.0]));
        level.rooms.push(Room::new("r3", [200.0, 0.0]));
        level.doors.push(Door::new("d1", "r1", "r2"));
        let mut d2 = Door::new("d2", "r2", "r3");
        d2.locks = vec!["k1".into()];
        level.doors.push(d2);
        level.keys.push(Key::new("k1", "r2"));
        level.levers.push(Lever::new("l1", "r1", vec!["d2".into()]));
        level.goal = "r3".into();
        level.goal_requires = vec!["k1".into()];
        level
    }

    #[test]
    fn deleting_a_room_takes_its_items_and_references_and_undo_brings_all_back() {
        let original = level();
        let mut doc = Document::new(original.clone(), None);
        doc.apply(LevelCommand::Delete(vec![ItemId::Room("r2".into())]))
            .unwrap();
        let l = doc.level();
        assert_eq!(l.rooms.len(), 2);
        assert!(l.doors.is_empty(), "both doors touched r2");
        assert!(l.keys.is_empty(), "k1 lay in r2");
        assert!(
            l.levers[0].toggles.is_empty(),
            "l1 no longer toggles the deleted d2"
        );
        assert!(l.goal_requires.is_empty());
        assert!(crate::validate::validate(l).is_valid());
        doc.undo();
        assert_eq!(doc.level(), &original);
        assert!(!doc.is_dirty());
        doc.redo();
        assert_eq!(doc.level().rooms.len(), 2);
    }

    #[test]
    fn deleting_the_start_room_moves_the_start_and_the_last_room_cannot_go() {
        let mut doc = Document::new(level(), None);
        doc.apply(LevelCommand::Delete(vec![ItemId::Room("r1".into())]))
            .unwrap();
        assert_eq!(doc.level().start.as_str(), "r2");
        let all = doc
            .level()
            .rooms
            .iter()
            .map(|r| ItemId::Room(r.id.clone()))
            .collect();
        assert_eq!(
            doc.apply(LevelCommand::Delete(all)),
            Err(EditError::LastRoom)
        );
    }

    #[test]
    fn merged_edits_are_one_undo_step() {
        let mut doc = Document::new(level(), None);
        for cost in [2.0, 3.0, 4.0] {
            let mut door = doc.level().doors[0].clone();
            door.cost = cost;
            doc.apply_merging(LevelCommand::SetDoor(door), "door:d1:cost")
                .unwrap();
        }
        assert_eq!(doc.level().doors[0].cost, 4.0);
        doc.undo();
        assert_eq!(
            doc.level().doors[0].cost,
            1.0,
            "one undo takes back the whole drag"
        );
        assert!(doc.undo().is_none());
    }

    #[test]
    fn another_edit_ends_the_merging_of_a_key() {
        let mut doc = Document::new(level(), None);
        let cost = |doc: &Document, c: f64| {
            let mut door = doc.level().doors[0].clone();
            door.cost = c;
            LevelCommand::SetDoor(door)
        };
        doc.apply_merging(cost(&doc, 2.0), "k").unwrap();
        doc.apply(LevelCommand::AddRoom { pos: [0.0, 200.0] })
            .unwrap();
        doc.apply_merging(cost(&doc, 3.0), "k").unwrap();
        doc.undo();
        assert_eq!(
            doc.level().doors[0].cost,
            2.0,
            "the second edit is its own step"
        );
        doc.undo();
        assert_eq!(doc.level().rooms.len(), 3);
        doc.undo();
        assert_eq!(doc.level().doors[0].cost, 1.0);
    }

    #[test]
    fn new_ids_are_never_reused_even_after_undo() {
        let mut doc = Document::new(level(), None);
        let first = doc
            .apply(LevelCommand::AddRoom { pos: [0.0, 100.0] })
            .unwrap();
        doc.undo();
        let second = doc
            .apply(LevelCommand::AddRoom { pos: [0.0, 100.0] })
            .unwrap();
        assert_eq!(first, vec![ItemId::Room("r4".into())]);
        assert_eq!(second, vec![ItemId::Room("r5".into())]);
    }

    #[test]
    fn bad_commands_change_nothing() {
        let mut doc = Document::new(level(), None);
        let before = doc.revision();
        let same = LevelCommand::Connect {
            from: "r1".into(),
            to: "r1".into(),
        };
        assert_eq!(doc.apply(same), Err(EditError::SameRoom));
        let missing = LevelCommand::SetStart("r9".into());
        assert!(matches!(doc.apply(missing), Err(EditError::Missing(_))));
        assert_eq!(doc.revision(), before);
        assert!(!doc.is_dirty());
    }

    #[test]
    fn arrange_is_one_step_and_a_part_stays_clear_of_the_rest() {
        let original = level();
        let mut doc = Document::new(original.clone(), None);
        let all = LevelCommand::Arrange {
            layout: crate::layout::Layout::Grid,
            rooms: Vec::new(),
            aspect: 1.0,
        };
        doc.apply(all).unwrap();
        assert_eq!(doc.history().undo_label(), Some("arrange"));
        assert_eq!(crate::layout::measure(doc.level()).overlaps, 0);
        doc.undo();
        assert_eq!(doc.level(), &original);
        let part = LevelCommand::Arrange {
            layout: crate::layout::Layout::Tree,
            rooms: vec!["r2".into(), "r3".into()],
            aspect: 1.0,
        };
        doc.apply(part).unwrap();
        assert_eq!(doc.level().rooms[0], original.rooms[0], "r1 stays");
        assert_eq!(crate::layout::measure(doc.level()).overlaps, 0);
    }

    /// Arrange worked out ahead ([`LevelCommand::arranged`]) is the same
    /// edit as Arrange applied, the whole level or a part, and one undo
    /// step of the same name; on a room that is not there it says so.
    #[test]
    fn arrange_worked_out_ahead_is_the_same_edit() {
        use crate::layout::Layout;
        let original = level();
        let part: Vec<crate::model::RoomId> = vec!["r2".into(), "r3".into()];
        for (layout, rooms) in [(Layout::Grid, Vec::new()), (Layout::Tree, part)] {
            let mut applied = Document::new(original.clone(), None);
            let arrange = LevelCommand::Arrange {
                layout,
                rooms: rooms.clone(),
                aspect: 1.0,
            };
            applied.apply(arrange).unwrap();
            let mut ahead = Document::new(original.clone(), None);
            let command = LevelCommand::arranged(&original, layout, &rooms, 1.0).unwrap();
            ahead.apply(command).unwrap();
            assert_ne!(ahead.level(), &original, "{layout:?} moves rooms");
            assert_eq!(ahead.level(), applied.level(), "{layout:?}");
            assert_eq!(ahead.history().undo_label(), Some("arrange"));
            assert_eq!(ahead.history().undo_len(), 1);
        }
        let missing =
            LevelCommand::arranged(&original, Layout::Grid, &["r9".into(), "r1".into()], 1.0);
        assert!(matches!(missing, Err(EditError::Missing(_))));
    }

    #[test]
    fn paste_gives_fresh_ids_colours_and_references() {
        let mut doc = Document::new(level(), None);
        let all: Vec<ItemId> = doc
            .level()
            .rooms
            .iter()
            .map(|r| ItemId::Room(r.id.clone()))
            .collect();
        let clip = Clip::of(doc.level(), &all);
        let created = doc
            .apply(LevelCommand::Paste {
                clip: Box::new(clip),
                offset: [0.0, 300.0],
            })
            .unwrap();
        let l = doc.level();
        assert_eq!(
            (l.rooms.len(), l.doors.len(), l.keys.len(), l.levers.len()),
            (6, 4, 2, 2)
        );
        assert_eq!(created.len(), 7, "every pasted item is selected");
        let d4 = l.door(&"d4".into()).unwrap();
        assert_eq!((d4.from.as_str(), d4.to.as_str()), ("r5", "r6"));
        assert_eq!(
            d4.locks,
            vec![crate::model::KeyId::new("k2")],
            "locked by the copy of k1"
        );
        assert_eq!(
            l.levers[1].toggles,
            vec![crate::model::DoorId::new("d4")],
            "wired to the copy of d2"
        );
        assert_ne!(l.keys[0].color, l.keys[1].color, "the copy looks different");
        assert_eq!(l.rooms[3].pos, Some([0.0, 300.0]));
        assert!(crate::validate::validate(l).is_valid());
        doc.undo();
        assert_eq!(doc.level(), &level(), "one undo takes the whole paste back");
    }

    #[test]
    fn a_batch_is_one_step_and_a_failing_batch_changes_nothing() {
        let mut doc = Document::new(level(), None);
        let mut closed = doc.level().doors[0].clone();
        closed.open = false;
        let batch = LevelCommand::Batch {
            label: "close doors",
            commands: vec![
                LevelCommand::SetDoor(closed.clone()),
                LevelCommand::SetStart("r9".into()),
            ],
        };
        assert!(doc.apply(batch).is_err());
        assert_eq!(doc.level(), &level());
        let batch = LevelCommand::Batch {
            label: "close doors",
            commands: vec![
                LevelCommand::SetDoor(closed),
                LevelCommand::SetStart("r2".into()),
            ],
        };
        doc.apply(batch).unwrap();
        assert_eq!(doc.history().undo_label(), Some("close doors"));
        doc.undo();
        assert_eq!(doc.level(), &level());
    }

    #[test]
    fn revisions_differ_across_documents() {
        let a = Document::new(level(), None);
        let b = Document::new(level(), None);
        assert_ne!(a.revision(), b.revision());
    }
}
