//! The zones of a level and the ways out of them, for
//! [`super::maybe_fatal`]: a zone is a strongly connected component of
//! free passage ([`facts::free_components`]), the goal room one of its
//! own; a way is a passage that leaves its zone or has a small lock.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::grouped::Grouped;
use crate::rules::mechanics::{Mechanics, Opening, Passage};
use crate::solver::compile::NONE;
use crate::solver::facts;

/// One passage between zones, or through a small lock.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Way {
    /// Its door, and the rooms it leaves and enters.
    pub door: u32,
    pub from_room: u32,
    pub to_room: u32,
    /// The zone it enters.
    pub to: u32,
    /// The small keys lying in the room it enters.
    pub loot: u32,
    /// The index of its door among the small-locked doors, [`NONE`] for a
    /// free door.
    pub lock: u32,
    /// Small keys spent on its first passage (0 for a free door).
    pub cost: u32,
    /// Its index among the steps asked about, [`NONE`] for none.
    pub step: u32,
}

/// The zones of a level, the small keys lying in each, and the ways out
/// of each.
pub(super) struct Zones {
    /// Number of zones.
    pub count: usize,
    /// The zone of each room.
    pub of_room: Vec<u32>,
    /// Small keys lying in each zone (none in the goal's).
    pub keys: Vec<u32>,
    /// The goal room's zone.
    pub goal: u32,
    /// The zones each small-locked door joins.
    pub locks: Vec<(u32, u32)>,
    /// The ways out of each zone (and through small locks inside it).
    pub out: Grouped<Way>,
    /// The ways into each zone, as `(from zone, way)`.
    pub into: Grouped<(u32, Way)>,
    /// Per zone, its keyless side pockets ([`pockets`]) and the keys each
    /// costs to open; their ways are not in `out` and `into`.
    pub pockets: Vec<(u32, u32)>,
    /// Per zone, the steps into its pockets.
    pub pocket_steps: Grouped<u32>,
    /// Per zone, the passages into its pockets, `(door, from, to)`.
    pub pocket_ways: Grouped<(u32, u32, u32)>,
}

/// True when every rule of the level is one the counted zones follow:
/// small keys only (no named key, no other item, none the goal needs), no
/// lever, and each door free, shut for good, or locked by small keys
/// alone on both sides.
pub(crate) fn applies(m: &Mechanics) -> bool {
    m.levers().is_empty()
        && !m.needs_general()
        && m.goal_requires().is_empty()
        && m.keys().iter().all(|k| k.small)
        && m.doors_not_free().all(|(_, d)| {
            d.locks.is_empty()
                && d.locks_any.is_empty()
                && d.lock_side.is_none()
                && d.open_when.is_empty()
                && (d.opening == Opening::Shut || d.opening == Opening::Open)
        })
}

