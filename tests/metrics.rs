//! Health and metrics for operators, end to end: the real `akon` binary as a
//! child process with `AKON_METRICS_ADDR` on 127.0.0.1, the fake Discord,
//! a real SQLite file, and plain HTTP requests to `/healthz` and `/metrics`.

use std::collections::HashMap;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::support::fake_discord::{self as fake, FakeDiscord, Stall, TestUser, CHANNEL_ID};
use crate::support::scene::{
    alice, boards_after, bob, button_with_label, ephemeral_text, hole_buttons, is_board, user_to_move,
};
use crate::support::{akon_bot, wait_logged_address, KilledOnDrop};
use prometheus_parse::{LineInfo, Scrape, Value as Metric};
use serde_json::json;

/// How long to wait for something that happens in the background (a
/// scrape showing a finished interaction, serenity giving up a lost
/// connection). Only a bound on waiting, never a claim about speed.
const PATIENCE: Duration = Duration::from_secs(30);

/// The `akon` binary running the bot against `fake`, in an empty directory
/// (so no `.env` is read), its log in a file there. Killed if the test ends
/// without stopping it.
struct Bot {
    child: KilledOnDrop,
    log: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Bot {
    fn start(fake: &FakeDiscord) -> Bot {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("bot.log");
        let vars = [
            ("DISCORD_TOKEN", fake::TOKEN.to_string()),
            ("DISCORD_PROXY_URL", fake.api_base()),
            ("DATABASE_URL", "sqlite:bot.db".to_string()),
            // Port 0: the bot takes a free one and logs it.
            ("AKON_METRICS_ADDR", "127.0.0.1:0".to_string()),
            ("RUST_LOG", "info".to_string()),
        ];
        let child = akon_bot(dir.path(), &vars)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Bot {
            child: KilledOnDrop::new(child),
            log,
            _dir: dir,
        }
    }

    fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// GET `path` from the metrics server, waiting for it to listen.
    async fn get(&self, path: &str) -> Answer {
        let addr = wait_logged_address(&self.log, "serving /healthz and /metrics", PATIENCE).await;
        let url = format!("http://{addr}{path}");
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let deadline = Instant::now() + PATIENCE;
        loop {
            match client.get(&url).send().await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    let content_type = response
                        .headers()
                        .get("content-type")
                        .map(|v| v.to_str().unwrap().to_string())
                        .unwrap_or_default();
                    let body = response.text().await.unwrap();
                    return Answer {
                        status,
                        content_type,
                        body,
                    };
                }
                Err(error) if error.is_connect() && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Err(error) => panic!("GET {url}: {error}\n{}", self.logs()),
            }
        }
    }

    /// Scrapes `/metrics` until `ready` holds over what it shows.
    async fn metrics_once(&self, what: &str, ready: impl Fn(&Metrics) -> bool) -> Metrics {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let metrics = Metrics::read(&self.get("/metrics").await);
            if ready(&metrics) {
                return metrics;
            }
            assert!(
                Instant::now() < deadline,
                "/metrics never showed {what}:\n{}",
                metrics.text
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sends SIGTERM and waits for the bot to exit.
    async fn stop(mut self) -> (ExitStatus, String) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let exit = wait_exit(&mut self.child).await;
        let logs = self.logs();
        (
            exit.unwrap_or_else(|| panic!("the bot did not exit on SIGTERM:\n{logs}")),
            logs,
        )
    }
}

/// The child's exit status, or `None` if it is still running after a while.
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

struct Answer {
    status: u16,
    content_type: String,
    body: String,
}

/// A scrape, read by an independent parser of the Prometheus text format.
struct Metrics {
    text: String,
    scrape: Scrape,
}

impl Metrics {
    fn read(answer: &Answer) -> Metrics {
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(
            answer.content_type.starts_with("text/plain; version=0.0.4"),
            "{}",
            answer.content_type
        );
        for line in answer.body.lines() {
            assert_ne!(
                LineInfo::parse(line),
                LineInfo::Ignored,
                "not Prometheus text: {line:?}"
            );
        }
        let scrape = Scrape::parse(answer.body.lines().map(|l| Ok(l.to_string()))).unwrap();
        Metrics {
            text: answer.body.clone(),
            scrape,
        }
    }

