//! Results: one row per player of each finished game, and the records
//! summed from them.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, FromRow, Row};

use crate::ai::Level;
use crate::results::GamesRecord;

use super::status::Stored;
use super::{to_db, Doing, Result, Store};

/// A record as `RECORD_SUMS` sums it, by its columns' names.
impl<'r> FromRow<'r, AnyRow> for GamesRecord {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<GamesRecord> {
        Ok(GamesRecord {
            wins: row.try_get("wins")?,
            losses: row.try_get("losses")?,
            draws: row.try_get("draws")?,
            games: row.try_get("games")?,
            captured: row.try_get("captured")?,
            conceded: row.try_get("conceded")?,
        })
    }
}

#[derive(FromRow)]
struct LevelRecordRow {
    #[sqlx(try_from = "Stored<Level>")]
    level: Level,
    #[sqlx(flatten)]
    record: GamesRecord,
}

/// A record summed over `results` rows. The casts keep every column a
/// 64-bit integer: PostgreSQL sums integers into NUMERIC, which `Any`
/// cannot read.
pub(super) const RECORD_SUMS: &str =
    "CAST(COALESCE(SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END), 0) AS BIGINT) AS wins,
     CAST(COALESCE(SUM(CASE WHEN outcome = 'loss' THEN 1 ELSE 0 END), 0) AS BIGINT) AS losses,
     CAST(COALESCE(SUM(CASE WHEN outcome = 'draw' THEN 1 ELSE 0 END), 0) AS BIGINT) AS draws,
     CAST(COUNT(*) AS BIGINT) AS games,
     CAST(COALESCE(SUM(captured), 0) AS BIGINT) AS captured,
     CAST(COALESCE(SUM(opponent_captured), 0) AS BIGINT) AS conceded";

impl Store {
    /// Once a game is finished, one result row per player, and the game
    /// rated (see `rate_game`): every finished game passes through here.
    pub(super) async fn write_results(&self, tx: &mut AnyConnection, game_id: i64) -> Result<()> {
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
        .doing(&self.outage, "writing a game's results")?;
        self.rate_game(tx, game_id).await?;
        Ok(())
    }

    /// `user`'s record against the computer, per level.
    pub async fn computer_record(&self, user_id: u64) -> Result<Vec<(Level, GamesRecord)>> {
        let rows: Vec<LevelRecordRow> = sqlx::query_as(&format!(
            "SELECT computer_level AS level, {RECORD_SUMS}
             FROM results WHERE user_id = $1 AND computer_level IS NOT NULL
             GROUP BY computer_level ORDER BY CASE computer_level WHEN 'easy' THEN 1 WHEN 'medium' THEN 2
             WHEN 'hard' THEN 3 ELSE 4 END"
        ))
        .bind(to_db(user_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's games against the computer")?;
        Ok(rows.into_iter().map(|r| (r.level, r.record)).collect())
    }

    /// `user`'s record against humans, in one guild or everywhere.
    pub async fn record(&self, user_id: u64, guild_id: Option<u64>) -> Result<GamesRecord> {
        sqlx::query_as(&format!(
            "SELECT {RECORD_SUMS}
             FROM results WHERE user_id = $1 AND ($2 IS NULL OR guild_id = $2) AND computer_level IS NULL"
        ))
        .bind(to_db(user_id))
        .bind(guild_id.map(to_db))
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's record")
    }
}
