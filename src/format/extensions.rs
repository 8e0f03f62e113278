//! Reading the fields of FORMAT.md's "Version 1 extensions": carried keys,
//! kinds of items, `spend`, `locked_from` and `open_when`.

use std::collections::BTreeMap;

use serde_json::Value;

use super::MAX_ITEMS;
use super::reader::{Obj, Problems};
use crate::model::{Condition, Literal, Side};

/// `keys[].room`: a room id, or absent or `null` for a key carried from the start.
pub(super) fn opt_room(obj: &Obj<'_>, p: &mut Problems) -> Option<String> {
    match obj.get("room") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => {
            p.push(
                &format!("{}.room", obj.path),
                "expected a room id (a string), or null for a key carried from the start",
            );
            None
        }
    }
}

/// `keys[].kind`: a non-empty string.
pub(super) fn kind(obj: &Obj<'_>, p: &mut Problems) -> Option<String> {
    match obj.get("kind") {
        None => None,
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(_) => {
            p.push(
                &format!("{}.kind", obj.path),
                "expected the name of a kind of item (a non-empty string, such as \"bomb\")",
            );
            None
        }
    }
}

/// `doors[].spend`: an object from kind to a whole number >= 1.
pub(super) fn spend(obj: &Obj<'_>, p: &mut Problems) -> BTreeMap<String, u32> {
    let path = format!("{}.spend", obj.path);
    let map = match obj.get("spend") {
        None => return BTreeMap::new(),
        Some(Value::Object(map)) => map,
        Some(_) => {
            p.push(
                &path,
                "expected an object from kind to count, such as {\"bomb\": 1}",
            );
            return BTreeMap::new();
        }
    };
    if map.len() > MAX_ITEMS {
        let msg = super::too_large(map.len(), MAX_ITEMS);
        p.push(&path, msg);
        return BTreeMap::new();
    }
    let mut out = BTreeMap::new();
    for (kind, count) in map {
        let at = format!("{path}.{kind}");
        if kind.is_empty() {
            p.push(&path, "a kind must have a name");
            continue;
        }
        match count.as_u64().and_then(|n| u32::try_from(n).ok()) {
            Some(n) if n >= 1 => {
                out.insert(kind.clone(), n);
            }
            _ => p.push(&at, format!("must be a whole number >= 1, found {count}")),
        }
    }
    out
}

/// `doors[].locked_from`: `"from"` or `"to"`.
pub(super) fn locked_from(obj: &Obj<'_>, p: &mut Problems) -> Option<Side> {
    match obj.get("locked_from") {
        None => None,
        Some(Value::String(s)) if s == "from" => Some(Side::From),
        Some(Value::String(s)) if s == "to" => Some(Side::To),
        Some(other) => {
            p.push(
                &format!("{}.locked_from", obj.path),
                format!("expected \"from\" or \"to\", found {other}"),
            );
            None
        }
    }
}

/// `doors[].open_when`: a list of lists of lever literals (`"l3"`, `"!l3"`).
pub(super) fn open_when(obj: &Obj<'_>, p: &mut Problems) -> Option<Condition> {
    let path = format!("{}.open_when", obj.path);
    let outer = match obj.get("open_when") {
        None => return None,
        Some(Value::Array(items)) => items,
        Some(_) => {
            p.push(
                &path,
                "expected a list of lists of lever ids, such as [[\"l1\", \"!l2\"]]",
            );
            return Some(Vec::new());
        }
    };
    if outer.len() > MAX_ITEMS {
        let msg = super::too_large(outer.len(), MAX_ITEMS);
        p.push(&path, msg);
        return Some(Vec::new());
    }
    let mut condition = Vec::with_capacity(outer.len());
    for (i, inner) in outer.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let Value::Array(items) = inner else {
            p.push(
                &at,
                "expected a list of lever ids, such as [\"l1\", \"!l2\"]",
            );
            continue;
        };
        if items.len() > MAX_ITEMS {
            let msg = super::too_large(items.len(), MAX_ITEMS);
            p.push(&at, msg);
            continue;
        }
        condition.push(literals(items, &at, p));
    }
    Some(condition)
}

fn literals(items: &[Value], at: &str, p: &mut Problems) -> Vec<Literal> {
    let mut out = Vec::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        match item.as_str().and_then(Literal::parse) {
            Some(literal) => out.push(literal),
            None => p.push(
                &format!("{at}[{j}]"),
                format!("expected a lever id, or \"!\" and a lever id, found {item}"),
            ),
        }
    }
    out
}
