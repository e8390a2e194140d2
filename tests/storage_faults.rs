//! A database that refuses writes for a while (a full disk, a read-only
//! file) loses nothing: the press meets a clear private answer, nothing is
//! half-written, the health check says why, and play resumes by itself once
//! the database takes writes again. End to end through the fake Discord,
//! on a real SQLite file whose writer is held back as a full disk or a
//! read-only file would (`Store::limit_writes`); and PostgreSQL's answer
//! to a write in a read-only session, named as such.

use std::sync::Arc;

use crate::support::db::TestDb;
use crate::support::fake_discord as fake;
use crate::support::scene::*;
use akon::service::{GameView, ManualClock, MovePress, Place, Player, Service, ServiceConfig, ServiceError};
use akon::store::{Store, Unavailable, WriteLimit};
use akon::telemetry::Health;
use serde_json::Value;
use sqlx::AnyConnection;

const FULL: &str =
    "Akon cannot save anything right now: its storage is full. Nothing was changed; please try again later.";
const READ_ONLY: &str =
    "Akon cannot save anything right now: its database is read-only. Nothing was changed; please try again later.";

/// The database's line of `/healthz` for `store` (`None`: healthy).
async fn database_health(store: &Store) -> Option<String> {
    let health = Health::new();
    health.set_database(store.health_check());
    let problems = health.check().await.expect_err("no gateway is set, so never healthy");
    problems
        .lines()
        .find(|line| line.starts_with("database: "))
        .map(str::to_string)
}

/// The game's ply as stored, and the moves stored for it.
async fn stored(db: &TestDb, game_id: i64) -> (i64, i64) {
    let mut connection = db.connect().await;
    let ply: i64 = sqlx::query_scalar("SELECT ply FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_one(&mut connection)
        .await
        .unwrap();
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE game_id = $1")
        .bind(game_id)
        .fetch_one(&mut connection)
        .await
        .unwrap();
    (ply, moves)
}

/// Fills the page of the `moves` table that game `game_id`'s next move goes
/// to, so that appending it needs a new page: another (finished) game gets
/// moves as small as a move can be, until one more would need a page. With
/// the file's size then held, the next move fails as on a full disk.
async fn fill_the_moves_page(db: &TestDb, game_id: i64) {
    let mut connection: AnyConnection = db.connect().await;
    sqlx::query("PRAGMA busy_timeout = 5000")
        .execute(&mut connection)
        .await
        .unwrap();
    let filler: i64 = sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, start_position, position, status, end_reason,
             winner, created_at, updated_at, finished_at, result_shown)
         SELECT guild_id, 1, player_a, player_b, start_position, position, 'finished', 'resignation', 'A',
             created_at, updated_at, updated_at, 1 FROM games WHERE id = $1 RETURNING id",
    )
    .bind(game_id)
    .fetch_one(&mut connection)
    .await
    .unwrap();
    assert!(filler > game_id, "the filler's moves sort after the game's");
    // No page of the file is free: a new page can only grow the file. A
    // migration that rebuilt a table left the pages of the old one free;
    // VACUUM writes the file again without them.
    sqlx::query("VACUUM").execute(&mut connection).await.unwrap();
    let free: i64 = sqlx::query_scalar("PRAGMA freelist_count")
        .fetch_one(&mut connection)
        .await
        .unwrap();
    assert_eq!(free, 0);
    // This connection may not grow the file either.
    sqlx::query("PRAGMA max_page_count = 1")
        .execute(&mut connection)
        .await
        .unwrap();
    for ply in 1.. {
        let appended = sqlx::query(
            "INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at) VALUES ($1, $2, 'A', 1, 0, 0)",
        )
        .bind(filler)
        .bind(ply)
        .execute(&mut connection)
        .await;
        match appended {
            Ok(_) => assert!(ply < 2_000, "a page holds far fewer moves"),
            Err(error) => {
                let code = error.as_database_error().and_then(|e| e.code()).map(|c| c.into_owned());
                assert_eq!(code.as_deref(), Some("13"), "SQLITE_FULL expected: {error}");
                return;
            }
        }
    }
}

