//! Boards shown at the same time as something else changes them: a copy
//! asked for with `/akon board` while a move is played, a computer move
//! that failed once, a board posted before a long outage. End to end: the
//! real serenity client against the fake Discord, on both backends.

use crate::support::db;

use std::time::Duration;

use crate::support::fake_discord::{self as fake, CHANNEL_ID};
use crate::support::scene::*;
use serde_json::Value;

/// The game's recorded board and ply, as stored.
async fn recorded(scene: &Scene, game: i64) -> (Option<u64>, i64) {
    let store = scene.store().await;
    let row = store.game_with_players_as_stored(game).await.unwrap().unwrap().game;
    store.close().await;
    (row.board_message_id, row.ply)
}

/// Waits until the channel shows exactly one live board and it is the
/// game's recorded board, for its current ply; checks that it stays so.
async fn one_live_board_the_recorded_one(scene: &Scene, game: i64, round: usize) -> Value {
    scene
        .fake
        .wait_until("one live board", |v| {
            v.channel_messages(CHANNEL_ID)
                .iter()
                .filter(|m| !hole_buttons(m).is_empty())
                .count()
                == 1
        })
        .await;
    scene.settle().await;
    scene.scheduler_passes(3).await;
    let live = live_boards(&scene.fake);
    let (board, ply) = recorded(scene, game).await;
    assert_eq!(live.len(), 1, "round {round}: one live board: {live:#?}");
    assert_eq!(
        Some(fake::message_id(&live[0])),
        board,
        "round {round}: the live board is the recorded one"
    );
    assert_eq!(ply_of(&live[0]), ply, "round {round}: it shows the current ply");
    live[0].clone()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_board_command_racing_a_move_leaves_only_the_newest_board_live);
/// `/akon board` sent together with a press on the live board, round after
/// round: whichever of the two boards is recorded last, once both are
/// answered only the newest board keeps buttons.
async fn a_board_command_racing_a_move_leaves_only_the_newest_board_live() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let mut board = scene.challenge_accepted(&alice(), &bob()).await;
    for round in 0..20 {
        let mover = user_to_move(&board, &players);
        let asker = if round % 2 == 0 {
            mover.clone()
        } else {
            players.iter().find(|p| **p != mover).unwrap().clone()
        };
        let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
        let (command, press) = tokio::join!(
            scene.fake.slash(&asker, "akon", "board", vec![]),
            scene.fake.click(&mover, fake::message_id(&board), &hole),
        );
        scene.fake.response(&command).await;
        scene.fake.response(&press).await;
        board = one_live_board_the_recorded_one(&scene, 1, round).await;
    }
    scene.finish().await;
}

/// Makes the database refuse (`refuse`) or accept again the moves of the
/// user `user_id`, as a full disk or a failing server would refuse a write.
async fn refuse_moves_of(scene: &Scene, user_id: u64, refuse: bool) {
    let mut db = scene.db.connect().await;
    let statements: Vec<String> = match (db::backend(), refuse) {
        (akon::store::Backend::Sqlite, true) => vec![format!(
            "CREATE TRIGGER refuse_moves BEFORE INSERT ON moves WHEN NEW.user_id = {user_id}
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )],
        (akon::store::Backend::Sqlite, false) => vec!["DROP TRIGGER refuse_moves".into()],
        (akon::store::Backend::Postgres, true) => vec![
            "CREATE FUNCTION refuse_moves() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'; END $$"
                .into(),
            format!(
                "CREATE TRIGGER refuse_moves BEFORE INSERT ON moves FOR EACH ROW
                 WHEN (NEW.user_id = {user_id}) EXECUTE FUNCTION refuse_moves()"
            ),
        ],
        (akon::store::Backend::Postgres, false) => vec!["DROP TRIGGER refuse_moves ON moves".into()],
    };
    for statement in statements {
        sqlx::raw_sql(&statement).execute(&mut db).await.unwrap();
    }
}

