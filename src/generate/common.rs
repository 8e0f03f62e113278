//! What the generators share: colours, fresh ids, the room graph, and the
//! final check by the solver.

use serde_json::{Map, Value};

use super::{GenerateError, Param, Unreachable};
use crate::model::Level;
use crate::model::palette::{FIRST_COLORS, WHEEL_COLORS, nth as palette, taken};
use crate::rules::Mechanics;
use crate::solver::{SolveOptions, solve};

/// Gives every key a distinct colour (in key order) and a colour name when it
/// has no name yet.
/// Only the keys from index `first` on are coloured: the keys before it
/// (drawn by a designer) are left exactly as they are.
/// A new key's colour is not alike one a key had before (a designer's
/// #33aa33 beside the palette's green).
pub(crate) fn color_keys_from(level: &mut Level, first: usize) {
    let before = crate::model::palette::chosen(level);
    let mut used: rustc_hash::FxHashSet<[u8; 3]> = level
        .keys
        .iter()
        .filter_map(|k| k.color.map(|c| c.0))
        .collect();
    let mut next = 0usize;
    for key in level.keys.iter_mut().skip(first) {
        if key.color.is_some() {
            continue;
        }
        // Bounded: each colour taken can make at most one draw fail.
        let (rgb, name) = loop {
            let (rgb, name) = palette(next);
            let free = !used.contains(&rgb.0) && !taken(next, rgb, &before);
            next += 1;
            if free || next > level_keys_bound(used.len()) {
                break (rgb, name);
            }
        };
        used.insert(rgb.0);
        key.color = Some(rgb);
        if key.name.is_empty()
            && let Some(name) = name
        {
            key.name = name.to_owned();
        }
    }
}

/// Draws of the palette after which [`color_keys`] stops looking for an unused colour.
fn level_keys_bound(used: usize) -> usize {
    2 * used + FIRST_COLORS.len() + WHEEL_COLORS + 1
}

/// Mints ids `prefix1`, `prefix2`, … that are not already taken.
pub(crate) struct Ids {
    prefix: &'static str,
    next: usize,
    taken: rustc_hash::FxHashSet<String>,
}

impl Ids {
    pub fn new<'a>(prefix: &'static str, taken: impl Iterator<Item = &'a str>) -> Self {
        Self {
            prefix,
            next: 1,
            taken: taken.map(str::to_owned).collect(),
        }
    }

    /// The next free id. Terminates: each call skips at most `taken.len()` ids.
    pub fn fresh(&mut self) -> String {
        loop {
            let id = format!("{}{}", self.prefix, self.next);
            self.next += 1;
            if !self.taken.contains(&id) {
                self.taken.insert(id.clone());
                return id;
            }
        }
    }
}

/// The rooms and doors of a level as adjacency lists over indices, built
/// from the rules ([`Mechanics`]): a one-way door leads one way only.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    /// Per room: `(door index, other room index)` of every way out, in door order.
    pub adj: Vec<Vec<(usize, usize)>>,
    /// Per door: its two rooms, `(from, to)`.
    pub ends: Vec<(usize, usize)>,
}

impl Graph {
    /// The graph of a level whose references resolve.
    pub fn of(level: &Level) -> Result<Self, GenerateError> {
        let m = Mechanics::new(level).map_err(|e| GenerateError::InvalidLayout(e.to_string()))?;
        let adj = (0..m.rooms())
            .map(|r| m.passages_from(r).map(|p| (p.door, p.to)).collect())
            .collect();
        let ends = (0..level.doors.len())
            .map(|d| m.ends(d).unwrap_or((usize::MAX, usize::MAX)))
            .collect();
        Ok(Self { adj, ends })
    }

    /// The room at the other end of door `d` from room `r`: its parent in a
    /// breadth-first tree when `r` was reached by `d`.
    pub fn parent(&self, r: usize, d: usize) -> usize {
        let (a, b) = self.ends[d];
        if a == r { b } else { a }
    }

    /// Breadth-first distances from `from` through doors that `usable` allows;
    /// `usize::MAX` where not reached. Also the door each room was first
    /// reached by (`usize::MAX` for `from` and unreached rooms).
    /// Hand-written: petgraph has no breadth-first distances nor the door
    /// each room was reached by.
    pub fn bfs(&self, from: usize, usable: impl Fn(usize) -> bool) -> (Vec<usize>, Vec<usize>) {
        let n = self.adj.len();
        let mut dist = vec![usize::MAX; n];
        let mut via = vec![usize::MAX; n];
        if from >= n {
            return (dist, via);
        }
        dist[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(r) = queue.pop_front() {
            for &(d, next) in &self.adj[r] {
                if dist[next] == usize::MAX && usable(d) {
                    dist[next] = dist[r] + 1;
                    via[next] = d;
                    queue.push_back(next);
                }
            }
        }
        (dist, via)
    }
}

/// What the solver found when it checked a generated level.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verified {
    /// The cost of the plan: the least cost unless `at_least` is set.
    pub cost: f64,
    pub moves: u32,
    pub pulls: u32,
    pub steps: Vec<crate::rules::Step>,
    /// When the least cost could not be proven within the budget: no plan
    /// costs less than this, and the plan above is the cheapest found.
    pub at_least: Option<f64>,
}

