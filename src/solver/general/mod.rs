//! The general search for levels that use the mechanics of FORMAT.md's
//! version-1 extensions beyond carried keys and small keys (other kinds of
//! items, `locks_any`, `locked_from`, `open_when`, `once`; see
//! [`Mechanics::is_extended`]).
//!
//! The solver's fast paths (the events sweep, relevance, lever parity,
//! reversible exploration, facts and needs, the heuristic's bounds) are
//! written for the rules without these mechanics, so for such a level they
//! are all gated off and every answer comes from here: every reachable
//! state of FORMAT.md's larger state of play is explored explicitly,
//! asking [`Mechanics`] for every step, within the budget. Exact, but
//! linear in the number of reachable states rather than below it.
//!
//! When that search runs out on a large level, a best-first search that
//! heads for the goal on foot ([`Walk::greedy_plan`]) may still find a
//! plan: it proves the level solvable and bounds its least cost.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use rustc_hash::FxHashMap;

use super::budget::{Budget, Meter, Stop};
use super::compile::PULL;
use crate::rules::mechanics::{Mechanics, Passage};

mod graph;
mod node;

pub(crate) use graph::{Edge, Graph, Paths};
pub(crate) use node::Node;
use node::Slots;

/// A legal step of [`Walk::actions`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Action {
    Pass(Passage),
    Pull(usize),
}

impl Action {
    /// The step as an [`Edge`] records it: a door index, or a lever index
    /// with [`PULL`] set.
    fn code(self) -> u32 {
        match self {
            Action::Pass(p) => p.door as u32,
            Action::Pull(l) => l as u32 | PULL,
        }
    }
}

/// The rules of one level with some keys treated as absent.
pub(crate) struct Walk<'m> {
    pub m: &'m Mechanics,
    pub absent: Vec<bool>,
}

impl<'m> Walk<'m> {
    /// The rules of `m` with the keys marked in `absent` left out.
    pub fn new(m: &'m Mechanics, absent: &[bool]) -> Self {
        let mut absent = absent.to_vec();
        absent.resize(m.keys().len(), false);
        Self { m, absent }
    }

    /// The state at the start, keys in the start room (and carried ones)
    /// picked up.
    pub fn start(&self, open: &[bool]) -> Node {
        let m = self.m;
        let slots = std::sync::Arc::new(Slots::new(m, open));
        let mut node = Node::fresh(slots, m.start());
        self.pick_up(&mut node);
        node
    }

    fn pick_up(&self, node: &mut Node) {
        self.m
            .pick_up(node.room, node, &self.absent, &mut Vec::new());
    }

    /// The state after taking `p` from `node`, which must be allowed.
    pub fn passed(&self, node: &Node, p: Passage) -> Node {
        let mut next = node.clone();
        self.m.pass(p, &mut next, &self.absent, &mut Vec::new());
        next
    }

    /// The state after pulling lever `l` in `node`, which must be allowed.
    pub fn pulled(&self, node: &Node, l: usize) -> Node {
        let mut next = node.clone();
        self.m.pull(l, &mut next);
        next
    }

    /// Every legal step from `node`, with its cost. The states they reach
    /// are made one at a time by [`Self::after`], since a state can be wide
    /// (a flag per key, door and lever) and a room can hold thousands of
    /// levers.
    pub fn actions(&self, node: &Node) -> Vec<(Action, f64)> {
        let m = self.m;
        let mut out = Vec::new();
        for p in m.passages_from(node.room) {
            if m.blocked(p, node).is_none() {
                out.push((Action::Pass(p), m.cost(p.door)));
            }
        }
        for l in m.levers_in(node.room) {
            if !m.pull_used(l, node) {
                out.push((Action::Pull(l), m.lever_cost()));
            }
        }
        out
    }

    /// The state after `act`, one of [`Self::actions`] of `node`.
    fn after(&self, node: &Node, act: Action) -> Node {
        match act {
            Action::Pass(p) => self.passed(node, p),
            Action::Pull(l) => self.pulled(node, l),
        }
    }

    /// True when `node` is solved.
    pub fn is_goal(&self, node: &Node) -> bool {
        self.m.is_goal(node.room, node)
    }

