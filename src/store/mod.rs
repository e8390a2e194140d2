//! Storage: every SQL statement and the migrations, over SQLite with sqlx.
//! Games are rows with a version (`ply`); moves are an append-only table;
//! results feed records and leaderboards.
//!
//! Discord ids are `u64` snowflakes; SQLite integers are `i64`, so ids cross
//! this boundary as `i64` with the same bits ([`to_db`], [`from_db`]).

use std::path::Path;

use sqlx::{AnyConnection, Connection, FromRow};

use crate::ai::Level;
use crate::engine::{Seat, Winner};

mod backend;
pub use backend::{redacted as redacted_url, Backend};
use backend::{Conn, Connections, Flag, OptionalFlag};

mod leases;
pub use leases::LeaseKind;

mod schedule;
pub use schedule::{Notice, SettingsRow};

mod game_cache;
mod grouped_moves;

mod delivery;
pub use delivery::{BoardRecorded, Owing, ShownBoard};
mod delivery_failures;
pub use delivery_failures::{DeliveryFailure, OwedKind, OwedState};

mod languages;
pub use languages::{LanguageOf, LanguageRow};

mod lock;
pub use lock::{lock_path, BotLock, LockError};

mod ratings;
pub use ratings::{AbortRow, GameRatingRow, HistoryRow, RatingChangeRow, RatingRow, RatingRules};

mod reviews;
pub use reviews::StoredReview;

mod hints;

mod web;
pub use web::{PageKind, WebSettingsRow};

mod puzzles;
pub use puzzles::{AttemptRow, NewPuzzle, PuzzlePlayerRow, PuzzleRow, PuzzleScored, PuzzleSource};
mod outage;
pub use outage::Unavailable;
mod status;
mod tournament_records;
mod tournaments;
pub use status::{ChallengeStatus, EndReason, GameStatus, Outcome, UnknownValue, UnratedReason};
pub use tournament_records::{FinalStanding, TournamentRecordRow, TournamentResultRow};
mod tournament_messages;
pub use tournament_messages::{TournamentGameRow, TournamentMessageRow};
pub use tournaments::{
    BoardResult, EntrantRow, EntryChange, NewPairing, NewTournament, PairingRow, Started, TournamentRow, Withdrawal,
    WithdrawnGame,
};

/// A failure of the database, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database at {url}: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("after migrating, {0} rows of the database point at rows that do not exist")]
    BrokenForeignKeys(usize),
    #[error("database error while {doing}: {source}")]
    Query { doing: &'static str, source: sqlx::Error },
    #[error("the database was closed")]
    Closed,
}

impl StoreError {
    /// Whether the database is full, read-only or unreachable, rather than
    /// failing this one statement: such a condition lasts until an
    /// operator frees space (or the server is back), and is logged once a
    /// minute by the store itself (see `outage`).
    pub fn unavailable(&self) -> Option<Unavailable> {
        match self {
            StoreError::Query { source, .. } => Unavailable::of(source),
            _ => None,
        }
    }
}

type Result<T> = std::result::Result<T, StoreError>;

/// Adds what was being done to a sqlx error.
trait Doing<T> {
    fn doing(self, doing: &'static str) -> Result<T>;
}

impl<T> Doing<T> for std::result::Result<T, sqlx::Error> {
    fn doing(self, doing: &'static str) -> Result<T> {
        match self {
            Ok(done) => {
                outage::answered();
                Ok(done)
            }
            Err(source) => {
                crate::telemetry::database_error(doing);
                if let Some(why) = Unavailable::of(&source) {
                    outage::failed(why, doing, &source);
                }
                Err(StoreError::Query { doing, source })
            }
        }
    }
}

/// How [`Store::limit_writes`] holds the SQLite writer back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteLimit {
    /// As opened: no limit.
    None,
    /// The file may not grow past its size now (`PRAGMA max_page_count`):
    /// a write that needs a new page fails with `SQLITE_FULL`, as on a full
    /// disk.
    NoGrowth,
    /// Every write fails with `SQLITE_READONLY` (`PRAGMA query_only`), as
    /// on a read-only file.
    ReadOnly,
}

