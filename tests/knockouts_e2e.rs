//! Knockouts end to end: the real serenity client against the fake
//! Discord, on SQLite and PostgreSQL. A five-player knockout with byes, a
//! double forfeit (an aborted game) whose next opponent has a walkover, a
//! withdrawal and a final resigned; and a drawn game played out by its
//! buttons and replayed with the first move swapped. The tournament's one
//! message shows the bracket and names the winner.

use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser, APP_PERMISSIONS, BOT_ID, CHANNEL_ID};
use crate::support::scene::*;
use akon::engine::Hole;
use serde_json::{json, Value};

fn manage_server() -> String {
    (APP_PERMISSIONS.parse::<u64>().unwrap() | 0x20).to_string()
}

fn organiser() -> TestUser {
    TestUser::new(300_000_000_000_000_100, "org")
}

/// Player `i` (from 1), seed `i`: everyone starts at the same rating, and
/// they join in order.
fn player(i: u64) -> TestUser {
    TestUser::new(300_000_000_000_000_200 + i, &format!("p{i}"))
}

async fn scene_with(n: u64) -> Scene {
    let scene = Scene::new().await;
    scene.fake.add_user(&organiser());
    scene.fake.set_member_permissions(&organiser(), &manage_server());
    for i in 1..=n {
        scene.fake.add_user(&player(i));
    }
    scene
}

/// Tournament `id`'s one message of the bot (fails if posted twice).
fn tournament_message_of(messages: Vec<&Value>, id: i64) -> Option<Value> {
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

async fn message_saying(fake: &FakeDiscord, id: i64, text: &str) -> Value {
    fake.wait_for(&format!("tournament {id}'s message saying `{text}`"), |v| {
        tournament_message_of(v.channel_messages(CHANNEL_ID), id).filter(|m| fake::content(m).contains(text))
    })
    .await
}

/// Creates a tournament of `format` and has players 1…n join it by its
/// Join button, in order; its number.
async fn knockout_with(scene: &Scene, name: &str, format: &str, n: u64) -> i64 {
    let options = vec![
        ("name", 3, json!(name)),
        ("format", 3, json!(format)),
        ("time_per_move", 3, json!("10m")),
    ];
    let answer = scene.slash(&organiser(), "tournament create", options).await;
    let text = ephemeral_text(&answer);
    let id: i64 = text
        .split("Tournament #")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no tournament number in `{text}`"));
    for i in 1..=n {
        let message = message_saying(&scene.fake, id, &format!("Players: {} of", i - 1)).await;
        let join = button_with_label(&message, "Join");
        scene.click(&player(i), fake::message_id(&message), &join).await;
        message_saying(&scene.fake, id, &format!("Players: {i} of")).await;
    }
    id
}

/// The boards of round `round` of `name` posted so far, at least `count`:
/// each with its game (while it has buttons) and the ids it pings, first
/// mover first.
async fn round_boards(fake: &FakeDiscord, name: &str, round: u32, count: usize) -> Vec<(Value, i64, [u64; 2])> {
    let intro = format!("🏆 **{name}** · round {round}: ");
    let boards = fake
        .wait_for(&format!("{count} boards of round {round}"), |v| {
            let boards: Vec<Value> = v
                .channel_messages(CHANNEL_ID)
                .into_iter()
                .filter(|m| fake::content(m).starts_with(&intro))
                .cloned()
                .collect();
            (boards.len() >= count).then_some(boards)
        })
        .await;
    assert_eq!(boards.len(), count, "round {round} posted {} boards", boards.len());
    boards
        .into_iter()
        .map(|board| {
            let line = fake::content(&board).lines().next().unwrap().to_string();
            let ids: Vec<u64> = line
                .split("<@")
                .skip(1)
                .map(|rest| rest.split('>').next().unwrap().parse().unwrap())
                .collect();
            // A board played on has lost its buttons: game 0.
            let game = hole_buttons(&board)
                .first()
                .map_or(0, |(id, _, _)| id.split(':').nth(2).unwrap().parse().unwrap());
            (board, game, [ids[0], ids[1]])
        })
        .collect()
}

/// The bracket's picture on tournament `id`'s message, its one
/// attachment: its id and its description (the PNG checked).
fn bracket_picture(fake: &FakeDiscord, message: &Value, id: i64) -> (u64, String) {
    let attachments = message["attachments"].as_array().expect("attachments");
    assert_eq!(attachments.len(), 1, "one picture: {message}");
    let picture = &attachments[0];
    assert_eq!(picture["filename"], format!("akon-bracket-{id}.png"), "{message}");
    let attachment = fake::snowflake(&picture["id"]).expect("an attachment id");
    let bytes = fake.attachment_bytes(attachment).expect("the picture's bytes");
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    (
        attachment,
        picture["description"].as_str().unwrap_or_default().to_string(),
    )
}

fn user(id: u64) -> TestUser {
    player(id - 300_000_000_000_000_200)
}

async fn resign(scene: &Scene, loser: u64, game: i64) {
    let answer = scene
        .slash(&user(loser), "resign", vec![("game", 4, json!(game))])
        .await;
    assert!(fake::content(&answer).contains("wins"), "{answer}");
}

async fn five_players_a_double_forfeit_a_walkover_and_a_withdrawal() {
    let scene = scene_with(5).await;
    let name = "Five knock";
    let id = knockout_with(&scene, name, "knockout_third_place", 5).await;
    let start = scene.slash(&organiser(), "tournament start", vec![]).await;
    assert!(ephemeral_text(&start).contains("has started"), "{start}");
    // Seeds 1–3 have byes; seeds 4 and 5 play. The bracket's picture is
    // attached, described in words.
    let message = message_saying(&scene.fake, id, "Round 1 of 3").await;
    let (first_picture, described) = bracket_picture(&scene.fake, &message, id);
    assert!(described.starts_with("Bracket of Five knock."), "{described}");
    assert!(described.contains("Round 1: p4 – p5: being played."), "{described}");
    assert!(described.contains("Round 1: p1, bye: p1 goes through."), "{described}");
    let text = fake::content(&message);
    for seed in 1..=3 {
        assert!(text.contains(&format!("p{seed}  ")) && text.contains("bye"), "{text}");
    }
    let boards = round_boards(&scene.fake, name, 1, 1).await;
    let (_, game, [first, second]) = &boards[0];
    assert_eq!(
        [*first, *second],
        [player(4).id, player(5).id],
        "the higher seed moves first"
    );
    // Neither moves: aborted, a double forfeit.
    scene.slash(&player(4), "abort", vec![("game", 4, json!(game))]).await;
    // Seed 1's opponent sent nobody: a walkover; seeds 2 and 3 play.
    message_saying(&scene.fake, id, "Round 2 of 3").await;
    let message = message_saying(&scene.fake, id, "walkover").await;
    assert!(fake::content(&message).contains("both forfeited"), "{message}");
    let boards = round_boards(&scene.fake, name, 2, 1).await;
    let (_, game, [first, _]) = &boards[0];
    assert_eq!(*first, player(2).id);
    // Seed 3 withdraws during the game: seed 2 goes through.
    let withdrawn = scene.slash(&player(3), "tournament withdraw", vec![]).await;
    assert!(ephemeral_text(&withdrawn).contains("You have left"), "{withdrawn}");
    scene
        .fake
        .wait_for("the withdrawal's resignation", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains(&format!("game #{game} ·")) && fake::content(m).contains("wins"))
                .cloned()
        })
        .await;
    // The final: seeds 1 and 2; seed 3, out and withdrawn, leaves no
    // third-place match.
    message_saying(&scene.fake, id, "Round 3 of 3").await;
    let boards = round_boards(&scene.fake, name, 3, 1).await;
    let (_, game, [first, second]) = &boards[0];
    assert_eq!([*first, *second], [player(1).id, player(2).id]);
    resign(&scene, *second, *game).await;
    let last = message_saying(&scene.fake, id, "Final standings").await;
    // The picture was replaced as the games ended: the last names the winner.
    let (last_picture, described) = bracket_picture(&scene.fake, &last, id);
    assert_ne!(last_picture, first_picture);
    assert!(described.contains("Winner: p1."), "{described}");
    assert!(described.contains("Final: p1 – p2: p1 wins."), "{described}");
    let text = fake::content(&last).to_string();
    assert!(text.contains(&format!("🥇 {}", player(1).mention())), "{text}");
    assert!(text.contains(&format!("🥈 {}", player(2).mention())), "{text}");
    let final_line = text
        .lines()
        .find(|l| l.starts_with("Final "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(final_line.contains("p1") && final_line.contains('✓'), "{final_line}");
    assert!(
        final_line.find('✓') < final_line.find("p2"),
        "the winner is marked: {final_line}"
    );
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn five_players_a_double_forfeit_a_walkover_and_a_withdrawal);

/// A game from the opening, first mover A, that ends drawn 35–35, from
/// the independent implementation's vectors.
fn drawn_game_moves() -> Vec<i64> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/akon-vectors.jsonl")).unwrap();
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|v| v["kind"] == "opening" && v["first"] == "A" && v["final"]["winner"] == "draw")
        .expect("the vectors hold a drawn game")["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_i64().unwrap())
        .collect()
}

