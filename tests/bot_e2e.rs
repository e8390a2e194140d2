//! The bot end to end: the real serenity client, built by the same function
//! production uses, against a fake Discord on 127.0.0.1, with a real SQLite
//! file per test. Scripted users send slash commands and press the buttons
//! found in the bot's messages.

use std::sync::Arc;

use crate::support::fake_discord::{self as fake, TestUser, CHANNEL_ID};
use crate::support::scene::*;
use akon::engine::{Game, Hole, Seat};
use akon::service::{MovePress, Service, ServiceConfig};
use akon::store::GameStatus;
use serde_json::{json, Value};

fn read_board(message: &Value) -> ([u8; 7], [u8; 7], u8, u8) {
    let content = fake::content(message);
    let block = content
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("no board in {content}"));
    let lines: Vec<&str> = block.trim_matches('\n').lines().collect();
    assert_eq!(lines.len(), 6, "board lines: {lines:?}");
    for line in &lines {
        assert!(line.chars().count() <= 40, "board line wider than 40: {line:?}");
    }
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["A1", "A2", "A3", "A4", "A5", "A6", "A7"]
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["B7", "B6", "B5", "B4", "B3", "B2", "B1"]
    );
    let numbers = |line: &str| -> Vec<u8> { line.split_whitespace().map(|n| n.parse().unwrap()).collect() };
    let captured = |line: &str| -> u8 { line.rsplit("captured ").next().unwrap().trim().parse().unwrap() };
    let a: [u8; 7] = numbers(lines[2]).try_into().unwrap();
    let mut b: Vec<u8> = numbers(lines[3]);
    b.reverse();
    (a, b.try_into().unwrap(), captured(lines[0]), captured(lines[5]))
}

fn assert_board_matches(message: &Value, game: &Game) {
    let (a, b, captured_a, captured_b) = read_board(message);
    let position = game.position();
    assert_eq!(a, position.row(Seat::A), "row A on {}", fake::content(message));
    assert_eq!(b, position.row(Seat::B), "row B on {}", fake::content(message));
    assert_eq!(
        (captured_a, captured_b),
        (position.captured(Seat::A), position.captured(Seat::B))
    );
    let enabled: Vec<u8> = hole_buttons(message)
        .into_iter()
        .filter(|(_, _, on)| *on)
        .map(|(_, h, _)| h)
        .collect();
    if fake::content(message).contains("is thinking") {
        // The computer's turn: nobody may press.
        assert!(
            fake::buttons(message).is_empty(),
            "no buttons while the computer thinks"
        );
    } else {
        assert_eq!(enabled, game.legal_moves().numbers(), "enabled hole buttons");
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_akon_command_is_registered_with_every_subcommand_described);
async fn the_akon_command_is_registered_with_every_subcommand_described() {
    let mut scene = Scene::new().await;
    let global = scene.fake.registered_commands();
    assert!(
        global.iter().all(|c| c.get("guild_id").is_none_or(Value::is_null)),
        "registered globally by default"
    );
    // With DISCORD_GUILD_ID the command is registered in that server, idempotently on every start.
    scene.stop_bot().await;
    scene.guild_commands = true;
    scene.start_bot().await;
    scene.stop_bot().await;
    scene.start_bot().await;
    let commands: Vec<Value> = scene
        .fake
        .registered_commands()
        .into_iter()
        .filter(|c| c["guild_id"].as_str() == Some(fake::GUILD_ID.to_string().as_str()))
        .collect();
    let akon = commands.iter().find(|c| c["name"] == "akon").expect("/akon registered");
    assert!(!akon["description"].as_str().unwrap().is_empty());
    let subs: Vec<&str> = akon["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        [
            "challenge",
            "games",
            "follow",
            "board",
            "resign",
            "abort",
            "leaderboard",
            "stats",
            "history",
            "game",
            "settings",
            "vacation",
            "rules",
            "review",
            "puzzle",
            "tournament"
        ]
    );
    for sub in akon["options"].as_array().unwrap() {
        // A subcommand, or (`tournament`) a group of them.
        let group = sub["name"] == "tournament";
        assert_eq!(sub["type"], if group { 2 } else { 1 }, "{sub}");
        assert!(!sub["description"].as_str().unwrap().is_empty(), "{sub}");
        if group {
            for inner in sub["options"].as_array().unwrap() {
                assert_eq!(inner["type"], 1, "{inner}");
                assert!(!inner["description"].as_str().unwrap().is_empty(), "{inner}");
            }
        }
    }
    assert_eq!(commands.len(), 1);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_whole_game_from_challenge_to_the_end_matches_the_engine_on_every_board);
