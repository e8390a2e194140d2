//! The drawn games of knockout matches, replayed.
//!
//! A knockout match is one board of its round, whose game is the match's
//! latest. Replaying a drawn game is one transaction that takes the
//! tournament's row, moves the drawn game to `tournament_replays`, creates
//! the replay (the same insert as every game's) and points the board at it
//! with the first move swapped, only if the board still holds the drawn
//! game and has no result: of two processes replaying the same draw, one
//! finds the board changed and writes nothing.

use sqlx::FromRow;

use super::tournaments::message_changed;
use super::{insert_game, Doing, NewGame, Result, Store, Written};

/// A drawn game of a knockout match, replayed.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReplayRow {
    pub round: i64,
    pub board: i64,
    /// The match's drawn games, counted from 1.
    pub game_number: i64,
    pub first_seed: i64,
    pub second_seed: i64,
    pub game_id: i64,
    pub captured_first: i64,
    pub captured_second: i64,
}

/// A drawn game to replay on a board of the current round.
#[derive(Debug, Clone)]
pub struct Replay {
    pub board: i64,
    /// The drawn game, its first mover and the seeds each side captured.
    pub drawn_game_id: i64,
    pub drawn_first_seed: i64,
    pub drawn_second_seed: i64,
    pub captured_first: i64,
    pub captured_second: i64,
    /// Who moves first in the replay.
    pub first_seed: i64,
    pub second_seed: i64,
    /// The replay's game; `None` when a player withdrew since, and the
    /// board is then decided at once by `outcome`.
    pub game: Option<NewGame>,
    pub outcome: Option<crate::tournament::Outcome>,
}

impl Store {
    /// Every replayed drawn game of a tournament, by round, board and game.
    pub async fn tournament_replays(&self, tournament_id: i64) -> Result<Vec<ReplayRow>> {
        sqlx::query_as(
            "SELECT round, board, game_number, first_seed, second_seed, game_id, captured_first, captured_second
             FROM tournament_replays WHERE tournament_id = $1 ORDER BY round, board, game_number",
        )
        .bind(tournament_id)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a tournament's replayed games")
    }

    /// Replays the drawn game of board `replay.board` of round `round`, the
    /// tournament's current round: the drawn game kept among the replays,
    /// the replay created and on the board. The replay's game id, or
    /// [`Written::Conflict`] (nothing written) if the board changed or the
    /// round moved on since the caller read it.
    pub async fn replay_board(
        &self,
        tournament_id: i64,
        round: i64,
        replay: &Replay,
    ) -> Result<(Written, Option<i64>)> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to replay a drawn game")?;
        let current: Option<(String, i64)> = sqlx::query_as(&format!(
            "SELECT status, current_round FROM tournaments WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(tournament_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "taking a tournament's row to replay a game")?;
        if current != Some(("running".to_owned(), round)) {
            return Ok((Written::Conflict, None));
        }
        let drawn: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM tournament_replays
             WHERE tournament_id = $1 AND round = $2 AND board = $3",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(replay.board)
        .fetch_one(&mut *tx)
        .await
        .doing(&self.outage, "counting a match's drawn games")?;
        // The board lets go of the drawn game first: the replay table's
        // game is unique, and so is the board's.
        let moved = sqlx::query(
            "UPDATE tournament_pairings SET game_id = NULL, first_seed = $5, second_seed = $6, outcome = $7
             WHERE tournament_id = $1 AND round = $2 AND board = $3 AND game_id = $4 AND outcome IS NULL",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(replay.board)
        .bind(replay.drawn_game_id)
        .bind(replay.first_seed)
        .bind(replay.second_seed)
        .bind(replay.outcome.map(crate::tournament::Outcome::code))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "taking a drawn game off its board")?;
        if moved.rows_affected() != 1 {
            return Ok((Written::Conflict, None));
        }
        sqlx::query(
            "INSERT INTO tournament_replays (tournament_id, round, board, game_number, first_seed, second_seed,
                                             game_id, captured_first, captured_second)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(replay.board)
        .bind(drawn + 1)
        .bind(replay.drawn_first_seed)
        .bind(replay.drawn_second_seed)
        .bind(replay.drawn_game_id)
        .bind(replay.captured_first)
        .bind(replay.captured_second)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "keeping a drawn game")?;
        let game_id = match &replay.game {
            Some(game) => {
                let id = insert_game(&self.outage, &mut tx, game).await?;
                sqlx::query(
                    "UPDATE tournament_pairings SET game_id = $4 WHERE tournament_id = $1 AND round = $2 AND board = $3",
                )
                .bind(tournament_id)
                .bind(round)
                .bind(replay.board)
                .bind(id)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "putting a replay on its board")?;
                Some(id)
            }
            None => None,
        };
        message_changed(&self.outage, &mut tx, tournament_id).await?;
        tx.commit().await.doing(&self.outage, "committing a replay")?;
        Ok((Written::Yes, game_id))
    }
}
