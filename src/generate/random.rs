//! Generate and test (seed article 003): place locks, keys and levers at
//! random, let the solver prove the level solvable and measure it, keep it
//! when it is hard enough, and try again otherwise, a bounded number of times.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::aim::{Aim, Judged, aim_json};
use super::backward::source_json;
use super::common::{Graph, VERIFY_MAX_STATES, dress, num, record, verify};
use super::constraints::Constraints;
use super::{
    DoorChange, GenerateError, Generated, NotFound, Param, Problem, Progress, Rng, Source,
    Unreachable,
};
use crate::model::{Level, LevelIndex};
use crate::solver::{SolveError, SolveOptions, analyze, solve};

mod place;

use place::{graph_base, place};

/// What [`random`] makes: where its rooms come from, how many locks and
/// levers to place, the bar a level must meet, how long to try, and the seed.
///
/// ```
/// use lockwork::generate::RandomParams;
///
/// let params = RandomParams { min_cost: Some(8.0), ..RandomParams::default() };
/// assert_eq!(params.max_tries, 1000);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RandomParams {
    /// The seed: the same seed and parameters give the same level.
    pub seed: u64,
    /// A random graph or a drawn layout (its keys, locks and levers are kept).
    pub source: Source,
    /// Locks to place, each on its own door, each opened by one key.
    pub locks: usize,
    /// Levers to place, each flipping one or two doors.
    pub levers: usize,
    /// Give up after this many tries.
    pub max_tries: usize,
    /// Keep only levels whose least cost is at least this.
    pub min_cost: Option<f64>,
    /// Keep only levels that need at least this many lever pulls.
    pub min_pulls: Option<u32>,
    /// A try whose level has more states than this is rejected as too large.
    pub max_states: usize,
    /// Targets on the quality measures, and whether to keep the try with the
    /// best score (then every try is made and measured).
    pub aim: Aim,
}

impl RandomParams {
    /// Rooms and extra doors of the random graph it works on by default.
    pub const DEFAULT_GRAPH: (usize, usize) = (12, 4);
}

impl Default for RandomParams {
    /// Three locks and no levers on random graphs of
    /// [`DEFAULT_GRAPH`](Self::DEFAULT_GRAPH), up to 1,000 tries with no bar,
    /// 200,000 solver states a try, seed 0.
    fn default() -> Self {
        let (rooms, extra_doors) = Self::DEFAULT_GRAPH;
        Self {
            seed: 0,
            source: Source::Graph { rooms, extra_doors },
            locks: 3,
            levers: 0,
            max_tries: 1000,
            min_cost: None,
            min_pulls: None,
            max_states: 200_000,
            aim: Aim::shipped(),
        }
    }
}

/// Why tries were rejected.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    tries: usize,
    /// Tries that met the bar and the targets.
    met: usize,
    unsolvable: usize,
    too_easy: usize,
    too_large: usize,
}

/// A solvable candidate and its figures.
struct Candidate {
    level: Level,
    changes: Vec<DoorChange>,
    cost: f64,
    pulls: Option<u32>,
    /// Its measures against the aim, when there is one.
    judged: Option<Judged>,
    /// It meets `min_cost` and `min_pulls`.
    bar: bool,
}

