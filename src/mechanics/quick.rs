//! One byte per door for the questions the rules ask of every step.

use super::{DoorRule, Opening};

/// One byte per door that answers the questions asked of it at every step
/// for the doors most levels are made of, open for good and unlocked.
///
/// The checks of [`Mechanics::blocked`](super::Mechanics::blocked), [`Mechanics::is_open`](super::Mechanics::is_open),
/// [`Mechanics::spend_now`](super::Mechanics::spend_now) and [`Mechanics::is_irreversible`](super::Mechanics::is_irreversible) read it
/// first and the door's [`DoorRule`] only when it cannot tell. A level of
/// 100,000 doors has 100 KB of these, which stay in the cache, against
/// 13 MB of rules that do not: reading a rule for every step made the
/// analysis of a generated 80,000-room level ten times slower per door
/// than of a 20,000-room one. The tests check that both ways agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quick(u8);

impl Quick {
    /// Open for good: no lever flips it and no condition opens it.
    const OPEN: u8 = 1;
    /// Open for good, with no lock, no any-of lock and nothing to spend.
    const FREE: u8 = 2;
    const ONE_WAY: u8 = 4;

    pub(super) fn of(door: &DoorRule) -> Self {
        let open = door.opening == Opening::Open;
        let unlocked = door.locks.is_empty() && door.locks_any.is_empty() && door.spend.is_empty();
        let bit = |on: bool, bit: u8| if on { bit } else { 0 };
        Self(
            bit(open, Self::OPEN)
                | bit(open && unlocked, Self::FREE)
                | bit(door.one_way, Self::ONE_WAY),
        )
    }

    pub(super) fn open(self) -> bool {
        self.0 & Self::OPEN != 0
    }

    pub(super) fn free(self) -> bool {
        self.0 & Self::FREE != 0
    }

    pub(super) fn one_way(self) -> bool {
        self.0 & Self::ONE_WAY != 0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::mechanics::{Holdings, Mechanics};
    use crate::model::{Door, Key, Level, Lever, Literal, Room, Side};

    /// Everything a door can be, one flag each: one-way, closed, locked by
    /// a key, by any of two keys, small locks, items to spend, locked from
    /// one side, toggled by the lever, opened by a condition on it.
    fn door(i: usize, rooms: usize, (a, b, flags): (usize, usize, u16)) -> Door {
        let a = a % rooms;
        let b = (a + 1 + b % (rooms - 1)) % rooms;
        let on = |bit: u16| flags & (1 << bit) != 0;
        let mut door = Door::new(format!("d{i}"), format!("r{a}"), format!("r{b}"));
        door.one_way = on(0);
        door.cost = f64::from((flags >> 12) & 3) / 2.0;
        door.open = !on(1);
        if on(2) {
            door.locks.push("k0".into());
        }
        if on(3) {
            door.locks_any = vec!["k0".into(), "k1".into()];
        }
        door.small_locks = u32::from(on(4)) + u32::from(on(5));
        if on(6) {
            door.spend.insert("coin".into(), 1 + u32::from(on(7)));
        }
        if on(8) {
            door.locked_from = Some(if on(9) { Side::From } else { Side::To });
        }
        if on(10) {
            let literal = Literal {
                lever: "l0".into(),
                pulled: on(11),
            };
            door.open_when = Some(vec![vec![literal]]);
        }
        door
    }

    fn level() -> impl Strategy<Value = Level> {
        // Each flag on one time in eight, so that a fair share of doors is free.
        let flags = (any::<u16>(), any::<u16>(), any::<u16>()).prop_map(|(a, b, c)| a & b & c);
        let doors = prop::collection::vec((0..5usize, 0..5usize, flags), 1..=8);
        (2..=5usize, doors, any::<u8>()).prop_map(|(rooms, doors, toggles)| {
            let mut level = Level::new("every door");
            level.rooms = (0..rooms)
                .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
                .collect();
            level.doors = (doors.into_iter().enumerate())
                .map(|(i, spec)| door(i, rooms, spec))
                .collect();
            level.keys = vec![
                Key::new("k0", "r0"),
                Key::new("k1", "r1"),
                Key::new("s0", "r0"),
            ];
            level.keys[2].small = true;
            let mut coin = Key::new("c0", "r1");
            coin.kind = Some("coin".into());
            level.keys.push(coin);
            let toggled = (0..level.doors.len().min(8))
                .filter(|d| toggles & (1 << d) != 0)
                .map(|d| format!("d{d}").into())
                .collect();
            level.levers.push(Lever::new("l0", "r0", toggled));
            level
        })
    }

    /// Holdings from bits: every question answered at random, and the
    /// same way each time it is asked.
    struct Bits(u64);

    impl Bits {
        fn bit(&self, at: usize) -> bool {
            self.0 & (1 << (at % 64)) != 0
        }
    }

    impl Holdings for Bits {
        fn door_open(&self, door: usize) -> bool {
            self.bit(door)
        }
        fn holds(&self, key: usize) -> bool {
            self.bit(16 + key)
        }
        fn unlocked(&self, door: usize) -> bool {
            self.bit(24 + door)
        }
        fn small_in_hand(&self) -> u32 {
            (self.0 >> 40) as u32 & 3
        }
        fn in_hand(&self, kind: usize) -> u32 {
            (self.0 >> (40 + 2 * (kind % 8))) as u32 & 3
        }
        fn pulled_odd(&self, lever: usize) -> bool {
            self.bit(60 + lever)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 3000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Every check answered from the byte is the check answered from
        /// the door's whole rule, for every passage in any holdings.
        #[test]
        fn the_quick_checks_answer_as_the_rules_do(
            level in level(),
            holdings in prop::collection::vec(any::<u64>(), 1..=8),
        ) {
            let Ok(m) = Mechanics::new(&level) else { return Ok(()) };
            for h in holdings.into_iter().map(Bits) {
                for p in m.passages() {
                    prop_assert_eq!(m.blocked(p, &h), m.blocked_by_rule(p, &h), "{:?}", p);
                    prop_assert_eq!(m.is_open(p.door, &h), m.is_open_by_rule(p.door, &h));
                    prop_assert_eq!(m.spend_now(p, &h), m.spend_now_by_rule(p, &h));
                    prop_assert_eq!(
                        m.is_irreversible(p, &h),
                        m.is_irreversible_by_rule(p, &h)
                    );
                    prop_assert_eq!(m.is_one_way(p.door), m.doors()[p.door].one_way);
                    prop_assert_eq!(m.cost(p.door), m.doors()[p.door].cost);
                }
            }
            // What the solver's walks take for granted of a free door.
            for d in (0..level.doors.len()).filter(|&d| m.is_free(d)) {
                let rule = &m.doors()[d];
                prop_assert!(rule.locks.is_empty() && rule.small_locks == 0);
                prop_assert!(m.flipped_by(d).is_empty() && rule.open_when.is_empty());
            }
        }
    }
}
