//! The delivery loop across real processes: the `akon` binary run as child
//! processes, killed with SIGKILL while one of them holds a game's delivery
//! lease, and started again with the same shards. A press that finds
//! nothing owed takes no lease; whatever a process takes it releases; a
//! restarted process settles every game within seconds of its READY; a
//! dead process's lease expires and another process takes its work over;
//! no lease is left in the table at the end. And the grace before the
//! loop settles a game counts from when the game started owing.

use crate::support::db;

use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::db::TestDb;
use crate::support::fake_discord::{self as fake, FakeDiscord, Stall, TestUser, CHANNEL_ID, GUILD_ID};
use crate::support::scene::{alice, bob, button_with_label, carol, dave, hole_buttons, user_to_move};
use crate::support::{eventually, log_lines_with, KilledOnDrop, LOG_WITH_PROGRESS};
use akon::discord::SCHEDULER_EVERY;
use akon::service::LEASE_SECS;
use akon::store::Backend;
use serde_json::{json, Value};

/// A server served by shard 0 of 2 (`GUILD_ID` is served by shard 1).
const OTHER_GUILD: u64 = 900_000_000_004_194_305;
const _: () = assert!((GUILD_ID >> 22) % 2 == 1 && (OTHER_GUILD >> 22).is_multiple_of(2));
const OTHER_CHANNEL: u64 = 910_000_000_000_000_777;

/// How soon after a restarted process's READY every game must be settled.
const SETTLED_AFTER_READY: Duration = Duration::from_secs(5);

/// The bot as a child process in `dir` on the database `url`, running
/// `shards` (`None`: all of them), logging to a file named after them.
fn start_bot(fake: &FakeDiscord, dir: &Path, url: &str, shards: Option<&str>) -> KilledOnDrop {
    let name = shards.map_or("all".to_string(), |s| s[..1].to_string());
    crate::support::spawn_bot_with(fake, dir, url, shards, Some(&name), &[("RUST_LOG", LOG_WITH_PROGRESS)])
}

/// How many interactions the processes logging in `dir` have handled.
fn interactions_handled(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "log"))
        .map(|log| log_lines_with(&log, "interaction handled"))
        .sum()
}

fn kill(mut bot: KilledOnDrop) {
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
}

async fn count(db: &TestDb, sql: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(sql).fetch_one(&mut connection).await.unwrap()
}

async fn leases(db: &TestDb) -> i64 {
    count(db, "SELECT COUNT(*) FROM leases").await
}

/// Games that owe their channel anything: a board, a result, a stale
/// board's buttons (the delivery loop's own condition).
async fn games_owing(db: &TestDb) -> i64 {
    count(
        db,
        "SELECT COUNT(*) FROM games WHERE (status = 'ongoing' AND board_ply IS DISTINCT FROM ply)
             OR (status = 'finished' AND result_shown = 0)
             OR id IN (SELECT game_id FROM stale_boards)",
    )
    .await
}

/// `challenger` challenges `opponent` in `channel`, who accepts: the game's
/// first board.
async fn game_in(fake: &FakeDiscord, channel: u64, game_id: i64, challenger: &TestUser, opponent: &TestUser) -> Value {
    let options = vec![("opponent", 6, json!(opponent.id.to_string()))];
    let ix = fake
        .slash_in_channel(challenger, channel, "akon", "challenge", options)
        .await;
    let challenge = fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    let ix = fake.click(opponent, fake::message_id(&challenge), &accept).await;
    fake.response(&ix).await;
    next_live_board(fake, channel, game_id, fake::message_id(&challenge)).await
}

/// The first board of game `game_id` with move buttons posted in `channel`
/// after message `after`.
async fn next_live_board(fake: &FakeDiscord, channel: u64, game_id: i64, after: u64) -> Value {
    let of_the_game = format!("akon:move:{game_id}:");
    fake.wait_for(&format!("game {game_id}'s next live board"), |v| {
        v.channel_messages(channel)
            .into_iter()
            .find(|m| {
                fake::message_id(m) > after && hole_buttons(m).iter().any(|(id, _, _)| id.starts_with(&of_the_game))
            })
            .cloned()
    })
    .await
}

