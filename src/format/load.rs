//! Parsing a level file into a [`Level`].

use rustc_hash::FxHashSet;
use serde_json::Value;

use super::error::LoadError;
use super::extensions;
use super::fast;
use super::reader::{Obj, Problems};
use super::size;
use super::strict;
use super::{FORMAT_TAG, MAX_DOORS, MAX_FILE_BYTES, MAX_ITEMS, VERSION};
use crate::model::{Door, DoorId, Key, KeyId, Level, LevelIndex, Lever, Room, RoomId};
use crate::validate::{Indexed, Problem, validate_indexed};

/// The fields of a level file, of its rooms, doors, keys and levers.
pub(super) const LEVEL_FIELDS: &[&str] = &[
    "format",
    "version",
    "name",
    "description",
    "lever_cost",
    "start",
    "goal",
    "goal_requires",
    "rooms",
    "doors",
    "keys",
    "levers",
    "props",
    "generator",
];
pub(super) const ROOM_FIELDS: &[&str] = &["id", "name", "pos", "props"];
pub(super) const DOOR_FIELDS: &[&str] = &[
    "id",
    "name",
    "from",
    "to",
    "one_way",
    "cost",
    "open",
    "locks",
    "small_locks",
    "spend",
    "locks_any",
    "locked_from",
    "open_when",
    "props",
];
pub(super) const KEY_FIELDS: &[&str] = &["id", "name", "room", "small", "kind", "color", "props"];
pub(super) const LEVER_FIELDS: &[&str] = &["id", "name", "room", "toggles", "once", "props"];

/// A level read from a file, with the warnings found in it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The level.
    pub level: Level,
    /// Legal but suspicious things (a closed door no lever opens, …).
    pub warnings: Vec<Problem>,
}

/// Parses a level from raw bytes, refusing anything that is not a valid
/// version-1 level with an error that says what and where.
///
/// # Arguments
/// * `bytes` — the file's contents, UTF-8 JSON (a leading byte-order mark is
///   allowed).
///
/// # Returns
/// The level and the warnings found in it (legal but suspicious things).
///
/// # Errors
/// [`LoadError::TooLarge`] past [`MAX_FILE_BYTES`] or a per-list limit,
/// [`LoadError::NotUtf8`], [`LoadError::Empty`], [`LoadError::Json`] with line
/// and column, and [`LoadError::Invalid`] with every problem found, each
/// naming its field (`doors[2].to`).
///
/// # Complexity
/// O(size of the file): ids are looked up through hash indexes.
///
/// # Example
/// ```
/// let bytes = br#"{"format": "lockwork-level", "version": 1,
///     "start": "a", "goal": "b",
///     "rooms": [{"id": "a"}, {"id": "b"}],
///     "doors": [{"id": "d", "from": "a", "to": "b"}]}"#;
/// let loaded = lockwork::format::from_bytes(bytes)?;
/// assert_eq!(loaded.level.rooms.len(), 2);
/// assert!(lockwork::format::from_bytes(b"{").is_err());
/// # Ok::<(), lockwork::format::LoadError>(())
/// ```
pub fn from_bytes(bytes: &[u8]) -> Result<Loaded, LoadError> {
    bytes_indexed(bytes).map(|(loaded, _)| loaded)
}

/// [`from_bytes`], keeping the index of the level's ids that validation
/// built, so that a caller can make the level's rules without indexing and
/// checking it again.
pub(crate) fn bytes_indexed(bytes: &[u8]) -> Result<(Loaded, Indexed), LoadError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| LoadError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    str_indexed(text)
}

/// Parses a level from text.
///
/// # Arguments
/// * `text` — the file's contents.
///
/// # Returns
/// The level and its warnings, as [`from_bytes`].
///
/// # Errors
/// As [`from_bytes`], except [`LoadError::NotUtf8`].
///
/// # Complexity
/// O(length of `text`).
///
/// # Example
/// ```
/// use lockwork::format::{LoadError, from_str};
/// let text = r#"{"format": "lockwork-level", "version": 1,
///     "start": "a", "goal": "a", "rooms": [{"id": "a"}]}"#;
/// assert_eq!(from_str(text)?.level.start.as_str(), "a");
/// // A door to a room that does not exist is refused, naming the field.
/// let broken = r#"{"format": "lockwork-level", "version": 1,
///     "start": "a", "goal": "a", "rooms": [{"id": "a"}],
///     "doors": [{"id": "d", "from": "a", "to": "nowhere"}]}"#;
/// let Err(LoadError::Invalid(problems)) = from_str(broken) else { panic!() };
/// assert_eq!(problems[0].path, "doors[0].to");
/// # Ok::<(), LoadError>(())
/// ```
pub fn from_str(text: &str) -> Result<Loaded, LoadError> {
    str_indexed(text).map(|(loaded, _)| loaded)
}

