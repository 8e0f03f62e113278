//! Irreversible steps decided over counted zones: which steps may be fatal,
//! from an exploration of every state a player can reach, each told only
//! by its zone, the doors unlocked, the keys in hand and **how many** keys
//! were taken in each zone, not which.
//!
//! The levels: small keys only, no lever, each door free, shut, or locked
//! by small keys on both sides ([`zones::applies`]). A zone is a strongly
//! connected component of free passage: its rooms walk to each other
//! whatever the player holds. The rooms a state's zone reaches and that
//! reach it back through free and unlocked doors (its region, a union of
//! zones) stay so for the rest of the game: doors unlocked stay unlocked.
//!
//! A state of play maps to a counted state: the region, the doors
//! unlocked, the keys in hand, and per zone the keys taken. Counted, the
//! player takes any key lying in its region whenever it likes, leaves the
//! region by any way out of one of its zones, and spends on any lock of
//! one of them. Each step of play is one of these (walking to a door takes
//! keys on the way, which counted is a choice), so the counted states the
//! counted player reaches hold the counted form of every state of play
//! reachable; some more, where it skipped a key play takes on the way.
//!
//! Whether a state reaches the goal is told by its counted form. Every
//! counted plan is followed in play with at least the keys taken in each
//! zone: where the counted player takes a key in its region, the player
//! walks to one still lying there if any is (every room of the region
//! reaches every other and back); where it spends or leaves, the player
//! walks to that door with at least as many keys in hand. And a plan of
//! play is a counted plan. So a counted state reaches the goal exactly when
//! the states of play it stands for do; the check takes every key of the
//! region first (taking a key never hurts), and its answers are kept.
//!
//! So a step is fatal in play only if it is fatal from some counted state
//! reached: a step that is not is proven never fatal. Only the keys play
//! takes on its way make the counted states more, which makes this side
//! exact on most levels. Entering a room whose region took no key yet,
//! the counted player takes its keys, as play does.
//!
//! Counted states forget what their future never reads: the keys taken
//! in zones and the doors unlocked that no way from the region leads to,
//! even with every lock open. States alike but for which keys were taken
//! in their region are one: only their number counts there.
//!
//! A keyless side pocket (a zone with no key whose only door has a small
//! lock) is counted too: opening one only loses keys, and the pockets a
//! region opens into at one cost are alike, so a state keeps how many of
//! them were opened, not which. A fatal opening of one marks them all.
//! On a 453-room level this makes 54,000 counted states of 200,000.
mod game;
mod plays;
mod zones;

pub(crate) use plays::{Act, Guide};
pub(crate) use zones::applies;

use super::super::budget::{Budget, Meter};
use super::super::compile::NONE;
use super::super::marks::Marks;
use super::super::store::Store;
use crate::rules::mechanics::{Mechanics, Passage};
use zones::{Way, Zones};

/// Levels with more zones than this, or whose zones' masks of what a
/// state keeps would take more words than [`MAX_FORGET_WORDS`], get no
/// such masks: counted states then forget nothing.
const MAX_FORGET_ZONES: usize = 8192;
const MAX_FORGET_WORDS: usize = 1 << 22;

/// What the counted zones say of the steps of a level.
pub(crate) struct Verdict {
    /// Every counted state was explored: `maybe` proves the others never
    /// fatal. Cut short by the budget, the plays found are still good.
    pub complete: bool,
    /// For each step, whether it may be fatal: false when it is proven
    /// never fatal (only when `complete`).
    pub maybe: Vec<bool>,
    /// Counted states met.
    pub states: usize,
    /// For each step that may be fatal, counted plays that take it from a
    /// state from which it is fatal, the step last.
    pub plays: Vec<Vec<Vec<Guide>>>,
    /// The zone of each room.
    pub zone_of: Vec<u32>,
    /// Per door of the level: whether it is the way into a keyless side
    /// pocket, where a key can be wasted and nothing else happens.
    pub pocket_door: Vec<bool>,
}

/// What the counted zones say of `steps`. `None` when the level is not
/// one they follow, the start cannot reach the goal, or the budget ends
/// before that is known.
pub(crate) fn maybe_fatal(
    m: &Mechanics,
    steps: &[Passage],
    budget: &Budget<'_>,
) -> Option<Verdict> {
    if !zones::applies(m) {
        return None;
    }
    let zones = Zones::new(m, steps);
    let start = zones.of_room[m.start()];
    let explored = if start == zones.goal {
        Explored {
            complete: true,
            maybe: vec![false; steps.len()],
            states: 0,
            plays: vec![Vec::new(); steps.len()],
        }
    } else {
        let start_loot = m.keys().iter().filter(|k| k.room == m.start()).count() as u32;
        let mut game = Counted::new(&zones);
        game.explore(start, start_loot, steps, budget).ok()??
    };
    let mut pocket_door = vec![false; m.doors().len()];
    for z in 0..zones.pocket_ways.groups() {
        for &(door, _, _) in zones.pocket_ways.get(z) {
            pocket_door[door as usize] = true;
        }
    }
    let Explored {
        complete,
        maybe,
        states,
        plays,
    } = explored;
    Some(Verdict {
        complete,
        maybe,
        states,
        plays,
        zone_of: zones.of_room,
        pocket_door,
    })
}