/// Generates a level by generate-and-test.
///
/// Each try places `locks` locks on distinct unlocked doors with their keys in
/// random rooms, and `levers` levers in random rooms flipping one or two
/// random doors (mostly starting closed); the solver then proves it solvable
/// and measures its least cost (and least pulls, when `min_pulls` is asked).
/// The first try that meets the bar is returned, with the number of tries and
/// the rejection rate in its generator record. On a random graph every try
/// gets a new graph; a layout keeps its own keys, locks and levers.
///
/// # Arguments
///
/// * `params`: the rooms (a random graph or a layout), the locks and levers
///   to place, the bar (`min_cost`, `min_pulls`), the tries and solver
///   states allowed, and the seed.
/// * `progress`: called with a [`Progress`] report as the work goes on, on
///   the calling thread; pass [`no_progress`](super::no_progress) to ignore them.
/// * `cancel`: set it from another thread to stop the run early.
///
/// # Returns
///
/// The first level that meets the bar, proven solvable, with the doors
/// locked or wired in [`Generated::changes`]. When cancelled, the best level
/// found so far, with [`Generated::cancelled`] set.
///
/// # Errors
///
/// * [`GenerateError::Param`]: `max_tries` is 0, `min_cost` is not a
///   number >= 0, or the random graph's size is out of range.
/// * [`GenerateError::InvalidLayout`], [`GenerateError::GoalUnreachable`]:
///   the layout is invalid, its goal is cut off, or it cannot be solved and
///   no levers are to be placed.
/// * [`GenerateError::TooManyLocks`], [`GenerateError::NoDoorsForLevers`],
///   [`GenerateError::TooManyItems`]: the rooms cannot take what is asked.
/// * [`GenerateError::NotFound`]: no try was solvable, or none met the bar.
/// * [`GenerateError::Cancelled`]: `cancel` was set before any solvable try.
///
/// # Complexity
///
/// Up to `max_tries` tries, each O(R + D + L) to place for R rooms, D doors
/// and L locks and levers, plus a solve of at most `max_states` states,
/// which dominates.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use lockwork::generate::{RandomParams, Source, no_progress, random};
///
/// let params = RandomParams {
///     seed: 2,
///     source: Source::Graph { rooms: 6, extra_doors: 1 },
///     locks: 2,
///     min_cost: Some(3.0),
///     max_tries: 50,
///     ..RandomParams::default()
/// };
/// let made = random(&params, &no_progress, &AtomicBool::new(false))?;
/// let record = made.level.generator.as_ref().expect("a generator record");
/// assert!(record["result"]["cost"].as_f64() >= Some(3.0));
/// # Ok::<(), lockwork::generate::GenerateError>(())
/// ```
pub fn random(
    params: &RandomParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    check_params(params)?;
    let mut rng = Rng::new(params.seed);
    let (base, from_layout, layout_name) = first_base(&params.source, &mut rng)?;
    check_request(&base, params, from_layout)?;
    // A constraint neither "always" nor "never" is refused before any try.
    let asked = Constraints::of(&base)?;
    if params.levers == 0 && from_layout {
        super::common::check_solvable_as_drawn(&base, params.max_states)?;
    }
    let search = Search::run(base, params, &mut rng, progress, cancel)?;
    let (accepted, cancelled) = (search.accepted, search.cancelled && !search.accepted);
    let (found, tally) = search.into_found()?;
    if from_layout && let Source::Layout { level: drawn, .. } = &params.source {
        asked.check(drawn, &found.level)?;
    }
    let mut level = found.level;
    describe(&mut level, params, from_layout, tally.tries);
    let mut params_json = params_json(params, &layout_name);
    aim_json(&params.aim, &mut params_json);
    let mut result = tally.result(found.cost, found.pulls, accepted);
    if let Some(judged) = &found.judged {
        result["aim"] = params.aim.record(&judged.measures);
        result["met_targets"] = tally.met.into();
    }
    dress(&mut level);
    verify(
        &level,
        VERIFY_MAX_STATES.max(params.max_states),
        &[Param::Rooms, Param::Locks, Param::Levers],
    )?;
    record(&mut level, "random", params.seed, params_json, result);
    Ok(Generated {
        level,
        changes: found.changes,
        cancelled,
    })
}

/// The first try's rooms and doors: a random graph, or the layout once
/// checked; whether it is a layout, and its name.
fn first_base(source: &Source, rng: &mut Rng) -> Result<(Level, bool, String), GenerateError> {
    Ok(match source {
        Source::Graph { rooms, extra_doors } => {
            (graph_base(rng, *rooms, *extra_doors)?, false, String::new())
        }
        Source::Layout { level, name } => {
            super::obstacles::check(level, super::Generator::Random)?;
            (level.as_ref().clone(), true, name.clone())
        }
    })
}

