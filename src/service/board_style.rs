//! How boards are shown: as text (the default), as a picture with the text
//! as its description, or both. A server's choice applies to the boards its
//! channels see, a player's to what the bot answers them alone. Stored
//! beside the languages (see `store::languages`) and read through their
//! cache, so that a board shown costs no read of its own.

use super::{Result, Service};
use crate::store::LanguageOf;

/// How a board is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum BoardStyle {
    /// The text board alone, in a code block.
    #[default]
    Text,
    /// A picture, with the text board as its description (alt text).
    Picture,
    /// The picture and the text board.
    Both,
}

impl BoardStyle {
    pub const ALL: [BoardStyle; 3] = [BoardStyle::Text, BoardStyle::Picture, BoardStyle::Both];

    /// The stored and the slash command's value.
    pub fn code(self) -> &'static str {
        match self {
            BoardStyle::Text => "text",
            BoardStyle::Picture => "picture",
            BoardStyle::Both => "both",
        }
    }

    /// Whether a picture goes with the board.
    pub fn has_picture(self) -> bool {
        self != BoardStyle::Text
    }

    /// Whether the text board is shown in the message itself.
    pub fn has_text(self) -> bool {
        self != BoardStyle::Picture
    }

    fn stored(code: Option<&str>) -> BoardStyle {
        code.and_then(|code| code.parse().ok()).unwrap_or_default()
    }
}

impl std::str::FromStr for BoardStyle {
    type Err = ();

    fn from_str(code: &str) -> std::result::Result<BoardStyle, ()> {
        BoardStyle::ALL.into_iter().find(|style| style.code() == code).ok_or(())
    }
}

impl std::fmt::Display for BoardStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Service {
    /// How the boards a player alone sees are shown.
    pub async fn user_board_style(&self, user_id: u64) -> Result<BoardStyle> {
        let row = self.store.language(LanguageOf::User(user_id)).await?;
        Ok(BoardStyle::stored(row.board_style.as_deref()))
    }

    /// How the boards a server's channels see are shown.
    pub async fn server_board_style(&self, guild_id: u64) -> Result<BoardStyle> {
        let row = self.store.language(LanguageOf::Guild(guild_id)).await?;
        Ok(BoardStyle::stored(row.board_style.as_deref()))
    }

    /// A channel of `guild_id` refused a board's picture (the bot may not
    /// attach files there), so the text board was shown instead: who
    /// chose pictures for the server, if they are to be told now. Once per
    /// choice of the setting, whichever channel refuses and however often.
    pub async fn pictures_refused(&self, guild_id: u64) -> Result<Option<u64>> {
        Ok(self.store.claim_pictures_refused_notice(guild_id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_read_back_from_their_codes_and_anything_else_is_text() {
        for style in BoardStyle::ALL {
            assert_eq!(style.code().parse(), Ok(style));
            assert_eq!(BoardStyle::stored(Some(style.code())), style);
        }
        assert_eq!(BoardStyle::stored(None), BoardStyle::Text);
        assert_eq!(BoardStyle::stored(Some("gif")), BoardStyle::Text);
        assert!(BoardStyle::Both.has_picture() && BoardStyle::Both.has_text());
        assert!(!BoardStyle::Picture.has_text() && !BoardStyle::Text.has_picture());
    }
}