impl Zones {
    /// The zones of `m`, with `steps` numbered on their ways.
    pub fn new(m: &Mechanics, steps: &[Passage]) -> Self {
        let of_room = facts::free_components(m);
        let count = of_room.iter().map(|&z| z as usize + 1).max().unwrap_or(0);
        let goal = of_room.get(m.goal()).copied().unwrap_or(NONE);
        let mut keys = vec![0u32; count];
        let mut room_keys = vec![0u32; m.rooms()];
        for k in m.keys().iter().filter(|k| k.room != m.goal()) {
            keys[of_room[k.room] as usize] += 1;
            room_keys[k.room] += 1;
        }
        let mut lock_of = vec![NONE; m.doors().len()];
        let mut locks = Vec::new();
        for (d, rule) in m.doors_not_free() {
            if let (true, Some((a, b))) = (rule.small_locks > 0, m.ends(d)) {
                lock_of[d] = locks.len() as u32;
                locks.push((of_room[a], of_room[b]));
            }
        }
        let step_of: FxHashMap<(usize, usize, usize), u32> = (steps.iter().enumerate())
            .map(|(i, p)| ((p.door, p.from, p.to), i as u32))
            .collect();
        let mut ways: Vec<(u32, Way)> = Vec::new();
        for p in m.passages().filter(|p| p.from != m.goal()) {
            let (a, b) = (of_room[p.from], of_room[p.to]);
            let free = m.always_passable(p);
            let lock = lock_of[p.door];
            let shut = m.doors()[p.door].opening == Opening::Shut;
            if (free && a == b) || (!free && (lock == NONE || shut)) {
                // Inside a zone, or shut for good.
                continue;
            }
            let cost = if free {
                0
            } else {
                m.doors()[p.door].small_locks
            };
            let step = (step_of.get(&(p.door, p.from, p.to)).copied()).unwrap_or(NONE);
            let lock = if free { NONE } else { lock };
            let loot = room_keys[p.to];
            let way = Way {
                door: p.door as u32,
                from_room: p.from as u32,
                to_room: p.to as u32,
                to: b,
                loot,
                lock,
                cost,
                step,
            };
            ways.push((a, way));
        }
        let start = of_room[m.start()];
        let (pockets, entered) = pockets(&mut ways, &keys, count, [start, goal]);
        let pocket_steps = Grouped::new(count, entered.iter().map(|&(z, _, step)| (z, step)));
        let pocket_ways = Grouped::new(count, entered.iter().map(|&(z, p, _)| (z, p)));
        let out = Grouped::new(count, ways.iter().map(|&(a, w)| (a as usize, w)));
        let into = Grouped::new(count, ways.iter().map(|&(a, w)| (w.to as usize, (a, w))));
        Self {
            count,
            of_room,
            keys,
            goal,
            locks,
            out,
            into,
            pockets,
            pocket_steps,
            pocket_ways,
        }
    }
}

/// A passage into a pocket, `(door, from, to)`, and its step (or
/// [`NONE`]), by the zone it leaves.
type ByZone = (usize, (u32, u32, u32), u32);

/// Takes the keyless side pockets out of `ways`: zones with no key, not
/// `not` (the start's and the goal's), whose every way in and out goes
/// through one door with a small lock. Opening one only loses its keys
/// (nothing lies inside, and it leads nowhere else), and those of one
/// zone, opening at one cost, are alike: a state need only count how many
/// were opened. Returns per zone how many pockets it opens into and at
/// what cost, and the steps into them by zone.
fn pockets(
    ways: &mut Vec<(u32, Way)>,
    keys: &[u32],
    count: usize,
    not: [u32; 2],
) -> (Vec<(u32, u32)>, Vec<ByZone>) {
    // Per zone, the one door its ways use, or NONE for several.
    let mut door = vec![None; count];
    for &(a, w) in ways.iter() {
        for z in [a, w.to] {
            let d = &mut door[z as usize];
            *d = match *d {
                None => Some(w.door),
                Some(x) if x == w.door => Some(x),
                Some(_) => Some(NONE),
            };
        }
    }
    // The ways out of each zone, by door: a pocket's door leads back too.
    let leaves: FxHashSet<(u32, u32)> = ways.iter().map(|&(a, w)| (a, w.door)).collect();
    let mut pockets = vec![(0u32, 0u32); count];
    let mut pocket = vec![false; count];
    let mut doors: FxHashSet<u32> = FxHashSet::default();
    for &(a, w) in ways.iter() {
        let q = w.to as usize;
        let is_pocket = a != w.to
            && w.lock != NONE
            && keys[q] == 0
            && !not.contains(&w.to)
            && door[q] == Some(w.door)
            && leaves.contains(&(w.to, w.door));
        let (n, cost) = pockets[a as usize];
        if is_pocket && (n == 0 || cost == w.cost) && doors.insert(w.door) {
            pockets[a as usize] = (n + 1, w.cost);
            pocket[q] = true;
        }
    }
    let mut entered = Vec::new();
    ways.retain(|&(a, w)| {
        let into = pocket[w.to as usize] && doors.contains(&w.door);
        let out = pocket[a as usize] && doors.contains(&w.door);
        if into {
            entered.push((a as usize, (w.door, w.from_room, w.to_room), w.step));
        }
        !(into || out)
    });
    (pockets, entered)
}
