//! The undo and redo stacks: groups of inverse edits, one group per user action.

use super::edit::Edit;
use crate::model::Level;

/// One undoable step: what to apply to go back, in order.
#[derive(Clone, Debug)]
struct Group {
    label: String,
    inverses: Vec<Edit>,
    merge_key: Option<String>,
}

// Consecutive edits with the same merge key are one step (a slider dragged,
// a name typed, a burst of nudges); any other edit, an undo or a save ends
// the merging. Callers make keys per interaction (the inspector adds a
// counter that changes with every new click or focus).

/// Most undo steps kept.
const MAX_STEPS: usize = 500;

/// Undo and redo for a level.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Group>,
    redo: Vec<Group>,
}

impl History {
    /// Records a step whose inverses (already in undo order) take it back.
    pub fn record(&mut self, label: &str, inverses: Vec<Edit>, merge_key: Option<String>) {
        if inverses.is_empty() {
            return;
        }
        self.redo.clear();
        if let (Some(key), Some(top)) = (&merge_key, self.undo.last_mut())
            && top.merge_key.as_ref() == Some(key)
        {
            // The older inverses go back further, so they come last.
            let mut merged = inverses;
            merged.append(&mut top.inverses);
            top.inverses = merged;
            return;
        }
        self.undo.push(Group {
            label: label.to_owned(),
            inverses,
            merge_key,
        });
        if self.undo.len() > MAX_STEPS {
            self.undo.remove(0);
        }
    }

    /// Ends merging: the next edit starts a new step even with the same key.
    pub fn seal(&mut self) {
        if let Some(top) = self.undo.last_mut() {
            top.merge_key = None;
        }
    }

    /// Takes the last step back; returns its label.
    pub fn undo(&mut self, level: &mut Level) -> Option<String> {
        let group = self.undo.pop()?;
        let redo = apply_all(level, group.inverses);
        self.redo.push(Group {
            label: group.label.clone(),
            inverses: redo,
            merge_key: None,
        });
        Some(group.label)
    }

    /// Does the last undone step again; returns its label.
    pub fn redo(&mut self, level: &mut Level) -> Option<String> {
        let group = self.redo.pop()?;
        let undo = apply_all(level, group.inverses);
        self.undo.push(Group {
            label: group.label.clone(),
            inverses: undo,
            merge_key: None,
        });
        Some(group.label)
    }

    /// The label of the step Undo would take back.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|g| g.label.as_str())
    }

    /// How many steps Undo can take back.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// The label of the step Redo would do again.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|g| g.label.as_str())
    }

    /// Forgets everything (a new document).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

/// Applies edits in order and returns their inverses in undo order.
pub(crate) fn apply_all(level: &mut Level, edits: Vec<Edit>) -> Vec<Edit> {
    let mut inverses: Vec<Edit> = edits.into_iter().filter_map(|e| e.apply(level)).collect();
    inverses.reverse();
    inverses
}
