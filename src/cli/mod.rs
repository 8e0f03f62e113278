//! The `lockwork` command line: `solve`, `check` and (with the editor) opening a level.

/// Like `println!`, but when standard output is closed (`lockwork check F | head`)
/// the rest of the output is dropped quietly instead of panicking; the exit
/// status still tells the outcome. Control characters from the file are
/// escaped ([`printable`]).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let _ = writeln!(std::io::stdout(), "{}", $crate::cli::printable(&text));
    }};
}

/// Like `print!`, with the same care as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let _ = write!(std::io::stdout(), "{}", $crate::cli::printable(&text));
    }};
}

mod batch;
mod check;
mod check_json;
mod findings;
pub mod generate;
mod measures;
mod report;
mod solve;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use crate::format::{self, Loaded};
use crate::model::Level;
use crate::rules::Rules;
use crate::solver::{DEFAULT_MAX_STATES, SolveError, SolveOptions, Stop};
use crate::validate::Indexed;

/// Exit status: the level is solvable (or, for `check`, valid and solvable).
pub const EXIT_SOLVABLE: u8 = 0;
/// Exit status: the level is valid but cannot be solved.
pub const EXIT_UNSOLVABLE: u8 = 1;
/// Exit status: the file is not a valid level (or cannot be read).
pub const EXIT_INVALID: u8 = 2;
/// Exit status: the level is too large for the solver's limits.
pub const EXIT_TOO_LARGE: u8 = 3;

/// Lockwork: design, solve and generate lock-and-key and lever-door puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "lockwork",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A level file to open in the editor.
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    /// What to do.
    pub command: Option<Command>,
}

/// The subcommands. Each builds its arguments only when it is run or its
/// help is shown (`defer`): building them all took most of the parse.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Find a least-cost plan. Exit status 0 solvable, 1 unsolvable, 2 invalid file, 3 too large.
    Solve {
        /// The level file.
        file: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// How long it may work.
        #[command(flatten)]
        budget: Budget,
    },
    /// Report validation errors and warnings, then the analysis of the level.
    Check {
        /// The level file.
        file: PathBuf,
        /// Print everything as one JSON object instead of text (docs/format.md).
        #[arg(long)]
        json: bool,
        /// How long it may work.
        #[command(flatten)]
        budget: Budget,
    },
    /// Write a new level: `lockwork generate KIND [options] -o OUT`.
    Generate(generate::GenerateArgs),
}

/// Runs the command line; what `main` calls. `open_editor` is given the file
/// to open when no subcommand is named, or `None` for the built-in sample.
pub fn run(cli: Cli, open_editor: impl FnOnce(Option<PathBuf>) -> anyhow::Result<()>) -> ExitCode {
    match cli.command {
        Some(Command::Solve { file, json, budget }) => {
            ExitCode::from(solve::run(&file, json, &budget.armed()))
        }
        Some(Command::Check {
            file,
            json: true,
            budget,
        }) => ExitCode::from(check_json::run(&file, &budget.armed())),
        Some(Command::Check { file, budget, .. }) => {
            ExitCode::from(check::run(&file, &budget.armed()))
        }
        Some(Command::Generate(args)) => ExitCode::from(generate::run(args)),
        None => match open_editor(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e:#}");
                ExitCode::FAILURE
            }
        },
    }
}

// The doc is for rustdoc only: clap reads a doc comment on an `Args`
// struct as the about line of the subcommand it is flattened into, over
// the subcommand's own.
#[cfg_attr(
    doc,
    doc = "How much work `solve` and `check` may do before they answer with what they proved so far."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[derive(Debug, Args)]
pub struct Budget {
    /// States one search may store before it stops.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = parse_states)]
    max_states: usize,
    /// Seconds the analysis may take before it answers with what it proved.
    #[arg(long, default_value_t = 10.0, value_parser = parse_seconds)]
    max_seconds: f64,
    /// Set by Ctrl+C.
    #[arg(skip)]
    interrupted: Option<Arc<AtomicBool>>,
    /// When the analysis was given its options: its clock starts there.
    #[arg(skip)]
    started: Cell<Option<Instant>>,
}

/// A search with no room for a single state could not even hold the start.
fn parse_states(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "expected a whole number of states above 0, not \"{text}\""
        )),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 1e9 => Ok(s),
        _ => Err(format!(
            "expected a number of seconds above 0, not \"{text}\""
        )),
    }
}

