//! What a play session ([`crate::play`]) asks of the solver while a game
//! runs: the cost still to pay from where the player stands, the next step
//! of a least-cost plan from there, and whether the goal can still be
//! reached, and if not, why.
//!
//! When every reachable state fits the budget, they are all explored once
//! ([`exhaustive`]) and a search backwards from the goal states gives each
//! its least cost to the goal (and the fewest steps among such plans, so
//! that following the hints always ends): every question is then a lookup.
//!
//! Past the budget, what the level's structure proves stands for every
//! state (the goal out of relaxed reach: unsolvable; no irreversible step
//! and a plan from the start: no dead end), liveness changes only on
//! irreversible steps (checked by a bounded search then), and the next step
//! comes from a bounded A* from the player's state. Its plan is kept, so a
//! player who follows the hints costs no further search.

use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::astar::{Outcome, ROOT};
use super::budget::Budget;
pub(crate) use super::budget::Report;
use super::compile::{Compiled, NONE, PULL, act_cost, set};
use super::dead_ends::{cause, closure};
use super::events::{self, EventSearch, Walker};
use super::exhaustive::{self, Edge, Explored};
use super::facts;
use super::heuristic::Heuristic;
use super::{MAX_STATE_WORDS, Prepared, SolveError};
use crate::model::{Level, LevelIndex};
use crate::rules::mechanics::Mechanics;
use crate::rules::{PlayState, Step};

/// How much work an oracle may do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits<'a> {
    /// Most states the table of every reachable state may hold.
    pub table_states: usize,
    /// Most states one search from the player's state may store.
    pub search_states: usize,
    /// Most time the work when the oracle is made may take.
    pub max_time: Option<Duration>,
    /// Stops the work when the oracle is made, when set.
    pub cancel: Option<&'a AtomicBool>,
    /// Told the states stored so far while the oracle is made.
    pub progress: Option<Report<'a>>,
}

/// What the level's structure proves about every reachable state, when
/// there is no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// No state can reach the goal.
    Unsolvable,
    /// Every state can reach the goal.
    NoDeadEnds,
    /// It depends on the state.
    Unknown,
}

/// What lies ahead of a state.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Next {
    /// The state is solved.
    Solved,
    /// The goal can no longer be reached.
    Stuck,
    /// The first step of a least-cost plan, and the plan's cost.
    Step { step: Step, cost: f64 },
}

/// Why the goal is out of reach: the step after which it was (none when it
/// never was in reach), and the words `lockwork check` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fatal {
    pub step: Option<Step>,
    pub why: crate::solver::findings::DeadEndWhy,
    pub reason: String,
}

/// A plan found by a search from some state, kept while the player follows
/// it (or undoes along it), and the last state found to be stuck.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ahead {
    /// Packed states before each step, the goal state last.
    states: Vec<Vec<u64>>,
    steps: Vec<Step>,
    /// Cost to the goal from each of `states`.
    remaining: Vec<f64>,
    stuck: Option<Vec<u64>>,
}

impl Ahead {
    fn at(&self, s: &[u64]) -> Option<Next> {
        if self.stuck.as_deref() == Some(s) {
            return Some(Next::Stuck);
        }
        let k = self.states.iter().position(|x| x == s)?;
        Some(match self.steps.get(k) {
            Some(step) => Next::Step {
                step: step.clone(),
                cost: self.remaining[k],
            },
            None => Next::Solved,
        })
    }
}

/// Every reachable state, with its least cost to a goal state.
struct Table {
    /// Compiled with every key tracked: the states FORMAT.md counts.
    c: Compiled,
    ex: Explored,
    /// Per state: least cost to a goal state, infinite when none.
    togo: Vec<f64>,
    /// Per state: fewest steps of a least-cost plan.
    hops: Vec<u32>,
}

/// The level analysed for play.
pub(crate) struct Oracle {
    mechanics: Mechanics,
    /// Keys that matter tracked, every room inside: for searches.
    compiled: Compiled,
    heuristic: Mutex<Heuristic>,
    table: Option<Table>,
    shape: Shape,
    /// The plan from the start, when there is no table.
    start_plan: Ahead,
    search_states: usize,
}

/// The action of a step: a door index, or a lever index with [`PULL`].
pub(crate) fn act_of(index: &LevelIndex, step: &Step) -> Option<u32> {
    match step {
        Step::Move { door, .. } => index.door(door).map(|d| d as u32),
        Step::Pull { lever } => index.lever(lever).map(|l| PULL | l as u32),
        Step::Pickup { .. } => None,
    }
}

