//! The inspector and the lists, driven through the real app with
//! `egui_kittest`: every edit is one command, a typed name or a dragged cost is
//! one undo step, locks are toggled with keys, problem rows select and frame
//! what they are about.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::model::{DoorId, ItemId, KeyId, Level, LeverId, RoomId};

/// Hall (r1) holds the red key and a lever wired to nothing; d1 leads to the
/// Vault (r2, the goal); d2 to the Attic (r3) starts closed and never opens;
/// d3 is a one-way drop into the Pit (r4), a dead end.
const LEVEL: &str = r#"{
  "format": "lockwork-level",
  "version": 1,
  "name": "Inspector test",
  "start": "r1",
  "goal": "r2",
  "rooms": [
    { "id": "r1", "name": "Hall", "pos": [0, 0] },
    { "id": "r2", "name": "Vault", "pos": [240, 0] },
    { "id": "r3", "name": "Attic", "pos": [0, 160] },
    { "id": "r4", "name": "Pit", "pos": [240, 160] }
  ],
  "doors": [
    { "id": "d1", "from": "r1", "to": "r2", "cost": 2 },
    { "id": "d2", "from": "r1", "to": "r3", "open": false },
    { "id": "d3", "from": "r1", "to": "r4", "one_way": true }
  ],
  "keys": [ { "id": "red", "room": "r1" } ],
  "levers": [ { "id": "l1", "room": "r1", "toggles": [] } ]
}"#;

mod common;

use common::{App, app, click_on_canvas, click_on_canvas_with, harness_solved, step_until};

/// The real app on the test level, with the solver's answer in.
fn harness() -> App<'static> {
    let level = lockwork::format::from_str(LEVEL).unwrap().level;
    harness_solved(Document::new(level, None))
}

fn level<'h>(harness: &'h App<'_>) -> &'h Level {
    app(harness).document().level()
}

fn selected(harness: &App<'_>) -> Vec<ItemId> {
    app(harness).selection().iter().cloned().collect()
}

