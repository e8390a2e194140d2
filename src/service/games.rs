//! Loading games: one game as a view, a player's ongoing games, and the
//! game a command means.

use super::views::{board_message_of, computer_of, finish_of};
use super::{EndReason, GameView, PlayerView, Result, Service, ServiceError};
use crate::engine::{Game, Hole, Winner};
use crate::store::{self, GameRow, GameStatus, GameWithPlayers};

/// Where a move reads its game from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Read {
    /// As the store keeps it (on SQLite, in memory: see `store::game_cache`);
    /// the move's write checks that the row is still that.
    Kept,
    /// From the database.
    Stored,
}

impl Service {
    /// Loads a game and replays its moves; the stored position must equal
    /// the replay.
    pub async fn game(&self, game_id: i64) -> Result<GameView> {
        let (row, moves) = self
            .store
            .game_with_moves(game_id)
            .await?
            .ok_or(ServiceError::GameNotFound)?;
        self.replay(row, moves).await
    }

    pub(super) async fn replay(&self, row: GameRow, moves: Vec<crate::store::MoveRow>) -> Result<GameView> {
        let corrupt = |why: String| ServiceError::Corrupt { game_id: row.id, why };
        let mut game = Game::from_position(row.start_position);
        let mut last_move = None;
        for stored in moves {
            let hole = Hole::new(stored.hole).map_err(|e| corrupt(e.to_string()))?;
            last_move = Some(
                game.play(hole)
                    .map_err(|e| corrupt(format!("move {}: {e}", stored.ply)))?,
            );
        }
        if row.position != *game.position() || row.ply != game.moves().len() as i64 {
            return Err(corrupt(
                "the stored position is not the replay of the stored moves".into(),
            ));
        }
        if row
            .loop_history
            .as_ref()
            .is_some_and(|h| *h != game.loop_history_text())
        {
            return Err(corrupt(
                "the stored loop history is not the replay of the stored moves".into(),
            ));
        }
        let finished = match (row.status, row.end_reason, row.winner) {
            (GameStatus::Ongoing, _, _) => None,
            (_, Some(store::EndReason::Timeout), Some(Winner::Seat(winner))) => Some((
                EndReason::Timeout {
                    seat: winner.opponent(),
                },
                Winner::Seat(winner),
            )),
            (_, Some(store::EndReason::Resignation), Some(Winner::Seat(winner))) => {
                let seat = winner.opponent();
                let reason = if self.store.ended_by_withdrawal(row.id).await? {
                    EndReason::Withdrawal { seat }
                } else {
                    EndReason::Resignation { seat }
                };
                Some((reason, Winner::Seat(winner)))
            }
            (GameStatus::Finished, None, None) => match self.aborted_by(row.id, row.player_a).await? {
                Some(seat) => Some((EndReason::Aborted { seat }, Winner::Draw)),
                None if self.store.ended_by_cancelled_tournament(row.id).await? => {
                    Some((EndReason::TournamentCancelled, Winner::Draw))
                }
                None => {
                    return Err(corrupt(
                        "finished with no winner, yet neither aborted nor cancelled".into(),
                    ))
                }
            },
            _ => match finish_of(&game) {
                Some(finish) => Some(finish),
                None => return Err(corrupt("marked finished but the rules say it goes on".into())),
            },
        };
        let computer = computer_of(&row);
        let board_message = board_message_of(&row);
        let hints_used = self.hints_used(row.id, computer.is_some()).await?;
        Ok(GameView {
            id: row.id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            players: [
                self.player_row(row.player_a).await?,
                self.player_row(row.player_b).await?,
            ],
            game,
            last_move,
            finished,
            computer,
            seconds_per_move: row.seconds_per_move,
            deadline: row.deadline,
            board_message,
            rating: match row.status {
                GameStatus::Ongoing => None,
                GameStatus::Finished => self.game_rating(row.id, row.guild_id).await?,
            },
            result_shown: row.result_shown,
            hints_used,
            changed_at: row.updated_at,
            venue: row.venue,
            followers: row.followers,
            friendly: row.friendly,
            takebacks: row.takebacks,
            reminder_at: row.reminder_at,
            live_clock: super::live_clocks::live_clock_of(&row),
        })
    }

