//! Lockwork: a solver, analyser and generator for lock-and-key and lever-door
//! puzzles, and (with the `editor` feature) a desktop editor for them.
//!
//! The core — [`model`], [`format`](mod@format), [`validate`], [`rules`], [`solver`] —
//! knows nothing of any user interface and builds with
//! `--no-default-features`, so a game can embed it. A game that runs a level
//! keeps a [`play::Session`] per player: legal steps, hints, dead ends and
//! the cost still to pay, answered from an analysis made once per level.

pub mod cli;
pub mod document;
#[cfg(feature = "editor")]
pub mod editor;
pub mod export;
pub mod format;
pub mod generate;
pub mod layout;
pub mod measures;
pub mod model;
pub mod play;
pub mod rules;
pub mod solver;
pub mod validate;

/// The README's Rust code, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