async fn moves_stored(scene: &Scene, game: i64) -> usize {
    let store = scene.store().await;
    let moves = store.moves(game).await.unwrap().len();
    store.close().await;
    moves
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_computer_move_that_failed_is_played_once_the_fault_clears_without_a_reconnect);
/// The database refuses the computer's move once: the human's board is
/// shown, the computer's move is not. Once writes go through again and the
/// computer has been to move for a while, the scheduler plays its move, in
/// the same gateway session.
async fn a_computer_move_that_failed_is_played_once_the_fault_clears_without_a_reconnect() {
    let scene = Scene::new().await;
    scene.fake.add_user(&fake::TestUser::the_bot());
    let level = vec![
        ("opponent", 6, serde_json::json!(fake::BOT_ID.to_string())),
        ("level", 3, serde_json::json!("easy")),
    ];
    scene.slash(&alice(), "challenge", level).await;
    let board = scene
        .fake
        .wait_for("alice's turn", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| {
                    !hole_buttons(m).is_empty()
                        && fake::content(m).contains(&format!("{}, your turn", alice().mention()))
                })
                .cloned()
        })
        .await;
    scene.settle().await;
    let played = moves_stored(&scene, 1).await;

    refuse_moves_of(&scene, fake::BOT_ID, true).await;
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let thinking = scene
        .click_expecting_board(&alice(), fake::message_id(&board), &hole)
        .await;
    assert!(
        fake::content(&thinking).contains("is thinking"),
        "{}",
        fake::content(&thinking)
    );
    // The press was handled to the end, the computer's move refused.
    assert_eq!(moves_stored(&scene, 1).await, played + 1, "the human's move alone");
    scene.scheduler_passes(3).await;
    assert_eq!(
        moves_stored(&scene, 1).await,
        played + 1,
        "not idle yet: not tried again"
    );

    refuse_moves_of(&scene, fake::BOT_ID, false).await;
    let sessions = scene.fake.sessions_opened();
    let cleared = std::time::Instant::now();
    scene.clock.advance(20);
    let after = fake::message_id(&thinking);
    scene
        .fake
        .wait_until("the computer's move", |v| {
            v.channel_messages(CHANNEL_ID).iter().any(|m| {
                fake::message_id(m) > after
                    && !hole_buttons(m).is_empty()
                    && fake::content(m).contains(&format!("{}, your turn", alice().mention()))
            })
        })
        .await;
    let took = cleared.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "the computer moved {took:?} after the fault cleared"
    );
    assert_eq!(scene.fake.sessions_opened(), sessions, "no reconnect");
    scene.settle().await;
    assert_eq!(moves_stored(&scene, 1).await, played + 2, "exactly one computer move");
    one_live_board_the_recorded_one(&scene, 1, 0).await;
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_board_posted_before_a_long_outage_is_shown_once);
/// A move's new board reaches the channel, and the bot stops before it
/// hears back (so the board's id is never recorded). It comes back after
/// Discord forgot the board's nonce: it finds the board in the channel and
/// records it rather than posting a second copy.
async fn a_board_posted_before_a_long_outage_is_shown_once() {
    let mut scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let mover = user_to_move(&board, &players);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    scene.fake.stall(fake::Stall {
        method: "POST",
        path_contains: format!("/channels/{CHANNEL_ID}/messages"),
        body_contains: None,
        after_effect: true,
        fail_with: None,
    });
    scene.fake.click(&mover, fake::message_id(&board), &hole).await;
    let next_ply = ply_of(&board) + 1;
    scene
        .fake
        .wait_until("the new board, its answer held", |v| {
            v.stalls_hit() == 1
                && v.channel_messages(CHANNEL_ID)
                    .iter()
                    .any(|m| !hole_buttons(m).is_empty() && ply_of(m) == next_ply)
        })
        .await;
    let posted = live_boards(&scene.fake);
    assert_eq!(posted.len(), 1, "the new board reached the channel: {posted:#?}");
    let (recorded_board, ply) = recorded(&scene, 1).await;
    assert_ne!(
        recorded_board,
        Some(fake::message_id(&posted[0])),
        "its id is not recorded"
    );
    assert_eq!(ply_of(&posted[0]), ply);

    scene.stop_bot().await;
    // Down for ten minutes: long past Discord's nonce window.
    scene.clock.advance(600);
    scene.fake.forget_nonces();
    scene.start_bot().await;
    let live = one_live_board_the_recorded_one(&scene, 1, 0).await;
    assert_eq!(
        fake::message_id(&live),
        fake::message_id(&posted[0]),
        "the board posted before is the one recorded"
    );
    let copies = scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| is_board(m) && fake::content(m) == fake::content(&posted[0]))
        .count();
    assert_eq!(copies, 1, "shown once");
    // Play goes on from it.
    let mover = user_to_move(&live, &players);
    let (hole, _, _) = hole_buttons(&live).into_iter().find(|(_, _, on)| *on).unwrap();
    scene
        .click_expecting_board(&mover, fake::message_id(&live), &hole)
        .await;
    one_live_board_the_recorded_one(&scene, 1, 1).await;
    scene.finish().await;
}
