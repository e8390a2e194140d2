//! Operating the bot: the real `akon` binary as a child process, stopped by
//! signals in each state it can be in, refusing bad configuration, and
//! writing logs a service manager can collect. Discord is the fake on
//! 127.0.0.1, or a 127.0.0.1 port where it cannot be reached.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::fake_discord::{self as fake, FakeDiscord, CHANNEL_ID};
use crate::support::{akon_bot, KilledOnDrop, LOG_WITH_PROGRESS};
use akon::ai::Level;
use akon::engine::{Hole, Seat};
use akon::service::{MovePress, Place, Player, Service, ServiceConfig, SystemClock};
use akon::store::Store;
use serde_json::Value;

/// The promise of a stop: the bot is gone within 10 s, whatever it is doing.
const STOP_LIMIT: Duration = Duration::from_secs(10);

/// A running `akon bot` whose stderr is collected line by line.
struct Bot {
    child: KilledOnDrop,
    lines: Arc<Mutex<Vec<String>>>,
    /// The thread reading stderr, which ends with the process.
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Bot {
    fn start(dir: &Path, vars: &[(String, String)]) -> Bot {
        let mut child = akon_bot(dir, vars)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the akon binary starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let stderr = child.stderr.take().unwrap();
        let collected = lines.clone();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                collected.lock().unwrap().push(line);
            }
        });
        Bot {
            child: KilledOnDrop::new(child),
            lines,
            reader: Some(reader),
        }
    }

    fn logs(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// Waits (at most 30 s) for a log line containing `needle`.
    async fn wait_for_line(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(line) = self.lines.lock().unwrap().iter().find(|l| l.contains(needle)) {
                return line.clone();
            }
            assert!(
                Instant::now() < deadline,
                "no log line with {needle:?}:\n{}",
                self.logs()
            );
            if let Some(exit) = self.child.try_wait().unwrap() {
                panic!("the bot exited ({exit:?}) before logging {needle:?}:\n{}", self.logs());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -{name}");
    }

    /// Waits for the process to end; fails the test if it takes longer than `limit`.
    async fn exit_within(&mut self, limit: Duration) -> ExitStatus {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(exit) = self.child.try_wait().unwrap() {
                eprintln!(
                    "the bot exited {:?} into the wait for it",
                    limit - (deadline - Instant::now())
                );
                // The reader thread takes the last lines, up to the end
                // of stderr, which the process closed as it exited.
                if let Some(reader) = self.reader.take() {
                    tokio::task::spawn_blocking(move || reader.join().unwrap())
                        .await
                        .unwrap();
                }
                return exit;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                panic!("the bot was still running {limit:?} after the signal:\n{}", self.logs());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The variables of a bot run against `api_base` with its database in the
/// working directory.
fn bot_vars(api_base: &str, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut vars = vars(&[
        ("DISCORD_TOKEN", fake::TOKEN),
        ("DISCORD_PROXY_URL", api_base),
        ("DATABASE_URL", "sqlite:bot.db"),
    ]);
    vars.extend(self::vars(extra));
    vars
}

fn vars(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

/// A 127.0.0.1 port where nothing listens (it was free a moment ago).
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Every log line parsed as JSON (the test runs with AKON_LOG_FORMAT=json).
fn json_lines(logs: &str) -> Vec<Value> {
    logs.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}")))
        .collect()
}

fn message(line: &Value) -> &str {
    line["message"].as_str().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_connected_stops_the_bot_with_code_0_and_plain_logs() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&fake.api_base(), &[("RUST_LOG", "info")]));
    fake.wait_ready().await;
    assert!(
        dir.path().join("bot.db").exists(),
        "the database file is created and migrated"
    );
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(0), "{logs}");
    assert!(logs.contains("shutting down") && logs.contains("stopped"), "{logs}");
    fake.wait_disconnected().await;
    assert!(
        !logs.contains("\x1b["),
        "no colour codes when stderr is not a terminal:\n{logs}"
    );
    assert!(!logs.contains(fake::TOKEN), "the token is never logged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_while_connected_stops_the_bot_with_code_0() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&fake.api_base(), &[]));
    fake.wait_ready().await;
    bot.signal("INT");
    let exit = bot.exit_within(STOP_LIMIT).await;
    assert_eq!(exit.code(), Some(0), "{}", bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_reconnecting_after_discord_went_away_stops_the_bot_with_code_0() {
    // serenity notices a closed gateway at its next heartbeat: make that soon.
    let fake = FakeDiscord::start_with_heartbeat(1000).await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&fake.api_base(), &[]));
    fake.wait_ready().await;
    // The fake closes the gateway and stops listening: serenity keeps
    // retrying the same 127.0.0.1 port.
    drop(fake);
    bot.wait_for_line("lost the connection to Discord; reconnecting").await;
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(0), "{logs}");
    assert!(
        !logs.contains("Shard Queuer"),
        "serenity's per-retry warnings are left out by default:\n{logs}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_nothing_listens_where_discord_should_be_stops_the_bot_with_code_0() {
    let dir = tempfile::tempdir().unwrap();
    let api_base = format!("http://127.0.0.1:{}", closed_port());
    let mut bot = Bot::start(dir.path(), &bot_vars(&api_base, &[]));
    // Three attempts, each logged once, with the wait doubling in between.
    bot.wait_for_line("attempt=3").await;
    let retries: Vec<String> = bot
        .logs()
        .lines()
        .filter(|l| l.contains("cannot reach Discord"))
        .map(str::to_string)
        .collect();
    assert!(
        retries[0].contains("attempt=1") && retries[0].contains("retry_in_s=1"),
        "{retries:?}"
    );
    assert!(
        retries[1].contains("attempt=2") && retries[1].contains("retry_in_s=2"),
        "{retries:?}"
    );
    assert!(
        retries[2].contains("attempt=3") && retries[2].contains("retry_in_s=4"),
        "{retries:?}"
    );
    assert!(
        retries[0].to_lowercase().contains("connection refused"),
        "the line says why: {retries:?}"
    );
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    assert_eq!(exit.code(), Some(0), "{}", bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_discord_drops_every_connection_stops_the_bot_with_code_0() {
    // A listener that accepts and at once drops every connection.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = accepted.clone();
    let dropper = tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            drop(socket);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&format!("http://127.0.0.1:{port}"), &[]));
    bot.wait_for_line("attempt=2").await;
    assert!(accepted.load(std::sync::atomic::Ordering::SeqCst) >= 2);
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    assert_eq!(exit.code(), Some(0), "{}", bot.logs());
    dropper.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_a_request_to_discord_hangs_stops_the_bot_with_code_0() {
    // A listener that accepts connections and never answers on them.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (accepted, mut accepting) = tokio::sync::mpsc::unbounded_channel();
    let holder = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
            let _ = accepted.send(());
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&format!("http://127.0.0.1:{port}"), &[]));
    tokio::time::timeout(Duration::from_secs(30), accepting.recv())
        .await
        .expect("the bot connects");
    bot.wait_for_line("database ready").await;
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    assert_eq!(exit.code(), Some(0), "{}", bot.logs());
    holder.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_rejects_ends_the_bot_with_code_2_and_one_line() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let other_token = "MTAwMDAwMDAwMDAwMDAwMDAy.GfAkEx.a-token-discord-does-not-know";
    let mut vars = bot_vars(&fake.api_base(), &[]);
    vars[0].1 = other_token.to_string();
    let mut bot = Bot::start(dir.path(), &vars);
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(2), "{logs}");
    let complaints: Vec<&str> = logs.lines().filter(|l| l.starts_with("akon: ")).collect();
    assert_eq!(complaints.len(), 1, "{logs}");
    assert!(
        complaints[0].starts_with("akon: Discord rejected DISCORD_TOKEN"),
        "{logs}"
    );
    assert_eq!(
        logs.lines().last(),
        Some(complaints[0]),
        "the reason comes last:\n{logs}"
    );
    assert!(!logs.contains(other_token));
}

