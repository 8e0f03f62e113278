//! Counted plays that make a step fatal, told as play makes them, for a
//! scout to follow in the level itself ([`super::super::scout::follow_all`]).

use super::super::super::compile::NONE;
use super::super::super::store::Store;
use super::{Counted, Layout, Next};
use crate::rules::mechanics::Passage;

/// A move of a counted play.
#[derive(Clone, Debug)]
pub(crate) enum Act {
    /// Take one more key lying in the region.
    Take,
    /// Take this passage, spending when its door is locked.
    Pass(Passage),
    /// Open one of these keyless side pockets, any still locked.
    Waste(Vec<Passage>),
}

/// A move of a counted play, and the zones of the region it is made in
/// (in order).
#[derive(Clone, Debug)]
pub(crate) struct Guide {
    pub region: Vec<u32>,
    pub act: Act,
    /// The small keys in hand after the move (before it, for the last).
    pub held: u32,
}

impl Counted<'_> {
    /// For each of `steps`, the counted plays from the start that take it
    /// from a state from which it is fatal, the fatal step last. `how`
    /// tells how each state of `seen` was first met, `first` the states
    /// and moves each step was first found fatal by.
    pub(super) fn plays(
        &mut self,
        seen: &Store,
        how: &[(u32, Next)],
        first: &[Vec<(u32, Next)>],
        steps: &[Passage],
    ) -> Vec<Vec<Vec<Guide>>> {
        (first.iter().zip(steps))
            .map(|(f, &step)| {
                (f.iter())
                    .map(|&(at, _)| self.play_to(seen, how, at, step))
                    .collect()
            })
            .collect()
    }

    /// The counted play to state `at` of `seen`, then `step`.
    fn play_to(&mut self, seen: &Store, how: &[(u32, Next)], at: u32, step: Passage) -> Vec<Guide> {
        let mut chain = Vec::new();
        let mut i = at;
        while how[i as usize].0 != NONE {
            chain.push(i);
            i = how[i as usize].0;
        }
        let mut play: Vec<Guide> = (chain.iter().rev())
            .map(|&j| {
                let (from, m) = how[j as usize];
                let region = self.region_at(seen.get(from));
                let act = self.act(m, &region);
                let held = Layout::held(seen.get(j));
                Guide { region, act, held }
            })
            .collect();
        let region = self.region_at(seen.get(at));
        play.push(Guide {
            region,
            act: Act::Pass(step),
            held: Layout::held(seen.get(at)),
        });
        play
    }

    /// The zones of the region of counted state `s`.
    fn region_at(&mut self, s: &[u64]) -> Vec<u32> {
        self.region_of(s, Layout::zone(s));
        self.region.clone()
    }

    /// Move `m`, made from a state of `region`, as play makes it.
    fn act(&self, m: Next, region: &[u32]) -> Act {
        let passage = |(door, from, to): (u32, u32, u32)| Passage {
            door: door as usize,
            from: from as usize,
            to: to as usize,
        };
        match m {
            Next::Step(w) => Act::Pass(passage((w.door, w.from_room, w.to_room))),
            Next::Waste(z) => {
                let cost = self.z.pockets[z as usize].1;
                let alike = (region.iter()).filter(|&&x| self.z.pockets[x as usize].1 == cost);
                let ways = alike.flat_map(|&x| self.z.pocket_ways.get(x as usize).iter());
                Act::Waste(ways.map(|&w| passage(w)).collect())
            }
            Next::Take | Next::Win => Act::Take,
        }
    }
}