fn str_indexed(text: &str) -> Result<(Loaded, Indexed), LoadError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: text.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(LoadError::Empty);
    }
    if let Some(level) = fast::level(text) {
        let index = LevelIndex::new(&level);
        let (report, indexed) = validate_indexed(&level, index);
        if report.errors.is_empty() {
            let warnings = report.warnings;
            return Ok((Loaded { level, warnings }, indexed));
        }
        // The reader below words the errors, with what else it finds.
    }
    // A list past its limit is refused for that alone, before a JSON tree of
    // the whole file is built.
    let too_large = size::oversized(text);
    if !too_large.is_empty() {
        return Err(LoadError::Invalid(too_large));
    }
    let value: Value = strict::from_str(text).map_err(|(e, repeated)| {
        if let Some(field) = repeated {
            return LoadError::RepeatedField {
                field,
                line: e.line(),
                column: e.column(),
            };
        }
        let message = if e.is_eof() {
            "the file ends too early (is it cut short?)".to_owned()
        } else {
            // serde_json appends " at line L column C"; we print those ourselves.
            let full = e.to_string();
            match full.rfind(" at line ") {
                Some(cut) => full[..cut].to_owned(),
                None => full,
            }
        };
        LoadError::Json {
            message,
            line: e.line(),
            column: e.column(),
        }
    })?;
    value_indexed(&value)
}

/// Builds a level from parsed JSON, for a caller that already holds a
/// [`serde_json::Value`] (a level embedded in a larger file).
///
/// # Arguments
/// * `value` — the level's JSON object.
///
/// # Returns
/// The level and its warnings, as [`from_bytes`].
///
/// # Errors
/// [`LoadError::Invalid`] or [`LoadError::TooLarge`], as [`from_bytes`].
///
/// # Complexity
/// O(size of `value`).
///
/// # Example
/// ```
/// let value = serde_json::json!({"format": "lockwork-level", "version": 1,
///     "start": "a", "goal": "a", "rooms": [{"id": "a"}]});
/// assert!(lockwork::format::from_value(&value).is_ok());
/// ```
pub fn from_value(value: &Value) -> Result<Loaded, LoadError> {
    value_indexed(value).map(|(loaded, _)| loaded)
}

fn value_indexed(value: &Value) -> Result<(Loaded, Indexed), LoadError> {
    let (level, mut problems) = read_value(value)?;
    let index = LevelIndex::new(&level);
    let (report, indexed) = validate_indexed(&level, index);
    if !problems.0.is_empty() {
        // References are only worth checking when every item was read.
        // A problem the reading already reported is not said twice.
        if !problems.any_dropped() {
            let said: FxHashSet<(&str, &str)> = (problems.0.iter())
                .map(|p| (p.path.as_str(), p.message.as_str()))
                .collect();
            let fresh: Vec<Problem> = report
                .errors
                .into_iter()
                .filter(|e| !problems.reported_missing(&e.path))
                .filter(|e| !said.contains(&(e.path.as_str(), e.message.as_str())))
                .collect();
            problems.0.extend(fresh);
        }
        return Err(LoadError::Invalid(problems.0));
    }
    if !report.errors.is_empty() {
        return Err(LoadError::Invalid(report.errors));
    }
    let loaded = Loaded {
        level,
        warnings: report.warnings,
    };
    Ok((loaded, indexed))
}

/// Reads the level out of `value` field by field, with every problem found
/// on the way; the level is only worth using when there are none.
pub(super) fn read_value(value: &Value) -> Result<(Level, Problems), LoadError> {
    let mut problems = Problems::default();
    let Some(top) = Obj::new(String::new(), value, &mut problems) else {
        return Err(LoadError::Invalid(vec![Problem::new(
            "",
            "a level file holds a JSON object, not a list or a single value",
        )]));
    };
    check_header(&top, &mut problems)?;
    top.deny_unknown(LEVEL_FIELDS, &mut problems);
    let level = Level {
        name: top.opt_str("name", &mut problems),
        description: top.opt_str("description", &mut problems),
        lever_cost: top.opt_cost("lever_cost", 1.0, &mut problems),
        start: RoomId(top.req_str("start", &mut problems).unwrap_or_default()),
        goal: RoomId(top.req_str("goal", &mut problems).unwrap_or_default()),
        goal_requires: ids(top.id_list("goal_requires", false, &mut problems)),
        rooms: top.list("rooms", MAX_ITEMS, &mut problems, |o, p| room(&o, p)),
        doors: top.list("doors", MAX_DOORS, &mut problems, |o, p| door(&o, p)),
        keys: top.list("keys", MAX_ITEMS, &mut problems, |o, p| key(&o, p)),
        levers: top.list("levers", MAX_ITEMS, &mut problems, |o, p| lever(&o, p)),
        props: top.opt_object("props", &mut problems),
        generator: match top.get("generator") {
            None => None,
            Some(Value::Object(map)) => Some(Value::Object(map.clone())),
            Some(_) => {
                problems.push("generator", "expected an object");
                None
            }
        },
    };
    Ok((level, problems))
}

