//! Challenges between people: make one, accept it (which starts the
//! game), decline it, look at it.

use super::{
    schedule, ChallengeStatus, ChallengeView, GameView, Place, Player, Result, Service, ServiceError, TimeControl,
};
use crate::engine::{Game, Position};
use crate::store::{ChallengeRow, MoveClock, NewGame, Written};

/// The live time control a challenge offers, if any.
fn time_control_of(row: &ChallengeRow) -> Option<TimeControl> {
    Some(TimeControl {
        base_ms: row.live_base_ms?,
        increment_ms: row.live_increment_ms?,
    })
}

impl Service {
    /// `challenger` challenges `opponent` in `place`, with the
    /// challenger's default time per move.
    pub async fn challenge(&self, place: Place, challenger: &Player, opponent: &Player) -> Result<ChallengeView> {
        self.challenge_with_time(place, challenger, opponent, None).await
    }

    pub(super) async fn challenge_view(&self, row: ChallengeRow) -> Result<ChallengeView> {
        Ok(ChallengeView {
            id: row.id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            challenger: self.player_row(row.challenger_id).await?,
            opponent: self.player_row(row.opponent_id).await?,
            status: row.status,
            expires_at: row.expires_at,
            game_id: row.game_id,
            seconds_per_move: row.seconds_per_move,
            rematch_of: row.rematch_of,
            venue: row.venue,
            rated: row.rated,
            time_control: time_control_of(&row),
        })
    }

    /// A pending challenge, marked expired (and refused) if its time is up.
    pub(super) async fn pending(&self, challenge_id: i64) -> Result<ChallengeRow> {
        let row = self
            .store
            .challenge(challenge_id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound)?;
        match row.status {
            ChallengeStatus::Pending => {}
            ChallengeStatus::Expired => return Err(ServiceError::ChallengeExpired),
            closed => return Err(ServiceError::ChallengeClosed(closed)),
        }
        if self.now() >= row.expires_at {
            self.store
                .close_challenge(row.id, ChallengeStatus::Expired, self.now())
                .await?;
            return Err(ServiceError::ChallengeExpired);
        }
        Ok(row)
    }

    /// The challenged player accepts: the game starts, its first mover
    /// chosen at random.
    pub async fn accept(&self, challenge_id: i64, user: &Player) -> Result<GameView> {
        let row = self.pending(challenge_id).await?;
        if row.opponent_id != user.id {
            let opponent = self.player_row(row.opponent_id).await?;
            return Err(ServiceError::NotYourChallenge(opponent.name));
        }
        self.remember(user).await?;
        let first = self.draw_first_mover();
        // The challenger sits at A: seats only name rows, the first mover is random.
        let loop_history = Game::opening(first).loop_history_text();
        // The challenger sits at A; a rematch swaps the seats of the game before.
        let (mut player_a, mut player_b) = (row.challenger_id, row.opponent_id);
        if let Some(previous) = row.rematch_of {
            if let Some(game) = self.store.game(previous).await? {
                (player_a, player_b) = (game.player_b, game.player_a);
            }
        }
        let game_id = self
            .store
            .accept_challenge(
                row.id,
                &NewGame {
                    guild_id: row.guild_id,
                    channel_id: row.channel_id,
                    player_a,
                    player_b,
                    start_position: Position::opening(first),
                    loop_history,
                    created_at: self.now(),
                    computer: None,
                    // A live clock replaces the time per move.
                    clock: match time_control_of(&row) {
                        Some(_) => MoveClock::default(),
                        None => schedule::clock_starting(self.now(), row.seconds_per_move),
                    },
                    venue: row.venue,
                    friendly: !row.rated,
                    live: time_control_of(&row).map(|control| control.start(self.now_millis(), false)),
                },
            )
            .await?;
        match game_id {
            Some(id) => self.game(id).await,
            None => Err(self.closed_meanwhile(challenge_id).await),
        }
    }

    /// Either player closes a pending challenge: the opponent declines, the
    /// challenger withdraws.
    pub async fn decline(&self, challenge_id: i64, user: &Player) -> Result<ChallengeView> {
        let row = self.pending(challenge_id).await?;
        let status = if row.opponent_id == user.id {
            ChallengeStatus::Declined
        } else if row.challenger_id == user.id {
            ChallengeStatus::Withdrawn
        } else {
            return Err(ServiceError::NotInChallenge);
        };
        if self.store.close_challenge(row.id, status, self.now()).await? == Written::Conflict {
            return Err(self.closed_meanwhile(challenge_id).await);
        }
        let mut view = self.challenge_view(row).await?;
        view.status = status;
        Ok(view)
    }

    /// The refusal for a challenge someone else closed between our read and
    /// our write: closed as what it now is.
    async fn closed_meanwhile(&self, challenge_id: i64) -> ServiceError {
        match self.store.challenge(challenge_id).await {
            Ok(Some(row)) => ServiceError::ChallengeClosed(row.status),
            Ok(None) => ServiceError::ChallengeNotFound,
            Err(e) => e.into(),
        }
    }

    pub async fn challenge_info(&self, challenge_id: i64) -> Result<ChallengeView> {
        let row = self
            .store
            .challenge(challenge_id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound)?;
        self.challenge_view(row).await
    }
}
