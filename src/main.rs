//! The `lockwork` program: the editor, or a command-line tool.

use std::process::ExitCode;

use clap::Parser;
use lockwork::cli::{Cli, run};

/// Loading and analysing a large level allocates and frees hundreds of
/// thousands of small blocks (ids, lists, states); mimalloc does that in
/// about half the time of the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    run(Cli::parse(), open_editor)
}

#[cfg(feature = "editor")]
fn open_editor(file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    lockwork::editor::run(file)
}

/// Built without the editor: say so, and show what the command line can do.
#[cfg(not(feature = "editor"))]
#[allow(
    clippy::needless_pass_by_value,
    reason = "the same signature as the editor's"
)]
fn open_editor(_file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    eprintln!(
        "this lockwork was built without the editor (feature \"editor\"); the command line works:\n"
    );
    let mut cmd = <Cli as clap::CommandFactory>::command();
    cmd.print_help()?;
    Ok(())
}
