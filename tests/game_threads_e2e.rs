//! A thread per game, end to end: the real bot on the fake Discord. With
//! `game_threads:on` the challenge stays in the channel, the accepted game
//! gets a thread started from the challenge's message and named after its
//! players, every board goes there, the result is told in the channel with
//! a link, and the finished thread is archived. Off (the default), games
//! are played in the channel. Without the thread permissions the game is
//! played in the channel, which is told once, and threads come back with
//! the permissions. A restart while the thread is being opened loses
//! nothing and opens no second thread.

use crate::support::fake_discord::{self as fake, Stall, TestUser, ThreadView, CHANNEL_ID};
use crate::support::scene::*;
use serde_json::{json, Value};

/// Member permissions with Manage Server, to change the server's settings.
const MANAGER: &str = "2248473465835105";

async fn set_game_threads(scene: &Scene, on: bool) {
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let choice = if on { "on" } else { "off" };
    let answer = scene
        .slash(&alice(), "settings", vec![("game_threads", 3, json!(choice))])
        .await;
    let text = ephemeral_text(&answer);
    assert!(text.contains(&format!("a thread per game: {choice}")), "{text}");
}

fn channel_of(message: &Value) -> u64 {
    fake::snowflake(&message["channel_id"]).unwrap()
}

/// The boards posted in `channel_id`.
fn boards_in(scene: &Scene, channel_id: u64) -> Vec<Value> {
    scene
        .fake
        .channel_messages(channel_id)
        .into_iter()
        .filter(is_board)
        .collect()
}

/// `challenger` challenges `opponent`, who accepts: the challenge's
/// message and the first board.
async fn accepted(scene: &Scene, challenger: &TestUser, opponent: &TestUser) -> (Value, Value) {
    let challenge = scene.challenge(challenger, opponent).await;
    let accept = button_with_label(&challenge, "Accept");
    let board = scene
        .click_expecting_board(opponent, fake::message_id(&challenge), &accept)
        .await;
    (challenge, board)
}

/// The one thread started from `challenge`, checked: in the test channel,
/// named after the players, open, and holding `board`.
fn thread_of(scene: &Scene, challenge: &Value, board: &Value, names: &str) -> ThreadView {
    let started: Vec<ThreadView> = scene
        .fake
        .threads()
        .into_iter()
        .filter(|thread| thread.starter == fake::message_id(challenge))
        .collect();
    let [thread] = started
        .try_into()
        .unwrap_or_else(|all: Vec<ThreadView>| panic!("expected one thread from the challenge, found {all:#?}"));
    assert_eq!(thread.parent, CHANNEL_ID);
    assert_eq!(thread.name, names);
    assert!(!thread.archived);
    assert_eq!(channel_of(board), thread.id, "the board is in the thread: {board}");
    thread
}

/// The player to move presses an open hole of `board`: the new board.
async fn one_move(scene: &Scene, board: &Value) -> Value {
    let mover = user_to_move(board, &[alice(), bob()]);
    let (hole, _, _) = hole_buttons(board).into_iter().find(|(_, _, on)| *on).unwrap();
    scene
        .click_expecting_board(&mover, fake::message_id(board), &hole)
        .await
}

/// Threads started so far by a request to Discord (refused or not).
fn thread_starts(scene: &Scene) -> usize {
    scene
        .fake
        .requests()
        .iter()
        .filter(|request| request.method == "POST" && request.path.ends_with("/threads"))
        .count()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn with_game_threads_on_a_game_is_played_in_its_thread_and_its_result_told_in_the_channel);
