//! Benchmarks of the quality measures. Goal: the measures of a 100-room
//! level take at most 10 ms beyond its analysis.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use lockwork::generate::{BackwardParams, RandomParams, Source, backward, no_progress, random};
use lockwork::measures::measure;
use lockwork::model::Level;
use lockwork::solver::{SolveOptions, analyze};

/// Two levels of 100 rooms: backward with 12 locks, random with 8 locks
/// and 3 levers.
fn levels() -> Vec<(&'static str, Level)> {
    let cancel = AtomicBool::new(false);
    let back = BackwardParams {
        seed: 1,
        source: Source::Graph {
            rooms: 100,
            extra_doors: 30,
        },
        locks: 12,
        ..BackwardParams::default()
    };
    let rand = RandomParams {
        seed: 1,
        source: Source::Graph {
            rooms: 100,
            extra_doors: 30,
        },
        locks: 8,
        levers: 3,
        ..RandomParams::default()
    };
    vec![
        (
            "backward_100_rooms",
            backward(&back, &no_progress, &cancel).unwrap().level,
        ),
        (
            "random_100_rooms",
            random(&rand, &no_progress, &cancel).unwrap().level,
        ),
    ]
}

fn measures(c: &mut Criterion) {
    let mut group = c.benchmark_group("measures");
    group.sample_size(30);
    for (name, level) in levels() {
        let analysis = analyze(&level, &SolveOptions::default()).unwrap();
        group.bench_function(format!("{name}_beyond_analysis"), |b| {
            b.iter(|| black_box(measure(black_box(&level), black_box(&analysis)).unwrap()));
        });
        group.bench_function(format!("{name}_analysis"), |b| {
            b.iter(|| black_box(analyze(black_box(&level), &SolveOptions::default()).unwrap()));
        });
    }
    group.finish();
}

criterion_group!(benches, measures);
criterion_main!(benches);
