//! The hunt for dead ends on levels too big to explore whole: states
//! settled cheapest first, and after each irreversible step a check
//! whether the goal can still be reached (over closed states where
//! [`super::super::closures`] applies, else by a search).

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::super::SolveError;
use super::super::analysis::{DeadEnds, MAX_DEAD_END_KINDS, Run};
use super::super::astar::{self, Outcome, ROOT};
use super::super::budget::{Budget, Meter};
use super::super::closures::{self, Forget, Oracle};
use super::super::compile::{Compiled, PULL};
use super::super::events::{self, Walker};
use super::super::heuristic::Heuristic;
use super::super::queue::Queue;
use super::super::store::Store;
use super::counted::Verdict;
use super::scout::{Witness, follow_all, scout};
use super::{CHECK_STATES, Found, cause, counted, never_fatal, stuck_at_start};
use crate::rules::mechanics::Passage;

mod witnesses;

use witnesses::describe_all;

/// The share of the time left the hunt takes before the scout, on levels
/// the closed states answer.
///
/// The hunt finds the cheapest fatal steps near the start; the scout
/// finds most of the others, deeper. On the large small-key levels of
/// `tests/small_keys_at_scale.rs` at 2 s, the kinds found in all went
/// from 741 to 877 (seed 36) and from 708 to 860 (seed 7) when these
/// shares went from a half each to 0.2 and 0.8.
const HUNT_SHARE: f64 = 0.2;
/// The share of the time then left the scout takes; the hunt takes up
/// again what remains.
const SCOUT_SHARE: f64 = 0.8;
/// The share of the time left when the scout starts that is kept for
/// shortening the traces it and the counted plays found: the scout and
/// the hunt taken up again share the rest.
///
/// On level 3 of `tests/small_keys_at_scale.rs` (305 rooms) at 2 s, the
/// scout and the hunt once took all of the time; the shortening, which
/// then ran past the deadline for a quarter of a second, cut the traces
/// from 492 steps on average to 223.
const SHORTEN_SHARE: f64 = 0.1;
/// The share of the time left that the exploration of counted states
/// ([`counted::maybe_fatal`]) may take before the hunt.
///
/// When it finishes, every step is decided, and the plays it found,
/// followed, give most kinds of fatal step at once. On the 24 levels of
/// `tests/small_keys_at_scale.rs` at 2 s (seed 36), it finishes on
/// levels 4, 7 and 14 at 0.45; at 0.6, with the exploration of every
/// state before the hunt cut to a tenth (`COUNTED_EXPLORE_SHARE` in
/// `analysis/shape.rs`), on level 18 too (about a million counted
/// states), and level 15 is answered completely in one run of two. The
/// hunt and the scout lose that time on the other levels: 962 kinds in
/// all instead of 1,022.
const COUNTED_SHARE: f64 = 0.6;
/// The scout's random numbers.
const SCOUT_SEED: u64 = 36;

/// Can the goal still be reached from state `s`? `None` when the check ran
/// out of budget.
///
/// `walker` is reused from check to check: a hunt makes one check per
/// irreversible step, and a room with 100,000 small-locked doors made as
/// many walkers of one entry per room. Past the budget it answers `None`
/// at once.
fn can_reach_goal(
    c: &Compiled,
    h: &mut Heuristic,
    s: &[u64],
    budget: &Budget<'_>,
    walker: &mut Walker,
) -> Option<bool> {
    budget.check_now().ok()?;
    let check = Budget {
        max_states: budget.max_states.min(CHECK_STATES),
        ..*budget
    };
    match events::quick_plan_with(c, h, s, &check, walker)
        .found
        .outcome
    {
        Outcome::Goal(_) => Some(true),
        Outcome::Unreachable => Some(false),
        Outcome::Stopped { .. } => None,
    }
}