async fn a_whole_game_from_challenge_to_the_end_matches_the_engine_on_every_board() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let challenge = scene.challenge(&alice(), &bob()).await;
    assert!(!fake::is_ephemeral(&challenge));
    assert!(fake::content(&challenge).contains(&bob().mention()), "{challenge}");
    assert!(
        fake::content(&challenge).contains("<t:"),
        "expiry shown as a Discord timestamp"
    );
    let accept = button_with_label(&challenge, "Accept");
    let mut board = scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await;
    let updated = scene.fake.message(fake::message_id(&challenge)).unwrap();
    assert!(
        fake::buttons(&updated).is_empty(),
        "the accepted challenge keeps no buttons"
    );
    assert!(
        fake::content(&board).contains("drawn at random"),
        "{}",
        fake::content(&board)
    );

    // Replay independently with the engine, checking every board.
    let first = if user_to_move(&board, &players) == alice() {
        Seat::A
    } else {
        Seat::B
    };
    let mut game = Game::opening(first);
    let mut boards = 1;
    loop {
        assert_board_matches(&board, &game);
        if game.is_over() {
            break;
        }
        let mover = user_to_move(&board, &players);
        assert_eq!(
            mover,
            players[game.to_move().unwrap().index()],
            "the board pings the right player"
        );
        let hole = greedy(&game);
        let custom_id = hole_button_id(&board, hole);
        let previous = fake::message_id(&board);
        let next = scene.click_expecting_board(&mover, previous, &custom_id).await;
        let old = scene.fake.message(previous).unwrap();
        assert!(
            fake::buttons(&old).is_empty(),
            "the previous board's buttons are removed"
        );
        let outcome = game.play(hole).unwrap();
        assert!(
            fake::content(&next).contains(&akon::board_text::describe_move(
                akon::i18n::Language::English,
                &outcome
            )),
            "the board says what the last move did: {}",
            fake::content(&next)
        );
        board = next;
        boards += 1;
        assert!(boards < 1000, "the game should have ended");
    }
    let content = fake::content(&board);
    assert!(hole_buttons(&board).is_empty(), "a finished board has no hole buttons");
    assert_eq!(button_with_label(&board, "Rematch"), "akon:rematch:1");
    assert!(content.contains("wins") || content.contains("draw"), "{content}");
    assert!(content.contains(&alice().mention()) && content.contains(&bob().mention()));

    // The stored game is the replay of the stored moves and agrees with ours.
    let store = scene.store().await;
    let row = store.game(1).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.position, *game.position());
    assert_eq!(store.moves(1).await.unwrap().len(), game.moves().len());
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn challenges_can_be_declined_withdrawn_and_expire);
async fn challenges_can_be_declined_withdrawn_and_expire() {
    let scene = Scene::with_config(ServiceConfig {
        challenge_ttl_secs: 3600,
        max_ongoing_games: 25,
        ..Default::default()
    })
    .await;
    let opponent = vec![("opponent", 6, json!(bob().id.to_string()))];

    let declined = scene.slash(&alice(), "challenge", opponent.clone()).await;
    let decline = button_with_label(&declined, "Decline");
    let (_, carol_try) = scene.click(&carol(), fake::message_id(&declined), &decline).await;
    assert!(ephemeral_text(&carol_try).contains("not yours"));
    let (_, after) = scene.click(&bob(), fake::message_id(&declined), &decline).await;
    assert!(fake::content(&after).contains("declined"), "{after}");
    assert!(fake::buttons(&after).is_empty());

    let withdrawn = scene.slash(&alice(), "challenge", opponent.clone()).await;
    let accept = button_with_label(&withdrawn, "Accept");
    let (_, alice_accepts) = scene.click(&alice(), fake::message_id(&withdrawn), &accept).await;
    assert!(
        ephemeral_text(&alice_accepts).contains("Only"),
        "only the opponent can accept"
    );
    let (_, after) = scene
        .click(
            &alice(),
            fake::message_id(&withdrawn),
            &button_with_label(&withdrawn, "Decline"),
        )
        .await;
    assert!(fake::content(&after).contains("withdrew"), "{after}");

    let expiring = scene.slash(&alice(), "challenge", opponent.clone()).await;
    scene.clock.advance(3600);
    // The scheduler marks it expired and takes its buttons off, for everyone.
    let expiring_id = fake::message_id(&expiring);
    scene.challenge_marked_expired(expiring_id).await;
    // A press from a client still showing the old buttons gets a clear answer.
    let again = scene
        .click_unchecked(&bob(), expiring_id, &button_with_label(&expiring, "Accept"))
        .await;
    assert!(fake::content(&again).contains("expired"), "{again}");
    assert_eq!(
        scene.store().await.challenge(3).await.unwrap().unwrap().status,
        akon::store::ChallengeStatus::Expired
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn challenges_that_cannot_be_played_are_refused_privately);
async fn challenges_that_cannot_be_played_are_refused_privately() {
    let scene = Scene::with_config(ServiceConfig {
        challenge_ttl_secs: 3600,
        max_ongoing_games: 1,
        ..Default::default()
    })
    .await;
    let robot = TestUser::new_bot(400_000_000_000_000_001, "robot");
    scene.fake.add_user(&robot);
    let to = |user: &TestUser| vec![("opponent", 6, json!(user.id.to_string()))];
    assert!(ephemeral_text(&scene.slash(&alice(), "challenge", to(&alice())).await).contains("yourself"));
    assert!(ephemeral_text(&scene.slash(&alice(), "challenge", to(&robot)).await).contains("bot"));
    scene.slash(&alice(), "challenge", to(&bob())).await;
    assert!(ephemeral_text(&scene.slash(&alice(), "challenge", to(&bob())).await).contains("already have a pending"));
    let dm = scene.fake.slash_in_dm(&alice(), "akon", "challenge", to(&bob())).await;
    // Only alice and the bot are in her DM with it: bob could not see it.
    assert!(ephemeral_text(&scene.fake.response(&dm).await).contains("cannot see"));
    // With a limit of one game, a second game is refused.
    scene.challenge_accepted(&carol(), &bob()).await;
    let refused = scene.slash(&alice(), "challenge", to(&carol())).await;
    assert!(
        ephemeral_text(&refused).contains("already has 1 ongoing game, the most allowed."),
        "{refused}"
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn wrong_users_stale_forged_and_double_presses_change_nothing);
async fn wrong_users_stale_forged_and_double_presses_change_nothing() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let mover = user_to_move(&board, &players);
    let waiter = if mover == alice() { bob() } else { alice() };
    let board_id = fake::message_id(&board);
    let (hole_3, _, _) = hole_buttons(&board).into_iter().find(|(_, h, _)| *h == 3).unwrap();

    let (_, answer) = scene.click(&carol(), board_id, &hole_3).await;
    assert!(ephemeral_text(&answer).contains("not playing"), "{answer}");
    let (_, answer) = scene.click(&waiter, board_id, &hole_3).await;
    assert!(ephemeral_text(&answer).contains("turn"), "{answer}");
    let answer = scene.click_unchecked(&mover, board_id, "akon:move:999:0:3").await;
    assert!(ephemeral_text(&answer).contains("does not exist"), "{answer}");
    let answer = scene.click_unchecked(&mover, board_id, "akon:move:1:0:9").await;
    assert!(ephemeral_text(&answer).contains("not one of Akon's"), "{answer}");
    let answer = scene.click_unchecked(&mover, board_id, "somebody-else:button").await;
    assert!(ephemeral_text(&answer).contains("not one of Akon's"), "{answer}");
    assert_eq!(scene.store().await.moves(1).await.unwrap().len(), 0);

    // A double click: two presses of the same button at once. They are one
    // move: each is answered as that move, which is applied once.
    let first = scene.fake.click(&mover, board_id, &hole_3).await;
    // Unchecked: the first press may already have taken the buttons away,
    // as it can on Discord when both left the client before either answer.
    let second = scene.fake.click_unchecked(&mover, board_id, &hole_3).await;
    let answers = [scene.fake.response(&first).await, scene.fake.response(&second).await];
    let private = answers.iter().filter(|a| fake::is_ephemeral(a)).count();
    assert_eq!(private, 0, "neither press is refused: {answers:?}");
    let store = scene.store().await;
    assert_eq!(store.moves(1).await.unwrap().len(), 1, "exactly one move applied");

    // The old board's other buttons are stale now.
    let (other_hole, _, _) = hole_buttons(&board)
        .into_iter()
        .find(|(_, h, on)| *on && *h != 3)
        .unwrap();
    let answer = scene.click_unchecked(&mover, board_id, &other_hole).await;
    assert!(ephemeral_text(&answer).contains("earlier move"), "{answer}");

    // Both players pressing at once on the new board: only the mover's counts.
    let next = scene
        .fake
        .wait_for("the new board", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .rev()
                .find(|m| !hole_buttons(m).is_empty())
                .cloned()
        })
        .await;
    let (any_hole, _, _) = hole_buttons(&next).into_iter().find(|(_, _, on)| *on).unwrap();
    let a = scene.fake.click(&alice(), fake::message_id(&next), &any_hole).await;
    let b = scene
        .fake
        .click_unchecked(&bob(), fake::message_id(&next), &any_hole)
        .await;
    scene.fake.response(&a).await;
    scene.fake.response(&b).await;
    assert_eq!(store.moves(1).await.unwrap().len(), 2);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn after_a_restart_the_game_and_its_buttons_still_work);
