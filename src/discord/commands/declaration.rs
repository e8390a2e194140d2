//! Every subcommand and option of `/akon`, declared once: the registration
//! payload is built from these tables, and parsing reads each option
//! through the same declaration.

use crate::i18n::Language;
use crate::service::{MIN_PLAYERS, SWISS_MAX_PLAYERS, TOURNAMENT_NAME_MAX};
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use super::kinds::{
    other_languages, words, BoardStyles, ChannelKind, Count, Days, Flag, Formats, HourOfDay, Id, Kind, Languages,
    Levels, OneOf, Pair, RoleKind, Seasons, Text, Times, UserKind, MOST_COUNTED,
};

/// An option: its canonical (English) name, which Discord sends back and
/// parsing reads, the keys of its localised name and description, and
/// what it holds.
pub(super) struct Opt<K> {
    pub name: &'static str,
    pub name_key: &'static str,
    pub description_key: &'static str,
    pub required: bool,
    pub kind: K,
}

/// An option of any kind, as the registration lists it.
pub(super) trait Declared: Sync {
    fn name(&self) -> &'static str;
    fn name_key(&self) -> &'static str;
    fn create(&self) -> CreateCommandOption;
}

impl<K: Kind> Declared for Opt<K> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn name_key(&self) -> &'static str {
        self.name_key
    }

    fn create(&self) -> CreateCommandOption {
        let option = localized(self.kind.option_type(), self.name, self.name_key, self.description_key);
        self.kind.declare(option.required(self.required))
    }
}

/// A subcommand and its options, in the order Discord shows them.
pub(super) struct Subcommand {
    pub name: &'static str,
    pub name_key: &'static str,
    pub description_key: &'static str,
    pub options: &'static [&'static dyn Declared],
}

impl Subcommand {
    fn create(&self) -> CreateCommandOption {
        self.options.iter().fold(
            localized(
                CommandOptionType::SubCommand,
                self.name,
                self.name_key,
                self.description_key,
            ),
            |sub, option| sub.add_sub_option(option.create()),
        )
    }
}

/// What `/akon` lists: a subcommand, or a group of them.
pub(super) enum Entry {
    Sub(Subcommand),
    Group {
        name: &'static str,
        name_key: &'static str,
        description_key: &'static str,
        subs: &'static [Subcommand],
    },
}

/// An option of type `kind` named `name`, with its name and description in
/// every language.
fn localized(kind: CommandOptionType, name: &str, name_key: &str, description_key: &str) -> CreateCommandOption {
    let option = CreateCommandOption::new(kind, name, words(Language::English, description_key));
    other_languages().fold(option, |option, (language, locale)| {
        option
            .name_localized(locale, words(language, name_key))
            .description_localized(locale, words(language, description_key))
    })
}

/// `/akon` as registered with Discord, described in every language.
pub fn akon_command() -> CreateCommand {
    let command = CreateCommand::new("akon")
        .description(words(Language::English, "cmd-akon-desc"))
        .dm_permission(true);
    let command = other_languages().fold(command, |command, (language, locale)| {
        command.description_localized(locale, words(language, "cmd-akon-desc"))
    });
    AKON.iter().fold(command, |command, entry| {
        command.add_option(match entry {
            Entry::Sub(sub) => sub.create(),
            Entry::Group {
                name,
                name_key,
                description_key,
                subs,
            } => subs.iter().fold(
                localized(CommandOptionType::SubCommandGroup, name, name_key, description_key),
                |group, sub| group.add_sub_option(sub.create()),
            ),
        })
    })
}

/// Every subcommand, in a group or not.
pub(super) fn subcommands() -> impl Iterator<Item = &'static Subcommand> {
    AKON.iter().flat_map(|entry| match entry {
        Entry::Sub(sub) => std::slice::from_ref(sub).iter(),
        Entry::Group { subs, .. } => subs.iter(),
    })
}

