//! A game's players and result in words, shared by the Discord messages
//! and the web pages so that both say the same sentence. Each adapter
//! chooses how a human is named (a mention on Discord, the plain name on
//! the web); the computer is named by its level everywhere.

use crate::board_text::level_name;
use crate::engine::{Seat, Winner};
use crate::i18n::Language;
use crate::service::{EndReason, GameView, PlayerView};
use crate::tr;

/// A player's name for running text: cleaned as the service stores names
/// (again, for rows stored before names were cleaned), and "player" in
/// `language` for a player with no name left to show.
pub fn plain_name(language: Language, name: &str) -> String {
    let name = crate::service::input::name(name);
    if name.is_empty() {
        tr!(language, "player-unnamed")
    } else {
        name
    }
}

/// The computer as a player: `the computer (hard)`.
pub fn computer_name(language: Language, level: crate::ai::Level) -> String {
    tr!(language, "computer-name", level = level_name(language, level))
}

/// The player in `seat` of `view`'s game: the computer by its level, a
/// human as `human` names them.
pub fn player_name(language: Language, view: &GameView, seat: Seat, human: impl Fn(&PlayerView) -> String) -> String {
    match view.computer {
        Some(computer) if computer.seat == seat => computer_name(language, computer.level),
        _ => human(view.player(seat)),
    }
}

/// A finished game's result and how it ended, from its final position:
/// `name` names each seat's player.
pub fn result_line(
    language: Language,
    view: &GameView,
    reason: EndReason,
    winner: Winner,
    name: impl Fn(Seat) -> String,
) -> String {
    let l = language;
    if let EndReason::Aborted { seat } = reason {
        return tr!(l, "result-aborted", player = name(seat));
    }
    if reason == EndReason::TournamentCancelled {
        return tr!(l, "result-tournament-cancelled");
    }
    let position = view.game.position();
    let (a, b) = (position.captured(Seat::A), position.captured(Seat::B));
    let how = match reason {
        EndReason::NoSeeds => {
            let stuck = position.to_move();
            tr!(
                l,
                "result-how-no-seeds",
                stuck = stuck.to_string(),
                other = stuck.opponent().to_string()
            )
        }
        EndReason::Loop => tr!(l, "result-how-loop"),
        EndReason::Resignation { seat } => tr!(l, "result-how-resigned", player = name(seat)),
        EndReason::Withdrawal { seat } => tr!(l, "result-how-withdrew", player = name(seat)),
        EndReason::Timeout { seat } => tr!(l, "result-how-timeout", player = name(seat)),
        // Answered above; kept so that the match stays exhaustive.
        EndReason::Aborted { seat } => tr!(l, "result-how-aborted", player = name(seat)),
        EndReason::TournamentCancelled => tr!(l, "result-tournament-cancelled"),
    };
    match winner {
        Winner::Seat(seat) => {
            let (won, lost) = if seat == Seat::A { (a, b) } else { (b, a) };
            tr!(l, "result-win", player = name(seat), won = won, lost = lost, how = how)
        }
        Winner::Draw => tr!(
            l,
            "result-draw",
            a_seeds = a,
            b_seeds = b,
            how = how,
            a = name(Seat::A),
            b = name(Seat::B)
        ),
    }
}

/// A finished game's result line without its Markdown, for a picture and
/// its description: `name` names each seat's player (plainly: neither a
/// picture nor a screen reader shows a mention); `None` while the game is
/// being played.
pub fn plain_result_line(language: Language, view: &GameView, name: impl Fn(Seat) -> String) -> Option<String> {
    let (reason, winner) = view.finished?;
    Some(result_line(language, view, reason, winner, name).replace("**", ""))
}