    /// Some plan from `start` to a goal state, as `(action, room reached)`
    /// pairs: a best-first search that goes on from the state whose room is
    /// nearest the goal on foot, ignoring every lock, lever and item. Not
    /// the least cost, but on a large level where the goal is a walk away
    /// it finds a plan in about as many states as steps, where a search of
    /// every state drowns in lever positions. `None` when no goal state
    /// was found within `budget`'s states and time.
    pub fn greedy_plan(&self, start: Node, budget: &Budget<'_>) -> Option<Vec<(u32, usize)>> {
        let near = self.steps_to_goal();
        let far = |n: &Node| near.get(n.room).copied().unwrap_or(u32::MAX);
        // Every step is work of a state's width, and each state is stored
        // twice (the list and the index), as `explore_partial` counts them.
        let width = stored_words(&start);
        let mut meter = Meter::default();
        let mut heap = BinaryHeap::from([Reverse((far(&start), 0u32))]);
        let mut came: Vec<Option<(u32, u32)>> = vec![None];
        let mut index = FxHashMap::default();
        index.insert(start.clone(), 0u32);
        let mut nodes = vec![start];
        while let Some(Reverse((_, i))) = heap.pop() {
            let node = nodes[i as usize].clone();
            if self.is_goal(&node) {
                return Some(Self::way_to(&came, &nodes, i));
            }
            for (action, _) in self.actions(&node) {
                let states = nodes.len();
                let words = states.saturating_mul(width);
                budget.check_words(&mut meter, width, states, words).ok()?;
                let next = self.after(&node, action);
                if index.contains_key(&next) {
                    continue;
                }
                let j = nodes.len() as u32;
                heap.push(Reverse((far(&next), j)));
                index.insert(next.clone(), j);
                nodes.push(next);
                came.push(Some((i, action.code())));
            }
        }
        None
    }

    /// The steps from state 0 to state `to`, by `came`.
    fn way_to(came: &[Option<(u32, u32)>], nodes: &[Node], mut to: u32) -> Vec<(u32, usize)> {
        let mut acts = Vec::new();
        while let Some(Some((from, act))) = came.get(to as usize) {
            acts.push((*act, nodes[to as usize].room));
            to = *from;
        }
        acts.reverse();
        acts
    }

    /// Per room, the fewest passages from it to the goal room, ignoring
    /// what they need; `u32::MAX` where the goal cannot be walked to.
    fn steps_to_goal(&self) -> Vec<u32> {
        let m = self.m;
        let mut into = vec![Vec::new(); m.rooms()];
        for p in m.passages() {
            if let Some(list) = into.get_mut(p.to) {
                list.push(p.from);
            }
        }
        let mut steps = vec![u32::MAX; m.rooms()];
        let mut queue = VecDeque::from([m.goal()]);
        if let Some(s) = steps.get_mut(m.goal()) {
            *s = 0;
        }
        while let Some(r) = queue.pop_front() {
            let next = steps[r].saturating_add(1);
            for &from in &into[r] {
                if steps[from] == u32::MAX {
                    steps[from] = next;
                    queue.push_back(from);
                }
            }
        }
        steps
    }

    /// Explores every state reachable from `start` within `budget`.
    ///
    /// # Errors
    /// The [`Stop`] that ended the search early.
    pub fn explore(&self, start: Node, budget: &Budget<'_>) -> Result<Graph, Stop> {
        self.explore_partial(start, budget).into_result()
    }

    /// [`Self::explore`], keeping what was explored when the budget ran
    /// out: states are expanded in the order they were found, so every
    /// state before [`Explored::expanded`] has all its steps in the graph.
    pub fn explore_partial(&self, start: Node, budget: &Budget<'_>) -> Explored {
        let mut index = FxHashMap::default();
        index.insert(start.clone(), 0u32);
        let explored = Explored {
            graph: Graph {
                goal: vec![self.is_goal(&start)],
                nodes: vec![start],
                edges: vec![Vec::new()],
            },
            stopped: None,
            expanded: 0,
            index,
            queue: VecDeque::from([0u32]),
            edges: 0,
        };
        self.explore_more(explored, budget)
    }

    /// Goes on with a search [`Self::explore_partial`] stopped, within a
    /// new `budget`, from where it stopped: the state it was expanding is
    /// expanded again from its first step. What it counts against the
    /// budget is the whole graph, not only the new part.
    pub fn explore_more(&self, mut ex: Explored, budget: &Budget<'_>) -> Explored {
        let width = stored_words(&ex.graph.nodes[0]);
        let mut meter = Meter::default();
        ex.stopped = None;
        while let Some(i) = ex.queue.pop_front() {
            if ex.graph.goal[i as usize] {
                continue;
            }
            if let Err(stop) = self.expand(&mut ex, i, width, budget, &mut meter) {
                // Back to the state before `i`: none of its steps is kept,
                // so it is a state not yet expanded, and it is next.
                ex.edges -= ex.graph.edges[i as usize].len();
                ex.graph.edges[i as usize].clear();
                ex.queue.push_front(i);
                ex.stopped = Some(stop);
                ex.expanded = i as usize;
                return ex;
            }
        }
        ex.expanded = ex.graph.nodes.len();
        ex
    }

