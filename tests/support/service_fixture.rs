//! A service over a fresh database (a real SQLite file in a temporary
//! folder, or a PostgreSQL database: see `db.rs`), with a clock the test
//! moves: the set-up of the store, schedule and ratings tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use akon::service::{
    Actor, ManualClock, Place, Player, ServerSettingsChanges, ServerSettingsView, Service, ServiceConfig, ServiceError,
    SettingsChanges, WebSettings,
};
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
        venue: akon::venue::Venue::Server,
    }
}

/// The channel of [`GUILD`] where most tests play.
pub fn here() -> Place {
    place(GUILD)
}

/// Who changes the servers' settings in the tests.
pub const ADMIN: u64 = 920_000_000_000_000_001;

/// Changes a server's settings as `/akon settings` does, asked in `guild`
/// (`None`: a direct message) by someone who `manages_server` there, or
/// not: the server's settings as they are after.
pub async fn change_server_settings(
    service: &Service,
    guild: Option<u64>,
    manages_server: bool,
    changes: ServerSettingsChanges,
) -> Result<ServerSettingsView, ServiceError> {
    let admin = player(ADMIN, "admin");
    let actor = Actor {
        user: &admin,
        place: Place {
            guild_id: guild,
            channel_id: CHANNEL,
            venue: match guild {
                Some(_) => akon::venue::Venue::Server,
                None => akon::venue::Venue::BotDm,
            },
        },
        manages_server,
    };
    let changes = SettingsChanges {
        server: changes,
        ..SettingsChanges::default()
    };
    let view = service.change_settings(&changes, actor).await?;
    Ok(view.server.expect("the server's settings, asked in a server"))
}

/// `/akon settings web_games web_leaderboard` (`None`: unchanged), asked in
/// `guild` by someone who `manages_server` there, or not: the server's web
/// pages as they are after.
pub async fn change_web_pages(
    service: &Service,
    guild: Option<u64>,
    manages_server: bool,
    (games, leaderboard): (Option<bool>, Option<bool>),
) -> Result<WebSettings, ServiceError> {
    let changes = ServerSettingsChanges {
        web_games: games,
        web_leaderboard: leaderboard,
        ..Default::default()
    };
    Ok(change_server_settings(service, guild, manages_server, changes)
        .await?
        .web)
}
