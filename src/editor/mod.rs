//! The desktop editor (feature `editor`): an eframe app over the core.
//!
//! UI code reads the level through a [`view::View`] and pushes
//! [`intent::Intent`]s; [`app::EditorApp`] applies them at the end of the
//! frame through [`crate::document::Document`], the one place that changes
//! the level, records undo and marks the document dirty.

pub mod actions;
pub mod app;
mod arrange_job;
pub mod background;
pub mod canvas;
pub mod export;
pub mod files;
pub mod find;
mod findings;
pub mod generate;
mod help;
mod inspector;
pub mod intent;
pub mod key_look;
pub mod lists;
pub mod live_solver;
mod metrics;
pub mod play_guide;
pub mod playback;
mod playback_ui;
pub mod prefs;
pub mod selection;
mod status;
pub mod theme;
pub mod view;
mod words;

use std::path::PathBuf;

pub use app::EditorApp;

/// Opens the editor window on `file`, or on the built-in sample level.
pub fn run(file: Option<PathBuf>) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Lockwork")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([720.0, 480.0])
            .with_drag_and_drop(true),
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "Lockwork",
        options,
        Box::new(move |cc| Ok(Box::new(EditorApp::from_creation(cc, file.as_deref())))),
    )
    .map_err(|e| anyhow::anyhow!("the editor window could not start: {e}"))
}
