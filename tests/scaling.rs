//! Loading, validating, compiling and analysing stay linear in the size of
//! the file: across doublings of each shape in `common/scaling.rs`, the work
//! per item stays flat within 2×.
//!
//! Work is counted, not timed: a counting allocator tallies the allocations
//! and the bytes allocated. Every item of a file costs allocations when it
//! is parsed, indexed, compiled and searched, so a step that is quadratic in
//! a list (a copy per item, a table per lookup) shows up as work per item
//! that grows with each doubling. Wall-clock figures are in
//! `benches/scaling.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// A global allocator is an `unsafe impl`; this one only counts and passes
// every call on to the system allocator. The crate itself stays free of
// unsafe code.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use lockwork::format;
use lockwork::solver::{SolveOptions, analyze};

#[path = "common/scaling.rs"]
mod scaling;

struct Counting;

static CALLS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's promises about `layout` hold for System too.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Held while a test counts: the tests of this file run one at a time, so
/// that the counts are their own.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Allocations and bytes allocated while `f` runs (under [`ONE_AT_A_TIME`]).
fn work(f: impl FnOnce()) -> (usize, usize) {
    let (calls, bytes) = (CALLS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed));
    f();
    (
        CALLS.load(Ordering::Relaxed) - calls,
        BYTES.load(Ordering::Relaxed) - bytes,
    )
}

/// Sizes of each shape: three doublings. Debug builds are slow, so smaller
/// than the bench's 10k to 80k; the shape of the growth is the same.
const SIZES: [usize; 4] = [2_500, 5_000, 10_000, 20_000];

#[test]
fn work_per_item_stays_flat_as_files_double() {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut failures = Vec::new();
    for (name, shape) in scaling::SHAPES {
        let mut per_item = Vec::new();
        for n in SIZES {
            let text = shape(n);
            let (calls, bytes) = work(|| {
                let loaded = format::from_str(&text).expect("a valid level");
                let analysis = analyze(&loaded.level, &SolveOptions::default()).unwrap();
                assert!(analysis.is_complete(), "{name} {n}: {:?}", analysis.stopped);
                assert!(analysis.plan.is_some(), "{name} {n} is solvable");
            });
            per_item.push((n, calls as f64 / n as f64, bytes as f64 / n as f64));
        }
        let calls: Vec<f64> = per_item.iter().map(|p| p.1).collect();
        let bytes: Vec<f64> = per_item.iter().map(|p| p.2).collect();
        if spread(&calls) > 2.0 || spread(&bytes) > 2.0 {
            failures.push(format!("{name}: per item {per_item:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "work grew faster than the file:\n{}",
        failures.join("\n")
    );
}

/// A grid with a lever in every room: the state of play is a bit per room,
/// so states as many as the rooms would be work of rooms squared. The
/// analysis's count of an undoable level's states, once the least plan's
/// walk has proven every room, is held to a number of words per room; it
/// once stored four 126-word states a room on 8,000 rooms.
#[test]
fn a_lever_in_every_room_costs_the_same_per_room_as_files_double() {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut per_room = Vec::new();
    for n in [1_000, 2_000, 4_000, 8_000] {
        let text = scaling::levers_over_grid(n, 1);
        let loaded = format::from_str(&text).expect("a valid level");
        let (_, bytes) = work(|| {
            let analysis = analyze(&loaded.level, &SolveOptions::default()).unwrap();
            assert!(analysis.plan.is_some(), "{n} is solvable");
        });
        per_room.push(bytes as f64 / n as f64);
    }
    assert!(spread(&per_room) <= 2.0, "bytes per room {per_room:?}");
}

/// The largest of `figures` over the smallest.
fn spread(figures: &[f64]) -> f64 {
    let most = figures.iter().copied().fold(0.0, f64::max);
    let least = figures.iter().copied().fold(f64::INFINITY, f64::min);
    most / least
}
