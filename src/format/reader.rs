//! Reading typed fields out of JSON objects while collecting problems that
//! name the field and its place (`doors[3]: unknown field "one_wya"`).

use serde_json::{Map, Value};

use crate::model::Props;
use crate::validate::Problem;

/// Collects the problems found while reading one file.
#[derive(Default)]
pub(crate) struct Problems(pub Vec<Problem>, pub bool, pub Vec<String>);

impl Problems {
    /// Notes that an item could not be read at all, so references to it
    /// would be reported wrongly as missing.
    pub fn dropped(&mut self) {
        self.1 = true;
    }

    /// True when `path` names a field already reported missing.
    pub fn reported_missing(&self, path: &str) -> bool {
        self.2.iter().any(|p| p == path)
    }

    /// True when some item was left out.
    pub fn any_dropped(&self) -> bool {
        self.1
    }
}

impl Problems {
    pub fn push(&mut self, path: &str, message: impl Into<String>) {
        self.0.push(Problem::new(path, message));
    }
}

/// A JSON object at a known place in the file.
pub(crate) struct Obj<'a> {
    pub path: String,
    map: &'a Map<String, Value>,
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

impl<'a> Obj<'a> {
    /// Views `value` as an object at `path`, or records why it is not one.
    pub fn new(path: String, value: &'a Value, problems: &mut Problems) -> Option<Self> {
        match value {
            Value::Object(map) => Some(Self { path, map }),
            other => {
                problems.push(&path, format!("expected an object, found {}", kind(other)));
                None
            }
        }
    }

    fn field_path(&self, field: &str) -> String {
        if self.path.is_empty() {
            field.to_owned()
        } else {
            format!("{}.{field}", self.path)
        }
    }

    /// Records every field not in `known`.
    pub fn deny_unknown(&self, known: &[&str], problems: &mut Problems) {
        for name in self.map.keys() {
            if !known.contains(&name.as_str()) {
                let at = if self.path.is_empty() {
                    "level"
                } else {
                    &self.path
                };
                problems.push(at, format!("unknown field \"{name}\""));
            }
        }
    }

