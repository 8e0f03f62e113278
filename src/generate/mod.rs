//! The four level generators, each a plain function of its parameters:
//!
//! - [`backward()`]: the backward lock-and-key method (seed article 002): pick a
//!   goal, lock the single door into it, put the keys elsewhere, repeat from
//!   the key rooms.
//! - [`levers()`]: wires the levers of a drawn layout to its doors so that the
//!   least number of lever pulls is as large as possible (seed article 000).
//! - [`nested()`]: a tree of rooms, each door locked by a key found earlier
//!   (seed article 004).
//! - [`random()`]: random locks, keys and levers, kept when the solver proves
//!   them solvable and hard enough (seed article 003).
//!
//! Every generator takes its parameters, a progress callback and a cancel
//! flag (or, in one call for a seed and parameters, neither:
//! [`backward_level`], [`levers_level`], [`nested_level`], [`random_level`]), and returns a [`Generated`] level that the solver has checked, that
//! validates with no errors, that has positions for its rooms and that
//! records how it was made in [`Level::generator`]. A seed gives the same
//! level, byte for byte, on every machine ([`Rng`]).
//!
//! When it cannot, it says why with a [`GenerateError`] that names the
//! parameters to change as [`Param`]s, the fields of the parameter types;
//! [`GenerateError::worded`] words the message with a front end's own names
//! for them. Each parameter type's `Default` holds the defaults that the
//! command line and the editor use.

mod aim;
mod backward;
mod batch;
mod common;
mod constraints;
mod error;
mod graph;
mod levers;
mod nested;
pub mod obstacles;
mod one_call;
mod params;
mod random;
mod recipe;

use std::fmt;

pub use crate::model::palette::nth as palette;
pub use crate::rng::{Rng, fresh_seed};
pub use aim::{Aim, Shortfall};
pub use backward::{BackwardParams, MAX_KEYS_PER_LOCK, backward};
pub use batch::{BatchItem, MAX_BATCH, batch};
pub use constraints::{Constraint, Constraints, PROPS_KEY};
#[cfg(all(test, any(feature = "cli", feature = "editor")))]
pub(crate) use error::tests::examples as error_examples;
pub use error::{GenerateError, Names, NotFound, Param, Problem, Unreachable};
pub use graph::random_graph;
pub use levers::{
    DENSE_MAX_DOORS, EvalLayoutError, LeverEvaluator, LeversParams, MAX_DOORS, basement_layout,
    levers, min_pulls_of_wiring,
};
pub use nested::{NestedParams, nested};
pub use one_call::{backward_level, levers_level, nested_level, random_level};
pub use random::{RandomParams, random};
pub use recipe::{
    BestFigure, Generator, GeneratorParams, LayoutUse, ParamSpec, Recipe, Shape, Value, help,
};

use crate::model::{DoorId, KeyId, Level};

/// What a generator reports while it works, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// What it is doing, in a few words.
    pub stage: &'static str,
    /// Work done so far (tries, evaluations, locks placed…).
    pub done: u64,
    /// Work to do in all, when known.
    pub total: Option<u64>,
    /// The best figure so far (pulls, cost), when the generator searches.
    pub best: Option<f64>,
}

impl Progress {
    /// A progress report.
    pub fn new(stage: &'static str, done: u64, total: Option<u64>) -> Self {
        Self {
            stage,
            done,
            total,
            best: None,
        }
    }
}

/// A progress callback that ignores every report.
pub fn no_progress(_: Progress) {}

/// Where a generator gets its rooms and doors.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A random connected graph: `rooms` rooms joined by a random tree of
    /// doors plus `extra_doors` more between nearby rooms.
    Graph {
        /// How many rooms.
        rooms: usize,
        /// Doors beyond the tree that connects the rooms.
        extra_doors: usize,
    },
    /// A drawn layout (a level file), kept as drawn except for what the
    /// generator reports in [`Generated::changes`].
    Layout {
        /// The layout.
        level: Box<Level>,
        /// Its file name, recorded in the generator record.
        name: String,
    },
}

/// What a generator did to a door of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The door was taken out.
    Removed,
    /// The door was locked with these keys.
    Locked(Vec<KeyId>),
    /// Levers now flip the door (it starts open when `open`).
    Wired {
        /// Its state at the start.
        open: bool,
    },
    /// The door now opens while a condition on the levers holds (`open_when`).
    Conditioned,
}

/// One door that a generator removed or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoorChange {
    /// The door.
    pub door: DoorId,
    /// What happened to it.
    pub change: Change,
}

impl fmt::Display for DoorChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.change {
            Change::Removed => write!(f, "removed door \"{}\"", self.door),
            Change::Locked(keys) => {
                let keys: Vec<&str> = keys.iter().map(KeyId::as_str).collect();
                write!(f, "locked door \"{}\" with {}", self.door, keys.join(" + "))
            }
            Change::Wired { open } => write!(
                f,
                "door \"{}\" is flipped by levers, starting {}",
                self.door,
                if *open { "open" } else { "closed" }
            ),
            Change::Conditioned => write!(
                f,
                "door \"{}\" opens while a condition on the levers holds",
                self.door
            ),
        }
    }
}

/// A generated level and what was done to make it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The level, with its `generator` record and room positions.
    pub level: Level,
    /// Doors removed or changed, in the order it happened (for a layout:
    /// what differs from the drawing).
    pub changes: Vec<DoorChange>,
    /// True when the search was stopped by the cancel flag and this is the
    /// best level found until then.
    pub cancelled: bool,
}
