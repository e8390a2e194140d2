//! Challenges and tournaments over HTTP (AKON_INTERACTIONS_ADDR): each flow
//! is played twice, once over the gateway and once through the endpoint,
//! and what the players saw — every answer, then every message the bot
//! left — must be the same.

use serde_json::{json, Value};

use crate::support::fake_discord::{self as fake, FakeDiscord, Interaction, TestUser, APP_PERMISSIONS, CHANNEL_ID};
use crate::support::scene::*;
use crate::tournaments_e2e::{game_of, round_boards};
use akon::service::ServiceConfig;

/// What one answer or message showed: the callback type (0 for a message
/// posted by REST), its text and its buttons.
type Seen = (u8, String, Vec<String>);

async fn answer_seen(scene: &Scene, ix: &Interaction, answer: &Value) -> Seen {
    (
        scene.fake.callback_type(ix).await,
        fake::content(answer).to_string(),
        fake::custom_ids(answer),
    )
}

fn message_seen(message: &Value) -> Seen {
    (0, fake::content(message).to_string(), fake::custom_ids(message))
}

/// Every message the bot left, sorted: which of two posts racing each
/// other (a command's answer and the scheduler's next round) was made
/// first is no part of what players see.
fn messages_seen(fake: &FakeDiscord) -> Vec<Seen> {
    let mut seen: Vec<Seen> = fake.all_messages().iter().map(message_seen).collect();
    seen.sort();
    seen
}

/// The gateway's and the endpoint's views of one flow, equal line by line
/// (so that a difference names its place).
fn assert_same(over_http: &[Seen], over_gateway: &[Seen]) {
    for (at, (http, gateway)) in over_http.iter().zip(over_gateway).enumerate() {
        assert_eq!(http, gateway, "the answer or message at {at} differs");
    }
    assert_eq!(over_http.len(), over_gateway.len());
}

/// No first answer went by REST: each was the HTTP response.
fn answered_in_responses(scene: &Scene) {
    let by_rest: Vec<_> = scene
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .collect();
    assert!(by_rest.is_empty(), "answered by REST: {by_rest:#?}");
    for answer in scene.fake.endpoint_answers() {
        assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
    }
}

const CHALLENGE_TTL_SECS: i64 = 3600;

fn challenge_config() -> ServiceConfig {
    ServiceConfig {
        challenge_ttl_secs: CHALLENGE_TTL_SECS,
        max_ongoing_games: 25,
        ..Default::default()
    }
}

/// A challenge declined (after a stranger's press is refused), one
/// withdrawn (after the challenger's own Accept is refused), one accepted,
/// and one left to expire, then pressed from a stale client.
async fn challenges_as_seen(scene: &Scene) -> Vec<Seen> {
    let mut seen = Vec::new();
    let declined = scene.challenge(&alice(), &bob()).await;
    seen.push(message_seen(&declined));
    let decline = button_with_label(&declined, "Decline");
    let (ix, stranger) = scene.click(&carol(), fake::message_id(&declined), &decline).await;
    assert!(ephemeral_text(&stranger).contains("not yours"), "{stranger}");
    seen.push(answer_seen(scene, &ix, &stranger).await);
    let (ix, after) = scene.click(&bob(), fake::message_id(&declined), &decline).await;
    assert!(fake::content(&after).contains("declined"), "{after}");
    seen.push(answer_seen(scene, &ix, &after).await);

    let withdrawn = scene.challenge(&alice(), &bob()).await;
    seen.push(message_seen(&withdrawn));
    let accept = button_with_label(&withdrawn, "Accept");
    let (ix, own) = scene.click(&alice(), fake::message_id(&withdrawn), &accept).await;
    assert!(ephemeral_text(&own).contains("Only"), "{own}");
    seen.push(answer_seen(scene, &ix, &own).await);
    let decline = button_with_label(&withdrawn, "Decline");
    let (ix, after) = scene.click(&alice(), fake::message_id(&withdrawn), &decline).await;
    assert!(fake::content(&after).contains("withdrew"), "{after}");
    seen.push(answer_seen(scene, &ix, &after).await);

    let accepted = scene.challenge(&alice(), &bob()).await;
    seen.push(message_seen(&accepted));
    let accept = button_with_label(&accepted, "Accept");
    let before = scene.newest_message_id();
    let (ix, after) = scene.click(&bob(), fake::message_id(&accepted), &accept).await;
    seen.push(answer_seen(scene, &ix, &after).await);
    let board = scene.boards_since(before, 1).await.remove(0);
    seen.push(message_seen(&board));

    let expiring = scene.challenge(&carol(), &dave()).await;
    seen.push(message_seen(&expiring));
    scene.clock.advance(CHALLENGE_TTL_SECS);
    let expiring_id = fake::message_id(&expiring);
    scene.challenge_marked_expired(expiring_id).await;
    seen.push(message_seen(&scene.fake.message(expiring_id).unwrap()));
    let stale = button_with_label(&expiring, "Accept");
    let ix = scene.fake.click_unchecked(&dave(), expiring_id, &stale).await;
    let late = scene.fake.response(&ix).await;
    assert!(fake::content(&late).contains("expired"), "{late}");
    seen.push(answer_seen(scene, &ix, &late).await);
    scene.settle().await;
    seen.extend(messages_seen(&scene.fake));
    seen
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn challenges_over_http_show_what_the_gateway_shows);
async fn challenges_over_http_show_what_the_gateway_shows() {
    let gateway = Scene::with_config(challenge_config()).await;
    let over_gateway = challenges_as_seen(&gateway).await;
    gateway.finish().await;
    let http = Scene::over_http_with_config(challenge_config()).await;
    let over_http = challenges_as_seen(&http).await;
    answered_in_responses(&http);
    let challenges: Vec<String> = {
        let mut db = http.db.connect().await;
        sqlx::query_scalar("SELECT status FROM challenges ORDER BY id")
            .fetch_all(&mut db)
            .await
            .unwrap()
    };
    assert_eq!(challenges, ["declined", "withdrawn", "accepted", "expired"]);
    http.finish().await;
    assert_same(&over_http, &over_gateway);
}

