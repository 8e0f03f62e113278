//! The fields of the version-1 extensions in the editor, driven through the
//! real app with `egui_kittest` on the dungeon sample: each is edited in the
//! inspector as one command, one undo restores the level; the level
//! inspector lists what the player starts with; hovering a lever lights the
//! doors whose condition names it; no two widgets share an id anywhere a
//! designer goes.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT as _, Queryable};
use lockwork::document::Document;
use lockwork::model::{DoorId, ItemId, KeyId, Level, LeverId, Literal, Side};

mod common;

use common::{App, app, click_on_canvas, harness_solved, sample};

fn harness() -> App<'static> {
    harness_solved(Document::new(sample("dungeon"), None))
}

fn level<'h>(harness: &'h App<'_>) -> &'h Level {
    app(harness).document().level()
}

fn door(harness: &App<'_>, id: &str) -> lockwork::model::Door {
    level(harness).door(&DoorId::new(id)).unwrap().clone()
}

fn key(harness: &App<'_>, id: &str) -> lockwork::model::Key {
    level(harness).key(&KeyId::new(id)).unwrap().clone()
}

fn click(harness: &mut App<'_>, label: &str) {
    inspector(harness, label).click();
    harness.run_steps(2);
}

/// The widget with this label furthest right: the inspector's, where the
/// lists' tables on the left show the same word ("Kind", a kind's name).
fn inspector<'h>(harness: &'h App<'_>, label: &'h str) -> egui_kittest::Node<'h> {
    harness
        .get_all_by_label(label)
        .max_by(|a, b| a.rect().center().x.total_cmp(&b.rect().center().x))
        .unwrap()
}

/// Clicks the last widget with this label: an entry of the menu just opened
/// (the same name may stand in the lists and the legend too).
fn click_in_menu(harness: &mut App<'_>, label: &str) {
    let node = harness.get_all_by_label(label).last().unwrap();
    node.click();
    harness.run_steps(2);
}

fn undo(harness: &mut App<'_>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
}

/// `change` makes exactly one undo step, and that step restores the level.
fn one_undo_restores(harness: &mut App<'_>, change: impl FnOnce(&mut App<'_>)) {
    let before = level(harness).clone();
    let steps = app(harness).document().history().undo_len();
    change(harness);
    assert_ne!(level(harness), &before, "the edit changed the level");
    assert_eq!(
        app(harness).document().history().undo_len(),
        steps + 1,
        "one undo step"
    );
    undo(harness);
    assert_eq!(level(harness), &before, "one undo restores the level");
}

fn select_door(harness: &mut App<'_>, id: &str) {
    click_on_canvas(harness, &format!("Door {id}"));
    assert_eq!(
        app(harness).selection().iter().cloned().collect::<Vec<_>>(),
        [ItemId::Door(DoorId::new(id))]
    );
}

fn select_in_list(harness: &mut App<'_>, label: &str, item: ItemId) {
    harness.get_by_label_contains(label).click();
    harness.run_steps(2);
    assert_eq!(
        app(harness).selection().iter().cloned().collect::<Vec<_>>(),
        [item]
    );
}

fn lit(text: &str) -> Literal {
    Literal::parse(text).unwrap()
}

#[test]
fn the_side_a_lock_applies_to_is_picked() {
    let mut h = harness();
    select_door(&mut h, "d1");
    h.run();
    h.check_accessibility();
    one_undo_restores(&mut h, |h| {
        click(h, "From side (r1)");
        assert_eq!(door(h, "d1").locked_from, Some(Side::From));
    });
    select_door(&mut h, "d4");
    one_undo_restores(&mut h, |h| {
        click(h, "both sides");
        assert_eq!(door(h, "d4").locked_from, None);
    });
}

#[test]
fn any_of_keys_are_added_and_taken_off() {
    let mut h = harness();
    select_door(&mut h, "d4");
    one_undo_restores(&mut h, |h| {
        click(h, "Add an any-of key");
        click_in_menu(h, "lamp");
        assert_eq!(door(h, "d4").locks_any, [KeyId::new("lamp")]);
    });
    select_door(&mut h, "d1");
    one_undo_restores(&mut h, |h| {
        // The any-of lock's ticked checkboxes: untick the lamp.
        h.get_by_label("lamp").click();
        h.run_steps(2);
        assert_eq!(door(h, "d1").locks_any, [KeyId::new("gold")]);
    });
}

