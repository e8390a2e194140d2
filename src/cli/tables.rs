//! `akon tables build` and `akon tables verify`: the endgame tables, and
//! the `AKON_TABLES` variable through which the command-line tools that
//! search (`analyze`, `review`, `play`) find them, or take the tables akon
//! builds itself (`default_tables.rs`), as the bot does.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::default_tables::{self, Building};
use super::{bad_input, print_line};
use crate::ai::tables::{self, Tables};
use crate::config::TablesSetting;

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
    match Tables::open_verified(file) {
        Ok(t) => print_line(&format!("{}: sound, up to {} seeds", file.display(), t.max_seeds())),
        Err(e) => bad_input(e),
    }
}

/// The largest tables a tool that answers once waits for (about 10 s of
/// building on two cores): a bigger first build is left to the bot and
/// `akon play`, which answer while they build, rather than holding up an
/// answer for minutes.
const WAITED_FOR_SEEDS: u8 = 12;

/// How a command-line tool takes the tables akon builds itself when they
/// are not built yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstBuild {
    /// `analyze` and `review` answer once and exit: they wait for a small
    /// build, and take bigger tables only once built.
    Wait,
    /// `play` goes on at once and takes them once they are ready.
    InTheBackground,
}

/// Installs the tables the environment asks for (`AKON_TABLES`,
/// `AKON_TABLES_SEEDS`) for a command-line tool: a file that cannot be used
/// or built is said in one line on stderr, and the tool goes on without
/// tables.
pub fn install_from_environment(first_build: FirstBuild) {
    let get = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let setting = match crate::config::tables_setting(get) {
        Ok(setting) => setting,
        Err(e) => return eprintln!("akon: {e}; searching without endgame tables"),
    };
    match setting {
        TablesSetting::Off => {}
        TablesSetting::File(path) => match Tables::open(&path) {
            Ok(t) => {
                let _ = tables::install(t);
            }
            Err(e) => eprintln!("akon: AKON_TABLES: {e}; searching without endgame tables"),
        },
        TablesSetting::Default { max_seeds } => {
            let directory = default_tables::cache_directory_here();
            if first_build == FirstBuild::Wait && max_seeds > WAITED_FOR_SEEDS {
                let path = default_tables::file_in(&directory, max_seeds);
                match Tables::open_verified(&path) {
                    Ok(t) => {
                        let _ = tables::install(t);
                    }
                    Err(_) => eprintln!(
                        "akon: the endgame tables in {} are not built yet (`akon bot` and `akon play` build them); searching without them",
                        path.display()
                    ),
                }
                return;
            }
            let say = move |building: Building<'_>| say_building(building, first_build);
            let done = |obtained: Result<default_tables::Obtained, default_tables::CannotBuild>| match obtained {
                Ok(obtained) => {
                    let _ = tables::install(obtained.tables);
                }
                Err(e) => eprintln!("akon: {e}; searching without endgame tables"),
            };
            let build = default_tables::obtain_in_background(directory, max_seeds, say, done);
            if first_build == FirstBuild::Wait {
                let _ = build.join();
            }
        }
    }
}

fn say_building(building: Building<'_>, first_build: FirstBuild) {
    let Building {
        path,
        max_seeds,
        bytes,
        damaged,
        ..
    } = building;
    let why = match damaged {
        Some(e) => format!("{e}; "),
        None => String::new(),
    };
    let meanwhile = match first_build {
        FirstBuild::Wait => "once, before the first search",
        FirstBuild::InTheBackground => "in the background; the computer plays without them until they are ready",
    };
    eprintln!(
        "akon: {why}building the endgame tables up to {max_seeds} seeds in {} ({} MB), {meanwhile}",
        path.display(),
        bytes.div_ceil(1_000_000)
    );
}
