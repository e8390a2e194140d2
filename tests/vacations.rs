//! Vacations on the service and store, on both backends, with a clock the
//! tests move: the clocks stand still (the opponent's too), nobody loses on
//! time meanwhile, each opponent is told once, a move or `off` ends it, the
//! year's allowance is counted and runs out, tournaments pause only if
//! their organiser allowed it, and refusals change nothing.

use akon::service::{
    MovePress, NoticeView, Player, ServiceError, TimePerMove, TournamentFormat, TournamentRequest,
    VACATION_DAYS_PER_YEAR,
};

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, Fixture, T0};

const HOUR: i64 = 3600;
const DAY: i64 = 86_400;

fn ada() -> Player {
    player(1, "ada")
}

fn bo() -> Player {
    player(2, "bo")
}

fn cy() -> Player {
    player(3, "cy")
}

/// A game between `a` (A) and `b` (B) with `time` per move.
async fn game_between(f: &Fixture, a: &Player, b: &Player, time: TimePerMove) -> i64 {
    let challenge = f.service.challenge_with_time(here(), a, b, Some(time)).await.unwrap();
    f.service.accept(challenge.id, b).await.unwrap().id
}

/// The player to move in `game`, among `players`.
async fn to_move(f: &Fixture, game: i64, players: &[Player]) -> Player {
    let view = f.service.game(game).await.unwrap();
    let seat = view.to_move().expect("the game goes on");
    let user = view.player(seat).user_id;
    players.iter().find(|p| p.id == user).unwrap().clone()
}

/// `who` plays the first legal hole of `game`.
async fn play_any(f: &Fixture, game: i64, who: &Player) {
    let view = f.service.game(game).await.unwrap();
    let hole = view.game.legal_moves().into_iter().next().unwrap();
    f.service
        .play(MovePress::new(game, view.ply(), hole, who))
        .await
        .unwrap();
}

/// The vacation notices of a tick: (game, the player away, the one told).
fn told(notices: &[NoticeView]) -> Vec<(i64, u64, u64)> {
    notices
        .iter()
        .filter_map(|notice| match notice {
            NoticeView::VacationStarted { view, away, .. } => {
                let seat = view.seat_of(*away).unwrap();
                Some((view.id, *away, view.player(seat.opponent()).user_id))
            }
            _ => None,
        })
        .collect()
}

fn timeouts(notices: &[NoticeView]) -> usize {
    notices
        .iter()
        .filter(|notice| matches!(notice, NoticeView::Timeout { .. }))
        .count()
}

async fn send_all(f: &Fixture, notices: &[NoticeView]) {
    for notice in notices {
        f.service.notice_sent(notice.id()).await.unwrap();
    }
}

