#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The real `lockwork` binary: exit statuses, `solve --json`, `check`, and the
//! state limit.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::rules::{Step, replay};
use serde_json::{Value, json};

mod findings;

const EXE: &str = env!("CARGO_BIN_EXE_lockwork");

fn run(args: &[&str]) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(EXE).args(args).output().unwrap();
    (
        status.code().expect("the program was killed by a signal"),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn save(dir: &Path, name: &str, level: &Level) -> PathBuf {
    write(dir, name, &lockwork::format::to_string(level))
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// r1 -d1- r2 -d2 (closed; l1 in r2 opens it)- r3 -d3 (locks red)- r4 (goal),
/// with "red" in r1 and a dead-end drop d4 from r2 into r5.
fn solvable() -> Level {
    let mut level = Level::new("Basement");
    level.rooms = ["r1", "r2", "r3", "r4", "r5"]
        .iter()
        .enumerate()
        .map(|(i, id)| Room::new(*id, [i as f64 * 100.0, 0.0]))
        .collect();
    let mut d2 = Door::new("d2", "r2", "r3");
    d2.open = false;
    let mut d3 = Door::new("d3", "r3", "r4");
    d3.locks = vec!["red".into()];
    d3.cost = 3.0;
    let mut d4 = Door::new("d4", "r2", "r5");
    d4.one_way = true;
    level.doors = vec![Door::new("d1", "r1", "r2"), d2, d3, d4];
    level.keys = vec![Key::new("red", "r1")];
    level.levers = vec![Lever::new("l1", "r2", vec!["d2".into()])];
    level.goal = "r4".into();
    level
}

/// The goal lies behind a door that starts closed and that no lever opens.
fn unsolvable() -> Level {
    let mut level = Level::new("Sealed");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.open = false;
    level.doors.push(d1);
    level.goal = "r2".into();
    level
}

/// A corridor of `n` rooms, start at one end and goal at the other.
fn corridor(n: usize) -> Level {
    let mut level = Level::new("Corridor");
    level.rooms = (1..=n)
        .map(|i| Room::new(format!("r{i}"), [i as f64 * 100.0, 0.0]))
        .collect();
    level.doors = (1..n)
        .map(|i| Door::new(format!("d{i}"), format!("r{i}"), format!("r{}", i + 1)))
        .collect();
    level.goal = format!("r{n}").into();
    level
}

const INVALID: &str = r#"{
  "format": "lockwork-level", "version": 1,
  "start": "r1", "goal": "r2",
  "rooms": [{ "id": "r1" }, { "id": "r2" }],
  "doors": [{ "id": "d1", "from": "r1", "to": "r9" }]
}"#;

fn json_of(stdout: &str) -> Value {
    // One JSON object and nothing else.
    let value: Value = serde_json::from_str(stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON value: {e}\n{stdout}"));
    assert!(value.is_object(), "{value}");
    value
}

fn keys_of(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// FORMAT.md's fields, and `metrics` (the quality measures, docs/format.md).
const SOLVE_KEYS: [&str; 9] = [
    "cost",
    "dead_ends",
    "metrics",
    "min_pulls",
    "moves",
    "pulls",
    "solvable",
    "states_explored",
    "steps",
];

fn step_of(value: &Value) -> Step {
    let field = |name: &str| value[name].as_str().unwrap().to_owned();
    match value["action"].as_str().unwrap() {
        "move" => {
            assert_eq!(keys_of(value), ["action", "door", "to"]);
            Step::Move {
                door: field("door").into(),
                to: field("to").into(),
            }
        }
        "pull" => {
            assert_eq!(keys_of(value), ["action", "lever"]);
            Step::Pull {
                lever: field("lever").into(),
            }
        }
        "pickup" => {
            assert_eq!(keys_of(value), ["action", "key"]);
            Step::Pickup {
                key: field("key").into(),
            }
        }
        other => panic!("unknown action {other:?}"),
    }
}

#[test]
fn solve_json_of_a_solvable_level() {
    let dir = tempfile::tempdir().unwrap();
    let level = solvable();
    let path = save(dir.path(), "basement.level.json", &level);
    let (code, stdout, stderr) = run(&["solve", arg(&path), "--json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "");
    let v = json_of(&stdout);
    assert_eq!(keys_of(&v), SOLVE_KEYS);
    assert_eq!(v["solvable"], json!(true));
    let metrics = &v["metrics"];
    assert_eq!(metrics["critical_path"]["moves"], json!(3));
    assert_eq!(metrics["critical_path"]["rooms_visited"], json!(4));
    assert_eq!(metrics["backtracking"], json!(0));
    assert_eq!(metrics["optional"]["rooms"], json!(["r5"]));
    assert!(metrics["score"]["total"].is_number(), "{metrics}");
    // cost 1 + 1 (pull) + 1 + 3 = 6, printed as a whole number.
    assert_eq!(v["cost"], json!(6));
    assert!(v["cost"].is_u64(), "{}", v["cost"]);
    assert!(stdout.contains("\"cost\": 6,"), "{stdout}");
    assert_eq!(v["moves"], json!(3));
    assert_eq!(v["pulls"], json!(1));
    assert_eq!(v["min_pulls"], json!(1));
    assert!(v["states_explored"].as_u64().unwrap() > 0);
    // The drop into r5 strands the player: at least one dead-end state.
    assert!(v["dead_ends"].as_u64().unwrap() >= 1, "{}", v["dead_ends"]);
    let steps: Vec<Step> = v["steps"].as_array().unwrap().iter().map(step_of).collect();
    assert_eq!(steps[0], Step::Pickup { key: "red".into() });
    let done = replay(&level, &steps).unwrap();
    assert!(done.solved);
    assert_eq!(done.end.cost(), 6.0);
    assert_eq!(done.steps, steps, "pickups where they happen");
}

#[test]
fn solve_json_prints_a_fractional_cost_as_a_fraction() {
    let dir = tempfile::tempdir().unwrap();
    let mut level = corridor(3);
    level.doors[0].cost = 0.5;
    level.doors[1].cost = 2.0;
    let path = save(dir.path(), "half.level.json", &level);
    let (code, stdout, _) = run(&["solve", arg(&path), "--json"]);
    assert_eq!(code, 0);
    let v = json_of(&stdout);
    assert_eq!(v["cost"], json!(2.5));
    assert_eq!(v["min_pulls"], json!(0));
    assert_eq!(v["pulls"], json!(0));
}

#[test]
fn solve_json_of_an_unsolvable_level() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "sealed.level.json", &unsolvable());
    let (code, stdout, stderr) = run(&["solve", arg(&path), "--json"]);
    assert_eq!(code, 1, "{stderr}");
    let v = json_of(&stdout);
    assert_eq!(keys_of(&v), SOLVE_KEYS);
    assert_eq!(v["solvable"], json!(false));
    assert_eq!(v["cost"], Value::Null);
    assert_eq!(v["steps"], Value::Null);
    assert_eq!(v["min_pulls"], Value::Null);
    assert!(v["states_explored"].as_u64().unwrap() >= 1);
    // The start itself is the one dead-end state.
    assert_eq!(v["dead_ends"], json!(1));
}

#[test]
fn solve_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "basement.level.json", &solvable());
    let (code, stdout, _) = run(&["solve", arg(&path)]);
    assert_eq!(code, 0);
    assert!(stdout.contains("Basement"), "{stdout}");
    assert!(
        stdout.contains("solvable, cost 6: 3 moves, 1 pull"),
        "{stdout}"
    );
    assert!(stdout.contains("pull l1"), "{stdout}");
    let path = save(dir.path(), "sealed.level.json", &unsolvable());
    let (code, stdout, _) = run(&["solve", arg(&path)]);
    assert_eq!(code, 1);
    assert!(stdout.contains("cannot be solved"), "{stdout}");
}

#[test]
fn an_invalid_file_exits_2_and_names_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "broken.level.json", INVALID);
    for args in [
        vec!["solve", arg(&path)],
        vec!["solve", arg(&path), "--json"],
        vec!["check", arg(&path)],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            stderr.contains(r#"doors[0].to: no room "r9""#),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("broken.level.json"), "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
    }
    // Not JSON at all, and a newer version.
    let path = write(dir.path(), "text.level.json", "hello");
    let (code, _, stderr) = run(&["solve", arg(&path)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not valid JSON"), "{stderr}");
    let newer = INVALID.replace("\"version\": 1", "\"version\": 2");
    let path = write(dir.path(), "newer.level.json", &newer);
    let (code, _, stderr) = run(&["solve", arg(&path)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("made by a newer version"), "{stderr}");
}

#[test]
fn a_missing_file_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nowhere.level.json");
    let (code, _, stderr) = run(&["solve", arg(&path), "--json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read"), "{stderr}");
}

#[test]
fn check_prints_warnings_and_the_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let mut level = solvable();
    // A closed door no lever toggles, to a room nothing else reaches, and an
    // unneeded key lying there.
    level.rooms.push(Room::new("r6", [0.0, 100.0]));
    let mut d5 = Door::new("d5", "r1", "r6");
    d5.open = false;
    level.doors.push(d5);
    level.keys.push(Key::new("gem", "r6"));
    let path = save(dir.path(), "basement.level.json", &level);
    let (code, stdout, stderr) = run(&["check", arg(&path)]);
    assert_eq!(code, 0, "{stderr}");
    for want in [
        "valid level, 6 rooms, 5 doors, 2 keys, 1 lever",
        "warnings:",
        "doors[4]: starts closed and no lever toggles it, so it never opens",
        "analysis:",
        "solvable: cost 6: 3 moves, 1 pull",
        "least lever pulls of any solution: 1",
        "dead ends: ",
        "unreachable rooms: r6",
        "keys no solution needs: gem",
        "measures:",
        "critical path: 3 moves, 1 pull, cost 6; visits 4 of 6 rooms",
        "backtracking: 0% of moves",
        "optional: rooms r5, r6; keys gem",
        "score: ",
    ] {
        assert!(stdout.contains(want), "missing {want:?} in\n{stdout}");
    }

    let path = save(dir.path(), "sealed.level.json", &unsolvable());
    let (code, stdout, _) = run(&["check", arg(&path)]);
    assert_eq!(code, 1);
    assert!(stdout.contains("cannot be solved"), "{stdout}");
    assert!(stdout.contains("doors[0]: starts closed"), "{stdout}");
    assert!(stdout.contains("unreachable rooms: r2"), "{stdout}");

    let path = save(dir.path(), "corridor.level.json", &corridor(3));
    let (code, stdout, _) = run(&["check", arg(&path)]);
    assert_eq!(code, 0);
    assert!(stdout.contains("warnings: none"), "{stdout}");
    assert!(stdout.contains("dead ends: none"), "{stdout}");
    assert!(stdout.contains("unreachable rooms: none"), "{stdout}");
}

/// A chain of rooms, each door spending a small key that lies in the room
/// before it: every step is an event, and small keys make dead ends possible.
fn small_key_chain(n: usize) -> Level {
    let mut level = corridor(n);
    for (i, door) in level.doors.iter_mut().enumerate() {
        door.small_locks = 1;
        let mut key = Key::new(format!("s{i}"), format!("r{}", i + 1));
        key.small = true;
        level.keys.push(key);
    }
    level
}

#[test]
fn too_many_states_exits_3_with_what_was_proven() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), "chain.level.json", &small_key_chain(12));
    for args in [
        vec!["solve", arg(&path), "--max-states", "5"],
        vec!["solve", arg(&path), "--json", "--max-states", "5"],
        vec!["check", arg(&path), "--max-states", "5"],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 3, "{args:?}: {stderr}");
        let said = format!("{stdout}{stderr}");
        assert!(said.contains("incomplete"), "{args:?}: {said}");
        assert!(said.contains("--max-states"), "{args:?}: {said}");
    }
    let (_, stdout, _) = run(&["solve", arg(&path), "--json", "--max-states", "5"]);
    let v = json_of(&stdout);
    assert_eq!(v["solvable"], Value::Null, "not proven either way");
    assert_eq!(v["cost"], Value::Null, "the least cost is not proven");
    assert_eq!(v["complete"], json!(false));
    // No room for a single state, or for any time, is refused as asked.
    for (flag, value) in [("--max-states", "0"), ("--max-seconds", "0")] {
        let (code, _, stderr) = run(&["solve", arg(&path), flag, value]);
        assert_eq!(code, 2, "{flag} {value}: {stderr}");
        assert!(stderr.contains("above 0"), "{flag} {value}: {stderr}");
    }
    // The default limit is plenty.
    let (code, stdout, _) = run(&["solve", arg(&path), "--json"]);
    assert_eq!(code, 0);
    let v = json_of(&stdout);
    assert_eq!(v["cost"], json!(11));
    assert_eq!(
        keys_of(&v),
        SOLVE_KEYS,
        "complete answers keep FORMAT.md's fields"
    );
}

