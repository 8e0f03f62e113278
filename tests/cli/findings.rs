//! Issue 37: each finding of `check` read as a designer acts on it, in
//! text and in `check --json`, from the same fields.

use std::path::Path;

use lockwork::rules::{Step, replay};
use serde_json::{Value, json};

use super::{arg, run, write};

/// The levels of issue 37's examples, by name.
fn issue_37_level(name: &str) -> &'static str {
    match name {
        "anyof" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "bow or hook", "start": "r1", "goal": "r4", "rooms": [{"id": "r1", "name": "Hall", "pos": [0, 0]}, {"id": "r2", "name": "Bow room", "pos": [100, 0]}, {"id": "r3", "name": "Hook room", "pos": [0, 100]}, {"id": "r4", "name": "Gate", "pos": [100, 100]}], "doors": [{"id": "d1", "from": "r1", "to": "r2"}, {"id": "d2", "from": "r1", "to": "r3"}, {"id": "d3", "from": "r1", "to": "r4", "locks_any": ["bow", "hook"]}], "keys": [{"id": "bow", "room": "r2"}, {"id": "hook", "room": "r3"}], "levers": []}"#
        }
        "startgoal" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "new", "start": "r1", "goal": "r1", "rooms": [{"id": "r1", "pos": [0, 0]}, {"id": "r2", "pos": [100, 0]}], "doors": [{"id": "d1", "from": "r1", "to": "r2"}], "keys": [], "levers": []}"#
        }
        "carried" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "carried", "start": "r1", "goal": "r4", "rooms": [{"id": "r1", "name": "Hall", "pos": [0, 0]}, {"id": "r2", "name": "Closet", "pos": [100, 0]}, {"id": "r3", "name": "Lobby", "pos": [0, 100]}, {"id": "r4", "name": "Vault", "pos": [100, 100]}], "doors": [{"id": "d1", "from": "r1", "to": "r2", "small_locks": 1}, {"id": "d2", "from": "r1", "to": "r3", "small_locks": 1}, {"id": "d3", "from": "r3", "to": "r4", "small_locks": 1}], "keys": [{"id": "s1", "small": true}, {"id": "s2", "small": true}, {"id": "s3", "room": "r2", "small": true}], "levers": []}"#
        }
        "carried-dead" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "carried, wrong door", "start": "r1", "goal": "r3", "rooms": [{"id": "r1", "name": "Hall", "pos": [0, 0]}, {"id": "r2", "name": "Closet", "pos": [100, 0]}, {"id": "r3", "name": "Vault", "pos": [0, 100]}], "doors": [{"id": "d1", "from": "r1", "to": "r2", "small_locks": 1}, {"id": "d2", "from": "r1", "to": "r3", "small_locks": 1}], "keys": [{"id": "s1", "small": true}], "levers": []}"#
        }
        "bombs" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "bombs", "start": "r1", "goal": "r3", "rooms": [{"id": "r1", "name": "Hall", "pos": [0, 0]}, {"id": "r2", "name": "Cellar", "pos": [100, 0]}, {"id": "r3", "name": "Exit", "pos": [200, 0]}, {"id": "r4", "name": "Side", "pos": [0, 100]}], "doors": [{"id": "d1", "from": "r1", "to": "r2", "spend": {"bomb": 1}}, {"id": "d2", "from": "r2", "to": "r3", "spend": {"bomb": 1}}, {"id": "d3", "from": "r1", "to": "r4"}], "keys": [{"id": "b1", "room": "r1", "kind": "bomb"}, {"id": "b2", "room": "r4", "kind": "bomb"}, {"id": "b3", "room": "r4", "kind": "bomb"}], "levers": []}"#
        }
        "tensmall" => {
            r#"{"format": "lockwork-level", "version": 1, "name": "ten small keys", "start": "r1", "goal": "r5", "rooms": [{"id": "r1", "pos": [100, 0]}, {"id": "r2", "pos": [200, 0]}, {"id": "r3", "pos": [300, 0]}, {"id": "r4", "pos": [400, 0]}, {"id": "r5", "pos": [500, 0]}], "doors": [{"id": "d1", "from": "r1", "to": "r2"}, {"id": "d2", "from": "r2", "to": "r3", "small_locks": 1}, {"id": "d3", "from": "r3", "to": "r4", "small_locks": 1}, {"id": "d4", "from": "r4", "to": "r5", "small_locks": 1}], "keys": [{"id": "s1", "room": "r1", "small": true}, {"id": "s2", "room": "r1", "small": true}, {"id": "s3", "room": "r1", "small": true}, {"id": "s4", "room": "r1", "small": true}, {"id": "s5", "room": "r2", "small": true}, {"id": "s6", "room": "r2", "small": true}, {"id": "s7", "room": "r2", "small": true}, {"id": "s8", "room": "r2", "small": true}, {"id": "s9", "room": "r2", "small": true}, {"id": "s10", "room": "r2", "small": true}], "levers": []}"#
        }
        _ => unreachable!("no level {name}"),
    }
}

