//! Following a game one does not play in: the Follow button and `/akon
//! follow`, a DM when the game ends (and at every move if asked), Unfollow,
//! `/akon games`, and what is refused. End to end: the real serenity client
//! against the fake Discord.

use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser};
use crate::support::scene::*;
use serde_json::json;

/// Messages in `user`'s DM with the bot whose text has `needle`.
fn dms_with(fake: &FakeDiscord, user: &TestUser, needle: &str) -> usize {
    let dm = fake.dm_channel_id(user);
    fake.channel_messages(dm)
        .iter()
        .filter(|m| fake::content(m).contains(needle))
        .count()
}

/// Waits until `user`'s DM with the bot has `count` messages with `needle`.
async fn wait_dms(fake: &FakeDiscord, user: &TestUser, needle: &str, count: usize) {
    let dm = fake.dm_channel_id(user);
    fake.wait_until(&format!("{count} DM(s) with `{needle}`"), |v| {
        v.channel_messages(dm)
            .iter()
            .filter(|m| fake::content(m).contains(needle))
            .count()
            == count
    })
    .await;
}

async fn a_follower_hears_of_the_end_once() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let follow = button_with_label(&board, "Follow");
    let (_, answer) = scene.click(&carol(), fake::message_id(&board), &follow).await;
    assert!(ephemeral_text(&answer).contains("You follow game #1"), "{answer}");
    assert!(has_button(&answer, "Unfollow"), "{answer}");
    // The next board says how many follow.
    let (next, _) = scene.play_greedily(board, &[alice(), bob()], Some(1)).await;
    assert!(fake::content(&next).contains("1 person follows"), "{next}");
    // No news of a move: carol asked for the end only.
    scene.scheduler_passes(2).await;
    assert_eq!(dms_with(&scene.fake, &carol(), "Game #1"), 0);
    let mover = user_to_move(&next, &[alice(), bob()]);
    scene.slash(&mover, "resign", vec![]).await;
    wait_dms(&scene.fake, &carol(), "is over", 1).await;
    scene.scheduler_passes(3).await;
    assert_eq!(dms_with(&scene.fake, &carol(), "is over"), 1, "told once");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_follower_hears_of_the_end_once);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_by_command_then_unfollow_stops_the_news() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let options = vec![("game", 4, json!(1)), ("every_move", 5, json!(true))];
    let answer = scene.slash(&carol(), "follow", options).await;
    assert!(ephemeral_text(&answer).contains("every move"), "{answer}");
    let (next, _) = scene.play_greedily(board, &[alice(), bob()], Some(1)).await;
    wait_dms(&scene.fake, &carol(), "move was played", 1).await;
    // `/akon games` lists the game apart from carol's own.
    let games = scene.slash(&carol(), "games", vec![]).await;
    assert!(ephemeral_text(&games).contains("Games you follow (1)"), "{games}");
    // Unfollow, from the answer to the follow.
    let unfollow = button_with_label(&answer, "Unfollow");
    let (_, done) = scene.click(&carol(), fake::message_id(&answer), &unfollow).await;
    assert!(fake::content(&done).contains("no longer follow"), "{done}");
    let mover = user_to_move(&next, &[alice(), bob()]);
    scene.slash(&mover, "resign", vec![]).await;
    scene.scheduler_passes(3).await;
    assert_eq!(dms_with(&scene.fake, &carol(), "Game #1"), 1, "no news after Unfollow");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn follows_that_cannot_be_are_refused_privately_and_change_nothing() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let follow = button_with_label(&board, "Follow");
    // A player follows their own game anyway.
    let (_, own) = scene.click(&alice(), fake::message_id(&board), &follow).await;
    assert!(ephemeral_text(&own).contains("You play in this game"), "{own}");
    // A game of another server.
    const OTHER_GUILD: u64 = 900_000_000_000_000_777;
    const OTHER_CHANNEL: u64 = 910_000_000_000_000_777;
    scene.fake.add_channel_in_guild(OTHER_GUILD, OTHER_CHANNEL, "elsewhere");
    let ix = scene
        .fake
        .slash_in_channel(&carol(), OTHER_CHANNEL, "akon", "follow", vec![("game", 4, json!(1))])
        .await;
    let elsewhere = scene.fake.response(&ix).await;
    assert!(ephemeral_text(&elsewhere).contains("played elsewhere"), "{elsewhere}");
    // Unfollowing a game not followed; an unknown game.
    let stop = vec![("game", 4, json!(1)), ("stop", 5, json!(true))];
    assert!(ephemeral_text(&scene.slash(&carol(), "follow", stop).await).contains("do not follow"));
    let unknown = scene.slash(&carol(), "follow", vec![("game", 4, json!(999))]).await;
    assert!(fake::is_ephemeral(&unknown), "{unknown}");
    let games = scene.slash(&carol(), "games", vec![]).await;
    assert!(!ephemeral_text(&games).contains("Games you follow"), "{games}");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_whose_dms_are_closed_is_given_up_once() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    scene.slash(&carol(), "follow", vec![("game", 4, json!(1))]).await;
    scene.fake.close_dms(&carol());
    let dm = scene.fake.dm_channel_id(&carol());
    let mover = user_to_move(&board, &[alice(), bob()]);
    scene.slash(&mover, "resign", vec![]).await;
    let path = format!("/channels/{dm}/messages");
    let refused = |requests: &[fake::LoggedRequest]| {
        requests
            .iter()
            .filter(|r| r.path.ends_with(&path) && r.status == 403)
            .count()
    };
    scene
        .fake
        .wait_until("the DM refused", |v| refused(v.requests()) == 1)
        .await;
    scene.scheduler_passes(3).await;
    assert_eq!(refused(&scene.fake.requests()), 1, "not tried again");
    scene.finish().await;
}
