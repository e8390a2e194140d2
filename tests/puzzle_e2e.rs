//! Puzzles on Discord, end to end: the real bot on the fake
//! Discord, on SQLite and on PostgreSQL. `/akon puzzle` mines a puzzle
//! (deferred answer, then edited) and shows it privately with the seven
//! hole buttons; the right hole is judged at once with the engine's line;
//! a second press is refused; Next puzzle, a wrong hole; `/akon stats`
//! shows the puzzle rating and the streak.

use crate::support::fake_discord as fake;
use crate::support::scene::*;
use akon::service::ServiceConfig;
use serde_json::Value;

/// Small enough for a debug build to mine a batch in a second or two.
const TEST_PUZZLE_NODES: u64 = 4_000;

/// The attempt and hole of each hole button of a puzzle message.
fn puzzle_buttons(message: &Value) -> Vec<(String, i64, i64, bool)> {
    fake::buttons(message)
        .into_iter()
        .filter_map(|b| {
            let id = b["custom_id"].as_str()?.to_string();
            let parts: Vec<&str> = id.split(':').collect();
            match parts.as_slice() {
                ["akon", "puzzle", attempt, hole] => {
                    let enabled = !b["disabled"].as_bool().unwrap_or(false);
                    Some((id.clone(), attempt.parse().ok()?, hole.parse().ok()?, enabled))
                }
                _ => None,
            }
        })
        .collect()
}

/// The best hole of the puzzle a message shows, from the database.
async fn best_hole(scene: &Scene, message: &Value) -> (i64, i64) {
    let buttons = puzzle_buttons(message);
    assert_eq!(buttons.len(), 7, "seven hole buttons: {message}");
    let attempt = buttons[0].1;
    let store = scene.store().await;
    let row = store.puzzle_attempt(attempt).await.unwrap().unwrap();
    let puzzle = store.puzzle(row.puzzle_id).await.unwrap().unwrap();
    (attempt, puzzle.best)
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_puzzle_solved_then_one_missed_show_in_stats);
async fn a_puzzle_solved_then_one_missed_show_in_stats() {
    let scene = Scene::with_config(ServiceConfig {
        puzzle_nodes: TEST_PUZZLE_NODES,
        ..Default::default()
    })
    .await;
    let ix = scene.fake.slash(&alice(), "akon", "puzzle", vec![]).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 5, "deferred while mining");
    let puzzle = scene.fake.response(&ix).await;
    scene.settle().await;
    let text = ephemeral_text(&puzzle);
    assert!(text.starts_with("🧩 Puzzle #"), "{text}");
    assert!(text.contains("at least 4 seeds better than any other"), "{text}");
    let (attempt, best) = best_hole(&scene, &puzzle).await;
    let right = format!("akon:puzzle:{attempt}:{best}");

    // Someone else's press (a forged one: the message is alice's alone).
    let forged = scene.click_unchecked(&bob(), fake::message_id(&puzzle), &right).await;
    assert!(ephemeral_text(&forged).contains("someone else's"), "{forged}");

    // The right hole: judged at once on the puzzle's message.
    let (ix, solved) = scene.click(&alice(), fake::message_id(&puzzle), &right).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 7, "{solved}");
    let text = fake::content(&solved);
    assert!(
        text.contains(&format!("✅ Right: hole {best} is the best move")),
        "{text}"
    );
    assert!(text.contains("The engine's line: "), "{text}");
    assert!(text.contains("Your puzzle rating: 1500? → "), "{text}");
    assert!(text.contains("streak 1 (best 1)"), "{text}");
    assert!(puzzle_buttons(&solved).is_empty(), "answered: no hole buttons left");

    // The same press again (a stale client) is refused, not scored.
    let again = scene.click_unchecked(&alice(), fake::message_id(&puzzle), &right).await;
    assert!(ephemeral_text(&again).contains("answered already"), "{again}");
    let store = scene.store().await;
    assert_eq!(store.puzzle_player(alice().id).await.unwrap().unwrap().attempts, 1);

    // Next puzzle, answered wrong.
    let next_id = button_with_label(&solved, "Next puzzle");
    let (_, next) = scene.click(&alice(), fake::message_id(&solved), &next_id).await;
    assert!(ephemeral_text(&next).starts_with("🧩 Puzzle #"), "{next}");
    let (attempt, best) = best_hole(&scene, &next).await;
    assert_ne!(format!("akon:puzzle:{attempt}:{best}"), right);
    let (wrong_id, _, wrong, _) = puzzle_buttons(&next)
        .into_iter()
        .find(|(_, _, hole, enabled)| *enabled && *hole != best)
        .expect("a puzzle has two legal moves or more");
    let (_, missed) = scene.click(&alice(), fake::message_id(&next), &wrong_id).await;
    let text = fake::content(&missed);
    assert!(text.contains(&format!("❌ Not hole {wrong}")), "{text}");
    assert!(text.contains(&format!("The best move was hole {best}")), "{text}");
    assert!(text.contains("streak 0 (best 1)"), "{text}");

    let standing = store.puzzle_player(alice().id).await.unwrap().unwrap();
    let stats = scene.slash(&alice(), "stats", vec![]).await;
    let text = fake::content(&stats);
    assert!(
        text.contains(&format!(
            "Puzzles: rating {}? · 1 of 2 solved · streak 0 (best 1)",
            standing.rating.round() as i64
        )),
        "{text}"
    );

    // A forged press naming no attempt.
    let unknown = scene
        .click_unchecked(&alice(), fake::message_id(&missed), "akon:puzzle:999:3")
        .await;
    assert!(ephemeral_text(&unknown).contains("does not exist"), "{unknown}");
    scene.finish().await;
}

