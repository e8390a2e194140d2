//! Takebacks in friendly games (`/akon challenge rated:False`): the board's
//! Take back, the offer as a message of its own with Accept takeback and
//! Decline takeback, the move undone and the board posted again; and what
//! is refused, privately, changing nothing. End to end: the real serenity
//! client against the fake Discord.

use crate::support::fake_discord::{self as fake, TestUser};
use crate::support::scene::*;
use serde_json::{json, Value};

fn players() -> [TestUser; 2] {
    [alice(), bob()]
}

/// A friendly game between alice and bob, one move played: the board after
/// it, who moved, and who is to move.
async fn friendly_game_one_move_in(scene: &Scene) -> (Value, TestUser, TestUser) {
    let challenge = scene
        .slash(
            &alice(),
            "challenge",
            vec![("opponent", 6, json!(bob().id.to_string())), ("rated", 5, json!(false))],
        )
        .await;
    assert!(fake::content(&challenge).contains("Friendly game"), "{challenge}");
    let accept = button_with_label(&challenge, "Accept");
    let board = scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await;
    assert!(fake::content(&board).contains("Friendly game"), "{board}");
    assert!(!has_button(&board, "Take back"), "nothing to take back yet: {board}");
    let mover = user_to_move(&board, &players());
    let (next, _) = scene.play_greedily(board, &players(), Some(1)).await;
    let to_move = user_to_move(&next, &players());
    assert_ne!(mover, to_move);
    (next, mover, to_move)
}

/// `mover` presses Take back on `board`: the offer, a public message.
async fn offer(scene: &Scene, board: &Value, mover: &TestUser, opponent: &TestUser) -> Value {
    let take_back = button_with_label(board, "Take back");
    let (ix, offer) = scene.click(mover, fake::message_id(board), &take_back).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 4, "a message of its own: {offer}");
    assert!(!fake::is_ephemeral(&offer), "{offer}");
    let text = fake::content(&offer);
    assert!(text.contains("asks to take back move 1 of game #1"), "{offer}");
    assert!(text.starts_with(&opponent.mention()), "{offer}");
    let labels: Vec<&str> = fake::buttons(&offer)
        .iter()
        .filter_map(|b| b["label"].as_str())
        .collect();
    assert_eq!(labels, ["Accept takeback", "Decline takeback"], "{offer}");
    offer
}

async fn ply_of_game(scene: &Scene) -> i64 {
    scene.service().await.game(1).await.unwrap().ply()
}

async fn a_takeback_accepted_undoes_the_move_and_posts_the_board_again() {
    let scene = Scene::new().await;
    let (board, mover, to_move) = friendly_game_one_move_in(&scene).await;
    let offer = offer(&scene, &board, &mover, &to_move).await;
    let accept = button_with_label(&offer, "Accept takeback");
    // The asker and a bystander cannot answer it.
    let (_, own) = scene.click(&mover, fake::message_id(&offer), &accept).await;
    assert!(ephemeral_text(&own).contains("may answer this takeback"), "{own}");
    let (_, bystander) = scene.click(&carol(), fake::message_id(&offer), &accept).await;
    assert!(fake::is_ephemeral(&bystander), "{bystander}");
    assert_eq!(ply_of_game(&scene).await, 1, "nothing changed");
    // The opponent accepts: the offer says so, and the board before the
    // move is posted, the asker to move again.
    let again = scene
        .click_expecting_board(&to_move, fake::message_id(&offer), &accept)
        .await;
    let answered = scene.fake.message(fake::message_id(&offer)).unwrap();
    assert!(fake::content(&answered).contains("Takeback accepted"), "{answered}");
    assert!(fake::buttons(&answered).is_empty(), "{answered}");
    assert_eq!(ply_of(&again), 0, "{again}");
    assert_eq!(user_to_move(&again, &players()), mover);
    assert_eq!(live_boards(&scene.fake).len(), 1, "the old board lost its buttons");
    assert_eq!(ply_of_game(&scene).await, 0);
    assert!(scene.service().await.game(1).await.unwrap().game.moves().is_empty());
    // The offer's buttons are spent: a stale client presses anyway.
    let spent = scene.click_unchecked(&to_move, fake::message_id(&offer), &accept).await;
    assert!(ephemeral_text(&spent).contains("already answered"), "{spent}");
    // The game goes on from there, and ends unrated as a friendly game.
    let (next, _) = scene.play_greedily(again, &players(), Some(1)).await;
    let loser = user_to_move(&next, &players());
    let last = scene.slash(&loser, "resign", vec![]).await;
    assert!(fake::content(&last).contains("Not rated: a friendly game."), "{last}");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_takeback_accepted_undoes_the_move_and_posts_the_board_again);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_declined_keeps_the_move_and_is_not_asked_again() {
    let scene = Scene::new().await;
    let (board, mover, to_move) = friendly_game_one_move_in(&scene).await;
    let offer = offer(&scene, &board, &mover, &to_move).await;
    // Asked twice: the first offer stands.
    let take_back = button_with_label(&board, "Take back");
    let (_, twice) = scene.click(&mover, fake::message_id(&board), &take_back).await;
    assert!(ephemeral_text(&twice).contains("already asked"), "{twice}");
    let decline = button_with_label(&offer, "Decline takeback");
    let declined = scene.click_updating(&to_move, fake::message_id(&offer), &decline).await;
    assert!(fake::content(&declined).contains("Takeback declined"), "{declined}");
    assert!(fake::buttons(&declined).is_empty(), "{declined}");
    assert_eq!(ply_of_game(&scene).await, 1);
    assert_eq!(live_boards(&scene.fake).len(), 1);
    let (_, again) = scene.click(&mover, fake::message_id(&board), &take_back).await;
    assert!(ephemeral_text(&again).contains("declined"), "{again}");
    // The opponent cannot ask back a move that is not theirs.
    let (_, not_theirs) = scene.click(&to_move, fake::message_id(&board), &take_back).await;
    assert!(
        ephemeral_text(&not_theirs).contains("Only the player who just moved"),
        "{not_theirs}"
    );
    scene.finish().await;
}

