//! Messages Discord refuses for good (a deleted channel answers 404, a
//! channel the bot lost access to 403) are given up, recorded in the
//! database, and never asked again; they never keep the delivery loop from
//! settling other games, however many there are.

use crate::support::service_fixture;

use std::time::{Duration, Instant};

use crate::support::db::TestDb;
use crate::support::eventually;
use crate::support::fake_discord::{self as fake, FakeDiscord, Stall, TestUser, CHANNEL_ID};
use crate::support::scene::{alice, bob, button_with_label, hole_buttons, user_to_move, Scene};
use akon::service::{DeliveryOutcome, SettleFor, RETRY_FIRST_SECS};
use serde_json::{json, Value};
use service_fixture::{fixture, player, start_game, Fixture};

/// A channel of the test server other than `CHANNEL_ID`.
const DOOMED_CHANNEL: u64 = 910_000_000_000_000_555;

/// More undeliverable games than one pass of the delivery loop takes (200).
const UNDELIVERABLE_GAMES: i64 = 205;

async fn count(db: &TestDb, sql: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(sql).fetch_one(&mut connection).await.unwrap()
}

async fn execute(db: &TestDb, sql: &str) {
    let mut connection = db.connect().await;
    sqlx::query(sql).execute(&mut connection).await.unwrap();
}

/// Requests the bot made about `channel` (posts, edits, reads).
fn requests_to(fake: &FakeDiscord, channel: u64) -> usize {
    let prefix = format!("/api/v10/channels/{channel}/");
    fake.requests().iter().filter(|r| r.path.starts_with(&prefix)).count()
}

/// How many messages the bot tried to post in `channel`.
fn posts_to(fake: &FakeDiscord, channel: u64) -> usize {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .count()
}

/// `challenger` challenges `opponent` in `channel`, who accepts: the game's
/// first board.
async fn game_in(scene: &Scene, channel: u64, challenger: &TestUser, opponent: &TestUser) -> Value {
    let options = vec![("opponent", 6, json!(opponent.id.to_string()))];
    let ix = scene
        .fake
        .slash_in_channel(challenger, channel, "akon", "challenge", options)
        .await;
    let challenge = scene.fake.response(&ix).await;
    let accept = button_with_label(&challenge, "Accept");
    let before = scene.newest_message_id();
    let ix = scene.fake.click(opponent, fake::message_id(&challenge), &accept).await;
    scene.fake.response(&ix).await;
    scene.boards_since(before, 1).await.remove(0)
}

