//! A game's build step making its content: 100 levels from seeds 1 to 100,
//! generated and analysed on every core, each written as a level file, and
//! a CSV of each level's least cost, moves, pulls and dead ends.
//!
//! ```sh
//! cargo run --release --example batch_generate -- OUT_DIR
//! ```
//!
//! Writes `OUT_DIR/level-001.level.json` … `level-100.level.json` and
//! `OUT_DIR/levels.csv`. The same seeds give the same files on every
//! machine, however many cores share the work.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use lockwork::generate::{RandomParams, no_progress, random};
use lockwork::solver::{SolveOptions, analyze};

const SEEDS: std::ops::RangeInclusive<u64> = 1..=100;

/// One line of the CSV.
struct Row {
    seed: u64,
    file: String,
    rooms: usize,
    cost: Option<f64>,
    moves: Option<u32>,
    pulls: Option<u32>,
    min_pulls: Option<u32>,
    dead_end_states: Option<usize>,
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        bail!("usage: batch_generate OUT_DIR");
    };
    let out = PathBuf::from(out);
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let started = Instant::now();
    let seeds: Vec<u64> = SEEDS.collect();
    let next = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::new());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    std::thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..cores)
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    while let Some(&seed) = seeds.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let row = make(seed, &out)?;
                        rows.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(row);
                    }
                    Ok(())
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(done) => done?,
                Err(_) => bail!("a worker thread panicked"),
            }
        }
        Ok(())
    })?;
    let mut rows = rows.into_inner().unwrap_or_else(PoisonError::into_inner);
    rows.sort_by_key(|r| r.seed);
    let csv = out.join("levels.csv");
    std::fs::write(&csv, to_csv(&rows))
        .with_context(|| format!("cannot write {}", csv.display()))?;
    println!(
        "{} levels on {cores} cores in {:.1} s: {}",
        rows.len(),
        started.elapsed().as_secs_f64(),
        csv.display()
    );
    Ok(())
}

/// Generates, analyses and writes the level of `seed`.
fn make(seed: u64, out: &Path) -> Result<Row> {
    let params = RandomParams {
        seed,
        levers: 3,
        min_pulls: Some(1),
        ..RandomParams::default()
    };
    let level = random(&params, &no_progress, &AtomicBool::new(false))
        .with_context(|| format!("seed {seed}"))?
        .level;
    let options = SolveOptions {
        max_time: Some(Duration::from_secs(5)),
        ..SolveOptions::default()
    };
    let a = analyze(&level, &options).with_context(|| format!("seed {seed}"))?;
    let file = format!("level-{seed:03}.level.json");
    lockwork::format::to_file(&level, &out.join(&file))?;
    Ok(Row {
        seed,
        file,
        rooms: level.rooms.len(),
        cost: a.plan.as_ref().map(|p| p.cost),
        moves: a.plan.as_ref().map(|p| p.moves),
        pulls: a.plan.as_ref().map(|p| p.pulls),
        min_pulls: a.least_pulls(),
        dead_end_states: a.dead_ends.states,
    })
}

fn to_csv(rows: &[Row]) -> String {
    fn cell<T: ToString>(x: Option<T>) -> String {
        x.map_or_else(String::new, |x| x.to_string())
    }
    let mut csv = String::from("seed,file,rooms,cost,moves,pulls,min_pulls,dead_end_states\n");
    for r in rows {
        csv += &format!(
            "{},{},{},{},{},{},{},{}\n",
            r.seed,
            r.file,
            r.rooms,
            cell(r.cost),
            cell(r.moves),
            cell(r.pulls),
            cell(r.min_pulls),
            cell(r.dead_end_states)
        );
    }
    csv
}
