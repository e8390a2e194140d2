//! A knockout's bracket as a picture on its tournament's message: drawn
//! by `crate::picture::bracket` each time the message is shown (the
//! message changes only when the bracket may have), attached when the
//! message is posted and put in place of the earlier picture at every
//! edit, with the bracket in words as its description.

use super::pictures::{BoardPng, DESCRIPTION_LIMIT};
use super::Bot;
use crate::i18n::Language;
use crate::picture::{bracket_description, bracket_svg, BracketPicture};
use crate::service::TournamentMessage;

impl Bot {
    /// The bracket's picture for `message` in `language`: `None` for a
    /// tournament with no bracket (not a knockout, or not started), in a
    /// channel that refuses pictures, or if it cannot be drawn (logged).
    pub(super) async fn bracket_png(&self, language: Language, message: &TournamentMessage) -> Option<BoardPng> {
        if message.bracket.is_empty() || self.refused_channels.is_refused(message.view.channel_id) {
            return None;
        }
        let picture = BracketPicture {
            language,
            view: &message.view,
            bracket: &message.bracket,
        };
        let svg = bracket_svg(&picture);
        let description = bracket_description(&picture, DESCRIPTION_LIMIT);
        let tournament_id = message.view.id;
        match tokio::task::spawn_blocking(move || crate::picture::png(&svg)).await {
            Ok(Ok(png)) => Some(BoardPng {
                png: png.into(),
                description,
                filename: format!("akon-bracket-{tournament_id}.png"),
            }),
            Ok(Err(error)) => {
                tracing::error!(%error, tournament_id, "cannot draw a bracket; showing the text");
                None
            }
            Err(error) => {
                tracing::error!(%error, tournament_id, "the bracket's drawing thread failed; showing the text");
                None
            }
        }
    }
}
