//! Vacations and reminders at the player's pace, in words.

use super::parts::{mention, player_name, Reply};
use crate::i18n::Language;
use crate::service::{GameView, ReminderPace, VacationChanged, VacationView};
use crate::tr;

/// How often a player is reminded, in words.
pub fn reminder_pace_name(language: Language, pace: ReminderPace) -> String {
    match pace {
        ReminderPace::Off => tr!(language, "reminders-pace-none"),
        ReminderPace::Once => tr!(language, "reminders-pace-once"),
        ReminderPace::LastHour => tr!(language, "reminders-pace-hour"),
        ReminderPace::Daily => tr!(language, "reminders-pace-daily"),
    }
}

/// `/akon stats`' line: days of vacation used this year, and whether away.
pub(in crate::discord) fn vacation_stats_line(l: Language, vacation: &VacationView) -> String {
    let used = tr!(
        l,
        "stats-vacation",
        used = vacation.days_used,
        allowed = vacation.days_allowed
    );
    match vacation.away {
        Some((_, ends_by)) => format!(
            "{used} {}",
            tr!(l, "stats-vacation-away", ends_by = ends_by.to_string())
        ),
        None => used,
    }
}

/// The answer to `/akon vacation on`, to the asker alone.
pub(in crate::discord) fn vacation_on(l: Language, changed: &VacationChanged) -> String {
    let ends_by = changed.vacation.away.map_or(0, |(_, ends_by)| ends_by);
    let left = changed.vacation.days_allowed - changed.vacation.days_used;
    let mut lines = vec![match changed.games {
        0 => tr!(l, "vacation-on-no-games"),
        games => tr!(l, "vacation-on", games = games),
    }];
    lines.push(tr!(
        l,
        "vacation-on-allowance",
        ends_by = ends_by.to_string(),
        used = changed.vacation.days_used,
        left = left
    ));
    lines.join("\n")
}

/// The answer to `/akon vacation off`, to the asker alone.
pub(in crate::discord) fn vacation_off(l: Language, changed: &VacationChanged) -> String {
    tr!(
        l,
        "vacation-off",
        games = changed.games,
        used = changed.vacation.days_used,
        allowed = changed.vacation.days_allowed
    )
}

/// An opponent told, in `view`'s game, that `away` is on vacation.
pub(in crate::discord) fn vacation_started(l: Language, view: &GameView, away: u64) -> Reply {
    let Some(seat) = view.seat_of(away) else {
        return Reply::text("");
    };
    let opponent = view.player(seat.opponent());
    Reply {
        content: tr!(
            l,
            "vacation-notice",
            player = mention(opponent),
            away = player_name(l, view, seat),
            game = view.id.to_string()
        ),
        components: vec![],
        mentions: vec![opponent.user_id],
    }
}

/// A player told that their year's vacation is used up.
pub(in crate::discord) fn vacation_over(l: Language, user_id: u64) -> Reply {
    Reply {
        content: tr!(l, "vacation-over", player = format!("<@{user_id}>")),
        components: vec![],
        mentions: vec![user_id],
    }
}