async fn a_drawn_game_is_replayed_with_the_first_move_swapped() {
    let scene = scene_with(2).await;
    let name = "Draw cup";
    let id = knockout_with(&scene, name, "knockout", 2).await;
    scene.slash(&organiser(), "tournament start", vec![]).await;
    let players = [player(1), player(2)];
    let (mut board, _, [first, _]) = round_boards(&scene.fake, name, 1, 1).await.remove(0);
    assert_eq!(first, player(1).id);
    for hole in drawn_game_moves() {
        let mover = user_to_move(&board, &players);
        let custom_id = hole_button_id(&board, Hole::new(hole).unwrap());
        board = scene
            .click_expecting_board(&mover, fake::message_id(&board), &custom_id)
            .await;
    }
    assert!(fake::content(&board).contains("draw"), "{board}");
    // The replay's board: seed 2 moves first now.
    let boards = round_boards(&scene.fake, name, 1, 2).await;
    let (_, replay, [first, second]) = &boards[1];
    assert_eq!([*first, *second], [player(2).id, player(1).id]);
    let message = message_saying(&scene.fake, id, "game 2").await;
    assert!(fake::content(&message).contains("Final"), "{message}");
    resign(&scene, player(1).id, *replay).await;
    let last = message_saying(&scene.fake, id, "Final standings").await;
    assert!(
        fake::content(&last).contains(&format!("🥇 {}", player(2).mention())),
        "{last}"
    );
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_drawn_game_is_replayed_with_the_first_move_swapped);
