//! Lever wiring (seed article 000): given a layout of rooms, doors and levers
//! with empty `toggles`, choose which doors each lever flips so that the least
//! number of lever pulls needed to reach the goal is as large as possible.

mod bits;
mod cond_eval;
mod conditions;
mod eval;
mod pipeline;
mod pulls;
mod search;
mod workers;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use eval::{DENSE_MAX_DOORS, EvalLayoutError, LeverEvaluator, MAX_DOORS};
use search::{Budget, Space};
use workers::{Search, Totals, best_of, most_backtracking};

use super::{Change, DoorChange, GenerateError, Generated, Param, Problem, Progress};

/// The longest time budget, in seconds (about four months).
pub const MAX_SECONDS: f64 = 1e7;
use crate::model::{Door, Level, Lever, Room};
use crate::solver::{SolveOptions, analyze};

/// What [`levers`] makes: the layout to wire, how many doors a lever may
/// flip, the search's budget and threads, and the seed.
///
/// ```
/// use lockwork::generate::{LeversParams, basement_layout};
///
/// let mut params = LeversParams::new(basement_layout(&[1, 2, 3]));
/// params.set_budget(None, Some(1000), None);
/// assert_eq!(params.seconds, None, "an evaluation budget replaces the time limit");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LeversParams {
    /// The seed. With an evaluation budget and no time limit, the same seed,
    /// thread count and layout give the same level on every machine.
    pub seed: u64,
    /// Rooms, doors (closed unless marked open) and levers; levers with empty
    /// `toggles` get wired, the others keep their wiring.
    pub layout: Level,
    /// The layout's file name, for the generator record.
    pub layout_name: String,
    /// Each lever flips at least this many doors.
    pub min_doors: usize,
    /// Each lever flips at most this many doors.
    pub max_doors: usize,
    /// Let two levers flip the same doors.
    pub allow_alike: bool,
    /// Stop after this many seconds (the result then depends on the machine's speed).
    pub seconds: Option<f64>,
    /// Stop after this many wirings tried per thread (reproducible).
    pub evaluations: Option<u64>,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Stop as soon as a wiring needs this many pulls.
    pub target: Option<u32>,
    /// Instead of wiring toggles, give each closed door an `open_when`
    /// condition on the levers (one list of literals per door); the levers
    /// then flip no doors. `min_doors`, `max_doors` and `allow_alike` are
    /// not used.
    pub conditions: bool,
    /// With `conditions`: each door's condition names at least this many levers.
    pub min_literals: usize,
    /// With `conditions`: each door's condition names at most this many levers.
    pub max_literals: usize,
}

impl LeversParams {
    /// The time budget, in seconds, when no other budget is given.
    pub const DEFAULT_SECONDS: f64 = 5.0;

    /// Parameters for wiring `layout`, with the [defaults](Self::default).
    pub fn new(layout: Level) -> Self {
        Self {
            layout,
            ..Self::default()
        }
    }

    /// Sets the search's budget: any of a time limit, evaluations per
    /// thread and a target; with none at all, [`DEFAULT_SECONDS`](Self::DEFAULT_SECONDS).
    pub fn set_budget(
        &mut self,
        seconds: Option<f64>,
        evaluations: Option<u64>,
        target: Option<u32>,
    ) {
        self.seconds = match (seconds, evaluations, target) {
            (None, None, None) => Some(Self::DEFAULT_SECONDS),
            _ => seconds,
        };
        self.evaluations = evaluations;
        self.target = target;
    }
}

impl Default for LeversParams {
    /// An empty layout (one room; set [`layout`](Self::layout) before a
    /// run), 1..2 doors per lever, no two levers alike, and
    /// [`DEFAULT_SECONDS`](Self::DEFAULT_SECONDS) on all cores, seed 0;
    /// wiring toggles, not conditions (1..3 literals when switched on).
    fn default() -> Self {
        Self {
            seed: 0,
            layout: Level::new(""),
            layout_name: String::new(),
            min_doors: 1,
            max_doors: 2,
            allow_alike: false,
            seconds: Some(Self::DEFAULT_SECONDS),
            evaluations: None,
            threads: 0,
            target: None,
            conditions: false,
            min_literals: 1,
            max_literals: 3,
        }
    }
}

