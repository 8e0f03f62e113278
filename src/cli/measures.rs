//! The measures block of `lockwork check`, in words.

use super::report;
use crate::measures::Measures;
use crate::model::Labels;

/// A share as a percentage: "25%", "33.3%".
fn percent(x: f64) -> String {
    let p = (x * 1000.0).round() / 10.0;
    format!("{}%", report::cost(p))
}

/// A figure to 2 decimals without trailing noise: "2.5", "3".
fn figure(x: f64) -> String {
    report::cost((x * 100.0).round() / 100.0)
}

/// The lines of the measures block, each already indented by two spaces.
pub fn lines(labels: &Labels<'_>, m: &Measures) -> Vec<String> {
    let mut out = Vec::new();
    match &m.critical_path {
        Some(p) => out.push(format!(
            "critical path: {}, {}, cost {}{}; visits {} of {} rooms",
            report::noun(p.moves as usize, "move"),
            report::noun(p.pulls as usize, "pull"),
            report::cost(p.cost),
            if p.least { "" } else { " (cheapest found)" },
            p.rooms_visited,
            p.rooms
        )),
        None => out.push("critical path: no plan".to_owned()),
    }
    if let Some(b) = m.backtracking {
        out.push(format!("backtracking: {} of moves", percent(b)));
    }
    out.push(key_distance(m));
    out.push(branching(m));
    if m.critical_path.is_some() {
        out.push(optional(labels, m));
    }
    out.push(routes(m));
    out.push(risk(m));
    if let Some(s) = &m.score {
        out.push(format!("score: {s}"));
        out.push(band(m));
    }
    out.into_iter().map(|l| format!("  {l}")).collect()
}

/// `band of shipped dungeons: 6 of 8 measures inside (outside: backtracking, routes_mean)`.
fn band(m: &Measures) -> String {
    let band = m.band();
    let outside: Vec<&str> = band
        .outside()
        .map(crate::measures::BandMeasure::name)
        .collect();
    format!(
        "band of shipped dungeons: {} of {} measures inside{}",
        band.inside(),
        band.of(),
        if outside.is_empty() {
            String::new()
        } else {
            format!(" (outside: {})", outside.join(", "))
        }
    )
}

fn key_distance(m: &Measures) -> String {
    let k = &m.key_distance;
    match (k.mean, k.max) {
        (Some(mean), Some(max)) => format!(
            "key-lock distance: mean {}, max {} steps ({} used)",
            figure(mean),
            max,
            report::noun(k.per_key.len(), "key")
        ),
        _ => "key-lock distance: no key used".to_owned(),
    }
}

fn branching(m: &Measures) -> String {
    let b = &m.branching;
    let mean = b
        .mean
        .map_or_else(|| "-".to_owned(), |x| format!("mean {}", figure(x)));
    format!(
        "branching: {} along the plan ({} looked at{}); {mean}, max {} ways on",
        report::noun(b.decision_points, "decision point"),
        report::noun(b.states, "state"),
        if b.complete {
            ""
        } else {
            ", the rest past the work bound"
        },
        b.max
    )
}

fn optional(labels: &Labels<'_>, m: &Measures) -> String {
    let o = &m.optional;
    let rooms = if o.rooms.is_empty() {
        "none".to_owned()
    } else {
        report::some_of(o.rooms.iter().map(|r| labels.room(r)), o.rooms.len())
    };
    let keys = if o.keys.is_empty() {
        "none".to_owned()
    } else {
        report::some_of(o.keys.iter().map(|k| labels.key(k)), o.keys.len())
    };
    format!("optional: rooms {rooms}; keys {keys}")
}

fn routes(m: &Measures) -> String {
    let r = &m.routes;
    match (r.mean, r.min, r.max) {
        (Some(mean), Some(min), Some(max)) => format!(
            "routes: {}, doors in: mean {}, min {min}, max {max}; {} with several",
            areas_words(r),
            figure(mean),
            r.several,
        ),
        _ => "routes: no locked area".to_owned(),
    }
}

fn risk(m: &Measures) -> String {
    let r = &m.risk;
    if r.dead_end_states == Some(0) {
        return "risk: no dead ends".to_owned();
    }
    let share = match (r.dead_end_share, r.dead_end_states, r.reachable_states) {
        (Some(s), Some(d), Some(all)) => {
            format!("{} of reachable states ({d} of {all})", percent(s))
        }
        (Some(s), _, _) => format!("{} of reachable states", percent(s)),
        _ => "share of dead-end states unknown (not all counted)".to_owned(),
    };
    let cheapest = match (r.cheapest_cost, r.cheapest_steps) {
        (Some(c), Some(n)) if r.complete => {
            format!(
                "; cheapest way into one: cost {} in {n} steps",
                report::cost(c)
            )
        }
        (Some(c), Some(n)) => format!(
            "; cheapest way into one: at most cost {} in {n} steps",
            report::cost(c)
        ),
        _ => String::new(),
    };
    format!("risk: dead ends {share}{cheapest}")
}

/// "5 locked areas"; where not every area is locked (levers or one-way
/// doors close it off), "7 areas behind closed or one-way doors, none of
/// them locked".
fn areas_words(r: &crate::measures::Routes) -> String {
    let n = r.areas.len();
    if r.locked == n {
        return report::noun(n, "locked area");
    }
    let locked = match r.locked {
        0 => "none of them locked".to_owned(),
        k => format!("{k} of them locked"),
    };
    format!(
        "{} behind closed or one-way doors, {locked}",
        report::noun(n, "area")
    )
}
