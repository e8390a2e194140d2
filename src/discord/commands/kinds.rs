//! What an option holds. A kind says both how the option is registered
//! (its Discord type, choices, bounds) and how its value is read back, so
//! that whatever Discord lets a user send parses.

use crate::ai::Level;
use crate::board_text::level_name;
use crate::i18n::Language;
use crate::service::{
    BoardStyle, InactiveDays, ReminderPace, Season, TimeControl, TimePerMove, TournamentFormat,
    ROUND_ROBIN_MAX_PLAYERS, SWISS_MAX_PLAYERS,
};
use serenity::all::{ChannelType, CommandOptionType, CreateCommandOption, ResolvedValue, Unresolved, User};

use super::super::render::records::season_name;
use super::super::render::tournaments::tournament_format_name;
use super::super::render::{
    board_style_name, language_name, reminder_pace_name, time_control_text, time_per_move_text,
};

/// The message `key` in `language`, without arguments.
pub(super) fn words(language: Language, key: &str) -> String {
    crate::i18n::message(language, key, &fluent_bundle::FluentArgs::new())
}

/// The languages the command is registered in besides English, with the
/// Discord locales of each.
pub(super) fn other_languages() -> impl Iterator<Item = (Language, &'static str)> {
    Language::ALL
        .into_iter()
        .flat_map(|language| language.discord_locales().iter().map(move |&locale| (language, locale)))
}

/// An option's type and values.
pub(super) trait Kind: Sync {
    /// What a well-formed value reads as.
    type Value;

    fn option_type(&self) -> CommandOptionType;

    /// `option` with this kind's choices and bounds.
    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option
    }

    /// The value, or `None` when it is not one this kind takes.
    fn read(&self, value: &ResolvedValue<'_>) -> Option<Self::Value>;
}

/// A user, who must be in the interaction's `resolved` data.
pub(super) struct UserKind;

impl Kind for UserKind {
    type Value = User;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::User
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<User> {
        match value {
            ResolvedValue::User(user, _) => Some((*user).clone()),
            _ => None,
        }
    }
}

/// A role's id, whether or not Discord sent the role itself.
pub(super) struct RoleKind;

impl Kind for RoleKind {
    type Value = u64;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Role
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<u64> {
        match value {
            ResolvedValue::Role(role) => Some(role.id.get()),
            ResolvedValue::Unresolved(Unresolved::RoleId(id)) => Some(id.get()),
            _ => None,
        }
    }
}

/// A text channel of the server.
pub(super) struct ChannelKind;

impl Kind for ChannelKind {
    type Value = u64;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Channel
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option.channel_types(vec![ChannelType::Text, ChannelType::News])
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<u64> {
        match value {
            ResolvedValue::Channel(channel) => Some(channel.id.get()),
            ResolvedValue::Unresolved(Unresolved::Channel(id)) => Some(id.get()),
            _ => None,
        }
    }
}

pub(super) struct Flag;

impl Kind for Flag {
    type Value = bool;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Boolean
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<bool> {
        match *value {
            ResolvedValue::Boolean(on) => Some(on),
            _ => None,
        }
    }
}

/// The id of a game or a tournament: 1 or more.
pub(super) struct Id;

impl Kind for Id {
    type Value = i64;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Integer
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option.min_int_value(1)
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<i64> {
        match *value {
            ResolvedValue::Integer(id) if id >= 1 => Some(id),
            _ => None,
        }
    }
}

/// The most of anything a tournament counts (players, rounds).
pub(super) const MOST_COUNTED: u32 = if SWISS_MAX_PLAYERS > ROUND_ROBIN_MAX_PLAYERS {
    SWISS_MAX_PLAYERS
} else {
    ROUND_ROBIN_MAX_PLAYERS
};

/// A count of players or rounds, offered between `min` and `max`. Any count
/// from 1 to [`MOST_COUNTED`] is read, wider than what Discord offers, so
/// that the tournament rules (whose bounds depend on the format) refuse the
/// rest with their own reason.
pub(super) struct Count {
    pub min: u32,
    pub max: u32,
}

impl Kind for Count {
    type Value = u32;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Integer
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option
            .min_int_value(u64::from(self.min))
            .max_int_value(u64::from(self.max))
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<u32> {
        match *value {
            ResolvedValue::Integer(n) if (1..=i64::from(MOST_COUNTED)).contains(&n) => Some(n as u32),
            _ => None,
        }
    }
}

/// A number of days from 0 to `InactiveDays::MOST`, 0 meaning none; any
/// other number is malformed.
pub(super) struct Days;

impl Kind for Days {
    type Value = InactiveDays;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Integer
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option.min_int_value(0).max_int_value(InactiveDays::MOST as u64)
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<InactiveDays> {
        match *value {
            ResolvedValue::Integer(days) => InactiveDays::new(days),
            _ => None,
        }
    }
}

/// An hour of the day, UTC, from 0 to 23; any other number is malformed.
pub(super) struct HourOfDay;

impl Kind for HourOfDay {
    type Value = u8;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::Integer
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option.min_int_value(0).max_int_value(23)
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<u8> {
        match *value {
            ResolvedValue::Integer(hour) if (0..=23).contains(&hour) => Some(hour as u8),
            _ => None,
        }
    }
}

/// Free text of at most `max_length` characters.
pub(super) struct Text {
    pub max_length: u16,
}

impl Kind for Text {
    type Value = String;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::String
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        option.max_length(self.max_length)
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<String> {
        match value {
            ResolvedValue::String(text) => Some(text.to_string()),
            _ => None,
        }
    }
}

