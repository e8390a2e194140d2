//! Vacations: a player's time away, the clocks stopped meanwhile
//! (`paused_clocks`), and the notices that tell the opponents and the
//! player. Each change is one transaction of conditional writes, so two
//! processes, or a restart between two steps, never stop or start a clock
//! twice nor tell anyone twice. The service computes every deadline.

use sqlx::FromRow;

use super::backend::Snowflake;
use super::{to_db, Doing, Result, Store, Written};

/// A vacation as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct VacationRow {
    pub id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    /// The calendar year (UTC) whose allowance it uses.
    pub year: i64,
    pub started_at: i64,
    /// When the year's allowance runs out.
    pub ends_by: i64,
    pub ended_at: Option<i64>,
}

const VACATION_COLUMNS: &str = "id, user_id, year, started_at, ends_by, ended_at";

/// How a vacation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VacationEnd {
    TurnedOff,
    Moved,
    /// The year's allowance ran out.
    Allowance,
}

impl VacationEnd {
    fn code(self) -> &'static str {
        match self {
            VacationEnd::TurnedOff => "turned_off",
            VacationEnd::Moved => "moved",
            VacationEnd::Allowance => "allowance",
        }
    }
}

/// An ongoing game of a player on vacation whose clock runs and may stop.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PausableGame {
    pub game_id: i64,
    pub ply: i64,
    pub deadline: i64,
    pub vacation_id: i64,
    pub user_id: i64,
    pub opponent_id: i64,
    /// Whether the opponent is the computer (a tournament's entrant).
    pub against_the_computer: i64,
}

/// A game's stopped clock, with the game as it is now.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PausedClock {
    pub game_id: i64,
    /// The move the clock stopped at, and its deadline then.
    pub ply: i64,
    pub deadline: i64,
    pub paused_at: i64,
    /// The game now.
    pub current_ply: i64,
    pub seconds_per_move: Option<i64>,
    pub ongoing: i64,
    /// Whether the other player is on vacation too (the clock stays stopped).
    pub opponent_away: i64,
}

/// What ending a vacation does to one stopped clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resume {
    /// The clock runs again with this deadline and reminder, if the game is
    /// still at `ply` with its clock stopped.
    Run {
        game_id: i64,
        ply: i64,
        deadline: i64,
        reminder_at: Option<i64>,
    },
    /// The game is over: its stopped clock is forgotten.
    Forget { game_id: i64 },
}

/// Ending a vacation, all at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VacationEnding<'a> {
    pub vacation_id: i64,
    pub now: i64,
    pub end: VacationEnd,
    pub resumes: &'a [Resume],
    /// Tell the player that their allowance ran out (and where: a game's
    /// channel, or none for a direct message).
    pub tell_player: Option<(u64, Option<i64>)>,
}

/// How ending went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Yes,
    /// Someone else ended the vacation first.
    AlreadyEnded,
    /// A game changed since it was read: nothing written; read again.
    GameChanged,
}

