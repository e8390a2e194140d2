//! Time in correspondence play, on the service and store with a real SQLite
//! file and a clock the tests move: time per move, reminders, timeouts,
//! races, catch-up, rematches and settings.

use akon::ai::Level;
use akon::engine::{Game, Hole, Seat, Winner};
use akon::service::{
    Actor, ChallengeStatus, EndReason, MovePress, NoticeView, Player, RematchOutcome, ServiceError, SettingsChanges,
    TimePerMove,
};
use akon::store::{GameUpdate, NewMove, Written};

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, Fixture, T0};

const HOUR: i64 = 3600;

fn ada() -> Player {
    player(1, "ada")
}

fn bo() -> Player {
    player(2, "bo")
}

/// A game between ada (A) and bo (B) with `time` per move.
async fn game_with(f: &Fixture, time: TimePerMove) -> i64 {
    let challenge = f
        .service
        .challenge_with_time(here(), &ada(), &bo(), Some(time))
        .await
        .unwrap();
    f.service.accept(challenge.id, &bo()).await.unwrap().id
}

async fn mover(f: &Fixture, game: i64) -> Player {
    match f.service.game(game).await.unwrap().to_move() {
        Some(Seat::A) => ada(),
        _ => bo(),
    }
}

fn reminders(notices: &[NoticeView]) -> Vec<i64> {
    notices
        .iter()
        .filter_map(|n| {
            if let NoticeView::Reminder { view, .. } = n {
                Some(view.id)
            } else {
                None
            }
        })
        .collect()
}

fn timeouts(notices: &[NoticeView]) -> Vec<i64> {
    notices
        .iter()
        .filter_map(|n| {
            if let NoticeView::Timeout { view, .. } = n {
                Some(view.id)
            } else {
                None
            }
        })
        .collect()
}

async fn mark_all_sent(f: &Fixture, notices: &[NoticeView]) {
    for notice in notices {
        f.service.notice_sent(notice.id()).await.unwrap();
    }
}

on_both_backends!(#[tokio::test] fn the_clock_starts_at_accept_with_the_chosen_time_per_move);
async fn the_clock_starts_at_accept_with_the_chosen_time_per_move() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::OneHour).await;
    let view = f.service.game(game).await.unwrap();
    assert_eq!(view.seconds_per_move, Some(HOUR));
    assert_eq!(view.deadline, Some(T0 + HOUR));
    let row = f.store.game(game).await.unwrap().unwrap();
    assert_eq!(
        row.reminder_at,
        Some(T0 + HOUR - HOUR / 4),
        "reminded when a quarter of the time is left"
    );
}

on_both_backends!(#[tokio::test] fn a_reminder_is_due_once_when_a_quarter_of_the_time_is_left);
async fn a_reminder_is_due_once_when_a_quarter_of_the_time_is_left() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::OneHour).await;
    f.clock.advance(HOUR * 3 / 4 - 1);
    assert!(
        f.service.tick().await.unwrap().is_empty(),
        "nothing due before three quarters of the hour"
    );
    f.clock.advance(1);
    let notices = f.service.tick().await.unwrap();
    assert_eq!(reminders(&notices), vec![game]);
    // Unsent, it is offered again; once sent, never again.
    assert_eq!(reminders(&f.service.tick().await.unwrap()), vec![game]);
    mark_all_sent(&f, &notices).await;
    f.clock.advance(HOUR / 8);
    assert!(f.service.tick().await.unwrap().is_empty());
}

on_both_backends!(#[tokio::test] fn overlapping_ticks_never_take_the_same_reminder_twice);
async fn overlapping_ticks_never_take_the_same_reminder_twice() {
    let f = fixture().await;
    // One pair can hold several games, each with its own clock.
    for _ in 0..5 {
        game_with(&f, TimePerMove::OneHour).await;
    }
    f.clock.advance(HOUR);
    let claims = (0..8).map(|_| {
        let service = f.service.clone();
        tokio::spawn(async move { service.claim_due_reminders().await.unwrap() })
    });
    let mut total = 0;
    for claim in claims {
        total += claim.await.unwrap();
    }
    assert_eq!(total, 5, "each of the five reminders taken exactly once");
}

on_both_backends!(#[tokio::test] fn running_out_of_time_loses_the_game_once);
async fn running_out_of_time_loses_the_game_once() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::TenMinutes).await;
    let late = mover(&f, game).await;
    f.clock.advance(600);
    let notices = f.service.tick().await.unwrap();
    assert_eq!(timeouts(&notices), vec![game]);
    let view = f.service.game(game).await.unwrap();
    let seat = view.seat_of(late.id).unwrap();
    assert_eq!(
        view.finished,
        Some((EndReason::Timeout { seat }, Winner::Seat(seat.opponent())))
    );
    let record = f.store.record(late.id, None).await.unwrap();
    assert_eq!((record.losses, record.games), (1, 1), "recorded like a resignation");
    mark_all_sent(&f, &notices).await;
    f.clock.advance(HOUR);
    assert!(f.service.tick().await.unwrap().is_empty());
    assert_eq!(
        f.store.record(late.id, None).await.unwrap().games,
        1,
        "not timed out twice"
    );
}

