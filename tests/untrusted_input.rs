//! Every parser of text from outside — a button's `custom_id`, a game record
//! in notation, a position in JSON, hole and seat numbers, slash-command
//! choices (level, time per move) — over arbitrary strings and bytes: it
//! never panics, and what it accepts formats back to text it reads the same
//! way (parse ∘ format round trips).
//!
//! Each property runs `CASES` cases; the inputs are short, so the whole file
//! runs in a few seconds in a debug build.

use akon::ai::Level;
use akon::discord::ButtonId;
use akon::engine::{Hole, Position, PositionJsonError, Record, Seat};
use akon::service::TimePerMove;
use proptest::collection::vec;
use proptest::prelude::*;

/// Cases per property: tens of thousands, each a parse of a short text.
const CASES: u32 = 20_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        // Shrinking only runs on a failure; no file of past failures, so
        // that the tests leave nothing behind in the working tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Any text: arbitrary Unicode, and arbitrary bytes read as UTF-8 (with
/// replacement characters), as a gateway or a terminal could hand over.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        vec(any::<u8>(), 0..64).prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

/// Text made of the pieces a parser looks for, so that the cases reach past
/// the first check: `pieces` joined by `separators`.
fn near_miss(pieces: &'static [&'static str], separators: &'static [&'static str]) -> impl Strategy<Value = String> {
    vec((prop::sample::select(pieces), prop::sample::select(separators)), 0..8).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(piece, separator)| format!("{piece}{separator}"))
            .collect()
    })
}

// ------------------------------------------------------------- custom_id

fn button_id() -> impl Strategy<Value = ButtonId> {
    let id = 0..=i64::MAX;
    let hole = (1..=7i64).prop_map(|n| Hole::new(n).unwrap());
    prop_oneof![
        id.clone().prop_map(|challenge| ButtonId::Accept { challenge }),
        id.clone().prop_map(|challenge| ButtonId::Decline { challenge }),
        (id.clone(), id.clone(), hole.clone()).prop_map(|(game, ply, hole)| ButtonId::Move { game, ply, hole }),
        id.clone().prop_map(|game| ButtonId::Resign { game }),
        (id.clone(), proptest::option::of(id.clone())).prop_map(|(game, ply)| ButtonId::ResignConfirmed { game, ply }),
        id.clone().prop_map(|game| ButtonId::Rematch { game }),
        id.clone().prop_map(|game| ButtonId::Abort { game }),
        (any::<bool>(), any::<u64>(), id.clone()).prop_map(|(global, guild, page)| ButtonId::Leaderboard {
            global,
            guild,
            page
        }),
        (any::<u64>(), id.clone()).prop_map(|(player, page)| ButtonId::History { player, page }),
        id.clone().prop_map(|game| ButtonId::Review { game }),
        (id.clone(), id.clone()).prop_map(|(game, ply)| ButtonId::Hint { game, ply }),
        (id.clone(), hole.clone()).prop_map(|(attempt, hole)| ButtonId::Puzzle { attempt, hole }),
        Just(ButtonId::NextPuzzle),
        id.clone().prop_map(|day| ButtonId::DailyPuzzle { day }),
        (id.clone(), hole).prop_map(|(day, hole)| ButtonId::DailyAnswer { day, hole }),
        id.clone()
            .prop_map(|tournament| ButtonId::TournamentJoin { tournament }),
        id.prop_map(|tournament| ButtonId::TournamentLeave { tournament }),
    ]
}

const BUTTON_PIECES: &[&str] = &[
    "akon",
    "accept",
    "decline",
    "move",
    "resign",
    "resign-yes",
    "rematch",
    "abort",
    "leaderboard",
    "tjoin",
    "tleave",
    "daily",
    "daily-answer",
    "history",
    "review",
    "hint",
    "puzzle",
    "puzzle-next",
    "global",
    "server",
    "0",
    "7",
    "8",
    "-1",
    "+3",
    "007",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "",
    " 1",
    "١",
];

fn button_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any_text(),
        near_miss(BUTTON_PIECES, &[":", ":", ":", "", "::"]).prop_map(|t| t.trim_end_matches(':').to_string()),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_custom_id_parses_back_from_its_text(id in button_id()) {
        let text = id.to_string();
        prop_assert!(text.len() <= 100, "Discord's limit for a custom_id: {text}");
        prop_assert_eq!(text.parse::<ButtonId>(), Ok(id));
    }

    #[test]
    fn any_text_as_a_custom_id_parses_or_is_refused_without_panic(text in button_text()) {
        match text.parse::<ButtonId>() {
            // What is accepted formats to a canonical text that parses to
            // the same button (leading zeros are dropped).
            Ok(id) => prop_assert_eq!(id.to_string().parse::<ButtonId>(), Ok(id)),
            Err(unknown) => prop_assert!(unknown.0.chars().count() <= 100),
        }
    }
}

// ------------------------------------------------------- notation, holes

