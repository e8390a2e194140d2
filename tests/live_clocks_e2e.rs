//! Live time controls through the real serenity client on the fake Discord,
//! on both backends: a challenge with a time control, boards showing both
//! clocks and when the flag falls, and a flag fall that ends the game and
//! is announced at once, by the process's flag watch (the scheduler's tick
//! leaves live clocks to it).

use crate::support::fake_discord::{self as fake, CHANNEL_ID};
use crate::support::scene::*;
use serde_json::json;

fn in_channel(scene: &Scene, needle: &str) -> usize {
    scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains(needle))
        .count()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_live_game_shows_its_clocks_and_ends_when_a_flag_falls);
async fn a_live_game_shows_its_clocks_and_ends_when_a_flag_falls() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let both = vec![
        ("opponent", 6, json!(bob().id.to_string())),
        ("time_per_move", 3, json!("1h")),
        ("time_control", 3, json!("3+2")),
    ];
    let refused = scene.slash(&alice(), "challenge", both).await;
    assert!(ephemeral_text(&refused).contains("not both"), "{refused}");

    let options = vec![
        ("opponent", 6, json!(bob().id.to_string())),
        ("time_control", 3, json!("3+2")),
    ];
    let challenge = scene.slash(&alice(), "challenge", options).await;
    let text = fake::content(&challenge);
    assert!(text.contains("Time control: 3+2 (3 min + 2 s per move)"), "{text}");
    assert!(!text.contains("Time per move"), "{text}");
    let board = scene
        .click_expecting_board(
            &bob(),
            fake::message_id(&challenge),
            &button_with_label(&challenge, "Accept"),
        )
        .await;
    let text = fake::content(&board);
    assert!(
        text.contains("⏱️ 3+2 · ") && text.matches(": 3:00").count() == 2,
        "{text}"
    );
    assert!(
        text.contains(&format!("Your flag falls <t:{}:R> unless you move", T0 + 180)),
        "{text}"
    );

    // Ten seconds later the first mover moves: 3:00 - 0:10 + 0:02.
    scene.clock.advance(10);
    let first = user_to_move(&board, &players);
    let hole = &hole_buttons(&board)
        .into_iter()
        .find(|(_, _, enabled)| *enabled)
        .unwrap()
        .0;
    let board = scene
        .click_expecting_board(&first, fake::message_id(&board), hole)
        .await;
    let text = fake::content(&board);
    assert!(text.contains(": 2:52") && text.contains(": 3:00"), "{text}");
    assert!(
        text.contains(&format!("Your flag falls <t:{}:R>", T0 + 10 + 180)),
        "{text}"
    );
    let second = user_to_move(&board, &players);
    assert_ne!(first, second);
    let games = scene.slash(&second, "games", vec![]).await;
    let listed = ephemeral_text(&games);
    assert!(
        listed.contains(&format!("(time runs out <t:{}:R>)", T0 + 10 + 180)),
        "{listed}"
    );

    // The second player lets their three minutes run out: the flag watch
    // ends the game and the result is told, once.
    scene.clock.advance(180);
    let result = scene
        .fake
        .wait_for("the flag fall's result", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("ran out of time"))
                .cloned()
        })
        .await;
    let text = fake::content(&result);
    assert!(
        text.contains(&format!("{} ran out of time", second.mention())),
        "{text}"
    );
    assert!(text.contains(&format!("{} wins", first.mention())), "{text}");
    assert!(text.contains("Rated"), "the rating changes are shown: {text}");
    assert!(text.contains(": 0:00"), "the fallen flag's clock shows zero: {text}");
    scene.scheduler_passes(3).await;
    scene.settle().await;
    assert_eq!(in_channel(&scene, "ran out of time"), 1, "told once");

    // A move pressed on the last board after the flag fell is refused.
    let answer = scene
        .click_unchecked(&second, fake::message_id(&board), &hole_buttons(&board)[0].0)
        .await;
    assert!(ephemeral_text(&answer).contains("over"), "{answer}");
    scene.finish().await;
}
