//! Hints, end to end: only in games against the computer, shown
//! privately with a reason, recorded on the game, on its final board and in
//! `/akon stats`; never in games between people, even by a forged press.
//! Each test runs on SQLite and on PostgreSQL.

use crate::support::fake_discord::{self as fake, TestUser};
use crate::support::scene::*;
use akon::service::ServiceConfig;
use serde_json::json;

/// Small enough for a debug build to answer well within Discord's 3 s.
const TEST_HINT_NODES: u64 = 5_000;

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn hints_are_shown_privately_recorded_and_reported_only_against_the_computer);
async fn hints_are_shown_privately_recorded_and_reported_only_against_the_computer() {
    let scene = Scene::with_config(ServiceConfig {
        hint_nodes: TEST_HINT_NODES,
        ..Default::default()
    })
    .await;
    scene.fake.add_user(&TestUser::the_bot());
    let before = scene.newest_message_id();
    let vs_computer = vec![
        ("opponent", 6, json!(fake::BOT_ID.to_string())),
        ("level", 3, json!("easy")),
    ];
    let first_board = scene.slash(&alice(), "challenge", vs_computer).await;
    assert!(fake::message_id(&first_board) > before);
    // When the computer moves first, alice's board follows its move.
    let board = scene
        .fake
        .wait_for("a board for alice with a Hint button", |v| {
            v.messages()
                .into_iter()
                .filter(|m| is_board(m) && has_button(m, "Hint"))
                .max_by_key(|m| fake::message_id(m))
                .cloned()
        })
        .await;
    scene.settle().await;
    let hint_id = button_with_label(&board, "Hint");
    let game = scene.service().await.game(1).await.unwrap().game;
    let expected = akon::ai::hint(&game, TEST_HINT_NODES).unwrap();

    // Only the player may ask.
    let (_, refused) = scene.click(&bob(), fake::message_id(&board), &hint_id).await;
    assert!(ephemeral_text(&refused).contains("not playing"), "{refused}");

    let (_, shown) = scene.click(&alice(), fake::message_id(&board), &hint_id).await;
    let text = ephemeral_text(&shown);
    assert!(
        text.starts_with(&format!("💡 Hint: sow hole {}: ", expected.hole)),
        "{text}"
    );
    let reason = match expected.reason {
        akon::ai::HintReason::Captures { seeds } => format!("captures {seeds} seed"),
        akon::ai::HintReason::Protects { .. } => "from a capture".to_string(),
        akon::ai::HintReason::BestLine { .. } => "the engine's best line".to_string(),
    };
    assert!(text.contains(&reason), "{text}");
    let store = scene.store().await;
    assert_eq!(store.hints_used(1).await.unwrap(), 1);
    // Asking again at the same move is the same hint, counted once.
    scene.click(&alice(), fake::message_id(&board), &hint_id).await;
    assert_eq!(store.hints_used(1).await.unwrap(), 1);

    let final_board = scene.slash(&alice(), "resign", vec![]).await;
    assert!(
        fake::content(&final_board).contains("1 hint was used in this game"),
        "{}",
        fake::content(&final_board)
    );
    let stats = scene.slash(&alice(), "stats", vec![]).await;
    assert!(
        fake::content(&stats).contains("Hints used in 1 game against the computer."),
        "{}",
        fake::content(&stats)
    );

    // Between people: no Hint button, and a forged press is refused.
    let human_board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(!has_button(&human_board, "Hint"), "{human_board}");
    let mover = user_to_move(&human_board, &[alice(), bob()]);
    let forged = scene
        .click_unchecked(&mover, fake::message_id(&human_board), "akon:hint:2:0")
        .await;
    assert!(
        ephemeral_text(&forged).contains("only for games against the computer"),
        "{forged}"
    );
    assert_eq!(store.hints_used(2).await.unwrap(), 0);
    let stats = scene.slash(&bob(), "stats", vec![]).await;
    assert!(!fake::content(&stats).contains("Hints used"), "{stats}");
    scene.finish().await;
}
