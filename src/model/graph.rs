//! The rooms of a level as a graph that petgraph's algorithms run on.

use std::ops::Range;
use std::slice;

use fixedbitset::FixedBitSet;
use petgraph::Direction;
use petgraph::visit::{
    Data, EdgeCount, EdgeRef, GraphBase, GraphProp, IntoEdgeReferences, IntoEdges,
    IntoEdgesDirected, IntoNeighbors, IntoNeighborsDirected, IntoNodeIdentifiers,
    IntoNodeReferences, NodeCompactIndexable, NodeCount, NodeIndexable, Visitable,
};

use super::{Door, Level, LevelIndex, Room, RoomId};
use crate::grouped::Grouped;

/// The rooms of a level joined by its doors, as a directed graph that
/// [petgraph]'s algorithms take as it is: a node is a room's position in
/// `level.rooms`, an edge a passage through a door, its id the door's
/// position in `level.doors` and its weight the [`Door`]. A two-way door is
/// a passage each way (both with the door's id), a one-way door one passage
/// from its `from` room to its `to` room. Locks, levers and what the player
/// holds are not looked at: this is the map, and the rules of play are
/// [`crate::rules`]'s.
///
/// Build it once for a level that does not change; a door naming a room
/// that does not exist is left out.
///
/// The core takes petgraph 0.7 (0.8 would bring two more hash crates past
/// the core's budget of 25): its `algo::articulation_points` is 0.8's, and
/// here the dominators from the start give the cut rooms that matter to a
/// designer, those between the start and a room.
///
/// ```
/// use lockwork::format::from_str;
/// use lockwork::model::RoomGraph;
/// use petgraph::algo::{dijkstra, dominators::simple_fast, tarjan_scc};
/// use petgraph::visit::EdgeRef;
///
/// let level = from_str(include_str!("../../assets/keys.level.json"))?.level;
/// let rooms = RoomGraph::new(&level);
/// let (Some(start), Some(goal)) = (rooms.room(&level.start), rooms.room(&level.goal)) else {
///     unreachable!("a loaded level names rooms that exist");
/// };
/// let id = |r: usize| level.rooms[r].id.as_str();
///
/// // The rooms between the start and the goal that every way to the goal
/// // passes (they dominate it), so a place to put a lock no player can
/// // walk round.
/// let dominators = simple_fast(&rooms, start);
/// let mut on_every_way: Vec<&str> = (dominators.strict_dominators(goal).into_iter())
///     .flatten()
///     .filter(|&r| r != start)
///     .map(id)
///     .collect();
/// on_every_way.sort_unstable();
/// assert_eq!(on_every_way, ["r2", "r7", "r8"]);
///
/// // The least cost of walking to each room, doors' costs as weights.
/// let cost = dijkstra(&rooms, start, None, |p| p.weight().cost);
/// assert_eq!(cost[&goal], 4.0);
///
/// // Rooms that can always walk back to each other: every door here is
/// // two-way, so one component holds every room.
/// assert_eq!(tarjan_scc(&rooms).len(), 1);
///
/// // Any walk of petgraph's runs on it too: the articulation points of the
/// // whole map (rooms whose loss cuts it in two), by its depth-first search.
/// use petgraph::visit::{DfsEvent, depth_first_search};
/// let n = level.rooms.len();
/// let (mut found, mut low, mut parent) = (vec![0; n], vec![0; n], vec![None; n]);
/// let (mut clock, mut cut, mut children_of_start) = (0, vec![false; n], 0);
/// depth_first_search(&rooms, Some(start), |event| match event {
///     DfsEvent::Discover(r, _) => {
///         clock += 1;
///         (found[r], low[r]) = (clock, clock);
///     }
///     DfsEvent::TreeEdge(up, r) => {
///         parent[r] = Some(up);
///         children_of_start += usize::from(up == start);
///     }
///     DfsEvent::BackEdge(r, up) => low[r] = low[r].min(found[up]),
///     DfsEvent::Finish(r, _) => {
///         if let Some(up) = parent[r] {
///             low[up] = low[up].min(low[r]);
///             cut[up] |= up != start && low[r] >= found[up];
///         }
///     }
///     _ => {}
/// });
/// cut[start] = children_of_start > 1;
/// let cut: Vec<&str> = (0..n).filter(|&r| cut[r]).map(id).collect();
/// // The Library (r3) too, which the Gallery hangs from, off the way.
/// assert_eq!(cut, ["r2", "r3", "r7", "r8"]);
/// # Ok::<(), lockwork::format::LoadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RoomGraph<'l> {
    level: &'l Level,
    index: LevelIndex,
    /// Per room, `(room it leads into, door)` of each passage out of it.
    out: Grouped<(u32, u32)>,
    /// Per room, `(room it comes from, door)` of each passage into it.
    into: Grouped<(u32, u32)>,
}

