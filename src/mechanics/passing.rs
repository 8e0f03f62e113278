//! What the tables say of one door or passage in a state: whether it is
//! open, what stops the player at it, what it spends, whether it can be
//! undone, which keys it reads and uses. Every part of the library asks
//! these instead of reading a door's fields (the facts' free passages, the
//! measures' key uses, the relevance of a door's keys, the searches).

use super::quick::Quick;
use super::{Blocked, Holdings, Mechanics, Opening, Passage, SMALL_KIND};

impl Mechanics {
    /// True when door `door`'s `open_when` holds in `holdings`.
    pub fn condition_holds(&self, door: usize, holdings: &impl Holdings) -> bool {
        self.doors.get(door).is_some_and(|d| {
            d.open_when
                .iter()
                .any(|all| all.iter().all(|&(l, odd)| holdings.literal_holds(l, odd)))
        })
    }

    /// For each lever, whether one pull of it now opens a door that its
    /// `open_when` keeps closed in `holdings`.
    ///
    /// Only an inner list naming the lever can start to hold: one whose
    /// literals that fail all name that lever, and all of its literals on
    /// that lever fail (a pull flips each of them). One pass over the
    /// conditions, where asking each lever's pull of each door reads every
    /// condition once per lever.
    pub fn pulls_opening(&self, holdings: &impl Holdings) -> Vec<bool> {
        let mut opens = vec![false; self.levers.len()];
        if !self.conditional {
            return opens;
        }
        let when = (0..self.doors.len()).filter(|&d| self.doors[d].opening == Opening::When);
        for d in when {
            if self.condition_holds(d, holdings) {
                continue;
            }
            for all in &self.doors[d].open_when {
                if let Some(lever) = only_lever_failing(all, holdings)
                    && let Some(open) = opens.get_mut(lever)
                {
                    *open = true;
                }
            }
        }
        opens
    }

    /// True when door `door` is open in `holdings`.
    pub fn is_open(&self, door: usize, holdings: &impl Holdings) -> bool {
        if self.quick(door).is_some_and(Quick::open) {
            return true;
        }
        self.is_open_by_rule(door, holdings)
    }

    /// [`Mechanics::is_open`] from the door's whole rule.
    pub(super) fn is_open_by_rule(&self, door: usize, holdings: &impl Holdings) -> bool {
        match self.doors.get(door).map(|d| d.opening) {
            Some(Opening::Open) => true,
            Some(Opening::Shut) | None => false,
            Some(Opening::Lever { .. }) => holdings.door_open(door),
            Some(Opening::When) => self.condition_holds(door, holdings),
        }
    }

    /// True when `passage` leaves from a side that the door's locks apply to.
    pub fn locked_here(&self, passage: Passage) -> bool {
        self.locked_from_room(passage.door, passage.from)
    }

    /// True when every passage can be walked back, whatever is held: no
    /// door goes one way, spends items, or has a side its locks apply from.
    pub(crate) fn walking_undoable(&self) -> bool {
        (self.doors.iter()).all(|d| !d.one_way && d.spend.is_empty() && d.lock_side.is_none())
    }

    /// True when door `door` has a lock of any sort (keys, any-of keys,
    /// items to spend) that applies from one side only: walking through
    /// from the other side may not be undone.
    pub fn locks_one_side(&self, door: usize) -> bool {
        self.doors
            .get(door)
            .is_some_and(|d| d.lock_side.is_some() && self.has_lock(door))
    }

    /// True when door `door`'s locks apply to a player walking through it
    /// from room `from`: from both sides, or from its `locked_from` side.
    pub fn locked_from_room(&self, door: usize, from: usize) -> bool {
        self.doors
            .get(door)
            .is_some_and(|d| d.lock_side.is_none_or(|r| r == from))
    }

    /// The items, `(kind, count)`, that taking `passage` spends now: none
    /// from the free side or once the door is unlocked.
    pub fn spend_now(&self, passage: Passage, holdings: &impl Holdings) -> &[(usize, u32)] {
        if self.is_free(passage.door) {
            return &[];
        }
        self.spend_now_by_rule(passage, holdings)
    }

    /// [`Mechanics::spend_now`] from the door's whole rule.
    pub(super) fn spend_now_by_rule(
        &self,
        passage: Passage,
        holdings: &impl Holdings,
    ) -> &[(usize, u32)] {
        match self.doors.get(passage.door) {
            Some(door)
                if !door.spend.is_empty()
                    && self.locked_here(passage)
                    && !holdings.unlocked(passage.door) =>
            {
                &door.spend
            }
            _ => &[],
        }
    }

    /// True when lever `lever` may not be pulled now: it is `once` and was pulled.
    pub fn pull_used(&self, lever: usize, holdings: &impl Holdings) -> bool {
        self.levers
            .get(lever)
            .is_some_and(|l| l.once && holdings.pulled_odd(lever))
    }

