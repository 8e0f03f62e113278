//! The quick way checked against the field-by-field reader: on the samples,
//! on files spoiled field by field, and on what only the reader may word.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::json;

use super::*;

/// Blocks give back every item in the order pushed, at every length
/// around a block's edge, with no room to spare past the first block.
#[test]
fn blocks_keep_the_order_and_the_exact_length() {
    let block = Blocks::<usize>::BLOCK;
    for n in [0, 1, block - 1, block, block + 1, 3 * block + 5] {
        let mut blocks = Blocks::default();
        for i in 0..n {
            blocks.push(i);
        }
        assert_eq!(blocks.len(), n);
        let items = blocks.into_vec();
        assert_eq!(items, (0..n).collect::<Vec<_>>());
        if n > block {
            assert_eq!(items.capacity(), n, "{n} items");
        }
    }
}

/// What the field-by-field reader makes of `text`: the level when it
/// finds no problem in it.
fn by_reader(text: &str) -> Option<Level> {
    let value = super::strict::from_str(text).ok()?;
    let (level, problems) = super::super::load::read_value(&value).ok()?;
    problems.0.is_empty().then_some(level)
}

/// The sample levels and a generated one, with its generator record.
fn well_formed() -> &'static [(String, String)] {
    static FILES: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    FILES.get_or_init(read_well_formed)
}

fn read_well_formed() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".level.json"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    let params = crate::generate::BackwardParams::default();
    let made = crate::generate::backward(&params, &|_| {}, &AtomicBool::new(false)).unwrap();
    let text = super::super::to_string(&made.level);
    files.push(("backward".into(), text));
    files
}

#[test]
fn well_formed_files_take_the_quick_way_and_read_the_same() {
    let files = well_formed();
    assert!(files.len() >= 7, "the samples are where they were");
    for (name, text) in files {
        let quick = level(text);
        assert!(quick.is_some(), "{name}");
        assert_eq!(quick, by_reader(text), "{name}");
    }
    // The extensions take it too (the dungeon sample has kinds, `spend`,
    // `locks_any`, `locked_from` and `open_when`).
    let (_, dungeon) = files.iter().find(|(n, _)| n.contains("dungeon")).unwrap();
    let doors = level(dungeon).unwrap().doors;
    assert!(doors.iter().any(|d| !d.spend.is_empty()));
    assert!(doors.iter().any(|d| !d.locks_any.is_empty()));
    assert!(doors.iter().any(|d| d.locked_from.is_some()));
    assert!(doors.iter().any(|d| d.open_when.is_some()));
}

