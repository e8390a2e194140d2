//! Showing what a game owes its channel (see `service::delivery`): boards
//! are plain channel messages with an enforced nonce, so that posting the
//! same board twice — a crash between posting and recording it, or the
//! delivery loop meeting the fast path — shows one message. Buttons are
//! stripped before the board that supersedes them is posted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{ChannelId, Context, EditMessage, Message, MessageId};

use super::render;
use super::{Answered, Bot};
use crate::i18n::Language;
use crate::service::{Delivery, GameView};

/// The most games one pass of the delivery loop settles; the rest wait for
/// the next pass, so that an outage's backlog is worked off in bounded steps.
const DELIVERIES_PER_PASS: i64 = 200;

/// How long a game must have owed a message before a regular pass of the
/// delivery loop settles it: a handler that just committed a change owes
/// its messages for a few milliseconds, and is about to show them itself.
pub(super) const DELIVERY_GRACE: Duration = Duration::from_secs(2);

/// Games whose messages a handler of this process is sending right now: the
/// delivery loop leaves them alone, since their handler settles them.
#[derive(Clone, Default)]
pub(super) struct Busy(Arc<Mutex<HashMap<i64, u32>>>);

/// When each game that owes a message was first seen owing it.
#[derive(Clone, Default)]
pub(super) struct OwedSince(Arc<Mutex<HashMap<i64, Instant>>>);

impl OwedSince {
    /// Of `games` (all that owe a message now), those that have owed it for
    /// `grace` at least; forgets the games no longer owing.
    fn due(&self, games: &[i64], grace: Duration) -> Vec<i64> {
        let now = Instant::now();
        let mut seen = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        seen.retain(|game, _| games.contains(game));
        games
            .iter()
            .copied()
            .filter(|&game| now.duration_since(*seen.entry(game).or_insert(now)) >= grace)
            .collect()
    }
}

/// Marks a game busy while it lives.
pub(super) struct BusyGuard {
    busy: Busy,
    game_id: i64,
}

impl Busy {
    pub(super) fn hold(&self, game_id: i64) -> BusyGuard {
        *self.lock().entry(game_id).or_insert(0) += 1;
        BusyGuard {
            busy: self.clone(),
            game_id,
        }
    }

    fn is_busy(&self, game_id: i64) -> bool {
        self.lock().contains_key(&game_id)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, u32>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        let mut games = self.busy.lock();
        if let Some(count) = games.get_mut(&self.game_id) {
            *count -= 1;
            if *count == 0 {
                games.remove(&self.game_id);
            }
        }
    }
}

impl Bot {
    /// Settles `owed`: strips the superseded boards, then posts the board of
    /// the game's current state in `language` (with `intro` above it) and
    /// records it.
    pub(super) async fn deliver(
        &self,
        ctx: &Context,
        owed: &Delivery,
        intro: Option<&str>,
        language: Language,
    ) -> Answered {
        let view = &owed.view;
        self.strip_boards(ctx, &owed.strip).await?;
        if !owed.post_board {
            return Ok(());
        }
        let mut reply = render::board(language, view);
        if let Some(intro) = intro {
            reply.content = format!("{intro}\n{}", reply.content);
        }
        let message = reply.owed_message(owed.nonce());
        let posted = ChannelId::new(view.channel_id).send_message(ctx, message).await?;
        self.record_board(ctx, view, &posted, None).await
    }

    /// Records `posted` as showing `view`'s board (`replaced_live`: the board
    /// it supersedes, if that one still has its buttons), then strips every
    /// board that recording left stale — the posted one itself, if the game
    /// moved on or a newer copy came first.
    pub(super) async fn record_board(
        &self,
        ctx: &Context,
        view: &GameView,
        posted: &Message,
        replaced_live: Option<u64>,
    ) -> Answered {
        match self
            .service
            .board_shown(view, posted.channel_id.get(), posted.id.get(), replaced_live)
            .await
        {
            Ok(shown) => self.strip_boards(ctx, &shown.strip).await,
            Err(error) => {
                // Left owed: the delivery loop posts it again (same nonce).
                tracing::error!(%error, game_id = view.id, "could not save the board message");
                Ok(())
            }
        }
    }

    /// Strips every board in `boards` (channel, message) and forgets it as
    /// stale.
    async fn strip_boards(&self, ctx: &Context, boards: &[(u64, u64)]) -> Answered {
        for &(channel, message) in boards {
            self.strip_buttons(ctx, channel, message).await?;
            if let Err(error) = self.service.stale_board_stripped(message).await {
                tracing::error!(%error, message, "could not forget a stripped board");
            }
        }
        Ok(())
    }

