//! Board pictures end to end: the real bot on the fake Discord, on SQLite
//! and PostgreSQL. A server switched to pictures gets boards carrying one
//! PNG (a multipart upload) described by the text board, with the same
//! buttons and turn line; the picture survives the button strip and the
//! end of the game; without *Attach Files* the text board is posted and
//! whoever chose pictures is told once, and the next press that shows
//! the permission granted brings pictures back; a player's own style applies to
//! what they alone ask for.

use crate::support::fake_discord::{self as fake, TestUser, CHANNEL_ID};
use crate::support::scene::*;
use akon::service::ServiceConfig;
use serde_json::{json, Value};

/// Member permissions with Manage Server, to change the server's settings.
const MANAGER: &str = "2248473465835105";

async fn set_server_style(scene: &Scene, user: &TestUser, style: &str) {
    scene.fake.set_member_permissions(user, MANAGER);
    let answer = scene
        .slash(user, "settings", vec![("server_board_style", 3, json!(style))])
        .await;
    let text = ephemeral_text(&answer);
    assert!(text.contains("this server's boards:"), "{text}");
}

/// A message's attachments.
fn attachments(message: &Value) -> Vec<Value> {
    message["attachments"].as_array().cloned().unwrap_or_default()
}

/// The one attachment of `message`: a PNG of 600 × 300 pixels that
/// decodes, described by a text board; its description.
fn one_board_picture(scene: &Scene, message: &Value) -> String {
    let [attachment] = attachments(message)
        .try_into()
        .unwrap_or_else(|all: Vec<Value>| panic!("expected one attachment, found {}: {message}", all.len()));
    assert_eq!(attachment["content_type"], "image/png", "{attachment}");
    let filename = attachment["filename"].as_str().unwrap();
    assert!(
        filename.starts_with("akon-") && filename.ends_with(".png"),
        "{filename}"
    );
    let id = fake::snowflake(&attachment["id"]).unwrap();
    let bytes = scene.fake.attachment_bytes(id).expect("the uploaded file is stored");
    assert_eq!(attachment["size"].as_u64(), Some(bytes.len() as u64));
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).expect("the PNG decodes");
    assert_eq!((frame.width, frame.height), (600, 300));
    let description = attachment["description"].as_str().expect("a description").to_string();
    assert!(description.contains(" A1 A2 A3 A4 A5 A6 A7"), "{description}");
    assert!(description.chars().count() <= 1024);
    description
}

/// The text board in a message's code block.
fn text_board(message: &Value) -> String {
    let content = fake::content(message);
    content
        .split("```")
        .nth(1)
        .map(|block| block.trim_matches('\n'))
        .unwrap_or_else(|| panic!("no text board in {content}"))
        .to_string()
}

async fn a_server_switched_to_pictures_gets_boards_with_one_png_described_by_the_text_board() {
    let scene = Scene::new().await;
    set_server_style(&scene, &alice(), "picture").await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let description = one_board_picture(&scene, &board);
    // The picture carries the board: the message holds no text board, but
    // the same turn line and the same buttons as a text board.
    assert!(!fake::content(&board).contains("```"), "{board}");
    assert!(fake::content(&board).contains("your turn"), "{board}");
    assert_eq!(hole_buttons(&board).len(), 7);
    assert!(has_button(&board, "Resign"));
    // The text board of the same position, as `both` shows it, is the
    // picture's description, exactly.
    set_server_style(&scene, &alice(), "both").await;
    let again = scene.slash(&alice(), "board", vec![]).await;
    assert_eq!(one_board_picture(&scene, &again), description);
    assert_eq!(text_board(&again), description);
    set_server_style(&scene, &alice(), "picture").await;

    // Played to the end. Each move took the buttons off the pressed board
    // and kept its picture: every board of the game still shows one, the
    // last with Rematch and no move buttons.
    let players = [alice(), bob()];
    let (last, game) = scene.play_greedily(again.clone(), &players, None).await;
    assert!(game.is_over());
    let pressed = scene.fake.message(fake::message_id(&again)).unwrap();
    assert!(hole_buttons(&pressed).is_empty(), "{pressed}");
    assert_eq!(one_board_picture(&scene, &pressed), description);
    // The final picture says the result, and so does its description,
    // after the text board: plain names, no mention, no Markdown.
    let final_description = one_board_picture(&scene, &last);
    let result = final_description.lines().last().unwrap();
    assert!(
        result.contains(" wins, ") || result.starts_with("A draw, "),
        "{final_description}"
    );
    assert!(!result.contains("<@") && !result.contains("**"), "{final_description}");
    let score = &result[result.find(", ").unwrap() + 2..result.find(" — ").unwrap()];
    assert!(
        fake::content(&last).contains(&format!("{score}** — ")),
        "{score}: {last}"
    );
    assert!(has_button(&last, "Rematch"), "{last}");
    let boards: Vec<Value> = scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(is_board)
        .collect();
    assert!(boards.len() > game.ply(), "{} boards", boards.len());
    let mut descriptions = Vec::new();
    for board in &boards {
        descriptions.push(one_board_picture(&scene, board));
        assert!(hole_buttons(board).is_empty(), "{board}");
    }
    // Each position has a picture of its own.
    let after_again: Vec<&String> = descriptions.iter().skip(2).collect();
    assert!(after_again.iter().all(|d| **d != description), "{descriptions:#?}");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_server_switched_to_pictures_gets_boards_with_one_png_described_by_the_text_board);

