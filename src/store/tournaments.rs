//! Tournaments: the event, its entrants and its pairings, round by round.
//!
//! Each transition is one transaction that first takes the tournament's
//! row (`FOR UPDATE` on PostgreSQL; SQLite's writer holds the database):
//! a join, a leave, the start, a round's results, the next round, the end.
//! The start and each next round are conditional updates of the row's
//! `status` and `current_round`, made before anything else is written, so
//! of two processes pairing the same round one finds the row changed and
//! writes nothing; the pairings' key `(tournament, round, board)` and the
//! unique `game_id` keep a round and a game from being stored twice even
//! so.

use sqlx::FromRow;

use super::backend::{Flag, Snowflake};
use super::outage::Outage;
use super::status::Stored;
use super::tournament_records::write_final_standings;
use super::{
    insert_game, to_db, BoardOutcome, Doing, EndReason, FinalStanding, GameStatus, GameUpdate, NewGame, Result, Store,
    UnratedReason, Written,
};
use crate::ai::Level;
use crate::engine::Winner;
use crate::tournament::{self, TournamentFormat, TournamentStatus};

/// A tournament's row.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TournamentRow {
    pub id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub guild_id: u64,
    #[sqlx(try_from = "Snowflake")]
    pub channel_id: u64,
    pub name: String,
    #[sqlx(try_from = "Stored<TournamentFormat>")]
    pub format: TournamentFormat,
    pub rounds: Option<i64>,
    pub seconds_per_move: i64,
    pub max_players: i64,
    #[sqlx(try_from = "Flag")]
    pub rated: bool,
    pub starts_at: Option<i64>,
    #[sqlx(try_from = "Snowflake")]
    pub organiser_id: u64,
    #[sqlx(try_from = "Stored<TournamentStatus>")]
    pub status: TournamentStatus,
    pub current_round: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const TOURNAMENT_COLUMNS: &str = "id, guild_id, channel_id, name, format, rounds, seconds_per_move, max_players, \
     rated, starts_at, organiser_id, status, current_round, created_at, updated_at";

/// A tournament to create.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub guild_id: u64,
    pub channel_id: u64,
    pub name: &'a str,
    pub format: TournamentFormat,
    pub rounds: Option<i64>,
    pub seconds_per_move: i64,
    pub max_players: i64,
    pub rated: bool,
    pub starts_at: Option<i64>,
    pub organiser_id: u64,
    pub now: i64,
    /// Whether its games pause while a player is on vacation.
    pub vacations: bool,
}

/// An entrant's row.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct EntrantRow {
    pub id: i64,
    pub tournament_id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    #[sqlx(try_from = "Stored<Option<Level>>")]
    pub computer_level: Option<Level>,
    pub seed: Option<i64>,
    #[sqlx(try_from = "Flag")]
    pub withdrawn: bool,
    pub joined_at: i64,
}

/// A board of a round, with its game's end as far as the tournament
/// needs it (`None` where there is no game).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PairingRow {
    pub round: i64,
    pub board: i64,
    pub first_seed: i64,
    pub second_seed: Option<i64>,
    pub game_id: Option<i64>,
    /// The stored outcome (see `tournament_pairings.outcome`), once known.
    pub outcome: Option<BoardOutcome>,
    pub captured_first: i64,
    pub captured_second: i64,
    pub game_status: Option<GameStatus>,
    #[sqlx(try_from = "Stored<Option<Winner>>")]
    pub game_winner: Option<Winner>,
    pub game_end_reason: Option<EndReason>,
    pub game_ply: Option<i64>,
    pub game_captured_a: Option<i64>,
    pub game_captured_b: Option<i64>,
}

/// A board to store when a round opens: a game to create with it, the
/// bye (`second_seed` and `game` both `None`), or a game forfeited before
/// it starts (no `game`, its `outcome` known).
#[derive(Debug, Clone)]
pub struct NewPairing {
    pub board: i64,
    pub first_seed: i64,
    pub second_seed: Option<i64>,
    pub game: Option<NewGame>,
    /// Known at once: the bye, or a forfeit for a game not played.
    pub outcome: Option<BoardOutcome>,
}