/// A choice's value as sent, and its label in a language.
pub(super) type Choice = (&'static str, Box<dyn Fn(Language) -> String>);

/// A string option offering a fixed set of values.
pub(super) trait Choices: Sync {
    type Value;

    /// Every value offered, in the order shown.
    fn choices(&self) -> Vec<Choice>;

    fn read(&self, code: &str) -> Option<Self::Value>;
}

/// A string option offering the values of `C`.
pub(super) struct OneOf<C>(pub C);

impl<C: Choices> Kind for OneOf<C> {
    type Value = C::Value;

    fn option_type(&self) -> CommandOptionType {
        CommandOptionType::String
    }

    fn declare(&self, option: CreateCommandOption) -> CreateCommandOption {
        self.0.choices().into_iter().fold(option, |option, (value, label)| {
            let locales: Vec<(String, String)> = other_languages()
                .map(|(language, locale)| (locale.to_string(), label(language)))
                .collect();
            option.add_string_choice_localized(label(Language::English), value, locales)
        })
    }

    fn read(&self, value: &ResolvedValue<'_>) -> Option<C::Value> {
        match value {
            ResolvedValue::String(code) => self.0.read(code),
            _ => None,
        }
    }
}

/// The computer's levels; their names are read in any case.
pub(super) struct Levels;

impl Choices for Levels {
    type Value = Level;

    fn choices(&self) -> Vec<Choice> {
        Level::ALL
            .into_iter()
            .map(|level| -> Choice { (level.name(), Box::new(move |l| level_name(l, level))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<Level> {
        code.parse().ok()
    }
}

pub(super) struct Times;

impl Choices for Times {
    type Value = TimePerMove;

    fn choices(&self) -> Vec<Choice> {
        TimePerMove::ALL
            .into_iter()
            .map(|time| -> Choice { (time.code(), Box::new(move |l| time_per_move_text(l, time))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<TimePerMove> {
        code.parse().ok()
    }
}

/// Live time controls, by their codes (`5+3`).
pub(super) struct TimeControls;

impl Choices for TimeControls {
    type Value = TimeControl;

    fn choices(&self) -> Vec<Choice> {
        TimeControl::CODES
            .into_iter()
            .zip(TimeControl::ALL)
            .map(|(code, control)| -> Choice { (code, Box::new(move |l| time_control_text(l, control))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<TimeControl> {
        code.parse().ok()
    }
}

/// A language, or `discord` (`None`) to follow Discord's.
pub(super) struct Languages;

impl Choices for Languages {
    type Value = Option<Language>;

    fn choices(&self) -> Vec<Choice> {
        let discord: Choice = ("discord", Box::new(|l| words(l, "cmd-language-discord")));
        std::iter::once(discord)
            .chain(
                Language::ALL
                    .into_iter()
                    .map(|named| -> Choice { (named.code(), Box::new(move |l| language_name(l, named))) }),
            )
            .collect()
    }

    fn read(&self, code: &str) -> Option<Option<Language>> {
        match code {
            "discord" => Some(None),
            code => code.parse().ok().map(Some),
        }
    }
}

pub(super) struct BoardStyles;

impl Choices for BoardStyles {
    type Value = BoardStyle;

    fn choices(&self) -> Vec<Choice> {
        BoardStyle::ALL
            .into_iter()
            .map(|style| -> Choice { (style.code(), Box::new(move |l| board_style_name(l, style))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<BoardStyle> {
        code.parse().ok()
    }
}

pub(super) struct Seasons;

impl Choices for Seasons {
    type Value = Season;

    fn choices(&self) -> Vec<Choice> {
        Season::ALL
            .into_iter()
            .map(|season| -> Choice { (season.code(), Box::new(move |l| season_name(l, season))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<Season> {
        code.parse().ok()
    }
}

pub(super) struct Formats;

impl Choices for Formats {
    type Value = TournamentFormat;

    fn choices(&self) -> Vec<Choice> {
        TournamentFormat::ALL
            .into_iter()
            .map(|format| -> Choice { (format.code(), Box::new(move |l| tournament_format_name(l, format))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<TournamentFormat> {
        TournamentFormat::from_code(code)
    }
}

/// How often a player is reminded of a move.
pub(super) struct Paces;

impl Choices for Paces {
    type Value = ReminderPace;

    fn choices(&self) -> Vec<Choice> {
        ReminderPace::ALL
            .into_iter()
            .map(|pace| -> Choice { (pace.code(), Box::new(move |l| reminder_pace_name(l, pace))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<ReminderPace> {
        ReminderPace::from_code(code)
    }
}

/// `on` and `off`.
pub(super) const ON_OFF: Pair = Pair([("on", "cmd-choice-on", true), ("off", "cmd-choice-off", false)]);

/// Two named values read as `false` and `true` (`on`/`off`,
/// `server`/`global`): each value, the key of its label, what it reads as.
pub(super) struct Pair(pub [(&'static str, &'static str, bool); 2]);

impl Choices for Pair {
    type Value = bool;

    fn choices(&self) -> Vec<Choice> {
        self.0
            .into_iter()
            .map(|(value, key, _)| -> Choice { (value, Box::new(move |l| words(l, key))) })
            .collect()
    }

    fn read(&self, code: &str) -> Option<bool> {
        self.0
            .iter()
            .find(|(value, _, _)| *value == code)
            .map(|&(_, _, reads_as)| reads_as)
    }
}
