//! Knockouts through the service, on both backends: the bracket's first
//! rounds (the standard seeding, byes to the top seeds), eight and five
//! players played to the end, drawn games replayed with the first move
//! swapped and then decided for the higher seed, a withdrawal, a double
//! forfeit and the walkover it gives, a withdrawn semi-final loser who
//! leaves third place empty everywhere, limits refused with nothing stored,
//! and rounds paired once by two processes at once or after a crash.

use std::collections::BTreeMap;
use std::sync::Arc;

use akon::engine::{Hole, Seat, Winner};
use akon::service::{
    MovePress, Player, RoundOpened, Service, ServiceConfig, ServiceError, TimePerMove, TournamentError,
    TournamentFormat, TournamentLimit, TournamentRequest, TournamentStatus, TournamentStep,
};
use akon::store::{BoardResult, Store};

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, Fixture, SEED};

/// Entrant `i`, seed `i`: everyone starts at the same rating, so the
/// seeding follows the order they joined in.
fn p(i: u64) -> Player {
    player(100 + i, &format!("p{i}"))
}

fn organiser() -> Player {
    player(1, "org")
}

fn players_by_id(n: u64) -> BTreeMap<u64, Player> {
    (0..n).map(|i| (p(i).id, p(i))).collect()
}

/// The seed of a player of these tests.
fn seed_of(user_id: u64) -> u64 {
    user_id - 100
}

fn request(format: TournamentFormat, max_players: Option<u32>) -> TournamentRequest<'static> {
    let organiser: &'static Player = Box::leak(Box::new(organiser()));
    TournamentRequest {
        place: here(),
        organiser,
        name: "Knockout cup",
        format,
        rounds: None,
        time_per_move: TimePerMove::TenMinutes,
        max_players,
        rated: true,
        starts_at: None,
        vacations: false,
    }
}

async fn knockout_with(f: &Fixture, format: TournamentFormat, n: u64) -> i64 {
    let id = f.service.create_tournament(request(format, None)).await.unwrap().id;
    for i in 0..n {
        f.service.join_tournament(id, &p(i)).await.unwrap();
    }
    id
}

fn refusal<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> TournamentError {
    match result {
        Err(ServiceError::Tournament(error)) => error,
        other => panic!("expected a tournament's refusal, got {other:?}"),
    }
}

async fn count(f: &Fixture, sql: &str) -> i64 {
    use sqlx::Row;
    let mut connection = f.db.connect().await;
    sqlx::query(sql)
        .fetch_one(&mut connection)
        .await
        .unwrap()
        .get::<i64, _>(0)
}

async fn other_process(f: &Fixture) -> Service {
    let store = Store::open(&f.db.url).await.unwrap();
    Service::new(store, ServiceConfig::default(), Arc::new(f.clock.clone())).seeded(SEED)
}

/// The games of a round as (seed at A, seed at B), by board.
async fn round_seeds(service: &Service, id: i64, round: u32) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for game_id in service.tournament_round_games(id, round).await.unwrap() {
        let game = service.game(game_id).await.unwrap();
        out.push((
            seed_of(game.player(Seat::A).user_id),
            seed_of(game.player(Seat::B).user_id),
        ));
    }
    out
}

/// Ends game `game_id` by the resignation of its player of higher seed
/// number, unless `upset`, in which case the other resigns.
async fn decide(service: &Service, game_id: i64, upset: bool) {
    let game = service.game(game_id).await.unwrap();
    let (a, b) = (game.player(Seat::A).user_id, game.player(Seat::B).user_id);
    let loser = if upset { a.min(b) } else { a.max(b) };
    service
        .resign(game_id, &player(loser, &format!("p{}", seed_of(loser))))
        .await
        .unwrap();
}

