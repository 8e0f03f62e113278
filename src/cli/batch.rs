//! `lockwork generate KIND --count N --seed S -o DIR`: N levels in
//! parallel, their files and `measures.csv` in DIR, and a table sorted by
//! score.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::generate::{Kind, flag};
use crate::generate::{BatchItem, batch};
use crate::measures::Measures;

const EXIT_OK: u8 = 0;
const EXIT_FAILED: u8 = 1;
const EXIT_INVALID: u8 = 2;

/// The columns of `measures.csv`.
const HEADER: &str = "file,seed,score,cost,moves,pulls,rooms_visited,rooms,backtracking,\
key_distance_mean,key_distance_max,decision_points,branching_mean,branching_max,\
optional_rooms,optional_keys,locked_areas,routes_mean,dead_end_share,cheapest_dead_end_cost,\
band_inside,several_routes,error";

/// Runs a batch; returns the exit status: 0 when every level was made, 1
/// when some seed failed, 2 when the folder cannot be written.
pub fn run(
    kind: &Kind,
    seed: u64,
    count: usize,
    dir: &Path,
    quiet: bool,
    cancel: &AtomicBool,
) -> u8 {
    let Some(params) = kind.params(seed) else {
        return EXIT_INVALID;
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create the folder {}: {e}", dir.display());
        return EXIT_INVALID;
    }
    let started = Instant::now();
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let report = |done: usize, total: usize| {
        if !quiet && terminal {
            eprint!("\r{done}/{total} levels");
        }
    };
    let items = batch(&params, seed, count, 0, &report, cancel);
    if !quiet {
        eprintln!(
            "{}{} levels in {:.1} s",
            if terminal { "\r" } else { "" },
            items.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let name = params.generator().name();
    let mut csv = format!("{HEADER}\n");
    let mut failed = 0;
    for item in &items {
        let file = format!("{name}-{}.level.json", item.seed);
        match &item.outcome {
            Ok((level, m)) => {
                if let Err(e) = crate::format::to_file(level, &dir.join(&file)) {
                    eprintln!("error: {e}");
                    return EXIT_INVALID;
                }
                csv.push_str(&row(&file, item.seed, m, ""));
            }
            Err(e) => {
                failed += 1;
                let why = e.worded(&flag).replace('"', "'");
                csv.push_str(&row(
                    "",
                    item.seed,
                    &Measures::default(),
                    &format!("\"{why}\""),
                ));
            }
        }
    }
    if let Err(e) = std::fs::write(dir.join("measures.csv"), csv) {
        eprintln!("error: cannot write measures.csv: {e}");
        return EXIT_INVALID;
    }
    if !quiet {
        print_table(name, &items);
    }
    if failed > 0 || items.len() < count {
        eprintln!(
            "{failed} of {count} seeds made no level{}",
            if items.len() < count {
                " (stopped early)"
            } else {
                ""
            }
        );
        return EXIT_FAILED;
    }
    EXIT_OK
}

fn opt(x: Option<f64>) -> String {
    x.map_or_else(String::new, |x| {
        crate::format::number((x * 1e4).round() / 1e4).to_string()
    })
}

/// One line of `measures.csv`.
fn row(file: &str, seed: u64, m: &Measures, error: &str) -> String {
    let p = m.critical_path.as_ref();
    let b = &m.branching;
    format!(
        "{file},{seed},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{error}\n",
        opt(m.score.as_ref().map(|s| s.total)),
        opt(p.map(|p| p.cost)),
        p.map_or_else(String::new, |p| p.moves.to_string()),
        p.map_or_else(String::new, |p| p.pulls.to_string()),
        p.map_or_else(String::new, |p| p.rooms_visited.to_string()),
        p.map_or_else(String::new, |p| p.rooms.to_string()),
        opt(m.backtracking),
        opt(m.key_distance.mean),
        m.key_distance
            .max
            .map_or_else(String::new, |x| x.to_string()),
        b.decision_points,
        opt(b.mean),
        b.max,
        m.optional.rooms.len(),
        m.optional.keys.len(),
        m.routes.areas.len(),
        opt(m.routes.mean),
        opt(m.risk.dead_end_share),
        opt(m.risk.cheapest_cost),
        p.map_or_else(String::new, |_| m.band().inside().to_string()),
        p.map_or_else(String::new, |_| m.routes.several.to_string()),
    )
}

/// The levels made, best score first.
fn print_table(name: &str, items: &[BatchItem]) {
    let mut made: Vec<(u64, &Measures)> = items
        .iter()
        .filter_map(|i| i.outcome.as_ref().ok().map(|(_, m)| (i.seed, m)))
        .collect();
    made.sort_by(|a, b| {
        b.1.score_total()
            .total_cmp(&a.1.score_total())
            .then(a.0.cmp(&b.0))
    });
    let mut out = format!(
        "{:<28} {:>8} {:>6} {:>6} {:>6} {:>9} {:>8} {:>7} {:>9} {:>5}\n",
        "file",
        "score",
        "cost",
        "moves",
        "pulls",
        "backtrack",
        "key dist",
        "routes",
        "dead-end",
        "band"
    );
    for (seed, m) in made {
        let p = m.critical_path.as_ref();
        let _ = writeln!(
            out,
            "{:<28} {:>8} {:>6} {:>6} {:>6} {:>9} {:>8} {:>7} {:>9} {:>5}",
            format!("{name}-{seed}.level.json"),
            opt(m.score.as_ref().map(|s| (s.total * 100.0).round() / 100.0)),
            opt(p.map(|p| p.cost)),
            p.map_or_else(String::new, |p| p.moves.to_string()),
            p.map_or_else(String::new, |p| p.pulls.to_string()),
            opt(m.backtracking.map(|x| (x * 1000.0).round() / 1000.0)),
            opt(m.key_distance.mean.map(|x| (x * 100.0).round() / 100.0)),
            opt(m.routes.mean.map(|x| (x * 100.0).round() / 100.0)),
            opt(m.risk.dead_end_share.map(|x| (x * 1000.0).round() / 1000.0)),
            format!("{}/{}", m.band().inside(), m.band().of()),
        );
    }
    outln!("{}", out.trim_end());
}
