//! The write side of the rules: what a move, a pull and a pickup do to a
//! state, stated once over any state that implements [`Changes`]. The play
//! state ([`crate::rules::PlayState`]) and the general search's states
//! both change through these; the compiled search keeps its own packed
//! states, and `tests/solver_brute.rs` proves it agrees.

use super::{Holdings, Mechanics, Passage};

/// What a step may change in a state: the write side of [`Holdings`].
///
/// Each method changes one thing; [`Mechanics::pass`], [`Mechanics::pull`]
/// and [`Mechanics::pick_up`] say which change each step makes.
pub trait Changes: Holdings {
    /// The player is now in room `room`.
    fn enter(&mut self, room: usize);
    /// Key `key` is now held (taken from its room).
    fn take(&mut self, key: usize);
    /// There are now `n` items of kind `kind` in hand.
    fn set_in_hand(&mut self, kind: usize, n: u32);
    /// Door `door` has been unlocked for good: what it asked was spent.
    fn unlock(&mut self, door: usize);
    /// Door `door`, one that levers flip, flips between open and closed.
    fn flip_door(&mut self, door: usize);
    /// Lever `lever`, one whose parity is part of the state, has now been
    /// pulled once more.
    fn flip_lever(&mut self, lever: usize);
}

impl Mechanics {
    /// Takes `passage` in `state`, which must be allowed
    /// ([`Mechanics::blocked`] is `None`): spends what the door asks from
    /// this side and unlocks it for good, enters the room beyond, and picks
    /// up the keys lying there (see [`Mechanics::pick_up`]).
    ///
    /// # Example
    /// ```
    /// use lockwork::model::{Door, Key, Level, Room};
    /// use lockwork::rules::Rules;
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.keys.push(Key::new("k1", "r2"));
    /// let rules = Rules::new(&level).unwrap();
    /// let m = rules.mechanics();
    /// let mut state = rules.start();
    /// let mut got = Vec::new();
    /// m.pass(m.passage(0, 0, 1).unwrap(), &mut state, &[], &mut got);
    /// assert_eq!((state.room(), got), (1, vec![0]));
    /// ```
    pub fn pass(
        &self,
        passage: Passage,
        state: &mut impl Changes,
        absent: &[bool],
        got: &mut Vec<usize>,
    ) {
        let spent = self.spend_now(passage, state);
        if !spent.is_empty() {
            for &(kind, n) in spent {
                let left = state.in_hand(kind).saturating_sub(n);
                state.set_in_hand(kind, left);
            }
            state.unlock(passage.door);
        }
        state.enter(passage.to);
        self.pick_up(passage.to, state, absent, got);
    }

    /// Pulls lever `lever` in `state`, which must be allowed: every door it
    /// flips flips, and its parity changes when that is part of the state.
    pub fn pull(&self, lever: usize, state: &mut impl Changes) {
        let Some(rule) = self.levers.get(lever) else {
            return;
        };
        for &door in &rule.flips {
            state.flip_door(door);
        }
        if rule.parity {
            state.flip_lever(lever);
        }
    }

    /// Picks up every key lying in `room` that is not held yet and not
    /// marked in `absent` (keys a search leaves out; empty for none): a
    /// counted item adds one of its kind to the hand. The keys taken are
    /// pushed onto `got`.
    pub fn pick_up(
        &self,
        room: usize,
        state: &mut impl Changes,
        absent: &[bool],
        got: &mut Vec<usize>,
    ) {
        for k in self.keys_in(room) {
            if absent.get(k) == Some(&true) || state.holds(k) {
                continue;
            }
            state.take(k);
            if let Some(kind) = self.keys.get(k).and_then(|key| key.kind) {
                let more = state.in_hand(kind).saturating_add(1);
                state.set_in_hand(kind, more);
            }
            got.push(k);
        }
    }
}
