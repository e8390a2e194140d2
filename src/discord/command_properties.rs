//! Property tests of `/akon` parsing ([`super::commands::parse`]) over
//! interactions as the gateway could send them: any subcommand name, any
//! option names, values of every option type (any text, any number, users
//! missing from `resolved`). Parsing never panics; a well-formed command
//! always parses, to what it said.

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{json, Value};
use serenity::all::CommandInteraction;

use super::commands::{parse, AkonCommand, CommandError};
use crate::ai::Level;
use crate::service::{ServerSettingsChanges, SettingsChanges, TimePerMove};

const SUBCOMMANDS: &[&str] = &[
    "challenge",
    "settings",
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
    "game",
    "id",
    "scope",
    "player",
    "dm_reminders",
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
        match parse(&interaction("akon", "challenge", &options)) {
            Ok(AkonCommand::Challenge { opponent, level: parsed_level, time: parsed_time }) => {
                prop_assert_eq!(opponent.map(|user| user.id.get()), Some(USER));
                prop_assert_eq!(parsed_level, level);
                prop_assert_eq!(parsed_time, time);
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

#[test]
fn malformed_options_are_refused_by_name() {
    let bad = |option: &str| Err(CommandError::BadOption(option.into()));
    let stranger = json!("700000000000000002");
    assert_eq!(parsed("board", &[("game", 4, json!(0))]), bad("game"));
    assert_eq!(parsed("resign", &[("game", 3, json!("12"))]), bad("game"));
    assert_eq!(parsed("review", &[]), bad("game"));
    assert_eq!(parsed("game", &[]), bad("id"));
    assert_eq!(parsed("game", &[("id", 4, json!(-4))]), bad("id"));
    assert_eq!(parsed("challenge", &[("opponent", 6, stranger)]), bad("opponent"));
    assert_eq!(parsed("challenge", &[("opponent", 3, json!("ada"))]), bad("opponent"));
    assert_eq!(parsed("challenge", &[("level", 3, json!("grandmaster"))]), bad("level"));
    assert_eq!(parsed("challenge", &[("level", 4, json!(3))]), bad("level"));
    assert_eq!(
        parsed("challenge", &[("time_per_move", 3, json!("2h"))]),
        bad("time_per_move")
    );
    assert_eq!(parsed("leaderboard", &[("scope", 3, json!("planet"))]), bad("scope"));
    assert_eq!(parsed("stats", &[("player", 5, json!(true))]), bad("player"));
    assert_eq!(
        parsed("settings", &[("dm_reminders", 3, json!("yes"))]),
        bad("dm_reminders")
    );
    assert_eq!(parsed("settings", &[("language", 3, json!("de"))]), bad("language"));
    assert_eq!(
        parsed("settings", &[("server_language", 10, json!(1.5))]),
        bad("server_language")
    );
    assert_eq!(
        parsed("delete", &[]),
        Err(CommandError::UnknownSubcommand("delete".into()))
    );
    assert_eq!(
        parse(&interaction("akin", "games", &[])),
        Err(CommandError::UnknownCommand("akin".into()))
    );
}

#[test]
fn well_formed_options_parse_to_what_they_said() {
    assert_eq!(parsed("board", &[]), Ok(AkonCommand::Board { game: None }));
    assert_eq!(
        parsed("abort", &[("game", 4, json!(7)), ("game", 4, json!(8))]),
        Ok(AkonCommand::Abort { game: Some(7) }),
        "the first of two options of one name counts"
    );
    assert_eq!(
        parsed("review", &[("game", 4, json!(3))]),
        Ok(AkonCommand::Review { game: 3 })
    );
    assert_eq!(
        parsed("game", &[("id", 4, json!(12))]),
        Ok(AkonCommand::Game { id: 12 })
    );
    assert_eq!(
        parsed("leaderboard", &[("scope", 3, json!("global"))]),
        Ok(AkonCommand::Leaderboard {
            global: true,
            season: crate::service::Season::AllTime
        })
    );
    assert_eq!(
        parsed(
            "leaderboard",
            &[("scope", 3, json!("global")), ("season", 3, json!("last_month"))]
        ),
        Ok(AkonCommand::Leaderboard {
            global: true,
            season: crate::service::Season::LastMonth
        })
    );
    assert_eq!(
        parsed("leaderboard", &[("season", 3, json!("next_month"))]),
        Err(CommandError::BadOption("season".into()))
    );
    for days in [json!(-1), json!(3651)] {
        assert_eq!(
            parsed("settings", &[("leaderboard_inactive_days", 4, days)]),
            Err(CommandError::BadOption("leaderboard_inactive_days".into()))
        );
    }
    assert!(matches!(
        parsed(
            "settings",
            &[
                ("leaderboard_inactive_days", 4, json!(0)),
                ("season_channel", 7, json!("940000000000000001"))
            ]
        ),
        Ok(AkonCommand::Settings(SettingsChanges {
            server: ServerSettingsChanges {
                leaderboard_inactive_days: Some(crate::service::InactiveDays::OFF),
                season_channel: Some(940_000_000_000_000_001),
                ..
            },
            ..
        }))
    ));
    assert!(matches!(
        parsed(
            "settings",
            &[
                ("daily_puzzle_channel", 7, json!("940000000000000002")),
                ("daily_puzzle_hour", 4, json!(0)),
                ("daily_puzzle", 3, json!("off"))
            ]
        ),
        Ok(AkonCommand::Settings(SettingsChanges {
            server: ServerSettingsChanges {
                daily_puzzle_channel: Some(940_000_000_000_000_002),
                daily_puzzle_hour: Some(0),
                daily_puzzle_enabled: Some(false),
                ..
            },
            ..
        }))
    ));
    for hour in [json!(-1), json!(24)] {
        assert_eq!(
            parsed("settings", &[("daily_puzzle_hour", 4, hour)]),
            Err(CommandError::BadOption("daily_puzzle_hour".into()))
        );
    }
    assert_eq!(
        parsed("leaderboard", &[("scope", 3, json!("server"))]),
        Ok(AkonCommand::Leaderboard {
            global: false,
            season: crate::service::Season::AllTime
        })
    );
    assert_eq!(
        parsed("leaderboard", &[]),
        Ok(AkonCommand::Leaderboard {
            global: false,
            season: crate::service::Season::AllTime
        })
    );
    match parsed("stats", &[("player", 6, json!(USER.to_string()))]) {
        Ok(AkonCommand::Stats { player: Some(user) }) => assert_eq!(user.id.get(), USER),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parsed(
            "settings",
            &[
                ("dm_reminders", 5, json!(false)),
                ("time_per_move", 3, json!(TimePerMove::ALL[0].code())),
                ("language", 3, json!("discord")),
                ("server_language", 3, json!("fr")),
                ("tournament_role", 8, json!("950000000000000001")),
                ("board_style", 3, json!("both")),
                ("server_board_style", 3, json!("picture")),
            ]
        ),
        Ok(AkonCommand::Settings(SettingsChanges {
            dm_reminders: Some(false),
            time_per_move: Some(TimePerMove::ALL[0]),
            language: Some(None),
            board_style: Some(crate::service::BoardStyle::Both),
            server: ServerSettingsChanges {
                language: Some(Some(crate::i18n::Language::French)),
                tournament_role: Some(950_000_000_000_000_001),
                board_style: Some(crate::service::BoardStyle::Picture),
                ..Default::default()
            },
        }))
    );
    assert_eq!(
        parsed("settings", &[("board_style", 3, json!("gif"))]),
        Err(CommandError::BadOption("board_style".into()))
    );
    assert_eq!(
        parsed(
            "settings",
            &[("web_games", 3, json!("off")), ("web_leaderboard", 3, json!("on"))]
        ),
        Ok(AkonCommand::Settings(SettingsChanges {
            server: ServerSettingsChanges {
                web_games: Some(false),
                web_leaderboard: Some(true),
                ..Default::default()
            },
            ..Default::default()
        }))
    );
    assert_eq!(
        parsed("settings", &[("web_games", 3, json!("maybe"))]),
        Err(CommandError::BadOption("web_games".into()))
    );
    assert_eq!(parsed("rules", &[("x", 3, json!("ignored"))]), Ok(AkonCommand::Rules));
    assert_eq!(
        parse(&interaction(
            "akon",
            "tournament create",
            &[
                ("name".to_string(), 3, json!("Cup")),
                ("format".to_string(), 3, json!("swiss")),
                ("rounds".to_string(), 4, json!(4)),
                ("starts_at".to_string(), 3, json!("in 2h")),
            ]
        )),
        Ok(AkonCommand::Tournament(super::commands::TournamentCommand::Create {
            name: "Cup".into(),
            format: crate::service::TournamentFormat::Swiss,
            rounds: Some(4),
            time: None,
            max_players: None,
            rated: true,
            starts_at: Some("in 2h".into()),
        }))
    );
    assert!(matches!(
        parsed(
            "tournament create",
            &[("name", 3, json!("Cup")), ("format", 3, json!("knockout_third_place"))]
        ),
        Ok(AkonCommand::Tournament(super::commands::TournamentCommand::Create {
            format: crate::service::TournamentFormat::KnockoutThirdPlace,
            ..
        }))
    ));
    assert_eq!(
        parsed(
            "tournament create",
            &[("name", 3, json!("Cup")), ("format", 3, json!("ladder"))]
        ),
        Err(CommandError::BadOption("format".into()))
    );
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
