//! The puzzle of the day as messages: a server's message (the day's
//! position, how many solved it, the month's solvers, the Solve button),
//! the private copy with the hole buttons, and the judged answer with the
//! player's daily streak. The position and the verdict are drawn as
//! `/akon puzzle` draws them.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::puzzle::{board, position_message, puzzle_task, verdict, PuzzleMessage};
use crate::discord::custom_id::ButtonId;
use crate::i18n::Language;
use crate::service::{DailyAnswered, DailyPuzzleView, DailyTally, Day};
use crate::tr;

/// The first line of a server's message of `day`: what finds a message
/// posted before a crash kept it from being recorded.
pub fn daily_title(l: Language, day: Day) -> String {
    tr!(l, "daily-title", date = day_in_words(l, day))
}

/// The day in words in `l`: "March 14", "14 mars".
pub fn day_in_words(l: Language, day: Day) -> String {
    let (year, month, day) = day.year_month_day();
    crate::i18n::day_in_words(l, year, month as u8, day as u8)
}

/// A server's message of the day's puzzle: the position as text, the
/// counts and the month's solvers, and the Solve button.
pub fn daily_message(l: Language, daily: &DailyPuzzleView, tally: &DailyTally) -> PuzzleMessage {
    let mut lines = vec![
        daily_title(l, daily.day),
        puzzle_task(l, &daily.position),
        board(l, &daily.position),
        tr!(l, "daily-invite"),
    ];
    lines.push(match tally.answered {
        0 => tr!(l, "daily-tally-none"),
        answered => tr!(l, "daily-tally", solved = tally.solved, answered = answered),
    });
    if !tally.month.is_empty() {
        let month = daily.day.month();
        let solvers: Vec<String> = tally
            .month
            .iter()
            .map(|(user, days)| tr!(l, "daily-month-solver", player = format!("<@{user}>"), days = *days))
            .collect();
        lines.push(tr!(
            l,
            "daily-month",
            month = crate::i18n::month_in_words(l, month.year, month.month as u8),
            solvers = solvers.join(" · ")
        ));
    }
    let solve = CreateButton::new(ButtonId::DailyPuzzle { day: daily.day.0 }.to_string())
        .label(tr!(l, "button-daily-solve"))
        .style(ButtonStyle::Primary);
    PuzzleMessage {
        content: lines.join("\n"),
        components: vec![CreateActionRow::Buttons(vec![solve])],
    }
}

fn private_header(l: Language, day: Day) -> String {
    tr!(l, "daily-private-header", date = day_in_words(l, day))
}

/// The private copy of the day's puzzle, with a button per hole.
pub fn daily_private(l: Language, daily: &DailyPuzzleView, with_text_board: bool) -> PuzzleMessage {
    let day = daily.day.0;
    position_message(
        l,
        private_header(l, daily.day),
        &daily.position,
        with_text_board,
        |hole| ButtonId::DailyAnswer { day, hole },
    )
}

/// The judged answer to the day's puzzle, with the player's daily streak;
/// no buttons (the day's one answer is given).
pub fn daily_answer(l: Language, answer: &DailyAnswered, with_text_board: bool) -> PuzzleMessage {
    let position = &answer.daily.position;
    let content = [
        Some(private_header(l, answer.daily.day)),
        with_text_board.then(|| board(l, position)),
        Some(verdict(l, position, &answer.solution, (answer.played, answer.solved))),
        Some(tr!(
            l,
            "daily-streak",
            streak = answer.streak.streak,
            best = answer.streak.best
        )),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("\n");
    PuzzleMessage {
        content,
        components: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The day is written in words in every language, never as numbers.
    #[test]
    fn the_day_of_the_puzzle_is_written_in_words_in_every_language() {
        // 2026-03-14 12:00 UTC.
        let day = Day::of(1_773_489_600);
        assert_eq!(day.date(), "2026-03-14");
        for (language, words) in [
            (Language::English, "March 14"),
            (Language::French, "14 mars"),
            (Language::Spanish, "14 de marzo"),
            (Language::Portuguese, "14 de março"),
        ] {
            let title = daily_title(language, day);
            assert!(title.contains(words), "{title}");
            assert!(!title.contains("2026-03"), "{title}");
        }
        for language in Language::ALL {
            assert!(!daily_title(language, day).contains("-03-"), "{language}");
        }
    }
}
