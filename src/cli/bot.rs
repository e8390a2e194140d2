//! `akon bot`: runs the Discord bot until Ctrl-C or SIGTERM.
//!
//! Stopping is bounded in every state. serenity's `Client::start` cannot be
//! relied on to return: while the gateway is unreachable its shard queuer
//! retries forever and `shutdown_all` has no shard to stop. So the bot
//! supervises it: it waits for a stop request beside `start()`, then closes
//! the gateway, drains interactions and closes the database, each step with
//! its own limit, and finally drops the runtime without waiting for a
//! computer search still running on a blocking thread.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ConnectionStage, Http, ShardManager};
use tokio::sync::watch;
use tokio::time::{timeout, Instant};
use tracing_subscriber::fmt::MakeWriter;

use super::default_tables;
use crate::config::{Config, LogFormat, TablesSetting};
use crate::discord::{build_client, gateway_check, rest_client, serve_interactions, RequestFailure};
use crate::service::{Service, SystemClock};
use crate::store::{Backend, BotLock, LockError, Store};
use crate::telemetry;

/// serenity's warnings stay on, except the shard queuer's and runner's: they
/// repeat every few seconds while Discord is unreachable, and
/// [`watch_gateway`] reports that in fewer and clearer lines.
const DEFAULT_LOG_FILTER: &str =
    "info,serenity=warn,serenity::gateway::bridge::shard_queuer=error,serenity::gateway::bridge::shard_runner=error";

/// The limits of the steps of a stop; together well under the 10 s a service
/// manager gives before it kills.
const GATEWAY_CLOSE_LIMIT: Duration = Duration::from_secs(2);
const DRAIN_LIMIT: Duration = Duration::from_secs(4);
const STORE_CLOSE_LIMIT: Duration = Duration::from_secs(1);
const RUNTIME_SHUTDOWN_LIMIT: Duration = Duration::from_secs(1);

/// Waits between attempts to reach Discord before the first connection.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(60);
/// A REST request that has not answered by then counts as a failed attempt.
const PROBE_LIMIT: Duration = Duration::from_secs(10);

/// Exit code when a second signal cuts the stop short.
const EXIT_FORCED: i32 = 1;