/// The basement of the seed article: rooms `r1`..`r8`, start `r1`, goal
/// `r8`, doors all closed `[1,2] [1,3] [2,4] [2,5] [3,6] [3,7] [5,8]`, and
/// levers with empty toggles in the rooms listed (`[1,1,2,2,3,4,5,5,6,7,7]`
/// for the article's layout).
pub fn basement_layout(lever_rooms: &[usize]) -> Level {
    let mut level = Level::new("Basement");
    level.rooms.clear();
    let places: [[f64; 2]; 8] = [
        [0.0, 110.0],
        [180.0, 0.0],
        [180.0, 220.0],
        [360.0, -55.0],
        [360.0, 55.0],
        [360.0, 165.0],
        [360.0, 275.0],
        [540.0, 55.0],
    ];
    for (i, pos) in places.iter().enumerate() {
        level.rooms.push(Room::new(format!("r{}", i + 1), *pos));
    }
    let doors = [(1, 2), (1, 3), (2, 4), (2, 5), (3, 6), (3, 7), (5, 8)];
    for (i, (a, b)) in doors.iter().enumerate() {
        let mut door = Door::new(format!("d{}", i + 1), format!("r{a}"), format!("r{b}"));
        door.open = false;
        level.doors.push(door);
    }
    for (i, r) in lever_rooms.iter().enumerate() {
        level.levers.push(Lever::new(
            format!("l{}", i + 1),
            format!("r{r}"),
            Vec::new(),
        ));
    }
    level.start = "r1".into();
    level.goal = "r8".into();
    level
}

/// The least number of pulls of a wired level of rooms, doors and levers,
/// by the fast evaluator (`None` when it cannot be solved).
pub fn min_pulls_of_wiring(level: &Level) -> Result<Option<u32>, GenerateError> {
    let mut eval = LeverEvaluator::new(level).map_err(layout_error)?;
    let wiring = eval.wiring().to_vec();
    Ok(eval.min_pulls(&wiring))
}

fn layout_error(e: EvalLayoutError) -> GenerateError {
    match e {
        EvalLayoutError::TooManyDoors(n) => GenerateError::Layout(format!(
            "the layout has {n} doors; the lever generator handles at most {MAX_DOORS}: \
             remove doors or split the level"
        )),
        EvalLayoutError::Invalid(m) => GenerateError::InvalidLayout(m),
    }
}

/// Wires the levers of a layout to make the least number of pulls large.
///
/// Runs simulated annealing with restarts on `threads` workers (each its
/// own stream of the seed), changing one lever's wiring per step and scoring
/// each wiring with the [`LeverEvaluator`]; stops at the time or evaluation
/// budget, at the target, or when `cancel` is set, and returns the best
/// wiring found (with `cancelled` set in the last case). The solver checks
/// the result and must agree on the number of pulls.
///
/// # Arguments
///
/// * `params`: the layout (rooms, doors, and levers with empty `toggles`;
///   wired levers keep their wiring), doors per lever, whether two levers
///   may be alike, the budget (seconds, evaluations per thread, target),
///   the threads and the seed.
/// * `progress`: called with a [`Progress`] report as the work goes on, on
///   the calling thread, about ten times a second; pass
///   [`no_progress`](super::no_progress) to ignore them.
/// * `cancel`: set it from another thread to stop the run early.
///
/// # Returns
///
/// The layout with its levers wired, the doors they flip in
/// [`Generated::changes`], and the least pulls and cost in its generator
/// record. With an evaluation budget and no time limit, the same seed and
/// threads give the same level on every machine.
///
/// # Errors
///
/// * [`GenerateError::NoBudget`], [`GenerateError::Param`]: no budget, a
///   time limit that is not a positive number, or `min_doors` that is 0,
///   above `max_doors` or above the layout's doors.
/// * [`GenerateError::InvalidLayout`], [`GenerateError::Layout`],
///   [`GenerateError::NoLevers`]: the layout is invalid, has keys or locks,
///   more than [`MAX_DOORS`] doors, or no lever to wire.
/// * [`GenerateError::TooFewWirings`]: the levers cannot all be different.
/// * [`GenerateError::GoalUnreachable`]: no wiring tried reaches the goal.
/// * [`GenerateError::Cancelled`]: `cancel` was set before any wiring reached the goal.
///
/// # Complexity
///
/// Each wiring tried costs a breadth-first search over up to 2^D · R
/// states for D doors and R rooms (word-parallel for D <= [`DENSE_MAX_DOORS`]);
/// the search tries `evaluations` wirings per thread, or as many as fit in
/// `seconds`.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use lockwork::generate::{LeversParams, basement_layout, levers, no_progress};
///
/// // The seed article's basement, with a lever in each of seven rooms.
/// let mut params = LeversParams::new(basement_layout(&[1, 2, 3, 4, 5, 6, 7]));
/// params.seed = 3;
/// params.set_budget(None, Some(300), None); // reproducible: no time limit
/// params.threads = 1;
/// let made = levers(&params, &no_progress, &AtomicBool::new(false))?;
/// let record = made.level.generator.as_ref().expect("a generator record");
/// assert!(record["result"]["pulls"].as_u64() >= Some(1));
/// assert!(made.level.levers.iter().all(|l| !l.toggles.is_empty()));
/// # Ok::<(), lockwork::generate::GenerateError>(())
/// ```
pub fn levers(
    params: &LeversParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let threads = search_threads(params);
    if params.conditions {
        let mode = conditions::Conditions::new(params)?;
        return pipeline::run(&mode, params, threads, progress, cancel);
    }
    let mode = Toggles::new(params)?;
    pipeline::run(&mode, params, threads, progress, cancel)
}

