//! A directed graph on nodes `0..n`, its successors and predecessors kept
//! end to end ([`Grouped`]), that petgraph's algorithms run on: the graph
//! of areas of the measures and the free passages of the facts.
//! [`crate::model::RoomGraph`] is the public one, over a level's rooms.

use std::iter::Map;
use std::ops::Range;
use std::slice;

use fixedbitset::FixedBitSet;
use petgraph::Direction;
use petgraph::visit::{
    GraphBase, IntoNeighbors, IntoNeighborsDirected, IntoNodeIdentifiers, NodeCount, NodeIndexable,
    Visitable,
};

use crate::grouped::Grouped;

/// A directed graph with nodes `0..n`.
pub(crate) struct Digraph {
    out: Grouped<u32>,
    into: Grouped<u32>,
}

/// The nodes of a list, as petgraph's node ids.
pub(crate) type Nodes<'a> = Map<slice::Iter<'a, u32>, fn(&u32) -> usize>;

fn node(&v: &u32) -> usize {
    v as usize
}

impl Digraph {
    /// The graph on `n` nodes with the given edges, each of nodes below `n`.
    pub(crate) fn new(n: usize, edges: &[(u32, u32)]) -> Self {
        let out = edges.iter().map(|&(a, b)| (a as usize, b));
        let into = edges.iter().map(|&(a, b)| (b as usize, a));
        Self {
            out: Grouped::new(n, out),
            into: Grouped::new(n, into),
        }
    }

    /// How many nodes there are.
    pub(crate) fn nodes(&self) -> usize {
        self.out.groups()
    }

    /// The nodes `v` has an edge to.
    #[cfg(test)]
    pub(crate) fn successors(&self, v: usize) -> &[u32] {
        self.out.get(v)
    }
}

impl GraphBase for Digraph {
    type NodeId = usize;
    type EdgeId = (usize, usize);
}

impl NodeCount for Digraph {
    fn node_count(&self) -> usize {
        self.nodes()
    }
}

impl NodeIndexable for Digraph {
    fn node_bound(&self) -> usize {
        self.nodes()
    }

    fn to_index(&self, a: usize) -> usize {
        a
    }

    fn from_index(&self, i: usize) -> usize {
        i
    }
}

impl Visitable for Digraph {
    type Map = FixedBitSet;

    fn visit_map(&self) -> FixedBitSet {
        FixedBitSet::with_capacity(self.nodes())
    }

    fn reset_map(&self, map: &mut FixedBitSet) {
        map.clear();
        map.grow(self.nodes());
    }
}

impl IntoNodeIdentifiers for &Digraph {
    type NodeIdentifiers = Range<usize>;

    fn node_identifiers(self) -> Range<usize> {
        0..self.nodes()
    }
}

impl<'a> IntoNeighbors for &'a Digraph {
    type Neighbors = Nodes<'a>;

    fn neighbors(self, a: usize) -> Nodes<'a> {
        self.out.get(a).iter().map(node as fn(&u32) -> usize)
    }
}

impl<'a> IntoNeighborsDirected for &'a Digraph {
    type NeighborsDirected = Nodes<'a>;

    fn neighbors_directed(self, a: usize, dir: Direction) -> Nodes<'a> {
        let list = match dir {
            Direction::Outgoing => &self.out,
            Direction::Incoming => &self.into,
        };
        list.get(a).iter().map(node as fn(&u32) -> usize)
    }
}
