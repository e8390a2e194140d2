//! Boards shown at the same time as something else changes them: a copy
//! asked for with `/akon board` while a move is played, a computer move
//! that failed once, a board posted before a long outage. End to end: the
//! real serenity client against the fake Discord, on both backends.

#[macro_use]
mod support;
use support::db;

use std::time::Duration;

use serde_json::Value;
use support::fake_discord::{self as fake, FakeDiscord, CHANNEL_ID};
use support::scene::*;

/// Messages in the channel that still carry move buttons.
fn live_boards(fake: &FakeDiscord) -> Vec<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| !hole_buttons(m).is_empty())
        .collect()
}

/// The ply a board's move buttons are for.
fn ply_of(board: &Value) -> i64 {
    let (id, _, _) = &hole_buttons(board)[0];
    id.split(':').nth(3).unwrap().parse().unwrap()
}

/// The game's recorded board and ply, as stored.
async fn recorded(scene: &Scene, game: i64) -> (Option<u64>, i64) {
    let store = scene.store().await;
    let row = store.game_with_players_as_stored(game).await.unwrap().unwrap().game;
    store.close().await;
    (row.board_message_id.map(|id| id as u64), row.ply)
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
    tokio::time::sleep(Duration::from_millis(300)).await;
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