/// A database holding a game against the computer at `master` with the
/// computer to move, as a crash between a human's move and the computer's
/// leaves it: the bot starts its search as soon as it is connected.
async fn game_awaiting_a_master_move(db: &Path) -> (i64, usize) {
    let store = Store::open_file(db).await.unwrap();
    let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(SystemClock));
    let place = Place {
        guild_id: Some(fake::GUILD_ID),
        channel_id: CHANNEL_ID,
        venue: akon::venue::Venue::Server,
    };
    let human = Player {
        id: 300000000000000001,
        name: "alice".into(),
        is_bot: false,
    };
    let computer = Player {
        id: fake::BOT_ID,
        name: "TestBot".into(),
        is_bot: true,
    };
    let view = service
        .start_computer_game(place, &human, &computer, Level::Master)
        .await
        .unwrap();
    if view.to_move() == Some(Seat::A) && !view.computer_to_move() {
        service
            .play(MovePress::new(view.id, 0, Hole::new(4).unwrap(), &human))
            .await
            .unwrap();
    }
    assert!(service.game(view.id).await.unwrap().computer_to_move());
    let moves = store.moves(view.id).await.unwrap().len();
    store.close().await;
    (view.id, moves)
}

/// Starts the bot on a game awaiting a `master` move and returns once its
/// search has begun.
async fn bot_searching_a_master_move(fake: &FakeDiscord, dir: &Path) -> (Bot, i64, usize) {
    let (game_id, moves) = game_awaiting_a_master_move(&dir.join("bot.db")).await;
    let mut bot = Bot::start(dir, &bot_vars(&fake.api_base(), &[("AKON_LOG_FORMAT", "json")]));
    fake.wait_ready().await;
    bot.wait_for_line("catching up on a computer move").await;
    (bot, game_id, moves)
}

