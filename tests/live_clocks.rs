//! Live time controls on the service and store, on both backends, with a
//! clock the tests move (in whole seconds): increments, clocks that never
//! go below zero, the flag falling at the exact deadline, a move at the
//! deadline refused, and a flag fall ended by another process.

use std::sync::Arc;

use akon::engine::{Seat, Winner};
use akon::service::{
    ChallengeRequest, Challenged, EndReason, GameView, MovePress, NoticeView, Player, RematchOutcome, Service,
    ServiceConfig, ServiceError, TimeControl, TimePerMove,
};
use akon::store::Store;

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, T0};

const MS: i64 = 1000;

fn ada() -> Player {
    player(1, "ada")
}

fn bo() -> Player {
    player(2, "bo")
}

fn control(code: &str) -> TimeControl {
    code.parse().unwrap()
}

fn request<'a>(
    challenger: &'a Player,
    opponent: &'a Player,
    time_control: Option<TimeControl>,
) -> ChallengeRequest<'a> {
    ChallengeRequest {
        place: here(),
        challenger,
        opponent,
        opponent_is_the_computer: false,
        level: None,
        time: None,
        time_control,
        rated: true,
    }
}

/// A game between ada (A) and bo (B) with a live clock, accepted now.
async fn live_game(service: &Service, code: &str) -> GameView {
    let challenge = match service
        .challenge_or_play(request(&ada(), &bo(), Some(control(code))))
        .await
        .unwrap()
    {
        Challenged::Challenge(challenge) => challenge,
        other => panic!("{other:?}"),
    };
    assert_eq!(challenge.time_control, Some(control(code)));
    service.accept(challenge.id, &bo()).await.unwrap()
}

fn player_at(view: &GameView, seat: Seat) -> Player {
    let seated = view.player(seat);
    player(seated.user_id, &seated.name)
}

/// The player to move plays the first hole they may.
async fn move_by(service: &Service, game: i64) -> Result<GameView, ServiceError> {
    let view = service.game(game).await.unwrap();
    let seat = view.to_move().expect("a player to move");
    let hole = view.game.legal_moves().iter().next().expect("a legal move");
    let user = player_at(&view, seat);
    service
        .play(MovePress::new(game, view.ply(), hole, &user))
        .await
        .map(|applied| applied.view)
}

fn timeouts(notices: &[NoticeView]) -> Vec<i64> {
    notices
        .iter()
        .filter_map(|notice| match notice {
            NoticeView::Timeout { view, .. } => Some(view.id),
            _ => None,
        })
        .collect()
}