/// The wiring mode: each lever gets the doors it flips.
struct Toggles {
    eval: LeverEvaluator,
    space: Space,
}

impl Toggles {
    /// The evaluator and wiring space of a layout fit to wire.
    fn new(params: &LeversParams) -> Result<Self, GenerateError> {
        check_layout(&params.layout)?;
        check_params(params)?;
        let eval = LeverEvaluator::new(&params.layout).map_err(layout_error)?;
        let space = wiring_space(params, eval.wiring())?;
        Ok(Self { eval, space })
    }
}

impl pipeline::Mode for Toggles {
    type Eval = LeverEvaluator;
    type Space = Space;

    fn eval(&self) -> &LeverEvaluator {
        &self.eval
    }

    fn space(&self) -> &Space {
        &self.space
    }

    fn write(&self, layout: &Level, wires: &[u64]) -> (Level, Vec<DoorChange>) {
        wire(layout, wires)
    }

    fn title(&self, seed: u64) -> String {
        format!("Levers, seed {seed}")
    }

    fn description(&self, pulls: u32) -> String {
        format!(
            "Levers wired by lockwork generate levers: at least {pulls} pulls to reach the goal."
        )
    }

    fn params_json(&self, params: &LeversParams) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        map.insert("min_doors".into(), params.min_doors.into());
        map.insert("max_doors".into(), params.max_doors.into());
        map.insert("distinct".into(), (!params.allow_alike).into());
        map
    }

    fn dead_name(&self) -> &'static str {
        "closed_doors_never_flipped"
    }
}

/// The threads a search runs on: `params.threads`, or every core for 0.
pub(super) fn search_threads(params: &LeversParams) -> usize {
    match params.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, 256)
}

/// A search's budget from `params`; its time limit starts now.
pub(super) fn search_budget(params: &LeversParams) -> Budget {
    Budget {
        evaluations: params.evaluations,
        deadline: params
            .seconds
            .and_then(|s| Instant::now().checked_add(Duration::from_secs_f64(s))),
        target: params.target,
    }
}

/// A budget, a time limit that is a positive number, and `min_doors` in
/// `1..=max_doors` and no more than the layout's doors.
fn check_params(params: &LeversParams) -> Result<(), GenerateError> {
    check_budget(params)?;
    let doors = params.layout.doors.len();
    let min_doors = |problem| Err(GenerateError::param(Param::MinDoors, problem));
    if params.min_doors == 0 {
        return min_doors(Problem::TooSmall { min: 1, value: 0 });
    }
    if params.min_doors > params.max_doors {
        return min_doors(Problem::Exceeds {
            other: Param::MaxDoors,
            value: params.min_doors,
            other_value: params.max_doors,
        });
    }
    if params.min_doors > doors {
        return min_doors(Problem::MoreThanDoors {
            value: params.min_doors,
            doors,
        });
    }
    Ok(())
}

/// A budget, and a time limit that is a positive number.
fn check_budget(params: &LeversParams) -> Result<(), GenerateError> {
    if params.seconds.is_none() && params.evaluations.is_none() && params.target.is_none() {
        return Err(GenerateError::NoBudget);
    }
    if let Some(s) = params.seconds
        && !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS)
    {
        return Err(GenerateError::param(
            Param::Seconds,
            Problem::NotPositive {
                value: s,
                max: MAX_SECONDS,
            },
        ));
    }
    Ok(())
}