/// The step of action `act`, which reached packed state `after` of `c`.
fn step_of(level: &Level, c: &Compiled, act: u32, after: &[u64]) -> Option<Step> {
    if act & PULL != 0 {
        let lever = level.levers.get((act & !PULL) as usize)?;
        Some(Step::Pull {
            lever: lever.id.clone(),
        })
    } else {
        Some(Step::Move {
            door: level.doors.get(act as usize)?.id.clone(),
            to: level.rooms.get(c.room(after))?.id.clone(),
        })
    }
}

/// `state` packed as `c` packs states. Keys lying in one room share a bit,
/// set when any of them is held (they are picked up together).
fn encode(c: &Compiled, m: &Mechanics, state: &PlayState) -> Vec<u64> {
    let mut s = vec![0u64; c.width];
    let small = u64::from(state.small_in_hand()) & c.count_mask;
    s[0] = (state.room() as u64 & c.room_mask) | small << c.count_shift;
    for (k, key) in m.keys().iter().enumerate() {
        let bit = c.layout.loot_bit.get(key.room).copied().unwrap_or(NONE);
        if bit != NONE && state.picked().get(k) == Some(&true) {
            set(&mut s, bit);
        }
    }
    let bits = c.layout.door_bit.iter().zip(state.open_doors());
    let unlocked = c.layout.unlock_bit.iter().zip(state.unlocked_doors());
    let odd = c.layout.lever_bit.iter().zip(state.levers_odd());
    for (&bit, on) in bits.chain(unlocked).map(|(b, &on)| (b, on)).chain(odd) {
        if bit != NONE && on {
            set(&mut s, bit);
        }
    }
    for (kind, counter) in c.layout.counters.iter().enumerate().skip(1) {
        let n = u64::from(state.items_in_hand().get(kind).copied().unwrap_or(0)) & counter.mask;
        s[counter.word as usize] |= n << counter.shift;
    }
    s
}

impl Table {
    fn new(m: &Mechanics, c: Compiled, ex: Explored) -> Self {
        let (togo, hops) = ex.to_goal(|act| act_cost(m, act));
        Self { c, ex, togo, hops }
    }

    /// The step out of state `i` that starts a least-cost plan with the
    /// fewest steps: following these always ends at a goal.
    fn best_edge(&self, m: &Mechanics, i: u32) -> Option<Edge> {
        let mut best: Option<((f64, u32), Edge)> = None;
        for &e in self.ex.edges_of(i) {
            let to = e.to as usize;
            let value = (
                act_cost(m, e.act) + self.togo[to],
                self.hops[to].saturating_add(1),
            );
            if value.0.is_finite() && best.is_none_or(|(b, _)| value < b) {
                best = Some((value, e));
            }
        }
        best.map(|(_, e)| e)
    }

    fn next(&self, level: &Level, m: &Mechanics, i: u32) -> Next {
        if self.c.is_goal(self.ex.store.get(i)) {
            return Next::Solved;
        }
        let step = self
            .best_edge(m, i)
            .and_then(|e| step_of(level, &self.c, e.act, self.ex.store.get(e.to)));
        match step {
            Some(step) => Next::Step {
                step,
                cost: self.togo[i as usize],
            },
            None => Next::Stuck,
        }
    }

    /// The step after which the cheapest way into state `i` lost the goal:
    /// `(state before, action)`, or `None` when the start already had.
    fn fatal_step(&self, mut i: u32) -> Option<(u32, u32)> {
        loop {
            let parent = self.ex.parent[i as usize];
            if parent == ROOT {
                return None;
            }
            if self.togo[parent as usize].is_finite() {
                return Some((parent, i));
            }
            i = parent;
        }
    }
}

impl Oracle {
    /// Analyses `level` for play within `limits`.
    ///
    /// # Errors
    /// [`SolveError::Invalid`] for a level with validation errors.
    pub fn new(level: &Level, limits: &Limits<'_>) -> Result<Self, SolveError> {
        let prep = Prepared::new(level, &[])?;
        let budget = Budget {
            max_states: limits.table_states.max(1),
            max_words: MAX_STATE_WORDS,
            deadline: limits.max_time.map(|t| Instant::now() + t),
            cancel: limits.cancel,
            progress: limits.progress,
        };
        let every = prep.every_key();
        let table = exhaustive::explore(&every, &budget)
            .ok()
            .map(|ex| Table::new(prep.mechanics(), every, ex));
        let (rules, compiled, removed) = prep.into_parts();
        let mechanics = rules.into_mechanics();
        let heuristic = Heuristic::new(&mechanics, &compiled, &removed);
        let mut oracle = Self {
            mechanics,
            compiled,
            heuristic: Mutex::new(heuristic),
            table,
            shape: Shape::Unknown,
            start_plan: Ahead::default(),
            search_states: limits.search_states.max(1),
        };
        if oracle.table.is_none() {
            oracle.shape_without_table(level, &removed, &budget);
        }
        Ok(oracle)
    }

