//! Boards as pictures: the PNG of `crate::picture` attached to the board
//! message, with the text board as its description (what screen readers
//! read), drawn once per position, and the text board instead wherever the
//! bot may not attach files.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::context::Context;
use lru::LruCache;
use serenity::all::{
    ChannelId, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateMessage, Message, Permissions, UserId,
};

use super::asker::Asker;
use super::posting::{post, Picture, RequestFailure};
use super::render::{self, Reply};
use super::render_puzzle;
use super::{response, Answered, Bot};
use crate::engine::{Position, Seat};
use crate::i18n::Language;
use crate::picture::{BoardPicture, LastMove};
use crate::service::{BoardStyle, GameView};
use crate::tr;

/// Discord's longest attachment description. The text board is at most 7
/// lines of 40 columns (see `render`'s tests), well within it.
pub(super) const DESCRIPTION_LIMIT: usize = 1024;

/// Pictures kept: at about 30 KB each, a few megabytes, enough for every
/// board of a busy hour to be posted again without being drawn again.
const CACHED_PICTURES: usize = 256;

/// How long a channel that refused a picture gets text boards without
/// trying again: every refused upload counts towards the invalid requests
/// for which Discord restricts a bot, and a permission is rarely granted
/// within minutes. An interaction from the channel that shows the
/// permission granted ends it at once.
const REFUSED_FOR: Duration = Duration::from_secs(600);

/// Pictures served from the cache and drawn, since the process started.
static CACHE_HITS: AtomicU64 = AtomicU64::new(0);
static CACHE_MISSES: AtomicU64 = AtomicU64::new(0);

/// How many board pictures were found in the cache and how many were
/// drawn, since the process started (for benchmarks; `/metrics` has them
/// too).
pub fn picture_cache_counts() -> (u64, u64) {
    (CACHE_HITS.load(Ordering::Relaxed), CACHE_MISSES.load(Ordering::Relaxed))
}

/// A board's picture: the PNG and its description.
#[derive(Clone, Debug)]
pub(super) struct BoardPng {
    pub png: Arc<[u8]>,
    pub description: String,
    pub filename: String,
}

impl BoardPng {
    pub(super) fn as_picture(&self) -> Picture<'_> {
        Picture {
            bytes: &self.png,
            filename: &self.filename,
            description: &self.description,
        }
    }

    pub(super) fn attachment(&self) -> CreateAttachment {
        CreateAttachment::bytes(self.png.to_vec(), self.filename.as_str()).description(self.description.as_str())
    }
}

/// A board message ready to send: as text alone, and with its picture if
/// the board's style has one.
#[derive(Clone, Debug)]
pub(super) struct BoardMessage {
    /// The message with the text board in it: the text style, and what is
    /// sent where a picture cannot be.
    pub text: Reply,
    /// The message to send with the picture (without the text board in the
    /// picture style), and the picture.
    pub picture: Option<(Reply, BoardPng)>,
}

impl BoardMessage {
    /// Puts `intro` on a line of its own above the message.
    pub(super) fn with_intro(mut self, intro: Option<&str>) -> BoardMessage {
        if let Some(intro) = intro {
            self.text.content = format!("{intro}\n{}", self.text.content);
            if let Some((reply, _)) = &mut self.picture {
                reply.content = format!("{intro}\n{}", reply.content);
            }
        }
        self
    }

    /// Mentions `players` too (each once), whichever message is sent.
    pub(super) fn with_mentions(mut self, players: &[u64]) -> BoardMessage {
        let replies = std::iter::once(&mut self.text).chain(self.picture.as_mut().map(|(reply, _)| reply));
        for reply in replies {
            for player in players {
                if !reply.mentions.contains(player) {
                    reply.mentions.push(*player);
                }
            }
        }
        self
    }
}

/// What identifies a picture: the game's position as of a move, in a
/// language, and all the text drawn on it (names, captures, seeds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    game: i64,
    ply: i64,
    language: Language,
    finished: bool,
    text: u64,
}

/// The last pictures drawn, the least recently used dropped first.
#[derive(Clone)]
pub(super) struct PictureCache(Arc<Mutex<LruCache<Key, Arc<[u8]>>>>);

impl Default for PictureCache {
    fn default() -> Self {
        let capacity = NonZeroUsize::new(CACHED_PICTURES).unwrap_or(NonZeroUsize::MIN);
        PictureCache(Arc::new(Mutex::new(LruCache::new(capacity))))
    }
}

