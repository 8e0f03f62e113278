//! `lockwork generate KIND [options] -o OUT`: runs a generator, shows its
//! progress on standard error, stops cleanly on Ctrl+C, and writes the level
//! atomically.

use std::cell::RefCell;
use std::fmt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use super::load_or_report;
use crate::format;
use crate::generate::{
    BackwardParams, GenerateError, Generated, Generator, GeneratorParams, LeversParams,
    NestedParams, Param, Progress, RandomParams, Source, fresh_seed, help,
};
use crate::model::Level;

/// Exit status: the level was written.
const EXIT_OK: u8 = 0;
/// Exit status: the generator could not make a level (the message says why).
const EXIT_FAILED: u8 = 1;
/// Exit status: an input file is not a valid level, or the output cannot be written.
const EXIT_INVALID: u8 = 2;

// The docs of this and the `Args` structs below are for rustdoc only:
// clap reads a doc comment on an `Args` struct as the about line of the
// subcommand it is flattened into, over the subcommand's own.
#[cfg_attr(doc, doc = "`lockwork generate`: which generator, and its options.")]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
#[command(subcommand_value_name = "KIND", subcommand_help_heading = "Kinds")]
pub struct GenerateArgs {
    /// The generator.
    #[command(subcommand)]
    pub kind: Kind,
}

#[cfg_attr(
    doc,
    doc = "The four generators, described by their recipes; each builds its arguments only when it is run or its help is shown (`defer`)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Kind {
    #[command(about = Generator::Backward.recipe().about)]
    #[allow(missing_docs)]
    Backward(BackwardArgs),
    #[command(
        about = Generator::Levers.recipe().about,
        long_about = format!("{}\n\n{}", Generator::Levers.recipe().about, Generator::Levers.recipe().details)
    )]
    #[allow(missing_docs)]
    Levers(LeversArgs),
    #[command(about = Generator::Nested.recipe().about)]
    #[allow(missing_docs)]
    Nested(NestedArgs),
    #[command(about = Generator::Random.recipe().about)]
    #[allow(missing_docs)]
    Random(RandomArgs),
}

#[cfg_attr(doc, doc = "Options every generator takes.")]
#[cfg_attr(not(doc), allow(missing_docs))]
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
    /// Make this many levels (1 to 10000), seeds S..S+N-1 (S from --seed),
    /// in parallel; OUT is then a folder that receives the levels and
    /// measures.csv.
    #[arg(long, value_name = "N", value_parser = batch_count)]
    pub count: Option<usize>,
}

/// `--count`: a whole number from 1 to [`crate::generate::MAX_BATCH`].
fn batch_count(text: &str) -> Result<usize, String> {
    let most = crate::generate::MAX_BATCH;
    match text.parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(format!("a batch makes 1 to {most} levels")),
    }
}

#[cfg_attr(doc, doc = "Where the rooms and doors come from.")]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// Work on this layout (a level file) instead of a random graph.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rooms", "extra_doors"])]
    pub layout: Option<PathBuf>,
    #[arg(long, help = help(Generator::Backward, Param::Rooms))]
    rooms: Option<usize>,
    #[arg(long, help = help(Generator::Backward, Param::ExtraDoors))]
    extra_doors: Option<usize>,
}

#[cfg_attr(
    doc,
    doc = "`lockwork generate backward`. Its defaults are [`BackwardParams::default`]'s."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct BackwardArgs {
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    source: SourceArgs,
    #[arg(long, default_value_t = BackwardParams::default().locks, help = help(Generator::Backward, Param::Locks))]
    locks: usize,
    #[arg(long, value_name = "MIN..MAX", default_value_t = BackwardParams::default().keys_per_lock.into(), help = help(Generator::Backward, Param::KeysPerLock))]
    keys_per_lock: Span,
    #[arg(long, default_value_t = BackwardParams::default().red_herrings, help = help(Generator::Backward, Param::RedHerrings))]
    red_herrings: usize,
    #[arg(long, default_value_t = BackwardParams::default().side_areas, help = help(Generator::Backward, Param::SideAreas))]
    side_areas: usize,
    #[command(flatten)]
    aim: AimArgs,
    #[arg(long, default_value_t = BackwardParams::default().max_tries, help = help(Generator::Backward, Param::MaxTries))]
    max_tries: usize,
    #[arg(long, help = help(Generator::Backward, Param::OneSided))]
    one_sided: bool,
    #[arg(long, help = help(Generator::Backward, Param::AnyOf))]
    any_of: bool,
    #[arg(long, default_value_t = BackwardParams::default().second_ways, help = help(Generator::Backward, Param::SecondWays))]
    second_ways: usize,
    /// The level exactly as seed article 002's method makes it: one way
    /// into every locked area, the first level kept.
    #[arg(long, conflicts_with_all = ["second_ways", "min_backtracking", "min_key_distance", "min_routes", "score", "no_band", "max_tries"])]
    article: bool,
}