on_both_backends!(#[tokio::test] fn a_clock_that_would_have_run_out_stands_still_and_runs_on_after);
async fn a_clock_that_would_have_run_out_stands_still_and_runs_on_after() {
    let f = fixture().await;
    let game = game_between(&f, &ada(), &bo(), TimePerMove::OneHour).await;
    let away = to_move(&f, game, &[ada(), bo()]).await;
    f.clock.advance(10 * 60);
    let on = f.service.vacation_on(&away).await.unwrap();
    assert_eq!(on.games, 1);
    let view = f.service.game(game).await.unwrap();
    assert!(
        view.clock_paused() && view.deadline.is_none(),
        "the board says the clock stands still"
    );

    // Five hours: far past the hour the move had.
    f.clock.advance(5 * HOUR);
    let notices = f.service.tick().await.unwrap();
    assert_eq!(timeouts(&notices), 0, "no loss on time while away");
    assert!(f.service.game(game).await.unwrap().finished.is_none());

    let off = f.service.vacation_off(&away).await.unwrap();
    assert_eq!(off.games, 1);
    let view = f.service.game(game).await.unwrap();
    assert_eq!(
        view.deadline,
        Some(T0 + HOUR + 5 * HOUR),
        "the fifty minutes left when it stopped, from now"
    );
    // And the clock runs again: past those fifty minutes, the game is lost.
    f.clock.advance(50 * 60);
    assert_eq!(timeouts(&f.service.tick().await.unwrap()), 1);
}

on_both_backends!(#[tokio::test] fn each_opponent_is_told_once_and_their_clock_stands_still_too);
async fn each_opponent_is_told_once_and_their_clock_stands_still_too() {
    let f = fixture().await;
    let first = game_between(&f, &ada(), &bo(), TimePerMove::OneDay).await;
    let second = game_between(&f, &bo(), &ada(), TimePerMove::OneDay).await;
    let third = game_between(&f, &ada(), &cy(), TimePerMove::OneDay).await;
    // In the first game it is bo's move when she leaves.
    if to_move(&f, first, &[ada(), bo()]).await.id == ada().id {
        play_any(&f, first, &ada()).await;
    }
    f.service.vacation_on(&ada()).await.unwrap();
    for game in [first, second, third] {
        assert!(f.service.game(game).await.unwrap().clock_paused(), "game {game}");
    }
    let notices = f.service.tick().await.unwrap();
    let mut opponents_told = told(&notices);
    opponents_told.sort_unstable();
    assert_eq!(
        opponents_told,
        vec![(first, 1, 2), (third, 1, 3)],
        "bo and cy, once each"
    );
    // Unsent, the same notices are offered again; once sent, never again,
    // even when a new game with bo starts and stands still too.
    assert_eq!(told_count(&f).await, 2);
    send_all(&f, &f.service.tick().await.unwrap()).await;
    let fourth = game_between(&f, &bo(), &ada(), TimePerMove::OneDay).await;
    let notices = f.service.tick().await.unwrap();
    assert!(told(&notices).is_empty(), "{notices:?}");
    assert!(
        f.service.game(fourth).await.unwrap().clock_paused(),
        "a game begun while away stands still"
    );

    // Bo's own clock stands still too: he may move, and then ada's clock
    // stays still. Ada's move ends her vacation; bo's clock runs a whole
    // move from then, and her other clocks run again.
    let game = first;
    assert_eq!(to_move(&f, game, &[ada(), bo()]).await.id, bo().id);
    play_any(&f, game, &bo()).await;
    assert!(
        f.service.game(game).await.unwrap().clock_paused(),
        "ada's clock stands still"
    );
    f.clock.advance(3 * DAY);
    assert_eq!(timeouts(&f.service.tick().await.unwrap()), 0);
    play_any(&f, game, &ada()).await;
    assert!(
        f.service.vacation(ada().id).await.unwrap().away.is_none(),
        "a move ends it"
    );
    let view = f.service.game(game).await.unwrap();
    assert_eq!(view.to_move(), view.seat_of(bo().id));
    assert_eq!(view.deadline, Some(f.service.now() + DAY));
    for game in [first, second, third, fourth] {
        assert!(
            !f.service.game(game).await.unwrap().clock_paused(),
            "game {game} runs again"
        );
    }
}

async fn told_count(f: &Fixture) -> usize {
    told(&f.service.tick().await.unwrap()).len()
}

on_both_backends!(#[tokio::test] fn the_allowance_is_counted_in_whole_days_and_runs_out);
async fn the_allowance_is_counted_in_whole_days_and_runs_out() {
    let f = fixture().await;
    let game = game_between(&f, &ada(), &bo(), TimePerMove::SevenDays).await;
    // A day and a half counts as two.
    f.service.vacation_on(&ada()).await.unwrap();
    f.clock.advance(DAY + DAY / 2);
    let off = f.service.vacation_off(&ada()).await.unwrap();
    assert_eq!(
        (off.vacation.days_used, off.vacation.days_allowed),
        (2, VACATION_DAYS_PER_YEAR)
    );
    let stats = f.service.stats(&ada(), &ada(), None).await.unwrap();
    assert_eq!(stats.vacation.days_used, 2, "shown in /akon stats");
    let deadline_before = f.service.game(game).await.unwrap().deadline.unwrap();

    // The rest runs out: the clocks run again when it does, and she is told.
    let on = f.service.vacation_on(&ada()).await.unwrap();
    let (started, ends_by) = on.vacation.away.unwrap();
    assert_eq!(ends_by, started + (VACATION_DAYS_PER_YEAR - 2) * DAY);
    send_all(&f, &f.service.tick().await.unwrap()).await;
    f.clock.advance((VACATION_DAYS_PER_YEAR - 2) * DAY + 5 * 60);
    let notices = f.service.tick().await.unwrap();
    let over: Vec<u64> = notices
        .iter()
        .filter_map(|notice| match notice {
            NoticeView::VacationOver { user_id, .. } => Some(*user_id),
            _ => None,
        })
        .collect();
    assert_eq!(over, vec![ada().id], "told once that it ran out");
    assert_eq!(timeouts(&notices), 0);
    let view = f.service.game(game).await.unwrap();
    assert_eq!(
        view.deadline,
        Some(deadline_before + (ends_by - started)),
        "the clock runs from when the allowance ran out"
    );
    let vacation = f.service.vacation(ada().id).await.unwrap();
    assert_eq!((vacation.away, vacation.days_used), (None, VACATION_DAYS_PER_YEAR));
    send_all(&f, &notices).await;
    assert!(f.service.tick().await.unwrap().is_empty(), "told once");

    // Used up: refused, and nothing changes.
    let refused = f.service.vacation_on(&ada()).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::VacationAllowanceUsed(VACATION_DAYS_PER_YEAR))
        ),
        "{refused:?}"
    );
    assert!(!f.service.game(game).await.unwrap().clock_paused());
    assert!(f.service.vacation(ada().id).await.unwrap().away.is_none());
}

