//! What a player is told when the service refuses: the words for every
//! `ServiceError` a player can cause, in one place (the service returns
//! typed errors and says nothing to players itself).

use super::render::display_name;
use crate::board_text::illegal_move;
use crate::calendar::Day;
use crate::i18n::Language;
use crate::service::{
    ChallengeStatus, ServiceError, TakebackError, TournamentError, TournamentLimit, TournamentStatus,
    TOURNAMENT_NAME_MAX,
};
use crate::tr;

/// Who may challenge or follow whom, and where.
fn watching_refusal(l: Language, error: &ServiceError) -> String {
    match error {
        ServiceError::OpponentCannotSeeThisChat(name) => {
            tr!(l, "refusal-opponent-cannot-see-this-chat", name = display_name(l, name))
        }
        ServiceError::FollowOwnGame => tr!(l, "refusal-follow-own-game"),
        ServiceError::GameElsewhere => tr!(l, "refusal-game-elsewhere"),
        _ => tr!(l, "refusal-not-following"),
    }
}

/// A puzzle, or the puzzle of the day, that cannot be answered.
fn puzzle_refusal(l: Language, error: &ServiceError) -> String {
    match error {
        ServiceError::NoPuzzle => tr!(l, "refusal-no-puzzle"),
        ServiceError::PuzzleNotFound => tr!(l, "refusal-puzzle-not-found"),
        ServiceError::NotYourPuzzle => tr!(l, "refusal-not-your-puzzle"),
        ServiceError::PuzzleAnswered => tr!(l, "refusal-puzzle-answered"),
        ServiceError::DailyPuzzleNoChannel => tr!(l, "refusal-daily-puzzle-no-channel"),
        ServiceError::DailyPuzzleOfAnotherDay(day) => daily_puzzle_of_another_day(l, *day),
        ServiceError::DailyPuzzleAnswered { hole, solved } => daily_puzzle_answered(l, *hole, *solved),
        _ => tr!(l, "refusal-no-daily-puzzle"),
    }
}

/// A challenge or game beyond the limit of ongoing games of `name`.
fn too_many_games(l: Language, name: &str, limit: usize) -> String {
    tr!(l, "refusal-too-many-games", name = display_name(l, name), limit = limit)
}

/// A takeback that cannot be asked or answered.
fn takeback_refusal(l: Language, error: &TakebackError) -> String {
    match error {
        TakebackError::NotFriendly => tr!(l, "refusal-takeback-not-friendly"),
        TakebackError::NotYourMove => tr!(l, "refusal-takeback-not-your-move"),
        TakebackError::TooLate => tr!(l, "refusal-takeback-too-late"),
        TakebackError::Pending => tr!(l, "refusal-takeback-pending"),
        TakebackError::Declined => tr!(l, "refusal-takeback-declined"),
        TakebackError::NotFound => tr!(l, "refusal-takeback-not-found"),
        TakebackError::Answered => tr!(l, "refusal-takeback-answered"),
        TakebackError::NotForYou(name) => tr!(l, "refusal-takeback-not-for-you", name = display_name(l, name)),
    }
}

/// A vacation that cannot start or end now.
fn vacation_refusal(l: Language, error: &ServiceError) -> String {
    match error {
        ServiceError::AlreadyOnVacation => tr!(l, "refusal-already-on-vacation"),
        ServiceError::NotOnVacation => tr!(l, "refusal-not-on-vacation"),
        ServiceError::VacationAllowanceUsed(days) => tr!(l, "refusal-vacation-allowance-used", days = *days),
        _ => tr!(l, "refusal-vacation-busy"),
    }
}

