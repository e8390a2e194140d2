//! Ratings, leaderboards, stats, history, game records, aborts and the cap
//! on rated games per pair, on the store and the service with a real SQLite
//! file per test. Expected ratings are computed here with skillratings'
//! Glicko-2 directly, never through the crate's own rating code.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use akon::ai::Level;
use akon::engine::{Game, Hole, Position, Record, Seat, Status, Winner};
use akon::service::{
    CallerStanding, Clock, EndReason, GameRating, HistoryEnd, ManualClock, MovePress, Outcome, Player, Scope, Service,
    ServiceConfig, ServiceError, Streaks, Unrated,
};
use akon::store::Store;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::support::service_fixture;

use service_fixture::{fixture_with, place, player, Fixture, CHANNEL, GUILD, T0};

const OTHER_GUILD: u64 = 900_000_000_000_000_002;
const DAY: i64 = 24 * 3600;

/// A service whose leaderboard needs `min_games` and which rates `per_pair`
/// games a day between two players.
async fn fixture(min_games: i64, per_pair: u32) -> Fixture {
    fixture_with(ServiceConfig {
        leaderboard_min_games: min_games,
        rated_games_per_pair_per_day: per_pair,
        max_ongoing_games: 100,
        ..Default::default()
    })
    .await
}

fn computer() -> Player {
    Player {
        id: 1_000_000_000_000_000_001,
        name: "Akon bot".into(),
        is_bot: true,
    }
}

/// `a` challenges `b` in `guild` and `b` accepts: `a` sits at A.
async fn start(f: &Fixture, guild: u64, a: &Player, b: &Player) -> i64 {
    let challenge = f.service.challenge(place(guild), a, b).await.unwrap();
    f.service.accept(challenge.id, b).await.unwrap().id
}

/// A game in `guild` that `winner` wins because `loser` resigns at once.
async fn resigned(f: &Fixture, guild: u64, winner: &Player, loser: &Player) -> i64 {
    let game = start(f, guild, winner, loser).await;
    f.service.resign(game, loser).await.unwrap();
    game
}

/// Plays `holes` in `game` through the service, each by the player to move.
async fn play(f: &Fixture, game: i64, players: [&Player; 2], holes: &[Hole]) {
    for &hole in holes {
        let view = f.service.game(game).await.unwrap();
        let mover = players[view.to_move().unwrap().index()];
        f.service
            .play(MovePress::new(game, view.ply(), hole, mover))
            .await
            .unwrap();
    }
}

/// The moves of a whole game from the opening with `first` to move that
/// ends in a draw: the first of a fixed series of random games that does.
fn drawn_game(first: Seat) -> Vec<Hole> {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..20_000 {
        let mut game = Game::opening(first);
        while !game.is_over() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let legal: Vec<Hole> = game.legal_moves().iter().collect();
            game.play(legal[(seed % legal.len() as u64) as usize]).unwrap();
        }
        if matches!(
            game.status(),
            Status::Finished {
                winner: Winner::Draw,
                ..
            }
        ) {
            return game.moves().to_vec();
        }
    }
    panic!("no draw among 20,000 random games");
}

/// Glicko-2 bookkeeping done here, per scope (0 = global), with the
/// crate's formulas and Glickman's defaults.
#[derive(Default)]
struct Expected {
    ratings: HashMap<(u64, u64), Glicko2Rating>,
    records: HashMap<(u64, u64), (i64, i64, i64)>,
}

impl Expected {
    /// A rated game between `a` and `b` in `guild`, `a` scoring `outcome`.
    fn game(&mut self, guild: u64, a: u64, b: u64, outcome: Outcomes) {
        for scope in [guild, 0] {
            let (new_a, new_b) = glicko2(
                &self.rating(scope, a),
                &self.rating(scope, b),
                &outcome,
                &Glicko2Config::new(),
            );
            self.ratings.insert((scope, a), new_a);
            self.ratings.insert((scope, b), new_b);
            let (for_a, for_b) = match outcome {
                Outcomes::WIN => ((1, 0, 0), (0, 1, 0)),
                Outcomes::LOSS => ((0, 1, 0), (1, 0, 0)),
                Outcomes::DRAW => ((0, 0, 1), (0, 0, 1)),
            };
            for (user, (w, l, d)) in [(a, for_a), (b, for_b)] {
                let record = self.records.entry((scope, user)).or_default();
                *record = (record.0 + w, record.1 + l, record.2 + d);
            }
        }
    }