/// The moves of a game from the opening, first mover A, that ends drawn
/// 35–35, from the independent implementation's vectors.
fn drawn_game_moves() -> Vec<i64> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/akon-vectors.jsonl")).unwrap();
    text.lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|v| v["kind"] == "opening" && v["first"] == "A" && v["final"]["winner"] == "draw")
        .expect("the vectors hold a drawn game")["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_i64().unwrap())
        .collect()
}

/// Plays the drawn game on `game_id`, move by move, as whoever is to move.
async fn play_a_draw(service: &Service, game_id: i64, players: &BTreeMap<u64, Player>) {
    for hole in drawn_game_moves() {
        let view = service.game(game_id).await.unwrap();
        let seat = view.to_move().expect("the game goes on");
        let user = &players[&view.player(seat).user_id];
        service
            .play(MovePress::new(game_id, view.ply(), Hole::new(hole).unwrap(), user))
            .await
            .unwrap();
    }
    let view = service.game(game_id).await.unwrap();
    assert_eq!(view.finished.map(|(_, winner)| winner), Some(Winner::Draw));
}

/// Each finished entrant's final rank, by seed, read outside the store.
async fn final_ranks(f: &Fixture, id: i64) -> Vec<(u64, i64)> {
    use sqlx::Row;
    let mut connection = f.db.connect().await;
    sqlx::query(&format!(
        "SELECT seed, final_rank FROM tournament_entrants WHERE tournament_id = {id} ORDER BY seed"
    ))
    .fetch_all(&mut connection)
    .await
    .unwrap()
    .iter()
    .map(|row| (row.get::<i64, _>(0) as u64, row.get::<i64, _>(1)))
    .collect()
}

/// Advances from two processes at once: exactly one of them pairs.
async fn advance_at_once(f: &Fixture, other: &Service) -> Vec<TournamentStep> {
    let (a, b) = tokio::join!(f.service.advance_tournaments(), other.advance_tournaments());
    [a, b].into_iter().flat_map(Result::unwrap).collect()
}

fn opened(steps: &[TournamentStep]) -> Vec<u32> {
    steps
        .iter()
        .filter_map(|step| match step {
            TournamentStep::Opened(RoundOpened { round, .. }) => Some(*round),
            _ => None,
        })
        .collect()
}