impl Store {
    /// The player's vacation without an end, if any.
    pub async fn vacation_on(&self, user_id: u64) -> Result<Option<VacationRow>> {
        sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations WHERE user_id = $1 AND ended_at IS NULL"
        ))
        .bind(to_db(user_id))
        .fetch_optional(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "reading a vacation")
    }

    /// The player's vacations that use `year`'s allowance, oldest first.
    pub async fn vacations_in(&self, user_id: u64, year: i64) -> Result<Vec<VacationRow>> {
        sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations WHERE user_id = $1 AND year = $2 ORDER BY id"
        ))
        .bind(to_db(user_id))
        .bind(year)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading the year's vacations")
    }

    /// Starts a vacation: `Conflict` if the player is already on one.
    pub async fn start_vacation(&self, user_id: u64, year: i64, now: i64, ends_by: i64) -> Result<Written> {
        let done = sqlx::query(
            "INSERT INTO vacations (user_id, year, started_at, ends_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id) WHERE ended_at IS NULL DO NOTHING",
        )
        .bind(to_db(user_id))
        .bind(year)
        .bind(now)
        .bind(ends_by)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "starting a vacation")?;
        Ok(match done.rows_affected() {
            0 => Written::Conflict,
            _ => Written::Yes,
        })
    }

    /// The vacations whose allowance ran out at `now`.
    pub async fn vacations_out_of_allowance(&self, now: i64) -> Result<Vec<VacationRow>> {
        sqlx::query_as(&format!(
            "SELECT {VACATION_COLUMNS} FROM vacations WHERE ended_at IS NULL AND ends_by <= $1 ORDER BY ends_by, id"
        ))
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding vacations out of allowance")
    }

    /// The ongoing games of players on vacation (of `user_id` alone if
    /// given) whose clock runs, leaving out the games of tournaments that
    /// do not allow vacations.
    pub async fn pausable_games(&self, user_id: Option<u64>) -> Result<Vec<PausableGame>> {
        sqlx::query_as(
            "SELECT g.id AS game_id, g.ply, g.deadline, v.id AS vacation_id, v.user_id,
                    CASE WHEN g.player_a = v.user_id THEN g.player_b ELSE g.player_a END AS opponent_id,
                    CASE WHEN g.computer_seat IS NULL THEN 0 ELSE 1 END AS against_the_computer
             FROM vacations v JOIN games g ON g.player_a = v.user_id OR g.player_b = v.user_id
             WHERE v.ended_at IS NULL AND ($1 IS NULL OR v.user_id = $1)
               AND g.status = 'ongoing' AND g.deadline IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id
                               WHERE p.game_id = g.id AND t.vacations = 0)
             ORDER BY g.id",
        )
        .bind(user_id.map(to_db))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding the clocks of players on vacation")
    }

    /// Stops each game's clock if it is still as read, and tells each
    /// opponent of the vacation once (those `tell` says). Returns how many
    /// clocks stopped.
    pub async fn pause_clocks(&self, games: &[(PausableGame, bool)], now: i64) -> Result<usize> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to stop clocks")?;
        let mut paused = Vec::new();
        for (game, tell) in games {
            let stopped = sqlx::query(
                "UPDATE games SET deadline = NULL, reminder_at = NULL
                 WHERE id = $1 AND ply = $2 AND deadline = $3 AND status = 'ongoing'",
            )
            .bind(game.game_id)
            .bind(game.ply)
            .bind(game.deadline)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "stopping a clock")?;
            if stopped.rows_affected() == 0 {
                continue;
            }
            paused.push(game.game_id);
            sqlx::query(
                "INSERT INTO paused_clocks (game_id, ply, deadline, paused_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (game_id) DO UPDATE SET ply = $2, deadline = $3, paused_at = $4",
            )
            .bind(game.game_id)
            .bind(game.ply)
            .bind(game.deadline)
            .bind(now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "keeping a stopped clock")?;
            if *tell {
                self.tell_opponent_in(&mut tx, game, now).await?;
            }
        }
        tx.commit().await.doing(&self.outage, "committing stopped clocks")?;
        for &game_id in &paused {
            self.games.forget(game_id);
        }
        Ok(paused.len())
    }

    async fn tell_opponent_in(&self, tx: &mut sqlx::AnyConnection, game: &PausableGame, now: i64) -> Result<()> {
        let first = sqlx::query(
            "INSERT INTO vacation_opponents (vacation_id, opponent_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(game.vacation_id)
        .bind(game.opponent_id)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "remembering an opponent told")?;
        if first.rows_affected() > 0 {
            sqlx::query(
                "INSERT INTO notices (kind, game_id, user_id, due_at, created_at) VALUES ('vacation', $1, $2, $3, $3)",
            )
            .bind(game.game_id)
            .bind(game.user_id)
            .bind(now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "queueing a vacation notice")?;
        }
        Ok(())
    }

    /// The stopped clocks of `user_id`'s games.
    pub async fn paused_clocks_of(&self, user_id: u64) -> Result<Vec<PausedClock>> {
        sqlx::query_as(
            "SELECT p.game_id, p.ply, p.deadline, p.paused_at, g.ply AS current_ply, g.seconds_per_move,
                    CASE WHEN g.status = 'ongoing' THEN 1 ELSE 0 END AS ongoing,
                    CASE WHEN EXISTS (SELECT 1 FROM vacations o WHERE o.ended_at IS NULL
                         AND o.user_id = CASE WHEN g.player_a = $1 THEN g.player_b ELSE g.player_a END)
                         THEN 1 ELSE 0 END AS opponent_away
             FROM paused_clocks p JOIN games g ON g.id = p.game_id
             WHERE g.player_a = $1 OR g.player_b = $1
             ORDER BY p.game_id",
        )
        .bind(to_db(user_id))
        .fetch_all(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "reading stopped clocks")
    }

    /// Ends a vacation and starts its clocks again, in one transaction.
    pub async fn end_vacation(&self, ending: &VacationEnding<'_>) -> Result<Ended> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to end a vacation")?;
        let ended =
            sqlx::query("UPDATE vacations SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL")
                .bind(ending.vacation_id)
                .bind(ending.now)
                .bind(ending.end.code())
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "ending a vacation")?;
        if ended.rows_affected() == 0 {
            return Ok(Ended::AlreadyEnded);
        }
        let mut resumed = Vec::new();
        for resume in ending.resumes {
            let game_id = match *resume {
                Resume::Run {
                    game_id,
                    ply,
                    deadline,
                    reminder_at,
                } => {
                    let ran = sqlx::query(
                        "UPDATE games SET deadline = $3, reminder_at = $4
                         WHERE id = $1 AND ply = $2 AND status = 'ongoing' AND deadline IS NULL",
                    )
                    .bind(game_id)
                    .bind(ply)
                    .bind(deadline)
                    .bind(reminder_at)
                    .execute(&mut *tx)
                    .await
                    .doing(&self.outage, "starting a clock again")?;
                    if ran.rows_affected() == 0 {
                        tx.rollback().await.doing(&self.outage, "giving up ending a vacation")?;
                        return Ok(Ended::GameChanged);
                    }
                    resumed.push(game_id);
                    game_id
                }
                Resume::Forget { game_id } => game_id,
            };
            sqlx::query("DELETE FROM paused_clocks WHERE game_id = $1")
                .bind(game_id)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "forgetting a stopped clock")?;
        }
        if let Some((user_id, game_id)) = ending.tell_player {
            sqlx::query(
                "INSERT INTO notices (kind, game_id, user_id, due_at, created_at)
                 VALUES ('vacation_over', $1, $2, $3, $3)",
            )
            .bind(game_id)
            .bind(to_db(user_id))
            .bind(ending.now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "queueing the end of a vacation")?;
        }
        tx.commit()
            .await
            .doing(&self.outage, "committing the end of a vacation")?;
        for game_id in resumed {
            self.games.forget(game_id);
        }
        Ok(Ended::Yes)
    }

    /// Ongoing games with a time per move whose clock is stopped with no
    /// vacation keeping it (a move that raced the end of a vacation), and
    /// those waiting for the computer: the service tells them apart.
    /// Their ids: the service reads each game by itself, so that one it
    /// cannot read holds back no other.
    pub async fn stopped_clocks_unkept(&self) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM games g
             WHERE status = 'ongoing' AND seconds_per_move IS NOT NULL AND deadline IS NULL
               AND NOT EXISTS (SELECT 1 FROM paused_clocks p WHERE p.game_id = g.id)
             ORDER BY id",
        )
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding stopped clocks")
    }

    /// Starts a clock stopped with no vacation keeping it, if the game is
    /// still at `ply` with its clock stopped.
    pub async fn restart_clock(
        &self,
        game_id: i64,
        ply: i64,
        deadline: i64,
        reminder_at: Option<i64>,
    ) -> Result<Written> {
        let mut writer = self.writer().await?;
        let done = sqlx::query(
            "UPDATE games SET deadline = $3, reminder_at = $4
             WHERE id = $1 AND ply = $2 AND status = 'ongoing' AND deadline IS NULL
               AND NOT EXISTS (SELECT 1 FROM paused_clocks p WHERE p.game_id = $1)",
        )
        .bind(game_id)
        .bind(ply)
        .bind(deadline)
        .bind(reminder_at)
        .execute(&mut *writer)
        .await
        .doing(&self.outage, "starting a stopped clock")?;
        self.games.forget(game_id);
        Ok(match done.rows_affected() {
            0 => Written::Conflict,
            _ => Written::Yes,
        })
    }
}