/// What the search may wire: the levers with empty toggles, each to
/// `min_doors..=max_doors` doors, all different unless alike levers are
/// allowed (and there must be wirings enough for that).
fn wiring_space(params: &LeversParams, wiring: &[u64]) -> Result<Space, GenerateError> {
    let layout = &params.layout;
    // Doors the designer keeps from the generators are never wired.
    let asked = crate::generate::Constraints::of(layout)?;
    let all_doors = layout.doors.len();
    let kept: u64 = (0..all_doors.min(64))
        .filter(|&d| asked.no_lock[d])
        .fold(0, |m, d| m | (1 << d));
    let doors = all_doors - kept.count_ones() as usize;
    if doors == 0 && kept != 0 {
        return Err(GenerateError::Constraints(asked.list(layout)));
    }
    let max_doors = params.max_doors.min(doors);
    let fixed: Vec<Option<u64>> = (wiring.iter())
        .zip(&layout.levers)
        .map(|(&mask, lever)| (!lever.toggles.is_empty()).then_some(mask))
        .collect();
    if fixed.iter().all(Option::is_some) {
        return Err(GenerateError::NoLevers);
    }
    let distinct = !params.allow_alike;
    if distinct {
        let wirings: u128 = (params.min_doors..=max_doors)
            .map(|k| binomial(doors as u128, k as u128))
            .sum();
        if (layout.levers.len() as u128) > wirings {
            return Err(GenerateError::TooFewWirings {
                levers: layout.levers.len(),
                wirings,
                min_doors: params.min_doors,
                max_doors,
                doors,
            });
        }
    }
    Ok(Space {
        fixed,
        doors: if all_doors == 64 {
            u64::MAX
        } else {
            (1u64 << all_doors) - 1
        } & !kept,
        min_doors: params.min_doors as u32,
        max_doors: max_doors as u32,
        distinct,
        closed: layout
            .doors
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.open)
            .fold(0u64, |m, (i, _)| m | (1 << i)),
    })
}

/// The layout with `wires` written into its levers that had no toggles,
/// and the doors some lever now flips.
fn wire(layout: &Level, wires: &[u64]) -> (Level, Vec<DoorChange>) {
    let mut level = layout.clone();
    let mut flipped = 0u64;
    for (lever, &mask) in level.levers.iter_mut().zip(wires) {
        flipped |= mask;
        if lever.toggles.is_empty() {
            lever.toggles = (0..layout.doors.len())
                .filter(|&d| mask & (1 << d) != 0)
                .map(|d| layout.doors[d].id.clone())
                .collect();
        }
    }
    let changes: Vec<DoorChange> = level
        .doors
        .iter()
        .enumerate()
        .filter(|&(d, _)| flipped & (1 << d) != 0)
        .map(|(_, door)| DoorChange {
            door: door.id.clone(),
            change: Change::Wired { open: door.open },
        })
        .collect();
    (level, changes)
}

/// The solver must agree on the pulls (it also refuses an invalid level).
/// Returns the least cost.
fn check_with_solver(level: &Level, pulls: u32) -> Result<f64, GenerateError> {
    let options = SolveOptions {
        max_states: super::common::VERIFY_MAX_STATES,
        ..SolveOptions::default()
    };
    let analysis = analyze(level, &options)?;
    let solved_pulls = analysis.min_pulls.as_ref().map(|p| p.pulls);
    if solved_pulls != Some(pulls) {
        return Err(GenerateError::Internal(format!(
            "the evaluator counted {pulls} pulls but the solver finds {solved_pulls:?}"
        )));
    }
    Ok(analysis.plan.as_ref().map_or(0.0, |p| p.cost))
}

/// `n choose k`, saturating.
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// A layout the lever generator can wire: valid, rooms, doors and levers
/// only, and a goal that some wiring could reach.
fn check_layout(level: &Level) -> Result<(), GenerateError> {
    super::obstacles::check(level, super::Generator::Levers)
}

#[cfg(test)]
mod tie_tests {
    use super::{basement_layout, most_backtracking, wire};
    use crate::generate::Rng;
    use crate::measures::measure_level;
    use crate::solver::SolveOptions;

    /// Of tied wirings, the one kept backtracks most, and the best found
    /// stays when no other does better.
    #[test]
    fn the_tie_break_keeps_the_wiring_that_backtracks_most() {
        let layout = basement_layout(&[1, 2, 3]);
        let doors = layout.doors.len() as u64;
        let mut rng = Rng::new(5);
        let wirings: Vec<Vec<u64>> = (0..200)
            .map(|_| (0..3).map(|_| rng.below(1 << doors).max(1)).collect())
            .collect();
        let backtracking = |w: &[u64]| {
            measure_level(&wire(&layout, w).0, &SolveOptions::default())
                .ok()
                .and_then(|(_, m)| m.backtracking)
        };
        let most = wirings
            .iter()
            .filter_map(|w| backtracking(w))
            .fold(None, |m: Option<f64>, b| Some(m.map_or(b, |m| m.max(b))));
        assert!(most.is_some(), "some wiring is solvable");
        let write = |w: &[u64]| wire(&layout, w).0;
        let (kept, b) = most_backtracking(&write, &wirings[0], wirings[1..].to_vec());
        assert_eq!(b, most);
        assert_eq!(backtracking(&kept), most);
        let (alone, _) = most_backtracking(&write, &wirings[3], Vec::new());
        assert_eq!(alone, wirings[3]);
    }
}
