//! Vacations and reminders at the player's pace through the real serenity
//! client on the fake Discord, on both backends: the private answers and
//! refusals, the opponent told once in the channel, the board and the stats
//! saying so, and the reminders' setting.

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

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_vacation_is_answered_privately_and_told_to_the_opponent_once);
async fn a_vacation_is_answered_privately_and_told_to_the_opponent_once() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let away = user_to_move(&board, &players);
    let opponent = if away == alice() { bob() } else { alice() };

    let off = scene.slash(&away, "vacation", vec![("state", 3, json!("off"))]).await;
    assert!(ephemeral_text(&off).contains("You are not on vacation"), "{off}");
    let on = scene.slash(&away, "vacation", vec![("state", 3, json!("on"))]).await;
    let text = ephemeral_text(&on);
    assert!(
        text.contains("You are on vacation") && text.contains("1 game"),
        "{text}"
    );
    let again = scene.slash(&away, "vacation", vec![("state", 3, json!("on"))]).await;
    assert!(ephemeral_text(&again).contains("already on vacation"), "{again}");

    let told = scene
        .fake
        .wait_for("the opponent told", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("is on vacation"))
                .cloned()
        })
        .await;
    assert!(fake::content(&told).contains(&opponent.mention()), "{told}");
    scene.scheduler_passes(3).await;
    scene.settle().await;
    assert_eq!(in_channel(&scene, "is on vacation"), 1, "told once");

    let shown = scene.slash(&opponent, "board", vec![]).await;
    assert!(fake::content(&shown).contains("The clocks stand still"), "{shown}");
    let stats = scene.slash(&away, "stats", vec![]).await;
    assert!(
        fake::content(&stats).contains("Vacation this year: 1 of 30 days used. On vacation now"),
        "{stats}"
    );

    let back = scene.slash(&away, "vacation", vec![("state", 3, json!("off"))]).await;
    assert!(ephemeral_text(&back).contains("Welcome back"), "{back}");
    let paced = scene
        .slash(&away, "settings", vec![("reminders", 3, json!("daily"))])
        .await;
    assert!(ephemeral_text(&paced).contains("also once a day"), "{paced}");
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn those_who_take_reminders_by_dm_are_told_of_vacations_by_dm);
async fn those_who_take_reminders_by_dm_are_told_of_vacations_by_dm() {
    let scene = Scene::new().await;
    for user in [alice(), bob()] {
        scene
            .slash(&user, "settings", vec![("dm_reminders", 5, json!(true))])
            .await;
    }
    scene.challenge_accepted(&alice(), &bob()).await;
    scene.slash(&alice(), "vacation", vec![("state", 3, json!("on"))]).await;
    let bobs = scene.fake.dm_channel_id(&bob());
    scene
        .fake
        .wait_until("bob told by DM", |v| {
            v.channel_messages(bobs)
                .iter()
                .any(|m| fake::content(m).contains(&format!("{} is on vacation", alice().mention())))
        })
        .await;
    // Thirty days later the allowance is used up: alice is told, by DM.
    scene.clock.advance(30 * 86_400);
    let alices = scene.fake.dm_channel_id(&alice());
    scene
        .fake
        .wait_until("alice told her vacation is used up", |v| {
            v.channel_messages(alices)
                .iter()
                .any(|m| fake::content(m).contains("vacation days of the year are used up"))
        })
        .await;
    scene.scheduler_passes(3).await;
    scene.settle().await;
    assert_eq!(in_channel(&scene, "vacation"), 0, "nothing in the channel");
    let told: usize = [bobs, alices]
        .into_iter()
        .map(|dm| {
            scene
                .fake
                .channel_messages(dm)
                .into_iter()
                .filter(|m| fake::content(m).contains("vacation"))
                .count()
        })
        .sum();
    assert_eq!(told, 2, "each told once");
    scene.finish().await;
}