pub fn run() -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(error) => return super::bad_input(error),
    };
    init_logging(config.log_format, &config.discord.token);
    let names = std::env::vars_os().filter_map(|(name, _)| name.into_string().ok());
    for unknown in Config::unknown_variables(names) {
        tracing::warn!(variable = %unknown.name, did_you_mean = unknown.closest, "{unknown}");
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
    let outcome = runtime.block_on(serve(config));
    // A computer search cannot be interrupted; its result would have nowhere
    // to go, so its thread is left to end with the process.
    runtime.shutdown_timeout(RUNTIME_SHUTDOWN_LIMIT);
    match outcome {
        Ok(()) => {
            tracing::info!("stopped");
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
        LogFormat::Json => tracing::error!("{message}"),
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

fn init_logging(format: LogFormat, token: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER));
    let writer = RedactingStderr {
        secret: Arc::from(token),
    };
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    let _ = match format {
        LogFormat::Text => {
            let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            builder.with_ansi(colour).try_init()
        }
        LogFormat::Json => builder.json().flatten_event(true).with_ansi(false).try_init(),
    };
}

/// Makes the writers of log lines: stderr with every occurrence of the
/// token replaced, whatever logged it (serenity at `trace` shows much of
/// what it sends).
#[derive(Clone)]
struct RedactingStderr {
    secret: Arc<str>,
}

impl<'a> MakeWriter<'a> for RedactingStderr {
    type Writer = Redacting<std::io::StderrLock<'static>>;

    fn make_writer(&'a self) -> Self::Writer {
        Redacting {
            secret: self.secret.clone(),
            inner: std::io::stderr().lock(),
        }
    }
}

/// Writes to `inner` with `secret` replaced by `<token>`.
struct Redacting<W> {
    secret: Arc<str>,
    inner: W,
}

impl<W: Write> Write for Redacting<W> {
    /// The formatter hands over one whole line per call, so a token is never
    /// split between two calls.
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        if !self.secret.is_empty() && text.contains(&*self.secret) {
            self.inner
                .write_all(text.replace(&*self.secret, "<token>").as_bytes())?;
        } else {
            self.inner.write_all(buf)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The endgame tables the configuration asks for, for every search of the bot.
fn take_tables(setting: &TablesSetting) {
    match setting {
        TablesSetting::Off => tracing::info!("endgame tables off (AKON_TABLES=off)"),
        TablesSetting::File(path) => open_tables(path),
        TablesSetting::Default { max_seeds } => build_default_tables(*max_seeds),
    }
}

/// Installs the endgame tables for every search of the bot; a file that
/// cannot be used is said in one line, and the bot runs without tables.
fn open_tables(path: &std::path::Path) {
    match crate::ai::tables::Tables::open(path) {
        Ok(tables) => {
            tracing::info!(
                path = %path.display(),
                max_seeds = tables.max_seeds(),
                "endgame tables in use"
            );
            let _ = crate::ai::tables::install(tables);
        }
        Err(error) => tracing::error!("AKON_TABLES: {error}; the computer plays without endgame tables"),
    }
}

/// Takes the tables akon builds itself, on a thread of their own: the bot
/// answers and plays without them meanwhile, and every search started once
/// they are installed probes them.
fn build_default_tables(max_seeds: u8) {
    let directory = default_tables::cache_directory_here();
    default_tables::obtain_in_background(directory, max_seeds, log_building, install_built);
}

fn log_building(building: default_tables::Building<'_>) {
    tracing::info!(
        path = %building.path.display(),
        max_seeds = building.max_seeds,
        bytes = building.bytes,
        threads = building.threads,
        damaged = building.damaged.map(|e| e.to_string()),
        "building the endgame tables at low priority; the computer plays without them until they are ready"
    );
}

fn install_built(obtained: Result<default_tables::Obtained, default_tables::CannotBuild>) {
    match obtained {
        Ok(obtained) => {
            // Nothing else installs tables in the bot when AKON_TABLES is unset.
            if let Ok(tables) = crate::ai::tables::install(obtained.tables) {
                tracing::info!(
                    path = %tables.path().display(),
                    max_seeds = tables.max_seeds(),
                    built_in_seconds = obtained.built_in.map(|t| (t.as_secs_f64() * 10.0).round() / 10.0),
                    "endgame tables in use"
                );
            }
        }
        Err(error) => tracing::error!("{error}; the computer plays without endgame tables"),
    }
}

async fn serve(config: Config) -> Result<(), Failure> {
    let mut stop = stop_requests();
    // First, so that a taken port stops the bot before it logs anything.
    let ops = match config.metrics_addr {
        Some(addr) => Some(telemetry::serve(addr).await.map_err(anyhow::Error::from)?),
        None => None,
    };
    // Likewise the web pages' port; they are served once the database is open.
    let web_listener = match config.web_addr {
        Some(addr) => Some(crate::web::bind(addr).await.map_err(anyhow::Error::from)?),
        None => None,
    };
    let interactions_listener = match &config.interactions {
        Some((addr, _)) => Some(bind_interactions(*addr).await?),
        None => None,
    };
    let backend = Backend::of_url(&config.database_url);
    // Only SQLite needs the lock: processes on one PostgreSQL database share
    // the work through the database itself.
    let _lock = match backend {
        Backend::Postgres => None,
        Backend::Sqlite => match lock_the_database(&config.database_url, &mut stop).await? {
            DatabaseLock::Held(lock) => Some(lock),
            DatabaseLock::NoDirectory => None,
            DatabaseLock::Stopped => return Ok(()),
        },
    };
    let store = Store::open(&config.database_url).await.map_err(|e| match backend {
        Backend::Sqlite => {
            anyhow::anyhow!("{e}. Set DATABASE_URL in .env to a writable SQLite file, e.g. DATABASE_URL=sqlite:akon.db")
        }
        Backend::Postgres => anyhow::anyhow!(
            "{e}. Check that the PostgreSQL server DATABASE_URL names is running, reachable, and lets this user in"
        ),
    })?;
    let lease_owner = match &config.interactions {
        Some((addr, _)) => http_lease_owner(*addr),
        None => config.discord.shards.lease_owner(),
    };
    let store = store.with_lease_owner(&lease_owner);
    if backend == Backend::Sqlite {
        // The lock shows that no other process runs on this file: whatever
        // leases are left belong to a process that died.
        store.clear_leases().await.map_err(anyhow::Error::from)?;
    }
    if let Some(ops) = &ops {
        ops.health().set_database(store.health_check());
    }
    tracing::info!(database = %crate::store::redacted_url(&config.database_url), "database ready");
    // Once the bot is sure to run, so that a configuration it stops on is
    // said in one line with nothing built.
    take_tables(&config.tables);
    let service = Service::new(store.clone(), config.service.clone(), Arc::new(SystemClock));
    // The pages read the database only, so they are served while Discord
    // is still being reached.
    let web = match web_listener {
        Some(listener) => Some(crate::web::serve(listener, service.clone()).map_err(anyhow::Error::from)?),
        None => None,
    };
    let reached = wait_until_reachable(&rest_client(&config.discord), &mut stop).await;
    if !matches!(reached, Ok(true)) {
        stop_web(web).await;
        store.close().await;
        return reached.map(|_| ());
    }
    if let (Some(listener), Some((_, interactions))) = (interactions_listener, &config.interactions) {
        let served = tokio::select! {
            served = serve_interactions(&config.discord, interactions, service, listener) => served,
            _ = stop.wait_for(|stopping| *stopping) => {
                stop_web(web).await;
                store.close().await;
                return Ok(());
            }
        };
        let (server, handle) =
            served.map_err(|e| anyhow::anyhow!("cannot start taking interactions over HTTP: {e}"))?;
        if let Some(ops) = &ops {
            ops.health().without_gateway();
        }
        let _ = stop.wait_for(|stopping| *stopping).await;
        handle.stop_scheduler();
        server.stop().await;
        handle.wait_idle(DRAIN_LIMIT).await;
        stop_web(web).await;
        if let Some(ops) = ops {
            ops.stop().await;
        }
        if timeout(STORE_CLOSE_LIMIT, store.close()).await.is_err() {
            tracing::warn!("a database transaction was still open at the stop");
        }
        return Ok(());
    }
    // Building asks Discord for the gateway address, with no time limit.
    let built = tokio::select! {
        built = build_client(&config.discord, service) => built,
        _ = stop.wait_for(|stopping| *stopping) => {
            stop_web(web).await;
            store.close().await;
            return Ok(());
        }
    };
    let (mut client, handle) = built.map_err(|e| anyhow::anyhow!("cannot build the Discord client: {e}"))?;
    let shards = client.shard_manager.clone();
    if let Some(ops) = &ops {
        ops.health().set_gateway(gateway_check(shards.clone()));
    }
    let watcher = tokio::spawn(watch_gateway(shards.clone()));
    let ended = tokio::select! {
        result = config.discord.shards.start(&mut client) => Some(result),
        _ = stop.wait_for(|stopping| *stopping) => None,
    };
    watcher.abort();
    handle.stop_scheduler();
    if ended.is_none() && timeout(GATEWAY_CLOSE_LIMIT, shards.shutdown_all()).await.is_err() {
        tracing::warn!(
            limit_s = GATEWAY_CLOSE_LIMIT.as_secs(),
            "the gateway did not close in time"
        );
    }
    // Answers in flight reach the players if they are ready in time. A
    // computer search that is not is dropped unrecorded (moves are written
    // in single transactions) and searched again after the restart.
    handle.wait_idle(DRAIN_LIMIT).await;
    stop_web(web).await;
    if let Some(ops) = ops {
        ops.stop().await;
    }
    if timeout(STORE_CLOSE_LIMIT, store.close()).await.is_err() {
        tracing::warn!("a database transaction was still open at the stop; SQLite rolls it back");
    }
    match ended {
        None | Some(Ok(())) => Ok(()),
        Some(Err(serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication))) => {
            Err(Failure::TokenRejected)
        }
        Some(Err(error)) => Err(anyhow::anyhow!("Discord connection failed: {error}").into()),
    }
}

/// Binds the interactions endpoint's port, saying which variable to change
/// when it cannot.
async fn bind_interactions(addr: std::net::SocketAddr) -> Result<tokio::net::TcpListener, Failure> {
    tokio::net::TcpListener::bind(addr).await.map_err(|error| {
        Failure::Other(anyhow::anyhow!(
            "cannot listen on {addr} for interactions: {error}; set AKON_INTERACTIONS_ADDR to a free address and port"
        ))
    })
}

/// Who an HTTP-mode process is to the others on the database: its host and
/// address, stable across its restarts and distinct from its peers'.
fn http_lease_owner(addr: std::net::SocketAddr) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    format!("interactions {} {addr}", host.trim())
}

/// Stops serving the web pages, if they were: before the database closes,
/// so that no page is left half-read.
async fn stop_web(web: Option<crate::web::WebServer>) {
    if let Some(web) = web {
        web.stop().await;
    }
}

/// How long a bot waits for another one on the same database to stop (a
/// deploy that starts the new process before the old one has stopped).
const LOCK_WAIT: Duration = Duration::from_secs(15);

enum DatabaseLock {
    Held(BotLock),
    /// The database's directory does not exist: opening it says so.
    NoDirectory,
    /// Asked to stop while waiting for the lock.
    Stopped,
}

/// Takes the one-bot-per-database lock, waiting up to [`LOCK_WAIT`] for a
/// process that holds it to stop.
async fn lock_the_database(url: &str, stop: &mut watch::Receiver<bool>) -> Result<DatabaseLock, Failure> {
    let path = crate::config::sqlite_path(url);
    let deadline = Instant::now() + LOCK_WAIT;
    let mut said = false;
    loop {
        match BotLock::try_acquire(&path) {
            Ok(lock) => return Ok(DatabaseLock::Held(lock)),
            Err(held @ LockError::Held { .. }) if Instant::now() < deadline => {
                if !said {
                    tracing::warn!(wait_s = LOCK_WAIT.as_secs(), "{held}; waiting for it to stop");
                    said = true;
                }
            }
            Err(held @ LockError::Held { .. }) => {
                return Err(anyhow::anyhow!(
                    "{held}, and it did not stop within {} s: stop it first (one bot per database; see README.md, \"Operating the bot\")",
                    LOCK_WAIT.as_secs()
                )
                .into())
            }
            // No such directory: opening the database says so, better.
            Err(LockError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(DatabaseLock::NoDirectory)
            }
            Err(error) => return Err(anyhow::anyhow!("{error}").into()),
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(250)) => {}
            _ = stop.wait_for(|stopping| *stopping) => return Ok(DatabaseLock::Stopped),
        }
    }
}

