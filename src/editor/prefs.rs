//! What the editor remembers between runs: theme, view options, recent
//! files. Never the document itself.

use std::path::{Path, PathBuf};

/// Most recent files remembered.
const MAX_RECENT: usize = 10;

/// The designer's preferences, saved by eframe's persistence.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Dark theme (else light).
    pub dark: bool,
    /// Show the grid and snap to it.
    pub grid: bool,
    /// Highlight the least-cost solution on the canvas.
    pub show_solution: bool,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// Seconds the live analysis may take after an edit before it shows
    /// what it proved so far.
    pub live_secs: f32,
    /// Show the legend of key colours on the canvas.
    pub legend: bool,
    /// Show the minimap when the level is larger than the view.
    pub minimap: bool,
    /// Draw every lever's wiring, not only that of the lever selected or
    /// pointed at (or of the room pointed at).
    pub wires: bool,
    /// Show the lists on the left.
    pub lists: bool,
    /// Show the inspector on the right.
    pub inspector: bool,
    /// Show the area overview in place of the rooms.
    pub overview: bool,
    /// A level of at least this many rooms shows its overview when seen
    /// from far (about Fit); 0 never.
    pub overview_from: usize,
    /// The lists' width, as the designer set it by their edge.
    pub lists_width: f32,
    /// The inspector's width, as the designer set it by its edge.
    pub inspector_width: f32,
}

/// The sizes from which Fit may show the area overview (0: never).
pub const OVERVIEW_SIZES: [usize; 5] = [60, 100, 150, 300, 0];

/// The time limits offered for the live analysis, in seconds.
pub const LIVE_LIMITS: [f32; 5] = [1.0, 3.0, 10.0, 30.0, 120.0];

impl Default for Prefs {
    fn default() -> Self {
        Self {
            dark: true,
            grid: true,
            show_solution: true,
            recent: Vec::new(),
            live_secs: 3.0,
            legend: true,
            minimap: true,
            wires: false,
            lists: true,
            inspector: true,
            overview: false,
            overview_from: 150,
            lists_width: crate::editor::app::LISTS_WIDTH,
            inspector_width: crate::editor::app::INSPECTOR_WIDTH,
        }
    }
}

impl Prefs {
    /// The key eframe stores the preferences under.
    pub const STORAGE_KEY: &'static str = "lockwork-prefs";

    /// Puts `path` first in the recent files.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(MAX_RECENT);
    }
}
