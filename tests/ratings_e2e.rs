//! Ratings, leaderboards, stats, history, game records, aborts and the pair
//! cap end to end: the real serenity client against the fake Discord, with
//! a real SQLite file per test (the harness of `bot_e2e.rs`, cut down).
//! Expected ratings are computed here with skillratings' Glicko-2 directly.

use std::collections::HashMap;

use crate::support::fake_discord::{self as fake, TestUser, CHANNEL_ID, GUILD_ID};
use crate::support::scene::*;
use akon::engine::{Game, Record, Seat};
use akon::service::{
    Place, Player, Service, ServiceConfig, TimePerMove, TournamentFormat, TournamentRequest, TournamentStatus,
};
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

const OTHER_GUILD: u64 = 900_000_000_000_000_077;
/// The deviation below which a rating stops being provisional (`?`).
const PROVISIONAL: f64 = 110.0;

/// A leaderboard's table: (rank, name, rating as shown, W, L, D, games).
fn table(message: &Value) -> Vec<(i64, String, String, i64, i64, i64, i64)> {
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
            assert_eq!(f.len(), 7, "{line}");
            let n = |i: usize| f[i].parse::<i64>().unwrap();
            (n(0), f[1].to_string(), f[2].to_string(), n(3), n(4), n(5), n(6))
        })
        .collect()
}

/// Glicko-2 bookkeeping done here, per scope (0 = global).
#[derive(Default)]
struct Expected {
    ratings: HashMap<(u64, u64), Glicko2Rating>,
    records: HashMap<(u64, u64), [i64; 3]>,
}

impl Expected {
    fn game(&mut self, guild: u64, a: &TestUser, b: &TestUser, outcome: Outcomes) {
        for scope in [guild, 0] {
            let ra = self.ratings.get(&(scope, a.id)).copied().unwrap_or_default();
            let rb = self.ratings.get(&(scope, b.id)).copied().unwrap_or_default();
            let (na, nb) = glicko2(&ra, &rb, &outcome, &Glicko2Config::new());
            self.ratings.insert((scope, a.id), na);
            self.ratings.insert((scope, b.id), nb);
            let (ia, ib) = match outcome {
                Outcomes::WIN => (0, 1),
                Outcomes::LOSS => (1, 0),
                Outcomes::DRAW => (2, 2),
            };
            self.records.entry((scope, a.id)).or_default()[ia] += 1;
            self.records.entry((scope, b.id)).or_default()[ib] += 1;
        }
    }

    /// The table a leaderboard should show: best rating first, ties by id,
    /// players with fewer than `min_games` left off.
    fn table(
        &self,
        scope: u64,
        min_games: i64,
        names: &HashMap<u64, &str>,
    ) -> Vec<(i64, String, String, i64, i64, i64, i64)> {
        let mut rows: Vec<(u64, Glicko2Rating, [i64; 3])> = self
            .records
            .iter()
            .filter(|((s, _), r)| *s == scope && r.iter().sum::<i64>() >= min_games)
            .map(|((_, u), r)| (*u, self.ratings[&(scope, *u)], *r))
            .collect();
        rows.sort_by(|x, y| y.1.rating.total_cmp(&x.1.rating).then((x.0 as i64).cmp(&(y.0 as i64))));
        rows.into_iter()
            .enumerate()
            .map(|(i, (user, rating, [w, l, d]))| {
                let shown = format!(
                    "{}{}",
                    rating.rating.round() as i64,
                    if rating.deviation >= PROVISIONAL { "?" } else { "" }
                );
                (i as i64 + 1, names[&user].to_string(), shown, w, l, d, w + l + d)
            })
            .collect()
    }
}

