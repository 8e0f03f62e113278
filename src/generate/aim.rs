//! Generators that aim: targets on the quality measures
//! ([`crate::measures`]) that a level must reach, and the score to maximise.

use serde_json::{Value, json};

use super::common::num;
use super::{GenerateError, Param, Problem};
use crate::measures::{Measures, measure_level};
use crate::model::Level;
use crate::solver::{SolveError, SolveOptions};

/// Targets on the measures of a generated level. The default aims at
/// nothing: the generator keeps its first level, as it always did.
///
/// ```
/// use lockwork::generate::Aim;
/// let aim = Aim { min_backtracking: Some(0.3), ..Aim::default() };
/// assert!(!aim.is_empty());
/// assert!(Aim::default().is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Aim {
    /// The backtracking share must be at least this (0 to 1).
    pub min_backtracking: Option<f64>,
    /// The mean key–lock distance must be at least this many steps.
    pub min_key_distance: Option<f64>,
    /// The mean number of routes into a locked area must be at least this.
    pub min_routes: Option<f64>,
    /// Of the levels that meet the targets, keep the one with the highest
    /// difficulty score instead of the first.
    pub score: bool,
}

/// One target a level fell short of.
#[derive(Clone, Debug, PartialEq)]
pub struct Shortfall {
    /// The target's parameter.
    pub param: Param,
    /// What was asked.
    pub wanted: f64,
    /// What the best level reached.
    pub reached: f64,
}

impl Aim {
    /// True when it aims at nothing.
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }

    /// The targets, with their parameters.
    fn targets(&self) -> [(Param, Option<f64>); 3] {
        [
            (Param::MinBacktracking, self.min_backtracking),
            (Param::MinKeyDistance, self.min_key_distance),
            (Param::MinRoutes, self.min_routes),
        ]
    }

    /// Each target is a number >= 0; backtracking a share.
    pub(crate) fn check(&self) -> Result<(), GenerateError> {
        for (param, value) in self.targets() {
            let Some(v) = value else { continue };
            if !(v.is_finite() && v >= 0.0) {
                return Err(GenerateError::param(param, Problem::Negative { value: v }));
            }
            if param == Param::MinBacktracking && v > 1.0 {
                return Err(GenerateError::param(param, Problem::NotAShare { value: v }));
            }
        }
        Ok(())
    }

    /// The targets `m` falls short of.
    pub fn shortfalls(&self, m: &Measures) -> Vec<Shortfall> {
        self.targets()
            .into_iter()
            .filter_map(|(param, wanted)| {
                let wanted = wanted?;
                let reached = reached(param, m);
                (reached < wanted).then_some(Shortfall {
                    param,
                    wanted,
                    reached,
                })
            })
            .collect()
    }

    /// The generator record's `aim`: the targets and what was reached.
    pub(crate) fn record(&self, m: &Measures) -> Value {
        let target = |t: Option<f64>| t.map_or(Value::Null, num);
        json!({
            "min_backtracking": target(self.min_backtracking),
            "min_key_distance": target(self.min_key_distance),
            "min_routes": target(self.min_routes),
            "score": self.score,
            "reached": {
                "backtracking": num(round(reached(Param::MinBacktracking, m))),
                "key_distance": num(round(reached(Param::MinKeyDistance, m))),
                "routes": num(round(reached(Param::MinRoutes, m))),
                "score": num(round(m.score_total())),
            },
        })
    }
}

fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// The measure a target is on, 0 when unknown.
fn reached(param: Param, m: &Measures) -> f64 {
    match param {
        Param::MinBacktracking => m.backtracking,
        Param::MinKeyDistance => m.key_distance.mean,
        Param::MinRoutes => m.routes.mean,
        _ => None,
    }
    .unwrap_or(0.0)
}

/// A candidate judged against an aim.
pub(crate) struct Judged {
    pub measures: Measures,
    pub shortfalls: Vec<Shortfall>,
}

impl Judged {
    /// Measures `level` and judges it; `Ok(None)` when it cannot be solved.
    pub(crate) fn of(
        level: &Level,
        aim: &Aim,
        max_states: usize,
    ) -> Result<Option<Self>, SolveError> {
        let options = SolveOptions {
            max_states,
            ..SolveOptions::default()
        };
        let (_, measures) = measure_level(level, &options)?;
        if measures.critical_path.is_none() {
            return Ok(None);
        }
        Ok(Some(Self {
            shortfalls: aim.shortfalls(&measures),
            measures,
        }))
    }

    /// True when every target is met.
    pub(crate) fn met(&self) -> bool {
        self.shortfalls.is_empty()
    }

    /// Better than `other`: meets more targets, then falls short by less in
    /// all (each shortfall relative to its target), then scores higher.
    pub(crate) fn better_than(&self, other: &Self) -> bool {
        let key = |j: &Self| {
            let short: f64 = j
                .shortfalls
                .iter()
                .map(|s| (s.wanted - s.reached) / s.wanted.max(f64::MIN_POSITIVE))
                .sum();
            (
                std::cmp::Reverse(j.shortfalls.len()),
                -short,
                j.measures.score_total(),
            )
        };
        let (a, b) = (key(self), key(other));
        (a.0, a.1, a.2).partial_cmp(&(b.0, b.1, b.2)) == Some(std::cmp::Ordering::Greater)
    }
}
