//! Property tests of the engine on random positions and random games: seeds
//! are conserved, sowing follows docs/RULES.md seed by seed, the feeding rule,
//! every game ends, and the notation and JSON forms round-trip.

use std::collections::HashSet;

use akon::engine::{
    Game, GameEnd, Hole, HoleSet, IllegalMove, MoveOutcome, Position, PositionError, PositionJson, Record, Seat,
    StateJson, Status, Winner,
};
use proptest::collection::vec;
use proptest::prelude::*;

/// Random play from any position ends well within this many moves: random
/// games last a few hundred moves, games that avoid captures a few thousand
/// (the longest of 6000 such games measured: 12 332). The loop rule
/// guarantees an end.
const MOVE_BOUND: usize = 20_000;

// ---------------------------------------------------------------- strategies

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![Just(Seat::A), Just(Seat::B)]
}

/// `total` split into `parts` non-negative parts (cut points in `0..=total`).
fn split(total: u32, parts: usize) -> impl Strategy<Value = Vec<u32>> {
    vec(0..=total, parts - 1).prop_map(move |mut cuts| {
        cuts.push(0);
        cuts.push(total);
        cuts.sort_unstable();
        cuts.windows(2).map(|w| w[1] - w[0]).collect()
    })
}

/// The position with `holes` in sowing order (A1 … A7 B1 … B7).
fn make(holes: &[u32], captured: [u32; 2], to_move: Seat) -> Position {
    let holes: Vec<i64> = holes.iter().map(|&s| s as i64).collect();
    Position::new(
        &holes[..7],
        &holes[7..],
        [captured[0] as i64, captured[1] as i64],
        to_move,
    )
    .expect("the strategies make valid positions")
}

/// Random positions: 70 seeds split between the 14 holes and the two
/// captures, or first a random number of seeds on the board (so that sparse
/// end-game boards are common too).
fn position() -> impl Strategy<Value = Position> {
    prop_oneof![
        (split(70, 16), seat()).prop_map(|(parts, to_move)| make(&parts[..14], [parts[14], parts[15]], to_move)),
        (0u32..=70, seat())
            .prop_flat_map(|(on_board, to_move)| (split(on_board, 14), split(70 - on_board, 2), Just(to_move)))
            .prop_map(|(holes, captured, to_move)| make(&holes, [captured[0], captured[1]], to_move)),
    ]
}

/// A position whose player to move has a hole of 14 seeds or more, and that hole.
fn long_sowing() -> impl Strategy<Value = (Position, Hole)> {
    (seat(), 1i64..=7, 14u32..=70)
        .prop_flat_map(|(to_move, hole, seeds)| (Just(to_move), Just(hole), Just(seeds), split(70 - seeds, 15)))
        .prop_map(|(to_move, hole, seeds, parts)| {
            let start = index(to_move, hole);
            let mut holes: Vec<u32> = parts[..13].to_vec();
            holes.insert(start, seeds);
            (make(&holes, [parts[13], parts[14]], to_move), Hole::new(hole).unwrap())
        })
}

/// A position whose player to move has seeds and whose opponent has none.
fn starved_opponent() -> impl Strategy<Value = Position> {
    (seat(), prop_oneof![1u32..=12, 1u32..=70])
        .prop_flat_map(|(to_move, own)| (Just(to_move), split(own, 7), split(70 - own, 2)))
        .prop_map(|(to_move, own, captured)| {
            let mut holes = vec![0; 14];
            let offset = index(to_move, 1);
            holes[offset..offset + 7].copy_from_slice(&own);
            make(&holes, [captured[0], captured[1]], to_move)
        })
}

/// A start for a random game: the opening (either seat first) or a random position.
fn start() -> impl Strategy<Value = Position> {
    prop_oneof![
        1 => Just(Position::opening(Seat::A)),
        1 => Just(Position::opening(Seat::B)),
        2 => position(),
    ]
}

/// The positions of the shared vectors' games that end in a loop, before
/// their end: starts from which capture-free play often loops.
fn loop_prone_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for line in include_str!("data/akon-vectors.jsonl").lines() {
        let vector: serde_json::Value = serde_json::from_str(line).unwrap();
        if vector["final"]["end"] != "loop" {
            continue;
        }
        for state in vector["states"].as_array().unwrap() {
            if state["status"] == "ongoing" {
                let json = serde_json::json!({
                    "board": state["board"],
                    "captured": state["captured"],
                    "to_move": state["to_move"],
                });
                positions.push(Position::from_json(&json.to_string()).unwrap());
            }
        }
    }
    assert!(positions.len() > 1000, "only {} loop-prone positions", positions.len());
    positions
}