/// An option's name as the user saw and typed it: the localised name of
/// the canonical `name` that parsing reads (the one Discord sends).
pub(super) fn option_name(language: Language, name: &str) -> String {
    subcommands()
        .flat_map(|sub| sub.options.iter())
        .find(|option| option.name() == name)
        .map_or_else(|| name.to_string(), |option| words(language, option.name_key()))
}

/// An option that shows a time per move.
const fn time_per_move(description_key: &'static str) -> Opt<OneOf<Times>> {
    Opt {
        name: "time_per_move",
        name_key: "cmd-time-per-move-name",
        description_key,
        required: false,
        kind: OneOf(Times),
    }
}

const fn player(description_key: &'static str) -> Opt<UserKind> {
    Opt {
        name: "player",
        name_key: "cmd-player-name",
        description_key,
        required: false,
        kind: UserKind,
    }
}

const fn game(description_key: &'static str, required: bool) -> Opt<Id> {
    Opt {
        name: "game",
        name_key: "cmd-game-option-name",
        description_key,
        required,
        kind: Id,
    }
}

const ON_OFF: Pair = Pair([("on", "cmd-choice-on", true), ("off", "cmd-choice-off", false)]);

pub(super) const OPPONENT: Opt<UserKind> = Opt {
    name: "opponent",
    name_key: "cmd-opponent-name",
    description_key: "cmd-opponent-desc",
    required: true,
    kind: UserKind,
};
pub(super) const CHALLENGE_LEVEL: Opt<OneOf<Levels>> = Opt {
    name: "level",
    name_key: "cmd-level-name",
    description_key: "cmd-level-desc",
    required: false,
    kind: OneOf(Levels),
};
pub(super) const CHALLENGE_TIME: Opt<OneOf<Times>> = time_per_move("cmd-challenge-time-desc");
/// The game a command is about, when the player has more than one.
pub(super) const GAME: Opt<Id> = game("cmd-game-option-desc", false);
pub(super) const SCOPE: Opt<OneOf<Pair>> = Opt {
    name: "scope",
    name_key: "cmd-scope-name",
    description_key: "cmd-scope-desc",
    required: false,
    // `true`: everyone's leaderboard.
    kind: OneOf(Pair([
        ("server", "cmd-scope-server", false),
        ("global", "cmd-scope-global", true),
    ])),
};
pub(super) const SEASON: Opt<OneOf<Seasons>> = Opt {
    name: "season",
    name_key: "cmd-season-name",
    description_key: "cmd-season-desc",
    required: false,
    kind: OneOf(Seasons),
};
pub(super) const STATS_PLAYER: Opt<UserKind> = player("cmd-stats-player-desc");
pub(super) const HISTORY_PLAYER: Opt<UserKind> = player("cmd-history-player-desc");
pub(super) const GAME_ID: Opt<Id> = Opt {
    name: "id",
    name_key: "cmd-id-name",
    description_key: "cmd-id-desc",
    required: true,
    kind: Id,
};
pub(super) const DM_REMINDERS: Opt<Flag> = Opt {
    name: "dm_reminders",
    name_key: "cmd-dm-reminders-name",
    description_key: "cmd-dm-reminders-desc",
    required: false,
    kind: Flag,
};
pub(super) const SETTINGS_TIME: Opt<OneOf<Times>> = time_per_move("cmd-settings-time-desc");
pub(super) const LANGUAGE: Opt<OneOf<Languages>> = Opt {
    name: "language",
    name_key: "cmd-language-name",
    description_key: "cmd-language-desc",
    required: false,
    kind: OneOf(Languages),
};
pub(super) const SERVER_LANGUAGE: Opt<OneOf<Languages>> = Opt {
    name: "server_language",
    name_key: "cmd-server-language-name",
    description_key: "cmd-server-language-desc",
    required: false,
    kind: OneOf(Languages),
};
pub(super) const TOURNAMENT_ROLE: Opt<RoleKind> = Opt {
    name: "tournament_role",
    name_key: "cmd-tournament-role-name",
    description_key: "cmd-tournament-role-desc",
    required: false,
    kind: RoleKind,
};
pub(super) const BOARD_STYLE: Opt<OneOf<BoardStyles>> = Opt {
    name: "board_style",
    name_key: "cmd-board-style-name",
    description_key: "cmd-board-style-desc",
    required: false,
    kind: OneOf(BoardStyles),
};
pub(super) const SERVER_BOARD_STYLE: Opt<OneOf<BoardStyles>> = Opt {
    name: "server_board_style",
    name_key: "cmd-server-board-style-name",
    description_key: "cmd-server-board-style-desc",
    required: false,
    kind: OneOf(BoardStyles),
};
pub(super) const WEB_GAMES: Opt<OneOf<Pair>> = Opt {
    name: "web_games",
    name_key: "cmd-web-games-name",
    description_key: "cmd-web-games-desc",
    required: false,
    kind: OneOf(ON_OFF),
};
pub(super) const WEB_LEADERBOARD: Opt<OneOf<Pair>> = Opt {
    name: "web_leaderboard",
    name_key: "cmd-web-leaderboard-name",
    description_key: "cmd-web-leaderboard-desc",
    required: false,
    kind: OneOf(ON_OFF),
};
pub(super) const LEADERBOARD_INACTIVE_DAYS: Opt<Days> = Opt {
    name: "leaderboard_inactive_days",
    name_key: "cmd-leaderboard-inactive-days-name",
    description_key: "cmd-leaderboard-inactive-days-desc",
    required: false,
    kind: Days,
};
pub(super) const SEASON_CHANNEL: Opt<ChannelKind> = Opt {
    name: "season_channel",
    name_key: "cmd-season-channel-name",
    description_key: "cmd-season-channel-desc",
    required: false,
    kind: ChannelKind,
};
pub(super) const DAILY_PUZZLE_CHANNEL: Opt<ChannelKind> = Opt {
    name: "daily_puzzle_channel",
    name_key: "cmd-daily-puzzle-channel-name",
    description_key: "cmd-daily-puzzle-channel-desc",
    required: false,
    kind: ChannelKind,
};
pub(super) const DAILY_PUZZLE_HOUR: Opt<HourOfDay> = Opt {
    name: "daily_puzzle_hour",
    name_key: "cmd-daily-puzzle-hour-name",
    description_key: "cmd-daily-puzzle-hour-desc",
    required: false,
    kind: HourOfDay,
};
pub(super) const DAILY_PUZZLE: Opt<OneOf<Pair>> = Opt {
    name: "daily_puzzle",
    name_key: "cmd-daily-puzzle-name",
    description_key: "cmd-daily-puzzle-desc",
    required: false,
    kind: OneOf(ON_OFF),
};
pub(super) const REVIEW_GAME: Opt<Id> = game("cmd-review-game-desc", true);