#[test]
fn a_batch_past_its_limit_is_refused_before_anything_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("batch");
    // A thousand million levels once aborted on allocating their slots.
    for count in ["1000000000", "0"] {
        let (code, _, stderr) = run(&["generate", "backward", "--count", count, "-o", arg(&out)]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("1 to 10000 levels"), "{stderr}");
        assert!(!out.exists(), "nothing is written");
    }
}

/// A level with no lever needs no pull, so a report cut short says nothing
/// of pulls rather than "at least 0"; once a plan is found it says 0.
#[test]
fn a_lever_less_level_cut_short_says_nothing_of_pulls() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/smallkeys.level.json");
    let (code, stdout, stderr) = run(&["check", path, "--max-states", "3"]);
    assert_eq!(code, 3, "not known whether it can be solved: {stderr}");
    assert!(stdout.contains("search incomplete"), "{stdout}");
    assert!(!stdout.contains("pulls of any solution"), "{stdout}");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/keys.level.json");
    let (code, stdout, stderr) = run(&["check", path, "--max-states", "3"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("cheapest plan found"), "{stdout}");
    assert!(
        stdout.contains("least lever pulls of any solution: 0"),
        "{stdout}"
    );
}

/// Ids holding a terminal's escape sequence are printed escaped, in the
/// report and in the errors: a hostile file cannot recolour or clear the
/// terminal it is checked in. JSON escapes them by itself.
#[test]
fn control_characters_in_ids_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let red = "r\u{1b}[31m";
    let mut level = Level::new("escapes");
    level.rooms = [red, "r2"]
        .iter()
        .enumerate()
        .map(|(i, id)| Room::new(*id, [i as f64 * 200.0, 0.0]))
        .collect();
    level.start = red.into();
    level.goal = "r2".into();
    level.doors = vec![Door::new("d\u{1b}[2J", red, "r2")];
    let path = save(dir.path(), "escapes.level.json", &level);
    for args in [vec!["check", arg(&path)], vec!["solve", arg(&path)]] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(!stdout.contains('\u{1b}'), "{args:?}: {stdout:?}");
    }
    // The plan names the door.
    let (_, stdout, _) = run(&["solve", arg(&path)]);
    assert!(stdout.contains("go through d\\u{1b}[2J"), "{stdout:?}");
    level.doors[0].to = "r\u{1b}[2J".into();
    let path = save(dir.path(), "broken.level.json", &level);
    let (code, _, stderr) = run(&["check", arg(&path)]);
    assert_eq!(code, 2);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}[2J"), "{stderr:?}");
}