#[cfg_attr(
    doc,
    doc = "`lockwork generate levers`. Its defaults are [`LeversParams::default`]'s."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct LeversArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// The layout: rooms, doors (closed unless marked open) and levers with
    /// empty toggles (levers already wired keep their wiring).
    #[arg(long, value_name = "FILE")]
    layout: PathBuf,
    #[arg(long, default_value_t = LeversParams::default().min_doors, help = help(Generator::Levers, Param::MinDoors))]
    min_doors: usize,
    #[arg(long, default_value_t = LeversParams::default().max_doors, help = help(Generator::Levers, Param::MaxDoors))]
    max_doors: usize,
    #[arg(long, help = help(Generator::Levers, Param::AllowAlike))]
    allow_alike: bool,
    #[arg(long, help = format!(
        "{}, in seconds [default: {}, unless --evaluations or --target is given]",
        help(Generator::Levers, Param::Seconds),
        LeversParams::DEFAULT_SECONDS
    ))]
    seconds: Option<f64>,
    #[arg(long, help = help(Generator::Levers, Param::Evaluations))]
    evaluations: Option<u64>,
    #[arg(long, default_value_t = LeversParams::default().threads, hide_default_value = true, help = help(Generator::Levers, Param::Threads))]
    threads: usize,
    #[arg(long, help = help(Generator::Levers, Param::Target))]
    target: Option<u32>,
    #[arg(long, help = help(Generator::Levers, Param::Conditions))]
    conditions: bool,
    #[arg(long, default_value_t = LeversParams::default().min_literals, help = help(Generator::Levers, Param::MinLiterals))]
    min_literals: usize,
    #[arg(long, default_value_t = LeversParams::default().max_literals, help = help(Generator::Levers, Param::MaxLiterals))]
    max_literals: usize,
}

#[cfg_attr(
    doc,
    doc = "`lockwork generate nested`. Its defaults are [`NestedParams::default`]'s."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct NestedArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// The tree exactly as seed article 004 builds it: one to three children
    /// a room, every key in an ancestor, no extra entrances, depth 4 unless
    /// --depth says otherwise, the first tree kept.
    #[arg(long, conflicts_with_all = ["branching", "extra_entrances", "side_keys", "min_backtracking", "min_key_distance", "min_routes", "score", "no_band", "max_tries"])]
    article: bool,
    #[arg(long, help = format!(
        "{} [default: {}; {} with --article]",
        help(Generator::Nested, Param::Depth),
        NestedParams::default().depth, NestedParams::article().depth
    ))]
    depth: Option<usize>,
    #[arg(long, value_name = "MIN..MAX", default_value_t = NestedParams::default().branching.into(), help = help(Generator::Nested, Param::Branching))]
    branching: Span,
    #[arg(long, default_value_t = NestedParams::default().extra_entrances, help = help(Generator::Nested, Param::ExtraEntrances))]
    extra_entrances: usize,
    #[arg(long, default_value_t = NestedParams::default().side_keys, help = help(Generator::Nested, Param::SideKeys))]
    side_keys: f64,
    #[arg(long, default_value_t = NestedParams::default().max_rooms, help = help(Generator::Nested, Param::MaxRooms))]
    max_rooms: usize,
    #[command(flatten)]
    aim: AimArgs,
    #[arg(long, default_value_t = NestedParams::default().max_tries, help = help(Generator::Nested, Param::MaxTries))]
    max_tries: usize,
}

#[cfg_attr(
    doc,
    doc = "`lockwork generate random`. Its defaults are [`RandomParams::default`]'s."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct RandomArgs {
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    source: SourceArgs,
    #[arg(long, default_value_t = RandomParams::default().locks, help = help(Generator::Random, Param::Locks))]
    locks: usize,
    #[arg(long, default_value_t = RandomParams::default().levers, help = help(Generator::Random, Param::Levers))]
    levers: usize,
    #[arg(long, default_value_t = RandomParams::default().max_tries, help = help(Generator::Random, Param::MaxTries))]
    max_tries: usize,
    #[arg(long, help = help(Generator::Random, Param::MinCost))]
    min_cost: Option<f64>,
    #[arg(long, help = help(Generator::Random, Param::MinPulls))]
    min_pulls: Option<u32>,
    #[arg(long, default_value_t = RandomParams::default().max_states, help = help(Generator::Random, Param::MaxStates))]
    max_states: usize,
    #[command(flatten)]
    aim: AimArgs,
}