fn config(min_games: i64, per_pair: u32) -> ServiceConfig {
    ServiceConfig {
        leaderboard_min_games: min_games,
        rated_games_per_pair_per_day: per_pair,
        ..Default::default()
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_season_of_games_ranks_players_by_ratings_computed_independently);
async fn a_season_of_games_ranks_players_by_ratings_computed_independently() {
    let scene = Scene::with_config(config(2, 50)).await;
    let names: HashMap<u64, &str> = [
        (alice().id, "alice"),
        (bob().id, "bob"),
        (carol().id, "carol"),
        (dave().id, "dave"),
    ]
    .into();
    let mut expected = Expected::default();
    // Decided by resignations...
    for (winner, loser) in [
        (alice(), bob()),
        (alice(), carol()),
        (bob(), carol()),
        (carol(), alice()),
        (alice(), bob()),
        (bob(), carol()),
        (dave(), carol()),
    ] {
        scene.resigned(&winner, &loser).await;
        expected.game(GUILD_ID, &winner, &loser, Outcomes::WIN);
    }
    // ...and one by real play to the end.
    let players = [bob(), alice()];
    let board = scene.challenge_accepted(&bob(), &alice()).await;
    let (last, game) = scene.play_greedily(board, &players, None).await;
    let (a, b) = (game.position().captured(Seat::A), game.position().captured(Seat::B));
    let outcome = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Outcomes::WIN,
        std::cmp::Ordering::Less => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    };
    expected.game(GUILD_ID, &bob(), &alice(), outcome);
    assert!(
        fake::content(&last).contains("Rated in this server: "),
        "{}",
        fake::content(&last)
    );
    // One game elsewhere: it moves the global ratings only.
    let service = scene.service().await;
    let as_player = |user: TestUser| Player {
        id: user.id,
        name: user.name.clone(),
        is_bot: false,
    };
    let (alice_elsewhere, carol_elsewhere) = (as_player(alice()), as_player(carol()));
    let elsewhere = Place {
        guild_id: Some(OTHER_GUILD),
        channel_id: 5,
        venue: akon::venue::Venue::Server,
    };
    let challenge = service
        .challenge(elsewhere, &carol_elsewhere, &alice_elsewhere)
        .await
        .unwrap();
    let other = service.accept(challenge.id, &alice_elsewhere).await.unwrap();
    service.resign(other.id, &alice_elsewhere).await.unwrap();
    expected.game(OTHER_GUILD, &carol(), &alice(), Outcomes::WIN);

    // dave has one rated game: left off, and told where he stands.
    let server = scene.slash(&dave(), "leaderboard", vec![]).await;
    assert!(!fake::is_ephemeral(&server));
    assert_eq!(table(&server), expected.table(GUILD_ID, 2, &names));
    assert!(!fake::content(&server).contains("dave"), "{}", fake::content(&server));
    assert!(
        fake::content(&server).contains(&format!(
            "{} has 1 rated game in this server: 2 are needed",
            dave().mention()
        )),
        "{}",
        fake::content(&server)
    );
    assert!(fake::buttons(&server).is_empty(), "one page: no paging buttons");
    let global = scene
        .slash(&alice(), "leaderboard", vec![("scope", 3, json!("global"))])
        .await;
    assert!(fake::content(&global).contains("leaderboard · global"));
    assert_eq!(table(&global), expected.table(0, 2, &names));
    assert_ne!(table(&global), table(&server), "the game elsewhere counts globally");

    // Stats: rating, streaks and head to head.
    let stats = scene
        .slash(&bob(), "stats", vec![("player", 6, json!(alice().id.to_string()))])
        .await;
    let text = fake::content(&stats).to_string();
    let own = expected.ratings[&(0, alice().id)];
    let mark = if own.deviation >= PROVISIONAL { "?" } else { "" };
    assert!(
        text.contains(&format!("Rating everywhere: **{}{mark}**", own.rating.round() as i64)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Head to head, {} against {}",
            bob().mention(),
            alice().mention()
        )),
        "{text}"
    );
    let mine = scene.slash(&dave(), "stats", vec![]).await;
    assert!(
        fake::content(&mine).contains("Winning streak: 1 now, best 1"),
        "{}",
        fake::content(&mine)
    );
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn leaderboard_pages_turn_with_buttons_that_still_work_after_a_restart);
async fn leaderboard_pages_turn_with_buttons_that_still_work_after_a_restart() {
    let mut scene = Scene::with_config(config(1, 50)).await;
    let service = scene.service().await;
    let place = Place {
        guild_id: Some(GUILD_ID),
        channel_id: CHANNEL_ID,
        venue: akon::venue::Venue::Server,
    };
    let players: Vec<Player> = (0..12)
        .map(|i| Player {
            id: 500 + i,
            name: format!("p{i:02}"),
            is_bot: false,
        })
        .collect();
    // p00 beats everyone once, p01 everyone after it, and so on.
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            if (j - i) % 3 != 1 {
                continue;
            }
            let challenge = service.challenge(place, &players[i], &players[j]).await.unwrap();
            let game = service.accept(challenge.id, &players[j]).await.unwrap();
            service.resign(game.id, &players[j]).await.unwrap();
        }
    }
    // The last player, p11, looks: they are on the second page.
    let looker = TestUser::new(511, "p11");
    scene.fake.add_user(&looker);
    let first = scene.slash(&looker, "leaderboard", vec![]).await;
    assert!(
        fake::content(&first).contains("page 1 of 2"),
        "{}",
        fake::content(&first)
    );
    let ranks: Vec<i64> = table(&first).iter().map(|r| r.0).collect();
    assert_eq!(ranks, (1..=10).collect::<Vec<_>>());
    assert!(!button_enabled(&first, "Previous") && button_enabled(&first, "Next"));
    let own_rank = service
        .leaderboard(akon::service::Scope::Server(GUILD_ID), 1, looker.id)
        .await
        .unwrap();
    let own = own_rank.rows.iter().find(|r| r.user_id == looker.id).unwrap().rank;
    assert!(own > 10, "p11 lost every game: {own}");
    assert!(
        fake::content(&first).contains(&format!("{} stands #{own} of 12", looker.mention())),
        "{}",
        fake::content(&first)
    );
    let second = scene
        .click_updating(&looker, fake::message_id(&first), &button_with_label(&first, "Next"))
        .await;
    assert!(fake::content(&second).contains("page 2 of 2"));
    assert_eq!(table(&second).iter().map(|r| r.0).collect::<Vec<_>>(), [11, 12]);
    assert!(
        !fake::content(&second).contains("stands #"),
        "on the page: no line for the looker"
    );
    assert!(button_enabled(&second, "Previous") && !button_enabled(&second, "Next"));

    // After a restart the same message's buttons still turn the pages.
    scene.stop_bot().await;
    scene.start_bot().await;
    let back = scene
        .click_updating(
            &alice(),
            fake::message_id(&second),
            &button_with_label(&second, "Previous"),
        )
        .await;
    assert_eq!(table(&back), table(&first));
    assert!(fake::content(&back).contains(&format!("{} has no rated games in this server yet", alice().mention())));
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn games_can_be_aborted_by_button_or_command_until_both_players_have_moved);
async fn games_can_be_aborted_by_button_or_command_until_both_players_have_moved() {
    let scene = Scene::with_config(config(1, 50)).await;
    let players = [alice(), bob()];
    // By button, before any move.
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let abort = button_with_label(&board, "Abort");
    let (_, refused) = scene.click(&carol(), fake::message_id(&board), &abort).await;
    assert!(ephemeral_text(&refused).contains("not playing"));
    let done = scene
        .click_expecting_board(&bob(), fake::message_id(&board), &abort)
        .await;
    let text = fake::content(&done);
    assert!(
        text.contains(&format!("**Game aborted** by {}", bob().mention())),
        "{text}"
    );
    assert!(hole_buttons(&done).is_empty() && !has_button(&done, "Abort"));
    assert!(fake::buttons(&scene.fake.message(fake::message_id(&board)).unwrap()).is_empty());

    // After one move the board still offers it; after both, it is gone.
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let (after_one, _) = scene.play_greedily(board, &players, Some(1)).await;
    assert!(has_button(&after_one, "Abort"));
    let after_two = one_more_move(&scene, after_one, &players).await;
    assert!(!has_button(&after_two, "Abort"));
    let refused = scene.slash(&alice(), "abort", vec![]).await;
    assert!(
        ephemeral_text(&refused).contains("can no longer be aborted"),
        "{refused}"
    );
    let resigned = scene.slash(&alice(), "resign", vec![]).await;
    assert!(fake::content(&resigned).contains(&format!("{} wins", bob().mention())));

    // By command, before any move.
    let board = scene.challenge_accepted(&carol(), &alice()).await;
    let aborted = scene.slash(&carol(), "abort", vec![]).await;
    assert!(fake::content(&aborted).contains(&format!("**Game aborted** by {}", carol().mention())));
    assert!(fake::buttons(&scene.fake.message(fake::message_id(&board)).unwrap()).is_empty());

    // Only the resigned game counts.
    let leaderboard = scene.slash(&alice(), "leaderboard", vec![]).await;
    let rows = table(&leaderboard);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!((rows[0].1.as_str(), rows[0].6), ("bob", 1));
    scene.finish().await;
}

