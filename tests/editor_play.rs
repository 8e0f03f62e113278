//! Play mode on the core's `play::Session`, driven through the real app
//! with `egui_kittest`: the hint on the canvas, a dead end's reason and
//! point of no return, undo, Esc with a menu open, the view following the
//! player on a big level, the player marker's size, and the doors drawn
//! open or closed as the core says.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::accesskit::Role;
use egui::{Key, Modifiers, Rect};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::canvas::{Callout, PLAYER_MIN_PX};
use lockwork::editor::playback::{Mode, Play, Tone};
use lockwork::model::{Door, ItemId, Level, Lever, Literal, Room};
use lockwork::play::Hint;
use lockwork::rules::{Rules, Step};

mod common;

use common::{App, app, click_at, click_on_canvas, harness_solved, sample, step_until};

fn press(harness: &mut App<'_>, key: Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

/// The game in progress; the test fails outside play mode.
fn play<'h>(harness: &'h App<'_>) -> &'h Play {
    match app(harness).mode() {
        Mode::Play(play) => play,
        other => panic!("not playing: {other:?}"),
    }
}

/// F6, then the frames until the session's guide is made.
fn start_playing(level: Level) -> App<'static> {
    let mut harness = harness_solved(Document::new(level, None));
    press(&mut harness, Key::F6);
    step_until(
        &mut harness,
        "the play session",
        |h| matches!(app(h).mode(), Mode::Play(p) if p.is_ready()),
    );
    harness
}

fn callouts(harness: &App<'_>) -> Vec<(ItemId, Callout)> {
    app(harness).canvas().callouts().to_vec()
}

/// Clicks the room with exactly this id on the canvas.
fn click_room(harness: &mut App<'_>, id: &str) {
    let prefix = format!("Room {id}");
    let rect = harness
        .query_all_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l == prefix || l.starts_with(&format!("{prefix}:")))
        })
        .last()
        .unwrap_or_else(|| panic!("no room {id} on the canvas"))
        .rect();
    let at = app(harness).canvas().to_screen() * rect.center();
    click_at(harness, at, Modifiers::NONE);
}

#[test]
fn hint_shows_the_next_step_on_the_canvas_from_key_and_button() {
    let mut harness = start_playing(sample("smallkeys"));
    press(&mut harness, Key::H);
    let through_d1 = Step::Move {
        door: "d1".into(),
        to: "r2".into(),
    };
    assert_eq!(play(&harness).hint, Some(Hint::Step(through_d1)));
    let (text, _) = play(&harness).message.clone().unwrap();
    assert_eq!(text, "Hint: go through d1 to Guard room (r2)");
    let marked = callouts(&harness);
    assert!(
        marked.contains(&(ItemId::Door("d1".into()), Callout::Hint)),
        "{marked:?}"
    );
    assert!(
        marked.contains(&(ItemId::Room("r2".into()), Callout::Hint)),
        "{marked:?}"
    );
    // Taking the step clears the hint; the button asks the next one.
    click_room(&mut harness, "r2");
    assert!(play(&harness).hint.is_none());
    assert!(callouts(&harness).is_empty());
    harness.get_by_label("Hint").click();
    harness.run_steps(2);
    let hinted = play(&harness).hinted().cloned();
    assert!(
        matches!(&hinted, Some(Step::Move { door, .. }) if door.as_str() == "d4"),
        "to the stairwell, where the third small key lies: {hinted:?}"
    );
    // The menu entry is the same action, with its shortcut.
    harness.get_by_label("Play").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("Hint H").is_some());
}

#[test]
fn a_dead_end_says_why_and_marks_the_point_of_no_return() {
    let mut harness = start_playing(sample("smallkeys"));
    click_room(&mut harness, "r2");
    click_room(&mut harness, "r3");
    let p = play(&harness);
    let (text, tone) = p.message.clone().unwrap();
    assert_eq!(tone, Tone::Bad);
    // The words of the findings, from the session's structured finding.
    assert!(
        text.starts_with(
            "Dead end: Point of no return: step 2, go through d2 to Storeroom (r3): \
             it spent 1 small key on d2"
        ),
        "{text}"
    );
    assert!(text.contains("needs 2 small keys: 1 in hand"), "{text}");
    assert_eq!(p.stuck.as_ref().unwrap().step, Some(2));
    // In the history and on the canvas.
    assert!(
        harness
            .query_by_label_contains("⚠ 2. d2 to Storeroom (r3)")
            .is_some()
    );
    let marked = callouts(&harness);
    assert!(
        marked.contains(&(ItemId::Door("d2".into()), Callout::NoReturn)),
        "{marked:?}"
    );
    // A hint in a dead end says the same.
    press(&mut harness, Key::H);
    assert!(matches!(play(&harness).hint, Some(Hint::Stuck(_))));
    assert!(
        play(&harness)
            .message
            .as_ref()
            .unwrap()
            .0
            .starts_with("Dead end: Point of no return")
    );
}

