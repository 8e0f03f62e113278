//! How good is this puzzle? Quality measures of a level, computed from its
//! [`Analysis`]: the least-cost plan it found, its dead ends and its state
//! counts, and the level's rules. Nothing here searches states again: every
//! measure is a walk along the plan or over the rooms and doors, so the
//! measures cost little beside the analysis.
//!
//! The measures, defined precisely in `docs/format.md`:
//!
//! - **critical path** ([`CriticalPath`]): the plan's moves, pulls and cost,
//!   and the rooms it visits out of all the rooms;
//! - **backtracking**: the share of the plan's moves into a room it has
//!   already visited;
//! - **key–lock distance** ([`KeyDistance`]): per key the plan uses, the
//!   steps between picking it up and first using it;
//! - **branching** ([`Branching`]): the productive steps open at each of the
//!   plan's decision points (measured along the plan, not over every
//!   reachable state);
//! - **optional content** ([`Optional`]): rooms and keys the plan does without;
//! - **routes** ([`Routes`]): per locked area, the doors that lead into it;
//! - **risk** ([`Risk`]): the share of reachable states that are dead ends,
//!   and the cheapest way into one;
//! - **score** ([`Score`]): a difficulty score, a plain sum of visible parts.
//!
//! ```
//! use lockwork::measures::measure_level;
//! use lockwork::model::{Door, Key, Level, Room};
//! use lockwork::solver::SolveOptions;
//!
//! // r1 - r2 - r3, the door into r3 locked by the key lying back in r1's
//! // side room r4: fetch it, come back, go on.
//! let mut level = Level::new("demo");
//! for (id, x) in [("r2", 100.0), ("r3", 200.0), ("r4", 0.0)] {
//!     level.rooms.push(Room::new(id, [x, 100.0]));
//! }
//! level.doors.push(Door::new("d1", "r1", "r2"));
//! let mut locked = Door::new("d2", "r2", "r3");
//! locked.locks = vec!["red".into()];
//! level.doors.push(locked);
//! level.doors.push(Door::new("d3", "r1", "r4"));
//! level.keys.push(Key::new("red", "r4"));
//! level.goal = "r3".into();
//!
//! let (_, m) = measure_level(&level, &SolveOptions::default()).unwrap();
//! let path = m.critical_path.as_ref().unwrap();
//! assert_eq!((path.moves, path.rooms_visited, path.rooms), (4, 4, 4));
//! // r4 -> r1 is the one move into a room visited before: 1 of 4.
//! assert_eq!(m.backtracking, Some(0.25));
//! // "red" is picked up by move 1 and first used by move 4.
//! assert_eq!(m.key_distance.max, Some(3));
//! assert_eq!(m.routes.areas.len(), 1, "r3, behind the locked door");
//! assert_eq!(m.risk.dead_end_share, Some(0.0));
//! ```

mod areas;
mod band;
mod dominators;
mod overview;
mod walk;

use serde_json::{Value, json};

use crate::model::{KeyId, Level, RoomId};
use crate::rules::Rules;
use crate::solver::{Analysis, Parts, SolveError, SolveOptions, analyze_rules_with};

pub use areas::{Area, Routes};
pub use band::{BandCheck, BandMeasure, Reading};
pub use overview::{AREA_NAME_KEY, Overview, OverviewArea, OverviewLink};

/// The least-cost plan in figures.
#[derive(Clone, Debug, PartialEq)]
pub struct CriticalPath {
    /// Moves of the plan.
    pub moves: u32,
    /// Lever pulls of the plan.
    pub pulls: u32,
    /// Its total cost.
    pub cost: f64,
    /// True when the plan is proven least-cost; false when the analysis ran
    /// out of budget and this is the cheapest plan it found.
    pub least: bool,
    /// Distinct rooms the plan is in at some point, the start included.
    pub rooms_visited: usize,
    /// All the rooms of the level.
    pub rooms: usize,
}

/// How long the plan carries its keys before it uses them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeyDistance {
    /// Per key the plan uses, in the order of first use: the steps (moves and
    /// pulls) from the one after which it is picked up to the one that first
    /// uses it.
    pub per_key: Vec<(KeyId, u32)>,
    /// Their mean; `None` when the plan uses no key.
    pub mean: Option<f64>,
    /// Their largest; `None` when the plan uses no key.
    pub max: Option<u32>,
}

