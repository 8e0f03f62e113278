//! The generator window, driven through the real app with `egui_kittest`:
//! a run to completion applied as one undoable edit (or opened as a new
//! document), a lever search cancelled with and without keeping its best,
//! an impossible request explained in the window, and the options of each
//! generator ticked in the window reaching the level it makes.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT as _, Queryable};
use lockwork::document::Document;
use lockwork::editor::prefs::Prefs;
use lockwork::generate::{NestedParams, min_pulls_of_wiring, nested, no_progress};
use lockwork::model::{Door, Key as LevelKey, Level, Lever, Room};
use lockwork::solver::{SolveOptions, solve};

mod common;

use common::{App, NoDialogs, app, asset, harness_sized, id_clashes, step_until};

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
    let mut expected = nested(&params, &no_progress, &AtomicBool::new(false)).unwrap();
    // The window records the measures, as the command line does.
    lockwork::measures::record(&mut expected.level, &SolveOptions::default()).unwrap();
    assert_eq!(made, expected.level, "the level of seed 42, depth 3");
    assert!(
        made.generator.as_ref().unwrap()["metrics"]["score"]["total"].is_number(),
        "the generator record carries the metrics"
    );
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
    wait_for_the_run(&mut harness, Duration::from_secs(10));
    // The run's own limit is 120 s: ending within seconds is Cancel's
    // doing. (On a quiet machine it takes well under a second; a tighter
    // bound failed on a machine busy with other builds.)
    assert!(
        cancelled.elapsed() < Duration::from_secs(10),
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
    // The form and the list of changes each scroll on their own.
    assert_eq!(id_clashes(&harness), Vec::<String>::new());
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
    // Said before any run, with what to do about it; Run waits.
    assert!(text_shown(&harness, "Every lever is wired already"));
    assert!(text_shown(&harness, "Rewire levers that are already wired"));
    assert!(harness.get_by_label("▶ Run").accesskit_node().is_disabled());
    run(&mut harness);
    assert!(!app(&harness).generator().is_running(), "Run is disabled");
    assert_eq!(level(&harness), old);
}

