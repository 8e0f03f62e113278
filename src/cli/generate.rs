//! `lockwork generate KIND [options] -o OUT`: runs a generator, shows its
//! progress on standard error, stops cleanly on Ctrl+C, and writes the level
//! atomically.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use super::load_or_report;
use crate::format;
use crate::generate::{
    BackwardParams, GenerateError, Generated, LeversParams, NestedParams, Param, Progress,
    RandomParams, Source, fresh_seed,
};

/// Exit status: the level was written.
const EXIT_OK: u8 = 0;
/// Exit status: the generator could not make a level (the message says why).
const EXIT_FAILED: u8 = 1;
/// Exit status: an input file is not a valid level, or the output cannot be written.
const EXIT_INVALID: u8 = 2;

/// `lockwork generate`: which generator, and its options.
#[derive(Debug, Args)]
#[command(subcommand_value_name = "KIND", subcommand_help_heading = "Kinds")]
pub struct GenerateArgs {
    /// The generator.
    #[command(subcommand)]
    pub kind: Kind,
}

/// The four generators.
#[derive(Debug, Subcommand)]
pub enum Kind {
    /// Lock and key, made backwards from the goal: every lock is needed.
    Backward(BackwardArgs),
    /// Wire the levers of a drawn layout so that the goal needs as many pulls as possible.
    ///
    /// With --evaluations (and no --seconds), the same seed and --threads give
    /// the same level on every machine. With a time budget (--seconds, the
    /// default) how far the search gets depends on the machine, so the result
    /// does not repeat; the seed is still recorded in the file.
    Levers(LeversArgs),
    /// A tree of nested rooms, each door locked by a key found before it.
    Nested(NestedArgs),
    /// Random locks, keys and levers, kept once the solver proves them solvable and hard enough.
    Random(RandomArgs),
}

/// Options every generator takes.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// Where to write the level (written atomically).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Makes the run reproducible: the same seed, options and input give the
    /// same file on every machine. Without it a seed is drawn and printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print nothing but errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Where the rooms and doors come from.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// Work on this layout (a level file) instead of a random graph.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rooms", "extra_doors"])]
    pub layout: Option<PathBuf>,
    /// Rooms of the random graph.
    #[arg(long)]
    pub rooms: Option<usize>,
    /// Doors of the random graph beyond the tree that joins its rooms.
    #[arg(long)]
    pub extra_doors: Option<usize>,
}

/// `lockwork generate backward`.
#[derive(Debug, Args)]
pub struct BackwardArgs {
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    source: SourceArgs,
    /// Locks on the way to the goal.
    #[arg(long, default_value_t = 6)]
    locks: usize,
    /// Keys each lock needs: a number, or a range MIN..MAX.
    #[arg(long, value_name = "MIN..MAX", default_value = "1..2", value_parser = parse_range)]
    keys_per_lock: (usize, usize),
    /// Keys that open nothing, lying where the player passes.
    #[arg(long, default_value_t = 0)]
    red_herrings: usize,
    /// Locked dead ends holding only a treasure nobody needs.
    #[arg(long, default_value_t = 0)]
    side_areas: usize,
}

/// `lockwork generate levers`.
#[derive(Debug, Args)]
pub struct LeversArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// The layout: rooms, doors (closed unless marked open) and levers with
    /// empty toggles (levers already wired keep their wiring).
    #[arg(long, value_name = "FILE")]
    layout: PathBuf,
    /// Each lever flips at least this many doors.
    #[arg(long, default_value_t = 1)]
    min_doors: usize,
    /// Each lever flips at most this many doors.
    #[arg(long, default_value_t = 2)]
    max_doors: usize,
    /// Let two levers flip the same doors.
    #[arg(long)]
    allow_alike: bool,
    /// Time budget in seconds [default: 5, unless --evaluations or --target is given].
    /// Results under a time budget depend on the machine.
    #[arg(long)]
    seconds: Option<f64>,
    /// Budget in wirings tried per thread; reproducible.
    #[arg(long)]
    evaluations: Option<u64>,
    /// Search threads [default: one per core].
    #[arg(long, default_value_t = 0, hide_default_value = true)]
    threads: usize,
    /// Stop as soon as a wiring needs this many pulls.
    #[arg(long)]
    target: Option<u32>,
}

/// `lockwork generate nested`.
#[derive(Debug, Args)]
pub struct NestedArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Depth of the tree (the goal is this many doors from the start).
    #[arg(long, default_value_t = 4)]
    depth: usize,
    /// Children of each room: a number, or a range MIN..MAX.
    #[arg(long, value_name = "MIN..MAX", default_value = "1..3", value_parser = parse_range)]
    branching: (usize, usize),
    /// Extra doors into rooms (each needs every key of the locks it goes around).
    #[arg(long, default_value_t = 0)]
    extra_entrances: usize,
    /// Share of keys (0 to 1) hidden deep in a side branch instead of an ancestor room.
    #[arg(long, default_value_t = 0.0)]
    side_keys: f64,
    /// Refuse trees with more rooms than this.
    #[arg(long, default_value_t = 5000)]
    max_rooms: usize,
}