    /// Adds every step of state `i` to the graph, and the states they
    /// reach to it and to the queue.
    fn expand(
        &self,
        ex: &mut Explored,
        i: u32,
        width: usize,
        budget: &Budget<'_>,
        meter: &mut Meter,
    ) -> Result<(), Stop> {
        let g = &mut ex.graph;
        for (action, cost) in self.actions(&g.nodes[i as usize]) {
            // Every step costs a state's width to make and look up, and
            // the graph keeps its edge: both count against the budget
            // before anything is stored. Only a new state counts
            // against the number of states.
            let words = g.nodes.len().saturating_mul(width) + ex.edges * EDGE_WORDS;
            let next = self.after(&g.nodes[i as usize], action);
            let to = match ex.index.get(&next) {
                Some(&j) => {
                    budget.check_words(meter, width, 0, words)?;
                    j
                }
                None => {
                    budget.check_words(meter, width, g.nodes.len(), words)?;
                    let j = g.nodes.len() as u32;
                    ex.index.insert(next.clone(), j);
                    g.goal.push(self.is_goal(&next));
                    g.nodes.push(next);
                    g.edges.push(Vec::new());
                    ex.queue.push_back(j);
                    j
                }
            };
            let act = action.code();
            g.edges[i as usize].push(Edge { act, to, cost });
            ex.edges += 1;
        }
        Ok(())
    }
}

/// What [`Walk::explore_partial`] explored.
pub(crate) struct Explored {
    pub graph: Graph,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stop>,
    /// The states before this one have every step they allow in the graph.
    pub expanded: usize,
    /// Every state's number in the graph.
    index: FxHashMap<Node, u32>,
    /// The states found and not yet expanded, in the order they were found.
    queue: VecDeque<u32>,
    /// The number of edges in the graph.
    edges: usize,
}

impl Explored {
    /// The whole graph, or why the search stopped before it had it.
    pub fn into_result(self) -> Result<Graph, Stop> {
        match self.stopped {
            None => Ok(self.graph),
            Some(stop) => Err(stop),
        }
    }

    /// The ids of the rooms no explored state stands in, in level order.
    pub fn rooms_not_seen(&self, level: &crate::model::Level) -> Vec<crate::model::RoomId> {
        let mut seen = vec![false; level.rooms.len()];
        for node in &self.graph.nodes {
            seen[node.room] = true;
        }
        (level.rooms.iter().zip(&seen))
            .filter(|&(_, &s)| !s)
            .map(|(r, _)| r.id.clone())
            .collect()
    }
}

/// Words an [`Edge`] takes in the graph.
const EDGE_WORDS: usize = std::mem::size_of::<Edge>().div_ceil(8);

/// Words one stored state like `node` takes: the state in the list of
/// states and again as the key of the index, each with its lists, and its
/// entries in the graph's other lists.
fn stored_words(node: &Node) -> usize {
    let one = std::mem::size_of::<Node>() + 8 * node.words();
    let extra = std::mem::size_of::<Vec<Edge>>() + std::mem::size_of::<u32>() * 2 + 1;
    (2 * one + extra).div_ceil(8)
}

/// The open state of every door at the start (only lever doors read it).
pub(crate) fn open_at_start(level: &crate::model::Level) -> Vec<bool> {
    level.doors.iter().map(|d| d.open).collect()
}

#[cfg(test)]
mod tests {
    use super::{Walk, open_at_start, stored_words};
    use crate::model::{Door, Level, Lever, Literal, Room};
    use crate::rules::Mechanics;

    /// A corridor of `n` rooms whose second door is open while lever `l`
    /// (in the first room) has been pulled an odd number of times.
    fn corridor(n: usize) -> Level {
        let mut level = Level::new("corridor");
        level.rooms = (0..n)
            .map(|r| Room::new(format!("r{r}").as_str(), [0.0, 0.0]))
            .collect();
        level.doors = (1..n)
            .map(|r| {
                Door::new(
                    format!("d{r}").as_str(),
                    format!("r{}", r - 1).as_str(),
                    format!("r{r}").as_str(),
                )
            })
            .collect();
        level.doors[1].open_when = Some(vec![vec![Literal {
            lever: "l".into(),
            pulled: true,
        }]]);
        level.levers = vec![Lever::new("l", "r0", Vec::new())];
        level.start = "r0".into();
        level.goal = format!("r{}", n - 1).as_str().into();
        level
    }

