//! A thread per game, where the server chose it: the game's thread is
//! started from its challenge's message before the first board, the boards
//! go where the latest one is (the thread, once it has one), the result is
//! told in the channel with a link to the thread, and the finished thread
//! is archived. Where the bot may not open threads or post in them, the
//! game is played in the channel, as before, and the channel is told once.
//!
//! Nothing here is recorded beyond the boards themselves: Discord starts at
//! most one thread from a message (a second start is refused with code
//! 160004), so a thread opened before a crash, or by another process, is
//! found again on the challenge's message, and the board posted in it
//! keeps its nonce.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{ChannelId, MessageId, Permissions};
use serenity::http::{LightMethod, Request, Route};

use super::context::Context;
use super::pictures::BoardMessage;
use super::posting::{discord_code, post, Posted, RequestFailure};
use super::{render, Bot};
use crate::i18n::Language;
use crate::service::{GameView, ThreadStart};

/// Discord's answer to a second thread started from one message.
const THREAD_ALREADY_CREATED: isize = 160_004;

/// How long a thread stays open without a message: posting in an archived
/// thread opens it again, so a long game loses nothing by it.
const AUTO_ARCHIVE_MINUTES: u64 = 1440;

/// How long a channel where Discord refused a thread gets none without
/// trying again (as with refused pictures: each refusal counts towards the
/// invalid requests for which Discord restricts a bot). An interaction
/// from the channel that shows both permissions ends it at once.
const REFUSED_FOR: Duration = Duration::from_secs(600);

/// The permissions a game's thread needs: to open it, and to post in it.
fn may_thread(permissions: Permissions) -> bool {
    permissions.create_public_threads() && permissions.send_messages_in_threads()
}

/// Where `view`'s next board goes: where its latest board is (its thread,
/// once it has one), or else its channel.
pub(super) fn board_channel(view: &GameView) -> u64 {
    view.board_message.map_or(view.channel_id, |board| board.channel_id)
}

/// A channel where threads are refused: since when, and whether the
/// channel was told.
#[derive(Clone, Copy)]
struct Refusal {
    since: Instant,
    told: bool,
}

/// Channels where the bot may not open threads or post in them, as the
/// interactions' permissions or Discord's refusals showed.
#[derive(Clone, Default)]
pub(super) struct ThreadRefusals(Arc<Mutex<HashMap<u64, Refusal>>>);

impl ThreadRefusals {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Refusal>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Remembers that `channel_id` refuses threads, from now.
    pub(super) fn refused(&self, channel_id: u64) {
        let mut channels = self.lock();
        let told = channels.get(&channel_id).is_some_and(|refusal| refusal.told);
        channels.insert(
            channel_id,
            Refusal {
                since: Instant::now(),
                told,
            },
        );
    }

    pub(super) fn is_refused(&self, channel_id: u64) -> bool {
        self.lock()
            .get(&channel_id)
            .is_some_and(|refusal| refusal.since.elapsed() < REFUSED_FOR)
    }

    /// Whether the channel is to be told that it refuses threads: once,
    /// until the permissions come back.
    fn to_tell(&self, channel_id: u64) -> bool {
        match self.lock().get_mut(&channel_id) {
            Some(refusal) if !refusal.told => {
                refusal.told = true;
                true
            }
            _ => false,
        }
    }

    /// What an interaction says of the bot's permissions in its channel:
    /// without either thread permission, threads are refused there; with
    /// both, they are tried again at once, and a later refusal is told
    /// again.
    pub(super) fn seen(&self, channel_id: u64, permissions: Option<Permissions>) {
        match permissions {
            Some(permissions) if may_thread(permissions) => {
                self.lock().remove(&channel_id);
            }
            Some(_) => self.refused(channel_id),
            None => {}
        }
    }
}

/// Where a board goes, and the line to put above it, if any.
pub(super) struct BoardPlace {
    pub channel_id: u64,
    pub notice: Option<String>,
}

impl BoardPlace {
    fn channel(channel_id: u64) -> BoardPlace {
        BoardPlace {
            channel_id,
            notice: None,
        }
    }

    /// Whether the board goes to a thread of the game's own.
    pub(super) fn in_thread(&self, view: &GameView) -> bool {
        self.channel_id != view.channel_id
    }
}

