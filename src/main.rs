//! The `lockwork` program: the editor, or a command-line tool.

use std::process::ExitCode;

use clap::Parser;
use lockwork::cli::{Cli, run};

fn main() -> ExitCode {
    run(Cli::parse(), |file| {
        // The editor arrives with the `editor` feature; until then, show the help.
        let _ = file;
        let mut cmd = <Cli as clap::CommandFactory>::command();
        cmd.print_help()?;
        Ok(())
    })
}
