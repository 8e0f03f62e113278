//! `lockwork check FILE`: validation, then the analysis of the level.

use std::path::Path;

use super::{
    Budget, EXIT_INVALID, EXIT_SOLVABLE, EXIT_TOO_LARGE, EXIT_UNSOLVABLE, load_indexed_or_report,
    report, rules_or_fail,
};
use crate::model::Labels;
use crate::solver::{Analysis, analyze_rules};

pub fn run(path: &Path, budget: &Budget) -> u8 {
    let Some((loaded, index)) = load_indexed_or_report(path) else {
        return EXIT_INVALID;
    };
    let level = &loaded.level;
    let rules = match rules_or_fail(level, index) {
        Ok(rules) => rules,
        Err(status) => return status,
    };
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
    let a = match analyze_rules(&rules, &budget.start()) {
        Ok(a) => a,
        Err(e) => return super::fail(&e),
    };
    outln!("analysis:");
    outln!("  {}", report::solvable_line(&a, ":"));
    if let Some(line) = report::pulls_line(&a) {
        outln!("  {line}");
    }
    outln!("  states explored: {}", report::count(a.states_explored));
    let labels = Labels::with_index(level, rules.index());
    dead_ends(&labels, &a);
    rooms(&labels, &a);
    if a.solvable == Some(true) {
        keys(&labels, &a);
    }
    match crate::measures::measure_rules(&rules, &a) {
        Ok(m) => {
            outln!("measures:");
            for line in super::measures::lines(&labels, &m) {
                outln!("{line}");
            }
        }
        Err(e) => outln!("measures: not worked out: {e}"),
    }
    if let Some(stop) = a.stopped {
        outln!("{}", budget.incomplete(stop));
    }
    match a.solvable {
        Some(true) => EXIT_SOLVABLE,
        Some(false) => EXIT_UNSOLVABLE,
        None => EXIT_TOO_LARGE,
    }
}

fn dead_ends(labels: &Labels<'_>, a: &Analysis) {
    let d = &a.dead_ends;
    let shown = if d.kinds > d.found.len() {
        format!(" (the first {} shown)", d.found.len())
    } else {
        String::new()
    };
    match (d.exist, d.states) {
        (Some(false), _) => outln!("  dead ends: none"),
        (None, _) if d.found.is_empty() => {
            outln!("  dead ends: not worked out (search incomplete)");
        }
        (_, Some(states)) if d.complete => outln!(
            "  dead ends: {}, reached by {} of step{shown}",
            report::noun(states, "state"),
            report::noun(d.kinds, "kind")
        ),
        _ => outln!(
            "  dead ends: {} of step found so far (search incomplete){shown}",
            report::noun(d.kinds, "kind")
        ),
    }
    for (i, dead) in d.found.iter().enumerate() {
        out!("{}", report::dead_end(labels, dead, i + 1));
    }
}

fn rooms(labels: &Labels<'_>, a: &Analysis) {
    let names = |ids: &[crate::model::RoomId]| -> String {
        report::some_of(ids.iter().map(|r| labels.room(r)), ids.len())
    };
    let unreachable = if a.unreachable_rooms.is_empty() {
        "none".to_owned()
    } else {
        names(&a.unreachable_rooms)
    };
    outln!("  unreachable rooms: {unreachable}");
    if !a.undecided_rooms.is_empty() {
        outln!(
            "  rooms not proven reachable (search incomplete): {}",
            names(&a.undecided_rooms)
        );
    }
}

fn keys(labels: &Labels<'_>, a: &Analysis) {
    let named = |ids: &[crate::model::KeyId]| -> String {
        report::some_of(ids.iter().map(|k| labels.key(k)), ids.len())
    };
    let unneeded = if a.keys.unneeded.is_empty() {
        "none".to_owned()
    } else {
        named(&a.keys.unneeded)
    };
    outln!("  keys no solution needs: {unneeded}");
    for group in &a.keys.alternatives {
        outln!("  a solution needs one of: {}", named(group));
    }
    if !a.keys.undecided.is_empty() {
        outln!(
            "  keys not worked out (search incomplete): {}",
            named(&a.keys.undecided)
        );
    }
    for items in &a.keys.items {
        outln!(
            "  {}: {}",
            crate::solver::lines::noun(&items.kind, 2),
            crate::solver::lines::items_words(items)
        );
    }
}
