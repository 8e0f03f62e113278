//! The `lockwork` command line: `solve`, `check` and (with the editor) opening a level.

/// Like `println!`, but when standard output is closed (`lockwork check F | head`)
/// the rest of the output is dropped quietly instead of panicking; the exit
/// status still tells the outcome.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// Like `print!`, with the same care as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($arg)*);
    }};
}

mod check;
pub mod generate;
mod report;
mod solve;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::format::{self, Loaded};
use crate::solver::DEFAULT_MAX_STATES;

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

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Find a least-cost plan. Exit status 0 solvable, 1 unsolvable, 2 invalid file, 3 too large.
    Solve {
        /// The level file.
        file: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Give up past this many states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Report validation errors and warnings, then the analysis of the level.
    Check {
        /// The level file.
        file: PathBuf,
        /// Give up past this many states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Write a new level: `lockwork generate KIND [options] -o OUT`.
    Generate(generate::GenerateArgs),
}

/// Runs the command line; what `main` calls. `open_editor` is given the file
/// to open when no subcommand is named, or `None` for the built-in sample.
pub fn run(cli: Cli, open_editor: impl FnOnce(Option<PathBuf>) -> anyhow::Result<()>) -> ExitCode {
    match cli.command {
        Some(Command::Solve {
            file,
            json,
            max_states,
        }) => ExitCode::from(solve::run(&file, json, max_states)),
        Some(Command::Check { file, max_states }) => ExitCode::from(check::run(&file, max_states)),
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

/// A cost for people: `12` for whole numbers, `2.5` otherwise.
pub fn format_cost(x: f64) -> String {
    report::cost(x)
}

/// Loads a level, printing every problem to standard error when it cannot.
fn load_or_report(path: &Path) -> Option<Loaded> {
    match format::from_file(path) {
        Ok(loaded) => Some(loaded),
        Err(e) => {
            let problems = e.problems();
            eprintln!("error: {} is not a valid level:", path.display());
            for p in problems {
                eprintln!("  {p}");
            }
            None
        }
    }
}