/// Names and describes the level found at try `tries`.
fn describe(level: &mut Level, params: &RandomParams, from_layout: bool, tries: usize) {
    // A drawn layout keeps the name the designer gave it.
    if !from_layout || level.name.trim().is_empty() {
        level.name = format!("Random, seed {}", params.seed);
    }
    level.description = format!(
        "Locks, keys and levers placed at random and kept once the solver proved the level \
         solvable (try {tries} of {}); made by lockwork generate random.",
        params.max_tries
    );
}

/// The generator record's parameters.
fn params_json(params: &RandomParams, layout_name: &str) -> Value {
    json!({
        "source": source_json(&params.source, layout_name),
        "locks": params.locks,
        "levers": params.levers,
        "max_tries": params.max_tries,
        "min_cost": params.min_cost.map(num),
        "min_pulls": params.min_pulls,
    })
}

/// At least one try, and a bar of a cost that is a number >= 0.
fn check_params(params: &RandomParams) -> Result<(), GenerateError> {
    params.aim.check()?;
    if params.max_tries == 0 {
        return Err(GenerateError::param(
            Param::MaxTries,
            Problem::TooSmall { min: 1, value: 0 },
        ));
    }
    if let Some(c) = params.min_cost
        && !(c.is_finite() && c >= 0.0)
    {
        return Err(GenerateError::param(
            Param::MinCost,
            Problem::Negative { value: c },
        ));
    }
    Ok(())
}

/// The base can take what is asked: a goal joined to the start, doors
/// enough for the locks and levers, room in the level for the keys and levers.
fn check_request(
    base: &Level,
    params: &RandomParams,
    from_layout: bool,
) -> Result<(), GenerateError> {
    let index = LevelIndex::new(base);
    let graph = Graph::of(base)?;
    let (Some(start), Some(goal)) = (index.room(&base.start), index.room(&base.goal)) else {
        return Err(GenerateError::InvalidLayout("start or goal missing".into()));
    };
    if graph.bfs(start, |_| true).0[goal] == usize::MAX {
        return Err(GenerateError::GoalUnreachable(Unreachable::NoPath {
            start: base.room_label(&base.start),
            goal: base.room_label(&base.goal),
        }));
    }
    let doors_at_most = match &params.source {
        Source::Graph { rooms, extra_doors } => (rooms - 1).saturating_add(*extra_doors),
        Source::Layout { .. } => lockable_of(base, &Constraints::of(base)?).len(),
    };
    if params.locks > doors_at_most {
        return Err(GenerateError::TooManyLocks {
            asked: params.locks,
            placed: doors_at_most,
            what: if from_layout {
                "layout"
            } else {
                "random graph"
            },
        });
    }
    if params.levers > 0 && base.doors.is_empty() {
        return Err(GenerateError::NoDoorsForLevers);
    }
    check_item_count(base, params)
}

/// The keys and levers fit in a level.
fn check_item_count(base: &Level, params: &RandomParams) -> Result<(), GenerateError> {
    let limit = crate::format::MAX_ITEMS;
    let keys = base.keys.len().saturating_add(params.locks);
    let levers = base.levers.len().saturating_add(params.levers);
    if keys <= limit && levers <= limit {
        return Ok(());
    }
    let (what, needed) = if keys > limit {
        ("keys", keys)
    } else {
        ("levers", levers)
    };
    Err(GenerateError::TooManyItems {
        what,
        needed,
        limit,
        lower: &[Param::Locks, Param::Levers],
    })
}

/// The doors that have no lock yet.
fn lockable_of(level: &Level, asked: &Constraints) -> Vec<usize> {
    (0..level.doors.len())
        .filter(|&d| level.doors[d].locks.is_empty())
        .filter(|&d| !asked.no_lock.get(d).copied().unwrap_or(false))
        .collect()
}

/// The tries so far and the best level found.
#[derive(Default)]
struct Search {
    tally: Tally,
    best: Option<Candidate>,
    /// A try met the bar.
    accepted: bool,
    /// The cancel flag stopped the search.
    cancelled: bool,
}

