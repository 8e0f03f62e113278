//! Stepping through plans, dead-end traces and play mode, driven through the
//! real app with `egui_kittest`. Every state shown is checked against the
//! core's own replay of the same steps.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::Key;
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::playback::{Mode, Source, Tone};
use lockwork::model::{Level, LevelIndex};
use lockwork::rules::{Step, replay};

mod common;

use common::{App, app, click_on_canvas, harness_solved, sample};

fn harness(level: Level) -> App<'static> {
    harness_solved(Document::new(level, None))
}

fn press(harness: &mut App<'_>, key: Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

/// F6, then the frames until the play session's guide is made.
fn start_playing(harness: &mut App<'_>) {
    press(harness, Key::F6);
    common::step_until(
        harness,
        "the play session",
        |h| matches!(app(h).mode(), Mode::Play(p) if p.is_ready()),
    );
}

#[test]
fn stepping_through_the_solution_shows_the_doors_as_they_are_at_that_step() {
    let level = sample("basement");
    let mut harness = harness(level.clone());
    press(&mut harness, Key::F5);
    let Mode::View(viewer) = app(&harness).mode() else {
        panic!("F5 starts the step-through")
    };
    assert_eq!(viewer.source, Source::Solution);
    assert_eq!(viewer.at, 0);
    for _ in 0..8 {
        press(&mut harness, Key::ArrowRight);
    }
    let Mode::View(viewer) = app(&harness).mode() else {
        panic!("still viewing")
    };
    assert_eq!(viewer.at, 8);
    // The core's own replay of the first eight moves and pulls.
    let plan = common::live_plan(&harness);
    let first: Vec<Step> = plan
        .steps
        .iter()
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .take(8)
        .cloned()
        .collect();
    let expected = replay(&level, &first).unwrap().end;
    let shown = app(&harness)
        .mode()
        .clone()
        .play_view(&level, &lockwork::rules::Checked::new(&level))
        .unwrap()
        .shown
        .state;
    assert_eq!(
        shown.open_doors(),
        expected.open_doors(),
        "door states at step 8"
    );
    assert_eq!(
        shown.room(),
        expected.room(),
        "where the player is at step 8"
    );
    // The step shown is the plan's eighth; a pull there has flipped the
    // doors its lever toggles.
    assert_eq!(viewer.current(), first.last());
    if let Some(Step::Pull { lever }) = viewer.current() {
        let before = replay(&level, &first[..7]).unwrap().end;
        let index = LevelIndex::new(&level);
        let toggled = &level.lever(lever).unwrap().toggles;
        for door in toggled {
            let d = index.door(door).unwrap();
            assert_ne!(
                shown.open_doors()[d],
                before.open_doors()[d],
                "the pull flips {door}"
            );
        }
    }
    // Esc goes back to editing.
    press(&mut harness, Key::Escape);
    assert!(matches!(app(&harness).mode(), Mode::Edit));
}

#[test]
fn choosing_a_dead_end_plays_its_trace_to_the_stuck_moment() {
    let level = sample("smallkeys");
    let mut harness = harness(level.clone());
    harness
        .get_by_label_contains("Dead end after 2 steps")
        .click();
    harness.run_steps(3);
    let Mode::View(viewer) = app(&harness).mode() else {
        panic!("the dead end is shown")
    };
    assert_eq!(viewer.source, Source::DeadEnd(0));
    assert_eq!(
        viewer.at,
        viewer.steps.len(),
        "shown at the moment the player is stuck"
    );
    let why = viewer.why.as_ref().unwrap();
    assert!(matches!(
        &why.no_return.as_ref().unwrap().effect,
        lockwork::solver::findings::Effect::Spent { door, .. } if door.as_str() == "d2"
    ));
    let shown = app(&harness)
        .mode()
        .clone()
        .play_view(&level, &lockwork::rules::Checked::new(&level))
        .unwrap()
        .shown
        .state;
    assert_eq!(
        level.rooms[shown.room()].id.as_str(),
        "r3",
        "stuck in the Storeroom"
    );
    assert_eq!(
        shown.small_in_hand(),
        1,
        "one small key left, and the big key beyond reach"
    );
    assert!(
        harness.query_by_label_contains("Stuck: ").is_some(),
        "the panel says why"
    );
    assert!(
        app(&harness).canvas().callouts().contains(&(
            lockwork::model::ItemId::Door("d2".into()),
            lockwork::editor::canvas::Callout::NoReturn
        )),
        "the canvas marks the point of no return"
    );
    // In the words `check` uses, from the same fields: the point of no
    // return, and what is in hand as the replay shows it (one small key).
    assert!(
        harness
            .query_by_label_contains(
                "Stuck: Point of no return: step 2, go through d2 to Storeroom (r3): it spent 1 small key on d2"
            )
            .is_some()
    );
    // The problems list and the panel both say it.
    assert_eq!(
        harness
            .query_all_by_label_contains(
                "In the way: great doors (d5), from Great hall (r4) on the way to the goal, \
                 needs 2 small keys: 1 in hand, and no more can be had"
            )
            .count(),
        2,
        "held as the replay holds"
    );
}

#[test]
fn playing_to_the_goal_compares_with_the_optimum() {
    let mut harness = harness(sample("keys"));
    start_playing(&mut harness);
    // The least-cost route of the keys sample, walked by clicking rooms.
    for room in ["r2", "r4", "r2", "r3", "r5", "r3", "r2", "r7", "r8", "r9"] {
        click_on_canvas(&mut harness, &format!("Room {room}"));
    }
    let Mode::Play(play) = app(&harness).mode() else {
        panic!("still playing")
    };
    let (text, tone) = play.message.clone().unwrap();
    assert_eq!(tone, Tone::Good, "{text}");
    assert!(text.starts_with("Goal reached in 10 moves"), "{text}");
    assert!(text.contains("as cheap as the best solution"), "{text}");
}

#[test]
fn walking_into_a_dead_end_warns_at_once_and_undo_takes_it_back() {
    let mut harness = harness(sample("smallkeys"));
    start_playing(&mut harness);
    click_on_canvas(&mut harness, "Room r2");
    click_on_canvas(&mut harness, "Room r3");
    let Mode::Play(play) = app(&harness).mode() else {
        panic!("playing")
    };
    let (text, tone) = play.message.clone().unwrap();
    assert_eq!(tone, Tone::Bad);
    assert!(text.starts_with("Dead end"), "{text}");
    harness.get_by_label_contains("Undo step").click();
    harness.run_steps(2);
    let Mode::Play(play) = app(&harness).mode() else {
        panic!("playing")
    };
    assert_eq!(play.log.len(), 1, "back in the Guard room");
    assert!(
        play.message
            .as_ref()
            .is_none_or(|(_, tone)| *tone != Tone::Bad)
    );
    // A refused step says why and changes nothing (Fit first: play
    // follows the player, and the Vault may lie out of view).
    harness.key_press(egui::Key::F);
    harness.run_steps(3);
    click_on_canvas(&mut harness, "Room r8");
    let Mode::Play(play) = app(&harness).mode() else {
        panic!("playing")
    };
    assert_eq!(play.log.len(), 1);
    assert_eq!(
        play.message.as_ref().unwrap().1,
        Tone::Bad,
        "{:?}",
        play.message
    );
}

#[test]
fn editing_the_level_stops_playback() {
    let mut harness = harness(sample("keys"));
    start_playing(&mut harness);
    // Select the gold key from the list and delete it: the level changed.
    harness
        .get_all_by_label_contains("Gold key (gold)")
        .next()
        .unwrap()
        .click();
    harness.run_steps(2);
    press(&mut harness, Key::Delete);
    assert_eq!(app(&harness).document().level().keys.len(), 4);
    assert!(matches!(app(&harness).mode(), Mode::Edit));
}

/// r1 to the goal r3: through r2 behind a closed door a lever in r1 opens
/// (cost 3, one pull), or straight through a door of cost 10 (no pull).
fn pull_or_walk() -> Level {
    use lockwork::model::{Door, Lever, Room};
    let mut level = Level::new("pull or walk");
    level.rooms.push(Room::new("r2", [200.0, 0.0]));
    level.rooms.push(Room::new("r3", [400.0, 0.0]));
    let mut gate = Door::new("d1", "r1", "r2");
    gate.open = false;
    let mut long = Door::new("d3", "r1", "r3");
    long.cost = 10.0;
    level.doors = vec![gate, Door::new("d2", "r2", "r3"), long];
    level.levers.push(Lever::new("l1", "r1", vec!["d1".into()]));
    level.goal = "r3".into();
    level
}

#[test]
fn picking_fewest_pulls_shows_that_plan_in_the_list_with_plain_plurals() {
    let mut harness = harness(pull_or_walk());
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Solution (cost 3, 2 moves, 1 pull)")
            .is_some(),
        "the least-cost plan's title, in the singular for one pull"
    );
    press(&mut harness, Key::F5);
    harness.get_by_label("Fewest pulls").click();
    harness.run_steps(3);
    let Mode::View(viewer) = app(&harness).mode() else {
        panic!("still viewing")
    };
    assert_eq!(viewer.source, Source::MinPulls);
    assert!(
        harness
            .query_by_label_contains("Fewest-pulls solution (cost 10, 1 move, 0 pulls)")
            .is_some(),
        "the left list follows the plan picked"
    );
    assert!(
        harness
            .query_by_label_contains("Solution (cost 3")
            .is_none(),
        "the least-cost plan's list gives way"
    );
}
