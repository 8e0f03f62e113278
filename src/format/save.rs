//! Writing a [`Level`] as a version-1 file: deterministic bytes, atomic save.

use std::fs;
use std::io::Write;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::error::SaveError;
use super::{FORMAT_TAG, VERSION};
use crate::model::{Door, DoorId, Key, KeyId, Level, Lever, Props, Room};

/// The level as a JSON value, fields in a stable order, defaults left out.
///
/// # Arguments
/// * `level` — any level; saving does not validate it.
///
/// # Returns
/// A JSON object in the order the format lists its fields.
///
/// # Complexity
/// O(size of the level).
///
/// # Example
/// ```
/// let level = lockwork::model::Level::new("one room");
/// let value = lockwork::format::to_value(&level);
/// assert_eq!(value["format"], "lockwork-level");
/// assert!(value.get("lever_cost").is_none(), "defaults are left out");
/// ```
pub fn to_value(level: &Level) -> Value {
    let mut top = Map::new();
    top.insert("format".into(), json!(FORMAT_TAG));
    top.insert("version".into(), json!(VERSION));
    put_str(&mut top, "name", &level.name);
    put_str(&mut top, "description", &level.description);
    if level.lever_cost != 1.0 {
        top.insert("lever_cost".into(), number(level.lever_cost));
    }
    top.insert("start".into(), json!(level.start.as_str()));
    top.insert("goal".into(), json!(level.goal.as_str()));
    if !level.goal_requires.is_empty() {
        let ids: Vec<&str> = level.goal_requires.iter().map(KeyId::as_str).collect();
        top.insert("goal_requires".into(), json!(ids));
    }
    top.insert("rooms".into(), level.rooms.iter().map(room).collect());
    top.insert("doors".into(), level.doors.iter().map(door).collect());
    top.insert("keys".into(), level.keys.iter().map(key).collect());
    top.insert("levers".into(), level.levers.iter().map(lever).collect());
    put_props(&mut top, &level.props);
    if let Some(generator) = &level.generator {
        top.insert("generator".into(), generator.clone());
    }
    Value::Object(top)
}

/// The level as pretty-printed JSON text ending in a newline. The same level
/// always gives the same bytes.
///
/// # Arguments
/// * `level` — any level.
///
/// # Returns
/// The file's text; loading it gives back an equal level.
///
/// # Complexity
/// O(size of the level).
///
/// # Example
/// ```
/// use lockwork::format::{from_str, to_string};
/// let level = lockwork::model::Level::new("one room");
/// let text = to_string(&level);
/// assert_eq!(from_str(&text)?.level, level);
/// assert_eq!(to_string(&from_str(&text)?.level), text, "byte-identical");
/// # Ok::<(), lockwork::format::LoadError>(())
/// ```
pub fn to_string(level: &Level) -> String {
    // Serialising a `Value` cannot fail: its keys are strings.
    let mut text = serde_json::to_string_pretty(&to_value(level)).unwrap_or_default();
    text.push('\n');
    text
}

/// Saves atomically: writes a temporary file in the same folder, flushes it
/// to disk, then renames it over `path`. A failed save leaves the old file as it was.
///
/// # Arguments
/// * `level` — the level to save, as [`to_string`] writes it.
/// * `path` — where; the folder must exist.
///
/// # Errors
/// [`SaveError::Io`] naming the path; the old file, if any, is untouched.
///
/// # Complexity
/// O(size of the level), plus one `fsync`.
///
/// # Example
/// ```
/// let dir = tempfile::tempdir()?;
/// let level = lockwork::model::Level::new("one room");
/// lockwork::format::to_file(&level, &dir.path().join("a.json"))?;
/// assert!(lockwork::format::to_file(&level, &dir.path().join("no/such/dir.json")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_file(level: &Level, path: &Path) -> Result<(), SaveError> {
    write_atomically(path, to_string(level).as_bytes())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed to disk, then renamed over `path`. On failure the old file stays.