    /// A state keeps only what can change: its width does not grow with
    /// doors no lever flips and nothing unlocks. It was a flag per door,
    /// twice over, which made a 20,000-room level's states 80 KB wide.
    #[test]
    fn a_state_is_as_wide_for_ten_thousand_rooms_as_for_ten() {
        let widths: Vec<usize> = [10, 10_000]
            .into_iter()
            .map(|n| {
                let level = corridor(n);
                let m = Mechanics::new(&level).unwrap();
                let walk = Walk::new(&m, &[]);
                stored_words(&walk.start(&open_at_start(&level)))
            })
            .collect();
        assert_eq!(widths[0], widths[1]);
    }

    /// Heading for the goal finds the corridor's plan, pulling the lever
    /// its conditional door needs, without a search of every state; and
    /// finds none when the goal cannot be reached.
    #[test]
    fn the_greedy_search_finds_the_way_through_the_conditional_door() {
        let level = corridor(50);
        let m = Mechanics::new(&level).unwrap();
        let walk = Walk::new(&m, &[]);
        let options = crate::solver::SolveOptions::default();
        let start = walk.start(&open_at_start(&level));
        let acts = walk.greedy_plan(start.clone(), &options.budget()).unwrap();
        assert_eq!(acts.len(), 49 + 1, "49 doors and one pull");
        assert_eq!(acts.last().map(|&(_, room)| room), Some(49));
        let rules = crate::rules::Rules::new(&level).unwrap();
        let prep = crate::solver::Prepared::from_rules(rules, &[]);
        let plan = prep.plan_rooms(acts.into_iter()).unwrap();
        assert_eq!(plan.cost, 50.0);

        let mut shut = level.clone();
        shut.levers.clear();
        shut.doors[1].open_when = Some(Vec::new());
        let m = Mechanics::new(&shut).unwrap();
        let walk = Walk::new(&m, &[]);
        assert!(
            walk.greedy_plan(walk.start(&open_at_start(&shut)), &options.budget())
                .is_none()
        );
    }

    /// The corridor's states: the first two rooms with the lever either
    /// way, and the other 48 only with it pulled, the door behind them open.
    #[test]
    fn the_corridor_is_explored_whole() {
        let level = corridor(50);
        let m = Mechanics::new(&level).unwrap();
        let walk = Walk::new(&m, &[]);
        let options = crate::solver::SolveOptions::default();
        let g = walk
            .explore(walk.start(&open_at_start(&level)), &options.budget())
            .unwrap();
        assert_eq!(g.nodes.len(), 4 + 48);
        assert_eq!(g.goal.iter().filter(|&&goal| goal).count(), 1);
    }

    /// A search stopped anywhere and then resumed makes the same graph as
    /// one that was never stopped: every state in the same place, with the
    /// same steps (the state being expanded when it stopped is not left
    /// with half its steps, nor given them twice).
    #[test]
    fn a_search_resumed_makes_the_graph_of_one_never_stopped() {
        let level = corridor(30);
        let m = Mechanics::new(&level).unwrap();
        let walk = Walk::new(&m, &[]);
        let options = crate::solver::SolveOptions::default();
        let start = walk.start(&open_at_start(&level));
        let whole = walk.explore(start.clone(), &options.budget()).unwrap();
        let steps = |g: &super::Graph| -> Vec<Vec<(u32, u32, f64)>> {
            let edges = g.edges.iter();
            edges
                .map(|e| e.iter().map(|e| (e.act, e.to, e.cost)).collect())
                .collect()
        };
        for most in 1..whole.nodes.len() {
            let mut budget = options.budget();
            budget.max_states = most;
            let cut = walk.explore_partial(start.clone(), &budget);
            assert!(cut.stopped.is_some(), "stopped at {most} states");
            assert!(cut.graph.edges[cut.expanded..].iter().all(Vec::is_empty));
            let resumed = walk.explore_more(cut, &options.budget());
            assert_eq!(resumed.stopped, None);
            assert_eq!(resumed.expanded, whole.nodes.len());
            assert!(resumed.graph.nodes == whole.nodes, "at {most} states");
            assert_eq!(steps(&resumed.graph), steps(&whole), "at {most} states");
        }
    }
}
