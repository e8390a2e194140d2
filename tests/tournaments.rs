//! Tournaments through the service, on both backends: refusals that change
//! nothing, a Swiss and a round robin played to the end (games resigned,
//! played out and lost on time), rounds paired once however often, however
//! concurrently and after whatever crash the step is run.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use akon::ai::Level;
use akon::engine::{Game, Hole, Seat, Winner};
use akon::service::{
    EndReason, GameRating, MovePress, Player, RoundOpened, Service, ServiceConfig, ServiceError, TimePerMove,
    TournamentError, TournamentFormat, TournamentLimit, TournamentRequest, TournamentStatus, TournamentStep,
    TournamentView, Unrated,
};
use akon::store::{BoardResult, Store};

use crate::support::service_fixture;

use service_fixture::{fixture, fixture_with, here, player, start_game, Fixture, SEED};

/// Entrant `i`: a lower number always wins a decided game in these tests.
fn p(i: u64) -> Player {
    player(100 + i, &format!("p{i}"))
}

fn organiser() -> Player {
    player(1, "org")
}

fn bot() -> Player {
    Player {
        id: 99,
        name: "akon".into(),
        is_bot: true,
    }
}

fn request(format: TournamentFormat, max_players: Option<u32>, rounds: Option<u32>) -> TournamentRequest<'static> {
    // Leaked once per call: the request borrows its organiser.
    let organiser: &'static Player = Box::leak(Box::new(organiser()));
    TournamentRequest {
        place: here(),
        organiser,
        name: "Winter cup",
        format,
        rounds,
        time_per_move: TimePerMove::TenMinutes,
        max_players,
        rated: true,
        starts_at: None,
        vacations: false,
    }
}

fn refusal<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> TournamentError {
    match result {
        Err(ServiceError::Tournament(error)) => error,
        other => panic!("expected a tournament's refusal, got {other:?}"),
    }
}

/// A tournament of `format` with entrants `p(0)`…`p(n-1)`, joined in order.
async fn tournament_with(f: &Fixture, format: TournamentFormat, n: u64, rounds: Option<u32>) -> i64 {
    let id = f
        .service
        .create_tournament(request(format, None, rounds))
        .await
        .unwrap()
        .id;
    for i in 0..n {
        f.service.join_tournament(id, &p(i)).await.unwrap();
    }
    id
}

/// Rows of a table, counted outside the store.
async fn count(f: &Fixture, sql: &str) -> i64 {
    use sqlx::Row;
    let mut connection = f.db.connect().await;
    sqlx::query(sql)
        .fetch_one(&mut connection)
        .await
        .unwrap()
        .get::<i64, _>(0)
}

/// A second process on the same database.
async fn other_process(f: &Fixture) -> Service {
    let store = Store::open(&f.db.url).await.unwrap();
    Service::new(store, ServiceConfig::default(), Arc::new(f.clock.clone())).seeded(SEED)
}

fn players_by_id(n: u64) -> BTreeMap<u64, Player> {
    (0..n).map(|i| (p(i).id, p(i))).collect()
}

/// Plays the move that captures most, as whoever is to move.
async fn play_one(service: &Service, game_id: i64, players: &BTreeMap<u64, Player>) {
    let view = service.game(game_id).await.unwrap();
    let seat = view.to_move().expect("the game goes on");
    let user = &players[&view.player(seat).user_id];
    let hole = greedy(&view.game);
    service
        .play(MovePress::new(game_id, view.ply(), hole, user))
        .await
        .unwrap();
}

fn greedy(game: &Game) -> Hole {
    game.legal_moves()
        .iter()
        .max_by_key(|&h| {
            let mut position = *game.position();
            (position.play_unchecked(h).captured, std::cmp::Reverse(h))
        })
        .unwrap()
}

/// Finishes every game of the tournament's current round: the first is
/// played out move by move, the second lost on time by its higher-numbered
/// player after a few moves, the others resigned by the higher-numbered
/// player.
async fn play_round(f: &Fixture, service: &Service, tournament_id: i64, round: u32, n: u64) {
    let players = players_by_id(n);
    let games = service.tournament_round_games(tournament_id, round).await.unwrap();
    assert!(!games.is_empty());
    let mut on_time = None;
    for (board, &game_id) in games.iter().enumerate() {
        let view = service.game(game_id).await.unwrap();
        let loser_seat = if view.player(Seat::A).user_id > view.player(Seat::B).user_id {
            Seat::A
        } else {
            Seat::B
        };
        match board {
            0 => {
                while service.game(game_id).await.unwrap().finished.is_none() {
                    play_one(service, game_id, &players).await;
                }
            }
            1 => {
                // Moves until the loser is to move, both having moved.
                loop {
                    let view = service.game(game_id).await.unwrap();
                    if view.ply() >= 2 && view.to_move() == Some(loser_seat) {
                        break;
                    }
                    play_one(service, game_id, &players).await;
                }
                on_time = Some(game_id);
            }
            _ => {
                let loser = &players[&view.player(loser_seat).user_id];
                service.resign(game_id, loser).await.unwrap();
            }
        }
    }
    if let Some(game_id) = on_time {
        f.clock.advance(TimePerMove::TenMinutes.seconds() + 1);
        service.tick().await.unwrap();
        let view = service.game(game_id).await.unwrap();
        assert!(
            matches!(view.finished, Some((akon::service::EndReason::Timeout { .. }, _))),
            "{:?}",
            view.finished
        );
    }
}

