//! Rooms proven reachable by walking on from the states a plan passes.
//!
//! When a search stops early, the rooms it has not reached are "not proven
//! reachable", though a plan may already show the way to most of them: from
//! any state the plan passes through, the player can walk wherever nothing
//! stops them. This walks from those states, through passages that neither
//! spend anything nor pull a lever, and marks each room it enters. The
//! player's holdings never shrink on such a walk (they may only pick keys
//! up), and holding more never stops a passage the rules let through, so
//! every room marked is one a player can really reach. The goal room is
//! entered but never walked through: entering it may end the game.

use crate::rules::Step;
use crate::rules::{PlayState, Resolved, Rules};

use super::Plan;

/// Work, at most, over all the walks of one plan, in list entries of the
/// doors' rules read ([`Mechanics::rule_size`](crate::rules::Mechanics::rule_size)): a plan of thousands of pickups on a
/// level of 100,000 doors would otherwise walk the whole level once per
/// pickup, and a door locked by 100,000 keys is 100,000 of it.
pub(crate) const MAX_WORK: usize = 4_000_000;

/// Marks in `reached` every room a walk from a state of `plan` enters (see
/// the module's text). It walks from the start, then again after each step
/// that changed what the player holds or left the rooms the last walk
/// entered. Stops at the first step the rules refuse, and when `work` is
/// done (counted as [`MAX_WORK`] is).
///
/// # Returns
/// The work done.
pub(crate) fn mark_reachable(
    rules: &Rules<'_>,
    plan: &Plan,
    reached: &mut [bool],
    work: usize,
) -> usize {
    let mut walk = Walk {
        rules,
        stamp: vec![0; reached.len()],
        walks: 0,
        queue: Vec::new(),
        left: work,
    };
    let mut state = rules.start();
    if !rules.is_solved(&state) {
        walk.from(&state, reached);
    }
    for step in &plan.steps {
        if walk.left == 0 {
            break;
        }
        let Some(changed) = take(rules, &mut state, step) else {
            break;
        };
        // The game is over: there is no walking on.
        if rules.is_solved(&state) {
            break;
        }
        if changed || walk.stamp.get(state.room()) != Some(&walk.walks) {
            walk.from(&state, reached);
        }
    }
    work - walk.left
}

/// Takes `step`; `Some(true)` when it may have changed what the player
/// holds (a pull, a pickup, a door that is not free), `None` when the
/// rules refuse it.
fn take(rules: &Rules<'_>, state: &mut PlayState, step: &Step) -> Option<bool> {
    let resolved = rules.resolve(state, step).ok()?;
    let changes = match resolved {
        Resolved::Move(door, _) => !rules.mechanics().is_free(door),
        Resolved::Pull(_) => true,
        Resolved::Pickup => false,
    };
    let picked = rules.apply_resolved(state, resolved).ok()?;
    Some(changes || !picked.is_empty())
}

/// Walks with the holdings of one state at a time.
struct Walk<'r, 'a> {
    rules: &'r Rules<'a>,
    /// The walk that last entered each room (walks are counted from 1).
    stamp: Vec<u32>,
    walks: u32,
    queue: Vec<usize>,
    left: usize,
}

impl Walk<'_, '_> {
    /// Walks from `state`'s room with its holdings, marking the rooms entered.
    fn from(&mut self, state: &PlayState, reached: &mut [bool]) {
        let m = self.rules.mechanics();
        let Some(walks) = self.walks.checked_add(1) else {
            self.left = 0;
            return;
        };
        self.walks = walks;
        let start = state.room();
        let Some(stamp) = self.stamp.get_mut(start) else {
            return;
        };
        *stamp = self.walks;
        self.queue.clear();
        self.queue.push(start);
        while let Some(r) = self.queue.pop() {
            if let Some(seen) = reached.get_mut(r) {
                *seen = true;
            }
            if r == m.goal() && r != start {
                continue;
            }
            for p in m.passages_from(r) {
                let cost = m.rule_size(p.door);
                if self.left < cost {
                    self.left = 0;
                    return;
                }
                self.left -= cost;
                let fresh = self.stamp.get(p.to).is_some_and(|&s| s != self.walks);
                if fresh && m.blocked(p, state).is_none() && m.spend_now(p, state).is_empty() {
                    self.stamp[p.to] = self.walks;
                    self.queue.push(p.to);
                }
            }
        }
    }
}