#[test]
fn spent_items_are_added_counted_and_removed() {
    let mut h = harness();
    select_door(&mut h, "d2");
    one_undo_restores(&mut h, |h| {
        click(h, "Stop spending bomb");
        assert!(door(h, "d2").spend.is_empty());
    });
    one_undo_restores(&mut h, |h| {
        // A click on the count makes it a field; type a new count.
        click(h, "bomb");
        inspector(h, "bomb").type_text("5");
        h.run_steps(1);
        h.key_press(Key::Enter);
        h.run_steps(2);
        assert_eq!(door(h, "d2").spend.get("bomb"), Some(&5));
    });
    select_door(&mut h, "d1");
    one_undo_restores(&mut h, |h| {
        click(h, "Add an item kind");
        click_in_menu(h, "bomb");
        assert_eq!(door(h, "d1").spend.get("bomb"), Some(&1));
    });
}

#[test]
fn a_condition_is_edited_literal_by_literal() {
    let mut h = harness();
    select_door(&mut h, "d3");
    h.run();
    h.check_accessibility();
    assert!(h.query_by_label("l1 down and l2 up").is_some());
    one_undo_restores(&mut h, |h| {
        click(h, "l1 ⬇ down");
        assert_eq!(
            door(h, "d3").open_when,
            Some(vec![vec![lit("!l1"), lit("!l2")]])
        );
    });
    one_undo_restores(&mut h, |h| {
        click(h, "Remove l2 from alternative 1");
        assert_eq!(door(h, "d3").open_when, Some(vec![vec![lit("l1")]]));
    });
    one_undo_restores(&mut h, |h| {
        click(h, "+ Add an alternative");
        assert_eq!(
            door(h, "d3").open_when,
            Some(vec![vec![lit("l1"), lit("!l2")], vec![lit("l1")]])
        );
    });
    one_undo_restores(&mut h, |h| {
        click(h, "Remove alternative 1");
        assert_eq!(door(h, "d3").open_when, Some(vec![]));
    });
    one_undo_restores(&mut h, |h| {
        click(h, "Remove condition");
        assert_eq!(door(h, "d3").open_when, None);
    });
}

#[test]
fn a_condition_is_added_and_given_another_lever() {
    let mut h = harness();
    select_door(&mut h, "d1");
    one_undo_restores(&mut h, |h| {
        click(h, "+ Add a condition");
        assert_eq!(door(h, "d1").open_when, Some(vec![vec![lit("l1")]]));
    });
    click(&mut h, "+ Add a condition");
    one_undo_restores(&mut h, |h| {
        click(h, "Add a lever to alternative 1");
        click_in_menu(h, "l2");
        assert_eq!(
            door(h, "d1").open_when,
            Some(vec![vec![lit("l1"), lit("l2")]])
        );
    });
}

#[test]
fn a_key_is_carried_and_given_a_kind() {
    let mut h = harness();
    select_in_list(
        &mut h,
        "lamp carried from the start",
        ItemId::Key(KeyId::new("lamp")),
    );
    h.run();
    h.check_accessibility();
    one_undo_restores(&mut h, |h| {
        click(h, "from the start");
        assert_eq!(key(h, "lamp").room, Some(level(h).start.clone()));
    });
    // The lamp opens a door, so it cannot become a countable item.
    assert!(inspector(&h, "Kind").accesskit_node().is_disabled());
    select_in_list(&mut h, "bomb2 Hall (r2)", ItemId::Key(KeyId::new("bomb2")));
    one_undo_restores(&mut h, |h| {
        click(h, "Kind");
        h.key_press(Key::End);
        h.run_steps(1);
        for ch in "s!".chars() {
            inspector(h, "Kind").type_text(&ch.to_string());
            h.run_steps(1);
        }
        assert_eq!(key(h, "bomb2").kind.as_deref(), Some("bombs!"));
    });
}

#[test]
fn a_lever_is_made_to_work_once() {
    let mut h = harness();
    click_on_canvas(&mut h, "Lever l2");
    h.run();
    h.check_accessibility();
    one_undo_restores(&mut h, |h| {
        click(h, "can be pulled only once");
        assert!(level(h).lever(&LeverId::new("l2")).unwrap().once);
    });
}

#[test]
fn the_level_inspector_lists_what_the_player_starts_with() {
    let mut h = harness();
    assert!(app(&h).selection().is_empty());
    assert!(h.query_by_label("Starts with").is_some());
    assert!(h.query_by_label("bomb ×1").is_some());
    assert!(h.query_by_label("Starts with lamp").is_some());
    // Gold carried from the start joins the row; one undo takes it back out.
    select_in_list(&mut h, "gold Vault (r3)", ItemId::Key(KeyId::new("gold")));
    click(&mut h, "from the start");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(app(&h).selection().is_empty());
    assert_eq!(key(&h, "gold").room, None);
    assert!(h.query_by_label("Starts with gold").is_some());
    undo(&mut h);
    h.run_steps(2);
    assert!(h.query_by_label("Starts with gold").is_none());
    undo(&mut h);
    assert!(key(&h, "gold").room.is_some());
}