/// A sparse position: few seeds on the board.
fn sparse_position() -> impl Strategy<Value = Position> {
    (1u32..=8, seat())
        .prop_flat_map(|(on_board, to_move)| (split(on_board, 14), split(70 - on_board, 2), Just(to_move)))
        .prop_map(|(holes, captured, to_move)| make(&holes, [captured[0], captured[1]], to_move))
}

/// The choices a random game's players make, used in turn (and round again).
fn choices() -> impl Strategy<Value = Vec<u16>> {
    vec(any::<u16>(), 1..64)
}

// ---------------------------------------------------------------- helpers

/// `seat`'s hole `hole` as an index in sowing order.
fn index(seat: Seat, hole: i64) -> usize {
    match seat {
        Seat::A => hole as usize - 1,
        Seat::B => hole as usize + 6,
    }
}

fn total(position: &Position) -> u32 {
    position.board_total() + position.captured(Seat::A) as u32 + position.captured(Seat::B) as u32
}

/// docs/RULES.md's move, seed by seed, written independently of the engine:
/// the board, the captures, the index of the last hole, the opponent's holes
/// captured by the chain (as indices) and whether the last seed was kept.
struct Reference {
    board: [u8; 14],
    captured: [u8; 2],
    last: usize,
    chain: Vec<usize>,
    kept: bool,
}

fn reference_move(position: &Position, hole: Hole) -> Reference {
    let mover = position.to_move();
    let opponent = mover.opponent();
    let mut board = *position.board();
    let mut captured = [position.captured(Seat::A), position.captured(Seat::B)];
    let start = index(mover, hole.number() as i64);
    let mut hand = board[start];
    board[start] = 0;
    let mut at = start;
    // Up to 14 seeds, one into each next hole of the cycle.
    let mut lap = 0;
    while hand > 0 && lap < 14 {
        at = (at + 1) % 14;
        board[at] += 1;
        hand -= 1;
        lap += 1;
    }
    // The rest into the opponent's row only, from their hole 1.
    let mut next = 0;
    while hand > 0 {
        at = index(opponent, next % 7 + 1);
        board[at] += 1;
        hand -= 1;
        next += 1;
    }
    let mut chain = Vec::new();
    let mut kept = false;
    let opponent_hole_one = index(opponent, 1);
    if (opponent_hole_one..opponent_hole_one + 7).contains(&at) {
        if at == opponent_hole_one {
            board[at] -= 1;
            captured[mover.index()] += 1;
            kept = true;
        } else {
            let mut i = at;
            while i > opponent_hole_one && (2..=4).contains(&board[i]) {
                captured[mover.index()] += board[i];
                board[i] = 0;
                chain.push(i);
                i -= 1;
            }
        }
    }
    Reference {
        board,
        captured,
        last: at,
        chain,
        kept,
    }
}

fn seat_and_hole(index: usize) -> (Seat, Hole) {
    if index < 7 {
        (Seat::A, Hole::new(index as i64 + 1).unwrap())
    } else {
        (Seat::B, Hole::new(index as i64 - 6).unwrap())
    }
}

/// Plays `hole` on a copy without the feeding check.
fn after(position: &Position, hole: Hole) -> (Position, MoveOutcome) {
    let mut after = *position;
    let outcome = after.play_unchecked(hole);
    (after, outcome)
}

/// How the random players pick among the legal moves.
#[derive(Clone, Copy, Debug)]
enum Policy {
    /// Any legal move.
    Random,
    /// Any legal move that captures nothing, if there is one: such games
    /// often end by the loop rule.
    Quiet,
}