/// The ways on at the plan's decision points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Branching {
    /// The plan's states looked at: the start and each state right after a
    /// plan step that picked up a key, spent small keys or pulled a lever,
    /// while not yet solved.
    pub states: usize,
    /// Those with two or more productive steps open.
    pub decision_points: usize,
    /// Mean productive steps open at a decision point; `None` when there is none.
    pub mean: Option<f64>,
    /// Most productive steps open at any state looked at.
    pub max: usize,
    /// False when the plan was too long for the level's size to look at
    /// every such state (a work bound of a few million rooms, doors, keys
    /// and entries of the doors' locks read): the figures then cover the
    /// first `states` of them.
    pub complete: bool,
}

/// Content the least-cost plan does without.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Optional {
    /// Rooms the plan never enters.
    pub rooms: Vec<RoomId>,
    /// Keys the plan never picks up, or picks up and never uses.
    pub keys: Vec<KeyId>,
}

/// How easy it is to ruin the level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Risk {
    /// Dead-end states over reachable states; `None` when they were not
    /// both counted (and the level is not proven free of dead ends).
    pub dead_end_share: Option<f64>,
    /// Dead-end states, when counted.
    pub dead_end_states: Option<usize>,
    /// Reachable states, when counted.
    pub reachable_states: Option<usize>,
    /// The cost of the cheapest way into a dead end found; `None` when none
    /// was found.
    pub cheapest_cost: Option<f64>,
    /// Moves and pulls of that way.
    pub cheapest_steps: Option<u32>,
    /// True when every dead end was found, so the cheapest is the cheapest;
    /// false when the search stopped early: the true cheapest costs at most
    /// `cheapest_cost`.
    pub complete: bool,
}

/// The difficulty score: the sum of its parts, each shown, each a count of
/// what the player does along the least-cost plan.
///
/// `total = length + backtracking + key_distance + branching + risk`, where
///
/// - `length` = the plan's moves + pulls;
/// - `backtracking` = the plan's moves into a room it has visited before
///   (the backtracking share × moves);
/// - `key_distance` = the mean key–lock distance (0 when no key is used);
/// - `branching` = the sum, over decision points, of (productive steps − 1),
///   each point counting at most [`Score::MAX_WRONG_WAYS`]: the wrong ways a
///   player could try there;
/// - `risk` = the dead-end share × `length`: the share of the way a player
///   may have to walk again (0 when unknown).
///
/// Every part but `length` is bounded by what the plan does (backtracking by
/// its moves, key distance and risk by its length, branching by its decision
/// points), so a level whose solution is a few steps scores little however
/// many rooms and keys lie around it: the score ranks the work a player
/// does, not the size of the level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// The sum of the parts.
    pub total: f64,
    /// Moves + pulls of the plan.
    pub length: f64,
    /// Weighted backtracking share.
    pub backtracking: f64,
    /// Mean key–lock distance.
    pub key_distance: f64,
    /// Extra ways at decision points.
    pub branching: f64,
    /// Weighted dead-end share.
    pub risk: f64,
}

impl std::fmt::Display for Score {
    /// The sum with its parts, each to 2 decimals:
    /// `42.5 = length 20 + backtracking 5 + key distance 3 + branching 4 + risk 0.5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let figure = |x: f64| crate::model::format_cost((x * 100.0).round() / 100.0);
        write!(
            f,
            "{} = length {} + backtracking {} + key distance {} + branching {} + risk {}",
            figure(self.total),
            figure(self.length),
            figure(self.backtracking),
            figure(self.key_distance),
            figure(self.branching),
            figure(self.risk)
        )
    }
}

impl Score {
    /// The most wrong ways counted at one decision point: past two, a
    /// player looks for the right way rather than tries each.
    pub const MAX_WRONG_WAYS: usize = 2;
}

/// Every measure of one level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measures {
    /// The plan in figures; `None` when no plan was found.
    pub critical_path: Option<CriticalPath>,
    /// Share of the plan's moves into a room already visited; `None` when
    /// no plan was found or it has no move.
    pub backtracking: Option<f64>,
    /// Key–lock distances.
    pub key_distance: KeyDistance,
    /// Branching along the plan.
    pub branching: Branching,
    /// Rooms and keys the plan does without; empty when no plan was found.
    pub optional: Optional,
    /// Doors into each locked area.
    pub routes: Routes,
    /// Dead ends.
    pub risk: Risk,
    /// The difficulty score; `None` when no plan was found.
    pub score: Option<Score>,
}