/// A player's ongoing game ended by their withdrawal: finished as a
/// resignation, in the same transaction, and its board given `outcome`.
#[derive(Debug, Clone)]
pub struct WithdrawnGame {
    pub game_id: i64,
    pub expected_ply: i64,
    pub update: GameUpdate,
    pub board: i64,
    pub outcome: tournament::Outcome,
    /// Whether the game's captures count (a game played) or not (a forfeit).
    pub captures_count: bool,
}

/// What a withdrawal found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Withdrawal {
    Done,
    NoTournament,
    /// The tournament is not running: its status.
    Closed(TournamentStatus),
    /// Not an entrant still playing.
    NotIn,
    /// The round moved on or the game changed since the caller read them:
    /// read again.
    Changed,
}

/// A result to record on a board of the current round.
#[derive(Debug, Clone)]
pub struct BoardResult {
    pub board: i64,
    pub outcome: tournament::Outcome,
    pub captured_first: i64,
    pub captured_second: i64,
}

/// What a join or a leave found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryChange {
    /// Done: the entrant's id.
    Done(i64),
    NoTournament,
    /// The tournament is past `created`: its status.
    Closed(TournamentStatus),
    /// The field is full (a join).
    Full,
    /// Already in (a join of a person), or a second computer.
    AlreadyIn,
    /// Not in (a leave).
    NotIn,
}

/// What a start found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Started {
    /// Started: the games of round 1.
    Yes(Vec<i64>),
    /// The tournament is not `created` any more: its status (`None`: it
    /// is gone).
    Closed(Option<TournamentStatus>),
    /// The entrants changed since the caller read them: read again.
    EntrantsChanged,
}

