//! Tournaments end to end: the real serenity client against the fake
//! Discord, on SQLite and PostgreSQL. An organiser announces a tournament,
//! players join and leave by its buttons, the organiser starts it, the
//! rounds' boards are posted with both players pinged, the games are
//! resigned, played and lost on time, the scheduler pairs the next rounds
//! by itself, and the tournament's one message turns from the list of
//! players into the standings and names the podium at the end.

use crate::support::db;

use std::collections::{BTreeMap, BTreeSet};

use crate::support::eventually;
use crate::support::fake_discord::{self as fake, FakeDiscord, TestUser, CHANNEL_ID};
use crate::support::scene::*;
use crate::support::tournament_scene::*;
use akon::service::TournamentStatus;
use serde_json::{json, Value};

/// `user` presses Join (or Leave) on tournament `id`'s message; the
/// private answer.
async fn press(scene: &Scene, user: &TestUser, id: i64, label: &str) -> String {
    let message = tournament_message(&scene.fake, id).expect("the tournament's message");
    let custom_id = button_with_label(&message, label);
    let (_, answer) = scene.click(user, fake::message_id(&message), &custom_id).await;
    ephemeral_text(&answer)
}

/// The boards opening round `round` of tournament `name`: `count` of them,
/// each with the players it pings (first mover first).
pub(crate) async fn round_boards(fake: &FakeDiscord, name: &str, round: u32, count: usize) -> Vec<(Value, [u64; 2])> {
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
            // Both players pinged; the computer is named, not pinged.
            assert!(
                ids.len() == 2 || (ids.len() == 1 && line.contains("the computer")),
                "{line}"
            );
            // Pinged: the post that made the board allows both mentions.
            let post = fake
                .requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.body["content"] == board["content"])
                .unwrap_or_else(|| panic!("no post of {board}"));
            let allowed: Vec<u64> = post.body["allowed_mentions"]["users"]
                .as_array()
                .map(|a| a.iter().filter_map(fake::snowflake).collect())
                .unwrap_or_default();
            for id in &ids {
                assert!(allowed.contains(id), "{id} is not pinged by {}", post.body);
            }
            (board, [ids[0], ids.get(1).copied().unwrap_or(0)])
        })
        .collect()
}

/// The game a board is of, from its buttons.
pub(crate) fn game_of(board: &Value) -> i64 {
    let (id, _, _) = &hole_buttons(board)[0];
    id.split(':').nth(2).unwrap().parse().unwrap()
}

/// The standings table of a tournament's message: (rank, name, points as
/// shown, games played).
fn standings(message: &Value) -> Vec<(usize, String, String, u32)> {
    let content = fake::content(message);
    let block = content
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("no table in {content}"));
    block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].to_string(),
                f[f.len() - 1].parse().unwrap(),
            )
        })
        .collect()
}

/// Points as shown ("2.5") in halves.
fn halves(points: &str) -> u32 {
    match points.split_once('.') {
        Some((whole, "5")) => whole.parse::<u32>().unwrap() * 2 + 1,
        _ => points.parse::<u32>().unwrap() * 2,
    }
}

/// Plays a round: every game resigned by its second player (the one
/// pinged second), except, if `on_time`, the first board's, where both
/// players move once and the first mover then runs out of time.
async fn play_round(
    scene: &Scene,
    name: &str,
    round: u32,
    games: usize,
    users: &BTreeMap<u64, TestUser>,
    on_time: bool,
) {
    let boards = round_boards(&scene.fake, name, round, games).await;
    for (at, (board, [_, second])) in boards.iter().enumerate() {
        if on_time && at == 0 {
            continue;
        }
        let game = game_of(board);
        let answer = scene
            .slash(&users[second], "resign", vec![("game", 4, json!(game))])
            .await;
        assert!(fake::content(&answer).contains("wins"), "{answer}");
    }
    if on_time {
        let (board, [first, second]) = &boards[0];
        let players = [users[first].clone(), users[second].clone()];
        let mover = user_to_move(board, &players);
        assert_eq!(mover.id, *first, "the first mover moves first");
        let hole = hole_buttons(board)
            .into_iter()
            .find(|(_, _, enabled)| *enabled)
            .unwrap()
            .0;
        let board = scene
            .click_expecting_board(&mover, fake::message_id(board), &hole)
            .await;
        let mover = user_to_move(&board, &players);
        let hole = hole_buttons(&board)
            .into_iter()
            .find(|(_, _, enabled)| *enabled)
            .unwrap()
            .0;
        scene
            .click_expecting_board(&mover, fake::message_id(&board), &hole)
            .await;
        scene.clock.advance(600 + 1);
        let game = game_of(&board);
        scene
            .fake
            .wait_for("the game lost on time", |v| {
                v.channel_messages(CHANNEL_ID)
                    .into_iter()
                    .find(|m| {
                        fake::content(m).contains(&format!("game #{game} ·"))
                            && fake::content(m).contains("ran out of time")
                    })
                    .cloned()
            })
            .await;
    }
}

