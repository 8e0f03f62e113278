//! The one run-and-record path of the lever generator's two modes (wiring
//! levers to flip doors, and conditions on doors): the annealing search on
//! worker threads, the pick of the best candidate (ties broken by the
//! backtracking of the least-cost plan), the solver's check, and the
//! generator record. A [`Mode`] says only what differs: its evaluator, its
//! candidates, how a candidate is written into the layout and how the
//! record names it.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Map, Value, json};

use super::search::{Evaluate, Found, Moves};
use super::{LeversParams, Search, Totals, best_of, check_with_solver, search_budget};
use crate::generate::common::{dress, num, record};
use crate::generate::{DoorChange, GenerateError, Generated, Progress};
use crate::model::Level;

/// What one mode of the lever search brings to the shared pipeline.
pub(super) trait Mode {
    /// Scores a candidate: its least number of pulls.
    type Eval: Evaluate + Sync;
    /// The candidates and the steps between them.
    type Space: Moves;

    /// The mode's evaluator for the layout.
    fn eval(&self) -> &Self::Eval;
    /// The mode's candidates.
    fn space(&self) -> &Self::Space;
    /// The layout with candidate `wires` written into it, and the doors it changed.
    fn write(&self, layout: &Level, wires: &[u64]) -> (Level, Vec<DoorChange>);
    /// A name for a level whose layout has none.
    fn title(&self, seed: u64) -> String;
    /// A description for a level whose layout has none.
    fn description(&self, pulls: u32) -> String;
    /// The mode's own parameters in the record, after `layout`.
    fn params_json(&self, params: &LeversParams) -> Map<String, Value>;
    /// The record's name for the count of [`Found::dead_doors`].
    fn dead_name(&self) -> &'static str;
}

/// Runs `mode`'s search with `params`' budget, seed and threads, and makes
/// the level of the best candidate found.
pub(super) fn run<M: Mode>(
    mode: &M,
    params: &LeversParams,
    threads: usize,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let search = Search {
        eval: mode.eval(),
        space: mode.space(),
        seed: params.seed,
        budget: search_budget(params),
        threads,
    };
    let results = search.run(progress, cancel)?;
    let cancelled = cancel.load(Ordering::Relaxed);
    let totals = Totals::of(&results);
    let (best, pulls) = best_of(results, mode.eval(), cancelled)?;
    progress(Progress::new(
        "checking with the solver",
        totals.evaluations,
        None,
    ));
    let (best, tie_break) = break_ties(mode, &params.layout, best, pulls)?;
    let (mut level, changes) = mode.write(&params.layout, &best.wires);
    dress(&mut level);
    let cost = check_with_solver(&level, pulls)?;
    if level.name.is_empty() {
        level.name = mode.title(params.seed);
    }
    if level.description.is_empty() {
        level.description = mode.description(pulls);
    }
    let made = Made {
        best: &best,
        pulls,
        cost,
        totals,
        threads,
        cancelled,
        tie_break,
    };
    made.record(mode, &mut level, params);
    progress(Progress::new("done", made.totals.evaluations, None));
    Ok(Generated {
        level,
        changes,
        cancelled,
    })
}

/// How the best candidate was chosen among those tied with it.
struct TieBreak {
    /// Candidates compared (the best and its ties).
    compared: usize,
    /// The chosen one's backtracking, when its analysis finished.
    backtracking: Option<f64>,
}

/// Of `best` and the candidates tied with it, the one whose least-cost plan
/// backtracks most (see [`super::most_backtracking`]); it must score the
/// same pulls.
fn break_ties<M: Mode>(
    mode: &M,
    layout: &Level,
    mut best: Found,
    pulls: u32,
) -> Result<(Found, TieBreak), GenerateError> {
    let tied = std::mem::take(&mut best.ties);
    let compared = tied.len() + 1;
    let write = |wires: &[u64]| mode.write(layout, wires).0;
    let (wires, backtracking) = super::most_backtracking(&write, &best.wires, tied);
    if mode.eval().clone().min_pulls(&wires) != Some(pulls) {
        return Err(GenerateError::Internal(
            "a candidate tied with the best needs another number of pulls".into(),
        ));
    }
    best.wires = wires;
    Ok((
        best,
        TieBreak {
            compared,
            backtracking,
        },
    ))
}

/// What the search made, for the generator record.
struct Made<'a> {
    best: &'a Found,
    pulls: u32,
    cost: f64,
    totals: Totals,
    threads: usize,
    cancelled: bool,
    tie_break: TieBreak,
}

impl Made<'_> {
    /// Writes the generator record: the layout's name, the mode's
    /// parameters, the budget, and what the search found.
    fn record<M: Mode>(&self, mode: &M, level: &mut Level, params: &LeversParams) {
        let deterministic = params.seconds.is_none()
            && !self.cancelled
            && (params.target.is_none() || self.threads == 1);
        let mut params_json = Map::new();
        params_json.insert("layout".into(), params.layout_name.clone().into());
        params_json.extend(mode.params_json(params));
        params_json.insert("seconds".into(), params.seconds.map_or(Value::Null, num));
        params_json.insert("evaluations".into(), json!(params.evaluations));
        params_json.insert("threads".into(), self.threads.into());
        params_json.insert("target".into(), json!(params.target));
        let totals = &self.totals;
        let mut result = Map::new();
        result.insert("pulls".into(), self.pulls.into());
        result.insert("cost".into(), num(self.cost));
        result.insert(mode.dead_name().into(), self.best.dead_doors.into());
        let figures = json!({
            "evaluations": totals.evaluations,
            "evaluator_calls": totals.evaluations - totals.memo_hits,
            "best_found_after_evaluations": self.best.found_after,
            "restarts": totals.restarts,
            "reproducible": deterministic,
            "cancelled": self.cancelled,
            "wirings_tied_for_best": self.tie_break.compared,
            "backtracking": self.tie_break.backtracking.map_or(Value::Null, num),
        });
        if let Value::Object(figures) = figures {
            result.extend(figures);
        }
        let (params_json, result) = (Value::Object(params_json), Value::Object(result));
        record(level, "levers", params.seed, params_json, result);
    }
}
