//! The state kept with each game (position and the loop rule's history),
//! which a press reads instead of replaying the game: it must always equal
//! the replay of the append-only moves.

use akon::ai::Level;
use akon::engine::{Game, Hole, ResumeError, Seat};
use akon::random::SplitMix64;
use akon::service::{MovePress, Player, ServiceError};

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, start_game, Fixture};

fn random_hole(game: &Game, rng: &mut SplitMix64) -> Hole {
    let legal: Vec<Hole> = game.legal_moves().iter().collect();
    legal[rng.below(legal.len())]
}

/// The game as the stored moves replay it.
async fn replayed(f: &Fixture, game_id: i64) -> Game {
    let row = f.store.game(game_id).await.unwrap().unwrap();
    let start = row.start_position;
    let holes: Vec<Hole> = f
        .store
        .moves(game_id)
        .await
        .unwrap()
        .iter()
        .map(|m| Hole::new(m.hole).unwrap())
        .collect();
    Game::replay(start, &holes).unwrap()
}

/// The stored row's state equals the replay, and resumes into the same game.
async fn assert_state_is_the_replay(f: &Fixture, game_id: i64) {
    let row = f.store.game(game_id).await.unwrap().unwrap();
    let replay = replayed(f, game_id).await;
    let position = row.position;
    assert_eq!(position, *replay.position(), "game {game_id} position");
    assert_eq!(row.ply, replay.ply() as i64, "game {game_id} ply");
    let history = row.loop_history.expect("a new game keeps its loop history");
    assert_eq!(history, replay.loop_history_text(), "game {game_id} at ply {}", row.ply);
    let start = row.start_position;
    let resumed = Game::resume(start, position, row.ply as usize, &history).unwrap();
    assert_eq!(resumed.status(), replay.status(), "game {game_id} at ply {}", row.ply);
    assert_eq!(resumed.ply(), replay.ply());
    assert!(resumed.loop_history().eq(replay.loop_history()));
}

on_both_backends!(#[tokio::test] fn the_stored_state_equals_the_replay_after_every_move);
async fn the_stored_state_equals_the_replay_after_every_move() {
    let f = fixture().await;
    let mut rng = SplitMix64::new(11);
    let mut moves = 0;
    for pair in 0..8u64 {
        let (a, b) = (player(10 + 2 * pair, "ada"), player(11 + 2 * pair, "bo"));
        let game_id = start_game(&f, &a, &b).await;
        // A new game stores its state from the start.
        assert_state_is_the_replay(&f, game_id).await;
        let mut view = f.service.game(game_id).await.unwrap();
        while let Some(seat) = view.to_move() {
            let user = if seat == Seat::A { &a } else { &b };
            let hole = random_hole(&view.game, &mut rng);
            let applied = f
                .service
                .play(MovePress::new(game_id, view.ply(), hole, user))
                .await
                .unwrap();
            moves += 1;
            assert_state_is_the_replay(&f, game_id).await;
            let replay = replayed(&f, game_id).await;
            assert_eq!(applied.view.game.position(), replay.position());
            assert_eq!(applied.view.ply(), replay.ply() as i64);
            assert_eq!(applied.view.finished.is_some(), replay.is_over());
            view = applied.view;
        }
        // The full load agrees with what the move returned.
        let loaded = f.service.game(game_id).await.unwrap();
        assert_eq!(loaded.finished, view.finished);
        assert_eq!(loaded.game.record().moves.len() as i64, loaded.ply());
    }
    assert!(moves > 100, "only {moves} moves were played");
}

#[tokio::test]
async fn a_game_whose_state_is_not_stored_yet_is_replayed_and_then_stored() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game_id = start_game(&f, &a, &b).await;
    let mut rng = SplitMix64::new(3);
    for _ in 0..4 {
        let view = f.service.game(game_id).await.unwrap();
        let user = if view.to_move() == Some(Seat::A) { &a } else { &b };
        let hole = random_hole(&view.game, &mut rng);
        f.service
            .play(MovePress::new(game_id, view.ply(), hole, user))
            .await
            .unwrap();
    }
    // As a game from before the column existed.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", f.path.display()))
        .await
        .unwrap();
    sqlx::query("UPDATE games SET loop_history = NULL")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let view = f.service.game(game_id).await.unwrap();
    let user = if view.to_move() == Some(Seat::A) { &a } else { &b };
    let hole = random_hole(&view.game, &mut rng);
    let applied = f.service.play(MovePress::new(game_id, 4, hole, user)).await.unwrap();
    assert_eq!(applied.view.ply(), 5);
    assert_state_is_the_replay(&f, game_id).await;
}

