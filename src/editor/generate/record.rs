//! A level's generator record (the `generator` field) in a designer's
//! words: labelled fields instead of raw JSON, for the generator window's
//! report and the inspector.

use serde_json::{Map, Value};

use super::job::grouped;

/// One labelled field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// What it is.
    pub label: String,
    /// Its value, in words.
    pub value: String,
}

/// How the level was made (generator, seed, options) and what it achieved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The generator, its seed and its options.
    pub made: Vec<Field>,
    /// What the generator achieved.
    pub achieved: Vec<Field>,
}

/// Fields a designer has no use for (how the search spent its time inside).
const HIDDEN: [&str; 1] = ["evaluator_calls"];

/// The record in words; empty when it is not an object.
pub fn record(generator: &Value) -> Record {
    let Some(top) = generator.as_object() else {
        return Record::default();
    };
    let mut made = Vec::new();
    if let Some(kind) = top.get("kind").and_then(Value::as_str) {
        made.push(field("Made by", format!("the {kind} generator")));
    }
    if let Some(seed) = top.get("seed") {
        made.push(field("Seed", seed.to_string()));
    }
    let params = top.get("parameters").and_then(Value::as_object);
    made.extend(params.into_iter().flat_map(|p| fields(p, parameter_label)));
    let result = top.get("result").and_then(Value::as_object);
    let achieved = result
        .into_iter()
        .flat_map(|r| fields(r, result_label))
        .collect();
    Record { made, achieved }
}

fn field(label: &str, value: String) -> Field {
    Field {
        label: label.to_owned(),
        value,
    }
}

fn fields<'m>(
    map: &'m Map<String, Value>,
    label: fn(&str) -> Option<&'static str>,
) -> impl Iterator<Item = Field> + 'm {
    map.iter()
        .filter(|(k, _)| !HIDDEN.contains(&k.as_str()))
        .map(move |(k, v)| Field {
            label: label(k).map_or_else(|| plain(k), str::to_owned),
            value: words(k, v),
        })
}

/// `side_keys` → `Side keys`.
fn plain(key: &str) -> String {
    let text = key.replace('_', " ");
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn parameter_label(key: &str) -> Option<&'static str> {
    Some(match key {
        "source" => "Rooms and doors",
        "layout" => "Layout",
        "locks" => "Locks asked for",
        "keys_per_lock" => "Keys per lock",
        "red_herrings" => "Red herrings asked for",
        "side_areas" => "Side areas asked for",
        "depth" => "Depth",
        "branching" => "Children per room",
        "extra_entrances" => "Extra entrances asked for",
        "side_keys" => "Keys hidden in side branches",
        "levers" => "Levers asked for",
        "max_tries" => "Most tries",
        "min_cost" => "Least cost wanted",
        "min_pulls" => "Least pulls wanted",
        "min_doors" => "Fewest doors per lever",
        "max_doors" => "Most doors per lever",
        "distinct" => "Every lever different",
        "seconds" => "Time limit",
        "evaluations" => "Wirings per thread",
        "threads" => "Search threads",
        "target" => "Stop at pulls",
        _ => return None,
    })
}

fn result_label(key: &str) -> Option<&'static str> {
    Some(match key {
        "locks" => "Locks placed",
        "lock_doors" => "Locked doors",
        "side_lock_doors" => "Doors into side areas",
        "red_herrings" => "Red herrings",
        "keys" => "Keys",
        "cost" => "Least cost",
        "moves" => "Moves of the best plan",
        "pulls" => "Least pulls",
        "solver_states" => "Positions the solver checked",
        "removed_doors" => "Doors removed",
        "extra_doors" => "Extra doors",
        "rooms" => "Rooms",
        "depth" => "Depth",
        "side_keys" => "Keys in side branches",
        "extra_entrances" => "Extra entrances",
        "tries" => "Levels tried",
        "rejected" => "Levels turned down",
        "rejection_rate" => "Share turned down",
        "unsolvable" => "Turned down: unsolvable",
        "too_easy" => "Turned down: too easy",
        "too_large" => "Turned down: too large to check",
        "met_bar" => "Met what was asked",
        "closed_doors_never_flipped" => "Closed doors no lever flips",
        "evaluations" => "Wirings tried",
        "best_found_after_evaluations" => "Best found after",
        "restarts" => "Search restarts",
        "reproducible" => "Same level on every run",
        "cancelled" => "Stopped early",
        "backtracking" => "Backtracking",
        _ => return None,
    })
}

/// A value in words: grouped numbers, yes and no, lists joined.
fn words(key: &str, value: &Value) -> String {
    match value {
        Value::Null => "off".to_owned(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.to_owned(),
        Value::Number(n) => number(key, n),
        Value::String(s) => s.clone(),
        Value::Array(items) if items.is_empty() => "none".to_owned(),
        Value::Array(items) if key == "branching" || key == "keys_per_lock" => items
            .iter()
            .map(|v| words("", v))
            .collect::<Vec<_>>()
            .join(" to "),
        Value::Array(items) => items
            .iter()
            .map(|v| words("", v))
            .collect::<Vec<_>>()
            .join(", "),
        Value::Object(map) => source(map),
    }
}

fn number(key: &str, n: &serde_json::Number) -> String {
    let x = n.as_f64().unwrap_or(0.0);
    match key {
        "rejection_rate" | "side_keys" | "backtracking" if x <= 1.0 => {
            format!("{:.0} %", x * 100.0)
        }
        "seconds" => format!("{} s", crate::format::number(x)),
        "best_found_after_evaluations" => format!("{} wirings", grouped(x as u64)),
        _ if x.fract() == 0.0 && (0.0..1e15).contains(&x) => grouped(x as u64),
        // Two decimals are what a designer reads; the record keeps all.
        _ => crate::format::number((x * 100.0).round() / 100.0).to_string(),
    }
}

/// `{"rooms": 30, "extra_doors": 8}` → "a random graph of 30 rooms and 8
/// extra doors"; `{"layout": "x"}` → "the layout x".
fn source(map: &Map<String, Value>) -> String {
    if let Some(layout) = map.get("layout").and_then(Value::as_str) {
        return format!("the layout {layout}");
    }
    if let (Some(rooms), Some(extra)) = (
        map.get("rooms").and_then(Value::as_u64),
        map.get("extra_doors").and_then(Value::as_u64),
    ) {
        return format!("a random graph of {rooms} rooms and {extra} extra doors");
    }
    map.iter()
        .map(|(k, v)| format!("{} {}", plain(k), words(k, v)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_lever_record_reads_in_words() {
        let record = serde_json::json!({
            "kind": "levers", "seed": 7,
            "parameters": { "seconds": 5, "distinct": true, "target": null },
            "result": {
                "pulls": 19, "evaluations": 337635, "evaluator_calls": 300000,
                "best_found_after_evaluations": 12000, "reproducible": false,
                "backtracking": 0.7407407407407407, "key_distance": 2.3456
            }
        });
        let r = super::record(&record);
        let text: Vec<String> = r
            .made
            .iter()
            .chain(&r.achieved)
            .map(|f| format!("{}: {}", f.label, f.value))
            .collect();
        assert_eq!(
            text,
            [
                "Made by: the levers generator",
                "Seed: 7",
                "Time limit: 5 s",
                "Every lever different: yes",
                "Stop at pulls: off",
                "Least pulls: 19",
                "Wirings tried: 337\u{a0}635",
                "Best found after: 12\u{a0}000 wirings",
                "Same level on every run: no",
                "Backtracking: 74 %",
                "Key distance: 2.35",
            ]
        );
    }
}