// Once, on SQLite: the upload's form is the adapter's, whatever the backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_posts_are_multipart_uploads_named_by_their_attachment() {
    let scene = Scene::new().await;
    scene.fake.keep_request_log(true);
    set_server_style(&scene, &alice(), "picture").await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    one_board_picture(&scene, &board);
    let posts: Vec<_> = scene
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages") && r.status == 200)
        .collect();
    let upload = posts
        .iter()
        .find(|r| r.body.get("_files").is_some())
        .unwrap_or_else(|| panic!("no upload among {posts:#?}"));
    let files = upload.body["_files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{upload:?}");
    assert_eq!(files[0]["name"], "files[0]");
    assert_eq!(files[0]["content_type"], "image/png");
    let described = upload.body["attachments"].as_array().unwrap();
    assert_eq!(described.len(), 1);
    assert_eq!(described[0]["id"], 0);
    assert_eq!(described[0]["filename"], files[0]["filename"]);
    // The press's answer strips the buttons without naming attachments,
    // which would tell Discord to drop the picture.
    let players = [alice(), bob()];
    scene.play_greedily(board, &players, Some(1)).await;
    // (The challenge's own update, which has no picture, sets its text.)
    let strips: Vec<_> = scene
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback") && r.body["type"] == 7 && r.body["data"].get("content").is_none())
        .collect();
    assert_eq!(strips.len(), 1, "{strips:#?}");
    assert_eq!(strips[0].body["data"], json!({"components": []}));
    scene.finish().await;
}

// Once, on SQLite: the refused channels are remembered in the process, whatever the backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_the_text_board_is_posted_and_the_chooser_told_once() {
    let scene = Scene::new().await;
    scene.fake.keep_request_log(true);
    set_server_style(&scene, &alice(), "picture").await;
    scene.fake.set_attach_files(CHANNEL_ID, false);
    // The first board goes by the delivery path: Discord refuses the
    // upload, the text board is posted instead.
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(attachments(&board).is_empty(), "{board}");
    assert!(fake::content(&board).contains(" A1 A2 A3 A4 A5 A6 A7"), "{board}");
    let refused = scene
        .fake
        .failed_requests()
        .into_iter()
        .filter(|r| r.status == 403 && r.response["code"] == 50013)
        .count();
    assert_eq!(refused, 1);
    // Moves go on, as text, and the answers to commands too (the
    // interaction says the permission is missing: nothing is tried).
    let players = [alice(), bob()];
    let (last, _) = scene.play_greedily(board, &players, Some(2)).await;
    assert!(attachments(&last).is_empty(), "{last}");
    let again = scene.slash(&alice(), "board", vec![]).await;
    assert!(attachments(&again).is_empty(), "{again}");
    assert!(fake::content(&again).contains("```"), "{again}");
    // alice, who chose pictures, was told once, in the channel.
    let notices: Vec<Value> = scene
        .fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains("Attach Files"))
        .collect();
    assert_eq!(notices.len(), 1, "{notices:#?}");
    let notice = fake::content(&notices[0]);
    assert!(notice.starts_with(&alice().mention()), "{notice}");
    assert!(notice.contains(&format!("<#{CHANNEL_ID}>")), "{notice}");
    // Once the permission is back, the next board has its picture.
    scene.fake.set_attach_files(CHANNEL_ID, true);
    let board = scene.slash(&bob(), "board", vec![]).await;
    one_board_picture(&scene, &board);
    scene.finish().await;
}

