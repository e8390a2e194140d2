//! Two bot processes on one PostgreSQL database: the real `akon` binary run
//! twice as child processes, each with half of the shards (`AKON_SHARDS`
//! `0-0/2` and `1-1/2`), against one fake Discord that sends each guild's
//! interactions on the gateway session of the shard serving that guild.
//! Games are played in a server of each shard; what falls due with time
//! (reminders, timeouts) is done exactly once although both processes run
//! the scheduler; one process is killed with SIGKILL and the other does the
//! work that falls due after.
//!
//! Runs only with `AKON_TEST_POSTGRES_URL` (see `support/db.rs`).

use crate::support::db;

use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::db::TestDb;
use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser, CHANNEL_ID, GUILD_ID};
use crate::support::scene::{alice, boards_after, bob, button_with_label, carol, dave};
use crate::support::{eventually, KilledOnDrop};
use akon::store::Backend;
use serde_json::{json, Value};

/// A server served by shard 0 of 2 (`GUILD_ID` is served by shard 1).
const OTHER_GUILD: u64 = 900_000_000_004_194_305;
const _: () = assert!((GUILD_ID >> 22) % 2 == 1 && (OTHER_GUILD >> 22).is_multiple_of(2));
const OTHER_CHANNEL: u64 = 910_000_000_000_000_777;

/// The processes' scheduler period (`AKON_SCHEDULER_SECONDS`; 20 s by
/// default): what falls due is done within it.
const SCHEDULER_SECONDS: &str = "2";

/// Longer than a dead process's leases (30 s) with room to spare.
const SCHEDULED_WORK_LIMIT: Duration = Duration::from_secs(60);

fn start_bot(fake: &FakeDiscord, dir: &Path, url: &str, shards: &str) -> KilledOnDrop {
    crate::support::spawn_bot_with(
        fake,
        dir,
        url,
        Some(shards),
        Some(&shards[..1]),
        &[("AKON_SCHEDULER_SECONDS", SCHEDULER_SECONDS)],
    )
}

fn newest_message_id(fake: &FakeDiscord) -> u64 {
    fake.all_messages().iter().map(fake::message_id).max().unwrap_or(0)
}

/// `challenger` challenges `opponent` in `channel`, who accepts: the game's
/// first board.
async fn game_in(fake: &FakeDiscord, channel: u64, challenger: &TestUser, opponent: &TestUser) -> Value {
    let options = vec![("opponent", 6, json!(opponent.id.to_string()))];
    let ix = if channel == CHANNEL_ID {
        fake.slash(challenger, "akon", "challenge", options).await
    } else {
        fake.slash_in_channel(challenger, channel, "akon", "challenge", options)
            .await
    };
    let challenge = fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    let before = newest_message_id(fake);
    let ix = fake.click(opponent, fake::message_id(&challenge), &accept).await;
    fake.response(&ix).await;
    boards_after(fake, before, 1).await.remove(0)
}

/// Reminders of game `game_id` in `channel`.
fn reminders_in(fake: &FakeDiscord, channel: u64, game_id: i64) -> usize {
    fake.channel_messages(channel)
        .iter()
        .filter(|m| fake::content(m).contains(&format!("it is your move in game #{game_id} ")))
        .count()
}

/// Final boards of games lost on time in `channel`.
fn timeouts_in(fake: &FakeDiscord, channel: u64) -> usize {
    fake.channel_messages(channel)
        .iter()
        .filter(|m| fake::content(m).contains("ran out of time"))
        .count()
}

async fn execute(db: &TestDb, sql: &str) {
    let mut connection = db.connect().await;
    sqlx::query(sql).execute(&mut connection).await.unwrap();
}

async fn count(db: &TestDb, sql: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(sql).fetch_one(&mut connection).await.unwrap()
}

