//! JSON read into [`serde_json::Value`]s, refusing an object that names a
//! field twice.
//!
//! JSON leaves a repeated name to whoever reads it, and readers differ:
//! `serde_json` keeps the last, others the first. A level file with `"rooms"`
//! twice (two files pasted together by hand) would load with one of its
//! lists silently gone, and be saved that way. So both ways into a level
//! refuse it, naming the field and where its second mention is.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::model::Props;

/// Reads one JSON value, any objects in it each naming a field at most
/// once. The first field found twice is kept in `repeated`, for the caller
/// to word; the parser's error then only stops the reading.
#[derive(Clone, Copy)]
pub(super) struct Strict<'r> {
    pub repeated: &'r RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = entries.next_key::<String>()? {
            // Refused before its value is read, so that the parser's line
            // and column point at the second mention.
            if map.contains_key(&key) {
                let message = format!("\"{key}\" is given twice in one object");
                *self.repeated.borrow_mut() = Some(key);
                return Err(A::Error::custom(message));
            }
            let value = entries.next_value_seed(self)?;
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

/// `text` as JSON, refusing a field named twice in one object.
///
/// # Errors
/// `serde_json`'s error, and with it the field named twice when that is what
/// stopped the reading.
pub(super) fn from_str(text: &str) -> Result<Value, (serde_json::Error, Option<String>)> {
    let repeated = RefCell::new(None);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let read = Strict {
        repeated: &repeated,
    }
    .deserialize(&mut deserializer)
    .and_then(|value| deserializer.end().map(|()| value));
    read.map_err(|e| (e, repeated.into_inner()))
}

/// A [`Value`] read through [`Strict`], for the quick loader's fields that
/// hold any JSON (`props`, `generator`); it gives up on a repeated field,
/// which sends the file to the reader that words it.
pub(super) fn value<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
    let repeated = RefCell::new(None);
    Strict {
        repeated: &repeated,
    }
    .deserialize(deserializer)
}

/// Props read as the reader reads them: an object, naming each field once
/// at every depth.
pub(super) fn props<'de, D: Deserializer<'de>>(d: D) -> Result<Props, D::Error> {
    match value(d)? {
        Value::Object(map) => Ok(Props::from(map)),
        _ => Err(D::Error::custom("props must be an object")),
    }
}

/// The generator's record, present (never `null`) and naming each field
/// once.
pub(super) fn generator<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    value(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_named_twice_is_refused_at_its_second_mention() {
        let text = "{\"a\": 1,\n \"b\": {\"c\": [1, {\"d\": 2, \"d\": 3}]}}";
        let (error, repeated) = from_str(text).unwrap_err();
        assert_eq!(repeated.as_deref(), Some("d"));
        assert_eq!((error.line(), error.column()), (2, 28));
        let (_, repeated) = from_str(r#"{"a": 1, "a": 1}"#).unwrap_err();
        assert_eq!(repeated.as_deref(), Some("a"));
    }

    #[test]
    fn other_json_reads_as_serde_json_reads_it() {
        for text in [
            r#"{"a": [1, -2, 2.5, 1e300, 18446744073709551615, "x\u00e9", true, null, {}],
                "b": {"c": {"d": []}}, "e": "", "B": 0}"#,
            "[]",
            "-0.0",
            "\"\\ud83d\\ude00\"",
        ] {
            let expected: Value = serde_json::from_str(text).unwrap();
            assert_eq!(from_str(text).unwrap(), expected, "{text}");
        }
        // What serde_json refuses, this refuses, with no field named.
        for text in ["{", "[1,]", "{\"a\" 1}", "1 2", "nul"] {
            let (_, repeated) = from_str(text).unwrap_err();
            assert_eq!(repeated, None, "{text}");
        }
        let deep = format!("{}{}", "[".repeat(1_000), "]".repeat(1_000));
        assert!(from_str(&deep).is_err());
    }
}