/// The sentence a player reads for `error`, in `language` (not for faults:
/// those get an apology).
pub(super) fn refusal(language: Language, error: &ServiceError) -> String {
    let l = language;
    match error {
        ServiceError::NotInAServer => tr!(l, "refusal-not-in-server"),
        ServiceError::NeedsManageServer => tr!(l, "refusal-needs-manage-server"),
        ServiceError::TournamentRoleNeedsManageServer => tr!(l, "refusal-tournament-role-needs-manage-server"),
        ServiceError::OpponentCannotSeeThisChat(_)
        | ServiceError::FollowOwnGame
        | ServiceError::GameElsewhere
        | ServiceError::NotFollowing => watching_refusal(l, error),
        ServiceError::ChallengeSelf => tr!(l, "refusal-challenge-self"),
        ServiceError::ChallengeBot(name) => tr!(l, "refusal-challenge-bot", name = display_name(l, name)),
        ServiceError::AlreadyChallenged(name) => tr!(l, "refusal-already-challenged", name = display_name(l, name)),
        ServiceError::TooManyGames { name, limit } => too_many_games(l, name, *limit),
        ServiceError::ChallengeNotFound => tr!(l, "refusal-challenge-not-found"),
        ServiceError::NotYourChallenge(name) => tr!(l, "refusal-not-your-challenge", name = display_name(l, name)),
        ServiceError::NotInChallenge => tr!(l, "refusal-not-in-challenge"),
        ServiceError::ChallengeClosed(status) => tr!(l, "refusal-challenge-closed", status = status_key(*status)),
        ServiceError::ChallengeExpired => tr!(l, "refusal-challenge-expired"),
        ServiceError::GameNotFound => tr!(l, "refusal-game-not-found"),
        ServiceError::NotAPlayer => tr!(l, "refusal-not-a-player"),
        ServiceError::NotYourTurn(name) => tr!(l, "refusal-not-your-turn", name = display_name(l, name)),
        ServiceError::StaleButton => tr!(l, "refusal-stale-button"),
        ServiceError::OutdatedBoard => tr!(l, "refusal-outdated-board"),
        ServiceError::GameOver => tr!(l, "refusal-game-over"),
        ServiceError::ResignOvertaken => tr!(l, "refusal-resign-overtaken"),
        ServiceError::Takeback(refused) => takeback_refusal(l, refused),
        ServiceError::TooLateToAbort => tr!(l, "refusal-too-late-to-abort"),
        ServiceError::NoPuzzle
        | ServiceError::PuzzleNotFound
        | ServiceError::NotYourPuzzle
        | ServiceError::PuzzleAnswered
        | ServiceError::DailyPuzzleNoChannel
        | ServiceError::DailyPuzzleOfAnotherDay(_)
        | ServiceError::DailyPuzzleAnswered { .. }
        | ServiceError::NoDailyPuzzle => puzzle_refusal(l, error),
        ServiceError::LevelNeedsTheComputer => tr!(l, "refusal-level-needs-computer"),
        ServiceError::TimePerMoveAndTimeControl => tr!(l, "refusal-time-per-move-and-time-control"),
        ServiceError::GameNotOver => tr!(l, "refusal-game-not-over"),
        ServiceError::ReviewOfAbortedGame(game) => tr!(l, "refusal-review-aborted", game = game.to_string()),
        ServiceError::HintsOnlyAgainstTheComputer => tr!(l, "refusal-hints-only-computer"),
        ServiceError::RematchPending(challenge) => tr!(l, "refusal-rematch-pending", challenge = *challenge),
        ServiceError::TimedOut => tr!(l, "refusal-timed-out"),
        ServiceError::IllegalMove(illegal) => tr!(l, "refusal-illegal-move", reason = illegal_move(l, illegal)),
        ServiceError::NoGameHere => tr!(l, "refusal-no-game-here"),
        ServiceError::WhichGame(ids) => {
            let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
            tr!(l, "refusal-which-game", games = ids.join(", "), count = ids.len())
        }
        ServiceError::Tournament(refused) => tournament_refusal(l, refused),
        ServiceError::AlreadyOnVacation
        | ServiceError::NotOnVacation
        | ServiceError::VacationAllowanceUsed(_)
        | ServiceError::VacationBusy => vacation_refusal(l, error),
        ServiceError::Corrupt { .. } | ServiceError::Store(_) => tr!(l, "apology"),
    }
}

/// The refusal of an answer to the puzzle of a day that is not today.
fn daily_puzzle_of_another_day(l: Language, day: Day) -> String {
    tr!(
        l,
        "refusal-daily-puzzle-other-day",
        date = super::render::daily_puzzle::day_in_words(l, day)
    )
}

/// The refusal of a second answer to the day's puzzle, with the first.
fn daily_puzzle_answered(l: Language, hole: u8, solved: bool) -> String {
    tr!(
        l,
        "refusal-daily-puzzle-answered",
        hole = hole.to_string(),
        solved = if solved { "yes" } else { "no" }
    )
}

