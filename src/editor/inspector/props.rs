//! The designer's own data (`props`) as key/value rows. A value is typed as
//! JSON; text that does not parse as JSON is kept as a plain string.

use egui::{Id, RichText, TextEdit, Ui};
use serde_json::Value;

use super::widgets::merge_key;
use crate::editor::view::View;
use crate::model::Props;

/// Width of a key field.
const KEY_WIDTH: f32 = 80.0;
/// Width of a value field.
const VALUE_WIDTH: f32 = 120.0;

/// A change to some props: the new props, and a merge key when it is one
/// keystroke of a longer stretch of typing.
pub type PropsEdit = (Props, Option<String>);

/// How a value is shown for editing: a string as its plain text unless that
/// text would read back as other JSON (`"12"`, `"true"`), anything else as JSON.
pub fn shown(value: &Value) -> String {
    match value {
        Value::String(s) if serde_json::from_str::<Value>(s).is_err() => s.clone(),
        other => other.to_string(),
    }
}

/// The value that typed text stands for: its JSON, or else the text as a string.
pub fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// `props` with its `index`th key renamed, keeping its place; `None` when the
/// new key is empty or already used.
pub fn renamed(props: &Props, index: usize, key: &str) -> Option<Props> {
    let taken = props
        .keys()
        .enumerate()
        .any(|(i, k)| i != index && k == key);
    if key.is_empty() || taken {
        return None;
    }
    Some(
        props
            .iter()
            .enumerate()
            .map(|(i, (k, v))| {
                let k = if i == index {
                    key.to_owned()
                } else {
                    k.clone()
                };
                (k, v.clone())
            })
            .collect(),
    )
}

/// `props` with its `index`th value replaced.
pub fn revalued(props: &Props, index: usize, value: Value) -> Props {
    let mut changed = props.clone();
    if let Some((_, v)) = changed.iter_mut().nth(index) {
        *v = value;
    }
    changed
}

/// `props` without its `index`th entry, the others in their order.
pub fn without(props: &Props, index: usize) -> Props {
    props
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .map(|(_, (k, v))| (k.clone(), v.clone()))
        .collect()
}

/// `props` with a new empty entry under a key it does not use yet.
pub fn with_new_entry(props: &Props) -> Props {
    let key = (1..)
        .map(|n| {
            if n == 1 {
                "key".to_owned()
            } else {
                format!("key{n}")
            }
        })
        .find(|k| !props.contains_key(k))
        .unwrap_or_default();
    let mut changed = props.clone();
    changed.insert(key, Value::String(String::new()));
    changed
}

/// A text field that keeps what is typed while it has the focus (so that the
/// text does not jump as it is parsed), and shows `current` otherwise.
/// Returns the field's response and the text when it changed.
fn buffered_edit(
    ui: &mut Ui,
    id: Id,
    current: &str,
    width: f32,
    refused: impl Fn(&str) -> bool,
    color: egui::Color32,
) -> (egui::Response, Option<String>) {
    let buffer = id.with("typed");
    let mut text = ui
        .data(|d| d.get_temp::<String>(buffer))
        .unwrap_or_else(|| current.to_owned());
    let refused = refused(&text);
    let mut edit = TextEdit::singleline(&mut text)
        .id(id)
        .desired_width(width)
        .min_size(egui::vec2(width, 0.0));
    if refused {
        edit = edit.text_color(color);
    }
    let response = ui.add(edit);
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(buffer, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(buffer));
    }
    let changed = response.changed().then_some(text);
    (response, changed)
}

/// The key under which Lockwork keeps its own settings in `props` (the
/// background, the generators' tags, area names): edited by their own
/// controls, shown here but not as a raw JSON field to break.
const OWN: &str = "lockwork";

/// Lockwork's own settings, in one read-only line; the JSON on hover.
fn own_row(ui: &mut Ui, view: &View<'_>, value: &Value) {
    let what: Vec<&str> = value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let text = match what.len() {
        0 => "lockwork: Lockwork's settings".to_owned(),
        _ => format!("lockwork: Lockwork's settings ({})", what.join(", ")),
    };
    ui.label(RichText::new(text).color(view.theme.weak_text))
        .on_hover_text(format!(
            "Kept by Lockwork and edited with its own controls \
             (Background, Generate's tags, area names):\n{value}"
        ));
}