#[test]
fn the_quick_way_leaves_what_the_reader_refuses_to_it() {
    let good = r#"{"format":"lockwork-level","version":1,"start":"a","goal":"b",
        "rooms":[{"id":"a"},{"id":"b"}],"doors":[{"id":"d","from":"a","to":"b"}]}"#;
    assert!(level(good).is_some());
    let spoiled = [
        good.replace(r#""start""#, r#""name":null,"start""#),
        good.replace(r#""version":1"#, r#""version":2"#),
        good.replace(r#""version":1"#, r#""version":1.0"#),
        good.replace(r#""to":"b""#, r#""to":"b","cost":-1"#),
        good.replace(r#""to":"b""#, r#""to":"b","cost":1e13"#),
        good.replace(r#""to":"b""#, r#""to":"b","small_locks":-1"#),
        good.replace(r#""to":"b""#, r#""to":"b","oneway":true"#),
        good.replace(r#"{"id":"a"}"#, r#"{"id":"a","pos":null}"#),
        good.replace(r#"{"id":"a"}"#, r#"{"id":"a","pos":[1,2,3]}"#),
        good.replace(r#""start""#, r#""generator":[],"start""#),
        good.replace(
            r#""start""#,
            r#""keys":[{"id":"k","room":"a","color":"red"}],"start""#,
        ),
        good.replace(
            r#""start""#,
            r#""keys":[{"id":"k","room":"a","kind":""}],"start""#,
        ),
        // A record given as a list of its fields in order.
        good.replace(r#"{"id":"a"}"#, r#"["a"]"#),
        good.replace(r#"{"id":"d","from":"a","to":"b"}"#, r#"["d","","a","b"]"#),
        // The whole file so: format, version, name, description, lever
        // cost, start and goal, in order.
        r#"["lockwork-level",1,"","",1,"a","a"]"#.to_owned(),
        good.replace(r#""to":"b""#, r#""to":"b","spend":{"bomb":0}"#),
        good.replace(r#""to":"b""#, r#""to":"b","spend":{"":1}"#),
        good.replace(r#""to":"b""#, r#""to":"b","spend":{"bomb":1.5}"#),
        good.replace(r#""to":"b""#, r#""to":"b","spend":{"bomb":4294967296}"#),
        good.replace(r#""to":"b""#, r#""to":"b","spend":null"#),
        good.replace(r#""to":"b""#, r#""to":"b","locked_from":"both""#),
        good.replace(r#""to":"b""#, r#""to":"b","locks_any":[1]"#),
        good.replace(r#""to":"b""#, r#""to":"b","open_when":[["!"]]"#),
        good.replace(r#""to":"b""#, r#""to":"b","open_when":["l"]"#),
        good.replace(r#""to":"b""#, r#""to":"b","open":true,"open_when":[]"#),
    ];
    for text in &spoiled {
        assert_eq!(level(text), None, "{text}");
        assert_eq!(by_reader(text), None, "{text}");
    }
    // A field written twice, at the top, in an item or in props at any
    // depth: the quick way leaves it to the reader, which refuses it.
    for twice in [
        good.replace(r#""start""#, r#""start":"b","start""#),
        good.replace(r#""to":"b""#, r#""to":"a","to":"b""#),
        good.replace(r#"{"id":"b"}"#, r#"{"id":"b","props":{"x":{"y":1,"y":2}}}"#),
        good.replace(
            r#""start""#,
            r#""generator":{"kind":"a","kind":"b"},"start""#,
        ),
        good.replace(r#""to":"b""#, r#""to":"b","spend":{"bomb":1,"bomb":2}"#),
    ] {
        assert_eq!(level(&twice), None, "{twice}");
        assert_eq!(by_reader(&twice), None, "{twice}");
    }
    // A carried key is as the reader reads it, given as null or left out.
    let carried = good.replace(r#""start""#, r#""keys":[{"id":"k","room":null}],"start""#);
    assert_eq!(level(&carried), by_reader(&carried));
    assert!(level(&carried).is_some_and(|l| l.keys[0].room.is_none()));
}

/// Values a field may be spoiled with: every JSON type, and the
/// numbers and strings at the edges of what the reader takes.
fn spoiled() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        Value::Null,
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(-0.0),
        json!(1.5),
        json!(1e12),
        json!(1.000_000_1e12),
        json!(4_294_967_296u64),
        json!(1),
        json!(""),
        json!("r1"),
        json!("#ff8000"),
        json!("#ff80"),
        json!([]),
        json!(["a"]),
        json!([1, 2]),
        json!([1, 2, 3]),
        json!({}),
        json!({ "a": 1 }),
        json!({ "a": 0 }),
        json!({ "": 1 }),
        json!({ "a": 2, "b": 4_294_967_295u64 }),
        json!("lockwork-level"),
        json!("from"),
        json!("to"),
        json!([[]]),
        json!([["l"]]),
        json!([["!l"], ["!"]]),
        json!([[""]]),
    ])
}

/// Field names to spoil or add: every field of the format, and one
/// that is none.
fn fields() -> Vec<&'static str> {
    use super::super::load::{DOOR_FIELDS, KEY_FIELDS, LEVEL_FIELDS, LEVER_FIELDS, ROOM_FIELDS};
    let all = [
        LEVEL_FIELDS,
        ROOM_FIELDS,
        DOOR_FIELDS,
        KEY_FIELDS,
        LEVER_FIELDS,
    ];
    let mut names: Vec<&str> = all.concat();
    names.push("bogus");
    names
}

/// Every object in `value`, as JSON pointers.
fn objects(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            out.push(at.to_owned());
            for (k, v) in map {
                objects(v, &format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                objects(v, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// `text` with one of its objects spoiled: a field set to `to`, or
/// removed, or (as text) written twice.
fn spoil(text: &str, which: Index, field: &str, to: Value, how: u8) -> String {
    let mut value: Value = serde_json::from_str(text).unwrap();
    let mut all = Vec::new();
    objects(&value, "", &mut all);
    let at = which.get(&all).clone();
    let Some(Value::Object(map)) = value.pointer_mut(&at) else {
        unreachable!("a pointer to an object")
    };
    match how % 3 {
        0 => {
            map.insert(field.to_owned(), to);
        }
        1 => {
            map.shift_remove(field);
        }
        _ => {
            let text = value.to_string();
            let repeat = format!("{{\"{field}\":{to},");
            return text.replacen('{', &repeat, 1 + which.index(3));
        }
    }
    value.to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// The quick way takes a file only when the reader takes it with no
    /// problem, and then makes the same level.
    #[test]
    fn the_quick_way_never_takes_what_the_reader_refuses(
        file in any::<Index>(),
        which in any::<Index>(),
        field in prop::sample::select(fields()),
        to in spoiled(),
        how in any::<u8>(),
    ) {
        let files = well_formed();
        let (_, text) = file.get(files);
        let text = spoil(text, which, field, to, how);
        if let Some(quick) = level(&text) {
            prop_assert_eq!(Some(quick), by_reader(&text), "{}", text);
        }
    }
}
