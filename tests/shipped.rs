#![allow(clippy::panic)]
//! Generators at their defaults make levels that measure like shipped
//! dungeons: for each kind, 20 levels (seeds 1..=20, as
//! `lockwork generate KIND --count 20 --seed 1` makes them), the median of
//! each measure of the band lies in the band of the 38 measured Zelda
//! dungeons (`shared/real/README.md`), and at least 40% of the levels have a
//! locked area with several ways in.

use std::sync::atomic::AtomicBool;

use lockwork::generate::{BackwardParams, GeneratorParams, NestedParams, RandomParams, batch};
use lockwork::measures::{BandMeasure, Measures};

/// The 20 levels' measures of `kind` at its defaults.
fn measured(kind: &GeneratorParams) -> Vec<Measures> {
    batch(kind, 1, 20, 0, &|_, _| {}, &AtomicBool::new(false))
        .into_iter()
        .map(|item| {
            let seed = item.seed;
            match item.outcome {
                Ok((_, m)) => m,
                Err(e) => panic!("{} seed {seed}: {e}", kind.generator().name()),
            }
        })
        .collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    (values[(n - 1) / 2] + values[n / 2]) / 2.0
}

/// Checks the band and the share of levels with several ways into an area.
fn like_shipped(kind: &GeneratorParams) {
    let levels = measured(kind);
    assert_eq!(levels.len(), 20);
    for measure in BandMeasure::ALL {
        let values: Vec<f64> = levels
            .iter()
            .map(|m| measure.value(m).unwrap_or(f64::NAN))
            .collect();
        let (low, high) = measure.range();
        let mid = median(values);
        assert!(
            (low..=high).contains(&mid),
            "{}: median {} {mid:.3} lies outside the band {low}..{high}",
            kind.generator().name(),
            measure.name()
        );
    }
    let several = levels.iter().filter(|m| m.routes.several > 0).count();
    assert!(
        several * 10 >= levels.len() * 4,
        "{}: {several} of 20 levels have an area with several ways in",
        kind.generator().name()
    );
    // Each level's record says how many measures lie in the band.
    let inside = levels.iter().map(|m| m.band().inside()).min().unwrap_or(0);
    assert!(
        inside >= 5,
        "{}: a level has only {inside} of 8",
        kind.generator().name()
    );
}

#[test]
fn backward_levels_measure_like_shipped_ones() {
    like_shipped(&GeneratorParams::Backward(BackwardParams::default()));
}

#[test]
fn random_levels_measure_like_shipped_ones() {
    like_shipped(&GeneratorParams::Random(RandomParams::default()));
}

#[test]
fn nested_levels_measure_like_shipped_ones() {
    like_shipped(&GeneratorParams::Nested(NestedParams::default()));
}

/// The article's shapes stay reachable, and are what they always were: a
/// single way into every locked area.
#[test]
fn the_articles_shapes_have_one_way_into_each_area() {
    for kind in [
        GeneratorParams::Backward(BackwardParams::article()),
        GeneratorParams::Nested(NestedParams::article()),
    ] {
        for m in measured(&kind) {
            assert_eq!(m.routes.several, 0, "{}", kind.generator().name());
        }
    }
}