    pub fn get(&self, field: &str) -> Option<&'a Value> {
        self.map.get(field)
    }

    fn wrong(&self, field: &str, expected: &str, found: &Value, problems: &mut Problems) {
        let msg = format!("expected {expected}, found {}", kind(found));
        problems.push(&self.field_path(field), msg);
    }

    fn missing(&self, field: &str, problems: &mut Problems) {
        let at = if self.path.is_empty() {
            "level"
        } else {
            &self.path
        };
        problems.push(at, format!("missing field \"{field}\""));
        problems.2.push(self.field_path(field));
    }

    /// A string field that must be present.
    pub fn req_str(&self, field: &str, problems: &mut Problems) -> Option<String> {
        match self.get(field) {
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => {
                self.wrong(field, "a string", other, problems);
                None
            }
            None => {
                self.missing(field, problems);
                None
            }
        }
    }

    /// A string field that defaults to `""`.
    pub fn opt_str(&self, field: &str, problems: &mut Problems) -> String {
        match self.get(field) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                self.wrong(field, "a string", other, problems);
                String::new()
            }
        }
    }

    /// A boolean field with a default.
    pub fn opt_bool(&self, field: &str, default: bool, problems: &mut Problems) -> bool {
        match self.get(field) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                self.wrong(field, "true or false", other, problems);
                default
            }
        }
    }

    /// A number `>= 0` with a default.
    pub fn opt_cost(&self, field: &str, default: f64, problems: &mut Problems) -> f64 {
        match self.get(field) {
            None => default,
            Some(Value::Number(n)) => match n.as_f64() {
                Some(x) if (0.0..=super::MAX_COST).contains(&x) => x,
                Some(x) if x > super::MAX_COST => {
                    problems.push(
                        &self.field_path(field),
                        format!("must be at most 1e12 (the format's limit), found {n}"),
                    );
                    default
                }
                _ => {
                    problems.push(
                        &self.field_path(field),
                        format!("must be a number >= 0, found {n}"),
                    );
                    default
                }
            },
            Some(other) => {
                self.wrong(field, "a number >= 0", other, problems);
                default
            }
        }
    }

    /// A whole number `>= 0` that fits in `u32`, defaulting to 0.
    pub fn opt_count(&self, field: &str, problems: &mut Problems) -> u32 {
        match self.get(field) {
            None => 0,
            Some(Value::Number(n)) => match n.as_u64().and_then(|x| u32::try_from(x).ok()) {
                Some(x) => x,
                None => {
                    problems.push(
                        &self.field_path(field),
                        format!("must be a whole number >= 0, found {n}"),
                    );
                    0
                }
            },
            Some(other) => {
                self.wrong(field, "a whole number >= 0", other, problems);
                0
            }
        }
    }

    /// A list of id strings; `required` says whether it may be absent.
    pub fn id_list(&self, field: &str, required: bool, problems: &mut Problems) -> Vec<String> {
        let items = match self.get(field) {
            None => {
                if required {
                    self.missing(field, problems);
                }
                return Vec::new();
            }
            Some(Value::Array(items)) => items,
            Some(other) => {
                self.wrong(field, "a list of ids", other, problems);
                return Vec::new();
            }
        };
        if items.len() > super::MAX_ITEMS {
            let msg = super::too_large(items.len(), super::MAX_ITEMS);
            problems.push(&self.field_path(field), msg);
            return Vec::new();
        }
        let mut ids = Vec::with_capacity(items.len());
        for (j, item) in items.iter().enumerate() {
            match item {
                Value::String(s) => ids.push(s.clone()),
                other => {
                    let path = format!("{}[{j}]", self.field_path(field));
                    problems.push(
                        &path,
                        format!("expected an id (a string), found {}", kind(other)),
                    );
                }
            }
        }
        ids
    }

    /// A canvas position `[x, y]`, absent meaning "lay it out".
    pub fn opt_pos(&self, field: &str, problems: &mut Problems) -> Option<[f64; 2]> {
        let value = self.get(field)?;
        let pair = match value {
            Value::Array(items) if items.len() == 2 => items
                .iter()
                .map(Value::as_f64)
                .collect::<Option<Vec<f64>>>(),
            _ => None,
        };
        match pair.as_deref() {
            Some(&[x, y]) if x.is_finite() && y.is_finite() => Some([x, y]),
            _ => {
                let msg = format!("expected [x, y], two numbers, found {value}");
                problems.push(&self.field_path(field), truncate(&msg));
                None
            }
        }
    }

    /// Props: a JSON object kept as read, defaulting to none.
    pub fn opt_object(&self, field: &str, problems: &mut Problems) -> Props {
        match self.get(field) {
            None => Props::new(),
            Some(Value::Object(map)) => map.clone().into(),
            Some(other) => {
                self.wrong(field, "an object", other, problems);
                Props::new()
            }
        }
    }

    /// A list of objects, each handed to `each` with its path.
    pub fn list<T>(
        &self,
        field: &str,
        limit: usize,
        problems: &mut Problems,
        mut each: impl FnMut(Obj<'a>, &mut Problems) -> Option<T>,
    ) -> Vec<T> {
        let items = match self.get(field) {
            None => return Vec::new(),
            Some(Value::Array(items)) => items,
            Some(other) => {
                self.wrong(field, "a list", other, problems);
                problems.dropped();
                return Vec::new();
            }
        };
        if items.len() > limit {
            let msg = super::too_large(items.len(), limit);
            problems.push(&self.field_path(field), msg);
            problems.dropped();
            return Vec::new();
        }
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let path = format!("{field}[{i}]");
            match Obj::new(path, item, problems).and_then(|obj| each(obj, problems)) {
                Some(value) => out.push(value),
                None => problems.dropped(),
            }
        }
        out
    }
}

/// Keeps a message short when it quotes a large value.
fn truncate(msg: &str) -> String {
    const MAX: usize = 120;
    if msg.len() <= MAX {
        return msg.to_owned();
    }
    let mut end = MAX;
    while !msg.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &msg[..end])
}
