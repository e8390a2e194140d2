//! What a player is told when the service refuses: the words for every
//! `ServiceError` a player can cause, in one place (the service returns
//! typed errors and says nothing to players itself).

use crate::engine::IllegalMove;
use crate::service::ServiceError;

/// The sentence a player reads for `error` (not for faults: those get an
/// apology).
pub(super) fn refusal(error: &ServiceError) -> String {
    match error {
        ServiceError::NotInAServer => "Games are played in servers, not in direct messages.".into(),
        ServiceError::ChallengeSelf => "You cannot challenge yourself.".into(),
        ServiceError::ChallengeBot(name) => format!("{name} is a bot and cannot play."),
        ServiceError::AlreadyChallenged(name) => format!("You already have a pending challenge to {name}."),
        ServiceError::TooManyGames { name, limit } => {
            format!("{name} already has {limit} ongoing games, the most allowed.")
        }
        ServiceError::ChallengeNotFound => "That challenge does not exist.".into(),
        ServiceError::NotYourChallenge(name) => format!("Only {name} can accept this challenge."),
        ServiceError::NotInChallenge => "This challenge is not yours to answer.".into(),
        ServiceError::ChallengeClosed(status) => format!("This challenge was already {status}."),
        ServiceError::ChallengeExpired => "This challenge has expired.".into(),
        ServiceError::GameNotFound => "That game does not exist.".into(),
        ServiceError::NotAPlayer => "You are not playing in this game.".into(),
        ServiceError::NotYourTurn(name) => format!("It is {name}'s turn, not yours."),
        ServiceError::StaleButton => "This button is from an earlier move; the game has moved on.".into(),
        ServiceError::OutdatedBoard => "This is not the latest board of the game; use the latest one.".into(),
        ServiceError::GameOver => "This game is over.".into(),
        ServiceError::ResignOvertaken => "The game moved on while you confirmed (a move was played).".into(),
        ServiceError::TooLateToAbort => {
            "Both players have moved, so this game can no longer be aborted; resign it if you must.".into()
        }
        ServiceError::LevelNeedsTheComputer => {
            "The level option is for games against me, the computer: pick me as the opponent.".into()
        }
        ServiceError::GameNotOver => "This game is not over yet.".into(),
        ServiceError::HintsOnlyAgainstTheComputer => {
            "Hints are only for games against the computer, never between people.".into()
        }
        ServiceError::RematchPending(challenge) => format!("A rematch is already offered (challenge {challenge})."),
        ServiceError::TimedOut => "You ran out of time: the game is lost on time.".into(),
        ServiceError::IllegalMove(illegal) => format!("That move is not allowed: {}.", illegal_move(illegal)),
        ServiceError::NoGameHere => "You have no ongoing game in this channel.".into(),
        ServiceError::WhichGame(ids) => {
            format!("You have several ongoing games in this channel; say which one (game {ids}).")
        }
        ServiceError::Corrupt { .. } | ServiceError::Store(_) => super::APOLOGY.into(),
    }
}

fn illegal_move(illegal: &IllegalMove) -> String {
    match illegal {
        IllegalMove::GameOver => "the game is over".into(),
        IllegalMove::NotYourRow { seat, to_move } => {
            format!("it is {to_move}'s turn, not {seat}'s: a player may only sow from their own row")
        }
        IllegalMove::EmptyHole(hole) => format!("hole {hole} is empty"),
        IllegalMove::DoesNotFeed(hole) => {
            format!("hole {hole} does not feed the opponent, whose row is empty, and another move does")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_a_sentence() {
        let refusals = [
            ServiceError::NotInAServer,
            ServiceError::ChallengeBot("Robo".into()),
            ServiceError::TooManyGames {
                name: "ada".into(),
                limit: 25,
            },
            ServiceError::ChallengeClosed("declined".into()),
            ServiceError::WhichGame("3, 4".into()),
            ServiceError::IllegalMove(IllegalMove::EmptyHole(crate::engine::Hole::new(3).unwrap())),
        ];
        for error in refusals {
            let text = refusal(&error);
            // A sentence: it may start with a player's name, as they wrote it.
            assert!(text.ends_with('.') && !text.ends_with(".."), "{text}");
            assert!(!text.contains("Sorry"), "a refusal, not an apology: {text}");
        }
        assert_eq!(
            refusal(&ServiceError::ChallengeClosed("declined".into())),
            "This challenge was already declined."
        );
    }
}
