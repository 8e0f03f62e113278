//! The answers of an analysis besides the plan: dead ends, bounds on the
//! cost, and which keys and how many items a solution needs.

use super::super::Plan;
use crate::model::{KeyId, Level, RoomId};
use crate::rules::Step;
use crate::rules::mechanics::Mechanics;

/// One way a player can get stuck, with the cheapest trace into it.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadEnd {
    /// From the start up to and including the step after which the goal can
    /// no longer be reached, pickups included. Empty when the level cannot be
    /// solved from the very start.
    pub steps: Vec<Step>,
    /// Cost of the trace.
    pub cost: f64,
    /// The room the player is in once stuck.
    pub room: RoomId,
    /// Why the goal can no longer be reached, as fields: the rooms within
    /// reach, the point of no return, what was spent before it, and the
    /// doors in the way with what each needs against what is held.
    pub why: super::super::findings::DeadEndWhy,
    /// [`Self::why`] in a default sentence, with ids as a level file writes
    /// them (for a game that does not word the fields itself; `check` and
    /// the editor make their own, names before ids).
    pub reason: String,
}

/// The dead ends of a level: reachable states from which the goal can no
/// longer be reached.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeadEnds {
    /// Whether there are any; `None` when the budget ran out first.
    pub exist: Option<bool>,
    /// How many of FORMAT.md's states are dead ends, where every reachable
    /// state was counted.
    pub states: Option<usize>,
    /// One per kind of fatal step (the same step into the same room),
    /// cheapest trace first, at most [`MAX_DEAD_END_KINDS`](super::MAX_DEAD_END_KINDS).
    pub found: Vec<DeadEnd>,
    /// How many kinds were found in all.
    pub kinds: usize,
    /// True when every kind was found; false when the search stopped early
    /// and more may exist.
    pub complete: bool,
}

/// The least cost, when it could not be proven.
#[derive(Clone, Debug, PartialEq)]
pub struct CostBounds {
    /// No plan costs less.
    pub lower: f64,
    /// The cheapest plan found, if any (its cost is an upper bound).
    pub best: Option<Plan>,
}

/// How many items of one kind (small keys, bombs) a solution needs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ItemNeeds {
    /// The kind (`"small"` for small keys).
    pub kind: String,
    /// Items of the kind in the level, those carried from the start included.
    pub total: u32,
    /// Of those, the ones the player carries from the start (no room).
    pub carried: u32,
    /// The fewest a solution can do with, when worked out exactly: keep
    /// that many (the right ones) and the level stays solvable; keep fewer
    /// and it cannot be solved. Exact whenever the analysis is complete.
    pub needed: Option<u32>,
    /// No solution does with fewer (equal to `needed` when that is known).
    pub at_least: u32,
    /// Some solution does with this many (equal to `needed` when that is
    /// known); `None` when no plan was found.
    pub at_most: Option<u32>,
    /// Whether any `needed` of them are enough, whichever are kept; `None`
    /// when not worked out (too many ways to choose them).
    pub any_enough: Option<bool>,
}

/// How many of the level's small keys a solution needs: [`ItemNeeds`] of
/// the kind `"small"`.
pub type SmallKeys = ItemNeeds;

/// Which keys a solution needs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeyNeeds {
    /// Named keys that can be taken out of the level all together, and it
    /// stays solvable. A key of [`Self::alternatives`] is never listed here.
    pub unneeded: Vec<KeyId>,
    /// Groups of named keys of which a solution needs at least one (a door
    /// with `locks_any`, or two ways to the goal): each key alone can go,
    /// the whole group cannot; without all of a group but any one of its
    /// keys the level is solvable. Each group in level order.
    pub alternatives: Vec<Vec<KeyId>>,
    /// Named keys not worked out before the budget ran out.
    pub undecided: Vec<KeyId>,
    /// The items of each kind the level holds, small keys first, counted:
    /// any item of a kind can stand for another, so they are needed as a
    /// number, not one by one.
    pub items: Vec<ItemNeeds>,
}

impl KeyNeeds {
    /// Nothing worked out: every named key undecided, and every kind of
    /// item counted with no bound on how many a solution needs.
    pub(super) fn not_worked_out(m: &Mechanics, level: &Level) -> Self {
        let items = (m.kinds().iter().zip(m.keys_by_kind()))
            .filter(|(_, of)| !of.is_empty())
            .map(|(name, of)| ItemNeeds {
                kind: name.clone(),
                total: of.len() as u32,
                carried: of.iter().filter(|&&k| m.keys()[k].carried).count() as u32,
                needed: None,
                at_least: 0,
                at_most: None,
                any_enough: None,
            })
            .collect();
        Self {
            undecided: (level.keys.iter())
                .filter(|k| k.kind_name().is_none())
                .map(|k| k.id.clone())
                .collect(),
            items,
            ..Self::default()
        }
    }

    /// The small keys, counted, when the level has any.
    pub fn small(&self) -> Option<&ItemNeeds> {
        self.items.iter().find(|i| i.kind == crate::model::SMALL)
    }
}