/// Draws `props` as rows with add and remove buttons; `field` is the owner's
/// field key (`"door:d1"`). Returns the edited props when something changed.
pub fn props_ui(ui: &mut Ui, view: &View<'_>, props: &Props, field: &str) -> Option<PropsEdit> {
    let mut edit = None;
    ui.label(RichText::new("Properties").strong())
        .on_hover_text("Your own data for the game engine, kept exactly in the file (props)");
    if props.is_empty() {
        ui.label(RichText::new("None").color(view.theme.weak_text));
    }
    let base = ui.make_persistent_id((field, "props"));
    for (index, (key, value)) in props.iter().enumerate() {
        if key == OWN {
            own_row(ui, view, value);
            continue;
        }
        ui.horizontal(|ui| {
            let key_id = base.with((index, "key"));
            let refused = |k: &str| renamed(props, index, k).is_none() && k != key;
            let (response, typed) =
                buffered_edit(ui, key_id, key, KEY_WIDTH, refused, view.theme.bad);
            let response = response
                .on_hover_text("Property name (must be unique and not empty)")
                .accessible_name(format!("Property name {}", index + 1));
            let merge = merge_key(ui, &response, &format!("{field}:props:{index}:key"));
            if let Some(k) = typed
                && k != *key
                && let Some(changed) = renamed(props, index, &k)
            {
                edit = Some((changed, Some(merge)));
            }

            let value_id = base.with((index, "value"));
            let (response, typed) = buffered_edit(
                ui,
                value_id,
                &shown(value),
                VALUE_WIDTH,
                |_| false,
                view.theme.bad,
            );
            let response = response
                .on_hover_text("Value: JSON (a number, true, [1, 2], {…}) or plain text")
                .accessible_name(format!("Property value {}", index + 1));
            let merge = merge_key(ui, &response, &format!("{field}:props:{index}:value"));
            if let Some(text) = typed {
                let v = parsed(&text);
                if v != *value {
                    edit = Some((revalued(props, index, v), Some(merge)));
                }
            }

            if ui
                .small_button("🗙")
                .accessible_name(format!("Remove property {}", index + 1))
                .on_hover_text(format!("Remove property \"{key}\""))
                .clicked()
            {
                edit = Some((without(props, index), None));
            }
        });
    }
    if ui
        .button("+ Add property")
        .on_hover_text("Add a key/value row")
        .clicked()
    {
        edit = Some((with_new_entry(props), None));
    }
    edit
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(pairs: &[(&str, Value)]) -> Props {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    #[test]
    fn values_read_back_as_shown() {
        for v in [
            Value::from(12),
            Value::from(1.5),
            Value::from(true),
            Value::Null,
            Value::from("12"),
            Value::from("true"),
            Value::from("plain text"),
            Value::from(""),
            serde_json::json!({"a": [1, "b"]}),
        ] {
            assert_eq!(parsed(&shown(&v)), v, "{v:?}");
        }
        assert_eq!(parsed("hello"), Value::from("hello"));
        assert_eq!(parsed("[1, 2]"), serde_json::json!([1, 2]));
    }

    #[test]
    fn renaming_keeps_order_and_refuses_clashes() {
        let p = props(&[("a", Value::from(1)), ("b", Value::from(2))]);
        let r = renamed(&p, 0, "z").unwrap();
        assert_eq!(r.keys().collect::<Vec<_>>(), ["z", "b"]);
        assert!(renamed(&p, 0, "b").is_none());
        assert!(renamed(&p, 0, "").is_none());
        assert_eq!(renamed(&p, 0, "a").unwrap(), p);
    }

    #[test]
    fn adding_and_removing_rows() {
        let p = props(&[("key", Value::from(1))]);
        let added = with_new_entry(&p);
        assert_eq!(added.keys().collect::<Vec<_>>(), ["key", "key2"]);
        let removed = without(&added, 0);
        assert_eq!(removed.keys().collect::<Vec<_>>(), ["key2"]);
        let v = revalued(&removed, 0, Value::from("x"));
        assert_eq!(v["key2"], Value::from("x"));
    }
}
