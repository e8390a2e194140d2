//! Takebacks in friendly games: the board's Take back button, the offer
//! (a message of its own, with nothing but Accept and Decline), and the
//! answer.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::super::custom_id::ButtonId;
use super::{mention, player_name, Reply};
use crate::i18n::Language;
use crate::service::{takebacks_allowed, GameView, TakebackView};
use crate::tr;

/// Take back on an ongoing friendly game's board once a move was played:
/// for the player who made the last move (anyone else is refused).
pub(super) fn takeback_button(l: Language, view: &GameView) -> Option<CreateButton> {
    if !takebacks_allowed(view) || view.finished.is_some() || view.ply() == 0 {
        return None;
    }
    let id = ButtonId::Takeback {
        game: view.id,
        ply: view.ply(),
    };
    Some(
        CreateButton::new(id.to_string())
            .label(tr!(l, "button-takeback"))
            .style(ButtonStyle::Secondary),
    )
}

/// The offer, mentioning the opponent, who alone answers it.
pub fn takeback_offer(l: Language, offer: &TakebackView) -> Reply {
    let game = &offer.game;
    let opponent = game.player(offer.asker.opponent());
    let button = |accept: bool, label: String, style: ButtonStyle| {
        CreateButton::new(
            ButtonId::TakebackAnswer {
                offer: offer.id,
                accept,
            }
            .to_string(),
        )
        .label(label)
        .style(style)
    };
    Reply {
        content: tr!(
            l,
            "takeback-offer",
            opponent = mention(opponent),
            asker = player_name(l, game, offer.asker),
            move = offer.ply,
            game = game.id.to_string()
        ),
        components: vec![CreateActionRow::Buttons(vec![
            button(true, tr!(l, "button-takeback-accept"), ButtonStyle::Success),
            button(false, tr!(l, "button-takeback-decline"), ButtonStyle::Danger),
        ])],
        mentions: vec![opponent.user_id],
    }
}

/// The offer once answered, without buttons.
pub fn takeback_answered(l: Language, offer: &TakebackView, accepted: bool) -> Reply {
    let (asker, opponent) = (
        player_name(l, &offer.game, offer.asker),
        player_name(l, &offer.game, offer.asker.opponent()),
    );
    let (ply, game) = (offer.ply, offer.game.id.to_string());
    let content = if accepted {
        tr!(l, "takeback-accepted", asker = asker, opponent = opponent, move = ply, game = game)
    } else {
        tr!(l, "takeback-declined", asker = asker, opponent = opponent, move = ply, game = game)
    };
    Reply {
        content,
        components: vec![],
        mentions: vec![],
    }
}