    /// What stops the player from taking `passage` in a state with
    /// `holdings`, or `None` when it may be taken. Checked in this order:
    /// closed, keys of the lock, any-of keys, items to spend (small keys
    /// first). From the free side of a `locked_from` door only "closed" applies.
    pub fn blocked(&self, passage: Passage, holdings: &impl Holdings) -> Option<Blocked> {
        if self.is_free(passage.door) {
            return None;
        }
        self.blocked_by_rule(passage, holdings)
    }

    /// [`Mechanics::blocked`] from the door's whole rule.
    pub(super) fn blocked_by_rule(
        &self,
        passage: Passage,
        holdings: &impl Holdings,
    ) -> Option<Blocked> {
        let door = self.doors.get(passage.door)?;
        if !self.is_open_by_rule(passage.door, holdings) {
            return Some(Blocked::Closed);
        }
        if !self.locked_here(passage) {
            return None;
        }
        let missing: Vec<usize> = door
            .locks
            .iter()
            .copied()
            .filter(|&k| !holdings.holds(k))
            .collect();
        if !missing.is_empty() {
            return Some(Blocked::MissingKeys(missing));
        }
        if !door.locks_any.is_empty() && !door.locks_any.iter().any(|&k| holdings.holds(k)) {
            return Some(Blocked::MissingAny(door.locks_any.to_vec()));
        }
        self.spend_now_by_rule(passage, holdings)
            .iter()
            .find(|&&(kind, needed)| holdings.in_hand(kind) < needed)
            .map(|&(kind, needed)| {
                let held = holdings.in_hand(kind);
                if kind == SMALL_KIND {
                    Blocked::NotEnoughSmallKeys { needed, held }
                } else {
                    Blocked::NotEnoughItems { kind, needed, held }
                }
            })
    }

    /// Small keys that taking `passage` spends now (0 once its lock is open,
    /// or from the free side).
    pub fn spends(&self, passage: Passage, holdings: &impl Holdings) -> u32 {
        self.spend_now(passage, holdings)
            .iter()
            .find(|s| s.0 == SMALL_KIND)
            .map_or(0, |s| s.1)
    }

    /// True when taking `passage` can never be undone by walking back: a
    /// one-way door, or a small lock opened (keys spent).
    pub fn is_irreversible(&self, passage: Passage, holdings: &impl Holdings) -> bool {
        match self.quick(passage.door) {
            Some(quick) if quick.free() => quick.one_way(),
            _ => self.is_irreversible_by_rule(passage, holdings),
        }
    }

    /// [`Mechanics::is_irreversible`] from the door's whole rule.
    pub(super) fn is_irreversible_by_rule(
        &self,
        passage: Passage,
        holdings: &impl Holdings,
    ) -> bool {
        self.doors
            .get(passage.door)
            .is_some_and(|d| d.one_way || !self.spend_now_by_rule(passage, holdings).is_empty())
    }

    /// The named keys whose holding [`Mechanics::blocked`] reads at `door`:
    /// those of its lock and of its any-of lock. Holding more of them never
    /// blocks a passage (a lock asks for keys, never for their absence), and
    /// holding any other key changes nothing there.
    pub fn keys_read(&self, door: usize) -> impl Iterator<Item = usize> + '_ {
        (self.doors.get(door).into_iter()).flat_map(|d| d.locks.iter().chain(&d.locks_any).copied())
    }

    /// How much work asking [`Mechanics::blocked`] of a passage through
    /// `door` may take, in list entries read: 1 for a free door, else 1 plus
    /// the lengths of its lock, any-of lock, items to spend and condition.
    /// Callers that ask it many times bound their work by this, not by the
    /// number of questions: a door locked by 100,000 keys is one question
    /// of 100,000 entries.
    pub fn rule_size(&self, door: usize) -> usize {
        if self.is_free(door) {
            return 1;
        }
        self.doors.get(door).map_or(1, |d| {
            let condition: usize = d.open_when.iter().map(Vec::len).sum();
            1 + d.locks.len() + d.locks_any.len() + d.spend.len() + condition
        })
    }

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

/// The lever that every failing literal of `all` names, when each of its
/// literals there fails: a pull of it makes `all` hold. `None` when `all`
/// holds already, or no one pull can make it hold.
fn only_lever_failing(all: &[(usize, bool)], holdings: &impl Holdings) -> Option<usize> {
    let mut only = None;
    for &(lever, pulled) in all {
        if !holdings.literal_holds(lever, pulled) && only.replace(lever).is_some_and(|o| o != lever)
        {
            return None;
        }
    }
    let lever = only?;
    (all.iter())
        .all(|&(l, pulled)| l != lever || !holdings.literal_holds(l, pulled))
        .then_some(lever)
}