on_both_backends!(#[tokio::test] fn both_clocks_start_full_and_the_first_movers_runs_from_the_start);
async fn both_clocks_start_full_and_the_first_movers_runs_from_the_start() {
    let f = fixture().await;
    let view = live_game(&f.service, "5+3").await;
    let clock = view.live_clock.expect("a live clock");
    let first = view.to_move().unwrap();
    assert_eq!(clock.time_control, control("5+3"));
    assert_eq!(
        (clock.time_control.base_ms, clock.time_control.increment_ms),
        (300 * MS, 3 * MS)
    );
    assert_eq!(clock.remaining_ms, [300 * MS; 2]);
    assert_eq!((clock.turn_started_ms, clock.running), (T0 * MS, Some(first)));
    assert_eq!(clock.flag_falls_at_ms(), Some((T0 + 300) * MS));
    // A live clock replaces the time per move: no correspondence deadline.
    assert_eq!(
        (view.seconds_per_move, view.deadline, view.reminder_at),
        (None, None, None)
    );
    assert_eq!(f.service.next_flag_fall().await.unwrap(), Some((T0 + 300) * MS));
}

on_both_backends!(#[tokio::test] fn a_move_charges_its_time_and_adds_the_increment);
async fn a_move_charges_its_time_and_adds_the_increment() {
    let f = fixture().await;
    let game = live_game(&f.service, "5+3").await.id;
    let first = f.service.game(game).await.unwrap().to_move().unwrap();
    f.clock.advance(10);
    let after = move_by(&f.service, game).await.unwrap();
    let expect = |mover: i64, other: i64| match first {
        Seat::A => [mover, other],
        Seat::B => [other, mover],
    };
    let clock = after.live_clock.unwrap();
    assert_eq!(clock.remaining_ms, expect(293 * MS, 300 * MS), "300 s - 10 s + 3 s");
    assert_eq!(
        (clock.turn_started_ms, clock.running),
        ((T0 + 10) * MS, Some(first.opponent()))
    );
    // As stored, read back by another load.
    let stored = f.service.game(game).await.unwrap().live_clock.unwrap();
    assert_eq!(stored, clock);
    assert_eq!(f.service.next_flag_fall().await.unwrap(), Some((T0 + 310) * MS));
    // The reply after 40 s; then the first mover again after 292 s, with
    // a second to spare; long after, the running clock shows zero, never
    // less.
    f.clock.advance(40);
    move_by(&f.service, game).await.unwrap();
    f.clock.advance(292);
    let last = move_by(&f.service, game).await.unwrap().live_clock.unwrap();
    assert_eq!(
        last.remaining_ms,
        expect(4 * MS, 263 * MS),
        "1 s left + 3 s; 300 - 40 + 3"
    );
    assert_eq!(last.remaining_at((T0 + 10_000) * MS), expect(4 * MS, 0));
}

on_both_backends!(#[tokio::test] fn the_flag_falls_at_the_exact_deadline);
async fn the_flag_falls_at_the_exact_deadline() {
    let f = fixture().await;
    let view = live_game(&f.service, "1+0").await;
    let first = view.to_move().unwrap();
    f.clock.advance(59);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 0, "a second left");
    assert!(timeouts(&f.service.tick().await.unwrap()).is_empty());
    f.clock.advance(1);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 1);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 0, "ended once");
    let ended = f.service.game(view.id).await.unwrap();
    assert_eq!(
        ended.finished,
        Some((EndReason::Timeout { seat: first }, Winner::Seat(first.opponent())))
    );
    let clock = ended.live_clock.unwrap();
    assert_eq!(clock.running, None);
    assert_eq!(clock.remaining_ms[first.index()], 0);
    assert_eq!(clock.remaining_ms[first.opponent().index()], 60 * MS);
    assert_eq!(f.service.next_flag_fall().await.unwrap(), None);
    // Announced as any loss on time, once.
    let notices = f.service.notices_to_send().await.unwrap();
    assert_eq!(timeouts(&notices), vec![view.id]);
    for notice in &notices {
        f.service.notice_sent(notice.id()).await.unwrap();
    }
    assert!(timeouts(&f.service.tick().await.unwrap()).is_empty());
}

