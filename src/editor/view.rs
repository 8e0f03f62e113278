//! The read-only context every panel draws from: the level, its index, the
//! selection, the latest solver result, the theme. Panels never get `&mut`
//! access to any of it; they push [`super::intent::Intent`]s instead.

use super::live_solver::SolverState;
use super::playback::PlayView;
use super::prefs::Prefs;
use super::selection::Selection;
use super::theme::Theme;
use crate::model::{Labels, Level, LevelIndex};
use crate::validate::Report;

/// What a panel may read this frame.
pub struct View<'a> {
    /// The level being edited.
    pub level: &'a Level,
    /// A number that changes whenever the level does (the document's
    /// revision), for what the canvas works out once per level.
    pub revision: u64,
    /// Its ids, indexed.
    pub index: &'a LevelIndex,
    /// Validation of the level as it is now.
    pub report: &'a Report,
    /// The level's rules' tables, made once per revision; `None` while the
    /// level has errors.
    pub mechanics: Option<&'a crate::rules::Mechanics>,
    /// Every key's colour ([`crate::model::palette::key_colors`]), made once
    /// per revision: the lists and the inspector ask it per row.
    pub key_colors: &'a [crate::model::Rgb],
    /// The selected items.
    pub selection: &'a Selection,
    /// The live solver's latest answer.
    pub solver: &'a SolverState,
    /// Colours and sizes.
    pub theme: &'a Theme,
    /// The designer's preferences.
    pub prefs: &'a Prefs,
    /// The state of play shown while stepping through a plan or playing.
    pub play: Option<&'a PlayView>,
    /// The background picture under the level, and whether it is drawn.
    pub background: &'a crate::editor::background::BackdropState,
    /// The level's items by name, made once per frame: each list row and
    /// each field asks it, and it finds out once whether any item of a
    /// kind has a name at all.
    pub labels: Labels<'a>,
}

impl<'a> View<'a> {
    /// The level's items by name, looked up through the index (no scan of
    /// the level per label).
    pub fn labels(&self) -> &Labels<'a> {
        &self.labels
    }
}
