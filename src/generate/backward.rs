//! The backward method (seed article 002): start from the goal and work back
//! towards the start, locking the one door into each goal area and putting
//! its keys where the player can get them first.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::aim::{Aim, aim_tries};
use super::common::{Graph, Ids, VERIFY_MAX_STATES, Verified, dress_from, record, verify};
use super::constraints::Constraints;
use super::{
    Change, DoorChange, GenerateError, Generated, Param, Problem, Progress, Rng, Source,
    Unreachable, random_graph,
};
use crate::model::{DoorId, Key, KeyId, Level, LevelIndex, RoomId};

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
        return around_drawn(params, progress, cancel);
    }
    if params.aim.is_empty() {
        return backward_once(params, Rng::new(params.seed), progress, cancel);
    }
    let mut make = |rng| {
        if around {
            around_drawn(params, &super::no_progress, cancel)
        } else {
            backward_once(params, rng, &super::no_progress, cancel)
        }
    };
    aim_tries(
        &params.aim,
        params.seed,
        params.max_tries,
        progress,
        cancel,
        &mut make,
    )?
    .finish(&params.aim, params.max_tries)
}

/// Tries for placing locks around what is drawn before giving up.
const AROUND_TRIES: usize = 20;

/// The backward method on a layout with drawn content: each try (a stream
/// of the seed of its own) places the locks, and the solver checks that the
/// level can be solved and that each new lock is needed; the first try that
/// passes is kept.
fn around_drawn(
    params: &BackwardParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let mut last = None;
    for t in 0..AROUND_TRIES {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        let rng = match t {
            0 => Rng::new(params.seed),
            t => Rng::with_stream(params.seed, t as u64),
        };
        match backward_once(params, rng, progress, cancel) {
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

impl Work {
    fn new(level: Level, from_layout: bool) -> Result<Self, GenerateError> {
        let graph = Graph::of(&level)?;
        let asked = Constraints::of(&level)?;
        let plain = plain_doors(&level);
        let fixed = (0..level.doors.len())
            .map(|d| !plain[d] || asked.no_lock[d])
            .collect();
        let drawn = level.clone();
        let start = LevelIndex::new(&level)
            .room(&level.start)
            .ok_or_else(|| GenerateError::InvalidLayout(format!("no room \"{}\"", level.start)))?;
        let doors = level.doors.len();
        let key_ids = Ids::new("k", level.keys.iter().map(|k| k.id.as_str()));
        Ok(Self {
            level,
            from_layout,
            graph,
            start,
            removed: vec![false; doors],
            locked: vec![false; doors],
            fixed,
            plain,
            around: from_layout && has_drawn_content(&drawn),
            asked,
            drawn,
            pins_used: Vec::new(),
            changes: Vec::new(),
            lock_changes: Vec::new(),
            key_ids,
        })
    }

    /// Is door `d` to be kept as drawn?
    fn fixed(&self, d: usize) -> bool {
        self.fixed[d]
    }

    /// "layout" or "random graph", for messages.
    fn what(&self) -> &'static str {
        if self.from_layout {
            "layout"
        } else {
            "random graph"
        }
    }

    /// The goal phase: the layout's goal, or a dead end (a leaf of the
    /// breadth-first tree) far from the start, so that no room lies behind it.
    fn pick_goal(&mut self, locks: usize, rng: &mut Rng) -> Result<usize, GenerateError> {
        let level = &self.level;
        let start = self.start;
        let (dist, via) = self.graph.bfs(start, |_| true);
        let layout_goal = LevelIndex::new(level)
            .room(&level.goal)
            .filter(|&g| g != start);
        if let Some(g) = layout_goal
            && self.from_layout
        {
            if dist[g] == usize::MAX {
                return Err(GenerateError::GoalUnreachable(Unreachable::NoPath {
                    start: level.room_label(&level.start),
                    goal: level.room_label(&level.goal),
                }));
            }
            return Ok(g);
        }
        let mut leafy = dist;
        for (r, &d) in via.iter().enumerate() {
            if d != usize::MAX {
                leafy[self.graph.parent(r, d)] = usize::MAX;
            }
        }
        let n = level.rooms.len();
        let far = farthest(&leafy, start, rng).ok_or_else(|| {
            if locks == 0 && n == 1 {
                GenerateError::param(Param::Rooms, Problem::TooSmall { min: 2, value: n })
            } else {
                GenerateError::TooManyLocks {
                    asked: locks.max(1),
                    placed: 0,
                    what: self.what(),
                }
            }
        })?;
        self.level.goal = self.level.rooms[far].id.clone();
        Ok(far)
    }

    /// The lock and key phases, once per lock: seal off the next goal behind
    /// one locked door, choose the rooms of its keys, and make those rooms
    /// goals in turn.
    fn place_locks(
        &mut self,
        params: &BackwardParams,
        goal: usize,
        rng: &mut Rng,
        progress: &dyn Fn(Progress),
        cancel: &AtomicBool,
    ) -> Result<Vec<Placed>, GenerateError> {
        let mut queue: VecDeque<usize> = VecDeque::from([goal]);
        let mut forced = self.asked_locks();
        let mut fallback = self.fallback_goals(goal);
        let mut any_door = self.plain_door_goals();
        let mut placed: Vec<Placed> = Vec::new();
        while placed.len() < params.locks {
            if cancel.load(Ordering::Relaxed) {
                return Err(GenerateError::Cancelled);
            }
            let total = Some(params.locks as u64);
            progress(Progress::new("placing locks", placed.len() as u64, total));
            let next = self
                .next_goal(&mut forced, &mut queue)
                .or_else(|| self.next_goal(&mut VecDeque::new(), &mut fallback))
                .or_else(|| self.next_goal(&mut any_door, &mut VecDeque::new()));
            let Some((g, door, via)) = next else {
                return Err(GenerateError::TooManyLocks {
                    asked: params.locks,
                    placed: placed.len(),
                    what: self.what(),
                });
            };
            let before = self.around.then(|| (self.snapshot(), queue.clone()));
            let last = placed.len() + 1 == params.locks;
            let lock = self.place_one(params, (g, door, &via), &mut queue, last, rng)?;
            if let Some((snapshot, queue_before)) = before {
                // Around drawn content the solver has the last word: the
                // lock is kept when the level stays solvable and needs it.
                if !self.hand_out_and_check(&lock)? {
                    self.restore(snapshot);
                    queue = queue_before;
                    continue;
                }
            }
            placed.push(lock);
        }
        Ok(placed)
    }

    /// Locks off `goal` behind `door`, chooses its key rooms and adds them to
    /// the goal list (`queue`); `last` tells the last lock asked for.
    fn place_one(
        &mut self,
        params: &BackwardParams,
        (g, door, via): (usize, usize, &[usize]),
        queue: &mut VecDeque<usize>,
        last: bool,
        rng: &mut Rng,
    ) -> Result<Placed, GenerateError> {
        self.seal_off(g, door, via)?;
        let rooms = self.key_rooms(params.keys_per_lock, queue, rng);
        // The rooms of an any-of lock's keys are alternatives: none is
        // locked off in turn, or its lock would not be needed. So one is
        // placed only while other goals remain to lock off.
        let goals_left = !queue.is_empty() || last;
        let any_of = params.any_of && rooms.len() >= 2 && goals_left && rng.chance(1, 2);
        for &r in rooms.iter().filter(|_| !any_of) {
            if r != self.start && !queue.contains(&r) {
                queue.push_back(r);
            }
        }
        if params.one_sided && rng.chance(1, 2) {
            self.lock_from_outside(g, door, via);
        }
        Ok(Placed {
            door,
            key_rooms: rooms,
            any_of,
        })
    }

    /// What placing one lock changes, to undo it.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            removed: self.removed.clone(),
            locked: self.locked.clone(),
            changes: self.changes.len(),
            lock_changes: self.lock_changes.len(),
            keys: self.level.keys.len(),
            doors: self.level.doors.clone(),
            pins_used: self.pins_used.len(),
        }
    }

    /// Undoes what was placed since `snapshot`.
    fn restore(&mut self, snapshot: Snapshot) {
        self.removed = snapshot.removed;
        self.locked = snapshot.locked;
        self.changes.truncate(snapshot.changes);
        self.lock_changes.truncate(snapshot.lock_changes);
        self.level.keys.truncate(snapshot.keys);
        self.level.doors = snapshot.doors;
        self.pins_used.truncate(snapshot.pins_used);
    }

    /// Gives `lock` its keys now, and asks the solver whether the level,
    /// with the doors taken out so far gone, can be solved and needs the
    /// new keys.
    fn hand_out_and_check(&mut self, lock: &Placed) -> Result<bool, GenerateError> {
        self.hand_out_keys(std::slice::from_ref(lock));
        let keys: Vec<KeyId> = {
            let door = &self.level.doors[lock.door];
            door.locks.iter().chain(&door.locks_any).cloned().collect()
        };
        let mut level = self.level.clone();
        let doors = std::mem::take(&mut level.doors);
        level.doors = (doors.into_iter().enumerate())
            .filter(|&(d, _)| !self.removed[d])
            .map(|(_, door)| door)
            .collect();
        let options = crate::solver::SolveOptions {
            max_states: VERIFY_MAX_STATES,
            ..crate::solver::SolveOptions::default()
        };
        let solvable = |level: &Level| -> Result<bool, GenerateError> {
            match crate::solver::solve(level, &options) {
                Ok(solved) => Ok(solved.plan.is_some()),
                Err(crate::solver::SolveError::Stopped { .. }) => Ok(false),
                Err(e) => Err(e.into()),
            }
        };
        Ok(solvable(&level)? && !solvable(&keys_out_of_reach(&level, &keys))?)
    }

    /// The doors the designer asked to be locked, each with the room on its
    /// far side from the start: they are locked first, so that the ones
    /// asked for are among those placed.
    fn asked_locks(&self) -> VecDeque<(usize, usize)> {
        let (dist, _) = self.graph.bfs(self.start, |d| !self.removed[d]);
        (0..self.level.doors.len())
            .filter(|&d| self.asked.must_lock[d])
            .filter_map(|d| {
                let (a, b) = self.graph.ends[d];
                let far = if dist.get(a) >= dist.get(b) { a } else { b };
                (a != usize::MAX && dist.get(far).is_some_and(|&x| x != usize::MAX))
                    .then_some((far, d))
            })
            .collect()
    }

    /// Goals to lock off when the goal list runs dry on a drawn level, whose
    /// locked and closed doors leave few plain ones to lock: the rooms on
    /// the way from the start to the goal, nearest the goal first, then the
    /// rooms of drawn keys. Locking off any area that holds the goal is
    /// needed; the others are checked by the solver.
    fn fallback_goals(&self, goal: usize) -> VecDeque<usize> {
        if !self.from_layout {
            return VecDeque::new();
        }
        let (_, via) = self.graph.bfs(self.start, |d| !self.removed[d]);
        let mut out = VecDeque::new();
        let mut r = goal;
        while r != self.start && via[r] != usize::MAX {
            out.push_back(r);
            r = self.graph.parent(r, via[r]);
        }
        let index = LevelIndex::new(&self.level);
        for key in &self.drawn.keys {
            if let Some(k) = key.room.as_ref().and_then(|room| index.room(room)) {
                out.push_back(k);
            }
        }
        out
    }

    /// Last of all around drawn content: every plain door that may be
    /// locked, with the room on its far side from the start, farthest
    /// first; the solver keeps those whose lock is needed.
    fn plain_door_goals(&self) -> VecDeque<(usize, usize)> {
        if !self.around {
            return VecDeque::new();
        }
        let (dist, _) = self.graph.bfs(self.start, |d| !self.removed[d]);
        let mut doors: Vec<(usize, usize)> = (0..self.level.doors.len())
            .filter(|&d| !self.fixed(d))
            .filter_map(|d| {
                let (a, b) = self.graph.ends[d];
                let far = if dist.get(a) >= dist.get(b) { a } else { b };
                dist.get(far)
                    .is_some_and(|&x| x != usize::MAX)
                    .then_some((far, d))
            })
            .collect();
        doors.sort_by_key(|&(far, d)| (std::cmp::Reverse(dist[far]), d));
        doors.into()
    }

    /// The next goal that can still be locked off (a door asked to be locked
    /// first, then the goal list), the door to lock (the asked door, or the
    /// one breadth-first search first reaches it by), and every room's tree
    /// door. A goal whose door is locked already, is kept as drawn, or
    /// cannot become the single way in without taking out a door kept as
    /// drawn, is passed over.
    fn next_goal(
        &self,
        forced: &mut VecDeque<(usize, usize)>,
        queue: &mut VecDeque<usize>,
    ) -> Option<(usize, usize, Vec<usize>)> {
        loop {
            let (g, asked) = match forced.pop_front() {
                Some((g, d)) => (g, Some(d)),
                None => (queue.pop_front()?, None),
            };
            if g == self.start {
                continue;
            }
            let (_, via) = self.graph.bfs(self.start, |d| !self.removed[d]);
            let e = asked.unwrap_or(via[g]);
            if e == usize::MAX || self.locked[e] || (self.fixed(e) && asked.is_none()) {
                continue; // unreachable (cannot happen), locked off, or kept as drawn
            }
            if self.can_seal(g, e, &via) {
                return Some((g, e, via));
            }
        }
    }

    /// Can `door` become the single way into `goal` and the area behind it,
    /// taking out only doors that are neither locked nor kept as drawn?
    fn can_seal(&self, goal: usize, door: usize, via: &[usize]) -> bool {
        if !self.plain[door] {
            return false;
        }
        let behind = subtree(&self.graph, via, goal);
        let (a, b) = self.graph.ends[door];
        a != usize::MAX
            && behind[a] != behind[b]
            && self.graph.ends.iter().enumerate().all(|(d, &(x, y))| {
                d == door
                    || self.removed[d]
                    || x == usize::MAX
                    || behind[x] == behind[y]
                    || !(self.locked[d] || (self.fixed(d) && !self.around))
            })
    }

    /// Makes `door` the single way into `goal` and the area behind it (its
    /// breadth-first subtree), removing every other door across, and locks it.
    fn seal_off(&mut self, goal: usize, door: usize, via: &[usize]) -> Result<(), GenerateError> {
        let behind = subtree(&self.graph, via, goal);
        for (d, &(a, b)) in self.graph.ends.iter().enumerate() {
            if d != door && !self.removed[d] && a != usize::MAX && behind[a] != behind[b] {
                if self.fixed(d) {
                    continue; // kept as drawn: the solver judges the lock
                }
                if self.locked[d] {
                    return Err(GenerateError::Internal(
                        "a locked door would have been removed".into(),
                    ));
                }
                self.removed[d] = true;
                self.changes.push((d, Change::Removed));
            }
        }
        self.locked[door] = true;
        Ok(())
    }

    /// Makes the lock of `door`, the single way into `goal` and the area
    /// behind it, apply only from the outside (`locked_from`): the way in
    /// still needs its keys, the way back out is free.
    fn lock_from_outside(&mut self, goal: usize, door: usize, via: &[usize]) {
        let behind = subtree(&self.graph, via, goal);
        let (from, _) = self.graph.ends[door];
        self.level.doors[door].locked_from = Some(if behind[from] {
            crate::model::Side::To
        } else {
            crate::model::Side::From
        });
    }

    /// Rooms for the keys of the lock just placed: reachable without passing
    /// a lock, far from the start. Further keys of a lock share rooms with
    /// pending goals when the goal list grows, so that few keys lie around
    /// at once.
    fn key_rooms(
        &mut self,
        (kmin, kmax): (usize, usize),
        queue: &VecDeque<usize>,
        rng: &mut Rng,
    ) -> Vec<usize> {
        let start = self.start;
        let (free, _) = self.graph.bfs(start, |d| {
            !self.removed[d] && !self.locked[d] && self.plain[d]
        });
        let allowed = |r: usize| free[r] != usize::MAX && !self.asked.no_keys[r];
        let mut far: Vec<usize> = (0..self.level.rooms.len())
            .filter(|&r| r != start && allowed(r))
            .collect();
        let pinned: Vec<usize> = far
            .iter()
            .copied()
            .filter(|&r| self.asked.key_room[r] && !self.pins_used.contains(&r))
            .collect();
        far.sort_by(|&a, &b| free[b].cmp(&free[a]).then(a.cmp(&b)));
        far.truncate(far.len().div_ceil(2));
        let count = rng.between(kmin, kmax);
        let mut rooms: Vec<usize> = Vec::with_capacity(count);
        for j in 0..count {
            let pending: Vec<usize> = queue
                .iter()
                .copied()
                .filter(|&r| r != start && allowed(r) && !rooms.contains(&r))
                .collect();
            if let Some(&r) = pinned.iter().find(|r| !rooms.contains(r)) {
                rooms.push(r);
                continue;
            }
            let fresh: Vec<usize> = far.iter().copied().filter(|r| !rooms.contains(r)).collect();
            let share = j > 0 && !pending.is_empty() && (queue.len() >= 2 || rng.chance(1, 2));
            let room = if share {
                rng.pick(&pending).copied()
            } else if let Some(&r) = rng.pick(&fresh) {
                Some(r)
            } else {
                rng.pick(&pending).copied()
            };
            match room {
                Some(r) => rooms.push(r),
                None if rooms.is_empty() => rooms.push(start),
                None => break,
            }
        }
        rooms
    }

    /// The keys phase: makes the keys and locks, in the order the player
    /// will meet them (last placed first).
    fn hand_out_keys(&mut self, placed: &[Placed]) {
        for lock in placed.iter().rev() {
            let mut keys = Vec::new();
            for &r in &lock.key_rooms {
                let id = KeyId(self.key_ids.fresh());
                let room = self.level.rooms[r].id.clone();
                self.level.keys.push(Key::new(id.clone(), room));
                keys.push(id);
            }
            let door = &mut self.level.doors[lock.door];
            if lock.any_of {
                door.locks_any.extend(keys.iter().cloned());
            } else {
                door.locks.extend(keys.iter().cloned());
            }
            self.lock_changes.push((lock.door, Change::Locked(keys)));
        }
    }

    /// The side-area phase: locks off up to `count` dead-end areas that hold
    /// no key and not the goal, each with a key outside every side area and
    /// a red herring (a treasure) inside. Returns the doors locked.
    fn side_areas(&mut self, count: usize, rng: &mut Rng) -> Vec<usize> {
        let mut doors = Vec::new();
        if count == 0 {
            return doors;
        }
        let mut side = Side::new(self);
        // Candidate entrances: leaves of the tree first, farthest first.
        let n = self.level.rooms.len();
        let mut order: Vec<usize> = (0..n)
            .filter(|&r| r != self.start && side.dist[r] != usize::MAX)
            .collect();
        rng.shuffle(&mut order);
        order.sort_by(|&a, &b| side.dist[b].cmp(&side.dist[a]));
        for root in order {
            if doors.len() >= count {
                break;
            }
            let e = side.via[root];
            if e == usize::MAX || self.locked[e] || side.in_side[root] {
                continue;
            }
            let area = subtree(&self.graph, &side.via, root);
            if !side.fits(self, &area) {
                continue;
            }
            let outside: Vec<usize> = (0..n)
                .filter(|&r| !area[r] && !side.in_side[r] && side.dist[r] != usize::MAX)
                .filter(|&r| !self.asked.no_keys[r])
                .collect();
            let Some(&key_room) = rng.pick(&outside) else {
                continue;
            };
            self.lock_side_area(&mut side, &area, root, e, key_room);
            doors.push(e);
        }
        doors
    }

    /// Seals off the side area `area` behind door `e`, locks `e` with a key
    /// in `key_room` and puts a treasure in `root`.
    fn lock_side_area(
        &mut self,
        side: &mut Side,
        area: &[bool],
        root: usize,
        e: usize,
        key_room: usize,
    ) {
        for (d, &(a, b)) in self.graph.ends.iter().enumerate() {
            if d != e && !self.removed[d] && a != usize::MAX && area[a] != area[b] {
                self.removed[d] = true;
                self.changes.push((d, Change::Removed));
            }
        }
        for (inside, &a) in side.in_side.iter_mut().zip(area) {
            *inside |= a;
        }
        self.locked[e] = true;
        let key = KeyId(self.key_ids.fresh());
        let room = self.level.rooms[key_room].id.clone();
        self.level.keys.push(Key::new(key.clone(), room));
        side.has_key[key_room] = true;
        self.level.doors[e].locks.push(key.clone());
        self.lock_changes.push((e, Change::Locked(vec![key])));
        let treasure = KeyId(self.key_ids.fresh());
        let mut herring = Key::new(treasure, self.level.rooms[root].id.clone());
        herring.name = "treasure".into();
        self.level.keys.push(herring);
        side.has_key[root] = true;
    }

    /// The designer's constraints, kept; or all those that are not.
    fn check_asked(&self) -> Result<(), GenerateError> {
        let drawn_keys = self.drawn.keys.len();
        let new_key = |id: &str| !self.drawn.keys.iter().any(|k| k.id.as_str() == id);
        debug_assert!(self.level.keys.len() >= drawn_keys);
        let broken = self.asked.broken(&self.drawn, &self.level, &new_key);
        if broken.is_empty() {
            Ok(())
        } else {
            Err(GenerateError::Constraints(broken))
        }
    }

    /// The second-ways phase: for up to `count` of the `placed` locks, a
    /// door taken out that joins the same two areas as the lock's door
    /// (areas of rooms joined by doors neither taken out nor locked) is kept
    /// and locked as that door is. A walk through it can go through the
    /// lock's door instead with the same keys, so every lock stays as
    /// necessary as it was. Returns the doors kept.
    fn second_ways(&mut self, placed: &[Placed], count: usize, rng: &mut Rng) -> Vec<usize> {
        if count == 0 {
            return Vec::new();
        }
        let area = self.free_areas();
        let mut order: Vec<&Placed> = placed.iter().collect();
        rng.shuffle(&mut order);
        let mut kept = Vec::new();
        for lock in order {
            if kept.len() >= count {
                break;
            }
            let (a, b) = self.graph.ends[lock.door];
            let pair = |x: usize, y: usize| {
                (area[x] == area[a] && area[y] == area[b])
                    || (area[x] == area[b] && area[y] == area[a])
            };
            let twins: Vec<usize> = (0..self.level.doors.len())
                .filter(|&d| self.removed[d] && !self.fixed(d))
                .filter(|&d| {
                    let (x, y) = self.graph.ends[d];
                    x != usize::MAX && pair(x, y)
                })
                .collect();
            if let Some(&twin) = rng.pick(&twins) {
                self.lock_like(twin, lock.door, area[a]);
                kept.push(twin);
            }
        }
        kept
    }

    /// Keeps door `twin` and locks it as `door` is: the same keys, and a
    /// one-sided lock on the side in `area_a` when `door`'s is on its
    /// `from` room's side, whose area is `area_a`.
    fn lock_like(&mut self, twin: usize, door: usize, area_a: usize) {
        let area = self.free_areas();
        self.removed[twin] = false;
        self.locked[twin] = true;
        self.changes.retain(|&(d, _)| d != twin);
        let (locks, locks_any, side) = {
            let d = &self.level.doors[door];
            (d.locks.clone(), d.locks_any.clone(), d.locked_from)
        };
        let (x, _) = self.graph.ends[twin];
        let twin_door = &mut self.level.doors[twin];
        twin_door.locks = locks;
        twin_door.locks_any = locks_any;
        twin_door.locked_from = side.map(|side| {
            // `door`'s locked side is its `from` room's (area_a) or its `to` room's.
            let locked_area_is_a = side == crate::model::Side::From;
            if (area[x] == area_a) == locked_area_is_a {
                crate::model::Side::From
            } else {
                crate::model::Side::To
            }
        });
        let keys: Vec<KeyId> = twin_door
            .locks
            .iter()
            .chain(&twin_door.locks_any)
            .cloned()
            .collect();
        self.lock_changes.push((twin, Change::Locked(keys)));
    }

    /// The area of each room: rooms joined by doors that are neither taken
    /// out nor locked share one.
    fn free_areas(&self) -> Vec<usize> {
        let n = self.level.rooms.len();
        let mut area = vec![usize::MAX; n];
        for first in 0..n {
            if area[first] != usize::MAX {
                continue;
            }
            area[first] = first;
            let mut stack = vec![first];
            while let Some(r) = stack.pop() {
                for &(d, to) in &self.graph.adj[r] {
                    if !self.removed[d]
                        && !self.locked[d]
                        && self.plain[d]
                        && area[to] == usize::MAX
                    {
                        area[to] = first;
                        stack.push(to);
                    }
                }
            }
        }
        area
    }

    /// Takes the removed doors out (numbering the rest `d1`… on a random
    /// graph). Returns each old door's final id, and what happened to the
    /// doors: removals first, then locks, named by their final ids (removed
    /// doors of a layout by their ids in the layout).
    fn take_out_removed(&mut self) -> (Vec<Option<DoorId>>, Vec<DoorChange>) {
        let mut changes = std::mem::take(&mut self.changes);
        changes.append(&mut self.lock_changes);
        let original: Vec<DoorId> = self.level.doors.iter().map(|d| d.id.clone()).collect();
        let mut final_ids: Vec<Option<DoorId>> = Vec::with_capacity(original.len());
        let mut doors = Vec::with_capacity(original.len());
        let mut number = 0;
        for (d, mut door) in std::mem::take(&mut self.level.doors)
            .into_iter()
            .enumerate()
        {
            if self.removed[d] {
                final_ids.push(None);
                continue;
            }
            if !self.from_layout {
                number += 1;
                door.id = DoorId(format!("d{number}"));
            }
            final_ids.push(Some(door.id.clone()));
            doors.push(door);
        }
        self.level.doors = doors;
        let changes = changes
            .into_iter()
            .filter_map(|(d, change)| {
                let door = match change {
                    Change::Removed if self.from_layout => original.get(d).cloned(),
                    Change::Removed => None,
                    _ => final_ids.get(d).cloned().flatten(),
                }?;
                Some(DoorChange { door, change })
            })
            .collect();
        (final_ids, changes)
    }

    /// The herrings phase, around the solver's check: red herrings go where
    /// the player will pass, on the rooms of the solution, and the level is
    /// checked again.
    fn check_with_herrings(
        &mut self,
        count: usize,
        rng: &mut Rng,
    ) -> Result<(Verified, Vec<KeyId>), GenerateError> {
        dress_from(&mut self.level, self.drawn.keys.len());
        let solved = verify(&self.level, VERIFY_MAX_STATES, SMALLER)?;
        if count == 0 {
            return Ok((solved, Vec::new()));
        }
        let no_keys: Vec<RoomId> = (self.level.rooms.iter())
            .zip(&self.asked.no_keys)
            .filter(|&(_, &no)| no)
            .map(|(r, _)| r.id.clone())
            .collect();
        let keys = place_red_herrings(
            &mut self.level,
            count,
            &solved.steps,
            &no_keys,
            &mut self.key_ids,
            rng,
        );
        dress_from(&mut self.level, self.drawn.keys.len());
        let solved = verify(&self.level, VERIFY_MAX_STATES, SMALLER)?;
        Ok((solved, keys))
    }
}