#[cfg_attr(
    doc,
    doc = "Targets on the quality measures (docs/format.md), for `random`, `backward` and `nested`."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct AimArgs {
    #[arg(long, help = help(Generator::Backward, Param::MinBacktracking))]
    min_backtracking: Option<f64>,
    #[arg(long, help = help(Generator::Backward, Param::MinKeyDistance))]
    min_key_distance: Option<f64>,
    #[arg(long, help = help(Generator::Backward, Param::MinRoutes))]
    min_routes: Option<f64>,
    #[arg(long, help = help(Generator::Backward, Param::Score))]
    score: bool,
    /// Keep the first level made instead of trying for one whose measures
    /// lie in the band of shipped dungeons (shared/real: rooms visited,
    /// backtracking, key distance, routes…).
    #[arg(long)]
    no_band: bool,
}

impl AimArgs {
    fn aim(&self) -> crate::generate::Aim {
        crate::generate::Aim {
            min_backtracking: self.min_backtracking,
            min_key_distance: self.min_key_distance,
            min_routes: self.min_routes,
            score: self.score,
            band: !self.no_band,
        }
    }
}

/// A number or a range of numbers: `"2"`, `"1..3"` or `"1..=3"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span(usize, usize);

impl From<(usize, usize)> for Span {
    fn from((lo, hi): (usize, usize)) -> Self {
        Self(lo, hi)
    }
}

impl From<Span> for (usize, usize) {
    fn from(span: Span) -> Self {
        (span.0, span.1)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.0, self.1)
    }
}

impl FromStr for Span {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        parse_range(text).map(Self::from)
    }
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

impl Kind {
    fn common(&self) -> &CommonArgs {
        match self {
            Self::Backward(a) => &a.common,
            Self::Levers(a) => &a.common,
            Self::Nested(a) => &a.common,
            Self::Random(a) => &a.common,
        }
    }
}

/// Runs `lockwork generate`; returns the exit status.
pub fn run(args: GenerateArgs) -> u8 {
    let GenerateArgs { kind } = args;
    let common = kind.common();
    let seed = common.seed.unwrap_or_else(fresh_seed);
    let quiet = common.quiet;
    let output = common.output.clone();
    if common.seed.is_none() && !quiet {
        eprintln!("seed {seed} (pass --seed {seed} to repeat this run)");
    }
    let cancel = Arc::new(AtomicBool::new(false));
    // The first Ctrl+C cancels the run; a second quits at once (the exit
    // is registered first, so that it sees only the Ctrl+C before).
    let sigint = signal_hook::consts::SIGINT;
    let _ = signal_hook::flag::register_conditional_shutdown(sigint, 130, Arc::clone(&cancel));
    let _ = signal_hook::flag::register(sigint, Arc::clone(&cancel));
    if let Some(count) = common.count {
        return super::batch::run(&kind, seed, count, &output, quiet, &cancel);
    }
    let reporter = Reporter::new(quiet);
    let report = |p: Progress| reporter.report(p);
    let Some(params) = kind.params(seed) else {
        return EXIT_INVALID;
    };
    let result = params.generate(&report, &cancel);
    reporter.clear();
    match result {
        Ok(mut generated) => {
            let options = crate::solver::SolveOptions {
                cancel: Some(Arc::clone(&cancel)),
                max_time: Some(crate::measures::RECORD_TIME),
                ..crate::solver::SolveOptions::default()
            };
            if let Err(e) = crate::measures::record(&mut generated.level, &options) {
                eprintln!("warning: the level was not measured: {e}");
            }
            write(&generated, &output, quiet)
        }
        Err(e) => {
            eprintln!("error: {}", e.worded(&flag));
            match e {
                GenerateError::InvalidLayout(_) => EXIT_INVALID,
                _ => EXIT_FAILED,
            }
        }
    }
}

impl Kind {
    /// The generator and its parameters; `None` when an input file could
    /// not be loaded (the problems are reported).
    pub(super) fn params(&self, seed: u64) -> Option<GeneratorParams> {
        Some(match self {
            Self::Backward(a) => GeneratorParams::Backward(a.params(seed)?),
            Self::Levers(a) => {
                let loaded = load_or_report(&a.layout)?;
                GeneratorParams::Levers(Box::new(a.params(seed, loaded.level)))
            }
            Self::Nested(a) => GeneratorParams::Nested(a.params(seed)),
            Self::Random(a) => GeneratorParams::Random(a.params(seed)?),
        })
    }
}