/// How many moves `game_id` has in the database file `db`.
async fn recorded_moves(db: &Path, game_id: i64) -> usize {
    let store = Store::open_file(db).await.unwrap();
    let moves = store.moves(game_id).await.unwrap().len();
    store.close().await;
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_a_master_search_stops_the_bot_in_time_without_recording_a_half_searched_move() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (mut bot, game_id, before) = bot_searching_a_master_move(&fake, dir.path()).await;
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(0), "{logs}");
    let lines = json_lines(&logs);
    let search_finished = lines.iter().any(|l| message(l) == "computer move");
    eprintln!("the search finished before the stop: {search_finished}");
    let after = recorded_moves(&dir.path().join("bot.db"), game_id).await;
    if search_finished {
        // The search beat the stop: its move is whole, recorded once.
        assert_eq!(after, before + 1, "{logs}");
    } else {
        assert_eq!(after, before, "an unfinished search records nothing:\n{logs}");
    }
    assert!(lines.iter().any(|l| message(l) == "stopped"), "{logs}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_master_search_cut_short_by_a_stop_is_searched_again_after_the_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let (mut bot, game_id, before) = bot_searching_a_master_move(&fake, dir.path()).await;
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0), "{}", bot.logs());
    let finished_first = json_lines(&bot.logs()).iter().any(|l| message(l) == "computer move");
    drop(bot);

    let mut bot = Bot::start(dir.path(), &bot_vars(&fake.api_base(), &[("AKON_LOG_FORMAT", "json")]));
    fake.wait_ready().await;
    if !finished_first {
        // master's time cap ends the search within 10 s even in a debug build.
        bot.wait_for_line("\"message\":\"computer move\"").await;
        let deadline = Instant::now() + Duration::from_secs(10);
        while recorded_moves(&db, game_id).await == before {
            assert!(
                Instant::now() < deadline,
                "the move was never recorded:\n{}",
                bot.logs()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0), "{}", bot.logs());
    assert_eq!(
        recorded_moves(&db, game_id).await,
        before + 1,
        "exactly one computer move"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_sigterm_during_the_stop_exits_at_once_with_code_1() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // The search keeps the stop waiting for it (up to the drain limit).
    let (mut bot, game_id, before) = bot_searching_a_master_move(&fake, dir.path()).await;
    bot.signal("TERM");
    bot.wait_for_line("shutting down").await;
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(1), "{logs}");
    let lines = json_lines(&logs);
    assert!(
        lines.iter().any(|l| message(l).starts_with("second stop signal")),
        "{logs}"
    );
    assert!(
        !lines.iter().any(|l| message(l) == "stopped"),
        "the second signal cut the drain short:\n{logs}"
    );
    let search_finished = lines.iter().any(|l| message(l) == "computer move");
    if !search_finished {
        assert_eq!(recorded_moves(&dir.path().join("bot.db"), game_id).await, before);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_log_format_writes_one_json_object_per_line_without_the_token() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(
        dir.path(),
        &bot_vars(&fake.api_base(), &[("AKON_LOG_FORMAT", "json"), ("RUST_LOG", "debug")]),
    );
    fake.wait_ready().await;
    bot.wait_for_line("commands registered").await;
    bot.signal("TERM");
    let exit = bot.exit_within(STOP_LIMIT).await;
    let logs = bot.logs();
    assert_eq!(exit.code(), Some(0), "{logs}");
    let lines = json_lines(&logs);
    assert!(lines.len() >= 4, "{logs}");
    for line in &lines {
        assert!(line["timestamp"].is_string() && line["level"].is_string(), "{line}");
    }
    let ready = lines
        .iter()
        .find(|l| message(l) == "database ready")
        .expect("database ready");
    assert_eq!(ready["database"], "sqlite:bot.db", "fields are JSON fields");
    assert!(!logs.contains(fake::TOKEN), "the token is never logged, even at debug");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_misspelt_variable_is_named_with_the_closest_known_one() {
    let dir = tempfile::tempdir().unwrap();
    let api_base = format!("http://127.0.0.1:{}", closed_port());
    let mut bot = Bot::start(
        dir.path(),
        &bot_vars(&api_base, &[("AKON_CHALENGE_TTL_HOURS", "3"), ("DISCORD_GUILD", "1")]),
    );
    let warning = bot.wait_for_line("AKON_CHALENGE_TTL_HOURS").await;
    assert!(warning.contains("did you mean AKON_CHALLENGE_TTL_HOURS?"), "{warning}");
    let warning = bot.wait_for_line("DISCORD_GUILD ").await;
    assert!(warning.contains("did you mean DISCORD_GUILD_ID?"), "{warning}");
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0));
}