    /// Loads a game to play a move in it: while it goes on, from its stored
    /// state in one lookup (no replay, so the same work at every move);
    /// otherwise, or if its state is not stored yet, as [`Service::game`].
    pub(super) async fn game_to_move(&self, game_id: i64, read: Read) -> Result<GameView> {
        let row = match read {
            Read::Kept => self.store.game_with_players(game_id).await?,
            Read::Stored => self.store.game_with_players_as_stored(game_id).await?,
        };
        let Some(GameWithPlayers {
            game: row,
            name_a,
            is_bot_a,
            name_b,
            is_bot_b,
        }) = row
        else {
            return Err(ServiceError::GameNotFound);
        };
        let Some(history) = row
            .loop_history
            .as_deref()
            .filter(|_| row.status == GameStatus::Ongoing)
        else {
            return self.game(game_id).await;
        };
        let corrupt = |why: String| ServiceError::Corrupt { game_id, why };
        let ply = usize::try_from(row.ply).map_err(|_| corrupt(format!("ply {}", row.ply)))?;
        let game = Game::resume(row.start_position, row.position, ply, history).map_err(|e| corrupt(e.to_string()))?;
        if game.is_over() {
            return Err(corrupt("the stored state ends the game, yet it goes on".into()));
        }
        let player = |user_id: u64, name: Option<String>, is_bot: Option<bool>| PlayerView {
            user_id,
            // Never seen: shown as "player" in the reader's language.
            name: name.unwrap_or_default(),
            is_bot: is_bot.unwrap_or(false),
        };
        let computer = computer_of(&row);
        Ok(GameView {
            id: row.id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            players: [
                player(row.player_a, name_a, is_bot_a),
                player(row.player_b, name_b, is_bot_b),
            ],
            last_move: None,
            finished: None,
            computer,
            seconds_per_move: row.seconds_per_move,
            deadline: row.deadline,
            board_message: board_message_of(&row),
            rating: None,
            result_shown: row.result_shown,
            // Only a final board shows it: counted once the move ends the
            // game (see `play`), not on every press.
            hints_used: 0,
            changed_at: row.updated_at,
            venue: row.venue,
            followers: row.followers,
            friendly: row.friendly,
            takebacks: row.takebacks,
            reminder_at: row.reminder_at,
            live_clock: super::live_clocks::live_clock_of(&row),
            game,
        })
    }

    /// `user`'s ongoing games, most recently active first.
    pub async fn ongoing_games(&self, user_id: u64) -> Result<Vec<GameView>> {
        let mut views = Vec::new();
        for game_id in self.store.ongoing_games(user_id).await? {
            views.push(self.game(game_id).await?);
        }
        Ok(views)
    }

    /// The game a command means: `game_id` if given (which `user` must be
    /// playing), else `user`'s only ongoing game in this channel: started
    /// here, or showing its board here (its thread).
    pub async fn game_of(&self, user_id: u64, game_id: Option<i64>, channel_id: u64) -> Result<GameView> {
        if let Some(id) = game_id {
            let view = self.game(id).await?;
            return match view.seat_of(user_id) {
                Some(_) => Ok(view),
                None => Err(ServiceError::NotAPlayer),
            };
        }
        let here: Vec<GameView> = self
            .ongoing_games(user_id)
            .await?
            .into_iter()
            .filter(|g| g.channel_id == channel_id || g.board_message.is_some_and(|b| b.channel_id == channel_id))
            .collect();
        match here.len() {
            0 => Err(ServiceError::NoGameHere),
            1 => Ok(here.into_iter().next().expect("one game")),
            _ => Err(ServiceError::WhichGame(here.iter().map(|g| g.id).collect())),
        }
    }
}