    /// The value of the counter or gauge `name` with exactly `labels`.
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        self.sample(name, labels).map(|value| match value {
            Metric::Counter(v) | Metric::Gauge(v) | Metric::Untyped(v) => *v,
            other => panic!("{name} is not a number: {other:?}"),
        })
    }

    fn sample(&self, name: &str, labels: &[(&str, &str)]) -> Option<&Metric> {
        let wanted: HashMap<String, String> = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        self.scrape
            .samples
            .iter()
            .find(|s| s.metric == name && *s.labels == wanted)
            .map(|s| &s.value)
    }

    fn interactions(&self, kind: &str, name: &str, outcome: &str) -> f64 {
        self.value(
            "akon_interactions_total",
            &[("kind", kind), ("name", name), ("outcome", outcome)],
        )
        .unwrap_or(0.0)
    }

    fn total_interactions(&self) -> f64 {
        self.scrape
            .samples
            .iter()
            .filter(|s| s.metric == "akon_interactions_total")
            .map(|s| match s.value {
                Metric::Counter(v) => v,
                ref other => panic!("not a counter: {other:?}"),
            })
            .sum()
    }

    /// The answer-latency histogram for one kind and name: (upper bound,
    /// cumulative count) per bucket.
    fn latency_buckets(&self, kind: &str, name: &str) -> Vec<(f64, f64)> {
        match self.sample("akon_answer_seconds", &[("kind", kind), ("name", name)]) {
            Some(Metric::Histogram(buckets)) => buckets.iter().map(|b| (b.less_than, b.count)).collect(),
            other => panic!("no latency histogram for {kind}/{name}: {other:?}\n{}", self.text),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_unavailable_until_the_gateway_is_ready_and_again_once_it_is_lost() {
    // serenity notices a gateway that went silent when its next heartbeat
    // fails: a short interval keeps that wait short.
    let fake = FakeDiscord::start_with_heartbeat(1000).await;
    fake.hold_ready();
    let bot = Bot::start(&fake);
    fake.wait_identified().await;

    let waiting = bot.get("/healthz").await;
    assert_eq!(waiting.status, 503, "{}", waiting.body);
    assert!(
        waiting.content_type.starts_with("text/plain"),
        "{}",
        waiting.content_type
    );
    let reasons: Vec<&str> = waiting.body.lines().collect();
    assert_eq!(reasons.len(), 1, "only the gateway is not ready: {}", waiting.body);
    assert!(reasons[0].starts_with("gateway: "), "{}", waiting.body);

    fake.release_ready();
    fake.wait_ready().await;
    let healthy = bot.get("/healthz").await;
    assert_eq!((healthy.status, healthy.body.as_str()), (200, "ok\n"));

    // The whole fake goes away: its gateway closes and nothing answers.
    drop(fake);
    let deadline = Instant::now() + PATIENCE;
    let lost = loop {
        let answer = bot.get("/healthz").await;
        if answer.status != 200 {
            break answer;
        }
        assert!(
            Instant::now() < deadline,
            "/healthz stayed 200 with the gateway gone:\n{}",
            bot.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(lost.status, 503, "{}", lost.body);
    assert!(lost.body.starts_with("gateway: "), "{}", lost.body);
    assert!(
        !lost.body.contains("database"),
        "the database still answers: {}",
        lost.body
    );
    // Not stopped with SIGTERM: with no shard connected, serenity's
    // `shutdown_all` does nothing, so the bot would not exit; dropping it
    // kills it.
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_show_the_interactions_their_latency_and_the_move_played() {
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (alice(), bob());
    fake.add_user(&alice);
    fake.add_user(&bob);
    let bot = Bot::start(&fake);
    fake.wait_ready().await;

    let before = Metrics::read(&bot.get("/metrics").await);
    assert_eq!(before.value("akon_moves_applied_total", &[("by", "player")]), Some(0.0));
    assert_eq!(before.value("akon_owed_messages_pending", &[]), Some(0.0));
    assert_eq!(before.value("akon_computer_searches_running", &[]), Some(0.0));
    assert_eq!(before.total_interactions(), 0.0);

    // Alice challenges Bob, Bob accepts: the first board.
    let ix = fake
        .slash(
            &alice,
            "akon",
            "challenge",
            vec![("opponent", 6, json!(bob.id.to_string()))],
        )
        .await;
    let challenge = fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    fake.click(&bob, fake::message_id(&challenge), &accept).await;
    let board = boards_after(&fake, 0, 1).await.remove(0);
    let mover = user_to_move(&board, &[alice.clone(), bob.clone()]);
    let waiter = if mover.id == alice.id { &bob } else { &alice };
    let (hole, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .expect("a hole to play");
    // The board is saved as the latest a moment after it is posted.
    bot.metrics_once("the accept handled", |m| {
        m.interactions("button", "accept", "answered") == 1.0
    })
    .await;

    // The player who waits presses first and is refused; then the mover plays.
    let refused = fake.click(waiter, fake::message_id(&board), &hole).await;
    let refusal = ephemeral_text(&fake.response(&refused).await);
    assert!(refusal.contains("turn"), "{refusal}");
    fake.click(&mover, fake::message_id(&board), &hole).await;
    boards_after(&fake, fake::message_id(&board), 1).await;

    let after = bot
        .metrics_once("the move handled", |m| m.total_interactions() == 4.0)
        .await;
    assert_eq!(after.interactions("command", "challenge", "answered"), 1.0);
    assert_eq!(after.interactions("button", "accept", "answered"), 1.0);
    assert_eq!(after.interactions("button", "move", "refused"), 1.0);
    assert_eq!(after.interactions("button", "move", "answered"), 1.0);
    assert_eq!(after.value("akon_moves_applied_total", &[("by", "player")]), Some(1.0));
    assert_eq!(
        after.value("akon_moves_applied_total", &[("by", "computer")]),
        Some(0.0)
    );
    assert!(
        !after.text.contains("akon_database_errors_total{"),
        "no database error: {}",
        after.text
    );
    // The one move went to SQLite in a commit of its own.
    assert_eq!(after.value("akon_sqlite_moves_per_commit_count", &[]), Some(1.0));
    assert_eq!(after.value("akon_sqlite_moves_per_commit_sum", &[]), Some(1.0));
    // The checkpointer reports the WAL's size; these few writes leave it
    // far below the 16,384 pages past which it is started over.
    let wal = after.value("akon_sqlite_wal_pages", &[]);
    assert!(wal.is_some_and(|pages| (0.0..16_384.0).contains(&pages)), "{wal:?}");

    let moves = after.latency_buckets("button", "move");
    assert_eq!(moves.last().map(|b| b.0), Some(f64::INFINITY), "{moves:?}");
    assert_eq!(
        moves.last().map(|b| b.1),
        Some(2.0),
        "both presses are timed: {moves:?}"
    );
    assert!(
        moves.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
        "cumulative buckets: {moves:?}"
    );
    assert!(moves.len() > 2, "buckets, not a summary: {moves:?}");
    let challenges = after.latency_buckets("command", "challenge");
    assert_eq!(challenges.last().map(|b| b.1), Some(1.0), "{challenges:?}");
    assert_eq!(
        after.value("akon_answer_seconds_count", &[("kind", "button"), ("name", "move")]),
        Some(2.0)
    );

    let (exit, logs) = bot.stop().await;
    assert!(exit.success(), "exit {exit:?}: {logs}");
    assert!(logs.contains("serving /healthz and /metrics"), "{logs}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_moves_are_counted_and_no_search_is_left_running() {
    let fake = FakeDiscord::start().await;
    let alice = alice();
    fake.add_user(&alice);
    fake.add_user(&fake::TestUser::the_bot());
    let bot = Bot::start(&fake);
    fake.wait_ready().await;

    let me = vec![
        ("opponent", 6, json!(fake::BOT_ID.to_string())),
        ("level", 3, json!("easy")),
    ];
    let ix = fake.slash(&alice, "akon", "challenge", me).await;
    let first_board = fake.response(&ix).await;
    // Alice sits at A. When the computer (B) moves first, the board she
    // plays on is the one posted after its move: waited for as the board
    // with a hole she may press, rather than guessed from the text (a
    // snapshot taken while the bot is still at work may show neither).
    let board = fake
        .wait_for("a board with a hole for Alice to press", |v| {
            v.messages()
                .into_iter()
                .filter(|m| !fake::is_ephemeral(m) && is_board(m))
                .find(|m| hole_buttons(m).iter().any(|(_, _, enabled)| *enabled))
                .cloned()
        })
        .await;
    let computer_first = fake::message_id(&board) != fake::message_id(&first_board);
    assert_eq!(
        computer_first,
        fake::content(&first_board).contains("(B)."),
        "the first board names who moves first: {}",
        fake::content(&first_board)
    );
    bot.metrics_once("the challenge handled", |m| m.total_interactions() == 1.0)
        .await;
    let (hole, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .expect("a hole to play");
    fake.click(&alice, fake::message_id(&board), &hole).await;
    boards_after(&fake, fake::message_id(&board), 2).await;

    let after = bot
        .metrics_once("the press handled", |m| m.total_interactions() == 2.0)
        .await;
    assert_eq!(after.interactions("command", "challenge", "answered"), 1.0);
    assert_eq!(after.interactions("button", "move", "answered"), 1.0);
    assert_eq!(after.value("akon_moves_applied_total", &[("by", "player")]), Some(1.0));
    assert_eq!(
        after.value("akon_moves_applied_total", &[("by", "computer")]),
        Some(if computer_first { 2.0 } else { 1.0 })
    );
    assert_eq!(after.value("akon_computer_searches_running", &[]), Some(0.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_metrics_address_or_a_taken_port_stops_the_bot_with_one_line() {
    // A fake is there so that a bot that wrongly went on would reach
    // nothing but 127.0.0.1.
    let fake = FakeDiscord::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken_addr = taken.local_addr().unwrap().to_string();
    let cases = [
        ("localhost:9100", Some(2), "akon: AKON_METRICS_ADDR must be"),
        ("9100", Some(2), "akon: AKON_METRICS_ADDR must be"),
        (taken_addr.as_str(), Some(1), "already in use"),
    ];
    for (addr, code, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let vars = [
            ("DISCORD_TOKEN", fake::TOKEN.to_string()),
            ("DISCORD_PROXY_URL", fake.api_base()),
            ("DATABASE_URL", "sqlite:bot.db".to_string()),
            ("AKON_METRICS_ADDR", addr.to_string()),
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
        assert_eq!(exit.code(), code, "{addr}: {stderr}");
        let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{addr}: one line: {stderr}");
        assert!(lines[0].starts_with("akon: "), "{stderr}");
        assert!(lines[0].contains(expected), "{addr}: {stderr}");
        assert!(lines[0].contains(addr), "the value is named: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(
            !dir.path().join("bot.db").exists(),
            "{addr}: stopped before opening the database"
        );
    }
    assert_eq!(fake.sessions_opened(), 0, "no bot connected");
    drop(taken);
}

#[test]
fn a_failed_database_statement_is_counted_with_what_it_was_for_and_fails_the_health_check() {
    // A current-thread runtime polls on this thread, where the recorder is
    // installed for this test alone.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let recorder = akon::telemetry::recorder();
    let scrape = recorder.handle();
    let dir = tempfile::tempdir().unwrap();
    let (answered, closed) = metrics::with_local_recorder(&recorder, || {
        runtime.block_on(async {
            let store = akon::store::Store::open_file(&dir.path().join("akon.db"))
                .await
                .unwrap();
            let health = akon::telemetry::Health::new();
            health.set_gateway(akon::telemetry::Check::new(|| async { Ok(()) }));
            health.set_database(store.health_check());
            let answered = health.check().await;
            store.close().await;
            (answered, health.check().await)
        })
    });
    assert_eq!(answered, Ok(()));
    let why = closed.unwrap_err();
    assert!(why.starts_with("database: "), "{why}");
    let metrics = Metrics::read(&Answer {
        status: 200,
        content_type: "text/plain; version=0.0.4".to_string(),
        body: scrape.render(),
    });
    assert_eq!(
        metrics.value(
            "akon_database_errors_total",
            &[("doing", "checking that the database answers")]
        ),
        Some(1.0),
        "{}",
        metrics.text
    );
}

/// `challenger` challenges `opponent` in `channel`, who accepts: the game's
/// first board.
async fn game_in(fake: &FakeDiscord, channel: u64, challenger: &TestUser, opponent: &TestUser) -> serde_json::Value {
    let options = vec![("opponent", 6, json!(opponent.id.to_string()))];
    let ix = fake
        .slash_in_channel(challenger, channel, "akon", "challenge", options)
        .await;
    let challenge = fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    fake.click(opponent, fake::message_id(&challenge), &accept).await;
    let board = boards_after(fake, fake::message_id(&challenge), 1).await.remove(0);
    assert_eq!(fake::snowflake(&board["channel_id"]), Some(channel));
    board
}

/// The player to move presses a hole of `board`; returns once answered.
async fn press_a_hole(fake: &FakeDiscord, board: &serde_json::Value) {
    let mover = user_to_move(board, &[alice(), bob()]);
    let (hole, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    let ix = fake.click(&mover, fake::message_id(board), &hole).await;
    fake.callback_type(&ix).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_delivery_loop_counts_what_it_delivers_retries_and_gives_up() {
    const DOOMED_CHANNEL: u64 = 910_000_000_000_000_555;
    let fake = FakeDiscord::start().await;
    fake.add_user(&alice());
    fake.add_user(&bob());
    fake.add_guild_channel(DOOMED_CHANNEL, "doomed");
    let bot = Bot::start(&fake);
    fake.wait_ready().await;
    let doomed = game_in(&fake, DOOMED_CHANNEL, &alice(), &bob()).await;
    let live = game_in(&fake, CHANNEL_ID, &alice(), &bob()).await;
    let before = Metrics::read(&bot.get("/metrics").await);
    for what in ["board", "challenge", "notice"] {
        assert_eq!(
            before.value("akon_owed_messages_given_up_total", &[("what", what)]),
            Some(0.0)
        );
        assert_eq!(
            before.value("akon_owed_messages_retried_total", &[("what", what)]),
            Some(0.0)
        );
    }
    let delivered_before = before.value("akon_owed_messages_delivered_total", &[]).unwrap();

    // The bot loses access to one channel: a move's new board there is
    // refused for good. In the other, a board fails twice (an outage):
    // the move's own post and the delivery loop's first attempt.
    fake.refuse_channel(DOOMED_CHANNEL, Some(403));
    press_a_hole(&fake, &doomed).await;
    for _ in 0..2 {
        fake.stall(Stall {
            method: "POST",
            path_contains: format!("/channels/{CHANNEL_ID}/messages"),
            body_contains: None,
            after_effect: false,
            fail_with: Some(503),
        });
    }
    press_a_hole(&fake, &live).await;
    // The loop's next pass gives the first up and fails the second for
    // now; a later one (its retry waits 15 s) delivers it.
    bot.metrics_once("the board given up and the other one retried", |m| {
        m.value("akon_owed_messages_given_up_total", &[("what", "board")]) == Some(1.0)
            && m.value("akon_owed_messages_retried_total", &[("what", "board")]) == Some(1.0)
    })
    .await;
    let deadline = Instant::now() + Duration::from_secs(45);
    let metrics = loop {
        let metrics = Metrics::read(&bot.get("/metrics").await);
        if metrics.value("akon_owed_messages_delivered_total", &[]) > Some(delivered_before) {
            break metrics;
        }
        assert!(Instant::now() < deadline, "never delivered:\n{}", metrics.text);
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(metrics.value("akon_owed_messages_pending", &[]), Some(0.0));
    assert_eq!(
        metrics.value("akon_owed_messages_given_up_total", &[("what", "board")]),
        Some(1.0)
    );
    assert_eq!(
        metrics.value("akon_owed_messages_retried_total", &[("what", "board")]),
        Some(1.0)
    );
    let (status, logs) = bot.stop().await;
    assert!(status.success(), "{logs}");
    assert_eq!(
        logs.matches("Discord refuses this message for good; giving it up")
            .count(),
        1,
        "one log line for the message given up:\n{logs}"
    );
}