impl Store {
    pub async fn create_tournament(&self, new: &NewTournament<'_>) -> Result<i64> {
        let mut writer = self.writer().await?;
        sqlx::query_scalar(
            "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, seconds_per_move, max_players,
             rated, starts_at, organiser_id, created_at, updated_at, vacations)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id",
        )
        .bind(to_db(new.guild_id))
        .bind(to_db(new.channel_id))
        .bind(new.name)
        .bind(new.format.code())
        .bind(new.rounds)
        .bind(new.seconds_per_move)
        .bind(new.max_players)
        .bind(i64::from(new.rated))
        .bind(new.starts_at)
        .bind(to_db(new.organiser_id))
        .bind(new.now)
        .bind(i64::from(new.vacations))
        .fetch_one(&mut *writer)
        .await
        .doing(&self.outage, "creating a tournament")
    }

    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>> {
        sqlx::query_as(&format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a tournament")
    }

    /// The running tournaments, oldest first.
    pub async fn running_tournaments(&self) -> Result<Vec<i64>> {
        sqlx::query_scalar("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id")
            .fetch_all(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "listing running tournaments")
    }

    /// Tournaments still taking entrants whose start time is `now` or
    /// past, oldest first.
    pub async fn tournaments_due(&self, now: i64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM tournaments WHERE status = 'created' AND starts_at IS NOT NULL AND starts_at <= $1
             ORDER BY id",
        )
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing tournaments due to start")
    }

    /// A tournament's entrants, in the order they joined.
    pub async fn entrants(&self, tournament_id: i64) -> Result<Vec<EntrantRow>> {
        sqlx::query_as(
            "SELECT id, tournament_id, user_id, computer_level, seed, withdrawn, joined_at
             FROM tournament_entrants WHERE tournament_id = $1 ORDER BY id",
        )
        .bind(tournament_id)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a tournament's entrants")
    }

    /// Every board of every round so far, in order, with its game's end.
    pub async fn pairings(&self, tournament_id: i64) -> Result<Vec<PairingRow>> {
        sqlx::query_as(
            "SELECT p.round AS round, p.board AS board, p.first_seed AS first_seed, p.second_seed AS second_seed,
                    p.game_id AS game_id, p.outcome AS outcome, p.captured_first AS captured_first,
                    p.captured_second AS captured_second, g.status AS game_status, g.winner AS game_winner,
                    g.end_reason AS game_end_reason, g.ply AS game_ply, g.captured_a AS game_captured_a,
                    g.captured_b AS game_captured_b
             FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id
             WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
        )
        .bind(tournament_id)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a tournament's pairings")
    }

    /// Adds an entrant to a tournament still gathering them: a person
    /// (`computer` `None`) once, or the computer at a level, once per
    /// tournament (two computers could not meet: a game has one computer
    /// seat at most).
    pub async fn join_tournament(
        &self,
        tournament_id: i64,
        user_id: u64,
        computer: Option<Level>,
        now: i64,
    ) -> Result<EntryChange> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to join a tournament")?;
        let row: Option<(Stored<TournamentStatus>, i64)> = sqlx::query_as(&format!(
            "SELECT status, max_players FROM tournaments WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(tournament_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "reading a tournament to join")?;
        let Some((status, max_players)) = row else {
            return Ok(EntryChange::NoTournament);
        };
        let status = TournamentStatus::from(status);
        if status != TournamentStatus::Created {
            return Ok(EntryChange::Closed(status));
        }
        let (count, same): (i64, i64) = sqlx::query_as(
            "SELECT CAST(COUNT(*) AS BIGINT),
                    CAST(COALESCE(SUM(CASE WHEN ($2 IS NULL AND computer_level IS NULL AND user_id = $3)
                                            OR ($2 IS NOT NULL AND computer_level IS NOT NULL)
                                       THEN 1 ELSE 0 END), 0) AS BIGINT)
             FROM tournament_entrants WHERE tournament_id = $1",
        )
        .bind(tournament_id)
        .bind(computer.map(|level| level.to_string()))
        .bind(to_db(user_id))
        .fetch_one(&mut *tx)
        .await
        .doing(&self.outage, "counting a tournament's entrants")?;
        if same > 0 {
            return Ok(EntryChange::AlreadyIn);
        }
        if count >= max_players {
            return Ok(EntryChange::Full);
        }
        let id = sqlx::query_scalar(
            "INSERT INTO tournament_entrants (tournament_id, user_id, computer_level, joined_at)
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(tournament_id)
        .bind(to_db(user_id))
        .bind(computer.map(|level| level.to_string()))
        .bind(now)
        .fetch_one(&mut *tx)
        .await
        .doing(&self.outage, "adding an entrant")?;
        message_changed(&self.outage, &mut tx, tournament_id).await?;
        tx.commit().await.doing(&self.outage, "committing an entrant")?;
        Ok(EntryChange::Done(id))
    }

    /// A person leaves a tournament that has not started.
    pub async fn leave_tournament(&self, tournament_id: i64, user_id: u64) -> Result<EntryChange> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to leave a tournament")?;
        let status: Option<Stored<TournamentStatus>> = sqlx::query_scalar(&format!(
            "SELECT status FROM tournaments WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(tournament_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "reading a tournament to leave")?;
        let Some(status) = status.map(TournamentStatus::from) else {
            return Ok(EntryChange::NoTournament);
        };
        if status != TournamentStatus::Created {
            return Ok(EntryChange::Closed(status));
        }
        let left: Option<i64> = sqlx::query_scalar(
            "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2 AND computer_level IS NULL
             RETURNING id",
        )
        .bind(tournament_id)
        .bind(to_db(user_id))
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "removing an entrant")?;
        let Some(left) = left else {
            return Ok(EntryChange::NotIn);
        };
        message_changed(&self.outage, &mut tx, tournament_id).await?;
        tx.commit().await.doing(&self.outage, "committing a leave")?;
        Ok(EntryChange::Done(left))
    }

    /// Starts a tournament still `created`, whose entrants are exactly
    /// `entrant_ids` (as the caller read them): gives each its seed
    /// (`seeds`: entrant id, seed), fixes the number of rounds, and opens
    /// round 1 with its games, all in one transaction.
    pub async fn start_tournament(
        &self,
        tournament_id: i64,
        entrant_ids: &[i64],
        seeds: &[(i64, i64)],
        rounds: i64,
        round_one: &[NewPairing],
        now: i64,
    ) -> Result<Started> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to start a tournament")?;
        let started = sqlx::query(
            "UPDATE tournaments SET status = 'running', current_round = 1, rounds = $2, updated_at = $3,
                 message_version = message_version + 1
             WHERE id = $1 AND status = 'created'",
        )
        .bind(tournament_id)
        .bind(rounds)
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "starting a tournament")?;
        if started.rows_affected() != 1 {
            drop(tx);
            let status = self.tournament(tournament_id).await?.map(|row| row.status);
            return Ok(Started::Closed(status));
        }
        let mut present: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM tournament_entrants WHERE tournament_id = $1 ORDER BY id")
                .bind(tournament_id)
                .fetch_all(&mut *tx)
                .await
                .doing(&self.outage, "reading the entrants at the start")?;
        let mut expected = entrant_ids.to_vec();
        present.sort_unstable();
        expected.sort_unstable();
        if present != expected {
            return Ok(Started::EntrantsChanged);
        }
        for &(entrant_id, seed) in seeds {
            sqlx::query("UPDATE tournament_entrants SET seed = $2 WHERE id = $1")
                .bind(entrant_id)
                .bind(seed)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "seeding an entrant")?;
        }
        let games = insert_pairings(&self.outage, &mut tx, tournament_id, 1, round_one).await?;
        tx.commit()
            .await
            .doing(&self.outage, "committing a tournament's start")?;
        Ok(Started::Yes(games))
    }

    /// Records the results of boards of round `round`, each only if none
    /// was recorded: recording again changes nothing.
    pub async fn record_board_results(&self, tournament_id: i64, round: i64, results: &[BoardResult]) -> Result<()> {
        if results.is_empty() {
            return Ok(());
        }
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to record a round's results")?;
        let mut recorded = 0;
        for result in results {
            recorded += sqlx::query(
                "UPDATE tournament_pairings SET outcome = $4, captured_first = $5, captured_second = $6
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND outcome IS NULL",
            )
            .bind(tournament_id)
            .bind(round)
            .bind(result.board)
            .bind(result.outcome.code())
            .bind(result.captured_first)
            .bind(result.captured_second)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "recording a board's result")?
            .rows_affected();
        }
        if recorded > 0 {
            message_changed(&self.outage, &mut tx, tournament_id).await?;
        }
        tx.commit().await.doing(&self.outage, "committing a round's results")?;
        Ok(())
    }

    /// Opens round `round + 1` of a running tournament whose current round
    /// is `round` and all of whose boards have a result, with its games,
    /// paired knowing of `withdrawn` withdrawals; [`Written::Conflict`]
    /// (nothing written) if another step got there first, a result is
    /// missing or someone withdrew since.
    pub async fn open_next_round(
        &self,
        tournament_id: i64,
        round: i64,
        withdrawn: i64,
        pairings: &[NewPairing],
        now: i64,
    ) -> Result<(Written, Vec<i64>)> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to open a round")?;
        // The row first: a withdrawal takes it too, so once it is ours the
        // count below sees every withdrawal committed before (on
        // PostgreSQL each statement reads what was committed when it began).
        sqlx::query(&format!(
            "SELECT id FROM tournaments WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(tournament_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "taking a tournament's row")?;
        let now_withdrawn: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM tournament_entrants WHERE tournament_id = $1 AND withdrawn = 1",
        )
        .bind(tournament_id)
        .fetch_one(&mut *tx)
        .await
        .doing(&self.outage, "counting withdrawals")?;
        if now_withdrawn != withdrawn {
            return Ok((Written::Conflict, Vec::new()));
        }
        if !self
            .close_round(&mut tx, tournament_id, round, TournamentStatus::Running, now)
            .await?
        {
            return Ok((Written::Conflict, Vec::new()));
        }
        let games = insert_pairings(&self.outage, &mut tx, tournament_id, round + 1, pairings).await?;
        tx.commit().await.doing(&self.outage, "committing a new round")?;
        Ok((Written::Yes, games))
    }

    /// Finishes a running tournament whose last round, `round`, has every
    /// result, with each entrant's final standing.
    pub async fn finish_tournament(
        &self,
        tournament_id: i64,
        round: i64,
        standings: &[FinalStanding],
        now: i64,
    ) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to finish a tournament")?;
        if !self
            .close_round(&mut tx, tournament_id, round, TournamentStatus::Finished, now)
            .await?
        {
            return Ok(Written::Conflict);
        }
        write_final_standings(&self.outage, &mut tx, tournament_id, standings).await?;
        tx.commit()
            .await
            .doing(&self.outage, "committing a finished tournament")?;
        Ok(Written::Yes)
    }

    /// A person withdraws from a running tournament whose current round is
    /// `round`: marked withdrawn, and their game of that round, if it goes
    /// on, finished and its board's result written, all at once.
    pub async fn withdraw_entrant(
        &self,
        tournament_id: i64,
        user_id: u64,
        round: i64,
        game: Option<&WithdrawnGame>,
    ) -> Result<Withdrawal> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to withdraw from a tournament")?;
        let row: Option<(Stored<TournamentStatus>, i64)> = sqlx::query_as(&format!(
            "SELECT status, current_round FROM tournaments WHERE id = $1{}",
            self.backend.lock_row()
        ))
        .bind(tournament_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "reading a tournament to withdraw from")?;
        let Some((status, current_round)) = row else {
            return Ok(Withdrawal::NoTournament);
        };
        let status = TournamentStatus::from(status);
        if status != TournamentStatus::Running {
            return Ok(Withdrawal::Closed(status));
        }
        if current_round != round {
            return Ok(Withdrawal::Changed);
        }
        let marked = sqlx::query(
            "UPDATE tournament_entrants SET withdrawn = 1
             WHERE tournament_id = $1 AND user_id = $2 AND computer_level IS NULL AND withdrawn = 0",
        )
        .bind(tournament_id)
        .bind(to_db(user_id))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "withdrawing an entrant")?;
        if marked.rows_affected() != 1 {
            return Ok(Withdrawal::NotIn);
        }
        message_changed(&self.outage, &mut tx, tournament_id).await?;
        if let Some(game) = game {
            // The board's outcome first: finishing the game rates it, and
            // a forfeit rates nobody.
            let recorded = sqlx::query(
                "UPDATE tournament_pairings SET outcome = $4,
                     captured_first = CASE WHEN $5 = 1 THEN $6 ELSE 0 END,
                     captured_second = CASE WHEN $5 = 1 THEN $7 ELSE 0 END
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND outcome IS NULL",
            )
            .bind(tournament_id)
            .bind(round)
            .bind(game.board)
            .bind(game.outcome.code())
            .bind(i64::from(game.captures_count))
            .bind(i64::from(game.update.captured_a))
            .bind(i64::from(game.update.captured_b))
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "recording a withdrawal's result")?;
            if recorded.rows_affected() != 1 {
                return Ok(Withdrawal::Changed);
            }
            if self
                .finish_in(&mut tx, game.game_id, game.expected_ply, &game.update)
                .await?
                == Written::Conflict
            {
                return Ok(Withdrawal::Changed);
            }
            sqlx::query(
                "UPDATE tournament_entrants SET withdrawal_game_id = $3
                 WHERE tournament_id = $1 AND user_id = $2 AND computer_level IS NULL",
            )
            .bind(tournament_id)
            .bind(to_db(user_id))
            .bind(game.game_id)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "recording the game a withdrawal ended")?;
        }
        tx.commit().await.doing(&self.outage, "committing a withdrawal")?;
        if let Some(game) = game {
            self.games.forget(game.game_id);
        }
        Ok(Withdrawal::Done)
    }

    /// Cancels a tournament not yet over and, in the same transaction, ends
    /// its games still being played: finished with no winner and no result
    /// (as an abort leaves a game), unrated as `tournament_cancelled`. The
    /// games ended, by id.
    pub async fn cancel_tournament(&self, tournament_id: i64, now: i64) -> Result<(Written, Vec<i64>)> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to cancel a tournament")?;
        let done = sqlx::query(
            "UPDATE tournaments SET status = 'cancelled', updated_at = $2, message_version = message_version + 1
             WHERE id = $1 AND status IN ('created', 'running')",
        )
        .bind(tournament_id)
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "cancelling a tournament")?;
        if done.rows_affected() != 1 {
            return Ok((Written::Conflict, Vec::new()));
        }
        let ended: Vec<(i64, i64, i64)> = sqlx::query_as(
            "UPDATE games SET status = 'finished', end_reason = NULL, winner = NULL, finished_at = $2, updated_at = $2
             WHERE status = 'ongoing'
             AND id IN (SELECT game_id FROM tournament_pairings WHERE tournament_id = $1 AND game_id IS NOT NULL)
             RETURNING id, player_a, player_b",
        )
        .bind(tournament_id)
        .bind(now)
        .fetch_all(&mut *tx)
        .await
        .doing(&self.outage, "ending a cancelled tournament's games")?;
        for &(game_id, a, b) in &ended {
            super::ratings::mark_unrated(
                &self.outage,
                &mut tx,
                game_id,
                UnratedReason::TournamentCancelled,
                (a, b),
                now,
            )
            .await?;
        }
        tx.commit()
            .await
            .doing(&self.outage, "committing a cancelled tournament")?;
        let ended: Vec<i64> = ended.into_iter().map(|(game_id, _, _)| game_id).collect();
        for &game_id in &ended {
            self.games.forget(game_id);
        }
        Ok((Written::Yes, ended))
    }

    /// Whether `game_id` was ended by a player's withdrawal from its
    /// tournament (stored as their resignation).
    pub async fn ended_by_withdrawal(&self, game_id: i64) -> Result<bool> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT withdrawal_game_id FROM tournament_entrants WHERE withdrawal_game_id = $1")
                .bind(game_id)
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading whether a withdrawal ended a game")?;
        Ok(found.is_some())
    }

    /// Whether `game_id` was ended by the cancelling of its tournament.
    pub async fn ended_by_cancelled_tournament(&self, game_id: i64) -> Result<bool> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT game_id FROM game_ratings WHERE game_id = $1 AND unrated_reason = 'tournament_cancelled'",
        )
        .bind(game_id)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading whether a game's tournament was cancelled")?;
        Ok(found.is_some())
    }

    /// Within `tx`: moves a running tournament on from `round` (to the
    /// next round, or to `status`), only if it is at `round` and every
    /// board of that round has its result.
    async fn close_round(
        &self,
        tx: &mut sqlx::AnyConnection,
        tournament_id: i64,
        round: i64,
        status: TournamentStatus,
        now: i64,
    ) -> Result<bool> {
        let next = if status == TournamentStatus::Running {
            round + 1
        } else {
            round
        };
        let done = sqlx::query(
            "UPDATE tournaments SET current_round = $3, status = $4, updated_at = $5,
                 message_version = message_version + 1
             WHERE id = $1 AND current_round = $2 AND status = 'running'
             AND NOT EXISTS (SELECT 1 FROM tournament_pairings
                             WHERE tournament_id = $1 AND round = $2 AND outcome IS NULL)",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(next)
        .bind(status.code())
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "moving a tournament to its next round")?;
        Ok(done.rows_affected() == 1)
    }
}

