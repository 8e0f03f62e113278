//! What the UI asks for during a frame. Panels and the canvas only read the
//! level and push intents; the app applies them all at the end of the frame.

use std::path::PathBuf;

use super::actions::Action;
use crate::document::{Document, LevelCommand};
use crate::model::ItemId;

/// How a click changes the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectMode {
    /// Select exactly these.
    Replace,
    /// Add these (Shift-click).
    Add,
    /// Add these, or remove those already selected (Ctrl-click).
    Toggle,
}

/// One request from the UI, applied at the end of the frame.
#[must_use]
#[derive(Debug)]
pub enum Intent {
    /// Change the level (one undo step).
    Edit(LevelCommand),
    /// Change the level, merging with the previous edit of the same key
    /// (a slider being dragged, a name being typed).
    EditMerging(LevelCommand, String),
    /// A menu, toolbar or keyboard action.
    Action(Action),
    /// Change the selection.
    Select(Vec<ItemId>, SelectMode),
    /// The level was replaced: fit it in view unless some of it is in view already.
    ShowLevel,
    /// Select an item and pan the canvas to it if it is off-screen.
    Frame(ItemId),
    /// Select an item and centre it, zoomed in enough to read (Find).
    Find(ItemId),
    /// Paste this text from the system clipboard (a level file, or our own copy).
    PasteText(String),
    /// Replace the document (a file opened, a new level).
    Replace(Box<Document>, Vec<crate::validate::Problem>),
    /// Save the document to this file.
    SaveTo(PathBuf),
    /// Export the canvas or the level to this file.
    ExportTo(super::export::ExportKind, PathBuf),
    /// Put this picture under the level (chosen in a dialog).
    SetBackground(PathBuf),
    /// Close the window now (unsaved changes were dealt with).
    Close,
    /// Start (or with `None`, end) wiring a lever by clicking doors.
    LinkLever(Option<crate::model::LeverId>),
    /// Step through a plan, or play the level.
    Playback(Playback),
    /// A message for the status bar.
    Status(String),
    /// Stop the Arrange being worked out, leaving the level as it is.
    StopArranging,
    /// How many seconds the live analysis may take (a preference).
    LiveLimit(f32),
    /// From how many rooms Fit shows the area overview; 0 never (a preference).
    OverviewFrom(usize),
}

/// Requests of the plan viewer and the play mode.
#[derive(Clone, Debug, PartialEq)]
pub enum Playback {
    /// Step through this plan.
    Show(super::playback::Source),
    /// Go to step `n` (0 = the start).
    Seek(usize),
    /// Start or stop playing on its own.
    TogglePlaying,
    /// Steps per second while playing.
    Speed(f32),
    /// Play the level as the player.
    StartPlay,
    /// In play mode: walk into this room.
    Walk(crate::model::RoomId),
    /// In play mode: pull this lever.
    Pull(crate::model::LeverId),
    /// In play mode: take back the last step.
    UndoStep,
    /// In play mode: show the next step of a least-cost plan.
    Hint,
    /// In play mode: back to the start.
    Restart,
    /// Back to editing.
    Stop,
}