/// Hunts for dead ends: explores the states the player can reach, cheapest
/// first, and checks the state after each irreversible step. States that
/// cannot reach the goal are not explored further, so every state explored
/// is live and every dead one found is entered by a fatal step.
pub(crate) fn hunt(run: &mut Run<'_, '_>, irreversible: &[Passage]) -> Result<Found, SolveError> {
    let prep = run.prep;
    let c = prep.compiled();
    let mut h = prep.bound(c);
    let walker = Walker::new(c);
    let m = prep.mechanics();
    let forget = if closures::applies(m) {
        Forget::new(c)
    } else {
        None
    };
    let oracle = closures::applies(m).then(|| Oracle::new(c, forget.as_ref()));
    let mut hunt = Hunt::new(c, false, walker, oracle);
    let start_live = hunt.check(run, &mut h, &c.start);
    if start_live == Some(false) {
        return dead_at_start(run);
    }
    // The steps that may be fatal: those not proven never to be, which
    // alone are checked as the states are explored.
    let (open, followed) = open_steps(run, &mut hunt, forget.as_ref(), irreversible, start_live);
    let rest: Vec<Passage> = (open.iter())
        .filter(|p| !followed.iter().any(|w| w.kind == (p.door as u32, p.to)))
        .copied()
        .collect();
    let mut risky = vec![false; prep.level.doors.len()];
    for p in &open {
        risky[p.door] = true;
    }
    hunt.complete = start_live.is_some();
    let full = run.budget;
    let scouting = hunt.oracle.is_some() && start_live == Some(true);
    if scouting {
        // The hunt finds the cheapest fatal steps; the scout, the rest.
        run.budget = full.share(HUNT_SHARE);
    }
    hunt.explore(run, &risky, &mut h, forget.as_ref());
    run.budget = full;
    let mut witnesses = Vec::new();
    if scouting && (hunt.cut || !hunt.complete) && !rest.is_empty() && !run.out_of_time() {
        witnesses = hunt.scout_then_resume(run, (&rest, &risky), &mut h, forget.as_ref());
    }
    witnesses.extend(followed);
    // Cut short, the hunt still found every kind when it found a fatal
    // step of each it could not prove never fatal: the states it explored
    // are live (the start is), so each kind it or the scout found is one.
    hunt.complete &= !hunt.cut;
    if !hunt.complete
        && start_live == Some(true)
        && (open.iter()).all(|p| found(&hunt, &witnesses, p))
    {
        hunt.complete = true;
    }
    let mut ranked = hunt.ranked(witnesses);
    // The closed states the checks worked out are states explored too.
    run.states += hunt.settled + hunt.oracle.as_ref().map_or(0, Oracle::len);
    if start_live != Some(true) {
        // The states explored are live only if the start is: a step into a
        // dead end is fatal only from a state proven to reach the goal.
        let before = ranked.len();
        ranked.retain(|w| {
            let from = hunt
                .kinds
                .get(&w.kind)
                .map(|k| hunt.store.get(k.1).to_vec());
            from.is_some_and(|from| hunt.check(run, &mut h, &from) == Some(true))
        });
        hunt.complete &= ranked.len() == before;
    }
    let total = ranked.len();
    ranked.truncate(MAX_DEAD_END_KINDS);
    hunt.shorten_scouted(run, &mut ranked, forget.as_ref());
    ranked.iter_mut().for_each(|w| hunt.trace(w));
    let found = describe_all(run.prep, c, ranked)?;
    let complete = hunt.complete;
    Ok(Found {
        dead_ends: DeadEnds {
            exist: if total > 0 {
                Some(true)
            } else if complete {
                Some(false)
            } else {
                None
            },
            states: (complete && total == 0).then_some(0),
            found,
            kinds: total,
            complete,
        },
        reached: hunt.reached,
        start_reaches_goal: start_live,
    })
}

/// Whether the hunt or the scout (`witnesses`) found a fatal step of the
/// kind of `p`.
fn found(hunt: &Hunt<'_>, witnesses: &[Witness], p: &Passage) -> bool {
    let kind = (p.door as u32, p.to);
    hunt.kinds.contains_key(&kind) || witnesses.iter().any(|w| w.kind == kind)
}

