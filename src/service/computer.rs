//! Games against the computer: start one, and let the computer move
//! (its search runs off the async runtime, behind the search bound).

use super::games::Read;
use super::{Computer, GameView, MoveApplied, Place, Player, Result, Service, ServiceError, TimeControl};
use crate::ai::Level;
use crate::engine::{Game, Position, Seat};
use crate::store::{ComputerSeat, LeaseKind, MoveClock, NewGame};

impl Service {
    /// `human` starts a game against the computer (`computer` is the bot's
    /// own user) at `level`; the first mover is drawn at random.
    pub async fn start_computer_game(
        &self,
        place: Place,
        human: &Player,
        computer: &Player,
        level: Level,
    ) -> Result<GameView> {
        self.start_computer_game_timed(place, human, computer, level, None)
            .await
    }

    /// [`Service::start_computer_game`] with a live clock if
    /// `time_control` says so: the human's clock runs, the computer's
    /// never does.
    pub async fn start_computer_game_timed(
        &self,
        place: Place,
        human: &Player,
        computer: &Player,
        level: Level,
        time_control: Option<TimeControl>,
    ) -> Result<GameView> {
        // A game outside a server that added the bot is kept with server 0:
        // it counts for the players' global rating and record only.
        let guild_id = place.guild_id.unwrap_or(0);
        self.remember(human).await?;
        self.remember(computer).await?;
        if self.store.ongoing_games(human.id).await?.len() >= self.config.max_ongoing_games {
            return Err(ServiceError::TooManyGames {
                name: human.name.clone(),
                limit: self.config.max_ongoing_games,
            });
        }
        let first = self.draw_first_mover();
        let loop_history = Game::opening(first).loop_history_text();
        // The human sits at A, as a challenger does.
        let id = self
            .store
            .create_game(&NewGame {
                friendly: false,
                guild_id,
                channel_id: place.channel_id,
                player_a: human.id,
                player_b: computer.id,
                start_position: Position::opening(first),
                loop_history,
                created_at: self.now(),
                computer: Some(ComputerSeat { seat: Seat::B, level }),
                clock: MoveClock::default(),
                venue: place.venue,
                live: time_control.map(|control| control.start(self.now_millis(), first == Seat::B)),
            })
            .await?;
        tracing::info!(game_id = id, user_id = human.id, %level, "game against the computer started");
        self.game(id).await
    }

    /// Plays the computer's move in `game_id` if it is the computer's turn:
    /// the search runs on a blocking thread, at most
    /// `concurrent_searches` at once. `None` if there was nothing to do or
    /// someone else played it first.
    pub async fn play_computer(&self, game_id: i64) -> Result<Option<MoveApplied>> {
        let turn = self.search_turn().await;
        let mut view = self.game_to_move(game_id, Read::Kept).await?;
        let Some(Computer { seat, level }) = view.computer.filter(|_| view.computer_to_move()) else {
            return Ok(None);
        };
        let ply = view.ply();
        let game = view.game.clone();
        // The same game and ply always give the same move.
        let seed = (game_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64;
        let started = std::time::Instant::now();
        let hole = turn
            .run(game_id, "the computer's search", move || {
                crate::ai::choose_move(&game, level, seed)
            })
            .await?
            .ok_or(ServiceError::GameOver)?;
        tracing::info!(game_id, ply = ply + 1, %level, hole = hole.number(), ms = started.elapsed().as_millis() as u64, "computer move");
        let user_id = view.player(seat).user_id;
        let Some(outcome) = self.record_move(&mut view, seat, hole, user_id).await? else {
            return Ok(None);
        };
        crate::telemetry::move_applied(crate::telemetry::MovedBy::Computer);
        Ok(Some(MoveApplied { outcome, view }))
    }

    /// Games where the computer has been to move for `idle_secs` or more
    /// (the service's clock), least recently changed first: its move failed
    /// (a database error, a search that panicked) or its process died, and
    /// the scheduler plays it again. No lease is taken: see
    /// [`Service::claim_computer_move`].
    pub async fn games_computer_idle(&self, idle_secs: i64) -> Result<Vec<i64>> {
        Ok(self
            .store
            .computer_games_unchanged_since(self.now() - idle_secs)
            .await?)
    }

    /// Whether this process may play the computer's move in `game_id`, left
    /// idle: `false` while another process is at it. Released with
    /// [`Service::computer_move_caught_up`].
    pub async fn claim_computer_move(&self, game_id: i64) -> Result<bool> {
        self.lease(LeaseKind::ComputerMove, game_id).await
    }

    /// Games waiting for the computer's move, oldest first: after a restart,
    /// each gets its move. Only those whose lease this process took: each
    /// is this process's until [`Service::computer_move_caught_up`].
    pub async fn games_awaiting_computer(&self) -> Result<Vec<i64>> {
        let mut waiting = Vec::new();
        for id in self.store.ongoing_computer_games().await? {
            match self.game(id).await {
                Ok(view) if view.computer_to_move() => {
                    if self.lease(LeaseKind::ComputerMove, id).await? {
                        waiting.push(id);
                    }
                }
                Ok(_) => {}
                Err(error) => tracing::error!(%error, game_id = id, "cannot load a game against the computer"),
            }
        }
        Ok(waiting)
    }
}
