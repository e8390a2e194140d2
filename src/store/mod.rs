//! Storage: every SQL statement and the migrations, over SQLite with sqlx.
//! Games are rows with a version (`ply`); moves are an append-only table;
//! results feed records and leaderboards.
//!
//! Discord ids are `u64` snowflakes; SQLite integers are `i64`, so ids are
//! stored as `i64` with the same bits ([`to_db`], [`from_db`]): statements
//! take `u64` ids and bind them so, and rows read them back as `u64`
//! (`backend::Snowflake`).
//!
//! This file holds the [`Store`] and its opening; each aggregate has a file
//! of its own (`players`, `challenges`, `games`, `moves`, `results`, …),
//! with its rows beside its statements.

use std::path::Path;

use sqlx::Connection;

mod error;
pub use error::StoreError;

mod activity;
pub use activity::ChannelGameRow;
use error::{Doing, Result};

mod health;
pub use health::WriteLimit;

mod positions;

mod players;
pub use players::{NewPlayer, PlayerRow};

mod challenges;
use challenges::CHALLENGE_COLUMNS;
pub use challenges::{ChallengeRow, NewChallenge};

mod games;
use games::{insert_game, GAME_COLUMNS};
pub use games::{ComputerSeat, GameRow, GameWithPlayers, LiveClockStart, LiveTurn, MoveClock, NewGame};

mod moves;
pub use moves::{Finish, GameUpdate, MoveRow, NewMove};

mod results;
use results::RECORD_SUMS;

mod checkpoint;

mod url;
pub use url::{check_database_url, DatabaseUrlError};

mod backend;
mod direct;
pub use backend::{redacted as redacted_url, Backend};
use backend::{Conn, Connections, Flag, Snowflake};

mod leases;
pub use leases::LeaseKind;
mod interaction_answers;
mod one_commit;
pub use one_commit::OneCommit;

mod schedule;
pub use schedule::{Notice, SettingsRow};
mod reminders;
pub use reminders::ReminderTaken;
mod vacations;
pub use vacations::{Ended, PausableGame, PausedClock, Resume, VacationEnd, VacationEnding, VacationRow};

mod game_cache;
mod grouped_moves;

mod delivery;
pub use delivery::{BoardRecorded, Owing, ShownBoard};
mod delivery_failures;
pub use delivery_failures::{OwedKind, OwedState};

mod languages;
pub use languages::{LanguageOf, LanguageRow};

mod lock;
pub use lock::{lock_path, BotLock, LockError};

mod ratings;
pub use ratings::{AbortRow, GameRatingRow, HistoryRow, RatingChangeRow, RatingRow, RatingRules, EVERYONE_ACTIVE};

mod game_threads;
mod leaderboard_settings;

mod seasons;
pub use seasons::SeasonRow;

mod season_podiums;
mod settings;
pub use settings::{ServerSettingsWrite, SettingsWrite};

mod reviews;
pub use reviews::StoredReview;

mod hints;

mod follows;
pub use follows::FollowerOwed;

mod web;
pub use web::{GameVersion, PageKind, WebSettingsRow};

mod puzzles;
pub use puzzles::{AttemptRow, NewPuzzle, PuzzlePlayerRow, PuzzleRow, PuzzleScored, PuzzleSource};
mod daily_puzzles;
pub use daily_puzzles::{DailyAnswerRow, DailyStreakRow};
mod daily_puzzle_posts;
mod outage;
pub use outage::Unavailable;
mod status;
mod tournament_records;
mod tournament_replays;
mod tournaments;
pub use status::{
    BoardOutcome, ChallengeStatus, EndReason, GameStatus, Outcome, TakebackStatus, UnknownValue, UnratedReason,
};
mod takebacks;
pub use takebacks::TakebackRow;
pub use tournament_records::{FinalStanding, TournamentRecordRow, TournamentResultRow};
mod tournament_messages;
pub use tournament_messages::{TournamentGameRow, TournamentMessageRow};
pub use tournament_replays::{Replay, ReplayRow};
pub use tournaments::{
    BoardResult, EntrantRow, EntryChange, NewPairing, NewTournament, PairingRow, Started, TournamentRow, Withdrawal,
    WithdrawnGame,
};

/// A Discord snowflake as stored.
pub fn to_db(id: u64) -> i64 {
    id as i64
}

/// A stored snowflake back as Discord's id.
pub fn from_db(id: i64) -> u64 {
    id as u64
}

