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
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            dark: true,
            grid: true,
            show_solution: true,
            recent: Vec::new(),
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
