//! The quick way in for a file that is well formed: its JSON is read
//! straight into typed records, without building a [`serde_json::Value`] of
//! the whole file first, which costs about half of loading a 100,000-room
//! level.
//!
//! It accepts only what the field-by-field reader ([`super::reader`]) accepts,
//! and builds the same level. Anything it does not accept (a wrong type, a
//! `null`, a repeated field, a list past its limit, an extension's value the
//! reader words a problem with) makes the loader fall back to that reader,
//! which says what is wrong and where. Its tests check both agree.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::{FORMAT_TAG, MAX_COST, MAX_DOORS, MAX_ITEMS, VERSION, strict};
use crate::model::{
    Condition, Door, DoorId, Key, KeyId, Level, Lever, LeverId, Literal, Props, Rgb, Room, RoomId,
    Side,
};

/// A field that may be absent but, when present, is never `null`: serde
/// would read `null` as absent, where the reader refuses it.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

fn one() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    version: u64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default = "one")]
    lever_cost: f64,
    start: RoomId,
    goal: RoomId,
    #[serde(default)]
    goal_requires: Vec<KeyId>,
    #[serde(default)]
    rooms: List<Room>,
    #[serde(default)]
    doors: List<Door>,
    #[serde(default)]
    keys: List<Key>,
    #[serde(default)]
    levers: List<Lever>,
    #[serde(default, deserialize_with = "strict::props")]
    props: Props,
    #[serde(default, deserialize_with = "strict::generator")]
    generator: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRoom {
    id: RoomId,
    #[serde(default)]
    name: String,
    #[serde(default, deserialize_with = "present")]
    pos: Option<[f64; 2]>,
    #[serde(default, deserialize_with = "strict::props")]
    props: Props,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDoor {
    id: DoorId,
    #[serde(default)]
    name: String,
    from: RoomId,
    to: RoomId,
    #[serde(default)]
    one_way: bool,
    #[serde(default = "one")]
    cost: f64,
    /// Absent is open; kept apart so that `open` beside `open_when`, which
    /// the reader refuses, is seen.
    #[serde(default, deserialize_with = "present")]
    open: Option<bool>,
    #[serde(default)]
    locks: Vec<KeyId>,
    #[serde(default)]
    small_locks: u32,
    // The extensions' fields, rare on most levels, are boxed: each door's
    // record is moved as it is read, and with their values inline (and
    // `door` not inlined) plain corridors loaded 15 to 30 % slower.
    /// Read as any JSON, naming each kind once, and checked in [`spend`].
    #[serde(default, deserialize_with = "present_value")]
    spend: Option<Box<Value>>,
    #[serde(default, deserialize_with = "present")]
    locks_any: Option<Box<[KeyId]>>,
    #[serde(default, deserialize_with = "present")]
    locked_from: Option<Box<str>>,
    #[serde(default, deserialize_with = "present")]
    open_when: Option<Box<[Vec<String>]>>,
    #[serde(default, deserialize_with = "strict::props")]
    props: Props,
}

/// A field of any JSON that may be absent but is never `null` and names
/// each of its fields once.
fn present_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<Value>>, D::Error> {
    match strict::value(d)? {
        Value::Null => Err(D::Error::custom("null")),
        value => Ok(Some(Box::new(value))),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileKey {
    id: KeyId,
    #[serde(default)]
    name: String,
    /// Absent or `null`: carried from the start, as the reader has it.
    #[serde(default)]
    room: Option<RoomId>,
    #[serde(default)]
    small: bool,
    #[serde(default, deserialize_with = "present")]
    kind: Option<String>,
    #[serde(default, deserialize_with = "present")]
    color: Option<String>,
    #[serde(default, deserialize_with = "strict::props")]
    props: Props,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileLever {
    id: LeverId,
    #[serde(default)]
    name: String,
    room: RoomId,
    toggles: Vec<DoorId>,
    #[serde(default)]
    once: bool,
    #[serde(default, deserialize_with = "strict::props")]
    props: Props,
}

/// The level in `text`, when it is well formed in every way this path
/// knows; `None` sends the caller to the field-by-field reader.
pub(super) fn level(text: &str) -> Option<Level> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let file = File::deserialize(Object(&mut deserializer)).ok()?;
    deserializer.end().ok()?;
    let header = file.format == FORMAT_TAG && file.version == VERSION;
    let generator = match file.generator {
        None => None,
        Some(Value::Object(map)) => Some(Value::Object(map)),
        Some(_) => return None,
    };
    let too_many = file.goal_requires.len() > MAX_ITEMS;
    if !header || too_many || !cost(file.lever_cost) {
        return None;
    }
    Some(Level {
        name: file.name,
        description: file.description,
        lever_cost: file.lever_cost,
        start: file.start,
        goal: file.goal,
        goal_requires: file.goal_requires,
        rooms: file.rooms.0,
        doors: file.doors.0,
        keys: file.keys.0,
        levers: file.levers.0,
        props: file.props,
        generator,
    })
}

/// An item of the level read from its record in the file, or `None` when
/// the record holds something only the reader may word.
trait FromRecord: Sized {
    /// The item's record in the file.
    type Record: for<'de> Deserialize<'de>;

    /// The most items of this kind a level may hold.
    const LIMIT: usize = MAX_ITEMS;

    fn from_record(record: Self::Record) -> Option<Self>;
}

/// A list of a level's items, each made from its record as soon as it is
/// read: a large level is not held twice, once as records and once as
/// items, and its items are not copied from one vector to the other.
struct List<T>(Vec<T>);

impl<T> Default for List<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<'de, T: FromRecord> Deserialize<'de> for List<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(ListVisitor(PhantomData))
    }
}

struct ListVisitor<T>(PhantomData<T>);

impl<'de, T: FromRecord> Visitor<'de> for ListVisitor<T> {
    type Value = List<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<List<T>, A::Error> {
        let mut items = Blocks::default();
        while let Some(record) = seq.next_element_seed(ObjectSeed(PhantomData))? {
            if items.len() == T::LIMIT {
                // Past the limit: the loader refuses the file without
                // reading the rest of the list.
                return Err(A::Error::custom("too large"));
            }
            // The reader says what is wrong; this path only needs to stop.
            let item = T::from_record(record).ok_or_else(|| A::Error::custom("refused"))?;
            items.push(item);
        }
        Ok(List(items.into_vec()))
    }
}

/// Reads a record only from a JSON object. serde's derived records also
/// take a list of their fields in order (`["r1"]` for a room), which the
/// reader refuses.
struct Object<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Object<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

/// A list's record, read through [`Object`].
struct ObjectSeed<R>(PhantomData<R>);

impl<'de, R: Deserialize<'de>> DeserializeSeed<'de> for ObjectSeed<R> {
    type Value = R;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<R, D::Error> {
        R::deserialize(Object(deserializer))
    }
}