async fn the_opponents_move_and_an_accepted_takeback_at_once_give_one_outcome() {
    let scene = Scene::new().await;
    let (board, mover, to_move) = friendly_game_one_move_in(&scene).await;
    let offer = offer(&scene, &board, &mover, &to_move).await;
    let accept = button_with_label(&offer, "Accept takeback");
    let (move_id, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .unwrap();
    // Both pressed at once: exactly one of them is written.
    let (moved, accepted) = tokio::join!(
        scene.click(&to_move, fake::message_id(&board), &move_id),
        scene.click(&to_move, fake::message_id(&offer), &accept),
    );
    let ply = ply_of_game(&scene).await;
    match ply {
        0 => assert!(fake::is_ephemeral(&moved.1), "the move was refused: {}", moved.1),
        2 => assert!(ephemeral_text(&accepted.1).contains("Too late"), "{}", accepted.1),
        other => panic!("the game is at move {other}"),
    }
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_opponents_move_and_an_accepted_takeback_at_once_give_one_outcome);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_after_the_opponent_moved_is_too_late() {
    let scene = Scene::new().await;
    let (board, mover, to_move) = friendly_game_one_move_in(&scene).await;
    let offer = offer(&scene, &board, &mover, &to_move).await;
    let accept = button_with_label(&offer, "Accept takeback");
    let (move_id, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .unwrap();
    let next = scene
        .click_expecting_board(&to_move, fake::message_id(&board), &move_id)
        .await;
    assert_eq!(ply_of_game(&scene).await, 2);
    let (_, late) = scene.click(&to_move, fake::message_id(&offer), &accept).await;
    assert!(ephemeral_text(&late).contains("Too late"), "{late}");
    let take_back = button_with_label(&board, "Take back");
    // Its board lost its buttons: a stale client presses anyway.
    let stale = scene
        .click_unchecked(&mover, fake::message_id(&board), &take_back)
        .await;
    assert!(ephemeral_text(&stale).contains("Too late"), "{stale}");
    assert_eq!(ply_of_game(&scene).await, 2, "nothing changed");
    assert_eq!(live_boards(&scene.fake).len(), 1);
    assert_eq!(fake::message_id(&live_boards(&scene.fake)[0]), fake::message_id(&next));
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_are_refused_in_rated_games_and_forged_buttons_change_nothing() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(!fake::content(&board).contains("Friendly game"), "{board}");
    let mover = user_to_move(&board, &players());
    let (next, _) = scene.play_greedily(board, &players(), Some(1)).await;
    assert!(!has_button(&next, "Take back"), "rated: no Take back: {next}");
    let forged = scene
        .click_unchecked(&mover, fake::message_id(&next), "akon:takeback:1:1")
        .await;
    assert!(ephemeral_text(&forged).contains("only for friendly games"), "{forged}");
    let no_offer = scene
        .click_unchecked(&mover, fake::message_id(&next), "akon:takeback-yes:999")
        .await;
    assert!(ephemeral_text(&no_offer).contains("does not exist"), "{no_offer}");
    assert_eq!(ply_of_game(&scene).await, 1, "nothing changed");
    assert_eq!(live_boards(&scene.fake).len(), 1);
    scene.finish().await;
}

/// Where the bot cannot post, the offer is the answer to Take back and,
/// accepted, becomes the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_cannot_post_the_accepted_offer_becomes_the_board() {
    let scene = Scene::new().await;
    let channel = scene.fake.add_server_without_bot(880_000_000_000_000_002);
    let options = vec![("opponent", 6, json!(bob().id.to_string())), ("rated", 5, json!(false))];
    let ix = scene
        .fake
        .slash_elsewhere(&alice(), channel, "akon", "challenge", options)
        .await;
    let challenge = scene.fake.response(&ix).await;
    scene.settle().await;
    let accept = button_with_label(&challenge, "Accept");
    let (_, board) = scene.click(&bob(), fake::message_id(&challenge), &accept).await;
    let mover = user_to_move(&board, &players());
    let (move_id, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .unwrap();
    let (_, next) = scene.click(&mover, fake::message_id(&board), &move_id).await;
    let to_move = user_to_move(&next, &players());
    let offer = offer(&scene, &next, &mover, &to_move).await;
    let accept = button_with_label(&offer, "Accept takeback");
    let (ix, shown) = scene.click(&to_move, fake::message_id(&offer), &accept).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 7, "{shown}");
    assert!(fake::content(&shown).contains("Takeback accepted"), "{shown}");
    assert!(is_board(&shown), "{shown}");
    assert_eq!(ply_of(&shown), 0, "{shown}");
    assert_eq!(ply_of_game(&scene).await, 0);
    scene.finish().await;
}