/// The first enabled hole of `board`, and who is to press it.
fn a_hole(board: &Value, players: &[TestUser]) -> (TestUser, String) {
    let mover = user_to_move(board, players);
    let (id, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    (mover, id)
}

/// Another hole than `a_hole`'s: pressed once that move is played, it is
/// refused as from an earlier move (the same hole again is the move
/// itself, answered as played).
fn another_hole(board: &Value, players: &[TestUser]) -> (TestUser, String) {
    let mover = user_to_move(board, players);
    let (id, _, _) = hole_buttons(board).into_iter().filter(|(_, _, on)| *on).nth(1).unwrap();
    (mover, id)
}

/// Plays a hole on `board` and waits for the answer (the move is
/// committed by then); the interaction.
async fn press(fake: &FakeDiscord, board: &Value, players: &[TestUser]) -> fake::Interaction {
    let (mover, id) = a_hole(board, players);
    let ix = fake.click(&mover, fake::message_id(board), &id).await;
    fake.callback_type(&ix).await;
    ix
}

/// A request to post game `game_id`'s board (its nonce names the game).
fn board_post(game_id: i64, fail_with: Option<u16>) -> Stall {
    Stall {
        method: "POST",
        path_contains: "/messages".to_string(),
        body_contains: Some(format!("\"akon:{game_id}:")),
        after_effect: false,
        fail_with,
    }
}

/// Every game's channel shows exactly one live board, for the game's
/// current ply.
async fn one_live_board_per_game(fake: &FakeDiscord, db: &TestDb, games: &[(i64, u64)]) {
    for &(game_id, channel) in games {
        let ply = count(db, &format!("SELECT ply FROM games WHERE id = {game_id}")).await;
        let live: Vec<i64> = fake
            .channel_messages(channel)
            .iter()
            .filter_map(|m| {
                let (id, _, _) = hole_buttons(m).into_iter().next()?;
                let mut parts = id.split(':').skip(2);
                let game: i64 = parts.next()?.parse().ok()?;
                let ply: i64 = parts.next()?.parse().ok()?;
                (game == game_id).then_some(ply)
            })
            .collect();
        assert_eq!(live, vec![ply], "game {game_id}: the live boards' plies");
    }
}

async fn stalls_hit(fake: &FakeDiscord) -> u64 {
    fake.wait_for("the count of held requests", |v| Some(v.stalls_hit()))
        .await
}

/// A game owes its next board and a process holds its delivery lease while
/// posting it: the move's own post fails (an outage), then a press on the
/// superseded board makes the process settle the game, and the fake holds
/// that post. Returns once the post is held.
async fn holding_a_lease_on(fake: &FakeDiscord, db: &TestDb, board: &Value, players: &[TestUser], game_id: i64) {
    let base = stalls_hit(fake).await;
    fake.stall(board_post(game_id, Some(503)));
    press(fake, board, players).await;
    fake.wait_until("the failed post", |v| v.stalls_hit() > base).await;
    fake.stall(board_post(game_id, None));
    let (mover, id) = another_hole(board, players);
    // The handler whose post failed may still hold the game for a moment
    // (a press then leaves the game to it): press until the process
    // settles it, as a player would.
    for _ in 0..20 {
        let again = fake.click_unchecked(&mover, fake::message_id(board), &id).await;
        let answer = fake.response(&again).await;
        assert!(fake::content(&answer).contains("earlier move"), "{answer}");
        let until = Instant::now() + Duration::from_millis(500);
        while stalls_hit(fake).await < base + 2 && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if stalls_hit(fake).await == base + 2 {
            break;
        }
    }
    assert_eq!(stalls_hit(fake).await, base + 2, "the board's post is held");
    assert_eq!(
        count(
            db,
            &format!("SELECT COUNT(*) FROM leases WHERE kind = 'delivery' AND item_id = {game_id}")
        )
        .await,
        1,
        "the process holds the game's delivery lease"
    );
}

/// A press on a board its move already superseded, when nothing is owed:
/// refused, and no lease is taken (or one is left behind).
async fn a_stale_press_leaves_no_lease(
    fake: &FakeDiscord,
    db: &TestDb,
    dir: &Path,
    old_board: &Value,
    players: &[TestUser],
    via_shard: Option<(u64, u64)>,
) {
    // Just after the game was settled (its new board recorded).
    eventually("every game settled", Duration::from_secs(10), async || {
        games_owing(db).await == 0
    })
    .await;
    let handled = interactions_handled(dir);
    let (mover, id) = another_hole(old_board, players);
    let again = match via_shard {
        Some(shard) => {
            fake.click_unchecked_via_shard(&mover, fake::message_id(old_board), &id, shard)
                .await
        }
        None => fake.click_unchecked(&mover, fake::message_id(old_board), &id).await,
    };
    let answer = fake.response(&again).await;
    assert!(fake::content(&answer).contains("earlier move"), "{answer}");
    // Whatever the press would take, its handler has taken by its end.
    eventually("the press handled", Duration::from_secs(10), async || {
        interactions_handled(dir) > handled
    })
    .await;
    assert_eq!(leases(db).await, 0, "a press that finds nothing owed leaves no lease");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn two_processes_one_killed_while_it_holds_a_lease_every_game_settled_soon_after_its_restart() {
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
    let shard_0 = start_bot(&fake, dir.path(), &db.url, Some("0-0/2"));
    let shard_1 = start_bot(&fake, dir.path(), &db.url, Some("1-1/2"));
    fake.wait_shard_ready(0, 2).await;
    fake.wait_shard_ready(1, 2).await;
    eventually("the commands registered", Duration::from_secs(30), async || {
        !fake.registered_commands().is_empty()
    })
    .await;
    let players = [alice(), bob(), carol(), dave()];
    // Games 1 and 3 are served by shard 1's process, game 2 by shard 0's.
    let board_1 = game_in(&fake, CHANNEL_ID, 1, &alice(), &bob()).await;
    let board_2 = game_in(&fake, OTHER_CHANNEL, 2, &carol(), &dave()).await;
    let board_3 = game_in(&fake, CHANNEL_ID, 3, &carol(), &alice()).await;

    // Game 3: a move, whose second copy reaches the other process. There
    // it finds the game settled: refused, and no lease is left behind to
    // keep the game from shard 1's process.
    press(&fake, &board_3, &players).await;
    let board_3_next = next_live_board(&fake, CHANNEL_ID, 3, fake::message_id(&board_3)).await;
    a_stale_press_leaves_no_lease(&fake, &db, dir.path(), &board_3, &players, Some((0, 2))).await;
    // Game 2 (shard 0's) the same way the other way round.
    press(&fake, &board_2, &players).await;
    next_live_board(&fake, OTHER_CHANNEL, 2, fake::message_id(&board_2)).await;
    a_stale_press_leaves_no_lease(&fake, &db, dir.path(), &board_2, &players, Some((1, 2))).await;

    // Game 3 then owes its next board (its post fails); shard 1's process
    // holds game 1's lease, posting its owed board, when it is killed.
    let base = stalls_hit(&fake).await;
    fake.stall(board_post(3, Some(503)));
    press(&fake, &board_3_next, &players).await;
    fake.wait_until("game 3's failed post", |v| v.stalls_hit() > base).await;
    holding_a_lease_on(&fake, &db, &board_1, &players, 1).await;
    kill(shard_1);
    eventually("shard 1's session closed", Duration::from_secs(10), async || {
        !fake.ready_shards().contains(&(1, 2))
    })
    .await;
    assert!(games_owing(&db).await >= 2, "games 1 and 3 owe their boards");

    let shard_1 = start_bot(&fake, dir.path(), &db.url, Some("1-1/2"));
    fake.wait_shard_ready(1, 2).await;
    let settled = eventually("every game settled", SETTLED_AFTER_READY, async || {
        games_owing(&db).await == 0
    })
    .await;
    eprintln!("two processes: every game settled {settled:?} after the restarted process's READY");
    one_live_board_per_game(&fake, &db, &[(1, CHANNEL_ID), (2, OTHER_CHANNEL), (3, CHANNEL_ID)]).await;
    let released = eventually("no lease left", Duration::from_secs(2), async || leases(&db).await == 0).await;
    eprintln!("two processes: the last lease released {released:?} after that");

    // Shard 1's process dies again holding game 1's lease, and stays dead:
    // the other process takes the game over once the lease has expired,
    // at its next scheduler tick.
    let board_1 = next_live_board(&fake, CHANNEL_ID, 1, 0).await;
    holding_a_lease_on(&fake, &db, &board_1, &players, 1).await;
    let expires_at = count(
        &db,
        "SELECT expires_at FROM leases WHERE kind = 'delivery' AND item_id = 1",
    )
    .await;
    kill(shard_1);
    let taken_over = eventually(
        "game 1 settled by the surviving process",
        Duration::from_secs(LEASE_SECS as u64 + 20 + 10),
        async || games_owing(&db).await == 0,
    )
    .await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!(now >= expires_at, "not before the dead process's lease expired");
    eprintln!(
        "two processes: a dead process's game settled by the other {taken_over:?} after the kill ({:?} after its lease expired)",
        Duration::from_secs((now - expires_at).max(0) as u64)
    );
    one_live_board_per_game(&fake, &db, &[(1, CHANNEL_ID), (2, OTHER_CHANNEL), (3, CHANNEL_ID)]).await;
    eventually("no lease left", Duration::from_secs(2), async || leases(&db).await == 0).await;
    kill(shard_0);
    assert_eq!(leases(&db).await, 0, "no lease left in the table");
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn one_process_killed_while_it_holds_a_lease_settles_every_game_soon_after_its_restart);
async fn one_process_killed_while_it_holds_a_lease_settles_every_game_soon_after_its_restart() {
    let fake = FakeDiscord::start().await;
    for user in [alice(), bob(), carol()] {
        fake.add_user(&user);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = TestDb::create(dir.path(), "bot.db").await;
    let bot = start_bot(&fake, dir.path(), &db.url, None);
    fake.wait_ready().await;
    let players = [alice(), bob(), carol()];
    let board_1 = game_in(&fake, CHANNEL_ID, 1, &alice(), &bob()).await;
    let board_2 = game_in(&fake, CHANNEL_ID, 2, &carol(), &alice()).await;
    // A move, then a second copy of its press: nothing is owed, and no
    // lease is taken or left.
    let first_board = board_1.clone();
    press(&fake, &board_1, &players).await;
    let board_1 = next_live_board(&fake, CHANNEL_ID, 1, fake::message_id(&board_1)).await;
    a_stale_press_leaves_no_lease(&fake, &db, dir.path(), &first_board, &players, None).await;

    // Game 2 owes its next board; the process holds game 1's lease, posting
    // its owed board, when it is killed.
    let base = stalls_hit(&fake).await;
    fake.stall(board_post(2, Some(503)));
    press(&fake, &board_2, &players).await;
    fake.wait_until("game 2's failed post", |v| v.stalls_hit() > base).await;
    holding_a_lease_on(&fake, &db, &board_1, &players, 1).await;
    kill(bot);
    fake.wait_disconnected().await;
    assert_eq!(games_owing(&db).await, 2, "games 1 and 2 owe their boards");

    let bot = start_bot(&fake, dir.path(), &db.url, None);
    fake.wait_ready().await;
    let settled = eventually("every game settled", SETTLED_AFTER_READY, async || {
        games_owing(&db).await == 0
    })
    .await;
    eprintln!(
        "one process on {:?}: every game settled {settled:?} after READY",
        db::backend()
    );
    one_live_board_per_game(&fake, &db, &[(1, CHANNEL_ID), (2, CHANNEL_ID)]).await;
    eventually("no lease left", Duration::from_secs(2), async || leases(&db).await == 0).await;
    kill(bot);
    assert_eq!(leases(&db).await, 0, "no lease left in the table");
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_board_that_starts_owing_between_two_ticks_is_settled_at_the_first_tick_after_the_grace);
/// The scheduler ticks at READY and every 20 s after; a board that starts
/// owing 5 s after READY is settled by the tick at 20 s, not the one after.
async fn a_board_that_starts_owing_between_two_ticks_is_settled_at_the_first_tick_after_the_grace() {
    let fake = FakeDiscord::start().await;
    for user in [alice(), bob()] {
        fake.add_user(&user);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = TestDb::create(dir.path(), "bot.db").await;
    let bot = start_bot(&fake, dir.path(), &db.url, None);
    fake.wait_ready().await;
    let ready = Instant::now();
    let board = game_in(&fake, CHANNEL_ID, 1, &alice(), &bob()).await;
    tokio::time::sleep_until((ready + Duration::from_secs(5)).into()).await;
    let base = stalls_hit(&fake).await;
    fake.stall(board_post(1, Some(503)));
    press(&fake, &board, &[alice(), bob()]).await;
    fake.wait_until("the failed post", |v| v.stalls_hit() > base).await;
    let failed = Instant::now();
    let settled = eventually("game 1's next board", Duration::from_secs(45), async || {
        fake.channel_messages(CHANNEL_ID).iter().any(|m| {
            fake::message_id(m) > fake::message_id(&board)
                && hole_buttons(m).iter().any(|(id, _, _)| id.starts_with("akon:move:1:"))
        })
    })
    .await;
    eprintln!(
        "on {:?}: a board owed {:?} after READY was settled {settled:?} later",
        db::backend(),
        failed - ready
    );
    assert!(
        settled < SCHEDULER_EVERY,
        "settled at the first tick after the grace, not the second: {settled:?}"
    );
    kill(bot);
}
