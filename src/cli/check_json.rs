//! `lockwork check FILE --json`: everything `check` says, as one JSON
//! object (docs/format.md, "`check --json`"), made from the same fields as
//! its text.

use std::io::Write as _;
use std::path::Path;

use serde_json::{Value, json};

use super::{Budget, EXIT_INVALID, EXIT_SOLVABLE, EXIT_TOO_LARGE, EXIT_UNSOLVABLE};
use crate::format::number;
use crate::model::{KeyId, Level, RoomId};
use crate::rules::{Rules, Step};
use crate::solver::{Analysis, DeadEnd, ItemNeeds, Stop, analyze_rules};

pub fn run(path: &Path, budget: &Budget) -> u8 {
    let (loaded, index) = match crate::format::from_file_indexed(path) {
        Ok(loaded) => loaded,
        Err(e) => {
            let errors: Vec<String> = e.problems().iter().map(ToString::to_string).collect();
            print(&json!({ "valid": false, "errors": errors }));
            return EXIT_INVALID;
        }
    };
    let level = &loaded.level;
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    let rules = match Rules::checked(level, index) {
        Ok(rules) => rules,
        Err(e) => {
            print(&json!({ "valid": false, "errors": [e.0.clone()], "warnings": warnings }));
            return EXIT_INVALID;
        }
    };
    let a = match analyze_rules(&rules, &budget.start()) {
        Ok(a) => a,
        Err(e) => return super::fail(&e),
    };
    let mut out = head(level, &warnings);
    let extend = |out: &mut serde_json::Map<String, Value>, more: Value| {
        if let Value::Object(more) = more {
            out.extend(more);
        }
    };
    extend(&mut out, analysis(&a));
    extend(&mut out, findings(&a));
    let metrics = crate::measures::measure_rules(&rules, &a).map_or(Value::Null, |m| m.to_json());
    out.insert("metrics".to_owned(), metrics);
    print(&Value::Object(out));
    match a.solvable {
        Some(true) => EXIT_SOLVABLE,
        Some(false) => EXIT_UNSOLVABLE,
        None => EXIT_TOO_LARGE,
    }
}

/// The level and its warnings.
fn head(level: &Level, warnings: &[String]) -> serde_json::Map<String, Value> {
    let head = json!({
        "valid": true,
        "rooms": level.rooms.len(),
        "doors": level.doors.len(),
        "keys": level.keys.len(),
        "levers": level.levers.len(),
        "warnings": warnings,
    });
    match head {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

/// Whether it can be solved, at what cost, and how complete the answer is.
fn analysis(a: &Analysis) -> Value {
    let plan = a.plan.as_ref();
    let bounds = a.cost_bounds.as_ref().map(
        |b| json!({ "lower": number(b.lower), "upper": b.best.as_ref().map(|p| number(p.cost)) }),
    );
    json!({
        "solvable": a.solvable,
        "cost": plan.map(|p| number(p.cost)),
        "moves": plan.map(|p| p.moves),
        "pulls": plan.map(|p| p.pulls),
        "min_pulls": a.least_pulls(),
        "min_pulls_at_least": a.pulls_lower.filter(|_| a.least_pulls().is_none()),
        "cost_bounds": bounds,
        "states_explored": a.states_explored,
        "reachable_states": a.reachable_states,
        "complete": a.is_complete(),
        "stopped": a.stopped.map(|s| match s {
            Stop::States => "states",
            Stop::Time => "time",
            Stop::Cancelled => "cancelled",
        }),
    })
}

/// Dead ends, rooms and keys: the findings a designer acts on.
fn findings(a: &Analysis) -> Value {
    let ids = |rooms: &[RoomId]| -> Vec<String> { rooms.iter().map(|r| r.0.clone()).collect() };
    let keys = |keys: &[KeyId]| -> Vec<String> { keys.iter().map(|k| k.0.clone()).collect() };
    let solvable = a.solvable == Some(true);
    let d = &a.dead_ends;
    json!({
        "dead_ends": {
            "exist": d.exist,
            "states": d.states,
            "kinds": d.kinds,
            "complete": d.complete,
            "found": d.found.iter().map(dead_end).collect::<Vec<_>>(),
        },
        "unreachable_rooms": ids(&a.unreachable_rooms),
        "undecided_rooms": ids(&a.undecided_rooms),
        "unneeded_keys": solvable.then(|| keys(&a.keys.unneeded)),
        "alternatives": solvable.then(|| {
            a.keys.alternatives.iter().map(|g| keys(g)).collect::<Vec<_>>()
        }),
        "undecided_keys": keys(&a.keys.undecided),
        "items": a.keys.items.iter().map(items).collect::<Vec<_>>(),
    })
}

/// One dead end: where, the cheapest trace into it, and why, as fields.
fn dead_end(d: &DeadEnd) -> Value {
    let steps: Vec<Value> = d.steps.iter().map(step).collect();
    let moves = (d.steps.iter())
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .count();
    json!({
        "room": d.room.0,
        "cost": number(d.cost),
        "steps": steps,
        "no_return_step": (moves > 0 && d.why.no_return.is_some()).then_some(moves),
        "why": serde_json::to_value(&d.why).unwrap_or(Value::Null),
    })
}

/// A step as `solve --json` writes it.
fn step(s: &Step) -> Value {
    match s {
        Step::Move { door, to } => json!({ "action": "move", "door": door.0, "to": to.0 }),
        Step::Pull { lever } => json!({ "action": "pull", "lever": lever.0 }),
        Step::Pickup { key } => json!({ "action": "pickup", "key": key.0 }),
    }
}

/// The items of one kind a solution needs: exact, or bounds marked as such.
fn items(i: &ItemNeeds) -> Value {
    json!({
        "kind": i.kind,
        "total": i.total,
        "carried": i.carried,
        "exact": i.needed.is_some(),
        "needed": i.needed,
        "at_least": i.at_least,
        "at_most": i.at_most,
        "any_enough": i.any_enough,
    })
}

/// Writes `value` pretty-printed to standard output; a closed pipe ends
/// the output quietly.
fn print(value: &Value) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if serde_json::to_writer_pretty(&mut out, value).is_ok() {
        let _ = writeln!(out);
        let _ = out.flush();
    }
}