on_both_backends!(#[tokio::test] fn refusals_change_nothing_and_no_games_is_no_reason_to_refuse);
async fn refusals_change_nothing_and_no_games_is_no_reason_to_refuse() {
    let f = fixture().await;
    let refused = f.service.vacation_off(&ada()).await;
    assert!(matches!(refused, Err(ServiceError::NotOnVacation)), "{refused:?}");
    assert_eq!(f.service.vacation(ada().id).await.unwrap().days_used, 0);

    // With no game at all, a vacation may start: games begun while away
    // stand still from the next tick.
    let on = f.service.vacation_on(&ada()).await.unwrap();
    assert_eq!(on.games, 0);
    let again = f.service.vacation_on(&ada()).await;
    assert!(matches!(again, Err(ServiceError::AlreadyOnVacation)), "{again:?}");
    assert_eq!(
        f.service.vacation(ada().id).await.unwrap().away,
        on.vacation.away,
        "unchanged"
    );
    let game = game_between(&f, &bo(), &ada(), TimePerMove::OneHour).await;
    f.service.tick().await.unwrap();
    assert!(f.service.game(game).await.unwrap().clock_paused());
}

/// A two-player round robin (one game, between ada and bo) with vacations
/// allowed or not.
async fn tournament_game(f: &Fixture, vacations: bool) -> i64 {
    let organiser = player(9, "org");
    let request = TournamentRequest {
        place: here(),
        organiser: &organiser,
        name: "Cup",
        format: TournamentFormat::RoundRobin,
        rounds: None,
        time_per_move: TimePerMove::OneHour,
        max_players: None,
        rated: true,
        starts_at: None,
        vacations,
    };
    let id = f.service.create_tournament(request).await.unwrap().id;
    f.service.join_tournament(id, &ada()).await.unwrap();
    f.service.join_tournament(id, &bo()).await.unwrap();
    f.service.start_tournament(id, &organiser).await.unwrap();
    let games = f.store.ongoing_games(ada().id).await.unwrap();
    games.into_iter().max().unwrap()
}

on_both_backends!(#[tokio::test] fn tournament_games_pause_only_if_the_organiser_allowed_vacations);
async fn tournament_games_pause_only_if_the_organiser_allowed_vacations() {
    let f = fixture().await;
    let strict = tournament_game(&f, false).await;
    let relaxed = tournament_game(&f, true).await;
    let friendly = game_between(&f, &ada(), &bo(), TimePerMove::OneHour).await;
    let on = f.service.vacation_on(&ada()).await.unwrap();
    assert_eq!(on.games, 2, "the friendly game and the tournament that allows it");
    assert!(!f.service.game(strict).await.unwrap().clock_paused());
    assert!(f.service.game(relaxed).await.unwrap().clock_paused());
    assert!(f.service.game(friendly).await.unwrap().clock_paused());
    f.clock.advance(2 * HOUR);
    let notices = f.service.tick().await.unwrap();
    assert_eq!(
        timeouts(&notices),
        1,
        "only the strict tournament's game is lost on time"
    );
    assert!(f.service.game(strict).await.unwrap().finished.is_some());
    assert!(f.service.game(relaxed).await.unwrap().finished.is_none());
}

async fn notices_of_kind(f: &Fixture, kind: &str) -> i64 {
    let mut db = f.db.connect().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE kind = $1")
        .bind(kind)
        .fetch_one(&mut db)
        .await
        .unwrap()
}

on_both_backends!(#[tokio::test] fn two_processes_stop_and_start_the_clocks_once);
async fn two_processes_stop_and_start_the_clocks_once() {
    let f = fixture().await;
    let store = akon::store::Store::open(&f.db.url).await.unwrap();
    let clock = std::sync::Arc::new(f.clock.clone());
    let second = akon::service::Service::new(store, akon::service::ServiceConfig::default(), clock);
    let on = f.service.vacation_on(&ada()).await.unwrap();
    let (started, ends_by) = on.vacation.away.unwrap();
    // A game begun while away: both processes' passes stop its clock, and
    // bo is told once.
    let game = game_between(&f, &bo(), &ada(), TimePerMove::OneDay).await;
    let deadline = f.service.game(game).await.unwrap().deadline.unwrap();
    f.clock.advance(60);
    let (one, two) = tokio::join!(f.service.tick(), second.tick());
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(told(&one).len() + told(&two).len(), 1, "{one:?} {two:?}");
    assert_eq!(notices_of_kind(&f, "vacation").await, 1);
    assert!(f.service.game(game).await.unwrap().clock_paused());

    // The allowance runs out: both end it, once, and she is told once.
    f.clock.advance(ends_by - started);
    let (one, two) = tokio::join!(f.service.tick(), second.tick());
    let over = |notices: &[NoticeView]| {
        notices
            .iter()
            .filter(|n| matches!(n, NoticeView::VacationOver { .. }))
            .count()
    };
    assert_eq!(over(&one.unwrap()) + over(&two.unwrap()), 1);
    assert_eq!(notices_of_kind(&f, "vacation_over").await, 1);
    let view = f.service.game(game).await.unwrap();
    assert_eq!(
        view.deadline,
        Some(deadline + (ends_by - (T0 + 60))),
        "stopped a minute after it began, running again when the allowance ran out"
    );
}

on_both_backends!(#[tokio::test] fn a_stopped_clock_whose_game_cannot_be_read_holds_back_no_notice);
/// A clock stopped with no vacation keeping it (here written by hand) in a
/// game damaged so that it no longer loads: skipped, and the other game's
/// reminder still goes out; once it loads again, its clock runs again.
async fn a_stopped_clock_whose_game_cannot_be_read_holds_back_no_notice() {
    let f = fixture().await;
    let damaged = game_between(&f, &ada(), &bo(), TimePerMove::OneHour).await;
    let sound = game_between(&f, &ada(), &cy(), TimePerMove::OneHour).await;
    let mut db = f.db.connect().await;
    let position: String = sqlx::query_scalar("SELECT position FROM games WHERE id = $1")
        .bind(damaged)
        .fetch_one(&mut db)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET deadline = NULL, reminder_at = NULL, position = '{}' WHERE id = $1")
        .bind(damaged)
        .execute(&mut db)
        .await
        .unwrap();
    f.clock.advance(HOUR * 3 / 4);
    let notices = f.service.tick().await.unwrap();
    let reminded: Vec<i64> = notices
        .iter()
        .filter_map(|notice| match notice {
            NoticeView::Reminder { view, .. } => Some(view.id),
            _ => None,
        })
        .collect();
    assert_eq!(reminded, vec![sound]);
    sqlx::query("UPDATE games SET position = $1 WHERE id = $2")
        .bind(position)
        .bind(damaged)
        .execute(&mut db)
        .await
        .unwrap();
    f.service.tick().await.unwrap();
    let view = f.service.game(damaged).await.unwrap();
    assert_eq!(view.deadline, Some(f.service.now() + HOUR), "a whole move from now");
}
