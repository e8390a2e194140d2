//! `akon bot`: runs the Discord bot until Ctrl-C or SIGTERM.
//!
//! Stopping is bounded in every state. serenity's `Client::start` cannot be
//! relied on to return: while the gateway is unreachable its shard queuer
//! retries forever and `shutdown_all` has no shard to stop. So the bot
//! supervises it: it waits for a stop request beside `start()`, then closes
//! the gateway, drains interactions and closes the database, each step with
//! its own limit ([`shutdown`]), and finally drops the runtime without
//! waiting for a computer search still running on a blocking thread.
//!
//! One module per job: [`logging`] (log lines, the token redacted),
//! [`endgame_tables`], [`lock`] (one bot per SQLite file), [`signals`],
//! [`probe`] (reaching Discord before the client is built), [`gateway`]
//! (watching the connection), [`serve`] (starting each part in turn) and
//! [`shutdown`] (stopping what was started, on every way out).

mod endgame_tables;
mod gateway;
mod lock;
mod logging;
mod probe;
mod serve;
mod shutdown;
mod signals;

use std::process::ExitCode;

use crate::config::{Config, LogFormat};

/// The target of every log line of the bot's start and stop, whichever
/// module writes it: operators filter on it (`RUST_LOG`) and read it in
/// the lines docs/OPERATING.md shows.
const LOG_TARGET: &str = "akon::cli::bot";

pub fn run() -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(error) => return super::bad_input(error),
    };
    logging::init(config.log_format, &config.discord.token);
    let names = std::env::vars_os().filter_map(|(name, _)| name.into_string().ok());
    for unknown in Config::unknown_variables(names) {
        tracing::warn!(target: LOG_TARGET, variable = %unknown.name, did_you_mean = unknown.closest, "{unknown}");
    }
    let format = config.log_format;
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            return complain(
                format,
                ExitCode::FAILURE,
                format!("cannot start the async runtime: {error}"),
            )
        }
    };
    let outcome = runtime.block_on(serve::serve(config));
    // A computer search cannot be interrupted; its result would have nowhere
    // to go, so its thread is left to end with the process.
    runtime.shutdown_timeout(shutdown::RUNTIME_SHUTDOWN_LIMIT);
    match outcome {
        Ok(()) => {
            tracing::info!(target: LOG_TARGET, "stopped");
            ExitCode::SUCCESS
        }
        Err(Failure::TokenRejected) => complain(
            format,
            ExitCode::from(super::EXIT_BAD_INPUT),
            "Discord rejected DISCORD_TOKEN (401 Unauthorized): copy the token again from the Bot page \
             of your application in the Discord developer portal (see README.md, \"Creating the Discord application\")",
        ),
        Err(Failure::Other(error)) => complain(format, ExitCode::FAILURE, format!("{error:#}")),
    }
}

/// Says why the bot ends: the command's one `akon: …` line, or in JSON
/// logs an error event, so that a log collector reads it like the rest.
fn complain(format: LogFormat, code: ExitCode, message: impl std::fmt::Display) -> ExitCode {
    match format {
        LogFormat::Text => eprintln!("akon: {message}"),
        LogFormat::Json => tracing::error!(target: LOG_TARGET, "{message}"),
    }
    code
}

/// Why the bot stopped without being asked to.
enum Failure {
    TokenRejected,
    Other(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        Failure::Other(error)
    }
}