#[test]
fn the_lever_list_says_which_conditions_name_a_lever_that_toggles_nothing() {
    let mut h = harness();
    h.run_steps(2);
    // l1 and l2 toggle no door: the portcullis d3 opens on their positions.
    assert!(
        h.query_by_label_contains("l1 Hall (r2) · condition of d3")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("l2 Vault (r3) · condition of d3")
            .is_some()
    );
    assert!(h.query_by_label_contains("toggles nothing").is_none());
    // The least-cost plan pulls l1; the solution says a plan without it exists.
    assert!(
        h.query_by_label("A plan with no pulls exists (cost 8).")
            .is_some()
    );
    // With its condition gone, the door no longer names them.
    let mut level = level(&h).clone();
    level.doors.iter_mut().for_each(|d| d.open_when = None);
    let mut h = common::harness_solved(Document::new(level, None));
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("l2 Vault (r3) · toggles nothing")
            .is_some()
    );
}

#[test]
fn the_solution_says_in_words_that_a_plan_with_no_pulls_exists() {
    let mut h = harness();
    h.run_steps(2);
    // The least-cost plan pulls l1; a dearer one pulls nothing.
    assert!(
        h.query_by_label("A plan with no pulls exists (cost 8).")
            .is_some()
    );
}

#[test]
fn hovering_a_lever_lights_the_doors_its_condition_names() {
    let mut h = harness();
    assert!(app(&h).canvas().lit_doors().is_empty());
    let rect = h.get_by_label("Lever l2").rect();
    let to_screen = app(&h).canvas().to_screen();
    h.hover_at(to_screen * rect.center());
    h.run_steps(3);
    assert_eq!(app(&h).canvas().lit_doors(), [DoorId::new("d3")]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    assert!(app(&h).canvas().lit_doors().is_empty());
}

#[test]
fn play_mode_shows_item_counts_and_lever_positions_at_each_step() {
    let mut h = harness();
    h.key_press(Key::F6);
    common::step_until(
        &mut h,
        "the play session",
        |h| matches!(app(h).mode(), lockwork::editor::playback::Mode::Play(p) if p.is_ready()),
    );
    // At the start: the carried lamp and bomb, both levers up.
    assert!(h.query_by_label("1 bomb").is_some());
    assert!(h.query_by_label("l1 ⬆").is_some());
    assert!(h.query_by_label("l2 ⬆").is_some());
    // Into the hall through the lamp's any-of lock: a bomb and a small key more.
    click_on_canvas(&mut h, "Room r2");
    assert!(h.query_by_label("2 bomb").is_some());
    assert!(h.query_by_label("1 small key").is_some());
    // The once lever, pulled, stays down for good.
    click_on_canvas(&mut h, "Lever l1");
    assert!(h.query_by_label("l1 ⬇ (used)").is_some());
    assert!(h.query_by_label("l2 ⬆").is_some());
    // Stepping back puts it up again.
    h.get_by_label_contains("Undo step").click();
    h.run_steps(2);
    assert!(h.query_by_label("l1 ⬆").is_some());
}

#[test]
fn stepping_through_the_solution_shows_lever_positions() {
    let mut h = harness();
    h.key_press(Key::F5);
    h.run_steps(2);
    assert!(h.query_by_label("l1 ⬆").is_some());
    let plan = common::live_plan(&h);
    // Every step shows each lever as the plan has left it so far.
    let steps: Vec<_> = plan
        .steps
        .iter()
        .filter(|s| !matches!(s, lockwork::rules::Step::Pickup { .. }))
        .collect();
    let mut down = [false, false];
    for step in steps {
        h.key_press(Key::ArrowRight);
        h.run_steps(2);
        if let lockwork::rules::Step::Pull { lever } = step {
            let l = usize::from(lever.as_str() == "l2");
            down[l] = !down[l];
        }
        for (l, id) in ["l1", "l2"].iter().enumerate() {
            let arrow = if down[l] { "⬇" } else { "⬆" };
            let shown = h
                .query_all_by_label_contains(&format!("{id} {arrow}"))
                .count();
            assert!(shown > 0, "{id} {arrow} after {step:?}");
        }
    }
    assert!(down[0], "the solution pulls l1");
}

/// Fails when egui painted an id clash over the last frame: two widgets
/// with one id share their state (a scroll position, a grid's columns).
fn assert_no_id_clash(harness: &App<'_>, at: &str) {
    let clashes = common::id_clashes(harness);
    assert!(clashes.is_empty(), "{at}: {clashes:?}");
}

/// Every panel, window and mode a designer opens on the sample that uses
/// every mechanic, with no two widgets sharing an id.
#[test]
fn no_two_widgets_share_an_id_anywhere_a_designer_goes() {
    let mut h = harness();
    assert_no_id_clash(&h, "the level");
    for item in ["Door d1", "Door d2", "Door d3", "Lever l1", "Room r2"] {
        click_on_canvas(&mut h, item);
        h.run_steps(2);
        assert_no_id_clash(&h, item);
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run_steps(2);
    assert_no_id_clash(&h, "everything selected");
    for (key, at) in [(Key::F, "Find"), (Key::G, "Generate")] {
        h.key_press_modifiers(Modifiers::COMMAND, key);
        h.run_steps(2);
        assert_no_id_clash(&h, at);
    }
    for tab in ["Backward", "Levers", "Nested", "Random", "Batch"] {
        click(&mut h, tab);
        assert_no_id_clash(&h, tab);
    }
    for (key, at) in [
        (Key::F1, "Help"),
        (Key::F5, "Step through"),
        (Key::F6, "Play"),
    ] {
        h.key_press(key);
        h.run_steps(2);
        assert_no_id_clash(&h, at);
    }
}

/// Issue 38's bug, replayed: a condition added to a door that starts
/// closed used to leave `open: false` beside `open_when`, an error the
/// editor showed and nothing in the inspector fixed. The condition now
/// replaces the door's own open, and the level stays valid.
#[test]
fn a_condition_on_a_closed_door_keeps_the_level_valid() {
    let mut h = harness();
    select_door(&mut h, "d1");
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "open")
        .click();
    h.run_steps(2);
    assert!(!door(&h, "d1").open, "the door starts closed");
    click(&mut h, "+ Add a condition");
    let d1 = door(&h, "d1");
    assert_eq!(d1.open_when, Some(vec![vec![lit("l1")]]));
    let report = lockwork::validate::validate(level(&h));
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let shown = h
        .query_all_by_label_contains("has no open field")
        .next()
        .is_some();
    assert!(!shown, "no error shown");
    // Saved and read back, the level is the one on the canvas.
    let text = lockwork::format::to_string(level(&h));
    let back = lockwork::format::from_str(&text).unwrap().level;
    assert_eq!(&back, level(&h));
}

/// The friction: a lever's wiring was hidden until the lever was selected.
/// Pointing at a lever or at its room draws its wires, and View ▸ All Lever
/// Wiring (W) draws every lever's.
#[test]
fn wires_show_on_hover_of_a_lever_or_its_room_and_all_with_w() {
    let mut h = harness_solved(Document::new(sample("basement"), None));
    assert!(app(&h).canvas().wired_levers().is_empty(), "none selected");
    let to_screen = app(&h).canvas().to_screen();
    let pump_room = h.get_by_label_contains("Room r5").rect();
    // The room's middle, away from the lever marks on its edge.
    h.hover_at(to_screen * pump_room.center());
    h.run_steps(3);
    let wired = app(&h).canvas().wired_levers().to_vec();
    assert_eq!(
        wired,
        [LeverId::new("l7"), LeverId::new("l8")],
        "the room's levers"
    );
    let lever = h.get_by_label("Lever l1").rect();
    h.hover_at(to_screen * lever.center());
    h.run_steps(3);
    assert_eq!(app(&h).canvas().wired_levers(), [LeverId::new("l1")]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    assert!(app(&h).canvas().wired_levers().is_empty());
    h.key_press(Key::W);
    h.run_steps(3);
    assert_eq!(app(&h).canvas().wired_levers().len(), 11, "every lever");
    assert!(app(&h).prefs().wires);
}

/// The friction: items carried from the start were drawn nowhere. The
/// legend's tray names them: the lamp, and one of the two bombs.
#[test]
fn the_legend_has_a_tray_of_what_is_carried_from_the_start() {
    let h = harness();
    assert!(h.query_by_label("Carried from the start").is_some());
    assert!(
        h.query_by_label("Carried: lamp").is_some(),
        "the carried lamp, by name"
    );
    assert!(
        h.query_by_label("Carried: gold").is_none(),
        "the gold key lies in r3"
    );
    // The level's bombs in the legend's rows, the carried one in the tray.
    assert!(h.query_by_label("bomb × 2").is_some());
    assert!(h.query_by_label("bomb × 1").is_some());
    // A level that carries nothing has no tray.
    let plain = harness_solved(Document::new(sample("keys"), None));
    assert!(plain.query_by_label("Carried from the start").is_none());
}
