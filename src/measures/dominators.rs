//! Dominators of a directed graph: which nodes every path from the root to
//! a node passes. Node `x` can be reached from the root without entering
//! node `a` exactly when `x` can be reached at all and `a` does not
//! dominate it, so one tree answers "reachable avoiding `a`" for every `a`
//! at once, where a walk per `a` takes time nodes × edges.
//!
//! Lengauer and Tarjan's algorithm with path compression (the "simple"
//! version): O(edges × log nodes), and no recursion, so that a chain of a
//! million nodes cannot overflow the stack.

use crate::grouped::Grouped;

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

/// A directed graph with nodes `0..n` as lists of successors.
pub(crate) struct Graph(Grouped<u32>);

impl Graph {
    /// The graph on `n` nodes with the given edges.
    pub(crate) fn new(n: usize, edges: &[(u32, u32)]) -> Self {
        Self(Grouped::new(n, edges.iter().map(|&(a, b)| (a as usize, b))))
    }

    fn nodes(&self) -> usize {
        self.0.groups()
    }

    fn successors(&self, v: usize) -> &[u32] {
        self.0.get(v)
    }

    /// The graph with every edge turned round.
    fn reversed(&self) -> Self {
        let edges = (0..self.nodes()).flat_map(|v| {
            self.successors(v)
                .iter()
                .map(move |&w| (w as usize, v as u32))
        });
        Self(Grouped::new(self.nodes(), edges))
    }
}

impl Dominators {
    /// The dominators of `g` from `root`.
    pub(crate) fn new(g: &Graph, root: usize) -> Self {
        let walk = Walk::new(g, root);
        let idom = immediate(g, &walk);
        let (enter, exit) = spans(&walk, &idom);
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

/// A depth-first walk from the root: the nodes in the order first seen,
/// and each one's parent in the walk, both by that order.
struct Walk {
    /// `order[i]` is the node seen `i`-th.
    order: Vec<u32>,
    /// The position of each node in `order`; `NONE` when not reached.
    number: Vec<u32>,
    /// The parent of the `i`-th node, by position.
    parent: Vec<u32>,
}

impl Walk {
    fn new(g: &Graph, root: usize) -> Self {
        let mut w = Self {
            order: Vec::new(),
            number: vec![NONE; g.nodes()],
            parent: Vec::new(),
        };
        // (node, the next of its successors to look at)
        let mut stack = vec![(root as u32, 0usize)];
        w.see(root as u32, NONE);
        while let Some((v, i)) = stack.last_mut() {
            let Some(&s) = g.successors(*v as usize).get(*i) else {
                stack.pop();
                continue;
            };
            *i += 1;
            if w.number[s as usize] == NONE {
                let parent = w.number[*v as usize];
                w.see(s, parent);
                stack.push((s, 0));
            }
        }
        w
    }

    fn see(&mut self, v: u32, parent: u32) {
        self.number[v as usize] = self.order.len() as u32;
        self.order.push(v);
        self.parent.push(parent);
    }
}

/// The forest of nodes linked so far, with compressed paths: each node's
/// link up and the node of least semidominator on its compressed path.
struct Forest {
    ancestor: Vec<u32>,
    label: Vec<u32>,
}

impl Forest {
    /// The node of least semidominator on the path from `v` up to its
    /// root in the forest (`v` itself when it is a root).
    fn eval(&mut self, v: u32, semi: &[u32]) -> u32 {
        if self.ancestor[v as usize] == NONE {
            return v;
        }
        self.compress(v, semi);
        self.label[v as usize]
    }

    /// Points every node on the path from `v` at the path's top, keeping
    /// the least label seen; without recursion.
    fn compress(&mut self, v: u32, semi: &[u32]) {
        let mut path = Vec::new();
        let mut x = v as usize;
        while self.ancestor[self.ancestor[x] as usize] != NONE {
            path.push(x);
            x = self.ancestor[x] as usize;
        }
        while let Some(y) = path.pop() {
            let a = self.ancestor[y] as usize;
            if semi[self.label[a] as usize] < semi[self.label[y] as usize] {
                self.label[y] = self.label[a];
            }
            self.ancestor[y] = self.ancestor[a];
        }
    }
}

/// The immediate dominator of each reached node, by walk position (the
/// root's is itself).
fn immediate(g: &Graph, walk: &Walk) -> Vec<u32> {
    let n = walk.order.len();
    let preds = g.reversed();
    let mut semi: Vec<u32> = (0..n as u32).collect();
    let mut idom = vec![0u32; n];
    let mut forest = Forest {
        ancestor: vec![NONE; n],
        label: (0..n as u32).collect(),
    };
    let mut bucket: Vec<Vec<u32>> = vec![Vec::new(); n];
    for w in (1..n).rev() {
        for &p in preds.successors(walk.order[w] as usize) {
            let v = walk.number[p as usize];
            if v == NONE {
                continue;
            }
            let u = forest.eval(v, &semi);
            semi[w] = semi[w].min(semi[u as usize]);
        }
        bucket[semi[w] as usize].push(w as u32);
        let parent = walk.parent[w];
        forest.ancestor[w] = parent;
        for v in std::mem::take(&mut bucket[parent as usize]) {
            let u = forest.eval(v, &semi);
            idom[v as usize] = if semi[u as usize] < semi[v as usize] {
                u
            } else {
                parent
            };
        }
    }
    for w in 1..n {
        if idom[w] != semi[w] {
            idom[w] = idom[idom[w] as usize];
        }
    }
    idom
}

/// Entry and exit times of each node (by node, not position) in a
/// depth-first walk of the dominator tree.
fn spans(walk: &Walk, idom: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = walk.order.len();
    let mut children = vec![0u32; n + 1];
    for &d in idom.iter().skip(1) {
        children[d as usize + 1] += 1;
    }
    for i in 0..n {
        children[i + 1] += children[i];
    }
    let mut fill = children.clone();
    let mut kids = vec![0u32; n.saturating_sub(1)];
    for (w, &d) in idom.iter().enumerate().skip(1) {
        kids[fill[d as usize] as usize] = w as u32;
        fill[d as usize] += 1;
    }
    let nodes = walk.number.len();
    let mut enter = vec![NONE; nodes];
    let mut exit = vec![NONE; nodes];
    if n == 0 {
        return (enter, exit);
    }
    let mut clock = 0u32;
    let mut stack = vec![(0u32, children[0])];
    enter[walk.order[0] as usize] = clock;
    while let Some((v, i)) = stack.last_mut() {
        if *i == children[*v as usize + 1] {
            clock += 1;
            exit[walk.order[*v as usize] as usize] = clock;
            stack.pop();
            continue;
        }
        let k = kids[*i as usize];
        *i += 1;
        clock += 1;
        enter[walk.order[k as usize] as usize] = clock;
        stack.push((k, children[k as usize]));
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