async fn limits_are_refused_and_nothing_is_stored() {
    let f = fixture().await;
    let s = &f.service;
    for max in [1, 257] {
        assert_eq!(
            refusal(
                s.create_tournament(request(TournamentFormat::Knockout, Some(max)))
                    .await
            ),
            TournamentError::Limit(TournamentLimit::Players { min: 2, max: 256 })
        );
    }
    let mut rounds = request(TournamentFormat::KnockoutThirdPlace, None);
    rounds.rounds = Some(2);
    assert_eq!(
        refusal(s.create_tournament(rounds).await),
        TournamentError::Limit(TournamentLimit::Rounds)
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM tournaments").await, 0);
    let id = knockout_with(&f, TournamentFormat::Knockout, 1).await;
    assert_eq!(
        refusal(s.start_tournament(id, &organiser()).await),
        TournamentError::TooFewPlayers { have: 1, need: 2 }
    );
    assert_eq!(s.tournament(id).await.unwrap().status, TournamentStatus::Created);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM tournament_pairings").await, 0);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 0);
    // The most players a knockout takes is its default.
    let full = s
        .create_tournament(request(TournamentFormat::Knockout, None))
        .await
        .unwrap();
    assert_eq!(full.max_players, 256);
}
on_both_backends!(#[tokio::test] fn limits_are_refused_and_nothing_is_stored);

async fn an_eight_player_knockout_with_third_place_is_played_to_the_end() {
    let f = fixture().await;
    let other = other_process(&f).await;
    let id = knockout_with(&f, TournamentFormat::KnockoutThirdPlace, 8).await;
    let opened_one = f.service.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(opened_one.games.len(), 4);
    assert_eq!(f.service.tournament(id).await.unwrap().rounds, Some(3));
    // 1–8, 4–5, 2–7, 3–6, the higher seed moving first.
    assert_eq!(round_seeds(&f.service, id, 1).await, [(0, 7), (3, 4), (1, 6), (2, 5)]);
    // Seed 5 beats seed 4.
    for (board, game) in opened_one.games.iter().enumerate() {
        decide(&f.service, *game, board == 1).await;
    }
    let steps = advance_at_once(&f, &other).await;
    assert_eq!(opened(&steps), [2], "{steps:?}");
    assert_eq!(round_seeds(&f.service, id, 2).await, [(0, 4), (1, 2)]);
    for game in f.service.tournament_round_games(id, 2).await.unwrap() {
        decide(&f.service, game, false).await;
    }
    let steps = advance_at_once(&f, &other).await;
    assert_eq!(opened(&steps), [3], "{steps:?}");
    // The final on board 1, the semi-finals' losers for third place on 2.
    assert_eq!(round_seeds(&f.service, id, 3).await, [(0, 1), (2, 4)]);
    for game in f.service.tournament_round_games(id, 3).await.unwrap() {
        decide(&f.service, game, false).await;
    }
    let steps = advance_at_once(&f, &other).await;
    let finished = steps
        .iter()
        .filter(|s| matches!(s, TournamentStep::Finished { .. }))
        .count();
    assert_eq!(finished, 1, "{steps:?}");
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
    assert_eq!(
        final_ranks(&f, id).await,
        [(0, 1), (1, 2), (2, 3), (3, 5), (4, 4), (5, 5), (6, 5), (7, 5)]
    );
    let standings = f.service.tournament_standings(id).await.unwrap();
    let by_rank: Vec<(usize, u64, u32)> = standings
        .iter()
        .map(|s| (s.rank, seed_of(s.entrant.player.user_id), s.half_points))
        .collect();
    assert_eq!(&by_rank[..4], [(1, 0, 6), (2, 1, 4), (3, 2, 4), (4, 4, 2)]);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 8);
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn an_eight_player_knockout_with_third_place_is_played_to_the_end);

async fn five_players_give_the_top_three_seeds_a_bye() {
    let f = fixture().await;
    let id = knockout_with(&f, TournamentFormat::Knockout, 5).await;
    let opened_one = f.service.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(f.service.tournament(id).await.unwrap().rounds, Some(3));
    assert_eq!(round_seeds(&f.service, id, 1).await, [(3, 4)]);
    assert_eq!(
        count(&f, &format!("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = {id} AND round = 1 AND outcome = 'bye' AND first_seed < 3")).await,
        3
    );
    // Seed 5 beats seed 4 and meets seed 1.
    decide(&f.service, opened_one.games[0], true).await;
    assert_eq!(opened(&f.service.advance_tournaments().await.unwrap()), [2]);
    assert_eq!(round_seeds(&f.service, id, 2).await, [(0, 4), (1, 2)]);
    for game in f.service.tournament_round_games(id, 2).await.unwrap() {
        decide(&f.service, game, false).await;
    }
    assert_eq!(opened(&f.service.advance_tournaments().await.unwrap()), [3]);
    assert_eq!(round_seeds(&f.service, id, 3).await, [(0, 1)]);
    // Seed 2 wins the final.
    decide(
        &f.service,
        f.service.tournament_round_games(id, 3).await.unwrap()[0],
        true,
    )
    .await;
    f.service.advance_tournaments().await.unwrap();
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
    assert_eq!(final_ranks(&f, id).await, [(0, 2), (1, 1), (2, 3), (3, 5), (4, 3)]);
}
on_both_backends!(#[tokio::test] fn five_players_give_the_top_three_seeds_a_bye);

async fn drawn_games_are_replayed_with_the_first_move_swapped_then_the_higher_seed_goes_through() {
    let f = fixture().await;
    let other = other_process(&f).await;
    let players = players_by_id(2);
    let id = knockout_with(&f, TournamentFormat::Knockout, 2).await;
    let first = f.service.start_tournament(id, &organiser()).await.unwrap().games[0];
    assert_eq!(round_seeds(&f.service, id, 1).await, [(0, 1)]);
    let mut game = first;
    for replay in 1..=2 {
        play_a_draw(&f.service, game, &players).await;
        let steps = advance_at_once(&f, &other).await;
        let replays: Vec<&RoundOpened> = steps
            .iter()
            .filter_map(|s| match s {
                TournamentStep::Replayed(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(replays.len(), 1, "replayed once: {steps:?}");
        assert_eq!(replays[0].games.len(), 1);
        game = replays[0].games[0];
        let seats = round_seeds(&f.service, id, 1).await;
        let expected = if replay == 1 { (1, 0) } else { (0, 1) };
        assert_eq!(seats, [expected], "replay {replay} swaps the first move");
        assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, replay + 1);
        assert_eq!(count(&f, "SELECT COUNT(*) FROM tournament_replays").await, replay);
        assert_eq!(
            f.service.tournament(id).await.unwrap().status,
            TournamentStatus::Running
        );
    }
    // The third draw: no more replays, the higher seed goes through.
    play_a_draw(&f.service, game, &players).await;
    let steps = advance_at_once(&f, &other).await;
    assert!(
        !steps.iter().any(|s| matches!(s, TournamentStep::Replayed(_))),
        "{steps:?}"
    );
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 3);
    assert_eq!(final_ranks(&f, id).await, [(0, 1), (1, 2)]);
    let standings = f.service.tournament_standings(id).await.unwrap();
    assert_eq!(standings[0].games_played, 3);
    // Each of the three games is in the players' history as the
    // tournament's, round 1.
    let history = f.store.history(p(0).id, 0, 10).await.unwrap();
    assert_eq!(history.len(), 3);
    for row in &history {
        assert_eq!(
            (row.tournament_name.as_deref(), row.tournament_round),
            (Some("Knockout cup"), Some(1)),
            "{row:?}"
        );
    }
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn drawn_games_are_replayed_with_the_first_move_swapped_then_the_higher_seed_goes_through);

async fn a_withdrawal_advances_the_opponent_and_forfeits_the_next_match() {
    let f = fixture().await;
    let players = players_by_id(4);
    let id = knockout_with(&f, TournamentFormat::Knockout, 4).await;
    let games = f.service.start_tournament(id, &organiser()).await.unwrap().games;
    assert_eq!(round_seeds(&f.service, id, 1).await, [(0, 3), (1, 2)]);
    // Seed 4 withdraws during their game against seed 1, who goes through.
    let view = f.service.game(games[0]).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap();
    f.service
        .play(MovePress::new(games[0], 0, hole, &players[&p(0).id]))
        .await
        .unwrap();
    f.service.withdraw_from_tournament(id, &p(3)).await.unwrap();
    let ended = f.service.game(games[0]).await.unwrap();
    assert_eq!(ended.finished.map(|(_, w)| w), Some(Winner::Seat(Seat::A)));
    // Seed 1 withdraws too, before the final is paired.
    f.service.withdraw_from_tournament(id, &p(0)).await.unwrap();
    decide(&f.service, games[1], false).await;
    f.service.advance_tournaments().await.unwrap();
    // The final is forfeited to seed 2 without a game.
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 2);
    assert_eq!(
        count(&f, &format!("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = {id} AND round = 2 AND outcome = 'second_won_by_forfeit' AND game_id IS NULL")).await,
        1
    );
    assert_eq!(final_ranks(&f, id).await, [(0, 2), (1, 1), (2, 3), (3, 3)]);
}
on_both_backends!(#[tokio::test] fn a_withdrawal_advances_the_opponent_and_forfeits_the_next_match);

async fn a_double_forfeit_gives_the_next_opponent_a_walkover() {
    let f = fixture().await;
    let id = knockout_with(&f, TournamentFormat::KnockoutThirdPlace, 4).await;
    let games = f.service.start_tournament(id, &organiser()).await.unwrap().games;
    // Seeds 1 and 4 never move: the game is aborted, both are out.
    f.service.abort(games[0], &p(0)).await.unwrap();
    decide(&f.service, games[1], false).await;
    f.service.advance_tournaments().await.unwrap();
    // Seed 2 has a walkover in the final, seed 3 one for third place.
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 2);
    assert_eq!(
        count(
            &f,
            &format!(
                "SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = {id} AND round = 2 AND outcome = 'bye'"
            )
        )
        .await,
        2
    );
    assert_eq!(final_ranks(&f, id).await, [(0, 3), (1, 1), (2, 3), (3, 3)]);
}
on_both_backends!(#[tokio::test] fn a_double_forfeit_gives_the_next_opponent_a_walkover);

async fn a_crash_between_the_last_result_and_the_next_round_pairs_it_once() {
    let f = fixture().await;
    let id = knockout_with(&f, TournamentFormat::Knockout, 6).await;
    let games = f.service.start_tournament(id, &organiser()).await.unwrap().games;
    // Six players: seeds 1 and 2 have byes.
    assert_eq!(round_seeds(&f.service, id, 1).await, [(3, 4), (2, 5)]);
    decide(&f.service, games[0], false).await;
    decide(&f.service, games[1], false).await;
    // A process records the round's last results, then dies before pairing.
    let dying = Store::open(&f.db.url).await.unwrap();
    let mut results = Vec::new();
    for (board, game) in [(2, games[0]), (3, games[1])] {
        let row = f.store.game(game).await.unwrap().unwrap();
        let outcome = match row.winner {
            Some(Winner::Seat(Seat::A)) => akon::tournament::Outcome::FirstWon,
            other => panic!("the higher seed won: {other:?}"),
        };
        results.push(BoardResult {
            board,
            outcome,
            captured_first: row.captured_a,
            captured_second: row.captured_b,
        });
    }
    dying.record_board_results(id, 1, &results).await.unwrap();
    drop(dying);
    let restarted = other_process(&f).await;
    let third = other_process(&f).await;
    let (a, b) = tokio::join!(restarted.advance_tournaments(), third.advance_tournaments());
    let steps: Vec<TournamentStep> = [a, b].into_iter().flat_map(Result::unwrap).collect();
    assert_eq!(opened(&steps), [2], "{steps:?}");
    assert_eq!(round_seeds(&restarted, id, 2).await, [(0, 3), (1, 2)]);
    assert!(f.service.advance_tournaments().await.unwrap().is_empty());
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 4);
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_crash_between_the_last_result_and_the_next_round_pairs_it_once);

async fn the_web_page_shows_the_rounds_with_walkovers_and_no_tie_breaks() {
    let f = fixture().await;
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let server = akon::web::serve(listener, f.service.clone()).unwrap();
    let id = knockout_with(&f, TournamentFormat::KnockoutThirdPlace, 4).await;
    let games = f.service.start_tournament(id, &organiser()).await.unwrap().games;
    f.service.abort(games[0], &p(0)).await.unwrap();
    decide(&f.service, games[1], false).await;
    f.service.advance_tournaments().await.unwrap();
    let token = f.service.tournament_page_token(id).await.unwrap().unwrap();
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let url = format!("http://{}/t/{token}", server.addr());
    let html = client.get(&url).send().await.unwrap().text().await.unwrap();
    for expected in [
        "Knockout with a third-place match",
        "Round 1",
        "Round 2",
        "walkover",
        "p1",
        "p2",
    ] {
        assert!(html.contains(expected), "{expected}: {html}");
    }
    assert!(
        !html.contains(">SB<") && !html.contains(">BC1<"),
        "no tie-breaks: {html}"
    );
    // The bracket drawn inline, described for screen readers.
    assert!(html.contains("<h2>Bracket</h2>"), "{html}");
    let bracket = html
        .split(r#"class="table bracket""#)
        .nth(1)
        .expect("the bracket's box");
    assert!(
        bracket.contains(r#"role="img""#) && bracket.contains("aria-label=\"Bracket of Knockout cup."),
        "{bracket}"
    );
    assert!(bracket.contains("<svg") && bracket.contains(">p1<"), "{bracket}");
    let french = client
        .get(format!("{url}?lang=fr"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        french.contains("Élimination directe avec petite finale") && french.contains("qualifié d"),
        "{french}"
    );
    server.stop().await;
}
on_both_backends!(#[tokio::test] fn the_web_page_shows_the_rounds_with_walkovers_and_no_tie_breaks);

/// Three players with a match for third place: seed 1 has a bye through
/// the semi-finals, seed 3 withdraws during their semi-final against seed
/// 2. Their walkover to third place is left out, so nobody is third:
/// seed 3 is fourth in the standings and the final placings, the bracket
/// has no third-place match and its description names no third place.
/// The game the withdrawal ended says so on its final board.
async fn a_withdrawn_semi_final_loser_leaves_third_place_empty_everywhere() {
    use akon::i18n::Language;
    use akon::picture::{bracket_description, BracketPicture};
    use akon::service::EndReason;
    let f = fixture().await;
    let players = players_by_id(3);
    let id = knockout_with(&f, TournamentFormat::KnockoutThirdPlace, 3).await;
    let games = f.service.start_tournament(id, &organiser()).await.unwrap().games;
    assert_eq!(round_seeds(&f.service, id, 1).await, [(1, 2)]);
    let view = f.service.game(games[0]).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap();
    f.service
        .play(MovePress::new(games[0], 0, hole, &players[&p(1).id]))
        .await
        .unwrap();
    f.service.withdraw_from_tournament(id, &p(2)).await.unwrap();
    let ended = f.service.game(games[0]).await.unwrap();
    let Some((reason @ EndReason::Withdrawal { seat: Seat::B }, winner)) = ended.finished else {
        panic!("{:?}", ended.finished);
    };
    let line = akon::game_text::result_line(Language::English, &ended, reason, winner, |s| {
        ended.player(s).name.clone()
    });
    assert!(line.contains("p2 withdrew from the tournament"), "{line}");
    f.service.advance_tournaments().await.unwrap();
    // The final only: the withdrawn loser's walkover to third place is left out.
    let final_games = f.service.tournament_round_games(id, 2).await.unwrap();
    assert_eq!(final_games.len(), 1);
    decide(&f.service, final_games[0], false).await;
    f.service.advance_tournaments().await.unwrap();
    let view = f.service.tournament(id).await.unwrap();
    assert_eq!(view.status, TournamentStatus::Finished);
    assert_eq!(final_ranks(&f, id).await, [(0, 1), (1, 2), (2, 4)]);
    let standings = f.service.tournament_standings(id).await.unwrap();
    let ranks: Vec<(String, usize)> = standings
        .iter()
        .map(|s| (s.entrant.player.name.clone(), s.rank))
        .collect();
    assert_eq!(ranks, [("p0".into(), 1), ("p1".into(), 2), ("p2".into(), 4)]);
    let bracket = f.service.knockout_bracket(id).await.unwrap();
    assert!(bracket.iter().all(|m| !m.third_place), "{bracket:?}");
    let description = bracket_description(
        &BracketPicture {
            language: Language::English,
            view: &view,
            bracket: &bracket,
        },
        2000,
    );
    assert!(!description.to_lowercase().contains("third"), "{description}");
    // The picture draws no third-place match nor column either.
    let svg = akon::picture::bracket_svg(&BracketPicture {
        language: Language::English,
        view: &view,
        bracket: &bracket,
    });
    assert!(!svg.contains("Third place"), "{svg}");
    assert!(description.contains("p0"), "{description}");
}
on_both_backends!(#[tokio::test] fn a_withdrawn_semi_final_loser_leaves_third_place_empty_everywhere);