fn click(harness: &mut App<'_>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

fn undo(harness: &mut App<'_>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
}

fn redo(harness: &mut App<'_>) {
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    harness.run_steps(2);
}

fn door(harness: &App<'_>, id: &str) -> lockwork::model::Door {
    level(harness).door(&DoorId::new(id)).unwrap().clone()
}

fn select_d1_from_the_solution(harness: &mut App<'_>) {
    harness.get_by_label_contains("Through d1 to Vault").click();
    harness.run_steps(2);
    assert_eq!(selected(harness), [ItemId::Door(DoorId::new("d1"))]);
}

#[test]
fn door_cost_typed_in_the_inspector_is_one_undo_step() {
    let mut h = harness();
    click_on_canvas(&mut h, "Door d1");
    assert_eq!(selected(&h), [ItemId::Door(DoorId::new("d1"))]);
    h.run();
    h.check_accessibility();

    // A click on the number turns it into a field with its text selected.
    click(&mut h, "Cost");
    for ch in ["1", "2", ".", "5"] {
        h.get_by_label("Cost").type_text(ch);
        h.run_steps(1);
    }
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(door(&h, "d1").cost, 12.5);
    assert_eq!(app(&h).document().history().undo_label(), Some("edit door"));

    undo(&mut h);
    assert_eq!(
        door(&h, "d1").cost,
        2.0,
        "one undo takes the whole edit back"
    );
    assert!(!app(&h).document().is_dirty());
    redo(&mut h);
    assert_eq!(door(&h, "d1").cost, 12.5);
}

#[test]
fn dragging_the_cost_is_one_undo_step() {
    let mut h = harness();
    select_d1_from_the_solution(&mut h);
    let start = h.get_by_label("Cost").rect().center();
    h.hover_at(start);
    h.step();
    h.event(Event::PointerButton {
        pos: start,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.step();
    let mut costs = Vec::new();
    for i in 1..=8 {
        h.hover_at(start + egui::vec2(10.0 * i as f32, 0.0));
        h.step();
        costs.push(door(&h, "d1").cost);
    }
    h.event(Event::PointerButton {
        pos: start + egui::vec2(80.0, 0.0),
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run_steps(2);
    let dragged = door(&h, "d1").cost;
    assert!(dragged > 2.0, "the drag raised the cost: {costs:?}");
    let distinct = costs.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(distinct >= 2, "the cost changed frame by frame: {costs:?}");

    undo(&mut h);
    assert_eq!(door(&h, "d1").cost, 2.0, "the whole drag is one step");
    assert!(!app(&h).document().is_dirty());
}

#[test]
fn a_key_is_added_to_a_lock_and_taken_off_again() {
    let mut h = harness();
    select_d1_from_the_solution(&mut h);
    assert!(h.query_by_label_contains("No lock").is_some());

    click(&mut h, "Add a lock");
    click(&mut h, "red");
    assert_eq!(door(&h, "d1").locks, [KeyId::new("red")]);

    // The lock is now a ticked checkbox in the key's colour; untick it.
    click(&mut h, "red");
    assert!(door(&h, "d1").locks.is_empty());
    undo(&mut h);
    assert_eq!(door(&h, "d1").locks, [KeyId::new("red")]);
    undo(&mut h);
    assert!(door(&h, "d1").locks.is_empty());
    assert!(!app(&h).document().is_dirty());
}

#[test]
fn a_typed_room_name_is_one_undo_step() {
    let mut h = harness();
    click_on_canvas(&mut h, "Room r1: Hall");
    assert_eq!(selected(&h), [ItemId::Room(RoomId::new("r1"))]);
    h.run();
    h.check_accessibility();

    click(&mut h, "Name");
    h.key_press(Key::End);
    h.run_steps(1);
    for ch in " Annex".chars() {
        h.get_by_label("Name").type_text(&ch.to_string());
        h.run_steps(1);
    }
    let name = |h: &App<'_>| level(h).room(&RoomId::new("r1")).unwrap().name.clone();
    assert_eq!(name(&h), "Hall Annex");

    undo(&mut h);
    assert_eq!(name(&h), "Hall", "one undo reverts the whole name");
    assert!(!app(&h).document().is_dirty());
    redo(&mut h);
    assert_eq!(name(&h), "Hall Annex");
}

#[test]
fn problem_rows_select_what_they_are_about() {
    let mut h = harness();
    // A validation warning about a door, named by its id as on the canvas.
    h.get_by_label_contains("d2: starts closed").click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Door(DoorId::new("d2"))]);
    // A warning about a lever.
    h.get_by_label_contains("the lever toggles no door").click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Lever(LeverId::new("l1"))]);
    // The solver's finding: a room no play reaches.
    h.get_by_label_contains("Unreachable: Attic (r3)").click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Room(RoomId::new("r3"))]);
    // A dead end selects the room the player is stuck in.
    h.get_by_label_contains("Dead end after 1 step in Pit (r4)")
        .click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Room(RoomId::new("r4"))]);
    // The key list.
    h.get_by_label_contains("red Hall (r1)").click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Key(KeyId::new("red"))]);
    h.run();
    h.check_accessibility();
}

/// A key whose id holds a line break is warned of in one row, the id shown
/// escaped, and the row selects the key.
#[test]
fn a_warning_of_an_id_with_a_line_break_names_it_escaped() {
    let text = LEVEL.replace(r#""id": "red""#, r#""id": "red\nkey""#);
    let level = lockwork::format::from_str(&text).unwrap().level;
    let mut h = harness_solved(Document::new(level, None));
    h.get_by_label_contains(r"red\nkey id: holds a control character")
        .click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Key(KeyId::new("red\nkey"))]);
}

#[test]
fn lever_inspector_wires_doors_and_starts_link_mode() {
    let mut h = harness();
    h.get_by_label_contains("l1 Hall (r1)").click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Lever(LeverId::new("l1"))]);
    h.run();
    h.check_accessibility();

    click(&mut h, "Add a door");
    h.get_by_label_contains("d2: r1").click();
    h.run_steps(2);
    let toggles = |h: &App<'_>| level(h).lever(&LeverId::new("l1")).unwrap().toggles.clone();
    assert_eq!(toggles(&h), [DoorId::new("d2")]);
    // The warning about a door that never opens is gone.
    assert!(
        h.query_by_label_contains("doors[1]: starts closed")
            .is_none()
    );

    click(&mut h, "Stop toggling d2");
    assert!(toggles(&h).is_empty());

    click(&mut h, "🔗 Wire doors on canvas");
    assert_eq!(app(&h).canvas().link_lever, Some(LeverId::new("l1")));
}