on_both_backends!(#[tokio::test] fn the_tick_ends_a_fallen_flag_only_once_the_watch_is_well_late);
async fn the_tick_ends_a_fallen_flag_only_once_the_watch_is_well_late() {
    let f = fixture().await;
    let view = live_game(&f.service, "1+0").await;
    let (game, first) = (view.id, view.to_move().unwrap());
    // At the fall, and for a while after it, the game is the flag watch's.
    f.clock.advance(60);
    assert!(timeouts(&f.service.tick().await.unwrap()).is_empty());
    f.clock.advance(9);
    assert!(timeouts(&f.service.tick().await.unwrap()).is_empty());
    assert!(f.service.game(game).await.unwrap().finished.is_none());
    // A watch that never came: the tick ends the game, at the fall's time.
    f.clock.advance(1);
    assert_eq!(timeouts(&f.service.tick().await.unwrap()), vec![game]);
    let ended = f.service.game(game).await.unwrap();
    assert!(
        matches!(ended.finished, Some((EndReason::Timeout { .. }, _))),
        "{:?}",
        ended.finished
    );
    let clock = ended.live_clock.unwrap();
    assert_eq!(clock.running, None);
    assert_eq!(
        clock.remaining_ms[first.index()],
        0,
        "stopped at the fall, not at the tick"
    );
}

on_both_backends!(#[tokio::test] fn a_move_at_the_deadline_is_refused_and_one_before_it_counts);
async fn a_move_at_the_deadline_is_refused_and_one_before_it_counts() {
    let f = fixture().await;
    let game = live_game(&f.service, "1+0").await.id;
    f.clock.advance(59);
    move_by(&f.service, game).await.expect("a second left: in time");
    f.clock.advance(60);
    let refused = move_by(&f.service, game).await;
    assert!(matches!(refused, Err(ServiceError::TimedOut)), "{refused:?}");
    let ended = f.service.game(game).await.unwrap();
    assert!(
        matches!(ended.finished, Some((EndReason::Timeout { .. }, _))),
        "{:?}",
        ended.finished
    );
    assert_eq!(timeouts(&f.service.notices_to_send().await.unwrap()), vec![game]);
}

on_both_backends!(#[tokio::test] fn another_process_ends_a_game_on_time_once);
async fn another_process_ends_a_game_on_time_once() {
    let f = fixture().await;
    let other_store = Store::open(&f.db.url).await.unwrap();
    let other = Service::new(other_store, ServiceConfig::default(), Arc::new(f.clock.clone()));
    let game = live_game(&f.service, "3+2").await.id;
    f.clock.advance(5);
    let board = move_by(&f.service, game).await.unwrap();
    let late = player_at(&board, board.to_move().unwrap());
    let hole = board.game.legal_moves().iter().next().unwrap();
    // The other process sees the move's deadline by its periodic look.
    let deadline = (T0 + 5 + 180) * MS;
    assert_eq!(other.next_flag_fall().await.unwrap(), Some(deadline));
    f.clock.advance(180);
    assert_eq!(other.end_flagged_games().await.unwrap(), 1);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 0, "found it ended");
    let refused = f.service.play(MovePress::new(game, board.ply(), hole, &late)).await;
    assert!(matches!(refused, Err(ServiceError::GameOver)), "{refused:?}");
    let first = timeouts(&other.notices_to_send().await.unwrap());
    let second = timeouts(&f.service.notices_to_send().await.unwrap());
    assert_eq!(first, vec![game], "the process that ended it holds the notice");
    assert!(second.is_empty(), "leased to the other process: {second:?}");
}

on_both_backends!(#[tokio::test] fn a_time_per_move_and_a_time_control_together_are_refused);
async fn a_time_per_move_and_a_time_control_together_are_refused() {
    let f = fixture().await;
    let (ada, bo) = (ada(), bo());
    let both = ChallengeRequest {
        time: Some(TimePerMove::OneHour),
        ..request(&ada, &bo, Some(control("5+3")))
    };
    let refused = f.service.challenge_or_play(both).await;
    assert!(
        matches!(refused, Err(ServiceError::TimePerMoveAndTimeControl)),
        "{refused:?}"
    );
    let plain = f.service.challenge_or_play(request(&ada, &bo, None)).await.unwrap();
    let Challenged::Challenge(plain) = plain else {
        panic!("{plain:?}")
    };
    assert_eq!(plain.time_control, None);
    let view = f.service.accept(plain.id, &bo).await.unwrap();
    assert_eq!(view.live_clock, None, "no live clock unless asked");
}

on_both_backends!(#[tokio::test] fn friendly_games_and_rematches_keep_the_time_control);
async fn friendly_games_and_rematches_keep_the_time_control() {
    let f = fixture().await;
    let (ada, bo) = (ada(), bo());
    let friendly = ChallengeRequest {
        rated: false,
        ..request(&ada, &bo, Some(control("10+5")))
    };
    let Challenged::Challenge(challenge) = f.service.challenge_or_play(friendly).await.unwrap() else {
        panic!("a challenge")
    };
    let view = f.service.accept(challenge.id, &bo).await.unwrap();
    assert!(view.friendly);
    let loser = player_at(&view, view.to_move().unwrap());
    f.service.resign(view.id, &loser).await.unwrap();
    let ended = f.service.game(view.id).await.unwrap();
    assert_eq!(ended.live_clock.unwrap().running, None);
    let RematchOutcome::Challenge(rematch) = f.service.rematch(view.id, &ada).await.unwrap() else {
        panic!("a challenge")
    };
    assert_eq!((rematch.time_control, rematch.rated), (Some(control("10+5")), false));
}

on_both_backends!(#[tokio::test] fn against_the_computer_only_the_persons_clock_runs);
async fn against_the_computer_only_the_persons_clock_runs() {
    let f = fixture().await;
    let computer = Player {
        id: 99,
        name: "akon".into(),
        is_bot: true,
    };
    let ada = ada();
    let asked = ChallengeRequest {
        opponent_is_the_computer: true,
        ..request(&ada, &computer, Some(control("3+2")))
    };
    let Challenged::ComputerGame { view, .. } = f.service.challenge_or_play(asked).await.unwrap() else {
        panic!("a game against the computer")
    };
    let mut view = *view;
    // Whoever starts, play until the person is to move.
    if view.computer_to_move() {
        let clock = view.live_clock.unwrap();
        assert_eq!(
            (clock.running, clock.flag_falls_at_ms()),
            (None, None),
            "the computer's clock stands still"
        );
        f.clock.advance(30);
        view = f.service.play_computer(view.id).await.unwrap().expect("its move").view;
        let clock = view.live_clock.unwrap();
        assert_eq!(clock.remaining_ms, [180 * MS; 2], "nothing charged, nothing added");
        assert_eq!(clock.running, Some(Seat::A));
        assert_eq!(clock.flag_falls_at_ms(), Some((T0 + 30 + 180) * MS));
    }
    f.clock.advance(20);
    let after = move_by(&f.service, view.id).await.unwrap();
    let clock = after.live_clock.unwrap();
    assert_eq!(clock.remaining_ms[0], 162 * MS, "180 s - 20 s + 2 s");
    if after.finished.is_none() {
        assert_eq!(clock.running, None, "the computer to move");
        assert_eq!(f.service.next_flag_fall().await.unwrap(), None);
    }
}

on_both_backends!(#[tokio::test] fn an_aborted_game_leaves_no_clock_running);
async fn an_aborted_game_leaves_no_clock_running() {
    let f = fixture().await;
    let view = live_game(&f.service, "1+0").await;
    f.clock.advance(10);
    f.service.abort(view.id, &ada()).await.unwrap();
    let aborted = f.service.game(view.id).await.unwrap();
    assert_eq!(aborted.live_clock.unwrap().running, None);
    assert_eq!(f.service.next_flag_fall().await.unwrap(), None);
    f.clock.advance(60);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 0);
}

on_both_backends!(#[tokio::test] fn a_move_taken_back_keeps_the_times_and_starts_the_turn_afresh);
async fn a_move_taken_back_keeps_the_times_and_starts_the_turn_afresh() {
    let f = fixture().await;
    let (ada, bo) = (ada(), bo());
    let friendly = ChallengeRequest {
        rated: false,
        ..request(&ada, &bo, Some(control("5+3")))
    };
    let Challenged::Challenge(challenge) = f.service.challenge_or_play(friendly).await.unwrap() else {
        panic!("a challenge")
    };
    let game = f.service.accept(challenge.id, &bo).await.unwrap().id;
    f.clock.advance(10);
    let moved = move_by(&f.service, game).await.unwrap();
    let mover_seat = moved.to_move().unwrap().opponent();
    let (mover, other) = (player_at(&moved, mover_seat), player_at(&moved, mover_seat.opponent()));
    let times = moved.live_clock.unwrap().remaining_ms;
    let offer = f.service.ask_takeback(game, moved.ply(), &mover).await.unwrap();
    f.clock.advance(20);
    let answer = f.service.answer_takeback(offer.id, &other, true).await.unwrap();
    assert!(
        matches!(answer, akon::service::TakebackAnswer::Accepted(_)),
        "{answer:?}"
    );
    let back = f.service.game(game).await.unwrap();
    let clock = back.live_clock.unwrap();
    assert_eq!(clock.remaining_ms, times, "the times as the move left them");
    assert_eq!(
        (clock.turn_started_ms, clock.running),
        ((T0 + 30) * MS, Some(mover_seat))
    );
    assert_eq!(
        f.service.next_flag_fall().await.unwrap(),
        Some((T0 + 30) * MS + times[mover_seat.index()])
    );
}