impl Bot {
    /// Where `view`'s board goes: its latest board's channel, or for the
    /// first board of a game whose server wants a thread per game, the
    /// game's thread, opened now (or found again). `Err` if that could not
    /// be decided for now: the board stays owed.
    pub(super) async fn board_place(
        &self,
        ctx: &Context,
        view: &GameView,
        language: Language,
    ) -> serenity::Result<BoardPlace> {
        let start = match self.service.thread_start(view).await {
            Ok(Some(start)) => start,
            Ok(None) => return Ok(BoardPlace::channel(board_channel(view))),
            Err(error) => {
                if !super::logged_by_the_store(&error) {
                    tracing::warn!(%error, game_id = view.id, "cannot read whether a game gets a thread; the board waits");
                }
                return Err(serenity::Error::Other("cannot read whether a game gets a thread"));
            }
        };
        if self.thread_refusals.is_refused(start.channel_id) {
            return Ok(self.threads_refused(view, language));
        }
        let name = render::game_threads::thread_name(language, view);
        match open_thread(ctx, start, &name).await {
            Ok(thread) => Ok(BoardPlace::channel(thread)),
            Err(error) => match RequestFailure::of(&error) {
                RequestFailure::MissingPermission => {
                    tracing::warn!(%error, game_id = view.id, channel_id = view.channel_id, "a game's thread was refused; playing in the channel");
                    self.thread_refusals.refused(start.channel_id);
                    Ok(self.threads_refused(view, language))
                }
                RequestFailure::Transient if !is_client_error(&error) => Err(error),
                // The challenge's message is gone, or the channel takes no
                // threads (a thread itself): the game is played where it is.
                _ => {
                    tracing::warn!(%error, game_id = view.id, "a game's thread cannot be opened; playing in the channel");
                    Ok(BoardPlace::channel(view.channel_id))
                }
            },
        }
    }

    /// The game's channel, told once that threads are refused there.
    fn threads_refused(&self, view: &GameView, language: Language) -> BoardPlace {
        let notice = self
            .thread_refusals
            .to_tell(view.channel_id)
            .then(|| render::game_threads::threads_refused(language, view.channel_id));
        BoardPlace {
            channel_id: view.channel_id,
            notice,
        }
    }

    /// Posts `board` where `place` says; a board refused in the game's
    /// thread (a permission taken away, the thread deleted) goes to the
    /// game's channel instead, with the same nonce.
    pub(super) async fn post_board_placed(
        &self,
        ctx: &Context,
        view: &GameView,
        place: &BoardPlace,
        board: &BoardMessage,
        nonce: String,
    ) -> serenity::Result<Posted> {
        match self.post_board(ctx, view, place.channel_id, board, nonce.clone()).await {
            Err(error) if place.in_thread(view) && thread_lost(&error) => {
                tracing::warn!(%error, game_id = view.id, thread = place.channel_id, "a game's thread refused its board; posting it in the channel");
                if RequestFailure::of(&error) == RequestFailure::MissingPermission {
                    self.thread_refusals.refused(view.channel_id);
                }
                self.post_board(ctx, view, view.channel_id, board, nonce).await
            }
            posted => posted,
        }
    }