impl Search {
    /// The generate-and-test loop: place, measure, keep or reject, until a
    /// try meets the bar, the tries run out or `cancel` is set. On a random
    /// graph every try after the first gets a new graph too.
    fn run(
        mut base: Level,
        params: &RandomParams,
        rng: &mut Rng,
        progress: &dyn Fn(Progress),
        cancel: &AtomicBool,
    ) -> Result<Self, GenerateError> {
        let mut search = Self::default();
        // The constraints are read once per base: every try on a layout
        // shares them, and a random graph has none.
        let mut asked = Constraints::of(&base).unwrap_or_default();
        let mut lockable = lockable_of(&base, &asked);
        while search.tally.tries < params.max_tries {
            if cancel.load(Ordering::Relaxed) {
                search.cancelled = true;
                break;
            }
            search.tally.tries += 1;
            if search.tally.tries > 1
                && let Source::Graph { rooms, extra_doors } = &params.source
            {
                base = graph_base(rng, *rooms, *extra_doors)?;
                asked = Constraints::default();
                lockable = lockable_of(&base, &asked);
            }
            let (level, changes) = place(&base, &lockable, &asked, params, rng);
            let measured = measure(&level, params);
            let total = Some(params.max_tries as u64);
            let mut report = Progress::new("trying", search.tally.tries as u64, total);
            report.best = search.best.as_ref().map(|b| b.cost);
            progress(report);
            let Some((cost, pulls)) = search.tally.solved(measured)? else {
                continue;
            };
            let judged = judge(&level, params)?;
            let candidate = Candidate {
                level,
                changes,
                cost,
                pulls,
                judged,
                bar: false,
            };
            if search.keep(candidate, params) {
                break;
            }
        }
        Ok(search)
    }

    /// Keeps `candidate` when it meets the bar and the targets (the first
    /// one; with `aim.band` the one with most measures in the band; with
    /// `aim.score` the best scored), or beats the best so far while none
    /// does. Returns whether the search can stop: it meets them, and no
    /// later try could be preferred.
    fn keep(&mut self, mut candidate: Candidate, params: &RandomParams) -> bool {
        let (cost, pulls) = (candidate.cost, candidate.pulls);
        let bar = params.min_cost.is_none_or(|c| cost >= c)
            && params
                .min_pulls
                .is_none_or(|p| pulls.is_some_and(|q| q >= p));
        candidate.bar = bar;
        let good = bar && candidate.judged.as_ref().is_none_or(Judged::met);
        let done = good
            && !params.aim.score
            && (candidate.judged.as_ref()).is_none_or(|j| j.done(&params.aim));
        let keep = match &self.best {
            None => true,
            Some(best) if good => !self.accepted || preferred(&candidate, best, &params.aim),
            Some(_) if self.accepted => false,
            Some(best) => closer(&candidate, best),
        };
        if keep {
            self.best = Some(candidate);
        }
        if good {
            self.accepted = true;
            self.tally.met += 1;
        } else {
            self.tally.too_easy += 1;
        }
        done
    }

    /// The level to return, or why there is none: nothing solvable, or
    /// nothing that met the bar (unless cancelled, which returns the best).
    fn into_found(self) -> Result<(Candidate, Tally), GenerateError> {
        let tally = self.tally;
        let Some(found) = self.best else {
            if self.cancelled {
                return Err(GenerateError::Cancelled);
            }
            return Err(GenerateError::NotFound(NotFound::NoneSolvable {
                tries: tally.tries,
                unsolvable: tally.unsolvable,
                too_large: tally.too_large,
            }));
        };
        if !self.accepted
            && !self.cancelled
            && let Some(judged) = &found.judged
            && !judged.met()
        {
            return Err(GenerateError::AimNotMet {
                tries: tally.tries,
                shortfalls: judged.shortfalls.clone(),
            });
        }
        if !self.accepted && !self.cancelled {
            return Err(GenerateError::NotFound(NotFound::BarNotMet {
                tries: tally.tries,
                cost: found.cost,
                pulls: found.pulls,
            }));
        }
        Ok((found, tally))
    }
}