fn check_header(top: &Obj<'_>, problems: &mut Problems) -> Result<(), LoadError> {
    match top.get("format") {
        Some(Value::String(tag)) if tag == FORMAT_TAG => {}
        Some(other) => problems.push(
            "format",
            format!("expected \"{FORMAT_TAG}\", found {other}"),
        ),
        None => problems.push(
            "level",
            format!("missing field \"format\" (it should be \"{FORMAT_TAG}\")"),
        ),
    }
    match top.get("version") {
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) if v == VERSION => {}
            Some(v) if v > VERSION => return Err(LoadError::NewerVersion { found: v }),
            _ => problems.push("version", format!("expected {VERSION}, found {n}")),
        },
        Some(other) => problems.push(
            "version",
            format!("expected the number {VERSION}, found {other}"),
        ),
        None => problems.push("level", "missing field \"version\""),
    }
    if problems.0.is_empty() {
        Ok(())
    } else {
        // A file with the wrong header is not worth reading further.
        Err(LoadError::Invalid(std::mem::take(&mut problems.0)))
    }
}

fn ids<T: From<String>>(list: Vec<String>) -> Vec<T> {
    list.into_iter().map(T::from).collect()
}

fn room(obj: &Obj<'_>, p: &mut Problems) -> Option<Room> {
    obj.deny_unknown(ROOM_FIELDS, p);
    Some(Room {
        id: RoomId(obj.req_str("id", p)?),
        name: obj.opt_str("name", p),
        pos: obj.opt_pos("pos", p),
        props: obj.opt_object("props", p),
    })
}

fn door(obj: &Obj<'_>, p: &mut Problems) -> Option<Door> {
    obj.deny_unknown(DOOR_FIELDS, p);
    let id = obj.req_str("id", p);
    let from = obj.req_str("from", p);
    let to = obj.req_str("to", p);
    let open_when = extensions::open_when(obj, p);
    if open_when.is_some() && obj.get("open").is_some() {
        p.push(
            &format!("{}.open", obj.path),
            "a door with open_when has no open field: the condition alone says when it is open",
        );
    }
    Some(Door {
        spend: extensions::spend(obj, p),
        locks_any: ids::<KeyId>(obj.id_list("locks_any", false, p)),
        locked_from: extensions::locked_from(obj, p),
        open_when,
        name: obj.opt_str("name", p),
        one_way: obj.opt_bool("one_way", false, p),
        cost: obj.opt_cost("cost", 1.0, p),
        open: obj.opt_bool("open", true, p),
        locks: ids::<KeyId>(obj.id_list("locks", false, p)),
        small_locks: obj.opt_count("small_locks", p),
        props: obj.opt_object("props", p),
        id: DoorId(id?),
        from: RoomId(from?),
        to: RoomId(to?),
    })
}

fn key(obj: &Obj<'_>, p: &mut Problems) -> Option<Key> {
    obj.deny_unknown(KEY_FIELDS, p);
    let id = obj.req_str("id", p);
    let room = extensions::opt_room(obj, p);
    let color = match obj.get("color") {
        None => None,
        Some(Value::String(s)) => match s.parse::<crate::model::Rgb>() {
            Ok(c) => Some(c),
            Err(e) => {
                p.push(&format!("{}.color", obj.path), e.to_string());
                None
            }
        },
        Some(_) => {
            p.push(
                &format!("{}.color", obj.path),
                "expected a colour written \"#rrggbb\"",
            );
            None
        }
    };
    Some(Key {
        name: obj.opt_str("name", p),
        small: obj.opt_bool("small", false, p),
        kind: extensions::kind(obj, p),
        color,
        props: obj.opt_object("props", p),
        id: KeyId(id?),
        room: room.map(RoomId),
    })
}

fn lever(obj: &Obj<'_>, p: &mut Problems) -> Option<Lever> {
    obj.deny_unknown(LEVER_FIELDS, p);
    let id = obj.req_str("id", p);
    let room = obj.req_str("room", p);
    let toggles = ids::<DoorId>(obj.id_list("toggles", true, p));
    Some(Lever {
        name: obj.opt_str("name", p),
        props: obj.opt_object("props", p),
        id: crate::model::LeverId(id?),
        room: RoomId(room?),
        toggles,
        once: obj.opt_bool("once", false, p),
    })
}
