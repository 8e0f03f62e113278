//! How well the automatic layouts draw the levels that Lockwork's own
//! generators make: no room on another, at most a handful of crossing doors,
//! and a drawing whose shape is within a factor of two of the canvas's.
//! Each test prints its figures (`cargo test --test layout -- --nocapture`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::atomic::AtomicBool;

use lockwork::generate::{
    BackwardParams, NestedParams, RandomParams, Rng, Source, backward, levers, nested, no_progress,
    random, random_graph,
};
use lockwork::layout::{DEFAULT_ASPECT, Layout, Quality, arrange_level, measure};
use lockwork::model::Level;

/// At most this many pairs of crossing doors: "a handful".
const HANDFUL: usize = 5;

fn go() -> AtomicBool {
    AtomicBool::new(false)
}

fn laid_out(level: &Level, layout: Layout, aspect: f64) -> Level {
    let mut level = level.clone();
    let pos = arrange_level(&level, layout, aspect);
    for (room, p) in level.rooms.iter_mut().zip(pos) {
        room.pos = Some(p);
    }
    level
}

/// Asserts the quality bars and prints the figures.
fn assert_reads_well(what: &str, level: &Level, aspect: f64) -> Quality {
    let q = measure(level);
    println!(
        "{what}: {} rooms, {} doors: {} crossings, {} overlaps, {} doors through rooms, \
         {:.0} × {:.0} (aspect {:.2}, canvas {aspect:.2})",
        level.rooms.len(),
        level.doors.len(),
        q.crossings,
        q.overlaps,
        q.through_rooms,
        q.width,
        q.height,
        q.aspect()
    );
    assert_eq!(q.overlaps, 0, "{what}: rooms overlap");
    assert!(q.crossings <= HANDFUL, "{what}: {} crossings", q.crossings);
    let ratio = q.aspect() / aspect;
    assert!(
        (0.5..=2.0).contains(&ratio),
        "{what}: aspect {:.2} against the canvas's {aspect:.2}",
        q.aspect()
    );
    q
}

fn backward_30(seed: u64) -> Level {
    let params = BackwardParams {
        seed,
        source: Source::Graph {
            rooms: 30,
            extra_doors: 8,
        },
        ..BackwardParams::default()
    };
    backward(&params, &no_progress, &go()).unwrap().level
}

fn nested_5(seed: u64) -> Level {
    // The article's tree: no extra entrance crosses it.
    let params = NestedParams {
        seed,
        depth: 5,
        ..NestedParams::article()
    };
    nested(&params, &no_progress, &go()).unwrap().level
}

#[test]
fn a_30_room_backward_level_reads_well_as_generated() {
    for seed in 1..=6 {
        let level = backward_30(seed);
        assert_eq!(level.rooms.len(), 30);
        assert_reads_well(&format!("backward, seed {seed}"), &level, DEFAULT_ASPECT);
    }
}

#[test]
fn the_131_room_nested_level_reads_well_as_a_tree() {
    let level = nested_5(3);
    assert_eq!(level.rooms.len(), 131, "depth 5, seed 3");
    let q = assert_reads_well("nested depth 5, seed 3", &level, DEFAULT_ASPECT);
    assert_eq!(q.through_rooms, 0, "no door is drawn through a room");
    // The leaves spread in two dimensions: neither a strip nor a row.
    assert!(q.width > 1000.0 && q.height > 1000.0, "{q:?}");
    for seed in [1, 2, 4, 5] {
        let level = nested_5(seed);
        assert_reads_well(
            &format!("nested depth 5, seed {seed}"),
            &level,
            DEFAULT_ASPECT,
        );
    }
}

#[test]
fn arrange_fits_other_canvas_shapes() {
    for aspect in [0.7, 1.0, 2.0] {
        let level = laid_out(&backward_30(1), Layout::Grid, aspect);
        assert_reads_well(&format!("backward, grid for {aspect}"), &level, aspect);
        let level = laid_out(&nested_5(3), Layout::Tree, aspect);
        assert_reads_well(&format!("nested, tree for {aspect}"), &level, aspect);
    }
}

