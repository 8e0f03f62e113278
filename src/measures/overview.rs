//! The area overview: the mission graph over the space graph. Each area
//! (rooms joined by free doors, as [`super::Routes`] cuts the level) is one
//! node, named by the designer or by its first room; the doors that are not
//! free join areas as links, each carrying what it asks (keys, small keys
//! and items, levers, one way). Keys are counted in the area where they
//! lie, and a plan's order of areas can be laid over it. It is data: the
//! editor draws it, a game or a script can too.

use super::areas::area_of_rooms;
use crate::model::{Level, RoomId};
use crate::rules::Step;
use crate::rules::mechanics::{Mechanics, Opening};

/// The key of a room's `props` under [`crate::generate::PROPS_KEY`] that names its area:
/// `"props": {"lockwork": {"area": "Crypt"}}`.
pub const AREA_NAME_KEY: &str = "area";

/// One area: its rooms, its name and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewArea {
    /// Its rooms (indices into `level.rooms`), in level order.
    pub rooms: Vec<usize>,
    /// The name a room of it gives the area (`props.lockwork.area`), or its
    /// first room's name, or that room's id.
    pub name: String,
    /// The first room's id.
    pub first: RoomId,
    /// The mean position of its rooms that have one.
    pub center: [f64; 2],
    /// The corners of the box around its rooms' positions.
    pub bounds: ([f64; 2], [f64; 2]),
    /// Keys lying in it (indices into `level.keys`).
    pub keys: Vec<usize>,
    /// Its place (from 1) in the order a plan first enters areas.
    pub visit: Option<usize>,
}

/// The doors between two areas, and what they ask.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewLink {
    /// The two areas (indices into [`Overview::areas`]), the smaller first.
    pub areas: (usize, usize),
    /// The doors (indices into `level.doors`), in level order.
    pub doors: Vec<usize>,
    /// Named keys some door locks with (`locks`, `locks_any`), each once.
    pub keys: Vec<usize>,
    /// Some door spends small keys or items.
    pub spends: bool,
    /// Some door is opened by levers.
    pub levers: bool,
    /// Some door is shut for good.
    pub shut: bool,
    /// Every door is one-way.
    pub one_way: bool,
}

/// The area graph of a level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overview {
    /// The areas, in the order of their first room.
    pub areas: Vec<OverviewArea>,
    /// The links between areas, in the order of their first door.
    pub links: Vec<OverviewLink>,
    /// The area of each room (indices into `areas`).
    pub area_of_room: Vec<usize>,
    /// The start's area.
    pub start: usize,
    /// The goal's area.
    pub goal: usize,
}

impl Overview {
    /// The overview of `level`, whose rules are `m`, with the order in
    /// which `plan` (when given) first enters each area.
    ///
    /// ```
    /// use lockwork::measures::Overview;
    /// use lockwork::model::{Door, Key, Level, Room};
    /// use lockwork::rules::Rules;
    ///
    /// let mut level = Level::new("two areas");
    /// level.rooms.push(Room::new("r2", [200.0, 0.0]));
    /// level.rooms.push(Room::new("r3", [400.0, 0.0]));
    /// level.goal = "r3".into();
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// let mut locked = Door::new("d2", "r2", "r3");
    /// locked.locks = vec!["k1".into()];
    /// level.doors.push(locked);
    /// level.keys.push(Key::new("k1", "r2"));
    /// let rules = Rules::new(&level)?;
    /// let overview = Overview::of(&level, rules.mechanics(), None);
    /// assert_eq!(overview.areas.len(), 2, "r1 and r2 share an area; r3 is behind the lock");
    /// assert_eq!(overview.links[0].keys, vec![0]);
    /// assert_eq!(overview.areas[0].keys, vec![0], "the key lies before its lock");
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn of(level: &Level, m: &Mechanics, plan: Option<&[Step]>) -> Self {
        let area_of_room = area_of_rooms(m);
        let count = area_of_room.iter().max().map_or(0, |&a| a + 1);
        let mut areas = gather_areas(level, &area_of_room, count);
        // Keys carried from the start lie nowhere.
        let index = crate::model::LevelIndex::new(level);
        for (k, key) in level.keys.iter().enumerate() {
            if let Some(room) = key.room.as_ref().and_then(|r| index.room(r))
                && let Some(area) = area_of_room.get(room).and_then(|&a| areas.get_mut(a))
            {
                area.keys.push(k);
            }
        }
        let links = gather_links(m, &area_of_room);
        let mut overview = Self {
            start: area_of_room.get(m.start()).copied().unwrap_or(0),
            goal: area_of_room.get(m.goal()).copied().unwrap_or(0),
            areas: std::mem::take(&mut areas),
            links,
            area_of_room,
        };
        if let Some(steps) = plan {
            overview.mark_visits(level, steps);
        }
        overview
    }

