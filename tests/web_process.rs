//! The web pages served by the real `akon` binary, as a child process
//! with `AKON_WEB_ADDR` on 127.0.0.1 and the fake Discord: served while it
//! runs, gone with it after SIGTERM (exit code 0), and a bad setting or a
//! taken port stops it with one line before it opens anything.

use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::support::fake_discord::{self as fake, FakeDiscord};
use crate::support::{akon_bot, wait_logged_address, KilledOnDrop};

/// A bound on waiting for the bot, never a claim about speed.
const PATIENCE: Duration = Duration::from_secs(30);

async fn wait_exit(child: &mut Child) -> Option<ExitStatus> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(exit) = child.try_wait().unwrap() {
            return Some(exit);
        }
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_serves_the_pages_until_it_is_stopped() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("bot.log");
    let vars = [
        ("DISCORD_TOKEN", fake::TOKEN.to_string()),
        ("DISCORD_PROXY_URL", fake.api_base()),
        ("DATABASE_URL", "sqlite:bot.db".to_string()),
        // Port 0: the bot takes a free one and logs it.
        ("AKON_WEB_ADDR", "127.0.0.1:0".to_string()),
        ("AKON_WEB_BASE_URL", "https://akon.example.org".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let mut child = KilledOnDrop::new(
        akon_bot(dir.path(), &vars)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap(),
    );
    let addr = wait_logged_address(&log, "serving the web pages", PATIENCE).await;
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    let url = format!("http://{addr}/");
    let deadline = Instant::now() + PATIENCE;
    let front = loop {
        if let Ok(response) = http.get(&url).send().await {
            break response;
        }
        assert!(
            Instant::now() < deadline,
            "no page served:\n{}",
            std::fs::read_to_string(&log).unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(front.status().as_u16(), 200);
    assert!(front.headers().contains_key("content-security-policy"));
    assert!(front.text().await.unwrap().contains("The rules of Akon"));
    let missing = http.get(format!("{url}g/AAAAAAAAAAAAAAAAAAAAAA")).send().await.unwrap();
    assert_eq!(missing.status().as_u16(), 404);

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = wait_exit(&mut child).await;
    let logs = std::fs::read_to_string(&log).unwrap();
    assert_eq!(exit.and_then(|e| e.code()), Some(0), "{logs}");
    assert!(logs.contains("serving the web pages"), "{logs}");
    assert!(http.get(&url).send().await.is_err(), "the pages stopped with the bot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_web_setting_or_a_taken_port_stops_the_bot_with_one_line() {
    let fake = FakeDiscord::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken_addr = taken.local_addr().unwrap().to_string();
    let cases = [
        (
            "AKON_WEB_ADDR",
            "localhost:8080",
            Some(2),
            "akon: AKON_WEB_ADDR must be",
        ),
        ("AKON_WEB_ADDR", "8080", Some(2), "akon: AKON_WEB_ADDR must be"),
        ("AKON_WEB_ADDR", taken_addr.as_str(), Some(1), "already in use"),
        (
            "AKON_WEB_BASE_URL",
            "akon.example.org",
            Some(2),
            "akon: AKON_WEB_BASE_URL must be",
        ),
        (
            "AKON_WEB_BASE_URL",
            "https://x.org/?q=<b>",
            Some(2),
            "akon: AKON_WEB_BASE_URL must be",
        ),
    ];
    for (name, value, code, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let vars = [
            ("DISCORD_TOKEN", fake::TOKEN.to_string()),
            ("DISCORD_PROXY_URL", fake.api_base()),
            ("DATABASE_URL", "sqlite:bot.db".to_string()),
            (name, value.to_string()),
        ];
        let mut child = KilledOnDrop::new(
            akon_bot(dir.path(), &vars)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
        let exit = wait_exit(&mut child).await.expect("the bot exits");
        let mut stderr = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
        assert_eq!(exit.code(), code, "{name}={value}: {stderr}");
        let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{name}={value}: one line: {stderr}");
        assert!(lines[0].contains(expected), "{name}={value}: {stderr}");
        assert!(lines[0].contains(value), "the value is named: {stderr}");
        assert!(
            !dir.path().join("bot.db").exists(),
            "{name}={value}: stopped before the database"
        );
    }
    assert_eq!(fake.sessions_opened(), 0, "no bot connected");
    drop(taken);
}