#[test]
fn level_fields_and_props_when_nothing_is_selected() {
    let mut h = harness();
    assert!(selected(&h).is_empty());
    h.run();
    h.check_accessibility();

    click(&mut h, "+ Add property");
    assert_eq!(
        level(&h).props.get("key"),
        Some(&serde_json::Value::String(String::new()))
    );
    click(&mut h, "Property value 1");
    for ch in ["1", "2"] {
        h.get_by_label("Property value 1").type_text(ch);
        h.run_steps(1);
    }
    assert_eq!(level(&h).props.get("key"), Some(&serde_json::json!(12)));
    h.key_press(Key::Escape);
    h.run_steps(1);
    undo(&mut h);
    assert_eq!(
        level(&h).props.get("key"),
        Some(&serde_json::Value::String(String::new())),
        "the typed value is one step"
    );

    // The goal requires the red key: a checkbox.
    click(&mut h, "red");
    assert_eq!(level(&h).goal_requires, [KeyId::new("red")]);
}

#[test]
fn several_selected_shows_a_count_and_deletes_them_in_one_step() {
    let mut h = harness();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run_steps(2);
    assert_eq!(selected(&h).len(), 9);
    assert!(h.query_by_label("9 items selected").is_some());
    assert!(
        h.query_by_label("4 rooms · 3 doors · 1 key · 1 lever")
            .is_some()
    );

    h.get_by_label_contains("red Hall (r1)").click();
    h.run_steps(2);
    click_on_canvas_with(&mut h, "Room r3: Attic", Modifiers::SHIFT);
    assert_eq!(selected(&h).len(), 2, "{:?}", selected(&h));
    h.run();
    h.check_accessibility();
    click(&mut h, "🗑 Delete selected");
    assert!(level(&h).key(&KeyId::new("red")).is_none());
    assert!(level(&h).room(&RoomId::new("r3")).is_none());
    assert!(
        level(&h).door(&DoorId::new("d2")).is_none(),
        "the room took its door"
    );

    undo(&mut h);
    assert_eq!(level(&h).rooms.len(), 4);
    assert_eq!(level(&h).keys.len(), 1);
    assert_eq!(level(&h).doors.len(), 3);
    assert!(!app(&h).document().is_dirty());
}

#[test]
fn closing_the_only_door_shows_the_level_unsolvable_in_problems() {
    let mut h = harness();
    select_d1_from_the_solution(&mut h);
    click(&mut h, "open");
    assert!(!door(&h, "d1").open);
    step_until(&mut h, "the solver to see the closed door", |h| {
        h.query_by_label_contains("Unsolvable: the goal Vault (r2)")
            .is_some()
    });
    h.run();
    h.check_accessibility();
    h.get_by_label_contains("Unsolvable: the goal Vault (r2)")
        .click();
    h.run_steps(2);
    assert_eq!(selected(&h), [ItemId::Room(RoomId::new("r2"))]);
    assert!(
        h.query_by_label_contains("Dead end from the start")
            .is_some()
    );

    undo(&mut h);
    assert!(door(&h, "d1").open);
}

/// The friction: a multi-selection offered only Delete. Two doors selected
/// now take a cost, one-way, a lock with a key and unlocking, each as one
/// undo step over both.
#[test]
fn several_doors_selected_are_edited_together_in_one_step() {
    let mut h = harness();
    click_on_canvas(&mut h, "Door d1");
    click_on_canvas_with(&mut h, "Door d2", Modifiers::SHIFT);
    assert_eq!(selected(&h).len(), 2, "{:?}", selected(&h));
    assert!(h.query_by_label("All 2 selected doors").is_some());
    let door = |h: &App<'_>, id: &str| level(h).door(&DoorId::new(id)).unwrap().clone();

    click(&mut h, "One-way");
    assert!(door(&h, "d1").one_way && door(&h, "d2").one_way);
    undo(&mut h);
    assert!(
        !door(&h, "d1").one_way && !door(&h, "d2").one_way,
        "one step for both"
    );

    h.get_by_label("Lock with").click();
    h.run_steps(2);
    h.get_by_label("red").click();
    h.run_steps(2);
    assert_eq!(door(&h, "d1").locks, vec![KeyId::new("red")]);
    assert_eq!(door(&h, "d2").locks, vec![KeyId::new("red")]);
    click(&mut h, "Unlock");
    assert!(door(&h, "d1").locks.is_empty() && door(&h, "d2").locks.is_empty());
    undo(&mut h);
    assert_eq!(
        door(&h, "d2").locks,
        vec![KeyId::new("red")],
        "unlock undone whole"
    );
    assert_eq!(
        door(&h, "d3").locks,
        Vec::<KeyId>::new(),
        "d3 was not selected"
    );
}