async fn with_game_threads_on_a_game_is_played_in_its_thread_and_its_result_told_in_the_channel() {
    let scene = Scene::new().await;
    set_game_threads(&scene, true).await;
    let (challenge, board) = accepted(&scene, &alice(), &bob()).await;
    let thread = thread_of(&scene, &challenge, &board, "alice vs bob");
    // The challenge stays in the channel, answered, without buttons.
    let challenge = scene.fake.message(fake::message_id(&challenge)).unwrap();
    assert_eq!(channel_of(&challenge), CHANNEL_ID);
    assert!(fake::buttons(&challenge).is_empty(), "{challenge}");
    // It carries its thread, in a form serenity reads (as it reads any
    // message of the channel the bot looks back through).
    let read: serenity::all::Message = serde_json::from_value(challenge.clone()).expect("serenity reads the message");
    assert_eq!(read.thread.map(|t| t.id.get()), Some(thread.id));
    assert!(fake::content(&board).contains("The first mover was drawn"), "{board}");

    let (last, game) = scene.play_greedily(board, &[alice(), bob()], None).await;
    assert!(game.is_over());
    assert_eq!(channel_of(&last), thread.id, "the final board is in the thread");
    assert!(has_button(&last, "Rematch"), "{last}");
    let in_thread = boards_in(&scene, thread.id);
    assert!(
        in_thread.len() > game.ply(),
        "every board in the thread: {}",
        in_thread.len()
    );
    assert!(boards_in(&scene, CHANNEL_ID).is_empty(), "no board in the channel");
    // The channel is told the result once, with a link to the thread, and
    // the thread is archived.
    let link = format!("<#{}>", thread.id);
    let told: Vec<Value> = scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains(&link))
        .collect();
    assert_eq!(told.len(), 1, "{told:#?}");
    let result = fake::content(&told[0]);
    assert!(result.contains(" wins") || result.contains("draw"), "{result}");
    scene
        .fake
        .wait_until("the thread archived", |v| {
            v.requests()
                .iter()
                .any(|r| r.method == "PATCH" && r.path.ends_with(&format!("/channels/{}", thread.id)))
        })
        .await;
    assert!(scene.fake.threads()[0].archived, "{:#?}", scene.fake.threads());
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_resigned_by_command_in_its_thread_is_told_in_the_channel() {
    let scene = Scene::new().await;
    set_game_threads(&scene, true).await;
    let (challenge, board) = accepted(&scene, &alice(), &bob()).await;
    let thread = thread_of(&scene, &challenge, &board, "alice vs bob");
    let ix = scene
        .fake
        .slash_in_channel(&bob(), thread.id, "akon", "resign", vec![])
        .await;
    let last = scene.fake.response(&ix).await;
    scene.settle().await;
    assert_eq!(channel_of(&last), thread.id);
    assert!(
        fake::content(&last).contains(&format!("{} wins", alice().mention())),
        "{last}"
    );
    let link = format!("<#{}>", thread.id);
    let told: Vec<Value> = scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains(&link))
        .collect();
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(fake::content(&told[0]).contains("wins"), "{told:#?}");
    assert!(scene.fake.threads()[0].archived);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_game_threads_off_games_are_played_in_the_channel() {
    let scene = Scene::new().await;
    // Off unless chosen, and the settings say so.
    scene.fake.set_member_permissions(&alice(), MANAGER);
    let settings = ephemeral_text(&scene.slash(&alice(), "settings", vec![]).await);
    assert!(settings.contains("a thread per game: off"), "{settings}");
    let (_, board) = accepted(&scene, &alice(), &bob()).await;
    assert_eq!(channel_of(&board), CHANNEL_ID);
    // On, then off again: the next game is in the channel too.
    set_game_threads(&scene, true).await;
    set_game_threads(&scene, false).await;
    let (_, board) = accepted(&scene, &carol(), &dave()).await;
    assert_eq!(channel_of(&board), CHANNEL_ID);
    assert!(scene.fake.threads().is_empty(), "{:#?}", scene.fake.threads());
    assert_eq!(thread_starts(&scene), 0);
    // Someone without Manage Server may not turn them on.
    let refused = scene
        .slash(&bob(), "settings", vec![("game_threads", 3, json!("on"))])
        .await;
    assert!(!ephemeral_text(&refused).contains("a thread per game: on"), "{refused}");
    let (_, board) = accepted(&scene, &bob(), &carol()).await;
    assert_eq!(channel_of(&board), CHANNEL_ID);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_thread_permissions_games_are_played_in_the_channel_told_once_until_they_come_back() {
    let scene = Scene::new().await;
    set_game_threads(&scene, true).await;
    scene.fake.set_thread_permissions(CHANNEL_ID, false);
    let told = "I may not open threads in";
    let (_, first) = accepted(&scene, &alice(), &bob()).await;
    assert_eq!(channel_of(&first), CHANNEL_ID);
    assert!(fake::content(&first).contains(told), "{first}");
    let (_, second) = accepted(&scene, &carol(), &dave()).await;
    assert_eq!(channel_of(&second), CHANNEL_ID);
    assert!(!fake::content(&second).contains(told), "told once: {second}");
    // The interactions said so: no thread was even asked for.
    assert_eq!(thread_starts(&scene), 0);
    assert!(scene.fake.threads().is_empty());
    // Play goes on in the channel.
    let next = scene.play_greedily(first, &[alice(), bob()], Some(1)).await.0;
    assert_eq!(channel_of(&next), CHANNEL_ID);

    // Given back: the accept shows the permissions, and the game has its
    // thread.
    scene.fake.set_thread_permissions(CHANNEL_ID, true);
    let (challenge, board) = accepted(&scene, &bob(), &carol()).await;
    thread_of(&scene, &challenge, &board, "bob vs carol");
    assert!(!fake::content(&board).contains(told), "{board}");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_in_its_thread_over_http_too() {
    let scene = Scene::over_http().await;
    set_game_threads(&scene, true).await;
    let (challenge, board) = accepted(&scene, &alice(), &bob()).await;
    let thread = thread_of(&scene, &challenge, &board, "alice vs bob");
    let next = scene.play_greedily(board, &[alice(), bob()], Some(2)).await.0;
    assert_eq!(channel_of(&next), thread.id);
    // A command in the thread finds the game played there: the board
    // again, in the thread, and play goes on from it.
    let ix = scene
        .fake
        .slash_in_channel(&bob(), thread.id, "akon", "board", vec![])
        .await;
    let again = scene.fake.response(&ix).await;
    scene.settle().await;
    assert!(is_board(&again), "{again}");
    assert_eq!(channel_of(&again), thread.id);
    let last = one_move(&scene, &again).await;
    assert_eq!(channel_of(&last), thread.id);
    assert!(boards_in(&scene, CHANNEL_ID).is_empty());
    scene.finish().await;
}

/// Holds Discord's thread start for the test channel (`after_effect`: the
/// thread is started, and the bot never hears of it).
fn hold_thread_start(scene: &Scene, after_effect: bool) {
    scene.fake.stall(Stall {
        method: "POST",
        path_contains: format!("/channels/{CHANNEL_ID}/messages/"),
        body_contains: Some("auto_archive_duration".to_string()),
        after_effect,
        fail_with: None,
    });
}

/// Accepts a challenge while the thread's start is held, and stops the bot
/// there, as a crash would; the challenge's message.
async fn accepted_then_stopped(scene: &mut Scene) -> Value {
    let challenge = scene.challenge(&alice(), &bob()).await;
    let accept = button_with_label(&challenge, "Accept");
    scene.fake.click(&bob(), fake::message_id(&challenge), &accept).await;
    scene
        .fake
        .wait_until("the thread's start held", |v| v.stalls_hit() == 1)
        .await;
    scene.stop_bot().await;
    challenge
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_opened_before_a_restart_is_found_again_and_no_second_one_opened() {
    let mut scene = Scene::new().await;
    set_game_threads(&scene, true).await;
    hold_thread_start(&scene, true);
    let challenge = accepted_then_stopped(&mut scene).await;
    assert_eq!(scene.fake.threads().len(), 1, "the thread was opened");
    assert!(boards_in(&scene, scene.fake.threads()[0].id).is_empty());
    scene.clock.advance(10);
    scene.start_bot().await;
    // The delivery loop shows the board in the thread opened before: Discord
    // refuses a second thread from the message (160004), and the bot reads
    // the message's thread.
    let board = boards_after(&scene.fake, fake::message_id(&challenge), 1)
        .await
        .remove(0);
    scene.settle().await;
    let thread = thread_of(&scene, &challenge, &board, "alice vs bob");
    assert_eq!(boards_in(&scene, thread.id).len(), 1);
    let refused_again = scene
        .fake
        .requests()
        .iter()
        .any(|r| r.status == 400 && r.response["code"] == 160004);
    assert!(refused_again, "the second start was refused");
    // A double click in the thread: one move applied, one new board, there.
    let mover = user_to_move(&board, &[alice(), bob()]);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let first = scene.fake.click(&mover, fake::message_id(&board), &hole).await;
    let second = scene
        .fake
        .click_unchecked(&mover, fake::message_id(&board), &hole)
        .await;
    let answers = [scene.fake.response(&first).await, scene.fake.response(&second).await];
    // One move: each press is answered as that move, none refused.
    let refused = answers.iter().filter(|a| fake::is_ephemeral(a)).count();
    assert_eq!(refused, 0, "neither press is refused: {answers:?}");
    let next = boards_after(&scene.fake, fake::message_id(&board), 1).await.remove(0);
    scene.settle().await;
    assert_eq!(channel_of(&next), thread.id);
    assert_eq!(scene.store().await.moves(1).await.unwrap().len(), 1, "one move applied");
    assert_eq!(boards_in(&scene, thread.id).len(), 2);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_refused_for_a_missing_permission_leaves_the_game_in_the_channel_until_it_is_given_back() {
    let mut scene = Scene::new().await;
    set_game_threads(&scene, true).await;
    hold_thread_start(&scene, false);
    let challenge = accepted_then_stopped(&mut scene).await;
    assert!(scene.fake.threads().is_empty());
    // Taken away while the bot was down: the restarted bot's delivery
    // loop is refused the thread (403, 50013), and the game is played in
    // the channel, which is told.
    scene.fake.set_thread_permissions(CHANNEL_ID, false);
    scene.clock.advance(10);
    scene.start_bot().await;
    let board = boards_after(&scene.fake, fake::message_id(&challenge), 1)
        .await
        .remove(0);
    scene.settle().await;
    assert_eq!(channel_of(&board), CHANNEL_ID);
    assert!(fake::content(&board).contains("I may not open threads in"), "{board}");
    let refused = scene
        .fake
        .requests()
        .iter()
        .any(|r| r.path.ends_with("/threads") && r.status == 403 && r.response["code"] == 50013);
    assert!(refused, "Discord refused the thread");
    assert!(scene.fake.threads().is_empty());
    let next = scene.play_greedily(board, &[alice(), bob()], Some(1)).await.0;
    assert_eq!(channel_of(&next), CHANNEL_ID, "the game stays in the channel");

    // Given back: the next game accepted has its thread.
    scene.fake.set_thread_permissions(CHANNEL_ID, true);
    let (challenge, board) = accepted(&scene, &carol(), &dave()).await;
    thread_of(&scene, &challenge, &board, "carol vs dave");
    scene.finish().await;
}