#[test]
fn every_layout_keeps_rooms_apart_on_every_kind_of_level() {
    let random_level = random(&RandomParams::default(), &no_progress, &go())
        .unwrap()
        .level;
    let wired = levers(
        &{
            let mut p =
                lockwork::generate::LeversParams::new(lockwork::generate::basement_layout(&[
                    1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7,
                ]));
            p.seconds = None;
            p.evaluations = Some(2000);
            p.threads = 1;
            p
        },
        &no_progress,
        &go(),
    )
    .unwrap()
    .level;
    let kinds = [
        ("backward", backward_30(2)),
        ("nested", nested_5(4)),
        ("random", random_level),
        ("levers", wired),
    ];
    for (kind, level) in &kinds {
        for layout in Layout::ALL {
            let q = measure(&laid_out(level, layout, DEFAULT_ASPECT));
            println!("{kind} {layout:?}: {q:?}");
            assert_eq!(q.overlaps, 0, "{kind} {layout:?}");
        }
    }
    // The generated random level reads well as it comes.
    assert_reads_well("random, as generated", &kinds[2].1, DEFAULT_ASPECT);
}

#[test]
fn a_thousand_rooms_never_overlap() {
    let mut rng = Rng::new(11);
    let (level, _) = random_graph(&mut rng, 1000, 300).unwrap();
    for layout in [Layout::Grid, Layout::Stress] {
        let q = measure(&laid_out(&level, layout, DEFAULT_ASPECT));
        println!("1,000 rooms, {layout:?}: {q:?}");
        assert_eq!(q.overlaps, 0, "{layout:?}");
    }
}

/// The friction: a tree was written with doors crossing, which a tree never
/// needs. The article's trees of depth 6 (about 200 rooms) are drawn with
/// none.
#[test]
fn the_article_trees_of_depth_6_are_drawn_without_crossings() {
    for seed in 1..=3 {
        article_tree_reads_without_crossings(6, seed);
    }
}

/// Lays out the article's tree of `depth` from `seed` as generated, checks
/// the quality bars and that no doors cross; returns its rooms.
fn article_tree_reads_without_crossings(depth: usize, seed: u64) -> usize {
    let params = NestedParams {
        seed,
        depth,
        ..NestedParams::article()
    };
    let level = nested(&params, &no_progress, &go()).unwrap().level;
    let what = format!("nested depth {depth}, seed {seed}");
    let q = assert_reads_well(&what, &level, DEFAULT_ASPECT);
    assert_eq!(q.crossings, 0, "{what}: a tree needs no crossing");
    level.rooms.len()
}

/// Big trees too: at 420, 549, 839 and 1,114 rooms the dense board left
/// 2, 1, 20 and 77 crossing doors; the tree layout now tries roomier boards
/// until none is left.
#[test]
fn big_trees_are_drawn_without_crossings() {
    for (depth, seed) in [(7, 1), (7, 3), (8, 1), (8, 3)] {
        let rooms = article_tree_reads_without_crossings(depth, seed);
        assert!(rooms >= 400, "a big tree: {rooms} rooms");
    }
}

/// A watched layout reports its progress, rising to 1, and gives the same
/// positions as one nobody watches; stopped (here before it starts), it
/// answers nothing.
#[test]
fn a_watched_layout_reports_progress_and_stops_when_asked() {
    use lockwork::layout::{Watch, arrange_watched};
    use std::sync::Mutex;
    let (level, _) = random_graph(&mut Rng::new(5), 300, 150).unwrap();
    let all: Vec<usize> = (0..level.rooms.len()).collect();
    for layout in Layout::ALL {
        let seen = Mutex::new(Vec::new());
        let progress = |share: f32| seen.lock().unwrap().push(share);
        let cancel = go();
        let watch = Watch {
            cancel: &cancel,
            progress: &progress,
        };
        let watched = arrange_watched(&level, &all, layout, DEFAULT_ASPECT, watch);
        assert_eq!(
            watched.as_deref(),
            Some(&arrange_level(&level, layout, DEFAULT_ASPECT)[..]),
            "{layout:?}"
        );
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.last(), Some(&1.0), "{layout:?} ends at 1");
        assert!(
            seen.windows(2).all(|w| w[0] <= w[1] && w[1] <= 1.0),
            "{layout:?} rises: {seen:?}"
        );
        if layout != Layout::Layered {
            assert!(seen.len() > 2, "{layout:?} reports along the way");
            let stopped = AtomicBool::new(true);
            let watch = Watch {
                cancel: &stopped,
                progress: &|_| {},
            };
            assert_eq!(
                arrange_watched(&level, &all, layout, DEFAULT_ASPECT, watch),
                None,
                "{layout:?} stops"
            );
        }
    }
}
