//! What a player's records read of their tournaments: the final standings
//! written when a tournament finishes, and the tournaments they finished.

use sqlx::FromRow;

use super::backend::{Flag, Snowflake};
use super::outage::Outage;
use super::{to_db, Doing, Result, Store};

/// An entrant's place when their tournament finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FinalStanding {
    pub entrant_id: i64,
    /// 1 for the winner; ties share a rank.
    pub rank: i64,
    pub half_points: i64,
}

/// A finished tournament a person took part in, with their place in it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TournamentResultRow {
    pub tournament_id: i64,
    pub name: String,
    #[sqlx(try_from = "Snowflake")]
    pub guild_id: u64,
    /// When it finished.
    pub finished_at: i64,
    pub rank: i64,
    pub half_points: i64,
    /// Its entrants, the computer included.
    pub players: i64,
    #[sqlx(try_from = "Flag")]
    pub withdrawn: bool,
}

/// A person's tournaments summed up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromRow)]
pub struct TournamentRecordRow {
    pub events: i64,
    pub wins: i64,
    /// Finished in the first three.
    pub podiums: i64,
}

/// The person's finished tournaments: a finished tournament has its
/// final standings (written in the transaction that finished it).
const PLAYED: &str = "FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
     WHERE e.user_id = $1 AND e.computer_level IS NULL AND t.status = 'finished' AND e.final_rank IS NOT NULL";

impl Store {
    /// How many tournaments `user` finished, won and finished in the first
    /// three.
    pub async fn tournament_record(&self, user_id: u64) -> Result<TournamentRecordRow> {
        sqlx::query_as(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) AS events,
                    CAST(COALESCE(SUM(CASE WHEN e.final_rank = 1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS wins,
                    CAST(COALESCE(SUM(CASE WHEN e.final_rank <= 3 THEN 1 ELSE 0 END), 0) AS BIGINT) AS podiums
             {PLAYED}"
        ))
        .bind(to_db(user_id))
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's tournaments")
    }

    /// `user`'s best finish: the best rank, in the largest field among
    /// equal ranks, then the latest.
    pub async fn best_tournament_result(&self, user_id: u64) -> Result<Option<TournamentResultRow>> {
        Ok(self
            .tournament_results(user_id, "rank, players DESC, finished_at DESC", 1)
            .await?
            .pop())
    }

    /// `user`'s latest finished tournaments, newest first, at most `limit`.
    pub async fn latest_tournament_results(&self, user_id: u64, limit: i64) -> Result<Vec<TournamentResultRow>> {
        self.tournament_results(user_id, "finished_at DESC, tournament_id DESC", limit)
            .await
    }

    async fn tournament_results(&self, user_id: u64, order: &str, limit: i64) -> Result<Vec<TournamentResultRow>> {
        sqlx::query_as(&format!(
            "SELECT tournament_id, name, guild_id, finished_at, rank, half_points, players, withdrawn FROM (
                 SELECT t.id AS tournament_id, t.name AS name, t.guild_id AS guild_id, t.updated_at AS finished_at,
                        e.final_rank AS rank, e.final_half_points AS half_points,
                        (SELECT CAST(COUNT(*) AS BIGINT) FROM tournament_entrants f
                         WHERE f.tournament_id = t.id) AS players,
                        e.withdrawn AS withdrawn
                 {PLAYED}) played
             ORDER BY {order} LIMIT $2"
        ))
        .bind(to_db(user_id))
        .bind(limit)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's tournament results")
    }
}

/// Within `tx`: writes each entrant's final standing.
pub(super) async fn write_final_standings(
    outage: &Outage,
    tx: &mut sqlx::AnyConnection,
    tournament_id: i64,
    standings: &[FinalStanding],
) -> Result<()> {
    for standing in standings {
        sqlx::query(
            "UPDATE tournament_entrants SET final_rank = $3, final_half_points = $4
             WHERE tournament_id = $1 AND id = $2",
        )
        .bind(tournament_id)
        .bind(standing.entrant_id)
        .bind(standing.rank)
        .bind(standing.half_points)
        .execute(&mut *tx)
        .await
        .doing(outage, "writing a tournament's final standings")?;
    }
    Ok(())
}
