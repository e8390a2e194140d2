//! Shared helpers for integration tests.
//!
//! Not every suite uses every helper, hence the blanket `dead_code` allowance.
#![allow(dead_code)]

#[macro_use]
pub mod db;
pub mod balancer;
pub mod browser;
pub mod fake_discord;
pub mod scene;
pub mod service_fixture;
pub mod tcp_proxy;
pub mod tournament_scene;

use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub use balancer::free_port;
use fake_discord::FakeDiscord;

/// The real binary as `akon bot` in `dir` (an empty directory, so no `.env`
/// is read) with exactly `vars` set: nothing of the test's environment
/// leaks in, and loopback never goes through a proxy. The endgame tables
/// are off unless `vars` set `AKON_TABLES` (empty for the tables the bot
/// builds itself), so that no bot of the suite builds them in passing.
pub fn akon_bot<K: AsRef<OsStr>, V: AsRef<OsStr>>(dir: &Path, vars: &[(K, V)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
    command
        .arg("bot")
        .current_dir(dir)
        .env_clear()
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("AKON_TABLES", "off");
    for (name, value) in vars {
        command.env(name, value);
    }
    command
}

/// `RUST_LOG` for a bot whose progress a test follows in its log: the
/// usual lines, and one per interaction handled and per delivery pass
/// (`akon::progress`, see docs/OPERATING.md).
pub const LOG_WITH_PROGRESS: &str = "info,akon::progress=debug";

/// A child process, killed (SIGKILL) and reaped when dropped: a test that
/// fails leaves nothing running. Used as the `Child` it holds.
pub struct KilledOnDrop(Child);

impl KilledOnDrop {
    pub fn new(child: Child) -> KilledOnDrop {
        KilledOnDrop(child)
    }
}

impl std::ops::Deref for KilledOnDrop {
    type Target = Child;

    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for KilledOnDrop {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
        }
        let _ = self.0.wait();
    }
}

/// The address a process logged it listens on: the `addr=` field of its
/// first log line with `message` (as `akon bot` logs each server it
/// starts, the port chosen when it was given port 0).
pub fn logged_address(log: &str, message: &str) -> Option<SocketAddr> {
    let line = log.lines().find(|line| line.contains(message))?;
    let (_, rest) = line.split_once("addr=")?;
    rest.split_whitespace().next()?.parse().ok()
}

/// Waits for the address the process logging to `log` listens on (see
/// [`logged_address`]), for up to `limit`.
pub async fn wait_logged_address(log: &Path, message: &str, limit: Duration) -> SocketAddr {
    let mut found = None;
    eventually(&format!("a log line {message:?} with its address"), limit, async || {
        found = logged_address(&std::fs::read_to_string(log).unwrap_or_default(), message);
        found.is_some()
    })
    .await;
    found.unwrap()
}

/// How many lines of the log file at `log` contain `needle`.
pub fn log_lines_with(log: &Path, needle: &str) -> usize {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains(needle))
        .count()
}

/// `akon bot` as a child process in `dir` on the database `url`, talking
/// to `fake`, running `shards` (`None`: all of them); its log goes to
/// `dir/bot-{log}.log` (appended, so that a restart keeps the first run's
/// lines), or nowhere.
pub fn spawn_bot(fake: &FakeDiscord, dir: &Path, url: &str, shards: Option<&str>, log: Option<&str>) -> KilledOnDrop {
    spawn_bot_with(fake, dir, url, shards, log, &[])
}

/// [`spawn_bot`] with more variables set (`AKON_SCHEDULER_SECONDS`, …).
pub fn spawn_bot_with(
    fake: &FakeDiscord,
    dir: &Path,
    url: &str,
    shards: Option<&str>,
    log: Option<&str>,
    more: &[(&str, &str)],
) -> KilledOnDrop {
    let api_base = fake.api_base();
    let mut vars = vec![
        ("DISCORD_TOKEN", fake_discord::TOKEN),
        ("DISCORD_PROXY_URL", api_base.as_str()),
        ("DATABASE_URL", url),
        ("RUST_LOG", "info"),
    ];
    if let Some(shards) = shards {
        vars.push(("AKON_SHARDS", shards));
    }
    vars.extend_from_slice(more);
    let (stdout, stderr) = match log {
        Some(name) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(format!("bot-{name}.log")))
                .unwrap();
            (Stdio::from(file.try_clone().unwrap()), Stdio::from(file))
        }
        None => (Stdio::null(), Stdio::null()),
    };
    KilledOnDrop::new(
        akon_bot(dir, &vars)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .expect("the akon binary starts"),
    )
}

/// The messages the bot asked to post in channels, by nonce, and how many
/// times each: a message owed is to be posted once, whichever process
/// posts it.
pub fn posts_by_nonce(fake: &FakeDiscord) -> std::collections::HashMap<String, usize> {
    let mut posts = std::collections::HashMap::new();
    for request in fake.requests() {
        if request.method == "POST"
            && request.path.starts_with("/api/v10/channels/")
            && request.path.ends_with("/messages")
        {
            if let Some(nonce) = request.body["nonce"].as_str() {
                *posts.entry(nonce.to_string()).or_insert(0) += 1;
            }
        }
    }
    posts
}

/// Polls `check` until it holds, for up to `limit` (else the test fails,
/// naming `what`); returns how long it took. For what a real process or
/// a database does in its own time, which the test cannot be told of.
pub async fn eventually(what: &str, limit: Duration, mut check: impl AsyncFnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !check().await {
        assert!(started.elapsed() < limit, "timed out ({limit:?}) waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    started.elapsed()
}

/// A fake Discord that knows `organiser`, who may manage the server, and
/// `players`.
pub async fn fake_with_organiser(
    organiser: &fake_discord::TestUser,
    players: impl IntoIterator<Item = fake_discord::TestUser>,
) -> FakeDiscord {
    let fake = FakeDiscord::start().await;
    fake.add_user(organiser);
    let manage_server = fake_discord::APP_PERMISSIONS.parse::<u64>().unwrap() | 0x20;
    fake.set_member_permissions(organiser, &manage_server.to_string());
    for player in players {
        fake.add_user(&player);
    }
    fake
}

/// Waits until the process `fake` serves is ready and has registered the
/// commands, for up to `limit`.
pub async fn wait_registered(fake: &FakeDiscord, limit: std::time::Duration) {
    fake.wait_ready().await;
    eventually("the commands registered", limit, async || {
        !fake.registered_commands().is_empty()
    })
    .await;
}