impl BackwardArgs {
    /// The parameters; `None` when the layout could not be loaded.
    fn params(&self, seed: u64) -> Option<BackwardParams> {
        Some(BackwardParams {
            seed,
            source: self.source.source(BackwardParams::DEFAULT_GRAPH)?,
            locks: self.locks,
            keys_per_lock: self.keys_per_lock.into(),
            red_herrings: self.red_herrings,
            side_areas: self.side_areas,
            aim: if self.article {
                crate::generate::Aim::default()
            } else {
                self.aim.aim()
            },
            max_tries: self.max_tries,
            one_sided: self.one_sided,
            any_of: self.any_of,
            second_ways: if self.article { 0 } else { self.second_ways },
        })
    }
}

impl LeversArgs {
    /// The parameters for wiring `layout`.
    fn params(&self, seed: u64, layout: Level) -> LeversParams {
        let mut params = LeversParams::new(layout);
        params.seed = seed;
        params.layout_name = file_name(&self.layout);
        params.min_doors = self.min_doors;
        params.max_doors = self.max_doors;
        params.allow_alike = self.allow_alike;
        params.set_budget(self.seconds, self.evaluations, self.target);
        params.threads = self.threads;
        params.conditions = self.conditions;
        params.min_literals = self.min_literals;
        params.max_literals = self.max_literals;
        params
    }
}

impl NestedArgs {
    /// The parameters.
    fn params(&self, seed: u64) -> NestedParams {
        if self.article {
            let article = NestedParams::article();
            return NestedParams {
                seed,
                depth: self.depth.unwrap_or(article.depth),
                max_rooms: self.max_rooms,
                ..article
            };
        }
        NestedParams {
            seed,
            depth: self.depth.unwrap_or(NestedParams::default().depth),
            branching: self.branching.into(),
            extra_entrances: self.extra_entrances,
            side_keys: self.side_keys,
            max_rooms: self.max_rooms,
            aim: self.aim.aim(),
            max_tries: self.max_tries,
        }
    }
}

impl RandomArgs {
    /// The parameters; `None` when the layout could not be loaded.
    fn params(&self, seed: u64) -> Option<RandomParams> {
        Some(RandomParams {
            seed,
            source: self.source.source(RandomParams::DEFAULT_GRAPH)?,
            locks: self.locks,
            levers: self.levers,
            max_tries: self.max_tries,
            min_cost: self.min_cost,
            min_pulls: self.min_pulls,
            max_states: self.max_states,
            aim: self.aim.aim(),
        })
    }
}

/// A generator parameter as its option: `--keys-per-lock`. The options are
/// named after the parameters' fields.
pub(super) fn flag(param: Param) -> String {
    if param == Param::Band {
        // On by default: the option switches it off.
        return "--no-band".into();
    }
    format!("--{}", param.field().replace('_', "-"))
}

impl SourceArgs {
    /// The source named by the options, loading the layout when there is
    /// one; a random graph of `(rooms, extra_doors)` unless the options say
    /// otherwise.
    fn source(&self, (rooms, extra_doors): (usize, usize)) -> Option<Source> {
        match &self.layout {
            Some(path) => {
                let loaded = load_or_report(path)?;
                Some(Source::Layout {
                    level: Box::new(loaded.level),
                    name: file_name(path),
                })
            }
            None => Some(Source::Graph {
                rooms: self.rooms.unwrap_or(rooms),
                extra_doors: self.extra_doors.unwrap_or(extra_doors),
            }),
        }
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
    if let Some(metrics) = level.generator.as_ref().and_then(|g| g.get("metrics")) {
        eprintln!("{}", metrics_line(metrics));
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

/// "score 27.25, backtracking 0.3, key distance 3.25, routes 1": the
/// headline measures of a generator record's `metrics`.
pub(crate) fn metrics_line(metrics: &serde_json::Value) -> String {
    let show = |v: &serde_json::Value| {
        if v.is_null() {
            "-".to_owned()
        } else {
            v.to_string()
        }
    };
    format!(
        "score {}, backtracking {}, key distance {}, routes {}, dead-end share {}",
        show(&metrics["score"]["total"]),
        show(&metrics["backtracking"]),
        show(&metrics["key_distance"]["mean"]),
        show(&metrics["routes"]["mean"]),
        show(&metrics["risk"]["dead_end_share"]),
    )
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
mod tests;
