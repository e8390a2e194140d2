//! Each tournament's message in its channel (see migration
//! `tournament_messages`): which version of the tournament it owes and
//! shows, where it is, and the role a server names for running
//! tournaments. Every change a tournament's message shows raises its
//! `message_version` in the change's own transaction (`store::tournaments`),
//! so what is owed follows from the database alone.

use sqlx::AnyConnection;

use super::backend::OptionalSnowflake;
use super::delivery::Owing;
use super::outage::Outage;
use super::{from_db, to_db, Doing, Result, Store};

/// Where a tournament's message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentMessageRow {
    pub message_version: i64,
    pub shown_version: i64,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub message_channel_id: Option<u64>,
    #[sqlx(try_from = "OptionalSnowflake")]
    pub message_id: Option<u64>,
    pub message_failures: i64,
    pub message_retry_at: i64,
}

/// A tournament game's place: the tournament's id and name, and the round.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentGameRow {
    pub tournament_id: i64,
    pub name: String,
    pub round: i64,
}

impl Store {
    /// Up to `limit` tournaments whose message is owed (never posted, or
    /// behind), leaving out those waiting for a retry at `now`, least
    /// recently changed first.
    pub async fn tournaments_owing_message(&self, limit: i64, now: i64) -> Result<Vec<Owing>> {
        sqlx::query_as(
            "SELECT id, updated_at AS changed_at FROM tournaments
             WHERE shown_version < message_version AND message_retry_at <= $2
             ORDER BY message_failures, updated_at, id LIMIT $1",
        )
        .bind(limit)
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing tournaments that owe their message")
    }

    pub async fn tournament_message(&self, tournament_id: i64) -> Result<Option<TournamentMessageRow>> {
        sqlx::query_as(
            "SELECT message_version, shown_version, message_channel_id, message_id, message_failures,
                    message_retry_at
             FROM tournaments WHERE id = $1",
        )
        .bind(tournament_id)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a tournament's message")
    }

    /// The message (channel, message) shows version `version`: kept as the
    /// tournament's message if it has none, and the shown version raised
    /// to `version` (never lowered).
    pub async fn tournament_message_shown(
        &self,
        tournament_id: i64,
        version: i64,
        (channel_id, message_id): (u64, u64),
    ) -> Result<()> {
        sqlx::query(
            "UPDATE tournaments SET message_channel_id = COALESCE(message_channel_id, $3),
                 message_id = COALESCE(message_id, $4),
                 shown_version = CASE WHEN shown_version < $2 THEN $2 ELSE shown_version END,
                 message_failures = 0, message_retry_at = 0
             WHERE id = $1",
        )
        .bind(tournament_id)
        .bind(version)
        .bind(to_db(channel_id))
        .bind(to_db(message_id))
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "saving a tournament's message")?;
        Ok(())
    }

    /// Showing the message failed: tried again at `retry_at`, or (`given_up`)
    /// left as it is until the tournament changes again.
    pub async fn tournament_message_failed(
        &self,
        tournament_id: i64,
        version: i64,
        given_up: bool,
        retry_at: i64,
    ) -> Result<()> {
        sqlx::query(
            "UPDATE tournaments SET message_failures = message_failures + 1,
                 message_retry_at = CASE WHEN $3 = 1 THEN 0 ELSE $4 END,
                 shown_version = CASE WHEN $3 = 1 AND shown_version < $2 THEN $2 ELSE shown_version END
             WHERE id = $1",
        )
        .bind(tournament_id)
        .bind(version)
        .bind(i64::from(given_up))
        .bind(retry_at)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "recording a failed tournament message")?;
        Ok(())
    }

    /// The message is gone (deleted in Discord): the next delivery posts a
    /// new one.
    pub async fn tournament_message_lost(&self, tournament_id: i64, message_id: u64) -> Result<()> {
        sqlx::query(
            "UPDATE tournaments SET message_channel_id = NULL, message_id = NULL
             WHERE id = $1 AND message_id = $2",
        )
        .bind(tournament_id)
        .bind(to_db(message_id))
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "forgetting a deleted tournament message")?;
        Ok(())
    }

    /// The tournament and round `game_id` is played in, if any.
    pub async fn tournament_of_game(&self, game_id: i64) -> Result<Option<TournamentGameRow>> {
        sqlx::query_as(
            "SELECT t.id AS tournament_id, t.name AS name, p.round AS round
             FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id
             WHERE p.game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a game's tournament")
    }

    /// The tournaments of a channel not over yet (taking entrants or
    /// running), oldest first.
    pub async fn open_tournaments_in(&self, channel_id: u64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM tournaments WHERE channel_id = $1 AND status IN ('created', 'running') ORDER BY id",
        )
        .bind(to_db(channel_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing a channel's tournaments")
    }

    /// The role a server names for running tournaments.
    pub async fn tournament_role(&self, guild_id: u64) -> Result<Option<u64>> {
        let role: Option<i64> = sqlx::query_scalar("SELECT role_id FROM guild_tournament_roles WHERE guild_id = $1")
            .bind(to_db(guild_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a server's tournament role")?;
        Ok(role.map(from_db))
    }
}

/// Names the role for running tournaments in a server, in `tx`.
pub(super) async fn set_tournament_role(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    role_id: u64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO guild_tournament_roles (guild_id, role_id) VALUES ($1, $2)
         ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id",
    )
    .bind(to_db(guild_id))
    .bind(to_db(role_id))
    .execute(&mut *tx)
    .await
    .doing(outage, "saving a server's tournament role")?;
    Ok(())
}