    fn win(&mut self, guild: u64, winner: &Player, loser: &Player) {
        self.game(guild, winner.id, loser.id, Outcomes::WIN);
    }

    fn rating(&self, scope: u64, user: u64) -> Glicko2Rating {
        self.ratings.get(&(scope, user)).copied().unwrap_or_default()
    }

    fn games(&self, scope: u64, user: u64) -> i64 {
        let (w, l, d) = self.records.get(&(scope, user)).copied().unwrap_or_default();
        w + l + d
    }

    /// `scope`'s players with at least `min_games`, best first, ties by id.
    fn board(&self, scope: u64, min_games: i64) -> Vec<u64> {
        let mut users: Vec<u64> = self
            .records
            .keys()
            .filter(|(s, u)| *s == scope && self.games(scope, *u) >= min_games)
            .map(|(_, u)| *u)
            .collect();
        users.sort_by(|x, y| {
            let (rx, ry) = (self.rating(scope, *x).rating, self.rating(scope, *y).rating);
            ry.total_cmp(&rx).then((*x as i64).cmp(&(*y as i64)))
        });
        users
    }
}

fn scope_of(scope: u64) -> Scope {
    if scope == 0 {
        Scope::Global
    } else {
        Scope::Server(scope)
    }
}

/// The stored rating of `user` in `scope` equals the one computed here.
async fn assert_rating(store: &Store, expected: &Expected, scope: u64, user: &Player) {
    let stored = store
        .rating(scope_of(scope), user.id)
        .await
        .unwrap()
        .unwrap_or_else(|| {
            panic!("{} has no rating in scope {scope}", user.name);
        });
    let want = expected.rating(scope, user.id);
    assert!(
        (stored.rating - want.rating).abs() < 1e-9
            && (stored.deviation - want.deviation).abs() < 1e-9
            && (stored.volatility - want.volatility).abs() < 1e-12,
        "{} in scope {scope}: stored {stored:?}, expected {want:?}",
        user.name
    );
    let (w, l, d) = expected.records[&(scope, user.id)];
    assert_eq!(
        (stored.wins, stored.losses, stored.draws, stored.games),
        (w, l, d, w + l + d)
    );
}

