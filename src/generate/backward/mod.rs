//! The backward method (seed article 002): start from the goal and work back
//! towards the start, locking the one door into each goal area and putting
//! its keys where the player can get them first.

mod around;
mod side;
mod work;

use around::{check_needed, has_drawn_content, side_ids};

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::aim::{Aim, aimed};
use super::common::{Graph, Ids, VERIFY_MAX_STATES, Verified, record};
use super::constraints::Constraints;
use super::{
    Change, DoorChange, GenerateError, Generated, Param, Problem, Progress, Rng, Source,
    random_graph,
};
use crate::model::{DoorId, Key, KeyId, Level, RoomId};

/// What [`backward`] makes: where its rooms come from, how many locks, keys
/// per lock, red herrings and side areas, and the seed.
///
/// ```
/// use lockwork::generate::{BackwardParams, Source};
///
/// let params = BackwardParams {
///     locks: 3,
///     keys_per_lock: (1, 1),
///     ..BackwardParams::default()
/// };
/// let (rooms, extra_doors) = BackwardParams::DEFAULT_GRAPH;
/// assert_eq!(params.source, Source::Graph { rooms, extra_doors });
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BackwardParams {
    /// The seed: the same seed and parameters give the same level.
    pub seed: u64,
    /// A random graph or a drawn layout.
    pub source: Source,
    /// How many locks to place on the way to the goal.
    pub locks: usize,
    /// Each lock needs between this many keys (inclusive range).
    pub keys_per_lock: (usize, usize),
    /// Keys that open nothing, lying on the way.
    pub red_herrings: usize,
    /// Locked dead ends that hold nothing the player needs (their locks are
    /// the only ones that are not necessary).
    pub side_areas: usize,
    /// Targets on the quality measures; with none, the first level made is
    /// kept (and is what it always was for its seed).
    pub aim: Aim,
    /// With an aim: how many levels to make, at most, to meet it.
    pub max_tries: usize,
    /// Let some locks apply from one side only (`locked_from`): the side
    /// the player first comes from, so the way back is free.
    pub one_sided: bool,
    /// Let some locks open with any one of their keys (`locks_any`) instead
    /// of all of them.
    pub any_of: bool,
    /// Locked areas, at most, that get a second way in: a door the method
    /// took out between the area and the one before it, kept and locked
    /// like the first (seed article 002's several routes). Each lock stays
    /// as necessary as before; 0 makes the article's single ways in.
    pub second_ways: usize,
}

impl BackwardParams {
    /// Rooms and extra doors of the random graph it works on by default.
    pub const DEFAULT_GRAPH: (usize, usize) = (30, 8);
}

impl Default for BackwardParams {
    /// Six locks of one or two keys each on a random graph of
    /// [`DEFAULT_GRAPH`](Self::DEFAULT_GRAPH), up to two second ways into
    /// locked areas, no red herrings or side areas, no one-sided or any-of
    /// locks, aiming for the band of shipped dungeons over up to 50 levels,
    /// seed 0.
    fn default() -> Self {
        let (rooms, extra_doors) = Self::DEFAULT_GRAPH;
        Self {
            seed: 0,
            source: Source::Graph { rooms, extra_doors },
            locks: 6,
            keys_per_lock: (1, 2),
            red_herrings: 0,
            side_areas: 0,
            aim: Aim::shipped(),
            max_tries: 50,
            one_sided: false,
            any_of: false,
            second_ways: 2,
        }
    }
}

impl BackwardParams {
    /// The level exactly as seed article 002's method makes it: one way into
    /// every locked area, the first level kept.
    ///
    /// ```
    /// use lockwork::generate::{Aim, BackwardParams};
    /// let article = BackwardParams::article();
    /// assert_eq!((article.second_ways, article.aim), (0, Aim::default()));
    /// ```
    pub fn article() -> Self {
        Self {
            second_ways: 0,
            aim: Aim::default(),
            ..Self::default()
        }
    }
}

/// What makes a backward level smaller.
const SMALLER: &[Param] = &[Param::Rooms, Param::Locks, Param::KeysPerLock];

/// The most keys one lock may need.
pub const MAX_KEYS_PER_LOCK: usize = 8;