impl Tally {
    /// Counts a try the solver could not solve or measure; the cost and
    /// pulls of one it could.
    fn solved(
        &mut self,
        measured: Result<Option<(f64, Option<u32>)>, SolveError>,
    ) -> Result<Option<(f64, Option<u32>)>, GenerateError> {
        match measured {
            Ok(Some(m)) => Ok(Some(m)),
            Ok(None) => {
                self.unsolvable += 1;
                Ok(None)
            }
            Err(SolveError::Stopped { .. }) => {
                self.too_large += 1;
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The generator record's result for a level of `cost` and `pulls`.
    fn result(&self, cost: f64, pulls: Option<u32>, accepted: bool) -> Value {
        let rejected = if accepted {
            self.tries.saturating_sub(self.met.max(1))
        } else {
            self.tries
        };
        let rate = if self.tries == 0 {
            0.0
        } else {
            rejected as f64 / self.tries as f64
        };
        json!({
            "cost": num(cost),
            "pulls": pulls,
            "tries": self.tries,
            "rejected": rejected,
            "rejection_rate": num((rate * 1e4).round() / 1e4),
            "unsolvable": self.unsolvable,
            "too_easy": self.too_easy,
            "too_large": self.too_large,
            "met_bar": accepted,
        })
    }
}

/// Of two candidates that both meet the bar and the targets, is `c` to be
/// kept over `best`: the higher score with `aim.score`, else more measures
/// in the band, then a locked area with several ways in.
fn preferred(c: &Candidate, best: &Candidate, aim: &Aim) -> bool {
    if aim.score {
        return score_of(c) > score_of(best);
    }
    let band = |c: &Candidate| {
        (c.judged.as_ref()).map_or((0, false), |j| (j.band_inside, j.several_routes))
    };
    band(c) > band(best)
}

/// The score of a candidate (0 without an aim).
fn score_of(c: &Candidate) -> f64 {
    c.judged.as_ref().map_or(0.0, |j| j.measures.score_total())
}

/// True when `c`, which does not meet the bar and the targets, is closer to
/// them than `best`, which does not either: meeting the bar first, then
/// falling short of the targets by less, else a harder level.
fn closer(c: &Candidate, best: &Candidate) -> bool {
    match (c.bar, best.bar, &c.judged, &best.judged) {
        (true, false, _, _) => true,
        (false, true, _, _) => false,
        (true, true, Some(a), Some(b)) => a.better_than(b),
        _ => (c.cost, c.pulls.unwrap_or(0)) > (best.cost, best.pulls.unwrap_or(0)),
    }
}

/// The candidate's measures against the aim; `None` without an aim.
fn judge(level: &Level, params: &RandomParams) -> Result<Option<Judged>, GenerateError> {
    if params.aim.is_empty() {
        return Ok(None);
    }
    Ok(Judged::of(level, &params.aim, params.max_states)?)
}

/// The least cost (and least pulls, when asked for) of a try, or `None`
/// when it cannot be solved.
fn measure(level: &Level, params: &RandomParams) -> Result<Option<(f64, Option<u32>)>, SolveError> {
    let options = SolveOptions {
        max_states: params.max_states,
        ..SolveOptions::default()
    };
    if params.min_pulls.is_some() {
        let a = analyze(level, &options)?;
        if let Some(stop) = a.stopped
            && (a.plan.is_none() || a.min_pulls.is_none())
        {
            return Err(SolveError::Stopped {
                stop,
                states: a.states_explored,
                lower_bound: 0.0,
            });
        }
        Ok(a.plan.map(|p| (p.cost, a.min_pulls.map(|m| m.pulls))))
    } else {
        Ok(solve(level, &options)?
            .plan
            .map(|p| (p.cost, Some(p.pulls))))
    }
}