/// SQLite's largest page count (its default maximum).
const MOST_SQLITE_PAGES: u32 = 4_294_967_294;

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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPlayer<'a> {
    pub user_id: u64,
    pub name: &'a str,
    pub is_bot: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PlayerRow {
    pub user_id: i64,
    pub name: String,
    #[sqlx(try_from = "Flag")]
    pub is_bot: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChallengeRow {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub challenger_id: i64,
    pub opponent_id: i64,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    pub seconds_per_move: i64,
    pub message_channel_id: Option<i64>,
    pub message_id: Option<i64>,
    /// A rematch swaps the seats of this earlier game.
    pub rematch_of: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewChallenge {
    pub guild_id: u64,
    pub channel_id: u64,
    pub challenger_id: u64,
    pub opponent_id: u64,
    pub created_at: i64,
    pub expires_at: i64,
    pub seconds_per_move: i64,
    pub rematch_of: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct GameRow {
    pub id: i64,
    pub guild_id: i64,
    pub channel_id: i64,
    pub player_a: i64,
    pub player_b: i64,
    pub start_position: String,
    pub ply: i64,
    pub position: String,
    pub status: GameStatus,
    pub end_reason: Option<EndReason>,
    pub winner: Option<Winner>,
    pub captured_a: i64,
    pub captured_b: i64,
    pub board_channel_id: Option<i64>,
    pub board_message_id: Option<i64>,
    pub board_ply: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    /// In a game against the computer: its seat and level.
    pub computer_seat: Option<Seat>,
    pub computer_level: Option<Level>,
    /// The clock: time per move, and when the player to move is reminded
    /// and loses on time (`None`: no clock, or nothing pending).
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    /// Whether the final board of a finished game has been posted.
    #[sqlx(try_from = "Flag")]
    pub result_shown: bool,
    /// The loop rule's history after `ply` moves (`None`: not known yet).
    pub loop_history: Option<String>,
}

/// A game row with its players' names (`None` for a player never seen).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct GameWithPlayers {
    #[sqlx(flatten)]
    pub game: GameRow,
    pub name_a: Option<String>,
    #[sqlx(try_from = "OptionalFlag")]
    pub is_bot_a: Option<bool>,
    pub name_b: Option<String>,
    #[sqlx(try_from = "OptionalFlag")]
    pub is_bot_b: Option<bool>,
}

/// The computer's place in a game against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerSeat {
    pub seat: Seat,
    pub level: Level,
}

#[derive(Debug, Clone)]
pub struct NewGame {
    pub guild_id: u64,
    pub channel_id: u64,
    pub player_a: u64,
    pub player_b: u64,
    pub start_position: String,
    /// The loop rule's history at the start (the start position alone).
    pub loop_history: String,
    pub created_at: i64,
    /// For a game against the computer: the seat it holds and its level.
    pub computer: Option<ComputerSeat>,
    /// The first player's clock.
    pub clock: MoveClock,
}

/// A game's clock after a change: time per move, and when the player to
/// move is reminded and loses on time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveClock {
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct MoveRow {
    pub game_id: i64,
    pub ply: i64,
    pub seat: Seat,
    pub hole: i64,
    pub user_id: i64,
    pub played_at: i64,
}

/// A move to append, played by `user_id` from `seat`.
#[derive(Debug, Clone)]
pub struct NewMove {
    pub seat: Seat,
    pub hole: u8,
    pub user_id: u64,
}

/// The game's row after a move or a resignation.
#[derive(Debug, Clone)]
pub struct GameUpdate {
    pub position: String,
    pub finished: Option<Finish>,
    pub captured_a: u32,
    pub captured_b: u32,
    pub now: i64,
    /// When the player now to move is reminded and loses on time.
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    /// The loop rule's history for `position` (`None`: not known, so the
    /// next load replays the moves).
    pub loop_history: Option<String>,
}

/// How a game finished.
#[derive(Debug, Clone)]
pub struct Finish {
    pub end_reason: EndReason,
    pub winner: Winner,
}

/// Whether a conditional write found the row as expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Yes,
    /// Someone else changed the row first: nothing was written.
    Conflict,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct RecordRow {
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub games: i64,
    pub captured: i64,
    pub conceded: i64,
}

#[derive(FromRow)]
struct LevelRecordRow {
    level: Level,
    wins: i64,
    losses: i64,
    draws: i64,
    games: i64,
    captured: i64,
    conceded: i64,
}

/// A record summed over `results` rows. The casts keep every column a
/// 64-bit integer: PostgreSQL sums integers into NUMERIC, which `Any`
/// cannot read.
const RECORD_SUMS: &str = "CAST(COALESCE(SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END), 0) AS BIGINT) AS wins,
     CAST(COALESCE(SUM(CASE WHEN outcome = 'loss' THEN 1 ELSE 0 END), 0) AS BIGINT) AS losses,
     CAST(COALESCE(SUM(CASE WHEN outcome = 'draw' THEN 1 ELSE 0 END), 0) AS BIGINT) AS draws,
     CAST(COUNT(*) AS BIGINT) AS games,
     CAST(COALESCE(SUM(captured), 0) AS BIGINT) AS captured,
     CAST(COALESCE(SUM(opponent_captured), 0) AS BIGINT) AS conceded";

const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, opponent_id, status, created_at, \
     expires_at, game_id, seconds_per_move, message_channel_id, message_id, rematch_of";

const GAME_COLUMNS: &str = "id, guild_id, channel_id, player_a, player_b, start_position, ply, position, status, \
     end_reason, winner, captured_a, captured_b, board_channel_id, board_message_id, board_ply, created_at, \
     updated_at, finished_at, computer_seat, computer_level, seconds_per_move, deadline, reminder_at, result_shown, \
     loop_history";

async fn insert_game(tx: &mut AnyConnection, game: &NewGame) -> Result<i64> {
    let (computer_seat, computer_level) = match game.computer {
        Some(ComputerSeat { seat, level }) => (Some(seat.to_string()), Some(level.to_string())),
        None => (None, None),
    };
    sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, start_position, position, created_at,
         updated_at, computer_seat, computer_level, seconds_per_move, deadline, reminder_at, loop_history)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
    )
    .bind(to_db(game.guild_id))
    .bind(to_db(game.channel_id))
    .bind(to_db(game.player_a))
    .bind(to_db(game.player_b))
    .bind(&game.start_position)
    .bind(game.created_at)
    .bind(computer_seat)
    .bind(computer_level)
    .bind(game.clock.seconds_per_move)
    .bind(game.clock.deadline)
    .bind(game.clock.reminder_at)
    .bind(&game.loop_history)
    .fetch_one(&mut *tx)
    .await
    .doing("creating a game")
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
        let connections = match backend {
            Backend::Sqlite => {
                let (mut migrating, connections) = backend::open_sqlite(url).await?;
                // Migrations run on a connection of their own with foreign
                // keys off, as SQLite's procedure for rebuilding a table
                // requires (dropping a table that other tables point at);
                // the keys are checked after.
                sqlx::migrate!("./migrations/sqlite").run(&mut migrating).await?;
                let broken = sqlx::query("PRAGMA foreign_key_check")
                    .fetch_all(&mut migrating)
                    .await
                    .doing("checking foreign keys after migrating")?;
                if !broken.is_empty() {
                    return Err(StoreError::BrokenForeignKeys(broken.len()));
                }
                migrating.close().await.doing("closing the migrating connection")?;
                connections
            }
            Backend::Postgres => {
                let connections = backend::open_postgres(url).await?;
                // sqlx's migrator holds a PostgreSQL advisory lock while it
                // migrates, so processes starting at once migrate in turn.
                let mut migrating = connections.writer().await?;
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

    /// Whether the database answers: the cheapest statement there is.
    pub async fn ping(&self) -> Result<()> {
        const DOING: &str = "checking that the database answers";
        let mut reader = self.reader().await.inspect_err(|_| {
            // No statement ran (the store is closed), yet the database
            // failed to answer: operators count that too.
            crate::telemetry::database_error(DOING);
        })?;
        sqlx::query("SELECT 1").execute(&mut *reader).await.doing(DOING)?;
        Ok(())
    }

    /// Whether the database takes a write: a transaction that creates a
    /// table and rolls it back. On SQLite the table takes a new page of
    /// the file, so a file that may not grow fails it as a move would; and
    /// since a full disk shows only when a commit is written out, a commit
    /// follows, of the one write that changes nothing: the header's
    /// `user_version` set to its value. A read-only database fails it on
    /// both engines.
    pub async fn probe_write(&self) -> Result<()> {
        const DOING: &str = "checking that the database takes writes";
        let create = match self.backend {
            Backend::Sqlite => "CREATE TABLE akon_write_probe (x INTEGER)",
            // Temporary: processes probing at once do not wait on each
            // other's table name.
            Backend::Postgres => "CREATE TEMPORARY TABLE akon_write_probe (x BIGINT)",
        };
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_with(self.backend.begin_write()).await.doing(DOING)?;
        sqlx::query(create).execute(&mut *tx).await.doing(DOING)?;
        tx.rollback().await.doing(DOING)?;
        if self.backend == Backend::Sqlite {
            let version: i64 = sqlx::query_scalar("PRAGMA user_version")
                .fetch_one(&mut *writer)
                .await
                .doing(DOING)?;
            sqlx::query(&format!("PRAGMA user_version = {version}"))
                .execute(&mut *writer)
                .await
                .doing(DOING)?;
        }
        outage::wrote();
        Ok(())
    }

    /// The database as `/healthz` asks about it: it answers
    /// ([`Store::ping`]) and takes writes ([`Store::probe_write`]). What is
    /// wrong starts with [`Unavailable::describe`] when it is one of those
    /// conditions ("database full: …").
    pub fn health_check(&self) -> crate::telemetry::Check {
        let store = self.clone();
        crate::telemetry::Check::new(move || {
            let store = store.clone();
            // In a task of its own: a check that takes too long is given
            // up by `/healthz`, and the probe's transaction must not be
            // abandoned half-way on the writer.
            let checked = tokio::spawn(async move {
                store.ping().await?;
                store.probe_write().await
            });
            async move {
                match checked.await {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(error)) => Err(match error.unavailable() {
                        Some(why) => format!("{}: {error}", why.describe()),
                        None => error.to_string(),
                    }),
                    Err(_) => Err("the check failed".to_string()),
                }
            }
        })
    }

    /// A drill on SQLite: holds the writer back as a full disk or a
    /// read-only file would (see [`WriteLimit`]), so that operators (and
    /// tests) see how the bot behaves without filling a disk or changing
    /// permissions; [`WriteLimit::None`] lifts it. Only this store's writes
    /// are held back. `false` on PostgreSQL, where it does nothing.
    pub async fn limit_writes(&self, limit: WriteLimit) -> Result<bool> {
        if self.backend != Backend::Sqlite {
            return Ok(false);
        }
        let (pages, query_only) = match limit {
            WriteLimit::None => (MOST_SQLITE_PAGES, "OFF"),
            // SQLite raises a maximum below the file's size to its size.
            WriteLimit::NoGrowth => (1, "OFF"),
            WriteLimit::ReadOnly => (MOST_SQLITE_PAGES, "ON"),
        };
        let mut writer = self.writer().await?;
        sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
            .execute(&mut *writer)
            .await
            .doing("limiting the database's size")?;
        sqlx::query(&format!("PRAGMA query_only = {query_only}"))
            .execute(&mut *writer)
            .await
            .doing("limiting the database to reads")?;
        Ok(true)
    }

    /// Waits for every connection to finish and closes them.
    pub async fn close(&self) {
        self.connections.close().await;
    }

    /// A connection for writing: on SQLite the one writer, once the writes
    /// before are done.
    async fn writer(&self) -> Result<Conn<'_>> {
        self.connections.writer().await
    }

    /// A connection for reading.
    async fn reader(&self) -> Result<Conn<'_>> {
        self.connections.reader().await
    }

    pub async fn upsert_player(&self, player: &NewPlayer<'_>, now: i64) -> Result<()> {
        let mut writer = self.writer().await?;
        sqlx::query(
            "INSERT INTO players (user_id, name, is_bot, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, is_bot = excluded.is_bot,
             updated_at = excluded.updated_at",
        )
        .bind(to_db(player.user_id))
        .bind(player.name)
        .bind(i64::from(player.is_bot))
        .bind(now)
        .execute(&mut *writer)
        .await
        .doing("saving a player")?;
        self.games.forget_player(to_db(player.user_id));
        Ok(())
    }

    pub async fn player(&self, user_id: u64) -> Result<Option<PlayerRow>> {
        sqlx::query_as("SELECT user_id, name, is_bot FROM players WHERE user_id = $1")
            .bind(to_db(user_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing("reading a player")
    }

    // Challenges.

    pub async fn create_challenge(&self, new: &NewChallenge) -> Result<i64> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, created_at, expires_at,
             seconds_per_move, rematch_of) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(to_db(new.guild_id))
        .bind(to_db(new.channel_id))
        .bind(to_db(new.challenger_id))
        .bind(to_db(new.opponent_id))
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(new.seconds_per_move)
        .bind(new.rematch_of)
        .fetch_one(&mut *self.writer().await?)
        .await
        .doing("creating a challenge")?;
        Ok(id)
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        sqlx::query_as(&format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing("reading a challenge")
    }

    /// A challenge from `challenger` to `opponent` still pending at `now`.
    pub async fn pending_challenge(&self, challenger: u64, opponent: u64, now: i64) -> Result<Option<ChallengeRow>> {
        sqlx::query_as(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE challenger_id = $1 AND opponent_id = $2
                 AND status = 'pending' AND expires_at > $3 ORDER BY id DESC LIMIT 1"
        ))
        .bind(to_db(challenger))
        .bind(to_db(opponent))
        .bind(now)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing("looking for a pending challenge")
    }

    /// Closes a pending challenge as declined, withdrawn or expired.
    pub async fn close_challenge(&self, id: i64, status: ChallengeStatus, now: i64) -> Result<Written> {
        let done =
            sqlx::query("UPDATE challenges SET status = $2, closed_at = $3 WHERE id = $1 AND status = 'pending'")
                .bind(id)
                .bind(status.as_str())
                .bind(now)
                .execute(&mut *self.writer().await?)
                .await
                .doing("closing a challenge")?;
        Ok(if done.rows_affected() == 1 {
            Written::Yes
        } else {
            Written::Conflict
        })
    }

    /// Accepts a pending challenge and creates its game, in one transaction:
    /// `None` if the challenge was no longer pending.
    pub async fn accept_challenge(&self, challenge_id: i64, game: &NewGame) -> Result<Option<i64>> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_with(self.backend.begin_write())
            .await
            .doing("starting to accept a challenge")?;
        let accepted = sqlx::query(
            "UPDATE challenges SET status = 'accepted', closed_at = $2 WHERE id = $1 AND status = 'pending'",
        )
        .bind(challenge_id)
        .bind(game.created_at)
        .execute(&mut *tx)
        .await
        .doing("accepting a challenge")?;
        if accepted.rows_affected() != 1 {
            return Ok(None);
        }
        let game_id = insert_game(&mut tx, game).await?;
        sqlx::query("UPDATE challenges SET game_id = $2 WHERE id = $1")
            .bind(challenge_id)
            .bind(game_id)
            .execute(&mut *tx)
            .await
            .doing("linking a challenge to its game")?;
        tx.commit().await.doing("committing an accepted challenge")?;
        Ok(Some(game_id))
    }

    // Games.

    /// Creates a game that no challenge precedes: one against the computer.
    pub async fn create_game(&self, game: &NewGame) -> Result<i64> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_with(self.backend.begin_write())
            .await
            .doing("starting to create a game")?;
        let id = insert_game(&mut tx, game).await?;
        tx.commit().await.doing("committing a new game")?;
        Ok(id)
    }

    /// Ongoing games against the computer, oldest first.
    pub async fn ongoing_computer_games(&self) -> Result<Vec<GameRow>> {
        sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'ongoing' AND computer_seat IS NOT NULL ORDER BY id"
        ))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing("listing games against the computer")
    }

    /// Ongoing games against the computer unchanged since `changed_by`
    /// (inclusive), least recently changed first: id, the computer's seat
    /// and the position, from which whose turn it is follows.
    pub async fn computer_games_unchanged_since(&self, changed_by: i64) -> Result<Vec<(i64, String, String)>> {
        sqlx::query_as(
            "SELECT id, computer_seat, position FROM games
             WHERE status = 'ongoing' AND computer_seat IS NOT NULL AND updated_at <= $1
             ORDER BY updated_at, id",
        )
        .bind(changed_by)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing("listing idle games against the computer")
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>> {
        sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing("reading a game")
    }

    /// A game and its players, in one indexed lookup: what a press needs.
    /// On SQLite an ongoing game is read once, then kept as written (see
    /// `game_cache`).
    pub async fn game_with_players(&self, id: i64) -> Result<Option<GameWithPlayers>> {
        if let Some(row) = self.games.get(id) {
            return Ok(Some(row));
        }
        let started = self.games.read_started();
        let row = self.game_with_players_as_stored(id).await?;
        if let Some(row) = &row {
            self.games.put(started, row);
        }
        Ok(row)
    }

    /// [`Store::game_with_players`] read from the database, whatever is
    /// kept.
    pub async fn game_with_players_as_stored(&self, id: i64) -> Result<Option<GameWithPlayers>> {
        static QUERY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let query = QUERY.get_or_init(|| {
            let columns: Vec<String> = GAME_COLUMNS
                .split(',')
                .map(|c| format!("g.{0} AS {0}", c.trim()))
                .collect();
            format!(
                "SELECT {}, a.name AS name_a, a.is_bot AS is_bot_a, b.name AS name_b, b.is_bot AS is_bot_b
                 FROM games g LEFT JOIN players a ON a.user_id = g.player_a
                 LEFT JOIN players b ON b.user_id = g.player_b WHERE g.id = $1",
                columns.join(", ")
            )
        });
        sqlx::query_as(query)
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing("reading a game and its players")
    }

    pub async fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>> {
        sqlx::query_as("SELECT game_id, ply, seat, hole, user_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&mut *self.reader().await?)
            .await
            .doing("reading a game's moves")
    }

    /// A game and its moves read in one transaction, so that they agree
    /// even while a move is being written.
    pub async fn game_with_moves(&self, game_id: i64) -> Result<Option<(GameRow, Vec<MoveRow>)>> {
        let mut reader = self.reader().await?;
        let mut tx = reader
            .begin_with(self.backend.begin_read())
            .await
            .doing("starting to read a game")?;
        let row: Option<GameRow> = sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await
            .doing("reading a game")?;
        let Some(row) = row else { return Ok(None) };
        let moves = sqlx::query_as(
            "SELECT game_id, ply, seat, hole, user_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&mut *tx)
        .await
        .doing("reading a game's moves")?;
        tx.commit().await.doing("finishing reading a game")?;
        Ok(Some((row, moves)))
    }

    /// Appends move number `expected_ply + 1` and updates the game, in one
    /// transaction, only if the game is still ongoing at `expected_ply`:
    /// of two moves made at once, exactly one is written.
    pub async fn record_move(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_move: &NewMove,
        update: &GameUpdate,
    ) -> Result<Written> {
        if update.finished.is_none() {
            return self.record_ongoing_move(game_id, expected_ply, new_move, update).await;
        }
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_with(self.backend.begin_write())
            .await
            .doing("starting to record a move")?;
        if self
            .update_game(&mut tx, game_id, expected_ply, expected_ply + 1, update)
            .await?
            == Written::Conflict
        {
            return Ok(Written::Conflict);
        }
        sqlx::query("INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(game_id)
            .bind(expected_ply + 1)
            .bind(new_move.seat.to_string())
            .bind(new_move.hole as i64)
            .bind(to_db(new_move.user_id))
            .bind(update.now)
            .execute(&mut *tx)
            .await
            .doing("appending a move")?;
        if update.finished.is_some() {
            self.write_results(&mut tx, game_id).await?;
        }
        tx.commit().await.doing("committing a move")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// [`Store::record_move`] for a move after which the game goes on (no
    /// results to write): the same transaction in one trip to the database.
    /// SQLite writes it with the other moves queued for the writer, in one
    /// batch (see `grouped_moves`); PostgreSQL gets one statement, a
    /// data-modifying `WITH` whose insert reads the updated row, atomic on
    /// its own.
    async fn record_ongoing_move(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_move: &NewMove,
        update: &GameUpdate,
    ) -> Result<Written> {
        if self.backend == Backend::Sqlite {
            return self
                .record_ongoing_move_grouped(game_id, expected_ply, new_move, update)
                .await;
        }
        let sql = "WITH moved AS (
                 UPDATE games SET ply = $3, position = $4, captured_a = $5, captured_b = $6, updated_at = $7,
                     deadline = $8, reminder_at = $9, loop_history = $10
                 WHERE id = $1 AND ply = $2 AND status = 'ongoing' RETURNING id)
             INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at)
                 SELECT id, $3, $11, $12, $13, $7 FROM moved RETURNING ply";
        let mut writer = self.writer().await?;
        let appended: Vec<i64> = sqlx::query_scalar(sql)
            .bind(game_id)
            .bind(expected_ply)
            .bind(expected_ply + 1)
            .bind(&update.position)
            .bind(update.captured_a as i64)
            .bind(update.captured_b as i64)
            .bind(update.now)
            .bind(update.deadline)
            .bind(update.reminder_at)
            .bind(update.loop_history.as_deref())
            .bind(new_move.seat.to_string())
            .bind(new_move.hole as i64)
            .bind(to_db(new_move.user_id))
            .fetch_all(&mut *writer)
            .await
            .doing("recording a move")?;
        Ok(if appended.is_empty() {
            Written::Conflict
        } else {
            Written::Yes
        })
    }

    /// Finishes a game without a move (a resignation), only if it is still
    /// ongoing at `expected_ply`.
    pub async fn finish_game(&self, game_id: i64, expected_ply: i64, update: &GameUpdate) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_with(self.backend.begin_write())
            .await
            .doing("starting to finish a game")?;
        if self.finish_in(&mut tx, game_id, expected_ply, update).await? == Written::Conflict {
            return Ok(Written::Conflict);
        }
        tx.commit().await.doing("committing a finished game")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// Within `tx`: marks the game finished without a move, if it is still
    /// ongoing at `expected_ply`, and writes its results.
    async fn finish_in(
        &self,
        tx: &mut AnyConnection,
        game_id: i64,
        expected_ply: i64,
        update: &GameUpdate,
    ) -> Result<Written> {
        if self
            .update_game(tx, game_id, expected_ply, expected_ply, update)
            .await?
            == Written::Conflict
        {
            return Ok(Written::Conflict);
        }
        self.write_results(tx, game_id).await?;
        Ok(Written::Yes)
    }

    async fn update_game(
        &self,
        tx: &mut AnyConnection,
        game_id: i64,
        expected_ply: i64,
        new_ply: i64,
        update: &GameUpdate,
    ) -> Result<Written> {
        let (status, end_reason, winner, finished_at) = match &update.finished {
            None => (GameStatus::Ongoing, None, None, None),
            Some(finish) => (
                GameStatus::Finished,
                Some(finish.end_reason.as_str()),
                Some(finish.winner.to_string()),
                Some(update.now),
            ),
        };
        let done = sqlx::query(
            "UPDATE games SET ply = $3, position = $4, status = $5, end_reason = $6, winner = $7, captured_a = $8,
             captured_b = $9, updated_at = $10, finished_at = $11, deadline = $12, reminder_at = $13,
             loop_history = $14
             WHERE id = $1 AND ply = $2 AND status = 'ongoing'",
        )
        .bind(game_id)
        .bind(expected_ply)
        .bind(new_ply)
        .bind(&update.position)
        .bind(status.as_str())
        .bind(end_reason)
        .bind(winner)
        .bind(update.captured_a as i64)
        .bind(update.captured_b as i64)
        .bind(update.now)
        .bind(finished_at)
        .bind(update.deadline)
        .bind(update.reminder_at)
        .bind(update.loop_history.as_deref())
        .execute(&mut *tx)
        .await
        .doing("updating a game")?;
        Ok(if done.rows_affected() == 1 {
            Written::Yes
        } else {
            Written::Conflict
        })
    }

    /// Once a game is finished, one result row per player, and the game
    /// rated (see `rate_game`): every finished game passes through here.
    async fn write_results(&self, tx: &mut AnyConnection, game_id: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO results (game_id, user_id, opponent_id, guild_id, outcome, captured, opponent_captured,
             finished_at, computer_level)
             SELECT id, player_a, player_b, guild_id,
                    CASE winner WHEN 'A' THEN 'win' WHEN 'B' THEN 'loss' ELSE 'draw' END,
                    captured_a, captured_b, finished_at, computer_level
             FROM games WHERE id = $1 AND status = 'finished' AND computer_seat IS DISTINCT FROM 'A'
             UNION ALL
             SELECT id, player_b, player_a, guild_id,
                    CASE winner WHEN 'B' THEN 'win' WHEN 'A' THEN 'loss' ELSE 'draw' END,
                    captured_b, captured_a, finished_at, computer_level
             FROM games WHERE id = $1 AND status = 'finished' AND computer_seat IS DISTINCT FROM 'B'",
        )
        .bind(game_id)
        .execute(&mut *tx)
        .await
        .doing("writing a game's results")?;
        self.rate_game(tx, game_id).await?;
        Ok(())
    }

    /// `user`'s ongoing games, most recently active first.
    pub async fn ongoing_games(&self, user_id: u64) -> Result<Vec<GameRow>> {
        sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'ongoing' AND player_a = $1
             UNION ALL SELECT {GAME_COLUMNS} FROM games WHERE status = 'ongoing' AND player_b = $1
             ORDER BY updated_at DESC, id DESC"
        ))
        .bind(to_db(user_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing("listing ongoing games")
    }

    // Records.

    /// `user`'s record against the computer, per level.
    pub async fn computer_record(&self, user_id: u64) -> Result<Vec<(Level, RecordRow)>> {
        let rows: Vec<LevelRecordRow> = sqlx::query_as(&format!(
            "SELECT computer_level AS level, {RECORD_SUMS}
             FROM results WHERE user_id = $1 AND computer_level IS NOT NULL
             GROUP BY computer_level ORDER BY CASE computer_level WHEN 'easy' THEN 1 WHEN 'medium' THEN 2
             WHEN 'hard' THEN 3 ELSE 4 END"
        ))
        .bind(to_db(user_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing("reading a player's games against the computer")?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let record = RecordRow {
                    wins: r.wins,
                    losses: r.losses,
                    draws: r.draws,
                    games: r.games,
                    captured: r.captured,
                    conceded: r.conceded,
                };
                (r.level, record)
            })
            .collect())
    }

    /// `user`'s record against humans, in one guild or everywhere.
    pub async fn record(&self, user_id: u64, guild_id: Option<u64>) -> Result<RecordRow> {
        sqlx::query_as(&format!(
            "SELECT {RECORD_SUMS}
             FROM results WHERE user_id = $1 AND ($2 IS NULL OR guild_id = $2) AND computer_level IS NULL"
        ))
        .bind(to_db(user_id))
        .bind(guild_id.map(to_db))
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing("reading a player's record")
    }
}
