//! The fatal steps a hunt found, as the analysis shows them: ranked
//! cheapest first with the scout's, the scout's traces shortened, the
//! hunt's traced back to the start, and each described from the real
//! states of its trace.

use super::super::super::analysis::{DeadEnd, MAX_DEAD_END_KINDS, Run};
use super::super::super::astar::ROOT;
use super::super::super::closures::Forget;
use super::super::super::compile::{Compiled, PULL};
use super::super::super::{Prepared, SolveError};
use super::super::describe;
use super::super::scout::Witness;
use super::super::shorten::shorten_all;
use super::Hunt;

/// Sorts `witnesses` by cost, then kind.
fn cheapest_first(witnesses: &mut [Witness]) {
    witnesses.sort_by(|a, b| a.cost.total_cmp(&b.cost).then(a.kind.cmp(&b.kind)));
}

/// The first [`MAX_DEAD_END_KINDS`] of `ranked`, each described from the
/// real states of its trace.
pub(super) fn describe_all(
    prep: &Prepared<'_>,
    c: &Compiled,
    ranked: Vec<Witness>,
) -> Result<Vec<DeadEnd>, SolveError> {
    let mut found = Vec::new();
    for Witness { kind, cost, acts } in ranked.into_iter().take(MAX_DEAD_END_KINDS) {
        // The states as stored may have bits set that no step reads:
        // the trace is walked again from the start for the real ones.
        let unreplayed = || SolveError::Internal("a dead end's trace does not replay".into());
        let mut real = replay(c, &acts).ok_or_else(unreplayed)?;
        let after = real.pop().ok_or_else(unreplayed)?;
        let before = real.last().cloned().unwrap_or_else(|| c.start.clone());
        let acts: Vec<_> = acts.iter().map(|&(a, _)| a).zip(real).collect();
        found.push(describe(prep, c, acts, &before, kind.0, &after, cost)?);
    }
    Ok(found)
}

/// The room that action `act` from stored state `from` of `hunt` enters
/// (the room a pull leaves the player in).
fn to_room(c: &Compiled, hunt: &Hunt<'_>, from: u32, act: u32) -> usize {
    let s = hunt.store.get(from);
    if act & PULL != 0 {
        return c.room(s);
    }
    let here = c.room(s);
    c.exits_of(here)
        .iter()
        .find(|e| e.door == act)
        .map_or(here, |e| e.to as usize)
}

/// The real states after each of `acts` (action, room entered) from the
/// start of `c`; `None` when one cannot be taken.
fn replay(c: &Compiled, acts: &[(u32, usize)]) -> Option<Vec<Vec<u64>>> {
    let mut cur = c.start.clone();
    let mut out = Vec::with_capacity(acts.len());
    for &(act, room) in acts {
        let mut next = cur.clone();
        if act & PULL != 0 {
            let lever = act & !PULL;
            let pull = c.pulls_of(c.room(&cur)).iter().find(|p| p.lever == lever)?;
            c.take_pull(&cur, pull, &mut next);
        } else {
            let exit = c
                .exits_of(c.room(&cur))
                .iter()
                .find(|e| e.door == act && e.to as usize == room)?;
            if !c.take_exit(&cur, exit, &mut next) {
                return None;
            }
        }
        out.push(next.clone());
        cur = next;
    }
    Some(out)
}

impl Hunt<'_> {
    /// The fatal steps found, cheapest first: the hunt's (without their
    /// steps: [`Hunt::trace`] fills them in), and those of `scouted` of a
    /// kind it did not find.
    pub(super) fn ranked(&self, scouted: Vec<Witness>) -> Vec<Witness> {
        let mut ranked: Vec<Witness> = (self.kinds.iter())
            .map(|(&kind, &(cost, _, _))| Witness {
                kind,
                cost,
                acts: Vec::new(),
            })
            .collect();
        ranked.extend(
            scouted
                .into_iter()
                .filter(|w| !self.kinds.contains_key(&w.kind)),
        );
        cheapest_first(&mut ranked);
        ranked
    }

    /// Shortens the traces of the fatal steps of `ranked` that the scout
    /// found (those the hunt did not), then ranks them again by cost.
    pub(super) fn shorten_scouted(
        &mut self,
        run: &Run<'_, '_>,
        ranked: &mut [Witness],
        forget: Option<&Forget>,
    ) {
        let Some(oracle) = &mut self.oracle else {
            return;
        };
        let mut scouted: Vec<&mut Witness> = (ranked.iter_mut())
            .filter(|w| !self.kinds.contains_key(&w.kind))
            .collect();
        shorten_all(self.c, oracle, forget, &mut scouted, &run.budget);
        cheapest_first(ranked);
    }

    /// Fills in the steps of `w` when the hunt found it: [`Hunt::ranked`]
    /// leaves them out, since only the first few kinds are described.
    pub(super) fn trace(&self, w: &mut Witness) {
        if let (true, Some(&(_, from, _))) = (w.acts.is_empty(), self.kinds.get(&w.kind)) {
            w.acts = self.actions_to(from);
            w.acts
                .push((w.kind.0, to_room(self.c, self, from, w.kind.0)));
        }
    }

    /// The `(action, room reached)` pairs from the start to state `to`.
    fn actions_to(&self, to: u32) -> Vec<(u32, usize)> {
        let mut acts = Vec::new();
        let mut k = to;
        while self.parent[k as usize] != ROOT {
            acts.push((self.via[k as usize], self.c.room(self.store.get(k))));
            k = self.parent[k as usize];
        }
        acts.reverse();
        acts
    }
}