/// `lockwork generate random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    source: SourceArgs,
    /// Locks to place, each with one key.
    #[arg(long, default_value_t = 3)]
    locks: usize,
    /// Levers to place, each flipping one or two doors.
    #[arg(long, default_value_t = 0)]
    levers: usize,
    /// Give up after this many tries.
    #[arg(long, default_value_t = 1000)]
    max_tries: usize,
    /// Keep only levels whose least cost is at least this.
    #[arg(long)]
    min_cost: Option<f64>,
    /// Keep only levels that need at least this many lever pulls.
    #[arg(long)]
    min_pulls: Option<u32>,
    /// Reject tries with more solver states than this.
    #[arg(long, default_value_t = 200_000)]
    max_states: usize,
}

/// `"2"` or `"1..3"` (also `"1..=3"`).
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected a number or a range MIN..MAX, found \"{text}\"");
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    match text.split_once("..") {
        Some((a, b)) => {
            let lo = number(a)?;
            let hi = number(b.strip_prefix('=').unwrap_or(b))?;
            if lo > hi {
                return Err(format!(
                    "the range {text} is empty: put the smaller number first"
                ));
            }
            Ok((lo, hi))
        }
        None => number(text).map(|n| (n, n)),
    }
}

/// Runs `lockwork generate`; returns the exit status.
pub fn run(args: GenerateArgs) -> u8 {
    let common = match &args.kind {
        Kind::Backward(a) => &a.common,
        Kind::Levers(a) => &a.common,
        Kind::Nested(a) => &a.common,
        Kind::Random(a) => &a.common,
    };
    let seed = common.seed.unwrap_or_else(fresh_seed);
    let quiet = common.quiet;
    let output = common.output.clone();
    if common.seed.is_none() && !quiet {
        eprintln!("seed {seed} (pass --seed {seed} to repeat this run)");
    }
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&cancel);
        // A second Ctrl+C quits at once.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let reporter = Reporter::new(quiet);
    let report = |p: Progress| reporter.report(p);
    let result = match args.kind {
        Kind::Backward(a) => {
            let Some(source) = source(&a.source, 30, 8) else {
                return EXIT_INVALID;
            };
            let params = BackwardParams {
                seed,
                source,
                locks: a.locks,
                keys_per_lock: a.keys_per_lock,
                red_herrings: a.red_herrings,
                side_areas: a.side_areas,
            };
            crate::generate::backward(&params, &report, &cancel)
        }
        Kind::Levers(a) => {
            let Some(loaded) = load_or_report(&a.layout) else {
                return EXIT_INVALID;
            };
            let mut params = LeversParams::new(loaded.level);
            params.seed = seed;
            params.layout_name = file_name(&a.layout);
            params.min_doors = a.min_doors;
            params.max_doors = a.max_doors;
            params.allow_alike = a.allow_alike;
            params.seconds = match (a.seconds, a.evaluations, a.target) {
                (Some(s), _, _) => Some(s),
                (None, None, None) => Some(5.0),
                _ => None,
            };
            params.evaluations = a.evaluations;
            params.threads = a.threads;
            params.target = a.target;
            crate::generate::levers(&params, &report, &cancel)
        }
        Kind::Nested(a) => {
            let params = NestedParams {
                seed,
                depth: a.depth,
                branching: a.branching,
                extra_entrances: a.extra_entrances,
                side_keys: a.side_keys,
                max_rooms: a.max_rooms,
            };
            crate::generate::nested(&params, &report, &cancel)
        }
        Kind::Random(a) => {
            let Some(source) = source(&a.source, 12, 4) else {
                return EXIT_INVALID;
            };
            let params = RandomParams {
                seed,
                source,
                locks: a.locks,
                levers: a.levers,
                max_tries: a.max_tries,
                min_cost: a.min_cost,
                min_pulls: a.min_pulls,
                max_states: a.max_states,
            };
            crate::generate::random(&params, &report, &cancel)
        }
    };
    reporter.clear();
    match result {
        Ok(generated) => write(&generated, &output, quiet),
        Err(e) => {
            eprintln!("error: {}", e.worded(&flag));
            match e {
                GenerateError::InvalidLayout(_) => EXIT_INVALID,
                _ => EXIT_FAILED,
            }
        }
    }
}

/// A generator parameter as its option: `--keys-per-lock`. The options are
/// named after the parameters' fields.
fn flag(param: Param) -> String {
    format!("--{}", param.field().replace('_', "-"))
}

