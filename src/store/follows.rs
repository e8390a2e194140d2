//! People following a game they do not play in (`game_followers`), and the
//! count each game keeps of them (`games.followers`).

use sqlx::FromRow;

use super::backend::Flag;
use super::{to_db, Doing, Result, Store};

/// A follower still owed news of a game: its end, or (when they asked for
/// every move) the moves played since they were last told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct FollowerOwed {
    pub game_id: i64,
    #[sqlx(try_from = "i64")]
    pub user_id: u64,
    #[sqlx(try_from = "Flag")]
    pub every_move: bool,
    pub told_ply: i64,
    /// The game's ply now.
    pub ply: i64,
    #[sqlx(try_from = "Flag")]
    pub finished: bool,
}

impl Store {
    /// `user_id` follows `game_id` (again: `every_move` as said now); the
    /// game's count of followers after. Told of nothing before `ply`.
    pub async fn follow(&self, game_id: i64, user_id: u64, every_move: bool, ply: i64, now: i64) -> Result<i64> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to follow a game")?;
        sqlx::query(
            "INSERT INTO game_followers (game_id, user_id, every_move, told_ply, followed_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, user_id) DO UPDATE SET every_move = excluded.every_move",
        )
        .bind(game_id)
        .bind(to_db(user_id))
        .bind(i64::from(every_move))
        .bind(ply)
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "following a game")?;
        let count = recount(self, &mut tx, game_id).await?;
        tx.commit().await.doing(&self.outage, "committing a follow")?;
        self.games.changed(game_id, |game| {
            game.followers = count;
            true
        });
        Ok(count)
    }

    /// `user_id` stops following `game_id`: whether they did, and the
    /// game's count of followers after.
    pub async fn unfollow(&self, game_id: i64, user_id: u64) -> Result<(bool, i64)> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to unfollow a game")?;
        let removed = sqlx::query("DELETE FROM game_followers WHERE game_id = $1 AND user_id = $2")
            .bind(game_id)
            .bind(to_db(user_id))
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "unfollowing a game")?
            .rows_affected()
            == 1;
        let count = recount(self, &mut tx, game_id).await?;
        tx.commit().await.doing(&self.outage, "committing an unfollow")?;
        self.games.changed(game_id, |game| {
            game.followers = count;
            true
        });
        Ok((removed, count))
    }

    /// The games `user_id` follows, newest first.
    pub async fn followed_games(&self, user_id: u64) -> Result<Vec<i64>> {
        sqlx::query_scalar("SELECT game_id FROM game_followers WHERE user_id = $1 ORDER BY game_id DESC")
            .bind(to_db(user_id))
            .fetch_all(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "listing followed games")
    }

    /// Up to `limit` followers owed news, oldest game first.
    pub async fn followers_owed(&self, limit: i64) -> Result<Vec<FollowerOwed>> {
        sqlx::query_as(
            "SELECT f.game_id, f.user_id, f.every_move, f.told_ply, g.ply,
                    CASE WHEN g.status = 'finished' THEN 1 ELSE 0 END AS finished
             FROM game_followers f JOIN games g ON g.id = f.game_id
             WHERE f.told_end = 0
               AND (g.status = 'finished' OR (f.every_move = 1 AND g.ply > f.told_ply))
             ORDER BY f.game_id, f.user_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing followers owed news")
    }

    /// The follower was told of `game_id` up to `ply` (and of its end if
    /// `ended`). Never goes back: a slower process's mark changes nothing.
    pub async fn follower_told(&self, game_id: i64, user_id: u64, ply: i64, ended: bool) -> Result<()> {
        sqlx::query(
            "UPDATE game_followers SET told_ply = CASE WHEN told_ply < $3 THEN $3 ELSE told_ply END,
                 told_end = CASE WHEN $4 = 1 THEN 1 ELSE told_end END
             WHERE game_id = $1 AND user_id = $2",
        )
        .bind(game_id)
        .bind(to_db(user_id))
        .bind(ply)
        .bind(i64::from(ended))
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "recording a follower told")?;
        Ok(())
    }
}

/// Counts `game_id`'s followers into `games.followers`; the count.
async fn recount(store: &Store, tx: &mut sqlx::AnyConnection, game_id: i64) -> Result<i64> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_followers WHERE game_id = $1")
        .bind(game_id)
        .fetch_one(&mut *tx)
        .await
        .doing(&store.outage, "counting a game's followers")?;
    sqlx::query("UPDATE games SET followers = $2 WHERE id = $1")
        .bind(game_id)
        .bind(count)
        .execute(&mut *tx)
        .await
        .doing(&store.outage, "keeping a game's count of followers")?;
    Ok(count)
}