    /// Takes the buttons off a board. A board that is gone, or that the bot
    /// may no longer see, has no buttons anyone can press: that is done too.
    pub(super) async fn strip_buttons(&self, ctx: &Context, channel: u64, message: u64) -> Answered {
        let edit = EditMessage::new().components(vec![]);
        match ChannelId::new(channel)
            .edit_message(ctx, MessageId::new(message), edit)
            .await
        {
            Ok(_) => Ok(()),
            Err(serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)))
                if matches!(response.status_code.as_u16(), 403 | 404) =>
            {
                tracing::warn!(channel, message, status = %response.status_code, "an old board cannot be edited; leaving it");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Posts the pending challenges whose message was never posted (those
    /// unshown for `grace`); returns how many are left unshown.
    async fn deliver_challenges(&self, ctx: &Context, grace: Duration) -> usize {
        let challenges = match self.service.challenges_owing_message(DELIVERIES_PER_PASS).await {
            Ok(challenges) => challenges,
            Err(error) => {
                tracing::error!(%error, "cannot list the challenges never shown");
                return 0;
            }
        };
        let mut owing = challenges.len();
        for challenge_id in self.unshown_since.due(&challenges, grace) {
            match self.service.claim_challenge_post(challenge_id).await {
                Ok(true) => {}
                // Another process is posting it.
                Ok(false) => continue,
                Err(error) => {
                    tracing::error!(%error, challenge_id, "cannot claim a challenge to post");
                    continue;
                }
            }
            self.post_unshown_challenge(ctx, challenge_id, &mut owing).await;
            if let Err(error) = self.service.challenge_post_settled(challenge_id).await {
                tracing::warn!(%error, challenge_id, "could not release a posted challenge");
            }
        }
        owing
    }

    /// Posts a challenge whose message was never posted.
    async fn post_unshown_challenge(&self, ctx: &Context, challenge_id: i64, owing: &mut usize) {
        {
            let view = match self.service.challenge_info(challenge_id).await {
                Ok(view) => view,
                Err(error) => {
                    tracing::error!(%error, challenge_id, "cannot read a challenge");
                    return;
                }
            };
            let language = self.server_language(view.guild_id).await;
            let message = render::challenge(language, &view).owed_message(format!("akon:c:{challenge_id}"));
            tracing::info!(challenge_id, "posting a challenge never shown");
            match ChannelId::new(view.channel_id).send_message(ctx, message).await {
                Ok(posted) => {
                    self.challenge_posted(challenge_id, &posted).await;
                    *owing -= 1;
                    crate::telemetry::owed_delivered();
                }
                Err(error) => tracing::warn!(%error, challenge_id, "could not post a challenge"),
            }
        }
    }

    /// Settles `game_id` if it owes anything and no handler is at it; then,
    /// if the computer is to move, it moves. `true` if it delivered.
    pub(super) async fn settle_game(&self, ctx: &Context, game_id: i64) -> serenity::Result<bool> {
        if self.busy.is_busy(game_id) {
            return Ok(false);
        }
        let _busy = self.busy.hold(game_id);
        let owed = match self.service.delivery(game_id).await {
            Ok(Some(owed)) => owed,
            Ok(None) => return Ok(false),
            Err(error) => {
                tracing::error!(%error, game_id, "cannot read what a game owes");
                return Ok(false);
            }
        };
        tracing::info!(
            game_id,
            ply = owed.view.ply(),
            post_board = owed.post_board,
            strip = owed.strip.len(),
            "delivering what a game owes its channel"
        );
        let delivered = self.deliver_and_catch_up(ctx, &owed).await;
        // Done or failed, the game is free for the next pass (of any process).
        if let Err(error) = self.service.delivery_settled(game_id).await {
            tracing::warn!(%error, game_id, "could not release a delivered game");
        }
        delivered.map(|()| true)
    }

    async fn deliver_and_catch_up(&self, ctx: &Context, owed: &Delivery) -> Answered {
        let language = self.server_language(owed.view.guild_id).await;
        self.deliver(ctx, owed, None, language).await?;
        if owed.view.computer_to_move() {
            tracing::info!(game_id = owed.view.id, "catching up on a computer move");
            self.computer_turn(ctx, owed.view.id).await?;
        }
        Ok(())
    }

    /// One pass of the delivery loop: every game that has owed its channel
    /// a message for `grace` (up to a bound) is settled, oldest change
    /// first. At start-up the grace is zero: no handler is at work yet.
    /// Returns how many games were left owing (at most the bound).
    pub(super) async fn deliver_owed(&self, ctx: &Context, grace: Duration) -> usize {
        let games = match self.service.games_owing_messages(DELIVERIES_PER_PASS).await {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "cannot list the games that owe a message");
                return 0;
            }
        };
        let mut owing = games.len() + self.deliver_challenges(ctx, grace).await;
        for game_id in self.owed_since.due(&games, grace) {
            match self.settle_game(ctx, game_id).await {
                Ok(true) => {
                    owing -= 1;
                    crate::telemetry::owed_delivered();
                }
                Ok(false) => {}
                // Left owed: the next pass tries again.
                Err(error) => tracing::warn!(%error, game_id, "could not deliver a game's messages"),
            }
        }
        owing
    }
}
