//! The month's podium owed, handed out and settled once, on the service
//! over both backends, with an injected clock: across two processes on one
//! database, a restart, and a process that dies holding the lease.

use std::sync::Arc;

use akon::service::{
    Clock, Month, Player, PodiumSettled, ServerSettingsChanges, ServerSettingsView, Service, ServiceConfig,
    ServiceError, LEASE_SECS,
};
use akon::store::Store;

use crate::support::service_fixture;

use service_fixture::{change_server_settings, fixture_with, place, player, Fixture, GUILD};

const DAY: i64 = 24 * 3600;
const CHANNEL: u64 = 930_000_000_000_000_001;
const OTHER_GUILD: u64 = 900_000_000_000_000_003;

fn config() -> ServiceConfig {
    ServiceConfig {
        leaderboard_min_games: 1,
        max_ongoing_games: 100,
        ..Default::default()
    }
}

async fn resigned(f: &Fixture, guild: u64, winner: &Player, loser: &Player) {
    let challenge = f.service.challenge(place(guild), winner, loser).await.unwrap();
    let game = f.service.accept(challenge.id, loser).await.unwrap().id;
    f.service.resign(game, loser).await.unwrap();
}

/// `/akon settings season_channel`, asked in `guild` by someone who
/// `manages_server` there, or not.
async fn season_channel(
    f: &Fixture,
    guild: Option<u64>,
    manages_server: bool,
    channel: u64,
) -> Result<ServerSettingsView, ServiceError> {
    let changes = ServerSettingsChanges {
        season_channel: Some(channel),
        ..Default::default()
    };
    change_server_settings(&f.service, guild, manages_server, changes).await
}

/// Another process on the same database and clock.
async fn other_process(f: &Fixture) -> Service {
    let store = Store::open(&f.db.url).await.unwrap();
    Service::new(store, config(), Arc::new(f.clock.clone()))
}

/// Moves the clock to an hour into the month after the one it is in.
fn to_next_month(f: &Fixture) {
    let now = f.clock.now();
    let next = Month::of(Month::of(now).start() + 32 * DAY).start();
    f.clock.advance(next + 3600 - now);
}

on_both_backends!(#[tokio::test] fn a_months_podium_is_handed_out_once_across_processes_and_restarts);
async fn a_months_podium_is_handed_out_once_across_processes_and_restarts() {
    let f = fixture_with(config()).await;
    let (ada, bo, cy) = (player(1, "ada"), player(2, "bo"), player(3, "cy"));
    // Not in a server, or without Manage Server: refused.
    assert!(season_channel(&f, None, true, CHANNEL).await.is_err());
    assert!(season_channel(&f, Some(GUILD), false, CHANNEL).await.is_err());
    assert_eq!(f.service.season_channel(GUILD).await.unwrap(), None);
    season_channel(&f, Some(GUILD), true, CHANNEL).await.unwrap();
    assert_eq!(f.service.season_channel(GUILD).await.unwrap(), Some(CHANNEL));
    let month = Month::of(f.clock.now());
    resigned(&f, GUILD, &ada, &bo).await;
    resigned(&f, GUILD, &cy, &bo).await;
    // Chosen during this month: last month's podium is not owed.
    assert!(f.service.podiums_due().await.unwrap().is_empty());

    to_next_month(&f);
    let other = other_process(&f).await;
    let mut due = f.service.podiums_due().await.unwrap();
    assert_eq!(due.len(), 1);
    // The other process finds it leased.
    assert!(other.podiums_due().await.unwrap().is_empty());
    let podium = due.pop().unwrap();
    assert_eq!(
        (podium.guild_id, podium.channel_id, podium.month),
        (GUILD, CHANNEL, month)
    );
    let names: Vec<&str> = podium.board.rows.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), 3);
    assert_eq!(names[2], "bo", "bo lost both: last");
    f.service
        .podium_settled(podium, PodiumSettled::Posted(42))
        .await
        .unwrap();
    // Settled: owed to no process, now or after a restart, all month.
    assert!(other.podiums_due().await.unwrap().is_empty());
    assert!(f.service.podiums_due().await.unwrap().is_empty());
    let restarted = other_process(&f).await;
    f.clock.advance(20 * DAY);
    assert!(restarted.podiums_due().await.unwrap().is_empty());
}

on_both_backends!(#[tokio::test] fn a_podium_whose_process_died_falls_to_another_once_the_lease_expires);
async fn a_podium_whose_process_died_falls_to_another_once_the_lease_expires() {
    let f = fixture_with(config()).await;
    season_channel(&f, Some(GUILD), true, CHANNEL).await.unwrap();
    season_channel(&f, Some(OTHER_GUILD), true, CHANNEL + 1).await.unwrap();
    resigned(&f, GUILD, &player(1, "ada"), &player(2, "bo")).await;
    to_next_month(&f);
    let due = f.service.podiums_due().await.unwrap();
    assert_eq!(due.len(), 2);
    // The server without a rated game has an empty board: settled as such.
    let (empty, full): (Vec<_>, Vec<_>) = due.into_iter().partition(|p| p.board.rows.is_empty());
    assert_eq!(empty[0].guild_id, OTHER_GUILD);
    for podium in empty {
        f.service.podium_settled(podium, PodiumSettled::Empty).await.unwrap();
    }
    // This process dies holding the other lease (nothing releases it).
    std::mem::forget(full);
    let other = other_process(&f).await;
    assert!(other.podiums_due().await.unwrap().is_empty());
    f.clock.advance(LEASE_SECS + 1);
    let mut due = other.podiums_due().await.unwrap();
    assert_eq!(due.len(), 1, "the lease expired: the other process takes it");
    let podium = due.pop().unwrap();
    assert_eq!(podium.guild_id, GUILD);
    other.podium_settled(podium, PodiumSettled::GivenUp).await.unwrap();
    f.clock.advance(LEASE_SECS + 1);
    assert!(f.service.podiums_due().await.unwrap().is_empty());
    assert!(other.podiums_due().await.unwrap().is_empty());
}