/// The database, SQLite or PostgreSQL (see [`Backend`]): on SQLite every
/// write goes through one writer connection, in `BEGIN IMMEDIATE`
/// transactions, and reads go to a few reader connections; on PostgreSQL
/// both come from a pool and the server orders concurrent writers.
#[derive(Debug, Clone)]
pub struct Store {
    backend: Backend,
    connections: Connections,
    /// Who holds this store's leases: unique to each opening of the
    /// database (see [`LeaseKind`]).
    owner: std::sync::Arc<str>,
    /// What finishing a game applies to ratings (see [`RatingRules`]).
    rating_rules: RatingRules,
    /// Players' and servers' languages read lately.
    languages: std::sync::Arc<languages::LanguageCache>,
    /// SQLite: moves waiting to be written together (see `grouped_moves`).
    queued_moves: std::sync::Arc<grouped_moves::MoveQueue>,
    /// SQLite: the ongoing games' rows, so that a press needs no read.
    games: std::sync::Arc<game_cache::GameCache>,
    /// The database's conditions as this store has met them (see
    /// `outage`), shared by its clones.
    outage: std::sync::Arc<outage::Outage>,
    /// PostgreSQL: the presses that may hold a connection in a
    /// [`OneCommit`] at once.
    presses: std::sync::Arc<tokio::sync::Semaphore>,
}

/// Whether a conditional write found the row as expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Yes,
    /// Someone else changed the row first: nothing was written.
    Conflict,
}

impl Store {
    /// Opens the database `url` names and brings its schema up to date: a
    /// `postgres://` (or `postgresql://`) URL names a PostgreSQL database;
    /// a `sqlite:` URL or a plain path names a SQLite file, created if
    /// needed, in WAL mode with a busy timeout and foreign keys on. An
    /// in-memory or nameless SQLite database is refused: each connection
    /// would get a fresh empty one, and the games would not outlive the
    /// process.
    pub async fn open(url: &str) -> Result<Store> {
        let backend = Backend::of_url(url);
        let outage = std::sync::Arc::new(outage::Outage::default());
        let connections = match backend {
            Backend::Sqlite => {
                let (mut migrating, connections) = backend::open_sqlite(url, &outage).await?;
                // Migrations run on a connection of their own with foreign
                // keys off, as SQLite's procedure for rebuilding a table
                // requires (dropping a table that other tables point at);
                // the keys are checked after.
                sqlx::migrate!("./migrations/sqlite").run(&mut migrating).await?;
                let broken = sqlx::query("PRAGMA foreign_key_check")
                    .fetch_all(&mut migrating)
                    .await
                    .doing(&outage, "checking foreign keys after migrating")?;
                if !broken.is_empty() {
                    return Err(StoreError::BrokenForeignKeys(broken.len()));
                }
                migrating
                    .close()
                    .await
                    .doing(&outage, "closing the migrating connection")?;
                connections
            }
            Backend::Postgres => {
                let connections = backend::open_postgres(url).await?;
                // sqlx's migrator holds a PostgreSQL advisory lock while it
                // migrates, so processes starting at once migrate in turn.
                let mut migrating = connections.writer(&outage).await?;
                sqlx::migrate!("./migrations/postgres").run(&mut *migrating).await?;
                drop(migrating);
                connections
            }
        };
        let store = Store {
            backend,
            connections,
            owner: format!(
                "{}-{:016x}",
                std::process::id(),
                crate::random::SplitMix64::seed_from_entropy()
            )
            .into(),
            rating_rules: RatingRules::default(),
            languages: std::sync::Arc::new(languages::LanguageCache::new(backend)),
            queued_moves: Default::default(),
            games: std::sync::Arc::new(game_cache::GameCache::new(backend)),
            outage,
            presses: std::sync::Arc::new(tokio::sync::Semaphore::new(one_commit::PRESSES_AT_ONCE)),
        };
        store.rate_pending_games().await?;
        Ok(store)
    }

    /// Which engine this store runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Opens the database file at `path`.
    pub async fn open_file(path: &Path) -> Result<Store> {
        Store::open(&path.to_string_lossy()).await
    }

    /// Waits for every connection to finish and closes them.
    pub async fn close(&self) {
        self.connections.close().await;
    }

    /// A connection for writing: on SQLite the one writer, once the writes
    /// before are done.
    async fn writer(&self) -> Result<Conn<'_>> {
        self.connections.writer(&self.outage).await
    }

    /// A connection for reading.
    async fn reader(&self) -> Result<Conn<'_>> {
        self.connections.reader(&self.outage).await
    }
}