    /// What the structure proves, and the plan from the start.
    fn shape_without_table(&mut self, level: &Level, removed: &[bool], budget: &Budget<'_>) {
        let m = &self.mechanics;
        let reach = facts::relaxed(m, removed);
        if !reach.goal {
            self.shape = Shape::Unsolvable;
            return;
        }
        let irreversible = facts::irreversible_passages(m, &reach.rooms);
        let reversible = facts::every_step_undone(m, &irreversible);
        let start = self.compiled.start.clone();
        let mut ahead = Ahead::default();
        match self.search(level, &start, budget, &mut ahead) {
            Some(Next::Stuck) => self.shape = Shape::Unsolvable,
            Some(_) if reversible => self.shape = Shape::NoDeadEnds,
            _ => {}
        }
        self.start_plan = ahead;
    }

    /// The rules of the level as tables.
    pub fn mechanics(&self) -> &Mechanics {
        &self.mechanics
    }

    /// Every reachable state was explored: how many there are, and how many
    /// of them are dead ends.
    pub fn counts(&self) -> Option<(usize, usize)> {
        let t = self.table.as_ref()?;
        let dead = t.togo.iter().filter(|c| !c.is_finite()).count();
        Some((t.ex.len(), dead))
    }

    /// The plan from the start, as far as it was worked out: what a new
    /// session's plan cache starts with.
    pub fn start_plan(&self) -> Ahead {
        self.start_plan.clone()
    }

    /// The number of `state` in the table; `None` when there is no table or
    /// the state is not a reachable one.
    pub fn locate(&self, state: &PlayState) -> Option<u32> {
        let t = self.table.as_ref()?;
        t.ex.store.find(&encode(&t.c, &self.mechanics, state))
    }

    /// True when every reachable state is in the table.
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// Whether the goal can be reached from table state `at`, or from any
    /// state by the level's structure; `None` when that takes a search.
    pub fn live(&self, at: Option<u32>) -> Option<bool> {
        if let (Some(t), Some(i)) = (&self.table, at) {
            return Some(t.togo[i as usize].is_finite());
        }
        match self.shape {
            Shape::Unsolvable => Some(false),
            Shape::NoDeadEnds => Some(true),
            Shape::Unknown => None,
        }
    }

    /// Whether the goal can be reached after `act` took `before` (where it
    /// could be reached as `was` says) to `after` (table state `at`). Only
    /// irreversible steps can lose the goal, so only they cost a search,
    /// bounded by the search budget; `None` when it ran out.
    pub fn live_after(
        &self,
        was: Option<bool>,
        before: &PlayState,
        act: u32,
        after: &PlayState,
        at: Option<u32>,
    ) -> Option<bool> {
        if let Some(known) = self.live(at) {
            return Some(known);
        }
        let c = &self.compiled;
        let irreversible = cause(&self.mechanics, c, &encode(c, &self.mechanics, before), act);
        match (was, irreversible) {
            (Some(false), _) => Some(false),
            (Some(true), None) => Some(true),
            _ => self.check_live(after),
        }
    }

    /// Whether the goal can be reached from `state`, by a bounded search.
    pub fn check_live(&self, state: &PlayState) -> Option<bool> {
        if let Some(known) = self.live(self.locate(state)) {
            return Some(known);
        }
        let c = &self.compiled;
        let s = encode(c, &self.mechanics, state);
        let mut h = self
            .heuristic
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match events::quick_plan(c, &mut h, &s, &self.search_budget())
            .found
            .outcome
        {
            Outcome::Goal(_) => Some(true),
            Outcome::Unreachable => Some(false),
            Outcome::Stopped { .. } => None,
        }
    }

