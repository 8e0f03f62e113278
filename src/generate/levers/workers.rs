//! The search phase of the lever generator on worker threads, and what
//! their results come to: the best wiring, its ties broken by the
//! backtracking of the least-cost plan, and the figures of all workers.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use super::search::{self, Budget, Found, Shared, anneal};
use crate::generate::{GenerateError, Progress, Unreachable};
use crate::model::Level;

/// The search phase: `threads` annealing workers, each on its own stream
/// of the seed.
pub(super) struct Search<'a, E, S> {
    pub(super) eval: &'a E,
    pub(super) space: &'a S,
    pub(super) seed: u64,
    pub(super) budget: Budget,
    pub(super) threads: usize,
}

impl<E: search::Evaluate + Sync, S: search::Moves> Search<'_, E, S> {
    /// Runs the workers to the end of the budget, reporting progress from
    /// this thread (the callback stays on it), and returns what each found.
    pub(super) fn run(
        &self,
        progress: &dyn Fn(Progress),
        cancel: &AtomicBool,
    ) -> Result<Vec<Found>, GenerateError> {
        let threads = self.threads;
        let shared = Shared::default();
        let total = self
            .budget
            .evaluations
            .map(|e| e.saturating_mul(threads as u64));
        progress(Progress::new("searching", 0, total));
        let running = AtomicUsize::new(threads);
        let mut results: Vec<Option<Found>> = Vec::with_capacity(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (shared, running) = (&shared, &running);
                    let me = std::thread::current();
                    scope.spawn(move || {
                        let found = self.worker(t as u64, shared, cancel);
                        running.fetch_sub(1, Ordering::Release);
                        me.unpark();
                        found
                    })
                })
                .collect();
            while running.load(Ordering::Acquire) > 0 {
                std::thread::park_timeout(Duration::from_millis(100));
                progress(searching(&shared, total));
            }
            results = handles.into_iter().map(|h| h.join().ok()).collect();
        });
        let results: Vec<Found> = results.into_iter().flatten().collect();
        if results.len() < threads {
            return Err(GenerateError::Internal("a search thread failed".into()));
        }
        Ok(results)
    }

    /// One worker's search, on stream `stream` of the seed.
    fn worker(&self, stream: u64, shared: &Shared, cancel: &AtomicBool) -> Found {
        let mut eval = self.eval.clone();
        anneal(
            &mut eval,
            self.space,
            self.seed,
            stream,
            self.budget,
            shared,
            cancel,
        )
    }
}

/// A progress report of the search so far.
pub(super) fn searching(shared: &Shared, total: Option<u64>) -> Progress {
    let mut p = Progress::new(
        "searching",
        shared.evaluations.load(Ordering::Relaxed),
        total,
    );
    let best = shared.best.load(Ordering::Relaxed);
    p.best = (best > 0).then(|| f64::from(best - 1));
    p
}

/// The figures of all workers together.
pub(super) struct Totals {
    pub(super) evaluations: u64,
    pub(super) memo_hits: u64,
    pub(super) restarts: u64,
}

impl Totals {
    /// The sums over `results`.
    pub(super) fn of(results: &[Found]) -> Self {
        Self {
            evaluations: results.iter().map(|f| f.evaluations).sum(),
            memo_hits: results.iter().map(|f| f.memo_hits).sum(),
            restarts: results.iter().map(|f| f.restarts).sum(),
        }
    }
}

/// The best wiring found and its pulls, scored afresh (the search may have
/// remembered it); or why there is none.
pub(super) fn best_of<E: search::Evaluate>(
    results: Vec<Found>,
    eval: &E,
    cancelled: bool,
) -> Result<(Found, u32), GenerateError> {
    let tried: u64 = results.iter().map(|f| f.evaluations).sum();
    let key = |f: &Found| (f.pulls.map_or(-1, i64::from), -i64::from(f.dead_doors));
    let top = results.iter().map(key).max();
    let mut best: Option<Found> = None;
    let mut ties: Vec<Vec<u64>> = Vec::new();
    for found in results {
        if Some(key(&found)) != top {
            continue;
        }
        // The other workers' best wirings, and every worker's ties, are
        // tied with the first worker's best.
        match &mut best {
            None => best = Some(found),
            Some(_) => {
                ties.push(found.wires);
                ties.extend(found.ties);
            }
        }
    }
    let Some(mut best) = best else {
        return Err(GenerateError::Internal("no search ran".into()));
    };
    let Some(pulls) = best.pulls else {
        if cancelled {
            return Err(GenerateError::Cancelled);
        }
        return Err(GenerateError::GoalUnreachable(Unreachable::NoWiring {
            tried,
        }));
    };
    if eval.clone().min_pulls(&best.wires) != Some(pulls) {
        return Err(GenerateError::Internal(
            "the best wiring scores differently when evaluated again".into(),
        ));
    }
    ties.dedup();
    ties.retain(|t| t != &best.wires);
    best.ties.extend(ties);
    Ok((best, pulls))
}

/// Of the wiring `best` and the wirings `tied` with it (as few pulls, as
/// few doors no lever flips), the one whose least-cost plan backtracks
/// most (the first on ties, `best` first of all), with its backtracking.
/// A wiring whose analysis does not finish within a modest budget is
/// passed over.
pub(super) fn most_backtracking(
    write: &dyn Fn(&[u64]) -> Level,
    best: &[u64],
    tied: Vec<Vec<u64>>,
) -> (Vec<u64>, Option<f64>) {
    let options = crate::solver::SolveOptions {
        max_states: 2_000_000,
        max_time: Some(std::time::Duration::from_secs(2)),
        ..crate::solver::SolveOptions::default()
    };
    let backtracking = |wires: &[u64]| {
        crate::measures::measure_level(&write(wires), &options)
            .ok()
            .and_then(|(_, m)| m.backtracking)
    };
    let mut chosen = (best.to_vec(), backtracking(best));
    if tied.is_empty() {
        return chosen;
    }
    for wires in tied {
        let b = backtracking(&wires);
        if b.is_some_and(|b| chosen.1.is_none_or(|c| b > c)) {
            chosen = (wires, b);
        }
    }
    chosen
}
