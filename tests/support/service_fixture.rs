//! A service over a fresh database (a real SQLite file in a temporary
//! folder, or a PostgreSQL database: see `db.rs`), with a clock the test
//! moves: the set-up of the store, schedule and ratings tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use akon::service::{ManualClock, Place, Player, Service, ServiceConfig};
use akon::store::Store;

pub const GUILD: u64 = 900_000_000_000_000_001;
pub const CHANNEL: u64 = 910_000_000_000_000_001;
/// The clock's start: a fixed instant, so that dates in the tests never vary.
pub const T0: i64 = 1_800_000_000;
/// The seed of the service's random draws (who moves first), so that every
/// run of a test plays the same games.
pub const SEED: u64 = 13;

pub struct Fixture {
    /// Keeps the database alive as long as the test.
    pub db: crate::support::db::TestDb,
    _dir: tempfile::TempDir,
    /// The SQLite file (on PostgreSQL, a file that does not exist).
    pub path: PathBuf,
    pub store: Store,
    pub clock: ManualClock,
    pub service: Service,
}

pub async fn fixture_with(config: ServiceConfig) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let db = crate::support::db::TestDb::create(dir.path(), "akon.db").await;
    let path = db.path.clone();
    let store = Store::open(&db.url).await.unwrap();
    let clock = ManualClock::starting_at(T0);
    let service = Service::new(store.clone(), config, Arc::new(clock.clone())).seeded(SEED);
    Fixture {
        db,
        _dir: dir,
        path,
        store,
        clock,
        service,
    }
}

pub async fn fixture() -> Fixture {
    fixture_with(ServiceConfig::default()).await
}

/// A human player.
/// A game between `a` and `b`, here: `a` challenges, `b` accepts.
pub async fn start_game(f: &Fixture, a: &Player, b: &Player) -> i64 {
    let challenge = f.service.challenge(here(), a, b).await.unwrap();
    f.service.accept(challenge.id, b).await.unwrap().id
}

pub fn player(id: u64, name: &str) -> Player {
    Player {
        id,
        name: name.into(),
        is_bot: false,
    }
}

/// A channel of a server.
pub fn place(guild: u64) -> Place {
    Place {
        guild_id: Some(guild),
        channel_id: CHANNEL,
    }
}

/// The channel of [`GUILD`] where most tests play.
pub fn here() -> Place {
    place(GUILD)
}
