//! Shared helpers for integration tests.
//!
//! Not every test binary uses every helper, hence the blanket `dead_code` allowance.
#![allow(dead_code)]

#[macro_use]
pub mod db;
pub mod fake_discord;
pub mod scene;
pub mod tcp_proxy;

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

/// The real binary as `akon bot` in `dir` (an empty directory, so no `.env`
/// is read) with exactly `vars` set: nothing of the test's environment
/// leaks in, and loopback never goes through a proxy.
pub fn akon_bot<K: AsRef<OsStr>, V: AsRef<OsStr>>(dir: &Path, vars: &[(K, V)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
    command
        .arg("bot")
        .current_dir(dir)
        .env_clear()
        .env("NO_PROXY", "127.0.0.1,localhost");
    for (name, value) in vars {
        command.env(name, value);
    }
    command
}