/// Becomes `true` at the first Ctrl-C or SIGTERM. A second one exits at once.
///
/// The handlers are installed before this returns: until then a SIGTERM
/// would still kill the process the default way.
fn stop_requests() -> watch::Receiver<bool> {
    let (request, requested) = watch::channel(false);
    let mut signals = match Signals::new() {
        Ok(signals) => signals,
        Err(error) => {
            tracing::error!(%error, "cannot listen for stop signals; only a kill stops the bot");
            return requested;
        }
    };
    tokio::spawn(async move {
        signals.next().await;
        tracing::info!(
            limit_s = (GATEWAY_CLOSE_LIMIT + DRAIN_LIMIT + STORE_CLOSE_LIMIT + RUNTIME_SHUTDOWN_LIMIT).as_secs(),
            "shutting down; a second Ctrl-C or SIGTERM stops at once"
        );
        let _ = request.send(true);
        signals.next().await;
        tracing::warn!("second stop signal: exiting at once, answers in flight are dropped");
        std::process::exit(EXIT_FORCED);
    });
    requested
}

/// Ctrl-C (SIGINT), and SIGTERM where there is one.
#[cfg(unix)]
struct Signals {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl Signals {
    fn new() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    async fn next(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

#[cfg(not(unix))]
struct Signals;

#[cfg(not(unix))]
impl Signals {
    fn new() -> std::io::Result<Signals> {
        Ok(Signals)
    }

    async fn next(&mut self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Asks Discord who the bot is until it answers, waiting longer after each
/// failure. `Ok(false)`: a stop was requested first.
///
/// Done before the client is built, because serenity builds it with
/// Discord's public gateway address when it cannot ask for the right one.
async fn wait_until_reachable(http: &Http, stop: &mut watch::Receiver<bool>) -> Result<bool, Failure> {
    let mut wait = FIRST_RETRY;
    for attempt in 1u32.. {
        let error = tokio::select! {
            answer = timeout(PROBE_LIMIT, http.get_current_user()) => match answer {
                Ok(Ok(_)) => {
                    if attempt > 1 {
                        tracing::info!(attempt, "Discord is reachable again");
                    }
                    return Ok(true);
                }
                Ok(Err(error)) if RequestFailure::of(&error) == RequestFailure::Unauthorised => return Err(Failure::TokenRejected),
                Ok(Err(error)) => with_causes(&error),
                Err(_) => format!("no answer within {} s", PROBE_LIMIT.as_secs()),
            },
            _ = stop.wait_for(|stopping| *stopping) => return Ok(false),
        };
        tracing::warn!(attempt, retry_in_s = wait.as_secs(), %error, "cannot reach Discord; retrying");
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stop.wait_for(|stopping| *stopping) => return Ok(false),
        }
        wait = (wait * 2).min(LONGEST_RETRY);
    }
    unreachable!("the attempts are counted without end")
}

/// The error and its causes: serenity's own message for a failed request
/// hides whether the connection was refused, reset or timed out.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let more = inner.to_string();
        if !text.contains(&more) {
            text = format!("{}: {more}", text.trim_end_matches('.'));
        }
        cause = inner.source();
    }
    text
}

/// Logs when the gateway connection is lost and regained, and while it is
/// down, a line after 10 s, 20 s, 40 s… (at most every 5 minutes) instead
/// of one per serenity retry.
async fn watch_gateway(shards: Arc<ShardManager>) {
    const FIRST_REPORT: Duration = Duration::from_secs(10);
    const LONGEST_REPORT: Duration = Duration::from_secs(300);
    let mut down_since = Some(Instant::now());
    let mut ever_connected = false;
    let mut next_report = FIRST_REPORT;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let connected = {
            let runners = shards.runners.lock().await;
            !runners.is_empty() && runners.values().all(|r| r.stage == ConnectionStage::Connected)
        };
        match (connected, down_since) {
            (true, Some(since)) => {
                if ever_connected {
                    tracing::info!(down_s = since.elapsed().as_secs(), "reconnected to Discord");
                }
                ever_connected = true;
                down_since = None;
                next_report = FIRST_REPORT;
            }
            (false, None) => {
                tracing::warn!("lost the connection to Discord; reconnecting");
                down_since = Some(Instant::now());
            }
            (false, Some(since)) if since.elapsed() >= next_report => {
                tracing::warn!(
                    down_s = since.elapsed().as_secs(),
                    "still no connection to the Discord gateway; serenity retries every 5 s"
                );
                next_report = since.elapsed() + since.elapsed().min(LONGEST_REPORT);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.GfAkEx.fake-token-for-tests-only";

    fn redacted(line: &str) -> String {
        let mut out = Redacting {
            secret: Arc::from(TOKEN),
            inner: Vec::new(),
        };
        write!(out, "{line}").unwrap();
        String::from_utf8(out.inner).unwrap()
    }

    #[test]
    fn the_token_is_replaced_wherever_it_appears_in_a_log_line() {
        let line = format!("DEBUG identify token=\"Bot {TOKEN}\" again {TOKEN}\n");
        assert_eq!(redacted(&line), "DEBUG identify token=\"Bot <token>\" again <token>\n");
        assert_eq!(redacted("INFO database ready\n"), "INFO database ready\n");
    }

    #[test]
    fn causes_are_appended_once() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused");
        let error = anyhow::Error::new(io).context("Error while sending HTTP request.");
        assert_eq!(
            with_causes(error.as_ref()),
            "Error while sending HTTP request: connection refused"
        );
    }
}
