//! Knockouts end to end: the real serenity client against the fake
//! Discord, on SQLite and PostgreSQL. A five-player knockout with byes, a
//! double forfeit (an aborted game) whose next opponent has a walkover, a
//! withdrawal and a final resigned; and a drawn game played out by its
//! buttons and replayed with the first move swapped. The tournament's one
//! message shows the bracket and names the winner.

use crate::support::db;
use crate::support::eventually;
use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser, CHANNEL_ID};
use crate::support::scene::*;
use crate::support::tournament_scene::*;
use akon::engine::Hole;
use serde_json::{json, Value};

/// Creates a tournament of `format` and has players 1…n join it by its
/// Join button, in order; its number.
async fn knockout_with(scene: &Scene, name: &str, format: &str, n: u64) -> i64 {
    let id = create(scene, name, format, vec![]).await;
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
    let withdrew = "withdrew from the tournament";
    scene
        .fake
        .wait_for("the withdrawal's final board", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains(&format!("game #{game} ·")) && fake::content(m).contains(withdrew))
                .cloned()
        })
        .await;
    // The final: seeds 1 and 2; seed 3, out and withdrawn, leaves no
    // third-place match.
    message_saying(&scene.fake, id, "Round 3 of 3").await;
    let boards = round_boards(&scene.fake, name, 3, 1).await;
    // The withdrawn game's final board was sent before the final's board.
    let log = scene.fake.request_log();
    let sent = |what: &dyn Fn(&str) -> bool| {
        log.iter()
            .position(|(_, _, body)| {
                body["content"].as_str().is_some_and(what) || body["data"]["content"].as_str().is_some_and(what)
            })
            .unwrap_or_else(|| panic!("never sent"))
    };
    let final_board = sent(&|content| content.starts_with(&format!("🏆 **{name}** · round 3: ")));
    assert!(sent(&|content| content.contains(withdrew)) < final_board);
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
    // Seed 3 withdrew and so did not claim the walkover to third place:
    // nobody is third, on the podium, in the bracket or its description.
    assert!(!text.contains('🥉'), "{text}");
    assert!(!text.contains("Third place"), "{text}");
    assert!(!described.contains("Third place"), "{described}");
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
    // The final board; the replay's first board may come before it.
    if !fake::content(&board).contains("draw") {
        scene
            .fake
            .wait_until("the drawn game's final board", |v| {
                v.channel_messages(fake::CHANNEL_ID)
                    .iter()
                    .any(|m| fake::content(m).contains("game #1 ·") && fake::content(m).contains("draw"))
            })
            .await;
    }
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

async fn scalar(db: &db::TestDb, sql: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(sql).fetch_one(&mut connection).await.unwrap()
}

/// `user` runs `/akon resign game:<game>` and is answered.
async fn resign_in_process(fake: &FakeDiscord, user: &TestUser, game: i64) {
    let ix = fake.slash(user, "akon", "resign", vec![("game", 4, json!(game))]).await;
    let answer = fake.response(&ix).await;
    assert!(fake::content(&answer).contains("wins"), "{answer}");
}

