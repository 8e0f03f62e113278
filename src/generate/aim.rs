//! Generators that aim: targets on the quality measures
//! ([`crate::measures`]) that a level must reach, and the score to maximise.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::common::{VERIFY_MAX_STATES, num};
use super::{GenerateError, Generated, Param, Problem, Progress, Rng};
use crate::measures::{BandMeasure, Measures, measure_level};
use crate::model::Level;
use crate::solver::{SolveError, SolveOptions};

/// Targets on the measures of a generated level, and preferences among the
/// levels that meet them. `Aim::default()` aims at nothing: the generator
/// keeps its first level. [`Aim::shipped`], what the generators use by
/// default, prefers levels that measure like shipped dungeons.
///
/// ```
/// use lockwork::generate::Aim;
/// let aim = Aim { min_backtracking: Some(0.3), ..Aim::default() };
/// assert!(!aim.is_empty());
/// assert!(Aim::default().is_empty());
/// assert!(Aim::shipped().band && !Aim::shipped().is_empty());
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
    /// Prefer levels like shipped dungeons: keep the first level whose every
    /// measure lies in the band of shipped dungeons
    /// ([`crate::measures::BandMeasure`]) and that has a locked area with
    /// several ways in (as 23 of the 38 measured dungeons have), or, when no
    /// try gets there, the one with the most measures inside, then with
    /// such an area. A preference, never a reason to fail.
    pub band: bool,
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

    /// No targets, and a preference for levels in the band of shipped
    /// dungeons: the generators' default.
    pub fn shipped() -> Self {
        Self {
            band: true,
            ..Self::default()
        }
    }

    /// True when it sets a target a level can fall short of.
    pub fn has_targets(&self) -> bool {
        self.targets().iter().any(|(_, t)| t.is_some())
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
            "band": self.band,
            "reached": {
                "backtracking": num(round(reached(Param::MinBacktracking, m))),
                "key_distance": num(round(reached(Param::MinKeyDistance, m))),
                "routes": num(round(reached(Param::MinRoutes, m))),
                "score": num(round(m.score_total())),
                "band": m.band().inside(),
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
    /// Measures inside the band of shipped dungeons, when the aim prefers
    /// them (0 otherwise).
    pub band_inside: usize,
    /// A locked area has several ways in, when the aim prefers the band
    /// (false otherwise).
    pub several_routes: bool,
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
            band_inside: if aim.band {
                measures.band().inside()
            } else {
                0
            },
            several_routes: aim.band && measures.routes.several > 0,
            measures,
        }))
    }

    /// True when every target is met.
    pub(crate) fn met(&self) -> bool {
        self.shortfalls.is_empty()
    }

    /// True when no later try can do better without `aim.score`: every
    /// target met and, when the aim prefers the band, every measure in it.
    pub(crate) fn done(&self, aim: &Aim) -> bool {
        self.met()
            && (!aim.band || (self.band_inside == BandMeasure::ALL.len() && self.several_routes))
    }

    /// Better than `other`: meets more targets, then falls short by less in
    /// all (each shortfall relative to its target), then has more measures
    /// in the band and then a locked area with several ways in (when the aim
    /// prefers the band), then scores higher.
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
                j.band_inside,
                j.several_routes,
                j.measures.score_total(),
            )
        };
        key(self).partial_cmp(&key(other)) == Some(std::cmp::Ordering::Greater)
    }
}

/// What an aimed run kept: the best level, its judgement, the tries made
/// and how many met the targets.
pub(crate) struct Aimed {
    pub made: Generated,
    pub judged: Judged,
    pub tries: usize,
    pub met: usize,
}

/// A generator's one level from a stream, reporting its progress.
pub(crate) type MakeOne<'a> =
    dyn FnMut(Rng, &dyn Fn(Progress)) -> Result<Generated, GenerateError> + 'a;