#[test]
fn each_unusable_database_url_exits_2_with_one_line_and_creates_no_file() {
    let cases = [
        ("garbage", "must be a sqlite: URL naming a file"),
        ("sqlite:", "names no database file"),
        ("sqlite::memory:", "names an in-memory SQLite database"),
        (
            "postgres://akon:secret@127.0.0.1:port/akon",
            "not a valid PostgreSQL URL",
        ),
        ("mysql://akon@127.0.0.1/akon", "MySQL"),
    ];
    for (url, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let vars = vars(&[("DISCORD_TOKEN", fake::TOKEN), ("DATABASE_URL", url)]);
        let output = akon_bot(dir.path(), &vars).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{url}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{url}: {stderr}");
        assert!(
            lines[0].starts_with("akon: ") && lines[0].contains(expected),
            "{url}: {stderr}"
        );
        assert!(
            lines[0].contains("e.g. DATABASE_URL=sqlite:akon.db") || lines[0].contains("postgres://USER"),
            "an example: {stderr}"
        );
        assert!(!stderr.contains("secret"), "no password echoed: {stderr}");
        let created: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(created.is_empty(), "{url} created {created:?}");
    }
}

#[test]
fn an_unreachable_postgresql_server_stops_the_bot_with_one_line_and_no_password() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on port 1 of the loopback address.
    let url = "postgres://akon:secret@127.0.0.1:1/akon";
    let vars = vars(&[("DISCORD_TOKEN", fake::TOKEN), ("DATABASE_URL", url)]);
    let output = akon_bot(dir.path(), &vars).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("akon: ")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains("cannot open the database") && errors[0].contains("PostgreSQL server"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("secret"), "no password echoed: {stderr}");
}

#[test]
fn an_unknown_log_format_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let vars = vars(&[("DISCORD_TOKEN", fake::TOKEN), ("AKON_LOG_FORMAT", "xml")]);
    let output = akon_bot(dir.path(), &vars).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("akon: AKON_LOG_FORMAT must be `text`"), "{stderr}");
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no file created"
    );
}