    /// Before a finished game's final board goes to its thread: its result
    /// in the game's channel, with a link to the thread (with a nonce of
    /// its own, so that a board posted again does not tell it twice). A
    /// channel that refuses it for good leaves the board to be shown.
    pub(super) async fn tell_result_in_channel(
        &self,
        ctx: &Context,
        view: &GameView,
        place: &BoardPlace,
        language: Language,
    ) -> serenity::Result<()> {
        if !place.in_thread(view) {
            return Ok(());
        }
        let Some(reply) = render::game_threads::thread_result(language, view, place.channel_id) else {
            return Ok(());
        };
        let message = reply.owed_message(super::nonce::thread_result_nonce(view.id));
        match post(ctx, ChannelId::new(view.channel_id), &message).await {
            Ok(_) => Ok(()),
            Err(error) if RequestFailure::of(&error).is_for_good() => {
                tracing::warn!(%error, game_id = view.id, "the channel refuses a game's result; showing it in the thread alone");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Archives a finished game's thread. Not needed for anything else
    /// (Discord archives an idle thread on its own), so a failure is only
    /// logged.
    pub(super) async fn archive_thread(&self, ctx: &Context, view: &GameView, place: &BoardPlace) {
        if !place.in_thread(view) || view.finished.is_none() {
            return;
        }
        let body = serde_json::json!({"archived": true}).to_string().into_bytes();
        let thread = ChannelId::new(place.channel_id);
        let request = Request::new(Route::Channel { channel_id: thread }, LightMethod::Patch).body(Some(body));
        if let Err(error) = ctx.http.request(request).await {
            tracing::warn!(%error, game_id = view.id, thread = place.channel_id, "could not archive a finished game's thread");
        }
    }
}

impl Bot {
    /// After `view`'s final board was shown in `channel_id` as an answer
    /// (a resignation by command in the game's thread): its result is told
    /// in the game's channel and the thread archived, as when the final
    /// board is delivered. Neither is needed for the game to be whole, so a
    /// failure is only logged.
    pub(super) async fn ended_in_thread(&self, ctx: &Context, view: &GameView, channel_id: u64) {
        let place = BoardPlace::channel(channel_id);
        if view.finished.is_none() || !place.in_thread(view) {
            return;
        }
        let language = self.server_language(view.guild_id).await;
        if let Err(error) = self.tell_result_in_channel(ctx, view, &place, language).await {
            tracing::warn!(%error, game_id = view.id, "could not tell the channel a game's result");
        }
        self.archive_thread(ctx, view, &place).await;
    }
}

/// Whether `error` says the game's thread can take no board: the bot may
/// no longer post there, or it is gone.
fn thread_lost(error: &serenity::Error) -> bool {
    matches!(
        RequestFailure::of(error),
        RequestFailure::MissingPermission | RequestFailure::Gone
    )
}

/// Whether Discord refused the request as one it will always refuse (a
/// 4xx other than a rate limit): asking again cannot help.
fn is_client_error(error: &serenity::Error) -> bool {
    super::posting::status_of(error).is_some_and(|status| status.is_client_error() && status.as_u16() != 429)
}

/// A channel or thread in Discord's answer: its id is all the bot keeps.
#[derive(serde::Deserialize)]
struct ChannelRef {
    id: ChannelId,
}

/// A message as far as its thread goes.
#[derive(serde::Deserialize)]
struct MessageThread {
    thread: Option<ChannelRef>,
}

/// Starts the thread `name` from `start`'s message, or finds the one
/// started from it before; its id.
async fn open_thread(ctx: &Context, start: ThreadStart, name: &str) -> serenity::Result<u64> {
    let (channel_id, message_id) = (ChannelId::new(start.channel_id), MessageId::new(start.message_id));
    let body = serde_json::json!({"name": name, "auto_archive_duration": AUTO_ARCHIVE_MINUTES});
    let request = Request::new(
        Route::ChannelMessageThreads { channel_id, message_id },
        LightMethod::Post,
    )
    .body(Some(serde_json::to_vec(&body)?));
    match ctx.http.request(request).await {
        Ok(answer) => {
            let thread: ChannelRef = serde_json::from_slice(&answer.bytes().await?)?;
            Ok(thread.id.get())
        }
        Err(error) if discord_code(&error) == Some(THREAD_ALREADY_CREATED) => {
            let request = Request::new(Route::ChannelMessage { channel_id, message_id }, LightMethod::Get);
            let answer = ctx.http.request(request).await?.bytes().await?;
            let message: MessageThread = serde_json::from_slice(&answer)?;
            match message.thread {
                Some(thread) => Ok(thread.id.get()),
                None => Err(error),
            }
        }
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHANNEL: u64 = 7;

    #[test]
    fn a_refusal_is_told_once_until_the_permissions_come_back() {
        let refusals = ThreadRefusals::default();
        assert!(!refusals.is_refused(CHANNEL));
        assert!(!refusals.to_tell(CHANNEL), "nothing refused, nothing to tell");
        refusals.seen(
            CHANNEL,
            Some(Permissions::SEND_MESSAGES | Permissions::CREATE_PUBLIC_THREADS),
        );
        assert!(refusals.is_refused(CHANNEL));
        assert!(refusals.to_tell(CHANNEL));
        refusals.refused(CHANNEL);
        assert!(!refusals.to_tell(CHANNEL), "told once");
        let both = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
        refusals.seen(CHANNEL, Some(both));
        assert!(!refusals.is_refused(CHANNEL));
        refusals.refused(CHANNEL);
        assert!(refusals.to_tell(CHANNEL), "a new refusal is told again");
    }

    #[test]
    fn an_interaction_without_permissions_changes_nothing() {
        let refusals = ThreadRefusals::default();
        refusals.seen(CHANNEL, None);
        assert!(!refusals.is_refused(CHANNEL));
        refusals.refused(CHANNEL);
        refusals.seen(CHANNEL, None);
        assert!(refusals.is_refused(CHANNEL));
    }
}
