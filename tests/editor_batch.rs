//! The Metrics section and the generator window's Batch mode, driven through
//! the real app with `egui_kittest`: the section's figures are the core's,
//! a batch fills the table with the same levels as `generate::batch`, a
//! picked row is previewed without touching the document, and "Use this
//! one" applies it as one undoable edit.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::prefs::Prefs;
use lockwork::generate::{BackwardParams, GeneratorParams, batch};
use lockwork::measures::measure_level;
use lockwork::model::{Level, format_cost};
use lockwork::solver::SolveOptions;

mod common;

use common::{App, NoDialogs, app, asset, harness_sized, step_until};

fn harness(doc: Document) -> App<'static> {
    let mut harness = harness_sized(doc, Prefs::default(), Arc::new(NoDialogs), [1400.0, 1000.0]);
    step_until(&mut harness, "the live measures", |h| {
        app(h).solver().state().measures.is_some()
    });
    harness
}

fn text_shown(harness: &App<'_>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// A figure as the section shows it: 2 decimals at most.
fn figure(x: f64) -> String {
    format_cost((x * 100.0).round() / 100.0)
}

#[test]
fn the_metrics_section_shows_the_cores_measures() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let (_, expected) = measure_level(doc.level(), &SolveOptions::default()).unwrap();
    let harness = harness(doc);
    let shown = app(&harness).solver().state().measures.as_deref().unwrap();
    assert_eq!(
        shown, &expected,
        "the live solver measures as the core does"
    );

    let score = expected.score.as_ref().unwrap();
    let path = expected.critical_path.as_ref().unwrap();
    assert!(text_shown(&harness, "Metrics"));
    assert!(text_shown(
        &harness,
        &format!("Difficulty score {}", figure(score.total))
    ));
    assert!(text_shown(
        &harness,
        &format!(
            "= length {} + backtracking {} + key distance {} + branching {} + risk {}",
            figure(score.length),
            figure(score.backtracking),
            figure(score.key_distance),
            figure(score.branching),
            figure(score.risk)
        )
    ));
    assert!(text_shown(
        &harness,
        &format!("moves + pulls = {} + {}", path.moves, path.pulls)
    ));
    assert!(text_shown(
        &harness,
        &format!("visits {} of {} rooms", path.rooms_visited, path.rooms)
    ));
    let backtracking = expected.backtracking.unwrap();
    let percent = format_cost((backtracking * 1000.0).round() / 10.0);
    assert!(text_shown(&harness, &format!("{percent}% of moves")));
    assert!(text_shown(
        &harness,
        &format!("{} decision point", expected.branching.decision_points)
    ));
}

/// Opens the generator in Batch mode, backward, 12 rooms, 3 locks, seeds 9000..9004.
fn run_batch(harness: &mut App<'_>) {
    if !app(harness).generator().is_open() {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::G);
        harness.run_steps(2);
    }
    harness.get_by_role_and_label(Role::Button, "Batch").click();
    harness.run_steps(2);
    harness
        .get_by_role_and_label(Role::Button, "Backward")
        .click();
    harness.run_steps(2);
    // The level on the canvas is drawn: the window offers to work around
    // it; this batch draws random graphs.
    harness.get_by_label("A new random graph").click();
    harness.run_steps(2);
    for (label, value) in [
        ("First seed", 9000.0),
        ("Candidates", 4.0),
        ("Rooms", 12.0),
        ("Locks", 3.0),
    ] {
        harness
            .get_by_role_and_label(Role::SpinButton, label)
            .set_value_accesskit(value);
        harness.run_steps(2);
    }
    harness.get_by_label("▶ Run").click();
    harness.run_steps(2);
    let started = Instant::now();
    while app(harness).generator().is_running() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the batch still runs"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run_steps(3);
}

fn expected_batch() -> Vec<(u64, Level, f64)> {
    let params = BackwardParams {
        source: lockwork::generate::Source::Graph {
            rooms: 12,
            extra_doors: BackwardParams::DEFAULT_GRAPH.1,
        },
        locks: 3,
        ..BackwardParams::default()
    };
    let items = batch(
        &GeneratorParams::Backward(params),
        9000,
        4,
        1,
        &|_, _| {},
        &AtomicBool::new(false),
    );
    items
        .into_iter()
        .map(|i| {
            let (level, m) = i.outcome.unwrap();
            (i.seed, level, m.score_total())
        })
        .collect()
}

