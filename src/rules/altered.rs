//! Holdings with one thing changed, to ask the rules "what if": what if the
//! player lacked this key (or these keys), what if this lever were pulled
//! once more.

use super::mechanics::Holdings;

/// The holdings of `base`, changed in one way: a named key (or a group of
/// them) taken out of the player's hands, or a lever's parity flipped as
/// one more pull would.
/// Everything else is asked of `base`.
pub(crate) struct Altered<'h, H: Holdings> {
    base: &'h H,
    /// Named keys not held, whatever `base` says, sorted.
    without_keys: &'h [usize],
    /// A lever whose parity is the other one.
    pulled: Option<usize>,
}

impl<'h, H: Holdings> Altered<'h, H> {
    /// `base` without any of the named keys `keys`, which are sorted.
    pub(crate) fn without_keys(base: &'h H, keys: &'h [usize]) -> Self {
        Self {
            base,
            without_keys: keys,
            pulled: None,
        }
    }

    /// `base` as right after one more pull of `lever` (for the conditions
    /// that name it; the doors it toggles are not flipped).
    #[cfg(test)]
    pub(crate) fn after_pull(base: &'h H, lever: usize) -> Self {
        Self {
            base,
            without_keys: &[],
            pulled: Some(lever),
        }
    }
}

impl<H: Holdings> Holdings for Altered<'_, H> {
    fn door_open(&self, door: usize) -> bool {
        self.base.door_open(door)
    }

    fn holds(&self, key: usize) -> bool {
        self.without_keys.binary_search(&key).is_err() && self.base.holds(key)
    }

    fn unlocked(&self, door: usize) -> bool {
        self.base.unlocked(door)
    }

    fn small_in_hand(&self) -> u32 {
        self.base.small_in_hand()
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.base.in_hand(kind)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        self.base.pulled_odd(lever) != (self.pulled == Some(lever))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Plain;

    impl Holdings for Plain {
        fn door_open(&self, door: usize) -> bool {
            door == 0
        }
        fn holds(&self, key: usize) -> bool {
            key < 3
        }
        fn unlocked(&self, door: usize) -> bool {
            door == 1
        }
        fn small_in_hand(&self) -> u32 {
            2
        }
        fn pulled_odd(&self, lever: usize) -> bool {
            lever == 4
        }
    }

    #[test]
    fn one_change_and_the_rest_as_the_base_says() {
        let without = Altered::without_keys(&Plain, &[1]);
        assert_eq!(
            (0..4).map(|k| without.holds(k)).collect::<Vec<_>>(),
            [true, false, true, false]
        );
        assert_eq!(
            (without.pulled_odd(4), without.pulled_odd(5)),
            (true, false)
        );
        let group = [0, 2, 7];
        let without = Altered::without_keys(&Plain, &group);
        assert_eq!(
            (0..4).map(|k| without.holds(k)).collect::<Vec<_>>(),
            [false, true, false, false]
        );
        let pulled = Altered::after_pull(&Plain, 4);
        assert_eq!((pulled.pulled_odd(4), pulled.pulled_odd(5)), (false, false));
        assert!(Altered::after_pull(&Plain, 5).pulled_odd(5));
        assert!((0..3).all(|k| pulled.holds(k)));
        for h in [&without, &pulled] {
            assert_eq!(
                (
                    h.door_open(0),
                    h.door_open(1),
                    h.unlocked(1),
                    h.small_in_hand()
                ),
                (true, false, true, 2)
            );
        }
    }
}
