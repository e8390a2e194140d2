//! The real `akon` binary: `akon replay` against the engine and the shared
//! vectors, its exit codes and messages on bad input, and `akon play` driven
//! through a pipe.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use akon::engine::{perft, Game, GameEnd, Hole, Position, Record, Seat, StateJson, Status, Winner};
use serde_json::{json, Value};

/// Runs `akon args…` with `input` on standard input.
fn akon_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_akon"))
        .args(args)
        // A panic would print its backtrace: the tests look for both.
        .env("RUST_BACKTRACE", "1")
        // The endgame tables akon would build itself are tables_cli's business.
        .env("AKON_TABLES", "off")
        // English unless a test asks otherwise (`akon play` follows the locale).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the akon binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // The program may stop reading early (it quit): ignore a broken pipe.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn akon(args: &[&str]) -> Output {
    akon_with_input(args, "")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

fn assert_no_panic(args: &[&str], output: &Output) {
    let err = stderr(output);
    assert!(
        !err.contains("panicked") && !err.contains("backtrace") && !err.contains("RUST_BACKTRACE"),
        "akon {args:?} panicked:\n{err}"
    );
    assert_ne!(output.status.code(), Some(101), "akon {args:?} panicked:\n{err}");
}

/// `akon replay args…` succeeds and prints one line of JSON: that JSON.
fn replay(args: &[&str]) -> Value {
    let mut all = vec!["replay"];
    all.extend_from_slice(args);
    let output = akon(&all);
    assert_no_panic(&all, &output);
    assert_eq!(output.status.code(), Some(0), "akon {all:?}: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "akon {all:?}");
    let out = stdout(&output);
    assert!(out.ends_with('\n'), "akon {all:?}: {out:?}");
    assert_eq!(out.lines().count(), 1, "akon {all:?}: one line of JSON: {out:?}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("akon {all:?}: not JSON ({e}): {out}"))
}

/// `akon args…` fails with exit code 2, nothing on stdout, and a message on
/// stderr naming every one of `needles`. Returns the message.
fn assert_bad_input(args: &[&str], needles: &[&str]) -> String {
    let output = akon(args);
    assert_no_panic(args, &output);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "akon {args:?}: {err}");
    assert_eq!(stdout(&output), "", "akon {args:?}: nothing on stdout");
    assert!(!err.trim().is_empty(), "akon {args:?}: a message on stderr");
    for needle in needles {
        assert!(
            err.contains(needle),
            "akon {args:?}: stderr should mention {needle:?}:\n{err}"
        );
    }
    err
}

/// The JSON of the engine's state after `moves` from `start`.
fn engine_state(start: Position, moves: &[i64]) -> Value {
    let moves: Vec<Hole> = moves.iter().map(|&n| Hole::new(n).unwrap()).collect();
    serde_json::to_value(Game::replay(start, &moves).unwrap().state()).unwrap()
}

fn position_json(a: [i64; 7], b: [i64; 7], captured: [i64; 2], to_move: &str) -> String {
    json!({
        "board": {"A": a, "B": b},
        "captured": {"A": captured[0], "B": captured[1]},
        "to_move": to_move,
    })
    .to_string()
}

// ---------------------------------------------------------------- akon replay

#[test]
fn replay_with_no_moves_prints_the_starting_state() {
    let expected = |first: &str| {
        json!({
            "board": {"A": [5, 5, 5, 5, 5, 5, 5], "B": [5, 5, 5, 5, 5, 5, 5]},
            "captured": {"A": 0, "B": 0},
            "to_move": first,
            "legal": [1, 2, 3, 4, 5, 6, 7],
            "status": "ongoing",
            "end": null,
            "winner": null
        })
    };
    assert_eq!(replay(&["--first", "A"]), expected("A"));
    assert_eq!(replay(&["--first", "B"]), expected("B"));
    let start = position_json([1, 18, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 2, 0], [23, 23], "A");
    assert_eq!(
        replay(&["--start", &start]),
        json!({
            "board": {"A": [1, 18, 0, 0, 0, 0, 0], "B": [0, 1, 1, 1, 0, 2, 0]},
            "captured": {"A": 23, "B": 23},
            "to_move": "A",
            "legal": [1, 2],
            "status": "ongoing",
            "end": null,
            "winner": null
        })
    );
}

#[test]
fn replay_prints_the_same_state_as_the_engine() {
    let state = replay(&["--first", "A", "3", "5", "1", "7"]);
    assert_eq!(state, engine_state(Position::opening(Seat::A), &[3, 5, 1, 7]));
    assert_eq!(
        state,
        json!({
            "board": {"A": [1, 8, 3, 8, 8, 8, 7], "B": [5, 5, 5, 5, 0, 6, 0]},
            "captured": {"A": 1, "B": 0},
            "to_move": "A",
            "legal": [1, 2, 3, 4, 5, 6, 7],
            "status": "ongoing",
            "end": null,
            "winner": null
        })
    );
    // The output is the engine's state format exactly.
    let parsed: StateJson = serde_json::from_value(state).unwrap();
    assert_eq!(parsed.to_move, Some(Seat::A));

    let state = replay(&["--first", "B", "1", "2", "3", "4"]);
    assert_eq!(state, engine_state(Position::opening(Seat::B), &[1, 2, 3, 4]));
}

#[test]
fn replay_from_a_start_position_plays_the_moves() {
    // The traditional worked example.
    let start = position_json([1, 18, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 2, 0], [23, 23], "A");
    let state = replay(&["--start", &start, "2"]);
    assert_eq!(
        state["board"],
        json!({"A": [2, 1, 1, 1, 1, 1, 1], "B": [2, 0, 0, 0, 1, 3, 1]})
    );
    assert_eq!(state["captured"], json!({"A": 32, "B": 23}));
    assert_eq!(state["legal"], json!([1, 5, 6, 7]));
    // A game that ends: A plays its last seed, B cannot move.
    let start = position_json([1, 0, 0, 0, 0, 0, 0], [0; 7], [34, 35], "A");
    assert_eq!(
        replay(&["--start", &start, "1"]),
        json!({
            "board": {"A": [0, 0, 0, 0, 0, 0, 0], "B": [0, 0, 0, 0, 0, 0, 0]},
            "captured": {"A": 35, "B": 35},
            "to_move": null,
            "legal": [],
            "status": "finished",
            "end": "no_seeds",
            "winner": "draw"
        })
    );
}

#[derive(serde::Deserialize)]
struct Vector {
    start: Option<Value>,
    first: String,
    moves: Vec<i64>,
    states: Vec<Value>,
    #[serde(rename = "final")]
    final_state: Value,
}

#[test]
fn replay_agrees_with_the_shared_vectors() {
    let vectors: Vec<Vector> = include_str!("data/akon-vectors.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut checked = 0;
    let mut with_start = 0;
    let mut endings = Vec::new();
    // Every hand-made rule case, then every 10th game.
    for (line, vector) in vectors.iter().enumerate() {
        if line >= 15 && line % 10 != 0 {
            continue;
        }
        let start = vector.start.as_ref().map(|s| s.to_string());
        let mut args: Vec<&str> = match &start {
            Some(json) => vec!["--start", json],
            None => vec!["--first", &vector.first],
        };
        with_start += start.is_some() as usize;
        let moves: Vec<String> = vector.moves.iter().map(|n| n.to_string()).collect();
        let base = args.len();
        args.extend(moves.iter().map(String::as_str));
        assert_eq!(replay(&args), vector.final_state, "line {}: final state", line + 1);
        // And one state half way.
        let half = vector.moves.len() / 2;
        if half > 0 {
            args.truncate(base + half);
            assert_eq!(
                replay(&args),
                vector.states[half - 1],
                "line {}: state {half}",
                line + 1
            );
        }
        endings.push(vector.final_state["end"].clone());
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} vectors checked");
    assert!(with_start >= 15, "only {with_start} vectors with a start");
    assert!(endings.contains(&json!("loop")) && endings.contains(&json!("no_seeds")));
}

#[test]
fn replay_reads_a_game_record() {
    let from_record = replay(&["--record", "A: 3 5 1"]);
    assert_eq!(from_record, replay(&["--first", "A", "3", "5", "1"]));
    assert_eq!(from_record, engine_state(Position::opening(Seat::A), &[3, 5, 1]));
    // Moves after the record continue the game.
    assert_eq!(
        replay(&["--record", "B: 2 4", "6", "1"]),
        engine_state(Position::opening(Seat::B), &[2, 4, 6, 1])
    );
    assert_eq!(
        replay(&["--record", "B:"]),
        engine_state(Position::opening(Seat::B), &[])
    );
}

#[test]
fn an_illegal_move_names_its_number_its_hole_and_why() {
    // Move 3 is A3 again, now empty.
    let err = assert_bad_input(
        &["replay", "--first", "A", "3", "1", "3"],
        &["move 3", "hole 3", "empty"],
    );
    assert!(err.starts_with("akon: "), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    // Counted through a record and the moves after it.
    assert_bad_input(&["replay", "--record", "A: 3 1", "3"], &["move 3", "hole 3", "empty"]);
    // B has nothing: A1 does not feed, A7 would.
    let start = position_json([1, 0, 0, 0, 0, 2, 2], [0; 7], [33, 32], "A");
    assert_bad_input(&["replay", "--start", &start, "1"], &["move 1", "hole 1", "feed"]);
    // The loop ends the game after 16 moves; a 17th is refused.
    let start = position_json([0, 0, 0, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1, 0], [33, 33], "A");
    let mut args = vec!["replay", "--start", &start];
    args.extend([
        "6", "6", "5", "5", "6", "6", "7", "7", "1", "1", "2", "2", "3", "3", "4", "4", "6",
    ]);
    assert_bad_input(&args, &["move 17", "hole 6", "over"]);
    // A game already over at its start.
    let start = position_json([0; 7], [1, 0, 0, 0, 0, 0, 0], [35, 34], "A");
    assert_bad_input(&["replay", "--start", &start, "1"], &["move 1", "over"]);
}

#[test]
fn a_move_that_is_not_a_hole_number_is_refused() {
    for bad in ["0", "8", "-1", "x", "3.5", "", "99999999999999999999"] {
        assert_bad_input(&["replay", "--first", "A", "3", bad], &["move 2", bad]);
    }
    assert_bad_input(&["replay", "--record", "A: 3 9"], &["record", "move 2", "9"]);
    assert_bad_input(&["replay", "--record", "A: 3 x"], &["move 2", "x"]);
}

#[test]
fn a_bad_seat_is_refused() {
    assert_bad_input(&["replay", "--first", "C"], &["C", "--first", "possible values: A, B"]);
    assert_bad_input(&["replay", "--first", ""], &["--first", "possible values: A, B"]);
    assert_bad_input(&["replay", "--first", "AB", "1"], &["AB"]);
    assert_bad_input(&["replay", "--record", "C: 1 2"], &["C"]);
    assert_bad_input(&["replay", "--record", "3 5 1"], &["record"]);
}

#[test]
fn a_malformed_start_position_is_refused() {
    for not_json in ["", "{", "not json", "{board: 3}"] {
        let err = assert_bad_input(&["replay", "--start", not_json], &["--start", "not JSON"]);
        assert!(!err.contains("not of the form"), "{err}");
    }
    for bad_value in ["[]", "{}", r#"{"board": 3}"#, "null"] {
        let err = assert_bad_input(&["replay", "--start", bad_value], &["--start", "not of the form"]);
        assert!(!err.contains("not JSON"), "{err}");
    }
    let ok = position_json([5; 7], [5; 7], [0, 0], "A");
    assert_eq!(replay(&["--start", &ok]), engine_state(Position::opening(Seat::A), &[]));
    // Missing captures, an unknown field, a string for a number.
    assert_bad_input(
        &[
            "replay",
            "--start",
            r#"{"board": {"A": [5,5,5,5,5,5,5], "B": [5,5,5,5,5,5,5]}, "to_move": "A"}"#,
        ],
        &["captured"],
    );
    assert_bad_input(
        &[
            "replay",
            "--start",
            &ok.replace("\"to_move\"", "\"extra\":1,\"to_move\""),
        ],
        &["extra"],
    );
    assert_bad_input(&["replay", "--start", &ok.replacen("5", "\"5\"", 1)], &["--start"]);
}

#[test]
fn a_start_position_with_the_wrong_total_is_refused() {
    let start = position_json([5; 7], [5; 7], [1, 0], "A");
    assert_bad_input(&["replay", "--start", &start], &["70"]);
    let start = position_json([5; 7], [5, 5, 5, 5, 5, 5, 4], [0, 0], "B");
    assert_bad_input(&["replay", "--start", &start, "1"], &["69", "70"]);
}

#[test]
fn a_start_position_with_the_wrong_row_length_is_refused() {
    let start =
        r#"{"board": {"A": [5,5,5,5,5,5], "B": [5,5,5,5,5,5,5]}, "captured": {"A": 5, "B": 0}, "to_move": "A"}"#;
    assert_bad_input(&["replay", "--start", start], &["7", "6"]);
    let start =
        r#"{"board": {"A": [5,5,5,5,5,5,5], "B": [5,5,5,5,5,5,5,0]}, "captured": {"A": 0, "B": 0}, "to_move": "A"}"#;
    assert_bad_input(&["replay", "--start", start], &["8"]);
}

#[test]
fn a_start_position_with_negative_counts_is_refused() {
    let start = position_json([5; 7], [5, 5, -1, 5, 5, 5, 6], [1, 0], "A");
    assert_bad_input(&["replay", "--start", &start], &["B3", "-1", "negative"]);
    let start = position_json([5; 7], [5; 7], [2, -2], "A");
    assert_bad_input(&["replay", "--start", &start], &["-2", "negative"]);
}

#[test]
fn a_start_position_with_huge_counts_is_refused() {
    // Each count is a valid 64-bit number, but their sum overflows: this must
    // be a clean refusal, not a crash (nor, in a release build, a wrapped sum
    // of exactly 70 accepted as a position with 255 seeds in a hole).
    let max = i64::MAX;
    let start = position_json([max, max, 72, 0, 0, 0, 0], [0; 7], [0, 0], "A");
    assert_bad_input(&["replay", "--start", &start], &["--start"]);
    let start = position_json([5; 7], [5; 7], [max, 1], "A");
    assert_bad_input(&["replay", "--start", &start], &["--start"]);
}

#[test]
fn a_start_position_with_a_third_seat_to_move_is_refused() {
    let start = position_json([5; 7], [5; 7], [0, 0], "C");
    assert_bad_input(&["replay", "--start", &start], &["C"]);
    let start = position_json([5; 7], [5; 7], [0, 0], "");
    assert_bad_input(&["replay", "--start", &start], &["--start"]);
}

#[test]
fn replay_needs_a_start() {
    let err = assert_bad_input(&["replay"], &["--first", "--start", "--record"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_bad_input(&["replay", "3", "5"], &["--first"]);
}

#[test]
fn conflicting_or_unknown_options_are_refused() {
    let start = position_json([5; 7], [5; 7], [0, 0], "A");
    assert_bad_input(&["replay", "--first", "A", "--start", &start], &["--first", "--start"]);
    assert_bad_input(
        &["replay", "--start", &start, "--record", "A: 1"],
        &["--start", "--record"],
    );
    assert_bad_input(&["replay", "--first", "A", "--first", "B"], &["--first"]);
    assert_bad_input(&["replay", "--first", "A", "--bogus"], &["--bogus"]);
    assert_bad_input(&["replay", "--start"], &["--start"]);
}

// ---------------------------------------------------------------- akon play

/// The game record `akon play` printed last ("Record: …" at the end of a
/// game, "Record so far: …" when abandoned).
fn printed_record(out: &str) -> (Record, bool) {
    // The last line may start with the prompt, which ends without a newline.
    let line = out
        .lines()
        .rev()
        .find(|line| line.contains("Record"))
        .unwrap_or_else(|| panic!("no record in:\n{out}"));
    let (text, finished) = match (line.split_once("Record so far: "), line.split_once("Record: ")) {
        (Some((_, text)), _) => (text, false),
        (None, Some((_, text))) => (text, true),
        _ => panic!("no record in {line:?}"),
    };
    (text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}")), finished)
}

fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let output = akon_with_input(&all, input);
    assert_no_panic(&all, &output);
    assert_eq!(output.status.code(), Some(0), "akon {all:?}: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "akon {all:?}");
    stdout(&output)
}

#[test]
fn play_hotseat_plays_a_scripted_game_to_its_end() {
    for first in [Seat::A, Seat::B] {
        // A whole game from the opening, each player taking their highest legal hole.
        let mut game = Game::opening(first);
        while let Some(hole) = game.legal_moves().iter().next_back() {
            game.play(hole).unwrap();
        }
        let input: String = game.moves().iter().map(|hole| format!("{hole}\n")).collect();
        let out = play(&["--hotseat", "--first", &first.to_string()], &input);

        assert!(out.contains(&format!("First to move: Player {first}.")), "{out}");
        assert!(out.contains("Game over"), "{out}");
        let (record, finished) = printed_record(&out);
        assert!(finished, "{out}");
        assert_eq!(record, game.record());
        // The winner's score first.
        let winner = match game.status() {
            Status::Finished {
                winner: Winner::Seat(seat),
                ..
            } => seat,
            _ => Seat::A,
        };
        let (won, lost) = (
            game.position().captured(winner),
            game.position().captured(winner.opponent()),
        );
        assert!(won >= lost);
        assert!(
            out.contains(&format!(", {won} to {lost}.")),
            "final score {won} to {lost} in:\n{out}"
        );
        let how = match game.end().unwrap() {
            GameEnd::NoSeeds => "could not move",
            GameEnd::Loop => "came back",
        };
        assert!(out.contains(how), "{out}");
        // Each move is told: what was sown, where it ended, what was captured.
        assert_eq!(out.matches(" sowed ").count(), game.moves().len(), "{out}");
        assert!(!out.contains("You cannot play"), "{out}");
    }
}

#[test]
fn play_tells_what_each_move_sowed_and_captured() {
    let out = play(&["--hotseat", "--first", "A"], "3\n");
    assert!(
        out.contains("A sowed 5 seeds from A3, the last into B1: kept that seed"),
        "{out}"
    );
    assert!(out.contains("Player A · captured 1"), "{out}");
}

#[test]
fn play_re_asks_after_bad_input() {
    // A: x, 9, 0 and an empty line are refused, then 3. B: 3. A: 3 (now
    // empty) is refused, then 1. B quits.
    let out = play(&["--hotseat", "--first", "A"], "x\n9\n0\n\n3\n3\n3\n1\nq\n");
    assert!(out.contains("`x` is not a hole number"), "{out}");
    assert!(out.contains("hole 9 does not exist"), "{out}");
    assert!(out.contains("hole 0 does not exist"), "{out}");
    assert!(out.contains("You cannot play 3: hole 3 is empty"), "{out}");
    let (record, finished) = printed_record(&out);
    assert!(!finished);
    assert_eq!(record.to_string(), "A: 3 3 1");
    assert!(out.contains("Game abandoned. Record so far: A: 3 3 1"), "{out}");
}

#[test]
fn play_speaks_the_language_asked_for() {
    let out = play(&["--hotseat", "--first", "A", "--lang", "fr"], "x\n9\n3\n3\n3\n1\nq\n");
    assert!(out.starts_with("Akon\u{A0}: sème depuis ta rangée"), "{out}");
    assert!(out.contains("Joueur A, ton coup (1 2 3 4 5 6 7)\u{A0}: "), "{out}");
    assert!(out.contains("`x` n'est pas un numéro de trou"), "{out}");
    assert!(out.contains("le trou 9 n'existe pas"), "{out}");
    assert!(
        out.contains("A a semé 5 graines depuis A3, la dernière dans B1"),
        "{out}"
    );
    assert!(
        out.contains("Tu ne peux pas jouer 3\u{A0}: le trou 3 est vide."),
        "{out}"
    );
    assert!(
        out.contains("Partie abandonnée. Notation jusqu'ici\u{A0}: A: 3 3 1"),
        "{out}"
    );
    assert!(out.contains(" A1 A2 A3 A4 A5 A6 A7"), "hole names stay: {out}");
    assert!(!out.contains("your move"), "{out}");
}

#[test]
fn play_follows_the_environment_unless_told() {
    let spanish = |args: &[&str]| {
        let mut all = vec!["play", "--hotseat", "--first", "B"];
        all.extend_from_slice(args);
        let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
        command
            .args(&all)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("AKON_TABLES", "off");
        command.env("LANG", "es_GQ.UTF-8").stdin(Stdio::null());
        stdout(&command.output().unwrap())
    };
    let out = spanish(&[]);
    assert!(out.contains("Jugador B, tu jugada (1 2 3 4 5 6 7):"), "{out}");
    let out = spanish(&["--lang", "en"]);
    assert!(out.contains("Player B, your move (1 2 3 4 5 6 7):"), "{out}");
    assert_bad_input(&["play", "--lang", "de"], &["--lang", "'de'", "en, fr, es"]);
}

#[test]
fn play_prompts_with_the_legal_holes_only() {
    let out = play(&["--hotseat", "--first", "A"], "3\n3\n");
    assert!(out.contains("Player A, your move (1 2 3 4 5 6 7): "), "{out}");
    assert!(out.contains("Player B, your move (1 2 3 4 5 6 7): "), "{out}");
    assert!(out.contains("Player A, your move (1 2 4 5 6 7): "), "{out}");
}

#[test]
fn play_re_asks_a_move_that_does_not_feed() {
    // Find, by deterministic random play from the opening, a position where
    // the feeding rule forbids a non-empty hole.
    let mut seed: u64 = 1;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let (game, refused) = 'search: loop {
        let mut game = Game::opening(Seat::A);
        while !game.is_over() {
            let position = *game.position();
            if let Some(refused) = position
                .non_empty_holes()
                .iter()
                .find(|&h| !position.legal_moves().contains(h))
            {
                break 'search (game, refused);
            }
            let legal: Vec<Hole> = game.legal_moves().iter().collect();
            game.play(legal[next(legal.len())]).unwrap();
        }
    };
    let mut input: String = game.moves().iter().map(|hole| format!("{hole}\n")).collect();
    let allowed = game.legal_moves().iter().next().unwrap();
    input.push_str(&format!("{refused}\n{allowed}\nq\n"));
    let out = play(&["--hotseat", "--first", "A"], &input);
    assert!(
        out.contains(&format!("You cannot play {refused}: hole {refused} does not feed")),
        "{}\n{out}",
        game.record()
    );
    let (record, _) = printed_record(&out);
    assert_eq!(record.moves.len(), game.moves().len() + 1);
    assert_eq!(record.moves.last(), Some(&allowed));
}

#[test]
fn q_quits_cleanly() {
    for quit in ["q\n", "quit\n", "exit\n", "q"] {
        let out = play(&["--hotseat", "--first", "B"], quit);
        assert!(out.contains("Game abandoned. Record so far: B:"), "{quit:?}: {out}");
        assert!(!out.contains(" sowed "), "{out}");
    }
    let out = play(&["--hotseat", "--first", "A"], "4\n2\nq\n");
    assert_eq!(printed_record(&out).0.to_string(), "A: 4 2");
}

#[test]
fn the_end_of_the_input_abandons_the_game() {
    let out = play(&["--hotseat", "--first", "A"], "");
    assert!(out.contains("Game abandoned. Record so far: A:"), "{out}");
    let out = play(&["--hotseat", "--first", "A"], "5\n6");
    assert_eq!(printed_record(&out).0.to_string(), "A: 5 6");
}

/// Input for a human who tries 1, 2, …, 7, 1, 2, … until one is legal.
fn stubborn_human(lines: usize) -> String {
    (0..lines).map(|i| format!("{}\n", i % 7 + 1)).collect()
}

#[test]
fn play_against_the_computer_from_a_pipe() {
    for (seat, first) in [("B", "A"), ("B", "B"), ("A", "A"), ("A", "B")] {
        let args = ["--seat", seat, "--first", first, "--seed", "7", "--level", "easy"];
        let out = play(&args, &stubborn_human(5000));
        let human: Seat = seat.parse().unwrap();
        let computer = human.opponent();
        let first_name = if first == seat {
            format!("You ({seat})")
        } else {
            format!("Computer ({computer}, easy)")
        };
        assert!(out.contains(&format!("First to move: {first_name}.")), "{out}");

        // The game the program printed is a legal game, and it is over.
        let (record, finished) = printed_record(&out);
        assert_eq!(record.first.to_string(), first);
        let game = Game::from_record(&record).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert!(finished && game.is_over(), "{args:?}: the game should end:\n{out}");
        // The computer announced each of its moves, and they are its own.
        let computer_moves: Vec<String> = record
            .moves
            .iter()
            .enumerate()
            .filter(|(i, _)| (*i % 2 == 0) == (record.first == computer))
            .map(|(_, hole)| hole.to_string())
            .collect();
        let announced: Vec<String> = out
            .lines()
            .filter_map(|line| line.strip_prefix(&format!("Computer ({computer}, easy) plays ")))
            .map(|rest| rest.trim_end_matches('.').to_string())
            .collect();
        assert_eq!(announced, computer_moves, "{args:?}");
        assert!(!announced.is_empty());
        assert!(!out.contains(&format!("Computer ({human}")), "{out}");
    }
}

#[test]
fn play_draws_the_board_from_the_humans_side() {
    let out = play(&["--seat", "A", "--first", "A"], "q\n");
    let lines: Vec<&str> = out.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with("Computer (B, medium) · captured 0"))
        .expect(&out);
    assert_eq!(lines[top + 1], " B1 B2 B3 B4 B5 B6 B7");
    assert_eq!(lines[top + 4], " A7 A6 A5 A4 A3 A2 A1");
    assert_eq!(lines[top + 5], "You (A) · captured 0");

    let out = play(&["--seat", "B", "--first", "B"], "q\n");
    let lines: Vec<&str> = out.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with("Computer (A, medium) · captured 0"))
        .expect(&out);
    assert_eq!(lines[top + 1], " A1 A2 A3 A4 A5 A6 A7");
    assert_eq!(lines[top + 4], " B7 B6 B5 B4 B3 B2 B1");
    assert_eq!(lines[top + 5], "You (B) · captured 0");
}

#[test]
fn a_seeded_session_replays_exactly() {
    for args in [
        ["--seed", "42", "--first", "random"],
        ["--seed", "5", "--first", "random"],
        ["--seed", "42", "--first", "B"],
    ] {
        let input = stubborn_human(300);
        let once = play(&args, &input);
        let again = play(&args, &input);
        assert_eq!(once, again, "{args:?}");
    }
    // The seed decides who moves first when it is random: some seed gives A,
    // some gives B.
    let firsts: Vec<Seat> = (0..16)
        .map(|seed| {
            let out = play(&["--seed", &seed.to_string()], "q\n");
            printed_record(&out).0.first
        })
        .collect();
    assert!(firsts.contains(&Seat::A) && firsts.contains(&Seat::B), "{firsts:?}");
}

#[test]
fn play_refuses_bad_options() {
    assert_bad_input(&["play", "--seat", "C"], &["--seat", "C"]);
    assert_bad_input(&["play", "--first", "X"], &["--first", "X"]);
    assert_bad_input(&["play", "--seed", "minus"], &["--seed"]);
}

fn analyze(args: &[&str]) -> Value {
    let mut all = vec!["analyze"];
    all.extend_from_slice(args);
    let output = akon(&all);
    assert_no_panic(&all, &output);
    assert!(output.status.success(), "{all:?}: {}", stderr(&output));
    serde_json::from_str(stdout(&output).trim()).unwrap_or_else(|e| panic!("{all:?}: {e}: {}", stdout(&output)))
}

#[test]
fn analyze_prints_the_best_move_its_score_and_every_legal_move() {
    let result = analyze(&["--first", "A", "--depth", "6", "3", "5", "1"]);
    let game = Game::replay(Position::opening(Seat::A), &[3, 5, 1].map(|h| Hole::new(h).unwrap())).unwrap();
    let legal: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
    let moves = result["moves"].as_object().unwrap();
    let mut scored: Vec<String> = moves.keys().cloned().collect();
    scored.sort();
    assert_eq!(scored, legal, "every legal move is scored");
    let best = result["best"].as_u64().unwrap().to_string();
    assert!(legal.contains(&best));
    assert_eq!(moves[&best], result["score"], "the best move's score is the score");
    assert_eq!(result["depth"], 6);
    assert!(result["nodes"].as_u64().unwrap() > 0);
    assert_eq!(
        result["pv"][0].as_u64().unwrap().to_string(),
        best,
        "the line starts with the best move"
    );
    // The same search twice gives the same answer.
    assert_eq!(analyze(&["--first", "A", "--depth", "6", "3", "5", "1"]), result);
}

#[test]
fn analyze_takes_a_level_a_time_or_a_start_position() {
    let by_level = analyze(&["--first", "B", "--level", "easy"]);
    assert!(by_level["best"].as_u64().is_some());
    let by_time = analyze(&["--record", "A: 3", "--time-ms", "50"]);
    assert!(by_time["depth"].as_u64().unwrap() >= 1);
    let start = position_json([0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0, 1], [33, 34], "A");
    let endgame = analyze(&["--start", &start, "--depth", "20"]);
    assert_eq!(endgame["best"], 7, "the only move");
}

#[test]
fn analyze_refuses_bad_input_and_finished_games_with_exit_code_2() {
    assert_bad_input(
        &["analyze", "--first", "A", "--level", "godlike"],
        &["--level", "godlike"],
    );
    assert_bad_input(&["analyze", "--first", "A", "9"], &["move 1", "9"]);
    assert_bad_input(&["analyze", "--first", "A", "--depth", "0"], &["at least 1"]);
    let over = position_json([0; 7], [0; 7], [35, 35], "A");
    assert_bad_input(&["analyze", "--start", &over], &["over"]);
}

// ------------------------------------------------- options, pipes, perft

/// `akon args… --help`: its standard output.
fn help(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--help");
    let output = akon(&all);
    assert_eq!(output.status.code(), Some(0), "akon {all:?}: {}", stderr(&output));
    stdout(&output)
}

#[test]
fn the_help_lists_the_values_of_seat_first_and_level() {
    let play_help = help(&["play"]);
    for values in [
        "[default: B] [possible values: A, B]",
        "[default: random] [possible values: A, B, random]",
        "[default: medium] [possible values: easy, medium, hard, master]",
    ] {
        assert!(play_help.contains(values), "{values} in {play_help}");
    }
    let analyze = help(&["analyze"]);
    assert!(
        analyze.contains("[default: hard] [possible values: easy, medium, hard, master]"),
        "{analyze}"
    );
    assert!(help(&["replay"]).contains("[possible values: A, B]"));
    // Values are read in either case, as before they were typed.
    let out = play(&["--hotseat", "--first", "a"], "q\n");
    assert!(out.contains("First to move: Player A."), "{out}");
    let out = play(&["--seat", "a", "--first", "b", "--level", "EASY"], "q\n");
    assert!(out.contains("First to move: Computer (B, easy)."), "{out}");
}

#[test]
fn options_for_the_computer_are_refused_with_hotseat() {
    assert_bad_input(&["play", "--hotseat", "--level", "hard"], &["--level", "--hotseat"]);
    assert_bad_input(&["play", "--hotseat", "--seat", "A"], &["--seat", "--hotseat"]);
    assert_bad_input(
        &["play", "--level", "godlike"],
        &["--level", "godlike", "easy, medium, hard, master"],
    );
    assert_bad_input(&["play", "--first", "C"], &["--first", "A, B, random"]);
}

#[test]
fn a_long_search_is_announced() {
    // Hard searches for about a second (longer in this debug build): the
    // player is told the computer is thinking, before its move.
    let out = play(
        &["--level", "hard", "--seat", "B", "--first", "A", "--seed", "1"],
        "q\n",
    );
    let thinking = out
        .find("Computer (A, hard) is thinking…")
        .unwrap_or_else(|| panic!("{out}"));
    let plays = out.find("Computer (A, hard) plays").unwrap_or_else(|| panic!("{out}"));
    assert!(thinking < plays, "{out}");
    assert_eq!(out.matches("is thinking").count(), 1, "{out}");
    // Easy answers at once: nothing to announce.
    let out = play(
        &["--level", "easy", "--seat", "B", "--first", "A", "--seed", "1"],
        "q\n",
    );
    assert!(out.contains("Computer (A, easy) plays"), "{out}");
    assert!(!out.contains("thinking"), "{out}");
}

/// Runs `akon args…` with its standard output closed by the reader before
/// it writes (as `akon … | head -c 0` does), `input` on standard input.
fn akon_into_a_closed_pipe(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_akon"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .env("AKON_TABLES", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the akon binary runs");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_output_pipe_ends_the_command_quietly() {
    // A whole hot-seat game: dozens of boards written after the pipe closed.
    let mut game = Game::opening(Seat::A);
    while let Some(hole) = game.legal_moves().iter().next_back() {
        game.play(hole).unwrap();
    }
    let input: String = game.moves().iter().map(|hole| format!("{hole}\n")).collect();
    for (args, input) in [
        (vec!["play", "--hotseat", "--first", "A"], input.as_str()),
        (vec!["replay", "--first", "A", "3", "5"], ""),
        (vec!["analyze", "--first", "A", "--depth", "3"], ""),
        (vec!["perft", "5"], ""),
    ] {
        let output = akon_into_a_closed_pipe(&args, input);
        assert_no_panic(&args, &output);
        assert_eq!(stderr(&output), "", "akon {args:?}");
        assert_eq!(output.status.code(), Some(0), "akon {args:?}");
    }
}

/// `akon perft args…`: the count, the seconds and the speed it printed.
fn perft_line(args: &[&str]) -> (u32, u64, f64, String) {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    let output = akon(&all);
    assert_no_panic(&all, &output);
    assert_eq!(output.status.code(), Some(0), "akon {all:?}: {}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 1, "{out}");
    // "perft 5: 12054 positions in 0.003 s, 4018000 positions per second"
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(
        (words[0], words[3], words[4], words[6]),
        ("perft", "positions", "in", "s,"),
        "{out}"
    );
    assert_eq!(&words[8..], ["positions", "per", "second"], "{out}");
    let depth = words[1].trim_end_matches(':').parse().unwrap();
    (
        depth,
        words[2].parse().unwrap(),
        words[5].parse().unwrap(),
        words[7].to_string(),
    )
}

#[test]
fn perft_prints_the_count_the_time_and_the_speed() {
    let opening = Position::opening(Seat::A);
    for depth in 0..=6 {
        let (printed_depth, count, seconds, _) = perft_line(&[&depth.to_string()]);
        assert_eq!((printed_depth, count), (depth, perft(&opening, depth)));
        assert!(seconds >= 0.0);
    }
    // Deep enough to be timed: the speed is the count over the time.
    let (_, count, seconds, speed) = perft_line(&["7"]);
    assert_eq!(count, 461_716, "the shared perft table");
    if seconds >= 0.01 {
        let speed: f64 = speed.parse().unwrap();
        let expected = count as f64 / seconds;
        assert!((speed / expected - 1.0).abs() < 0.2, "{speed} against {expected}");
    }
    let start = position_json([1, 18, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 2, 0], [23, 23], "A");
    let position = Position::from_json(&start).unwrap();
    let (_, count, _, _) = perft_line(&["4", "--start", &start]);
    assert_eq!(count, perft(&position, 4));
}

#[test]
fn perft_refuses_bad_input() {
    assert_bad_input(&["perft"], &["DEPTH"]);
    assert_bad_input(&["perft", "21"], &["21", "0..=20"]);
    assert_bad_input(&["perft", "-1"], &["-1"]);
    assert_bad_input(&["perft", "3", "--start", "{"], &["--start", "not JSON"]);
    assert_bad_input(&["perft", "3", "--start", "[]"], &["--start", "not of the form"]);
    let wrong_total = position_json([5; 7], [5; 7], [1, 0], "A");
    assert_bad_input(&["perft", "3", "--start", &wrong_total], &["--start", "70"]);
}

/// Width and height of a PNG file, decoded.
fn png_size(path: &std::path::Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let reader = decoder.read_info().expect("a PNG");
    (reader.info().width, reader.info().height)
}

/// `akon args…` succeeds silently.
fn assert_quiet_success(args: &[&str]) {
    let output = akon(args);
    assert_no_panic(args, &output);
    assert_eq!(output.status.code(), Some(0), "akon {args:?}: {}", stderr(&output));
    assert_eq!(stdout(&output), "", "akon {args:?}");
    assert_eq!(stderr(&output), "", "akon {args:?}");
}

#[test]
fn render_writes_the_position_as_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let png = dir.path().join("board.png");
    let (svg_arg, png_arg) = (svg.to_str().unwrap(), png.to_str().unwrap());
    assert_quiet_success(&["render", "--record", "A: 3 5 1", "--svg", svg_arg, "--png", png_arg]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.ends_with("</svg>"), "{text}");
    // B moves next, after A1.
    assert!(text.contains("B to move") && text.contains("A1"), "{text}");
    assert_eq!(png_size(&png), (600, 300));
    assert!(std::fs::metadata(&png).unwrap().len() < 40 * 1024);

    // A ply draws the game as it was then: the same as the shorter record,
    // which the positional moves and --start reach too.
    let at_ply = dir.path().join("ply.svg");
    assert_quiet_success(&[
        "render",
        "--record",
        "A: 3 5 1",
        "--ply",
        "2",
        "--svg",
        at_ply.to_str().unwrap(),
    ]);
    let shorter = dir.path().join("shorter.svg");
    assert_quiet_success(&["render", "--first", "A", "3", "5", "--svg", shorter.to_str().unwrap()]);
    assert_eq!(std::fs::read(&at_ply).unwrap(), std::fs::read(&shorter).unwrap());
    let start = dir.path().join("start.svg");
    let json = position_json([0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0], [35, 34], "A");
    assert_quiet_success(&[
        "render",
        "--start",
        &json,
        "--lang",
        "fr",
        "--svg",
        start.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&start).unwrap().contains("au tour de A"));
}

#[test]
fn render_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let png_arg = png.to_str().unwrap();
    assert_bad_input(&["render", "--first", "A"], &["--svg", "--png"]);
    assert_bad_input(
        &["render", "--record", "A: 3 5", "--ply", "3", "--png", png_arg],
        &["--ply 3", "2 moves"],
    );
    assert_bad_input(&["render", "--first", "A", "8", "--png", png_arg], &["move 1"]);
    assert_bad_input(&["render", "--png", png_arg], &["--first"]);
    let missing = dir.path().join("no/such/dir/board.png");
    assert_bad_input(
        &["render", "--first", "A", "--png", missing.to_str().unwrap()],
        &["no/such/dir"],
    );
    assert!(!png.exists(), "nothing written on bad input");
}

#[test]
fn review_writes_its_graph_as_png() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("graph.png");
    let args = [
        "review",
        "--record",
        "A: 3 5 1 7 2",
        "--nodes",
        "2000",
        "--png",
        png.to_str().unwrap(),
    ];
    let output = akon(&args);
    assert_no_panic(&args, &output);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The text review is printed as without --png.
    assert!(
        stdout(&output).starts_with("Review of A: 3 5 1 7 2"),
        "{}",
        stdout(&output)
    );
    assert_eq!(png_size(&png), (600, 300));
}
