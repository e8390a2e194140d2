//! Games where the bot is no member of the conversation: a DM between two
//! people, a group DM, a server that never added the bot (the app installed
//! to the player's account). Nothing can be posted there: every board is an
//! answer to a press, the player to move is mentioned in a follow-up, and
//! what falls due without a press waits for the next one (and reaches the
//! players by DM). End to end: the real serenity client against the fake
//! Discord, which refuses the bot's own posts in such conversations.

use crate::support::fake_discord::{self as fake, FakeDiscord, Interaction, TestUser, TOKEN_LIFETIME_SECS};
use crate::support::scene::*;
use akon::engine::{Game, Seat};
use akon::service::ServiceConfig;
use serde_json::{json, Value};

/// `/akon <sub> options` by `user` in conversation `channel`; the
/// interaction and its answer.
async fn slash_in(
    scene: &Scene,
    user: &TestUser,
    channel: u64,
    sub: &str,
    options: Vec<(&str, u8, Value)>,
) -> (Interaction, Value) {
    let ix = scene.fake.slash_elsewhere(user, channel, "akon", sub, options).await;
    let answer = scene.fake.response(&ix).await;
    scene.settle().await;
    (ix, answer)
}

/// `challenger` challenges `opponent` in `channel`, who accepts: the
/// challenge's message, now the first board.
async fn accepted_in(scene: &Scene, channel: u64, challenger: &TestUser, opponent: &TestUser) -> Value {
    let options = vec![("opponent", 6, json!(opponent.id.to_string()))];
    let (_, challenge) = slash_in(scene, challenger, channel, "challenge", options).await;
    assert_eq!(challenge["channel_id"], json!(channel.to_string()), "{challenge}");
    let accept = button_with_label(&challenge, "Accept");
    let (ix, board) = scene.click(opponent, fake::message_id(&challenge), &accept).await;
    assert_eq!(
        scene.fake.callback_type(&ix).await,
        7,
        "the challenge becomes the board: {board}"
    );
    assert_eq!(fake::message_id(&board), fake::message_id(&challenge));
    assert!(!hole_buttons(&board).is_empty(), "{board}");
    let mover = user_to_move(&board, &[challenger.clone(), opponent.clone()]);
    let pings = scene.fake.followups(&ix);
    assert!(
        pings.iter().any(|ping| fake::content(ping).contains(&mover.mention())),
        "the first mover is mentioned in a follow-up: {pings:?}"
    );
    board
}

/// Plays greedily on `board` (updated in place at every press) to the end;
/// the final board.
async fn played_out_in_place(scene: &Scene, mut board: Value, players: &[TestUser; 2]) -> Value {
    let first = if user_to_move(&board, players) == players[0] {
        Seat::A
    } else {
        Seat::B
    };
    let mut game = Game::opening(first);
    let message = fake::message_id(&board);
    while !game.is_over() {
        let mover = user_to_move(&board, players);
        let hole = greedy(&game);
        let (ix, shown) = scene.click(&mover, message, &hole_button_id(&board, hole)).await;
        assert_eq!(
            scene.fake.callback_type(&ix).await,
            7,
            "a move updates the board in place: {shown}"
        );
        game.play(hole).unwrap();
        if let Some(next) = game.to_move().filter(|_| !game.is_over()) {
            let next = &players[if next == first { 0 } else { 1 }];
            let pings = scene.fake.followups(&ix);
            assert!(
                pings.iter().any(|ping| fake::content(ping).contains(&next.mention())),
                "the player to move is mentioned after each move: {pings:?}"
            );
        }
        board = shown;
        assert!(game.ply() < 1000);
    }
    board
}

/// Nothing the bot sent by its own REST calls went to `channel` (it may not).
fn nothing_posted_in(fake: &FakeDiscord, channel: u64) {
    let posted: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|request| request.path.contains(&format!("/channels/{channel}/")))
        .collect();
    assert!(
        posted.is_empty(),
        "the bot tried to post where it is no member: {posted:#?}"
    );
}