on_both_backends!(#[tokio::test] fn a_move_pressed_after_the_deadline_loses_on_time);
async fn a_move_pressed_after_the_deadline_loses_on_time() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::TenMinutes).await;
    let late = mover(&f, game).await;
    f.clock.advance(601);
    let pressed = f
        .service
        .play(MovePress::new(game, 0, Hole::new(3).unwrap(), &late))
        .await;
    assert!(matches!(pressed, Err(ServiceError::TimedOut)), "{pressed:?}");
    assert!(f.store.moves(game).await.unwrap().is_empty());
    assert!(matches!(
        f.service.game(game).await.unwrap().finished,
        Some((EndReason::Timeout { .. }, _))
    ));
}

on_both_backends!(#[tokio::test] fn a_move_racing_a_timeout_exactly_one_wins);
async fn a_move_racing_a_timeout_exactly_one_wins() {
    let f = fixture().await;
    for round in 0..12 {
        let game = game_with(&f, TimePerMove::TenMinutes).await;
        let view = f.service.game(game).await.unwrap();
        let seat = view.to_move().unwrap();
        let mut after_move = Game::from_position(*view.game.position());
        after_move.play(Hole::new(3).unwrap()).unwrap();
        let move_update = GameUpdate {
            position: *after_move.position(),
            finished: None,
            captured_a: after_move.position().captured(Seat::A) as u32,
            captured_b: after_move.position().captured(Seat::B) as u32,
            now: T0,
            deadline: Some(T0 + 600),
            reminder_at: None,
            loop_history: None,
            live: None,
        };
        let timeout_update = GameUpdate {
            position: *view.game.position(),
            finished: Some(akon::store::Finish {
                end_reason: akon::store::EndReason::Timeout,
                winner: Winner::Seat(seat.opponent()),
            }),
            captured_a: 0,
            captured_b: 0,
            now: T0,
            deadline: None,
            reminder_at: None,
            loop_history: None,
            live: None,
        };
        let user = if seat == Seat::A { 1 } else { 2 };
        let (store_a, store_b) = (f.store.clone(), f.store.clone());
        let moving = tokio::spawn(async move {
            store_a
                .record_move(
                    game,
                    0,
                    &NewMove {
                        seat,
                        hole: 3,
                        user_id: user,
                    },
                    &move_update,
                )
                .await
        });
        let timing_out = tokio::spawn(async move { store_b.time_out(game, 0, &timeout_update, T0).await });
        let results = [moving.await.unwrap().unwrap(), timing_out.await.unwrap().unwrap()];
        assert_eq!(
            results.iter().filter(|&&w| w == Written::Yes).count(),
            1,
            "round {round}: {results:?}"
        );
        // Whichever won, the stored game replays.
        f.service.game(game).await.unwrap();
        // Finish it so the next round's players are free.
        let _ = f.service.resign(game, &ada()).await;
    }
}

on_both_backends!(#[tokio::test] fn moving_restarts_the_clock_and_drops_a_reminder_not_yet_sent);
async fn moving_restarts_the_clock_and_drops_a_reminder_not_yet_sent() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::OneHour).await;
    f.clock.advance(HOUR * 3 / 4);
    assert_eq!(reminders(&f.service.tick().await.unwrap()), vec![game]);
    // The player moves before the reminder went out.
    let who = mover(&f, game).await;
    f.service
        .play(MovePress::new(game, 0, Hole::new(3).unwrap(), &who))
        .await
        .unwrap();
    assert!(
        f.service.tick().await.unwrap().is_empty(),
        "a reminder about an old move is not sent"
    );
    let view = f.service.game(game).await.unwrap();
    assert_eq!(view.deadline, Some(T0 + HOUR * 3 / 4 + HOUR));
}