///
/// # Arguments
/// * `path` — the file to replace or create.
/// * `bytes` — its new contents.
///
/// # Errors
/// [`SaveError::Io`] naming the path; the temporary file is removed.
///
/// # Complexity
/// O(`bytes.len()`), plus one `fsync`.
///
/// # Example
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("notes.txt");
/// lockwork::format::write_atomically(&path, b"first")?;
/// lockwork::format::write_atomically(&path, b"second")?;
/// assert_eq!(std::fs::read(&path)?, b"second");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let err = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => std::env::current_dir().map_err(err)?,
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        {
            // Closed at the end of this block, before the rename.
            let mut file = fs::File::create(&tmp)?;
            file.write_all(bytes)?;
            file.sync_all()?;
        }
        fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(err(e));
    }
    Ok(())
}

/// Writes a whole number without a fraction (`3`, not `3.0`).
pub(crate) fn number(x: f64) -> Value {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if x.fract() == 0.0 && x.abs() < EXACT {
        json!(x as i64)
    } else {
        json!(x)
    }
}

fn put_str(map: &mut Map<String, Value>, field: &str, value: &str) {
    if !value.is_empty() {
        map.insert(field.into(), json!(value));
    }
}

fn put_props(map: &mut Map<String, Value>, props: &Props) {
    if !props.is_empty() {
        map.insert("props".into(), Value::Object(Map::clone(props)));
    }
}

fn room(room: &Room) -> Value {
    let mut map = Map::new();
    map.insert("id".into(), json!(room.id.as_str()));
    put_str(&mut map, "name", &room.name);
    if let Some([x, y]) = room.pos {
        map.insert("pos".into(), Value::Array(vec![number(x), number(y)]));
    }
    put_props(&mut map, &room.props);
    Value::Object(map)
}

fn door(door: &Door) -> Value {
    let mut map = Map::new();
    map.insert("id".into(), json!(door.id.as_str()));
    put_str(&mut map, "name", &door.name);
    map.insert("from".into(), json!(door.from.as_str()));
    map.insert("to".into(), json!(door.to.as_str()));
    if door.one_way {
        map.insert("one_way".into(), json!(true));
    }
    if door.cost != 1.0 {
        map.insert("cost".into(), number(door.cost));
    }
    if !door.open && door.open_when.is_none() {
        map.insert("open".into(), json!(false));
    }
    if !door.locks.is_empty() {
        let ids: Vec<&str> = door.locks.iter().map(KeyId::as_str).collect();
        map.insert("locks".into(), json!(ids));
    }
    if door.small_locks != 0 {
        map.insert("small_locks".into(), json!(door.small_locks));
    }
    if !door.spend.is_empty() {
        let spend: Map<String, Value> = (door.spend.iter())
            .map(|(kind, &n)| (kind.clone(), json!(n)))
            .collect();
        map.insert("spend".into(), Value::Object(spend));
    }
    if !door.locks_any.is_empty() {
        let ids: Vec<&str> = door.locks_any.iter().map(KeyId::as_str).collect();
        map.insert("locks_any".into(), json!(ids));
    }
    if let Some(side) = door.locked_from {
        map.insert("locked_from".into(), json!(side.as_str()));
    }
    if let Some(condition) = &door.open_when {
        let lists: Vec<Vec<String>> = (condition.iter())
            .map(|all| all.iter().map(ToString::to_string).collect())
            .collect();
        map.insert("open_when".into(), json!(lists));
    }
    put_props(&mut map, &door.props);
    Value::Object(map)
}

fn key(key: &Key) -> Value {
    let mut map = Map::new();
    map.insert("id".into(), json!(key.id.as_str()));
    put_str(&mut map, "name", &key.name);
    if let Some(room) = &key.room {
        map.insert("room".into(), json!(room.as_str()));
    }
    if key.small {
        map.insert("small".into(), json!(true));
    }
    if let Some(kind) = &key.kind {
        map.insert("kind".into(), json!(kind));
    }
    if let Some(color) = key.color {
        map.insert("color".into(), json!(color.to_string()));
    }
    put_props(&mut map, &key.props);
    Value::Object(map)
}

fn lever(lever: &Lever) -> Value {
    let mut map = Map::new();
    map.insert("id".into(), json!(lever.id.as_str()));
    put_str(&mut map, "name", &lever.name);
    map.insert("room".into(), json!(lever.room.as_str()));
    let ids: Vec<&str> = lever.toggles.iter().map(DoorId::as_str).collect();
    map.insert("toggles".into(), json!(ids));
    if lever.once {
        map.insert("once".into(), json!(true));
    }
    put_props(&mut map, &lever.props);
    Value::Object(map)
}