/// Every player of the scene by id.
fn users(n: u64) -> BTreeMap<u64, TestUser> {
    (1..=n).map(|i| (player(i).id, player(i))).collect()
}

async fn joining_and_starting_by_buttons_and_commands() {
    let scene = scene_with(4).await;
    let id = create(&scene, "Spring cup", "round_robin", vec![("max_players", 4, json!(4))]).await;
    let announced = tournament_message(&scene.fake, id).unwrap();
    assert!(fake::content(&announced).contains("Nobody yet"), "{announced}");

    // A player presses Join: in, and the message lists them.
    let joined = press(&scene, &player(1), id, "Join").await;
    assert!(joined.contains("You are in **Spring cup**"), "{joined}");
    message_saying(&scene.fake, id, &player(1).mention()).await;
    // Twice: refused, nothing changed.
    let twice = press(&scene, &player(1), id, "Join").await;
    assert!(twice.contains("already in this tournament"), "{twice}");

    // Too few players to start: refused.
    let start = scene.slash(&organiser(), "tournament start", vec![]).await;
    assert!(ephemeral_text(&start).contains("needs at least 2 to start"), "{start}");

    // Leaving, and leaving when not in.
    press(&scene, &player(2), id, "Join").await;
    message_saying(&scene.fake, id, "Players: 2 of 4").await;
    let left = press(&scene, &player(2), id, "Leave").await;
    assert!(left.contains("You have left"), "{left}");
    let message = message_saying(&scene.fake, id, "Players: 1 of 4").await;
    assert!(!fake::content(&message).contains(&player(2).mention()), "{message}");
    let not_in = press(&scene, &player(2), id, "Leave").await;
    assert!(not_in.contains("not in this tournament"), "{not_in}");

    // The computer fills a place, added by the organiser alone.
    let computer = vec![("level", 3, json!("easy"))];
    let refused = scene
        .slash(&player(1), "tournament add_computer", computer.clone())
        .await;
    assert!(
        ephemeral_text(&refused).contains("Only the tournament's organiser"),
        "{refused}"
    );
    let added = scene.slash(&organiser(), "tournament add_computer", computer).await;
    assert!(
        ephemeral_text(&added).contains("The computer (easy) plays in"),
        "{added}"
    );
    message_saying(&scene.fake, id, "the computer (easy)").await;
    // A full tournament.
    for i in 2..=3 {
        press(&scene, &player(i), id, "Join").await;
    }
    let full = press(&scene, &player(4), id, "Join").await;
    assert!(full.contains("This tournament is full"), "{full}");
    message_saying(&scene.fake, id, "Players: 4 of 4").await;

    // A player may not start it; nor create one.
    let start = scene.slash(&player(1), "tournament start", vec![]).await;
    assert!(
        ephemeral_text(&start).contains("Only the tournament's organiser"),
        "{start}"
    );
    let create = scene
        .slash(
            &player(1),
            "tournament create",
            vec![("name", 3, json!("Mine")), ("format", 3, json!("swiss"))],
        )
        .await;
    assert!(ephemeral_text(&create).contains("Manage Server permission"), "{create}");
    // A start time that cannot be read.
    let bad = scene
        .slash(
            &organiser(),
            "tournament create",
            vec![
                ("name", 3, json!("Later")),
                ("format", 3, json!("swiss")),
                ("starts_at", 3, json!("next tuesday")),
            ],
        )
        .await;
    assert!(ephemeral_text(&bad).contains("2026-12-24 18:00"), "{bad}");

    // The organiser starts it (naming it): the message turns into the
    // standings, without buttons, and round 1's board pings both players.
    let start = scene
        .slash(&organiser(), "tournament start", vec![("tournament", 4, json!(id))])
        .await;
    assert!(ephemeral_text(&start).contains("has started"), "{start}");
    let message = message_saying(&scene.fake, id, "Round 1 of 3").await;
    assert!(fake::buttons(&message).is_empty(), "{message}");
    assert_eq!(standings(&message).len(), 4);
    round_boards(&scene.fake, "Spring cup", 1, 2).await;

    // Joining a started tournament, by a stale Join button.
    let late = scene
        .click_unchecked(&player(4), fake::message_id(&message), &format!("akon:tjoin:{id}"))
        .await;
    assert!(ephemeral_text(&late).contains("already under way"), "{late}");
    // Standings privately, anytime.
    let private = scene.slash(&player(4), "tournament standings", vec![]).await;
    assert!(ephemeral_text(&private).contains("Round 1 of 3"), "{private}");
    // An unknown tournament.
    let unknown = scene
        .slash(&player(1), "tournament standings", vec![("tournament", 4, json!(999))])
        .await;
    assert!(ephemeral_text(&unknown).contains("does not exist"), "{unknown}");

    // A player withdraws: their game is lost, and the table marks them.
    let withdrawn = scene.slash(&player(1), "tournament withdraw", vec![]).await;
    assert!(
        ephemeral_text(&withdrawn).contains("You have left **Spring cup**"),
        "{withdrawn}"
    );
    message_saying(&scene.fake, id, "p1 ×").await;
    let again = scene.slash(&player(1), "tournament withdraw", vec![]).await;
    assert!(ephemeral_text(&again).contains("not in this tournament"), "{again}");

    // Cancelled: the message says so, and the game still being played
    // stops there, its board saying why, with no button left to press.
    let cancel = scene.slash(&organiser(), "tournament cancel", vec![]).await;
    assert!(ephemeral_text(&cancel).contains("is cancelled"), "{cancel}");
    message_saying(&scene.fake, id, "This tournament was cancelled").await;
    let stopped = scene
        .fake
        .wait_for("the board of the game the cancelling stopped", |v| {
            v.channel_messages(CHANNEL_ID)
                .into_iter()
                .find(|m| fake::content(m).contains("**Game stopped**: its tournament was cancelled"))
                .cloned()
        })
        .await;
    assert!(
        fake::custom_ids(&stopped)
            .iter()
            .all(|id| !id.starts_with("akon:move:")),
        "{stopped}"
    );
    let none = scene.slash(&organiser(), "tournament start", vec![]).await;
    assert!(
        ephemeral_text(&none).contains("no tournament open or under way"),
        "{none}"
    );
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn joining_and_starting_by_buttons_and_commands);

