//! The level as it stands in a state of play: the same puzzle, starting
//! where the player is.

use super::*;

impl Rules<'_> {
    /// The level as it stands in `state`: the same puzzle, but starting where
    /// the player is, with the doors as they are now, picked-up keys gone
    /// from their rooms and held ones (and the small keys in hand) lying in
    /// the current room, and opened small locks unlocked. Solving it answers
    /// "can the goal still be reached from here, and at what cost?".
    ///
    /// Levers pulled an odd number of times turn the literals of `open_when`
    /// that name them around, and a `once` lever already pulled is settled:
    /// its literals become what they will stay, and it flips nothing more.
    pub fn level_as_of(&self, state: &PlayState) -> Level {
        let mut level = self.level.clone();
        let here = self.room_id(state.room);
        level.start = here.clone();
        for (d, door) in level.doors.iter_mut().enumerate() {
            if door.open_when.is_none() {
                door.open = state.door_open(d);
            }
            if state.unlocked(d) {
                door.small_locks = 0;
                door.spend.clear();
            }
        }
        self.settle_levers(&mut level, state);
        let mut left = state.in_hand.clone();
        let mut keys = Vec::with_capacity(level.keys.len());
        for (k, mut key) in level.keys.drain(..).enumerate() {
            let kind = self.mechanics.keys().get(k).and_then(|rule| rule.kind);
            if !state.holds(k) {
                keys.push(key);
            } else if let Some(kind) = kind {
                // Spent items are gone; the ones in hand come along.
                if let Some(n) = left.get_mut(kind).filter(|n| **n > 0) {
                    *n -= 1;
                    key.room = Some(here.clone());
                    keys.push(key);
                }
            } else {
                key.room = Some(here.clone());
                keys.push(key);
            }
        }
        level.keys = keys;
        level
    }

    /// The levers' parity in `state` written into the level: literals of
    /// levers pulled an odd number of times turned around, and `once`
    /// levers already pulled replaced by the value their literals keep.
    fn settle_levers(&self, level: &mut Level, state: &PlayState) {
        let levers = self.mechanics.levers();
        let odd = |id: &LeverId| self.index.lever(id).is_some_and(|l| state.pulled_odd(l));
        let spent = |id: &LeverId| {
            (self.index.lever(id)).is_some_and(|l| levers.get(l).is_some_and(|r| r.once)) && odd(id)
        };
        for door in &mut level.doors {
            let Some(lists) = door.open_when.take() else {
                continue;
            };
            let mut settled = Vec::with_capacity(lists.len());
            'list: for all in lists {
                let mut kept = Vec::with_capacity(all.len());
                for mut literal in all {
                    if odd(&literal.lever) {
                        literal.pulled = !literal.pulled;
                    }
                    match (spent(&literal.lever), literal.pulled) {
                        (false, _) => kept.push(literal),
                        // Even from now on: "!l" always holds, "l" never.
                        (true, false) => {}
                        (true, true) => continue 'list,
                    }
                }
                settled.push(kept);
            }
            door.open_when = Some(settled);
        }
        for lever in &mut level.levers {
            if spent(&lever.id) {
                lever.toggles.clear();
            }
        }
    }
}