/// Items of a list of unknown length, gathered in blocks of [`Blocks::BLOCK`]
/// and moved once into a vector of the exact length.
///
/// A vector grown by doubling moves its items at each doubling: on a large
/// list, where the allocator cannot grow it in place, that is about twice
/// the list copied and three times its memory touched (a 160,000-door file
/// copied 75 MB). Blocks are never moved until the end; a list shorter
/// than a block is the vector itself, with no move at all.
struct Blocks<T> {
    full: Vec<Vec<T>>,
    last: Vec<T>,
}

impl<T> Default for Blocks<T> {
    fn default() -> Self {
        Self {
            full: Vec::new(),
            last: Vec::new(),
        }
    }
}

impl<T> Blocks<T> {
    /// Items per block: a power of two, so the first block, grown by
    /// doubling, is full at exactly its capacity.
    const BLOCK: usize = 4096;

    fn len(&self) -> usize {
        self.full.len() * Self::BLOCK + self.last.len()
    }

    fn push(&mut self, item: T) {
        if self.last.len() == Self::BLOCK {
            let next = Vec::with_capacity(Self::BLOCK);
            self.full.push(std::mem::replace(&mut self.last, next));
        }
        self.last.push(item);
    }

    fn into_vec(self) -> Vec<T> {
        if self.full.is_empty() {
            return self.last;
        }
        let mut out = Vec::with_capacity(self.len());
        for block in self.full {
            out.extend(block);
        }
        out.extend(self.last);
        out
    }
}

