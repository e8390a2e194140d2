//! Challenges: pending until accepted (which creates the game), declined,
//! withdrawn or expired.

use sqlx::FromRow;

use super::backend::{Flag, OptionalSnowflake, Snowflake};
use super::games::insert_game;
use super::{to_db, ChallengeStatus, Doing, NewGame, Result, Store, Written};
use crate::venue::Venue;

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChallengeRow {
    pub id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub guild_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub channel_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub challenger_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub opponent_id: u64,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    pub seconds_per_move: i64,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub message_channel_id: Option<u64>,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub message_id: Option<u64>,
    /// A rematch swaps the seats of this earlier game.
    pub rematch_of: Option<i64>,
    #[sqlx(try_from = "i64")]
    pub venue: Venue,
    /// Whether the game it starts counts for the ratings (else a friendly
    /// game, where takebacks may be asked).
    #[sqlx(try_from = "Flag")]
    pub rated: bool,
    /// The live time control offered, in milliseconds (`None`: none).
    pub live_base_ms: Option<i64>,
    pub live_increment_ms: Option<i64>,
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
    pub venue: Venue,
    pub rated: bool,
    /// The live time control offered, in milliseconds: base, increment.
    pub live: Option<(i64, i64)>,
}

pub(super) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, opponent_id, status, created_at, \
     expires_at, game_id, seconds_per_move, message_channel_id, message_id, rematch_of, venue, rated, \
     live_base_ms, live_increment_ms";

impl Store {
    pub async fn create_challenge(&self, new: &NewChallenge) -> Result<i64> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, created_at, expires_at,
             seconds_per_move, rematch_of, venue, rated, live_base_ms, live_increment_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(to_db(new.guild_id))
        .bind(to_db(new.channel_id))
        .bind(to_db(new.challenger_id))
        .bind(to_db(new.opponent_id))
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(new.seconds_per_move)
        .bind(new.rematch_of)
        .bind(new.venue.code())
        .bind(i64::from(new.rated))
        .bind(new.live.map(|(base, _)| base))
        .bind(new.live.map(|(_, increment)| increment))
        .fetch_one(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "creating a challenge")?;
        Ok(id)
    }

    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        sqlx::query_as(&format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a challenge")
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
        .doing(&self.outage, "looking for a pending challenge")
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
                .doing(&self.outage, "closing a challenge")?;
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
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to accept a challenge")?;
        let accepted = sqlx::query(
            "UPDATE challenges SET status = 'accepted', closed_at = $2 WHERE id = $1 AND status = 'pending'",
        )
        .bind(challenge_id)
        .bind(game.created_at)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "accepting a challenge")?;
        if accepted.rows_affected() != 1 {
            return Ok(None);
        }
        let game_id = insert_game(&self.outage, &mut tx, game).await?;
        sqlx::query("UPDATE challenges SET game_id = $2 WHERE id = $1")
            .bind(challenge_id)
            .bind(game_id)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "linking a challenge to its game")?;
        tx.commit()
            .await
            .doing(&self.outage, "committing an accepted challenge")?;
        Ok(Some(game_id))
    }
}