    /// Numbers the areas in the order `steps` first enters them, the
    /// start's area first.
    fn mark_visits(&mut self, level: &Level, steps: &[Step]) {
        let index = crate::model::LevelIndex::new(level);
        let mut next = 1;
        let mut visit = |area: usize, areas: &mut Vec<OverviewArea>| {
            if let Some(a) = areas.get_mut(area)
                && a.visit.is_none()
            {
                a.visit = Some(next);
                next += 1;
            }
        };
        visit(self.start, &mut self.areas);
        for step in steps {
            if let Step::Move { to, .. } = step
                && let Some(room) = index.room(to)
                && let Some(&area) = self.area_of_room.get(room)
            {
                visit(area, &mut self.areas);
            }
        }
    }

    /// The area at `point` (in level units): the one whose box holds it,
    /// the smallest such box first.
    pub fn area_at(&self, point: [f64; 2]) -> Option<usize> {
        let inside = |(lo, hi): ([f64; 2], [f64; 2])| {
            point[0] >= lo[0] && point[0] <= hi[0] && point[1] >= lo[1] && point[1] <= hi[1]
        };
        let size = |(lo, hi): ([f64; 2], [f64; 2])| (hi[0] - lo[0]) * (hi[1] - lo[1]);
        (0..self.areas.len())
            .filter(|&a| inside(self.areas[a].bounds))
            .min_by(|&a, &b| size(self.areas[a].bounds).total_cmp(&size(self.areas[b].bounds)))
    }
}

/// Each area's rooms, name, centre and box.
fn gather_areas(level: &Level, area_of_room: &[usize], count: usize) -> Vec<OverviewArea> {
    let mut rooms: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (r, &a) in area_of_room.iter().enumerate() {
        if let Some(list) = rooms.get_mut(a) {
            list.push(r);
        }
    }
    rooms
        .into_iter()
        .map(|rooms| {
            let first = rooms.first().and_then(|&r| level.rooms.get(r));
            let named = rooms.iter().find_map(|&r| area_name(level.rooms.get(r)?));
            let name = named
                .or_else(|| {
                    first
                        .map(|f| f.name.trim().to_owned())
                        .filter(|n| !n.is_empty())
                })
                .or_else(|| first.map(|f| f.id.to_string()))
                .unwrap_or_default();
            let (center, bounds) = place(level, &rooms);
            OverviewArea {
                first: first.map_or_else(|| RoomId::new(""), |f| f.id.clone()),
                rooms,
                name,
                center,
                bounds,
                keys: Vec::new(),
                visit: None,
            }
        })
        .collect()
}