#[test]
fn a_batch_fills_the_table_and_a_picked_row_is_used_as_one_edit() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let old = doc.level().clone();
    let mut harness = harness(doc);
    run_batch(&mut harness);

    let expected = expected_batch();
    let seeds: Vec<u64> = expected.iter().map(|e| e.0).collect();
    assert_eq!(app(&harness).generator().batch_seeds(), seeds);
    for (seed, _, score) in &expected {
        assert!(text_shown(&harness, &seed.to_string()), "a row for {seed}");
        assert!(text_shown(&harness, &figure(*score)), "the score of {seed}");
    }
    assert!(text_shown(
        &harness,
        "4 candidates of the backward generator"
    ));

    // A click on a row previews the level; the document is untouched.
    harness.get_by_label("9002").click();
    harness.run_steps(3);
    let (_, seed, previewed) = app(&harness).generator().preview().expect("a preview");
    assert_eq!(seed, 9002);
    assert_eq!(previewed, &expected[2].1);
    assert_eq!(app(&harness).document().level(), &old);
    assert!(text_shown(&harness, "Preview of seed 9002"));
    // The status bar, the lists and the inspector describe the preview,
    // not the level being edited.
    let rooms = previewed.rooms.len();
    assert!(text_shown(
        &harness,
        &format!("Preview of seed 9002: {rooms} rooms")
    ));
    assert!(text_shown(&harness, "Seed 9002, previewed"));
    let first_key = previewed.keys.first().expect("the candidate has keys");
    assert!(text_shown(&harness, first_key.id.as_str()));
    assert!(
        !text_shown(&harness, "✔ Solvable"),
        "no analysis of the document shown"
    );
    // The generator docks in the right panel; its Inspector tab describes
    // the preview, and the Generate tab comes back with the candidates.
    harness.get_by_label("Inspector").click();
    harness.run_steps(3);
    assert!(text_shown(&harness, "Nothing of a preview can be edited"));
    assert!(
        app(&harness).generator().preview().is_some(),
        "still previewed"
    );
    harness.get_by_label("Generate").click();
    harness.run_steps(3);
    assert!(
        text_shown(&harness, "Previewing seed 9002"),
        "the Generate tab is back"
    );

    // "Use this one" applies it as one undoable edit.
    harness.get_by_label("✔ Use this one").click();
    harness.run_steps(3);
    let doc = app(&harness).document();
    assert_eq!(doc.level(), &expected[2].1, "the candidate of seed 9002");
    assert!(doc.level().generator.as_ref().unwrap()["metrics"].is_object());
    assert_eq!(doc.history().undo_label(), Some("replace level"));
    assert!(app(&harness).generator().preview().is_none());
    assert!(!text_shown(&harness, "Seed 9002, previewed"));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(3);
    assert_eq!(
        app(&harness).document().level(),
        &old,
        "one Undo brings it back"
    );
}

/// A batch's candidate replaces the level as one edit, even when the
/// one-level setting says "Open as a new document".
#[test]
fn use_this_one_replaces_the_level_whatever_the_one_level_setting() {
    let path = asset("basement.level.json");
    let (doc, _) = Document::open(&path).unwrap();
    let mut harness = harness(doc);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::G);
    harness.run_steps(2);
    harness.get_by_label("Open as a new document").click();
    harness.run_steps(2);
    run_batch(&mut harness);
    harness.get_by_label("9002").click();
    harness.run_steps(3);
    harness.get_by_label("✔ Use this one").click();
    harness.run_steps(4);
    let doc = app(&harness).document();
    assert_eq!(doc.level().generator.as_ref().unwrap()["seed"], 9002);
    assert_eq!(doc.path(), Some(path.as_path()), "the same document");
    assert_eq!(doc.history().undo_label(), Some("replace level"));
}

/// The scatter plot: a click on a point previews its candidate (and
/// scrolls the table to its row); Shift and a drag box points in.
#[test]
fn a_click_on_the_plot_previews_a_candidate_and_shift_drag_boxes_points() {
    let (doc, _) = Document::open(&asset("basement.level.json")).unwrap();
    let mut harness = harness(doc);
    run_batch(&mut harness);
    let plotted = app(&harness).generator().batch_plotted();
    assert_eq!(plotted.len(), 4, "every candidate is plotted: {plotted:?}");
    // Points may share a place; the one nearest the click is taken.
    let (seed, at) = plotted[1];
    common::click_at(&mut harness, at, Modifiers::NONE);
    harness.run_steps(1);
    let (_, previewed, _) = app(&harness).generator().preview().expect("a preview");
    let same_place: Vec<u64> = (plotted.iter())
        .filter(|(_, p)| p.distance(at) < 1.0)
        .map(|(s, _)| *s)
        .collect();
    assert!(
        same_place.contains(&previewed),
        "seed {previewed}, clicked {seed}"
    );

    // Shift and a drag over the whole plot box every point in (where the
    // plot draws them now that one is picked).
    let plotted = app(&harness).generator().batch_plotted();
    let xs = plotted.iter().map(|(_, p)| p.x);
    let ys = plotted.iter().map(|(_, p)| p.y);
    let min = egui::pos2(
        xs.clone().fold(f32::MAX, f32::min) - 6.0,
        ys.clone().fold(f32::MAX, f32::min) - 6.0,
    );
    let max = egui::pos2(
        xs.fold(f32::MIN, f32::max) + 6.0,
        ys.fold(f32::MIN, f32::max) + 6.0,
    );
    let shift = Modifiers::SHIFT;
    harness.hover_at(min);
    harness.event(egui::Event::ModifiersChanged(shift));
    harness.run_steps(1);
    harness.event(egui::Event::PointerButton {
        pos: min,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: shift,
    });
    harness.run_steps(1);
    for t in 1..=8 {
        let p = min + (max - min) * (t as f32 / 8.0);
        harness.event(egui::Event::PointerMoved(p));
        harness.run_steps(1);
    }
    harness.event(egui::Event::PointerButton {
        pos: max,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: shift,
    });
    harness.run_steps(1);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(2);
    let mut boxed = app(&harness).generator().batch_boxed();
    boxed.sort_unstable();
    assert_eq!(boxed, vec![9000, 9001, 9002, 9003], "every point boxed in");
}
