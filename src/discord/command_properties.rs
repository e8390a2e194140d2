//! Property tests of `/akon` parsing ([`super::commands::parse`]) over
//! interactions as the gateway could send them: any subcommand name, any
//! option names, values of every option type (any text, any number, users
//! missing from `resolved`). Parsing never panics; a well-formed command
//! always parses, to what it said.

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{json, Value};
use serenity::all::CommandInteraction;

use super::commands::{parse, AkonCommand};
use crate::ai::Level;
use crate::service::TimePerMove;

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

/// A DM interaction of `/{command} {sub}` with `options`; `USER` is the
/// only user `resolved` knows.
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
            "options": [{"name": sub, "type": 1, "options": leaves}],
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