async fn after_a_restart_the_game_and_its_buttons_still_work() {
    let mut scene = Scene::new().await;
    let players = [alice(), bob()];
    let mut board = scene.challenge_accepted(&alice(), &bob()).await;
    for _ in 0..2 {
        let mover = user_to_move(&board, &players);
        let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
        board = scene.click_expecting_board(&mover, fake::message_id(&board), &id).await;
    }
    scene.stop_bot().await;
    scene.start_bot().await;
    let mover = user_to_move(&board, &players);
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let after = scene.click_expecting_board(&mover, fake::message_id(&board), &id).await;
    assert!(fake::content(&after).contains("move 4"), "{}", fake::content(&after));
    let store = scene.store().await;
    assert_eq!(store.moves(1).await.unwrap().len(), 3);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn games_board_and_resign_commands);
async fn games_board_and_resign_commands() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;

    let games = scene.slash(&alice(), "games", vec![]).await;
    let text = ephemeral_text(&games);
    assert!(text.contains("game #1") && text.contains(&bob().mention()), "{text}");
    assert!(
        text.contains(&format!("/{}", fake::message_id(&board))),
        "links to the latest board: {text}"
    );
    assert!(
        text.contains(&format!("(time runs out <t:{}:R>)", T0 + 3 * 86_400)),
        "shows the deadline: {text}"
    );

    // Posting the board again: only the newest board takes moves.
    let again = scene.slash(&bob(), "board", vec![]).await;
    assert!(!fake::is_ephemeral(&again));
    assert_eq!(read_board(&again), read_board(&board));
    let old = scene.fake.message(fake::message_id(&board)).unwrap();
    assert!(fake::buttons(&old).is_empty(), "the older board loses its buttons");
    let mover = user_to_move(&again, &players);
    let (id, _, _) = hole_buttons(&again).into_iter().find(|(_, _, on)| *on).unwrap();
    let answer = scene.click_unchecked(&mover, fake::message_id(&board), &id).await;
    assert!(ephemeral_text(&answer).contains("latest board"), "{answer}");
    scene.click_expecting_board(&mover, fake::message_id(&again), &id).await;

    // Resign by button, with a confirmation.
    let latest = scene
        .fake
        .wait_for("the newest board", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .rev()
                .find(|m| !hole_buttons(m).is_empty())
                .cloned()
        })
        .await;
    let resign = button_with_label(&latest, "Resign");
    let (_, answer) = scene.click(&carol(), fake::message_id(&latest), &resign).await;
    assert!(ephemeral_text(&answer).contains("not playing"));
    let (_, confirm) = scene.click(&bob(), fake::message_id(&latest), &resign).await;
    assert!(ephemeral_text(&confirm).contains("Resign game #1?"));
    let final_board = scene
        .click_expecting_board(
            &bob(),
            fake::message_id(&confirm),
            &button_with_label(&confirm, "Yes, resign"),
        )
        .await;
    assert!(
        fake::content(&final_board).contains(&format!("{} wins", alice().mention())),
        "{final_board}"
    );
    assert!(fake::content(&final_board).contains("resigned"));
    let latest_now = scene.fake.message(fake::message_id(&latest)).unwrap();
    assert!(
        fake::buttons(&latest_now).is_empty(),
        "the last board loses its buttons when the game ends"
    );
    let answer = scene
        .click_unchecked(&alice(), fake::message_id(&latest), &hole_buttons(&latest)[0].0)
        .await;
    assert!(ephemeral_text(&answer).contains("over"), "{answer}");

    // Resign by command.
    scene.challenge_accepted(&carol(), &alice()).await;
    let resigned = scene.slash(&carol(), "resign", vec![]).await;
    assert!(
        fake::content(&resigned).contains(&format!("{} wins", alice().mention())),
        "{resigned}"
    );
    let nothing = scene.slash(&carol(), "resign", vec![]).await;
    assert!(ephemeral_text(&nothing).contains("no ongoing game"));
    let unknown = scene.slash(&carol(), "board", vec![("game", 4, json!(77))]).await;
    assert!(ephemeral_text(&unknown).contains("does not exist"));
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn leaderboard_and_stats_after_several_games);
async fn leaderboard_and_stats_after_several_games() {
    let scene = Scene::with_config(ServiceConfig {
        leaderboard_min_games: 1,
        ..Default::default()
    })
    .await;
    // alice beats bob twice, carol beats bob once, a draw-free season.
    for (winner, loser) in [(alice(), bob()), (alice(), bob()), (carol(), bob()), (carol(), alice())] {
        scene.challenge_accepted(&winner, &loser).await;
        scene.slash(&loser, "resign", vec![]).await;
    }
    let leaderboard = scene.slash(&carol(), "leaderboard", vec![]).await;
    let text = fake::content(&leaderboard);
    let order: Vec<&str> = ["alice", "carol", "bob"]
        .into_iter()
        .filter(|n| text.contains(n))
        .collect();
    assert_eq!(order.len(), 3, "{text}");
    let pos = |name: &str| text.find(name).unwrap();
    // By rating: carol (2-0, beating alice) first, then alice (2-1), then bob (0-3).
    assert!(pos("carol") < pos("alice") && pos("alice") < pos("bob"), "{text}");
    let stats = scene
        .slash(&alice(), "stats", vec![("player", 6, json!(bob().id.to_string()))])
        .await;
    let text = fake::content(&stats);
    assert!(text.contains("3 games: 0 wins, 3 losses, 0 draws"), "{text}");
    let own = scene.slash(&alice(), "stats", vec![]).await;
    assert!(
        fake::content(&own).contains("3 games: 2 wins, 1 loss,"),
        "{}",
        fake::content(&own)
    );
    let rules = scene.slash(&alice(), "rules", vec![]).await;
    assert!(ephemeral_text(&rules).contains("### The rules of Akon"), "{rules}");
    // The rules come in full, in private follow-ups after the first part.
    scene
        .fake
        .wait_until("the captures in the rules", |v| {
            v.messages()
                .into_iter()
                .any(|m| fake::is_ephemeral(m) && fake::content(m).contains("a hole 1 is never captured"))
        })
        .await;
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_fault_in_storage_gets_an_apology_and_changes_nothing);
async fn a_fault_in_storage_gets_an_apology_and_changes_nothing() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    // Damage the stored game so that it no longer replays.
    let mut db = scene.db.connect().await;
    sqlx::query("UPDATE games SET position = '{}' WHERE id = 1")
        .execute(&mut db)
        .await
        .unwrap();
    let mover = user_to_move(&board, &players);
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    let (_, answer) = scene.click(&mover, fake::message_id(&board), &id).await;
    assert!(ephemeral_text(&answer).starts_with("Sorry"), "{answer}");
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(moves, 0);
    scene.finish().await;
}