/// A lock being placed: its door and the rooms of its keys.
struct Placed {
    door: usize,
    key_rooms: Vec<usize>,
    /// Any one of its keys opens it (`locks_any`), not all of them.
    any_of: bool,
}

/// Generates a level by the backward method.
///
/// Picks a goal far from the start (or the layout's goal), then for each of
/// `locks` steps takes the first room of the goal list, makes the door by
/// which breadth-first search first reaches it the single way into it and
/// everything behind it (removing other doors across that boundary), locks
/// that door with 1..k keys, puts the keys in rooms far from the start that
/// can be reached without passing any lock, and adds those rooms to the goal
/// list. Every lock placed this way is necessary: taking away any one of its
/// keys makes the level unsolvable. Red herrings then go on the way of the
/// solution, and side areas are locked dead ends holding only a treasure.
///
/// With `one_sided`, about half the locks apply only from the side the
/// player comes from (`locked_from`); they are as necessary as before. With
/// `any_of`, about half the locks of two or more keys open with any one of
/// them (`locks_any`); their key rooms are then not locked off in turn, so
/// each key alone opens the lock, and taking all of them away makes the
/// level unsolvable.
///
/// # Arguments
///
/// * `params`: the rooms (a random graph or a drawn layout of plain open
///   two-way doors), the locks, keys per lock, red herrings, side areas and
///   the seed.
/// * `progress`: called with a [`Progress`] report as the work goes on, on
///   the calling thread; pass [`no_progress`](super::no_progress) to ignore them.
/// * `cancel`: set it from another thread to stop the run early.
///
/// # Returns
///
/// The level, proven solvable by the solver, with room positions, key
/// colours and a generator record; for a layout, the doors removed or
/// locked are listed in [`Generated::changes`]. The same parameters give
/// the same level, byte for byte, on every machine.
///
/// # Errors
///
/// * [`GenerateError::Param`]: `keys_per_lock` is not a range within
///   1..=[`MAX_KEYS_PER_LOCK`], or the random graph's `rooms` or
///   `extra_doors` are out of range.
/// * [`GenerateError::TooManyItems`]: the keys asked for do not fit in a level.
/// * [`GenerateError::InvalidLayout`], [`GenerateError::Layout`]: the
///   layout is invalid, or has keys, levers, or closed, locked or one-way doors.
/// * [`GenerateError::GoalUnreachable`]: no doors join the layout's goal to its start.
/// * [`GenerateError::TooManyLocks`]: the rooms cannot hold `locks` locks.
/// * [`GenerateError::TooLargeToCheck`]: the solver cannot prove the level solvable.
/// * [`GenerateError::Cancelled`]: `cancel` was set.
///
/// # Complexity
///
/// Placing takes O(L · (R log R + D)) time for L locks, R rooms and D
/// doors, and side areas O(S · R · (R + D)) at most. The solver's check of
/// the finished level usually dominates: it grows with the number of keys
/// that can be held at once, and stops at 4,000,000 states.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use lockwork::generate::{BackwardParams, Source, backward, no_progress};
///
/// let params = BackwardParams {
///     seed: 7,
///     source: Source::Graph { rooms: 10, extra_doors: 2 },
///     locks: 2,
///     ..BackwardParams::default()
/// };
/// let made = backward(&params, &no_progress, &AtomicBool::new(false))?;
/// assert_eq!(made.level.rooms.len(), 10);
/// assert!(made.level.keys.len() >= 2, "each lock has a key");
/// // The same seed gives the same level.
/// let again = backward(&params, &no_progress, &AtomicBool::new(false))?;
/// assert_eq!(again.level, made.level);
/// # Ok::<(), lockwork::generate::GenerateError>(())
/// ```
pub fn backward(
    params: &BackwardParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let around = match &params.source {
        Source::Layout { level, .. } => has_drawn_content(level),
        Source::Graph { .. } => false,
    };
    if around && (params.aim.is_empty() || params.aim == Aim::shipped()) {
        // What is drawn decides most measures: the first level that keeps
        // it is kept.
        return around_drawn(params, Rng::new(params.seed), progress, cancel);
    }
    let mut make = |rng, progress: &dyn Fn(Progress)| {
        if around {
            around_drawn(params, rng, progress, cancel)
        } else {
            backward_once(params, rng, progress, cancel)
        }
    };
    aimed(
        &params.aim,
        params.seed,
        params.max_tries,
        progress,
        cancel,
        &mut make,
    )
}

