//! The reachability half of an analysis: which rooms a player can reach,
//! and the dead ends, worked out the cheapest exact way the level allows:
//! from the relaxed reach alone when there is nothing to take, by lever
//! parity or states when every step can be undone, by every state or a hunt
//! from the cheapest when some cannot.

use super::{DeadEnds, Least, Run, walked_into};
use crate::rules::mechanics::Passage;
use crate::solver::budget::{Budget, Stop};
use crate::solver::compile::Compiled;
use crate::solver::dead_ends::{self, Found};
use crate::solver::exhaustive::{self, Explored};
use crate::solver::facts::Reach;
use crate::solver::{SolveError, closed, reversible};

/// What the analysis of reachability and dead ends found.
pub(super) struct Shape {
    pub(super) solvable: Option<bool>,
    /// Rooms proven reachable.
    pub(super) reached: Vec<bool>,
    /// Rooms not proven unreachable.
    pub(super) maybe: Vec<bool>,
    pub(super) dead_ends: DeadEnds,
    pub(super) reachable_states: Option<usize>,
    /// The whole explored graph, when it was explored.
    pub(super) explored: Option<(Compiled, Explored)>,
}

/// Reachability and dead ends of a level whose every step can be undone.
pub(super) fn reversible_shape(
    run: &mut Run<'_, '_>,
    reach: &Reach,
    least: &Least,
) -> Result<Shape, SolveError> {
    let prep = run.prep;
    let m = prep.mechanics();
    if m.only_walks() {
        return walk_only_shape(run, reach);
    }
    let mut budget = run.budget.share(0.5);
    // When the plan's walk already reaches every room the relaxed reach
    // allows, an exploration of the states one by one can prove nothing
    // more (an undoable level has no dead ends) and only counts them: it
    // gets a short leash. A grid with hundreds of levers spent its 10
    // million states, 3.6 s, before falling back on the same answer.
    // The walk is kept for the fallback below, which would walk it again.
    let mut walked = None;
    if reversible::by_states(m) {
        walked = plan_reached(run, least);
        if walked
            .as_ref()
            .is_some_and(|reached| *reached == reach.rooms)
        {
            let leash = PROVEN_LEASH.saturating_mul(m.rooms());
            budget.max_states = budget.max_states.min(leash);
            let words = leash.saturating_mul(PROVEN_LEASH_WIDTH);
            budget.max_words = budget.max_words.min(words);
        }
    }
    let mut undone = |run: &mut Run<'_, '_>, stop| {
        let reached = walked.take().or_else(|| plan_reached(run, least));
        undone_shape(run, reach, least, reached, stop)
    };
    let wall = match reversible::explore(m, &prep.removed, true, &budget) {
        Ok(w) => w,
        Err(stop) => return Ok(undone(run, stop)),
    };
    run.states += wall.states;
    // With keys the goal requires, a player lacking one may pass through the
    // goal room: look at that only if it could reach more.
    let pass = if wall.leaks {
        match reversible::explore(m, &prep.removed, false, &budget) {
            Ok(p) => {
                run.states += p.states;
                Some(p)
            }
            Err(stop) => return Ok(undone(run, stop)),
        }
    } else {
        None
    };
    let exact = pass
        .as_ref()
        .is_none_or(|p| p.rooms == wall.rooms && p.goal == wall.goal);
    if !exact {
        // Passing through the goal room reaches more: only a search of the
        // states can tell which of it a player really gets to.
        return irreversible_shape(run, reach, least, &[]);
    }
    if !wall.goal {
        return unsolvable_shape(run, wall.rooms.clone(), wall.rooms);
    }
    Ok(undoable_shape(wall.rooms.clone(), wall.rooms))
}