on_both_backends!(#[tokio::test] fn after_downtime_everything_due_comes_out_oldest_first);
async fn after_downtime_everything_due_comes_out_oldest_first() {
    let f = fixture().await;
    let carol = player(3, "cy");
    let slow = game_with(&f, TimePerMove::OneDay).await;
    f.clock.advance(HOUR);
    let fast = {
        let challenge = f
            .service
            .challenge_with_time(here(), &carol, &bo(), Some(TimePerMove::OneHour))
            .await
            .unwrap();
        f.service.accept(challenge.id, &bo()).await.unwrap().id
    };
    let expiring = f
        .service
        .challenge_with_time(here(), &carol, &ada(), None)
        .await
        .unwrap();
    // Two days pass with nobody ticking.
    f.clock.advance(2 * 86_400);
    let notices = f.service.tick().await.unwrap();
    let order: Vec<String> = notices
        .iter()
        .map(|n| match n {
            NoticeView::Reminder { view, .. } => format!("reminder {}", view.id),
            NoticeView::Timeout { view, .. } => format!("timeout {}", view.id),
            NoticeView::ChallengeExpired { challenge, .. } => format!("expired {}", challenge.id),
            other => panic!("no vacation here: {other:?}"),
        })
        .collect();
    // fast's time ran out at T0+2h, slow's at T0+1d, the challenge at T0+1d+1h.
    assert_eq!(
        order,
        vec![
            format!("timeout {fast}"),
            format!("timeout {slow}"),
            format!("expired {}", expiring.id)
        ],
        "reminders of games already lost on time are not sent"
    );
}

on_both_backends!(#[tokio::test] fn games_against_the_computer_have_no_clock);
async fn games_against_the_computer_have_no_clock() {
    let f = fixture().await;
    let computer = Player {
        id: 99,
        name: "Akon".into(),
        is_bot: true,
    };
    let view = f
        .service
        .start_computer_game(here(), &ada(), &computer, Level::Easy)
        .await
        .unwrap();
    assert_eq!((view.seconds_per_move, view.deadline), (None, None));
    f.clock.advance(30 * 86_400);
    assert!(f.service.tick().await.unwrap().is_empty());
}

on_both_backends!(#[tokio::test] fn a_rematch_swaps_the_seats_and_keeps_the_time_per_move);
async fn a_rematch_swaps_the_seats_and_keeps_the_time_per_move() {
    let f = fixture().await;
    let game = game_with(&f, TimePerMove::OneDay).await;
    assert!(matches!(
        f.service.rematch(game, &ada()).await,
        Err(ServiceError::GameNotOver)
    ));
    f.service.resign(game, &bo()).await.unwrap();
    let stranger = player(7, "zed");
    assert!(matches!(
        f.service.rematch(game, &stranger).await,
        Err(ServiceError::NotAPlayer)
    ));
    let RematchOutcome::Challenge(challenge) = f.service.rematch(game, &bo()).await.unwrap() else {
        panic!("a rematch between people is a challenge");
    };
    assert_eq!(challenge.seconds_per_move, 86_400);
    assert_eq!(challenge.rematch_of, Some(game));
    assert!(matches!(
        f.service.rematch(game, &ada()).await,
        Err(ServiceError::RematchPending(_))
    ));
    let next = f.service.accept(challenge.id, &ada()).await.unwrap();
    assert_eq!(next.player(Seat::A).name, "bo", "seats swapped");
    assert_eq!(next.player(Seat::B).name, "ada");
    assert_eq!(next.seconds_per_move, Some(86_400));
}

on_both_backends!(#[tokio::test] fn settings_choose_reminders_by_dm_and_the_default_time_per_move);
async fn settings_choose_reminders_by_dm_and_the_default_time_per_move() {
    let f = fixture().await;
    let default = f.service.settings(ada().id).await.unwrap();
    assert!(!default.dm_reminders);
    assert_eq!(default.default_time_per_move, None);
    let chosen = SettingsChanges {
        dm_reminders: Some(true),
        time_per_move: Some(TimePerMove::OneHour),
        ..SettingsChanges::default()
    };
    let player = ada();
    let actor = Actor {
        user: &player,
        place: here(),
        manages_server: false,
    };
    f.service.change_settings(&chosen, actor).await.unwrap();
    let kept = f
        .service
        .change_settings(&SettingsChanges::default(), actor)
        .await
        .unwrap();
    assert!(kept.player.dm_reminders && kept.player.default_time_per_move == Some(TimePerMove::OneHour));
    let challenge = f.service.challenge(here(), &ada(), &bo()).await.unwrap();
    assert_eq!(challenge.seconds_per_move, HOUR, "the challenger's default applies");
    let game = f.service.accept(challenge.id, &bo()).await.unwrap().id;
    f.clock.advance(HOUR * 3 / 4);
    let notices = f.service.tick().await.unwrap();
    let dm = notices.iter().find_map(|n| {
        if let NoticeView::Reminder { view, dm, .. } = n {
            Some((view.id, *dm, view.to_move()))
        } else {
            None
        }
    });
    let (id, dm, to_move) = dm.expect("a reminder");
    assert_eq!(id, game);
    assert_eq!(dm, to_move == Some(Seat::A), "by DM only for ada, who asked for it");
}

on_both_backends!(#[tokio::test] fn a_challenge_to_the_computer_starts_a_game_and_a_level_is_for_the_computer_only);
async fn a_challenge_to_the_computer_starts_a_game_and_a_level_is_for_the_computer_only() {
    use akon::service::{ChallengeRequest, Challenged, DEFAULT_COMPUTER_LEVEL};
    let f = fixture().await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    let computer = Player {
        is_bot: true,
        ..player(99, "Akon")
    };
    let request = |opponent, opponent_is_the_computer, level| ChallengeRequest {
        place: here(),
        challenger: &ada,
        opponent,
        opponent_is_the_computer,
        level,
        time: None,
        time_control: None,
        rated: true,
    };
    let refused = f
        .service
        .challenge_or_play(request(&bo, false, Some(Level::Hard)))
        .await;
    assert!(
        matches!(refused, Err(ServiceError::LevelNeedsTheComputer)),
        "{refused:?}"
    );
    assert!(f.store.ongoing_games(1).await.unwrap().is_empty(), "nothing started");
    match f
        .service
        .challenge_or_play(request(&computer, true, None))
        .await
        .unwrap()
    {
        Challenged::ComputerGame { view, level } => {
            assert_eq!(level, DEFAULT_COMPUTER_LEVEL);
            assert_eq!(
                view.computer.map(|computer| computer.level),
                Some(DEFAULT_COMPUTER_LEVEL)
            );
        }
        other => panic!("expected a game against the computer, got {other:?}"),
    }
    match f.service.challenge_or_play(request(&bo, false, None)).await.unwrap() {
        Challenged::Challenge(challenge) => assert_eq!(challenge.status, ChallengeStatus::Pending),
        other => panic!("expected a challenge, got {other:?}"),
    }
}

on_both_backends!(#[tokio::test] fn a_notice_whose_game_cannot_be_read_holds_back_no_other);
/// A game damaged so that it no longer loads: its reminder is skipped (and
/// looked at again at every tick), every other notice still goes out.
async fn a_notice_whose_game_cannot_be_read_holds_back_no_other() {
    let f = fixture().await;
    let damaged = game_with(&f, TimePerMove::OneHour).await;
    let sound = game_with(&f, TimePerMove::OneHour).await;
    let mut db = f.db.connect().await;
    let position: String = sqlx::query_scalar("SELECT position FROM games WHERE id = $1")
        .bind(damaged)
        .fetch_one(&mut db)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET position = '{}' WHERE id = $1")
        .bind(damaged)
        .execute(&mut db)
        .await
        .unwrap();
    assert!(f.service.game(damaged).await.is_err(), "the game no longer loads");
    f.clock.advance(HOUR * 3 / 4);
    for _ in 0..2 {
        let notices = f.service.tick().await.unwrap();
        assert_eq!(reminders(&notices), vec![sound]);
    }
    // Once it loads again, its reminder goes out too.
    sqlx::query("UPDATE games SET position = $1 WHERE id = $2")
        .bind(position)
        .bind(damaged)
        .execute(&mut db)
        .await
        .unwrap();
    // (Whose move it is decides whether a reminder is owed, so the damaged
    // game's is taken only now; both are due at the same deadline.)
    let mut due = reminders(&f.service.tick().await.unwrap());
    due.sort_unstable();
    assert_eq!(due, vec![damaged, sound]);
}
