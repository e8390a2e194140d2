//! Showing what a game owes its channel (see `service::delivery`): boards
//! are plain channel messages with an enforced nonce, so that posting the
//! same board twice — a crash between posting and recording it, or the
//! delivery loop meeting the fast path — shows one message. Buttons are
//! stripped before the board that supersedes them is posted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::context::Context;
use serenity::all::{ChannelId, EditMessage, MessageId};

use super::pictures::BoardMessage;
use super::posting::{post, post_with_picture, status_of, Posted, RequestFailure};
use super::render;
use super::{logged_by_the_store, Answered, Bot};
use crate::i18n::Language;
use crate::service::{Delivery, DeliveryFailure, DeliveryOutcome, GameView, Owing, SettleFor};
use crate::telemetry::OwedMessage;

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
pub(super) struct Busy(Arc<Mutex<HashMap<i64, u32>>>, Arc<tokio::sync::Notify>);

/// When this process first saw each owed state (a game or challenge as of
/// its last change, `(id, changed_at)`) owing a message. A game that owes
/// again after a new change starts a new grace.
#[derive(Clone, Default)]
pub(super) struct OwedSince(Arc<Mutex<HashMap<(i64, i64), Instant>>>);

/// Which pass of the delivery loop is running.
#[derive(Clone, Copy, Debug)]
pub(super) enum Pass {
    /// On READY: what changed before this process started is settled at
    /// once, since no handler of this process can be showing it. Anything
    /// newer waits for the regular grace like any pass: a handler may have
    /// just created it, before it could mark it busy.
    AtStart { started_at: i64 },
    /// Every scheduler tick: settles what has owed a message for
    /// [`DELIVERY_GRACE`].
    Regular,
}

impl OwedSince {
    /// Of `owing` (all that owe a message now), the ids of those `pass`
    /// settles at `now` (the service's clock): those that have owed their
    /// message for [`DELIVERY_GRACE`], counted from their change, or else
    /// from when this process first saw them owing (a bound when the
    /// clock of the process that made the change runs ahead of ours).
    /// Forgets the states no longer owing.
    fn due(&self, owing: &[Owing], pass: Pass, now: i64) -> Vec<i64> {
        let seen_now = Instant::now();
        let grace = DELIVERY_GRACE.as_secs() as i64;
        let mut seen = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        seen.retain(|&(id, changed_at), _| owing.iter().any(|owed| (owed.id, owed.changed_at) == (id, changed_at)));
        owing
            .iter()
            .filter(|owed| {
                let first_seen = *seen.entry((owed.id, owed.changed_at)).or_insert(seen_now);
                let left_by_an_earlier_process =
                    matches!(pass, Pass::AtStart { started_at } if owed.changed_at < started_at);
                // Whole seconds: `grace` of them apart is more than
                // `grace - 1` seconds of owing.
                left_by_an_earlier_process
                    || now - owed.changed_at >= grace
                    || seen_now.duration_since(first_seen) >= DELIVERY_GRACE
            })
            .map(|owed| owed.id)
            .collect()
    }
}