/// Reachability and dead ends of a level whose every step can be undone,
/// with nothing to pick up and nothing to pull: a state is a room, and the
/// relaxed reach, short of what lies beyond the goal room, is exact. Its
/// count of states is its count of rooms, as an exploration would find.
fn walk_only_shape(run: &mut Run<'_, '_>, reach: &Reach) -> Result<Shape, SolveError> {
    let rooms = reach.before_goal.as_ref().unwrap_or(&reach.rooms).clone();
    run.states += rooms.iter().filter(|&&r| r).count();
    if reach.goal {
        Ok(undoable_shape(rooms.clone(), rooms))
    } else {
        unsolvable_shape(run, rooms.clone(), rooms)
    }
}

/// A solvable level whose every step can be undone: from any state, walking
/// back and replaying a solution reaches the goal, so there are no dead ends.
fn undoable_shape(reached: Vec<bool>, maybe: Vec<bool>) -> Shape {
    Shape {
        solvable: Some(true),
        reached,
        maybe,
        dead_ends: DeadEnds {
            exist: Some(false),
            states: Some(0),
            complete: true,
            ..DeadEnds::default()
        },
        reachable_states: None,
        explored: None,
    }
}

/// A level whose every step can be undone, whose rooms could not all be
/// explored. When a plan was found there are still no dead ends: from any
/// state, undo the steps back to the start and follow the plan. The rooms
/// the plan walks into are reached; when that is every room the relaxed
/// reach allows, nothing is left undecided. `reached` is
/// [`plan_reached`]'s answer.
fn undone_shape(
    run: &mut Run<'_, '_>,
    reach: &Reach,
    least: &Least,
    reached: Option<Vec<bool>>,
    stop: Stop,
) -> Shape {
    let Some(reached) = reached else {
        run.stop(stop);
        return unknown_shape(reach, least, run);
    };
    if reached != reach.rooms {
        run.stop(stop);
    }
    undoable_shape(reached, reach.rooms.clone())
}

/// States per room the exploration of an undoable level may store when
/// the plan's walk has already reached every room: enough to count the
/// states of a level whose levers open few ways, and work linear in the
/// level when they open many.
const PROVEN_LEASH: usize = 4;

/// Words the states of that leash may take on average (a state is a word
/// for the room and a bit per lever): a level of more than about 450
/// levers is counted in fewer, wider states. States as many as the rooms
/// and as wide as the levers are work of rooms times levers; a grid of
/// 80,000 rooms and 1,600 levers spent a third of its `check` storing
/// 26-word states it only counted.
const PROVEN_LEASH_WIDTH: usize = 8;

/// The rooms the least plan (or the cheapest found) walks into, with the
/// rooms open to it from each state it passes; `None` without a plan.
fn plan_reached(run: &Run<'_, '_>, least: &Least) -> Option<Vec<bool>> {
    let plan = least
        .plan
        .as_ref()
        .or_else(|| least.bounds.as_ref().and_then(|b| b.best.as_ref()))?;
    let mut reached = vec![false; run.prep.level.rooms.len()];
    reached[run.prep.mechanics().start()] = true;
    walked_into(
        &run.prep.rules,
        std::iter::once(plan),
        &DeadEnds::default(),
        &mut reached,
    );
    Some(reached)
}

/// Nothing worked out beyond the relaxed reach.
fn unknown_shape(reach: &Reach, least: &Least, run: &Run<'_, '_>) -> Shape {
    let mut reached = vec![false; reach.rooms.len()];
    reached[run.prep.mechanics().start()] = true;
    Shape {
        solvable: least.solvable,
        reached,
        maybe: reach.rooms.clone(),
        dead_ends: DeadEnds::default(),
        reachable_states: None,
        explored: None,
    }
}

/// An unsolvable level: every reachable state is a dead end, the start first.
fn unsolvable_shape(
    run: &mut Run<'_, '_>,
    reached: Vec<bool>,
    maybe: Vec<bool>,
) -> Result<Shape, SolveError> {
    let prep = run.prep;
    let every = prep.every_key();
    // Count them if that fits in a share of the budget.
    let count = exhaustive::explore(&every, &run.budget.share(0.3));
    let (reachable_states, explored) = match count {
        Ok(ex) => {
            run.states += ex.len();
            (Some(ex.len()), Some((every, ex)))
        }
        Err(_) => (None, None),
    };
    let start = dead_ends::stuck_at_start(run)?;
    Ok(Shape {
        solvable: Some(false),
        reached,
        maybe,
        dead_ends: DeadEnds {
            exist: Some(true),
            states: reachable_states,
            found: vec![start],
            kinds: 1,
            complete: true,
        },
        reachable_states,
        explored,
    })
}