/// Each player's points in halves, counted from the games themselves and
/// the byes: the sum the standings must show.
async fn points_from_games(service: &Service, view: &TournamentView) -> BTreeMap<u64, u32> {
    let mut points: BTreeMap<u64, u32> = view.entrants.iter().map(|e| (e.player.user_id, 0)).collect();
    let mut in_round = BTreeSet::new();
    for round in 1..=view.current_round {
        in_round.clear();
        for game_id in service.tournament_round_games(view.id, round).await.unwrap() {
            let game = service.game(game_id).await.unwrap();
            let (a, b) = (game.player(Seat::A).user_id, game.player(Seat::B).user_id);
            assert!(
                in_round.insert(a) && in_round.insert(b),
                "a player twice in round {round}"
            );
            match game.finished.expect("every game of a finished round ended").1 {
                Winner::Seat(Seat::A) => *points.get_mut(&a).unwrap() += 2,
                Winner::Seat(Seat::B) => *points.get_mut(&b).unwrap() += 2,
                Winner::Draw => {
                    *points.get_mut(&a).unwrap() += 1;
                    *points.get_mut(&b).unwrap() += 1;
                }
            }
        }
        // Whoever had no game sat the round out: a bye is a win.
        for entrant in &view.entrants {
            if !in_round.contains(&entrant.player.user_id) {
                *points.get_mut(&entrant.player.user_id).unwrap() += 2;
            }
        }
    }
    points
}