/// Measures a level whose `analysis` ([`analyze`](crate::solver::analyze)) is at hand.
///
/// Uses the analysis' plan (or, when the least cost was not proven, the
/// cheapest plan it found), its dead ends and its state counts; searches
/// nothing again.
///
/// # Errors
/// [`SolveError::Invalid`] for a level with validation errors, and
/// [`SolveError::Internal`] when the analysis' plan does not replay on
/// `level` (an analysis of another level).
///
/// # Complexity
/// O(S · (R + D + K + L)) for a plan with S steps that pick up keys, spend
/// small keys or pull levers, over R rooms, D doors (the literals of their
/// `open_when` counted), K keys and L levers.
pub fn measure(level: &Level, analysis: &Analysis) -> Result<Measures, SolveError> {
    let rules = Rules::new(level).map_err(|e| SolveError::Invalid(e.to_string()))?;
    measure_rules(&rules, analysis)
}

/// Measures the level of `rules`, as [`measure`] does, without checking and
/// indexing the level again.
///
/// # Errors
/// [`SolveError::Internal`] when the analysis' plan does not replay (an
/// analysis of another level).
///
/// # Complexity
/// As [`measure`].
pub fn measure_rules(rules: &Rules<'_>, analysis: &Analysis) -> Result<Measures, SolveError> {
    let level = rules.level();
    let routes = areas::routes(rules);
    let risk = risk(analysis);
    let (plan, least) = match (&analysis.plan, &analysis.cost_bounds) {
        (Some(plan), _) => (plan, true),
        (None, Some(bounds)) if bounds.best.is_some() => match &bounds.best {
            Some(plan) => (plan, false),
            None => return Ok(without_plan(routes, risk)),
        },
        _ => return Ok(without_plan(routes, risk)),
    };
    let walked = walk::walk(rules, &plan.steps)?;
    let critical_path = CriticalPath {
        moves: plan.moves,
        pulls: plan.pulls,
        cost: plan.cost,
        least,
        rooms_visited: walked.visited.iter().filter(|&&v| v).count(),
        rooms: level.rooms.len(),
    };
    let mut measures = Measures {
        backtracking: walked.backtracking(),
        key_distance: walked.key_distance(level),
        branching: walked.branching.clone(),
        optional: walked.optional(level),
        critical_path: Some(critical_path),
        routes,
        risk,
        score: None,
    };
    measures.score = Some(score(&measures, &walked.options_at_decisions));
    Ok(measures)
}

/// Analyses `level` within `options` and measures it.
///
/// # Errors
/// As [`analyze`](crate::solver::analyze) and [`measure`].
pub fn measure_level(
    level: &Level,
    options: &SolveOptions,
) -> Result<(Analysis, Measures), SolveError> {
    analysed_and_measured(level, options, Parts::ALL)
}

/// `level`'s rules made once (analysing, then measuring, made them twice),
/// the analysis working out `parts`, and the measures.
fn analysed_and_measured(
    level: &Level,
    options: &SolveOptions,
    parts: Parts,
) -> Result<(Analysis, Measures), SolveError> {
    let rules = Rules::new(level).map_err(|e| SolveError::Invalid(e.0))?;
    let analysis = analyze_rules_with(&rules, options, parts)?;
    let measures = measure_rules(&rules, &analysis)?;
    Ok((analysis, measures))
}

/// How long the analysis of a generated level may run when it is measured
/// for its record (the command line's default `--max-seconds`): past it the
/// measures are what was proven, marked where they are incomplete, rather
/// than a wait without end on a level too large to analyse.
pub const RECORD_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// Measures `level` and writes them into its generator record as
/// `generator.metrics` (a new optional field beside `kind`, `seed`,
/// `parameters` and `result`). A level without a generator record is
/// measured and left as it is.
///
/// Generators leave this step to their callers, so that a level made from a
/// seed stays byte for byte what it was; the command line and batches call
/// it before writing a level.
///
/// # Errors
/// As [`measure_level`].
pub fn record(level: &mut Level, options: &SolveOptions) -> Result<Measures, SolveError> {
    // The measures read no key needs: the analysis leaves them out.
    let (_, measures) = analysed_and_measured(level, options, Parts::WITHOUT_KEY_NEEDS)?;
    if let Some(Value::Object(record)) = level.generator.as_mut() {
        record.insert("metrics".to_owned(), measures.to_json());
    }
    Ok(measures)
}

/// The measures that need no plan.
fn without_plan(routes: Routes, risk: Risk) -> Measures {
    Measures {
        routes,
        risk,
        ..Measures::default()
    }
}