/// Makes a level with `make`, aiming as `aim` says: with no aim, the
/// first level of `seed` (reporting `progress`); otherwise up to
/// `max_tries` levels, each from its own stream, and the best judged.
pub(crate) fn aimed(
    aim: &Aim,
    seed: u64,
    max_tries: usize,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
    make: &mut MakeOne<'_>,
) -> Result<Generated, GenerateError> {
    if aim.is_empty() {
        return make(Rng::new(seed), progress);
    }
    let mut quiet = |rng| make(rng, &super::no_progress);
    aim_tries(aim, seed, max_tries, progress, cancel, &mut quiet)?.finish(aim, max_tries)
}

/// Makes up to `max_tries` levels with `make`, the first from the seed's
/// own stream (so a first try that is kept is the level the seed makes
/// without an aim) and each next from a stream of its own, and keeps the
/// best by [`Judged::better_than`]: the first that is [`Judged::done`], or
/// with `aim.score` the best scored of all.
///
/// # Errors
/// What `make` or the measuring returns; [`GenerateError::Cancelled`] when
/// cancelled before any level was judged; a zero `max_tries` as a parameter
/// error.
pub(crate) fn aim_tries(
    aim: &Aim,
    seed: u64,
    max_tries: usize,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
    make: &mut dyn FnMut(Rng) -> Result<Generated, GenerateError>,
) -> Result<Aimed, GenerateError> {
    aim.check()?;
    if max_tries == 0 {
        return Err(GenerateError::param(
            Param::MaxTries,
            Problem::TooSmall { min: 1, value: 0 },
        ));
    }
    let mut best: Option<(Generated, Judged)> = None;
    let (mut tries, mut met) = (0, 0);
    while tries < max_tries && !cancel.load(Ordering::Relaxed) {
        let rng = match tries {
            0 => Rng::new(seed),
            t => Rng::with_stream(seed, t as u64),
        };
        tries += 1;
        let made = make(rng)?;
        progress(Progress::new(
            "aiming",
            tries as u64,
            Some(max_tries as u64),
        ));
        let Some(judged) = Judged::of(&made.level, aim, VERIFY_MAX_STATES)? else {
            continue;
        };
        met += usize::from(judged.met());
        let done = judged.done(aim);
        if best.as_ref().is_none_or(|(_, b)| judged.better_than(b)) {
            best = Some((made, judged));
        }
        if done && !aim.score {
            break;
        }
    }
    let (made, judged) = best.ok_or(GenerateError::Cancelled)?;
    Ok(Aimed {
        made,
        judged,
        tries,
        met,
    })
}

impl Aimed {
    /// The level kept, with the aim, `max_tries` and what it reached in its
    /// generator record; or, when it sets targets and the closest level
    /// fell short of them, which.
    ///
    /// # Errors
    /// [`GenerateError::AimNotMet`] as said.
    pub(crate) fn finish(self, aim: &Aim, max_tries: usize) -> Result<Generated, GenerateError> {
        let Self {
            mut made,
            judged,
            tries,
            met,
        } = self;
        if !judged.met() {
            return Err(GenerateError::AimNotMet {
                tries,
                shortfalls: judged.shortfalls,
            });
        }
        if let Some(record) = made.level.generator.as_mut() {
            aim_json(aim, &mut record["parameters"]);
            record["parameters"]["max_tries"] = max_tries.into();
            record["result"]["aim"] = aim.record(&judged.measures);
            record["result"]["tries"] = tries.into();
            record["result"]["met_targets"] = met.into();
        }
        Ok(made)
    }
}

/// The aim in the generator record's parameters, when it has one.
pub(crate) fn aim_json(aim: &Aim, params: &mut Value) {
    if aim.is_empty() {
        return;
    }
    params["min_backtracking"] = aim.min_backtracking.map(num).into();
    params["min_key_distance"] = aim.min_key_distance.map(num).into();
    params["min_routes"] = aim.min_routes.map(num).into();
    params["score"] = aim.score.into();
    params["band"] = aim.band.into();
}