/// Tries for placing locks around what is drawn before giving up.
const AROUND_TRIES: usize = 20;

/// The backward method on a layout with drawn content: each try places the
/// locks (the first from `first`, each next from a stream drawn from it),
/// and the solver checks that the level can be solved and that each new
/// lock is needed; the first try that passes is kept.
fn around_drawn(
    params: &BackwardParams,
    first: Rng,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let mut seeds = first.clone();
    let mut rng = first;
    let mut last = None;
    for t in 0..AROUND_TRIES {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        if t > 0 {
            rng = Rng::with_stream(seeds.next_u64(), t as u64);
        }
        match backward_once(params, rng.clone(), progress, cancel) {
            Err(GenerateError::Internal(why)) => last = Some(why),
            made => return made,
        }
    }
    Err(GenerateError::NotAround {
        locks: params.locks,
        tries: AROUND_TRIES,
        why: last.unwrap_or_default(),
    })
}

/// One level by the backward method, from `rng`.
fn backward_once(
    params: &BackwardParams,
    mut rng: Rng,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    check_keys_per_lock(params.keys_per_lock)?;
    let base = Base::new(&params.source, &mut rng)?;
    check_key_count(params)?;
    let mut work = Work::new(base.level, base.from_layout)?;
    let goal = work.pick_goal(params.locks, &mut rng)?;
    let placed = work.place_locks(params, goal, &mut rng, progress, cancel)?;
    if !work.around {
        work.hand_out_keys(&placed);
    }
    let side_doors = work.side_areas(params.side_areas, &mut rng);
    let second_doors = work.second_ways(&placed, params.second_ways, &mut rng);
    let (final_ids, changes) = work.take_out_removed();
    let steps = params.locks as u64;
    progress(Progress::new(
        "checking with the solver",
        steps,
        Some(steps),
    ));
    let (solved, herrings) = work.check_with_herrings(params.red_herrings, &mut rng)?;
    work.check_asked()?;
    if has_drawn_content(&work.drawn) {
        let needed: Vec<&DoorChange> = (changes.iter())
            .filter(|c| matches!(c.change, Change::Locked(_)))
            .filter(|c| !side_ids(&side_doors, &final_ids).contains(&c.door))
            .collect();
        check_needed(&work.level, &needed)?;
    }
    let made = Made {
        base_name: &base.layout_name,
        extra_placed: base.extra_placed,
        lock_doors: placed.iter().rev().map(|lock| lock.door).collect(),
        side_doors,
        second_doors,
        herrings,
        solved,
    };
    let level = made.record(work.level, work.from_layout, params, &final_ids, &changes);
    progress(Progress::new("done", steps, Some(steps)));
    Ok(Generated {
        level,
        changes,
        cancelled: false,
    })
}

/// Each lock needs 1..=[`MAX_KEYS_PER_LOCK`] keys, the smaller number first.
fn check_keys_per_lock((kmin, kmax): (usize, usize)) -> Result<(), GenerateError> {
    if kmin == 0 || kmin > kmax || kmax > MAX_KEYS_PER_LOCK {
        return Err(GenerateError::param(
            Param::KeysPerLock,
            Problem::Range {
                low: kmin,
                high: kmax,
                least: 1,
                most: Some(MAX_KEYS_PER_LOCK),
            },
        ));
    }
    Ok(())
}

/// The keys asked for fit in a level.
fn check_key_count(params: &BackwardParams) -> Result<(), GenerateError> {
    let max_items = crate::format::MAX_ITEMS;
    let wanted_keys = params
        .locks
        .saturating_mul(params.keys_per_lock.1)
        .saturating_add(params.red_herrings)
        .saturating_add(params.side_areas.saturating_mul(2));
    if wanted_keys > max_items {
        return Err(GenerateError::TooManyItems {
            what: "keys",
            needed: wanted_keys,
            limit: max_items,
            lower: &[
                Param::Locks,
                Param::KeysPerLock,
                Param::RedHerrings,
                Param::SideAreas,
            ],
        });
    }
    Ok(())
}

