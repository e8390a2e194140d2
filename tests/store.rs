//! The store and the service on a real SQLite file per test: schema and
//! pragmas, append-only moves, concurrent moves, challenges, records.

use akon::engine::{Game, Hole, Seat};
use akon::service::{ChallengeStatus, MovePress, Place, Player, Scope, ServiceConfig, ServiceError};
use akon::store::{
    Backend, EndReason, GameStatus, GameUpdate, LeaseKind, NewMove, Outcome, ShownBoard, Store, StoreError,
    UnratedReason, Written,
};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::support::db;

use crate::support::service_fixture;

use service_fixture::{fixture, fixture_with, here, player, start_game, Fixture, CHANNEL, GUILD, T0};

/// The user to move in a game.
async fn mover(f: &Fixture, game: i64, a: &Player, b: &Player) -> Player {
    let view = f.service.game(game).await.unwrap();
    if view.to_move() == Some(Seat::A) {
        a.clone()
    } else {
        b.clone()
    }
}

#[tokio::test]
async fn opening_creates_and_migrates_the_file_with_wal_and_foreign_keys() {
    let f = fixture().await;
    assert!(f.path.exists());
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", f.path.display()))
        .await
        .unwrap();
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let tables: Vec<String> = sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .fetch_all(&pool)
        .await
        .unwrap();
    for table in ["challenges", "games", "moves", "players", "results"] {
        assert!(tables.iter().any(|t| t == table), "missing table {table}: {tables:?}");
    }
    // Opening again is idempotent.
    Store::open_file(&f.path).await.unwrap();
}

#[tokio::test]
async fn moves_are_append_only() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let first = mover(&f, game, &a, &b).await;
    f.service
        .play(MovePress::new(game, 0, Hole::new(3).unwrap(), &first))
        .await
        .unwrap();
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", f.path.display()))
        .await
        .unwrap();
    let update = sqlx::query("UPDATE moves SET hole = 4").execute(&pool).await;
    assert!(update.unwrap_err().to_string().contains("append-only"));
    let delete = sqlx::query("DELETE FROM moves").execute(&pool).await;
    assert!(delete.unwrap_err().to_string().contains("append-only"));
    assert_eq!(f.store.moves(game).await.unwrap().len(), 1);
}

on_both_backends!(#[tokio::test] fn of_many_concurrent_writes_at_one_ply_exactly_one_lands);
async fn of_many_concurrent_writes_at_one_ply_exactly_one_lands() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let row = f.store.game(game).await.unwrap().unwrap();
    let start = row.start_position;
    let mut tasks = Vec::new();
    for hole in 1..=7u8 {
        let store = f.store.clone();
        let mut engine = Game::from_position(start);
        engine.play(Hole::new(hole as i64).unwrap()).unwrap();
        let user = if start.to_move() == Seat::A { 1 } else { 2 };
        tasks.push(tokio::spawn(async move {
            let update = GameUpdate {
                loop_history: None,
                live: None,
                ..update_after(&engine)
            };
            let new_move = NewMove {
                seat: start.to_move(),
                hole,
                user_id: user,
            };
            store.record_move(game, 0, &new_move, &update).await.unwrap()
        }));
    }
    let mut written = 0;
    for task in tasks {
        if task.await.unwrap() == Written::Yes {
            written += 1;
        }
    }
    assert_eq!(written, 1);
    assert_eq!(f.store.moves(game).await.unwrap().len(), 1);
    // The stored position is the replay of the stored move.
    f.service.game(game).await.unwrap();
}

on_both_backends!(#[tokio::test] fn two_presses_at_once_apply_exactly_one_move);
async fn two_presses_at_once_apply_exactly_one_move() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    for round in 0..6i64 {
        let who = mover(&f, game, &a, &b).await;
        let legal: Vec<Hole> = f.service.game(game).await.unwrap().game.legal_moves().iter().collect();
        let presses = (0..4).map(|i| {
            let service = f.service.clone();
            let who = who.clone();
            let hole = legal[i % legal.len()];
            tokio::spawn(async move { service.play(MovePress::new(game, round, hole, &who)).await })
        });
        let results: Vec<_> = futures_join(presses.collect()).await;
        let applied = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(applied, 1, "round {round}: {results:?}");
        for result in results.iter().filter(|r| r.is_err()) {
            assert!(matches!(result, Err(ServiceError::StaleButton)), "{result:?}");
        }
        let view = f.service.game(game).await.unwrap();
        assert_eq!(view.ply(), round + 1);
    }
}

async fn futures_join<T>(handles: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

/// A press as a process that took its interaction over makes it.
fn retried<'a>(game: i64, ply: i64, hole: Hole, user: &'a Player) -> MovePress<'a> {
    MovePress {
        retried: true,
        ..MovePress::new(game, ply, hole, user)
    }
}