/// Plays a random game from `start` (choices taken in turn) to its end,
/// checking after every move that seeds are conserved and that the game
/// ends exactly when docs/RULES.md says: no seeds first, then the first
/// recurrence of a position (tracked here over the whole game).
fn play_out(start: Position, choices: &[u16], policy: Policy) -> Result<Game, TestCaseError> {
    let mut game = Game::from_position(start);
    let mut seen: HashSet<([u8; 14], Seat)> = HashSet::new();
    seen.insert((*start.board(), start.to_move()));
    if start.row_total(start.to_move()) == 0 {
        prop_assert_eq!(game.end(), Some(GameEnd::NoSeeds));
    }
    let mut moves = 0;
    while !game.is_over() {
        prop_assert!(moves < MOVE_BOUND, "no end after {} moves: {}", moves, game.record());
        let position = *game.position();
        prop_assert!(position.row_total(position.to_move()) > 0);
        let legal: Vec<Hole> = game.legal_moves().iter().collect();
        prop_assert!(!legal.is_empty(), "an ongoing game with no legal move:\n{}", position);
        let quiet: Vec<Hole> = match policy {
            Policy::Random => Vec::new(),
            Policy::Quiet => legal
                .iter()
                .copied()
                .filter(|&hole| after(&position, hole).1.captured == 0)
                .collect(),
        };
        let pool = if quiet.is_empty() { &legal } else { &quiet };
        let hole = pool[choices[moves % choices.len()] as usize % pool.len()];

        let mut expected = position;
        let expected_outcome = expected.play(hole).unwrap();
        let outcome = game.play(hole).unwrap();
        prop_assert_eq!(outcome, expected_outcome);
        moves += 1;

        let now = game.position();
        prop_assert_eq!(total(now), 70, "after move {} of {}", moves, game.record());
        let key = (*expected.board(), expected.to_move());
        if expected.row_total(expected.to_move()) == 0 {
            prop_assert_eq!(game.end(), Some(GameEnd::NoSeeds));
            prop_assert_eq!(now.board_total(), 0);
            let taker = expected.to_move().opponent();
            prop_assert_eq!(
                now.captured(taker) as u32,
                expected.captured(taker) as u32 + expected.board_total()
            );
            prop_assert_eq!(now.captured(taker.opponent()), expected.captured(taker.opponent()));
        } else if seen.contains(&key) {
            prop_assert_eq!(
                game.end(),
                Some(GameEnd::Loop),
                "{} brought back a position",
                game.record()
            );
            prop_assert_eq!(now, &expected, "a loop leaves the board and captures as they are");
        } else {
            prop_assert_eq!(game.end(), None, "{} ended early", game.record());
            prop_assert_eq!(now, &expected);
        }
        seen.insert(key);
    }
    prop_assert_eq!(game.moves().len(), moves);
    prop_assert_eq!(game.to_move(), None);
    prop_assert!(game.legal_moves().is_empty());
    let (a, b) = (
        game.position().captured(Seat::A) as u32,
        game.position().captured(Seat::B) as u32,
    );
    let winner = if a > b {
        Winner::Seat(Seat::A)
    } else if b > a {
        Winner::Seat(Seat::B)
    } else {
        Winner::Draw
    };
    prop_assert_eq!(
        game.status(),
        Status::Finished {
            end: game.end().unwrap(),
            winner
        }
    );
    Ok(game)
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every move from a random position (legal or not by the feeding rule)
    /// keeps 70 seeds in play, and only the mover's captures grow, by what
    /// the outcome says.
    #[test]
    fn board_and_captures_always_total_seventy(position in position()) {
        prop_assert_eq!(total(&position), 70);
        let mover = position.to_move();
        for hole in position.non_empty_holes() {
            let (after, outcome) = after(&position, hole);
            prop_assert_eq!(total(&after), 70);
            prop_assert!(after.board().iter().all(|&s| s <= 70));
            prop_assert_eq!(after.captured(mover), position.captured(mover) + outcome.captured);
            prop_assert_eq!(after.captured(mover.opponent()), position.captured(mover.opponent()));
            prop_assert_eq!(after.board_total(), position.board_total() - outcome.captured as u32);
            prop_assert_eq!(after.to_move(), mover.opponent());
            prop_assert_eq!(outcome.seat, mover);
            prop_assert_eq!(outcome.hole, hole);
            prop_assert_eq!(outcome.sown, position.seeds(mover, hole));
        }
    }

    /// The engine's move matches a seed-by-seed reading of docs/RULES.md: board,
    /// captures, where the last seed landed, the chain and the kept seed.
    #[test]
    fn every_move_matches_a_seed_by_seed_reference(position in position()) {
        for hole in position.non_empty_holes() {
            let reference = reference_move(&position, hole);
            let (after, outcome) = after(&position, hole);
            prop_assert_eq!(after.board(), &reference.board, "{}{} from\n{}", position.to_move(), hole, position);
            prop_assert_eq!([after.captured(Seat::A), after.captured(Seat::B)], reference.captured);
            prop_assert_eq!(outcome.last, seat_and_hole(reference.last));
            prop_assert_eq!(outcome.kept_from_hole_one, reference.kept);
            let chain: HoleSet = reference.chain.iter().map(|&i| seat_and_hole(i).1).collect();
            prop_assert_eq!(outcome.captured_holes, chain);
            prop_assert_eq!(
                outcome.captured as u32,
                (reference.captured[0] + reference.captured[1]) as u32
                    - (position.captured(Seat::A) + position.captured(Seat::B)) as u32
            );
        }
    }

    /// The same on positions with one big pile, where the lap and the
    /// opponent-row-only phase happen.
    #[test]
    fn long_sowings_match_the_seed_by_seed_reference((position, hole) in long_sowing()) {
        let reference = reference_move(&position, hole);
        let (after, outcome) = after(&position, hole);
        prop_assert_eq!(after.board(), &reference.board, "{}{} from\n{}", position.to_move(), hole, position);
        prop_assert_eq!([after.captured(Seat::A), after.captured(Seat::B)], reference.captured);
        prop_assert_eq!(outcome.last, seat_and_hole(reference.last));
        prop_assert_eq!(outcome.kept_from_hole_one, reference.kept);
    }

    /// After the 14-seed lap no seed enters the mover's row: each of the
    /// mover's holes gains exactly its one lap seed, and the starting hole
    /// ends with exactly one.
    #[test]
    fn after_the_lap_no_seed_enters_the_movers_row((position, hole) in long_sowing()) {
        let mover = position.to_move();
        let opponent = mover.opponent();
        let n = position.seeds(mover, hole) as u32;
        prop_assert!(n >= 14);
        let (after, outcome) = after(&position, hole);
        for own in Hole::ALL {
            let expected = if own == hole { 1 } else { position.seeds(mover, own) + 1 };
            prop_assert_eq!(after.seeds(mover, own), expected, "{}{} holding {}", mover, hole, n);
        }
        prop_assert_eq!(after.row_total(mover), position.row_total(mover) - n + 7);
        prop_assert_eq!(
            after.row_total(opponent) + outcome.captured as u32,
            position.row_total(opponent) + n - 7
        );
        if n == 14 {
            prop_assert_eq!(outcome.last, (mover, hole));
            prop_assert_eq!(outcome.captured, 0);
        } else {
            prop_assert_eq!(outcome.last.0, opponent);
            prop_assert_eq!(outcome.last.1.number() as u32, (n - 15) % 7 + 1);
        }
    }

    /// Below a lap, a move puts at most one seed in each of the mover's other
    /// holes and empties the starting one.
    #[test]
    fn a_short_sowing_puts_at_most_one_seed_in_each_hole(position in position()) {
        let mover = position.to_move();
        for hole in position.non_empty_holes() {
            if position.seeds(mover, hole) >= 14 {
                continue;
            }
            let (after, _) = after(&position, hole);
            prop_assert_eq!(after.seeds(mover, hole), 0);
            for own in Hole::ALL {
                prop_assert!(after.seeds(mover, own) <= position.seeds(mover, own) + 1);
            }
        }
    }

    /// When the opponent's row is empty and some move feeds it, the legal
    /// moves are exactly the feeding ones; when none does, every non-empty
    /// hole is legal.
    #[test]
    fn when_the_opponent_is_starved_and_some_move_feeds_every_legal_move_feeds(position in starved_opponent()) {
        let opponent = position.to_move().opponent();
        prop_assert_eq!(position.row_total(opponent), 0);
        let feeding: HoleSet = position
            .non_empty_holes()
            .iter()
            .filter(|&hole| after(&position, hole).0.row_total(opponent) > 0)
            .collect();
        let legal = position.legal_moves();
        prop_assert!(!legal.is_empty());
        if feeding.is_empty() {
            prop_assert_eq!(legal, position.non_empty_holes());
        } else {
            prop_assert_eq!(legal, feeding);
            for hole in legal {
                let mut played = position;
                played.play(hole).unwrap();
                prop_assert!(played.row_total(opponent) > 0);
            }
            for hole in position.non_empty_holes().iter().filter(|&h| !feeding.contains(h)) {
                let mut refused = position;
                prop_assert_eq!(refused.play(hole), Err(IllegalMove::DoesNotFeed(hole)));
                prop_assert_eq!(refused, position);
            }
        }
    }

    /// A move never empties an opponent's row that held seeds, so then every
    /// non-empty hole is legal.
    #[test]
    fn a_non_empty_opponent_row_is_never_emptied(position in position()) {
        let opponent = position.to_move().opponent();
        prop_assume!(position.row_total(opponent) > 0);
        prop_assert_eq!(position.legal_moves(), position.non_empty_holes());
        for hole in position.non_empty_holes() {
            prop_assert!(after(&position, hole).0.row_total(opponent) > 0, "{}{} from\n{}", position.to_move(), hole, position);
        }
    }

    /// An empty hole is refused as empty, whatever the rest of the board.
    #[test]
    fn an_empty_hole_is_never_legal(position in position()) {
        for hole in Hole::ALL {
            if position.seeds(position.to_move(), hole) == 0 {
                prop_assert!(!position.legal_moves().contains(hole));
                prop_assert_eq!(position.check_move(hole), Err(IllegalMove::EmptyHole(hole)));
            }
        }
    }

    /// A position whose total is not 70 is refused, with the right sums.
    #[test]
    fn a_wrong_total_is_refused(holes in vec(0i64..12, 14), captured in (0i64..40, 0i64..40)) {
        let board: i64 = holes.iter().sum();
        let result = Position::new(&holes[..7], &holes[7..], [captured.0, captured.1], Seat::A);
        if board + captured.0 + captured.1 == 70 {
            prop_assert!(result.is_ok());
        } else {
            prop_assert_eq!(result, Err(PositionError::WrongTotal { board, captured: captured.0 + captured.1 }));
        }
    }

    /// Positions survive their JSON form.
    #[test]
    fn positions_round_trip_through_json(position in position()) {
        let json = position.to_json();
        let text = serde_json::to_string(&json).unwrap();
        prop_assert_eq!(Position::from_json(&text).unwrap(), position);
        prop_assert_eq!(serde_json::from_str::<PositionJson>(&text).unwrap(), json);
    }

    /// Records survive printing and parsing.
    #[test]
    fn records_round_trip_through_text(first in seat(), moves in vec(1i64..=7, 0..40)) {
        let record = Record { first, moves: moves.iter().map(|&n| Hole::new(n).unwrap()).collect() };
        let text = record.to_string();
        prop_assert_eq!(text.parse::<Record>().unwrap(), record);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random play from the opening or from any position ends within
    /// `MOVE_BOUND` moves, conserving seeds all the way, ending exactly as
    /// the rules say.
    #[test]
    fn every_game_ends(start in start(), choices in choices()) {
        let game = play_out(start, &choices, Policy::Random)?;
        let position = game.position();
        prop_assert_eq!(total(position), 70);
        match game.end() {
            Some(GameEnd::NoSeeds) => prop_assert_eq!(position.board_total(), 0),
            Some(GameEnd::Loop) => prop_assert!(!game.moves().is_empty()),
            None => prop_assert!(false, "the game is not over"),
        }
    }

    /// Replaying a game's moves from its start gives the same game; a game's
    /// record survives printing and parsing, and replays from the opening.
    #[test]
    fn replaying_a_game_reproduces_its_state(start in start(), choices in choices(), cut in any::<prop::sample::Index>()) {
        let game = play_out(start, &choices, Policy::Random)?;
        // The whole game, and a game cut short.
        let moves = game.moves();
        for played in [moves, &moves[..cut.index(moves.len() + 1)]] {
            let original = Game::replay(*game.start(), played).unwrap();
            let replayed = Game::replay(*original.start(), original.moves()).unwrap();
            prop_assert_eq!(replayed.state(), original.state());
            prop_assert_eq!(replayed.position(), original.position());
            prop_assert_eq!(replayed.status(), original.status());
            prop_assert_eq!(replayed.moves(), played);
            prop_assert_eq!(replayed.loop_history().collect::<Vec<_>>(), original.loop_history().collect::<Vec<_>>());
            let state: StateJson = serde_json::from_str(&serde_json::to_string(&original.state()).unwrap()).unwrap();
            prop_assert_eq!(state, original.state());
        }
        prop_assert_eq!(Game::replay(*game.start(), moves).unwrap().state(), game.state());

        let record: Record = game.record().to_string().parse().unwrap();
        prop_assert_eq!(&record, &game.record());
        prop_assert_eq!(record.first, start.to_move());
        if start == Position::opening(start.to_move()) {
            prop_assert_eq!(Game::from_record(&record).unwrap().state(), game.state());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Capture-free play from positions of the vectors' loop games or from
    /// sparse boards ends too, by the loop rule exactly at the first
    /// recurrence of a position (checked move by move in `play_out`), the
    /// seeds left going to nobody.
    #[test]
    fn capture_free_games_end_by_the_first_recurrence(
        start in prop_oneof![prop::sample::select(loop_prone_positions()), sparse_position()],
        choices in choices(),
    ) {
        let game = play_out(start, &choices, Policy::Quiet)?;
        if game.end() == Some(GameEnd::Loop) {
            let key = (*game.position().board(), game.position().to_move());
            let history: Vec<_> = game.loop_history().collect();
            prop_assert_eq!(history.iter().filter(|&&k| k == key).count(), 2, "the current position occurred exactly once before");
            prop_assert!(game.position().board_total() > 0);
            prop_assert_eq!(total(game.position()), 70);
        }
    }
}