fn record() -> impl Strategy<Value = Record> {
    let seat = prop_oneof![Just(Seat::A), Just(Seat::B)];
    let holes = vec((1..=7i64).prop_map(|n| Hole::new(n).unwrap()), 0..40);
    (seat, holes).prop_map(|(first, moves)| Record { first, moves })
}

const RECORD_PIECES: &[&str] = &[
    "A", "B", "a", "C", ":", "1", "3", "7", "0", "8", "-2", "x", "\t", "\u{a0}", "٣",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_record_parses_back_from_its_text(record in record()) {
        prop_assert_eq!(record.to_string().parse::<Record>(), Ok(record));
    }

    #[test]
    fn any_text_as_a_record_parses_or_is_refused_without_panic(
        text in prop_oneof![any_text(), near_miss(RECORD_PIECES, &[" ", "", ": "])]
    ) {
        if let Ok(record) = text.parse::<Record>() {
            prop_assert_eq!(record.to_string().parse::<Record>(), Ok(record));
        }
    }

    #[test]
    fn any_text_as_a_hole_or_a_seat_parses_or_is_refused_without_panic(text in any_text()) {
        if let Ok(hole) = text.parse::<Hole>() {
            prop_assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
            prop_assert!((1..=7).contains(&hole.number()));
        }
        if let Ok(seat) = text.parse::<Seat>() {
            prop_assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
    }
}

// ----------------------------------------------------------- position JSON

/// Numbers a position's fields could hold, valid or not.
fn count() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        4 => (0..=70i64).prop_map(serde_json::Value::from),
        1 => any::<i64>().prop_map(serde_json::Value::from),
        1 => any::<f64>().prop_map(serde_json::Value::from),
        1 => Just(serde_json::Value::from("5")),
        1 => Just(serde_json::Value::Null),
    ]
}

/// JSON objects shaped like positions, with rows of any length, counts of
/// any kind and sum, keys sometimes missing: they get past the JSON syntax
/// to the shape and the rules.
fn position_like() -> impl Strategy<Value = String> {
    let row = || vec(count(), 0..9);
    let to_move = prop_oneof![Just("A"), Just("B"), Just("C"), Just("")];
    (row(), row(), count(), count(), to_move, any::<u8>()).prop_map(|(a, b, ca, cb, to_move, drop)| {
        let mut json = serde_json::json!({
            "board": {"A": a, "B": b},
            "captured": {"A": ca, "B": cb},
            "to_move": to_move,
        });
        let object = json.as_object_mut().unwrap();
        match drop % 8 {
            0 => {
                object.remove("captured");
            }
            1 => {
                object.insert("extra".into(), serde_json::Value::Bool(true));
            }
            _ => {}
        }
        json.to_string()
    })
}

/// Valid positions: 70 seeds split among 14 holes and two stores.
fn position() -> impl Strategy<Value = Position> {
    (vec(0..=70u32, 15), any::<bool>()).prop_map(|(cuts, b_to_move)| {
        let mut cuts: Vec<u32> = cuts;
        cuts.push(0);
        cuts.push(70);
        cuts.sort_unstable();
        let parts: Vec<i64> = cuts.windows(2).map(|w| (w[1] - w[0]) as i64).collect();
        let to_move = if b_to_move { Seat::B } else { Seat::A };
        Position::new(&parts[..7], &parts[7..14], [parts[14], parts[15]], to_move).unwrap()
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_position_parses_back_from_its_json(position in position()) {
        let text = serde_json::to_string(&position.to_json()).unwrap();
        prop_assert_eq!(Position::from_json(&text).unwrap(), position);
    }

    #[test]
    fn any_text_as_a_position_parses_or_is_refused_without_panic(
        text in prop_oneof![any_text(), position_like()]
    ) {
        match Position::from_json(&text) {
            Ok(position) => {
                let again = serde_json::to_string(&position.to_json()).unwrap();
                prop_assert_eq!(Position::from_json(&again).unwrap(), position);
                prop_assert_eq!(position.board_total() + position.captured(Seat::A) as u32 + position.captured(Seat::B) as u32, 70);
            }
            Err(PositionJsonError::NotJson(_)) => {
                prop_assert!(serde_json::from_str::<serde_json::Value>(&text).is_err(), "{text} is JSON");
            }
            Err(_) => {
                prop_assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok(), "{text} is not JSON");
            }
        }
    }
}

// ---------------------------------------------- slash-command choices

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_text_as_a_level_or_a_time_per_move_parses_or_is_refused_without_panic(
        text in prop_oneof![
            any_text(),
            near_miss(&["easy", "MEDIUM", "Hard", "master", "10m", "1h", "1d", "3d", "7d", " "], &["", " "]),
        ]
    ) {
        if let Ok(level) = text.parse::<Level>() {
            prop_assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            prop_assert!(level.name().eq_ignore_ascii_case(text.trim()));
        }
        if let Ok(time) = text.parse::<TimePerMove>() {
            prop_assert_eq!(time.code().parse::<TimePerMove>(), Ok(time));
            prop_assert_eq!(time.code(), text.trim());
        }
    }
}