// Once, on SQLite: the refused channels are remembered in the process, whatever the backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_showing_attach_files_granted_brings_the_picture_back_on_the_next_board() {
    let scene = Scene::new().await;
    set_server_style(&scene, &alice(), "picture").await;
    scene.fake.set_attach_files(CHANNEL_ID, false);
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(attachments(&board).is_empty(), "{board}");
    // The permission is granted back: the very next press says so in its
    // `app_permissions`, and the board it brings is a picture again, not
    // text until the channel's refusal runs out.
    scene.fake.set_attach_files(CHANNEL_ID, true);
    let players = [alice(), bob()];
    let (next, _) = scene.play_greedily(board, &players, Some(1)).await;
    one_board_picture(&scene, &next);
    scene.finish().await;
}

async fn a_player_style_applies_to_the_games_they_ask_for() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(attachments(&board).is_empty(), "the server's boards stay text: {board}");
    let answer = scene
        .slash(&bob(), "settings", vec![("board_style", 3, json!("picture"))])
        .await;
    assert!(
        ephemeral_text(&answer).contains("boards you alone see (puzzles, /akon game): a picture"),
        "{answer}"
    );
    let game_id = fake::content(&board)
        .split("game #")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|id| id.parse::<i64>().ok())
        .unwrap_or_else(|| panic!("no game number in {board}"));
    let shown = scene.slash(&bob(), "game", vec![("id", 4, json!(game_id))]).await;
    let description = one_board_picture(&scene, &shown);
    assert!(!fake::content(&shown).contains(&description), "{shown}");
    let shown = scene.slash(&alice(), "game", vec![("id", 4, json!(game_id))]).await;
    assert!(attachments(&shown).is_empty(), "{shown}");
    assert!(fake::content(&shown).contains(" A1 A2 A3 A4 A5 A6 A7"), "{shown}");
    // A bad choice is refused by name, and nothing changes.
    let refused = scene
        .slash(&bob(), "settings", vec![("board_style", 3, json!("gif"))])
        .await;
    assert!(ephemeral_text(&refused).contains("board_style"), "{refused}");
    let shown = scene.slash(&bob(), "game", vec![("id", 4, json!(game_id))]).await;
    one_board_picture(&scene, &shown);
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_player_style_applies_to_the_games_they_ask_for);

async fn only_a_manager_sets_the_server_style() {
    let scene = Scene::new().await;
    let refused = scene
        .slash(&carol(), "settings", vec![("server_board_style", 3, json!("picture"))])
        .await;
    assert_eq!(
        ephemeral_text(&refused),
        "Only members who may manage this server can change its settings."
    );
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(attachments(&board).is_empty(), "{board}");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn only_a_manager_sets_the_server_style);

/// The review's graph as a picture is described in words, in the
/// reader's language: who led (or that no one did), the turning point and
/// the game's result with the players' plain names; none of the text
/// graph's box drawing, which a screen reader cannot read.
async fn the_review_graphs_picture_is_described_in_words() {
    let scene = Scene::with_config(ServiceConfig {
        review_nodes: 3_000,
        ..Default::default()
    })
    .await;
    set_server_style(&scene, &alice(), "picture").await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    scene.play_greedily(board, &players, Some(12)).await;
    scene.slash(&alice(), "resign", vec![]).await;
    let ix = scene
        .fake
        .slash(&carol(), "akon", "review", vec![("game", 4, json!(1))])
        .await;
    let review = scene.fake.response(&ix).await;
    scene.settle().await;
    let [graph] = attachments(&review)
        .try_into()
        .unwrap_or_else(|all: Vec<Value>| panic!("expected the graph, found {}: {review}", all.len()));
    assert_eq!(graph["content_type"], "image/png", "{graph}");
    let description = graph["description"].as_str().expect("a description");
    assert!(
        description.contains(" led for ") || description.starts_with("Neither player ever led"),
        "{description}"
    );
    assert!(description.contains("Turning point: "), "{description}");
    assert!(description.contains("Result: Bob wins, "), "{description}");
    assert!(description.ends_with("alice resigned."), "{description}");
    assert!(
        !description
            .chars()
            .any(|c| ('\u{2500}'..='\u{259F}').contains(&c) || c == '\n' || c == '`'),
        "{description}"
    );
    assert!(!description.contains("<@"), "{description}");
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_review_graphs_picture_is_described_in_words);