/// The graph phase: the rooms and doors to work on.
struct Base {
    level: Level,
    from_layout: bool,
    /// The layout's file name, for the record.
    layout_name: String,
    /// Extra doors that fitted in a random graph.
    extra_placed: Option<usize>,
}

impl Base {
    /// A random graph, or the layout once checked.
    fn new(source: &Source, rng: &mut Rng) -> Result<Self, GenerateError> {
        Ok(match source {
            Source::Graph { rooms, extra_doors } => {
                let (level, placed) = random_graph(rng, *rooms, *extra_doors)?;
                Self {
                    level,
                    from_layout: false,
                    layout_name: String::new(),
                    extra_placed: Some(placed),
                }
            }
            Source::Layout { level, name } => {
                check_layout(level)?;
                if has_drawn_content(level) {
                    super::common::check_solvable_as_drawn(level, VERIFY_MAX_STATES)?;
                }
                Self {
                    level: level.as_ref().clone(),
                    from_layout: true,
                    layout_name: name.clone(),
                    extra_placed: None,
                }
            }
        })
    }
}

/// The level being made, and which doors are taken out or locked so far.
struct Work {
    level: Level,
    from_layout: bool,
    graph: Graph,
    start: usize,
    /// Per door: taken out.
    removed: Vec<bool>,
    /// Per door: locked.
    locked: Vec<bool>,
    /// Per door: drawn by the designer with content of its own, or asked to
    /// stay unlocked: never taken out, locked or changed.
    fixed: Vec<bool>,
    /// Per door: open, two-way, unlocked, flipped by no lever and with no
    /// condition: a door any player walks through freely.
    plain: Vec<bool>,
    /// What the designer asked of the generator, per door and room.
    asked: Constraints,
    /// The level as it came in, to check the constraints against.
    drawn: Level,
    /// Rooms asked to hold a key that have been given one.
    pins_used: Vec<usize>,
    /// The layout holds drawn content: each lock is handed its keys and
    /// checked by the solver as it is placed.
    around: bool,
    /// Doors taken out, in order.
    changes: Vec<(usize, Change)>,
    /// Doors locked, in the order the player meets them.
    lock_changes: Vec<(usize, Change)>,
    key_ids: Ids,
}

/// What the phases made, for the generator record.
struct Made<'a> {
    base_name: &'a str,
    extra_placed: Option<usize>,
    /// Locked doors in the order the player meets them (old indices).
    lock_doors: Vec<usize>,
    side_doors: Vec<usize>,
    /// Second ways into locked areas (old indices).
    second_doors: Vec<usize>,
    herrings: Vec<KeyId>,
    solved: Verified,
}

impl Made<'_> {
    /// Names and describes the level and writes its generator record.
    fn record(
        &self,
        mut level: Level,
        from_layout: bool,
        params: &BackwardParams,
        final_ids: &[Option<DoorId>],
        changes: &[DoorChange],
    ) -> Level {
        let locks = self.lock_doors.len();
        describe(&mut level, params.seed, from_layout, locks);
        let ids = |doors: &[usize]| -> Vec<Value> {
            doors
                .iter()
                .filter_map(|&d| final_ids.get(d).cloned().flatten())
                .map(|id| Value::from(id.0))
                .collect()
        };
        let removed_json: Vec<Value> = changes
            .iter()
            .filter(|c| c.change == Change::Removed)
            .map(|c| Value::from(c.door.as_str()))
            .collect();
        let params_json = params_json(params, self.base_name);
        let herrings: Vec<Value> = self
            .herrings
            .iter()
            .map(|k| Value::from(k.as_str()))
            .collect();
        let mut result = json!({
            "locks": locks,
            "lock_doors": ids(&self.lock_doors),
            "side_lock_doors": ids(&self.side_doors),
            "second_way_doors": ids(&self.second_doors),
            "red_herrings": herrings,
            "keys": level.keys.len(),
        });
        self.solved.record_cost(&mut result);
        if let Some(map) = result.as_object_mut() {
            if from_layout {
                map.insert("removed_doors".into(), Value::Array(removed_json));
            }
            if let Some(placed) = self.extra_placed {
                map.insert("extra_doors".into(), Value::from(placed));
            }
        }
        record(&mut level, "backward", params.seed, params_json, result);
        level
    }
}