/// The tournament a command is about; the channel's one when not given.
pub(super) const TOURNAMENT: Opt<Id> = Opt {
    name: "tournament",
    name_key: "cmd-tournament-option-name",
    description_key: "cmd-tournament-option-desc",
    required: false,
    kind: Id,
};
pub(super) const NAME: Opt<Text> = Opt {
    name: "name",
    name_key: "cmd-name-name",
    description_key: "cmd-name-desc",
    required: true,
    kind: Text {
        max_length: TOURNAMENT_NAME_MAX as u16,
    },
};
pub(super) const FORMAT: Opt<OneOf<Formats>> = Opt {
    name: "format",
    name_key: "cmd-format-name",
    description_key: "cmd-format-desc",
    required: true,
    kind: OneOf(Formats),
};
pub(super) const ROUNDS: Opt<Count> = Opt {
    name: "rounds",
    name_key: "cmd-rounds-name",
    description_key: "cmd-rounds-desc",
    required: false,
    // A Swiss has fewer rounds than players.
    kind: Count {
        min: 1,
        max: SWISS_MAX_PLAYERS - 1,
    },
};
pub(super) const TOURNAMENT_TIME: Opt<OneOf<Times>> = time_per_move("cmd-tournament-time-desc");
pub(super) const MAX_PLAYERS: Opt<Count> = Opt {
    name: "max_players",
    name_key: "cmd-max-players-name",
    description_key: "cmd-max-players-desc",
    required: false,
    kind: Count {
        min: MIN_PLAYERS,
        max: MOST_COUNTED,
    },
};
pub(super) const RATED: Opt<Flag> = Opt {
    name: "rated",
    name_key: "cmd-rated-name",
    description_key: "cmd-rated-desc",
    required: false,
    kind: Flag,
};
/// As typed: read against the clock by the handler.
pub(super) const STARTS_AT: Opt<Text> = Opt {
    name: "starts_at",
    name_key: "cmd-starts-at-name",
    description_key: "cmd-starts-at-desc",
    required: false,
    kind: Text { max_length: 40 },
};
pub(super) const COMPUTER_LEVEL: Opt<OneOf<Levels>> = Opt {
    name: "level",
    name_key: "cmd-level-name",
    description_key: "cmd-tournament-level-desc",
    required: true,
    kind: OneOf(Levels),
};

