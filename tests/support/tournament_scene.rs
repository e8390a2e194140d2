//! What the tournament and knockout end-to-end tests share: the organiser
//! and the players, a scene or a fake Discord that knows them, and the
//! tournament's one message, read in-process or through a real `akon`.

use serde_json::{json, Value};

use super::fake_discord::{self as fake, FakeDiscord, TestUser, APP_PERMISSIONS, BOT_ID, CHANNEL_ID};
use super::scene::{button_with_label, ephemeral_text, Scene};

/// The test's member permissions with Manage Server (0x20) added.
pub fn manage_server() -> String {
    (APP_PERMISSIONS.parse::<u64>().unwrap() | 0x20).to_string()
}

pub fn organiser() -> TestUser {
    TestUser::new(300_000_000_000_000_100, "org")
}

/// Player `i` (from 1). Everyone starts at the same rating, so players
/// joining in order are seeded in that order.
pub fn player(i: u64) -> TestUser {
    TestUser::new(300_000_000_000_000_200 + i, &format!("p{i}"))
}

/// A scene whose organiser may manage the server and whose players
/// `p1`…`pn` are known.
pub async fn scene_with(n: u64) -> Scene {
    let scene = Scene::new().await;
    scene.fake.add_user(&organiser());
    scene.fake.set_member_permissions(&organiser(), &manage_server());
    for i in 1..=n {
        scene.fake.add_user(&player(i));
    }
    scene
}

/// Of `messages`, tournament `id`'s message: the one message of the bot
/// whose first line ends with the tournament's number. Fails if there are
/// two.
pub fn tournament_message_of(messages: Vec<&Value>, id: i64) -> Option<Value> {
    let tag = format!("#{id}");
    let found: Vec<&Value> = messages
        .into_iter()
        .filter(|m| fake::snowflake(&m["author"]["id"]) == Some(BOT_ID) && !fake::is_ephemeral(m))
        .filter(|m| fake::content(m).lines().next().is_some_and(|line| line.ends_with(&tag)))
        .collect();
    assert!(
        found.len() <= 1,
        "the tournament's message was posted twice: {found:#?}"
    );
    found.into_iter().next().cloned()
}

/// Tournament `id`'s message in the test channel.
pub fn tournament_message(fake: &FakeDiscord, id: i64) -> Option<Value> {
    let messages = fake.channel_messages(CHANNEL_ID);
    tournament_message_of(messages.iter().collect(), id)
}

/// Waits for tournament `id`'s message to say `text`.
pub async fn message_saying(fake: &FakeDiscord, id: i64, text: &str) -> Value {
    fake.wait_for(&format!("tournament {id}'s message saying `{text}`"), |v| {
        tournament_message_of(v.channel_messages(CHANNEL_ID), id).filter(|m| fake::content(m).contains(text))
    })
    .await
}

/// The boards opening round `round` of tournament `name` in the channel.
pub fn boards_of_round(fake: &FakeDiscord, name: &str, round: u32) -> Vec<Value> {
    let intro = format!("🏆 **{name}** · round {round}: ");
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).starts_with(&intro))
        .collect()
}

/// `/akon tournament create` by the organiser in the scene; the
/// tournament's number, read from the private answer.
pub async fn create(scene: &Scene, name: &str, format: &str, more: Vec<(&str, u8, Value)>) -> i64 {
    let mut options = vec![
        ("name", 3, json!(name)),
        ("format", 3, json!(format)),
        ("time_per_move", 3, json!("10m")),
    ];
    options.extend(more);
    let answer = scene.slash(&organiser(), "tournament create", options).await;
    let text = ephemeral_text(&answer);
    let id: i64 = text
        .split("Tournament #")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no tournament number in `{text}`"));
    message_saying(&scene.fake, id, "Join").await;
    id
}

/// Through a real `akon` process: the organiser creates the first
/// tournament with `options`, players 1…`n` join it by its Join button,
/// in order, and the organiser starts it. Its message as it was first
/// posted.
pub async fn create_join_and_start_through(fake: &FakeDiscord, options: Vec<(&str, u8, Value)>, n: u64) -> Value {
    let create = fake.slash(&organiser(), "akon", "tournament create", options).await;
    fake.response(&create).await;
    let id = 1;
    let message = message_saying(fake, id, "Join").await;
    for i in 1..=n {
        let current = tournament_message(fake, id).unwrap();
        let join = button_with_label(&current, "Join");
        let ix = fake.click(&player(i), fake::message_id(&current), &join).await;
        fake.response(&ix).await;
    }
    message_saying(fake, id, &format!("Players: {n} of")).await;
    let start = fake.slash(&organiser(), "akon", "tournament start", vec![]).await;
    assert!(ephemeral_text(&fake.response(&start).await).contains("has started"));
    message
}
