//! Property tests of `/akon` parsing ([`super::commands::parse`]) over
//! interactions as the gateway could send them: any subcommand name, any
//! option names, values of every option type (any text, any number, users
//! missing from `resolved`). What the declarations guarantee by
//! construction (an option's name, whether it is required, its default,
//! the subcommand it belongs to) is not tested again here; what they
//! cannot is: parsing never panics, a kind reads back every value it lets
//! Discord offer and refuses the others by the option's name, and a
//! well-formed command parses to what it said.

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{json, Value};
use serenity::all::CommandInteraction;

use super::commands::{parse, AkonCommand, CommandError};
use crate::ai::Level;
use crate::service::{TimeControl, TimePerMove};

const SUBCOMMANDS: &[&str] = &[
    "challenge",
    "settings",
    "vacation",
    "games",
    "board",
    "resign",
    "abort",
    "leaderboard",
    "stats",
    "history",
    "game",
    "rules",
    "",
    "Challenge",
    "delete",
];
const OPTION_NAMES: &[&str] = &[
    "opponent",
    "level",
    "time_per_move",
    "time_control",
    "game",
    "id",
    "scope",
    "player",
    "dm_reminders",
    "reminders",
    "state",
    "",
    "x",
];
const TOURNAMENT_OPTION_NAMES: &[&str] = &[
    "name",
    "format",
    "rounds",
    "time_per_move",
    "max_players",
    "rated",
    "starts_at",
    "vacations",
    "tournament",
    "level",
    "x",
];
const USER: u64 = 700_000_000_000_000_001;

/// An option's type and value, as Discord encodes them: a string (3), an
/// integer (4), a boolean (5), a user (6, its id), a number (10).
fn option_value() -> impl Strategy<Value = (u8, Value)> {
    prop_oneof![
        prop_oneof![
            Just("easy".to_string()),
            Just("MASTER".to_string()),
            Just("3d".to_string()),
            Just("global".to_string()),
            Just("server".to_string()),
            any::<String>(),
        ]
        .prop_map(|text| (3, json!(text))),
        any::<i64>().prop_map(|n| (4, json!(n))),
        (-3..=3i64).prop_map(|n| (4, json!(n))),
        any::<bool>().prop_map(|b| (5, json!(b))),
        prop_oneof![Just(USER), 1..u64::MAX].prop_map(|id| (6, json!(id.to_string()))),
        (-1e6..1e6f64).prop_map(|x| (10, json!(x))),
    ]
}