    fn search_budget(&self) -> Budget<'static> {
        Budget {
            max_states: self.search_states,
            max_words: MAX_STATE_WORDS,
            deadline: None,
            cancel: None,
            progress: None,
        }
    }

    /// What lies ahead of `state` (table state `at`): by lookup in the
    /// table, else from the plan kept in `ahead`, else by a search bounded
    /// by the search budget, whose plan is kept in `ahead`. `None` when the
    /// search ran out of budget.
    pub fn next(
        &self,
        level: &Level,
        at: Option<u32>,
        state: &PlayState,
        ahead: &mut Ahead,
    ) -> Option<Next> {
        if let (Some(t), Some(i)) = (&self.table, at) {
            return Some(t.next(level, &self.mechanics, i));
        }
        let c = &self.compiled;
        let s = encode(c, &self.mechanics, state);
        if c.is_goal(&s) {
            return Some(Next::Solved);
        }
        if self.live(at) == Some(false) {
            return Some(Next::Stuck);
        }
        if let Some(next) = ahead.at(&s) {
            return Some(next);
        }
        self.search(level, &s, &self.search_budget(), ahead)
    }

    /// A least-cost plan from packed state `s`, kept in `ahead`.
    fn search(
        &self,
        level: &Level,
        s: &[u64],
        budget: &Budget<'_>,
        ahead: &mut Ahead,
    ) -> Option<Next> {
        let c = &self.compiled;
        let ex = {
            let mut h = self
                .heuristic
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            events::least_cost(c, &mut h, s, budget)
        };
        match ex.found.outcome {
            Outcome::Goal(g) => {
                *ahead = self.plan(level, &ex, s, g);
                ahead.at(s)
            }
            Outcome::Unreachable => {
                ahead.stuck = Some(s.to_vec());
                Some(Next::Stuck)
            }
            Outcome::Stopped { .. } => None,
        }
    }

    /// The plan of an event search from `s` to its state `g`, step by step.
    fn plan(&self, level: &Level, ex: &EventSearch, s: &[u64], g: u32) -> Ahead {
        let c = &self.compiled;
        let acts = ex.actions_to(c, &mut Walker::new(c), g);
        let mut plan = Ahead {
            states: vec![s.to_vec()],
            ..Ahead::default()
        };
        let mut costs = Vec::with_capacity(acts.len());
        for (act, after) in acts {
            let Some(step) = step_of(level, c, act, &after) else {
                return Ahead::default();
            };
            plan.steps.push(step);
            plan.states.push(after);
            costs.push(act_cost(&self.mechanics, act));
        }
        plan.remaining = vec![0.0; plan.states.len()];
        for k in (0..costs.len()).rev() {
            plan.remaining[k] = costs[k] + plan.remaining[k + 1];
        }
        plan
    }

    /// Why the goal is out of reach after `step` (action `act`) took the
    /// player from `before` to `after`: what `lockwork check` says of the
    /// dead end that step enters.
    pub fn fatal_after(
        &self,
        level: &Level,
        before: &PlayState,
        act: u32,
        step: &Step,
        after: &PlayState,
    ) -> Fatal {
        let c = self.explained();
        let m = &self.mechanics;
        let (b, a) = (encode(c, m, before), encode(c, m, after));
        let (why, reason) = self.why(level, c, Some((&b, act)), &a);
        Fatal {
            step: Some(step.clone()),
            why,
            reason,
        }
    }

    /// Why the goal is out of reach from `state` (table state `at`) when
    /// the step that lost it is not known (a restored game): the table's
    /// cheapest way into the state says which step it was.
    pub fn fatal_at(&self, level: &Level, at: Option<u32>, state: &PlayState) -> Fatal {
        let c = self.explained();
        if let (Some(t), Some(i)) = (&self.table, at) {
            return match t.fatal_step(i) {
                Some((before, after)) => {
                    let act = t.ex.via[after as usize];
                    let (b, a) = (t.ex.store.get(before), t.ex.store.get(after));
                    let (why, reason) = self.why(level, c, Some((b, act)), a);
                    Fatal {
                        step: step_of(level, c, act, a),
                        why,
                        reason,
                    }
                }
                None => {
                    let (why, reason) = self.why(level, c, None, &c.start);
                    Fatal {
                        step: None,
                        why,
                        reason,
                    }
                }
            };
        }
        let (why, reason) = self.why(level, c, None, &encode(c, &self.mechanics, state));
        Fatal {
            step: None,
            why,
            reason,
        }
    }

    /// The compiled level explanations look at: the table's when there is
    /// one (as the analysis does with every state explored), else the
    /// searches' (as its hunt for dead ends does).
    fn explained(&self) -> &Compiled {
        self.table.as_ref().map_or(&self.compiled, |t| &t.c)
    }

    /// Why the dead end `after` is one (the fields and their default
    /// sentence), entered by action `act` from `before` when known.
    fn why(
        &self,
        level: &Level,
        c: &Compiled,
        before: Option<(&[u64], u32)>,
        after: &[u64],
    ) -> (crate::solver::findings::DeadEndWhy, String) {
        let states = closure(c, after);
        super::dead_ends::reason(level, &self.mechanics, c, &states, before)
    }
}
