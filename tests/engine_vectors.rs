//! The engine against every state of every game in the shared test vectors
//! (`tests/data/akon-vectors.jsonl`, made by an independent implementation),
//! and against the shared perft counts.

use akon::engine::{perft, Game, Hole, Position, PositionJson, Seat, StateJson};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vector {
    kind: String,
    why: Option<String>,
    start: Option<PositionJson>,
    first: Seat,
    moves: Vec<i64>,
    states: Vec<StateJson>,
    #[serde(rename = "final")]
    final_state: StateJson,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("data/akon-vectors.jsonl");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| serde_json::from_str(line).unwrap_or_else(|e| panic!("vector line {}: {e}", i + 1)))
        .collect()
}

#[test]
fn every_state_of_every_vector_game_matches_the_engine() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 335, "the vector file should hold 335 games");
    let mut states_checked = 0;
    for (line, vector) in vectors.iter().enumerate() {
        let label = format!(
            "line {} ({}{})",
            line + 1,
            vector.kind,
            vector.why.as_deref().map(|w| format!(": {w}")).unwrap_or_default()
        );
        let start = match &vector.start {
            Some(json) => Position::try_from(json).unwrap_or_else(|e| panic!("{label}: bad start: {e}")),
            None => Position::opening(vector.first),
        };
        assert_eq!(start.to_move(), vector.first, "{label}: first mover");
        let mut game = Game::from_position(start);
        assert_eq!(vector.moves.len(), vector.states.len(), "{label}");
        for (i, (&hole, expected)) in vector.moves.iter().zip(&vector.states).enumerate() {
            let hole = Hole::new(hole).unwrap();
            game.play(hole)
                .unwrap_or_else(|e| panic!("{label}: move {} (hole {hole}) refused: {e}", i + 1));
            assert_eq!(
                &game.state(),
                expected,
                "{label}: state after move {} (hole {hole})",
                i + 1
            );
            states_checked += 1;
        }
        assert_eq!(game.state(), vector.final_state, "{label}: final state");
    }
    assert!(states_checked > 1000, "only {states_checked} states checked");
}

#[test]
fn every_vector_kind_is_present() {
    let vectors = vectors();
    for kind in ["rule", "opening", "big", "small", "loop"] {
        assert!(vectors.iter().any(|v| v.kind == kind), "no `{kind}` vectors");
    }
    assert!(vectors
        .iter()
        .any(|v| v.final_state.end == Some(akon::engine::GameEnd::Loop)));
    assert!(vectors
        .iter()
        .any(|v| v.final_state.end == Some(akon::engine::GameEnd::NoSeeds)));
}

#[test]
fn perft_counts_match_the_shared_table_to_depth_7() {
    let expected = [7u64, 49, 308, 1953, 12054, 75300, 461716];
    for seat in Seat::BOTH {
        let opening = Position::opening(seat);
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(
                perft(&opening, depth as u32 + 1),
                count,
                "perft({}) with {seat} first",
                depth + 1
            );
        }
    }
}

#[test]
fn perft_counts_match_the_shared_table_to_depth_9() {
    let opening = Position::opening(Seat::A);
    assert_eq!(perft(&opening, 8), 2_835_119);
    assert_eq!(perft(&opening, 9), 17_165_753);
}
