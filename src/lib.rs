//! Lockwork: a solver, analyser and generator for lock-and-key and lever-door
//! puzzles, and (with the `editor` feature) a desktop editor for them.
//!
//! The core — [`model`], [`format`](mod@format), [`validate`], [`rules`], [`solver`] —
//! knows nothing of any user interface and builds with
//! `--no-default-features`, so a game can embed it.

pub mod cli;
pub mod document;
#[cfg(feature = "editor")]
pub mod editor;
pub mod export;
pub mod format;
pub mod generate;
pub mod layout;
pub mod model;
pub mod rules;
pub mod solver;
pub mod validate;