/// The steps of `irreversible` not proven never fatal, and the fatal
/// steps found by following the counted plays that make them fatal.
fn open_steps(
    run: &mut Run<'_, '_>,
    hunt: &mut Hunt<'_>,
    forget: Option<&Forget>,
    irreversible: &[Passage],
    start_live: Option<bool>,
) -> (Vec<Passage>, Vec<Witness>) {
    let (m, c) = (run.prep.mechanics(), hunt.c);
    let (open, counted) = match &mut hunt.oracle {
        Some(oracle) if start_live == Some(true) => unproven(run, oracle, forget, irreversible),
        _ => (irreversible.to_vec(), None),
    };
    run.states += counted.as_ref().map_or(0, |v| v.states);
    // Followed in the level, most counted plays are fatal steps found at
    // once; the scout looks for the rest.
    let followed = match (&counted, &mut hunt.oracle) {
        (Some(v), Some(oracle)) => follow_all(m, c, oracle, forget, v, &run.budget),
        _ => Vec::new(),
    };
    (open, followed)
}

/// The steps of `irreversible` not proven never fatal, and what the
/// counted zones said of them when they could.
fn unproven(
    run: &Run<'_, '_>,
    oracle: &mut Oracle<'_>,
    forget: Option<&Forget>,
    irreversible: &[Passage],
) -> (Vec<Passage>, Option<Verdict>) {
    let (m, c) = (run.prep.mechanics(), run.prep.compiled());
    // Counted zones decide every step when their states fit; the proofs
    // from the poorest states are the fallback. Their plays are followed
    // either way.
    let counted = counted::maybe_fatal(m, irreversible, &run.budget.share(COUNTED_SHARE));
    let proven = match &counted {
        Some(verdict) if verdict.complete => verdict.maybe.iter().map(|&m| !m).collect(),
        _ => {
            let reach = &run.prep.relaxed_ways().reach.rooms;
            never_fatal(m, c, reach, oracle, forget, irreversible, &run.budget)
        }
    };
    let open = (irreversible.iter().zip(&proven))
        .filter(|&(_, &never)| !never)
        .map(|(&p, _)| p)
        .collect();
    (open, counted)
}

/// The hunt's answer when the start itself cannot reach the goal.
fn dead_at_start(run: &mut Run<'_, '_>) -> Result<Found, SolveError> {
    let c = run.prep.compiled();
    let mut reached = vec![false; c.rooms()];
    reached[c.room(&c.start)] = true;
    let start = stuck_at_start(run)?;
    Ok(Found {
        dead_ends: DeadEnds {
            exist: Some(true),
            found: vec![start],
            kinds: 1,
            complete: false,
            states: None,
        },
        reached,
        start_reaches_goal: Some(false),
    })
}

/// The states of a hunt for dead ends, cheapest first.
struct Hunt<'c> {
    c: &'c Compiled,
    store: Store,
    dist: Vec<f64>,
    parent: Vec<u32>,
    via: Vec<u32>,
    done: Vec<bool>,
    queue: Queue,
    /// Per `(action, room entered)`: the cheapest fatal step of that kind,
    /// as `(cost, state before, state after)`.
    kinds: FxHashMap<(u32, usize), (f64, u32, Vec<u64>)>,
    /// Whether each state after a risky step can still reach the goal.
    checked: FxHashMap<Vec<u64>, Option<bool>>,
    /// The walker of those checks.
    walker: Walker,
    /// The checks over closed states, for the levels they apply to.
    oracle: Option<Oracle<'c>>,
    /// Every check decided (no state left unexplored for want of budget).
    complete: bool,
    /// The exploration stopped for the budget before it was done.
    cut: bool,
    reached: Vec<bool>,
    settled: usize,
}

impl<'c> Hunt<'c> {
    fn new(c: &'c Compiled, complete: bool, walker: Walker, oracle: Option<Oracle<'c>>) -> Self {
        let mut store = Store::new(c.width, c.layout.total_bits);
        store.insert(&c.start);
        let mut queue = Queue::new(astar::whole_costs(c));
        queue.push(0.0, 0);
        Self {
            c,
            store,
            dist: vec![0.0],
            parent: vec![ROOT],
            via: vec![0],
            done: vec![false],
            queue,
            kinds: FxHashMap::default(),
            checked: FxHashMap::default(),
            walker,
            oracle,
            complete,
            cut: false,
            reached: vec![false; c.rooms()],
            settled: 0,
        }
    }

