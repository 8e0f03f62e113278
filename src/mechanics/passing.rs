//! Questions about one passage that several parts of the library ask: is
//! it always open to anyone, can the way back be barred, which keys does
//! taking it use. Each is answered here once, from the tables, instead of
//! from the door's fields by each asker (the facts' free passages, the
//! measures' key uses, the relevance of a door's keys).

use super::{Holdings, Mechanics, Opening, Passage};

impl Mechanics {
    /// True when anyone can take `passage` at any time: its door is open
    /// for good and no lock applies from the side it leaves from.
    pub(crate) fn always_passable(&self, passage: Passage) -> bool {
        if self.is_free(passage.door) {
            return true;
        }
        self.doors.get(passage.door).is_some_and(|door| {
            door.opening == Opening::Open
                && (!self.has_lock(passage.door) || !self.locked_here(passage))
        })
    }

    /// True when door `door` has a lock of any sort: keys, any-of keys, or
    /// items to spend (small keys among them).
    pub(crate) fn has_lock(&self, door: usize) -> bool {
        self.doors
            .get(door)
            .is_some_and(|d| !(d.locks.is_empty() && d.locks_any.is_empty() && d.spend.is_empty()))
    }

    /// True when walking back through `passage`'s door may be barred
    /// whatever is held: a one-way door, or one entered from the free side
    /// of a lock that applies from the other side only.
    pub(crate) fn way_back_may_be_barred(&self, passage: Passage) -> bool {
        if self.is_free(passage.door) {
            return self.is_one_way(passage.door);
        }
        self.is_one_way(passage.door)
            || (!self.locked_here(passage) && self.locks_one_side(passage.door))
    }

    /// True when taking `passage` may spend items: its door asks for some
    /// from this side (whether it still does depends on the state).
    pub(crate) fn may_spend(&self, passage: Passage) -> bool {
        !self.is_free(passage.door)
            && self.locked_here(passage)
            && self
                .doors
                .get(passage.door)
                .is_some_and(|d| !d.spend.is_empty())
    }

    /// The named keys that taking `passage` with `holdings` uses: every key
    /// of its lock and the held keys of its any-of lock, when the lock
    /// applies from this side; none otherwise.
    pub(crate) fn keys_used<'a>(
        &'a self,
        passage: Passage,
        holdings: &'a impl Holdings,
    ) -> impl Iterator<Item = usize> + 'a {
        let door = (!self.is_free(passage.door) && self.locked_here(passage))
            .then(|| self.doors.get(passage.door))
            .flatten();
        door.into_iter().flat_map(move |d| {
            let held = d.locks_any.iter().filter(move |&&k| holdings.holds(k));
            d.locks.iter().chain(held).copied()
        })
    }

    /// The named keys every passage through `door` from a side its locks
    /// apply to needs: all of its lock's, and its any-of lock's when it
    /// names just one.
    pub(crate) fn keys_required(&self, door: usize) -> impl Iterator<Item = usize> + '_ {
        self.doors.get(door).into_iter().flat_map(|d| {
            let any: &[usize] = match &*d.locks_any {
                one @ [_] => one,
                _ => &[],
            };
            d.locks.iter().chain(any).copied()
        })
    }
}
