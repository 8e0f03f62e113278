//! `lockwork solve FILE [--json]`.

use std::path::Path;

use serde_json::{Value, json};

use super::{EXIT_INVALID, EXIT_SOLVABLE, EXIT_TOO_LARGE, EXIT_UNSOLVABLE, load_or_report, report};
use crate::format::number;
use crate::rules::Step;
use crate::solver::{Analysis, SolveError, SolveOptions, analyze, solve};

/// What `solve` prints, whichever way it was computed.
struct Answer {
    plan: Option<crate::solver::Plan>,
    min_pulls: Option<u32>,
    states_explored: usize,
    dead_ends: Option<usize>,
}

pub fn run(path: &Path, as_json: bool, max_states: usize) -> u8 {
    let Some(loaded) = load_or_report(path) else {
        return EXIT_INVALID;
    };
    let level = &loaded.level;
    let options = SolveOptions {
        max_states,
        ..SolveOptions::default()
    };
    let answer = match analyze(level, &options) {
        Ok(Analysis {
            plan,
            min_pulls,
            states_explored,
            dead_end_states,
            ..
        }) => Answer {
            min_pulls: min_pulls.map(|p| p.pulls),
            plan,
            states_explored,
            dead_ends: Some(dead_end_states),
        },
        Err(SolveError::TooLarge { .. }) => {
            // The full analysis did not fit; a plain solve stops at the goal and may.
            eprintln!("note: too many states to analyse dead ends and least pulls; solving only");
            match solve(level, &options) {
                Ok(s) => Answer {
                    plan: s.plan,
                    min_pulls: None,
                    states_explored: s.states_explored,
                    dead_ends: None,
                },
                Err(e) => return fail(&e),
            }
        }
        Err(e) => return fail(&e),
    };
    if as_json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&to_json(&answer)).unwrap_or_default()
        );
    } else {
        print_text(path, level, &answer);
    }
    if answer.plan.is_some() {
        EXIT_SOLVABLE
    } else {
        EXIT_UNSOLVABLE
    }
}

fn fail(e: &SolveError) -> u8 {
    eprintln!("error: {e}");
    match e {
        SolveError::Invalid(_) => EXIT_INVALID,
        _ => EXIT_TOO_LARGE,
    }
}

pub(super) fn step_json(step: &Step) -> Value {
    match step {
        Step::Move { door, to } => {
            json!({ "action": "move", "door": door.as_str(), "to": to.as_str() })
        }
        Step::Pull { lever } => json!({ "action": "pull", "lever": lever.as_str() }),
        Step::Pickup { key } => json!({ "action": "pickup", "key": key.as_str() }),
    }
}

fn to_json(a: &Answer) -> Value {
    let plan = a.plan.as_ref();
    json!({
        "solvable": plan.is_some(),
        "cost": plan.map(|p| number(p.cost)),
        "moves": plan.map(|p| p.moves),
        "pulls": plan.map(|p| p.pulls),
        "min_pulls": a.min_pulls,
        "steps": plan.map(|p| p.steps.iter().map(step_json).collect::<Vec<_>>()),
        "states_explored": a.states_explored,
        "dead_ends": a.dead_ends,
    })
}

fn print_text(path: &Path, level: &crate::model::Level, a: &Answer) {
    let title = if level.name.is_empty() {
        path.display().to_string()
    } else {
        format!("{} ({})", level.name, path.display())
    };
    match &a.plan {
        Some(plan) => {
            outln!("{title}: solvable, {}", report::summary(plan));
            if let Some(min) = a.min_pulls {
                outln!("least lever pulls of any solution: {min}");
            }
            out!("{}", report::plan(level, &plan.steps, ""));
        }
        None => outln!("{title}: cannot be solved"),
    }
    let dead = a
        .dead_ends
        .map_or_else(|| "not analysed".to_owned(), report::count);
    outln!(
        "states explored: {}; dead-end states: {dead}",
        report::count(a.states_explored)
    );
}