/// The sentence for a tournament's refusal.
fn tournament_refusal(l: Language, error: &TournamentError) -> String {
    match error {
        TournamentError::NotFound => tr!(l, "refusal-tournament-not-found"),
        TournamentError::NotOpen(status) => {
            let status = match status {
                TournamentStatus::Created => "created",
                TournamentStatus::Running => "running",
                TournamentStatus::Finished => "finished",
                TournamentStatus::Cancelled => "cancelled",
            };
            tr!(l, "refusal-tournament-not-open", status = status)
        }
        TournamentError::Full => tr!(l, "refusal-tournament-full"),
        TournamentError::AlreadyEntered => tr!(l, "refusal-tournament-already-entered"),
        TournamentError::NotEntered => tr!(l, "refusal-tournament-not-entered"),
        TournamentError::NotOrganiser => tr!(l, "refusal-tournament-not-organiser"),
        TournamentError::TooFewPlayers { have, need } => {
            tr!(l, "refusal-tournament-too-few-players", have = *have, need = *need)
        }
        TournamentError::Limit(TournamentLimit::Name) => {
            tr!(l, "refusal-tournament-name", max = TOURNAMENT_NAME_MAX)
        }
        TournamentError::Limit(TournamentLimit::Players { min, max }) => {
            tr!(l, "refusal-tournament-players", min = *min, max = *max)
        }
        TournamentError::Limit(TournamentLimit::Rounds) => tr!(l, "refusal-tournament-rounds"),
        TournamentError::Limit(TournamentLimit::StartsAt) => tr!(l, "refusal-tournament-starts-at"),
        TournamentError::Busy => tr!(l, "refusal-tournament-busy"),
        TournamentError::NeedsOrganiserRights { role: Some(role) } => {
            tr!(l, "refusal-tournament-needs-rights-role", role = format!("<@&{role}>"))
        }
        TournamentError::NeedsOrganiserRights { role: None } => tr!(l, "refusal-tournament-needs-rights"),
        TournamentError::NoneHere => tr!(l, "refusal-tournament-none-here"),
        TournamentError::Which(ids) => {
            let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
            tr!(
                l,
                "refusal-tournament-which",
                tournaments = ids.join(", "),
                count = ids.len()
            )
        }
    }
}