on_both_backends!(#[tokio::test] fn a_press_repeated_after_its_move_gets_the_move_as_played_and_no_other);
async fn a_press_repeated_after_its_move_gets_the_move_as_played_and_no_other() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let first = mover(&f, game, &a, &b).await;
    let second = if first == a { b.clone() } else { a.clone() };
    let hole = Hole::new(3).unwrap();
    let applied = f.service.play(MovePress::new(game, 0, hole, &first)).await.unwrap();
    // A second click of the same hole is a press of its own: refused.
    assert!(matches!(
        f.service.play(MovePress::new(game, 0, hole, &first)).await,
        Err(ServiceError::StaleButton)
    ));
    // The same interaction again, taken over from a dead process: what the
    // move got, and nothing written.
    let again = f.service.play(retried(game, 0, hole, &first)).await.unwrap();
    assert_eq!(again.outcome, applied.outcome);
    assert_eq!(again.view.ply(), 1);
    assert_eq!(again.view.game.position(), applied.view.game.position());
    assert_eq!(again.view.to_move(), applied.view.to_move());
    assert_eq!(f.store.moves(game).await.unwrap().len(), 1);
    // Another hole at that ply, or the other player at that ply: refused.
    assert!(matches!(
        f.service.play(retried(game, 0, Hole::new(4).unwrap(), &first)).await,
        Err(ServiceError::StaleButton)
    ));
    assert!(matches!(
        f.service.play(retried(game, 0, hole, &second)).await,
        Err(ServiceError::StaleButton)
    ));
    // Once the game has moved on past it, the same press is refused too.
    let reply = again.view.game.legal_moves().iter().next().unwrap();
    f.service.play(MovePress::new(game, 1, reply, &second)).await.unwrap();
    assert!(matches!(
        f.service.play(retried(game, 0, hole, &first)).await,
        Err(ServiceError::StaleButton)
    ));
    // The latest move pressed again is still answered as played, until
    // something other than a move ends the game.
    let again = f.service.play(retried(game, 1, reply, &second)).await.unwrap();
    assert_eq!(again.view.ply(), 2);
    f.service.resign(game, &first).await.unwrap();
    assert!(matches!(
        f.service.play(retried(game, 1, reply, &second)).await,
        Err(ServiceError::GameOver)
    ));
    assert_eq!(f.store.moves(game).await.unwrap().len(), 2);
}

on_both_backends!(#[tokio::test] fn a_game_ending_move_pressed_again_gets_the_final_board);
async fn a_game_ending_move_pressed_again_gets_the_final_board() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let mut view = f.service.game(game).await.unwrap();
    let (last, applied) = loop {
        let who = mover(&f, game, &a, &b).await;
        let hole = crate::support::scene::greedy(&view.game);
        let press = (view.ply(), hole, who.clone());
        let applied = f
            .service
            .play(MovePress::new(game, view.ply(), hole, &who))
            .await
            .unwrap();
        if applied.view.finished.is_some() {
            break (press, applied);
        }
        view = f.service.game(game).await.unwrap();
    };
    let (ply, hole, who) = last;
    let again = f.service.play(retried(game, ply, hole, &who)).await.unwrap();
    assert_eq!(again.outcome, applied.outcome);
    assert_eq!(again.view.finished, applied.view.finished);
    assert_eq!(again.view.ply(), ply + 1);
    assert_eq!(again.view.rating.is_some(), applied.view.rating.is_some());
    assert_eq!(f.store.moves(game).await.unwrap().len() as i64, ply + 1);
}

on_both_backends!(#[tokio::test] fn refusals_change_nothing);
async fn refusals_change_nothing() {
    let f = fixture().await;
    let (a, b, c) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    let game = start_game(&f, &a, &b).await;
    let first = mover(&f, game, &a, &b).await;
    let second = if first == a { b.clone() } else { a.clone() };
    let hole = Hole::new(1).unwrap();
    assert!(matches!(
        f.service.play(MovePress::new(game, 0, hole, &c)).await,
        Err(ServiceError::NotAPlayer)
    ));
    assert!(matches!(
        f.service.play(MovePress::new(game, 0, hole, &second)).await,
        Err(ServiceError::NotYourTurn(_))
    ));
    assert!(matches!(
        f.service.play(MovePress::new(game, 5, hole, &first)).await,
        Err(ServiceError::StaleButton)
    ));
    assert!(matches!(
        f.service.play(MovePress::new(999, 0, hole, &first)).await,
        Err(ServiceError::GameNotFound)
    ));
    assert_eq!(f.store.moves(game).await.unwrap().len(), 0);
    f.service.play(MovePress::new(game, 0, hole, &first)).await.unwrap();
    // Five seeds from hole 1 stay in the mover's own row, so the first mover's hole 1 stays empty.
    f.service.play(MovePress::new(game, 1, hole, &second)).await.unwrap();
    let refused = f.service.play(MovePress::new(game, 2, hole, &first)).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::IllegalMove(akon::engine::IllegalMove::EmptyHole(_)))
        ),
        "{refused:?}"
    );
    f.service.resign(game, &second).await.unwrap();
    assert!(matches!(
        f.service.play(MovePress::new(game, 2, hole, &first)).await,
        Err(ServiceError::GameOver)
    ));
    assert!(matches!(
        f.service.resign(game, &first).await,
        Err(ServiceError::GameOver)
    ));
    assert_eq!(f.store.moves(game).await.unwrap().len(), 2);
}