/// What the exploration of the counted states found ([`Verdict`]'s
/// fields of the same names).
struct Explored {
    complete: bool,
    maybe: Vec<bool>,
    states: usize,
    plays: Vec<Vec<Vec<Guide>>>,
}

/// Where each part of a counted state lies in its words. Word 0 holds the
/// region's first zone (low half) and the keys in hand (high half).
struct Layout {
    width: usize,
    /// The first word of the bits of doors unlocked.
    doors: usize,
    /// Per zone, the word, shift and bits of its count of keys taken;
    /// no bits for a zone without keys.
    taken: Vec<(u32, u32, u32)>,
    /// Per zone, those of its count of pockets opened.
    opened: Vec<(u32, u32, u32)>,
}

impl Layout {
    fn new(z: &Zones) -> Self {
        let doors = 1;
        let mut word = doors + z.locks.len().div_ceil(64);
        let mut shift = 0u32;
        let mut field = |most: u32| {
            let bits = u32::BITS - most.leading_zeros();
            if shift + bits > 64 {
                word += 1;
                shift = 0;
            }
            let at = (word as u32, shift, bits);
            shift += bits;
            at
        };
        let taken = z.keys.iter().map(|&keys| field(keys)).collect();
        let opened = z.pockets.iter().map(|&(n, _)| field(n)).collect();
        let width = word + usize::from(shift > 0);
        Self {
            width,
            doors,
            taken,
            opened,
        }
    }

    fn zone(s: &[u64]) -> u32 {
        s[0] as u32
    }

    fn held(s: &[u64]) -> u32 {
        (s[0] >> 32) as u32
    }

    fn set_zone_held(s: &mut [u64], zone: u32, held: u32) {
        s[0] = u64::from(zone) | u64::from(held) << 32;
    }

    fn unlocked(&self, s: &[u64], lock: u32) -> bool {
        let l = lock as usize;
        s[self.doors + l / 64] >> (l % 64) & 1 == 1
    }

    fn unlock(&self, s: &mut [u64], lock: u32, on: bool) {
        let (w, b) = (self.doors + lock as usize / 64, lock % 64);
        s[w] = s[w] & !(1 << b) | u64::from(on) << b;
    }

    fn taken(&self, s: &[u64], zone: u32) -> u32 {
        read(s, self.taken[zone as usize])
    }

    fn set_taken(&self, s: &mut [u64], zone: u32, n: u32) {
        write(s, self.taken[zone as usize], n);
    }

    fn opened(&self, s: &[u64], zone: u32) -> u32 {
        read(s, self.opened[zone as usize])
    }

    fn set_opened(&self, s: &mut [u64], zone: u32, n: u32) {
        write(s, self.opened[zone as usize], n);
    }
}

/// The count in field `(word, shift, bits)` of `s`.
fn read(s: &[u64], (w, shift, bits): (u32, u32, u32)) -> u32 {
    if bits == 0 {
        return 0;
    }
    (s[w as usize] >> shift & ((1 << bits) - 1)) as u32
}

/// Sets the count in field `(word, shift, bits)` of `s` to `n`.
fn write(s: &mut [u64], (w, shift, bits): (u32, u32, u32), n: u32) {
    if bits > 0 {
        let mask = ((1u64 << bits) - 1) << shift;
        s[w as usize] = s[w as usize] & !mask | u64::from(n) << shift & mask;
    }
}

/// What a counted state may do next.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// Take one more key lying in the region.
    Take,
    /// Step into the goal room.
    Win,
    /// Take way `Way` out of the region (spending when it is locked).
    Step(Way),
    /// Open one more keyless side pocket of this zone.
    Waste(u32),
}

/// Room the checks of the goal reuse from check to check.
#[derive(Default)]
struct Buffers {
    closed: Vec<u64>,
    next: Vec<u64>,
    moves: Vec<Next>,
    frames: Vec<game::Frame>,
    /// The closed states being worked out, one per frame.
    arena: Vec<u64>,
    /// The ways out of them still to try, the frames' end to end.
    ways: Vec<Way>,
    /// Pockets opened in a region, per cost.
    costs: Vec<(u32, u32)>,
    /// The region of the state being explored.
    region: Vec<u32>,
}

