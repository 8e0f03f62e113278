//! Loading and analysing files that double in size: 10k, 20k, 40k and 80k
//! rooms (or list entries) of each shape in `tests/common/scaling.rs`.
//! The time per item should stay flat; `tests/scaling.rs` checks that by
//! counting work.
//!
//! `cargo bench --bench scaling`.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lockwork::format;
use lockwork::solver::{SolveOptions, analyze};

#[path = "../tests/common/scaling.rs"]
mod scaling;

const SIZES: [usize; 4] = [10_000, 20_000, 40_000, 80_000];

/// Times `work` on the text of every shape at every size, per item.
fn each_shape(c: &mut Criterion, group: &str, work: fn(&str)) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for (name, shape) in scaling::SHAPES {
        for n in SIZES {
            let text = shape(n);
            group.throughput(Throughput::Elements(n as u64));
            group.bench_with_input(BenchmarkId::new(name, n), &text, |b, text| {
                b.iter(|| work(text));
            });
        }
    }
    group.finish();
}

fn load(c: &mut Criterion) {
    each_shape(c, "load", |text| {
        format::from_str(text).unwrap();
    });
}

fn load_and_analyze(c: &mut Criterion) {
    each_shape(c, "load and analyze", |text| {
        let level = format::from_str(text).unwrap().level;
        analyze(&level, &SolveOptions::default()).unwrap();
    });
}

criterion_group!(benches, load, load_and_analyze);
criterion_main!(benches);