/// Names the level (a drawn layout keeps the name the designer gave it) and
/// describes it.
fn describe(level: &mut Level, seed: u64, from_layout: bool, locks: usize) {
    if !from_layout || level.name.trim().is_empty() {
        level.name = format!("Backward, seed {seed}");
    }
    level.description = format!(
        "{locks} lock{} on the way to the goal, made backwards from the goal by lockwork generate backward.",
        if locks == 1 { "" } else { "s" }
    );
}

/// The generator record's parameters.
fn params_json(params: &BackwardParams, layout_name: &str) -> Value {
    let (kmin, kmax) = params.keys_per_lock;
    let mut json = json!({
        "source": source_json(&params.source, layout_name),
        "locks": params.locks,
        "keys_per_lock": [kmin, kmax],
        "red_herrings": params.red_herrings,
        "side_areas": params.side_areas,
    });
    // Written only when asked for, so that older records stay as they were.
    if let Some(map) = json.as_object_mut() {
        if params.one_sided {
            map.insert("one_sided".into(), Value::from(true));
        }
        if params.any_of {
            map.insert("any_of".into(), Value::from(true));
        }
        if params.second_ways > 0 {
            map.insert("second_ways".into(), Value::from(params.second_ways));
        }
    }
    json
}

/// The generator record's description of where the rooms came from.
pub(crate) fn source_json(source: &Source, layout_name: &str) -> Value {
    match source {
        Source::Graph { rooms, extra_doors } => {
            json!({ "rooms": rooms, "extra_doors": extra_doors })
        }
        Source::Layout { .. } => json!({ "layout": layout_name }),
    }
}

/// A layout the backward method can work on: valid, its goal joined to its
/// start. What is drawn on it is kept.
fn check_layout(level: &Level) -> Result<(), GenerateError> {
    super::obstacles::check(level, super::Generator::Backward)
}

/// A room among the farthest quarter from the start (by doors), or `None`
/// when only the start can be reached.
pub(crate) fn farthest(dist: &[usize], start: usize, rng: &mut Rng) -> Option<usize> {
    let max = dist
        .iter()
        .copied()
        .filter(|&d| d != usize::MAX)
        .max()
        .unwrap_or(0);
    if max == 0 {
        return None;
    }
    let bar = max - max / 4;
    let far: Vec<usize> = (0..dist.len())
        .filter(|&r| r != start && dist[r] != usize::MAX && dist[r] >= bar)
        .collect();
    rng.pick(&far).copied()
}

/// Which rooms lie in the breadth-first subtree of `root` (given each room's
/// tree door `via`).
fn subtree(graph: &Graph, via: &[usize], root: usize) -> Vec<bool> {
    let n = via.len();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (r, &d) in via.iter().enumerate() {
        if d != usize::MAX {
            children[graph.parent(r, d)].push(r);
        }
    }
    let mut inside = vec![false; n];
    inside[root] = true;
    let mut stack = vec![root];
    while let Some(r) = stack.pop() {
        for &c in &children[r] {
            if !inside[c] {
                inside[c] = true;
                stack.push(c);
            }
        }
    }
    inside
}

/// Adds `count` keys that open nothing in rooms the solution (`steps`)
/// passes through, other than the rooms in `no_keys`.
fn place_red_herrings(
    level: &mut Level,
    count: usize,
    steps: &[crate::rules::Step],
    no_keys: &[RoomId],
    key_ids: &mut Ids,
    rng: &mut Rng,
) -> Vec<KeyId> {
    let mut rooms = vec![level.start.clone()];
    for step in steps {
        if let crate::rules::Step::Move { to, .. } = step
            && !rooms.contains(to)
        {
            rooms.push(to.clone());
        }
    }
    rooms.retain(|r| !no_keys.contains(r));
    let mut keys = Vec::with_capacity(count);
    for _ in 0..count {
        if let Some(room) = rng.pick(&rooms) {
            let id = KeyId(key_ids.fresh());
            level.keys.push(Key::new(id.clone(), room.clone()));
            keys.push(id);
        }
    }
    keys
}
