//! A thread per game: the thread's name, the result the channel is told
//! with a link to the thread, and the line that says threads are refused.

use super::parts::{result_line, short_name, Reply};
use crate::engine::Seat;
use crate::game_text;
use crate::i18n::Language;
use crate::service::GameView;
use crate::tr;

/// Discord's longest thread name, in characters.
const THREAD_NAME_CHARS: usize = 100;

/// The name of `view`'s thread: its players, as the board names them.
pub(in crate::discord) fn thread_name(language: Language, view: &GameView) -> String {
    let name = |seat| game_text::player_name(language, view, seat, |player| short_name(language, &player.name));
    let named = tr!(language, "game-thread-name", a = name(Seat::A), b = name(Seat::B));
    named.chars().take(THREAD_NAME_CHARS).collect()
}

/// What the channel is told when a game played in `thread_id` ends: its
/// result and a link to the thread. It pings no one: the players saw the
/// final board in the thread.
pub(in crate::discord) fn thread_result(language: Language, view: &GameView, thread_id: u64) -> Option<Reply> {
    let (reason, winner) = view.finished?;
    let result = result_line(language, view, reason, winner);
    let thread = format!("<#{thread_id}>");
    Some(Reply::text(tr!(
        language,
        "game-thread-result",
        result = result,
        thread = thread
    )))
}

/// The line above a game's first board when its thread could not be
/// opened for want of a permission in `channel_id`.
pub(in crate::discord) fn threads_refused(language: Language, channel_id: u64) -> String {
    tr!(language, "game-threads-refused", channel = channel_id.to_string())
}