/// Plays a tournament of `n` players by resignations (one game of round
/// 1 lost on time) to its end; the final message.
async fn play_to_the_end(scene: &Scene, id: i64, name: &str, n: u64, rounds: u32) -> Value {
    let users = users(n);
    for round in 1..=rounds {
        play_round(scene, name, round, (n / 2) as usize, &users, round == 1).await;
    }
    message_saying(&scene.fake, id, "Final standings").await
}

async fn a_five_player_round_robin_with_a_bye_each_round_is_played_to_the_podium() {
    let scene = scene_with(5).await;
    let id = create(&scene, "Round five", "round_robin", vec![]).await;
    for i in 1..=5 {
        press(&scene, &player(i), id, "Join").await;
    }
    message_saying(&scene.fake, id, "Players: 5 of 64").await;
    scene.slash(&organiser(), "tournament start", vec![]).await;
    let last = play_to_the_end(&scene, id, "Round five", 5, 5).await;
    let table = standings(&last);
    assert_eq!(table.len(), 5);
    // Ten games and five byes: fifteen points in all.
    assert_eq!(
        table.iter().map(|(_, _, points, _)| halves(points)).sum::<u32>(),
        30,
        "{last}"
    );
    // Every game was played over the board (the loss on time came after
    // both players moved): four each.
    assert_eq!(table.iter().map(|(_, _, _, games)| games).sum::<u32>(), 20, "{last}");
    check_podium(&scene, id, &last).await;
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_five_player_round_robin_with_a_bye_each_round_is_played_to_the_podium);