/// What [`Work::restore`] needs to undo one lock.
struct Snapshot {
    removed: Vec<bool>,
    locked: Vec<bool>,
    changes: usize,
    lock_changes: usize,
    keys: usize,
    doors: Vec<crate::model::Door>,
    pins_used: usize,
}

/// What the side-area phase knows of the rooms.
struct Side {
    dist: Vec<usize>,
    via: Vec<usize>,
    goal: usize,
    has_key: Vec<bool>,
    in_side: Vec<bool>,
}

impl Side {
    fn new(work: &Work) -> Self {
        let level = &work.level;
        let index = LevelIndex::new(level);
        let n = level.rooms.len();
        let mut has_key = vec![false; n];
        for key in &level.keys {
            if let Some(r) = key.room.as_ref().and_then(|r| index.room(r)) {
                has_key[r] = true;
            }
        }
        let (dist, via) = work.graph.bfs(work.start, |d| !work.removed[d]);
        Self {
            dist,
            via,
            goal: index.room(&level.goal).unwrap_or(work.start),
            has_key,
            in_side: vec![false; n],
        }
    }

    /// Can `area` be a side area: free of keys, levers, the goal, other
    /// side areas, rooms asked to hold no key, and locked doors or doors
    /// kept as drawn, and small (a room or two)?
    fn fits(&self, work: &Work, area: &[bool]) -> bool {
        let n = area.len();
        let lever_room = |r: usize| {
            let id = &work.level.rooms[r].id;
            work.level.levers.iter().any(|l| &l.room == id)
        };
        let clean = (0..n).all(|r| {
            !area[r]
                || (!self.has_key[r]
                    && r != self.goal
                    && !self.in_side[r]
                    && !work.asked.no_keys[r]
                    && !lever_room(r)
                    && !(work.graph.adj[r].iter()).any(|&(d, _)| work.locked[d] || work.fixed(d)))
        });
        let size = area.iter().filter(|&&a| a).count();
        clean && size <= 3 && size < n.saturating_sub(2)
    }
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
    super::obstacles::check(level, super::obstacles::LayoutUser::Backward)
}

