//! Benchmarks of the generators. Goals: backward with 500 rooms and 30 locks,
//! solver check included, under 100 ms; nested depth 6 under 10 ms; the
//! lever evaluator at least a million wirings per second per thread.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lockwork::generate::{
    BackwardParams, LeverEvaluator, NestedParams, Rng, Source, backward, basement_layout, nested,
    no_progress,
};

fn generators(c: &mut Criterion) {
    let cancel = AtomicBool::new(false);
    let mut group = c.benchmark_group("generate");
    group.sample_size(20);
    let mut seed = 0;
    group.bench_function("backward_500_rooms_30_locks", |b| {
        b.iter(|| {
            seed += 1;
            let params = BackwardParams {
                seed,
                source: Source::Graph {
                    rooms: 500,
                    extra_doors: 100,
                },
                locks: 30,
                keys_per_lock: (1, 2),
                ..BackwardParams::default()
            };
            black_box(backward(&params, &no_progress, &cancel).unwrap())
        });
    });
    let mut seed = 0;
    group.bench_function("nested_depth_6", |b| {
        b.iter(|| {
            seed += 1;
            let params = NestedParams {
                seed,
                depth: 6,
                ..NestedParams::default()
            };
            black_box(nested(&params, &no_progress, &cancel).unwrap())
        });
    });
    group.finish();

    // The lever evaluator on the basement: 1000 random wirings of 1..2 doors.
    let layout = basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]);
    let mut eval = LeverEvaluator::new(&layout).unwrap();
    let mut rng = Rng::new(1);
    let wirings: Vec<Vec<u64>> = (0..1000)
        .map(|_| {
            (0..eval.levers())
                .map(|_| {
                    let a = rng.below(7);
                    let b = rng.below(7);
                    (1u64 << a) | (1u64 << b)
                })
                .collect()
        })
        .collect();
    let solvable = wirings
        .iter()
        .filter(|w| eval.min_pulls(w).is_some())
        .count();
    eprintln!("basement: {solvable} of 1000 random wirings solvable");
    // Neighbours of a 22-pull wiring (one lever rewired), as the search sees them.
    let good_wires: Vec<u64> = vec![32, 2, 17, 3, 66, 8, 24, 12, 9, 33, 34];
    let near: Vec<Vec<u64>> = (0..1000)
        .map(|_| {
            let mut w = good_wires.clone();
            let l = rng.index(w.len());
            let a = rng.below(7);
            let b = rng.below(7);
            w[l] = (1u64 << a) | (1u64 << b);
            w
        })
        .collect();
    let pulls: u32 = near.iter().map(|w| eval.min_pulls(w).unwrap_or(0)).sum();
    eprintln!(
        "basement: good wiring {:?} pulls, neighbours average {:.1} pulls",
        eval.min_pulls(&good_wires),
        f64::from(pulls) / 1000.0
    );
    let mut group = c.benchmark_group("lever_evaluator");
    for (name, set) in [
        ("basement_random_wirings", &wirings),
        ("basement_near_a_good_wiring", &near),
    ] {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0u32;
                for w in set {
                    total += eval.min_pulls(black_box(w)).unwrap_or(0);
                }
                black_box(total)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, generators);
criterion_main!(benches);
