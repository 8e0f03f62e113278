//! The conditions mode of the lever generator (seed article 000's real
//! puzzle type, the Draynor Manor basement): levers flip no doors; instead
//! each closed door of the layout opens while a condition on the levers'
//! positions holds, and the search looks for the conditions that make the
//! least number of pulls largest.
//!
//! Each door gets one conjunction of `min_literals..=max_literals` lever
//! literals (`open_when: [["l2", "!l5"]]`), not a disjunction of several:
//! a single list per door is how the real basement's doors read.

use serde_json::{Map, Value};

use super::LeversParams;
use super::cond_eval::{CondLayoutError, ConditionEvaluator, Conj, MAX_LEVERS, mask};
use super::pipeline::Mode;
use super::search::{Moves, pick_bit};
use crate::generate::{Change, DoorChange, GenerateError, Param, Problem, Rng};
use crate::model::{Level, Literal};

/// Every closed door without a condition gets one: a door the designer
/// keeps from the generators (`"lock": "never"`) cannot be among them.
fn check_asked(layout: &Level) -> Result<(), GenerateError> {
    let asked = crate::generate::Constraints::of(layout)?;
    let kept: Vec<crate::generate::Constraint> = (layout.doors.iter().enumerate())
        .filter(|&(d, door)| asked.no_lock[d] && !door.open && door.open_when.is_none())
        .map(|(_, door)| crate::generate::Constraint::NeverLock(door.id.clone()))
        .collect();
    if kept.is_empty() {
        Ok(())
    } else {
        Err(GenerateError::Constraints(kept))
    }
}

/// The candidates of the conditions search: one conjunction per closed door.
#[derive(Clone, Debug)]
pub(super) struct CondSpace {
    slots: usize,
    levers: u32,
    min_literals: u32,
    max_literals: u32,
    /// Levers that the layout's own `open_when` conditions name.
    fixed_named: u64,
}

impl CondSpace {
    /// A random conjunction of `min_literals..=max_literals` literals.
    fn random_conj(&self, rng: &mut Rng, levers: &mut [u32]) -> u64 {
        let k = rng.between(self.min_literals as usize, self.max_literals as usize);
        let mut conj = Conj::ALWAYS;
        for i in 0..k.min(levers.len()) {
            let j = i + rng.index(levers.len() - i);
            levers.swap(i, j);
            conj.care |= 1 << levers[i];
            conj.want |= u64::from(rng.chance(1, 2)) << levers[i];
        }
        conj.pack()
    }

    /// One change to a conjunction: a new one, a literal turned around, a
    /// literal naming another lever, a literal added or dropped.
    fn changed(&self, rng: &mut Rng, levers: &mut [u32], old: Conj) -> Option<Conj> {
        let all = mask(self.levers as usize);
        let count = old.care.count_ones();
        let roll = rng.below(100);
        let conj = if roll < 10 {
            Conj::unpack(self.random_conj(rng, levers))
        } else if roll < 35 {
            let bit = pick_bit(rng, old.care)?;
            Conj {
                want: old.want ^ bit,
                ..old
            }
        } else if roll < 65 {
            let out = pick_bit(rng, old.care)?;
            let inn = pick_bit(rng, all & !old.care)?;
            let want = (old.want & !out) | if rng.chance(1, 2) { inn } else { 0 };
            Conj {
                care: (old.care & !out) | inn,
                want,
            }
        } else if roll < 83 && count < self.max_literals {
            let inn = pick_bit(rng, all & !old.care)?;
            let want = old.want | if rng.chance(1, 2) { inn } else { 0 };
            Conj {
                care: old.care | inn,
                want,
            }
        } else if count > self.min_literals {
            let out = pick_bit(rng, old.care)?;
            Conj {
                care: old.care & !out,
                want: old.want & !out,
            }
        } else {
            return None;
        };
        Some(conj)
    }
}

impl Moves for CondSpace {
    fn slots(&self) -> usize {
        self.slots
    }

    fn free(&self) -> Vec<usize> {
        (0..self.slots).collect()
    }

    fn scratch(&self) -> Vec<u32> {
        (0..self.levers).collect()
    }

