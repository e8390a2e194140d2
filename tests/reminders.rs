//! Reminders at the player's pace, on the service and store, on both
//! backends, with a clock the tests move: each pace at its moments, and
//! each reminder sent once across two processes and a restart.

use std::sync::Arc;

use akon::service::{
    Actor, NoticeView, Player, ReminderPace, Service, ServiceConfig, SettingsChanges, TimePerMove, LEASE_SECS,
};
use akon::store::Store;

use crate::support::service_fixture;

use service_fixture::{fixture, here, player, Fixture, T0};

const HOUR: i64 = 3600;
const DAY: i64 = 86_400;

async fn set_pace(service: &Service, who: &Player, pace: ReminderPace) {
    let changes = SettingsChanges {
        reminders: Some(pace),
        ..SettingsChanges::default()
    };
    let actor = Actor {
        user: who,
        place: here(),
        manages_server: false,
    };
    service.change_settings(&changes, actor).await.unwrap();
}

/// A game between `a` and `b` with `time` per move.
async fn game_between(f: &Fixture, a: &Player, b: &Player, time: TimePerMove) -> i64 {
    let challenge = f.service.challenge_with_time(here(), a, b, Some(time)).await.unwrap();
    f.service.accept(challenge.id, b).await.unwrap().id
}

fn reminded(notices: &[NoticeView]) -> Vec<i64> {
    let mut games: Vec<i64> = notices
        .iter()
        .filter_map(|notice| match notice {
            NoticeView::Reminder { view, .. } => Some(view.id),
            _ => None,
        })
        .collect();
    games.sort_unstable();
    games
}

async fn send_all(service: &Service, notices: &[NoticeView]) {
    for notice in notices {
        service.notice_sent(notice.id()).await.unwrap();
    }
}

on_both_backends!(#[tokio::test] fn each_pace_reminds_at_its_own_moments);
async fn each_pace_reminds_at_its_own_moments() {
    let f = fixture().await;
    // One game of three days per pace; both players of a game keep it.
    let mut games = Vec::new();
    for (n, pace) in ReminderPace::ALL.into_iter().enumerate() {
        let (a, b) = (player(10 + 2 * n as u64, "a"), player(11 + 2 * n as u64, "b"));
        set_pace(&f.service, &a, pace).await;
        set_pace(&f.service, &b, pace).await;
        games.push((pace, game_between(&f, &a, &b, TimePerMove::ThreeDays).await));
    }
    let of = |pace: ReminderPace| games.iter().find(|(p, _)| *p == pace).unwrap().1;
    let sorted = |mut ids: Vec<i64>| {
        ids.sort_unstable();
        ids
    };
    // The moments of a three-day move: each full day, a quarter left
    // (18 hours), an hour left.
    let moments = [
        (DAY, sorted(vec![of(ReminderPace::Daily)])),
        (2 * DAY, sorted(vec![of(ReminderPace::Daily)])),
        (
            3 * DAY - 18 * HOUR,
            sorted(vec![
                of(ReminderPace::Once),
                of(ReminderPace::LastHour),
                of(ReminderPace::Daily),
            ]),
        ),
        (
            3 * DAY - HOUR,
            sorted(vec![of(ReminderPace::LastHour), of(ReminderPace::Daily)]),
        ),
    ];
    for (at, expected) in moments {
        f.clock.advance(T0 + at - 1 - f.service.now());
        let early = f.service.tick().await.unwrap();
        assert!(reminded(&early).is_empty(), "nothing a second before {at}: {early:?}");
        f.clock.advance(1);
        let notices = f.service.tick().await.unwrap();
        assert_eq!(reminded(&notices), expected, "at {at}");
        send_all(&f.service, &notices).await;
    }
    f.clock.advance(HOUR - 1);
    assert!(
        f.service.tick().await.unwrap().is_empty(),
        "nothing more before the deadline"
    );
}

on_both_backends!(#[tokio::test] fn a_pace_changed_during_a_move_applies_from_its_next_moment);
async fn a_pace_changed_during_a_move_applies_from_its_next_moment() {
    let f = fixture().await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game = game_between(&f, &a, &b, TimePerMove::OneDay).await;
    // A day's move: a quarter left at 18 hours, an hour left at 23.
    f.clock.advance(18 * HOUR);
    let notices = f.service.tick().await.unwrap();
    assert_eq!(reminded(&notices), vec![game], "once, by default");
    send_all(&f.service, &notices).await;
    for player in [&a, &b] {
        set_pace(&f.service, player, ReminderPace::LastHour).await;
    }
    f.clock.advance(5 * HOUR);
    assert_eq!(reminded(&f.service.tick().await.unwrap()), vec![game]);
}

on_both_backends!(#[tokio::test] fn a_reminder_goes_out_once_across_two_processes_and_a_restart);
async fn a_reminder_goes_out_once_across_two_processes_and_a_restart() {
    let f = fixture().await;
    let game = game_between(&f, &player(1, "ada"), &player(2, "bo"), TimePerMove::OneHour).await;
    let other_process = || async {
        let store = Store::open(&f.db.url).await.unwrap();
        Service::new(store, ServiceConfig::default(), Arc::new(f.clock.clone()))
    };
    let second = other_process().await;
    f.clock.advance(HOUR * 3 / 4);
    // Both processes tick at once: the reminder is taken once and handed
    // to one of them.
    let (one, two) = tokio::join!(f.service.tick(), second.tick());
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(
        reminded(&one).len() + reminded(&two).len(),
        1,
        "one reminder between the two: {one:?} {two:?}"
    );
    // The one that took it dies before sending it: after its lease
    // expires, a restarted process sends it, once.
    drop(second);
    let restarted = other_process().await;
    assert!(
        reminded(&restarted.tick().await.unwrap()).is_empty(),
        "held by the lease"
    );
    f.clock.advance(LEASE_SECS + 1);
    let (one, two) = tokio::join!(f.service.tick(), restarted.tick());
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(reminded(&one).len() + reminded(&two).len(), 1, "{one:?} {two:?}");
    send_all(&f.service, &one).await;
    send_all(&restarted, &two).await;
    let (one, two) = tokio::join!(f.service.tick(), restarted.tick());
    assert!(reminded(&one.unwrap()).is_empty() && reminded(&two.unwrap()).is_empty());
    assert_eq!(reminders_stored(&f, game).await, 1, "one reminder stored");
}

async fn reminders_stored(f: &Fixture, game: i64) -> i64 {
    let mut db = f.db.connect().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE kind = 'reminder' AND game_id = $1")
        .bind(game)
        .fetch_one(&mut db)
        .await
        .unwrap()
}
