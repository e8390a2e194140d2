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

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

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

/// `akon bot` as a child process in `dir` on the database `url`, talking
/// to `fake`, running `shards` (`None`: all of them); its log goes to
/// `dir/bot-{log}.log` (appended, so that a restart keeps the first run's
/// lines), or nowhere.
pub fn spawn_bot(fake: &FakeDiscord, dir: &Path, url: &str, shards: Option<&str>, log: Option<&str>) -> Child {
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
) -> Child {
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
    akon_bot(dir, &vars)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the akon binary starts")
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

/// Polls `check` until it holds, for up to `limit`: for what a real
/// process does on its scheduler's time, which the fake cannot be told of.
pub async fn eventually(what: &str, limit: std::time::Duration, mut check: impl AsyncFnMut() -> bool) {
    let started = std::time::Instant::now();
    while !check().await {
        assert!(started.elapsed() < limit, "timed out ({limit:?}) waiting for {what}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
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