/// The source named by the options, loading the layout when there is one.
fn source(args: &SourceArgs, rooms: usize, extra_doors: usize) -> Option<Source> {
    match &args.layout {
        Some(path) => {
            let loaded = load_or_report(path)?;
            Some(Source::Layout {
                level: Box::new(loaded.level),
                name: file_name(path),
            })
        }
        None => Some(Source::Graph {
            rooms: args.rooms.unwrap_or(rooms),
            extra_doors: args.extra_doors.unwrap_or(extra_doors),
        }),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Writes the level and says what was made.
fn write(generated: &Generated, output: &Path, quiet: bool) -> u8 {
    if let Err(e) = format::to_file(&generated.level, output) {
        eprintln!("error: {e}");
        return EXIT_INVALID;
    }
    if quiet {
        return EXIT_OK;
    }
    let level = &generated.level;
    if generated.cancelled {
        eprintln!("stopped: wrote the best level found so far");
    }
    eprintln!(
        "wrote {}: {} rooms, {} doors, {} keys, {} levers",
        output.display(),
        level.rooms.len(),
        level.doors.len(),
        level.keys.len(),
        level.levers.len()
    );
    if let Some(result) = level
        .generator
        .as_ref()
        .and_then(|g| g.get("result"))
        .and_then(|r| r.as_object())
    {
        let figures: Vec<String> = result
            .iter()
            .filter(|(_, v)| v.is_number() || v.is_boolean())
            .map(|(k, v)| format!("{} {v}", k.replace('_', " ")))
            .collect();
        eprintln!("{}", figures.join(", "));
    }
    let removed: Vec<String> = generated
        .changes
        .iter()
        .filter(|c| c.change == crate::generate::Change::Removed)
        .map(ToString::to_string)
        .collect();
    for line in removed {
        eprintln!("  {line}");
    }
    EXIT_OK
}

/// Progress on standard error: a bar on a terminal, a line a second otherwise.
struct Reporter {
    quiet: bool,
    terminal: bool,
    bar: RefCell<Option<ProgressBar>>,
    last: RefCell<(Instant, &'static str)>,
    started: Instant,
}

impl Reporter {
    fn new(quiet: bool) -> Self {
        let now = Instant::now();
        Self {
            quiet,
            terminal: std::io::stderr().is_terminal(),
            bar: RefCell::new(None),
            last: RefCell::new((now, "")),
            started: now,
        }
    }

    fn report(&self, p: Progress) {
        if self.quiet {
            return;
        }
        let best = p.best.map_or_else(String::new, |b| {
            format!(", best {}", crate::format::number(b))
        });
        let elapsed = self.started.elapsed().as_secs_f64();
        if self.terminal {
            let mut slot = self.bar.borrow_mut();
            let bar = slot.get_or_insert_with(|| {
                let bar = match p.total {
                    Some(total) => ProgressBar::new(total),
                    None => ProgressBar::new_spinner(),
                };
                let style = if p.total.is_some() {
                    ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
                } else {
                    ProgressStyle::with_template("{spinner} {pos} {msg}")
                };
                if let Ok(style) = style {
                    bar.set_style(style);
                }
                bar.enable_steady_tick(Duration::from_millis(120));
                bar
            });
            bar.set_position(p.done);
            bar.set_message(format!("{}{best} ({elapsed:.1} s)", p.stage));
            return;
        }
        let mut last = self.last.borrow_mut();
        if last.1 == p.stage && last.0.elapsed() < Duration::from_secs(1) {
            return;
        }
        *last = (Instant::now(), p.stage);
        let total = p.total.map_or_else(String::new, |t| format!("/{t}"));
        eprintln!("{}: {}{total}{best} ({elapsed:.1} s)", p.stage, p.done);
    }

    fn clear(&self) {
        if let Some(bar) = self.bar.borrow_mut().take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("2"), Ok((2, 2)));
        assert_eq!(parse_range("1..3"), Ok((1, 3)));
        assert_eq!(parse_range("1..=3"), Ok((1, 3)));
        assert!(parse_range("3..1").is_err());
        assert!(parse_range("a..b").is_err());
    }

    /// The options of `lockwork generate KIND`, as `--name`.
    fn options() -> Vec<String> {
        use clap::CommandFactory;
        let cli = crate::cli::Cli::command();
        let generate = cli.find_subcommand("generate").into_iter();
        generate
            .flat_map(|g| g.get_subcommands())
            .flat_map(|kind| kind.get_arguments())
            .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
            .collect()
    }

    #[test]
    fn every_parameter_is_an_option() {
        let options = options();
        for param in Param::ALL {
            assert!(options.contains(&flag(param)), "no option {}", flag(param));
        }
    }

    #[test]
    fn errors_name_options_not_fields() {
        for e in crate::generate::error_examples() {
            let text = e.worded(&flag);
            for param in e.params() {
                assert!(text.contains(&flag(param)), "{text} does not name {param}");
            }
        }
        let e = GenerateError::Param {
            param: Param::KeysPerLock,
            problem: crate::generate::Problem::TooSmall { min: 1, value: 0 },
        };
        assert_eq!(e.worded(&flag), "--keys-per-lock must be at least 1, not 0");
    }
}