impl PictureCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<Key, Arc<[u8]>>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, key: &Key) -> Option<Arc<[u8]>> {
        self.lock().get(key).cloned()
    }

    fn put(&self, key: Key, png: Arc<[u8]>) {
        self.lock().put(key, png);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().len()
    }
}

/// Channels where Discord refused a picture, and since when.
#[derive(Clone, Default)]
pub(super) struct RefusedChannels(Arc<Mutex<HashMap<u64, Instant>>>);

impl RefusedChannels {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Instant>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Remembers that `channel_id` refuses pictures; whether that is news.
    pub(super) fn refused(&self, channel_id: u64) -> bool {
        let mut channels = self.lock();
        let known = channels
            .get(&channel_id)
            .is_some_and(|since| since.elapsed() < REFUSED_FOR);
        channels.insert(channel_id, Instant::now());
        !known
    }

    /// Tries every channel again (after the setting changed).
    pub(super) fn forget_all(&self) {
        self.lock().clear();
    }

    pub(super) fn is_refused(&self, channel_id: u64) -> bool {
        let mut channels = self.lock();
        match channels.get(&channel_id) {
            Some(since) if since.elapsed() < REFUSED_FOR => true,
            Some(_) => {
                channels.remove(&channel_id);
                false
            }
            None => false,
        }
    }

    /// What an interaction says of the bot's permissions in its channel:
    /// with Attach Files, pictures are tried there again at once.
    pub(super) fn granted_back(&self, channel_id: u64, permissions: Option<Permissions>) {
        if permissions.is_some_and(|permissions| permissions.attach_files()) {
            self.lock().remove(&channel_id);
        }
    }

    /// What an interaction says of the bot's permissions in its channel;
    /// whether it is news that the channel refuses pictures.
    pub(super) fn seen(&self, channel_id: u64, permissions: Option<Permissions>) -> bool {
        match permissions {
            Some(permissions) if !permissions.attach_files() => self.refused(channel_id),
            _ => false,
        }
    }
}

/// A text board as a picture's description: at most what Discord takes.
fn description(text_board: String) -> String {
    text_board.chars().take(DESCRIPTION_LIMIT).collect()
}

/// The board picture of `position` as PNG, drawn on a blocking thread (up
/// to a millisecond or two of CPU that the runtime's threads must not
/// spend); why not, as a sentence for the log.
async fn drawn_png(
    language: Language,
    position: Position,
    bottom: Seat,
    labels: [String; 2],
    to_move: Option<Seat>,
    last: Option<LastMove>,
    result: Option<String>,
) -> Result<Vec<u8>, String> {
    let drawn = tokio::task::spawn_blocking(move || {
        crate::picture::board_png(&BoardPicture {
            language,
            position: &position,
            bottom,
            labels,
            to_move,
            last,
            result,
        })
    })
    .await;
    match drawn {
        Ok(Ok(png)) => Ok(png),
        Ok(Err(error)) => Err(error.to_string()),
        Err(error) => Err(format!("the drawing thread failed: {error}")),
    }
}

