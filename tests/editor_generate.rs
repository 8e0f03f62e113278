//! The generator window, driven through the real app with `egui_kittest`:
//! a run to completion applied as one undoable edit (or opened as a new
//! document), a lever search cancelled with and without keeping its best,
//! and an impossible request explained in the window.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::prefs::Prefs;
use lockwork::generate::{NestedParams, min_pulls_of_wiring, nested, no_progress};
use lockwork::model::Level;
use lockwork::solver::{SolveOptions, solve};

mod common;

use common::{App, NoDialogs, app, harness_sized, step_until};

fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(name)
}

/// The real app on `doc` in a window the generator form fits, once the live solver has answered.
fn harness(doc: Document) -> App<'static> {
    let mut harness = harness_sized(doc, Prefs::default(), Arc::new(NoDialogs), [1400.0, 900.0]);
    step_until(&mut harness, "the live solver", |h| {
        app(h).solver().state().analysis().is_some()
    });
    harness
}

fn level(harness: &App<'_>) -> Level {
    app(harness).document().level().clone()
}

/// Opens the generator window with Ctrl+G and picks `kind`.
fn open_generator(harness: &mut App<'_>, kind: &str) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::G);
    harness.run_steps(2);
    assert!(
        app(harness).generator().is_open(),
        "Ctrl+G opens the window"
    );
    harness.get_by_role_and_label(Role::Button, kind).click();
    harness.run_steps(2);
}

fn set_number(harness: &mut App<'_>, label: &str, value: f64) {
    harness
        .get_by_role_and_label(Role::SpinButton, label)
        .set_value_accesskit(value);
    harness.run_steps(2);
}

fn run(harness: &mut App<'_>) {
    harness.get_by_label("▶ Run").click();
    harness.run_steps(2);
}