/// Says what a failed delivery of `what` (`id`) leads to, in the logs and
/// the metrics.
fn report_failure(what: OwedMessage, id: i64, error: &serenity::Error, failure: &DeliveryFailure) {
    if failure.given_up {
        tracing::warn!(%error, ?what, id, attempts = failure.attempts, "Discord refuses this message for good; giving it up");
        crate::telemetry::owed_given_up(what);
    } else {
        let retry_in = failure.next_attempt_at - failure.failed_at;
        tracing::warn!(%error, ?what, id, attempts = failure.attempts, retry_in, "could not deliver; trying again later");
        crate::telemetry::owed_retried(what);
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

    pub(super) fn is_busy(&self, game_id: i64) -> bool {
        self.lock().contains_key(&game_id)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, u32>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits until no handler of this process is sending `game_id`'s
    /// messages, at most `limit`; whether it is free.
    pub(super) async fn free(&self, game_id: i64, limit: Duration) -> bool {
        let waited = async {
            loop {
                let released = self.1.notified();
                tokio::pin!(released);
                // Listening before looking: a release in between is not missed.
                released.as_mut().enable();
                if !self.is_busy(game_id) {
                    return;
                }
                released.await;
            }
        };
        tokio::time::timeout(limit, waited).await.is_ok()
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        let mut games = self.busy.lock();
        if let Some(count) = games.get_mut(&self.game_id) {
            *count -= 1;
            if *count == 0 {
                games.remove(&self.game_id);
                self.busy.1.notify_waiters();
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
        self.deliver_looking_back(ctx, owed, intro, language, false).await
    }

    /// [`Bot::deliver`], first looking through the channel for the board
    /// if `look_back`, or if it is owed for longer than Discord enforces a
    /// nonce: a board an earlier process answered an interaction with (the
    /// final board of `/akon resign`, say) carries no nonce, so only the
    /// channel can tell that it was shown.
    async fn deliver_looking_back(
        &self,
        ctx: &Context,
        owed: &Delivery,
        intro: Option<&str>,
        language: Language,
        look_back: bool,
    ) -> Answered {
        let view = &owed.view;
        if !view.venue.bot_posts() {
            // Nothing can be posted there: the next press shows the game.
            tracing::debug!(game_id = view.id, "a board where the bot cannot post waits for a press");
            return Ok(());
        }
        self.strip_boards(ctx, &owed.strip).await?;
        if !owed.post_board {
            return Ok(());
        }
        // The game's thread, if it gets one, is opened before its first
        // board.
        let place = self.board_place(ctx, view, language).await?;
        let style = self.server_board_style(view.guild_id).await;
        let mut board = self.board_message(language, view, style).await;
        if intro.is_some() {
            board = board.with_intro(intro);
        } else if let Some((intro, players)) = render::tournaments::round_intro(language, owed) {
            board = board.with_intro(Some(&intro)).with_mentions(&players);
        }
        board = board.with_intro(place.notice.as_deref());
        let looks_back = look_back || self.owed_past_the_nonce_window(view);
        let found = match looks_back {
            true => self.board_posted_before(ctx, view, place.channel_id).await,
            false => None,
        };
        let posted = match found {
            Some(posted) => {
                tracing::info!(game_id = view.id, message_id = %posted.id, "the owed board was posted before; recording it");
                posted
            }
            None => {
                // The channel is told the result before the final board
                // goes to the thread: a board found posted was told before.
                self.tell_result_in_channel(ctx, view, &place, language).await?;
                let nonce = super::nonce::board_nonce(owed.board_identity());
                self.post_board_placed(ctx, view, &place, &board, nonce).await?
            }
        };
        self.record_board(ctx, view, posted, owed.stripped_board()).await?;
        self.archive_thread(ctx, view, &place).await;
        Ok(())
    }

    /// Posts `board` in `channel_id` (`view`'s channel or its thread) with
    /// the enforced `nonce`: with its picture if it has one; as text if it
    /// has none, or if Discord refuses the picture for a missing permission
    /// (the bot may not attach files there), which is then remembered and
    /// told once. Nothing was posted by the refused request, so the text
    /// goes with the same nonce.
    pub(super) async fn post_board(
        &self,
        ctx: &Context,
        view: &GameView,
        channel_id: u64,
        board: &BoardMessage,
        nonce: String,
    ) -> serenity::Result<Posted> {
        let channel = ChannelId::new(channel_id);
        if let Some((reply, picture)) = &board.picture {
            let message = reply.owed_message(nonce.clone());
            match post_with_picture(ctx, channel, &message, picture.as_picture()).await {
                Err(error) if RequestFailure::of(&error) == RequestFailure::MissingPermission => {
                    tracing::warn!(%error, game_id = view.id, channel_id = view.channel_id, "a board's picture was refused; posting the text board");
                    self.pictures_refused(ctx, view.guild_id, view.channel_id).await;
                }
                posted => return posted,
            }
        }
        post(ctx, channel, &board.text.owed_message(nonce)).await
    }

    /// Records `posted` as showing `view`'s board (`stripped`: the board
    /// whose buttons were taken away before it was posted), then strips
    /// every board that recording left stale — the posted one itself, if
    /// the game moved on or a newer copy came first.
    pub(super) async fn record_board(
        &self,
        ctx: &Context,
        view: &GameView,
        posted: Posted,
        stripped: Option<u64>,
    ) -> Answered {
        match self
            .service
            .board_shown(view, posted.channel_id.get(), posted.id.get(), stripped)
            .await
        {
            // Where the bot cannot post it cannot edit either: an older
            // board is set right by the next press on it.
            Ok(_) if !view.venue.bot_posts() => Ok(()),
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
            Err(error) if RequestFailure::of(&error).is_for_good() => {
                let status = status_of(&error).map_or_else(String::new, |status| status.to_string());
                tracing::warn!(channel, message, %status, "an old board cannot be edited; leaving it");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Posts the pending challenges whose message was never posted (those
    /// `pass` settles now); returns how many are left unshown.
    async fn deliver_challenges(&self, ctx: &Context, pass: Pass) -> usize {
        let challenges = match self.service.challenges_owing_message(DELIVERIES_PER_PASS).await {
            Ok(challenges) => challenges,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list the challenges never shown");
                }
                return 0;
            }
        };
        let mut owing = challenges.len();
        for challenge_id in self.unshown_since.due(&challenges, pass, self.service.now()) {
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
        let view = match self.service.challenge_info(challenge_id).await {
            Ok(view) => view,
            Err(error) => {
                tracing::error!(%error, challenge_id, "cannot read a challenge");
                return;
            }
        };
        let language = self.server_language(view.guild_id).await;
        let message = render::challenge(language, &view).owed_message(super::nonce::challenge_nonce(challenge_id));
        tracing::info!(challenge_id, "posting a challenge never shown");
        let posted = post(ctx, ChannelId::new(view.channel_id), &message).await;
        let outcome = match &posted {
            Ok(_) => DeliveryOutcome::Delivered,
            Err(error) => DeliveryOutcome::Failed {
                permanent: RequestFailure::of(error).is_for_good(),
            },
        };
        let ended = self.service.challenge_delivery_ended(challenge_id, outcome).await;
        match posted {
            Ok(posted) => {
                self.challenge_posted(challenge_id, posted).await;
                *owing -= 1;
                crate::telemetry::owed_delivered();
            }
            Err(error) => match ended {
                Ok(Some(failure)) => {
                    if failure.given_up {
                        *owing -= 1;
                    }
                    report_failure(OwedMessage::Challenge, challenge_id, &error, &failure);
                }
                Ok(None) | Err(_) => tracing::warn!(%error, challenge_id, "could not post a challenge"),
            },
        }
        if let Err(error) = ended {
            tracing::warn!(%error, challenge_id, "could not record how posting a challenge went");
        }
    }

    /// Settles `game_id` if it owes anything and no handler is at it; then,
    /// if the computer is to move, it moves. `true` if it delivered. The
    /// game's delivery lease is held only while something is owed, and
    /// released whatever happens (see `service::Settling`); a failure is
    /// recorded, so that the delivery loop gives up a message Discord
    /// refuses for good and waits before trying again one that failed for
    /// now.
    pub(super) async fn settle_game(
        &self,
        ctx: &Context,
        game_id: i64,
        settle_for: SettleFor,
    ) -> serenity::Result<bool> {
        self.settle_game_looking_back(ctx, game_id, settle_for, false).await
    }

    /// [`Bot::settle_game`]; with `look_back`, the board owed is first
    /// looked for in the channel (see [`Bot::deliver_looking_back`]).
    async fn settle_game_looking_back(
        &self,
        ctx: &Context,
        game_id: i64,
        settle_for: SettleFor,
        look_back: bool,
    ) -> serenity::Result<bool> {
        if self.busy.is_busy(game_id) {
            return Ok(false);
        }
        let _busy = self.busy.hold(game_id);
        let settling = match self.service.delivery(game_id, settle_for).await {
            Ok(Some(settling)) => settling,
            Ok(None) => return Ok(false),
            Err(error) => {
                tracing::error!(%error, game_id, "cannot read what a game owes");
                return Ok(false);
            }
        };
        let owed = &settling.owed;
        tracing::info!(
            game_id,
            ply = owed.view.ply(),
            post_board = owed.post_board,
            strip = owed.strip.len(),
            "delivering what a game owes its channel"
        );
        let language = self.server_language(owed.view.guild_id).await;
        let delivered = self.deliver_looking_back(ctx, owed, None, language, look_back).await;
        let outcome = match &delivered {
            Ok(()) => DeliveryOutcome::Delivered,
            Err(error) => DeliveryOutcome::Failed {
                permanent: RequestFailure::of(error).is_for_good(),
            },
        };
        // The computer's move comes under the game's lease too, so that no
        // other process settles the board it is about to post.
        let caught_up = if delivered.is_ok() && owed.view.computer_to_move() {
            tracing::info!(game_id, "catching up on a computer move");
            self.computer_turn(ctx, game_id).await
        } else {
            Ok(())
        };
        match (self.service.delivery_ended(settling, outcome).await, &delivered) {
            (Ok(Some(failure)), Err(error)) => report_failure(OwedMessage::Board, game_id, error, &failure),
            (Ok(_), _) => {}
            (Err(error), _) => tracing::warn!(%error, game_id, "could not record how a delivery went"),
        }
        delivered?;
        caught_up.map(|()| true)
    }

    /// One regular pass once the grace after READY is over, unless the bot
    /// is stopping first.
    pub(super) async fn deliver_owed_after_grace(&self, ctx: &Context) {
        let mut stopped = self.stopped.clone();
        tokio::select! {
            () = tokio::time::sleep(DELIVERY_GRACE + Duration::from_millis(100)) => {}
            _ = stopped.changed() => return,
        }
        if *stopped.borrow() {
            return;
        }
        self.in_flight.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.deliver_owed(ctx, Pass::Regular).await;
        self.in_flight.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// One pass of the delivery loop: every game that `pass` finds owing its
    /// channel a message (up to a bound) is settled, oldest change first.
    /// Returns how many games were left owing (at most the bound).
    pub(super) async fn deliver_owed(&self, ctx: &Context, pass: Pass) -> usize {
        let _one_pass = self.one_pass.lock().await;
        let games = match self.service.games_owing_messages(DELIVERIES_PER_PASS).await {
            Ok(games) => games,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list the games that owe a message");
                }
                return 0;
            }
        };
        let mut owing = games.len() + self.deliver_challenges(ctx, pass).await;
        for game_id in self.owed_since.due(&games, pass, self.service.now()) {
            // What a handler left owed, it may have shown as an
            // interaction's answer (which carries no nonce) before its
            // process died or its record failed: the loop looks first.
            match self.settle_game_looking_back(ctx, game_id, SettleFor::Loop, true).await {
                Ok(true) => {
                    owing -= 1;
                    crate::telemetry::owed_delivered();
                }
                Ok(false) => {}
                // Given up: owed no more.
                Err(error) if RequestFailure::of(&error).is_for_good() => owing -= 1,
                // Left owed: a later pass tries again.
                Err(error) => tracing::debug!(%error, game_id, "could not deliver a game's messages"),
            }
        }
        let regular = matches!(pass, Pass::Regular);
        tracing::debug!(target: crate::telemetry::PROGRESS, regular, left_owing = owing, "delivery pass done");
        owing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STARTED_AT: i64 = 1_000;

    fn owing(id: i64, changed_at: i64) -> Owing {
        Owing { id, changed_at }
    }

    #[test]
    fn at_start_what_an_earlier_process_left_is_due_at_once() {
        let since = OwedSince::default();
        let owed = [owing(1, STARTED_AT - 60), owing(2, STARTED_AT - 1)];
        let at_start = Pass::AtStart { started_at: STARTED_AT };
        assert_eq!(since.due(&owed, at_start, STARTED_AT), vec![1, 2]);
    }

    #[test]
    fn at_start_what_changed_since_waits_for_the_grace() {
        // A handler of this process may have just created game 2 and not
        // yet marked it busy: the start-up pass must not show it too.
        let since = OwedSince::default();
        let owed = [owing(1, STARTED_AT - 1), owing(2, STARTED_AT), owing(3, STARTED_AT + 5)];
        let at_start = Pass::AtStart { started_at: STARTED_AT };
        assert_eq!(since.due(&owed, at_start, STARTED_AT), vec![1]);
        assert_eq!(since.due(&owed, Pass::Regular, STARTED_AT), Vec::<i64>::new());
    }

    #[test]
    fn the_grace_counts_from_the_change_not_from_when_a_pass_first_sees_it() {
        // A board that started owing between two ticks, long enough before
        // the second: that tick settles it, although it sees it first.
        let since = OwedSince::default();
        let now = 5_000;
        let owed = [owing(1, now - 2), owing(2, now - 1), owing(3, now)];
        assert_eq!(since.due(&owed, Pass::Regular, now), vec![1]);
        assert_eq!(since.due(&owed, Pass::Regular, now + 1), vec![1, 2]);
    }

    #[test]
    fn without_a_clock_that_moves_the_grace_counts_from_when_this_process_first_saw_it() {
        let since = OwedSince::default();
        let long_ago = Instant::now() - DELIVERY_GRACE - Duration::from_millis(1);
        since.0.lock().unwrap().insert((7, 0), long_ago);
        since.0.lock().unwrap().insert((9, 0), long_ago);
        let owed = [owing(7, 0), owing(8, 0)];
        assert_eq!(since.due(&owed, Pass::Regular, 0), vec![7]);
        // Game 9 no longer owes anything: forgotten, so that owing again
        // later starts a new grace.
        assert!(!since.0.lock().unwrap().contains_key(&(9, 0)));
        assert!(since.0.lock().unwrap().contains_key(&(8, 0)));
    }

    #[test]
    fn each_owed_state_of_a_game_has_a_grace_of_its_own() {
        // Game 7 owed a board for long; a new move changed it just now:
        // the new board waits for its own grace (its handler is showing
        // it), though the game never stopped owing.
        let since = OwedSince::default();
        let long_ago = Instant::now() - DELIVERY_GRACE - Duration::from_millis(1);
        since.0.lock().unwrap().insert((7, 100), long_ago);
        assert_eq!(since.due(&[owing(7, 100)], Pass::Regular, 100), vec![7]);
        assert_eq!(since.due(&[owing(7, 101)], Pass::Regular, 101), Vec::<i64>::new());
        assert!(!since.0.lock().unwrap().contains_key(&(7, 100)));
    }
}