/// The selector of `refusal-challenge-closed` for `status`.
fn status_key(status: ChallengeStatus) -> &'static str {
    match status {
        ChallengeStatus::Pending => "pending",
        ChallengeStatus::Accepted => "accepted",
        ChallengeStatus::Declined => "declined",
        ChallengeStatus::Withdrawn => "withdrawn",
        ChallengeStatus::Expired => "expired",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::IllegalMove;

    /// One refusal of each kind.
    fn refusals() -> Vec<ServiceError> {
        vec![
            ServiceError::NotInAServer,
            ServiceError::OpponentCannotSeeThisChat("Robo".into()),
            ServiceError::FollowOwnGame,
            ServiceError::Takeback(crate::service::TakebackError::NotFriendly),
            ServiceError::Takeback(crate::service::TakebackError::NotForYou("Robo".into())),
            ServiceError::GameElsewhere,
            ServiceError::NotFollowing,
            ServiceError::NeedsManageServer,
            ServiceError::TournamentRoleNeedsManageServer,
            ServiceError::ChallengeBot("Robo".into()),
            ServiceError::TooManyGames {
                name: "ada".into(),
                limit: 25,
            },
            ServiceError::ChallengeClosed(ChallengeStatus::Declined),
            ServiceError::WhichGame(vec![3, 4]),
            ServiceError::ReviewOfAbortedGame(3),
            ServiceError::DailyPuzzleNoChannel,
            ServiceError::DailyPuzzleOfAnotherDay(crate::service::Day(20_833)),
            ServiceError::DailyPuzzleAnswered { hole: 3, solved: true },
            ServiceError::DailyPuzzleAnswered { hole: 4, solved: false },
            ServiceError::NoDailyPuzzle,
            ServiceError::IllegalMove(IllegalMove::EmptyHole(crate::engine::Hole::new(3).unwrap())),
            TournamentError::NotFound.into(),
            TournamentError::NotOpen(TournamentStatus::Running).into(),
            TournamentError::Full.into(),
            TournamentError::AlreadyEntered.into(),
            TournamentError::NotEntered.into(),
            TournamentError::NotOrganiser.into(),
            TournamentError::TooFewPlayers { have: 1, need: 2 }.into(),
            TournamentError::Limit(TournamentLimit::Name).into(),
            TournamentError::Limit(TournamentLimit::Players { min: 2, max: 64 }).into(),
            TournamentError::Limit(TournamentLimit::Rounds).into(),
            TournamentError::Limit(TournamentLimit::StartsAt).into(),
            TournamentError::Busy.into(),
            TournamentError::NeedsOrganiserRights { role: Some(5) }.into(),
            TournamentError::NeedsOrganiserRights { role: None }.into(),
            TournamentError::NoneHere.into(),
            TournamentError::Which(vec![3, 4]).into(),
        ]
    }

    #[test]
    fn every_refusal_is_a_sentence_in_every_language() {
        let refusals = refusals();
        let before = crate::i18n::fallbacks();
        for language in Language::ALL {
            for error in &refusals {
                let text = refusal(language, error);
                // A sentence: it may start with a player's name, as they wrote it.
                assert!(text.ends_with('.') && !text.ends_with(".."), "{text}");
                assert!(!text.contains("Sorry"), "a refusal, not an apology: {text}");
            }
        }
        assert_eq!(crate::i18n::fallbacks(), before, "a refusal fell back to English");
        let declined = ServiceError::ChallengeClosed(ChallengeStatus::Declined);
        let said = |language| refusal(language, &declined);
        assert_eq!(said(Language::English), "This challenge was already declined.");
        assert_eq!(said(Language::French), "Ce défi a déjà été refusé.");
        assert_eq!(said(Language::Spanish), "Este desafío ya fue rechazado.");
        assert_eq!(said(Language::Portuguese), "Este desafio já foi recusado.");
    }

    /// Expiring is not done to a challenge: each status has its own
    /// sentence, never "has been expired".
    #[test]
    fn an_expired_challenge_expired_in_every_language() {
        let expired = ServiceError::ChallengeClosed(ChallengeStatus::Expired);
        let expected = [
            (Language::English, "This challenge has already expired."),
            (Language::French, "Ce défi a déjà expiré."),
            (Language::Spanish, "Este desafío ya caducó."),
            (Language::Portuguese, "Este desafio já expirou."),
        ];
        for (language, sentence) in expected {
            assert_eq!(refusal(language, &expired), sentence);
        }
    }

    /// The word before the list of games or tournaments to choose from is
    /// singular before one number and plural before several.
    #[test]
    fn the_word_before_a_list_agrees_with_its_length() {
        let expected = [
            (
                Language::English,
                "(game 3)",
                "(games 3, 4)",
                "(tournament 7)",
                "(tournaments 7, 8, 9)",
            ),
            (
                Language::French,
                "(partie 3)",
                "(parties 3, 4)",
                "(tournoi 7)",
                "(tournois 7, 8, 9)",
            ),
            (
                Language::Spanish,
                "(partida 3)",
                "(partidas 3, 4)",
                "(torneo 7)",
                "(torneos 7, 8, 9)",
            ),
            (
                Language::Portuguese,
                "(partida 3)",
                "(partidas 3, 4)",
                "(torneio 7)",
                "(torneios 7, 8, 9)",
            ),
        ];
        let before = crate::i18n::fallbacks();
        for (language, one_game, games, one_tournament, tournaments) in expected {
            let said = |error: ServiceError| refusal(language, &error);
            assert!(said(ServiceError::WhichGame(vec![3])).ends_with(&format!(" {one_game}.")));
            assert!(said(ServiceError::WhichGame(vec![3, 4])).ends_with(&format!(" {games}.")));
            let which = |ids: Vec<i64>| said(TournamentError::Which(ids).into());
            assert!(
                which(vec![7]).ends_with(&format!(" {one_tournament}.")),
                "{}",
                which(vec![7])
            );
            assert!(which(vec![7, 8, 9]).ends_with(&format!(" {tournaments}.")));
        }
        assert_eq!(crate::i18n::fallbacks(), before);
    }
}