/// Waits until every notice queued is marked sent.
async fn all_notices_marked_sent(db: &TestDb) {
    eventually("every notice marked sent", SCHEDULED_WORK_LIMIT, async || {
        count(db, "SELECT COUNT(*) FROM notices WHERE sent_at IS NULL").await == 0
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn two_processes_split_the_shards_and_do_scheduled_work_exactly_once_even_when_one_dies() {
    db::run(Backend::Postgres, two_processes()).await
}

async fn two_processes() {
    let fake = FakeDiscord::start().await;
    for user in [alice(), bob(), carol(), dave()] {
        fake.add_user(&user);
    }
    fake.add_channel_in_guild(OTHER_GUILD, OTHER_CHANNEL, "other-server");
    let dir = tempfile::tempdir().unwrap();
    let db = TestDb::create(dir.path(), "unused").await;
    // Both start at once on an empty database: they migrate in turn.
    let mut shard_0 = start_bot(&fake, dir.path(), &db.url, "0-0/2");
    let mut shard_1 = start_bot(&fake, dir.path(), &db.url, "1-1/2");
    for shard in [0, 1] {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !fake.ready_shards().contains(&(shard, 2)) {
            assert!(Instant::now() < deadline, "shard {shard} never got READY");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    eventually("the commands registered", Duration::from_secs(30), async || {
        !fake.registered_commands().is_empty()
    })
    .await;

    // Games in a server of each shard: each interaction reaches the process
    // running that server's shard, the only one connected to it.
    game_in(&fake, CHANNEL_ID, &alice(), &bob()).await; // game 1, shard 1
    game_in(&fake, OTHER_CHANNEL, &carol(), &dave()).await; // game 2, shard 0
    game_in(&fake, CHANNEL_ID, &carol(), &alice()).await; // game 3, shard 1
    let registrations = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.contains("/commands"))
        .count();
    assert_eq!(registrations, 1, "only the shard-0 process registers the commands");

    // Time passes: game 1's reminder and game 2's deadline fall due. Both
    // processes' schedulers run; each is done once.
    execute(&db, "UPDATE games SET reminder_at = 0 WHERE id = 1").await;
    execute(&db, "UPDATE games SET deadline = 0 WHERE id = 2").await;
    eventually(
        "game 1's reminder and game 2's timeout",
        SCHEDULED_WORK_LIMIT,
        async || reminders_in(&fake, CHANNEL_ID, 1) >= 1 && timeouts_in(&fake, OTHER_CHANNEL) >= 1,
    )
    .await;

    // A message is in the channel before its notice is marked sent: until
    // then the process holds the notice's lease, and killed then, it would
    // leave the notice to be sent again once the lease expires (with the
    // same nonce, which Discord refuses). The kill waits for the marks.
    all_notices_marked_sent(&db).await;
    // The process of shard 1 dies; the work of shard 1's server that falls
    // due after is done by the process of shard 0.
    shard_1.kill().expect("SIGKILL");
    shard_1.wait().unwrap();
    execute(&db, "UPDATE games SET deadline = 0 WHERE id = 1").await;
    execute(&db, "UPDATE games SET reminder_at = 0 WHERE id = 3").await;
    eventually(
        "game 1's timeout and game 3's reminder after the kill",
        SCHEDULED_WORK_LIMIT,
        async || timeouts_in(&fake, CHANNEL_ID) >= 1 && reminders_in(&fake, CHANNEL_ID, 3) >= 1,
    )
    .await;
    // Game 3's loss on time, made due now, comes on a later pass of the
    // survivor than the work above: by then whatever the passes could
    // repeat would have come.
    execute(&db, "UPDATE games SET deadline = 0 WHERE id = 3").await;
    eventually("game 3's timeout, a pass later", SCHEDULED_WORK_LIMIT, async || {
        timeouts_in(&fake, CHANNEL_ID) >= 2
    })
    .await;
    all_notices_marked_sent(&db).await;
    assert_eq!(reminders_in(&fake, CHANNEL_ID, 1), 1);
    assert_eq!(reminders_in(&fake, CHANNEL_ID, 3), 1);
    assert_eq!(timeouts_in(&fake, OTHER_CHANNEL), 1);
    assert_eq!(timeouts_in(&fake, CHANNEL_ID), 2);
    for (nonce, posts) in crate::support::posts_by_nonce(&fake) {
        assert_eq!(posts, 1, "message {nonce} was sent {posts} times");
    }
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM notices").await,
        5,
        "two reminders and three timeouts, each queued once"
    );
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM games WHERE status = 'finished'").await,
        3
    );
    shard_0.kill().unwrap();
    shard_0.wait().unwrap();
}
