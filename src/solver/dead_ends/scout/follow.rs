//! The counted plays that make a step fatal ([`super::super::counted`]),
//! followed in the level itself.
//!
//! A counted play says, move by move, which region the player is in and
//! what it does there: take one more key, take a passage, or open a
//! keyless side pocket. Play walks the region to do it, taking the fewest
//! keys on the way. Walks may take keys the counted play left: a take the
//! walks made already is skipped, and a player richer at the last step
//! than the counted one first wastes the keys too many on side pockets.
//! Each witness is checked by the oracle, as the scout's are.

use super::super::super::budget::{Budget, Stop};
use super::super::super::closures::{Forget, Oracle};
use super::super::super::compile::{Compiled, NONE, test};
use super::super::counted::{Act, Guide, Verdict};
use super::{Move, Scout, Witness};
use crate::rules::mechanics::{Mechanics, Passage};

/// Side-pocket doors tried at most for each key wasted before the last
/// step of a play.
const WASTE_TRIES: usize = 8;

/// Rounds of plays followed with random choices, after the first
/// followed as the counted game makes them, for the steps still missing.
const RANDOM_ROUNDS: usize = 24;

/// Follows in the level the counted plays of `verdict` (from
/// [`super::super::counted`]) of each step, until one's last step is
/// fatal where the walks get: the witnesses of those. Each play is first
/// followed taking keys in the counted game's order; for the steps still
/// missing, plays drawn at random are then followed with keys and
/// pockets drawn at random.
pub(crate) fn follow_all<'c>(
    m: &Mechanics,
    c: &'c Compiled,
    oracle: &mut Oracle<'c>,
    forget: Option<&Forget>,
    verdict: &Verdict,
    budget: &Budget<'_>,
) -> Vec<Witness> {
    let mut scout = Scout::new(m, c, oracle, forget, 0);
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for plays in verdict.plays.iter().filter(|p| !p.is_empty()) {
        match scout.follow_one(plays.iter(), verdict, budget) {
            Ok(Some(w)) => found.push(w),
            Ok(None) => missing.push(plays),
            Err(_) => return found,
        }
    }
    scout.random = true;
    for _ in 0..RANDOM_ROUNDS {
        let mut left = Vec::new();
        for plays in missing {
            let play = &plays[scout.rng.index(plays.len())];
            match scout.follow_one(std::iter::once(play), verdict, budget) {
                Ok(Some(w)) => found.push(w),
                Ok(None) => left.push(plays),
                Err(_) => return found,
            }
        }
        missing = left;
    }
    found
}

/// A play followed so far: the steps taken and their cost.
type SoFar = (Vec<(u32, usize)>, f64);