/// A subcommand without options.
const fn bare(name: &'static str, name_key: &'static str, description_key: &'static str) -> Subcommand {
    Subcommand {
        name,
        name_key,
        description_key,
        options: &[],
    }
}

/// A tournament subcommand naming which tournament.
const fn on_tournament(name: &'static str, name_key: &'static str, description_key: &'static str) -> Subcommand {
    Subcommand {
        name,
        name_key,
        description_key,
        options: &[&TOURNAMENT],
    }
}

/// `/akon`'s subcommands and groups, in the order Discord shows them.
const AKON: &[Entry] = &[
    Entry::Sub(Subcommand {
        name: "challenge",
        name_key: "cmd-challenge-name",
        description_key: "cmd-challenge-desc",
        options: &[&OPPONENT, &CHALLENGE_LEVEL, &CHALLENGE_TIME],
    }),
    Entry::Sub(bare("games", "cmd-games-name", "cmd-games-desc")),
    Entry::Sub(Subcommand {
        name: "board",
        name_key: "cmd-board-name",
        description_key: "cmd-board-desc",
        options: &[&GAME],
    }),
    Entry::Sub(Subcommand {
        name: "resign",
        name_key: "cmd-resign-name",
        description_key: "cmd-resign-desc",
        options: &[&GAME],
    }),
    Entry::Sub(Subcommand {
        name: "abort",
        name_key: "cmd-abort-name",
        description_key: "cmd-abort-desc",
        options: &[&GAME],
    }),
    Entry::Sub(Subcommand {
        name: "leaderboard",
        name_key: "cmd-leaderboard-name",
        description_key: "cmd-leaderboard-desc",
        options: &[&SCOPE, &SEASON],
    }),
    Entry::Sub(Subcommand {
        name: "stats",
        name_key: "cmd-stats-name",
        description_key: "cmd-stats-desc",
        options: &[&STATS_PLAYER],
    }),
    Entry::Sub(Subcommand {
        name: "history",
        name_key: "cmd-history-name",
        description_key: "cmd-history-desc",
        options: &[&HISTORY_PLAYER],
    }),
    Entry::Sub(Subcommand {
        name: "game",
        name_key: "cmd-game-name",
        description_key: "cmd-game-desc",
        options: &[&GAME_ID],
    }),
    Entry::Sub(Subcommand {
        name: "settings",
        name_key: "cmd-settings-name",
        description_key: "cmd-settings-desc",
        options: &[
            &DM_REMINDERS,
            &SETTINGS_TIME,
            &LANGUAGE,
            &SERVER_LANGUAGE,
            &TOURNAMENT_ROLE,
            &BOARD_STYLE,
            &SERVER_BOARD_STYLE,
            &WEB_GAMES,
            &WEB_LEADERBOARD,
            &LEADERBOARD_INACTIVE_DAYS,
            &SEASON_CHANNEL,
            &DAILY_PUZZLE_CHANNEL,
            &DAILY_PUZZLE_HOUR,
            &DAILY_PUZZLE,
        ],
    }),
    Entry::Sub(bare("rules", "cmd-rules-name", "cmd-rules-desc")),
    Entry::Sub(Subcommand {
        name: "review",
        name_key: "cmd-review-name",
        description_key: "cmd-review-desc",
        options: &[&REVIEW_GAME],
    }),
    Entry::Sub(bare("puzzle", "cmd-puzzle-name", "cmd-puzzle-desc")),
    Entry::Group {
        name: "tournament",
        name_key: "cmd-tournament-name",
        description_key: "cmd-tournament-desc",
        subs: &[
            Subcommand {
                name: "create",
                name_key: "cmd-tournament-create-name",
                description_key: "cmd-tournament-create-desc",
                options: &[
                    &NAME,
                    &FORMAT,
                    &ROUNDS,
                    &TOURNAMENT_TIME,
                    &MAX_PLAYERS,
                    &RATED,
                    &STARTS_AT,
                ],
            },
            on_tournament("start", "cmd-tournament-start-name", "cmd-tournament-start-desc"),
            on_tournament("cancel", "cmd-tournament-cancel-name", "cmd-tournament-cancel-desc"),
            on_tournament(
                "withdraw",
                "cmd-tournament-withdraw-name",
                "cmd-tournament-withdraw-desc",
            ),
            on_tournament(
                "standings",
                "cmd-tournament-standings-name",
                "cmd-tournament-standings-desc",
            ),
            Subcommand {
                name: "add_computer",
                name_key: "cmd-tournament-add-computer-name",
                description_key: "cmd-tournament-add-computer-desc",
                options: &[&COMPUTER_LEVEL, &TOURNAMENT],
            },
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::commands::CommandError;

    /// A refusal names an option as the user typed it: every option of the
    /// registered command has its localised name there.
    #[test]
    fn refusals_name_options_by_their_localised_names() {
        let command = serde_json::to_value(akon_command()).unwrap();
        let mut checked = 0;
        // A group's subcommands' options, beside the subcommands' own.
        let subs: Vec<&serde_json::Value> = command["options"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|sub| match sub["type"].as_u64() {
                Some(2) => sub["options"].as_array().unwrap().iter().collect(),
                _ => vec![sub],
            })
            .collect();
        for sub in subs {
            for option in sub["options"].as_array().into_iter().flatten() {
                let name = option["name"].as_str().unwrap();
                for language in [Language::French, Language::Spanish, Language::Portuguese] {
                    let locale = language.discord_locales()[0];
                    assert_eq!(
                        option_name(language, name),
                        option["name_localizations"][locale].as_str().unwrap(),
                        "{language} {name}"
                    );
                }
                assert_eq!(option_name(Language::English, name), name);
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked}");
        let refusal = CommandError::BadOption("time_per_move".into()).sentence(Language::French);
        assert_eq!(
            CommandError::BadOption("starts_at".into()).sentence(Language::English),
            "The option `starts_at` is malformed."
        );
        assert_eq!(refusal, "L'option `temps-par-coup` est mal formée.");
    }

    /// Options of one name share their localised name, which refusals use.
    #[test]
    fn options_of_one_name_have_one_localised_name() {
        let options: Vec<&dyn Declared> = subcommands().flat_map(|sub| sub.options.iter().copied()).collect();
        for a in &options {
            for b in &options {
                if a.name() == b.name() {
                    assert_eq!(a.name_key(), b.name_key(), "{}", a.name());
                }
            }
        }
    }

    /// Each option as `path type [required] [min=] [max=] [max_length=]
    /// [choices=]`, in registration order.
    fn skeleton(options: &serde_json::Value, prefix: &str, lines: &mut Vec<String>) {
        for option in options.as_array().into_iter().flatten() {
            let path = format!("{prefix}{}", option["name"].as_str().unwrap());
            let mut line = vec![path.clone(), option["type"].to_string()];
            if option["required"] == true {
                line.push("required".into());
            }
            for bound in ["min_value", "max_value", "max_length"] {
                if !option[bound].is_null() {
                    line.push(format!("{}={}", bound.trim_end_matches("_value"), option[bound]));
                }
            }
            let choices: Vec<&str> = option["choices"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|choice| choice["value"].as_str().unwrap())
                .collect();
            if !choices.is_empty() {
                line.push(format!("choices={}", choices.join(",")));
            }
            lines.push(line.join(" "));
            skeleton(&option["options"], &format!("{path} "), lines);
        }
    }

    /// What Discord is told: the names, types, bounds, choices and order
    /// of every option. Only the words come from the translations.
    #[test]
    fn the_registration_declares_every_option_in_order() {
        let command = serde_json::to_value(akon_command()).unwrap();
        let mut lines = Vec::new();
        skeleton(&command["options"], "", &mut lines);
        assert_eq!(lines.join("\n"), EXPECTED_SKELETON.trim_end());
    }

    /// Every name and description, of the command, its options and their
    /// choices, is given in every locale the bot speaks.
    #[test]
    fn the_registration_is_worded_in_every_locale() {
        fn check(item: &serde_json::Value, what: &str, counted: &mut usize) {
            for field in ["name", "description"] {
                let Some(english) = item[field].as_str() else { continue };
                assert!(!english.is_empty(), "{what} {field}");
                if field == "name" && what == "akon" {
                    continue;
                }
                for (_, locale) in other_languages() {
                    let words = item[format!("{field}_localizations")][locale].as_str();
                    assert!(words.is_some_and(|w| !w.is_empty()), "{what} {field} {locale}");
                    *counted += 1;
                }
            }
            for child in ["options", "choices"] {
                for inner in item[child].as_array().into_iter().flatten() {
                    check(inner, &format!("{what} {}", inner["name"]), counted);
                }
            }
        }
        let mut counted = 0;
        check(&serde_json::to_value(akon_command()).unwrap(), "akon", &mut counted);
        assert!(counted > 400, "{counted}");
    }

    const EXPECTED_SKELETON: &str = "\
challenge 1
challenge opponent 6 required
challenge level 3 choices=easy,medium,hard,master
challenge time_per_move 3 choices=10m,1h,1d,3d,7d
games 1
board 1
board game 4 min=1
resign 1
resign game 4 min=1
abort 1
abort game 4 min=1
leaderboard 1
leaderboard scope 3 choices=server,global
leaderboard season 3 choices=this_month,last_month,all_time
stats 1
stats player 6
history 1
history player 6
game 1
game id 4 required min=1
settings 1
settings dm_reminders 5
settings time_per_move 3 choices=10m,1h,1d,3d,7d
settings language 3 choices=discord,en,fr,es,pt
settings server_language 3 choices=discord,en,fr,es,pt
settings tournament_role 8
settings board_style 3 choices=text,picture,both
settings server_board_style 3 choices=text,picture,both
settings web_games 3 choices=on,off
settings web_leaderboard 3 choices=on,off
settings leaderboard_inactive_days 4 min=0 max=3650
settings season_channel 7
settings daily_puzzle_channel 7
settings daily_puzzle_hour 4 min=0 max=23
settings daily_puzzle 3 choices=on,off
rules 1
review 1
review game 4 required min=1
puzzle 1
tournament 2
tournament create 1
tournament create name 3 required max_length=100
tournament create format 3 required choices=round_robin,double_round_robin,swiss,knockout,knockout_third_place
tournament create rounds 4 min=1 max=511
tournament create time_per_move 3 choices=10m,1h,1d,3d,7d
tournament create max_players 4 min=2 max=512
tournament create rated 5
tournament create starts_at 3 max_length=40
tournament start 1
tournament start tournament 4 min=1
tournament cancel 1
tournament cancel tournament 4 min=1
tournament withdraw 1
tournament withdraw tournament 4 min=1
tournament standings 1
tournament standings tournament 4 min=1
tournament add_computer 1
tournament add_computer level 3 required choices=easy,medium,hard,master
tournament add_computer tournament 4 min=1
";
}
