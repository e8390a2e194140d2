//! The Discord Activity's side in Discord, end to end: the real bot on the
//! fake Discord with `AKON_ACTIVITY=on`. An ongoing board gets a Play live
//! button whose press is answered with LAUNCH_ACTIVITY (callback type 12),
//! over the gateway and over HTTP; the Entry Point command is registered
//! beside `/akon` where commands are global. Off, boards have no such
//! button and a press of one left from before is answered privately.

use crate::support::fake_discord as fake;
use crate::support::scene::*;
use serde_json::Value;

/// A scene whose bot runs with the Activity on, over HTTP or the gateway.
async fn scene_with_the_activity(over_http: bool) -> Scene {
    let mut scene = if over_http {
        Scene::over_http().await
    } else {
        Scene::new().await
    };
    scene.stop_bot().await;
    scene.fake.enable_activities();
    scene.activity = true;
    scene.start_bot().await;
    scene
}

/// An ongoing board's Play live button is pressed by a player and by a
/// watcher: both get LAUNCH_ACTIVITY, and the board is left as it was.
async fn play_live_launches_the_activity(over_http: bool) {
    let scene = scene_with_the_activity(over_http).await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(has_button(&board, "Play live"), "{board}");
    let play_live = button_with_label(&board, "Play live");
    assert!(play_live.starts_with("akon:live:"), "{play_live}");
    let id = fake::message_id(&board);
    for presser in [alice(), carol()] {
        let (ix, answer) = scene.click(&presser, id, &play_live).await;
        assert_eq!(scene.fake.callback_type(&ix).await, 12, "{answer}");
        assert_eq!(answer["type"], 12, "{answer}");
    }
    let unchanged = scene.fake.message(id).expect("the board is still there");
    assert_eq!(fake::content(&unchanged), fake::content(&board));
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_live_launches_the_activity_over_the_gateway() {
    play_live_launches_the_activity(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_live_launches_the_activity_over_http() {
    play_live_launches_the_activity(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_board_has_no_play_live_button() {
    let scene = scene_with_the_activity(false).await;
    let board = scene.resigned(&alice(), &bob()).await;
    assert!(!has_button(&board, "Play live"), "{board}");
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_command_is_registered_beside_akon_when_global() {
    let mut scene = scene_with_the_activity(false).await;
    let global = scene.fake.registered_commands();
    let names: Vec<&str> = global.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["akon", "launch"], "{global:#?}");
    let launch = &global[1];
    assert_eq!(launch["type"], 4, "PRIMARY_ENTRY_POINT: {launch}");
    assert_eq!(launch["handler"], 2, "DISCORD_LAUNCH_ACTIVITY: {launch}");
    assert!(!launch["description"].as_str().unwrap().is_empty(), "{launch}");
    assert!(
        launch["description_localizations"]["fr"].is_string(),
        "described in every language: {launch}"
    );
    // A server's commands cannot hold an Entry Point command: /akon alone there.
    scene.stop_bot().await;
    scene.guild_commands = true;
    scene.start_bot().await;
    let in_the_server: Vec<Value> = scene
        .fake
        .registered_commands()
        .into_iter()
        .filter(|c| c["guild_id"].as_str() == Some(fake::GUILD_ID.to_string().as_str()))
        .collect();
    let names: Vec<&str> = in_the_server.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["akon"]);
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn off_boards_have_no_play_live_and_an_old_button_is_answered_privately() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(!has_button(&board, "Play live"), "{board}");
    let names: Vec<String> = scene
        .fake
        .registered_commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["akon"]);
    let game = board_game_id(&board);
    let answer = scene
        .click_unchecked(&carol(), fake::message_id(&board), &format!("akon:live:{game}"))
        .await;
    assert_eq!(
        ephemeral_text(&answer),
        "The live game is not available on this bot.",
        "{answer}"
    );
    scene.finish().await;
}

/// The game number a board's header names (`game #12`).
fn board_game_id(board: &Value) -> i64 {
    let content = fake::content(board);
    let at = content.find("game #").expect("a board names its game") + "game #".len();
    content[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

/// Activities enabled in the portal but `AKON_ACTIVITY` off: Discord refuses the commands' bulk
/// update that leaves its Entry Point command out, so the commands stay as they were, and the bot
/// plays on, its boards without Play live.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_activities_enabled_but_the_activity_off_discord_keeps_its_entry_point_and_the_bot_plays_on() {
    let mut scene = Scene::new().await;
    scene.stop_bot().await;
    scene.fake.enable_activities();
    scene.start_bot().await;
    let names: Vec<String> = scene
        .fake
        .registered_commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["akon", "launch"], "Discord's default Entry Point stays");
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(!has_button(&board, "Play live"), "{board}");
    scene.finish().await;
}