#[test]
fn a_generator_error_names_the_window_fields_not_command_line_options() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let old = doc.level().clone();
    let mut harness = harness(doc);
    // Backward on a random graph of 3 rooms cannot hold 9 locks (the
    // basement is drawn: the window offers to work around it first).
    open_generator(&mut harness, "Backward");
    harness.get_by_label("A new random graph").click();
    harness.run_steps(2);
    set_number(&mut harness, "Rooms", 3.0);
    set_number(&mut harness, "Locks", 9.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    assert!(
        text_shown(
            &harness,
            "Asked for 9 locks, but this random graph can hold only"
        ),
        "the error is shown"
    );
    assert!(text_shown(
        &harness,
        "lower \u{201c}Locks\u{201d} to at most"
    ));
    assert!(!text_shown(&harness, "--locks"), "no command-line option");
    // Nested: a tree of depth 30 with 3 children a room is far too large.
    harness
        .get_by_role_and_label(Role::Button, "Nested")
        .click();
    harness.run_steps(2);
    set_number(&mut harness, "Depth", 30.0);
    set_number(&mut harness, "Branching", 3.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    assert!(text_shown(
        &harness,
        "lower \u{201c}Depth\u{201d} or \u{201c}Branching\u{201d}, or raise \u{201c}Max rooms\u{201d}"
    ));
    assert!(!text_shown(&harness, "--depth"));
    assert_eq!(level(&harness), old, "a failed run changes nothing");
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

/// Two rooms: d1 one-way, d2 closed; key k1 and lever l1 in r1.
fn mixed_level() -> Level {
    let mut level = Level::new("mixed");
    level.rooms.push(Room::new("r2", [240.0, 0.0]));
    level.goal = "r2".into();
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.one_way = true;
    let mut d2 = Door::new("d2", "r1", "r2");
    d2.open = false;
    level.doors = vec![d1, d2];
    level.keys.push(LevelKey::new("k1", "r1"));
    level.levers.push(Lever::new("l1", "r1", Vec::new()));
    level
}

fn run_enabled(harness: &App<'_>) -> bool {
    !harness.get_by_label("▶ Run").accesskit_node().is_disabled()
}

/// r1 - r2 - r3 - r4 (the goal) with a side room s off r2 holding the gold
/// key, and r3 - r4 locked with it: drawn by hand.
fn drawn_level() -> Level {
    let mut level = Level::new("drawn");
    level.rooms.clear();
    for (i, id) in ["r1", "r2", "r3", "r4"].iter().enumerate() {
        level.rooms.push(Room::new(*id, [i as f64 * 200.0, 0.0]));
    }
    level.rooms.push(Room::new("s", [200.0, 160.0]));
    level.doors = vec![
        Door::new("d1", "r1", "r2"),
        Door::new("d2", "r2", "r3"),
        Door::new("d3", "r3", "r4"),
        Door::new("d4", "r2", "s"),
    ];
    level.doors[2].locks = vec!["gold".into()];
    level.keys.push(LevelKey::new("gold", "s"));
    level.start = "r1".into();
    level.goal = "r4".into();
    level
}

#[test]
fn backward_on_the_canvas_keeps_what_is_drawn_and_adds_its_locks() {
    let drawn = drawn_level();
    let mut harness = harness(Document::new(drawn.clone(), None));
    open_generator(&mut harness, "Backward");
    harness.get_by_label("The level on the canvas").click();
    harness.run_steps(2);
    assert!(text_shown(&harness, "Keeps what I drew"));
    assert!(
        !text_shown(&harness, "Before this generator"),
        "nothing stands in the way"
    );
    assert!(run_enabled(&harness));
    set_number(&mut harness, "Locks", 1.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    let made = level(&harness);
    let gold = made.key(&"gold".into()).expect("the drawn key is kept");
    assert_eq!(
        gold.room.as_ref().map(lockwork::model::RoomId::as_str),
        Some("s")
    );
    let d3 = made.door(&"d3".into()).expect("the drawn lock is kept");
    assert_eq!(d3.locks, drawn.doors[2].locks);
    let locked = made.doors.iter().filter(|d| !d.locks.is_empty()).count();
    assert_eq!(locked, 2, "one lock added to the one drawn");
}

#[test]
fn lever_obstacles_with_every_door_open_are_listed_together() {
    let mut level0 = mixed_level();
    level0.doors.truncate(1);
    level0.doors[0].one_way = false;
    let mut harness = harness(Document::new(level0, None));
    open_generator(&mut harness, "Levers");
    assert!(text_shown(&harness, "1 key lies in the level (k1)"));
    assert!(text_shown(&harness, "Every door starts open"));
    assert!(!run_enabled(&harness));
    harness.get_by_label("Close the doors").click();
    harness.run_steps(3);
    harness.get_by_label("Remove the keys").click();
    harness.run_steps(3);
    assert!(!level(&harness).doors[0].open);
    assert!(run_enabled(&harness));
}

/// The basement layout, a lever run of two minutes started and showing progress.
fn long_lever_run() -> App<'static> {
    let (doc, _) = Document::open(&asset("layouts/basement.layout.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Levers");
    set_number(&mut harness, "Time limit", 120.0);
    run(&mut harness);
    let started = Instant::now();
    while !text_shown(&harness, "Best so far") {
        assert!(started.elapsed() < Duration::from_secs(30), "no progress");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness
}

#[test]
fn closing_the_window_during_a_run_asks_whether_to_stop_it() {
    let mut harness = long_lever_run();
    let before = level(&harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::G);
    harness.run_steps(2);
    assert!(app(&harness).generator().is_asking_to_close());
    assert!(
        app(&harness).generator().is_open(),
        "the window stays to ask"
    );
    assert!(
        app(&harness).generator().is_running(),
        "the run goes on meanwhile"
    );
    assert!(text_shown(&harness, "A generator is still running"));
    harness.get_by_label("Stop the run and close").click();
    harness.run_steps(2);
    wait_for_the_run(&mut harness, Duration::from_secs(5));
    assert!(!app(&harness).generator().is_open());
    assert_eq!(
        level(&harness),
        before,
        "a stopped run's result is not applied"
    );
    assert_eq!(app(&harness).document().history().undo_label(), None);
}

#[test]
fn a_result_never_silently_replaces_edits_made_during_the_run() {
    let mut harness = long_lever_run();
    let rooms = level(&harness).rooms.len();
    // An edit while the search runs: a room double-clicked into the canvas.
    let spot = common::empty_spot(&harness);
    common::double_click_at(&mut harness, spot);
    assert_eq!(
        level(&harness).rooms.len(),
        rooms + 1,
        "the designer's edit"
    );
    harness.get_by_label("⏹ Cancel").click();
    harness.step();
    wait_for_the_run(&mut harness, Duration::from_secs(5));
    assert!(app(&harness).generator().is_holding_result());
    assert!(text_shown(
        &harness,
        "You changed the level while the generator ran"
    ));
    assert_eq!(
        level(&harness).rooms.len(),
        rooms + 1,
        "nothing replaced yet"
    );
    harness
        .get_by_label("Replace the level with the result")
        .click();
    harness.run_steps(3);
    let made = level(&harness);
    assert!(
        made.levers.iter().all(|l| !l.toggles.is_empty()),
        "the result"
    );
    assert_eq!(
        made.rooms.len(),
        rooms,
        "made from the level as the run began"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(
        level(&harness).rooms.len(),
        rooms + 1,
        "Undo brings the edit back"
    );
}

#[test]
fn a_result_that_achieves_nothing_is_not_applied_without_asking() {
    // d1 is open, so no wiring of l1 can make the goal need a pull.
    let mut start = mixed_level();
    start.keys.clear();
    start.doors[0].one_way = false;
    let before = start.clone();
    let mut harness = harness(Document::new(start, None));
    open_generator(&mut harness, "Levers");
    set_number(&mut harness, "Time limit", 0.3);
    assert!(run_enabled(&harness));
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(20));
    assert!(app(&harness).generator().is_holding_result());
    assert!(text_shown(&harness, "This result achieves nothing"));
    assert_eq!(level(&harness), before, "not applied");
    harness.get_by_label("Discard it").click();
    harness.run_steps(2);
    assert_eq!(level(&harness), before);
    assert!(!app(&harness).generator().is_holding_result());
}

#[test]
fn a_generated_level_is_described_in_words_not_json() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    set_number(&mut harness, "Seed", 5.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    for said in ["Least cost", "Moves of the best plan", "Keys"] {
        assert!(text_shown(&harness, said), "the report says {said}");
    }
    // The inspector, the other tab of the right panel, shows the record
    // as labelled fields.
    harness.key_press(Key::Escape);
    harness.get_by_label("Inspector").click();
    harness.run_steps(2);
    assert!(text_shown(&harness, "How it was generated"));
    assert!(text_shown(&harness, "the nested generator"));
    assert!(!text_shown(&harness, "\"parameters\""), "no raw JSON");
    assert!(!text_shown(&harness, "solver_states"));
}

#[test]
fn backward_places_one_sided_and_any_of_locks_when_ticked_in_the_window() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Backward");
    harness.get_by_label("A new random graph").click();
    harness.run_steps(2);
    set_number(&mut harness, "Seed", 7.0);
    set_number(&mut harness, "Locks", 8.0);
    harness.get_by_label("One-sided locks").click();
    harness.get_by_label("Any-of locks").click();
    // The first level made, not the one most like a shipped dungeon.
    harness.get_by_label("Like shipped dungeons").click();
    harness.run_steps(2);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    let made = level(&harness);
    let record = made.generator.as_ref().expect("a generator record");
    assert_eq!(record["kind"], "backward");
    assert!(
        made.doors.iter().any(|d| d.locked_from.is_some()),
        "a one-sided lock"
    );
    assert!(
        made.doors.iter().any(|d| !d.locks_any.is_empty()),
        "an any-of lock"
    );
    let solved = solve(&made, &SolveOptions::default()).unwrap();
    assert!(solved.plan.is_some(), "the generated level is solvable");
}

#[test]
fn the_lever_search_gives_doors_conditions_when_ticked_in_the_window() {
    let (doc, _) = Document::open(&asset("layouts/basement.layout.json")).unwrap();
    let layout = doc.level().clone();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Levers");
    set_number(&mut harness, "Seed", 3.0);
    set_number(&mut harness, "Time limit", 2.0);
    harness.get_by_label("Conditions on doors").click();
    harness.run_steps(2);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    let made = level(&harness);
    let record = made.generator.as_ref().expect("a generator record");
    assert_eq!(record["kind"], "levers");
    assert_eq!(record["parameters"]["conditions"], true);
    let closed: Vec<&Door> = layout.doors.iter().filter(|d| !d.open).collect();
    assert!(!closed.is_empty(), "the layout has closed doors");
    for door in closed {
        let made_door = made.doors.iter().find(|d| d.id == door.id).unwrap();
        assert!(
            made_door.open_when.is_some(),
            "closed door {} opens by a condition",
            door.id
        );
    }
    assert!(
        made.levers.iter().all(|l| l.toggles.is_empty()),
        "levers toggle nothing in this mode"
    );
    let pulls = record["result"]["pulls"].as_u64().unwrap();
    assert!(pulls >= 1, "the goal needs a pull");
    let solved = solve(&made, &SolveOptions::default()).unwrap();
    let plan = solved.plan.expect("the generated level is solvable");
    assert!(
        u64::from(plan.pulls) >= pulls,
        "no plan beats the least pulls"
    );
}

/// The form is drawn from each generator's recipe: every parameter the
/// recipe lists has its labelled row, and a value typed there reaches the
/// parameters the run uses.
#[test]
fn the_form_shows_every_parameter_of_each_recipe() {
    use lockwork::generate::{Generator, Param, Value};
    let mut harness = harness(Document::new(Level::new("form"), None));
    open_generator(&mut harness, "Backward");
    for generator in Generator::ALL {
        let recipe = generator.recipe();
        harness
            .get_by_role_and_label(Role::Button, recipe.label)
            .click();
        harness.run_steps(2);
        for spec in &recipe.params {
            if spec.when.is_some() {
                continue;
            }
            assert!(
                harness.query_all_by_label(spec.label).next().is_some(),
                "{}: no row for {}",
                recipe.name,
                spec.label
            );
        }
    }
    harness
        .get_by_role_and_label(Role::Button, "Backward")
        .click();
    harness.run_steps(2);
    set_number(&mut harness, "Red herrings", 4.0);
    let params = app(&harness).generator().form().chosen().clone();
    assert_eq!(params.get(Param::RedHerrings), Some(Value::Count(4)));
}

/// The generator docks in the right panel: the canvas stays whole beside
/// it, and closing it gives the panel back to the inspector.
#[test]
fn the_generator_docks_beside_the_canvas_and_never_covers_it() {
    let (doc, _) = Document::open(&asset("keys.level.json")).unwrap();
    let mut harness = harness(doc);
    let canvas_before = app(&harness).canvas().screen_rect();
    open_generator(&mut harness, "Nested");
    let panel = harness.get_by_label("Close").rect();
    let canvas = app(&harness).canvas().screen_rect();
    assert!(
        canvas.right() <= panel.left(),
        "the canvas {canvas:?} ends before the generator's panel {panel:?}"
    );
    assert!(canvas.width() >= canvas_before.width() * 0.6, "{canvas:?}");
    harness.get_by_label("Close").click();
    harness.run_steps(2);
    assert!(!app(&harness).generator().is_open());
    assert!(text_shown(&harness, "Level"), "the inspector is back");
}

/// Results belong to the generator that made them: picking another
/// generator clears them.
#[test]
fn choosing_another_generator_clears_the_last_results() {
    let (doc, _) = Document::open(&asset("keys.level.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    set_number(&mut harness, "Seed", 3.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    let report = "Applied as one edit";
    assert!(text_shown(&harness, report), "the nested report");
    harness
        .get_by_role_and_label(Role::Button, "Backward")
        .click();
    harness.run_steps(2);
    assert!(
        !text_shown(&harness, report),
        "no report of nested under backward"
    );
}

/// A level this window opened as a new document and nobody touched is
/// replaced by the next run without the unsaved-changes question.
#[test]
fn an_untouched_generated_document_is_replaced_without_asking() {
    let (doc, _) = Document::open(&asset("keys.level.json")).unwrap();
    let mut harness = harness(doc);
    open_generator(&mut harness, "Nested");
    harness.get_by_label("Open as a new document").click();
    harness.run_steps(2);
    set_number(&mut harness, "Seed", 11.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    harness.run_steps(4);
    assert_eq!(level(&harness).generator.as_ref().unwrap()["seed"], 11);
    set_number(&mut harness, "Seed", 12.0);
    run(&mut harness);
    wait_for_the_run(&mut harness, Duration::from_secs(60));
    harness.run_steps(4);
    assert!(harness.query_by_label("Discard").is_none(), "no question");
    assert_eq!(level(&harness).generator.as_ref().unwrap()["seed"], 12);
}

/// The form's source follows the level on the canvas when the window opens:
/// a drawn level is worked around, a new empty one gets a random graph, and
/// a source the designer picked by hand is kept.
#[test]
fn the_generator_works_around_a_drawn_level_unless_told_otherwise() {
    use lockwork::editor::generate::Origin;
    let mut harness = harness(Document::new(drawn_level(), None));
    open_generator(&mut harness, "Backward");
    assert_eq!(app(&harness).generator().form().origin, Origin::Canvas);
    assert!(text_shown(&harness, "Keeps what I drew"));

    let mut empty = harness_for_new_level();
    open_generator(&mut empty, "Backward");
    assert_eq!(app(&empty).generator().form().origin, Origin::Graph);

    harness.get_by_label("A new random graph").click();
    harness.run_steps(2);
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::G);
        harness.run_steps(2);
    }
    assert!(app(&harness).generator().is_open());
    assert_eq!(
        app(&harness).generator().form().origin,
        Origin::Graph,
        "the designer's pick is kept"
    );
}

fn harness_for_new_level() -> App<'static> {
    harness(Document::new(Level::new("new"), None))
}
