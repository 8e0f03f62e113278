//! A valid level prepared for the searches: its rules, the level compiled
//! into packed states (whole, and focused on the rooms a plan may need),
//! and what several phases of an analysis read, each made once: the lower
//! bound and its distances, the map's block-cut tree, the relaxed walk.

use super::astar::Outcome;
use super::compile::{self, Compiled, PULL, Tracking};
use super::{Plan, SolveError, budget, events, facts, heuristic, relevance};
use crate::model::Level;
use crate::rules::mechanics::Mechanics;
use crate::rules::{Resolved, Rules};

/// What the sweep found, and what it proves.
pub(crate) struct Swept {
    /// The sweep's plan, when it reached the goal.
    pub plan: Option<Plan>,
    /// The plan costs no more than any plan: it is a least-cost plan.
    pub least: bool,
    /// No plan costs less.
    pub floor: f64,
    /// No plan pulls fewer levers.
    pub pulls: u32,
}

/// Whether `plan` costs no more than `floor`, a lower bound on every plan:
/// then it is a least-cost plan. Summing the same costs in another order
/// can differ in the last bits: the rounding of one addition per step is
/// allowed.
pub(super) fn meets(plan: &Plan, floor: f64) -> bool {
    let slack = 1.0 + 4.0 * f64::EPSILON * (plan.steps.len() as f64 + 1.0);
    plan.cost <= floor * slack
}

/// `m` compiled whole, tracking the keys that matter, without `removed`.
pub(super) fn compile_whole(m: &Mechanics, removed: &[bool]) -> Compiled {
    Compiled::new(m, compile::layout(m, Tracking::KeysThatMatter, removed))
}

/// A valid level with its rules compiled for searching.
pub(crate) struct Prepared<'a> {
    pub(crate) level: &'a Level,
    /// Tracks only the keys that matter; made on first use
    /// ([`Self::compiled`]).
    compiled: std::sync::OnceLock<Compiled>,
    /// For plans from the start, when they can keep to fewer rooms: see
    /// [`relevance`].
    pub(super) focused: Option<Compiled>,
    /// Keys treated as absent.
    pub(crate) removed: Vec<bool>,
    /// The rules, to replay plans without checking the level again.
    pub(crate) rules: crate::rules::Rules<'a>,
    /// The bounds over [`Self::for_plans`] and over [`Self::compiled`],
    /// made on first use ([`Self::bound`]).
    bounds: [std::sync::OnceLock<heuristic::Heuristic>; 2],
    /// Their distances to the goal, made on first use ([`Self::to_goal`]).
    distances: [std::sync::OnceLock<Vec<f64>>; 2],
    /// The map's blocks, made once ([`Self::blocks`]).
    blocks: std::sync::OnceLock<relevance::Blocks>,
    /// The relaxed reach and its ways, made once ([`Self::relaxed_ways`]).
    ways: std::sync::OnceLock<facts::Ways>,
}

impl<'a> Prepared<'a> {
    /// Checks the level and compiles it; keys marked in `removed` are
    /// treated as absent.
    pub(super) fn new(level: &'a Level, removed: &[bool]) -> Result<Self, SolveError> {
        let rules = Rules::new(level).map_err(|e| SolveError::Invalid(e.0))?;
        Ok(Self::from_rules(rules, removed))
    }

    /// Compiles a level whose rules are at hand: they were checked when
    /// they were made.
    pub(crate) fn from_rules(rules: Rules<'a>, removed: &[bool]) -> Self {
        let level = rules.level();
        let mechanics = rules.mechanics();
        let mut removed = removed.to_vec();
        removed.resize(level.keys.len(), false);
        // The fast paths are gated off for extended levels (see `general`).
        let holds_something = !mechanics.only_walks();
        let blocks = std::sync::OnceLock::new();
        let focus = (!mechanics.needs_general() && holds_something)
            .then(|| {
                let blocks = blocks.get_or_init(|| relevance::Blocks::new(mechanics));
                relevance::focus(mechanics, blocks, &removed)
            })
            .flatten();
        let focused = focus.map(|inside| {
            let layout =
                compile::layout_within(mechanics, Tracking::KeysThatMatter, &removed, inside);
            Compiled::new(mechanics, layout)
        });
        Self {
            level,
            rules,
            compiled: std::sync::OnceLock::new(),
            focused,
            removed,
            bounds: Default::default(),
            distances: Default::default(),
            blocks,
            ways: std::sync::OnceLock::new(),
        }
    }

