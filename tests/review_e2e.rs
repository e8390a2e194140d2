//! The post-game review on Discord, end to end: the real bot on
//! the fake Discord, on SQLite and on PostgreSQL. A review of a game in
//! progress is refused; the Review button of a finished board answers with
//! a deferred response (type 5) that is edited with the review; the review
//! is stored, so the second press is answered at once (type 4) with the
//! same review.

use crate::support::fake_discord as fake;
use crate::support::scene::*;
use akon::service::ServiceConfig;
use serde_json::json;

/// Small enough that a debug build reviews a game in well under a second.
const TEST_REVIEW_NODES: u64 = 3_000;

fn config() -> ServiceConfig {
    ServiceConfig {
        review_nodes: TEST_REVIEW_NODES,
        ..Default::default()
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_finished_game_is_reviewed_once_and_a_game_in_progress_is_refused);
async fn a_finished_game_is_reviewed_once_and_a_game_in_progress_is_refused() {
    let scene = Scene::with_config(config()).await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let (board, game) = scene.play_greedily(board, &players, Some(8)).await;
    assert!(!has_button(&board, "Review"), "no Review button while the game goes on");

    // In progress: refused privately, for players and onlookers alike.
    for user in [alice(), carol()] {
        let refused = scene.slash(&user, "review", vec![("game", 4, json!(1))]).await;
        let text = ephemeral_text(&refused);
        assert!(
            text.contains("still being played") && text.contains("fair play"),
            "{text}"
        );
    }
    let store = scene.store().await;
    assert_eq!(store.review(1).await.unwrap(), None, "nothing reviewed");

    // Alice resigns: the final board has a Review button.
    let final_board = scene.slash(&alice(), "resign", vec![]).await;
    let review_id = button_with_label(&final_board, "Review");
    assert_eq!(review_id, "akon:review:1");

    // The first press: deferred at once, then the original response edited
    // with the review, for the presser alone.
    let (ix, first_review) = scene.click(&carol(), fake::message_id(&final_board), &review_id).await;
    assert_eq!(scene.fake.callback_type(&ix).await, 5, "deferred: {first_review}");
    let text = ephemeral_text(&first_review).to_string();
    assert!(text.starts_with("Review of game #1 ("), "{text}");
    assert!(
        text.contains(&format!("{} (A): accuracy ", alice().mention())),
        "{text}"
    );
    assert!(text.contains(&format!("{} (B): accuracy ", bob().mention())), "{text}");
    assert!(
        text.contains("inaccuracy 2–3, mistake 4–7, blunder 8 or more"),
        "{text}"
    );
    assert!(text.contains("Turning point:"), "{text}");
    let graph: Vec<&str> = text.split("```").nth(1).unwrap().trim_matches('\n').lines().collect();
    assert_eq!(graph.len(), 9, "{text}");
    assert!(graph.iter().all(|line| line.chars().count() <= 40), "{graph:#?}");
    assert!(
        scene
            .fake
            .request_log()
            .iter()
            .any(|(method, path, _)| method == "PATCH" && path.ends_with("/messages/@original")),
        "the deferred response was edited"
    );

    // Stored, with the budget it was made with, and it is the engine's
    // review of the moves played.
    let stored = store.review(1).await.unwrap().expect("the review is stored");
    assert_eq!(stored.nodes_per_move, TEST_REVIEW_NODES);
    let expected = akon::ai::review(*game.start(), game.moves(), TEST_REVIEW_NODES).unwrap();
    assert_eq!(stored.review, Ok(expected));

    // The second press is answered at once (no deferral) with the same text.
    let (ix, second_review) = scene.click(&bob(), fake::message_id(&final_board), &review_id).await;
    assert_eq!(
        scene.fake.callback_type(&ix).await,
        4,
        "answered at once: {second_review}"
    );
    assert_eq!(ephemeral_text(&second_review), text);

    // The slash command shows the stored review to the channel.
    let shown = scene.slash(&dave(), "review", vec![("game", 4, json!(1))]).await;
    assert!(!fake::is_ephemeral(&shown));
    assert_eq!(fake::content(&shown), text);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_review_command_defers_then_edits_and_names_unknown_games);
async fn the_review_command_defers_then_edits_and_names_unknown_games() {
    let scene = Scene::with_config(config()).await;
    let missing = scene.slash(&alice(), "review", vec![("game", 4, json!(7))]).await;
    assert!(ephemeral_text(&missing).contains("does not exist"), "{missing}");

    scene.resigned(&alice(), &bob()).await;
    let ix = scene
        .fake
        .slash(&carol(), "akon", "review", vec![("game", 4, json!(1))])
        .await;
    assert_eq!(scene.fake.callback_type(&ix).await, 5);
    let review = scene.fake.response(&ix).await;
    scene.settle().await;
    assert!(!fake::is_ephemeral(&review));
    assert!(fake::content(&review).starts_with("Review of game #1"), "{review}");
    assert!(
        fake::content(&review).contains("Turning point: none"),
        "a game resigned before any move has none: {review}"
    );
    scene.slash(&alice(), "rules", vec![]).await;
    // The rules come in several private messages; the last says how
    // reviews judge moves.
    scene
        .fake
        .wait_for("the rules' paragraph on reviews", |v| {
            v.messages()
                .into_iter()
                .any(|m| {
                    fake::is_ephemeral(m)
                        && fake::content(m).contains("Review:")
                        && fake::content(m).contains("blunder 8 or more")
                })
                .then_some(())
        })
        .await;
    scene.finish().await;
}