#[tokio::test]
async fn a_stored_state_that_is_not_the_replay_is_reported_as_corrupt() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game_id = start_game(&f, &a, &b).await;
    let view = f.service.game(game_id).await.unwrap();
    let user = if view.to_move() == Some(Seat::A) { &a } else { &b };
    f.service
        .play(MovePress::new(game_id, 0, Hole::new(3).unwrap(), user))
        .await
        .unwrap();
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", f.path.display()))
        .await
        .unwrap();
    // The current position twice: well formed, but a loop the moves never made.
    let current = replayed(&f, game_id).await.loop_history_text();
    let last = &current[current.len() - 29..];
    let wrong = format!("{last}{last}");
    sqlx::query("UPDATE games SET loop_history = ?1")
        .bind(&wrong)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let error = f.service.game(game_id).await.unwrap_err();
    assert!(matches!(error, ServiceError::Corrupt { .. }), "{error}");
    let hole = Hole::new(3).unwrap();
    let error = f.service.play(MovePress::new(game_id, 1, hole, &a)).await.unwrap_err();
    assert!(matches!(error, ServiceError::Corrupt { .. }), "{error}");
    let error = f.service.play(MovePress::new(game_id, 1, hole, &b)).await.unwrap_err();
    assert!(matches!(error, ServiceError::Corrupt { .. }), "{error}");
}

#[test]
fn a_resumed_game_plays_on_as_the_replayed_one() {
    let mut rng = SplitMix64::new(5);
    for _ in 0..200 {
        let mut game = Game::opening(if rng.coin() { Seat::A } else { Seat::B });
        let stop = rng.below(120);
        while !game.is_over() && game.ply() < stop {
            let hole = random_hole(&game, &mut rng);
            game.play(hole).unwrap();
        }
        let mut resumed = Game::resume(*game.start(), *game.position(), game.ply(), &game.loop_history_text()).unwrap();
        while !game.is_over() {
            assert_eq!(resumed.status(), game.status());
            let hole = random_hole(&game, &mut rng);
            assert_eq!(resumed.play(hole), game.play(hole));
            assert_eq!(resumed.position(), game.position());
        }
        assert_eq!(resumed.status(), game.status());
        assert_eq!(resumed.ply(), game.ply());
        assert_eq!(resumed.loop_history_text(), game.loop_history_text());
    }
}

#[test]
fn a_damaged_loop_history_is_refused() {
    let game = Game::opening(Seat::A);
    let text = game.loop_history_text();
    let (start, position) = (*game.start(), *game.position());
    assert_eq!(
        Game::resume(start, position, 0, &text[1..]).unwrap_err(),
        ResumeError::History
    );
    assert_eq!(Game::resume(start, position, 0, "").unwrap_err(), ResumeError::History);
    let other_seat = format!("{}B", &text[..text.len() - 1]);
    assert_eq!(
        Game::resume(start, position, 0, &other_seat).unwrap_err(),
        ResumeError::NotTheCurrentPosition
    );
    let not_hex = format!("zz{}", &text[2..]);
    assert_eq!(
        Game::resume(start, position, 0, &not_hex).unwrap_err(),
        ResumeError::History
    );
}

#[tokio::test]
async fn who_moves_first_is_drawn_from_the_services_seed() {
    // Challenges accepted and games against the computer draw from the
    // same coin.
    let f = fixture().await;
    let service = f.service.clone().seeded(13);
    let computer = Player {
        id: 42,
        name: "Akon".into(),
        is_bot: true,
    };
    let mut firsts = String::new();
    for i in 0..12u64 {
        let (a, b) = (player(100 + 2 * i, "Ada"), player(101 + 2 * i, "Bo"));
        let view = if i % 3 == 2 {
            service
                .start_computer_game(here(), &a, &computer, Level::Easy)
                .await
                .unwrap()
        } else {
            let challenge = service.challenge(here(), &a, &b).await.unwrap();
            service.accept(challenge.id, &b).await.unwrap()
        };
        assert_eq!(view.ply(), 0);
        firsts.push_str(&view.game.position().to_move().to_string());
    }
    // SplitMix64's first twelve coins for seed 13, computed apart (Python).
    assert_eq!(firsts, "ABABABABBAAA");
}
