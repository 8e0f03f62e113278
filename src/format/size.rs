//! The lengths of a file's lists, counted without reading their items.
//!
//! A file whose `rooms` hold three million entries is refused for that alone,
//! at once: neither its items nor a JSON tree of the whole file are built,
//! which for a 50 MB file would take seconds and more than a gigabyte. The
//! scan reads the JSON once, keeps nothing but counts, and stops at the first
//! thing that is not JSON; what it cannot judge is the reader's to word.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{MAX_DOORS, MAX_ITEMS, too_large};
use crate::validate::Problem;

/// The lists of `text` longer than the format allows, as problems naming
/// each list and its length: the top-level lists, and the `locks`,
/// `locks_any` and `toggles` of each door and lever. Empty when none is, and
/// when `text` is not a JSON object.
///
/// # Complexity
/// O(length of `text`), with no memory beyond the problems found.
pub(super) fn oversized(text: &str) -> Vec<Problem> {
    // Every entry of a list takes at least two bytes ("1,"): a shorter file
    // cannot hold a list past the smallest limit.
    if text.len() <= 2 * MAX_ITEMS {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut json = serde_json::Deserializer::from_str(text);
    // A file that is not JSON stops the scan; the reader says where.
    let _ = Level { found: &mut found }.deserialize(&mut json);
    found
}

/// Accepts every scalar a JSON value can be, keeping nothing: a list field
/// that holds something else is the reader's to word.
macro_rules! any_scalar {
    () => {
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
    };
}

/// The nested lists counted in each item of a top-level list.
const DOOR_LISTS: &[&str] = &["locks", "locks_any"];
const LEVER_LISTS: &[&str] = &["toggles"];

/// The whole file: each top-level list is counted, the rest skipped.
struct Level<'a> {
    found: &'a mut Vec<Problem>,
}

impl<'de> DeserializeSeed<'de> for Level<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Level<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a level")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<Key>()? {
            let (limit, nested) = match key.0.as_str() {
                "rooms" | "keys" | "goal_requires" => (MAX_ITEMS, &[][..]),
                "doors" => (MAX_DOORS, DOOR_LISTS),
                "levers" => (MAX_ITEMS, LEVER_LISTS),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            map.next_value_seed(List {
                path: key.0,
                limit,
                nested,
                found: self.found,
            })?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    any_scalar!();
}

/// A key of an object, as text.
struct Key(String);

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Key)
    }
}

/// One list at `path`: its entries are counted, and each entry's `nested`
/// lists when it is an object.
struct List<'a> {
    path: String,
    limit: usize,
    nested: &'static [&'static str],
    found: &'a mut Vec<Problem>,
}

impl<'de> DeserializeSeed<'de> for List<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for List<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut entries = 0;
        loop {
            let more = if self.nested.is_empty() {
                seq.next_element::<IgnoredAny>()?.is_some()
            } else {
                let entry = Entry {
                    path: &self.path,
                    index: entries,
                    nested: self.nested,
                    found: self.found,
                };
                seq.next_element_seed(entry)?.is_some()
            };
            if !more {
                break;
            }
            entries += 1;
        }
        if entries > self.limit {
            let problem = Problem::new(self.path, too_large(entries, self.limit));
            self.found.push(problem);
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    any_scalar!();
}

/// One entry of a list, whose `nested` lists are counted.
struct Entry<'a> {
    path: &'a str,
    index: usize,
    nested: &'static [&'static str],
    found: &'a mut Vec<Problem>,
}

impl<'de> DeserializeSeed<'de> for Entry<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Entry<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an item")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<Key>()? {
            if self.nested.contains(&key.0.as_str()) {
                let path = format!("{}[{}].{}", self.path, self.index, key.0);
                map.next_value_seed(List {
                    path,
                    limit: MAX_ITEMS,
                    nested: &[],
                    found: self.found,
                })?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    any_scalar!();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rooms: usize, locks: usize) -> String {
        let rooms = vec![r#"{"id":"r"}"#; rooms].join(",");
        let locks = vec![r#""k""#; locks].join(",");
        format!(
            r#"{{"format":"lockwork-level","version":1,"name":"x","rooms":[{rooms}],
            "doors":[{{"id":"d","locks":[{locks}]}}],"levers":[{{"toggles":7}}],"keys":"no"}}"#
        )
    }

    fn said(text: &str) -> Vec<String> {
        oversized(text)
            .into_iter()
            .map(|p| format!("{}: {}", p.path, p.message))
            .collect()
    }

    #[test]
    fn lists_past_their_limit_are_named_with_their_length() {
        let text = level(MAX_ITEMS + 1, MAX_ITEMS + 2);
        assert_eq!(
            said(&text),
            [
                format!("rooms: {}", too_large(MAX_ITEMS + 1, MAX_ITEMS)),
                format!("doors[0].locks: {}", too_large(MAX_ITEMS + 2, MAX_ITEMS)),
            ]
        );
    }

    #[test]
    fn lists_at_their_limit_and_files_that_are_not_json_pass() {
        assert!(said(&level(MAX_ITEMS, MAX_ITEMS)).is_empty());
        let broken = level(MAX_ITEMS + 1, 0).replace("\"x\"", "\"x");
        assert!(said(&broken).is_empty(), "the reader words a broken file");
    }
}