/// How many boards were posted after message `after`.
fn boards_since(scene: &Scene, after: u64) -> usize {
    let messages = scene.fake.all_messages();
    messages
        .iter()
        .filter(|m| fake::message_id(m) > after && is_board(m))
        .count()
}

/// The first enabled hole button of `board`.
fn a_hole(board: &Value) -> String {
    hole_buttons(board)
        .into_iter()
        .find(|(_, _, on)| *on)
        .map(|(id, _, _)| id)
        .expect("a hole to play")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_database_refuses_a_move_clearly_and_play_resumes_once_space_is_back() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let mut board = scene.challenge_accepted(&alice(), &bob()).await;
    let mover = user_to_move(&board, &players);
    board = scene
        .click_expecting_board(&mover, fake::message_id(&board), &a_hole(&board))
        .await;
    let game_id = 1;
    assert_eq!(stored(&scene.db, game_id).await, (1, 1));
    assert_eq!(database_health(scene.bot_store()).await, None);

    fill_the_moves_page(&scene.db, game_id).await;
    assert!(scene.bot_store().limit_writes(WriteLimit::NoGrowth).await.unwrap());

    // The press is answered privately, in time, with what is wrong; the
    // board keeps its buttons and no new board is posted.
    let mover = user_to_move(&board, &players);
    let hole = a_hole(&board);
    let posted = scene.newest_message_id();
    let (_, answer) = scene.click(&mover, fake::message_id(&board), &hole).await;
    assert_eq!(ephemeral_text(&answer), FULL);
    assert_eq!(boards_since(&scene, posted), 0, "no board for a move not saved");
    let shown = scene.fake.message(fake::message_id(&board)).unwrap();
    assert_eq!(
        hole_buttons(&shown),
        hole_buttons(&board),
        "the board still takes the move"
    );
    // Nothing of the move was written: neither the game's row nor the move.
    assert_eq!(stored(&scene.db, game_id).await, (1, 1));
    // A second press meets the same answer.
    let (_, again) = scene.click(&mover, fake::message_id(&board), &hole).await;
    assert_eq!(ephemeral_text(&again), FULL);
    let health = database_health(scene.bot_store()).await.expect("unhealthy while full");
    assert!(health.starts_with("database: database full: "), "{health}");

    // Space is back: the same button plays the move, and the game goes on.
    scene.bot_store().limit_writes(WriteLimit::None).await.unwrap();
    assert_eq!(database_health(scene.bot_store()).await, None);
    let next = scene
        .click_expecting_board(&mover, fake::message_id(&board), &hole)
        .await;
    assert!(fake::content(&next).contains("move 3"), "{}", fake::content(&next));
    assert_eq!(stored(&scene.db, game_id).await, (2, 2));
    let mover = user_to_move(&next, &players);
    scene
        .click_expecting_board(&mover, fake::message_id(&next), &a_hole(&next))
        .await;
    assert_eq!(stored(&scene.db, game_id).await, (3, 3));
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_refuses_moves_and_challenges_clearly_until_it_is_writable() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    scene
        .slash(&carol(), "settings", vec![("language", 3, serde_json::json!("fr"))])
        .await;
    let game_id = 1;
    assert!(scene.bot_store().limit_writes(WriteLimit::ReadOnly).await.unwrap());

    let mover = user_to_move(&board, &players);
    let hole = a_hole(&board);
    let posted = scene.newest_message_id();
    let (_, answer) = scene.click(&mover, fake::message_id(&board), &hole).await;
    assert_eq!(ephemeral_text(&answer), READ_ONLY);
    assert_eq!(boards_since(&scene, posted), 0);
    assert_eq!(stored(&scene.db, game_id).await, (0, 0));
    // A command that writes is refused the same way, in the player's
    // language.
    let challenge = scene.challenge(&carol(), &dave()).await;
    assert_eq!(
        ephemeral_text(&challenge),
        "Akon ne peut rien enregistrer pour l'instant\u{A0}: sa base de données est en lecture seule. \
         Rien n'a été changé\u{202F}; réessaie plus tard."
    );
    let health = database_health(scene.bot_store())
        .await
        .expect("unhealthy while read-only");
    assert!(health.starts_with("database: database read-only: "), "{health}");

    scene.bot_store().limit_writes(WriteLimit::None).await.unwrap();
    assert_eq!(database_health(scene.bot_store()).await, None);
    let next = scene
        .click_expecting_board(&mover, fake::message_id(&board), &hole)
        .await;
    assert!(fake::content(&next).contains("move 2"), "{}", fake::content(&next));
    assert_eq!(stored(&scene.db, game_id).await, (1, 1));
    scene.finish().await;
}

