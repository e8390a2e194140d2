//! Ratings that age and leaderboards that leave inactive players off, on
//! the store and the service over both backends. The expected deviations
//! are computed here with skillratings' Glicko-2 directly (its
//! `decay_deviation` once per day without games), never through the
//! crate's own rating code.

use akon::service::{CallerStanding, InactiveDays, Player, Scope, ServerSettingsChanges, ServiceConfig, ServiceError};
use skillratings::glicko2::{decay_deviation, glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::support::service_fixture;

use service_fixture::{change_server_settings, fixture_with, place, player, Fixture, GUILD};

const DAY: i64 = 24 * 3600;

async fn fixture() -> Fixture {
    fixture_with(ServiceConfig {
        leaderboard_min_games: 1,
        max_ongoing_games: 100,
        ..Default::default()
    })
    .await
}

/// A game in `guild` that `winner` wins because `loser` resigns at once.
async fn resigned(f: &Fixture, guild: u64, winner: &Player, loser: &Player) {
    let challenge = f.service.challenge(place(guild), winner, loser).await.unwrap();
    let game = f.service.accept(challenge.id, loser).await.unwrap().id;
    f.service.resign(game, loser).await.unwrap();
}

/// `/akon settings leaderboard_inactive_days`, asked in `guild` by someone
/// who `manages_server` there, or not: the days as they are after.
async fn inactive_days(
    f: &Fixture,
    guild: Option<u64>,
    manages_server: bool,
    days: InactiveDays,
) -> Result<InactiveDays, ServiceError> {
    let changes = ServerSettingsChanges {
        leaderboard_inactive_days: Some(days),
        ..Default::default()
    };
    let server = change_server_settings(&f.service, guild, manages_server, changes).await?;
    Ok(server.leaderboard_inactive_days)
}

/// `rating` after `days` rating periods without a game, one step each.
fn decayed(rating: Glicko2Rating, days: i64) -> Glicko2Rating {
    (0..days).fold(rating, |r, _| decay_deviation(&r))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

on_both_backends!(#[tokio::test] fn a_rating_left_alone_ages_when_read_and_the_next_game_rates_from_the_aged_one);
async fn a_rating_left_alone_ages_when_read_and_the_next_game_rates_from_the_aged_one() {
    let f = fixture().await;
    let (ada, bo) = (player(1, "ada"), player(2, "bo"));
    // Sixteen games six hours apart settle both deviations below 110,
    // with no day between any two.
    let (mut a, mut b) = (Glicko2Rating::new(), Glicko2Rating::new());
    for i in 0..16 {
        let (winner, loser) = if i % 3 == 0 { (&bo, &ada) } else { (&ada, &bo) };
        resigned(&f, GUILD, winner, loser).await;
        let outcome = if i % 3 == 0 { Outcomes::LOSS } else { Outcomes::WIN };
        (a, b) = glicko2(&a, &b, &outcome, &Glicko2Config::new());
        f.clock.advance(6 * 3600);
    }
    let stored = f.store.rating(Scope::Global, ada.id).await.unwrap().unwrap();
    assert!(close(stored.deviation, a.deviation), "{stored:?} {a:?}");
    assert!(stored.deviation < 110.0, "{stored:?}");
    let board = f.service.leaderboard(Scope::Global, 0, ada.id).await.unwrap();
    assert!(
        close(board.rows[0].rating.deviation, a.deviation),
        "less than a day: not aged"
    );

    // Ninety days later the deviation read is grown, provisional again;
    // the stored row is untouched.
    f.clock.advance(90 * DAY);
    let board = f.service.leaderboard(Scope::Global, 0, ada.id).await.unwrap();
    let shown = board.rows.iter().find(|s| s.user_id == ada.id).unwrap();
    let aged_a = decayed(a, 90);
    assert!(close(shown.rating.deviation, aged_a.deviation), "{shown:?} {aged_a:?}");
    assert!(shown.rating.deviation > a.deviation && shown.rating.is_provisional());
    assert_eq!(shown.rating.rating, stored.rating, "aging moves the deviation only");
    let stats = f.service.stats(&ada, &ada, Some(GUILD)).await.unwrap();
    let summary = stats.global.as_ref().unwrap();
    assert!(close(summary.rating.deviation, aged_a.deviation));
    assert_eq!(f.store.rating(Scope::Global, ada.id).await.unwrap().unwrap(), stored);

    // The next game rates from the aged ratings: it moves further than it
    // would have ninety days ago, and the stored deviation is the new one.
    resigned(&f, GUILD, &bo, &ada).await;
    let aged_b = decayed(b, 90);
    let (expected_a, _) = glicko2(&aged_a, &aged_b, &Outcomes::LOSS, &Glicko2Config::new());
    let (unaged_a, _) = glicko2(&a, &b, &Outcomes::LOSS, &Glicko2Config::new());
    let after = f.store.rating(Scope::Global, ada.id).await.unwrap().unwrap();
    assert!(close(after.rating, expected_a.rating), "{after:?} {expected_a:?}");
    assert!(close(after.deviation, expected_a.deviation));
    assert!(after.rating < unaged_a.rating, "an aged rating falls further on a loss");
    let change = &f.store.rating_changes(ada.id, Scope::Global, 1).await.unwrap()[0];
    assert!(close(change.rating_before, a.rating) && close(change.deviation_after, expected_a.deviation));

    // Years away: back where a newcomer starts, never beyond.
    f.clock.advance(20 * 365 * DAY);
    let board = f.service.leaderboard(Scope::Global, 0, ada.id).await.unwrap();
    assert!(board.rows.iter().all(|s| s.rating.deviation == 350.0), "{board:?}");
}

on_both_backends!(#[tokio::test] fn a_server_leaves_off_its_leaderboard_whoever_has_not_played_rated_for_the_days_it_chose);
async fn a_server_leaves_off_its_leaderboard_whoever_has_not_played_rated_for_the_days_it_chose() {
    let f = fixture().await;
    let (ada, bo, cy, dee) = (player(1, "ada"), player(2, "bo"), player(3, "cy"), player(4, "dee"));
    resigned(&f, GUILD, &ada, &bo).await;
    f.clock.advance(40 * DAY);
    resigned(&f, GUILD, &cy, &dee).await;
    let names =
        |board: &akon::service::LeaderboardPage| -> Vec<String> { board.rows.iter().map(|s| s.name.clone()).collect() };
    // By default no one is left off.
    assert_eq!(
        f.service.leaderboard_inactive_days(GUILD).await.unwrap(),
        InactiveDays::OFF
    );
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, ada.id).await.unwrap();
    assert_eq!((board.listed, board.inactive_days), (4, 0));

    // Only with Manage Server, and only in a server: nothing changes.
    let thirty = InactiveDays::new(30).unwrap();
    assert!(matches!(
        inactive_days(&f, Some(GUILD), false, thirty).await,
        Err(ServiceError::NeedsManageServer)
    ));
    assert!(matches!(
        inactive_days(&f, None, true, thirty).await,
        Err(ServiceError::NotInAServer)
    ));
    assert_eq!(
        f.service.leaderboard_inactive_days(GUILD).await.unwrap(),
        InactiveDays::OFF
    );

    assert_eq!(inactive_days(&f, Some(GUILD), true, thirty).await.unwrap(), thirty);
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, ada.id).await.unwrap();
    assert_eq!(names(&board), ["cy", "dee"]);
    assert_eq!((board.listed, board.pages, board.inactive_days), (2, 1, 30));
    assert_eq!(board.caller, CallerStanding::Inactive { days: 30 });
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, dee.id).await.unwrap();
    assert_eq!(board.caller, CallerStanding::OnPage);
    // The rank in a player's stats is on the same board.
    let stats = f.service.stats(&dee, &dee, Some(GUILD)).await.unwrap();
    assert_eq!(stats.server.as_ref().unwrap().rank, Some(2));
    let stats = f.service.stats(&ada, &ada, Some(GUILD)).await.unwrap();
    assert_eq!(stats.server.as_ref().unwrap().rank, None);
    // Everyone's board lists everyone.
    let global = f.service.leaderboard(Scope::Global, 0, ada.id).await.unwrap();
    assert_eq!((global.listed, global.inactive_days), (4, 0));

    // A rated game brings a player back at once.
    resigned(&f, GUILD, &ada, &cy).await;
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, ada.id).await.unwrap();
    assert_eq!(board.listed, 3);
    assert_eq!(board.caller, CallerStanding::OnPage);
    assert!(!names(&board).contains(&"bo".to_string()));

    // 0 lists everyone again.
    let off = inactive_days(&f, Some(GUILD), true, InactiveDays::OFF).await.unwrap();
    assert_eq!(off, InactiveDays::OFF);
    let board = f.service.leaderboard(Scope::Server(GUILD), 0, bo.id).await.unwrap();
    assert_eq!(board.listed, 4);
}