fn text_hash(text: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

impl Bot {
    /// `view`'s board message in `language`, shown as `style` says: the
    /// picture drawn (or taken from the cache) when it has one. A picture
    /// that cannot be drawn leaves the text board, and is logged.
    pub(super) async fn board_message(&self, language: Language, view: &GameView, style: BoardStyle) -> BoardMessage {
        let text = self.with_replay(language, view, render::board(language, view)).await;
        let text = self.with_play_live(language, view, text);
        if !style.has_picture() || self.refused_channels.is_refused(view.channel_id) {
            return BoardMessage { text, picture: None };
        }
        let picture = match self.board_png(language, view).await {
            Some(png) => png,
            None => return BoardMessage { text, picture: None },
        };
        let reply = if style.has_text() {
            text.clone()
        } else {
            let reply = self
                .with_replay(language, view, render::board_message(language, view, false))
                .await;
            self.with_play_live(language, view, reply)
        };
        BoardMessage {
            text,
            picture: Some((reply, picture)),
        }
    }

    /// The picture of `view`'s board, from the cache or drawn.
    pub(super) async fn board_png(&self, language: Language, view: &GameView) -> Option<BoardPng> {
        let result = render::picture_result_line(language, view);
        let mut text_board = render::board_text(language, view);
        // A finished game's description ends with its result, as the
        // picture shows it.
        if let Some(result) = &result {
            text_board = format!("{text_board}\n{result}");
        }
        let description = description(text_board);
        let key = Key {
            game: view.id,
            ply: view.ply(),
            language,
            finished: view.finished.is_some(),
            text: text_hash(&description),
        };
        let filename = format!("akon-{}-{}.png", view.id, view.ply());
        if let Some(png) = self.pictures.get(&key) {
            CACHE_HITS.fetch_add(1, Ordering::Relaxed);
            crate::telemetry::board_picture(true);
            return Some(BoardPng {
                png,
                description,
                filename,
            });
        }
        let labels = [
            render::board_label(language, view, Seat::A),
            render::board_label(language, view, Seat::B),
        ];
        let last = view.last_move.map(LastMove::from_outcome);
        let drawn = drawn_png(
            language,
            *view.game.position(),
            Seat::B,
            labels,
            view.to_move(),
            last,
            result,
        )
        .await;
        match drawn {
            Ok(png) => {
                CACHE_MISSES.fetch_add(1, Ordering::Relaxed);
                crate::telemetry::board_picture(false);
                let png: Arc<[u8]> = png.into();
                self.pictures.put(key, png.clone());
                Some(BoardPng {
                    png,
                    description,
                    filename,
                })
            }
            Err(error) => {
                tracing::error!(%error, game_id = view.id, "cannot draw a board; showing the text");
                None
            }
        }
    }

    /// The picture of a puzzle's position, drawn from the solver's side,
    /// described by the puzzle's text board. Not cached: a puzzle is shown
    /// to one player, once.
    pub(super) async fn puzzle_png(&self, language: Language, position: &Position, puzzle_id: i64) -> Option<BoardPng> {
        let position = *position;
        let mover = position.to_move();
        let labels = Seat::BOTH.map(|seat| render_puzzle::puzzle_row_label(language, &position, seat));
        match drawn_png(language, position, mover, labels, Some(mover), None, None).await {
            Ok(png) => Some(BoardPng {
                png: png.into(),
                description: description(render_puzzle::puzzle_board_text(language, &position)),
                filename: format!("akon-puzzle-{puzzle_id}.png"),
            }),
            Err(error) => {
                tracing::error!(%error, puzzle_id, "cannot draw a puzzle; showing the text");
                None
            }
        }
    }

    /// How the boards only `asker` sees are shown: their own style, or
    /// text where the interaction shows the bot may not attach files.
    pub(super) async fn private_board_style(&self, asker: Asker<'_>) -> BoardStyle {
        match asker.app_permissions() {
            Some(permissions) if !permissions.attach_files() => BoardStyle::Text,
            _ => self.user_board_style(asker.user_id()).await,
        }
    }

    /// Answers `asker` for everyone with `view`'s board in `language` (with
    /// `intro` above it), as the server's board style says, and returns the
    /// message. Where the interaction shows that the bot may not attach
    /// files, or Discord refuses the picture, the text board is sent.
    pub(super) async fn answer_with_board(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        language: Language,
        intro: Option<&str>,
    ) -> serenity::Result<Message> {
        let board = self.answer_board(ctx, asker, view, language).await.with_intro(intro);
        self.send_answer_board(ctx, asker, view, board, CreateInteractionResponse::Message)
            .await?;
        asker.get_response(ctx).await
    }

    /// The board of `view` in `language` for an answer to `asker`, as the
    /// server's board style says; the channel is told once if the
    /// interaction shows that the bot may not attach files there.
    pub(super) async fn answer_board(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        language: Language,
    ) -> BoardMessage {
        let style = self.server_board_style(view.guild_id).await;
        let channel_id = asker.channel_id().get();
        if style.has_picture() && self.refused_channels.seen(channel_id, asker.app_permissions()) {
            self.tell_pictures_refused(ctx, view.guild_id, channel_id).await;
        }
        self.board_message(language, view, style).await
    }

    /// Answers `asker` with `board` as `kind` says (a new message, or the
    /// pressed message updated): with its picture, or as text where it has
    /// none or Discord refuses the picture for a missing permission.
    pub(super) async fn send_answer_board(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        board: BoardMessage,
        kind: fn(CreateInteractionResponseMessage) -> CreateInteractionResponse,
    ) -> Answered {
        let channel_id = asker.channel_id().get();
        if let Some((reply, picture)) = &board.picture {
            match asker
                .respond_with(ctx, kind(response(reply)), vec![picture.attachment()])
                .await
            {
                Ok(()) => return Ok(()),
                Err(error) if RequestFailure::of(&error) == RequestFailure::MissingPermission => {
                    tracing::warn!(%error, game_id = view.id, channel_id, "a board's picture was refused; answering with the text board");
                    self.pictures_refused(ctx, view.guild_id, channel_id).await;
                }
                Err(error) => return Err(error),
            }
        }
        asker.respond(ctx, kind(response(&board.text))).await
    }

    /// Discord refused a picture in `channel_id` for a missing permission:
    /// boards there are text for a while, and whoever chose pictures for
    /// the server is told, once.
    pub(super) async fn pictures_refused(&self, ctx: &Context, guild_id: u64, channel_id: u64) {
        if self.refused_channels.refused(channel_id) {
            self.tell_pictures_refused(ctx, guild_id, channel_id).await;
        }
    }

    /// Tells whoever chose pictures for `guild_id`'s boards, in
    /// `channel_id`, that the bot may not attach files there, unless they
    /// were told since they chose.
    async fn tell_pictures_refused(&self, ctx: &Context, guild_id: u64, channel_id: u64) {
        let chooser = match self.service.pictures_refused(guild_id).await {
            Ok(Some(chooser)) => chooser,
            Ok(None) => return,
            Err(error) => {
                if !super::logged_by_the_store(&error) {
                    tracing::warn!(%error, guild_id, "cannot record that pictures are refused");
                }
                return;
            }
        };
        let language = self.server_language(guild_id).await;
        let text = tr!(
            language,
            "pictures-refused",
            player = format!("<@{chooser}>"),
            channel = channel_id.to_string()
        );
        let notice = CreateMessage::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(chooser)]));
        match post(ctx, ChannelId::new(channel_id), &notice).await {
            Ok(_) => tracing::info!(guild_id, channel_id, "told that pictures are refused in a channel"),
            Err(error) => tracing::warn!(%error, guild_id, channel_id, "cannot tell that pictures are refused"),
        }
    }

    /// How the boards of `guild_id`'s channels are shown; text if that
    /// cannot be read.
    pub(super) async fn server_board_style(&self, guild_id: u64) -> BoardStyle {
        self.service.server_board_style(guild_id).await.unwrap_or_else(|error| {
            if !super::logged_by_the_store(&error) {
                tracing::warn!(%error, guild_id, "cannot read a server's board style; showing text");
            }
            BoardStyle::Text
        })
    }

    /// How the boards `user_id` alone sees are shown; text if that cannot
    /// be read.
    pub(super) async fn user_board_style(&self, user_id: u64) -> BoardStyle {
        self.service.user_board_style(user_id).await.unwrap_or_else(|error| {
            if !super::logged_by_the_store(&error) {
                tracing::warn!(%error, user_id, "cannot read a player's board style; showing text");
            }
            BoardStyle::Text
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ply: i64) -> Key {
        Key {
            game: 1,
            ply,
            language: Language::English,
            finished: false,
            text: 0,
        }
    }

    #[test]
    fn the_cache_is_bounded_and_drops_the_least_recently_used() {
        let cache = PictureCache::default();
        let png: Arc<[u8]> = Arc::from(&b"png"[..]);
        for ply in 0..CACHED_PICTURES as i64 {
            cache.put(key(ply), png.clone());
        }
        // Ply 0 is used again: ply 1 is now the oldest.
        assert!(cache.get(&key(0)).is_some());
        cache.put(key(CACHED_PICTURES as i64), png.clone());
        assert_eq!(cache.len(), CACHED_PICTURES);
        assert!(cache.get(&key(0)).is_some());
        assert!(cache.get(&key(1)).is_none());
        assert!(cache.get(&key(CACHED_PICTURES as i64)).is_some());
    }

    #[test]
    fn a_refused_channel_is_refused_until_an_interaction_shows_the_permission() {
        let channels = RefusedChannels::default();
        assert!(!channels.is_refused(7));
        assert!(channels.seen(7, Some(Permissions::SEND_MESSAGES)));
        assert!(channels.is_refused(7));
        assert!(!channels.seen(7, Some(Permissions::SEND_MESSAGES)));
        assert!(!channels.seen(7, None));
        assert!(channels.is_refused(7));
        assert!(!channels.seen(7, Some(Permissions::SEND_MESSAGES | Permissions::ATTACH_FILES)));
        assert!(channels.is_refused(7));
        channels.granted_back(7, None);
        channels.granted_back(7, Some(Permissions::SEND_MESSAGES));
        assert!(channels.is_refused(7));
        channels.granted_back(7, Some(Permissions::SEND_MESSAGES | Permissions::ATTACH_FILES));
        assert!(!channels.is_refused(7));
        assert!(channels.refused(8));
        assert!(!channels.refused(8));
        channels.lock().insert(8, Instant::now() - REFUSED_FOR);
        assert!(!channels.is_refused(8));
        assert!(channels.refused(8));
    }
}