/// A room's name for its area, from its props.
fn area_name(room: &crate::model::Room) -> Option<String> {
    let name = room
        .props
        .get(crate::generate::PROPS_KEY)?
        .get(AREA_NAME_KEY)?
        .as_str()?
        .trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// The mean position and the box of `rooms` (those without a position
/// count as the origin).
fn place(level: &Level, rooms: &[usize]) -> ([f64; 2], ([f64; 2], [f64; 2])) {
    let points: Vec<[f64; 2]> = rooms
        .iter()
        .map(|&r| {
            level
                .rooms
                .get(r)
                .and_then(|room| room.pos)
                .unwrap_or([0.0, 0.0])
        })
        .collect();
    let n = points.len().max(1) as f64;
    let center = [
        points.iter().map(|p| p[0]).sum::<f64>() / n,
        points.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    let lo = points
        .iter()
        .fold([f64::INFINITY; 2], |m, p| [m[0].min(p[0]), m[1].min(p[1])]);
    let hi = points.iter().fold([f64::NEG_INFINITY; 2], |m, p| {
        [m[0].max(p[0]), m[1].max(p[1])]
    });
    let bounds = if points.is_empty() {
        (center, center)
    } else {
        (lo, hi)
    };
    (center, bounds)
}

/// The doors between areas, grouped by the pair of areas they join.
fn gather_links(m: &Mechanics, area_of_room: &[usize]) -> Vec<OverviewLink> {
    let mut links: Vec<OverviewLink> = Vec::new();
    let mut by_pair = rustc_hash::FxHashMap::default();
    for (d, rule) in m.doors().iter().enumerate() {
        let Some((a, b)) = m.ends(d) else { continue };
        let (Some(&x), Some(&y)) = (area_of_room.get(a), area_of_room.get(b)) else {
            continue;
        };
        if x == y {
            continue;
        }
        let pair = (x.min(y), x.max(y));
        let i = *by_pair.entry(pair).or_insert_with(|| {
            links.push(OverviewLink {
                areas: pair,
                doors: Vec::new(),
                keys: Vec::new(),
                spends: false,
                levers: false,
                shut: false,
                one_way: true,
            });
            links.len() - 1
        });
        let link = &mut links[i];
        link.doors.push(d);
        for k in m.keys_read(d) {
            if !link.keys.contains(&k) {
                link.keys.push(k);
            }
        }
        link.spends |= !rule.spend.is_empty() || rule.small_locks > 0;
        link.levers |= matches!(rule.opening, Opening::Lever { .. } | Opening::When);
        link.shut |= matches!(rule.opening, Opening::Shut);
        link.one_way &= rule.one_way;
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Room};
    use crate::rules::Rules;

    /// A chain of three areas behind two locks; the plan enters them in order.
    #[test]
    fn areas_links_keys_and_the_plan_order() {
        let mut level = Level::new("chain");
        for (i, x) in [(2, 100.0), (3, 200.0), (4, 300.0), (5, 400.0)] {
            level
                .rooms
                .push(Room::new(format!("r{i}").as_str(), [x, 0.0]));
        }
        level.goal = "r5".into();
        level.doors.push(Door::new("d1", "r1", "r2"));
        let mut d2 = Door::new("d2", "r2", "r3");
        d2.locks = vec!["a".into()];
        level.doors.push(d2);
        level.doors.push(Door::new("d3", "r3", "r4"));
        let mut d4 = Door::new("d4", "r4", "r5");
        d4.small_locks = 1;
        level.doors.push(d4);
        level.keys.push(Key::new("a", "r2"));
        let mut small = Key::new("s", "r4");
        small.small = true;
        level.keys.push(small);
        if let Some(room) = level.rooms.get_mut(2) {
            room.props
                .insert("lockwork".into(), serde_json::json!({"area": "Crypt"}));
        }
        let rules = Rules::new(&level).unwrap();
        let plan = crate::solver::solve(&level, &crate::solver::SolveOptions::default())
            .unwrap()
            .plan
            .unwrap();
        let o = Overview::of(&level, rules.mechanics(), Some(&plan.steps));
        assert_eq!(o.areas.len(), 3);
        assert_eq!(o.areas[1].name, "Crypt", "named by the designer");
        assert_eq!(o.areas[0].name, "r1", "named by its first room");
        assert_eq!(o.links.len(), 2);
        assert_eq!(o.links[0].keys, vec![0]);
        assert!(o.links[1].spends && o.links[1].keys.is_empty());
        assert_eq!((o.start, o.goal), (0, 2));
        let visits: Vec<Option<usize>> = o.areas.iter().map(|a| a.visit).collect();
        assert_eq!(visits, vec![Some(1), Some(2), Some(3)]);
        assert_eq!(o.area_at([300.0, 0.0]), Some(1));
    }
}
