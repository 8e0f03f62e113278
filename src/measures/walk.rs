//! The measures read off one walk along the plan: rooms visited, moves into
//! rooms visited before, when each key is picked up and first used, and the
//! productive steps open at each state where the plan's holdings change.

use std::collections::VecDeque;

use super::{Branching, KeyDistance, Optional};
use crate::model::{KeyId, Level};
use crate::rules::mechanics::Mechanics;
use crate::rules::{PlayState, Resolved, Rules, Step};
use crate::solver::SolveError;

/// What the walk along the plan saw.
pub(super) struct Walked {
    /// Per room: entered by the plan (the start included).
    pub visited: Vec<bool>,
    /// Moves of the plan.
    pub moves: u32,
    /// Moves into a room entered before.
    pub revisits: u32,
    /// Per key: the step (1-based count of moves and pulls; 0 for the start)
    /// after which it was picked up.
    pub picked_at: Vec<Option<u32>>,
    /// Per key: the step that first used it.
    pub used_at: Vec<Option<u32>>,
    /// Branching along the plan.
    pub branching: Branching,
    /// Productive steps open at each decision point.
    pub options_at_decisions: Vec<usize>,
    /// The most work one look at a state may take ([`look_cost`]).
    look_cost: usize,
}

/// Rooms, doors, keys and entries of the doors' rules the branching walks
/// may read in all: past it, the remaining states of a long plan on a large
/// level are not looked at.
const MAX_BRANCHING_WORK: usize = 4_000_000;

