//! Tournaments in ratings and records, through the service on both
//! backends: a rated tournament's games are rated as any game, an unrated
//! one's change no rating and leave the pair's daily cap alone, forfeits
//! never rate; a finished tournament shows in its players' stats and
//! history, and its games are marked in the history.

use akon::engine::{Seat, Winner};
use akon::service::{
    EndReason, GameRating, Player, Scope, ServiceConfig, ServiceError, TimePerMove, TournamentFormat,
    TournamentRequest, TournamentResult, TournamentStatus, TournamentStep, Unrated,
};

use crate::support::service_fixture;

use service_fixture::{fixture, fixture_with, here, player, start_game, Fixture, GUILD};

/// Entrant `i`: the higher number resigns in these tests.
fn p(i: u64) -> Player {
    player(100 + i, &format!("p{i}"))
}

fn organiser() -> Player {
    player(1, "org")
}

fn request(name: &'static str, format: TournamentFormat, rated: bool) -> TournamentRequest<'static> {
    let organiser: &'static Player = Box::leak(Box::new(organiser()));
    TournamentRequest {
        place: here(),
        organiser,
        name,
        format,
        rounds: None,
        time_per_move: TimePerMove::TenMinutes,
        max_players: None,
        rated,
        starts_at: None,
        vacations: false,
    }
}

/// A started round robin of `name` among `players`.
async fn started(f: &Fixture, name: &'static str, rated: bool, players: &[u64]) -> i64 {
    let s = &f.service;
    let id = s
        .create_tournament(request(name, TournamentFormat::RoundRobin, rated))
        .await
        .unwrap()
        .id;
    for &i in players {
        s.join_tournament(id, &p(i)).await.unwrap();
    }
    s.start_tournament(id, &organiser()).await.unwrap();
    id
}

/// The player of `game_id` with the higher number resigns it.
async fn higher_resigns(f: &Fixture, game_id: i64) {
    let view = f.service.game(game_id).await.unwrap();
    let loser = view.player(Seat::A).user_id.max(view.player(Seat::B).user_id);
    f.service.resign(game_id, &p(loser - 100)).await.unwrap();
}

/// Plays a tournament to its end, every game resigned by its
/// higher-numbered player, advancing after each round.
async fn resigned_to_the_end(f: &Fixture, id: i64) {
    loop {
        let view = f.service.tournament(id).await.unwrap();
        if view.status == TournamentStatus::Finished {
            return;
        }
        for game_id in f.service.tournament_round_games(id, view.current_round).await.unwrap() {
            if f.service.game(game_id).await.unwrap().finished.is_none() {
                higher_resigns(f, game_id).await;
            }
        }
        f.service.advance_tournaments().await.unwrap();
    }
}

async fn rating_of(f: &Fixture, game_id: i64) -> GameRating {
    f.service.game(game_id).await.unwrap().rating.expect("a finished game")
}

/// `user`'s rated games in the server, as its rating row counts them.
async fn rated_games(f: &Fixture, user: &Player) -> i64 {
    f.store
        .rating(Scope::Server(GUILD), user.id)
        .await
        .unwrap()
        .map_or(0, |row| row.games)
}

async fn a_rated_tournament_rates_its_games_and_an_unrated_one_leaves_ratings_and_the_cap_alone() {
    // One rated game per pair per day: what an unrated tournament must not use up.
    let f = fixture_with(ServiceConfig {
        rated_games_per_pair_per_day: 1,
        ..Default::default()
    })
    .await;
    let s = &f.service;
    let (p0, p1) = (p(0), p(1));

    let unrated = started(&f, "Friendly", false, &[0, 1]).await;
    let game = s.tournament_round_games(unrated, 1).await.unwrap()[0];
    higher_resigns(&f, game).await;
    assert_eq!(rating_of(&f, game).await, GameRating::Unrated(Unrated::Tournament));
    assert_eq!((rated_games(&f, &p0).await, rated_games(&f, &p1).await), (0, 0));
    s.advance_tournaments().await.unwrap();
    assert_eq!(s.tournament(unrated).await.unwrap().status, TournamentStatus::Finished);
    // The game still counts in their records.
    let stats = s.stats(&p0, &p0, Some(GUILD)).await.unwrap();
    assert_eq!((stats.overall.games, stats.overall.wins), (1, 1));

    // The day's one rated game of the pair is still there to play.
    let challenge = start_game(&f, &p1, &p0).await;
    s.resign(challenge, &p1).await.unwrap();
    assert!(matches!(rating_of(&f, challenge).await, GameRating::Rated(_)));
    assert_eq!(rated_games(&f, &p0).await, 1);

    // A rated tournament's game is rated even past the cap: the bot paired
    // it, so it cannot have been arranged to farm a rating.
    let rated = started(&f, "Cup", true, &[0, 1]).await;
    let game = s.tournament_round_games(rated, 1).await.unwrap()[0];
    higher_resigns(&f, game).await;
    let GameRating::Rated(changes) = rating_of(&f, game).await else {
        panic!("a rated tournament's game is rated");
    };
    let winner = changes.iter().find(|c| c.user_id == p0.id).unwrap();
    assert!(winner.after > winner.before, "{changes:?}");
    assert_eq!((rated_games(&f, &p0).await, rated_games(&f, &p1).await), (2, 2));
}
on_both_backends!(#[tokio::test] fn a_rated_tournament_rates_its_games_and_an_unrated_one_leaves_ratings_and_the_cap_alone);

/// A four-player round robin's first round: one game lost on time after
/// both players moved (a loss, rated), one lost on time before anyone
/// moved (a forfeit, unrated); the second round: one game aborted (a
/// double forfeit, 0–0, unrated).
async fn a_loss_on_time_is_a_rated_loss_and_forfeits_never_rate() {
    let f = fixture().await;
    let s = &f.service;
    let id = started(&f, "Clocks", true, &[0, 1, 2, 3]).await;
    let players = |user_id: u64| p(user_id - 100);
    let games = s.tournament_round_games(id, 1).await.unwrap();
    let (played, unplayed) = (games[0], games[1]);
    for _ in 0..2 {
        let view = s.game(played).await.unwrap();
        let seat = view.to_move().unwrap();
        let hole = view.game.legal_moves().iter().next().unwrap();
        s.play(akon::service::MovePress::new(
            played,
            view.ply(),
            hole,
            &players(view.player(seat).user_id),
        ))
        .await
        .unwrap();
    }
    f.clock.advance(TimePerMove::TenMinutes.seconds() + 1);
    s.tick().await.unwrap();
    let view = s.game(played).await.unwrap();
    assert!(
        matches!(view.finished, Some((EndReason::Timeout { .. }, _))),
        "{:?}",
        view.finished
    );
    // A moves first and is to move again at ply 2: A lost on time.
    assert_eq!(view.finished.unwrap().1, Winner::Seat(Seat::B));
    assert!(matches!(rating_of(&f, played).await, GameRating::Rated(_)));
    let view = s.game(unplayed).await.unwrap();
    assert_eq!(view.ply(), 0);
    assert_eq!(view.finished.unwrap().1, Winner::Seat(Seat::B));
    assert_eq!(rating_of(&f, unplayed).await, GameRating::Unrated(Unrated::Forfeit));

    let steps = s.advance_tournaments().await.unwrap();
    assert!(
        steps.iter().any(|step| matches!(step, TournamentStep::Opened(_))),
        "{steps:?}"
    );
    let outcomes = board_outcomes(&f, id, 1).await;
    assert_eq!(
        outcomes,
        [
            Some("second_won".to_string()),
            Some("second_won_by_forfeit".to_string())
        ]
    );

    let aborted = s.tournament_round_games(id, 2).await.unwrap()[0];
    let view = s.game(aborted).await.unwrap();
    let both = [view.player(Seat::A).user_id, view.player(Seat::B).user_id];
    let points = |standings: &[akon::service::TournamentStanding]| {
        both.map(|user| {
            let line = standings.iter().find(|l| l.entrant.player.user_id == user).unwrap();
            (line.half_points, line.games_played)
        })
    };
    let before = points(&s.tournament_standings(id).await.unwrap());
    s.abort(aborted, &players(both[0])).await.unwrap();
    assert_eq!(rating_of(&f, aborted).await, GameRating::Unrated(Unrated::Aborted));
    s.advance_tournaments().await.unwrap();
    assert_eq!(board_outcomes(&f, id, 2).await[0].as_deref(), Some("double_forfeit"));
    assert_eq!(
        points(&s.tournament_standings(id).await.unwrap()),
        before,
        "a double forfeit scores 0–0 and is not a game played"
    );
    // Of the three games that ended, only the one lost on time after both
    // players moved changed ratings.
    assert_eq!(
        count(&f, "SELECT CAST(COUNT(DISTINCT game_id) AS BIGINT) FROM rating_history").await,
        1
    );
}
on_both_backends!(#[tokio::test] fn a_loss_on_time_is_a_rated_loss_and_forfeits_never_rate);

/// The stored outcomes of a round's boards, in board order (`None` while
/// a game goes on).
async fn board_outcomes(f: &Fixture, id: i64, round: i64) -> Vec<Option<String>> {
    use sqlx::Row;
    let mut connection = f.db.connect().await;
    sqlx::query("SELECT outcome FROM tournament_pairings WHERE tournament_id = $1 AND round = $2 ORDER BY board")
        .bind(id)
        .bind(round)
        .fetch_all(&mut connection)
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.get::<Option<String>, _>(0))
        .collect()
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

/// Three tournaments: a three-player round robin (p0 wins it, p1 second,
/// p2 third, each with a bye), then a two-player one p1 wins, and a third
/// cancelled before its end. p1's stats count two, won one, two podiums,
/// best rank 1 of 2; their history lists both, newest first, and marks
/// each tournament game with its tournament and round.
async fn finished_tournaments_show_in_stats_and_history() {
    let f = fixture().await;
    let s = &f.service;
    let (p0, p1) = (p(0), p(1));
    let before = s.stats(&p1, &p1, Some(GUILD)).await.unwrap();
    assert_eq!(before.tournaments, None);

    let first = started(&f, "Winter cup", true, &[0, 1, 2]).await;
    resigned_to_the_end(&f, first).await;
    f.clock.advance(3600);
    let second = started(&f, "Spring cup", false, &[1, 2]).await;
    resigned_to_the_end(&f, second).await;
    let cancelled = started(&f, "Summer cup", true, &[0, 1]).await;
    s.cancel_tournament(cancelled, &organiser()).await.unwrap();

    let stats = s.stats(&p1, &p1, Some(GUILD)).await.unwrap();
    let record = stats.tournaments.expect("two finished tournaments");
    assert_eq!((record.events, record.wins, record.podiums), (2, 1, 2));
    assert_eq!(
        (
            record.best.tournament_id,
            record.best.rank,
            record.best.players,
            record.best.half_points
        ),
        (second, 1, 2, 2)
    );
    let winner = s.stats(&p0, &p0, None).await.unwrap().tournaments.unwrap();
    assert_eq!((winner.events, winner.wins, winner.podiums), (1, 1, 1));
    assert_eq!(
        (winner.best.rank, winner.best.players, winner.best.half_points),
        (1, 3, 6)
    );

    let history = s.history(p1.id, 0).await.unwrap();
    assert_eq!(history.tournaments_total, 2);
    let results: Vec<(&str, u32, u32, u32)> = history
        .tournaments
        .iter()
        .map(|t: &TournamentResult| (t.name.as_str(), t.rank, t.players, t.half_points))
        .collect();
    // Winter cup: a loss to p0, a win over p2 and the bye (2 + 2 halves).
    assert_eq!(results, [("Spring cup", 1, 2, 2), ("Winter cup", 2, 3, 4)]);
    let marked: Vec<(String, u32)> = history
        .games
        .iter()
        .filter_map(|g| g.tournament.as_ref().map(|t| (t.name.clone(), t.round)))
        .collect();
    assert_eq!(marked.len(), 3, "two games of the Winter cup and one of the Spring cup");
    assert_eq!(marked[0], ("Spring cup".to_string(), 1));
    assert!(marked[1..].iter().all(|(name, _)| name == "Winter cup"), "{marked:?}");
    // The cancelled tournament's game ended with it, with no result: neither
    // it nor the tournament is listed.
    let summer = s.tournament_round_games(cancelled, 1).await.unwrap()[0];
    assert!(matches!(s.resign(summer, &p1).await, Err(ServiceError::GameOver)));
    let history = s.history(p1.id, 0).await.unwrap();
    assert_eq!(history.tournaments_total, 2);
    assert!(
        history.games.iter().all(|g| g.game_id != summer),
        "{:?}",
        history.games.iter().map(|g| g.game_id).collect::<Vec<_>>()
    );
}
on_both_backends!(#[tokio::test] fn finished_tournaments_show_in_stats_and_history);