/// Plays one move in each game at once (the first legal hole), so that the
/// moves queue for the writer together; each press's result, in order.
async fn play_at_once(service: &Service, games: &[GameView]) -> Vec<Result<GameView, ServiceError>> {
    let mut presses = Vec::new();
    for game in games {
        let service = service.clone();
        let seat = game.to_move().expect("ongoing");
        let mover = game.player(seat);
        let user = Player {
            id: mover.user_id,
            name: mover.name.clone(),
            is_bot: false,
        };
        let (id, ply) = (game.id, game.ply());
        let hole = game.game.legal_moves().iter().next().expect("a legal move");
        presses.push(tokio::spawn(async move {
            service
                .play(MovePress::new(id, ply, hole, &user))
                .await
                .map(|applied| applied.view)
        }));
    }
    let mut results = Vec::new();
    for press in presses {
        results.push(press.await.unwrap());
    }
    results
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_written_together_fail_alone_and_the_writer_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open_file(&dir.path().join("akon.db")).await.unwrap();
    let clock = ManualClock::starting_at(T0);
    let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(clock)).seeded(SEED);
    let place = Place {
        guild_id: Some(fake::GUILD_ID),
        channel_id: fake::CHANNEL_ID,
        venue: akon::venue::Venue::Server,
    };
    let mut games = Vec::new();
    for pair in 0..8u64 {
        let player = |n: u64| Player {
            id: 400_000_000_000_000_000 + 2 * pair + n,
            name: format!("p{pair}-{n}"),
            is_bot: false,
        };
        let challenge = service.challenge(place, &player(0), &player(1)).await.unwrap();
        games.push(service.accept(challenge.id, &player(1)).await.unwrap());
    }
    // Acknowledged moves, then the database stops taking writes.
    let games: Vec<GameView> = play_at_once(&service, &games)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    store.limit_writes(WriteLimit::ReadOnly).await.unwrap();
    for refused in play_at_once(&service, &games).await {
        let error = refused.expect_err("nothing is written while read-only");
        assert_eq!(
            error.unavailable(),
            Some(akon::service::Unavailable::ReadOnly),
            "{error}"
        );
    }
    for game in &games {
        let (row, moves) = store.game_with_moves(game.id).await.unwrap().unwrap();
        assert_eq!(
            (row.ply, moves.len()),
            (1, 1),
            "game {}: the acknowledged move only",
            game.id
        );
    }
    // Writable again: the same presses go through, on the same writer.
    store.limit_writes(WriteLimit::None).await.unwrap();
    for (game, played) in games.iter().zip(play_at_once(&service, &games).await) {
        assert_eq!(played.unwrap().ply(), 2, "game {}", game.id);
        let (row, moves) = store.game_with_moves(game.id).await.unwrap().unwrap();
        assert_eq!((row.ply, moves.len()), (2, 2), "game {}", game.id);
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn a_read_only_postgresql_session_is_named_read_only() {
    crate::support::db::run(akon::store::Backend::Postgres, async {
        let dir = tempfile::tempdir().unwrap();
        let db = TestDb::create(dir.path(), "unused").await;
        let mut connection = db.connect().await;
        // What a standby, or a database set read-only, answers a write.
        sqlx::query("SET default_transaction_read_only = on")
            .execute(&mut connection)
            .await
            .unwrap();
        let source = sqlx::query("CREATE TABLE refused (x BIGINT)")
            .execute(&mut connection)
            .await
            .expect_err("read-only");
        let error = akon::store::StoreError::Query {
            doing: "writing",
            source,
        };
        assert_eq!(error.unavailable(), Some(Unavailable::ReadOnly), "{error}");
    })
    .await;
}