on_both_backends!(#[tokio::test] fn challenges_refuse_self_bots_duplicates_and_too_many_games);
async fn challenges_refuse_self_bots_duplicates_and_too_many_games() {
    let f = fixture_with(ServiceConfig {
        challenge_ttl_secs: 3600,
        max_ongoing_games: 2,
        ..Default::default()
    })
    .await;
    let (a, b, c, d) = (player(1, "ada"), player(2, "bo"), player(3, "cy"), player(4, "di"));
    let robot = Player {
        id: 9,
        name: "robot".into(),
        is_bot: true,
    };
    assert!(matches!(
        f.service.challenge(here(), &a, &a).await,
        Err(ServiceError::ChallengeSelf)
    ));
    assert!(matches!(
        f.service.challenge(here(), &a, &robot).await,
        Err(ServiceError::ChallengeBot(_))
    ));
    let dm = Place {
        guild_id: None,
        channel_id: 5,
        venue: akon::venue::Venue::BotDm,
    };
    assert!(matches!(
        f.service.challenge(dm, &a, &b).await,
        Err(ServiceError::OpponentCannotSeeThisChat(_))
    ));
    let first = f.service.challenge(here(), &a, &b).await.unwrap();
    assert!(matches!(
        f.service.challenge(here(), &a, &b).await,
        Err(ServiceError::AlreadyChallenged(_))
    ));
    // The other way round is a different challenge.
    f.service.challenge(here(), &b, &a).await.unwrap();
    f.service.accept(first.id, &b).await.unwrap();
    start_game(&f, &a, &c).await;
    // ada now has two ongoing games: the limit.
    assert!(matches!(
        f.service.challenge(here(), &d, &a).await,
        Err(ServiceError::TooManyGames { .. })
    ));
    assert!(matches!(
        f.service.challenge(here(), &a, &d).await,
        Err(ServiceError::TooManyGames { .. })
    ));
}

on_both_backends!(#[tokio::test] fn only_the_opponent_accepts_either_player_closes_and_challenges_expire);
async fn only_the_opponent_accepts_either_player_closes_and_challenges_expire() {
    let f = fixture_with(ServiceConfig {
        challenge_ttl_secs: 3600,
        max_ongoing_games: 25,
        ..Default::default()
    })
    .await;
    let (a, b, c) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    let challenge = f.service.challenge(here(), &a, &b).await.unwrap();
    assert!(matches!(
        f.service.accept(challenge.id, &a).await,
        Err(ServiceError::NotYourChallenge(_))
    ));
    assert!(matches!(
        f.service.accept(challenge.id, &c).await,
        Err(ServiceError::NotYourChallenge(_))
    ));
    assert!(matches!(
        f.service.decline(challenge.id, &c).await,
        Err(ServiceError::NotInChallenge)
    ));
    assert_eq!(
        f.service.decline(challenge.id, &b).await.unwrap().status,
        ChallengeStatus::Declined
    );
    assert!(matches!(
        f.service.accept(challenge.id, &b).await,
        Err(ServiceError::ChallengeClosed(ChallengeStatus::Declined))
    ));

    let withdrawn = f.service.challenge(here(), &a, &b).await.unwrap();
    assert_eq!(
        f.service.decline(withdrawn.id, &a).await.unwrap().status,
        ChallengeStatus::Withdrawn
    );

    let expiring = f.service.challenge(here(), &a, &b).await.unwrap();
    f.clock.advance(3600);
    assert!(matches!(
        f.service.accept(expiring.id, &b).await,
        Err(ServiceError::ChallengeExpired)
    ));
    assert_eq!(
        f.store.challenge(expiring.id).await.unwrap().unwrap().status,
        akon::store::ChallengeStatus::Expired
    );
    // An expired challenge no longer blocks a new one.
    f.service.challenge(here(), &a, &b).await.unwrap();
}

/// `text` as the server returns a text column, decoded as the store decodes
/// one into `T`.
async fn decoded<T>(db: &mut sqlx::AnyConnection, text: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + Unpin,
{
    sqlx::query_scalar("SELECT CAST($1 AS TEXT)")
        .bind(text)
        .fetch_one(db)
        .await
        .unwrap()
}

on_both_backends!(#[tokio::test] fn every_status_and_end_reason_reads_back_as_itself_and_an_unknown_one_is_an_error);
async fn every_status_and_end_reason_reads_back_as_itself_and_an_unknown_one_is_an_error() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let challenge = f.service.challenge(here(), &a, &b).await.unwrap().id;
    let mut db = f.db.connect().await;
    for &status in akon::store::ChallengeStatus::ALL {
        sqlx::query("UPDATE challenges SET status = $2 WHERE id = $1")
            .bind(challenge)
            .bind(status.as_str())
            .execute(&mut db)
            .await
            .unwrap();
        assert_eq!(f.store.challenge(challenge).await.unwrap().unwrap().status, status);
    }
    let ends = std::iter::once(None).chain(EndReason::ALL.iter().copied().map(Some));
    for end in ends {
        for &status in GameStatus::ALL {
            sqlx::query("UPDATE games SET status = $2, end_reason = $3 WHERE id = $1")
                .bind(game)
                .bind(status.as_str())
                .bind(end.map(EndReason::as_str))
                .execute(&mut db)
                .await
                .unwrap();
            let row = f.store.game(game).await.unwrap().unwrap();
            assert_eq!((row.status, row.end_reason), (status, end));
        }
    }

    // Why a game went unrated and a player's result, decoded from text the
    // server returns.
    for &reason in UnratedReason::ALL {
        assert_eq!(decoded::<UnratedReason>(&mut db, reason.as_str()).await, reason);
    }
    for &outcome in Outcome::ALL {
        assert_eq!(decoded::<Outcome>(&mut db, outcome.as_str()).await, outcome);
    }

    // A value from a newer or damaged database: the CHECK constraints would
    // refuse it, so this connection lifts them first.
    match db::backend() {
        Backend::Sqlite => {
            sqlx::query("PRAGMA ignore_check_constraints = ON")
                .execute(&mut db)
                .await
                .unwrap();
        }
        Backend::Postgres => {
            sqlx::query("ALTER TABLE challenges DROP CONSTRAINT challenges_status_check")
                .execute(&mut db)
                .await
                .unwrap();
            sqlx::query("ALTER TABLE games DROP CONSTRAINT games_end_reason_check")
                .execute(&mut db)
                .await
                .unwrap();
        }
    }
    let damaged = [
        ("UPDATE challenges SET status = $2 WHERE id = $1", challenge, "paused"),
        ("UPDATE games SET end_reason = $2 WHERE id = $1", game, "stalemate"),
    ];
    for (sql, id, text) in damaged {
        sqlx::query(sql).bind(id).bind(text).execute(&mut db).await.unwrap();
    }
    let unknown_status = f.store.challenge(challenge).await.unwrap_err();
    let unknown_end = f.store.game(game).await.unwrap_err();
    for (error, says) in [
        (unknown_status, "unknown challenge status `paused`"),
        (unknown_end, "unknown end reason `stalemate`"),
    ] {
        assert!(
            matches!(
                &error,
                StoreError::Query {
                    source: sqlx::Error::ColumnDecode { .. },
                    ..
                }
            ),
            "{error:?}"
        );
        assert!(error.to_string().contains(says), "{error}");
    }
}

on_both_backends!(#[tokio::test] fn finished_games_feed_the_leaderboard_and_records);
async fn finished_games_feed_the_leaderboard_and_records() {
    let f = fixture_with(ServiceConfig {
        leaderboard_min_games: 1,
        ..Default::default()
    })
    .await;
    let (a, b, c) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    // ada beats bo twice, bo beats cy once, cy beats ada once.
    let season = [(&a, &b), (&a, &b), (&b, &c), (&c, &a)];
    let mut ratings = std::collections::HashMap::new();
    for (winner, loser) in season {
        let game = start_game(&f, winner, loser).await;
        f.service.resign(game, loser).await.unwrap();
        let w = *ratings.entry(winner.id).or_insert_with(Glicko2Rating::new);
        let l = *ratings.entry(loser.id).or_insert_with(Glicko2Rating::new);
        let (w, l) = glicko2(&w, &l, &Outcomes::WIN, &Glicko2Config::new());
        ratings.insert(winner.id, w);
        ratings.insert(loser.id, l);
    }
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, a.id).await.unwrap();
    let rows: Vec<(&str, i64, i64)> = board.rows.iter().map(|r| (r.name.as_str(), r.wins, r.losses)).collect();
    // Ranked by Glicko-2 rating, computed here independently.
    let mut expected = vec![(&a, "ada", 2, 1), (&b, "bo", 1, 2), (&c, "cy", 1, 1)];
    expected.sort_by(|x, y| ratings[&y.0.id].rating.total_cmp(&ratings[&x.0.id].rating));
    let expected: Vec<(&str, i64, i64)> = expected.into_iter().map(|(_, n, w, l)| (n, w, l)).collect();
    assert_eq!(rows, expected);
    let stats = f.service.stats(&a, &a, Some(GUILD)).await.unwrap();
    assert_eq!(
        (
            stats.overall.wins,
            stats.overall.losses,
            stats.overall.draws,
            stats.overall.games
        ),
        (2, 1, 0, 3)
    );
    let elsewhere = f.service.leaderboard(Scope::Server(GUILD + 1), 0, a.id).await.unwrap();
    assert!(elsewhere.rows.is_empty());
}

on_both_backends!(#[tokio::test] fn a_move_abandoned_while_being_written_leaves_one_move_or_none_and_the_writer_usable);
async fn a_move_abandoned_while_being_written_leaves_one_move_or_none_and_the_writer_usable() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let mut game = start_game(&f, &a, &b).await;
    // The abandoned batch races SQLite's thread: many rounds, so that some
    // are dropped part-way through.
    for _ in 0..300 {
        let mut view = f.service.game(game).await.unwrap();
        if view.to_move().is_none() {
            game = start_game(&f, &a, &b).await;
            view = f.service.game(game).await.unwrap();
        }
        let seat = view.to_move().unwrap();
        let hole = view.game.legal_moves().iter().next().unwrap();
        let mut engine = view.game.clone();
        engine.play(hole).unwrap();
        let update = update_after(&engine);
        let new_move = NewMove {
            seat,
            hole: hole.number(),
            user_id: if seat == Seat::A { 1 } else { 2 },
        };
        // Polled once, then dropped, as a cancelled caller would.
        let abandoned = tokio::time::timeout(
            std::time::Duration::ZERO,
            f.store.record_move(game, view.ply(), &new_move, &update),
        )
        .await;
        if let Ok(done) = abandoned {
            done.unwrap();
        }
        // Either the abandoned write landed whole or not at all, and the
        // next write goes through.
        let written = f.store.record_move(game, view.ply(), &new_move, &update).await.unwrap();
        let moves = f.store.moves(game).await.unwrap();
        assert_eq!(moves.len() as i64, view.ply() + 1, "{written:?}");
        f.service.game(game).await.unwrap();
    }
}

/// Databases created before PostgreSQL existed recorded each SQLite
/// migration's checksum (SHA-384 of its text); sqlx refuses to open a
/// database whose recorded checksums differ from the migrations built in.
/// Moving the files to `migrations/sqlite/` must leave them byte for byte.
#[test]
fn the_sqlite_migrations_are_the_ones_existing_databases_recorded() {
    let recorded = [
        (
            20261129000001,
            "282b5b9c46d291466c298ee0ef5f7f20e761c3f7c1e6c7d0c1bc79cc9d29bcdc18e2eb8f9738cacfb88b911e0b5dc409",
        ),
        (
            20261129000002,
            "6ec9eb00491c254432ec3aa26424daa0a79c6659f441b02adcd7dcbc447ee16d66478b5666c9e55853f0a9d0ea6f0bfb",
        ),
        (
            20261129000003,
            "b2ece1eaca56875b74904474f4a03d43ccabad2a9e6c07a7263def87a047d867ad19fe25aacd5b85d3c8808d12332bd3",
        ),
        (
            20261129000004,
            "7fe9cd8093b892fe361889a57ebf73df3ff825ed625323d02fdee6e9f5ee7c8153a084f38e6d5312de2796a4be8d3338",
        ),
        (
            20261130000001,
            "47cef7b0354b4ed2688b2ab8ea718a517d372cb09ffbd0b5147cee9bdf69f129d5b6ae1c52920998b82b197ea0642f65",
        ),
        (
            20261130000005,
            "0e11b170ac4a9b1b9ff2037794564a3346fd1499a56073aae92588dd0f88857c3c083c2d14c52c4a8dad7bc68844f85e",
        ),
    ];
    let built = sqlx::migrate!("./migrations/sqlite");
    for (version, checksum) in recorded {
        let migration = built
            .iter()
            .find(|m| m.version == version)
            .unwrap_or_else(|| panic!("migration {version} is gone"));
        let hex: String = migration.checksum.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, checksum, "migration {version} changed");
    }
}

/// Every SQLite migration has a PostgreSQL twin of the same version, so
/// that later migrations pair up.
#[test]
fn each_backend_has_the_same_migration_versions() {
    let versions = |migrator: sqlx::migrate::Migrator| -> Vec<i64> { migrator.iter().map(|m| m.version).collect() };
    assert_eq!(
        versions(sqlx::migrate!("./migrations/sqlite")),
        versions(sqlx::migrate!("./migrations/postgres"))
    );
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_lease_is_held_by_one_process_until_it_expires_or_is_released);
async fn a_lease_is_held_by_one_process_until_it_expires_or_is_released() {
    let f = fixture().await;
    // Another process on the same database.
    let other = Store::open(&f.db.url).await.unwrap();
    let (now, until) = (T0, T0 + 30);
    assert!(f.store.take_lease(LeaseKind::Notice, 7, now, until).await.unwrap());
    assert!(!other.take_lease(LeaseKind::Notice, 7, now + 1, now + 31).await.unwrap());
    // The holder renews; other items and other kinds are free.
    assert!(f
        .store
        .take_lease(LeaseKind::Notice, 7, now + 2, now + 32)
        .await
        .unwrap());
    assert!(other.take_lease(LeaseKind::Notice, 8, now, until).await.unwrap());
    assert!(other.take_lease(LeaseKind::Delivery, 7, now, until).await.unwrap());
    // A holder that stops renewing (a dead process) loses the lease at its
    // deadline, and then the other takes it.
    assert!(!other
        .take_lease(LeaseKind::Notice, 7, now + 31, now + 61)
        .await
        .unwrap());
    assert!(other
        .take_lease(LeaseKind::Notice, 7, now + 32, now + 62)
        .await
        .unwrap());
    assert!(!f
        .store
        .take_lease(LeaseKind::Notice, 7, now + 33, now + 63)
        .await
        .unwrap());
    // Released, it is free at once; releasing another's lease does nothing.
    f.store.release_lease(LeaseKind::Notice, 8).await.unwrap();
    assert!(!f
        .store
        .take_lease(LeaseKind::Notice, 8, now + 1, now + 31)
        .await
        .unwrap());
    other.release_lease(LeaseKind::Notice, 7).await.unwrap();
    assert!(f
        .store
        .take_lease(LeaseKind::Notice, 7, now + 34, now + 64)
        .await
        .unwrap());
    other.close().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn of_many_processes_asking_at_once_exactly_one_gets_a_lease);
async fn of_many_processes_asking_at_once_exactly_one_gets_a_lease() {
    let f = fixture().await;
    let mut stores = vec![f.store.clone()];
    for _ in 0..3 {
        stores.push(Store::open(&f.db.url).await.unwrap());
    }
    for item in 0..20 {
        let tasks: Vec<_> = stores
            .iter()
            .map(|store| {
                let store = store.clone();
                tokio::spawn(async move { store.take_lease(LeaseKind::Delivery, item, T0, T0 + 30).await.unwrap() })
            })
            .collect();
        let mut taken = 0;
        for task in tasks {
            taken += usize::from(task.await.unwrap());
        }
        assert_eq!(taken, 1, "item {item}");
    }
}

/// The game's row after `engine`'s last move, for writing it directly.
fn update_after(engine: &Game) -> GameUpdate {
    GameUpdate {
        position: *engine.position(),
        finished: None,
        captured_a: engine.position().captured(Seat::A) as u32,
        captured_b: engine.position().captured(Seat::B) as u32,
        now: T0,
        deadline: None,
        reminder_at: None,
        loop_history: Some(engine.loop_history_text()),
        live: None,
    }
}

/// Up to three different first moves of `game`, each written at once from a
/// task of its own (on SQLite they queue together for the writer and are
/// written in batches): the outcomes, in the order the moves were offered.
async fn press_first_moves_at_once(
    f: &Fixture,
    games: &[i64],
    hole_number: impl Fn(Hole) -> u8,
) -> Vec<Vec<Result<Written, StoreError>>> {
    let mut tasks = Vec::new();
    for &game in games {
        let view = f.service.game(game).await.unwrap();
        let seat = view.to_move().unwrap();
        let mut presses = Vec::new();
        for hole in view.game.legal_moves().iter().take(3) {
            let mut engine = view.game.clone();
            engine.play(hole).unwrap();
            let update = update_after(&engine);
            let new_move = NewMove {
                seat,
                hole: hole_number(hole),
                user_id: view.player(seat).user_id,
            };
            let store = f.store.clone();
            presses.push(tokio::spawn(async move {
                store.record_move(game, 0, &new_move, &update).await
            }));
        }
        tasks.push(presses);
    }
    let mut outcomes = Vec::new();
    for presses in tasks {
        let mut written = Vec::new();
        for press in presses {
            written.push(press.await.unwrap());
        }
        outcomes.push(written);
    }
    outcomes
}

async fn games_between_pairs(f: &Fixture, count: u64) -> Vec<i64> {
    let mut games = Vec::new();
    for pair in 0..count {
        let (a, b) = (player(100 + 2 * pair, "ada"), player(101 + 2 * pair, "bo"));
        games.push(start_game(f, &a, &b).await);
    }
    games
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn moves_pressed_at_once_on_many_games_each_land_once);
async fn moves_pressed_at_once_on_many_games_each_land_once() {
    let f = fixture().await;
    let games = games_between_pairs(&f, 40).await;
    let outcomes = press_first_moves_at_once(&f, &games, Hole::number).await;
    for (game, written) in games.iter().zip(outcomes) {
        let landed = written.iter().filter(|w| matches!(w, Ok(Written::Yes))).count();
        let refused = written.iter().filter(|w| matches!(w, Ok(Written::Conflict))).count();
        assert_eq!((landed, refused), (1, written.len() - 1), "game {game}: {written:?}");
        assert_eq!(f.store.moves(*game).await.unwrap().len(), 1);
        // The stored position is the replay of the stored move.
        let view = f.service.game(*game).await.unwrap();
        assert_eq!(view.ply(), 1);
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_move_the_database_refuses_fails_alone);
async fn a_move_the_database_refuses_fails_alone() {
    let f = fixture().await;
    let games = games_between_pairs(&f, 30).await;
    // Every third game's presses name a hole the moves table refuses; the
    // others, written in the same batches on SQLite, must not fail with them.
    let bad: Vec<i64> = games.iter().copied().step_by(3).collect();
    let good_games: Vec<i64> = games.iter().copied().filter(|g| !bad.contains(g)).collect();
    let (good, refused) = tokio::join!(
        press_first_moves_at_once(&f, &good_games, Hole::number),
        press_first_moves_at_once(&f, &bad, |_| 9),
    );
    for (game, written) in good_games.iter().zip(good) {
        let landed = written.iter().filter(|w| matches!(w, Ok(Written::Yes))).count();
        assert_eq!(landed, 1, "game {game}: {written:?}");
        assert!(written.iter().all(|w| w.is_ok()), "game {game}: {written:?}");
        assert_eq!(f.store.moves(*game).await.unwrap().len(), 1);
    }
    for (game, written) in bad.iter().zip(refused) {
        assert!(written.iter().all(|w| w.is_err()), "game {game}: {written:?}");
        assert!(f.store.moves(*game).await.unwrap().is_empty());
        assert_eq!(f.service.game(*game).await.unwrap().ply(), 0);
    }
}

/// Whether every frame of the WAL of the SQLite database at `path` is
/// copied back into the database file, as its WAL index (the `-shm` file)
/// says: the checkpoint's progress, `nBackfill` (offset 96), has reached
/// the WAL's last frame, `mxFrame` (offset 16), both in the machine's
/// byte order (<https://www.sqlite.org/walformat.html>).
fn wal_all_copied(path: &std::path::Path) -> bool {
    let Ok(index) = std::fs::read(path.with_extension("db-shm")) else {
        return false;
    };
    let word = |at: usize| index.get(at..at + 4).map(|b| u32::from_ne_bytes(b.try_into().unwrap()));
    matches!((word(16), word(96)), (Some(last), Some(copied)) if last > 0 && copied == last)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_is_copied_back_beside_the_writer_and_stays_small() {
    // SQLite's own checkpoint (inside the commit that fills the WAL) is off,
    // so that the writer never waits for one; the store's checkpointer
    // must keep the WAL from growing without end.
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let view = f.service.game(game).await.unwrap();
    let update = update_after(&view.game);
    let wal = f.path.with_extension("db-wal");
    let mut ply = 0;
    for _round in 0..10 {
        for _ in 0..200 {
            let new_move = NewMove {
                seat: if ply % 2 == 0 { Seat::A } else { Seat::B },
                hole: 1,
                user_id: if ply % 2 == 0 { 1 } else { 2 },
            };
            assert_eq!(
                f.store.record_move(game, ply, &new_move, &update).await.unwrap(),
                Written::Yes
            );
            ply += 1;
        }
        // A pause in the writes: the checkpointer copies the WAL back.
        crate::support::eventually("the WAL copied back", std::time::Duration::from_secs(30), async || {
            wal_all_copied(&f.path)
        })
        .await;
    }
    assert_eq!(f.store.moves(game).await.unwrap().len(), 2000);
    // 2,000 commits of a few pages each would leave a WAL of tens of MB.
    let size = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert!(size < 12 << 20, "the WAL grew to {size} bytes");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_starts_over_under_writes_that_never_pause() {
    // Under steady writes each passive checkpoint ends with new frames
    // behind it, so the WAL never reaches an end that the writer could
    // start it over from: the checkpointer must hold the writer still now
    // and then, or the WAL grows as long as the writes go on.
    const MOVES_PER_GAME: i64 = 3_000;
    let f = fixture().await;
    let games = games_between_pairs(&f, 16).await;
    let view = f.service.game(games[0]).await.unwrap();
    let update = update_after(&view.game);
    let wal = f.path.with_extension("db-wal");
    let mut writers = Vec::new();
    for &game in &games {
        let (store, update) = (f.store.clone(), update.clone());
        writers.push(tokio::spawn(async move {
            for ply in 0..MOVES_PER_GAME {
                let new_move = NewMove {
                    seat: if ply % 2 == 0 { Seat::A } else { Seat::B },
                    hole: 1,
                    user_id: if ply % 2 == 0 { 100 } else { 101 },
                };
                assert_eq!(
                    store.record_move(game, ply, &new_move, &update).await.unwrap(),
                    Written::Yes
                );
            }
        }));
    }
    let mut largest = 0;
    while !writers.iter().all(|w| w.is_finished()) {
        largest = largest.max(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0));
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    for writer in writers {
        writer.await.unwrap();
    }
    for game in games {
        assert_eq!(f.store.moves(game).await.unwrap().len(), MOVES_PER_GAME as usize);
    }
    // The store starts the WAL over past 64 MiB; one checkpoint period of
    // writes may come on top, and a disk busy with other work makes that
    // period long (seen: up to 105 MB). Never started over, the WAL would
    // hold every move written here: about 290 MB.
    assert!(largest < 160 << 20, "the WAL grew to {largest} bytes");
}

on_both_backends!(#[tokio::test] fn a_press_on_an_unsaved_board_in_a_thread_saves_it_in_the_thread);
/// The board pressed before its id was saved (its post's answer lost to a
/// crash, say) is saved where it is: for a game in a thread, the thread,
/// where the next board then goes too.
async fn a_press_on_an_unsaved_board_in_a_thread_saves_it_in_the_thread() {
    const THREAD: u64 = 7_000;
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let view = f.service.game(game).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap();
    let user = mover(&f, game, &a, &b).await;
    f.service
        .play(MovePress {
            message_id: Some(7_001),
            message_channel_id: Some(THREAD),
            ..MovePress::new(game, view.ply(), hole, &user)
        })
        .await
        .unwrap();
    let row = f.store.game_with_players_as_stored(game).await.unwrap().unwrap().game;
    assert_eq!(
        (row.board_channel_id, row.board_message_id),
        (Some(THREAD), Some(7_001)),
        "the pressed board is saved in its thread, not in the game's channel"
    );
}

/// What a press reads of `game` (on SQLite kept from the writes) is what
/// the database holds.
async fn reads_as_stored(f: &Fixture, game: i64, after: &str) {
    let read = f.store.game_with_players(game).await.unwrap();
    let stored = f.store.game_with_players_as_stored(game).await.unwrap();
    assert_eq!(read, stored, "after {after}");
}

on_both_backends!(#[tokio::test] fn a_press_reads_what_is_stored_after_every_kind_of_write);
async fn a_press_reads_what_is_stored_after_every_kind_of_write() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    reads_as_stored(&f, game, "the start").await;
    for ply in 0..6 {
        let view = f.service.game(game).await.unwrap();
        let board = 5_000 + ply;
        f.service.board_shown(&view, CHANNEL, board, None).await.unwrap();
        reads_as_stored(&f, game, "a board").await;
        let hole = view.game.legal_moves().iter().next().unwrap();
        let user = mover(&f, game, &a, &b).await;
        f.service
            .play(MovePress {
                message_id: Some(board),
                ..MovePress::new(game, view.ply(), hole, &user)
            })
            .await
            .unwrap();
        reads_as_stored(&f, game, "a move").await;
    }
    // A press on a board whose id was not saved yet saves it first.
    let view = f.service.game(game).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap();
    let user = mover(&f, game, &a, &b).await;
    f.service
        .play(MovePress {
            message_id: Some(6_000),
            ..MovePress::new(game, view.ply(), hole, &user)
        })
        .await
        .unwrap();
    reads_as_stored(&f, game, "a move on an unsaved board").await;

    // A new name, saved by a challenge elsewhere, shows on the game.
    f.service
        .challenge(here(), &player(1, "ada lovelace"), &player(3, "cy"))
        .await
        .unwrap();
    reads_as_stored(&f, game, "a new name").await;
    let read = f.store.game_with_players(game).await.unwrap().unwrap();
    assert_eq!(read.name_a.as_deref(), Some("ada lovelace"));

    // The clock: a reminder taken, then the game lost on time.
    let deadline = f
        .store
        .game_with_players(game)
        .await
        .unwrap()
        .unwrap()
        .game
        .deadline
        .unwrap();
    f.clock.advance(deadline - T0 - 60);
    f.service.tick().await.unwrap();
    reads_as_stored(&f, game, "a reminder").await;
    f.clock.advance(120);
    f.service.tick().await.unwrap();
    reads_as_stored(&f, game, "a timeout").await;
    let finished = f.service.game(game).await.unwrap().finished;
    assert!(
        matches!(finished, Some((akon::service::EndReason::Timeout { .. }, _))),
        "{finished:?}"
    );

    let resigned = start_game(&f, &a, &b).await;
    reads_as_stored(&f, resigned, "another start").await;
    f.service.resign(resigned, &a).await.unwrap();
    reads_as_stored(&f, resigned, "a resignation").await;

    let aborted = start_game(&f, &a, &b).await;
    reads_as_stored(&f, aborted, "a third start").await;
    f.service.abort(aborted, &a).await.unwrap();
    reads_as_stored(&f, aborted, "an abort").await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn boards_and_moves_written_at_once_each_land_once);
async fn boards_and_moves_written_at_once_each_land_once() {
    // New boards recorded while other games' moves are written: each lands
    // as the game's latest board, each move once.
    let f = fixture().await;
    let games = games_between_pairs(&f, 40).await;
    let (shown, moved) = games.split_at(20);
    let board_of = |game: i64| ShownBoard {
        game_id: game,
        ply: 0,
        finished: false,
        channel_id: CHANNEL,
        message_id: 7_000 + game as u64,
    };
    let boards: Vec<_> = shown
        .iter()
        .map(|&game| {
            let (store, board) = (f.store.clone(), board_of(game));
            tokio::spawn(async move { store.board_shown(&board, None).await })
        })
        .collect();
    let (boards, moves) = tokio::join!(futures_join(boards), press_first_moves_at_once(&f, moved, Hole::number));
    for (game, recorded) in shown.iter().zip(boards) {
        let recorded = recorded.unwrap();
        assert!(
            recorded.latest && recorded.stale.is_empty(),
            "game {game}: {recorded:?}"
        );
        let stored = f.store.game_with_players_as_stored(*game).await.unwrap().unwrap().game;
        assert_eq!(
            (stored.board_message_id, stored.board_ply),
            (Some(7_000 + *game as u64), Some(0))
        );
    }
    for (game, written) in moved.iter().zip(moves) {
        let landed = written.iter().filter(|w| matches!(w, Ok(Written::Yes))).count();
        assert_eq!(landed, 1, "game {game}: {written:?}");
        assert_eq!(f.store.moves(*game).await.unwrap().len(), 1);
    }
    // A second copy of a board is not the common case: it goes the long
    // way, and the copy it replaces is left to strip.
    let game = shown[0];
    let copy = ShownBoard {
        message_id: 8_000,
        ..board_of(game)
    };
    let recorded = f.store.board_shown(&copy, None).await.unwrap();
    assert!(recorded.latest);
    assert_eq!(recorded.stale, vec![(CHANNEL, 7_000 + game as u64)]);
}

/// Every board of `game` the store knows: the recorded one, and those left
/// to strip.
async fn recorded_and_stale(f: &Fixture, game: i64) -> (Option<u64>, Vec<u64>) {
    let stored = f.store.game_with_players_as_stored(game).await.unwrap().unwrap().game;
    let stale = f.store.stale_boards(game).await.unwrap();
    (
        stored.board_message_id,
        stale.into_iter().map(|(_, message)| message).collect(),
    )
}

/// Forgets `game`'s stale boards, as stripping them does.
async fn strip_all(f: &Fixture, game: i64) {
    for (_, message) in f.store.stale_boards(game).await.unwrap() {
        f.store.stale_board_stripped(message).await.unwrap();
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn two_copies_of_a_board_recorded_at_once_leave_no_other_copy_live);
/// Two `/akon board` at once, round after round: the newer copy is the
/// recorded board, and both the older copy and the board they replace are
/// left to strip, whichever transaction commits first.
async fn two_copies_of_a_board_recorded_at_once_leave_no_other_copy_live() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let board = |message_id: u64| ShownBoard {
        game_id: game,
        ply: 0,
        finished: false,
        channel_id: CHANNEL,
        message_id,
    };
    f.store.board_shown(&board(10_000), None).await.unwrap();
    let mut replaced = 10_000;
    for round in 1..=60u64 {
        let (older, newer) = (10_000 + 10 * round, 10_000 + 10 * round + 1);
        let copies: Vec<_> = [older, newer]
            .into_iter()
            .map(|copy| {
                let (store, copy) = (f.store.clone(), board(copy));
                tokio::spawn(async move { store.board_shown(&copy, None).await.unwrap() })
            })
            .collect();
        let answers = futures_join(copies).await;
        let (recorded, stale) = recorded_and_stale(&f, game).await;
        assert_eq!(recorded, Some(newer), "round {round}: {answers:?}");
        assert!(
            stale.contains(&replaced) && stale.contains(&older),
            "round {round}: stale {stale:?}, answers {answers:?}"
        );
        assert!(
            !stale.contains(&newer),
            "round {round}: the recorded board is not stale"
        );
        // The copy recorded last says what is left to strip, all of it.
        let last = answers.iter().max_by_key(|answer| answer.stale.len()).unwrap();
        let listed: Vec<u64> = last.stale.iter().map(|(_, message)| *message).collect();
        assert!(
            listed.contains(&replaced) && listed.contains(&older),
            "round {round}: {answers:?}"
        );
        strip_all(&f, game).await;
        replaced = newer;
    }
}

on_both_backends!(#[tokio::test] fn a_moves_board_strips_a_copy_recorded_after_its_view_was_read);
/// `/akon board` answered and recorded while a move was being played on
/// the board before: the move's new board, recorded next, leaves that copy
/// to strip even though the board its answer took the buttons off was
/// another one.
async fn a_moves_board_strips_a_copy_recorded_after_its_view_was_read() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = start_game(&f, &a, &b).await;
    let view = f.service.game(game).await.unwrap();
    f.service.board_shown(&view, CHANNEL, 20_000, None).await.unwrap();
    let pressed_view = f.service.game(game).await.unwrap();
    // The command's copy of the same board, recorded first.
    let copy = f
        .service
        .board_shown(&pressed_view, CHANNEL, 20_001, None)
        .await
        .unwrap();
    assert!(copy.latest);
    assert_eq!(copy.strip, vec![(CHANNEL, 20_000)]);
    strip_all(&f, game).await;
    // The move had read the game before the copy was recorded: its answer
    // took the buttons off board 20000.
    let user = mover(&f, game, &a, &b).await;
    let hole = pressed_view.game.legal_moves().iter().next().unwrap();
    let applied = f.service.play(MovePress::new(game, 0, hole, &user)).await.unwrap();
    let shown = f
        .service
        .board_shown(&applied.view, CHANNEL, 20_002, Some(20_000))
        .await
        .unwrap();
    assert!(shown.latest);
    assert_eq!(shown.strip, vec![(CHANNEL, 20_001)], "the copy loses its buttons");
    assert_eq!(recorded_and_stale(&f, game).await, (Some(20_002), vec![20_001]));
    // The usual case: the board recorded is the one the answer stripped;
    // nothing is left to strip and nothing is read first.
    strip_all(&f, game).await;
    let user = mover(&f, game, &a, &b).await;
    let view = f.service.game(game).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap();
    let applied = f
        .service
        .play(MovePress {
            message_id: Some(20_002),
            ..MovePress::new(game, 1, hole, &user)
        })
        .await
        .unwrap();
    let shown = f
        .service
        .board_shown(&applied.view, CHANNEL, 20_003, Some(20_002))
        .await
        .unwrap();
    assert_eq!(
        shown,
        akon::service::BoardShown {
            latest: true,
            strip: vec![]
        }
    );
}

on_both_backends!(#[tokio::test] fn a_claim_is_taken_over_only_once_it_is_dead_and_says_so);
async fn a_claim_is_taken_over_only_once_it_is_dead_and_says_so() {
    use akon::service::InteractionClaim;
    let f = fixture().await;
    let id = 77;
    // The first copy claims it; a copy while the claim lives finds it held.
    assert_eq!(
        f.store.claim_interaction(id, 1_000, 0).await.unwrap(),
        InteractionClaim::Claimed
    );
    assert_eq!(
        f.store.claim_interaction(id, 1_500, 500).await.unwrap(),
        InteractionClaim::Held { claimed_at: 1_000 }
    );
    // Once the claim is dead, one copy takes it over, and knows it.
    assert_eq!(
        f.store.claim_interaction(id, 9_000, 8_000).await.unwrap(),
        InteractionClaim::TakenOver
    );
    assert_eq!(
        f.store.claim_interaction(id, 9_001, 8_001).await.unwrap(),
        InteractionClaim::Held { claimed_at: 9_000 }
    );
    // Answered: every later copy gets the answer, never a claim.
    f.store
        .record_interaction_answer(id, "application/json", b"{}")
        .await
        .unwrap();
    assert!(matches!(
        f.store.claim_interaction(id, 99_000, 98_000).await.unwrap(),
        InteractionClaim::Answered { .. }
    ));
}
