//! One call per generator for a seed and parameters: no progress callback,
//! no cancel flag, just the level (for a game that makes a level at run
//! time, or a test).

use std::sync::atomic::AtomicBool;

use super::{
    BackwardParams, GenerateError, LeversParams, NestedParams, RandomParams, backward, levers,
    nested, no_progress, random,
};
use crate::model::Level;

/// A level by the backward method ([`backward()`]) for `seed` and the
/// other fields of `params` (its own `seed` is not read).
///
/// # Errors
/// As [`backward()`]: [`GenerateError`] names what to change.
///
/// # Complexity
/// As [`backward()`]; it runs to the end (nothing can cancel it).
///
/// # Examples
///
/// ```
/// use lockwork::generate::{BackwardParams, Source, backward_level};
/// let params = BackwardParams { source: Source::Graph { rooms: 12, extra_doors: 2 }, locks: 3, ..Default::default() };
/// let level = backward_level(7, &params)?;
/// assert_eq!(level.rooms.len(), 12);
/// assert_eq!(backward_level(7, &params)?, level, "a seed gives the same level");
/// # Ok::<(), lockwork::Error>(())
/// ```
pub fn backward_level(seed: u64, params: &BackwardParams) -> Result<Level, GenerateError> {
    let params = BackwardParams {
        seed,
        ..params.clone()
    };
    Ok(backward(&params, &no_progress, &AtomicBool::new(false))?.level)
}

/// A tree of nested rooms ([`nested()`]) for `seed` and the other fields
/// of `params`.
///
/// # Errors
/// As [`nested()`].
///
/// # Complexity
/// As [`nested()`].
///
/// # Examples
///
/// ```
/// use lockwork::generate::{NestedParams, nested_level};
/// let level = nested_level(3, &NestedParams { depth: 3, ..Default::default() })?;
/// assert_eq!(level.keys.len(), level.rooms.len() - 1, "one key per door of the tree");
/// # Ok::<(), lockwork::Error>(())
/// ```
pub fn nested_level(seed: u64, params: &NestedParams) -> Result<Level, GenerateError> {
    let params = NestedParams {
        seed,
        ..params.clone()
    };
    Ok(nested(&params, &no_progress, &AtomicBool::new(false))?.level)
}

/// Random locks, keys and levers ([`random()`]) for `seed` and the other
/// fields of `params`.
///
/// # Errors
/// As [`random()`].
///
/// # Complexity
/// As [`random()`].
///
/// # Examples
///
/// ```
/// use lockwork::generate::{RandomParams, Source, random_level};
/// let params = RandomParams { source: Source::Graph { rooms: 6, extra_doors: 1 }, locks: 2, ..Default::default() };
/// assert_eq!(random_level(2, &params)?.rooms.len(), 6);
/// # Ok::<(), lockwork::Error>(())
/// ```
pub fn random_level(seed: u64, params: &RandomParams) -> Result<Level, GenerateError> {
    let params = RandomParams {
        seed,
        ..params.clone()
    };
    Ok(random(&params, &no_progress, &AtomicBool::new(false))?.level)
}

/// A layout's levers wired to its doors ([`levers()`]) for `seed` and the
/// other fields of `params`. Set a budget of evaluations rather than of
/// time ([`LeversParams::set_budget`]) for the same level on every machine.
///
/// # Errors
/// As [`levers()`].
///
/// # Complexity
/// As [`levers()`]: its budget.
///
/// # Examples
///
/// ```
/// use lockwork::generate::{LeversParams, basement_layout, levers_level};
/// let mut params = LeversParams::new(basement_layout(&[1, 2, 3]));
/// params.set_budget(None, Some(100), None);
/// params.threads = 1;
/// let level = levers_level(3, &params)?;
/// assert!(level.levers.iter().all(|l| !l.toggles.is_empty()));
/// # Ok::<(), lockwork::Error>(())
/// ```
pub fn levers_level(seed: u64, params: &LeversParams) -> Result<Level, GenerateError> {
    let mut params = params.clone();
    params.seed = seed;
    Ok(levers(&params, &no_progress, &AtomicBool::new(false))?.level)
}
