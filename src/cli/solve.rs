//! `lockwork solve FILE [--json]`.

use std::path::Path;

use std::io::Write as _;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};

use super::{
    Budget, EXIT_INVALID, EXIT_SOLVABLE, EXIT_TOO_LARGE, EXIT_UNSOLVABLE, load_indexed_or_report,
    report, rules_or_fail,
};
use crate::format::number;
use crate::rules::Rules;
use crate::rules::Step;
use crate::solver::{Analysis, Parts, analyze_rules_with};

pub fn run(path: &Path, as_json: bool, budget: &Budget) -> u8 {
    let Some((loaded, index)) = load_indexed_or_report(path) else {
        return EXIT_INVALID;
    };
    let level = &loaded.level;
    let rules = match rules_or_fail(level, index) {
        Ok(rules) => rules,
        Err(status) => return status,
    };
    // Neither the answer nor its measures say which keys are needed.
    let a = match analyze_rules_with(&rules, &budget.start(), Parts::WITHOUT_KEY_NEEDS) {
        Ok(a) => a,
        Err(e) => return super::fail(&e),
    };
    if as_json {
        let mut fields = to_json(&a);
        // A new optional field: the quality measures (docs/format.md).
        let metrics =
            crate::measures::measure_rules(&rules, &a).map_or(Value::Null, |m| m.to_json());
        fields.insert("metrics".to_owned(), metrics);
        let steps = a.plan.as_ref().map(|p| &p.steps[..]);
        print_json(&Output { fields, steps });
    } else {
        print_text(path, &rules, &a);
    }
    if let Some(stop) = a.stopped {
        eprintln!("{}", budget.incomplete(stop));
    }
    match a.solvable {
        Some(true) => EXIT_SOLVABLE,
        Some(false) => EXIT_UNSOLVABLE,
        None => EXIT_TOO_LARGE,
    }
}

/// `solve --json`'s object: its fields in order, with the plan's steps
/// written straight from the plan where the fields hold `"steps"`. A plan of
/// 200,000 steps is not first built as a JSON tree, which took most of the
/// command's time and memory.
struct Output<'a> {
    fields: Map<String, Value>,
    steps: Option<&'a [Step]>,
}

impl Serialize for Output<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.fields.len()))?;
        for (key, value) in &self.fields {
            match self.steps.filter(|_| key == "steps") {
                Some(steps) => map.serialize_entry(key, &Steps(steps))?,
                None => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// A plan's steps, as FORMAT.md writes them.
struct Steps<'a>(&'a [Step]);

impl Serialize for Steps<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(JsonStep))
    }
}

/// One step: `{"action": "move", "door": …, "to": …}`, `{"action": "pull",
/// "lever": …}` or `{"action": "pickup", "key": …}`.
struct JsonStep<'a>(&'a Step);

impl Serialize for JsonStep<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields: &[(&str, &str)] = match self.0 {
            Step::Move { door, to } => &[
                ("action", "move"),
                ("door", door.as_str()),
                ("to", to.as_str()),
            ],
            Step::Pull { lever } => &[("action", "pull"), ("lever", lever.as_str())],
            Step::Pickup { key } => &[("action", "pickup"), ("key", key.as_str())],
        };
        let mut map = s.serialize_map(Some(fields.len()))?;
        for (key, value) in fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Writes `output` pretty-printed to standard output through a buffer; a
/// closed pipe ends the output quietly, as [`outln!`] does.
fn print_json(output: &Output<'_>) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if serde_json::to_writer_pretty(&mut out, output).is_ok() {
        let _ = writeln!(out);
        let _ = out.flush();
    }
}

/// FORMAT.md's object; when the analysis is incomplete, optional fields
/// besides say what was proven (`complete`, `cost_bounds`,
/// `min_pulls_at_least`, `dead_ends_exist`, `dead_end_kinds_found`).
fn to_json(a: &Analysis) -> Map<String, Value> {
    let plan = a.plan.as_ref();
    // "steps" holds its place in the order; [`Output`] writes the steps.
    let out = json!({
        "solvable": a.solvable,
        "cost": plan.map(|p| number(p.cost)),
        "moves": plan.map(|p| p.moves),
        "pulls": plan.map(|p| p.pulls),
        "min_pulls": a.least_pulls(),
        "steps": Value::Null,
        "states_explored": a.states_explored,
        "dead_ends": a.dead_ends.states,
    });
    let Value::Object(mut out) = out else {
        return Map::new();
    };
    if a.is_complete() {
        return out;
    }
    // New optional fields, only when the answer above is not complete.
    let extra = |key: &str, value: Value, out: &mut Map<String, Value>| {
        out.insert(key.to_owned(), value);
    };
    extra("complete", json!(false), &mut out);
    if let Some(b) = &a.cost_bounds {
        let upper = b.best.as_ref().map(|p| number(p.cost));
        extra(
            "cost_bounds",
            json!({ "lower": number(b.lower), "upper": upper }),
            &mut out,
        );
    }
    if let Some(lower) = a.pulls_lower.filter(|_| a.least_pulls().is_none()) {
        extra("min_pulls_at_least", json!(lower), &mut out);
    }
    if a.dead_ends.states.is_none() {
        extra("dead_ends_exist", json!(a.dead_ends.exist), &mut out);
        extra("dead_end_kinds_found", json!(a.dead_ends.kinds), &mut out);
    }
    out
}

fn print_text(path: &Path, rules: &Rules<'_>, a: &Analysis) {
    let level = rules.level();
    let title = if level.name.is_empty() {
        path.display().to_string()
    } else {
        format!("{} ({})", level.name, path.display())
    };
    outln!("{title}: {}", report::solvable_line(a, ","));
    if let Some(line) = report::pulls_line(a) {
        outln!("{line}");
    }
    let shown = a
        .plan
        .as_ref()
        .or_else(|| a.cost_bounds.as_ref().and_then(|b| b.best.as_ref()));
    if let Some(plan) = shown {
        out!(
            "{}",
            report::plan(
                &crate::model::Labels::with_index(level, rules.index()),
                &plan.steps,
                ""
            )
        );
    }
    let dead = match (a.dead_ends.states, a.dead_ends.exist) {
        (Some(n), _) => report::count(n),
        (None, Some(true)) => "some (not all counted)".to_owned(),
        _ => "not worked out".to_owned(),
    };
    outln!(
        "states explored: {}; dead-end states: {dead}",
        report::count(a.states_explored)
    );
}