/// States an exploration of every state may store before a level that
/// [`closed::applies`] to is answered over closed states instead: below
/// it, every state is counted and the answers are those of the whole graph.
const FEW_STATES: usize = 2_000;

/// The share of the time left that the exploration of every state may
/// take before the hunt for dead ends takes over. On a level too big to
/// explore, that time is lost to the hunt, which finds dead ends in it:
/// on the 24 large small-key levels of `tests/small_keys_at_scale.rs` at
/// 2 s, the hunt found 743 kinds in all after a quarter, 659 after 0.6.
/// A level explored whole in less time is answered exactly as before;
/// one the exploration needed more of the time for (some two million
/// states a second on a level of 300 rooms, so millions of states with
/// the default budget) now gets the hunt's answer.
const EXPLORE_SHARE: f64 = 0.25;

/// [`EXPLORE_SHARE`] on levels the counted zones follow
/// ([`dead_ends::counted_applies`]). There the hunt's exploration of
/// counted states proves which steps are never fatal when it finishes,
/// and the time it lacked went to an exploration that could not finish:
/// on the 24 levels of `tests/small_keys_at_scale.rs` at 2 s (seed 36),
/// 4 were answered completely with a quarter, 5 or 6 with a tenth (and
/// the hunt's `COUNTED_SHARE` raised from 0.45 to 0.6).
const COUNTED_EXPLORE_SHARE: f64 = 0.1;

/// Reachability and dead ends of a level with irreversible steps: every
/// state if the budget allows, else a hunt for dead ends from the cheapest.
/// A level whose walking can always be undone with more states than a
/// few is first searched over closed states ([`closed`]), which proves it
/// free of dead ends when it is.
pub(super) fn irreversible_shape(
    run: &mut Run<'_, '_>,
    reach: &Reach,
    least: &Least,
    irreversible: &[Passage],
) -> Result<Shape, SolveError> {
    let prep = run.prep;
    let every = prep.every_key();
    if closed::applies(prep.mechanics()) && least.solvable != Some(false) {
        let few = Budget {
            max_states: run.budget.max_states.min(FEW_STATES),
            ..run.budget.share(0.6)
        };
        match exhaustive::explore(&every, &few) {
            Ok(ex) => return explored_shape(run, reach, every, ex),
            Err(Stop::States) => {
                if let Some(shape) = closed_shape(run, &every) {
                    return Ok(shape);
                }
            }
            Err(_) => {}
        }
    }
    let share = if dead_ends::counted_applies(prep.mechanics()) {
        COUNTED_EXPLORE_SHARE
    } else {
        EXPLORE_SHARE
    };
    match exhaustive::explore(&every, &run.budget.share(share)) {
        Ok(ex) => explored_shape(run, reach, every, ex),
        Err(stop) => {
            run.stop(stop);
            if stop == Stop::Cancelled {
                return Ok(unknown_shape(reach, least, run));
            }
            let Found {
                dead_ends,
                reached,
                start_reaches_goal,
            } = dead_ends::hunt(run, irreversible)?;
            // The hunt's first check may prove what the search for a plan
            // could not: whether the goal can be reached at all.
            let solvable = start_reaches_goal.or(least.solvable);
            Ok(Shape {
                solvable,
                reached,
                maybe: reach.rooms.clone(),
                dead_ends,
                reachable_states: None,
                explored: None,
            })
        }
    }
}