    fn random(&self, rng: &mut Rng, scratch: &mut [u32], wires: &mut [u64]) {
        for w in wires.iter_mut() {
            *w = self.random_conj(rng, scratch);
        }
    }

    fn mutate(
        &self,
        rng: &mut Rng,
        scratch: &mut [u32],
        free: &[usize],
        wires: &mut [u64],
    ) -> Option<(usize, u64)> {
        let &s = rng.pick(free)?;
        let old = wires[s];
        for _ in 0..20 {
            if let Some(conj) = self.changed(rng, scratch, Conj::unpack(old))
                && conj.pack() != old
            {
                wires[s] = conj.pack();
                return Some((s, old));
            }
        }
        None
    }

    /// Levers that no condition names.
    fn dead(&self, wires: &[u64]) -> u32 {
        let named = wires
            .iter()
            .fold(self.fixed_named, |m, &w| m | Conj::unpack(w).care);
        (mask(self.levers as usize) & !named).count_ones()
    }
}

/// The conditions mode of [`levers`](super::levers): see the module text.
pub(super) struct Conditions {
    eval: ConditionEvaluator,
    space: CondSpace,
}

impl Conditions {
    /// The evaluator and the candidates of a layout fit for conditions.
    pub(super) fn new(params: &LeversParams) -> Result<Self, GenerateError> {
        let layout = &params.layout;
        check_layout(layout)?;
        check_asked(layout)?;
        super::check_budget(params)?;
        check_literals(params)?;
        let eval = ConditionEvaluator::new(layout).map_err(|e| match e {
            CondLayoutError::TooManyLevers(n) => GenerateError::Layout(format!(
                "the layout has {n} levers; conditions on doors handle at most {MAX_LEVERS}: \
                 remove levers"
            )),
            CondLayoutError::Invalid(m) => GenerateError::InvalidLayout(m),
        })?;
        if eval.slots().is_empty() {
            return Err(GenerateError::Layout(
                "every door is open or has its condition already: close a door for the search \
                 to put a condition on"
                    .into(),
            ));
        }
        let space = CondSpace {
            slots: eval.slots().len(),
            levers: eval.levers() as u32,
            min_literals: params.min_literals as u32,
            max_literals: params.max_literals as u32,
            fixed_named: eval.fixed_named(),
        };
        Ok(Self { eval, space })
    }
}

impl Mode for Conditions {
    type Eval = ConditionEvaluator;
    type Space = CondSpace;

    fn eval(&self) -> &ConditionEvaluator {
        &self.eval
    }

    fn space(&self) -> &CondSpace {
        &self.space
    }

    fn write(&self, layout: &Level, wires: &[u64]) -> (Level, Vec<DoorChange>) {
        write_conditions(layout, self.eval.slots(), wires)
    }

    fn title(&self, seed: u64) -> String {
        format!("Lever conditions, seed {seed}")
    }

    fn description(&self, pulls: u32) -> String {
        format!(
            "Doors opened by lever positions, found by lockwork generate levers: at least \
             {pulls} pulls to reach the goal."
        )
    }

    fn params_json(&self, params: &LeversParams) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("conditions".into(), true.into());
        map.insert("min_literals".into(), params.min_literals.into());
        map.insert("max_literals".into(), params.max_literals.into());
        map
    }

    fn dead_name(&self) -> &'static str {
        "levers_never_named"
    }
}

/// A layout for conditions: what the wiring mode accepts, with levers that
/// flip nothing and may be pulled again and again.
fn check_layout(level: &Level) -> Result<(), GenerateError> {
    super::check_layout(level)?;
    if let Some(lever) = level.levers.iter().find(|l| !l.toggles.is_empty()) {
        return Err(GenerateError::Layout(format!(
            "lever \"{}\" flips doors; with conditions on doors, levers flip none: clear its \
             toggles",
            lever.id
        )));
    }
    if let Some(lever) = level.levers.iter().find(|l| l.once) {
        return Err(GenerateError::Layout(format!(
            "lever \"{}\" can be pulled only once; the conditions search is for levers pulled \
             again and again: clear its once",
            lever.id
        )));
    }
    Ok(())
}

