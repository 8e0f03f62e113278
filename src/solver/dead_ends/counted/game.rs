//! The counted game's moves, its check of whether a state reaches the
//! goal, and the exploration of every counted state reached.

use std::collections::VecDeque;

use super::super::super::budget::{Budget, Stop};
use super::super::super::compile::NONE;
use super::super::super::store::Store;
use super::{Counted, Explored, Layout, Next};
use crate::rules::mechanics::Passage;
use crate::solver::dead_ends::counted::zones::Way;

/// Counted plays kept at most per step that may be fatal: following one
/// in the level may take keys it left, so that its last step is not
/// fatal there; another may do.
const PLAYS: usize = 8;

/// What is known of a closed counted state.
const UNKNOWN: u8 = 0;
const WORKING: u8 = 1;
const LIVE: u8 = 2;
const DEAD: u8 = 3;

/// A closed state whose moves are being tried: its number, and its ways
/// out, `count` of them from `ways` in [`super::Buffers::ways`], of which
/// `next` were tried. The state itself is in the arena, which holds one
/// per frame in the frames' order: the top frame's is the last.
///
/// The state after a way is made only when it is tried: most checks end
/// at the first way that reaches the goal, and making every state after
/// each way at once (each with its region looked up or walked) was most
/// of the work. On levels 1 and 5 of `tests/small_keys_at_scale.rs`, the
/// exploration then meets 3.6 times as many counted states in 6 s (1.4
/// million instead of 386,000 on level 1), and works out a third as many
/// regions while doing so (492,000 instead of 1.49 million).
pub(super) struct Frame {
    id: u32,
    ways: usize,
    count: usize,
    next: usize,
}

