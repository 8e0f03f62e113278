//! Checks every level file in a folder the way a game's CI would: each must
//! load (no format or validation error) and be solvable, within a time
//! budget per level; with `--no-dead-ends`, no player may be able to get
//! stuck either. One line per level, then a summary.
//!
//! ```sh
//! cargo run --example validate_folder -- assets
//! cargo run --example validate_folder -- levels/ --no-dead-ends --max-seconds 2
//! ```
//!
//! Exit status: 0 when every level passes, 1 when any fails, 2 when the
//! folder cannot be read or holds no level file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use lockwork::model::format_cost;
use lockwork::solver::{Analysis, SolveOptions, analyze};

/// What the checks require.
struct Rules {
    no_dead_ends: bool,
    max_time: Duration,
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("validate_folder: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool> {
    let (folder, rules) = parse_args()?;
    let files = level_files(&folder)?;
    if files.is_empty() {
        bail!("no *.level.json file in {}", folder.display());
    }
    let (mut failed, mut warned) = (0, 0);
    for path in &files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match check(path, &rules) {
            Ok((line, warnings)) => {
                warned += usize::from(warnings > 0);
                println!("ok    {name}: {line}");
            }
            Err(why) => {
                failed += 1;
                println!("FAIL  {name}: {why:#}");
            }
        }
    }
    println!(
        "{} levels: {} passed, {failed} failed ({warned} with warnings)",
        files.len(),
        files.len() - failed
    );
    Ok(failed == 0)
}

fn parse_args() -> Result<(PathBuf, Rules)> {
    let mut folder = None;
    let mut rules = Rules {
        no_dead_ends: false,
        max_time: Duration::from_secs(5),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--no-dead-ends" => rules.no_dead_ends = true,
            "--max-seconds" => {
                let s: f64 = args
                    .next()
                    .context("--max-seconds needs a number")?
                    .parse()?;
                rules.max_time = Duration::try_from_secs_f64(s)?;
            }
            _ if folder.is_none() && !arg.starts_with("--") => folder = Some(PathBuf::from(arg)),
            _ => bail!("usage: validate_folder DIR [--no-dead-ends] [--max-seconds S]"),
        }
    }
    let folder = folder.context("usage: validate_folder DIR [--no-dead-ends] [--max-seconds S]")?;
    Ok((folder, rules))
}

/// The level files of `folder`, sorted by name.
fn level_files(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let entries =
        std::fs::read_dir(folder).with_context(|| format!("cannot read {}", folder.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.to_string_lossy().ends_with(".level.json") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// One level's verdict: a line and its number of warnings, or why it fails.
fn check(path: &Path, rules: &Rules) -> Result<(String, usize)> {
    let loaded = lockwork::format::from_file(path)?;
    let options = SolveOptions {
        max_time: Some(rules.max_time),
        ..SolveOptions::default()
    };
    let a = analyze(&loaded.level, &options)?;
    match a.solvable {
        Some(true) => {}
        Some(false) => bail!("cannot be solved"),
        None => bail!("not decided within {:?}", rules.max_time),
    }
    if rules.no_dead_ends && a.dead_ends.exist != Some(false) {
        bail!("{}", dead_ends(&a));
    }
    let cost = a
        .plan
        .as_ref()
        .map_or_else(|| "not proven".to_owned(), |p| format_cost(p.cost));
    let warnings = loaded.warnings.len();
    let line = format!("cost {cost}, {}, {} warnings", dead_ends(&a), warnings);
    Ok((line, warnings))
}

fn dead_ends(a: &Analysis) -> String {
    match (a.dead_ends.exist, a.dead_ends.found.first()) {
        (Some(false), _) => "no dead ends".to_owned(),
        (_, Some(first)) => {
            let kinds = a.dead_ends.kinds;
            let noun = if kinds == 1 { "kind" } else { "kinds" };
            format!("{kinds} {noun} of dead end, the cheapest: {}", first.reason)
        }
        (_, None) => "dead ends not worked out".to_owned(),
    }
}
