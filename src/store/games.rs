//! Games: one row each, carrying the position, the loop history, the clock
//! and the latest board; ongoing games kept in memory on SQLite (see
//! `game_cache`).

use sqlx::{AnyConnection, FromRow};

use crate::ai::Level;
use crate::engine::{Position, Seat, Winner};
use crate::venue::Venue;

use super::backend::{Flag, OptionalFlag, OptionalSnowflake, Snowflake};
use super::outage::Outage;
use super::positions::{position_text, StoredPosition};
use super::status::Stored;
use super::{to_db, Doing, EndReason, GameStatus, Result, Store};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct GameRow {
    pub id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub guild_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub channel_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub player_a: u64,
    #[sqlx(try_from = "Snowflake")]
    pub player_b: u64,
    #[sqlx(try_from = "StoredPosition")]
    pub start_position: Position,
    pub ply: i64,
    #[sqlx(try_from = "StoredPosition")]
    pub position: Position,
    pub status: GameStatus,
    pub end_reason: Option<EndReason>,
    #[sqlx(try_from = "Stored<Option<Winner>>")]
    pub winner: Option<Winner>,
    pub captured_a: i64,
    pub captured_b: i64,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub board_channel_id: Option<u64>,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub board_message_id: Option<u64>,
    pub board_ply: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    /// In a game against the computer: its seat and level.
    #[sqlx(try_from = "Stored<Option<Seat>>")]
    pub computer_seat: Option<Seat>,
    #[sqlx(try_from = "Stored<Option<Level>>")]
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
    /// Where it is played: whether the bot may post in its channel.
    #[sqlx(try_from = "i64")]
    pub venue: Venue,
    /// How many people follow it.
    pub followers: i64,
    /// A friendly game: never rated, takebacks allowed.
    #[sqlx(try_from = "Flag")]
    pub friendly: bool,
    /// How many moves were taken back.
    pub takebacks: i64,
    /// The live clock, in milliseconds (all `None`: no live clock): the
    /// time control, each seat's time left as at the start of the current
    /// turn, when that turn started, and when the player to move runs out
    /// of time (`None` once over, or while the computer is to move).
    pub live_base_ms: Option<i64>,
    pub live_increment_ms: Option<i64>,
    pub live_remaining_a_ms: Option<i64>,
    pub live_remaining_b_ms: Option<i64>,
    pub live_turn_started_ms: Option<i64>,
    pub live_deadline_ms: Option<i64>,
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
    pub start_position: Position,
    /// The loop rule's history at the start (the start position alone).
    pub loop_history: String,
    pub created_at: i64,
    /// For a game against the computer: the seat it holds and its level.
    pub computer: Option<ComputerSeat>,
    /// The first player's clock.
    pub clock: MoveClock,
    pub venue: Venue,
    /// A friendly game: never rated, takebacks allowed.
    pub friendly: bool,
    /// A live clock from the start, if the game has one.
    pub live: Option<LiveClockStart>,
}

/// A live clock as a game starts: the time control, in milliseconds, and
/// the first turn (see [`LiveTurn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveClockStart {
    pub base_ms: i64,
    pub increment_ms: i64,
    pub turn: LiveTurn,
}

/// A live clock at the start of a turn: each seat's time left (A, B), when
/// the turn started, and when the player to move runs out of time (`None`
/// once over, or while the computer is to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveTurn {
    pub remaining_ms: [i64; 2],
    pub started_ms: i64,
    pub deadline_ms: Option<i64>,
}

/// A game's clock after a change: time per move, and when the player to
/// move is reminded and loses on time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveClock {
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
}

pub(super) const GAME_COLUMNS: &str =
    "id, guild_id, channel_id, player_a, player_b, start_position, ply, position, status, \
     end_reason, winner, captured_a, captured_b, board_channel_id, board_message_id, board_ply, created_at, \
     updated_at, finished_at, computer_seat, computer_level, seconds_per_move, deadline, reminder_at, result_shown, \
     loop_history, venue, followers, friendly, takebacks, live_base_ms, live_increment_ms, live_remaining_a_ms, \
     live_remaining_b_ms, live_turn_started_ms, live_deadline_ms";