impl<'l> RoomGraph<'l> {
    /// The graph of `level`'s rooms and doors.
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room, RoomGraph};
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.one_way = true;
    /// level.doors.push(door);
    /// let rooms = RoomGraph::new(&level);
    /// assert_eq!(rooms.passages(), 1);
    /// assert_eq!(rooms.room(&"r2".into()), Some(1));
    /// ```
    pub fn new(level: &'l Level) -> Self {
        let index = LevelIndex::new(level);
        let passages: Vec<(u32, u32, u32)> = (level.doors.iter().enumerate())
            .filter_map(|(d, door)| {
                let from = u32::try_from(index.room(&door.from)?).ok()?;
                let to = u32::try_from(index.room(&door.to)?).ok()?;
                Some((u32::try_from(d).ok()?, from, to, door.one_way))
            })
            .flat_map(|(d, from, to, one_way)| {
                let back = (!one_way).then_some((d, to, from));
                std::iter::once((d, from, to)).chain(back)
            })
            .collect();
        let rooms = level.rooms.len();
        let out = passages.iter().map(|&(d, a, b)| (a as usize, (b, d)));
        let into = passages.iter().map(|&(d, a, b)| (b as usize, (a, d)));
        Self {
            level,
            index,
            out: Grouped::new(rooms, out),
            into: Grouped::new(rooms, into),
        }
    }

    /// The level the graph is of.
    ///
    /// ```
    /// use lockwork::model::{Level, RoomGraph};
    /// let level = Level::new("one room");
    /// assert_eq!(RoomGraph::new(&level).level().rooms.len(), 1);
    /// ```
    pub fn level(&self) -> &'l Level {
        self.level
    }

    /// The node of room `id`: its position in `level.rooms`.
    ///
    /// ```
    /// use lockwork::model::{Level, RoomGraph};
    /// let level = Level::new("one room");
    /// let rooms = RoomGraph::new(&level);
    /// assert_eq!(rooms.room(&level.start), Some(0));
    /// assert_eq!(rooms.room(&"nowhere".into()), None);
    /// ```
    pub fn room(&self, id: &RoomId) -> Option<usize> {
        self.index.room(id)
    }

    /// How many passages (edges) there are: two for a two-way door, one
    /// for a one-way door.
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room, RoomGraph};
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// assert_eq!(RoomGraph::new(&level).passages(), 2);
    /// ```
    pub fn passages(&self) -> usize {
        self.out.len()
    }

    fn rooms(&self) -> usize {
        self.out.groups()
    }

    fn passage(&self, from: usize, &(to, door): &(u32, u32)) -> RoomEdge<'l> {
        let door = door as usize;
        RoomEdge {
            from,
            to: to as usize,
            door,
            data: &self.level.doors[door],
        }
    }
}

/// One passage of a [`RoomGraph`]: from a room into another through a
/// door; petgraph's edge reference.
///
/// ```
/// use lockwork::model::{Door, Level, Room, RoomGraph};
/// use petgraph::visit::{EdgeRef, IntoEdges};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// let rooms = RoomGraph::new(&level);
/// let p = (&rooms).edges(0).next().unwrap();
/// assert_eq!((p.source(), p.target(), p.id()), (0, 1, 0));
/// assert_eq!(p.weight().id.as_str(), "d1");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RoomEdge<'l> {
    from: usize,
    to: usize,
    door: usize,
    data: &'l Door,
}

impl EdgeRef for RoomEdge<'_> {
    type NodeId = usize;
    type EdgeId = usize;
    type Weight = Door;

    fn source(&self) -> usize {
        self.from
    }

    fn target(&self) -> usize {
        self.to
    }

    fn weight(&self) -> &Door {
        self.data
    }

    fn id(&self) -> usize {
        self.door
    }
}