on_both_backends!(#[tokio::test] fn a_finished_game_rates_both_players_in_its_server_and_globally);
async fn a_finished_game_rates_both_players_in_its_server_and_globally() {
    let f = fixture(0, 5).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let mut expected = Expected::default();
    let first = resigned(&f, GUILD, &ada, &bo).await;
    expected.win(GUILD, &ada, &bo);
    let second = resigned(&f, OTHER_GUILD, &bo, &ada).await;
    expected.win(OTHER_GUILD, &bo, &ada);
    for scope in [GUILD, OTHER_GUILD, 0] {
        for user in [&ada, &bo] {
            assert_rating(&f.store, &expected, scope, user).await;
        }
    }
    // Each server's rating starts afresh; the global one goes on.
    let global = f.store.rating(Scope::Global, ada.id).await.unwrap().unwrap();
    let here = f.store.rating(Scope::Server(GUILD), ada.id).await.unwrap().unwrap();
    assert!(
        global.rating < here.rating,
        "ada lost her second game, in the other server"
    );

    // The history holds every change, before and after, newest first.
    let changes = f.store.rating_changes(ada.id, Scope::Global, 10).await.unwrap();
    assert_eq!(changes.iter().map(|c| c.game_id).collect::<Vec<_>>(), [second, first]);
    assert_eq!(changes[1].rating_before, 1500.0);
    assert_eq!(changes[0].rating_before, changes[1].rating_after);
    assert!((changes[0].rating_after - global.rating).abs() < 1e-9);

    // The finished game says how it moved both ratings in its server.
    let view = f.service.game(first).await.unwrap();
    let Some(GameRating::Rated(moved)) = view.rating else {
        panic!("{:?}", view.rating)
    };
    let ada_change = moved.iter().find(|c| c.user_id == ada.id).unwrap();
    assert_eq!(ada_change.before, 1500.0);
    assert!((ada_change.after - here.rating).abs() < 1e-9);
    assert!(ada_change.provisional, "one game leaves a rating provisional");
}

on_both_backends!(#[tokio::test] fn a_draw_is_rated_as_a_draw);
async fn a_draw_is_rated_as_a_draw() {
    let f = fixture(0, 5).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    // One decided game first, so that the draw moves the ratings.
    resigned(&f, GUILD, &ada, &bo).await;
    let game = start(&f, GUILD, &ada, &bo).await;
    let first = f.service.game(game).await.unwrap().game.start().to_move();
    play(&f, game, [&ada, &bo], &drawn_game(first)).await;
    let view = f.service.game(game).await.unwrap();
    assert!(matches!(view.finished, Some((_, Winner::Draw))), "{:?}", view.finished);
    let mut expected = Expected::default();
    expected.win(GUILD, &ada, &bo);
    expected.game(GUILD, ada.id, bo.id, Outcomes::DRAW);
    for scope in [GUILD, 0] {
        assert_rating(&f.store, &expected, scope, &ada).await;
        assert_rating(&f.store, &expected, scope, &bo).await;
    }
    let after_draw = f.store.rating(Scope::Global, bo.id).await.unwrap().unwrap();
    assert_eq!((after_draw.wins, after_draw.losses, after_draw.draws), (0, 1, 1));
}

on_both_backends!(#[tokio::test] fn a_loss_on_time_is_rated_as_a_loss);
async fn a_loss_on_time_is_rated_as_a_loss() {
    let f = fixture(0, 5).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let game = start(&f, GUILD, &ada, &bo).await;
    let view = f.service.game(game).await.unwrap();
    let late = [&ada, &bo][view.to_move().unwrap().index()];
    let on_time = if late.id == ada.id { &bo } else { &ada };
    // Well past any time per move: the scheduler's tick ends the game.
    f.clock.advance(30 * DAY);
    f.service.tick().await.unwrap();
    let view = f.service.game(game).await.unwrap();
    assert!(
        matches!(view.finished, Some((EndReason::Timeout { .. }, _))),
        "{:?}",
        view.finished
    );
    let mut expected = Expected::default();
    expected.win(GUILD, on_time, late);
    for scope in [GUILD, 0] {
        assert_rating(&f.store, &expected, scope, on_time).await;
        assert_rating(&f.store, &expected, scope, late).await;
    }
}

on_both_backends!(#[tokio::test] fn games_against_the_computer_are_recorded_but_never_rated);
async fn games_against_the_computer_are_recorded_but_never_rated() {
    let f = fixture(0, 5).await;
    let ada = player(1, "ada");
    let view = f
        .service
        .start_computer_game(place(GUILD), &ada, &computer(), Level::Easy)
        .await
        .unwrap();
    let view = f.service.resign(view.id, &ada).await.unwrap();
    assert_eq!(view.rating, Some(GameRating::Unrated(Unrated::Computer)));
    assert_eq!(f.store.rating(Scope::Global, ada.id).await.unwrap(), None);
    assert_eq!(f.store.rating(Scope::Server(GUILD), computer().id).await.unwrap(), None);
    let stats = f.service.stats(&ada, &ada, Some(GUILD)).await.unwrap();
    assert_eq!(stats.computer.len(), 1);
    assert_eq!((stats.computer[0].1.losses, stats.overall.games), (1, 0));
    assert!(stats.global.is_none());
    let board = f.service.leaderboard(Scope::Global, 0, ada.id).await.unwrap();
    assert!(board.rows.is_empty());
    assert_eq!(board.caller, CallerStanding::Unrated);
}

on_both_backends!(#[tokio::test] fn either_player_may_abort_until_both_have_moved_and_an_aborted_game_counts_for_nothing);
async fn either_player_may_abort_until_both_have_moved_and_an_aborted_game_counts_for_nothing() {
    let f = fixture(0, 5).await;
    let (ada, bo, cy) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));

    // Before any move, the challenged player aborts.
    let game = start(&f, GUILD, &ada, &bo).await;
    assert!(matches!(
        f.service.abort(game, &cy).await,
        Err(ServiceError::NotAPlayer)
    ));
    let view = f.service.abort(game, &bo).await.unwrap();
    assert_eq!(
        view.finished.map(|(reason, _)| reason),
        Some(EndReason::Aborted { seat: Seat::B })
    );
    let reloaded = f.service.game(game).await.unwrap();
    assert_eq!(
        reloaded.finished.map(|(reason, _)| reason),
        Some(EndReason::Aborted { seat: Seat::B })
    );
    assert_eq!(reloaded.rating, Some(GameRating::Unrated(Unrated::Aborted)));
    assert!(matches!(
        f.service
            .play(MovePress::new(game, 0, Hole::new(1).unwrap(), &ada))
            .await,
        Err(ServiceError::GameOver)
    ));
    assert!(matches!(f.service.abort(game, &ada).await, Err(ServiceError::GameOver)));
    assert!(f.service.ongoing_games(ada.id).await.unwrap().is_empty());

    // After the first move, either player still may: here the one who moved.
    let game = start(&f, GUILD, &ada, &bo).await;
    play(&f, game, [&ada, &bo], &[Hole::new(3).unwrap()]).await;
    let first = f.service.game(game).await.unwrap().game.start().to_move();
    let mover = [&ada, &bo][first.index()];
    f.service.abort(game, mover).await.unwrap();

    // Once both have moved, nobody may: leaving means resigning, a rated loss.
    let game = start(&f, GUILD, &ada, &bo).await;
    play(&f, game, [&ada, &bo], &[Hole::new(3).unwrap(), Hole::new(3).unwrap()]).await;
    for who in [&ada, &bo] {
        assert!(matches!(
            f.service.abort(game, who).await,
            Err(ServiceError::TooLateToAbort)
        ));
    }
    f.service.resign(game, &bo).await.unwrap();

    let mut expected = Expected::default();
    expected.win(GUILD, &ada, &bo);
    assert_rating(&f.store, &expected, 0, &ada).await;
    assert_rating(&f.store, &expected, 0, &bo).await;
    let stats = f.service.stats(&bo, &bo, Some(GUILD)).await.unwrap();
    assert_eq!(
        (stats.overall.games, stats.overall.losses),
        (1, 1),
        "aborted games are no results"
    );
    assert_eq!(f.service.history(bo.id, 0).await.unwrap().total, 1);
}

on_both_backends!(#[tokio::test] fn a_pair_rates_only_so_many_games_a_day_and_later_ones_are_recorded_unrated);
async fn a_pair_rates_only_so_many_games_a_day_and_later_ones_are_recorded_unrated() {
    let f = fixture(0, 2).await;
    let (ada, bo, cy) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    let mut expected = Expected::default();
    for _ in 0..2 {
        resigned(&f, GUILD, &ada, &bo).await;
        expected.win(GUILD, &ada, &bo);
        f.clock.advance(3600);
    }
    // The third game between them in 24 hours, in either seat order and in
    // any server: recorded, not rated.
    let third = resigned(&f, OTHER_GUILD, &bo, &ada).await;
    let view = f.service.game(third).await.unwrap();
    assert_eq!(
        view.rating,
        Some(GameRating::Unrated(Unrated::PairLimit { per_day: 2 }))
    );
    assert_rating(&f.store, &expected, 0, &ada).await;
    assert_eq!(f.store.rating(Scope::Server(OTHER_GUILD), ada.id).await.unwrap(), None);
    let stats = f.service.stats(&ada, &ada, None).await.unwrap();
    assert_eq!(
        (stats.overall.games, stats.overall.losses),
        (3, 1),
        "the game still counts in records"
    );
    // Another pair is not held back.
    resigned(&f, GUILD, &cy, &ada).await;
    expected.win(GUILD, &cy, &ada);
    assert_rating(&f.store, &expected, 0, &ada).await;
    // A day after the first game, one more is rated again.
    f.clock.advance(DAY - 2 * 3600);
    let game = resigned(&f, GUILD, &ada, &bo).await;
    expected.win(GUILD, &ada, &bo);
    assert!(matches!(
        f.service.game(game).await.unwrap().rating,
        Some(GameRating::Rated(_))
    ));
    assert_rating(&f.store, &expected, 0, &ada).await;
    assert_rating(&f.store, &expected, GUILD, &bo).await;
}

on_both_backends!(#[tokio::test] fn the_leaderboard_ranks_by_rating_in_pages_and_leaves_off_players_with_too_few_games);
async fn the_leaderboard_ranks_by_rating_in_pages_and_leaves_off_players_with_too_few_games() {
    let f = fixture(2, 50).await;
    let players: Vec<Player> = (0..14).map(|i| player(100 + i, &format!("p{i:02}"))).collect();
    let mut expected = Expected::default();
    // A fixed, uneven season: lower numbers win more often.
    for i in 0..13usize {
        for j in i + 1..13 {
            if (i * 7 + j * 3) % 4 != 0 {
                continue;
            }
            let (winner, loser) = if (i + j) % 5 == 0 { (j, i) } else { (i, j) };
            resigned(&f, GUILD, &players[winner], &players[loser]).await;
            expected.win(GUILD, &players[winner], &players[loser]);
        }
    }
    // p13 plays once, and once more in another server: listed globally only.
    resigned(&f, GUILD, &players[13], &players[0]).await;
    expected.win(GUILD, &players[13], &players[0]);
    resigned(&f, OTHER_GUILD, &players[13], &players[1]).await;
    expected.win(OTHER_GUILD, &players[13], &players[1]);

    for scope in [GUILD, 0] {
        let want = expected.board(scope, 2);
        assert!(
            want.len() > 10,
            "the season should fill more than a page: {}",
            want.len()
        );
        let mut shown = Vec::new();
        for page in 0..2 {
            let board = f.service.leaderboard(scope_of(scope), page, 1).await.unwrap();
            assert_eq!((board.page, board.pages, board.listed), (page, 2, want.len() as i64));
            for row in &board.rows {
                assert_eq!(row.rank, shown.len() as i64 + 1);
                let rating = expected.rating(scope, row.user_id);
                assert!((row.rating.rating - rating.rating).abs() < 1e-9, "{row:?}");
                assert_eq!(row.games, expected.games(scope, row.user_id));
                shown.push(row.user_id);
            }
        }
        assert_eq!(shown, want, "scope {scope}");
        // Past the last page: the last page.
        assert_eq!(f.service.leaderboard(scope_of(scope), 99, 1).await.unwrap().page, 1);
        // Where each player stands, seen from the first page.
        for (place, &user) in want.iter().enumerate() {
            let board = f.service.leaderboard(scope_of(scope), 0, user).await.unwrap();
            match board.caller {
                CallerStanding::OnPage => assert!(place < 10),
                CallerStanding::Listed(me) => {
                    assert!(place >= 10);
                    assert_eq!((me.rank, me.user_id), (place as i64 + 1, user));
                }
                other => panic!("{other:?}"),
            }
        }
    }
    let here = f
        .service
        .leaderboard(Scope::Server(GUILD), 0, players[13].id)
        .await
        .unwrap();
    assert_eq!(here.caller, CallerStanding::TooFewGames { games: 1, needed: 2 });
    let stranger = f.service.leaderboard(Scope::Server(GUILD), 0, 7).await.unwrap();
    assert_eq!(stranger.caller, CallerStanding::Unrated);
}

on_both_backends!(#[tokio::test] fn stats_show_rating_changes_streaks_capture_margin_computer_games_and_head_to_head);
async fn stats_show_rating_changes_streaks_capture_margin_computer_games_and_head_to_head() {
    let f = fixture(0, 50).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let mut expected = Expected::default();
    let mut margin = 0i64;
    // ada wins, wins, wins, loses, wins, wins: each after four moves, so
    // that seeds were captured.
    for ada_wins in [true, true, true, false, true, true] {
        let game = start(&f, GUILD, &ada, &bo).await;
        let mut holes = Vec::new();
        let mut engine = f.service.game(game).await.unwrap().game;
        for _ in 0..4 {
            let hole = engine.legal_moves().iter().next_back().unwrap();
            engine.play(hole).unwrap();
            holes.push(hole);
        }
        play(&f, game, [&ada, &bo], &holes).await;
        let (winner, loser) = if ada_wins { (&ada, &bo) } else { (&bo, &ada) };
        f.service.resign(game, loser).await.unwrap();
        expected.win(GUILD, winner, loser);
        let position = engine.position();
        margin += position.captured(Seat::A) as i64 - position.captured(Seat::B) as i64;
        f.clock.advance(60);
    }
    let versus_computer = f
        .service
        .start_computer_game(place(GUILD), &ada, &computer(), Level::Easy)
        .await
        .unwrap();
    f.service.resign(versus_computer.id, &ada).await.unwrap();

    let stats = f.service.stats(&bo, &ada, Some(GUILD)).await.unwrap();
    assert_eq!(stats.streaks, Streaks { current: 2, best: 3 });
    assert_eq!(
        (stats.overall.wins, stats.overall.losses, stats.overall.games),
        (5, 1, 6)
    );
    assert_eq!(stats.here.as_ref().unwrap().games, 6);
    assert!((stats.capture_margin().unwrap() - margin as f64 / 6.0).abs() < 1e-9);
    assert_eq!(stats.computer[0].0, Level::Easy);
    assert_eq!((stats.computer[0].1.games, stats.computer[0].1.losses), (1, 1));
    let (asker, h2h) = stats.head_to_head.as_ref().unwrap();
    assert_eq!(asker.name, "bo");
    assert_eq!((h2h.wins, h2h.losses, h2h.draws), (1, 5, 0));
    let global = stats.global.as_ref().unwrap();
    assert_eq!(global.recent.len(), 6);
    let now = expected.rating(0, ada.id).rating;
    assert!((global.rating.rating - now).abs() < 1e-9);
    assert!((global.recent_change() - (now - 1500.0)).abs() < 1e-9);
    assert_eq!(global.rank, Some(1));
    assert!(stats.server.is_some());
    // Asking about oneself: no head to head.
    assert!(f.service.stats(&ada, &ada, None).await.unwrap().head_to_head.is_none());
}

on_both_backends!(#[tokio::test] fn history_pages_finished_games_newest_first_and_a_game_record_replays);
async fn history_pages_finished_games_newest_first_and_a_game_record_replays() {
    let f = fixture(0, 50).await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let mut finished = Vec::new();
    for i in 0..11 {
        let game = if i % 2 == 0 {
            resigned(&f, GUILD, &ada, &bo).await
        } else {
            resigned(&f, GUILD, &bo, &ada).await
        };
        finished.push(game);
        f.clock.advance(60);
    }
    let aborted = start(&f, GUILD, &ada, &bo).await;
    f.service.abort(aborted, &ada).await.unwrap();
    let versus_computer = f
        .service
        .start_computer_game(place(GUILD), &ada, &computer(), Level::Easy)
        .await
        .unwrap();
    f.service.resign(versus_computer.id, &ada).await.unwrap();
    finished.push(versus_computer.id);

    let first = f.service.history(ada.id, 0).await.unwrap();
    let second = f.service.history(ada.id, 1).await.unwrap();
    assert_eq!((first.total, first.pages, second.page), (12, 2, 1));
    let ids: Vec<i64> = first.games.iter().chain(&second.games).map(|g| g.game_id).collect();
    let mut newest_first = finished.clone();
    newest_first.reverse();
    assert_eq!(
        ids, newest_first,
        "every finished game once, newest first, the aborted one left out"
    );
    let latest = &first.games[0];
    assert_eq!(
        (latest.computer_level, latest.outcome),
        (Some(Level::Easy), Outcome::Loss)
    );
    assert_eq!(latest.rating_before, None, "games against the computer are unrated");
    let rated = &first.games[1];
    assert_eq!(rated.opponent_name, "bo");
    assert_eq!(rated.end, Some(HistoryEnd::Resignation));
    assert!(rated.rating_after.unwrap() != rated.rating_before.unwrap());

    // One game's record, in docs/RULES.md notation, replays to its final position.
    let game = start(&f, GUILD, &ada, &bo).await;
    let holes: Vec<Hole> = [3, 5, 1, 7].iter().map(|&h| Hole::new(h).unwrap()).collect();
    let mut engine = f.service.game(game).await.unwrap().game;
    let mut played = Vec::new();
    for &hole in &holes {
        let hole = if engine.legal_moves().contains(hole) {
            hole
        } else {
            engine.legal_moves().iter().next().unwrap()
        };
        engine.play(hole).unwrap();
        played.push(hole);
    }
    play(&f, game, [&ada, &bo], &played).await;
    f.service.resign(game, &bo).await.unwrap();
    let record = f.service.game_record(game).await.unwrap();
    let text = record.record.to_string();
    let parsed: Record = text.parse().unwrap();
    assert_eq!(parsed.first, engine.start().to_move());
    assert_eq!(Game::from_record(&parsed).unwrap().position(), engine.position());
    assert_eq!(record.finished_at, Some(f.clock.now()));
    assert!(matches!(
        f.service.game_record(999).await,
        Err(ServiceError::GameNotFound)
    ));
}

on_both_backends!(#[tokio::test] fn games_finishing_at_once_never_lose_a_rating_update);
async fn games_finishing_at_once_never_lose_a_rating_update() {
    let f = fixture(0, 50).await;
    let ada = player(1, "ada");
    let opponents: Vec<Player> = (0..6).map(|i| player(10 + i, &format!("o{i}"))).collect();
    let mut games = Vec::new();
    for opponent in &opponents {
        games.push((start(&f, GUILD, &ada, opponent).await, opponent.clone()));
    }
    let tasks: Vec<_> = games
        .into_iter()
        .map(|(game, opponent)| {
            let service = f.service.clone();
            tokio::spawn(async move { service.resign(game, &opponent).await.map(|_| ()) })
        })
        .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let rating = f.store.rating(Scope::Global, ada.id).await.unwrap().unwrap();
    assert_eq!((rating.games, rating.wins), (6, 6));
    // Each change starts where the one before it ended.
    let mut changes = f.store.rating_changes(ada.id, Scope::Global, 10).await.unwrap();
    changes.reverse();
    assert_eq!(changes[0].rating_before, 1500.0);
    for pair in changes.windows(2) {
        assert_eq!(pair[1].rating_before, pair[0].rating_after);
    }
    assert_eq!(changes.last().unwrap().rating_after, rating.rating);
}

/// A database as it was before ratings: the first two migrations only.
async fn database_before_ratings(path: &Path) -> sqlx::SqlitePool {
    let migrations = tempfile::tempdir().unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    for name in ["20261129000001_initial.sql", "20261129000002_computer_games.sql"] {
        std::fs::copy(source.join(name), migrations.path().join(name)).unwrap();
    }
    let pool = sqlx::SqlitePool::connect_with(
        sqlx::sqlite::SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .foreign_keys(true),
    )
    .await
    .unwrap();
    sqlx::migrate::Migrator::new(migrations.path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    pool
}

#[tokio::test]
async fn migrating_a_database_from_before_ratings_keeps_its_games_and_rates_the_finished_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let pool = database_before_ratings(&path).await;
    let json = |game: &Game| serde_json::to_string(&game.position().to_json()).unwrap();
    let mut finished = Game::opening(Seat::A);
    finished.play(Hole::new(3).unwrap()).unwrap();
    let mut ongoing = Game::opening(Seat::B);
    ongoing.play(Hole::new(2).unwrap()).unwrap();
    ongoing.play(Hole::new(6).unwrap()).unwrap();
    let start_a = serde_json::to_string(&Position::opening(Seat::A).to_json()).unwrap();
    let start_b = serde_json::to_string(&Position::opening(Seat::B).to_json()).unwrap();
    let statements = [
        "INSERT INTO players (user_id, name, created_at, updated_at) VALUES (1, 'ada', 0, 0), (2, 'bo', 0, 0)".to_string(),
        format!(
            "INSERT INTO games (id, guild_id, channel_id, player_a, player_b, start_position, ply, position, status,
             end_reason, winner, created_at, updated_at, finished_at)
             VALUES (7, {GUILD}, {CHANNEL}, 1, 2, '{start_a}', 1, '{}', 'finished', 'resignation', 'A', {T0}, {T0}, {T0})",
            json(&finished)
        ),
        format!(
            "INSERT INTO games (id, guild_id, channel_id, player_a, player_b, start_position, ply, position,
             created_at, updated_at) VALUES (9, {GUILD}, {CHANNEL}, 2, 1, '{start_b}', 2, '{}', {T0}, {T0})",
            json(&ongoing)
        ),
        format!("INSERT INTO moves VALUES (7, 1, 'A', 3, 1, {T0}), (9, 1, 'B', 2, 1, {T0}), (9, 2, 'A', 6, 2, {T0})"),
        format!(
            "INSERT INTO results VALUES (7, 1, 2, {GUILD}, 'win', 0, 0, {T0}, NULL), (7, 2, 1, {GUILD}, 'loss', 0, 0, {T0}, NULL)"
        ),
    ];
    for statement in &statements {
        sqlx::query(statement).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let store = Store::open_file(&path).await.unwrap();
    let clock = ManualClock::starting_at(T0 + 60);
    let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(clock));
    // The games and their moves are all there, and still replay.
    let old = service.game(7).await.unwrap();
    assert_eq!(old.finished.map(|(_, winner)| winner), Some(Winner::Seat(Seat::A)));
    assert_eq!(old.game.position(), finished.position());
    let going = service.game(9).await.unwrap();
    assert_eq!((going.ply(), going.finished), (2, None));
    // The game that finished before ratings is rated, once.
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let mut expected = Expected::default();
    expected.win(GUILD, &ada, &bo);
    for scope in [GUILD, 0] {
        assert_rating(&store, &expected, scope, &ada).await;
        assert_rating(&store, &expected, scope, &bo).await;
    }
    let reopened = Store::open_file(&path).await.unwrap();
    assert_eq!(reopened.rating(Scope::Global, ada.id).await.unwrap().unwrap().games, 1);
    // Play goes on in the ongoing game, and new games take new numbers.
    let mover = [&bo, &ada][going.to_move().unwrap().index()];
    let hole = going.game.legal_moves().iter().next().unwrap();
    service.play(MovePress::new(9, 2, hole, mover)).await.unwrap();
    let challenge = service.challenge(place(GUILD), &ada, &bo).await.unwrap();
    let next = service.accept(challenge.id, &bo).await.unwrap().id;
    assert!(next > 9, "game numbers are never reused: {next}");
    // Every row still points at rows that exist.
    let check = sqlx::SqlitePool::connect(&format!("sqlite:{}", path.display()))
        .await
        .unwrap();
    let broken = sqlx::query("PRAGMA foreign_key_check").fetch_all(&check).await.unwrap();
    assert!(broken.is_empty());
}