/// Marks the rooms a walk enters after passing through the goal room.
///
/// Reaching the goal ends the searches (a goal state has no steps), but a
/// room is unreachable only if no walk from the start enters it, and a
/// walk may go on through the goal room: with start = goal every other
/// room was called unreachable. When the goal room is reached and some
/// room not yet reached lies beyond it (every door taken as passable its
/// way), the states are explored again with no goal; when that does not
/// fit the budget, those rooms are left undecided.
pub(super) fn past_the_goal(run: &mut Run<'_, '_>, shape: &mut Shape) {
    let prep = run.prep;
    let m = prep.mechanics();
    if !shape.reached[m.goal()] {
        return;
    }
    let beyond = beyond_the_goal(m, &shape.maybe);
    if beyond.is_empty() {
        return;
    }
    let budget = run.budget.share(0.3);
    // Whether every step can be undone anywhere, the goal passed through
    // (the analysis's own answer looked only as far as the goal): no door
    // goes one way, spends or is locked on one side.
    let undoable = !m.needs_general() && m.walking_undoable();
    let walked = if undoable {
        // Every step can be undone: the exploration by rooms and lever
        // positions, the goal room passed through.
        reversible::explore(m, &prep.removed, false, &budget).map(|r| {
            run.states += r.states;
            r.rooms
        })
    } else {
        // Every key tracked: the tables made for plans may leave out what
        // no way to the goal needs, and past the goal nothing is needed.
        let mut c = prep.every_key();
        c.goal_need = None;
        exhaustive::explore(&c, &budget).map(|ex| {
            run.states += ex.len();
            let mut rooms = vec![false; m.rooms()];
            for i in 0..ex.len() as u32 {
                rooms[c.room(ex.store.get(i))] = true;
            }
            rooms
        })
    };
    match walked {
        Ok(rooms) => {
            for (r, _) in rooms.iter().enumerate().filter(|&(_, &w)| w) {
                shape.reached[r] = true;
                shape.maybe[r] = true;
            }
        }
        Err(stop) => {
            run.stop(stop);
            for r in beyond {
                shape.maybe[r] = true;
            }
        }
    }
}

/// The rooms not marked in `maybe` that a walk from the goal room reaches,
/// every door taken as passable the ways it allows.
fn beyond_the_goal(m: &crate::rules::Mechanics, maybe: &[bool]) -> Vec<usize> {
    let mut seen = vec![false; m.rooms()];
    seen[m.goal()] = true;
    let mut stack = vec![m.goal()];
    let mut out = Vec::new();
    while let Some(r) = stack.pop() {
        for p in m.passages_from(r) {
            if !std::mem::replace(&mut seen[p.to], true) {
                stack.push(p.to);
                if !maybe[p.to] {
                    out.push(p.to);
                }
            }
        }
    }
    out
}

/// The shape of a level whose every reachable state was explored.
fn explored_shape(
    run: &mut Run<'_, '_>,
    reach: &Reach,
    every: Compiled,
    ex: Explored,
) -> Result<Shape, SolveError> {
    run.states += ex.len();
    let dead = dead_ends::from_explored(run, &every, &ex)?;
    let mut reached = vec![false; reach.rooms.len()];
    for i in 0..ex.len() as u32 {
        reached[every.room(ex.store.get(i))] = true;
    }
    Ok(Shape {
        solvable: Some(!ex.goals.is_empty()),
        maybe: reached.clone(),
        reached,
        dead_ends: dead,
        reachable_states: Some(ex.len()),
        explored: Some((every, ex)),
    })
}

/// The shape of a solvable level proven free of dead ends over closed
/// states, its reachable rooms exact; `None` when the search ran out of
/// budget, or found a closed state that cannot reach the goal (then the
/// dead-end states are counted by exploring every state).
fn closed_shape(run: &mut Run<'_, '_>, every: &Compiled) -> Option<Shape> {
    let found = closed::search(every, &run.budget.share(0.3)).ok()?;
    run.states += found.states;
    if found.dead || !found.goal {
        return None;
    }
    Some(Shape {
        solvable: Some(true),
        maybe: found.reached.clone(),
        reached: found.reached,
        dead_ends: DeadEnds {
            exist: Some(false),
            states: Some(0),
            complete: true,
            ..DeadEnds::default()
        },
        reachable_states: None,
        explored: None,
    })
}
