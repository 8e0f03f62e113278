//! Large small-key levels of issue 36 (item 4): 200 to 1,000 rooms, 10 to
//! 40 small keys, 8 to 100 small-locked doors and many one-way doors. Each
//! is a tree of areas (rooms joined by plain doors, with a few loops and
//! one-way shortcuts inside) whose areas are joined by one-way drops and
//! small-locked doors, a few one-way ways back to an earlier area, side
//! rooms behind small locks, and small keys strewn over it: the shape of
//! a dungeon generator's output, where a player who drops down too early
//! or spends a key on the wrong door may be stuck.

use lockwork::model::{Door, Key, Level, Room};

/// `SplitMix64`, for seeded draws without a crate.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let x = self.0;
        let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with odds `p` in 100.
    fn odds(&mut self, p: usize) -> bool {
        self.below(100) < p
    }
}

/// The sizes of level `i` of `of`: rooms, small keys, small-locked doors,
/// spread evenly over the ranges.
pub fn sizes(i: usize, of: usize) -> (usize, usize, usize) {
    let t = |lo: usize, hi: usize| lo + (hi - lo) * i / (of - 1).max(1);
    // Keys and locks go up in another order than rooms, so that every mix
    // of a large level with few keys and a small one with many is drawn.
    let j = (i * 7) % of;
    let u = |lo: usize, hi: usize| lo + (hi - lo) * j / (of - 1).max(1);
    (t(200, 1000), u(10, 40), u(8, 100))
}

/// Builds level `i` of `of` from `seed`.
pub fn level(i: usize, of: usize, seed: u64) -> Level {
    let (rooms, keys, small_doors) = sizes(i, of);
    let mut draw = Draw(seed ^ (i as u64).wrapping_mul(0x1234_5678_9abc_def1));
    let mut b = Builder::new(format!("small keys {i}"));
    // Areas of 6 to 24 rooms, chained into a tree: each hangs off one of
    // the three areas before it.
    let mut areas: Vec<Vec<usize>> = Vec::new();
    let mut side = 0;
    while b.rooms < rooms {
        let size = 6 + draw.below(19);
        let area = b.area(&mut draw, size);
        if let Some(parent) = areas
            .len()
            .checked_sub(1 + draw.below(3).min(areas.len().saturating_sub(1)))
        {
            let (from, to) = (pick(&mut draw, &areas[parent]), pick(&mut draw, &area));
            // A small lock into an area comes with a key in the area before
            // it, so that the level can be solved; past the keys there
            // are, the areas are joined by drops.
            if draw.odds(55) || b.level.keys.len() == keys {
                b.door(from, to, true, 0);
            } else {
                b.door(from, to, false, 1);
                b.small_key(pick(&mut draw, &areas[parent]));
            }
            // A way back to an earlier area: one way, or small-locked.
            if draw.odds(30) {
                let back = draw.below(areas.len());
                let to = pick(&mut draw, &areas[back]);
                let one_way = draw.odds(70);
                b.door(pick(&mut draw, &area), to, one_way, u32::from(!one_way));
            }
        }
        areas.push(area);
        // Side rooms behind a small lock, until their share is met.
        if side < small_doors / 2 && draw.odds(60) {
            let at = pick(&mut draw, &areas[areas.len() - 1]);
            let room = b.room();
            b.door(at, room, false, 1);
            side += 1;
        }
    }
    // The rest of the small locks on doors between areas.
    while b.small_doors < small_doors {
        let a = draw.below(areas.len());
        let z = (a + 1 + draw.below(3)).min(areas.len() - 1);
        let (from, to) = (pick(&mut draw, &areas[a]), pick(&mut draw, &areas[z]));
        if from != to {
            b.door(from, to, false, 1);
        }
    }
    while b.level.keys.len() < keys {
        b.small_key(1 + draw.below(b.rooms - 1));
    }
    let last = areas.last().map_or(0, |a| pick(&mut draw, a));
    b.level.goal = format!("r{last}").into();
    b.level
}

fn pick(draw: &mut Draw, of: &[usize]) -> usize {
    of[draw.below(of.len())]
}

/// A level as it is drawn, room by room.
struct Builder {
    level: Level,
    rooms: usize,
    doors: usize,
    small_doors: usize,
}

impl Builder {
    fn new(name: String) -> Self {
        let mut level = Level::new(name);
        level.rooms.clear();
        level.start = "r0".into();
        Self {
            level,
            rooms: 0,
            doors: 0,
            small_doors: 0,
        }
    }

    fn room(&mut self) -> usize {
        let r = self.rooms;
        let pos = [(r % 40) as f64 * 100.0, (r / 40) as f64 * 100.0];
        self.level.rooms.push(Room::new(format!("r{r}"), pos));
        self.rooms += 1;
        r
    }

    fn small_key(&mut self, room: usize) {
        let mut key = Key::new(format!("s{}", self.level.keys.len()), format!("r{room}"));
        key.small = true;
        self.level.keys.push(key);
    }

    fn door(&mut self, from: usize, to: usize, one_way: bool, small: u32) {
        let mut door = Door::new(
            format!("d{}", self.doors),
            format!("r{from}"),
            format!("r{to}"),
        );
        door.one_way = one_way;
        door.small_locks = small;
        self.small_doors += usize::from(small > 0);
        self.doors += 1;
        self.level.doors.push(door);
    }

    /// An area of `size` rooms: a random tree of plain doors, a loop for
    /// every eight rooms, and a one-way shortcut for every ten.
    fn area(&mut self, draw: &mut Draw, size: usize) -> Vec<usize> {
        let rooms: Vec<usize> = (0..size).map(|_| self.room()).collect();
        for i in 1..size {
            let to = rooms[draw.below(i)];
            self.door(to, rooms[i], false, 0);
        }
        for _ in 0..size / 8 {
            let (a, z) = (pick(draw, &rooms), pick(draw, &rooms));
            if a != z {
                self.door(a, z, false, 0);
            }
        }
        for _ in 0..size / 10 {
            let (a, z) = (pick(draw, &rooms), pick(draw, &rooms));
            if a != z {
                self.door(a, z, true, 0);
            }
        }
        rooms
    }
}