impl Budget {
    /// The budget with Ctrl+C stopping the analysis (which then answers).
    fn armed(mut self) -> Self {
        let flag = Arc::new(AtomicBool::new(false));
        // Without a handler Ctrl+C simply ends the program, as before.
        if signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag)).is_ok() {
            self.interrupted = Some(flag);
        }
        self
    }

    /// The options of an analysis that starts now: the clock that
    /// [`Budget::ended_early`] reads starts here.
    fn start(&self) -> SolveOptions {
        self.started.set(Some(Instant::now()));
        SolveOptions {
            max_states: self.max_states,
            max_time: Some(Duration::from_secs_f64(self.max_seconds)),
            cancel: self.interrupted.clone(),
        }
    }

    /// Whether the analysis ended before nine tenths of its time limit.
    fn ended_early(&self) -> bool {
        self.started
            .get()
            .is_some_and(|t| t.elapsed().as_secs_f64() < 0.9 * self.max_seconds)
    }

    /// What to say when the analysis stopped before it was complete.
    fn incomplete(&self, stop: Stop) -> String {
        let why = match stop {
            Stop::States => format!(
                "a search met more than {} states (--max-states)",
                report::count(self.max_states)
            ),
            // Each part of the analysis gets a share of the time, so that
            // one that runs long leaves time for the rest. When the
            // analysis ended well before the limit, say so.
            Stop::Time if self.ended_early() => format!(
                "a search used up its share of the time limit of {} s (--max-seconds)",
                self.max_seconds
            ),
            Stop::Time => format!(
                "the time limit of {} s ran out (--max-seconds)",
                self.max_seconds
            ),
            Stop::Cancelled => "it was interrupted".to_owned(),
        };
        format!(
            "note: the analysis is incomplete because {why}; what is shown was proven before it stopped"
        )
    }
}

/// `text` with its control characters but line breaks and tabs escaped
/// (`\u{1b}`): ids and names come from the file, and one holding a
/// terminal's escape sequence would otherwise recolour or rewrite the
/// terminal the report is read in.
pub(crate) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Reports an error of the solver and gives the exit status for it.
fn fail(e: &SolveError) -> u8 {
    eprintln!("error: {}", printable(&e.to_string()));
    match e {
        SolveError::Invalid(_) => EXIT_INVALID,
        _ => EXIT_TOO_LARGE,
    }
}

/// Loads a level, printing every problem to standard error when it cannot.
fn load_or_report(path: &Path) -> Option<Loaded> {
    load_indexed_or_report(path).map(|(loaded, _)| loaded)
}

/// [`load_or_report`], keeping the index its validation built, so that the
/// level's rules are made without checking it a second time.
fn load_indexed_or_report(path: &Path) -> Option<(Loaded, Indexed)> {
    match format::from_file_indexed(path) {
        Ok(loaded) => Some(loaded),
        Err(e) => {
            let problems = e.problems();
            eprintln!("error: {} is not a valid level:", path.display());
            for p in problems {
                eprintln!("  {}", printable(&p));
            }
            None
        }
    }
}

/// The rules of a level just loaded with `index`, or the exit status after
/// saying why there are none.
fn rules_or_fail(level: &Level, index: Indexed) -> Result<Rules<'_>, u8> {
    Rules::checked(level, index).map_err(|e| fail(&SolveError::Invalid(e.0)))
}

#[cfg(test)]
mod tests {
    use super::{Budget, Stop};

    fn budget(max_seconds: f64) -> Budget {
        Budget {
            max_states: 1000,
            max_seconds,
            interrupted: None,
            started: Default::default(),
        }
    }

    /// An analysis that stops on time well before the limit says a search
    /// used up its share; one that ran to the limit says the limit ran out.
    #[test]
    fn the_note_says_which_time_ran_out() {
        let early = budget(1000.0);
        let _ = early.start();
        let said = early.incomplete(Stop::Time);
        assert!(
            said.contains("a search used up its share of the time limit of 1000 s (--max-seconds)"),
            "{said}"
        );

        let late = budget(0.001);
        let _ = late.start();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let said = late.incomplete(Stop::Time);
        assert!(
            said.contains("the time limit of 0.001 s ran out (--max-seconds)"),
            "{said}"
        );

        // Without a clock started, the limit is what is named.
        let said = budget(1000.0).incomplete(Stop::Time);
        assert!(said.contains("ran out (--max-seconds)"), "{said}");
    }
}
