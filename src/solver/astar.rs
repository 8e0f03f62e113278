//! What the best-first searches share: how a search ended and the states it
//! met. The searches themselves step from event to event ([`super::events`]):
//! A* for the least cost, and a lexicographic A* for the fewest lever pulls
//! (cheapest among those). Both stop at the first goal state they settle,
//! which is then optimal, because the bound of [`super::heuristic`] never
//! overestimates and never drops by more than a step costs.

use super::budget::Stop;
use super::compile::Compiled;
use super::store::Store;

/// Marks "no parent" (the start state).
pub(crate) const ROOT: u32 = u32::MAX;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Outcome {
    /// It settled this goal state: an optimal plan leads there.
    Goal(u32),
    /// No goal state can be reached from the start.
    Unreachable,
    /// The budget ran out; no plan costs less than `lower` (for the pull
    /// search: needs fewer than `lower` pulls).
    Stopped { stop: Stop, lower: f64 },
}

/// The states a search met, with the best way it found to each.
pub(crate) struct Searched {
    pub store: Store,
    pub parent: Vec<u32>,
    pub via: Vec<u32>,
    pub cost: Vec<f64>,
    /// States settled.
    pub settled: usize,
    pub outcome: Outcome,
}

/// True when every step cost of `c` is a whole number, so keys can be bucketed.
pub(crate) fn whole_costs(c: &Compiled) -> bool {
    c.whole_costs()
}