/// The real `akon` binary, killed with SIGKILL twice: once when a match's
/// game has just ended drawn, before its replay is made, and once between
/// the rounds, after the replay decided the match. Each restart carries
/// on: one replay, the final paired once, every board and the podium
/// posted once.
async fn a_process_killed_before_a_replay_and_between_rounds_replays_and_pairs_once() {
    let fake = crate::support::fake_with_organiser(&organiser(), (1..=4).map(player)).await;
    let dir = tempfile::tempdir().unwrap();
    let db = db::TestDb::create(dir.path(), "akon.db").await;
    let long = std::time::Duration::from_secs(60);
    // The tournament steps (a replay made, the final paired, the podium)
    // come at scheduler ticks: every 2 s rather than every 20.
    let spawn = |log: &str| {
        let every = [("AKON_SCHEDULER_SECONDS", "2")];
        crate::support::spawn_bot_with(&fake, dir.path(), &db.url, None, Some(log), &every)
    };
    let mut bot = spawn("first");
    crate::support::wait_registered(&fake, long).await;

    let name = "Kill cup";
    let options = vec![
        ("name", 3, json!(name)),
        ("format", 3, json!("knockout")),
        ("time_per_move", 3, json!("10m")),
    ];
    create_join_and_start_through(&fake, options, 4).await;
    let id = 1;
    // Seeds 1–4 and 2–3. Seed 3 resigns; seeds 1 and 4 play a draw out.
    let boards = round_boards(&fake, name, 1, 2).await;
    let (_, other, [_, third]) = &boards[1];
    assert_eq!(*third, player(3).id);
    resign_in_process(&fake, &player(3), *other).await;
    let players = [player(1), player(4)];
    let mut board = boards[0].0.clone();
    for hole in drawn_game_moves() {
        let mover = user_to_move(&board, &players);
        let custom_id = hole_button_id(&board, Hole::new(hole).unwrap());
        let before = fake.all_messages().iter().map(fake::message_id).max().unwrap_or(0);
        let ix = fake.click(&mover, fake::message_id(&board), &custom_id).await;
        fake.response(&ix).await;
        board = boards_after(&fake, before, 1).await.remove(0);
    }
    assert!(fake::content(&board).contains("draw"), "{board}");
    // The replay comes at a scheduler tick, every 20 s: the process dies first.
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
    assert_eq!(
        scalar(&db, "SELECT COUNT(*) FROM tournament_replays").await,
        0,
        "killed before the replay"
    );
    fake.wait_disconnected().await;

    let mut bot = spawn("second");
    eventually("the replay's board", long, async || {
        boards_of_round(&fake, name, 1).len() >= 3
    })
    .await;
    let boards = round_boards(&fake, name, 1, 3).await;
    let (_, replay, [first, _]) = boards
        .iter()
        .find(|(_, game, _)| *game != 0)
        .expect("the replay's board has its buttons");
    assert_eq!(*first, player(4).id, "the first move swapped");
    resign_in_process(&fake, &player(4), *replay).await;
    // The answer showing the result recorded as shown (a kill before that
    // shows the result again: the answer cannot carry a nonce).
    let shown = format!("SELECT result_shown FROM games WHERE id = {replay}");
    eventually("the replay's result recorded as shown", long, async || {
        scalar(&db, &shown).await == 1
    })
    .await;
    // Round 1 is decided; the final is paired at a tick: the process dies first.
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
    assert_eq!(
        scalar(&db, "SELECT current_round FROM tournaments WHERE id = 1").await,
        1,
        "killed before the final was paired"
    );
    fake.wait_disconnected().await;

    let mut bot = spawn("third");
    eventually("the final's board", long, async || {
        !boards_of_round(&fake, name, 2).is_empty()
    })
    .await;
    let (_, last_game, [first, second]) = round_boards(&fake, name, 2, 1).await.remove(0);
    assert_eq!([first, second], [player(1).id, player(2).id]);
    resign_in_process(&fake, &player(2), last_game).await;
    eventually("the podium", long, async || {
        tournament_message_of(fake.channel_messages(CHANNEL_ID).iter().collect(), id)
            .is_some_and(|m| fake::content(&m).contains("Final standings"))
    })
    .await;
    let text = fake::content(&tournament_message_of(fake.channel_messages(CHANNEL_ID).iter().collect(), id).unwrap())
        .to_string();
    assert!(text.contains(&format!("🥇 {}", player(1).mention())), "{text}");
    // One replay, each round paired once, every board and message posted once.
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM tournament_replays").await, 1);
    for (round, boards) in [(1, 2), (2, 1)] {
        let stored = scalar(
            &db,
            &format!("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = 1 AND round = {round}"),
        )
        .await;
        assert_eq!(stored, boards, "round {round} paired once");
    }
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM games").await, 4);
    assert_eq!(boards_of_round(&fake, name, 1).len(), 3);
    assert_eq!(boards_of_round(&fake, name, 2).len(), 1);
    // Nothing shown twice: a message a killed process had asked for is asked
    // for again with its nonce, which Discord keeps to one message.
    let mut shown: Vec<String> = fake
        .channel_messages(CHANNEL_ID)
        .iter()
        .map(|m| fake::content(m).to_string())
        .collect();
    shown.sort();
    let twice: Vec<&[String]> = shown.windows(2).filter(|w| w[0] == w[1]).collect();
    assert!(twice.is_empty(), "shown twice: {twice:#?}");
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_process_killed_before_a_replay_and_between_rounds_replays_and_pairs_once);