impl Verified {
    /// The figures for a generator record: `cost` when it is the least,
    /// else the bounds.
    pub fn record_cost(&self, result: &mut serde_json::Value) {
        match self.at_least {
            None => result["cost"] = num(self.cost),
            Some(lower) => {
                result["cost_at_least"] = num(lower);
                result["cost_at_most"] = num(self.cost);
            }
        }
        result["moves"] = self.moves.into();
    }
}

/// The states a generator lets the solver visit when checking a level.
pub(crate) const VERIFY_MAX_STATES: usize = 4_000_000;

/// Checks with the solver that `level` is valid (the solver refuses a level
/// with validation errors) and solvable, and finds its least cost. When the
/// least cost is out of reach of `max_states`, a quicker search still proves
/// the level solvable with a plan, and the cost is given as bounds.
/// `lower` names the parameters that make the level smaller when not even
/// that succeeds.
pub(crate) fn verify(
    level: &Level,
    max_states: usize,
    lower: &'static [Param],
) -> Result<Verified, GenerateError> {
    use crate::solver::SolveError;
    let options = SolveOptions {
        max_states,
        ..SolveOptions::default()
    };
    let invalid =
        |m: String| GenerateError::Internal(format!("the generated level does not validate: {m}"));
    let unsolvable =
        || GenerateError::Internal("the solver found no solution for the generated level".into());
    let (plan, at_least) = match solve(level, &options) {
        Ok(solved) => (solved.plan.ok_or_else(unsolvable)?, None),
        Err(SolveError::Stopped { lower_bound, .. }) => {
            let plan = crate::solver::quick_plan(level, &options).map_err(|e| match e {
                SolveError::Invalid(m) => invalid(m),
                e => GenerateError::Solver(e),
            })?;
            let plan = plan.ok_or(GenerateError::TooLargeToCheck {
                limit: max_states,
                lower,
            })?;
            (plan, Some(lower_bound))
        }
        Err(SolveError::Invalid(m)) => return Err(invalid(m)),
        Err(e) => return Err(GenerateError::Solver(e)),
    };
    Ok(Verified {
        cost: plan.cost,
        moves: plan.moves,
        pulls: plan.pulls,
        steps: plan.steps,
        at_least,
    })
}

/// Locks only make a level harder: without levers to add, a layout that
/// cannot be solved as drawn never will be.
pub(crate) fn check_solvable_as_drawn(
    base: &Level,
    max_states: usize,
) -> Result<(), GenerateError> {
    let options = SolveOptions {
        max_states,
        ..SolveOptions::default()
    };
    if let Ok(s) = solve(base, &options)
        && s.plan.is_none()
    {
        return Err(GenerateError::GoalUnreachable(Unreachable::Unsolvable {
            start: base.room_label(&base.start),
            goal: base.room_label(&base.goal),
        }));
    }
    Ok(())
}

/// Gives keys colours and rooms positions: what a level needs to read well,
/// none of which changes how it plays.
pub(crate) fn dress(level: &mut Level) {
    dress_from(level, 0);
}

/// [`dress`] for a level whose first `drawn_keys` keys were drawn by a
/// designer: those keep their looks.
pub(crate) fn dress_from(level: &mut Level, drawn_keys: usize) {
    color_keys_from(level, drawn_keys);
    crate::layout::place_missing(level);
}

/// Writes the generator record: kind, seed, parameters and what was achieved.
pub(crate) fn record(level: &mut Level, kind: &str, seed: u64, params: Value, result: Value) {
    let mut record = Map::new();
    record.insert("kind".into(), Value::from(kind));
    record.insert("seed".into(), Value::from(seed));
    record.insert("parameters".into(), params);
    record.insert("result".into(), result);
    level.generator = Some(Value::Object(record));
}

/// A JSON number for a figure: whole numbers without a fraction.
pub(crate) fn num(x: f64) -> Value {
    crate::format::number(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_is_distinct() {
        let head: Vec<[u8; 3]> = (0..220).map(|i| palette(i).0.0).collect();
        let mut sorted = head.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), head.len());
        let tail: Vec<[u8; 3]> = (220..60_000).map(|i| palette(i).0.0).collect();
        let mut sorted = tail.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), tail.len());
    }

    #[test]
    fn many_keys_get_distinct_colors() {
        let mut level = Level::new("keys");
        for i in 0..3000 {
            level
                .keys
                .push(crate::model::Key::new(format!("k{i}"), "r1"));
        }
        level.keys[5].color = Some(palette(0).0); // taken by the designer
        color_keys_from(&mut level, 0);
        let mut colors: Vec<[u8; 3]> = level.keys.iter().map(|k| k.color.unwrap().0).collect();
        colors.sort_unstable();
        colors.dedup();
        assert_eq!(colors.len(), 3000);
    }

    #[test]
    fn new_keys_take_no_colour_alike_a_drawn_one() {
        let mut level = Level::new("drawn");
        let mut gold = crate::model::Key::new("gold", "r1");
        gold.color = Some(crate::model::Rgb([0x33, 0xaa, 0x33]));
        level.keys.push(gold);
        for i in 1..=4 {
            level
                .keys
                .push(crate::model::Key::new(format!("k{i}"), "r1"));
        }
        color_keys_from(&mut level, 1);
        let names: Vec<&str> = level.keys[1..].iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["red", "blue", "orange", "purple"], "no green");
    }

    #[test]
    fn fresh_ids_skip_taken() {
        let taken = ["k1", "k3"];
        let mut ids = Ids::new("k", taken.iter().copied());
        assert_eq!(ids.fresh(), "k2");
        assert_eq!(ids.fresh(), "k4");
    }
}