/// A whole game between people in `channel`, the bot no member there.
async fn a_whole_game_in(scene: &Scene, channel: u64) {
    let (alice, bob) = (alice(), bob());
    let board = accepted_in(scene, channel, &alice, &bob).await;
    let last = played_out_in_place(scene, board, &[alice.clone(), bob.clone()]).await;
    assert!(
        hole_buttons(&last).is_empty(),
        "a finished board has no move buttons: {last}"
    );
    assert!(has_button(&last, "Rematch"), "{last}");
    nothing_posted_in(&scene.fake, channel);
    let failed = scene.fake.failed_requests();
    assert!(failed.is_empty(), "every request of the bot succeeded: {failed:#?}");
}

async fn a_whole_game_in_a_group_dm() {
    let mut scene = Scene::new().await;
    scene.stop_bot().await;
    scene.web_base_url = Some("https://akon.example".to_string());
    scene.start_bot().await;
    let channel = scene.fake.add_private_channel(&[&alice(), &bob(), &carol()]);
    a_whole_game_in(&scene, channel).await;
    // Its final board links its replay on the web, as in a server.
    let last = scene
        .fake
        .channel_messages(channel)
        .into_iter()
        .find(|m| has_button(m, "Rematch"))
        .expect("the final board");
    let linked = fake::buttons(&last).iter().any(|b| {
        b["url"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://akon.example/g/"))
    });
    assert!(linked, "a replay link: {last}");
    // The game counts for the players' global record.
    let (_, stats) = slash_in(&scene, &alice(), channel, "stats", vec![]).await;
    assert!(fake::content(&stats).contains('1'), "{stats}");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_whole_game_in_a_group_dm);

async fn a_whole_game_in_a_server_without_the_bot() {
    let scene = Scene::new().await;
    let channel = scene.fake.add_server_without_bot(880_000_000_000_000_001);
    a_whole_game_in(&scene, channel).await;
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_whole_game_in_a_server_without_the_bot);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_dm_between_two_people_over_http() {
    let scene = Scene::over_http().await;
    let channel = scene.fake.add_private_channel(&[&alice(), &bob()]);
    a_whole_game_in(&scene, channel).await;
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_retried_after_its_process_died_past_the_move_shows_the_new_board_in_place() {
    let scene = Scene::over_http().await;
    let live = scene.endpoint_url();
    let players = [alice(), bob()];
    let channel = scene.fake.add_private_channel(&[&players[0], &players[1]]);
    let board = accepted_in(&scene, channel, &players[0], &players[1]).await;
    let mover = user_to_move(&board, &players);
    let (hole, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    // The press reaches a process that claims it, applies the move and
    // dies before answering.
    let ix = scene.press_played_by_a_process_that_died(&mover, &board, &hole).await;
    // Retried on the live process, which takes the claim over: the board
    // the move left, in place of the pressed one.
    scene.fake.set_interactions_endpoint(&live);
    let retried = scene.fake.post_again(&ix, None).await;
    assert_eq!(retried.status, 200, "{}", String::from_utf8_lossy(&retried.body));
    let answer: Value = serde_json::from_slice(&retried.body).unwrap();
    assert_eq!(answer["type"], 7, "the board is updated in place: {answer}");
    assert_eq!(ply_of(&answer["data"]), 1, "it shows the move: {answer}");
    // As after any move, the player to move is mentioned; nobody is told
    // the press was from an earlier move.
    let next = if mover == players[0] { &players[1] } else { &players[0] };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !scene
        .fake
        .followups(&ix)
        .iter()
        .any(|ping| fake::content(ping).contains(&next.mention()))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the player to move is never mentioned: {:?}",
            scene.fake.followups(&ix)
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    scene.settle().await;
    let followups = scene.fake.followups(&ix);
    assert!(
        followups.iter().all(|f| !fake::content(f).contains("earlier move")),
        "refused as stale: {followups:?}"
    );
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_a_dm_shows_its_reply_on_the_same_message() {
    let scene = Scene::new().await;
    let alice = alice();
    let channel = scene.fake.add_private_channel(&[&alice, &bob()]);
    let options = vec![
        ("opponent", 6, json!(fake::BOT_ID.to_string())),
        ("level", 3, json!("easy")),
    ];
    let (_, mut board) = slash_in(&scene, &alice, channel, "challenge", options).await;
    let message = fake::message_id(&board);
    for _ in 0..3 {
        // The computer may move first; its move is on the answer already.
        scene
            .fake
            .wait_until("the board waits for alice", |v| {
                v.message(message).is_some_and(|m| !hole_buttons(m).is_empty())
            })
            .await;
        board = scene.fake.message(message).unwrap();
        let (id, _, _) = hole_buttons(&board)
            .into_iter()
            .find(|(_, _, enabled)| *enabled)
            .unwrap();
        let ply = ply_of(&board);
        scene.click(&alice, message, &id).await;
        scene
            .fake
            .wait_until("the computer's reply on the same message", |v| {
                v.message(message)
                    .is_some_and(|m| !hole_buttons(m).is_empty() && ply_of(m) >= ply + 2)
            })
            .await;
    }
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_person_in_a_group_dm_is_refused_privately_and_nothing_changes() {
    let scene = Scene::new().await;
    let channel = scene.fake.add_private_channel(&[&alice(), &bob(), &carol()]);
    let board = accepted_in(&scene, channel, &alice(), &bob()).await;
    let message = fake::message_id(&board);
    let (id, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .unwrap();
    let (ix, shown) = scene.click(&carol(), message, &id).await;
    let refusals = scene.fake.followups(&ix);
    assert!(
        refusals
            .iter()
            .any(|r| fake::is_ephemeral(r) && fake::content(r).contains("not playing")),
        "{refusals:?}"
    );
    assert_eq!(ply_of(&shown), 0, "no move was played: {shown}");
    // A forged button is refused privately too.
    let forged = scene.click_unchecked(&carol(), message, "akon:move:999999:0:1").await;
    assert!(!ephemeral_text(&forged).is_empty(), "{forged}");
    assert_eq!(ply_of(&scene.fake.message(message).unwrap()), 0);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_and_server_settings_are_refused_outside_servers_with_the_bot() {
    let scene = Scene::new().await;
    let channel = scene.fake.add_private_channel(&[&alice(), &bob()]);
    let (_, answer) = slash_in(
        &scene,
        &alice(),
        channel,
        "tournament create",
        vec![("name", 3, json!("Cup")), ("format", 3, json!("swiss"))],
    )
    .await;
    let text = ephemeral_text(&answer);
    assert!(text.contains("Add App"), "says how to add the bot: {text}");
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_cannot_be_challenged_in_the_dm_with_the_bot() {
    let scene = Scene::new().await;
    let ix = scene
        .fake
        .slash_in_dm(
            &alice(),
            "akon",
            "challenge",
            vec![("opponent", 6, json!(bob().id.to_string()))],
        )
        .await;
    let answer = scene.fake.response(&ix).await;
    assert!(ephemeral_text(&answer).contains("cannot see"), "{answer}");
    scene.finish().await;
}

/// A loss on time in a DM: both players hear of it by DM, and the next
/// press shows it on the board, though no token of the game still works.
async fn a_loss_on_time_in_a_dm_reaches_the_players_and_the_next_press() {
    let scene = Scene::new().await;
    let (alice, bob) = (alice(), bob());
    let channel = scene.fake.add_private_channel(&[&alice, &bob]);
    let board = accepted_in(&scene, channel, &alice, &bob).await;
    let message = fake::message_id(&board);
    let mover = user_to_move(&board, &[alice.clone(), bob.clone()]);
    let waiting = if mover == alice { bob.clone() } else { alice.clone() };
    // Past the default three days per move: the time runs out, and every
    // token of the game has expired.
    let days = 3 * 24 * 3600 + 60;
    scene.clock.advance(days);
    scene.fake.advance_clock(days.max(TOKEN_LIFETIME_SECS));
    for player in [&alice, &bob] {
        let dm = scene.fake.dm_channel_id(player);
        scene
            .fake
            .wait_until("the game's end told by DM", |v| {
                v.channel_messages(dm)
                    .iter()
                    .any(|m| fake::content(m).contains("is over"))
            })
            .await;
    }
    let refresh = button_with_label(&scene.fake.message(message).unwrap(), "Refresh");
    let (_, shown) = scene.click(&waiting, message, &refresh).await;
    assert!(fake::content(&shown).contains("ran out of time"), "{shown}");
    assert!(
        fake::content(&shown).contains("Rated: "),
        "a game outside servers is rated globally: {shown}"
    );
    assert!(hole_buttons(&shown).is_empty(), "{shown}");
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_loss_on_time_in_a_dm_reaches_the_players_and_the_next_press);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_in_a_dm_goes_by_direct_message() {
    let scene = Scene::with_config(ServiceConfig::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = scene.fake.add_private_channel(&[&alice, &bob]);
    let board = accepted_in(&scene, channel, &alice, &bob).await;
    let mover = user_to_move(&board, &[alice.clone(), bob.clone()]);
    let dm = scene.fake.dm_channel_id(&mover);
    // Three quarters of the default three days per move.
    scene.clock.advance(55 * 3600);
    scene
        .fake
        .wait_until("the reminder in the player's DM", |v| {
            v.channel_messages(dm)
                .iter()
                .any(|m| fake::content(m).contains("it is your move"))
        })
        .await;
    scene.scheduler_passes(3).await;
    let reminders = scene
        .fake
        .channel_messages(dm)
        .iter()
        .filter(|m| fake::content(m).contains("it is your move"))
        .count();
    assert_eq!(reminders, 1, "one reminder");
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_long_after_the_last_one_is_answered_from_the_stored_game() {
    let scene = Scene::new().await;
    let (alice, bob) = (alice(), bob());
    let channel = scene.fake.add_private_channel(&[&alice, &bob, &carol()]);
    let board = accepted_in(&scene, channel, &alice, &bob).await;
    let players = [alice.clone(), bob.clone()];
    // Every earlier token has expired: the press brings its own.
    scene.fake.advance_clock(TOKEN_LIFETIME_SECS + 60);
    scene.clock.advance(60);
    let last = played_out_in_place(&scene, board, &players).await;
    assert!(hole_buttons(&last).is_empty());
    let failed = scene.fake.failed_requests();
    assert!(failed.is_empty(), "no expired token was used: {failed:#?}");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_to_a_player_whose_dms_are_closed_is_given_up_once() {
    let scene = Scene::new().await;
    let (alice, bob) = (alice(), bob());
    let channel = scene.fake.add_private_channel(&[&alice, &bob]);
    let board = accepted_in(&scene, channel, &alice, &bob).await;
    let mover = user_to_move(&board, &[alice.clone(), bob.clone()]);
    scene.fake.close_dms(&mover);
    let dm = scene.fake.dm_channel_id(&mover);
    let refused = |fake: &FakeDiscord| {
        fake.requests()
            .into_iter()
            .filter(|r| r.path.ends_with(&format!("/channels/{dm}/messages")) && r.status == 403)
            .count()
    };
    scene.clock.advance(55 * 3600);
    scene
        .fake
        .wait_until("the reminder refused", |v| {
            v.requests()
                .iter()
                .any(|r| r.path.ends_with(&format!("/channels/{dm}/messages")))
        })
        .await;
    scene.scheduler_passes(3).await;
    assert_eq!(refused(&scene.fake), 1, "refused for good: not tried again");
    assert!(scene.fake.channel_messages(dm).is_empty());
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_in_a_dm_is_played_in_place_too() {
    let scene = Scene::new().await;
    let (alice, bob) = (alice(), bob());
    let channel = scene.fake.add_private_channel(&[&alice, &bob]);
    let board = accepted_in(&scene, channel, &alice, &bob).await;
    let mover = user_to_move(&board, &[alice.clone(), bob.clone()]);
    let (_, finished) = slash_in(&scene, &mover, channel, "resign", vec![]).await;
    let rematch = button_with_label(&finished, "Rematch");
    let (_, challenge) = scene.click(&mover, fake::message_id(&finished), &rematch).await;
    assert_eq!(challenge["channel_id"], json!(channel.to_string()), "{challenge}");
    let other = if mover == alice { bob.clone() } else { alice.clone() };
    let accept = button_with_label(&challenge, "Accept");
    let (ix, second) = scene.click(&other, fake::message_id(&challenge), &accept).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 7, "{second}");
    assert!(fake::content(&second).contains("game #2"), "{second}");
    assert!(!hole_buttons(&second).is_empty(), "{second}");
    nothing_posted_in(&scene.fake, channel);
    scene.finish().await;
}
