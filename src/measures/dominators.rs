//! Dominators of a directed graph: which nodes every path from the root to
//! a node passes. Node `x` can be reached from the root without entering
//! node `a` exactly when `x` can be reached at all and `a` does not
//! dominate it, so one tree answers "reachable avoiding `a`" for every `a`
//! at once, where a walk per `a` takes time nodes × edges.
//!
//! The tree is petgraph's (`algo::dominators::simple_fast`, Cooper, Harvey
//! and Kennedy's iteration, with no recursion, so that a chain of a million
//! nodes cannot overflow the stack); each node's span in a walk of it
//! answers "does `a` dominate `x`" in constant time.

use petgraph::algo::dominators::simple_fast;

pub(crate) use crate::digraph::Digraph as Graph;

const NONE: u32 = u32::MAX;

/// The dominator tree of the nodes a root reaches, with each node's span in
/// a depth-first walk of that tree, to answer "does `a` dominate `x`" in
/// constant time.
pub(crate) struct Dominators {
    /// Entry and exit times of each node in the tree; `NONE` when the root
    /// does not reach the node.
    enter: Vec<u32>,
    exit: Vec<u32>,
}

impl Dominators {
    /// The dominators of `g` from `root` (a node of `g`).
    pub(crate) fn new(g: &Graph, root: usize) -> Self {
        let tree = simple_fast(g, root);
        let idom: Vec<u32> = (0..g.nodes())
            .map(|v| {
                let up = if v == root {
                    None
                } else {
                    tree.immediate_dominator(v)
                };
                up.map_or(NONE, |d| d as u32)
            })
            .collect();
        let (enter, exit) = spans(root, &idom);
        Self { enter, exit }
    }

    /// Whether `x` can be reached from the root without entering `a`
    /// (`a` is not the root; `x` is not `a`).
    pub(crate) fn reached_avoiding(&self, x: usize, a: usize) -> bool {
        if self.enter[x] == NONE {
            return false;
        }
        let dominated =
            self.enter[a] != NONE && self.enter[a] <= self.enter[x] && self.exit[x] <= self.exit[a];
        !dominated
    }
}

/// Entry and exit times of each node in a depth-first walk of the
/// dominator tree from `root`, given each node's immediate dominator
/// (`NONE` for the root and the nodes it does not reach); `NONE` for those
/// nodes not in the tree.
fn spans(root: usize, idom: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = idom.len();
    let children = crate::grouped::Grouped::new(
        n,
        (idom.iter().enumerate())
            .filter(|&(_, &d)| d != NONE)
            .map(|(v, &d)| (d as usize, v as u32)),
    );
    let mut enter = vec![NONE; n];
    let mut exit = vec![NONE; n];
    if root >= n {
        return (enter, exit);
    }
    let mut clock = 0u32;
    enter[root] = clock;
    // (node, the next of its children to enter)
    let mut stack = vec![(root, 0usize)];
    while let Some((v, i)) = stack.last_mut() {
        let Some(&k) = children.get(*v).get(*i) else {
            clock += 1;
            exit[*v] = clock;
            stack.pop();
            continue;
        };
        *i += 1;
        clock += 1;
        enter[k as usize] = clock;
        stack.push((k as usize, 0));
    }
    (enter, exit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `x` is reached from `root` without entering `a`, by a walk.
    fn brute(g: &Graph, root: usize, a: usize, x: usize) -> bool {
        let mut seen = vec![false; g.nodes()];
        seen[root] = true;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &s in g.successors(v) {
                let s = s as usize;
                if s != a && !seen[s] {
                    seen[s] = true;
                    stack.push(s);
                }
            }
        }
        seen[x]
    }

    fn graphs() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..12).prop_flat_map(|n| {
            let edge = (0..n as u32, 0..n as u32);
            (Just(n), proptest::collection::vec(edge, 0..n * 3))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn agrees_with_a_walk_per_avoided_node((n, edges) in graphs(), root in 0usize..12) {
            let root = root % n;
            let g = Graph::new(n, &edges);
            let d = Dominators::new(&g, root);
            for a in (0..n).filter(|&a| a != root) {
                for x in (0..n).filter(|&x| x != a) {
                    prop_assert_eq!(d.reached_avoiding(x, a), brute(&g, root, a, x), "a {} x {}", a, x);
                }
            }
        }
    }

    #[test]
    fn a_long_chain_is_dominated_all_the_way_down() {
        let n = 200_000;
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
        let d = Dominators::new(&Graph::new(n, &edges), 0);
        assert!(!d.reached_avoiding(n - 1, 1));
        assert!(d.reached_avoiding(1, 2));
    }

    #[test]
    fn a_second_way_round_frees_a_node() {
        // 0 → 1 → 3 and 0 → 2 → 3: neither 1 nor 2 dominates 3.
        let g = Graph::new(4, &[(0, 1), (1, 3), (0, 2), (2, 3)]);
        let d = Dominators::new(&g, 0);
        assert!(d.reached_avoiding(3, 1));
        assert!(d.reached_avoiding(3, 2));
        // Without the way round, 1 stands between 0 and 3; 4 is never reached.
        let g = Graph::new(5, &[(0, 1), (1, 3), (3, 2)]);
        let d = Dominators::new(&g, 0);
        assert!(!d.reached_avoiding(3, 1));
        assert!(!d.reached_avoiding(2, 1));
        assert!(d.reached_avoiding(1, 3));
        assert!(!d.reached_avoiding(4, 1));
    }
}
