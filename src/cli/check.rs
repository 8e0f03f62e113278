//! `lockwork check FILE`: validation, then the analysis of the level.

use std::path::Path;

use super::{EXIT_INVALID, EXIT_SOLVABLE, EXIT_TOO_LARGE, EXIT_UNSOLVABLE, load_or_report, report};
use crate::solver::{SolveError, SolveOptions, analyze, unneeded_keys};

pub fn run(path: &Path, max_states: usize) -> u8 {
    let Some(loaded) = load_or_report(path) else {
        return EXIT_INVALID;
    };
    let level = &loaded.level;
    outln!(
        "{}: valid level, {}, {}, {}, {}",
        path.display(),
        report::noun(level.rooms.len(), "room"),
        report::noun(level.doors.len(), "door"),
        report::noun(level.keys.len(), "key"),
        report::noun(level.levers.len(), "lever")
    );
    if loaded.warnings.is_empty() {
        outln!("warnings: none");
    } else {
        outln!("warnings:");
        for w in &loaded.warnings {
            outln!("  {w}");
        }
    }
    let options = SolveOptions {
        max_states,
        ..SolveOptions::default()
    };
    let a = match analyze(level, &options) {
        Ok(a) => a,
        Err(e @ SolveError::TooLarge { .. }) => return solve_only(level, &options, &e),
        Err(e) => {
            eprintln!("error: {e}");
            return if matches!(e, SolveError::Invalid(_)) {
                EXIT_INVALID
            } else {
                EXIT_TOO_LARGE
            };
        }
    };
    outln!("analysis:");
    match (&a.plan, &a.min_pulls) {
        (Some(plan), min) => {
            outln!("  solvable: {}", report::summary(plan));
            if let Some(min) = min {
                outln!("  least lever pulls of any solution: {}", min.pulls);
            }
        }
        (None, _) => outln!("  cannot be solved"),
    }
    outln!("  states explored: {}", report::count(a.states_explored));
    if a.dead_end_states == 0 {
        outln!("  dead ends: none");
    } else {
        outln!(
            "  dead ends: {}, reached by {} of step{}",
            report::noun(a.dead_end_states, "state"),
            report::noun(a.dead_end_kinds, "kind"),
            if a.dead_end_kinds > a.dead_ends.len() {
                format!(" (the first {} shown)", a.dead_ends.len())
            } else {
                String::new()
            }
        );
        for (i, d) in a.dead_ends.iter().enumerate() {
            out!("{}", report::dead_end(level, d, i + 1));
        }
    }
    let rooms: Vec<String> = a
        .unreachable_rooms
        .iter()
        .map(|r| level.room_label(r))
        .collect();
    outln!(
        "  unreachable rooms: {}",
        if rooms.is_empty() {
            "none".to_owned()
        } else {
            rooms.join(", ")
        }
    );
    if let Some(plan) = &a.plan {
        let keys = match unneeded_keys(level, plan, &options) {
            Ok(keys) if keys.is_empty() => "none".to_owned(),
            Ok(keys) => keys
                .iter()
                .map(|k| level.key_label(k))
                .collect::<Vec<_>>()
                .join(", "),
            Err(e) => format!("not worked out ({e})"),
        };
        outln!("  keys no solution needs: {keys}");
    }
    if a.plan.is_some() {
        EXIT_SOLVABLE
    } else {
        EXIT_UNSOLVABLE
    }
}

/// The full analysis did not fit in the state limit; a plain solve stops at
/// the goal and often still does.
fn solve_only(level: &crate::model::Level, options: &SolveOptions, why: &SolveError) -> u8 {
    outln!("analysis:");
    outln!("  dead ends, least pulls and unneeded keys: not worked out ({why})");
    match crate::solver::solve(level, options) {
        Ok(s) => {
            match &s.plan {
                Some(plan) => outln!("  solvable: {}", report::summary(plan)),
                None => outln!("  cannot be solved"),
            }
            outln!("  states explored: {}", report::count(s.states_explored));
            if s.plan.is_some() {
                EXIT_SOLVABLE
            } else {
                EXIT_UNSOLVABLE
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_TOO_LARGE
        }
    }
}