fn organiser() -> TestUser {
    TestUser::new(300_000_000_000_000_100, "org")
}

const TOURNAMENT: &str = "Open cup";

/// Tournament 1's message: the bot's message whose first line ends with
/// its number.
fn tournament_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| fake::content(m).lines().next().is_some_and(|line| line.ends_with("#1")))
}

/// Waits for tournament 1's message to say `text`.
async fn tournament_saying(fake: &FakeDiscord, text: &str) -> Value {
    fake.wait_for(&format!("the tournament's message saying `{text}`"), |v| {
        v.channel_messages(CHANNEL_ID)
            .into_iter()
            .find(|m| fake::content(m).lines().next().is_some_and(|line| line.ends_with("#1")))
            .filter(|m| fake::content(m).contains(text))
            .cloned()
    })
    .await
}

/// A four-player round robin: created, joined and left by its buttons,
/// started, each round's first game played a move each way and resigned,
/// the other resigned at once, to the final standings; every answer on
/// the way, then every message.
async fn a_tournament_as_seen(scene: &Scene) -> Vec<Seen> {
    let players = [alice(), bob(), carol(), dave()];
    scene.fake.add_user(&organiser());
    let manage_server = (APP_PERMISSIONS.parse::<u64>().unwrap() | 0x20).to_string();
    scene.fake.set_member_permissions(&organiser(), &manage_server);
    let mut seen = Vec::new();
    let options = vec![
        ("name", 3, json!(TOURNAMENT)),
        ("format", 3, json!("round_robin")),
        ("time_per_move", 3, json!("10m")),
    ];
    let created = scene.slash(&organiser(), "tournament create", options).await;
    assert!(ephemeral_text(&created).contains("Tournament #1"), "{created}");
    seen.push(message_seen(&created));
    let press = |user: TestUser, label: &'static str| async move {
        let message = tournament_message(&scene.fake).expect("the tournament's message");
        let button = button_with_label(&message, label);
        let (ix, answer) = scene.click(&user, fake::message_id(&message), &button).await;
        answer_seen(scene, &ix, &answer).await
    };
    for player in &players {
        seen.push(press(player.clone(), "Join").await);
    }
    seen.push(press(dave(), "Leave").await);
    seen.push(message_seen(&tournament_saying(&scene.fake, "Players: 3 of 64").await));
    seen.push(press(dave(), "Join").await);
    seen.push(message_seen(&tournament_saying(&scene.fake, "Players: 4 of 64").await));
    let started = scene.slash(&organiser(), "tournament start", vec![]).await;
    assert!(ephemeral_text(&started).contains("has started"), "{started}");
    seen.push(message_seen(&started));

    for round in 1..=3 {
        let boards = round_boards(&scene.fake, TOURNAMENT, round, 2).await;
        seen.extend(boards.iter().map(|(board, _)| message_seen(board)));
        for (at, (board, pinged)) in boards.iter().enumerate() {
            let pair = pinged.map(|id| players.iter().find(|p| p.id == id).unwrap().clone());
            let current = match at {
                0 => {
                    let (moved, _) = scene.play_greedily(board.clone(), &pair, Some(2)).await;
                    seen.push(message_seen(&moved));
                    moved
                }
                _ => board.clone(),
            };
            let loser = user_to_move(&current, &pair);
            let game = json!(game_of(board));
            let resigned = scene.slash(&loser, "resign", vec![("game", 4, game)]).await;
            assert!(fake::content(&resigned).contains("wins"), "{resigned}");
            seen.push(message_seen(&resigned));
        }
        let standings = match round {
            3 => "Final standings".to_string(),
            _ => format!("Round {} of 3", round + 1),
        };
        seen.push(message_seen(&tournament_saying(&scene.fake, &standings).await));
    }
    let private = scene
        .slash(&alice(), "tournament standings", vec![("tournament", 4, json!(1))])
        .await;
    seen.push(message_seen(&private));
    scene.settle().await;
    seen.extend(messages_seen(&scene.fake));
    seen
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_tournament_over_http_shows_what_the_gateway_shows);
async fn a_tournament_over_http_shows_what_the_gateway_shows() {
    let gateway = Scene::new().await;
    let over_gateway = a_tournament_as_seen(&gateway).await;
    gateway.finish().await;
    let http = Scene::over_http().await;
    let over_http = a_tournament_as_seen(&http).await;
    answered_in_responses(&http);
    http.finish().await;
    assert!(
        over_http.iter().any(|(_, text, _)| text.contains("🏆 🥇 ")),
        "the podium is named: {over_http:#?}"
    );
    assert_same(&over_http, &over_gateway);
}