/// Does the layout hold anything beyond rooms and plain doors: keys,
/// levers, or doors that are closed, one-way, locked or conditioned?
fn has_drawn_content(level: &Level) -> bool {
    !level.keys.is_empty() || !level.levers.is_empty() || plain_doors(level).iter().any(|&p| !p)
}

/// Per door: open, two-way, unlocked, flipped by no lever and with no
/// condition on the levers.
fn plain_doors(level: &Level) -> Vec<bool> {
    let flipped: rustc_hash::FxHashSet<&DoorId> =
        level.levers.iter().flat_map(|l| &l.toggles).collect();
    level
        .doors
        .iter()
        .map(|d| {
            d.open
                && !d.one_way
                && !d.is_locked()
                && d.open_when.is_none()
                && d.locked_from.is_none()
                && !flipped.contains(&d.id)
        })
        .collect()
}

/// `level` with `keys` moved to a new room that no door reaches.
pub(crate) fn keys_out_of_reach(level: &Level, keys: &[KeyId]) -> Level {
    let mut without = level.clone();
    let away = super::common::Ids::new("away", level.rooms.iter().map(|r| r.id.as_str())).fresh();
    without
        .rooms
        .push(crate::model::Room::new(away.as_str(), [0.0, 0.0]));
    for key in &mut without.keys {
        if keys.contains(&key.id) {
            key.room = Some(away.as_str().into());
        }
    }
    without
}

/// The final ids of the side areas' doors.
fn side_ids(side_doors: &[usize], final_ids: &[Option<DoorId>]) -> Vec<DoorId> {
    side_doors
        .iter()
        .filter_map(|&d| final_ids.get(d).cloned().flatten())
        .collect()
}

/// Every lock placed around drawn content is needed: with its keys taken
/// away, the level cannot be solved. The method makes it so; drawn doors
/// and levers are many, so the solver confirms it.
fn check_needed(level: &Level, locked: &[&DoorChange]) -> Result<(), GenerateError> {
    for change in locked {
        let Change::Locked(keys) = &change.change else {
            continue;
        };
        let without = keys_out_of_reach(level, keys);
        let options = crate::solver::SolveOptions {
            max_states: VERIFY_MAX_STATES,
            ..crate::solver::SolveOptions::default()
        };
        if let Ok(solved) = crate::solver::solve(&without, &options)
            && solved.plan.is_some()
        {
            return Err(GenerateError::Internal(format!(
                "the lock on door \"{}\" is not needed around what was drawn",
                change.door
            )));
        }
    }
    Ok(())
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