#[test]
fn ctrl_z_in_play_takes_back_a_step_of_the_game_not_an_edit() {
    let mut harness = start_playing(sample("smallkeys"));
    let revision = app(&harness).document().revision();
    click_room(&mut harness, "r2");
    click_room(&mut harness, "r3");
    assert_eq!(play(&harness).log.len(), 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    let p = play(&harness);
    assert_eq!(p.log.len(), 1, "back in the Guard room");
    assert!(p.stuck.is_none(), "out of the dead end");
    assert_eq!(p.shown().state.room(), 1);
    assert_eq!(p.shown().state.small_in_hand(), 2);
    assert_eq!(
        app(&harness).document().revision(),
        revision,
        "the level is untouched"
    );
    harness.get_by_label("⟲ Undo step").click();
    harness.run_steps(2);
    assert!(play(&harness).log.is_empty());
    assert_eq!(play(&harness).shown().state.room(), 0);
}

#[test]
fn esc_that_closes_a_menu_keeps_playing() {
    let mut harness = start_playing(sample("smallkeys"));
    harness.get_by_label("File").click();
    harness.run_steps(2);
    assert!(
        harness.query_by_label_contains("Save As").is_some(),
        "the menu is open"
    );
    press(&mut harness, Key::Escape);
    assert!(
        harness.query_by_label_contains("Save As").is_none(),
        "Esc closed the menu"
    );
    assert!(
        matches!(app(&harness).mode(), Mode::Play(_)),
        "and play goes on"
    );
    // A door's context menu too.
    let door = harness.get_by_label_contains("Door d1").rect();
    let at = app(&harness).canvas().to_screen() * door.center();
    harness.hover_at(at);
    harness.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Secondary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
    assert!(
        egui::Popup::is_any_open(&harness.ctx),
        "the door's menu is open"
    );
    press(&mut harness, Key::Escape);
    assert!(!egui::Popup::is_any_open(&harness.ctx), "Esc closed it");
    assert!(
        matches!(app(&harness).mode(), Mode::Play(_)),
        "and play goes on"
    );
    // With nothing open, Esc ends play.
    press(&mut harness, Key::Escape);
    assert!(matches!(app(&harness).mode(), Mode::Edit));
}

/// A 300-room backward level, as `lockwork generate backward --rooms 300`.
fn big_level() -> Level {
    common::backward_level(1, 300, 40, None)
}

/// The player's room on the canvas, in canvas units.
fn player_room(harness: &App<'_>) -> Rect {
    let r = play(harness).shown().state.room();
    let level = app(harness).document().level();
    let geo = lockwork::editor::canvas::Geometry::new(level, &[], egui::Vec2::ZERO);
    geo.rooms[r]
}

#[test]
fn the_view_follows_the_player_on_a_big_level() {
    let mut harness = start_playing(big_level());
    harness.run_steps(3);
    let zoom = app(&harness).canvas().zoom();
    assert!(
        zoom >= 0.59,
        "play starts zoomed in enough to read rooms: {zoom}"
    );
    let first = app(&harness).canvas().visible();
    let mut moved = false;
    for _ in 0..40 {
        press(&mut harness, Key::H);
        match play(&harness).hinted().cloned() {
            Some(Step::Move { to, .. }) => click_room(&mut harness, to.as_str()),
            Some(Step::Pull { lever }) => click_on_canvas(&mut harness, &format!("Lever {lever}")),
            _ => break,
        }
        harness.run_steps(2);
        let (view, room) = (app(&harness).canvas().visible(), player_room(&harness));
        assert!(
            view.contains_rect(room),
            "the player's room {room:?} is in view {view:?}"
        );
        moved |= view.center().distance(first.center()) > 1.0;
    }
    assert!(play(&harness).log.len() >= 10, "steps were taken");
    assert!(moved, "the view panned after the player");
}

#[test]
fn the_player_marker_stays_readable_at_any_zoom() {
    let mut harness = start_playing(big_level());
    harness.hover_at(egui::pos2(640.0, 400.0));
    for _ in 0..40 {
        common::wheel(&mut harness, -1.0, Modifiers::NONE);
        harness.step();
    }
    for _ in 0..60 {
        harness.step();
    }
    let zoom = app(&harness).canvas().zoom();
    assert!(zoom < 0.2, "zoomed out: {zoom}");
    let marker = app(&harness).canvas().player_marker().unwrap();
    let px = marker.height() * zoom;
    assert!(px >= PLAYER_MIN_PX - 0.5, "the player is {px:.1} px tall");
}

/// r1 –d1– r2, d1 open exactly while lever l1 (in r1) is down.
fn condition_gate() -> Level {
    let mut level = Level::new("gate");
    level.rooms.push(Room::new("r2", [250.0, 0.0]));
    let mut gate = Door::new("d1", "r1", "r2");
    gate.open_when = Some(vec![vec![Literal {
        lever: "l1".into(),
        pulled: true,
    }]]);
    level.doors.push(gate);
    level.levers.push(Lever::new("l1", "r1", vec![]));
    level.goal = "r2".into();
    level
}

#[test]
fn the_doors_drawn_open_are_the_cores_answer() {
    let level = condition_gate();
    let rules = Rules::new(&level).unwrap();
    let mut harness = start_playing(level.clone());
    let drawn = |h: &App<'_>| app(h).canvas().doors_drawn_open().to_vec();
    assert_eq!(
        drawn(&harness),
        rules.doors_open(&rules.start()),
        "closed at the start"
    );
    assert_eq!(drawn(&harness), [false]);
    click_on_canvas(&mut harness, "Lever l1");
    assert_eq!(play(&harness).log.len(), 1, "pulled");
    let mut pulled = rules.start();
    rules
        .apply(&mut pulled, &Step::Pull { lever: "l1".into() })
        .unwrap();
    assert_eq!(drawn(&harness), rules.doors_open(&pulled));
    assert_eq!(drawn(&harness), [true], "open once l1 is down");
    // Back to editing: the door as it stands before any step.
    press(&mut harness, Key::Escape);
    assert!(matches!(app(&harness).mode(), Mode::Edit));
    let mechanics = lockwork::rules::Mechanics::new(&level).unwrap();
    assert_eq!(drawn(&harness), mechanics.open_before_any_step());
}