/// Within `tx`: the tournament's message is owed the change being made.
pub(super) async fn message_changed(outage: &Outage, tx: &mut sqlx::AnyConnection, tournament_id: i64) -> Result<()> {
    sqlx::query("UPDATE tournaments SET message_version = message_version + 1 WHERE id = $1")
        .bind(tournament_id)
        .execute(&mut *tx)
        .await
        .doing(outage, "marking a tournament's message owed")?;
    Ok(())
}

/// Within `tx`: the boards of `round`, each game created first (the same
/// insert as every other game's).
async fn insert_pairings(
    outage: &Outage,
    tx: &mut sqlx::AnyConnection,
    tournament_id: i64,
    round: i64,
    pairings: &[NewPairing],
) -> Result<Vec<i64>> {
    let mut games = Vec::new();
    for pairing in pairings {
        let game_id = match &pairing.game {
            Some(game) => {
                let id = insert_game(outage, &mut *tx, game).await?;
                games.push(id);
                Some(id)
            }
            None => None,
        };
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, board, first_seed, second_seed, game_id, outcome)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(pairing.board)
        .bind(pairing.first_seed)
        .bind(pairing.second_seed)
        .bind(game_id)
        .bind(pairing.outcome.map(BoardOutcome::as_str))
        .execute(&mut *tx)
        .await
        .doing(outage, "storing a pairing")?;
    }
    Ok(games)
}