async fn an_eight_player_swiss_of_three_rounds_is_played_to_the_podium() {
    let scene = scene_with(8).await;
    let id = create(&scene, "Swiss eight", "swiss", vec![("rounds", 4, json!(3))]).await;
    for i in 1..=8 {
        press(&scene, &player(i), id, "Join").await;
    }
    scene.slash(&organiser(), "tournament start", vec![]).await;
    let last = play_to_the_end(&scene, id, "Swiss eight", 8, 3).await;
    let table = standings(&last);
    assert_eq!(table.len(), 8);
    assert_eq!(
        table.iter().map(|(_, _, points, _)| halves(points)).sum::<u32>(),
        24,
        "{last}"
    );
    // Nobody met twice.
    let mut pairs = BTreeSet::new();
    for round in 1..=3 {
        for (_, [a, b]) in round_boards(&scene.fake, "Swiss eight", round, 4).await {
            assert!(
                pairs.insert((a.min(b), a.max(b))),
                "a repeated pairing in round {round}"
            );
        }
    }
    check_podium(&scene, id, &last).await;
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn an_eight_player_swiss_of_three_rounds_is_played_to_the_podium);

/// The podium names the service's first three; the message was posted once.
async fn check_podium(scene: &Scene, id: i64, last: &Value) {
    let service = scene.service().await;
    let view = service.tournament(id).await.unwrap();
    assert_eq!(view.status, TournamentStatus::Finished);
    let lines = service.tournament_standings(id).await.unwrap();
    let podium = fake::content(last).lines().last().unwrap().to_string();
    assert!(podium.starts_with("🏆 🥇 "), "{podium}");
    for line in lines.iter().filter(|l| l.rank <= 3) {
        assert!(
            podium.contains(&format!("<@{}>", line.entrant.player.user_id)),
            "{podium}"
        );
    }
    let table = standings(last);
    for (line, (rank, name, points, games)) in lines.iter().zip(&table) {
        assert_eq!((line.rank, line.entrant.player.name.as_str()), (*rank, name.as_str()));
        assert_eq!((line.half_points, line.games_played), (halves(points), *games));
    }
    tournament_message(&scene.fake, id).expect("posted once");
}

async fn two_starts_at_once_give_one_outcome_and_a_named_role_may_run_tournaments() {
    let scene = scene_with(4).await;
    let deputy = player(9);
    scene.fake.add_user(&deputy);
    // Without the role, the deputy may not create one.
    let refused = scene
        .slash(
            &deputy,
            "tournament create",
            vec![("name", 3, json!("Cup")), ("format", 3, json!("swiss"))],
        )
        .await;
    assert!(
        ephemeral_text(&refused).contains("Manage Server permission"),
        "{refused}"
    );
    // A player may not name the role; the organiser does.
    const ROLE: u64 = 950_000_000_000_000_001;
    let named = scene
        .slash(
            &player(1),
            "settings",
            vec![("tournament_role", 8, json!(ROLE.to_string()))],
        )
        .await;
    assert!(ephemeral_text(&named).contains("tournament role"), "{named}");
    scene
        .slash(
            &organiser(),
            "settings",
            vec![("tournament_role", 8, json!(ROLE.to_string()))],
        )
        .await;
    scene.fake.set_member_roles(&deputy, &[ROLE]);
    let refused = scene
        .slash(
            &player(1),
            "tournament create",
            vec![("name", 3, json!("Cup")), ("format", 3, json!("swiss"))],
        )
        .await;
    assert!(ephemeral_text(&refused).contains(&format!("<@&{ROLE}>")), "{refused}");
    let id = create(&scene, "Race cup", "round_robin", vec![]).await;
    for i in 1..=4 {
        press(&scene, &player(i), id, "Join").await;
    }
    // The organiser and the deputy start it at the same moment.
    let boss = organiser();
    let (a, b) = tokio::join!(
        scene.fake.slash(&boss, "akon", "tournament start", vec![]),
        scene.fake.slash(&deputy, "akon", "tournament start", vec![]),
    );
    let answers = [scene.fake.response(&a).await, scene.fake.response(&b).await];
    scene.settle().await;
    let texts: Vec<String> = answers.iter().map(ephemeral_text).collect();
    assert_eq!(
        texts.iter().filter(|t| t.contains("has started")).count(),
        1,
        "{texts:?}"
    );
    assert_eq!(
        texts.iter().filter(|t| t.contains("already under way")).count(),
        1,
        "{texts:?}"
    );
    round_boards(&scene.fake, "Race cup", 1, 2).await;
    message_saying(&scene.fake, id, "Round 1 of 3").await;
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn two_starts_at_once_give_one_outcome_and_a_named_role_may_run_tournaments);