#[test]
fn the_bot_binary_explains_missing_or_bad_configuration_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let token = ("DISCORD_TOKEN", fake::TOKEN);
    let cases: Vec<(Vec<(String, String)>, &str)> = vec![
        (vec![], "DISCORD_TOKEN is not set"),
        (
            vars(&[("DISCORD_TOKEN", "not a token")]),
            "does not look like a bot token",
        ),
        (
            vars(&[token, ("DISCORD_GUILD_ID", "my server")]),
            "DISCORD_GUILD_ID must be",
        ),
        (
            vars(&[token, ("DATABASE_URL", "sqlite:/nonexistent/dir/akon.db")]),
            "cannot open the database",
        ),
    ];
    for (vars, expected) in cases {
        let output = akon_bot(dir.path(), &vars).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{vars:?}");
        assert!(stderr.contains(expected), "{vars:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(
            lines.len() == 1 && lines[0].starts_with("akon: "),
            "one line saying what to do: {stderr}"
        );
        assert!(
            !stderr.contains("panicked") && !stderr.contains("backtrace"),
            "{stderr}"
        );
        assert!(!stderr.contains(fake::TOKEN), "the token is never printed");
    }
}

#[test]
fn every_readme_section_named_in_an_error_message_exists() {
    let readme = include_str!("../README.md");
    let headings: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect();
    let sources = [
        include_str!("../src/config.rs"),
        include_str!("../src/cli/bot/mod.rs"),
        include_str!("../src/cli/bot/lock.rs"),
    ];
    // In the sources the quotes are escaped: README.md, \"Section\".
    let (opening, closing) = ("README.md, \\\"", "\\\"");
    let mut named = 0;
    for source in sources {
        for (at, _) in source.match_indices(opening) {
            let rest = &source[at + opening.len()..];
            let section = &rest[..rest.find(closing).unwrap()];
            assert!(headings.contains(&section), "no README section {section:?}");
            named += 1;
        }
    }
    assert!(named >= 3, "the messages name README sections");
}

#[tokio::test]
async fn store_open_refuses_in_memory_and_other_databases_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let in_dir = |url: &str| url.replace("DIR", &dir.path().to_string_lossy());
    for url in [
        "sqlite::memory:",
        "sqlite:",
        "sqlite:DIR/a.db?mode=memory",
        "mysql://127.0.0.1/akon",
    ] {
        let error = Store::open(&in_dir(url)).await.expect_err(url).to_string();
        assert!(error.contains("cannot open the database"), "{url}: {error}");
        assert!(error.contains("sqlite:akon.db"), "says what to use instead: {error}");
    }
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no file created"
    );
    // A file, as a URL or a path, still opens.
    Store::open(&in_dir("sqlite:DIR/url.db")).await.unwrap().close().await;
    Store::open(&in_dir("DIR/path.db")).await.unwrap().close().await;
    assert!(dir.path().join("url.db").exists() && dir.path().join("path.db").exists());
}

/// A second bot on the same SQLite file would send every reminder and
/// board twice: it waits for the first to stop, and takes over when it
/// does (a deploy that overlaps).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_bot_on_the_same_database_waits_for_the_first_to_stop() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let vars = bot_vars(&fake.api_base(), &[("RUST_LOG", "info")]);
    let mut first = Bot::start(dir.path(), &vars);
    fake.wait_ready().await;
    let mut second = Bot::start(dir.path(), &vars);
    let line = second.wait_for_line("another akon bot").await;
    assert!(
        line.contains(&format!("(pid {})", first.child.id())) && line.contains("waiting for it to stop"),
        "{line}"
    );
    assert_eq!(fake.sessions_opened(), 1, "the second bot does not connect meanwhile");
    first.signal("TERM");
    assert_eq!(first.exit_within(STOP_LIMIT).await.code(), Some(0));
    second.wait_for_line("connected to Discord").await;
    second.signal("TERM");
    assert_eq!(
        second.exit_within(STOP_LIMIT).await.code(),
        Some(0),
        "{}",
        second.logs()
    );
}