/// The counted game of one level.
struct Counted<'z> {
    z: &'z Zones,
    lay: Layout,
    /// Walks of regions: forward, back, and the zones to visit.
    fw: Marks,
    bw: Marks,
    todo: Vec<u32>,
    /// The last region worked out, its zones in order.
    region: Vec<u32>,
    /// Regions worked out, by zone and the doors unlocked that it may
    /// reach ([`Self::region_of`]), numbered by a store, which keeps them
    /// end to end; a region's number is its number there. And where the
    /// zones of each lie in `regions`.
    known: Store,
    ranges: Vec<(u32, u32)>,
    regions: Vec<u32>,
    key: Vec<u64>,
    /// Work done since the budget was last told of it.
    work: usize,
    bufs: Buffers,
    /// Per zone, once asked: the mask of what a state of it keeps
    /// ([`Self::kept`]).
    reach: Vec<Option<Vec<u64>>>,
    /// Closed counted states (every key of the region taken) and whether
    /// each reaches the goal: 0 not known, 1 being worked out, 2 yes, 3 no.
    closed: Store,
    verdict: Vec<u8>,
    meter: Meter,
}

impl<'z> Counted<'z> {
    fn new(z: &'z Zones) -> Self {
        let lay = Layout::new(z);
        let closed = Store::new(lay.width, (lay.width * 64) as u32);
        let key_width = 1 + z.locks.len().div_ceil(64);
        Self {
            z,
            fw: Marks::new(z.count),
            bw: Marks::new(z.count),
            todo: Vec::new(),
            region: Vec::new(),
            known: Store::new(key_width, (key_width * 64) as u32),
            ranges: Vec::new(),
            regions: Vec::new(),
            key: Vec::new(),
            work: 0,
            bufs: Buffers::default(),
            reach: vec![None; z.count],
            closed,
            verdict: Vec::new(),
            meter: Meter::default(),
            lay,
        }
    }

    /// True when `way` may be walked in `s` without spending.
    fn open(&self, s: &[u64], way: &Way) -> bool {
        way.lock == NONE || self.lay.unlocked(s, way.lock)
    }

    /// Works out the region of `zone` in `s` into `self.region`, in order,
    /// and returns its number ([`Self::load_region`]).
    ///
    /// Regions are kept by the zone and the doors it may ever reach
    /// ([`Self::kept`]): the walk reads no other door, and states that
    /// differ only behind the player then share one walk (on level 21 of
    /// `tests/small_keys_at_scale.rs`, 422,000 walks instead of 607,000).
    fn region_of(&mut self, s: &[u64], zone: u32) -> u32 {
        let range = self.lay.doors..self.lay.doors + self.z.locks.len().div_ceil(64);
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.push(u64::from(zone));
        key.extend_from_slice(&s[range.clone()]);
        if let Some(kept) = self.kept(zone) {
            (key[1..].iter_mut().zip(&kept[range])).for_each(|(k, m)| *k &= m);
        }
        self.key = key;
        if let Some(n) = self.known.find(&self.key) {
            self.load_region(n);
            return n;
        }
        self.walk_region(s, zone);
        let a = self.regions.len() as u32;
        self.regions.extend_from_slice(&self.region);
        let b = self.regions.len() as u32;
        let (n, _) = self.known.insert(&self.key);
        self.ranges.push((a, b));
        n
    }

    /// Puts the zones of region number `n` (from [`Self::region_of`]) in
    /// `self.region`.
    fn load_region(&mut self, n: u32) {
        self.region.clear();
        if let Some(&(a, b)) = self.ranges.get(n as usize) {
            (self.region).extend_from_slice(&self.regions[a as usize..b as usize]);
        }
    }

    /// [`Self::region_of`], walked.
    fn walk_region(&mut self, s: &[u64], zone: u32) {
        let goal = self.z.goal;
        self.fw.clear();
        self.fw.insert(zone as usize);
        self.todo.push(zone);
        while let Some(x) = self.todo.pop() {
            let out = self.z.out.get(x as usize);
            self.work += out.len();
            for w in out {
                if w.to != goal && self.open(s, w) && self.fw.insert(w.to as usize) {
                    self.todo.push(w.to);
                }
            }
        }
        self.bw.clear();
        self.bw.insert(zone as usize);
        self.region.clear();
        self.region.push(zone);
        self.todo.push(zone);
        while let Some(x) = self.todo.pop() {
            for (from, w) in self.z.into.get(x as usize) {
                let f = *from as usize;
                if self.fw.contains(f) && self.open(s, w) && self.bw.insert(f) {
                    self.region.push(*from);
                    self.todo.push(*from);
                }
            }
        }
        self.region.sort_unstable();
    }