/// `check FILE` and `check FILE --json` on one of issue 37's levels.
fn check_both(name: &str) -> (String, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        &format!("{name}.level.json"),
        issue_37_level(name),
    );
    let (status, text, err) = run(&["check", arg(&path)]);
    assert_eq!(status, 0, "{err}");
    let (status, json, err) = run(&["check", arg(&path), "--json"]);
    assert_eq!(status, 0, "{err}");
    (text, serde_json::from_str(&json).unwrap())
}

#[test]
fn either_of_two_keys_is_a_group_of_alternatives_not_two_unneeded_keys() {
    let (text, json) = check_both("anyof");
    assert!(text.contains("keys no solution needs: none\n"), "{text}");
    assert!(
        text.contains("a solution needs one of: bow, hook\n"),
        "{text}"
    );
    assert_eq!(json["unneeded_keys"], json!([]));
    assert_eq!(json["alternatives"], json!([["bow", "hook"]]));
}

#[test]
fn beside_a_start_that_is_the_goal_a_room_is_reachable() {
    let (text, json) = check_both("startgoal");
    assert!(text.contains("unreachable rooms: none\n"), "{text}");
    assert_eq!(json["unreachable_rooms"], json!([]));
}

#[test]
fn carried_small_keys_are_said_to_be_carried_and_never_picked_up() {
    let (text, json) = check_both("carried");
    assert!(
        text.contains("small keys: 3 in all: 2 carried from the start, 1 lies in the level;"),
        "{text}"
    );
    assert_eq!(json["items"][0]["carried"], json!(2));
    let (text, json) = check_both("carried-dead");
    assert!(
        text.contains("small keys: 1 carried from the start"),
        "{text}"
    );
    assert!(
        !text.contains("pick up"),
        "a carried key is not picked up:\n{text}"
    );
    let steps = &json["dead_ends"]["found"][0]["steps"];
    assert_eq!(
        steps,
        &json!([{ "action": "move", "door": "d1", "to": "r2" }])
    );
}

#[test]
fn a_count_is_exact_when_the_analysis_is_complete() {
    // Ten small keys, three small locks: exactly three are needed, though
    // whether any three will do is too many choices to try.
    let (text, json) = check_both("tensmall");
    assert!(!text.contains("at least"), "{text}");
    assert!(text.contains("a solution needs 3 of them"), "{text}");
    let small = &json["items"][0];
    assert_eq!(
        (&small["exact"], &small["needed"]),
        (&json!(true), &json!(3))
    );
}

#[test]
fn bombs_are_counted_like_small_keys() {
    let (text, json) = check_both("bombs");
    assert!(
        text.contains("bombs: 3 lie in the level, and any 2 of them are enough"),
        "{text}"
    );
    let bombs = &json["items"][0];
    assert_eq!(bombs["kind"], json!("bomb"));
    assert_eq!(
        (&bombs["needed"], &bombs["any_enough"]),
        (&json!(2), &json!(true))
    );
}

#[test]
fn areas_behind_levers_are_not_called_locked() {
    let (status, text, _) = run(&["check", "assets/basement.level.json"]);
    assert_eq!(status, 0);
    assert!(!text.contains("locked areas"), "{text}");
    assert!(
        text.contains("areas behind closed or one-way doors, none of them locked"),
        "{text}"
    );
}

/// The small-keys sample's first dead end: the text says what a replay of
/// its trace holds (one small key), and names the point of no return.
#[test]
fn a_dead_end_says_what_the_replay_holds_and_where_there_was_no_return() {
    let (status, text, _) = run(&["check", "assets/smallkeys.level.json"]);
    assert_eq!(status, 0);
    assert!(
        text.contains("point of no return: step 2, go through d2 to Storeroom (r3): it spent 1 small key on d2"),
        "{text}"
    );
    assert!(
        text.contains("needs 2 small keys: 1 in hand, and no more can be had"),
        "{text}"
    );
    assert!(!text.contains(", so "), "{text}");
    let (_, json, _) = run(&["check", "assets/smallkeys.level.json", "--json"]);
    let json: Value = serde_json::from_str(&json).unwrap();
    let dead = &json["dead_ends"]["found"][0];
    let steps: Vec<Step> = serde_json::from_value(dead["steps"].clone()).unwrap();
    let level = lockwork::format::from_file(Path::new("assets/smallkeys.level.json"))
        .unwrap()
        .level;
    let held = replay(&level, &steps).unwrap().end.small_in_hand();
    assert_eq!(dead["why"]["blocking"][0]["needs"][0]["held"], json!(held));
    assert_eq!(dead["no_return_step"], json!(2));
}