/// A cost the reader takes as it is.
fn cost(x: f64) -> bool {
    (0.0..=MAX_COST).contains(&x)
}

impl FromRecord for Room {
    type Record = FileRoom;

    fn from_record(r: FileRoom) -> Option<Room> {
        Some(Room {
            id: r.id,
            name: r.name,
            // JSON has no infinite numbers: a pair read is always finite.
            pos: r.pos,
            props: r.props,
        })
    }
}

impl FromRecord for Door {
    type Record = FileDoor;

    const LIMIT: usize = MAX_DOORS;

    fn from_record(d: FileDoor) -> Option<Door> {
        door(d)
    }
}

impl FromRecord for Key {
    type Record = FileKey;

    fn from_record(k: FileKey) -> Option<Key> {
        key(k)
    }
}

impl FromRecord for Lever {
    type Record = FileLever;

    fn from_record(l: FileLever) -> Option<Lever> {
        lever(l)
    }
}

#[inline]
fn door(d: FileDoor) -> Option<Door> {
    let locks_any = d.locks_any.map_or_else(Vec::new, Vec::from);
    let lists = d.locks.len().max(locks_any.len());
    if !cost(d.cost) || lists > MAX_ITEMS || (d.open_when.is_some() && d.open.is_some()) {
        return None;
    }
    Some(Door {
        spend: match d.spend {
            Some(value) => spend(*value)?,
            None => BTreeMap::new(),
        },
        locked_from: match d.locked_from.as_deref() {
            None => None,
            Some("from") => Some(Side::From),
            Some("to") => Some(Side::To),
            Some(_) => return None,
        },
        open_when: match d.open_when {
            Some(when) => Some(open_when(when.into_vec())?),
            None => None,
        },
        id: d.id,
        name: d.name,
        from: d.from,
        to: d.to,
        one_way: d.one_way,
        cost: d.cost,
        open: d.open.unwrap_or(true),
        locks: d.locks,
        small_locks: d.small_locks,
        locks_any,
        props: d.props,
    })
}

/// `spend` as the reader takes it: an object from named kinds to whole
/// numbers from 1 to `u32::MAX`.
fn spend(value: Value) -> Option<BTreeMap<String, u32>> {
    let Value::Object(map) = value else {
        return None;
    };
    if map.len() > MAX_ITEMS {
        return None;
    }
    let mut out = BTreeMap::new();
    for (kind, count) in map {
        let count = count.as_u64().and_then(|n| u32::try_from(n).ok())?;
        if kind.is_empty() || count == 0 {
            return None;
        }
        out.insert(kind, count);
    }
    Some(out)
}

/// `open_when` as the reader takes it: lists within their limits, each
/// literal a lever id with or without a leading `!`.
fn open_when(when: Vec<Vec<String>>) -> Option<Condition> {
    if when.len() > MAX_ITEMS || when.iter().any(|all| all.len() > MAX_ITEMS) {
        return None;
    }
    let literals = |all: Vec<String>| all.iter().map(|l| Literal::parse(l)).collect();
    when.into_iter().map(literals).collect()
}

fn key(k: FileKey) -> Option<Key> {
    if k.kind.as_deref() == Some("") {
        return None;
    }
    let color = match k.color {
        None => None,
        Some(text) => Some(text.parse::<Rgb>().ok()?),
    };
    Some(Key {
        id: k.id,
        name: k.name,
        room: k.room,
        small: k.small,
        kind: k.kind,
        color,
        props: k.props,
    })
}

fn lever(l: FileLever) -> Option<Lever> {
    if l.toggles.len() > MAX_ITEMS {
        return None;
    }
    Some(Lever {
        id: l.id,
        name: l.name,
        room: l.room,
        toggles: l.toggles,
        once: l.once,
        props: l.props,
    })
}

#[cfg(test)]
mod tests;
