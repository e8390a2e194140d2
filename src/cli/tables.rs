//! `akon tables build` and `akon tables verify`: the endgame tables, and
//! the `AKON_TABLES` variable through which the command-line tools that
//! search (`analyze`, `review`, `play`) find them, as the bot does.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::{bad_input, print_line};
use crate::ai::tables::{self, Tables};

#[derive(Args, Debug)]
pub struct TablesArgs {
    #[command(subcommand)]
    command: TablesCommand,
}

#[derive(Subcommand, Debug)]
enum TablesCommand {
    /// Solve every position with at most N seeds on the board and write the tables.
    Build(BuildArgs),
    /// Check every value of a tables file against its checksums.
    Verify(VerifyArgs),
}

#[derive(Args, Debug)]
struct BuildArgs {
    /// The most seeds on the board (1 to 40; 19, the largest file under 1 GB, takes about 10 minutes and 819 MB).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=tables::MOST_SEEDS as i64))]
    max_seeds: u8,
    /// Where to write the tables.
    #[arg(long, value_name = "FILE", default_value = "akon-tables.bin")]
    out: PathBuf,
    /// Threads for the forward pass of each layer (default: the cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

#[derive(Args, Debug)]
struct VerifyArgs {
    /// The tables file.
    file: PathBuf,
}

pub fn run(args: TablesArgs) -> ExitCode {
    match args.command {
        TablesCommand::Build(args) => build(&args),
        TablesCommand::Verify(args) => verify(&args.file),
    }
}

fn build(args: &BuildArgs) -> ExitCode {
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let size = tables::file_size(args.max_seeds);
    eprintln!(
        "akon: building the endgame tables up to {} seeds: {} bytes, {threads} threads",
        args.max_seeds, size
    );
    let started = Instant::now();
    let mut progress = |layer: tables::LayerBuilt| {
        eprintln!(
            "akon: {:>2} seeds: {:>11} positions in {:>7.1} s",
            layer.seeds,
            layer.boards,
            layer.elapsed.as_secs_f64()
        );
    };
    if let Err(e) = tables::build(args.max_seeds, threads, &args.out, &mut progress) {
        eprintln!("akon: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    print_line(&format!(
        "built {} up to {} seeds: {} positions, {} bytes, in {:.1} s",
        args.out.display(),
        args.max_seeds,
        tables::positions(args.max_seeds),
        size,
        started.elapsed().as_secs_f64()
    ))
}

fn verify(file: &Path) -> ExitCode {
    let checked = Tables::open(file).and_then(|t| t.verify().map(|()| t));
    match checked {
        Ok(t) => print_line(&format!("{}: sound, up to {} seeds", file.display(), t.max_seeds())),
        Err(e) => bad_input(e),
    }
}

/// Installs the tables `AKON_TABLES` names, if it is set, for a command-line
/// tool: a file that cannot be used is said in one line, and the tool goes
/// on without tables.
pub fn install_from_environment() {
    let Some(path) = std::env::var_os("AKON_TABLES").filter(|p| !p.is_empty()) else {
        return;
    };
    match Tables::open(Path::new(&path)) {
        Ok(t) => {
            let _ = tables::install(t);
        }
        Err(e) => eprintln!("akon: AKON_TABLES: {e}; searching without endgame tables"),
    }
}