/// The hole a board's "Last move" line says was sown, e.g. `B sowed 5 seeds from B3`.
fn last_move_hole(message: &Value) -> Hole {
    let content = fake::content(message);
    let line = content
        .lines()
        .find(|l| l.starts_with("Last move: "))
        .unwrap_or_else(|| panic!("no last move in {content}"));
    let from = line.split(" from ").nth(1).unwrap();
    Hole::new(from[1..2].parse().unwrap()).unwrap()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_against_the_computer_is_played_to_the_end_and_kept_off_the_leaderboard);
async fn a_game_against_the_computer_is_played_to_the_end_and_kept_off_the_leaderboard() {
    let scene = Scene::new().await;
    scene.fake.add_user(&TestUser::the_bot());
    let me = vec![
        ("opponent", 6, json!(fake::BOT_ID.to_string())),
        ("level", 3, json!("easy")),
    ];
    let before = scene.newest_message_id();
    let ix = scene.fake.slash(&alice(), "akon", "challenge", me).await;
    let first_board = scene.fake.response(&ix).await;
    scene.settle().await;
    assert!(
        fake::content(&first_board).contains("plays the computer (easy)"),
        "{}",
        fake::content(&first_board)
    );
    let first = if fake::content(&first_board).contains("(A).") {
        Seat::A
    } else {
        Seat::B
    };
    let mut game = Game::opening(first);
    assert_board_matches(&first_board, &game);
    // The human (alice) sits at A; when the computer moves first its board follows at once.
    let mut board = first_board.clone();
    if first == Seat::B {
        assert!(fake::content(&board).contains("is thinking"));
        let reply = scene.boards_since(before, 2).await.remove(1);
        game.play(last_move_hole(&reply)).unwrap();
        assert_board_matches(&reply, &game);
        board = reply;
    }
    let mut moves = 0;
    while !game.is_over() {
        assert_eq!(game.to_move(), Some(Seat::A));
        let hole = greedy(&game);
        let custom_id = hole_button_id(&board, hole);
        let before = scene.newest_message_id();
        scene.click(&alice(), fake::message_id(&board), &custom_id).await;
        game.play(hole).unwrap();
        let expected = if game.is_over() { 1 } else { 2 };
        let boards = scene.boards_since(before, expected).await;
        assert_board_matches(&boards[0], &game);
        if game.is_over() {
            board = boards[0].clone();
            break;
        }
        assert!(fake::content(&boards[0]).contains("The computer (easy) is thinking"));
        assert_eq!(boards.len(), 2, "the computer answers with its own board");
        game.play(last_move_hole(&boards[1])).unwrap();
        assert_board_matches(&boards[1], &game);
        board = boards[1].clone();
        moves += 1;
        assert!(moves < 500, "the game should have ended");
    }
    assert!(hole_buttons(&board).is_empty());
    let content = fake::content(&board);
    assert!(content.contains("wins") || content.contains("draw"), "{content}");

    // Recorded for the human, never on the human leaderboard.
    let leaderboard = scene.slash(&bob(), "leaderboard", vec![]).await;
    assert!(
        fake::content(&leaderboard).contains("No one is listed"),
        "{}",
        fake::content(&leaderboard)
    );
    let stats = scene.slash(&alice(), "stats", vec![]).await;
    assert!(
        fake::content(&stats).contains("Against the computer (easy): 1 game:"),
        "{}",
        fake::content(&stats)
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_left_waiting_for_the_computer_gets_its_move_after_a_restart);
async fn a_game_left_waiting_for_the_computer_gets_its_move_after_a_restart() {
    let mut scene = Scene::new().await;
    scene.stop_bot().await;
    // The state a crash leaves between a human's move and the computer's:
    // an ongoing game against the computer with the computer to move.
    let store = scene.store().await;
    let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(scene.clock.clone()));
    let place = akon::service::Place {
        guild_id: Some(fake::GUILD_ID),
        channel_id: CHANNEL_ID,
        venue: akon::venue::Venue::Server,
    };
    let human = akon::service::Player {
        id: alice().id,
        name: "alice".into(),
        is_bot: false,
    };
    let computer = akon::service::Player {
        id: fake::BOT_ID,
        name: "TestBot".into(),
        is_bot: true,
    };
    let view = service
        .start_computer_game(place, &human, &computer, akon::ai::Level::Easy)
        .await
        .unwrap();
    if view.to_move() == Some(Seat::A) {
        service
            .play(MovePress::new(view.id, 0, Hole::new(4).unwrap(), &human))
            .await
            .unwrap();
    }
    let before = store.moves(view.id).await.unwrap().len();
    assert!(service.game(view.id).await.unwrap().computer_to_move());

    scene.start_bot().await;
    let board = scene
        .fake
        .wait_for("the computer's catch-up move", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| !hole_buttons(m).is_empty())
                .cloned()
        })
        .await;
    scene.settle().await;
    assert_eq!(
        store.moves(view.id).await.unwrap().len(),
        before + 1,
        "exactly one computer move"
    );
    let replayed = service.game(view.id).await.unwrap();
    assert_board_matches(&board, &replayed.game);
    assert!(fake::content(&board).contains(&format!("{}, your turn", alice().mention())));
    // The human plays on from that board.
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    scene
        .click_expecting_board(&alice(), fake::message_id(&board), &id)
        .await;
    scene.finish().await;
}