/// Moves and pulls among `steps` (pickups are not steps taken).
pub(super) fn actions(steps: &[Step]) -> u32 {
    let n = steps
        .iter()
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Walks `steps` from the start under `rules`, noting what the measures need.
///
/// # Errors
/// [`SolveError::Internal`] when a step is not allowed: the plan is not one
/// of this level.
pub(super) fn walk(rules: &Rules<'_>, steps: &[Step]) -> Result<Walked, SolveError> {
    let level = rules.level();
    let m = rules.mechanics();
    let mut state = rules.start();
    let mut w = Walked {
        visited: vec![false; level.rooms.len()],
        moves: 0,
        revisits: 0,
        picked_at: vec![None; level.keys.len()],
        used_at: vec![None; level.keys.len()],
        branching: Branching {
            complete: true,
            ..Branching::default()
        },
        options_at_decisions: Vec::new(),
        look_cost: look_cost(m),
    };
    mark(&mut w.visited, state.room());
    for (k, &p) in state.picked().iter().enumerate() {
        if p {
            w.picked_at[k] = Some(0);
        }
    }
    // Items in hand per kind (small keys are one kind), oldest first:
    // spending takes the oldest.
    let mut items = ItemQueues::new(m);
    items.picked(m, &w.picked_at, 0);
    w.look(m, &state);
    let mut n = 0u32;
    for step in steps.iter().filter(|s| !matches!(s, Step::Pickup { .. })) {
        n += 1;
        let before = state.items_in_hand().to_vec();
        let not_replayed = |e| SolveError::Internal(format!("the plan does not replay: {e}"));
        let resolved = rules.resolve(&state, step).map_err(not_replayed)?;
        w.took(m, &state, resolved, n);
        let got = rules
            .apply_resolved(&mut state, resolved)
            .map_err(not_replayed)?;
        w.moved(&state, step);
        for &k in &got {
            if let Some(slot) = w.picked_at.get_mut(k) {
                *slot = Some(n);
            }
        }
        let spent = items.spend(m, &before, &got, state.items_in_hand(), n, &mut w.used_at);
        items.picked_keys(m, &got);
        let changed = !got.is_empty() || spent || matches!(step, Step::Pull { .. });
        if changed && !rules.is_solved(&state) {
            w.look(m, &state);
        }
    }
    for &k in m.goal_requires() {
        if let Some(slot) = w.used_at.get_mut(k) {
            slot.get_or_insert(n);
        }
    }
    w.finish_branching();
    Ok(w)
}

/// The most work one look at a state ([`productive_steps`]) may take: a
/// walk of the rooms and doors, counting the keys in each room and reading
/// each door's rule. Doors locked by thousands of keys make each look read
/// them all: counting rooms and doors alone, a plan of 1,000 steps on a
/// level of 200,000 keys was looked at in full, for a second.
fn look_cost(m: &Mechanics) -> usize {
    let rules: usize = (0..m.doors().len()).map(|d| m.rule_size(d)).sum();
    m.rooms() + m.keys().len() + rules + 1
}

fn mark(visited: &mut [bool], room: usize) {
    if let Some(v) = visited.get_mut(room) {
        *v = true;
    }
}

/// The items in hand, per kind (small keys are kind 0), each kind oldest
/// first.
struct ItemQueues(Vec<VecDeque<usize>>);

impl ItemQueues {
    fn new(m: &Mechanics) -> Self {
        Self(vec![VecDeque::new(); m.kinds().len().max(1)])
    }

    /// Adds the items picked up at step `at` (from the table).
    fn picked(&mut self, m: &Mechanics, picked_at: &[Option<u32>], at: u32) {
        let keys: Vec<usize> = (0..picked_at.len())
            .filter(|&k| picked_at[k] == Some(at))
            .collect();
        self.picked_keys(m, &keys);
    }

    /// Adds the items among `keys`.
    fn picked_keys(&mut self, m: &Mechanics, keys: &[usize]) {
        for &k in keys {
            if let Some(queue) = m
                .keys()
                .get(k)
                .and_then(|key| key.kind)
                .and_then(|kind| self.0.get_mut(kind))
            {
                queue.push_back(k);
            }
        }
    }

    /// Spends, of each kind, the oldest items that step `at` used up: as
    /// many as were in hand `before`, plus those it picked up (`got`), less
    /// those in hand `after`. Whether any was spent.
    fn spend(
        &mut self,
        m: &Mechanics,
        before: &[u32],
        got: &[usize],
        after: &[u32],
        at: u32,
        used_at: &mut [Option<u32>],
    ) -> bool {
        let mut any = false;
        for (kind, queue) in self.0.iter_mut().enumerate() {
            let picked = got
                .iter()
                .filter(|&&k| m.keys().get(k).and_then(|key| key.kind) == Some(kind))
                .count();
            let had = before.get(kind).copied().unwrap_or(0) as usize + picked;
            let spent = had.saturating_sub(after.get(kind).copied().unwrap_or(0) as usize);
            for _ in 0..spent {
                if let Some(k) = queue.pop_front()
                    && let Some(slot) = used_at.get_mut(k)
                {
                    slot.get_or_insert(at);
                    any = true;
                }
            }
        }
        any
    }
}

impl Walked {
    /// Notes the named keys that step `n`, about to be taken from `before`,
    /// uses: every key of its door's `locks`, and the keys of its
    /// `locks_any` held then, when the lock applies from this side.
    fn took(&mut self, m: &Mechanics, before: &PlayState, step: Resolved, n: u32) {
        let Resolved::Move(d, to) = step else {
            return;
        };
        let Ok(passage) = m.passage(d, before.room(), to) else {
            return;
        };
        for k in m.keys_used(passage, before) {
            if let Some(slot) = self.used_at.get_mut(k) {
                slot.get_or_insert(n);
            }
        }
    }

    /// Notes a move's room, after it.
    fn moved(&mut self, after: &PlayState, step: &Step) {
        if !matches!(step, Step::Move { .. }) {
            return;
        }
        self.moves += 1;
        let to = after.room();
        if self.visited.get(to).copied().unwrap_or(false) {
            self.revisits += 1;
        }
        mark(&mut self.visited, to);
    }

    /// Looks at one state of the plan: the productive steps open there,
    /// unless the work budget is spent.
    fn look(&mut self, m: &Mechanics, state: &PlayState) {
        let cost = self.look_cost;
        if self.branching.states.saturating_add(1).saturating_mul(cost) > MAX_BRANCHING_WORK {
            self.branching.complete = false;
            return;
        }
        let open = productive_steps(m, state);
        self.branching.states += 1;
        self.branching.max = self.branching.max.max(open);
        if open >= 2 {
            self.options_at_decisions.push(open);
        }
    }

    fn finish_branching(&mut self) {
        let points = &self.options_at_decisions;
        self.branching.decision_points = points.len();
        self.branching.mean =
            (!points.is_empty()).then(|| points.iter().sum::<usize>() as f64 / points.len() as f64);
    }

    /// The backtracking share.
    pub fn backtracking(&self) -> Option<f64> {
        (self.moves > 0).then(|| f64::from(self.revisits) / f64::from(self.moves))
    }

    /// Key–lock distances of the keys the plan used, in the order of first use.
    pub fn key_distance(&self, level: &Level) -> KeyDistance {
        let mut used: Vec<(u32, KeyId, u32)> = (0..level.keys.len())
            .filter_map(|k| {
                let (picked, used) = (self.picked_at[k]?, self.used_at[k]?);
                Some((used, level.keys[k].id.clone(), used.saturating_sub(picked)))
            })
            .collect();
        used.sort_by_key(|&(at, _, _)| at);
        let per_key: Vec<(KeyId, u32)> = used.into_iter().map(|(_, k, d)| (k, d)).collect();
        let n = per_key.len();
        KeyDistance {
            mean: (n > 0)
                .then(|| per_key.iter().map(|&(_, d)| f64::from(d)).sum::<f64>() / n as f64),
            max: per_key.iter().map(|&(_, d)| d).max(),
            per_key,
        }
    }

    /// Rooms never entered; keys never picked up or never used.
    pub fn optional(&self, level: &Level) -> Optional {
        Optional {
            rooms: (0..level.rooms.len())
                .filter(|&r| !self.visited[r])
                .map(|r| level.rooms[r].id.clone())
                .collect(),
            keys: (0..level.keys.len())
                .filter(|&k| self.used_at[k].is_none())
                .map(|k| level.keys[k].id.clone())
                .collect(),
        }
    }
}

/// The productive steps open in `state`: over the rooms the player can walk
/// to from here through passages that are open, whose locks are held and
/// that spend nothing (with the holdings of `state`), count each key lying
/// in one of them not yet picked up, each passage out of one of them that
/// would spend small keys and can be afforded now (each door once), and each
/// lever standing in one of them whose pull opens a door now closed.
pub(crate) fn productive_steps(m: &Mechanics, state: &PlayState) -> usize {
    if m.only_walks() {
        // Nothing to pick up, pull, or spend (items are keys): no walk of
        // the whole level needed to count nothing.
        return 0;
    }
    let rooms = m.rooms();
    let mut seen = vec![false; rooms];
    let mut spend_doors = vec![false; m.doors().len()];
    let mut queue = VecDeque::new();
    let mut count = 0usize;
    let opening = m.pulls_opening(state);
    if state.room() < rooms {
        seen[state.room()] = true;
        queue.push_back(state.room());
    }
    while let Some(r) = queue.pop_front() {
        count += m.keys_in(r).filter(|&k| !holds_picked(state, k)).count();
        count += m
            .levers_in(r)
            .filter(|&l| opens_a_closed_door(m, state, l, &opening))
            .count();
        for p in m.passages_from(r) {
            if m.blocked(p, state).is_some() {
                continue;
            }
            if m.spends(p, state) > 0 {
                if !spend_doors[p.door] {
                    spend_doors[p.door] = true;
                    count += 1;
                }
            } else if !seen[p.to] {
                seen[p.to] = true;
                queue.push_back(p.to);
            }
        }
    }
    count
}

fn holds_picked(state: &PlayState, k: usize) -> bool {
    state.picked().get(k).copied().unwrap_or(true)
}

/// Whether pulling lever `l` now opens a door that is closed: one it
/// flips, or one whose `open_when` it turns true (`opening`, from
/// [`Mechanics::pulls_opening`]).
fn opens_a_closed_door(m: &Mechanics, state: &PlayState, l: usize, opening: &[bool]) -> bool {
    let Some(lever) = m.levers().get(l) else {
        return false;
    };
    if m.pull_used(l, state) {
        return false;
    }
    let flips = lever
        .flips
        .iter()
        .any(|&d| !state.open_doors().get(d).copied().unwrap_or(true));
    flips || opening.get(l).copied().unwrap_or(false)
}