/// Steps the app until the run is over and its result applied.
fn wait_for_the_run(harness: &mut App<'_>, within: Duration) {
    let started = Instant::now();
    while app(harness).generator().is_running() {
        assert!(
            started.elapsed() < within,
            "the generator still runs after {within:?}"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run_steps(3);
}

fn text_shown(harness: &App<'_>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn a_nested_run_replaces_the_level_as_one_undoable_edit() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let old = doc.level().clone();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    set_number(&mut harness, "Seed", 42.0);
    set_number(&mut harness, "Depth", 3.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));

    let made = level(&harness);
    // The same seed and options as the command line give the same level.
    let params = NestedParams {
        seed: 42,
        depth: 3,
        ..NestedParams::default()
    };
    let expected = nested(&params, &no_progress, &AtomicBool::new(false)).unwrap();
    assert_eq!(made, expected.level, "the level of seed 42, depth 3");
    let record = made.generator.as_ref().expect("a generator record");
    assert_eq!(record["kind"], "nested");
    assert_eq!(record["seed"], 42);
    assert_eq!(record["parameters"]["depth"], 3);
    let solved = solve(&made, &SolveOptions::default()).unwrap();
    assert!(solved.plan.is_some(), "the generated level is solvable");
    let doc = app(&harness).document();
    assert!(doc.is_dirty());
    assert_eq!(doc.history().undo_label(), Some("replace level"));
    assert!(text_shown(&harness, "Applied as one edit"));
    assert!(
        text_shown(&harness, "Generated (nested, seed 42)"),
        "status bar"
    );

    // One Ctrl+Z brings the old level back.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(level(&harness), old);
    assert!(!app(&harness).document().is_dirty());
}

#[test]
fn a_result_opened_as_a_new_document_leaves_the_file_alone() {
    let path = asset("keys.level.json");
    let (doc, _) = Document::open(&path).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    set_number(&mut harness, "Seed", 7.0);
    harness.get_by_label("Open as a new document").click();
    harness.run_steps(2);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    harness.run_steps(3);
    let doc = app(&harness).document();
    assert_eq!(doc.path(), None, "a new document, not the keys file");
    assert!(doc.is_dirty(), "unsaved until the designer saves it");
    let record = doc.level().generator.as_ref().expect("a generator record");
    assert_eq!(record["seed"], 7);
    assert!(text_shown(&harness, "Opened as a new document"));
}

/// The basement layout in the app, the lever generator chosen with a long
/// time limit, run until the best pulls show, then cancelled.
fn cancelled_lever_run(keep_best: bool) -> (App<'static>, Level) {
    let (doc, _) = Document::open(&asset("layouts/basement.layout.json")).unwrap();
    let layout = doc.level().clone();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Levers");
    set_number(&mut harness, "Seed", 3.0);
    set_number(&mut harness, "Time limit", 120.0);
    if !keep_best {
        harness
            .get_by_label("If cancelled, use the best level found so far")
            .click();
        harness.run_steps(2);
    }
    run(&mut harness);
    assert!(app(&harness).generator().is_running());
    // The best pulls climb live in the window.
    let started = Instant::now();
    while !text_shown(&harness, "Best so far") {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no progress shown"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(text_shown(&harness, "wirings tried"));
    assert!(text_shown(&harness, "per second"));
    harness.get_by_label("⏹ Cancel").click();
    let cancelled = Instant::now();
    harness.step();
    wait_for_the_run(&mut harness, Duration::from_secs(5));
    assert!(
        cancelled.elapsed() < Duration::from_millis(1500),
        "Cancel stopped the search in {:?}",
        cancelled.elapsed()
    );
    (harness, layout)
}

#[test]
fn a_cancelled_lever_search_keeps_its_best_wiring_when_asked() {
    let (harness, layout) = cancelled_lever_run(true);
    let made = level(&harness);
    assert_eq!(made.rooms, layout.rooms, "the layout's rooms are kept");
    assert_eq!(made.levers.len(), layout.levers.len());
    assert!(
        made.levers.iter().all(|l| !l.toggles.is_empty()),
        "every lever is wired"
    );
    let record = made.generator.as_ref().expect("a generator record");
    assert_eq!(record["kind"], "levers");
    assert_eq!(record["result"]["cancelled"], true);
    let pulls = record["result"]["pulls"].as_u64().unwrap();
    assert!(pulls >= 1);
    assert_eq!(
        min_pulls_of_wiring(&made).unwrap().map(u64::from),
        Some(pulls),
        "the record's pulls are the wiring's"
    );
    assert_eq!(
        app(&harness).document().history().undo_label(),
        Some("replace level")
    );
    assert!(text_shown(&harness, "applied the best level found so far"));
    assert!(text_shown(&harness, "Doors removed or changed"));
    assert!(text_shown(&harness, "is flipped by levers"));
}

#[test]
fn a_cancelled_lever_search_leaves_the_level_unchanged_when_asked() {
    let (mut harness, layout) = cancelled_lever_run(false);
    assert_eq!(level(&harness), layout);
    let doc = app(&harness).document();
    assert!(!doc.is_dirty());
    assert_eq!(doc.history().undo_label(), None, "nothing to undo");
    assert!(text_shown(&harness, "Cancelled: the level is unchanged"));
    // The best wiring is still there to use.
    harness.get_by_label("Use it anyway").click();
    harness.run_steps(3);
    assert!(level(&harness).levers.iter().all(|l| !l.toggles.is_empty()));
}

#[test]
fn an_impossible_request_is_explained_in_the_window() {
    // Every lever of the sample basement is wired already.
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let old = doc.level().clone();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Levers");
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(10));
    assert!(text_shown(
        &harness,
        "Every lever on the canvas is wired already"
    ));
    assert_eq!(level(&harness), old);
}

#[test]
fn opening_as_a_new_document_asks_about_unsaved_changes_first() {
    let (doc, _) = Document::open(&asset("keys.level.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    set_number(&mut harness, "Seed", 11.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    let first = level(&harness);
    assert!(app(&harness).document().is_dirty());

    // Unsaved changes: File > New's question comes first; Cancel keeps them.
    set_number(&mut harness, "Seed", 12.0);
    harness.get_by_label("Open as a new document").click();
    harness.run_steps(2);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    harness.get_by_label("Cancel").click();
    harness.run_steps(4);
    assert_eq!(level(&harness), first, "the level being edited is kept");
    assert!(text_shown(&harness, "Not opened"));

    // Discard opens it.
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    harness.get_by_label("Discard").click();
    harness.run_steps(4);
    let doc = app(&harness).document();
    assert_eq!(doc.path(), None);
    assert_eq!(doc.level().generator.as_ref().unwrap()["seed"], 12);
}
