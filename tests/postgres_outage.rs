//! PostgreSQL going down and coming back under a running bot: the real
//! `akon` binary as a child process, the fake Discord, and a TCP proxy
//! between the bot and the shared PostgreSQL server that the test cuts and
//! restores (the server itself keeps running for the other tests). Runs
//! when `AKON_TEST_POSTGRES_URL` names a server (see `support/db.rs`).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::db::TestDb;
use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser};
use crate::support::scene::{alice, boards_after, bob, button_with_label, ephemeral_text, hole_buttons, user_to_move};
use crate::support::tcp_proxy::{server_of, through, TcpProxy};
use crate::support::{akon_bot, wait_logged_address, KilledOnDrop};
use akon::store::Backend;
use serde_json::{json, Value};

const UNREACHABLE: &str = "Akon cannot reach its database right now. Please try again in a minute.";

/// A bound on waiting for what happens in the background; never a claim
/// about speed.
const PATIENCE: Duration = Duration::from_secs(30);

/// The `akon` bot as a child process, its log in a file; killed if the
/// test ends without stopping it.
struct Bot {
    child: KilledOnDrop,
    log: std::path::PathBuf,
}

impl Bot {
    fn start(fake: &FakeDiscord, dir: &std::path::Path, database_url: &str) -> Bot {
        let log = dir.join("bot.log");
        let vars = [
            ("DISCORD_TOKEN", fake::TOKEN.to_string()),
            ("DISCORD_PROXY_URL", fake.api_base()),
            ("DATABASE_URL", database_url.to_string()),
            // Port 0: the bot takes a free one and logs it.
            ("AKON_METRICS_ADDR", "127.0.0.1:0".to_string()),
            ("RUST_LOG", "info".to_string()),
        ];
        let child = akon_bot(dir, &vars)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Bot {
            child: KilledOnDrop::new(child),
            log,
        }
    }

    fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// `/healthz`: its status and body.
    async fn health(&self) -> (u16, String) {
        let addr = wait_logged_address(&self.log, "serving /healthz and /metrics", PATIENCE).await;
        let url = format!("http://{addr}/healthz");
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let response = client.get(&url).send().await.unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    }

    /// Waits for `/healthz` to answer `status`; its body.
    async fn health_becomes(&self, status: u16) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (now, body) = self.health().await;
            if now == status {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "/healthz stayed {now}: {body}\n{}",
                self.logs()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGTERM, then whether the bot exited cleanly.
    async fn stop(mut self) -> bool {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Some(exit) = self.child.try_wait().unwrap() {
                return exit.success();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }
}

/// A press of `hole` on `board` by `user`: its answer, checked to come
/// within Discord's 3 s.
async fn press(fake: &FakeDiscord, bot: &Bot, user: &TestUser, board: &Value, hole: &str) -> Value {
    let sent = Instant::now();
    let ix = fake.click(user, fake::message_id(board), hole).await;
    let answered = tokio::time::timeout(Duration::from_secs(3), fake.callback_type(&ix)).await;
    let took = sent.elapsed();
    assert!(answered.is_ok(), "no answer within 3 s ({took:?}):\n{}", bot.logs());
    fake.response(&ix).await
}

/// The board message saved for game 1, if any.
async fn board_saved(db: &TestDb) -> Option<i64> {
    let mut connection = db.connect().await;
    sqlx::query_scalar("SELECT board_message_id FROM games WHERE id = 1")
        .fetch_one(&mut connection)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn while_postgresql_is_down_presses_are_answered_in_time_and_the_same_process_goes_on() {
    crate::support::db::run(Backend::Postgres, async {
        let dir = tempfile::tempdir().unwrap();
        let db = TestDb::create(dir.path(), "unused").await;
        // Migrated before the proxy carries anything: the bot's start is
        // not what is tested.
        akon::store::Store::open(&db.url).await.unwrap().close().await;
        let proxy = TcpProxy::start(server_of(&db.url)).await;
        let url = through(&db.url, proxy.addr());

        let fake = FakeDiscord::start().await;
        let (alice, bob) = (alice(), bob());
        fake.add_user(&alice);
        fake.add_user(&bob);
        let bot = Bot::start(&fake, dir.path(), &url);
        fake.wait_ready().await;
        assert_eq!(bot.health_becomes(200).await, "ok\n");

        let ix = fake
            .slash(
                &alice,
                "akon",
                "challenge",
                vec![("opponent", 6, json!(bob.id.to_string()))],
            )
            .await;
        let challenge = fake.response(&ix).await;
        fake.click(
            &bob,
            fake::message_id(&challenge),
            &button_with_label(&challenge, "Accept"),
        )
        .await;
        let board = boards_after(&fake, 0, 1).await.remove(0);
        let players = [alice.clone(), bob.clone()];
        let mover = user_to_move(&board, &players);
        let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
        // The board is saved as the latest a moment after it is posted.
        let deadline = Instant::now() + PATIENCE;
        while board_saved(&db).await.is_none() {
            assert!(Instant::now() < deadline, "the board was never saved");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }

        // PostgreSQL stops: every press is told so, in time.
        let logged_before = bot.logs().len();
        proxy.cut().await;
        for _ in 0..4 {
            let answer = press(&fake, &bot, &mover, &board, &hole).await;
            assert_eq!(ephemeral_text(&answer), UNREACHABLE);
        }
        let health = bot.health_becomes(503).await;
        assert!(
            health
                .lines()
                .any(|line| line.starts_with("database: database unreachable: ")),
            "{health}"
        );
        // Said once, not once per press (nor per scheduler pass): the bot's
        // only warning or error meanwhile.
        let logs = bot.logs();
        let ours: Vec<&str> = logs[logged_before..]
            .lines()
            .filter(|line| line.contains(" akon::") && (line.contains(" WARN ") || line.contains(" ERROR ")))
            .collect();
        assert_eq!(ours.len(), 1, "{ours:#?}");
        assert!(ours[0].contains("database unreachable"), "{}", ours[0]);

        // PostgreSQL is back: the same process plays the move.
        proxy.restore().await;
        let deadline = Instant::now() + PATIENCE;
        let posted = loop {
            let answer = press(&fake, &bot, &mover, &board, &hole).await;
            if fake::content(&answer).contains(UNREACHABLE) && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            break boards_after(&fake, fake::message_id(&board), 1).await.remove(0);
        };
        assert!(fake::content(&posted).contains("move 2"), "{}", fake::content(&posted));
        assert_eq!(bot.health_becomes(200).await, "ok\n");
        let logs = bot.logs();
        assert!(logs.contains("database unreachable no longer"), "{logs}");
        assert!(bot.stop().await, "the bot did not stop cleanly");
    })
    .await;
}
