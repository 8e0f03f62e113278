//! Lockwork: a solver, analyser and generator for lock-and-key and lever-door
//! puzzles, and (with the `editor` feature) a desktop editor for them.
//!
//! # Quick start
//!
//! ```
//! let level = lockwork::format::from_file("assets/basement.level.json".as_ref())?.level;
//! let analysis = lockwork::solver::analyze(&level, &Default::default())?;
//! assert_eq!(analysis.plan.map(|plan| plan.pulls), Some(22));
//! let session = lockwork::play::Session::open(level, &Default::default())?;
//! println!("first step: {:?}", session.hint());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Load a level ([`format`](mod@format)), analyse it ([`solver::analyze`]: cost, pulls,
//! dead ends, needed keys), and keep a [`play::Session`] per player to ask,
//! at run time, what only the analysis knows. Generators are in [`generate`].
//!
//! The core — [`model`], [`format`](mod@format), [`validate`], [`rules`], [`solver`] —
//! knows nothing of any user interface and builds with
//! `--no-default-features` (without the `editor` and `cli` features, and
//! for `wasm32-unknown-unknown`), so a game can embed it. A game that runs a level
//! keeps a [`play::Session`] per player: legal steps, hints, dead ends and
//! the cost still to pay, answered from an analysis made once per level.

#[cfg(feature = "cli")]
pub mod cli;
mod digraph;
pub mod document;
#[cfg(feature = "editor")]
pub mod editor;
mod error;
pub mod export;
pub mod format;
pub mod generate;
mod grouped;
pub mod layout;
pub mod measures;
pub mod mechanics;
pub mod model;
pub mod play;
mod rng;
pub mod rules;
pub mod solver;
pub mod validate;

pub use error::Error;

/// The README's Rust code, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
