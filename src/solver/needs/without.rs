//! Whether a level stays solvable without some of its items, read off the
//! graph of every state of the whole level instead of searched for again.
//!
//! Take the items `removed`, all of one kind, out of the level. A play of
//! that smaller level is a play of the whole level step for step: there
//! the player picks up the removed items as well and so holds more of the
//! kind, and holding more never closes a door. Its state is the whole
//! level's state with the removed items picked up so far taken out of the
//! hand. So the smaller level can be solved exactly when some path of the
//! whole level's graph reaches a goal state such that before each step,
//! the hand less the removed items picked up still holds what the step
//! spends. One walk over the explored graph answers it, where a new
//! search built the smaller level's rules again and explored its states.

use std::collections::VecDeque;

use super::super::compile::{Compiled, NONE, test};
use super::super::exhaustive::Explored;
use crate::rules::mechanics::Mechanics;

/// The items of one kind, as the explored states say which of them were
/// picked up.
pub(super) struct KindItems {
    kind: usize,
    /// Per item: the loot bit of its room, [`NONE`] when it is carried.
    bits: Vec<u32>,
    /// Choices of items to leave out can be walked ([`KindItems::walks`]):
    /// at most 64 items, none of them required by the goal.
    walkable: bool,
}

impl KindItems {
    /// The items `items` (key numbers, all of kind `kind`) of the level
    /// `c` was compiled from with every key tracked. `None` when a state
    /// cannot say whether one of them was picked up: then only a search
    /// answers.
    pub fn new(m: &Mechanics, c: &Compiled, kind: usize, items: &[usize]) -> Option<Self> {
        let mut bits = Vec::with_capacity(items.len());
        for &k in items {
            let key = m.keys().get(k)?;
            if key.kind != Some(kind) {
                return None;
            }
            let bit = if key.carried {
                NONE
            } else {
                Some(*c.layout.loot_bit.get(key.room)?).filter(|&b| b != NONE)?
            };
            bits.push(bit);
        }
        let required = items.iter().any(|k| m.goal_requires().contains(k));
        Some(Self {
            kind,
            walkable: bits.len() <= 64 && !required,
            bits,
        })
    }

    /// Whether state `s` has picked up the item whose loot bit is `bit`.
    fn has(s: &[u64], bit: u32) -> bool {
        bit == NONE || test(s, bit)
    }

    /// The items state `s` has picked up and no longer holds: what the
    /// steps to it spent, whichever way they went.
    fn spent(&self, c: &Compiled, s: &[u64]) -> u32 {
        let picked = self.bits.iter().filter(|&&b| Self::has(s, b)).count() as u32;
        picked.saturating_sub(c.in_hand(s, self.kind))
    }

    /// The fewest items any plan spends: what the cheapest goal state of
    /// the explored graph `ex` spent (a state's spending does not depend
    /// on the way to it). `None` when no goal state was reached.
    pub fn fewest(&self, c: &Compiled, ex: &Explored) -> Option<u32> {
        (ex.goals.iter())
            .map(|&g| self.spent(c, ex.store.get(g)))
            .min()
    }

    /// Per state of `ex`, what the walks of [`Walks::solvable_without`]
    /// read; `None` when the items cannot be walked (more than 64, or one
    /// the goal requires).
    pub fn walks<'a>(&self, c: &'a Compiled, ex: &'a Explored) -> Option<Walks<'a>> {
        if !self.walkable {
            return None;
        }
        let n = ex.len();
        let mut walks = Walks {
            c,
            ex,
            picked: Vec::with_capacity(n),
            held: Vec::with_capacity(n),
            spent: Vec::with_capacity(n),
        };
        for i in 0..n as u32 {
            let s = ex.store.get(i);
            let picked = (self.bits.iter().enumerate())
                .filter(|&(_, &b)| Self::has(s, b))
                .fold(0u64, |p, (i, _)| p | 1 << i);
            let held = c.in_hand(s, self.kind);
            walks.picked.push(picked);
            walks.held.push(held);
            walks.spent.push(picked.count_ones().saturating_sub(held));
        }
        Some(walks)
    }
}

/// Per state of an explored graph: which items of the kind it has picked
/// up (bit `i` for item `i`), how many it holds and how many its steps
/// spent.
pub(super) struct Walks<'a> {
    c: &'a Compiled,
    ex: &'a Explored,
    picked: Vec<u64>,
    held: Vec<u32>,
    spent: Vec<u32>,
}

impl Walks<'_> {
    /// Whether the level without the items `removed` (bit `i` for item
    /// `i`) can still be solved: a breadth-first walk over the graph of
    /// every state of the whole level, along the steps the smaller level
    /// allows.
    pub fn solvable_without(&self, removed: u64) -> bool {
        let (c, ex) = (self.c, self.ex);
        // What the smaller level's player holds in state `i`.
        let hand = |i: usize| -> i64 {
            i64::from(self.held[i]) - i64::from((self.picked[i] & removed).count_ones())
        };
        let mut seen = vec![false; ex.len()];
        let mut queue = VecDeque::new();
        if ex.len() > 0 && hand(0) >= 0 {
            seen[0] = true;
            queue.push_back(0u32);
        }
        while let Some(i) = queue.pop_front() {
            if c.is_goal(ex.store.get(i)) {
                return true;
            }
            let (held, spent) = (hand(i as usize), i64::from(self.spent[i as usize]));
            for e in ex.edges_of(i) {
                let to = e.to as usize;
                if !seen[to] && held >= i64::from(self.spent[to]) - spent {
                    seen[to] = true;
                    queue.push_back(e.to);
                }
            }
        }
        false
    }
}
