//! The play oracle's table for extended levels ([`Mechanics::needs_general`]):
//! every reachable state of the larger state of play, explored by
//! [`general`](super::general), with its least cost to the goal.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::budget::{Budget, Stop};
use super::compile::PULL;
use super::general::{Graph, Node, Paths, Walk, open_at_start};
use super::oracle::{Fatal, Next};
use crate::model::Level;
use crate::rules::mechanics::Mechanics;
use crate::rules::{PlayState, Step};

/// Every reachable state with its least cost and fewest steps to a goal.
pub(crate) struct ExtTable {
    /// The start state: its slots place the doors' facts of every state.
    start: Node,
    g: Graph,
    index: FxHashMap<Node, u32>,
    togo: Vec<f64>,
    hops: Vec<u32>,
    paths: Paths,
}

impl ExtTable {
    /// Explores `level` within `budget`.
    pub fn new(level: &Level, m: &Mechanics, budget: &Budget<'_>) -> Result<Self, Stop> {
        let walk = Walk::new(m, &[]);
        let start = walk.start(&open_at_start(level));
        let g = walk.explore(start.clone(), budget)?;
        let index = (g.nodes.iter().enumerate())
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        let (togo, hops) = to_goal(&g);
        let paths = g.paths(false);
        Ok(Self {
            start,
            g,
            index,
            togo,
            hops,
            paths,
        })
    }

    /// A state of play as the search stores it.
    fn node_of(&self, m: &Mechanics, state: &PlayState) -> Node {
        Node::of_play(m, &self.start, state)
    }

    /// How many states, and how many of them are dead ends.
    pub fn counts(&self) -> (usize, usize) {
        let dead = self.togo.iter().filter(|c| !c.is_finite()).count();
        (self.g.nodes.len(), dead)
    }

    /// The number of `state`, when it is a reachable one.
    pub fn locate(&self, m: &Mechanics, state: &PlayState) -> Option<u32> {
        self.index.get(&self.node_of(m, state)).copied()
    }

    /// Whether the goal can be reached from state `i`.
    pub fn live(&self, i: u32) -> bool {
        self.togo[i as usize].is_finite()
    }

    /// What lies ahead of state `i`.
    pub fn next(&self, level: &Level, i: u32) -> Next {
        if self.g.goal[i as usize] {
            return Next::Solved;
        }
        let best = self.g.edges[i as usize]
            .iter()
            .filter(|e| self.togo[e.to as usize].is_finite())
            .min_by(|a, b| {
                let va = (a.cost + self.togo[a.to as usize], self.hops[a.to as usize]);
                let vb = (b.cost + self.togo[b.to as usize], self.hops[b.to as usize]);
                va.0.total_cmp(&vb.0).then(va.1.cmp(&vb.1))
            });
        match best.and_then(|e| self.step(level, e.act, e.to)) {
            Some(step) => Next::Step {
                step,
                cost: self.togo[i as usize],
            },
            None => Next::Stuck,
        }
    }

    fn step(&self, level: &Level, act: u32, to: u32) -> Option<Step> {
        if act & PULL != 0 {
            let lever = level.levers.get((act & !PULL) as usize)?;
            return Some(Step::Pull {
                lever: lever.id.clone(),
            });
        }
        let room = self.g.nodes.get(to as usize)?.room;
        Some(Step::Move {
            door: level.doors.get(act as usize)?.id.clone(),
            to: level.rooms.get(room)?.id.clone(),
        })
    }

    /// Why the goal is out of reach after action `act` from `before` into `after`.
    pub fn fatal_after(
        &self,
        level: &Level,
        m: &Mechanics,
        before: &PlayState,
        act: u32,
        step: &Step,
        after: &PlayState,
    ) -> Fatal {
        let b = self.node_of(m, before);
        Fatal {
            step: Some(step.clone()),
            reason: self.why(level, m, Some((&b, act)), &self.node_of(m, after)),
        }
    }

    /// Why the goal is out of reach from state `at`, with the step that
    /// lost it on the cheapest way in.
    pub fn fatal_at(
        &self,
        level: &Level,
        m: &Mechanics,
        at: Option<u32>,
        state: &PlayState,
    ) -> Fatal {
        let Some(mut i) = at else {
            return Fatal {
                step: None,
                reason: self.why(level, m, None, &self.node_of(m, state)),
            };
        };
        while let Some((parent, act)) = self.paths.parent[i as usize] {
            if self.live(parent) {
                let before = &self.g.nodes[parent as usize];
                return Fatal {
                    step: self.step(level, act, i),
                    reason: self.why(level, m, Some((before, act)), &self.g.nodes[i as usize]),
                };
            }
            i = parent;
        }
        Fatal {
            step: None,
            reason: self.why(level, m, None, &self.g.nodes[i as usize]),
        }
    }

    fn why(
        &self,
        level: &Level,
        m: &Mechanics,
        step: Option<(&Node, u32)>,
        after: &Node,
    ) -> String {
        let Some(&at) = self.index.get(after) else {
            return super::extended::stuck_words(level, m, &[after], step);
        };
        let mut seen = vec![false; self.g.nodes.len()];
        seen[at as usize] = true;
        let mut out = vec![at as usize];
        let mut k = 0;
        while k < out.len() {
            for e in &self.g.edges[out[k]] {
                if !std::mem::replace(&mut seen[e.to as usize], true) {
                    out.push(e.to as usize);
                }
            }
            k += 1;
        }
        let nodes: Vec<&Node> = out.iter().map(|&i| &self.g.nodes[i]).collect();
        super::extended::stuck_words(level, m, &nodes, step)
    }
}

/// Least cost and fewest steps from every state to a goal state.
fn to_goal(g: &Graph) -> (Vec<f64>, Vec<u32>) {
    let n = g.nodes.len();
    let mut preds = vec![Vec::new(); n];
    for (i, es) in g.edges.iter().enumerate() {
        for e in es {
            preds[e.to as usize].push((i as u32, e.cost));
        }
    }
    let mut togo = vec![f64::INFINITY; n];
    let mut hops = vec![u32::MAX; n];
    let mut heap = BinaryHeap::new();
    for i in (0..n).filter(|&i| g.goal[i]) {
        togo[i] = 0.0;
        hops[i] = 0;
        heap.push(Reverse((0u64, 0u32, i as u32)));
    }
    while let Some(Reverse((bits, h, v))) = heap.pop() {
        let (d, vu) = (f64::from_bits(bits), v as usize);
        if (d, h) != (togo[vu], hops[vu]) {
            continue;
        }
        for &(u, cost) in &preds[vu] {
            let next = (d + cost, h.saturating_add(1));
            let uu = u as usize;
            if next < (togo[uu], hops[uu]) {
                (togo[uu], hops[uu]) = next;
                heap.push(Reverse((next.0.to_bits(), next.1, u)));
            }
        }
    }
    (togo, hops)
}