/// Visible messages in a channel whose text contains `needle`.
fn messages_containing(scene: &Scene, channel: u64, needle: &str) -> Vec<Value> {
    scene
        .fake
        .channel_messages(channel)
        .into_iter()
        .filter(|m| fake::content(m).contains(needle))
        .collect()
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn reminders_and_timeouts_reach_the_players_once_even_across_a_restart);
async fn reminders_and_timeouts_reach_the_players_once_even_across_a_restart() {
    let mut scene = Scene::new().await;
    let players = [alice(), bob()];
    let options = vec![
        ("opponent", 6, json!(bob().id.to_string())),
        ("time_per_move", 3, json!("1h")),
    ];
    let challenge = scene.slash(&alice(), "challenge", options).await;
    assert!(
        fake::content(&challenge).contains("Time per move: 1 hour"),
        "{}",
        fake::content(&challenge)
    );
    let board = scene
        .click_expecting_board(
            &bob(),
            fake::message_id(&challenge),
            &button_with_label(&challenge, "Accept"),
        )
        .await;
    let deadline = T0 + 3600;
    assert!(
        fake::content(&board).contains(&format!("<t:{deadline}:R>")),
        "the board shows the deadline"
    );
    let mover = user_to_move(&board, &players);

    // Three quarters of the hour later: one reminder, with a link to the board.
    scene.clock.advance(45 * 60);
    let reminder = scene
        .fake
        .wait_for("the reminder", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("it is your move"))
                .cloned()
        })
        .await;
    assert!(fake::content(&reminder).contains(&mover.mention()));
    assert!(
        fake::content(&reminder).contains(&format!("/{}", fake::message_id(&board))),
        "links the board"
    );
    scene.scheduler_passes(3).await;
    scene.settle().await;
    assert_eq!(
        messages_containing(&scene, CHANNEL_ID, "it is your move").len(),
        1,
        "reminded once"
    );

    // The bot is down when the time runs out; on restart it catches up.
    scene.stop_bot().await;
    scene.clock.advance(20 * 60);
    scene.start_bot().await;
    let result = scene
        .fake
        .wait_for("the timeout result", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("ran out of time"))
                .cloned()
        })
        .await;
    assert!(fake::content(&result).contains(&format!("{} ran out of time", mover.mention())));
    let winner = if mover == alice() { bob() } else { alice() };
    assert!(fake::content(&result).contains(&format!("{} wins", winner.mention())));
    scene.scheduler_passes(3).await;
    scene.settle().await;
    assert_eq!(
        messages_containing(&scene, CHANNEL_ID, "ran out of time").len(),
        1,
        "told once"
    );
    let old = scene.fake.message(fake::message_id(&board)).unwrap();
    assert!(hole_buttons(&old).is_empty(), "the last board's buttons are gone");
    let answer = scene
        .click_unchecked(&mover, fake::message_id(&board), &hole_buttons(&board)[0].0)
        .await;
    assert!(ephemeral_text(&answer).contains("over"), "{answer}");
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn players_who_ask_for_it_are_reminded_by_direct_message);
async fn players_who_ask_for_it_are_reminded_by_direct_message() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    for user in &players {
        let settings = scene
            .slash(user, "settings", vec![("dm_reminders", 5, json!(true))])
            .await;
        assert!(ephemeral_text(&settings).contains("by direct message"));
    }
    let settings = scene
        .slash(&alice(), "settings", vec![("time_per_move", 3, json!("10m"))])
        .await;
    assert!(ephemeral_text(&settings).contains("10 minutes"), "{settings}");
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    assert!(
        fake::content(&board).contains("10 minutes per move"),
        "alice's default applies"
    );
    let mover = user_to_move(&board, &players);
    scene.clock.advance(8 * 60);
    let dm = scene.fake.dm_channel_id(&mover);
    scene
        .fake
        .wait_until("a reminder by DM", |v| {
            v.channel_messages(dm)
                .iter()
                .any(|m| fake::content(m).contains("it is your move"))
        })
        .await;
    assert!(
        messages_containing(&scene, CHANNEL_ID, "it is your move").is_empty(),
        "not in the channel"
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_rematch_button_offers_a_new_game_with_the_seats_swapped);
async fn the_rematch_button_offers_a_new_game_with_the_seats_swapped() {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let _ = board;
    let resigned = scene.slash(&bob(), "resign", vec![]).await;
    let rematch = button_with_label(&resigned, "Rematch");
    let (_, refused) = scene.click(&carol(), fake::message_id(&resigned), &rematch).await;
    assert!(ephemeral_text(&refused).contains("not playing"));
    let (_, offer) = scene.click(&bob(), fake::message_id(&resigned), &rematch).await;
    scene.settle().await;
    assert!(
        fake::content(&offer).contains("offers you a rematch"),
        "{}",
        fake::content(&offer)
    );
    assert!(fake::content(&offer).contains(&alice().mention()));
    let (_, again) = scene.click(&alice(), fake::message_id(&resigned), &rematch).await;
    assert!(ephemeral_text(&again).contains("already offered"), "{again}");
    let next = scene
        .click_expecting_board(&alice(), fake::message_id(&offer), &button_with_label(&offer, "Accept"))
        .await;
    let content = fake::content(&next);
    assert!(
        content.contains(&format!(
            "{} (A, top) vs {} (B, bottom)",
            bob().mention(),
            alice().mention()
        )),
        "{content}"
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_resign_confirmation_overtaken_by_a_move_asks_again);
async fn a_resign_confirmation_overtaken_by_a_move_asks_again() {
    let scene = Scene::new().await;
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let mover = user_to_move(&board, &players);
    let waiter = if mover == alice() { bob() } else { alice() };
    // The player waiting for their turn opens the confirmation…
    let (_, confirm) = scene
        .click(&waiter, fake::message_id(&board), &button_with_label(&board, "Resign"))
        .await;
    assert!(ephemeral_text(&confirm).contains("Resign game #1?"));
    // …the other player moves meanwhile…
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    scene.click_expecting_board(&mover, fake::message_id(&board), &id).await;
    // …and the confirmation, about a position that is gone, is asked again.
    let again = scene
        .click_updating(
            &waiter,
            fake::message_id(&confirm),
            &button_with_label(&confirm, "Yes, resign"),
        )
        .await;
    let text = fake::content(&again);
    assert!(text.contains("moved on") && text.contains("Resign game #1?"), "{text}");
    let service = scene.service().await;
    assert!(
        service.game(1).await.unwrap().finished.is_none(),
        "nothing resigned yet"
    );
    // Confirming again resigns.
    let before = scene.newest_message_id();
    scene
        .click_updating(
            &waiter,
            fake::message_id(&again),
            &button_with_label(&again, "Yes, resign"),
        )
        .await;
    let final_board = scene.boards_since(before, 1).await.remove(0);
    assert!(
        fake::content(&final_board).contains(&format!("{} wins", mover.mention())),
        "{final_board}"
    );
    assert!(service.game(1).await.unwrap().finished.is_some());
    scene.finish().await;
}