impl Scout<'_, '_> {
    /// The witness of the first of `plays` whose last step is fatal where
    /// it is followed.
    fn follow_one<'p>(
        &mut self,
        plays: impl Iterator<Item = &'p Vec<Guide>>,
        verdict: &Verdict,
        budget: &Budget<'_>,
    ) -> Result<Option<Witness>, Stop> {
        for play in plays {
            if let Some(w) = self.follow(play, verdict, budget)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }

    /// Follows counted play `play`; the witness of its last step when it
    /// is fatal where the walk gets, `None` when it is not or a move
    /// cannot be made.
    fn follow(
        &mut self,
        play: &[Guide],
        verdict: &Verdict,
        budget: &Budget<'_>,
    ) -> Result<Option<Witness>, Stop> {
        let (c, zone_of) = (self.c, &verdict.zone_of[..]);
        let mut cur = c.start.clone();
        let mut so_far: SoFar = (Vec::new(), 0.0);
        for (k, guide) in play.iter().enumerate() {
            if matches!(guide.act, Act::Take) && c.in_hand(&cur, 0) >= guide.held {
                // The walks took this key on their way already.
                continue;
            }
            self.walk_within(&cur, &guide.region, zone_of, budget)?;
            let Some(chosen) = self.guided(&cur, &guide.act, zone_of) else {
                if matches!(guide.act, Act::Take) {
                    // Every key of the region was taken on the way.
                    continue;
                }
                return Ok(None);
            };
            if k + 1 == play.len() {
                let Act::Pass(p) = &guide.act else {
                    return Ok(None);
                };
                let found = self.last(&cur, chosen, so_far.clone(), budget)?;
                let extra = c.in_hand(&cur, 0).saturating_sub(guide.held);
                if found.is_some() || extra == 0 {
                    return Ok(found);
                }
                return self.waste_then_last(cur, so_far, (extra, p), (guide, verdict), budget);
            }
            so_far.1 += self.take(&mut cur, &mut so_far.0, chosen);
        }
        Ok(None)
    }

    /// Walks the rooms of `cur`'s area within the zones of `region`.
    fn walk_within(
        &mut self,
        cur: &[u64],
        region: &[u32],
        zone_of: &[u32],
        budget: &Budget<'_>,
    ) -> Result<(), Stop> {
        let c = self.c;
        let within = |r: usize| region.binary_search(&zone_of[r]).is_ok();
        self.region.walk_by(c, cur, |e| within(e.to as usize));
        let work = self.region.work(c);
        budget.check(&mut self.meter, work, self.oracle.len(), c.width)
    }

    /// The move of play that makes `act` from `cur`, in the area walked;
    /// `None` when there is none. A key is taken in the first zone that
    /// has one left, as the counted game takes it, or at random among
    /// the rooms that hold one when the scout follows at random; so is
    /// the pocket opened.
    fn guided(&mut self, cur: &[u64], act: &Act, zone_of: &[u32]) -> Option<Move> {
        let c = self.c;
        match act {
            Act::Take => {
                let unlooted = |r: &u32| {
                    let bit = c.layout.loot_bit[*r as usize];
                    bit != NONE && !test(cur, bit)
                };
                let mut rooms = self.region.rooms.iter().copied().filter(unlooted);
                let room = if self.random {
                    let n = rooms.clone().count();
                    rooms.nth(self.rng.index(n.max(1)))?
                } else {
                    rooms.min_by_key(|&r| (zone_of[r as usize], self.region.loots[r as usize]))?
                };
                Some(Move::Loot { room })
            }
            Act::Pass(p) => self.passing(cur, p),
            Act::Waste(ways) => {
                let first = if self.random {
                    self.rng.index(ways.len().max(1))
                } else {
                    0
                };
                let mut order = ways[first..].iter().chain(&ways[..first]);
                order.find_map(|p| self.passing(cur, p))
            }
        }
    }

    /// The move that takes passage `p` from `cur`, when the walk reaches
    /// its room and the rules let it be taken from there.
    fn passing(&mut self, cur: &[u64], p: &Passage) -> Option<Move> {
        let c = self.c;
        if !self.region.settled.contains(p.from) {
            return None;
        }
        let k = (c.exits_of(p.from).iter())
            .position(|e| e.door as usize == p.door && e.to as usize == p.to)?;
        let exit = c.exit_start[p.from] + k as u32;
        self.region.poorest(c, cur, p.from, &mut self.at);
        (c.take_exit(&self.at, &c.exits[exit as usize], &mut self.after)).then_some(Move::Step {
            room: p.from as u32,
            exit,
            checked: false,
        })
    }

    /// The witness of last move `chosen` from `cur` (the play so far in
    /// `so_far`), when the state after it cannot reach the goal.
    fn last(
        &mut self,
        cur: &[u64],
        chosen: Move,
        (mut acts, cost): SoFar,
        budget: &Budget<'_>,
    ) -> Result<Option<Witness>, Stop> {
        let c = self.c;
        let Move::Step { room, exit, .. } = chosen else {
            return Ok(None);
        };
        self.region.poorest(c, cur, room as usize, &mut self.at);
        let e = &c.exits[exit as usize];
        if !c.take_exit(&self.at, e, &mut self.after) || self.after_is_live(budget)? {
            return Ok(None);
        }
        let cost = cost + self.region.cost_to(c, room as usize) + e.cost;
        self.region.path(c, room as usize, &mut acts);
        let kind = (e.door, e.to as usize);
        acts.push(kind);
        Ok(Some(Witness { kind, cost, acts }))
    }

    /// Last passage `p` of a play, taken after `extra` keys (those the
    /// walks took that the counted play left) were wasted on side pockets
    /// of the region, each leaving a state that still reaches the goal.
    fn waste_then_last(
        &mut self,
        mut cur: Vec<u64>,
        mut so_far: SoFar,
        (extra, p): (u32, &Passage),
        (guide, verdict): (&Guide, &Verdict),
        budget: &Budget<'_>,
    ) -> Result<Option<Witness>, Stop> {
        let zone_of = &verdict.zone_of[..];
        for _ in 0..extra {
            self.walk_within(&cur, &guide.region, zone_of, budget)?;
            if !self.waste_one(&mut cur, &mut so_far, &verdict.pocket_door, budget)? {
                return Ok(None);
            }
        }
        self.walk_within(&cur, &guide.region, zone_of, budget)?;
        match self.passing(&cur, p) {
            Some(chosen) => self.last(&cur, chosen, so_far, budget),
            None => Ok(None),
        }
    }

    /// Spends one key of `cur` on a keyless side pocket (a door of
    /// `pocket_door`) reached in the area walked without taking a key, in
    /// and straight back, after which the goal can still be reached; false
    /// when none is.
    fn waste_one(
        &mut self,
        cur: &mut Vec<u64>,
        (acts, cost): &mut SoFar,
        pocket_door: &[bool],
        budget: &Budget<'_>,
    ) -> Result<bool, Stop> {
        let c = self.c;
        let pockets: Vec<(u32, u32, u32)> = (self.region.rooms.iter())
            .filter(|&&r| self.region.loots[r as usize] == 0)
            .flat_map(|&r| self.pocket_doors(cur, r as usize, pocket_door))
            .take(WASTE_TRIES)
            .collect();
        for (room, exit, back) in pockets {
            let mut next = cur.clone();
            let mut steps = acts.clone();
            let into = Move::Step {
                room,
                exit,
                checked: false,
            };
            let spent = self.take(&mut next, &mut steps, into);
            let b = &c.exits[back as usize];
            let inside = c.room(&next) == c.exits[exit as usize].to as usize;
            if !inside || !c.take_exit_in_place(&mut next, b) {
                continue;
            }
            self.after.clone_from(&next);
            if self.after_is_live(budget)? {
                steps.push((b.door, b.to as usize));
                (*cur, *acts, *cost) = (next, steps, *cost + spent + b.cost);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The exits from room `r` of `s` through a pocket door still locked
    /// into a room with no key left, and the exit back through the same
    /// door: `(r, exit in, exit back)`.
    fn pocket_doors<'s>(
        &'s self,
        s: &'s [u64],
        r: usize,
        pocket_door: &'s [bool],
    ) -> impl Iterator<Item = (u32, u32, u32)> + 's {
        let c = self.c;
        let first = c.exit_start[r];
        (c.exits_of(r).iter().enumerate()).filter_map(move |(k, e)| {
            let to = e.to as usize;
            let loot = c.layout.loot_bit[to];
            let locked = e.unlock_bit != NONE && !test(s, e.unlock_bit);
            let empty = loot == NONE || test(s, loot);
            if !locked || !empty || !pocket_door[e.door as usize] || to == c.goal_room as usize {
                return None;
            }
            let back =
                (c.exits_of(to).iter()).position(|b| b.door == e.door && b.to as usize == r)?;
            Some((r as u32, first + k as u32, c.exit_start[to] + back as u32))
        })
    }
}
