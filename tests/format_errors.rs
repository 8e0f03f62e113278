#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Broken level files, each refused with an error that says what is wrong and
//! where; warnings for legal but suspicious levels; and nothing panics.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use lockwork::format::{self, LoadError, MAX_FILE_BYTES};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A valid level with four rooms, four doors, a named and a small key, a lever.
fn base() -> Value {
    json!({
        "format": "lockwork-level",
        "version": 1,
        "start": "r1",
        "goal": "r4",
        "rooms": [{ "id": "r1" }, { "id": "r2" }, { "id": "r3" }, { "id": "r4" }],
        "doors": [
            { "id": "d1", "from": "r1", "to": "r2" },
            { "id": "d2", "from": "r2", "to": "r3" },
            { "id": "d3", "from": "r3", "to": "r4", "locks": ["red"] },
            { "id": "d4", "from": "r1", "to": "r4", "small_locks": 1 }
        ],
        "keys": [
            { "id": "red", "room": "r2", "color": "#d62728" },
            { "id": "sk1", "room": "r3", "small": true }
        ],
        "levers": [{ "id": "l1", "room": "r1", "toggles": ["d1", "d2"] }]
    })
}

/// The base level changed by `edit`, as text.
fn with(edit: impl FnOnce(&mut Value)) -> String {
    let mut v = base();
    edit(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

/// Loads, turning a panic into a test failure that names the input.
fn load(name: &str, bytes: &[u8]) -> Result<format::Loaded, LoadError> {
    catch_unwind(AssertUnwindSafe(|| format::from_bytes(bytes)))
        .unwrap_or_else(|_| panic!("{name}: loading panicked"))
}

/// How an error must read.
enum Expect {
    /// The whole message, exactly.
    Exact(&'static str),
    /// Every one of these appears in the message.
    Contains(&'static [&'static str]),
}

fn broken_inputs() -> Vec<(&'static str, Vec<u8>, Expect)> {
    use Expect::{Contains, Exact};
    let text = |s: String| s.into_bytes();
    let valid = serde_json::to_string_pretty(&base()).unwrap();
    vec![
        (
            "empty file",
            Vec::new(),
            Exact("the file is empty; a level file holds a JSON object"),
        ),
        (
            "white space only",
            b" \n\t\r\n  ".to_vec(),
            Exact("the file is empty; a level file holds a JSON object"),
        ),
        (
            "truncated JSON",
            valid.as_bytes()[..valid.len() / 2].to_vec(),
            Contains(&[
                "not valid JSON: the file ends too early (is it cut short?) (line ",
                ", column ",
            ]),
        ),
        (
            "a stray comma",
            b"{\"format\": \"lockwork-level\",}".to_vec(),
            Contains(&["not valid JSON: ", "(line 1, column 29)"]),
        ),
        (
            "non-UTF-8 bytes",
            b"{\"format\": \"lockwork\xff-level\"}".to_vec(),
            Exact("the file is not UTF-8 text: invalid byte at offset 20"),
        ),
        (
            "Latin-1 text",
            b"{\"name\": \"Caf\xe9\"}".to_vec(),
            Exact("the file is not UTF-8 text: invalid byte at offset 13"),
        ),
        (
            "a JSON array",
            b"[{\"format\": \"lockwork-level\"}]".to_vec(),
            Exact("a level file holds a JSON object, not a list or a single value"),
        ),
        (
            "a JSON string",
            b"\"lockwork-level\"".to_vec(),
            Exact("a level file holds a JSON object, not a list or a single value"),
        ),
        (
            "wrong format tag",
            text(with(|v| v["format"] = json!("lockwork-levle"))),
            Exact(r#"format: expected "lockwork-level", found "lockwork-levle""#),
        ),
        (
            "missing format tag",
            text(with(|v| {
                v.as_object_mut().unwrap().remove("format");
            })),
            Exact(r#"level: missing field "format" (it should be "lockwork-level")"#),
        ),
        (
            "version 2",
            text(with(|v| v["version"] = json!(2))),
            Exact(
                "version 2 was made by a newer Lockwork: a file made by a newer version \
                 cannot be read by this one, which reads version 1",
            ),
        ),
        (
            "version 2 with fields this version does not know",
            text(with(|v| {
                v["version"] = json!(2);
                v["portals"] = json!([]);
            })),
            Contains(&[
                "version 2 was made by a newer Lockwork",
                "made by a newer version",
            ]),
        ),
        (
            "version 0",
            text(with(|v| v["version"] = json!(0))),
            Exact("version: expected 1, found 0"),
        ),
        (
            "version as a string",
            text(with(|v| v["version"] = json!("1"))),
            Exact(r#"version: expected the number 1, found "1""#),
        ),
        (
            "missing version",
            text(with(|v| {
                v.as_object_mut().unwrap().remove("version");
            })),
            Exact(r#"level: missing field "version""#),
        ),
        (
            "unknown field at top level",
            text(with(|v| v["colour"] = json!("red"))),
            Exact(r#"level: unknown field "colour""#),
        ),
        (
            "unknown field in doors[3]",
            text(with(|v| v["doors"][3]["one_wya"] = json!(true))),
            Exact(r#"doors[3]: unknown field "one_wya""#),
        ),
        (
            "unknown field in a key",
            text(with(|v| v["keys"][1]["smal"] = json!(true))),
            Exact(r#"keys[1]: unknown field "smal""#),
        ),
        (
            "missing start",
            text(with(|v| {
                v.as_object_mut().unwrap().remove("start");
            })),
            Contains(&[r#"level: missing field "start""#]),
        ),
        (
            "start is not a room",
            text(with(|v| v["start"] = json!("r0"))),
            Exact(r#"start: no room "r0""#),
        ),
        (
            "doors[3].to names no room",
            text(with(|v| v["doors"][3]["to"] = json!("r9"))),
            Exact(r#"doors[3].to: no room "r9""#),
        ),
        (
            "levers[0].toggles[1] names no door",
            text(with(|v| v["levers"][0]["toggles"][1] = json!("d9"))),
            Exact(r#"levers[0].toggles[1]: no door "d9""#),
        ),
        (
            "a lock names no key",
            text(with(|v| v["doors"][2]["locks"] = json!(["red", "blue"]))),
            Exact(r#"doors[2].locks[1]: no key "blue""#),
        ),
        (
            "duplicate room id",
            text(with(|v| v["rooms"][2]["id"] = json!("r2"))),
            Contains(&[r#"rooms[2].id: "r2" is already the id of rooms[1]"#]),
        ),
        (
            "empty room id",
            text(with(|v| {
                v["rooms"].as_array_mut().unwrap().push(json!({ "id": "" }));
            })),
            Exact("rooms[4].id: must not be empty"),
        ),
        (
            "a door joining a room to itself",
            text(with(|v| v["doors"][1]["to"] = json!("r2"))),
            Exact(r#"doors[1]: joins room "r2" to itself; a door needs two different rooms"#),
        ),
        (
            "negative cost",
            text(with(|v| v["doors"][0]["cost"] = json!(-1))),
            Exact("doors[0].cost: must be a number >= 0, found -1"),
        ),
        (
            "negative lever_cost",
            text(with(|v| v["lever_cost"] = json!(-0.5))),
            Exact("lever_cost: must be a number >= 0, found -0.5"),
        ),
        (
            "a cost beyond the format's limit, whose total would overflow",
            text(with(|v| {
                v["doors"][0]["cost"] = json!(1.7976931348623157e308);
            })),
            Exact(
                "doors[0].cost: must be at most 1e12 (the format's limit), found 1.7976931348623157e+308",
            ),
        ),
        (
            "a lever_cost just beyond the limit",
            text(with(|v| v["lever_cost"] = json!(1.000001e12))),
            Exact("lever_cost: must be at most 1e12 (the format's limit), found 1000001000000.0"),
        ),
        (
            "a list of ids longer than the limit",
            text(with(|v| {
                v["goal_requires"] = json!(vec!["k"; format::MAX_ITEMS + 1]);
            })),
            Exact(
                "goal_requires: too large to load: 200001 entries, more than the limit of 200000",
            ),
        ),
        (
            "more doors than the limit",
            text(with(|v| {
                v["doors"] = json!(vec![json!({}); format::MAX_DOORS + 1]);
            })),
            Exact("doors: too large to load: 800001 entries, more than the limit of 800000"),
        ),
        (
            "more rooms than the limit",
            text(with(|v| {
                v["rooms"] = json!(vec![json!({}); format::MAX_ITEMS + 1]);
            })),
            Exact("rooms: too large to load: 200001 entries, more than the limit of 200000"),
        ),
        (
            // Refused for its size at once: nothing else of it is read.
            "more rooms than the limit, and a negative cost",
            text(with(|v| {
                v["rooms"] = json!(vec![json!({"id": "r"}); format::MAX_ITEMS + 5]);
                v["doors"][0]["cost"] = json!(-1);
            })),
            Exact("rooms: too large to load: 200005 entries, more than the limit of 200000"),
        ),
        (
            "a door's locks past the limit, on a door with an extension field",
            text(with(|v| {
                v["doors"][1]["locks"] = json!(vec!["k"; format::MAX_ITEMS + 1]);
                v["doors"][1]["locked_from"] = json!("from");
            })),
            Exact(
                "doors[1].locks: too large to load: 200001 entries, more than the limit of 200000",
            ),
        ),
        (
            "cost as a string",
            text(with(|v| v["doors"][0]["cost"] = json!("3"))),
            Exact("doors[0].cost: expected a number >= 0, found a string"),
        ),
        (
            "non-integer small_locks",
            text(with(|v| v["doors"][3]["small_locks"] = json!(1.5))),
            Exact("doors[3].small_locks: must be a whole number >= 0, found 1.5"),
        ),
        (
            "negative small_locks",
            text(with(|v| v["doors"][3]["small_locks"] = json!(-1))),
            Exact("doors[3].small_locks: must be a whole number >= 0, found -1"),
        ),
        (
            "one_way as a string",
            text(with(|v| v["doors"][0]["one_way"] = json!("yes"))),
            Exact("doors[0].one_way: expected true or false, found a string"),
        ),
        (
            "a small key named in locks",
            text(with(|v| v["doors"][2]["locks"] = json!(["sk1"]))),
            Exact(
                r#"doors[2].locks[0]: "sk1" is a small key; small keys open small_locks and cannot be named here"#,
            ),
        ),
        (
            "a small key in goal_requires",
            text(with(|v| v["goal_requires"] = json!(["red", "sk1"]))),
            Exact(
                r#"goal_requires[1]: "sk1" is a small key; small keys open small_locks and cannot be named here"#,
            ),
        ),
        (
            "bad colour",
            text(with(|v| v["keys"][0]["color"] = json!("#d6272g"))),
            Exact(r##"keys[0].color: expected a colour written "#rrggbb", found "#d6272g""##),
        ),
        (
            "colour without #",
            text(with(|v| v["keys"][0]["color"] = json!("d62728"))),
            Exact(r##"keys[0].color: expected a colour written "#rrggbb", found "d62728""##),
        ),
        (
            "colour as a list",
            text(with(|v| v["keys"][0]["color"] = json!([214, 39, 40]))),
            Exact(r##"keys[0].color: expected a colour written "#rrggbb""##),
        ),
        (
            "pos with one number",
            text(with(|v| v["rooms"][0]["pos"] = json!([1]))),
            Exact("rooms[0].pos: expected [x, y], two numbers, found [1]"),
        ),
        (
            "pos with three numbers",
            text(with(|v| v["rooms"][0]["pos"] = json!([1, 2, 3]))),
            Exact("rooms[0].pos: expected [x, y], two numbers, found [1,2,3]"),
        ),
        (
            "pos with a string",
            text(with(|v| v["rooms"][1]["pos"] = json!([1, "2"]))),
            Exact(r#"rooms[1].pos: expected [x, y], two numbers, found [1,"2"]"#),
        ),
        (
            "pos as an object",
            text(with(|v| v["rooms"][1]["pos"] = json!({ "x": 1, "y": 2 }))),
            Exact(r#"rooms[1].pos: expected [x, y], two numbers, found {"x":1,"y":2}"#),
        ),
        (
            "rooms not a list",
            text(with(|v| v["rooms"] = json!({ "r1": {} }))),
            Contains(&["rooms: expected a list, found an object"]),
        ),
        (
            "a room that is not an object",
            text(with(|v| v["rooms"][3] = json!("r4"))),
            Exact("rooms[3]: expected an object, found a string"),
        ),
        (
            "a door without an id",
            text(with(|v| {
                v["doors"][0].as_object_mut().unwrap().remove("id");
            })),
            Exact(r#"doors[0]: missing field "id""#),
        ),
        (
            "a lever without toggles",
            text(with(|v| {
                v["levers"][0].as_object_mut().unwrap().remove("toggles");
            })),
            Exact(r#"levers[0]: missing field "toggles""#),
        ),
        (
            "a toggle that is not a string",
            text(with(|v| v["levers"][0]["toggles"][0] = json!(1))),
            Exact("levers[0].toggles[0]: expected an id (a string), found a number"),
        ),
        (
            "props not an object",
            text(with(|v| v["rooms"][0]["props"] = json!([1, 2]))),
            Exact("rooms[0].props: expected an object, found a list"),
        ),
        (
            "generator not an object",
            text(with(|v| v["generator"] = json!("backward"))),
            Exact("generator: expected an object"),
        ),
        (
            "deeply nested JSON",
            vec![b'['; 100_000],
            Contains(&["not valid JSON: recursion limit exceeded"]),
        ),
        (
            "deeply nested props",
            {
                let mut v = valid.clone().into_bytes();
                let deep = format!(
                    "\"props\": {{\"a\": {}1{}}},",
                    "[".repeat(100_000),
                    "]".repeat(100_000)
                );
                v.splice(1..1, deep.into_bytes());
                v
            },
            Contains(&["not valid JSON: recursion limit exceeded"]),
        ),
        (
            "deeply nested objects",
            "{\"a\":".repeat(100_000).into_bytes(),
            Contains(&["not valid JSON: recursion limit exceeded"]),
        ),
    ]
}

#[test]
fn base_level_is_valid() {
    let loaded = format::from_str(&serde_json::to_string(&base()).unwrap()).unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

#[test]
fn broken_inputs_are_refused_with_a_message_that_says_why() {
    let mut failures = Vec::new();
    for (name, bytes, expect) in broken_inputs() {
        let message = match load(name, &bytes) {
            Ok(_) => {
                failures.push(format!("{name}: was accepted"));
                continue;
            }
            Err(e) => e.to_string(),
        };
        if std::env::var_os("SHOW_ERRORS").is_some() {
            eprintln!("{name}: {message}");
        }
        let ok = match &expect {
            Expect::Exact(want) => message == *want,
            Expect::Contains(parts) => parts.iter().all(|p| message.contains(p)),
        };
        if !ok {
            let want = match expect {
                Expect::Exact(w) => format!("exactly {w:?}"),
                Expect::Contains(parts) => format!("containing {parts:?}"),
            };
            failures.push(format!("{name}:\n    got  {message:?}\n    want {want}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn errors_come_as_the_right_variant() {
    let v2 = with(|v| v["version"] = json!(2));
    assert!(matches!(
        format::from_str(&v2),
        Err(LoadError::NewerVersion { found: 2 })
    ));
    assert!(matches!(format::from_str(""), Err(LoadError::Empty)));
    assert!(matches!(
        format::from_bytes(b"{\xff}"),
        Err(LoadError::NotUtf8 { offset: 1 })
    ));
    assert!(matches!(
        format::from_str("{\"format\": "),
        Err(LoadError::Json { line: 1, .. })
    ));
    let bad_ref = with(|v| v["doors"][3]["to"] = json!("r9"));
    match format::from_str(&bad_ref) {
        Err(LoadError::Invalid(problems)) => {
            assert_eq!(problems.len(), 1);
            assert_eq!(problems[0].path, "doors[3].to");
            assert_eq!(problems[0].message, "no room \"r9\"");
            assert_eq!(
                problems[0].item,
                Some(lockwork::model::ItemId::Door("d4".into()))
            );
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
}

/// Two lists of rooms pasted into one file: loading keeps neither quietly,
/// but names the field and the line of its second mention, at any depth.
#[test]
fn a_field_given_twice_is_refused_with_its_place() {
    let text = with(|_| ());
    let rooms = text.find("\"rooms\"").unwrap();
    let pasted = format!(
        "{}\"rooms\": [{{ \"id\": \"r9\" }}],\n  {}",
        &text[..rooms],
        &text[rooms..]
    );
    let line = 1 + text[..rooms].matches('\n').count() + 1;
    match format::from_str(&pasted) {
        Err(LoadError::RepeatedField {
            field, line: at, ..
        }) => {
            assert_eq!((field.as_str(), at), ("rooms", line));
        }
        other => panic!("expected RepeatedField, got {other:?}"),
    }
    let in_props = with(|v| v["rooms"][1]["props"] = json!({"loot": {"gold": 1}}))
        .replace("\"gold\": 1", "\"gold\": 1, \"gold\": 2");
    assert!(matches!(
        format::from_str(&in_props),
        Err(LoadError::RepeatedField { field, .. }) if field == "gold"
    ));
}

#[test]
fn every_problem_is_listed() {
    let text = with(|v| {
        v["doors"][0]["one_wya"] = json!(true);
        v["doors"][1]["cost"] = json!(-2);
        v["keys"][0]["color"] = json!("red");
    });
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(
        err.problems(),
        vec![
            r#"doors[0]: unknown field "one_wya""#.to_owned(),
            "doors[1].cost: must be a number >= 0, found -2".to_owned(),
            r##"keys[0].color: expected a colour written "#rrggbb", found "red""##.to_owned(),
        ]
    );
    assert_eq!(
        err.to_string(),
        r#"doors[0]: unknown field "one_wya" (and 2 more problems)"#
    );
}

#[test]
fn references_are_checked_when_every_item_was_read() {
    // A broken door is left out, so the lever naming it is not also blamed.
    let text = with(|v| {
        v["doors"][1].as_object_mut().unwrap().remove("from");
    });
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(err.problems(), vec![r#"doors[1]: missing field "from""#]);
    // Every item read: its references are checked alongside.
    let text = with(|v| {
        v["doors"][0]["cost"] = json!(-1);
        v["levers"][0]["room"] = json!("r7");
    });
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(
        err.problems(),
        vec![
            "doors[0].cost: must be a number >= 0, found -1",
            r#"levers[0].room: no room "r7""#
        ]
    );
}

#[test]
fn a_file_larger_than_the_limit_is_refused_before_parsing() {
    let size = usize::try_from(MAX_FILE_BYTES).unwrap() + 1;
    // Zero bytes are valid UTF-8 and invalid JSON: only the size can refuse them fast.
    let bytes = vec![0u8; size];
    let t = Instant::now();
    let err = format::from_bytes(&bytes).unwrap_err();
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "took {:?}",
        t.elapsed()
    );
    assert!(
        matches!(err, LoadError::TooLarge { size: s, limit } if s == size as u64 && limit == MAX_FILE_BYTES),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "the file is {size} bytes, more than the {MAX_FILE_BYTES} bytes a level file may have"
        )
    );
    // Exactly the limit is not refused for its size.
    let err = format::from_bytes(&bytes[..size - 1]).unwrap_err();
    assert!(!matches!(err, LoadError::TooLarge { .. }), "{err:?}");
}

#[test]
fn a_byte_order_mark_is_allowed() {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend(serde_json::to_string(&base()).unwrap().into_bytes());
    format::from_bytes(&bytes).unwrap();
}

#[test]
fn from_file_names_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nope.level.json");
    let err = format::from_file(&path).unwrap_err();
    assert!(matches!(err, LoadError::Io { .. }), "{err:?}");
    assert!(
        err.to_string()
            .starts_with(&format!("cannot read {}: ", path.display())),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Warnings
// ---------------------------------------------------------------------------

fn warnings(text: &str) -> Vec<String> {
    format::from_str(text)
        .unwrap()
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn warns_of_a_closed_door_no_lever_toggles() {
    let text = with(|v| v["doors"][2]["open"] = json!(false));
    assert_eq!(
        warnings(&text),
        vec!["doors[2]: starts closed and no lever toggles it, so it never opens"]
    );
    // Closed but toggled by l1: no warning.
    let text = with(|v| v["doors"][1]["open"] = json!(false));
    assert!(warnings(&text).is_empty());
}

#[test]
fn warns_of_a_key_behind_its_own_lock() {
    let text = with(|v| v["doors"][0]["locks"] = json!(["red"]));
    let w = warnings(&text);
    assert!(
        w.contains(&r#"keys[0].room: key "red" lies behind its own lock"#.to_owned()),
        "{w:?}"
    );
    let problem = format::from_str(&text)
        .unwrap()
        .warnings
        .into_iter()
        .find(|p| p.path == "keys[0].room")
        .unwrap();
    assert_eq!(
        problem.item,
        Some(lockwork::model::ItemId::Key("red".into()))
    );
}

/// A corridor of 30,000 rooms, each door locked by the key in the room
/// before it, and a key near the far end that locks the door into its own
/// room. Each search of a key costs a walk of the level, and the searches
/// share a bound that reaches a few dozen keys of the chain: the warning
/// must not depend on the keys before it using the bound up.
#[test]
fn warns_of_a_key_behind_its_own_lock_at_the_end_of_a_long_chain() {
    let n = 30_000;
    let own = n - 10;
    let rooms: Vec<Value> = (0..n).map(|i| json!({ "id": format!("r{i}") })).collect();
    let doors: Vec<Value> = (1..n)
        .map(|i| {
            let lock = if i == own { "own" } else { "" };
            let key = if lock.is_empty() { format!("k{}", i - 1) } else { lock.to_owned() };
            json!({ "id": format!("d{i}"), "from": format!("r{}", i - 1), "to": format!("r{i}"), "locks": [key] })
        })
        .collect();
    let mut keys: Vec<Value> = (0..n - 1)
        .map(|i| json!({ "id": format!("k{i}"), "room": format!("r{i}") }))
        .collect();
    keys.push(json!({ "id": "own", "room": format!("r{own}") }));
    let text = json!({
        "format": "lockwork-level", "version": 1,
        "start": "r0", "goal": format!("r{}", n - 1),
        "rooms": rooms, "doors": doors, "keys": keys,
    })
    .to_string();
    let w = warnings(&text);
    assert_eq!(
        w,
        vec![format!(
            r#"keys[{}].room: key "own" lies behind its own lock"#,
            n - 1
        )]
    );
}

#[test]
fn warnings_do_not_stop_loading() {
    let text = with(|v| {
        v["doors"][2]["open"] = json!(false);
        v["doors"][0]["locks"] = json!(["red"]);
    });
    let loaded = format::from_str(&text).unwrap();
    assert_eq!(loaded.warnings.len(), 2, "{:?}", loaded.warnings);
}

// ---------------------------------------------------------------------------
// Nothing panics
// ---------------------------------------------------------------------------

#[test]
fn every_prefix_of_a_valid_file_loads_or_fails_without_panic() {
    let valid = with(|v| {
        v["name"] = json!("Café ☕");
        v["rooms"][0]["pos"] = json!([1.5, -2]);
        v["props"] = json!({ "a": [1, { "b": null }] });
    });
    let bytes = valid.as_bytes();
    for end in 0..bytes.len() {
        let result = load(&format!("prefix of {end} bytes"), &bytes[..end]);
        assert!(result.is_err(), "a prefix of {end} bytes was accepted");
    }
    load("whole", bytes).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 500,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mangled_files_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)
    ) {
        let mut bytes = serde_json::to_string_pretty(&base()).unwrap().into_bytes();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        let _ = load("mangled", &bytes);
    }

    #[test]
    fn arbitrary_json_values_in_any_field_never_panic(
        field in prop::sample::select(vec![
            "/name", "/lever_cost", "/start", "/goal_requires", "/rooms", "/rooms/0",
            "/rooms/0/pos", "/doors/0", "/doors/0/cost", "/doors/0/small_locks",
            "/doors/0/locks", "/keys/0/color", "/keys/1/small", "/levers/0/toggles",
            "/props", "/generator", "/version",
        ]),
        value in json_value(),
    ) {
        let mut v = base();
        let (parent, last) = field.rsplit_once('/').unwrap();
        match v.pointer_mut(parent).unwrap() {
            Value::Object(map) => {
                map.insert(last.to_owned(), value);
            }
            Value::Array(items) => items[last.parse::<usize>().unwrap()] = value,
            _ => unreachable!(),
        }
        let _ = load(field, serde_json::to_string(&v).unwrap().as_bytes());
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-1e6f64..1e6).prop_map(|x| json!(x)),
        "[a-z0-9#]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[a-z]{1,4}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

// ---------------------------------------------------------------------------
// Follow-on errors
// ---------------------------------------------------------------------------

/// A missing `start` is one problem; the empty id it leaves behind is not a
/// second one (`start: no room ""`).
#[test]
fn a_missing_start_is_one_problem() {
    let text = with(|v| {
        v.as_object_mut().unwrap().remove("start");
    });
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(err.problems(), vec![r#"level: missing field "start""#]);
}

/// A list of the wrong type is dropped like an over-long one, so the rooms it
/// held are not then blamed as missing at every reference.
#[test]
fn a_rooms_field_that_is_not_a_list_is_one_problem() {
    let text = with(|v| v["rooms"] = json!({ "r1": {} }));
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(
        err.problems(),
        vec!["rooms: expected a list, found an object"]
    );
}

#[test]
fn the_summary_counts_in_good_english() {
    let text = with(|v| {
        v["doors"][0]["cost"] = json!(-1);
        v["doors"][1]["cost"] = json!(-1);
    });
    let err = format::from_str(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "doors[0].cost: must be a number >= 0, found -1 (and 1 more problem)"
    );
}

/// A door that says `"open": false` beside its `open_when` breaks one rule,
/// and hears of it once, though both the reading and the model check it.
#[test]
fn an_open_field_beside_open_when_is_one_problem() {
    let text = with(|v| {
        v["doors"][1]["open_when"] = json!([["l1"]]);
        v["doors"][1]["open"] = json!(false);
    });
    let err = format::from_str(&text).unwrap_err();
    let about_open: Vec<String> = (err.problems().into_iter())
        .filter(|p| p.starts_with("doors[1].open:"))
        .collect();
    assert_eq!(
        about_open,
        vec![
            "doors[1].open: a door with open_when has no open field: the condition alone says when it is open"
        ]
    );
}

/// The version-1 extensions: each rule of FORMAT.md refused with the field
/// and its place named; a file using them all loads and saves unchanged.
#[test]
fn extension_fields_are_checked_and_named() {
    let cases: Vec<(String, &str)> = vec![
        (
            with(|v| v["doors"][1]["open_when"] = json!([["l1", "!l9"]])),
            r#"doors[1].open_when[0][1]: no lever "l9""#,
        ),
        (
            with(|v| {
                v["doors"][1]["open_when"] = json!([["l1"]]);
                v["doors"][1]["open"] = json!(true);
            }),
            "doors[1].open: a door with open_when has no open field",
        ),
        (
            with(|v| v["doors"][0]["open_when"] = json!([["l1"]])),
            r#"levers[0].toggles[0]: door "d1" opens by its open_when; a lever cannot also toggle it"#,
        ),
        (
            with(|v| v["doors"][3]["spend"] = json!({ "bomb": 1 })),
            "doors[3].spend: a door has small_locks or spend, not both",
        ),
        (
            with(|v| v["doors"][1]["spend"] = json!({ "bomb": 0 })),
            "doors[1].spend.bomb: must be a whole number >= 1, found 0",
        ),
        (
            with(|v| v["keys"][0]["kind"] = json!("bomb")),
            r#"doors[2].locks[0]: "red" is an item of kind "bomb""#,
        ),
        (
            with(|v| v["doors"][1]["locks_any"] = json!(["sk1"])),
            r#"doors[1].locks_any[0]: "sk1" is a small key"#,
        ),
        (
            with(|v| v["doors"][1]["locked_from"] = json!("left")),
            r#"doors[1].locked_from: expected "from" or "to", found "left""#,
        ),
        (
            with(|v| v["doors"][1]["open_when"] = json!([[""]])),
            "doors[1].open_when[0][0]: expected a lever id",
        ),
        (
            with(|v| v["levers"][0]["once"] = json!("yes")),
            "levers[0].once: expected true or false",
        ),
    ];
    for (text, want) in cases {
        let err = format::from_str(&text).unwrap_err().to_string();
        assert!(err.contains(want), "wanted {want:?} in {err:?}");
    }
    let all = with(|v| {
        v["keys"][0]["room"] = Value::Null;
        v["keys"][1]["kind"] = json!("small");
        v["keys"][1].as_object_mut().unwrap().remove("small");
        v["keys"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "id": "b1", "kind": "bomb" }));
        v["doors"][1]["spend"] = json!({ "bomb": 1 });
        v["doors"][1]["locked_from"] = json!("to");
        v["doors"][1]["locks_any"] = json!(["red"]);
        v["doors"][2]["open_when"] = json!([["l1", "!l2"], []]);
        v["levers"][0]["once"] = json!(true);
        v["levers"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "id": "l2", "room": "r2", "toggles": [] }));
    });
    let loaded = format::from_str(&all).unwrap();
    assert_eq!(loaded.level.keys[0].room, None);
    let saved = format::to_string(&loaded.level);
    assert_eq!(format::from_str(&saved).unwrap().level, loaded.level);
    assert!(
        !saved.contains("\"room\": null"),
        "a carried key is saved without a room"
    );
    assert_eq!(
        format::to_string(&format::from_str(&saved).unwrap().level),
        saved
    );
}