/// The rooms next to one room of a [`RoomGraph`], one per passage.
#[derive(Clone, Debug)]
pub struct Neighbours<'a>(slice::Iter<'a, (u32, u32)>);

impl Iterator for Neighbours<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        self.0.next().map(|&(room, _)| room as usize)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

/// The passages of a [`RoomGraph`]: of one room, or of every room in turn.
#[derive(Clone, Debug)]
pub struct RoomEdges<'a, 'l> {
    graph: &'a RoomGraph<'l>,
    /// The room whose passages `list` holds, and the rooms after it to go
    /// through (empty for one room's).
    room: usize,
    rest: Range<usize>,
    list: slice::Iter<'a, (u32, u32)>,
    /// Whether `list` holds passages into `room` rather than out of it.
    incoming: bool,
}

impl<'a, 'l> RoomEdges<'a, 'l> {
    fn of(graph: &'a RoomGraph<'l>, room: usize, dir: Direction) -> Self {
        let incoming = dir == Direction::Incoming;
        let list = if incoming { &graph.into } else { &graph.out };
        Self {
            graph,
            room,
            rest: 0..0,
            list: list.get(room).iter(),
            incoming,
        }
    }
}

impl<'l> Iterator for RoomEdges<'_, 'l> {
    type Item = RoomEdge<'l>;

    fn next(&mut self) -> Option<RoomEdge<'l>> {
        loop {
            if let Some(item) = self.list.next() {
                let p = self.graph.passage(self.room, item);
                return Some(if self.incoming {
                    RoomEdge {
                        from: p.to,
                        to: p.from,
                        ..p
                    }
                } else {
                    p
                });
            }
            self.room = self.rest.next()?;
            self.list = self.graph.out.get(self.room).iter();
        }
    }
}

impl GraphBase for RoomGraph<'_> {
    type NodeId = usize;
    type EdgeId = usize;
}

impl GraphProp for RoomGraph<'_> {
    type EdgeType = petgraph::Directed;
}

impl Data for RoomGraph<'_> {
    type NodeWeight = Room;
    type EdgeWeight = Door;
}

impl NodeCount for RoomGraph<'_> {
    fn node_count(&self) -> usize {
        self.rooms()
    }
}

impl EdgeCount for RoomGraph<'_> {
    fn edge_count(&self) -> usize {
        self.passages()
    }
}

impl NodeIndexable for RoomGraph<'_> {
    fn node_bound(&self) -> usize {
        self.rooms()
    }

    fn to_index(&self, a: usize) -> usize {
        a
    }

    fn from_index(&self, i: usize) -> usize {
        i
    }
}

impl NodeCompactIndexable for RoomGraph<'_> {}

impl IntoNodeIdentifiers for &RoomGraph<'_> {
    type NodeIdentifiers = Range<usize>;

    fn node_identifiers(self) -> Range<usize> {
        0..self.rooms()
    }
}

impl<'l> IntoNodeReferences for &RoomGraph<'l> {
    type NodeRef = (usize, &'l Room);
    type NodeReferences = std::iter::Enumerate<slice::Iter<'l, Room>>;

    fn node_references(self) -> Self::NodeReferences {
        self.level.rooms.iter().enumerate()
    }
}

impl<'a> IntoNeighbors for &'a RoomGraph<'_> {
    type Neighbors = Neighbours<'a>;

    fn neighbors(self, a: usize) -> Neighbours<'a> {
        Neighbours(self.out.get(a).iter())
    }
}

impl<'a> IntoNeighborsDirected for &'a RoomGraph<'_> {
    type NeighborsDirected = Neighbours<'a>;

    fn neighbors_directed(self, a: usize, dir: Direction) -> Neighbours<'a> {
        match dir {
            Direction::Outgoing => Neighbours(self.out.get(a).iter()),
            Direction::Incoming => Neighbours(self.into.get(a).iter()),
        }
    }
}

impl<'a, 'l> IntoEdgeReferences for &'a RoomGraph<'l> {
    type EdgeRef = RoomEdge<'l>;
    type EdgeReferences = RoomEdges<'a, 'l>;

