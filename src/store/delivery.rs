//! What each game owes its channel (see migration `owed_messages`): the
//! board of its current ply, its result, and superseded boards whose
//! buttons must go. Moves, resignations, timeouts and aborts change `ply`
//! or `status` in their own transactions, which makes the owed board and
//! result durable without writing anything more; recording a posted board
//! settles them.

use std::sync::OnceLock;

use super::{direct, from_db, to_db, Conn, Doing, GameStatus, Result, Store};

/// A board message as posted: where it is, and the state of the game it
/// shows (the ply, and whether it shows the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownBoard {
    pub game_id: i64,
    pub ply: i64,
    pub finished: bool,
    pub channel_id: u64,
    pub message_id: u64,
}

/// What recording a posted board did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecorded {
    /// The board is now the game's latest; if not, the game moved on or a
    /// newer copy was posted meanwhile, and the board is listed as stale.
    pub latest: bool,
    /// Every board of the game whose buttons are to be stripped now
    /// (channel, message).
    pub stale: Vec<(u64, u64)>,
}

/// What a game's row says of its recorded board, read (and on PostgreSQL
/// locked) before another board replaces it.
#[derive(sqlx::FromRow)]
struct RecordedBoard {
    ply: i64,
    status: String,
    board_ply: Option<i64>,
    board_channel_id: Option<i64>,
    board_message_id: Option<i64>,
}

/// A game or challenge that owes its channel a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Owing {
    pub id: i64,
    /// When it last changed (seconds since the Unix epoch, the service's
    /// clock): the delivery loop tells what an earlier process left owed
    /// from what a handler of this one is showing right now.
    pub changed_at: i64,
}

/// The games that owe their board or result, repeated exactly as
/// `games_owed`'s condition so that the query reads that index alone
/// (SQLite reads `IS DISTINCT FROM` as the `IS NOT` of its migration).
const OWED: &str =
    "((status = 'ongoing' AND board_ply IS DISTINCT FROM ply) OR (status = 'finished' AND result_shown = 0))";

/// Where the bot may post (`crate::venue::Venue::bot_posts`): elsewhere
/// nothing is delivered by the loop, and what a game owes waits for the
/// next interaction in it.
const BOT_POSTS: &str = "venue IN (0, 1)";

/// The board being recorded wins over the one recorded if it shows a newer
/// state, or the same state in a newer message (snowflakes grow with time).
const WINS: &str = "id = $1 AND ply = $2 AND status = $3
     AND (board_ply IS DISTINCT FROM $2 OR board_message_id IS NULL OR board_message_id < $5)";

/// The statement that records a board in the common case (see
/// [`Store::board_shown`]), with `$N` placeholders and with SQLite's `?N`.
fn recorded_at_once_sql() -> (&'static str, &'static str) {
    static SQL: OnceLock<(String, String)> = OnceLock::new();
    let (dollars, numbered) = SQL.get_or_init(|| {
        let sql = format!(
            "UPDATE games SET board_channel_id = $4, board_message_id = $5, board_ply = $2,
                 result_shown = CASE WHEN status = 'finished' THEN 1 ELSE 0 END
             WHERE {WINS} AND (board_message_id IS NULL OR board_message_id = $6)"
        );
        let numbered = direct::numbered(&sql);
        (sql, numbered)
    });
    (dollars, numbered)
}