async fn scalar(db: &db::TestDb, sql: &str) -> i64 {
    let mut connection = db.connect().await;
    sqlx::query_scalar(sql).fetch_one(&mut connection).await.unwrap()
}

async fn a_process_killed_between_a_rounds_last_result_and_the_next_pairing_pairs_and_posts_once() {
    let fake = crate::support::fake_with_organiser(&organiser(), (1..=4).map(player)).await;
    let dir = tempfile::tempdir().unwrap();
    let db = db::TestDb::create(dir.path(), "akon.db").await;
    let long = std::time::Duration::from_secs(60);
    let mut bot = crate::support::spawn_bot(&fake, dir.path(), &db.url, None, Some("first"));
    crate::support::wait_registered(&fake, long).await;

    let options = vec![("name", 3, json!("Crash cup")), ("format", 3, json!("round_robin"))];
    let message = create_join_and_start_through(&fake, options, 4).await;
    let id = 1;
    let users = users(4);
    let round_one = round_boards(&fake, "Crash cup", 1, 2).await;
    for (board, [_, second]) in &round_one {
        let resign = fake
            .slash(
                &users[second],
                "akon",
                "resign",
                vec![("game", 4, json!(game_of(board)))],
            )
            .await;
        fake.response(&resign).await;
    }
    // Round 1's last result is in; its next pairing comes at a scheduler
    // tick, every 20 s: the process dies before it.
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
    assert_eq!(
        scalar(&db, "SELECT current_round FROM tournaments WHERE id = 1").await,
        1,
        "killed before round 2 was paired"
    );
    fake.wait_disconnected().await;

    let mut bot = crate::support::spawn_bot(&fake, dir.path(), &db.url, None, Some("second"));
    eventually("round 2's boards", long, async || {
        boards_of_round(&fake, "Crash cup", 2).len() >= 2
    })
    .await;
    eventually("the message showing round 2", long, async || {
        tournament_message(&fake, id).is_some_and(|m| fake::content(&m).contains("Round 2 of 3"))
    })
    .await;
    // Each round paired once, each board and the message posted once.
    for round in 1..=2 {
        let boards = scalar(
            &db,
            &format!("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = 1 AND round = {round}"),
        )
        .await;
        assert_eq!(boards, 2, "round {round} paired once");
        assert_eq!(
            boards_of_round(&fake, "Crash cup", round).len(),
            2,
            "round {round}'s boards posted once"
        );
    }
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM games").await, 4);
    let games: BTreeSet<i64> = boards_of_round(&fake, "Crash cup", 2).iter().map(game_of).collect();
    assert_eq!(games.len(), 2, "two games in round 2");
    assert_eq!(
        fake::message_id(&tournament_message(&fake, id).unwrap()),
        fake::message_id(&message)
    );
    bot.kill().expect("SIGKILL");
    bot.wait().unwrap();
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_process_killed_between_a_rounds_last_result_and_the_next_pairing_pairs_and_posts_once);