    fn edge_references(self) -> RoomEdges<'a, 'l> {
        let mut all = RoomEdges::of(self, 0, Direction::Outgoing);
        all.rest = 1..self.rooms().max(1);
        all
    }
}

impl<'a, 'l> IntoEdges for &'a RoomGraph<'l> {
    type Edges = RoomEdges<'a, 'l>;

    fn edges(self, a: usize) -> RoomEdges<'a, 'l> {
        RoomEdges::of(self, a, Direction::Outgoing)
    }
}

impl<'a, 'l> IntoEdgesDirected for &'a RoomGraph<'l> {
    type EdgesDirected = RoomEdges<'a, 'l>;

    fn edges_directed(self, a: usize, dir: Direction) -> RoomEdges<'a, 'l> {
        RoomEdges::of(self, a, dir)
    }
}

impl Visitable for RoomGraph<'_> {
    type Map = FixedBitSet;

    fn visit_map(&self) -> FixedBitSet {
        FixedBitSet::with_capacity(self.rooms())
    }

    fn reset_map(&self, map: &mut FixedBitSet) {
        map.clear();
        map.grow(self.rooms());
    }
}

#[cfg(test)]
mod tests {
    use petgraph::Direction::{Incoming, Outgoing};
    use petgraph::visit::{
        EdgeRef, IntoEdgeReferences, IntoEdgesDirected, IntoNeighborsDirected, NodeIndexable,
        Visitable,
    };

    use super::RoomGraph;
    use crate::model::{Door, Level, Room};

    /// r1 ⇄ r2 → r3 (one way), and a door to a room that does not exist.
    fn level() -> Level {
        let mut level = Level::new("three rooms");
        level.rooms.push(Room::new("r2", [1.0, 0.0]));
        level.rooms.push(Room::new("r3", [2.0, 0.0]));
        level.doors.push(Door::new("d1", "r1", "r2"));
        let mut one_way = Door::new("d2", "r2", "r3");
        one_way.one_way = true;
        level.doors.push(one_way);
        level.doors.push(Door::new("d3", "r3", "nowhere"));
        level
    }

    fn triples<'l>(edges: impl Iterator<Item = super::RoomEdge<'l>>) -> Vec<(usize, usize, usize)> {
        let mut all: Vec<_> = edges.map(|e| (e.source(), e.target(), e.id())).collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn a_two_way_door_is_a_passage_each_way_and_a_one_way_door_one() {
        let level = level();
        let g = RoomGraph::new(&level);
        assert_eq!(g.passages(), 3);
        assert_eq!(
            triples((&g).edge_references()),
            [(0, 1, 0), (1, 0, 0), (1, 2, 1)]
        );
        assert_eq!((&g).neighbors_directed(2, Outgoing).count(), 0);
        assert_eq!(
            (&g).neighbors_directed(2, Incoming).collect::<Vec<_>>(),
            [1]
        );
    }

    #[test]
    fn incoming_edges_keep_their_direction() {
        let level = level();
        let g = RoomGraph::new(&level);
        assert_eq!(triples((&g).edges_directed(1, Incoming)), [(0, 1, 0)]);
        assert_eq!(
            triples((&g).edges_directed(1, Outgoing)),
            [(1, 0, 0), (1, 2, 1)]
        );
        assert_eq!(triples((&g).edges_directed(2, Incoming)), [(1, 2, 1)]);
    }

    #[test]
    fn maps_cover_every_room_again_after_a_reset() {
        let level = level();
        let g = RoomGraph::new(&level);
        let mut map = g.visit_map();
        assert_eq!(map.len(), 3);
        map.insert(2);
        g.reset_map(&mut map);
        assert_eq!((map.len(), map.count_ones(..)), (3, 0));
        assert_eq!(g.node_bound(), 3);
    }

    #[test]
    fn one_way_doors_split_the_strongly_connected_components() {
        let level = level();
        let g = RoomGraph::new(&level);
        let mut sccs: Vec<Vec<usize>> = petgraph::algo::kosaraju_scc(&g)
            .into_iter()
            .map(|mut c| {
                c.sort_unstable();
                c
            })
            .collect();
        sccs.sort_unstable();
        assert_eq!(sccs, [vec![0, 1], vec![2]]);
    }
}