/// The player to move presses their first enabled hole on `board`; returns
/// when the press is answered (the move is committed by then).
async fn press_a_hole(scene: &Scene, board: &Value) {
    let mover = user_to_move(board, &[alice(), bob()]);
    let (id, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    let ix = scene.fake.click(&mover, fake::message_id(board), &id).await;
    scene.fake.callback_type(&ix).await;
    scene.settle().await;
}

/// A live board (with move buttons) of the current ply of game `game_id`
/// shows in `channel`.
fn shows_live_board(fake: &FakeDiscord, channel: u64, game_id: i64, ply: i64) -> bool {
    let prefix = format!(":{game_id}:{ply}:");
    fake.channel_messages(channel)
        .iter()
        .any(|m| hole_buttons(m).iter().any(|(id, _, _)| id.contains(&prefix)))
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_board_for_a_deleted_channel_is_given_up_and_never_asked_again);
async fn a_board_for_a_deleted_channel_is_given_up_and_never_asked_again() {
    let scene = Scene::new().await;
    scene.fake.add_guild_channel(DOOMED_CHANNEL, "doomed");
    let board = game_in(&scene, DOOMED_CHANNEL, &alice(), &bob()).await;
    // The channel is deleted while the game goes on: the move is committed
    // and answered, but its new board can never be posted.
    scene.fake.refuse_channel(DOOMED_CHANNEL, Some(404));
    let before = requests_to(&scene.fake, DOOMED_CHANNEL);
    press_a_hole(&scene, &board).await;
    eventually("the board given up", Duration::from_secs(10), async || {
        count(
            &scene.db,
            "SELECT COUNT(*) FROM delivery_failures WHERE kind = 'board' AND item_id = 1 AND given_up = 1",
        )
        .await
            == 1
    })
    .await;
    let asked = requests_to(&scene.fake, DOOMED_CHANNEL);
    let prefix = format!("/api/v10/channels/{DOOMED_CHANNEL}/");
    let tried: Vec<(String, String, u16)> = scene.fake.requests()[..]
        .iter()
        .filter(|r| r.path.starts_with(&prefix))
        .skip(before)
        .map(|r| (r.method.clone(), r.path.clone(), r.status))
        .collect();
    // Many passes of the delivery loop: none asks again.
    scene.scheduler_passes(5).await;
    assert_eq!(
        requests_to(&scene.fake, DOOMED_CHANNEL),
        asked,
        "no request after giving up"
    );
    // The handler's post; the delivery loop's one attempt: the previous
    // board's buttons (it cannot know the answer took them), a look
    // through the channel for the board, and the post.
    let posts = tried.iter().filter(|(method, _, _)| method == "POST").count();
    assert_eq!(posts, 2, "{tried:?}");
    assert!(tried.len() <= 4, "{tried:?}");
    assert!(tried.iter().all(|(_, _, status)| *status == 404), "{tried:?}");
    assert_eq!(
        count(&scene.db, "SELECT ply FROM games WHERE id = 1").await,
        1,
        "the move stands"
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn more_undeliverable_games_than_a_pass_takes_do_not_keep_a_live_game_from_its_board);
async fn more_undeliverable_games_than_a_pass_takes_do_not_keep_a_live_game_from_its_board() {
    let scene = Scene::new().await;
    scene.fake.add_guild_channel(DOOMED_CHANNEL, "doomed");
    scene.fake.refuse_channel(DOOMED_CHANNEL, Some(403));
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    // Games in a channel the bot may no longer post in, each owing its
    // first board, all changed before the live game.
    for _ in 0..UNDELIVERABLE_GAMES {
        execute(
            &scene.db,
            &format!(
                "INSERT INTO games (guild_id, channel_id, player_a, player_b, start_position, position, created_at,
                     updated_at, seconds_per_move, deadline, reminder_at, loop_history)
                 SELECT guild_id, {DOOMED_CHANNEL}, player_a, player_b, start_position, position, created_at,
                     updated_at - 100, seconds_per_move, deadline, reminder_at, loop_history
                 FROM games WHERE id = 1"
            ),
        )
        .await;
    }
    // The live game's next board fails once (an outage): it owes it.
    scene.fake.stall(Stall {
        method: "POST",
        path_contains: format!("/channels/{CHANNEL_ID}/messages"),
        body_contains: None,
        after_effect: false,
        fail_with: Some(503),
    });
    press_a_hole(&scene, &board).await;
    let started = Instant::now();
    eventually("the live game's board", Duration::from_secs(30), async || {
        shows_live_board(&scene.fake, CHANNEL_ID, 1, 1)
    })
    .await;
    eprintln!("live board settled {:?} after its post failed", started.elapsed());
    eventually(
        "every undeliverable game given up",
        Duration::from_secs(30),
        async || {
            count(&scene.db, "SELECT COUNT(*) FROM delivery_failures WHERE given_up = 1").await == UNDELIVERABLE_GAMES
        },
    )
    .await;
    // Each board is old enough for the bot to look for it in the channel
    // first (a GET, refused too), then it posts it once.
    let asked = requests_to(&scene.fake, DOOMED_CHANNEL);
    let posts = posts_to(&scene.fake, DOOMED_CHANNEL);
    assert_eq!(
        posts as i64, UNDELIVERABLE_GAMES,
        "one post for each undeliverable game"
    );
    assert!(asked <= 2 * posts, "{asked} requests for {posts} posts");
    scene.scheduler_passes(5).await;
    assert_eq!(
        requests_to(&scene.fake, DOOMED_CHANNEL),
        asked,
        "no request after giving up"
    );
    scene.finish().await;
}

async fn listed(f: &Fixture) -> Vec<i64> {
    f.service
        .games_owing_messages(200)
        .await
        .unwrap()
        .into_iter()
        .map(|owing| owing.id)
        .collect()
}

/// One delivery of `game` by the delivery loop, ending with `outcome`;
/// what a failure leads to.
async fn deliver(f: &Fixture, game: i64, outcome: DeliveryOutcome) -> Option<akon::service::DeliveryFailure> {
    let settling = f
        .service
        .delivery(game, SettleFor::Loop)
        .await
        .unwrap()
        .expect("the game owes its board");
    assert_eq!(
        count(&f.db, "SELECT COUNT(*) FROM leases").await,
        1,
        "held while delivering"
    );
    let failure = f.service.delivery_ended(settling, outcome).await.unwrap();
    assert_eq!(count(&f.db, "SELECT COUNT(*) FROM leases").await, 0, "released after");
    failure
}

on_both_backends!(#[tokio::test] fn a_failed_delivery_waits_longer_each_time_and_one_given_up_is_listed_until_the_game_changes);
async fn a_failed_delivery_waits_longer_each_time_and_one_given_up_is_listed_until_the_game_changes() {
    let f = fixture().await;
    let (ada, bo, cy) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    let first = start_game(&f, &ada, &bo).await;
    let second = start_game(&f, &ada, &cy).await;
    assert_eq!(listed(&f).await, vec![first, second], "both owe their first board");

    // The first game's post fails for now: it waits for its retry, then
    // comes after the games that never failed.
    let failure = deliver(&f, first, DeliveryOutcome::Failed { permanent: false })
        .await
        .unwrap();
    assert_eq!((failure.attempts, failure.given_up), (1, false));
    assert_eq!(failure.next_attempt_at - failure.failed_at, RETRY_FIRST_SECS);
    assert_eq!(listed(&f).await, vec![second]);
    f.clock.advance(RETRY_FIRST_SECS);
    assert_eq!(listed(&f).await, vec![second, first]);
    let failure = deliver(&f, first, DeliveryOutcome::Failed { permanent: false })
        .await
        .unwrap();
    assert_eq!(failure.attempts, 2);
    assert_eq!(failure.next_attempt_at - failure.failed_at, 2 * RETRY_FIRST_SECS);
    f.clock.advance(2 * RETRY_FIRST_SECS - 1);
    assert_eq!(listed(&f).await, vec![second], "not before its time");
    f.clock.advance(1);

    // Refused for good: never listed again in this state.
    let failure = deliver(&f, first, DeliveryOutcome::Failed { permanent: true })
        .await
        .unwrap();
    assert!(failure.given_up);
    f.clock.advance(100_000);
    assert_eq!(listed(&f).await, vec![second]);

    // The game changes (it ends): the new state is owed afresh.
    f.service.resign(first, &ada).await.unwrap();
    assert_eq!(listed(&f).await, vec![second, first], "least recently changed first");
    // Delivered: its failures are forgotten.
    assert_eq!(deliver(&f, first, DeliveryOutcome::Delivered).await, None);
    assert_eq!(count(&f.db, "SELECT COUNT(*) FROM delivery_failures").await, 0);
    // (The board was not recorded: the game still owes it, like any.)
    assert_eq!(listed(&f).await, vec![second, first]);
}

on_both_backends!(#[tokio::test] fn a_game_that_owes_nothing_takes_no_lease);
async fn a_game_that_owes_nothing_takes_no_lease() {
    let f = fixture().await;
    let game = start_game(&f, &player(1, "ada"), &player(2, "bo")).await;
    let view = f.service.game(game).await.unwrap();
    f.service.board_shown(&view, 77, 5_000, None).await.unwrap();
    assert!(f.service.delivery(game, SettleFor::Loop).await.unwrap().is_none());
    assert_eq!(count(&f.db, "SELECT COUNT(*) FROM leases").await, 0);
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_delivery_dropped_midway_releases_its_lease);
/// Work that ends without saying how (an early return, a panic in the
/// task) still frees the game for the next pass.
async fn a_delivery_dropped_midway_releases_its_lease() {
    let f = fixture().await;
    let game = start_game(&f, &player(1, "ada"), &player(2, "bo")).await;
    let service = f.service.clone();
    let task = tokio::spawn(async move {
        let _settling = service
            .delivery(game, SettleFor::Loop)
            .await
            .unwrap()
            .expect("the game owes its board");
        panic!("the delivery task fails midway");
    });
    assert!(task.await.unwrap_err().is_panic());
    // Both waits together within 5 s, far from the lease's expiry.
    let limit = Duration::from_secs(5);
    let waited = eventually("the lease released in the database", limit, async || {
        count(&f.db, "SELECT COUNT(*) FROM leases").await == 0
    })
    .await;
    // The process forgets the lease just after the database does: the
    // next pass may come a moment later, never after the lease expires.
    eventually(
        "the game free for the next pass",
        limit.saturating_sub(waited),
        async || f.service.delivery(game, SettleFor::Loop).await.unwrap().is_some(),
    )
    .await;
}