/// Ends every game still being played by its mover's clock running out,
/// as the scheduler of whichever process is alive finds it.
async fn run_out_the_clocks(db: &db::TestDb) {
    let mut connection = db.connect().await;
    sqlx::query("UPDATE games SET deadline = 0 WHERE status = 'ongoing'")
        .execute(&mut connection)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn two_processes_run_a_swiss_to_its_podium_with_one_killed_between_rounds() {
    db::run(akon::store::Backend::Postgres, two_processes_run_a_swiss()).await
}

/// Two real `akon` processes on one PostgreSQL database, each with half
/// of the shards (the test server's on the second), both running the
/// scheduler: a Swiss of six players, round 1 resigned through the
/// process serving the server, which is then killed with SIGKILL; the
/// other pairs rounds 2 and 3 (their games lost on time) and posts the
/// podium.
async fn two_processes_run_a_swiss() {
    let n = 6;
    let fake = crate::support::fake_with_organiser(&organiser(), (1..=n).map(player)).await;
    let dir = tempfile::tempdir().unwrap();
    let db = db::TestDb::create(dir.path(), "unused").await;
    let long = std::time::Duration::from_secs(90);
    let start = |shards: &str| {
        crate::support::spawn_bot_with(
            &fake,
            dir.path(),
            &db.url,
            Some(shards),
            Some(&shards[..1]),
            &[("AKON_SCHEDULER_SECONDS", "2")],
        )
    };
    let mut other = start("0-0/2");
    let mut serving = start("1-1/2");
    eventually("both shards ready", long, async || {
        fake.ready_shards().contains(&(0, 2)) && fake.ready_shards().contains(&(1, 2))
    })
    .await;
    eventually("the commands registered", long, async || {
        !fake.registered_commands().is_empty()
    })
    .await;

    let name = "Shared cup";
    let options = vec![
        ("name", 3, json!(name)),
        ("format", 3, json!("swiss")),
        ("rounds", 4, json!(3)),
        ("time_per_move", 3, json!("10m")),
    ];
    create_join_and_start_through(&fake, options, n).await;
    let id = 1;
    let users = users(n);
    for (board, [_, second]) in round_boards(&fake, name, 1, 3).await {
        let resign = fake
            .slash(
                &users[&second],
                "akon",
                "resign",
                vec![("game", 4, json!(game_of(&board)))],
            )
            .await;
        fake.response(&resign).await;
    }
    // Round 1's results are in: the process serving the server dies, at
    // whatever step of the next pairing it was.
    serving.kill().expect("SIGKILL");
    serving.wait().unwrap();

    for round in 2..=3 {
        let boards = round_boards(&fake, name, round, 3).await;
        assert_eq!(boards.len(), 3);
        run_out_the_clocks(&db).await;
    }
    let last = message_saying(&fake, id, "Final standings").await;
    let text = fake::content(&last).to_string();
    assert_eq!(text.matches("🥇").count(), 1, "{text}");
    // Each round paired once, every result kept, the tournament finished.
    for round in 1..=3 {
        let boards = scalar(
            &db,
            &format!("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = 1 AND round = {round}"),
        )
        .await;
        assert_eq!(boards, 3, "round {round} paired once");
    }
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM games").await, 9);
    assert_eq!(
        scalar(&db, "SELECT COUNT(*) FROM tournament_pairings WHERE outcome IS NULL").await,
        0,
        "every result recorded"
    );
    assert_eq!(
        scalar(
            &db,
            "SELECT COUNT(*) FROM tournament_pairings WHERE round = 1 AND outcome IN ('first_won', 'second_won')"
        )
        .await,
        3,
        "round 1's resignations recorded as games played"
    );
    assert_eq!(
        scalar(
            &db,
            "SELECT COUNT(*) FROM tournament_entrants WHERE final_rank IS NOT NULL"
        )
        .await,
        n as i64
    );
    // The podium is the tournament's message's last edit.
    let posts = crate::support::posts_by_nonce(&fake);
    // Each board posted once. The tournament's message may be asked for
    // twice by racing settles; Discord's enforced nonce keeps it one message,
    // which the channel shows (`tournament_message_of` fails on two).
    for (nonce, times) in &posts {
        if !nonce.starts_with("akon:t:") {
            assert_eq!(*times, 1, "message {nonce} was posted {times} times");
        }
    }
    assert!(tournament_message_of(fake.channel_messages(CHANNEL_ID).iter().collect(), id).is_some());
    assert!(posts.len() >= 10, "nine boards and the tournament's message: {posts:?}");
    let finals = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| fake::content(m).contains("Final standings"))
        .count();
    assert_eq!(finals, 1, "the podium shown once");
    other.kill().expect("SIGKILL");
    other.wait().unwrap();
}