/// If the first bot does not stop, the second gives up with one clear line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_bot_on_the_same_database_gives_up_if_the_first_keeps_running() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let vars = bot_vars(&fake.api_base(), &[("RUST_LOG", "info")]);
    let _first = Bot::start(dir.path(), &vars);
    fake.wait_ready().await;
    let mut second = Bot::start(dir.path(), &vars);
    let exit = second.exit_within(Duration::from_secs(25)).await;
    let logs = second.logs();
    assert_eq!(exit.code(), Some(1), "{logs}");
    let last = logs.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("akon: another akon bot") && last.contains("stop it first"),
        "{logs}"
    );
}

/// `AKON_SHARDS=1-1/2`: this process runs shard 1 of 2 only, and leaves
/// registering the commands to the process that runs shard 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akon_shards_starts_only_that_range_and_shard_zero_alone_registers_commands() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(
        dir.path(),
        &bot_vars(
            &fake.api_base(),
            &[("AKON_SHARDS", "1-1/2"), ("RUST_LOG", LOG_WITH_PROGRESS)],
        ),
    );
    bot.wait_for_line("connected to Discord").await;
    let identified: Vec<serde_json::Value> = fake.identify_payloads().iter().map(|i| i["shard"].clone()).collect();
    assert_eq!(identified, vec![serde_json::json!([1, 2])], "only shard 1 of 2");
    // The first delivery pass comes after the commands' registration, if
    // the process were to register them.
    bot.wait_for_line("delivery pass done").await;
    assert!(
        fake.registered_commands().is_empty(),
        "shard 1's process registers nothing"
    );
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0));

    // Unset: Discord's recommended count (the fake says 1), all here.
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(dir.path(), &bot_vars(&fake.api_base(), &[]));
    fake.wait_ready().await;
    assert_eq!(
        fake.identify_payloads().last().unwrap()["shard"],
        serde_json::json!([0, 1])
    );
    assert!(!fake.registered_commands().is_empty());
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0));
}

/// A bot's variables with `AKON_TABLES` set to `tables`, the cache directory
/// `cache` and tables of 6 seeds when it builds its own.
fn tables_vars(fake: &FakeDiscord, cache: &Path, tables: &str) -> Vec<(String, String)> {
    bot_vars(
        &fake.api_base(),
        &[
            ("AKON_TABLES", tables),
            ("XDG_CACHE_HOME", cache.to_str().unwrap()),
            ("AKON_TABLES_SEEDS", "6"),
            ("RUST_LOG", "info"),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_akon_tables_the_bot_builds_its_own_tables_once_in_the_background_and_uses_them() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let file = cache.join("akon").join("akon-tables-6.bin");
    // Empty is unset: the tables the bot builds itself.
    let own_tables = tables_vars(&fake, &cache, "");
    let mut bot = Bot::start(dir.path(), &own_tables);
    fake.wait_ready().await;
    let building = bot.wait_for_line("building the endgame tables at low priority").await;
    assert!(
        building.contains(&format!("path={}", file.display())) && building.contains("max_seeds=6"),
        "{building}"
    );
    let in_use = bot.wait_for_line("endgame tables in use").await;
    assert!(
        in_use.contains(&format!("path={}", file.display())) && in_use.contains("built_in_seconds="),
        "{in_use}"
    );
    akon::ai::tables::Tables::open(&file).unwrap().verify().unwrap();
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0), "{}", bot.logs());
    drop(bot);

    // The next start reads the file it built.
    let mut bot = Bot::start(dir.path(), &own_tables);
    fake.wait_ready().await;
    let in_use = bot.wait_for_line("endgame tables in use").await;
    assert!(!in_use.contains("built_in_seconds"), "{in_use}");
    assert!(!bot.logs().contains("building the endgame tables"), "{}", bot.logs());
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0), "{}", bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn akon_tables_off_keeps_the_bot_from_building_tables() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let mut bot = Bot::start(dir.path(), &tables_vars(&fake, &cache, "off"));
    bot.wait_for_line("endgame tables off").await;
    fake.wait_ready().await;
    bot.signal("TERM");
    assert_eq!(bot.exit_within(STOP_LIMIT).await.code(), Some(0), "{}", bot.logs());
    assert!(!bot.logs().contains("building the endgame tables"), "{}", bot.logs());
    assert!(!cache.exists(), "nothing built");
}
