//! Shared helpers for integration tests.
//!
//! Not every suite uses every helper, hence the blanket `dead_code` allowance.
#![allow(dead_code)]

#[macro_use]
pub mod db;
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