/// One more move from a board in the middle of a game, on its first
/// enabled hole; the new board.
async fn one_more_move(scene: &Scene, board: Value, players: &[TestUser; 2]) -> Value {
    let mover = user_to_move(&board, players);
    let (id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
    scene.click_expecting_board(&mover, fake::message_id(&board), &id).await
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn history_pages_and_a_game_shows_its_board_and_a_record_that_akon_replay_accepts);
async fn history_pages_and_a_game_shows_its_board_and_a_record_that_akon_replay_accepts() {
    let scene = Scene::with_config(config(1, 50)).await;
    for i in 0..10 {
        if i % 2 == 0 {
            scene.resigned(&alice(), &bob()).await;
        } else {
            scene.resigned(&carol(), &alice()).await;
        }
        scene.clock.advance(60);
    }
    // The eleventh: a few real moves, then bob resigns.
    let players = [alice(), bob()];
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let (_, game) = scene.play_greedily(board, &players, Some(7)).await;
    scene.slash(&bob(), "resign", vec![]).await;

    let first = scene
        .slash(&bob(), "history", vec![("player", 6, json!(alice().id.to_string()))])
        .await;
    let text = fake::content(&first).to_string();
    assert!(
        text.contains("page 1 of 2") && text.contains("11 finished games"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("• ")).collect();
    assert_eq!(lines.len(), 10);
    assert!(
        lines[0].starts_with("• `#11` <t:") && lines[0].contains("won vs bob"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(&format!(
        "{}–{}",
        game.position().captured(Seat::A),
        game.position().captured(Seat::B)
    )));
    assert!(
        lines[1].contains("lost vs carol") && lines[1].contains("(resigned)"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("rating ") && lines[1].contains(" → "), "{}", lines[1]);
    let second = scene
        .click_updating(&bob(), fake::message_id(&first), &button_with_label(&first, "Next"))
        .await;
    let older: Vec<String> = fake::content(&second)
        .lines()
        .filter(|l| l.starts_with("• "))
        .map(String::from)
        .collect();
    assert_eq!(older.len(), 1);
    assert!(older[0].starts_with("• `#1` "), "{older:?}");

    // The game in full.
    let shown = scene.slash(&carol(), "game", vec![("id", 4, json!(11))]).await;
    let text = fake::content(&shown).to_string();
    assert!(text.contains("**Akon game #11**"), "{text}");
    assert!(text.contains(&format!(
        "{} (A, top) vs {} (B, bottom)",
        alice().mention(),
        bob().mention()
    )));
    assert!(
        text.contains(&format!("{} wins", alice().mention())) && text.contains("resigned"),
        "{text}"
    );
    assert!(text.contains("Rated in this server: alice"), "{text}");
    let record_text = text.split("```").nth(3).unwrap().trim().to_string();
    let record: Record = record_text.parse().unwrap();
    assert_eq!(record.first, game.start().to_move());
    assert_eq!(record.moves, game.moves());
    assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
    let board_text = text.split("```").nth(1).unwrap();
    assert!(
        board_text.contains(&format!("captured {}", game.position().captured(Seat::A))),
        "{board_text}"
    );
    let replayed = std::process::Command::new(env!("CARGO_BIN_EXE_akon"))
        .args(["replay", "--record", &record_text])
        .output()
        .unwrap();
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let state: Value = serde_json::from_slice(&replayed.stdout).unwrap();
    assert_eq!(state, serde_json::to_value(game.state()).unwrap());
    let missing = scene.slash(&carol(), "game", vec![("id", 4, json!(999))]).await;
    assert!(ephemeral_text(&missing).contains("does not exist"));
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn past_the_pair_cap_a_game_is_unrated_and_its_final_board_says_so);
async fn past_the_pair_cap_a_game_is_unrated_and_its_final_board_says_so() {
    let scene = Scene::with_config(config(1, 1)).await;
    let rated = scene.resigned(&alice(), &bob()).await;
    assert!(
        fake::content(&rated).contains("Rated in this server: "),
        "{}",
        fake::content(&rated)
    );
    let unrated = scene.resigned(&bob(), &alice()).await;
    let text = fake::content(&unrated);
    assert!(
        text.contains(
            "Not rated: these two players already played 1 rated game against each other in the last 24 hours"
        ),
        "{text}"
    );
    let leaderboard = scene.slash(&carol(), "leaderboard", vec![]).await;
    let rows = table(&leaderboard);
    assert_eq!(
        rows.iter().map(|r| (r.1.as_str(), r.6)).collect::<Vec<_>>(),
        [("alice", 1), ("bob", 1)]
    );
    let stats = scene.slash(&alice(), "stats", vec![]).await;
    assert!(
        fake::content(&stats).contains("2 games: 1 win, 1 loss,"),
        "both games are recorded"
    );
    // A day later they may rate a game again.
    scene.clock.advance(24 * 3600);
    let again = scene.resigned(&bob(), &alice()).await;
    assert!(
        fake::content(&again).contains("Rated in this server: "),
        "{}",
        fake::content(&again)
    );
    let rows = table(&scene.slash(&carol(), "leaderboard", vec![]).await);
    assert!(rows.iter().all(|r| r.6 == 2), "{rows:?}");
    scene.finish().await;
}

/// A three-player round robin (a bye each round) played to its end, each
/// game resigned by the player later in alice, bob, carol: bob's history
/// marks his two games with the tournament and their rounds and lists the
/// tournament with his rank and points; his stats count it.
async fn a_finished_tournament_shows_in_history_and_stats() {
    let scene = Scene::with_config(config(1, 50)).await;
    // The bot's own store, so that the games it shows and the ones ended
    // here are the same.
    let service = Service::new(
        scene.bot_store().clone(),
        scene.config.clone(),
        std::sync::Arc::new(scene.clock.clone()),
    );
    let order = [alice(), bob(), carol()];
    let as_player = |user: &TestUser| Player {
        id: user.id,
        name: user.name.clone(),
        is_bot: false,
    };
    let organiser = as_player(&alice());
    let id = service
        .create_tournament(TournamentRequest {
            place: Place {
                guild_id: Some(GUILD_ID),
                channel_id: CHANNEL_ID,
                venue: akon::venue::Venue::Server,
            },
            organiser: &organiser,
            name: "Winter cup",
            format: TournamentFormat::RoundRobin,
            rounds: None,
            time_per_move: TimePerMove::OneDay,
            max_players: None,
            rated: true,
            starts_at: None,
        })
        .await
        .unwrap()
        .id;
    for user in &order {
        service.join_tournament(id, &as_player(user)).await.unwrap();
    }
    service.start_tournament(id, &organiser).await.unwrap();
    let mut bobs_rounds = Vec::new();
    loop {
        let view = service.tournament(id).await.unwrap();
        if view.status == TournamentStatus::Finished {
            break;
        }
        for game_id in service.tournament_round_games(id, view.current_round).await.unwrap() {
            let game = service.game(game_id).await.unwrap();
            let later = order.iter().rev().find(|u| game.seat_of(u.id).is_some()).unwrap();
            if game.seat_of(bob().id).is_some() {
                bobs_rounds.push((game_id, view.current_round));
            }
            service.resign(game_id, &as_player(later)).await.unwrap();
        }
        service.advance_tournaments().await.unwrap();
    }
    assert_eq!(bobs_rounds.len(), 2, "two games and the bye");

    let history = scene
        .slash(&dave(), "history", vec![("player", 6, json!(bob().id.to_string()))])
        .await;
    let text = fake::content(&history).to_string();
    for (game_id, round) in &bobs_rounds {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("• `#{game_id}` ")))
            .unwrap_or_else(|| panic!("game {game_id} in {text}"));
        assert!(line.ends_with(&format!(" · 🏆 Winter cup, round {round}")), "{line}");
    }
    assert!(
        text.contains("\n**Tournaments** · 1 finished, newest first\n"),
        "{text}"
    );
    let line = text.lines().last().unwrap();
    assert!(
        line.starts_with("• 🏆 Winter cup <t:") && line.ends_with(":d> · rank 2 of 3 · 2 points"),
        "{line}"
    );

    let stats = scene.slash(&bob(), "stats", vec![]).await;
    let text = fake::content(&stats).to_string();
    assert!(
        text.contains("\nTournaments: 1 played · 0 won · 1 podium (top three) · best rank 2 of 3\n"),
        "{text}"
    );
    scene.finish().await;
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_finished_tournament_shows_in_history_and_stats);