    /// Settles states cheapest first until none is left or the budget
    /// ends; called again, it goes on where it stopped.
    fn explore(
        &mut self,
        run: &Run<'_, '_>,
        risky: &[bool],
        h: &mut Heuristic,
        forget: Option<&Forget>,
    ) {
        let c = self.c;
        self.cut = false;
        let mut forgotten = vec![0u64; c.width];
        let mut meter = Meter::default();
        let mut cur = vec![0u64; c.width];
        let mut scratch = vec![0u64; c.width];
        while let Some((d, i)) = self.queue.pop() {
            let iu = i as usize;
            if self.done[iu] || d != self.dist[iu] {
                continue;
            }
            cur.copy_from_slice(self.store.get(i));
            let states = self.store.len();
            if run
                .budget
                .check(&mut meter, c.width, states, c.width)
                .is_err()
            {
                self.cut_at(d, i);
                return;
            }
            self.done[iu] = true;
            self.settled += 1;
            self.reached[c.room(&cur)] = true;
            if c.is_goal(&cur) {
                continue;
            }
            // Each step in turn, within the budget: a room with 100,000
            // small-locked doors has as many steps, each as wide as the
            // level, and collecting them first took gigabytes.
            let mut stopped = false;
            c.successors_while(&cur, &mut scratch, |next, act, cost| {
                // Bits no step reads any more are set: states that
                // differ only in them have the same futures.
                forgotten.copy_from_slice(next);
                if let Some(f) = forget {
                    f.apply(c, &mut forgotten);
                }
                let t = &forgotten[..];
                let states = self.store.len();
                if (run.budget.check(&mut meter, c.width, states, c.width)).is_err() {
                    stopped = true;
                    return ControlFlow::Break(());
                }
                let risk = if act & PULL == 0 {
                    risky[act as usize]
                } else {
                    // A `once` lever cannot be pulled back.
                    (run.prep.mechanics().levers().get((act & !PULL) as usize))
                        .is_some_and(|l| l.once)
                };
                let dead = risk
                    && cause(run.prep.mechanics(), c, &cur, act).is_some()
                    && !self.live(run, h, i, act, d + cost, t);
                if !dead {
                    self.relax(i, act, d + cost, t);
                }
                // A check the clock stopped stops the hunt: the steps left
                // (a room of 50,000 `once` levers has as many) would each
                // store their state to be checked, and learn nothing.
                if risk && !self.complete && run.out_of_time() {
                    stopped = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if stopped {
                // Expanded in part: expanded again, whole, if resumed.
                self.done[iu] = false;
                self.settled -= 1;
                self.cut_at(d, i);
                return;
            }
        }
    }

    /// Notes that the exploration stopped before settling state `i` (at
    /// cost `d`), and keeps it to be settled if the hunt is resumed.
    fn cut_at(&mut self, d: f64, i: u32) {
        self.cut = true;
        self.queue.push(d, i);
    }

    /// Whether the state `t` that a risky step `act` from state `i` reaches
    /// (at cost `nd`) is worth exploring: it is not, when it is a dead end
    /// (then it is kept as the cheapest of its kind) or undecided.
    fn live(
        &mut self,
        run: &Run<'_, '_>,
        h: &mut Heuristic,
        i: u32,
        act: u32,
        nd: f64,
        t: &[u64],
    ) -> bool {
        let c = self.c;
        let live = match self.checked.get(t) {
            Some(&live) => live,
            None => {
                let live = self.check(run, h, t);
                self.checked.insert(t.to_vec(), live);
                live
            }
        };
        match live {
            Some(true) => true,
            Some(false) => {
                let key = (act, c.room(t));
                if self.kinds.get(&key).is_none_or(|k| nd < k.0) {
                    self.kinds.insert(key, (nd, i, t.to_vec()));
                }
                false
            }
            None => {
                self.complete = false;
                false
            }
        }
    }

    /// Can the goal still be reached from state `t`? `None` when the
    /// check ran out of budget. Over closed states where they apply, else
    /// by a search from `t`.
    fn check(&mut self, run: &Run<'_, '_>, h: &mut Heuristic, t: &[u64]) -> Option<bool> {
        match &mut self.oracle {
            Some(oracle) => {
                run.budget.check_now().ok()?;
                oracle.live(t, &run.budget, self.store.len()).ok()
            }
            None => can_reach_goal(self.c, h, t, &run.budget, &mut self.walker),
        }
    }

    /// Reaches state `t` from state `i` by `act` at cost `nd`.
    fn relax(&mut self, i: u32, act: u32, nd: f64, t: &[u64]) {
        let (j, new) = self.store.insert(t);
        let ju = j as usize;
        if new {
            self.dist.push(nd);
            self.parent.push(i);
            self.via.push(act);
            self.done.push(false);
            self.queue.push(nd, j);
        } else if !self.done[ju] && nd < self.dist[ju] {
            self.dist[ju] = nd;
            self.parent[ju] = i;
            self.via[ju] = act;
            self.queue.push(nd, j);
        }
    }

    /// Scouts for the kinds of `open` the hunt did not find, with the
    /// budget left.
    fn scout_rest(
        &mut self,
        run: &Run<'_, '_>,
        open: &[Passage],
        forget: Option<&Forget>,
    ) -> Vec<Witness> {
        let Some(oracle) = &mut self.oracle else {
            return Vec::new();
        };
        let missing: Vec<Passage> = (open.iter())
            .filter(|p| !self.kinds.contains_key(&(p.door as u32, p.to)))
            .copied()
            .collect();
        let m = run.prep.mechanics();
        scout(m, self.c, oracle, forget, &missing, &run.budget, SCOUT_SEED)
    }

    /// Scouts for fatal steps of the kinds of `open` with a share of the
    /// time, then gives what time is left back to the hunt (the doors of
    /// `risky` checked), which may finish, keeping some for shortening
    /// what the scout found. Returns what the scout found.
    fn scout_then_resume(
        &mut self,
        run: &mut Run<'_, '_>,
        (open, risky): (&[Passage], &[bool]),
        h: &mut Heuristic,
        forget: Option<&Forget>,
    ) -> Vec<Witness> {
        let whole = run.budget;
        let searching = whole.share(1.0 - SHORTEN_SHARE);
        run.budget = searching.share(SCOUT_SHARE);
        let witnesses = self.scout_rest(run, open, forget);
        run.budget = searching;
        let missing = (open.iter()).any(|p| !found(self, &witnesses, p));
        if self.cut && missing && !run.out_of_time() {
            self.explore(run, risky, h, forget);
        }
        run.budget = whole;
        witnesses
    }
}

/// The kinds of fatal step a hunt over every irreversible step finds when
/// its exploration is first stopped after `first` states and then resumed
/// with the budget of `run`, or `None` when it did not finish or a check
/// was undecided: the test of [`Hunt::explore`]'s resumption.
#[cfg(test)]
pub(crate) fn kinds_in_two_goes(
    run: &Run<'_, '_>,
    irreversible: &[Passage],
    first: usize,
) -> Option<Vec<(u32, usize)>> {
    let c = run.prep.compiled();
    let mut h = run.prep.bound(c);
    let forget = Forget::new(c);
    let oracle = closures::applies(run.prep.mechanics()).then(|| Oracle::new(c, forget.as_ref()));
    let mut hunt = Hunt::new(c, true, Walker::new(c), oracle);
    let mut risky = vec![false; run.prep.level.doors.len()];
    for p in irreversible {
        risky[p.door] = true;
    }
    let short = Run {
        prep: run.prep,
        budget: Budget {
            max_states: first,
            ..run.budget
        },
        states: 0,
        stopped: None,
    };
    hunt.explore(&short, &risky, &mut h, forget.as_ref());
    let was_cut = hunt.cut;
    hunt.explore(run, &risky, &mut h, forget.as_ref());
    if !was_cut || hunt.cut || !hunt.complete {
        return None;
    }
    let mut kinds: Vec<_> = hunt.kinds.keys().copied().collect();
    kinds.sort_unstable();
    Some(kinds)
}