#[test]
fn check_json_of_an_invalid_file_lists_its_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bad.level.json",
        "{\"format\": \"lockwork-level\"}",
    );
    let (status, out, _) = run(&["check", arg(&path), "--json"]);
    assert_eq!(status, 2);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["valid"], json!(false));
    assert!(!json["errors"].as_array().unwrap().is_empty());
}

#[path = "../common/small_key_levels.rs"]
mod small_key_levels;

/// Ctrl+C stops an analysis, which then answers with what it proved and
/// says it was interrupted, instead of the program dying without a word.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_analysis_which_then_answers() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    // Level 20 of the small-key levels: its dead ends take the whole
    // budget (30 s here) to hunt for.
    let level = small_key_levels::level(20, 24, 36);
    let path = save(dir.path(), "big.level.json", &level);
    let child = Command::new(EXE)
        .args(["solve", arg(&path), "--max-seconds", "30"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        took < Duration::from_secs(10),
        "stopped {took:?} after Ctrl+C"
    );
    assert!(
        stderr.contains("because it was interrupted"),
        "status {:?}, stderr: {stderr}",
        out.status
    );
    // The answer proven so far: the plan when one was found before the
    // signal, else that solvability is not known (on a slow machine the
    // signal may come before the first plan).
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answer = stdout.lines().next().unwrap_or_default();
    assert!(
        answer.contains(": solvable") || answer.contains(": not known whether it can be solved"),
        "{stdout}"
    );
}