    /// The mask of what a state whose region's first zone is `zone` keeps
    /// (every word but the first): the keys taken and pockets opened in
    /// the zones it may ever reach, every lock taken as open, and the
    /// doors next to them. Worked out once per zone; `None` past
    /// [`MAX_FORGET_ZONES`] or [`MAX_FORGET_WORDS`].
    fn kept(&mut self, zone: u32) -> Option<&[u64]> {
        if self.z.count > MAX_FORGET_ZONES || self.z.count * self.lay.width > MAX_FORGET_WORDS {
            return None;
        }
        let z = zone as usize;
        if self.reach[z].is_none() {
            let mut bits = vec![0u64; self.z.count.div_ceil(64)];
            self.fw.clear();
            self.fw.insert(z);
            self.todo.push(zone);
            while let Some(x) = self.todo.pop() {
                bits[x as usize / 64] |= 1 << (x % 64);
                self.work += self.z.out.get(x as usize).len();
                for w in self.z.out.get(x as usize) {
                    if w.to != self.z.goal && self.fw.insert(w.to as usize) {
                        self.todo.push(w.to);
                    }
                }
            }
            self.reach[z] = Some(self.mask_within(&bits));
        }
        self.reach[z].as_deref()
    }

    /// [`Self::kept`] of the zones of bit set `within`.
    fn mask_within(&mut self, within: &[u64]) -> Vec<u64> {
        let (z, lay) = (self.z, &self.lay);
        self.work += z.count + z.locks.len();
        let within = |x: u32| within[x as usize / 64] >> (x % 64) & 1 == 1;
        let mut mask = vec![u64::MAX; lay.width];
        for zone in (0..z.count as u32).filter(|&x| !within(x)) {
            lay.set_taken(&mut mask, zone, 0);
            lay.set_opened(&mut mask, zone, 0);
        }
        for (l, &(a, b)) in z.locks.iter().enumerate() {
            if !within(a) && !within(b) {
                lay.unlock(&mut mask, l as u32, false);
            }
        }
        mask[0] = u64::MAX;
        mask
    }

    /// Makes `s`, whose doors, keys taken and keys in hand are those after
    /// a step into `zone` (entering a room with `loot` keys), the counted
    /// state it is: the region's first zone, its keys taken counted as
    /// one, and what its future never reads forgotten. Leaves the region
    /// in `self.region` and returns its number.
    fn settle(&mut self, s: &mut [u64], zone: u32, loot: u32) -> u32 {
        let region = self.region_of(s, zone);
        let lay = &self.lay;
        let mut taken: u32 = self.region.iter().map(|&z| lay.taken(s, z)).sum();
        let mut held = Layout::held(s);
        if taken == 0 && loot > 0 {
            // Nothing taken in the region yet: the room entered still
            // holds its keys, and play takes them.
            taken = loot;
            held += loot;
        }
        for &z in &self.region {
            let n = taken.min(self.z.keys[z as usize]);
            lay.set_taken(s, z, n);
            taken -= n;
        }
        self.settle_pockets(s);
        let first = self.region[0];
        Layout::set_zone_held(s, first, held);
        self.forget(s, first);
        region
    }

    /// Counts the pockets opened in the region (`self.region`) of `s` as
    /// one per cost: pockets of a region opening at one cost are alike.
    fn settle_pockets(&mut self, s: &mut [u64]) {
        let (lay, z) = (&self.lay, self.z);
        let totals = &mut self.bufs.costs;
        totals.clear();
        for &x in &self.region {
            let (n, cost) = z.pockets[x as usize];
            if n > 0 {
                match totals.iter_mut().find(|(c, _)| *c == cost) {
                    Some((_, t)) => *t += lay.opened(s, x),
                    None => totals.push((cost, lay.opened(s, x))),
                }
            }
        }
        for &x in &self.region {
            let (n, cost) = z.pockets[x as usize];
            if let Some((_, t)) = totals.iter_mut().find(|(c, _)| n > 0 && *c == cost) {
                let here = (*t).min(n);
                lay.set_opened(s, x, here);
                *t -= here;
            }
        }
    }

    /// Forgets in `s` what no way from zone `first` ever reads.
    fn forget(&mut self, s: &mut [u64], first: u32) {
        self.work += s.len();
        if let Some(kept) = self.kept(first) {
            s.iter_mut().zip(kept).for_each(|(w, k)| *w &= k);
        }
    }
}