/// The pairs that met, each as (lower id, higher id), with how often.
async fn encounters(service: &Service, view: &TournamentView) -> BTreeMap<(u64, u64), u32> {
    let mut met = BTreeMap::new();
    for round in 1..=view.current_round {
        for game_id in service.tournament_round_games(view.id, round).await.unwrap() {
            let game = service.game(game_id).await.unwrap();
            let (a, b) = (game.player(Seat::A).user_id, game.player(Seat::B).user_id);
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
    }
    met
}

/// Plays the tournament to its end, one round after the other, advancing
/// after each: returns the rounds opened.
async fn play_to_the_end(f: &Fixture, id: i64, n: u64) -> Vec<u32> {
    let mut opened = vec![1];
    loop {
        let view = f.service.tournament(id).await.unwrap();
        if view.status == TournamentStatus::Finished {
            return opened;
        }
        play_round(f, &f.service, id, view.current_round, n).await;
        for step in f.service.advance_tournaments().await.unwrap() {
            if let TournamentStep::Opened(RoundOpened { round, .. }) = step {
                opened.push(round);
            }
        }
    }
}

async fn refusals_change_nothing() {
    let f = fixture().await;
    let s = &f.service;
    // Limits of a new tournament.
    let limit = |format, max, rounds| s.create_tournament(request(format, max, rounds));
    assert_eq!(
        refusal(limit(TournamentFormat::RoundRobin, Some(65), None).await),
        TournamentError::Limit(TournamentLimit::Players { min: 2, max: 64 })
    );
    assert_eq!(
        refusal(limit(TournamentFormat::Swiss, Some(513), None).await),
        TournamentError::Limit(TournamentLimit::Players { min: 2, max: 512 })
    );
    assert_eq!(
        refusal(limit(TournamentFormat::Swiss, Some(1), None).await),
        TournamentError::Limit(TournamentLimit::Players { min: 2, max: 512 })
    );
    assert_eq!(
        refusal(limit(TournamentFormat::RoundRobin, None, Some(3)).await),
        TournamentError::Limit(TournamentLimit::Rounds)
    );
    let mut unnamed = request(TournamentFormat::Swiss, None, None);
    unnamed.name = "   ";
    assert_eq!(
        refusal(s.create_tournament(unnamed).await),
        TournamentError::Limit(TournamentLimit::Name)
    );
    // A name one character over the limit is refused, not cut.
    let too_long = "x".repeat(101);
    let mut overlong = request(TournamentFormat::Swiss, None, None);
    overlong.name = &too_long;
    assert_eq!(
        refusal(s.create_tournament(overlong).await),
        TournamentError::Limit(TournamentLimit::Name)
    );
    let mut elsewhere = request(TournamentFormat::Swiss, None, None);
    elsewhere.place.guild_id = None;
    assert!(matches!(
        s.create_tournament(elsewhere).await,
        Err(ServiceError::NotInAServer)
    ));
    assert_eq!(count(&f, "SELECT COUNT(*) FROM tournaments").await, 0);

    // Unknown ids.
    assert_eq!(refusal(s.join_tournament(404, &p(0)).await), TournamentError::NotFound);
    assert_eq!(refusal(s.leave_tournament(404, &p(0)).await), TournamentError::NotFound);
    assert_eq!(
        refusal(s.start_tournament(404, &organiser()).await),
        TournamentError::NotFound
    );
    assert_eq!(refusal(s.tournament_standings(404).await), TournamentError::NotFound);
    assert_eq!(
        refusal(s.add_computer_entrant(404, &organiser(), &bot(), Level::Easy).await),
        TournamentError::NotFound
    );

    // A field of two at most.
    let id = s
        .create_tournament(request(TournamentFormat::RoundRobin, Some(2), None))
        .await
        .unwrap()
        .id;
    s.join_tournament(id, &p(0)).await.unwrap();
    let before = s.tournament(id).await.unwrap();
    assert_eq!(
        refusal(s.join_tournament(id, &p(0)).await),
        TournamentError::AlreadyEntered
    );
    assert_eq!(
        refusal(s.leave_tournament(id, &p(1)).await),
        TournamentError::NotEntered
    );
    assert_eq!(
        refusal(s.start_tournament(id, &organiser()).await),
        TournamentError::TooFewPlayers { have: 1, need: 2 }
    );
    assert_eq!(
        s.tournament(id).await.unwrap(),
        before,
        "refusals changed the tournament"
    );
    s.join_tournament(id, &p(1)).await.unwrap();
    assert_eq!(refusal(s.join_tournament(id, &p(2)).await), TournamentError::Full);
    assert_eq!(
        refusal(s.add_computer_entrant(id, &organiser(), &bot(), Level::Easy).await),
        TournamentError::Full
    );
    assert_eq!(
        refusal(s.start_tournament(id, &p(0)).await),
        TournamentError::NotOrganiser
    );
    assert_eq!(
        refusal(s.add_computer_entrant(id, &p(0), &bot(), Level::Easy).await),
        TournamentError::NotOrganiser
    );
    let before = s.tournament(id).await.unwrap();
    assert_eq!(before.status, TournamentStatus::Created);
    assert_eq!(before.entrants.len(), 2);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 0);

    // Started: nobody joins, leaves or starts it again.
    let opened = s.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!((opened.round, opened.games.len(), opened.bye), (1, 1, None));
    assert_eq!(
        refusal(s.join_tournament(id, &p(3)).await),
        TournamentError::NotOpen(TournamentStatus::Running)
    );
    assert_eq!(
        refusal(s.leave_tournament(id, &p(0)).await),
        TournamentError::NotOpen(TournamentStatus::Running)
    );
    assert_eq!(
        refusal(s.start_tournament(id, &organiser()).await),
        TournamentError::NotOpen(TournamentStatus::Running)
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 1);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM tournament_entrants").await, 2);
}
on_both_backends!(#[tokio::test] fn refusals_change_nothing);

/// A tournament's name may be longer than a player's: up to the limit it is
/// kept whole.
async fn a_long_name_is_kept_whole() {
    let f = fixture().await;
    let long_name = "Grand tournoi d'hiver du club".repeat(3);
    let mut long = request(TournamentFormat::Swiss, None, None);
    long.name = &long_name;
    assert!(long_name.chars().count() > 32);
    assert_eq!(f.service.create_tournament(long).await.unwrap().name, long_name);
}
on_both_backends!(#[tokio::test] fn a_long_name_is_kept_whole);

async fn joining_leaving_and_the_computer_before_the_start() {
    let f = fixture().await;
    let s = &f.service;
    let id = tournament_with(&f, TournamentFormat::RoundRobin, 3, None).await;
    let view = s.leave_tournament(id, &p(1)).await.unwrap();
    let ids: Vec<u64> = view.entrants.iter().map(|e| e.player.user_id).collect();
    assert_eq!(ids, vec![p(0).id, p(2).id]);
    // Left, one may join again.
    s.join_tournament(id, &p(1)).await.unwrap();
    let view = s
        .add_computer_entrant(id, &organiser(), &bot(), Level::Easy)
        .await
        .unwrap();
    assert_eq!(view.entrants.len(), 4);
    assert_eq!(view.entrants[3].computer, Some(Level::Easy));
    // One computer per tournament: two could not meet in a game.
    assert_eq!(
        refusal(s.add_computer_entrant(id, &organiser(), &bot(), Level::Hard).await),
        TournamentError::AlreadyEntered
    );
    let opened = s.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(opened.games.len(), 2);
    let view = s.tournament(id).await.unwrap();
    assert_eq!(view.rounds, Some(3));
    let seeds: Vec<Option<usize>> = view.entrants.iter().map(|e| e.seed).collect();
    assert_eq!(seeds, vec![Some(0), Some(1), Some(2), Some(3)]);
    // The computer's game has the computer in its seat, at its level, and
    // every game the tournament's time per move.
    let mut computer_games = 0;
    for game_id in opened.games {
        let game = s.game(game_id).await.unwrap();
        assert_eq!(game.seconds_per_move, Some(TimePerMove::TenMinutes.seconds()));
        assert_eq!(game.ply(), 0);
        assert_eq!(game.to_move(), Some(Seat::A), "the pairing's first moves first");
        if let Some(computer) = game.computer {
            computer_games += 1;
            assert_eq!(computer.level, Level::Easy);
            assert_eq!(game.player(computer.seat).user_id, bot().id);
        }
    }
    assert_eq!(computer_games, 1);
}
on_both_backends!(#[tokio::test] fn joining_leaving_and_the_computer_before_the_start);

async fn an_eight_player_swiss_of_three_rounds_is_played_to_the_end() {
    let f = fixture().await;
    let n = 8;
    let id = tournament_with(&f, TournamentFormat::Swiss, n, Some(3)).await;
    let opened = f.service.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!((opened.games.len(), opened.bye), (4, None));
    assert_eq!(play_to_the_end(&f, id, n).await, vec![1, 2, 3]);
    let view = f.service.tournament(id).await.unwrap();
    assert_eq!(
        (view.status, view.current_round, view.rounds),
        (TournamentStatus::Finished, 3, Some(3))
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 12);
    // Nobody met anyone twice.
    let met = encounters(&f.service, &view).await;
    assert_eq!(met.values().sum::<u32>(), 12);
    assert!(met.values().all(|&times| times == 1), "{met:?}");
    // The standings add up the games, best first.
    let points = points_from_games(&f.service, &view).await;
    let standings = f.service.tournament_standings(id).await.unwrap();
    assert_eq!(standings.len(), 8);
    for line in &standings {
        assert_eq!(line.half_points, points[&line.entrant.player.user_id], "{line:?}");
    }
    assert_eq!(standings.iter().map(|l| l.half_points).sum::<u32>(), 24);
    assert!(standings
        .windows(2)
        .all(|w| w[0].half_points >= w[1].half_points && w[0].rank <= w[1].rank));
    assert_eq!(standings[0].rank, 1);
    // Once finished, more steps do nothing.
    assert!(f.service.advance_tournaments().await.unwrap().is_empty());
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 12);
}
on_both_backends!(#[tokio::test] fn an_eight_player_swiss_of_three_rounds_is_played_to_the_end);

async fn a_five_player_round_robin_is_played_to_the_end() {
    let f = fixture().await;
    let n = 5;
    let id = tournament_with(&f, TournamentFormat::RoundRobin, n, None).await;
    let opened = f.service.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(opened.games.len(), 2);
    assert!(opened.bye.is_some(), "an odd field has a bye each round");
    assert_eq!(play_to_the_end(&f, id, n).await, vec![1, 2, 3, 4, 5]);
    let view = f.service.tournament(id).await.unwrap();
    assert_eq!((view.status, view.current_round), (TournamentStatus::Finished, 5));
    // Every pair met exactly once.
    let met = encounters(&f.service, &view).await;
    assert_eq!(met.len(), 10);
    assert!(met.values().all(|&times| times == 1), "{met:?}");
    let points = points_from_games(&f.service, &view).await;
    let standings = f.service.tournament_standings(id).await.unwrap();
    for line in &standings {
        assert_eq!(line.half_points, points[&line.entrant.player.user_id], "{line:?}");
        assert_eq!(line.games_played, 4, "{line:?}");
    }
    // Ten games and five byes.
    assert_eq!(standings.iter().map(|l| l.half_points).sum::<u32>(), 30);
    assert!(standings
        .windows(2)
        .all(|w| w[0].half_points >= w[1].half_points && w[0].rank <= w[1].rank));
}
on_both_backends!(#[tokio::test] fn a_five_player_round_robin_is_played_to_the_end);

async fn two_starts_at_once_give_one_outcome() {
    let f = fixture().await;
    let id = tournament_with(&f, TournamentFormat::Swiss, 6, None).await;
    let other = other_process(&f).await;
    let org = organiser();
    let (a, b) = tokio::join!(f.service.start_tournament(id, &org), other.start_tournament(id, &org));
    let started = [&a, &b].iter().filter(|r| r.is_ok()).count();
    assert_eq!(started, 1, "{a:?} {b:?}");
    let refused = if a.is_ok() { b } else { a };
    assert_eq!(refusal(refused), TournamentError::NotOpen(TournamentStatus::Running));
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 3);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM tournament_pairings").await, 3);
    // ceil(log2 6) + 1.
    assert_eq!(f.service.tournament(id).await.unwrap().rounds, Some(4));
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn two_starts_at_once_give_one_outcome);

async fn advancing_twice_or_at_once_pairs_each_round_once() {
    let f = fixture().await;
    let n = 8;
    let id = tournament_with(&f, TournamentFormat::Swiss, n, Some(3)).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    let other = other_process(&f).await;
    // Nothing ended: nothing to do.
    assert!(f.service.advance_tournaments().await.unwrap().is_empty());
    for round in 1..=3u32 {
        play_round(&f, &f.service, id, round, n).await;
        let (a, b, c) = tokio::join!(
            f.service.advance_tournaments(),
            other.advance_tournaments(),
            f.service.advance_tournaments()
        );
        let steps: Vec<TournamentStep> = [a, b, c].into_iter().flat_map(Result::unwrap).collect();
        let opened = steps.iter().filter(|s| matches!(s, TournamentStep::Opened(_))).count();
        let finished = steps
            .iter()
            .filter(|s| matches!(s, TournamentStep::Finished { .. }))
            .count();
        if round < 3 {
            assert_eq!((opened, finished), (1, 0), "{steps:?}");
        } else {
            assert_eq!((opened, finished), (0, 1), "{steps:?}");
        }
        // Again, on both: nothing more.
        assert!(f.service.advance_tournaments().await.unwrap().is_empty());
        assert!(other.advance_tournaments().await.unwrap().is_empty());
        let rounds = i64::from(round.min(2) + 1);
        assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 4 * rounds);
        assert_eq!(count(&f, "SELECT COUNT(*) FROM tournament_pairings").await, 4 * rounds);
        assert_eq!(
            count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE outcome IS NOT NULL").await,
            4 * i64::from(round)
        );
    }
    assert_eq!(
        f.service.tournament(id).await.unwrap().status,
        TournamentStatus::Finished
    );
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn advancing_twice_or_at_once_pairs_each_round_once);

async fn a_crash_between_steps_loses_nothing_and_pairs_once() {
    let f = fixture().await;
    let n = 5;
    let id = tournament_with(&f, TournamentFormat::RoundRobin, n, None).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    let players = players_by_id(n);
    let games = f.service.tournament_round_games(id, 1).await.unwrap();
    assert_eq!(games.len(), 2);

    // One game ends and its result is recorded; the process dies.
    let first = f.service.game(games[0]).await.unwrap();
    let loser = first.player(Seat::A).user_id.max(first.player(Seat::B).user_id);
    f.service.resign(games[0], &players[&loser]).await.unwrap();
    let steps = f.service.advance_tournaments().await.unwrap();
    assert!(
        matches!(steps[..], [TournamentStep::Recorded { boards: 1, .. }]),
        "{steps:?}"
    );
    let restarted = other_process(&f).await;

    // The other game ends while no process runs the step.
    let second = restarted.game(games[1]).await.unwrap();
    let loser = second.player(Seat::A).user_id.max(second.player(Seat::B).user_id);
    restarted.resign(games[1], &players[&loser]).await.unwrap();

    let recorded = count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE outcome IS NOT NULL").await;
    assert_eq!(recorded, 2, "the first result and the bye");
    // A process records the second result, its first transaction, and
    // dies before the next: the round is complete but not followed.
    let row = f.store.game(games[1]).await.unwrap().unwrap();
    let outcome = match row.winner {
        Some(Winner::Seat(Seat::A)) => akon::tournament::Outcome::FirstWon,
        Some(Winner::Seat(Seat::B)) => akon::tournament::Outcome::SecondWon,
        other => panic!("a resigned game has a winner: {other:?}"),
    };
    let dying = Store::open(&f.db.url).await.unwrap();
    dying
        .record_board_results(
            id,
            1,
            &[BoardResult {
                board: 2,
                outcome,
                captured_first: row.captured_a,
                captured_second: row.captured_b,
            }],
        )
        .await
        .unwrap();
    drop(dying);
    let steps = restarted.advance_tournaments().await.unwrap();
    assert!(
        matches!(steps[..], [TournamentStep::Opened(RoundOpened { round: 2, .. })]),
        "{steps:?}"
    );
    // The dead process's service, or a third, finds nothing more to do.
    let third = other_process(&f).await;
    assert!(third.advance_tournaments().await.unwrap().is_empty());
    assert!(f.service.advance_tournaments().await.unwrap().is_empty());
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 4);
    assert_eq!(
        count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE round = 2").await,
        3
    );
    let view = third.tournament(id).await.unwrap();
    assert_eq!(view.current_round, 2);
    let standings = third.tournament_standings(id).await.unwrap();
    // Two games, the bye of round 1 and the bye of round 2, known once paired.
    assert_eq!(standings.iter().map(|l| l.half_points).sum::<u32>(), 8);
}
on_both_backends!(#[tokio::test] fn a_crash_between_steps_loses_nothing_and_pairs_once);

/// The board result stored for `game_id`, read outside the store.
async fn board_outcome(f: &Fixture, game_id: i64) -> Option<String> {
    use sqlx::Row;
    let mut connection = f.db.connect().await;
    sqlx::query("SELECT outcome FROM tournament_pairings WHERE game_id = $1")
        .bind(game_id)
        .fetch_one(&mut connection)
        .await
        .unwrap()
        .get::<Option<String>, _>(0)
}

async fn a_withdrawal_forfeits_the_rest_of_a_round_robin() {
    let f = fixture().await;
    let s = &f.service;
    let n = 4;
    let id = tournament_with(&f, TournamentFormat::RoundRobin, n, None).await;
    s.start_tournament(id, &organiser()).await.unwrap();
    let games = s.tournament_round_games(id, 1).await.unwrap();
    let quitter = p(3);
    let game_of_quitter = {
        let mut found = None;
        for &game_id in &games {
            if s.game(game_id).await.unwrap().seat_of(quitter.id).is_some() {
                found = Some(game_id);
            }
        }
        found.unwrap()
    };
    let view = s.withdraw_from_tournament(id, &quitter).await.unwrap();
    assert!(view
        .entrants
        .iter()
        .any(|e| e.player.user_id == quitter.id && e.withdrawn));
    assert_eq!(
        refusal(s.withdraw_from_tournament(id, &quitter).await),
        TournamentError::NotEntered
    );
    // The game ended at once, as the quitter's resignation, counted as a
    // forfeit (nobody had moved).
    let game = s.game(game_of_quitter).await.unwrap();
    let seat = game.seat_of(quitter.id).unwrap();
    assert_eq!(
        game.finished.map(|(_, winner)| winner),
        Some(Winner::Seat(seat.opponent()))
    );
    let expected = if seat == Seat::A {
        "second_won_by_forfeit"
    } else {
        "first_won_by_forfeit"
    };
    assert_eq!(board_outcome(&f, game_of_quitter).await.as_deref(), Some(expected));
    // The other game is resigned by its higher-numbered player.
    let other = *games.iter().find(|&&g| g != game_of_quitter).unwrap();
    let view = s.game(other).await.unwrap();
    let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
    s.resign(other, &players_by_id(n)[&loser]).await.unwrap();
    // Rounds 2 and 3: the quitter's games are forfeited, never created.
    for round in 2..=3 {
        let steps = s.advance_tournaments().await.unwrap();
        assert!(
            steps
                .iter()
                .any(|step| matches!(step, TournamentStep::Opened(RoundOpened { round: r, .. }) if *r == round)),
            "{steps:?}"
        );
        let games = s.tournament_round_games(id, round).await.unwrap();
        assert_eq!(games.len(), 1, "one game, one forfeit");
        for game_id in games {
            let view = s.game(game_id).await.unwrap();
            assert!(view.seat_of(quitter.id).is_none());
            let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
            s.resign(game_id, &players_by_id(n)[&loser]).await.unwrap();
        }
    }
    let steps = s.advance_tournaments().await.unwrap();
    assert!(
        steps.iter().any(|step| matches!(step, TournamentStep::Finished { .. })),
        "{steps:?}"
    );
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 4);
    let standings = s.tournament_standings(id).await.unwrap();
    let quitter_line = standings
        .iter()
        .find(|l| l.entrant.player.user_id == quitter.id)
        .unwrap();
    assert_eq!((quitter_line.half_points, quitter_line.games_played), (0, 0));
    assert_eq!(
        standings.iter().map(|l| l.half_points).sum::<u32>(),
        12,
        "six games, decided or forfeited"
    );
    // Over: no withdrawal, no cancellation.
    assert_eq!(
        refusal(s.withdraw_from_tournament(id, &p(0)).await),
        TournamentError::NotOpen(TournamentStatus::Finished)
    );
    assert_eq!(
        refusal(s.cancel_tournament(id, &organiser()).await),
        TournamentError::NotOpen(TournamentStatus::Finished)
    );
}
on_both_backends!(#[tokio::test] fn a_withdrawal_forfeits_the_rest_of_a_round_robin);

async fn a_withdrawal_racing_a_result_gives_one_outcome() {
    let f = fixture().await;
    let n = 6;
    let id = tournament_with(&f, TournamentFormat::Swiss, n, Some(2)).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    let other = other_process(&f).await;
    let players = players_by_id(n);
    let game_id = f.service.tournament_round_games(id, 1).await.unwrap()[0];
    // Both players move, so that the game counts as played.
    play_one(&f.service, game_id, &players).await;
    play_one(&f.service, game_id, &players).await;
    let view = f.service.game(game_id).await.unwrap();
    let quitter = players[&view.player(Seat::A).user_id].clone();
    let resigner = players[&view.player(Seat::B).user_id].clone();
    let (withdrew, resigned) = tokio::join!(
        f.service.withdraw_from_tournament(id, &quitter),
        other.resign(game_id, &resigner)
    );
    withdrew.unwrap();
    let game = f.service.game(game_id).await.unwrap();
    let winner = game.finished.expect("the game ended").1;
    match resigned {
        Ok(_) => assert_eq!(winner, Winner::Seat(Seat::A), "the resignation came first"),
        Err(ServiceError::GameOver) | Err(ServiceError::ResignOvertaken) => {
            assert_eq!(winner, Winner::Seat(Seat::B), "the withdrawal came first")
        }
        Err(other) => panic!("{other:?}"),
    }
    // The rest of round 1 is resigned; the board agrees with the game.
    for &g in &f.service.tournament_round_games(id, 1).await.unwrap()[1..] {
        let view = f.service.game(g).await.unwrap();
        let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
        f.service.resign(g, &players[&loser]).await.unwrap();
    }
    f.service.advance_tournaments().await.unwrap();
    let expected = if winner == Winner::Seat(Seat::A) {
        "first_won"
    } else {
        "second_won"
    };
    assert_eq!(board_outcome(&f, game_id).await.as_deref(), Some(expected));
    // Round 2 pairs the five left, one with the bye, the quitter absent.
    let round_two = f.service.tournament_round_games(id, 2).await.unwrap();
    assert_eq!(round_two.len(), 2);
    for g in round_two {
        assert!(f.service.game(g).await.unwrap().seat_of(quitter.id).is_none());
    }
    assert_eq!(
        count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE round = 2").await,
        3
    );
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_withdrawal_racing_a_result_gives_one_outcome);

async fn cancelling_stops_the_steps() {
    let f = fixture().await;
    let s = &f.service;
    let waiting = tournament_with(&f, TournamentFormat::Swiss, 2, None).await;
    assert_eq!(
        refusal(s.cancel_tournament(waiting, &p(0)).await),
        TournamentError::NotOrganiser
    );
    let view = s.cancel_tournament(waiting, &organiser()).await.unwrap();
    assert_eq!(view.status, TournamentStatus::Cancelled);
    assert_eq!(
        refusal(s.join_tournament(waiting, &p(5)).await),
        TournamentError::NotOpen(TournamentStatus::Cancelled)
    );
    assert_eq!(
        refusal(s.start_tournament(waiting, &organiser()).await),
        TournamentError::NotOpen(TournamentStatus::Cancelled)
    );
    assert_eq!(
        refusal(s.cancel_tournament(waiting, &organiser()).await),
        TournamentError::NotOpen(TournamentStatus::Cancelled)
    );
    let running = tournament_with(&f, TournamentFormat::RoundRobin, 2, None).await;
    let opened = s.start_tournament(running, &organiser()).await.unwrap();
    s.cancel_tournament(running, &organiser()).await.unwrap();
    assert!(matches!(
        s.resign(opened.games[0], &p(1)).await,
        Err(ServiceError::GameOver)
    ));
    assert!(s.advance_tournaments().await.unwrap().is_empty());
    assert_eq!(
        count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE outcome IS NOT NULL").await,
        0
    );
}
on_both_backends!(#[tokio::test] fn cancelling_stops_the_steps);

/// The player of `seat` in `game_id`.
async fn seated(service: &Service, game_id: i64, seat: Seat, players: &BTreeMap<u64, Player>) -> Player {
    let view = service.game(game_id).await.unwrap();
    players[&view.player(seat).user_id].clone()
}

async fn cancelling_ends_the_games_being_played_unrated_and_keeps_those_over() {
    let f = fixture().await;
    let s = &f.service;
    let players = players_by_id(4);
    let id = tournament_with(&f, TournamentFormat::RoundRobin, 4, None).await;
    let opened = s.start_tournament(id, &organiser()).await.unwrap();
    let [played, resigned] = opened.games[..] else {
        panic!("two boards: {opened:?}")
    };
    for _ in 0..4 {
        play_one(s, played, &players).await;
    }
    let loser = seated(s, resigned, Seat::B, &players).await;
    s.resign(resigned, &loser).await.unwrap();
    let ratings_before = count(&f, "SELECT COUNT(*) FROM rating_history").await;

    let view = s.cancel_tournament(id, &organiser()).await.unwrap();
    assert_eq!(view.status, TournamentStatus::Cancelled);

    // The game being played ended there, with no winner, no result and no rating.
    let stopped = s.game(played).await.unwrap();
    assert_eq!(stopped.finished, Some((EndReason::TournamentCancelled, Winner::Draw)));
    assert_eq!(stopped.ply(), 4, "its moves are kept");
    assert_eq!(stopped.rating, Some(GameRating::Unrated(Unrated::TournamentCancelled)));
    assert!(!stopped.result_shown, "its board owes the notice");
    assert_eq!(
        count(&f, &format!("SELECT COUNT(*) FROM results WHERE game_id = {played}")).await,
        0
    );
    let mover = seated(s, played, Seat::A, &players).await;
    assert!(matches!(
        s.play(MovePress::new(played, stopped.ply(), greedy(&stopped.game), &mover))
            .await,
        Err(ServiceError::GameOver)
    ));
    for player in players.values() {
        assert!(s.ongoing_games(player.id).await.unwrap().is_empty(), "{}", player.name);
    }
    // The game over before keeps its result and its rating.
    let kept = s.game(resigned).await.unwrap();
    assert!(matches!(
        kept.finished,
        Some((EndReason::Resignation { .. }, Winner::Seat(_)))
    ));
    assert!(matches!(kept.rating, Some(GameRating::Rated(_))));
    assert_eq!(count(&f, "SELECT COUNT(*) FROM rating_history").await, ratings_before);
    // A second process reads the same ending; a second cancel changes nothing.
    let other = other_process(&f).await;
    assert_eq!(other.game(played).await.unwrap().finished, stopped.finished);
    assert_eq!(
        refusal(s.cancel_tournament(id, &organiser()).await),
        TournamentError::NotOpen(TournamentStatus::Cancelled)
    );
    assert!(s.advance_tournaments().await.unwrap().is_empty());
}
on_both_backends!(#[tokio::test] fn cancelling_ends_the_games_being_played_unrated_and_keeps_those_over);

fn too_many_games<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> bool {
    matches!(result, Err(ServiceError::TooManyGames { limit: 2, .. }))
}

async fn tournament_games_count_towards_the_limit_on_ongoing_games_and_are_never_refused_by_it() {
    let f = fixture_with(ServiceConfig {
        max_ongoing_games: 2,
        ..Default::default()
    })
    .await;
    let s = &f.service;
    // p0 is at the limit with two games of their own; the round is paired anyway.
    start_game(&f, &p(0), &p(5)).await;
    start_game(&f, &p(0), &p(6)).await;
    let id = tournament_with(&f, TournamentFormat::RoundRobin, 2, None).await;
    let opened = s.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(opened.games.len(), 1);
    assert_eq!(s.ongoing_games(p(0).id).await.unwrap().len(), 3);
    // p1's tournament game and one of their own make the limit: no new game of their choosing.
    start_game(&f, &p(1), &p(7)).await;
    assert!(too_many_games(s.challenge(here(), &p(1), &p(8)).await));
    assert!(too_many_games(s.challenge(here(), &p(8), &p(1)).await));
    assert!(too_many_games(
        s.start_computer_game(here(), &p(1), &bot(), Level::Easy).await
    ));
    // Once the tournament's game is over, there is room again.
    s.resign(opened.games[0], &p(1)).await.unwrap();
    s.challenge(here(), &p(1), &p(8)).await.unwrap();
}
on_both_backends!(#[tokio::test] fn tournament_games_count_towards_the_limit_on_ongoing_games_and_are_never_refused_by_it);

async fn a_double_round_robin_meets_twice_with_the_first_move_swapped() {
    let f = fixture().await;
    let n = 3;
    let id = tournament_with(&f, TournamentFormat::DoubleRoundRobin, n, None).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    assert_eq!(play_to_the_end(&f, id, n).await, vec![1, 2, 3, 4, 5, 6]);
    let view = f.service.tournament(id).await.unwrap();
    assert_eq!((view.rounds, view.status), (Some(6), TournamentStatus::Finished));
    let mut first_movers: BTreeMap<(u64, u64), Vec<u64>> = BTreeMap::new();
    for round in 1..=6 {
        for game_id in f.service.tournament_round_games(id, round).await.unwrap() {
            let game = f.service.game(game_id).await.unwrap();
            let (a, b) = (game.player(Seat::A).user_id, game.player(Seat::B).user_id);
            first_movers.entry((a.min(b), a.max(b))).or_default().push(a);
        }
    }
    assert_eq!(first_movers.len(), 3);
    for (pair, firsts) in &first_movers {
        assert_eq!(firsts.len(), 2, "{pair:?}");
        assert_ne!(
            firsts[0], firsts[1],
            "the first move is swapped in the second cycle: {pair:?}"
        );
    }
    let points = points_from_games(&f.service, &view).await;
    for line in f.service.tournament_standings(id).await.unwrap() {
        assert_eq!(line.half_points, points[&line.entrant.player.user_id]);
    }
}
on_both_backends!(#[tokio::test] fn a_double_round_robin_meets_twice_with_the_first_move_swapped);

async fn the_start_time_starts_or_cancels() {
    let f = fixture().await;
    let s = &f.service;
    let at = f.service.now() + 3600;
    let mut past = request(TournamentFormat::Swiss, None, None);
    past.starts_at = Some(f.service.now());
    assert_eq!(
        refusal(s.create_tournament(past).await),
        TournamentError::Limit(TournamentLimit::StartsAt)
    );
    let mut timed = request(TournamentFormat::RoundRobin, None, None);
    timed.starts_at = Some(at);
    let full = s.create_tournament(timed.clone()).await.unwrap().id;
    for i in 0..3 {
        s.join_tournament(full, &p(i)).await.unwrap();
    }
    let lonely = s.create_tournament(timed).await.unwrap().id;
    s.join_tournament(lonely, &p(0)).await.unwrap();
    assert!(s.advance_tournaments().await.unwrap().is_empty(), "not yet");
    f.clock.advance(3600);
    let other = other_process(&f).await;
    let (a, b) = tokio::join!(s.advance_tournaments(), other.advance_tournaments());
    let steps: Vec<TournamentStep> = [a, b].into_iter().flat_map(Result::unwrap).collect();
    let started: Vec<&RoundOpened> = steps
        .iter()
        .filter_map(|step| match step {
            TournamentStep::Started(opened) => Some(opened),
            _ => None,
        })
        .collect();
    assert_eq!(started.len(), 1, "{steps:?}");
    assert_eq!((started[0].tournament_id, started[0].games.len()), (full, 1));
    assert_eq!(
        steps
            .iter()
            .filter(|step| matches!(step, TournamentStep::Cancelled { tournament_id } if *tournament_id == lonely))
            .count(),
        1
    );
    assert_eq!(s.tournament(full).await.unwrap().status, TournamentStatus::Running);
    assert_eq!(s.tournament(lonely).await.unwrap().status, TournamentStatus::Cancelled);
    assert_eq!(count(&f, "SELECT COUNT(*) FROM games").await, 1);
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn the_start_time_starts_or_cancels);

async fn a_withdrawal_racing_the_next_pairing_leaves_no_game_to_play() {
    let f = fixture().await;
    let n = 6;
    let id = tournament_with(&f, TournamentFormat::Swiss, n, Some(3)).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    let other = other_process(&f).await;
    let players = players_by_id(n);
    for game_id in f.service.tournament_round_games(id, 1).await.unwrap() {
        let view = f.service.game(game_id).await.unwrap();
        let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
        f.service.resign(game_id, &players[&loser]).await.unwrap();
    }
    let quitter = p(0);
    let (withdrew, advanced) = tokio::join!(
        f.service.withdraw_from_tournament(id, &quitter),
        other.advance_tournaments()
    );
    withdrew.unwrap();
    advanced.unwrap();
    f.service.advance_tournaments().await.unwrap();
    assert_eq!(f.service.tournament(id).await.unwrap().current_round, 2);
    // Paired before the withdrawal, the quitter's game ended with it;
    // paired after, the quitter has none.
    for game_id in f.service.tournament_round_games(id, 2).await.unwrap() {
        let game = f.service.game(game_id).await.unwrap();
        if let Some(seat) = game.seat_of(quitter.id) {
            assert_eq!(game.finished.map(|(_, w)| w), Some(Winner::Seat(seat.opponent())));
        }
    }
    let boards = count(&f, "SELECT COUNT(*) FROM tournament_pairings WHERE round = 2").await;
    assert_eq!(boards, 3, "three games, or two games and the bye");
}
on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_withdrawal_racing_the_next_pairing_leaves_no_game_to_play);

async fn a_pairing_read_before_a_withdrawal_is_not_stored() {
    let f = fixture().await;
    let n = 4;
    let id = tournament_with(&f, TournamentFormat::Swiss, n, Some(2)).await;
    f.service.start_tournament(id, &organiser()).await.unwrap();
    let players = players_by_id(n);
    for game_id in f.service.tournament_round_games(id, 1).await.unwrap() {
        let view = f.service.game(game_id).await.unwrap();
        let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
        f.service.resign(game_id, &players[&loser]).await.unwrap();
    }
    // A step reads the field (nobody withdrawn) and records the results;
    // then p0 withdraws; then the step stores its pairing: refused.
    let stale = f.store.entrants(id).await.unwrap();
    assert!(stale.iter().all(|e| !e.withdrawn));
    f.service.withdraw_from_tournament(id, &p(0)).await.unwrap();
    let outcomes = [
        akon::tournament::Outcome::FirstWon,
        akon::tournament::Outcome::SecondWon,
    ];
    let rows = f.store.pairings(id).await.unwrap();
    let results: Vec<BoardResult> = rows
        .iter()
        .map(|row| BoardResult {
            board: row.board,
            outcome: outcomes[usize::from(row.game_winner == Some(Winner::Seat(Seat::B)))],
            captured_first: 0,
            captured_second: 0,
        })
        .collect();
    f.store.record_board_results(id, 1, &results).await.unwrap();
    let (written, games) = f.store.open_next_round(id, 1, 0, &[], f.service.now()).await.unwrap();
    assert_eq!((written, games.len()), (akon::store::Written::Conflict, 0));
    assert_eq!(f.service.tournament(id).await.unwrap().current_round, 1);
    // The next step pairs the three left: one game and the bye.
    f.service.advance_tournaments().await.unwrap();
    let games = f.service.tournament_round_games(id, 2).await.unwrap();
    assert_eq!(games.len(), 1);
    assert!(f.service.game(games[0]).await.unwrap().seat_of(p(0).id).is_none());
}
on_both_backends!(#[tokio::test] fn a_pairing_read_before_a_withdrawal_is_not_stored);

/// Two tasks of one process — the command's handler and the scheduler's
/// pass — ask for a new tournament's message at once: the database gives
/// the lease again to the process that holds it, so both were handed the
/// message to post; one must be, and the other again once it is done.
async fn one_task_of_a_process_is_handed_a_tournament_message_at_a_time() {
    let f = fixture().await;
    let id = tournament_with(&f, TournamentFormat::Swiss, 2, None).await;
    let scheduler = f.service.clone();
    let handler = f
        .service
        .tournament_message(id)
        .await
        .unwrap()
        .expect("owed once created");
    assert!(handler.posted.is_none(), "to post");
    assert!(
        scheduler.tournament_message(id).await.unwrap().is_none(),
        "a second task of the process is handed the message to post as well"
    );
    f.service
        .tournament_message_shown(handler, (here().channel_id, 1))
        .await
        .unwrap();
    assert!(scheduler.tournament_message(id).await.unwrap().is_none(), "shown");
    f.service.join_tournament(id, &p(2)).await.unwrap();
    let edit = scheduler
        .tournament_message(id)
        .await
        .unwrap()
        .expect("owed again, and free");
    assert_eq!(edit.posted, Some((here().channel_id, 1)), "to edit");
}
on_both_backends!(#[tokio::test] fn one_task_of_a_process_is_handed_a_tournament_message_at_a_time);