impl Counted<'_> {
    /// The moves from `s`, whose region is `self.region`, into `moves`.
    fn moves(&self, s: &[u64], moves: &mut Vec<Next>) {
        moves.clear();
        let held = Layout::held(s);
        for &z in &self.region {
            for w in self.z.out.get(z as usize) {
                let open = self.open(s, w);
                if w.to == self.z.goal {
                    if open || w.cost <= held {
                        moves.push(Next::Win);
                    }
                } else if open {
                    if self.region.binary_search(&w.to).is_err() {
                        moves.push(Next::Step(*w));
                    }
                } else if w.cost <= held {
                    moves.push(Next::Step(*w));
                }
            }
            let (n, cost) = self.z.pockets[z as usize];
            if n > self.lay.opened(s, z) && cost <= held {
                moves.push(Next::Waste(z));
            }
        }
    }

    /// The counted state after opening one more pocket of zone `z` from
    /// `s`, into `out`; leaves its region in `self.region` and returns its
    /// number.
    fn waste(&mut self, s: &[u64], z: u32, out: &mut Vec<u64>) -> u32 {
        out.clear();
        out.extend_from_slice(s);
        let (_, cost) = self.z.pockets[z as usize];
        self.lay.set_opened(out, z, self.lay.opened(s, z) + 1);
        let zone = Layout::zone(s);
        Layout::set_zone_held(out, zone, Layout::held(s) - cost);
        self.settle(out, zone, 0)
    }

    /// The counted state after way `w` from `s`, into `out`; leaves its
    /// region in `self.region` and returns its number.
    fn after(&mut self, s: &[u64], w: &Way, out: &mut Vec<u64>) -> u32 {
        out.clear();
        out.extend_from_slice(s);
        let mut held = Layout::held(s);
        if !self.open(s, w) {
            self.lay.unlock(out, w.lock, true);
            held -= w.cost;
        }
        Layout::set_zone_held(out, w.to, held);
        self.settle(out, w.to, w.loot)
    }

    /// Takes every key lying in the region of `s` (`self.region`).
    fn close(&self, s: &mut [u64]) {
        let mut held = Layout::held(s);
        for &z in &self.region {
            let keys = self.z.keys[z as usize];
            held += keys - self.lay.taken(s, z);
            self.lay.set_taken(s, z, keys);
        }
        Layout::set_zone_held(s, Layout::zone(s), held);
    }

    /// Whether counted state `s`, just settled (its region, number
    /// `region`, is in `self.region`), reaches the goal: depth first over
    /// closed states, each answer kept. The closed states form no cycle
    /// (each step unlocks a door, takes keys, or leaves a region it cannot
    /// come back to), so one met while being worked out is a way that
    /// does not help.
    ///
    /// The region is not looked up again: each lookup is a miss in a
    /// table of hundreds of thousands of regions, and they were a quarter
    /// of the exploration's time.
    fn live(
        &mut self,
        (s, region): (&[u64], u32),
        budget: &Budget<'_>,
        seen: usize,
    ) -> Result<bool, Stop> {
        let mut c = std::mem::take(&mut self.bufs.closed);
        c.clear();
        c.extend_from_slice(s);
        self.close(&mut c);
        let mut frames = std::mem::take(&mut self.bufs.frames);
        let mut arena = std::mem::take(&mut self.bufs.arena);
        let answer = self.work_out((&c, region), &mut frames, &mut arena, budget, seen);
        frames.clear();
        arena.clear();
        self.bufs.ways.clear();
        self.bufs.closed = c;
        self.bufs.frames = frames;
        self.bufs.arena = arena;
        answer
    }

    /// [`Self::live`] of closed state `c`, of region number `region`.
    fn work_out(
        &mut self,
        c: (&[u64], u32),
        frames: &mut Vec<Frame>,
        arena: &mut Vec<u64>,
        budget: &Budget<'_>,
        seen: usize,
    ) -> Result<bool, Stop> {
        let mut answer = match self.enter(c, frames, arena, budget)? {
            Some(known) => return Ok(known),
            None => false,
        };
        let width = self.lay.width;
        let mut next = std::mem::take(&mut self.bufs.next);
        next.resize(width, 0);
        while let Some(top) = frames.last_mut() {
            // The top frame's state: the arena's last.
            let at = arena.len().saturating_sub(width);
            let states = seen + self.closed.len() + self.known.len();
            let work = std::mem::take(&mut self.work) + width * 4;
            if let Err(stop) = budget.check(&mut self.meter, work, states, width) {
                self.bufs.next = next;
                return Err(stop);
            }
            if answer || top.next == top.count {
                self.verdict[top.id as usize] = if answer { LIVE } else { DEAD };
                arena.truncate(at);
                self.bufs.ways.truncate(top.ways);
                frames.pop();
                continue;
            }
            let way = self.bufs.ways[top.ways + top.next];
            top.next += 1;
            let region = self.after(&arena[at..at + width], &way, &mut next);
            self.close(&mut next);
            match self.enter((&next, region), frames, arena, budget) {
                Ok(Some(true)) => answer = true,
                Ok(_) => {}
                Err(stop) => {
                    self.bufs.next = next;
                    return Err(stop);
                }
            }
        }
        self.bufs.next = next;
        Ok(answer)
    }

    /// Looks up closed state `c`, of region number `region`: its answer
    /// when known (a state being worked out counts as dead); otherwise
    /// pushes a frame of its ways out and returns `None`, or answers at
    /// once when a move wins.
    fn enter(
        &mut self,
        (c, region): (&[u64], u32),
        frames: &mut Vec<Frame>,
        arena: &mut Vec<u64>,
        budget: &Budget<'_>,
    ) -> Result<Option<bool>, Stop> {
        let (id, fresh) = self.closed.insert(c);
        if fresh {
            self.verdict.push(UNKNOWN);
        }
        match self.verdict[id as usize] {
            LIVE => return Ok(Some(true)),
            DEAD | WORKING => return Ok(Some(false)),
            _ => {}
        }
        self.load_region(region);
        let mut moves = std::mem::take(&mut self.bufs.moves);
        self.moves(c, &mut moves);
        let win = moves.iter().any(|m| matches!(m, Next::Win));
        self.verdict[id as usize] = if win { LIVE } else { WORKING };
        let ways = self.bufs.ways.len();
        if !win {
            let steps = moves.iter().filter_map(|m| match m {
                Next::Step(w) => Some(*w),
                _ => None,
            });
            self.bufs.ways.extend(steps);
        }
        let work = std::mem::take(&mut self.work) + c.len() + moves.len();
        self.bufs.moves = moves;
        budget.tick(&mut self.meter, work, self.closed.len())?;
        if win {
            return Ok(Some(true));
        }
        arena.extend_from_slice(c);
        frames.push(Frame {
            id,
            ways,
            count: self.bufs.ways.len() - ways,
            next: 0,
        });
        Ok(None)
    }

    /// Explores every counted state reached from the start (in zone
    /// `start`, its room holding `loot` keys) that reaches the goal, and
    /// marks the steps out of one into a state that does not: for each of
    /// `steps` steps, whether it may be fatal, and the states met. `None`
    /// when the start does not reach the goal.
    pub(super) fn explore(
        &mut self,
        start: u32,
        loot: u32,
        steps: &[Passage],
        budget: &Budget<'_>,
    ) -> Result<Option<Explored>, Stop> {
        let width = self.lay.width;
        let mut s = vec![0u64; width];
        Layout::set_zone_held(&mut s, start, 0);
        let region = self.settle(&mut s, start, loot);
        if !self.live((&s, region), budget, 0)? {
            return Ok(None);
        }
        let mut seen = Store::new(width, (width * 64) as u32);
        seen.insert(&s);
        let mut queue = VecDeque::from([0u32]);
        let mut maybe = vec![false; steps.len()];
        // How each state was first met: the state before and the move.
        let mut how: Vec<(u32, Next)> = vec![(NONE, Next::Win)];
        // Per step that may be fatal: the first states and moves found so.
        let mut first: Vec<Vec<(u32, Next)>> = vec![Vec::new(); steps.len()];
        let (mut cur, mut next) = (vec![0u64; width], Vec::with_capacity(width));
        let mut moves = Vec::new();
        let mut complete = true;
        'explore: while let Some(i) = queue.pop_front() {
            let states = seen.len() + self.closed.len() + self.known.len();
            let work = std::mem::take(&mut self.work) + width * 4;
            if budget.check(&mut self.meter, work, states, width).is_err() {
                complete = false;
                break;
            }
            cur.copy_from_slice(seen.get(i));
            self.region_of(&cur, Layout::zone(&cur));
            // One more key taken in the region, if one lies there: the
            // first zone not yet emptied takes it, as settled states do.
            let lay = &self.lay;
            let fuller =
                (self.region.iter()).find(|&&z| lay.taken(&cur, z) < self.z.keys[z as usize]);
            if let Some(&z) = fuller {
                next.clear();
                next.extend_from_slice(&cur);
                lay.set_taken(&mut next, z, lay.taken(&cur, z) + 1);
                Layout::set_zone_held(&mut next, Layout::zone(&cur), Layout::held(&cur) + 1);
                if let (n, true) = seen.insert(&next) {
                    queue.push_back(n);
                    how.push((i, Next::Take));
                }
            }
            self.moves(&cur, &mut moves);
            let tried = std::mem::take(&mut moves);
            let mut zones = std::mem::take(&mut self.bufs.region);
            zones.clone_from(&self.region);
            for m in &tried {
                let region = match m {
                    Next::Step(w) => self.after(&cur, w, &mut next),
                    Next::Waste(z) => self.waste(&cur, *z, &mut next),
                    Next::Take | Next::Win => continue,
                };
                let work = std::mem::take(&mut self.work) + width;
                if budget.tick(&mut self.meter, work, seen.len()).is_err() {
                    complete = false;
                    break 'explore;
                }
                if seen.find(&next).is_some() {
                    // Met before: it reaches the goal, as every state kept does.
                    continue;
                }
                match self.live((&next, region), budget, seen.len()) {
                    Ok(true) => {
                        if let (n, true) = seen.insert(&next) {
                            queue.push_back(n);
                            how.push((i, *m));
                        }
                    }
                    Ok(false) => self.mark((i, *m), &zones, &mut maybe, &mut first),
                    Err(_) => {
                        complete = false;
                        break 'explore;
                    }
                }
            }
            self.bufs.region = zones;
            moves = tried;
        }
        let states = seen.len() + self.closed.len();
        let plays = self.plays(&seen, &how, &first, steps);
        Ok(Some(Explored {
            complete,
            maybe,
            states,
            plays,
        }))
    }

    /// Marks the steps of move `m` from a state of `region` as maybe
    /// fatal: its way's, or for a pocket, the ways into every pocket of the
    /// region opening at that cost (they are alike).
    ///
    /// `at` is the state and the move; `first` keeps it for each step
    /// marked, up to [`PLAYS`] times.
    fn mark(
        &self,
        at: (u32, Next),
        region: &[u32],
        maybe: &mut [bool],
        first: &mut [Vec<(u32, Next)>],
    ) {
        let mut one = |step: u32| {
            if step != NONE && first[step as usize].len() < PLAYS {
                maybe[step as usize] = true;
                first[step as usize].push(at);
            }
        };
        match at.1 {
            Next::Step(w) => one(w.step),
            Next::Waste(z) => {
                let cost = self.z.pockets[z as usize].1;
                for &x in region {
                    let (n, c) = self.z.pockets[x as usize];
                    if n > 0 && c == cost {
                        self.z
                            .pocket_steps
                            .get(x as usize)
                            .iter()
                            .for_each(|&s| one(s));
                    }
                }
            }
            Next::Take | Next::Win => {}
        }
    }
}