    /// The lower bound for searches over `c`, which is [`Self::for_plans`]
    /// or [`Self::compiled`]. It is made once and copied to each caller:
    /// an analysis asks for it in four or five phases, and on a level of
    /// 100,000 keys making it (its landmarks and their distances) takes
    /// half a second before a search can look at the clock.
    pub(crate) fn bound(&self, c: &Compiled) -> heuristic::Heuristic {
        let make = || {
            let to_goal = self.to_goal(c).into_owned();
            let ways = Some(self.relaxed_ways());
            heuristic::Heuristic::with_to_goal(self.mechanics(), c, &self.removed, to_goal, ways)
        };
        match self.slot(c) {
            Some(slot) => self.bounds[slot].get_or_init(make).clone(),
            None => make(),
        }
    }

    /// The distances to the goal over `c` ([`heuristic::distances_to_goal`]),
    /// made once for [`Self::for_plans`] and [`Self::compiled`].
    pub(super) fn to_goal(&self, c: &Compiled) -> std::borrow::Cow<'_, [f64]> {
        let make = || heuristic::distances_to_goal(c);
        match self.slot(c) {
            Some(slot) => std::borrow::Cow::Borrowed(self.distances[slot].get_or_init(make)),
            None => std::borrow::Cow::Owned(make()),
        }
    }

    /// Which of the tables made once belong to `c`: 0 for
    /// [`Self::for_plans`], 1 for [`Self::compiled`], none for another.
    pub(super) fn slot(&self, c: &Compiled) -> Option<usize> {
        if std::ptr::eq(c, self.for_plans()) {
            Some(0)
        } else if self.compiled.get().is_some_and(|own| std::ptr::eq(c, own)) {
            Some(1)
        } else {
            None
        }
    }

    /// The same level compiled again with the keys of `removed` treated as
    /// absent; the rules are shared, not checked again.
    pub(crate) fn without(&self, removed: &[bool]) -> Prepared<'_> {
        Prepared::from_rules(self.rules.borrowed(), removed)
    }

    /// The rules as tables over indices.
    pub(crate) fn mechanics(&self) -> &Mechanics {
        self.rules.mechanics()
    }

    /// The map's block-cut tree ([`relevance::Blocks`]), made on first use
    /// and then kept: the focus, the keys every solution needs and the
    /// pulls every solution makes all read it.
    pub(crate) fn blocks(&self) -> &relevance::Blocks {
        self.blocks
            .get_or_init(|| relevance::Blocks::new(self.mechanics()))
    }

    /// The relaxed reach with no key taken out, and its ways
    /// ([`facts::relaxed_ways`]), made on first use and then kept: the
    /// analysis starts from it and the key check walks back along it.
    pub(crate) fn relaxed_ways(&self) -> &facts::Ways {
        self.ways
            .get_or_init(|| facts::relaxed_ways(self.mechanics()))
    }

    /// The compiled level for searches of plans from the start: they never
    /// need the side areas that hold nothing a plan can use.
    pub(crate) fn for_plans(&self) -> &Compiled {
        self.focused.as_ref().unwrap_or_else(|| self.compiled())
    }

    /// The level compiled whole, tracking only the keys that matter: made
    /// on first use. An analysis whose plans keep to the focus and whose
    /// shape needs no search of states never makes it (on an 80,000-room
    /// grid with keys, 13 MB and 4 ms).
    pub(crate) fn compiled(&self) -> &Compiled {
        self.compiled
            .get_or_init(|| compile_whole(self.mechanics(), &self.removed))
    }

    /// The rules, the level compiled whole and the keys taken out, for an
    /// owner that keeps them.
    pub(crate) fn into_parts(self) -> (Rules<'a>, Compiled, Vec<bool>) {
        let Self {
            rules,
            compiled,
            removed,
            ..
        } = self;
        let compiled = compiled
            .into_inner()
            .unwrap_or_else(|| compile_whole(rules.mechanics(), &removed));
        (rules, compiled, removed)
    }

    /// The same level compiled to count FORMAT.md's states (every key held).
    pub(super) fn every_key(&self) -> Compiled {
        let layout = compile::layout(self.mechanics(), Tracking::EveryKey, &self.removed);
        Compiled::new(self.mechanics(), layout)
    }

    /// Replays `(action, state reached)` pairs as steps, pickups included.
    pub(super) fn trace(
        &self,
        c: &Compiled,
        acts: impl Iterator<Item = (u32, Vec<u64>)>,
    ) -> Result<crate::rules::Replay, SolveError> {
        self.trace_rooms(acts.map(|(act, state)| (act, c.room(&state))))
    }

    /// Replays `(action, room reached)` pairs as steps, pickups included.
    pub(super) fn trace_rooms(
        &self,
        acts: impl Iterator<Item = (u32, usize)>,
    ) -> Result<crate::rules::Replay, SolveError> {
        let steps = acts.map(|(act, room)| {
            if act & PULL != 0 {
                Resolved::Pull((act & !PULL) as usize)
            } else {
                Resolved::Move(act as usize, room)
            }
        });
        self.rules
            .replay_resolved(steps)
            .map_err(|e| SolveError::Internal(e.to_string()))
    }

    /// Turns `(action, state reached)` pairs into a plan that must end solved.
    pub(super) fn plan(
        &self,
        c: &Compiled,
        acts: impl Iterator<Item = (u32, Vec<u64>)>,
    ) -> Result<Plan, SolveError> {
        self.plan_rooms(acts.map(|(act, state)| (act, c.room(&state))))
    }

    /// Turns `(action, room reached)` pairs into a plan that must end solved.
    pub(super) fn plan_rooms(
        &self,
        acts: impl Iterator<Item = (u32, usize)>,
    ) -> Result<Plan, SolveError> {
        let done = self.trace_rooms(acts)?;
        if !done.solved {
            return Err(SolveError::Internal(
                "the plan does not end at the goal".into(),
            ));
        }
        Ok(Plan {
            steps: done.steps,
            cost: done.end.cost(),
            moves: done.end.moves(),
            pulls: done.end.pulls(),
        })
    }

    /// The plan to state `i` of an event search over [`Self::for_plans`].
    pub(super) fn plan_to(&self, ex: &events::EventSearch, i: u32) -> Result<Plan, SolveError> {
        self.plan_to_over(self.for_plans(), ex, i)
    }

    /// The plan to state `i` of an event search over `c`.
    pub(super) fn plan_to_over(
        &self,
        c: &Compiled,
        ex: &events::EventSearch,
        i: u32,
    ) -> Result<Plan, SolveError> {
        let mut walker = events::Walker::new(c);
        self.plan(c, ex.actions_to(c, &mut walker, i).into_iter())
    }

    /// The sweep's plan ([`events::sweep`]), and whether it is proven least:
    /// its cost meets the lower bound of every plan, walking by `h` from the
    /// start plus the pulls every solution makes ([`relevance::pulls_at_least`]).
    /// On long chains of locks or levers this settles the least cost in
    /// linear time, where A* would walk the chain once per event.
    pub(crate) fn swept(
        &self,
        h: &mut heuristic::Heuristic,
        budget: &budget::Budget<'_>,
    ) -> Result<Swept, SolveError> {
        let c = self.for_plans();
        let pulls = relevance::pulls_at_least(self.mechanics(), || self.blocks());
        let floor = h.bound(c, &c.start) + f64::from(pulls) * self.mechanics().lever_cost();
        // A plan that cannot meet the floor is not wanted here: the sweep
        // stops once it has spent too much to meet it. The margin is far
        // wider than the rounding allowed below.
        let most = floor * (1.0 + 1e-6) + 1e-9;
        let Some(acts) = events::sweep_below(c, budget, most, |s| h.bound(c, s)) else {
            return Ok(Swept {
                plan: None,
                least: false,
                floor,
                pulls,
            });
        };
        let plan = self.plan_rooms(acts.into_iter())?;
        let least = meets(&plan, floor);
        Ok(Swept {
            plan: Some(plan),
            least,
            floor,
            pulls,
        })
    }

    /// A least-cost plan found without a search, when a walk straight down
    /// the distances to the goal reaches it ([`events::descend`]). Such a
    /// plan costs the distance from the start, which no plan beats, and
    /// pulls no lever. It needs only the distances, not the landmarks of
    /// the lower bound, so on a large level that a walk solves they are
    /// never made.
    pub(crate) fn descended(&self) -> Result<Option<Swept>, SolveError> {
        let c = self.for_plans();
        let to_goal = self.to_goal(c);
        let distance = |r: usize| to_goal.get(r).copied().unwrap_or(f64::INFINITY);
        let Some(acts) = events::descend(c, distance) else {
            return Ok(None);
        };
        let plan = self.plan_rooms(acts.into_iter())?;
        let floor = distance(c.room(&c.start));
        Ok((plan.pulls == 0 && meets(&plan, floor)).then_some(Swept {
            plan: Some(plan),
            least: true,
            floor,
            pulls: 0,
        }))
    }

    /// Some plan, found quickly: a sweep that takes the nearest keys first,
    /// else a weighted A*. Also gives the states the A* settled.
    pub(crate) fn quick_plan(
        &self,
        budget: &budget::Budget<'_>,
    ) -> Result<(Option<Plan>, usize), SolveError> {
        let c = self.for_plans();
        if let Some(acts) = events::sweep(c, budget) {
            return Ok((Some(self.plan_rooms(acts.into_iter())?), 0));
        }
        let mut h = self.bound(c);
        let ex = events::quick_plan(c, &mut h, &c.start, budget);
        let plan = match ex.found.outcome {
            Outcome::Goal(g) => Some(self.plan_to(&ex, g)?),
            _ => None,
        };
        Ok((plan, ex.found.settled))
    }

    /// The cost of one action.
    pub(super) fn act_cost(&self, act: u32) -> f64 {
        compile::act_cost(self.mechanics(), act)
    }
}