impl Store {
    /// Up to `limit` games that owe their channel a message, least recently
    /// changed first, leaving out those whose delivery was given up or
    /// waits for a retry at `now` (see migration `delivery_failures`);
    /// those that failed before come after those that never did, so that
    /// failing games never hold the head of the list.
    pub async fn games_owing_messages(&self, limit: i64, now: i64) -> Result<Vec<Owing>> {
        sqlx::query_as(&format!(
            "SELECT owed.id, owed.updated_at AS changed_at FROM (
                 SELECT id, updated_at, ply, status FROM games WHERE {OWED} AND {BOT_POSTS}
                 UNION SELECT games.id, games.updated_at, games.ply, games.status
                     FROM stale_boards JOIN games ON games.id = stale_boards.game_id) AS owed
             LEFT JOIN delivery_failures failed ON failed.kind = 'board' AND failed.item_id = owed.id
                 AND failed.ply = owed.ply AND failed.finished = CASE WHEN owed.status = 'finished' THEN 1 ELSE 0 END
             WHERE failed.item_id IS NULL OR (failed.given_up = 0 AND failed.next_attempt_at <= $2)
             ORDER BY COALESCE(failed.attempts, 0), owed.updated_at, owed.id LIMIT $1"
        ))
        .bind(limit)
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing games that owe a message")
    }

    /// Up to `limit` pending challenges whose message was never posted,
    /// oldest first, those that failed before last, leaving out those given
    /// up or waiting for a retry at `now`.
    pub async fn challenges_owing_message(&self, limit: i64, now: i64) -> Result<Vec<Owing>> {
        sqlx::query_as(&format!(
            "SELECT challenges.id, challenges.created_at AS changed_at FROM challenges
             LEFT JOIN delivery_failures failed ON failed.kind = 'challenge' AND failed.item_id = challenges.id
             WHERE challenges.status = 'pending' AND challenges.message_id IS NULL AND challenges.{BOT_POSTS}
                 AND (failed.item_id IS NULL OR (failed.given_up = 0 AND failed.next_attempt_at <= $2))
             ORDER BY COALESCE(failed.attempts, 0), challenges.id LIMIT $1",
        ))
        .bind(limit)
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing challenges never shown")
    }

    /// The game's boards whose buttons are to be stripped (channel, message).
    pub async fn stale_boards(&self, game_id: i64) -> Result<Vec<(u64, u64)>> {
        let rows: Vec<(i64, i64)> =
            sqlx::query_as("SELECT channel_id, message_id FROM stale_boards WHERE game_id = $1 ORDER BY message_id")
                .bind(game_id)
                .fetch_all(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading stale boards")?;
        Ok(rows.into_iter().map(|(c, m)| (from_db(c), from_db(m))).collect())
    }

    /// Records `board` as the game's latest board if it shows the game's
    /// current state and no newer copy of it was recorded. The board it
    /// replaces becomes stale unless it is `stripped`, the board whose
    /// buttons the caller took away (or saw taken away) before posting this
    /// one: whatever else is recorded may be a copy someone else recorded
    /// meanwhile, with its buttons on. A board that loses becomes stale
    /// itself. So of several boards recorded at once, whichever is recorded
    /// last leaves every other one recorded or stale, never both unrecorded
    /// and live.
    pub async fn board_shown(&self, board: &ShownBoard, stripped: Option<u64>) -> Result<BoardRecorded> {
        let status = if board.finished {
            GameStatus::Finished
        } else {
            GameStatus::Ongoing
        }
        .as_str();
        // The common case, a move's new board replacing the board its
        // answer took the buttons off: nothing becomes stale, and one
        // statement records it. Its condition holds on the row as it is
        // when the statement runs (PostgreSQL checks it again on the
        // newest row after waiting for a concurrent writer), so a copy
        // recorded meanwhile sends the board the long way.
        let (recorded_at_once, numbered) = recorded_at_once_sql();
        let (game_id, ply) = (board.game_id, board.ply);
        let (channel_id, message_id) = (to_db(board.channel_id), to_db(board.message_id));
        let stripped = stripped.map(to_db);
        let mut writer = match self.connections.sqlite_writer().await? {
            // On SQLite, on the caller's thread (see `direct`).
            Some(writer) => {
                let recorded = writer
                    .direct
                    .prepare_cached(numbered)
                    .and_then(|mut statement| {
                        statement.execute(rusqlite::params![
                            game_id, ply, status, channel_id, message_id, stripped
                        ])
                    })
                    .map_err(direct::to_sqlx)
                    .doing(&self.outage, "saving a board message")?;
                if recorded == 1 {
                    return Ok(self.recorded_at_once(board, status));
                }
                Conn::sqlx_side_of(writer)
            }
            None => {
                let mut writer = self.writer().await?;
                let recorded = sqlx::query(recorded_at_once)
                    .bind(game_id)
                    .bind(ply)
                    .bind(status)
                    .bind(channel_id)
                    .bind(message_id)
                    .bind(stripped)
                    .execute(&mut *writer)
                    .await
                    .doing(&self.outage, "saving a board message")?;
                if recorded.rows_affected() == 1 {
                    return Ok(self.recorded_at_once(board, status));
                }
                writer
            }
        };
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to record a board")?;
        // The game's row, locked until this transaction ends (on SQLite the
        // one writer is locked already): the board it names is the one
        // this board replaces, whatever another recording does meanwhile.
        let row: Option<RecordedBoard> = sqlx::query_as(&format!(
            "SELECT ply, status, board_ply, board_channel_id, board_message_id FROM games WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(board.game_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "reading a game's board")?;
        let new_id = to_db(board.message_id);
        let mut latest = false;
        if let Some(row) = row {
            let same_state = row.ply == board.ply && row.status == status;
            let newer = row.board_ply != Some(board.ply) || row.board_message_id.is_none_or(|id| id < new_id);
            let to_strip = if same_state && newer {
                latest = true;
                sqlx::query(
                    "UPDATE games SET board_channel_id = $2, board_message_id = $3, board_ply = $4,
                         result_shown = CASE WHEN status = 'finished' THEN 1 ELSE 0 END
                     WHERE id = $1",
                )
                .bind(board.game_id)
                .bind(to_db(board.channel_id))
                .bind(new_id)
                .bind(board.ply)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "saving a board message")?;
                match (row.board_channel_id, row.board_message_id) {
                    (Some(channel), Some(replaced)) if stripped != Some(replaced) => Some((channel, replaced)),
                    _ => None,
                }
            } else if row.board_message_id == Some(new_id) {
                // Recorded already.
                latest = same_state && row.board_ply == Some(board.ply);
                None
            } else {
                Some((to_db(board.channel_id), new_id))
            };
            if let Some((channel, message)) = to_strip {
                sqlx::query(
                    "INSERT INTO stale_boards (message_id, game_id, channel_id) VALUES ($1, $2, $3)
                     ON CONFLICT (message_id) DO NOTHING",
                )
                .bind(message)
                .bind(board.game_id)
                .bind(channel)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "keeping a board to strip")?;
            }
        }
        let stale: Vec<(i64, i64)> =
            sqlx::query_as("SELECT channel_id, message_id FROM stale_boards WHERE game_id = $1 ORDER BY message_id")
                .bind(board.game_id)
                .fetch_all(&mut *tx)
                .await
                .doing(&self.outage, "reading stale boards")?;
        tx.commit().await.doing(&self.outage, "committing a board")?;
        self.games.forget(board.game_id);
        Ok(BoardRecorded {
            latest,
            stale: stale.into_iter().map(|(c, m)| (from_db(c), from_db(m))).collect(),
        })
    }

    /// What recording `board` in one statement did, told to the cache
    /// while the writer is held.
    fn recorded_at_once(&self, board: &ShownBoard, status: &str) -> BoardRecorded {
        self.games.changed(board.game_id, |game| {
            let fits = game.ply == board.ply && game.status.as_str() == status;
            game.board_channel_id = Some(board.channel_id);
            game.board_message_id = Some(board.message_id);
            game.board_ply = Some(board.ply);
            game.result_shown = game.status == GameStatus::Finished;
            fits
        });
        BoardRecorded {
            latest: true,
            stale: Vec::new(),
        }
    }

    /// Forgets a stale board once its buttons are gone.
    pub async fn stale_board_stripped(&self, message_id: u64) -> Result<()> {
        sqlx::query("DELETE FROM stale_boards WHERE message_id = $1")
            .bind(to_db(message_id))
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "forgetting a stripped board")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::BOT_POSTS;
    use crate::venue::Venue;

    #[test]
    fn the_loop_delivers_exactly_where_the_bot_posts() {
        let all = [
            Venue::Server,
            Venue::BotDm,
            Venue::PrivateChannel,
            Venue::ServerWithoutBot,
        ];
        let listed = BOT_POSTS.trim_start_matches("venue IN (").trim_end_matches(')');
        for venue in all {
            let is_listed = listed.split(", ").any(|code| code == venue.code().to_string());
            assert_eq!(is_listed, venue.bot_posts(), "{venue:?}");
        }
    }
}