/// The one attachment of a puzzle message: a PNG of the board that
/// decodes; its id and its description (the text board).
fn puzzle_picture(scene: &Scene, message: &Value) -> (u64, String) {
    let attachments = message["attachments"].as_array().cloned().unwrap_or_default();
    assert_eq!(attachments.len(), 1, "one picture: {message}");
    let attachment = &attachments[0];
    assert_eq!(attachment["content_type"], "image/png", "{attachment}");
    let id = fake::snowflake(&attachment["id"]).unwrap();
    let bytes = scene.fake.attachment_bytes(id).expect("the uploaded file is stored");
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).expect("the PNG decodes");
    assert_eq!((frame.width, frame.height), (600, 300));
    let description = attachment["description"].as_str().expect("a description").to_string();
    (id, description)
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_player_who_chose_pictures_gets_puzzles_as_pictures_that_stay_when_answered);
async fn a_player_who_chose_pictures_gets_puzzles_as_pictures_that_stay_when_answered() {
    let scene = Scene::with_config(ServiceConfig {
        puzzle_nodes: TEST_PUZZLE_NODES,
        ..Default::default()
    })
    .await;
    let chosen = scene
        .slash(
            &alice(),
            "settings",
            vec![("board_style", 3, serde_json::json!("picture"))],
        )
        .await;
    assert!(ephemeral_text(&chosen).contains("a picture"), "{chosen}");

    // Mined while deferred: the edited answer carries the picture, drawn
    // from the solver's side, and no text board.
    let ix = scene.fake.slash(&alice(), "akon", "puzzle", vec![]).await;
    let puzzle = scene.fake.response(&ix).await;
    scene.settle().await;
    let (picture, description) = puzzle_picture(&scene, &puzzle);
    assert!(description.contains("you ("), "{description}");
    assert!(description.contains("opponent ("), "{description}");
    let text = ephemeral_text(&puzzle);
    assert!(text.starts_with("🧩 Puzzle #"), "{text}");
    assert!(!text.contains("```"), "the picture shows the board: {text}");

    // Answered: the verdict replaces the text, the picture stays.
    let (attempt, best) = best_hole(&scene, &puzzle).await;
    let (ix, solved) = scene
        .click(
            &alice(),
            fake::message_id(&puzzle),
            &format!("akon:puzzle:{attempt}:{best}"),
        )
        .await;
    assert_eq!(scene.fake.callback_type(&ix).await, 7, "{solved}");
    assert_eq!(puzzle_picture(&scene, &solved), (picture, description));
    let text = fake::content(&solved);
    assert!(text.contains("✅ Right"), "{text}");
    assert!(!text.contains("```"), "{text}");

    // With both, the next puzzle has the picture and the text board, which
    // is the picture's description.
    scene
        .slash(
            &alice(),
            "settings",
            vec![("board_style", 3, serde_json::json!("both"))],
        )
        .await;
    let next_id = button_with_label(&solved, "Next puzzle");
    let (_, next) = scene.click(&alice(), fake::message_id(&solved), &next_id).await;
    let (_, description) = puzzle_picture(&scene, &next);
    let text = ephemeral_text(&next);
    let board = text.split("```").nth(1).expect("a text board").trim_matches('\n');
    assert_eq!(board, description);
    scene.finish().await;
}