pub(super) async fn insert_game(outage: &Outage, tx: &mut AnyConnection, game: &NewGame) -> Result<i64> {
    let (computer_seat, computer_level) = match game.computer {
        Some(ComputerSeat { seat, level }) => (Some(seat.to_string()), Some(level.to_string())),
        None => (None, None),
    };
    sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, player_a, player_b, start_position, position, created_at,
         updated_at, computer_seat, computer_level, seconds_per_move, deadline, reminder_at, loop_history, venue,
         friendly, live_base_ms, live_increment_ms, live_remaining_a_ms, live_remaining_b_ms, live_turn_started_ms,
         live_deadline_ms)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         RETURNING id",
    )
    .bind(to_db(game.guild_id))
    .bind(to_db(game.channel_id))
    .bind(to_db(game.player_a))
    .bind(to_db(game.player_b))
    .bind(position_text(&game.start_position))
    .bind(game.created_at)
    .bind(computer_seat)
    .bind(computer_level)
    .bind(game.clock.seconds_per_move)
    .bind(game.clock.deadline)
    .bind(game.clock.reminder_at)
    .bind(&game.loop_history)
    .bind(game.venue.code())
    .bind(i64::from(game.friendly))
    .bind(game.live.map(|live| live.base_ms))
    .bind(game.live.map(|live| live.increment_ms))
    .bind(game.live.map(|live| live.turn.remaining_ms[0]))
    .bind(game.live.map(|live| live.turn.remaining_ms[1]))
    .bind(game.live.map(|live| live.turn.started_ms))
    .bind(game.live.and_then(|live| live.turn.deadline_ms))
    .fetch_one(&mut *tx)
    .await
    .doing(outage, "creating a game")
}

impl Store {
    /// Creates a game that no challenge precedes: one against the computer.
    pub async fn create_game(&self, game: &NewGame) -> Result<i64> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to create a game")?;
        let id = insert_game(&self.outage, &mut tx, game).await?;
        tx.commit().await.doing(&self.outage, "committing a new game")?;
        Ok(id)
    }

    /// Ongoing games against the computer, oldest first, by id.
    pub async fn ongoing_computer_games(&self) -> Result<Vec<i64>> {
        sqlx::query_scalar("SELECT id FROM games WHERE status = 'ongoing' AND computer_seat IS NOT NULL ORDER BY id")
            .fetch_all(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "listing games against the computer")
    }

    /// Ongoing games against the computer unchanged since `changed_by`
    /// (inclusive) where the computer is to move, least recently changed
    /// first, by id. A game whose turn cannot be read is logged and left
    /// out, so that it holds back no other.
    pub async fn computer_games_unchanged_since(&self, changed_by: i64) -> Result<Vec<i64>> {
        let rows: Vec<(i64, String, String)> = sqlx::query_as(
            "SELECT id, computer_seat, position FROM games
             WHERE status = 'ongoing' AND computer_seat IS NOT NULL AND updated_at <= $1
             ORDER BY updated_at, id",
        )
        .bind(changed_by)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing idle games against the computer")?;
        Ok(rows
            .into_iter()
            .filter(|(id, seat, position)| {
                let to_move = Position::from_json(position).map(|position| position.to_move());
                match (seat.parse::<Seat>(), to_move) {
                    (Ok(seat), Ok(to_move)) => seat == to_move,
                    _ => {
                        tracing::error!(
                            game_id = id,
                            "cannot read whose turn it is in a game against the computer"
                        );
                        false
                    }
                }
            })
            .map(|(id, _, _)| id)
            .collect())
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>> {
        sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .reading(&self.outage, "reading a game", id)
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
            .reading(&self.outage, "reading a game and its players", id)
    }

    /// `user`'s ongoing games, most recently active first, by id.
    pub async fn ongoing_games(&self, user_id: u64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id, updated_at FROM games WHERE status = 'ongoing' AND player_a = $1
             UNION ALL SELECT id, updated_at FROM games WHERE status = 'ongoing' AND player_b = $1
             ORDER BY updated_at DESC, id DESC",
        )
        .bind(to_db(user_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing ongoing games")
    }
}
