//! Batches: many levels of one kind, seeds `S..S+N-1`, made in parallel and
//! measured, for a designer to pick from.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{GenerateError, GeneratorParams, no_progress};
use crate::measures::Measures;
use crate::model::Level;
use crate::solver::SolveOptions;

impl GeneratorParams {
    /// Makes the level of `seed` for a batch: the lever search runs on one
    /// thread, since the batch runs levels side by side.
    fn make(&self, seed: u64, cancel: &AtomicBool) -> Result<Level, GenerateError> {
        let mut params = self.clone();
        params.set_seed(seed);
        if let Self::Levers(p) = &mut params {
            p.threads = 1;
        }
        Ok(params.generate(&no_progress, cancel)?.level)
    }
}

/// One level of a batch.
#[derive(Debug)]
pub struct BatchItem {
    /// Its seed.
    pub seed: u64,
    /// The level, with `generator.metrics` recorded, and its measures; or
    /// why the generator made none for this seed.
    pub outcome: Result<(Level, Measures), GenerateError>,
}

/// Most levels one batch makes: every level is kept until the batch ends,
/// and ten thousand levels of a few hundred rooms fit in well under a
/// gigabyte.
pub const MAX_BATCH: usize = 10_000;

/// Makes `count` levels of `kind` with seeds `first_seed..first_seed+count`,
/// on `threads` threads (0: one per core), measures each and records its
/// measures in its generator record. At most [`MAX_BATCH`] levels are made:
/// a larger `count` makes the first `MAX_BATCH`.
///
/// `progress(done, count)` is called from the worker threads after each
/// level. Setting `cancel` stops the batch: levels not started are left
/// out, and those under way stop as their generator does.
///
/// Returns the levels in seed order; a seed for which the generator failed
/// keeps its error. The same kind, seeds and parameters give the same
/// levels whatever the number of threads.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use lockwork::generate::{GeneratorParams, NestedParams, batch};
///
/// let kind = GeneratorParams::Nested(NestedParams::default());
/// let items = batch(&kind, 10, 4, 2, &|_, _| {}, &AtomicBool::new(false));
/// assert_eq!(items.iter().map(|i| i.seed).collect::<Vec<_>>(), [10, 11, 12, 13]);
/// assert!(items.iter().all(|i| i.outcome.is_ok()));
/// ```
pub fn batch(
    kind: &GeneratorParams,
    first_seed: u64,
    count: usize,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<BatchItem> {
    let count = count.min(MAX_BATCH);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .min(count.max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<BatchItem>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let seed = first_seed.wrapping_add(i as u64);
                    let item = one(kind, seed, cancel);
                    if let Ok(mut slots) = slots.lock()
                        && let Some(slot) = slots.get_mut(i)
                    {
                        *slot = Some(item);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, count);
                }
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// The level of `seed`, measured.
fn one(kind: &GeneratorParams, seed: u64, cancel: &AtomicBool) -> BatchItem {
    let outcome = kind.make(seed, cancel).and_then(|mut level| {
        let options = SolveOptions {
            max_time: Some(crate::measures::RECORD_TIME),
            ..SolveOptions::default()
        };
        let measures = crate::measures::record(&mut level, &options)?;
        Ok((level, measures))
    });
    BatchItem { seed, outcome }
}