/// A DM interaction of `/{command} {sub}` with `options` (`sub` may be
/// `group sub`); `USER` is the only user `resolved` knows.
fn interaction(command: &str, sub: &str, options: &[(String, u8, Value)]) -> CommandInteraction {
    let user = json!({"id": USER.to_string(), "username": "ada", "discriminator": "0", "avatar": null});
    let leaves: Vec<Value> = options
        .iter()
        .map(|(name, kind, value)| json!({"name": name, "type": kind, "value": value}))
        .collect();
    let payload = json!({
        "id": "1",
        "application_id": "2",
        "type": 2,
        "token": "t",
        "version": 1,
        "channel_id": "3",
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 8_388_608,
        "user": user,
        "data": {
            "id": "4",
            "name": command,
            "type": 1,
            "options": match sub.split_once(' ') {
                Some((group, sub)) => json!([{"name": group, "type": 2,
                    "options": [{"name": sub, "type": 1, "options": leaves}]}]),
                None => json!([{"name": sub, "type": 1, "options": leaves}]),
            },
            "resolved": {"users": {USER.to_string(): user}},
        },
    });
    serde_json::from_value(payload).expect("a well-typed interaction deserializes")
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn any_command_parses_or_is_refused_without_panic(
        command in prop_oneof![Just("akon".to_string()), any::<String>()],
        sub in prop_oneof![prop::sample::select(SUBCOMMANDS).prop_map(str::to_string), any::<String>()],
        options in vec((prop::sample::select(OPTION_NAMES), option_value()), 0..5),
    ) {
        let options: Vec<(String, u8, Value)> =
            options.into_iter().map(|(name, (kind, value))| (name.to_string(), kind, value)).collect();
        let _ = parse(&interaction(&command, &sub, &options));
    }

    #[test]
    fn any_tournament_command_parses_or_is_refused_without_panic(
        sub in prop_oneof![
            prop::sample::select(&["create", "start", "cancel", "withdraw", "standings", "add_computer", ""][..])
                .prop_map(str::to_string),
            any::<String>(),
        ],
        options in vec((prop::sample::select(TOURNAMENT_OPTION_NAMES), option_value()), 0..8),
    ) {
        let options: Vec<(String, u8, Value)> =
            options.into_iter().map(|(name, (kind, value))| (name.to_string(), kind, value)).collect();
        let _ = parse(&interaction("akon", &format!("tournament {sub}"), &options));
    }

    #[test]
    fn a_start_time_is_read_or_refused_without_panic(text in any::<String>(), now in 0..4_000_000_000i64) {
        if let Some(at) = super::commands::parse_starts_at(&text, now) {
            prop_assert!(at >= 0);
        }
    }

    #[test]
    fn a_well_formed_challenge_parses_to_what_it_said(
        level in proptest::option::of(prop::sample::select(&Level::ALL[..])),
        time in proptest::option::of(prop::sample::select(&TimePerMove::ALL[..])),
        control in proptest::option::of(prop::sample::select(&TimeControl::ALL[..])),
        upper in any::<bool>(),
    ) {
        let mut options = vec![("opponent".to_string(), 6, json!(USER.to_string()))];
        if let Some(level) = level {
            let name = if upper { level.name().to_uppercase() } else { level.name().to_string() };
            options.push(("level".to_string(), 3, json!(name)));
        }
        if let Some(time) = time {
            options.push(("time_per_move".to_string(), 3, json!(time.code())));
        }
        if let Some(control) = control {
            options.push(("time_control".to_string(), 3, json!(control.code())));
        }
        match parse(&interaction("akon", "challenge", &options)) {
            Ok(AkonCommand::Challenge(challenge)) => {
                prop_assert_eq!(challenge.opponent.id.get(), USER);
                prop_assert_eq!(challenge.level, level);
                prop_assert_eq!(challenge.time, time);
                prop_assert_eq!(challenge.time_control, control);
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

/// `/akon {sub}` with `options` (name, Discord type, value).
fn parsed(sub: &str, options: &[(&str, u8, Value)]) -> Result<AkonCommand, CommandError> {
    let options: Vec<(String, u8, Value)> = options
        .iter()
        .map(|(name, kind, value)| (name.to_string(), *kind, value.clone()))
        .collect();
    parse(&interaction("akon", sub, &options))
}

/// An option as Discord sends it: its name, its type, its value as JSON.
type Given = (&'static str, u8, &'static str);

/// The opponent a challenge needs, as Discord sends it.
const OPPONENT: Given = ("opponent", 6, r#""700000000000000001""#);

/// `/akon …` with malformed options (a wrong type, out of range, not among
/// the choices, a user missing from `resolved`, a required one missing),
/// each option's value as JSON, and the option each is refused by.
const MALFORMED: &[(&str, &[Given], &str)] = &[
    ("board", &[("game", 4, "0")], "game"),
    ("resign", &[("game", 3, r#""12""#)], "game"),
    ("review", &[], "game"),
    ("game", &[("id", 4, "-4")], "id"),
    ("challenge", &[], "opponent"),
    ("challenge", &[("opponent", 6, r#""700000000000000002""#)], "opponent"),
    ("challenge", &[("opponent", 3, r#""ada""#)], "opponent"),
    ("challenge", &[OPPONENT, ("level", 3, r#""grandmaster""#)], "level"),
    ("challenge", &[OPPONENT, ("level", 4, "3")], "level"),
    (
        "challenge",
        &[OPPONENT, ("time_per_move", 3, r#""2h""#)],
        "time_per_move",
    ),
    ("leaderboard", &[("scope", 3, r#""planet""#)], "scope"),
    ("leaderboard", &[("season", 3, r#""next_month""#)], "season"),
    ("stats", &[("player", 5, "true")], "player"),
    ("settings", &[("dm_reminders", 3, r#""yes""#)], "dm_reminders"),
    ("settings", &[("language", 3, r#""de""#)], "language"),
    ("settings", &[("server_language", 10, "1.5")], "server_language"),
    ("settings", &[("board_style", 3, r#""gif""#)], "board_style"),
    ("settings", &[("web_games", 3, r#""maybe""#)], "web_games"),
    (
        "settings",
        &[("leaderboard_inactive_days", 4, "-1")],
        "leaderboard_inactive_days",
    ),
    (
        "settings",
        &[("leaderboard_inactive_days", 4, "3651")],
        "leaderboard_inactive_days",
    ),
    ("settings", &[("daily_puzzle_hour", 4, "24")], "daily_puzzle_hour"),
    ("settings", &[("reminders", 3, r#""hourly""#)], "reminders"),
    ("vacation", &[], "state"),
    ("vacation", &[("state", 3, r#""maybe""#)], "state"),
    ("vacation", &[("state", 5, "true")], "state"),
    (
        "tournament create",
        &[
            ("name", 3, r#""Cup""#),
            ("format", 3, r#""swiss""#),
            ("vacations", 3, r#""yes""#),
        ],
        "vacations",
    ),
    (
        "tournament create",
        &[("name", 3, r#""Cup""#), ("format", 3, r#""ladder""#)],
        "format",
    ),
    ("tournament create", &[("format", 3, r#""swiss""#)], "name"),
    ("tournament start", &[("tournament", 4, "0")], "tournament"),
];

/// Malformed options are refused by the option's name.
#[test]
fn malformed_values_are_refused_by_the_options_name() {
    for (sub, options, option) in MALFORMED {
        let options: Vec<(&str, u8, Value)> = options
            .iter()
            .map(|&(name, kind, value)| (name, kind, serde_json::from_str(value).unwrap()))
            .collect();
        assert_eq!(
            parsed(sub, &options),
            Err(CommandError::BadOption(option.to_string())),
            "/akon {sub} {options:?}"
        );
    }
    assert_eq!(
        parsed("delete", &[]),
        Err(CommandError::UnknownSubcommand("delete".into()))
    );
    assert_eq!(
        parsed("tournament delete", &[]),
        Err(CommandError::UnknownSubcommand("delete".into()))
    );
    assert_eq!(
        parse(&interaction("akin", "games", &[])),
        Err(CommandError::UnknownCommand("akin".into()))
    );
}

/// Of two options of one name, the first counts; options no declaration
/// names are left aside.
#[test]
fn the_first_of_two_options_counts_and_unknown_ones_are_left_aside() {
    match parsed("abort", &[("game", 4, json!(7)), ("game", 4, json!(8))]) {
        Ok(AkonCommand::Abort(abort)) => assert_eq!(abort.game, Some(7)),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parsed("rules", &[("x", 3, json!("ignored"))]),
        Ok(AkonCommand::Rules(_))
    ));
}

/// Each kind reads what Discord sends as what it means: `discord` as no
/// language chosen, a role and a channel by id, a choice by its code.
#[test]
fn well_formed_values_read_as_what_they_mean() {
    let settings = parsed(
        "settings",
        &[
            ("time_per_move", 3, json!(TimePerMove::ALL[0].code())),
            ("language", 3, json!("discord")),
            ("server_language", 3, json!("fr")),
            ("tournament_role", 8, json!("950000000000000001")),
            ("server_board_style", 3, json!("picture")),
            ("web_games", 3, json!("off")),
            ("leaderboard_inactive_days", 4, json!(0)),
            ("daily_puzzle_channel", 7, json!("940000000000000002")),
            ("daily_puzzle_hour", 4, json!(0)),
            ("reminders", 3, json!("daily")),
        ],
    );
    let Ok(AkonCommand::Settings(settings)) = settings else {
        panic!("{settings:?}")
    };
    assert_eq!(settings.time, Some(TimePerMove::ALL[0]));
    assert_eq!(settings.language, Some(None));
    assert_eq!(settings.server_language, Some(Some(crate::i18n::Language::French)));
    assert_eq!(settings.tournament_role, Some(950_000_000_000_000_001));
    assert_eq!(settings.server_board_style, Some(crate::service::BoardStyle::Picture));
    assert_eq!(settings.web_games, Some(false));
    assert_eq!(
        settings.leaderboard_inactive_days,
        Some(crate::service::InactiveDays::OFF)
    );
    assert_eq!(settings.daily_puzzle_channel, Some(940_000_000_000_000_002));
    assert_eq!(settings.daily_puzzle_hour, Some(0));
    assert_eq!(settings.reminders, Some(crate::service::ReminderPace::Daily));
}

#[test]
fn vacation_and_leaderboard_values_read_as_what_they_mean() {
    let Ok(AkonCommand::Vacation(vacation)) = parsed("vacation", &[("state", 3, json!("off"))]) else {
        panic!("vacation off")
    };
    assert!(!vacation.on);
    let Ok(AkonCommand::Vacation(vacation)) = parsed("vacation", &[("state", 3, json!("on"))]) else {
        panic!("vacation on")
    };
    assert!(vacation.on);
    let leaderboard = parsed(
        "leaderboard",
        &[("scope", 3, json!("global")), ("season", 3, json!("last_month"))],
    );
    let Ok(AkonCommand::Leaderboard(leaderboard)) = leaderboard else {
        panic!("{leaderboard:?}")
    };
    assert!(leaderboard.global);
    assert_eq!(leaderboard.season, crate::service::Season::LastMonth);
}

#[test]
fn tournament_values_read_as_what_they_mean() {
    let create = parsed(
        "tournament create",
        &[
            ("name", 3, json!("Cup")),
            ("format", 3, json!("knockout_third_place")),
            ("rounds", 4, json!(4)),
        ],
    );
    let Ok(AkonCommand::Tournament(super::commands::TournamentCommand::Create(create))) = create else {
        panic!("{create:?}")
    };
    assert_eq!(create.format, crate::service::TournamentFormat::KnockoutThirdPlace);
    assert_eq!((create.name.as_str(), create.rounds), ("Cup", Some(4)));
    assert!(!create.vacations, "vacations are off unless the organiser allows them");
    let allowing = parsed(
        "tournament create",
        &[
            ("name", 3, json!("Cup")),
            ("format", 3, json!("swiss")),
            ("vacations", 3, json!("on")),
        ],
    );
    let Ok(AkonCommand::Tournament(super::commands::TournamentCommand::Create(allowing))) = allowing else {
        panic!("{allowing:?}")
    };
    assert!(allowing.vacations);
}

/// Values Discord would let a user give to the registered `option`: every
/// choice, the bounds of a number, a user `resolved` knows, a channel or a
/// role by id, texts up to the longest allowed.
fn values_discord_allows(option: &Value) -> Vec<(u8, Value)> {
    let kind = option["type"].as_u64().unwrap() as u8;
    let choices: Vec<(u8, Value)> = option["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|choice| (kind, choice["value"].clone()))
        .collect();
    if !choices.is_empty() {
        return choices;
    }
    match kind {
        3 => {
            let longest = option["max_length"].as_u64().unwrap_or(100) as usize;
            vec![(3, json!("Cup")), (3, json!("x".repeat(longest)))]
        }
        4 => {
            let min = option["min_value"].as_i64().unwrap_or(1);
            let max = option["max_value"].as_i64().unwrap_or(min + 1_000_000);
            vec![(4, json!(min)), (4, json!(max))]
        }
        5 => vec![(5, json!(true)), (5, json!(false))],
        6 => vec![(6, json!(USER.to_string()))],
        7 => vec![(7, json!("940000000000000001"))],
        8 => vec![(8, json!("950000000000000001"))],
        other => panic!("an option of type {other} is not covered"),
    }
}

/// The parser agrees with the registration: a command given any value
/// Discord allows, for any of its options, parses.
#[test]
fn every_value_the_registration_allows_parses() {
    let command = serde_json::to_value(super::commands::akon_command()).unwrap();
    let subcommands: Vec<(String, &Value)> = command["options"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|entry| match entry["type"].as_u64() {
            Some(2) => entry["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|sub| {
                    (
                        format!("{} {}", entry["name"].as_str().unwrap(), sub["name"].as_str().unwrap()),
                        sub,
                    )
                })
                .collect::<Vec<_>>(),
            _ => vec![(entry["name"].as_str().unwrap().to_string(), entry)],
        })
        .collect();
    let mut parsed_commands = 0;
    for (sub, declared) in &subcommands {
        let options: Vec<&Value> = declared["options"].as_array().into_iter().flatten().collect();
        let required: Vec<(String, u8, Value)> = options
            .iter()
            .filter(|option| option["required"] == true)
            .map(|option| {
                let (kind, value) = values_discord_allows(option).remove(0);
                (option["name"].as_str().unwrap().to_string(), kind, value)
            })
            .collect();
        let result = parse(&interaction("akon", sub, &required));
        assert!(result.is_ok(), "/akon {sub} with only its required options: {result:?}");
        parsed_commands += 1;
        for option in &options {
            let name = option["name"].as_str().unwrap().to_string();
            for (kind, value) in values_discord_allows(option) {
                let mut given: Vec<(String, u8, Value)> = required
                    .iter()
                    .filter(|(other, _, _)| *other != name)
                    .cloned()
                    .collect();
                given.push((name.clone(), kind, value.clone()));
                let result = parse(&interaction("akon", sub, &given));
                assert!(result.is_ok(), "/akon {sub} {name}:{value}: {result:?}");
                parsed_commands += 1;
            }
        }
    }
    assert!(subcommands.len() >= 19, "{}", subcommands.len());
    assert!(parsed_commands > 100, "{parsed_commands}");
}