/// The risk, from the analysis' dead ends.
fn risk(a: &Analysis) -> Risk {
    let d = &a.dead_ends;
    let share = match (d.exist, d.states, a.reachable_states) {
        (Some(false), _, _) => Some(0.0),
        (_, Some(dead), Some(all)) if all > 0 => Some(dead as f64 / all as f64),
        _ => None,
    };
    let cheapest = d.found.iter().min_by(|a, b| a.cost.total_cmp(&b.cost));
    Risk {
        dead_end_share: share,
        dead_end_states: if d.exist == Some(false) {
            Some(0)
        } else {
            d.states
        },
        reachable_states: a.reachable_states,
        cheapest_cost: cheapest.map(|c| c.cost),
        cheapest_steps: cheapest.map(|c| walk::actions(&c.steps)),
        complete: d.complete || d.exist == Some(false),
    }
}

/// The score of measures whose plan was found; `options` are the productive
/// steps open at each decision point.
fn score(m: &Measures, options: &[usize]) -> Score {
    let (moves, pulls) = m
        .critical_path
        .as_ref()
        .map_or((0, 0), |p| (p.moves, p.pulls));
    let length = f64::from(moves) + f64::from(pulls);
    let backtracking = (m.backtracking.unwrap_or(0.0) * f64::from(moves)).round();
    let key_distance = m.key_distance.mean.unwrap_or(0.0);
    // `0.0 +`: an empty float sum is -0.0, which reads "branching -0".
    let branching = 0.0
        + options
            .iter()
            .map(|&n| n.saturating_sub(1).min(Score::MAX_WRONG_WAYS) as f64)
            .sum::<f64>();
    let risk = m.risk.dead_end_share.unwrap_or(0.0) * length;
    Score {
        total: length + backtracking + key_distance + branching + risk,
        length,
        backtracking,
        key_distance,
        branching,
        risk,
    }
}

/// `x` rounded to 4 decimals, as a JSON number (whole numbers without a fraction).
fn num(x: f64) -> Value {
    crate::format::number((x * 1e4).round() / 1e4)
}

fn opt_num(x: Option<f64>) -> Value {
    x.map_or(Value::Null, num)
}

impl Measures {
    /// The measures as the JSON object that `lockwork solve --json` prints as
    /// `metrics` and generators record as `generator.metrics`. Unknown
    /// figures are `null`.
    pub fn to_json(&self) -> Value {
        let path = self.critical_path.as_ref().map(|p| {
            json!({
                "moves": p.moves, "pulls": p.pulls, "cost": num(p.cost), "least": p.least,
                "rooms_visited": p.rooms_visited, "rooms": p.rooms,
            })
        });
        let per_key: serde_json::Map<String, Value> = self
            .key_distance
            .per_key
            .iter()
            .map(|(k, n)| (k.as_str().to_owned(), json!(n)))
            .collect();
        let r = &self.risk;
        json!({
            "critical_path": path,
            "backtracking": opt_num(self.backtracking),
            "key_distance": {
                "mean": opt_num(self.key_distance.mean), "max": self.key_distance.max,
                "per_key": per_key,
            },
            "branching": {
                "states": self.branching.states,
                "decision_points": self.branching.decision_points,
                "mean": opt_num(self.branching.mean), "max": self.branching.max,
                "complete": self.branching.complete,
            },
            "optional": {
                "rooms": self.optional.rooms.iter().map(RoomId::as_str).collect::<Vec<_>>(),
                "keys": self.optional.keys.iter().map(KeyId::as_str).collect::<Vec<_>>(),
            },
            "routes": self.routes.to_json(),
            "risk": {
                "dead_end_share": opt_num(r.dead_end_share),
                "dead_end_states": r.dead_end_states, "reachable_states": r.reachable_states,
                "cheapest_cost": opt_num(r.cheapest_cost), "cheapest_steps": r.cheapest_steps,
                "complete": r.complete,
            },
            "score": self.score.as_ref().map(Score::to_json),
            "band": self.band().to_json(),
        })
    }

    /// The score's total, or 0 when no plan was found: what generators and
    /// batches sort by.
    pub fn score_total(&self) -> f64 {
        self.score.as_ref().map_or(0.0, |s| s.total)
    }
}

impl Score {
    /// `{ "total": …, "length": …, … }`.
    pub fn to_json(&self) -> Value {
        json!({
            "total": num(self.total), "length": num(self.length),
            "backtracking": num(self.backtracking), "key_distance": num(self.key_distance),
            "branching": num(self.branching), "risk": num(self.risk),
        })
    }
}
