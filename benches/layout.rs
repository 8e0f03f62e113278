//! Arranging a whole level: the 1,000-room, 1,500-door level of the canvas
//! benchmark, and a generated 1,000-room backward-style random graph.
//!
//! Goal: Arrange (the grid layout, the default) on 1,000 rooms in at most
//! 200 ms of CPU. `cargo bench --bench layout`; CPU time of the benchmark
//! thread, as in the canvas benchmark.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use lockwork::document::{Document, LevelCommand};
use lockwork::generate::{Rng, random_graph};
use lockwork::layout::{DEFAULT_ASPECT, Layout, arrange_level};

mod common;

use common::{big_level, cpu_time};

fn arrange(c: &mut Criterion) {
    let mut group = c.benchmark_group("arrange");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let level = big_level();
    for layout in Layout::ALL {
        let name = format!("{layout:?}_1000_rooms").to_lowercase();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                cpu_time(iters, || {
                    black_box(arrange_level(&level, layout, DEFAULT_ASPECT));
                })
            });
        });
    }
    // Arrange as the editor does it: one undoable command through the document.
    let doc = Document::new(level.clone(), None);
    group.bench_function("command_grid_1000_rooms", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                let mut doc = doc.clone();
                let command = LevelCommand::Arrange {
                    layout: Layout::Grid,
                    rooms: Vec::new(),
                    aspect: DEFAULT_ASPECT,
                };
                black_box(doc.apply(command).unwrap());
            })
        });
    });
    let (random, _) = random_graph(&mut Rng::new(3), 1000, 500).unwrap();
    group.bench_function("grid_random_graph_1000_rooms", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                black_box(arrange_level(&random, Layout::Grid, DEFAULT_ASPECT));
            })
        });
    });
    group.finish();
}

criterion_group!(benches, arrange);
criterion_main!(benches);