/// `min_literals` in `1..=max_literals`, and no more literals than levers.
fn check_literals(params: &LeversParams) -> Result<(), GenerateError> {
    let levers = params.layout.levers.len();
    if params.min_literals == 0 {
        return Err(GenerateError::param(
            Param::MinLiterals,
            Problem::TooSmall { min: 1, value: 0 },
        ));
    }
    if params.min_literals > params.max_literals {
        return Err(GenerateError::param(
            Param::MinLiterals,
            Problem::Exceeds {
                other: Param::MaxLiterals,
                value: params.min_literals,
                other_value: params.max_literals,
            },
        ));
    }
    if params.max_literals > levers {
        return Err(GenerateError::param(
            Param::MaxLiterals,
            Problem::TooLarge {
                max: levers,
                value: params.max_literals,
            },
        ));
    }
    Ok(())
}

/// The layout with slot `s`'s door opening while `wires[s]` holds (one
/// list of literals, in lever order), and the doors given conditions.
fn write_conditions(layout: &Level, slots: &[usize], wires: &[u64]) -> (Level, Vec<DoorChange>) {
    let mut level = layout.clone();
    let mut changes = Vec::with_capacity(slots.len());
    for (&d, &w) in slots.iter().zip(wires) {
        let conj = Conj::unpack(w);
        let all: Vec<Literal> = (0..level.levers.len())
            .filter(|&l| conj.care & (1 << l) != 0)
            .map(|l| Literal {
                lever: level.levers[l].id.clone(),
                pulled: conj.want & (1 << l) != 0,
            })
            .collect();
        let Some(door) = level.doors.get_mut(d) else {
            continue;
        };
        door.open = true;
        door.open_when = Some(vec![all]);
        changes.push(DoorChange {
            door: door.id.clone(),
            change: Change::Conditioned,
        });
    }
    (level, changes)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::generate::{basement_layout, no_progress};

    fn params(seed: u64) -> LeversParams {
        let mut params = LeversParams::new(basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]));
        params.conditions = true;
        params.seed = seed;
        params.threads = 1;
        params.set_budget(None, Some(3000), None);
        params
    }

    #[test]
    fn conditions_are_written_and_the_solver_agrees() {
        let made = super::super::levers(&params(5), &no_progress, &AtomicBool::new(false)).unwrap();
        let level = &made.level;
        assert!(level.levers.iter().all(|l| l.toggles.is_empty()));
        for door in &level.doors {
            let lists = door.open_when.as_ref().unwrap();
            assert_eq!(lists.len(), 1);
            assert!((1..=3).contains(&lists[0].len()), "{lists:?}");
        }
        assert_eq!(made.changes.len(), 7);
        let record = level.generator.as_ref().unwrap();
        let pulls = record["result"]["pulls"].as_u64().unwrap();
        assert!(pulls >= 5, "{pulls}");
        let a = crate::solver::analyze(level, &crate::solver::SolveOptions::default()).unwrap();
        assert_eq!(a.min_pulls.map(|p| u64::from(p.pulls)), Some(pulls));
        let again = super::super::levers(&params(5), &no_progress, &AtomicBool::new(false));
        assert_eq!(again.unwrap().level, made.level, "reproducible");
    }

    #[test]
    fn literals_are_checked() {
        let mut p = params(1);
        p.min_literals = 0;
        let err = super::super::levers(&p, &no_progress, &AtomicBool::new(false)).unwrap_err();
        assert_eq!(err.params(), vec![Param::MinLiterals]);
        p.min_literals = 3;
        p.max_literals = 2;
        let err = super::super::levers(&p, &no_progress, &AtomicBool::new(false)).unwrap_err();
        assert_eq!(err.params(), vec![Param::MinLiterals, Param::MaxLiterals]);
        p.min_literals = 1;
        p.max_literals = 12;
        let err = super::super::levers(&p, &no_progress, &AtomicBool::new(false)).unwrap_err();
        assert_eq!(err.params(), vec![Param::MaxLiterals]);
    }
}
