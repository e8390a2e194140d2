//! What every Discord message is made of: a reply, names and mentions, a
//! finished game's result line, a hole's button, a rating. The other
//! renderers build on these and never on each other's entry points, so
//! that the imports run one way.

use serenity::all::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateMessage, Nonce, UserId};

use crate::ai::Level;
use crate::board_text::level_name;
use crate::discord::custom_id::ButtonId;
use crate::engine::{Hole, Seat, Winner};
use crate::game_text;
use crate::i18n::Language;
use crate::rating::Rating;
use crate::service::{EndReason, GameView, PlayerView};
use crate::tr;
use unicode_width::UnicodeWidthStr;

/// A message to send: its text, buttons and who it may ping.
#[derive(Debug, Clone)]
pub struct Reply {
    pub content: String,
    pub components: Vec<CreateActionRow>,
    pub mentions: Vec<u64>,
}

impl Reply {
    pub fn text(content: impl Into<String>) -> Reply {
        Reply {
            content: content.into(),
            components: Vec::new(),
            mentions: Vec::new(),
        }
    }

    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.iter().map(|&id| UserId::new(id)))
    }

    /// A message the bot sends on its own, at most once: Discord drops a
    /// second message with the same enforced `nonce` (≤ 25 characters) and
    /// returns the first.
    pub fn owed_message(&self, nonce: String) -> CreateMessage {
        CreateMessage::new()
            .content(&self.content)
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .nonce(Nonce::String(nonce))
            .enforce_nonce(true)
    }
}

pub fn mention(player: &PlayerView) -> String {
    format!("<@{}>", player.user_id)
}

/// Columns a player's name may take on the 40-column board and in tables.
pub(in crate::discord) const NAME_COLUMNS: usize = 16;

/// A player's name for running text: cleaned as the service stores names
/// (again, for rows stored before names were cleaned), and "player" in
/// `language` for a player with no name left to show.
pub(in crate::discord) fn display_name(language: Language, name: &str) -> String {
    game_text::plain_name(language, name)
}

/// A name short enough for the 40-column board and for tables: at most
/// [`NAME_COLUMNS`] columns as a monospaced font draws it (an emoji or a
/// CJK character takes two, an accent none) and as many characters (for
/// whatever counts characters rather than columns), cut only between
/// characters as a reader sees them, nothing that would break a code block.
pub(in crate::discord) fn short_name(language: Language, name: &str) -> String {
    let name: String = display_name(language, name).chars().filter(|c| *c != '`').collect();
    // Cut between grapheme clusters: never half an emoji sequence, never a
    // letter without its accents.
    match crate::names::fitting_start(&name, NAME_COLUMNS, NAME_COLUMNS).trim_end() {
        "" => tr!(language, "player-unnamed"),
        short => short.to_string(),
    }
}

/// `text` padded with spaces to `columns` columns, as a monospaced font
/// draws it (`format!`'s padding counts characters, not columns).
pub(in crate::discord) fn pad_to_columns(text: &str, columns: usize) -> String {
    format!("{text}{}", " ".repeat(columns.saturating_sub(text.width())))
}

/// The board's label of a row's player: `A · alice`, `B · computer
/// (hard)`; the separator keeps the seat letter from reading as a word
/// ("A alice" is "to alice" in French and Spanish).
pub(in crate::discord) fn board_label(language: Language, view: &GameView, seat: Seat) -> String {
    match view.computer {
        Some(computer) if computer.seat == seat => computer_label(language, seat, computer.level),
        _ => seat_label(seat, &short_name(language, &view.player(seat).name)),
    }
}

/// `A · alice`.
pub(super) fn seat_label(seat: Seat, name: &str) -> String {
    format!("{seat} · {name}")
}

/// The board's label of the computer's row: `A · computer (hard)`.
pub(super) fn computer_label(language: Language, seat: Seat, level: Level) -> String {
    tr!(
        language,
        "board-computer-label",
        seat = seat.to_string(),
        level = level_name(language, level)
    )
}

/// `the computer (hard)`.
pub(in crate::discord) fn computer_name(language: Language, level: Level) -> String {
    game_text::computer_name(language, level)
}

/// A mention for a human, a plain name for the computer (no one to ping).
pub(in crate::discord) fn player_name(language: Language, view: &GameView, seat: Seat) -> String {
    game_text::player_name(language, view, seat, mention)
}

/// A finished game's result, its players named as [`player_name`] does.
pub(in crate::discord) fn result_line(
    language: Language,
    view: &GameView,
    reason: EndReason,
    winner: Winner,
) -> String {
    game_text::result_line(language, view, reason, winner, |seat| player_name(language, view, seat))
}

/// A finished game's result line as a board picture draws it and its
/// description says it: plain names, shortened as on the board.
pub(in crate::discord) fn picture_result_line(language: Language, view: &GameView) -> Option<String> {
    game_text::plain_result_line(language, view, |seat| {
        game_text::player_name(language, view, seat, |player| short_name(language, &player.name))
    })
}

/// A hole's button (a move on a board, an answer to a puzzle): greyed and
/// disabled when the hole cannot be played.
pub(in crate::discord) fn hole_button(id: ButtonId, hole: Hole, playable: bool) -> CreateButton {
    let style = if playable {
        ButtonStyle::Primary
    } else {
        ButtonStyle::Secondary
    };
    CreateButton::new(id.to_string())
        .label(hole.to_string())
        .style(style)
        .disabled(!playable)
}

/// `1612` or `1612?` while provisional.
pub fn rating_text(rating: &Rating) -> String {
    format!("{}{}", rating.shown(), if rating.is_provisional() { "?" } else { "" })
}
