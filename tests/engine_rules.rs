//! One test per rule of `docs/RULES.md`, each named after the rule it proves. The
//! positions are built by hand and every test checks exact boards, captures
//! and `MoveOutcome` fields.

use akon::engine::{
    Game, GameEnd, Hole, HoleError, HoleSet, IllegalMove, MoveOutcome, Position, PositionError, PositionJsonError,
    Record, RecordError, ReplayError, Seat, Status, StatusJson, Winner,
};
use Seat::{A, B};

/// Hole `n`.
fn h(n: i64) -> Hole {
    Hole::new(n).unwrap()
}

/// The set of holes `ns`.
fn holes(ns: &[i64]) -> HoleSet {
    ns.iter().map(|&n| h(n)).collect()
}

/// A position with rows `a` and `b` (hole 1 first); the seeds not on the
/// board are split between the captures, A getting the smaller half.
fn pos(a: [i64; 7], b: [i64; 7], to_move: Seat) -> Position {
    let rest = 70 - a.iter().sum::<i64>() - b.iter().sum::<i64>();
    Position::new(&a, &b, [rest / 2, rest - rest / 2], to_move).unwrap()
}

/// A position with explicit captures.
fn pos_with(a: [i64; 7], b: [i64; 7], captured: [i64; 2], to_move: Seat) -> Position {
    Position::new(&a, &b, captured, to_move).unwrap()
}

fn assert_rows(position: &Position, a: [u8; 7], b: [u8; 7]) {
    assert_eq!(position.row(A), a, "row A of\n{position}");
    assert_eq!(position.row(B), b, "row B of\n{position}");
}

/// The outcome of a move that captured nothing.
fn quiet(seat: Seat, hole: i64, sown: u8, last: (Seat, i64)) -> MoveOutcome {
    MoveOutcome {
        seat,
        hole: h(hole),
        sown,
        last: (last.0, h(last.1)),
        kept_from_hole_one: false,
        captured_holes: HoleSet::EMPTY,
        captured: 0,
    }
}

/// The outcome of a move whose last seed was kept from the opponent's hole 1.
fn kept(seat: Seat, hole: i64, sown: u8) -> MoveOutcome {
    MoveOutcome {
        seat,
        hole: h(hole),
        sown,
        last: (seat.opponent(), h(1)),
        kept_from_hole_one: true,
        captured_holes: HoleSet::EMPTY,
        captured: 1,
    }
}

/// The outcome of a move that captured the chain `chain` (`captured` seeds).
fn chain(seat: Seat, hole: i64, sown: u8, last: i64, chain: &[i64], captured: u8) -> MoveOutcome {
    MoveOutcome {
        seat,
        hole: h(hole),
        sown,
        last: (seat.opponent(), h(last)),
        kept_from_hole_one: false,
        captured_holes: holes(chain),
        captured,
    }
}

// ---------------------------------------------------------------- board and pieces

#[test]
fn the_opening_has_five_seeds_in_every_hole_and_nothing_captured() {
    for first in [A, B] {
        let position = Position::opening(first);
        assert_rows(&position, [5; 7], [5; 7]);
        assert_eq!(position.board(), &[5; 14]);
        assert_eq!(position.board_total(), 70);
        assert_eq!(position.row_total(A), 35);
        assert_eq!(position.row_total(B), 35);
        assert_eq!((position.captured(A), position.captured(B)), (0, 0));
        assert_eq!(position.to_move(), first);
        assert_eq!(position.legal_moves().numbers(), vec![1, 2, 3, 4, 5, 6, 7]);
        let game = Game::opening(first);
        assert_eq!(game.status(), Status::Ongoing { to_move: first });
        assert_eq!(game.to_move(), Some(first));
    }
}

#[test]
fn holes_are_numbered_one_to_seven_and_read_back_by_seat() {
    let position = pos([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 1, 0, 0], A);
    for n in 1..=7 {
        assert_eq!(position.seeds(A, h(n)), n as u8);
    }
    assert_eq!(position.seeds(B, h(1)), 8);
    assert_eq!(position.seeds(B, h(4)), 11);
    assert_eq!(position.seeds(B, h(7)), 0);
    // The board array is in sowing order: A1 … A7 B1 … B7.
    assert_eq!(position.board(), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 0, 0]);
    assert_eq!(position.row_total(A), 28);
    assert_eq!(position.row_total(B), 39);
    assert_eq!(position.board_total(), 67);
    assert_eq!(Hole::ALL.map(Hole::number), [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(Hole::ALL.map(Hole::index), [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(A.opponent(), B);
    assert_eq!(B.opponent(), A);
}

// ---------------------------------------------------------------- sowing order

/// Sowing `k` seeds (1 to 13) from `seat`'s hole 5 fills exactly the first
/// `k` holes of `cycle`, and the last one lands in `cycle[k - 1]`.
fn check_sowing_order(seat: Seat, cycle: [(Seat, i64); 13]) {
    for k in 1..=13 {
        // Every hole of the opponent holds 6, so no sowing here captures a chain.
        let own = [0, 0, 0, 0, k, 0, 0];
        let other = [6; 7];
        let (a, b) = if seat == A { (own, other) } else { (other, own) };
        let mut position = pos(a, b, seat);
        let before = position;
        let outcome = position.play(h(5)).unwrap();

        let mut expected: Vec<u8> = before.board().to_vec();
        let index = |(s, n): (Seat, i64)| if s == A { n as usize - 1 } else { n as usize + 6 };
        expected[index((seat, 5))] = 0;
        for &hole in &cycle[..k as usize] {
            expected[index(hole)] += 1;
        }
        let last = cycle[k as usize - 1];
        assert_eq!(outcome.last, (last.0, h(last.1)), "{k} seeds from {seat}5");
        if last == (seat.opponent(), 1) {
            // The last seed in the opponent's hole 1 is kept.
            expected[index(last)] -= 1;
            assert_eq!(outcome, kept(seat, 5, k as u8));
        } else {
            assert_eq!(outcome, quiet(seat, 5, k as u8, last), "{k} seeds from {seat}5");
        }
        assert_eq!(position.board().to_vec(), expected, "{k} seeds from {seat}5");
        assert_eq!(position.to_move(), seat.opponent());
    }
}

#[test]
fn sowing_runs_from_a1_to_a7_then_b1_to_b7_then_back_to_a1() {
    check_sowing_order(
        A,
        [
            (A, 6),
            (A, 7),
            (B, 1),
            (B, 2),
            (B, 3),
            (B, 4),
            (B, 5),
            (B, 6),
            (B, 7),
            (A, 1),
            (A, 2),
            (A, 3),
            (A, 4),
        ],
    );
}

#[test]
fn sowing_for_b_runs_from_b1_to_b7_then_a1_to_a7() {
    check_sowing_order(
        B,
        [
            (B, 6),
            (B, 7),
            (A, 1),
            (A, 2),
            (A, 3),
            (A, 4),
            (A, 5),
            (A, 6),
            (A, 7),
            (B, 1),
            (B, 2),
            (B, 3),
            (B, 4),
        ],
    );
}

#[test]
fn board_is_drawn_from_b_side_with_a1_top_left_and_b1_bottom_right() {
    let position = pos([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 1, 1, 2], B);
    assert_eq!(
        position.to_string(),
        "A   1  2  3  4  5  6  7 | captured 0\nB   2  1  1 11 10  9  8 | captured 0\nB to move"
    );
}

#[test]
fn board_drawn_from_a_side_is_the_same_board_turned_round() {
    let position = pos([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 1, 1, 2], A);
    let text = akon::board_text::draw(akon::i18n::Language::English, &position, A, |seat| {
        format!("player {seat}")
    });
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "player B · captured 0");
    assert_eq!(lines[1], " B1 B2 B3 B4 B5 B6 B7");
    assert_eq!(lines[2], "  8  9 10 11  1  1  2");
    assert_eq!(lines[3], "  7  6  5  4  3  2  1");
    assert_eq!(lines[4], " A7 A6 A5 A4 A3 A2 A1");
    assert_eq!(lines[5], "player A · captured 0");
}

// ---------------------------------------------------------------- a move

#[test]
fn a_move_from_the_opening_sows_into_the_next_holes_and_passes_the_turn() {
    let mut position = Position::opening(A);
    let outcome = position.play(h(6)).unwrap();
    assert_eq!(outcome, quiet(A, 6, 5, (B, 4)));
    assert_rows(&position, [5, 5, 5, 5, 5, 0, 6], [6, 6, 6, 6, 5, 5, 5]);
    assert_eq!(position.to_move(), B);
    let outcome = position.play(h(6)).unwrap();
    assert_eq!(outcome, quiet(B, 6, 5, (A, 4)));
    assert_rows(&position, [6, 6, 6, 6, 5, 0, 6], [6, 6, 6, 6, 5, 0, 6]);
    assert_eq!(position.to_move(), A);
}

#[test]
fn thirteen_seeds_fill_the_next_thirteen_holes_and_never_the_starting_one() {
    let mut position = pos([0, 0, 13, 0, 0, 0, 0], [1; 7], A);
    let outcome = position.play(h(3)).unwrap();
    assert_eq!(outcome, quiet(A, 3, 13, (A, 2)));
    assert_rows(&position, [1, 1, 0, 1, 1, 1, 1], [2; 7]);
}

#[test]
fn fourteen_seeds_end_in_the_starting_hole_without_capture() {
    // Every B hole ends with 2: capturable, had the last seed landed there.
    let mut position = pos_with([0, 0, 14, 0, 0, 0, 0], [1; 7], [25, 24], A);
    let outcome = position.play(h(3)).unwrap();
    assert_eq!(outcome, quiet(A, 3, 14, (A, 3)));
    assert_rows(&position, [1; 7], [2; 7]);
    assert_eq!((position.captured(A), position.captured(B)), (25, 24));
    assert_eq!(position.to_move(), B);

    // The same for B.
    let mut position = pos_with([1; 7], [0, 0, 0, 0, 0, 0, 14], [25, 24], B);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, quiet(B, 7, 14, (B, 7)));
    assert_rows(&position, [2; 7], [1; 7]);
    assert_eq!((position.captured(A), position.captured(B)), (25, 24));
}

#[test]
fn fifteen_seeds_skip_the_rest_of_the_own_row() {
    // 16 from A6: the lap ends in A6, then A7 is skipped: B1 and B2.
    let mut position = pos([0, 0, 0, 0, 0, 16, 0], [0, 5, 0, 0, 0, 0, 0], A);
    let outcome = position.play(h(6)).unwrap();
    assert_eq!(outcome, quiet(A, 6, 16, (B, 2)));
    assert_rows(&position, [1; 7], [2, 7, 1, 1, 1, 1, 1]);

    // 15 from A3: A4 … A7 get only their lap seed, the 15th goes to B1.
    let mut position = pos([0, 0, 15, 0, 0, 0, 0], [0, 5, 0, 0, 0, 0, 0], A);
    let outcome = position.play(h(3)).unwrap();
    assert_eq!(outcome, kept(A, 3, 15));
    assert_rows(&position, [1; 7], [1, 6, 1, 1, 1, 1, 1]);

    // For B: 17 from B2: B3 … B7 skipped, A1 A2 A3.
    let mut position = pos([0, 0, 5, 0, 0, 0, 0], [0, 17, 0, 0, 0, 0, 0], B);
    let outcome = position.play(h(2)).unwrap();
    assert_eq!(outcome, quiet(B, 2, 17, (A, 3)));
    assert_rows(&position, [2, 2, 7, 1, 1, 1, 1], [1; 7]);
}

#[test]
fn sowing_past_the_opponents_hole_seven_starts_again_at_their_hole_one() {
    // 30 from A1: the lap, then B1 … B7 twice, then B1 and B2.
    let mut position = pos([30, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0], A);
    let outcome = position.play(h(1)).unwrap();
    assert_eq!(outcome, quiet(A, 1, 30, (B, 2)));
    assert_rows(&position, [1; 7], [4, 5, 3, 3, 3, 3, 3]);
}

// ---------------------------------------------------------------- captures

#[test]
fn last_seed_in_own_row_captures_nothing() {
    // A1 with 2: A2, A3; A3 then holds 3 but is A's own.
    let mut position = pos([2, 1, 2, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1], A);
    let before = (position.captured(A), position.captured(B));
    let outcome = position.play(h(1)).unwrap();
    assert_eq!(outcome, quiet(A, 1, 2, (A, 3)));
    assert_rows(&position, [0, 2, 3, 0, 0, 0, 0], [1; 7]);
    assert_eq!((position.captured(A), position.captured(B)), before);
}

#[test]
fn last_seed_in_opponent_hole_one_is_kept_whatever_it_holds() {
    for b1 in [0, 1, 2, 3, 4, 5, 9] {
        // A7's one seed goes to B1; A keeps it, B1 is left as it was.
        let mut position = pos_with([0, 0, 0, 0, 0, 0, 1], [b1, 2, 2, 2, 2, 2, 2], [20, 37 - b1], A);
        let outcome = position.play(h(7)).unwrap();
        assert_eq!(outcome, kept(A, 7, 1), "B1 held {b1}");
        assert_rows(&position, [0; 7], [b1 as u8, 2, 2, 2, 2, 2, 2]);
        assert_eq!((position.captured(A), position.captured(B)), (21, 37 - b1 as u8));
    }
    // An ordinary sowing passing through A7: A6's 2 seeds go to A7 and B1.
    let mut position = pos([0, 0, 0, 0, 0, 2, 0], [4, 2, 2, 2, 2, 2, 2], A);
    let outcome = position.play(h(6)).unwrap();
    assert_eq!(outcome, kept(A, 6, 2));
    assert_rows(&position, [0, 0, 0, 0, 0, 0, 1], [4, 2, 2, 2, 2, 2, 2]);
    // And for B, from B7 into A1.
    let mut position = pos_with([3, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [30, 35], B);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, kept(B, 7, 1));
    assert_rows(&position, [3, 1, 0, 0, 0, 0, 0], [0; 7]);
    assert_eq!((position.captured(A), position.captured(B)), (30, 36));
}

#[test]
fn long_sowing_ending_in_hole_one_keeps_one_seed() {
    // 15 from A7: the lap ends in A7, the 15th seed goes to B1 and is kept.
    let mut position = pos_with([0, 0, 0, 0, 0, 0, 15], [3, 1, 1, 1, 1, 1, 1], [23, 23], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, kept(A, 7, 15));
    assert_rows(&position, [1; 7], [4, 2, 2, 2, 2, 2, 2]);
    assert_eq!((position.captured(A), position.captured(B)), (24, 23));

    // 22 from A7: the lap, B1 … B7, then B1 again.
    let mut position = pos_with([0, 0, 0, 0, 0, 0, 22], [3, 1, 1, 1, 1, 1, 1], [20, 19], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, kept(A, 7, 22));
    assert_rows(&position, [1; 7], [5, 3, 3, 3, 3, 3, 3]);
    assert_eq!((position.captured(A), position.captured(B)), (21, 19));

    // 29 from B4: the lap, A1 … A7 twice, then A1 again.
    let mut position = pos_with([0; 7], [0, 0, 0, 29, 0, 0, 0], [20, 21], B);
    let outcome = position.play(h(4)).unwrap();
    assert_eq!(outcome, kept(B, 4, 29));
    assert_rows(&position, [3, 3, 3, 3, 3, 3, 3], [1; 7]);
    assert_eq!((position.captured(A), position.captured(B)), (20, 22));
}

#[test]
fn last_hole_with_two_three_or_four_is_captured() {
    for b5 in [1, 2, 3] {
        // A7's 5 seeds: B1 … B5. B4 ends with 6, so the chain is B5 alone.
        let mut position = pos_with([0, 0, 0, 0, 0, 0, 5], [0, 0, 0, 5, b5, 0, 0], [30, 30 - b5], A);
        let outcome = position.play(h(7)).unwrap();
        assert_eq!(outcome, chain(A, 7, 5, 5, &[5], b5 as u8 + 1), "B5 held {b5}");
        assert_rows(&position, [0; 7], [1, 1, 1, 6, 0, 0, 0]);
        assert_eq!(position.captured(A), 31 + b5 as u8);
        assert_eq!(position.captured(B), 30 - b5 as u8);
    }
}

#[test]
fn chain_capture_runs_back_and_stops_before_hole_one() {
    // A7's 5 seeds: B1 … B5 become 3 2 3 4 2. B5, B4, B3, B2 are taken;
    // B1 holds 3 but is a hole 1.
    let mut position = pos_with([0, 0, 0, 0, 0, 0, 5], [2, 1, 2, 3, 1, 0, 0], [28, 28], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(A, 7, 5, 5, &[2, 3, 4, 5], 11));
    assert_rows(&position, [0; 7], [3, 0, 0, 0, 0, 0, 0]);
    assert_eq!((position.captured(A), position.captured(B)), (39, 28));
}

#[test]
fn b_captures_a_chain_from_a_row_the_same_way() {
    // B7's 3 seeds: A1 A2 A3 become 2 3 2. A3 and A2 are taken; A1 never.
    let mut position = pos_with([1, 2, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 3], [30, 33], B);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(B, 7, 3, 3, &[2, 3], 5));
    assert_rows(&position, [2, 0, 0, 0, 0, 0, 0], [0; 7]);
    assert_eq!((position.captured(A), position.captured(B)), (30, 38));
}

#[test]
fn chain_stops_at_a_hole_with_one_or_more_than_four() {
    // B1 … B5 become 1 2 1 2 3: B5 and B4 taken, B3 holds 1 and stops the
    // chain, B2's 2 stay.
    let mut position = pos([0, 0, 0, 0, 0, 0, 5], [0, 1, 0, 1, 2, 0, 0], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(A, 7, 5, 5, &[4, 5], 5));
    assert_rows(&position, [0; 7], [1, 2, 1, 0, 0, 0, 0]);

    // B1 … B5 become 1 2 5 2 3: B3 holds 5 and stops the chain.
    let mut position = pos([0, 0, 0, 0, 0, 0, 5], [0, 1, 4, 1, 2, 0, 0], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(A, 7, 5, 5, &[4, 5], 5));
    assert_rows(&position, [0; 7], [1, 2, 5, 0, 0, 0, 0]);

    // B1 … B5 become 2 3 9 3 2: B3 holds 9.
    let mut position = pos([0, 0, 0, 0, 0, 0, 5], [1, 2, 8, 2, 1, 0, 0], A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(A, 7, 5, 5, &[4, 5], 5));
    assert_rows(&position, [0; 7], [2, 3, 9, 0, 0, 0, 0]);
}

#[test]
fn last_hole_with_five_captures_nothing() {
    for b5 in [4, 9] {
        // B1 … B5 become 1 2 2 2 (b5 + 1): B4 holds 2 but the chain never starts.
        let mut position = pos([0, 0, 0, 0, 0, 0, 5], [0, 1, 1, 1, b5, 0, 0], A);
        let captured = position.captured(A);
        let outcome = position.play(h(7)).unwrap();
        assert_eq!(outcome, quiet(A, 7, 5, (B, 5)));
        assert_rows(&position, [0; 7], [1, 2, 2, 2, b5 as u8 + 1, 0, 0]);
        assert_eq!(position.captured(A), captured);
    }
}

#[test]
fn last_hole_with_one_captures_nothing() {
    let mut position = pos([0, 0, 0, 0, 0, 0, 5], [0, 1, 1, 1, 0, 0, 0], A);
    let captured = position.captured(A);
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, quiet(A, 7, 5, (B, 5)));
    assert_rows(&position, [0; 7], [1, 2, 2, 2, 1, 0, 0]);
    assert_eq!(position.captured(A), captured);
}

#[test]
fn long_sowing_captures_a_chain_too() {
    // 16 from B1: the lap ends in B1, then A1 and A2; A2 holds 3 and is
    // taken, A1 holds 3 and is a hole 1.
    let mut position = pos_with([1, 1, 0, 0, 0, 0, 0], [16, 0, 0, 0, 0, 0, 1], [26, 25], B);
    let outcome = position.play(h(1)).unwrap();
    assert_eq!(outcome, chain(B, 1, 16, 2, &[2], 3));
    assert_rows(&position, [3, 0, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 2]);
    assert_eq!((position.captured(A), position.captured(B)), (26, 28));
}

#[test]
fn worked_example_from_the_traditional_description() {
    // A2 holds 18; B2, B3, B4 hold 1 each.
    let mut position = pos_with([1, 18, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 2, 0], [23, 23], A);
    let outcome = position.play(h(2)).unwrap();
    assert_eq!(outcome, chain(A, 2, 18, 4, &[2, 3, 4], 9));
    assert_rows(&position, [2, 1, 1, 1, 1, 1, 1], [2, 0, 0, 0, 1, 3, 1]);
    assert_eq!((position.captured(A), position.captured(B)), (32, 23));
    assert_eq!(position.to_move(), B);
    assert_eq!(position.legal_moves().numbers(), vec![1, 5, 6, 7]);
}

#[test]
fn captured_seeds_leave_the_board_for_good() {
    let mut game = Game::from_position(pos_with([0, 0, 0, 0, 0, 0, 5], [2, 1, 2, 3, 1, 0, 0], [28, 28], A));
    game.play(h(7)).unwrap();
    let position = game.position();
    assert_eq!(position.board_total(), 3);
    assert_eq!(
        position.board_total() + position.captured(A) as u32 + position.captured(B) as u32,
        70
    );
}

// ---------------------------------------------------------------- feeding

#[test]
fn feeding_rule_forces_a_feeding_move() {
    // B has nothing. A1 stays in A's row; A6's last seed is kept from B1;
    // only A7 (B1, B2) feeds.
    let start = pos([1, 0, 0, 0, 0, 2, 2], [0; 7], A);
    assert_eq!(start.non_empty_holes(), holes(&[1, 6, 7]));
    assert_eq!(start.legal_moves(), holes(&[7]));
    for refused in [1, 6] {
        let mut position = start;
        assert_eq!(
            position.check_move(h(refused)),
            Err(IllegalMove::DoesNotFeed(h(refused)))
        );
        assert_eq!(position.play(h(refused)), Err(IllegalMove::DoesNotFeed(h(refused))));
        assert_eq!(position, start, "a refused move changes nothing");
        let mut game = Game::from_position(start);
        assert_eq!(game.play(h(refused)), Err(IllegalMove::DoesNotFeed(h(refused))));
        assert!(game.moves().is_empty());
    }
    let mut position = start;
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, quiet(A, 7, 2, (B, 2)));
    assert_rows(&position, [1, 0, 0, 0, 0, 2, 0], [1, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn single_seed_into_empty_hole_one_does_not_feed() {
    let start = pos([0, 0, 0, 0, 0, 3, 1], [0; 7], A);
    assert_eq!(start.legal_moves(), holes(&[6]));
    let mut position = start;
    assert_eq!(position.play(h(7)), Err(IllegalMove::DoesNotFeed(h(7))));
    // Played anyway, A7's seed would land in B1 and be kept: B stays empty.
    let mut after = start;
    let outcome = after.play_unchecked(h(7));
    assert_eq!(outcome, kept(A, 7, 1));
    assert_eq!(after.row_total(B), 0);
    assert_eq!(after.captured(A), start.captured(A) + 1);
}

#[test]
fn when_no_move_feeds_any_move_is_legal() {
    // A1 and A2 stay home; A7's seed is kept from B1: nothing feeds B.
    let start = pos_with([1, 1, 0, 0, 0, 0, 1], [0; 7], [30, 37], A);
    assert_eq!(start.legal_moves(), holes(&[1, 2, 7]));
    for hole in [1, 2, 7] {
        assert_eq!(start.check_move(h(hole)), Ok(()));
    }
    let mut game = Game::from_position(start);
    let outcome = game.play(h(7)).unwrap();
    assert_eq!(outcome, kept(A, 7, 1));
    // B cannot move: A takes A1's and A2's seeds.
    assert_eq!(game.end(), Some(GameEnd::NoSeeds));
    assert_eq!((game.position().captured(A), game.position().captured(B)), (33, 37));
}

#[test]
fn a_capture_never_empties_a_non_empty_opponent_row() {
    // A7's 3 seeds: B1 B2 B3 become 1 2 2; B3 and B2 are taken, B1 stays.
    let start = pos([1, 0, 0, 0, 0, 0, 3], [0, 1, 1, 0, 0, 0, 0], A);
    // B's row is not empty, so A1 (which stays home) is legal too.
    assert_eq!(start.legal_moves(), holes(&[1, 7]));
    let mut position = start;
    let outcome = position.play(h(7)).unwrap();
    assert_eq!(outcome, chain(A, 7, 3, 3, &[2, 3], 4));
    assert_rows(&position, [1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(position.row_total(B), 1);
}

#[test]
fn feeding_rule_applies_to_b_as_well() {
    // A has nothing. B5 stays home; B7's single seed would be kept from A1;
    // only B6 (B7, A1, A2) feeds.
    let start = pos([0; 7], [0, 0, 0, 0, 1, 3, 1], B);
    assert_eq!(start.legal_moves(), holes(&[6]));
    let mut position = start;
    assert_eq!(position.play(h(5)), Err(IllegalMove::DoesNotFeed(h(5))));
    assert_eq!(position.play(h(7)), Err(IllegalMove::DoesNotFeed(h(7))));
    let outcome = position.play(h(6)).unwrap();
    assert_eq!(outcome, quiet(B, 6, 3, (A, 2)));
    assert_rows(&position, [1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 2]);
}

// ---------------------------------------------------------------- end of the game

#[test]
fn no_seeds_ends_the_game_and_the_other_player_takes_the_rest() {
    // B has nothing and no A move can feed; after A1, B cannot move.
    let mut game = Game::from_position(pos_with([1, 1, 0, 0, 0, 0, 0], [0; 7], [30, 38], A));
    assert_eq!(game.status(), Status::Ongoing { to_move: A });
    let outcome = game.play(h(1)).unwrap();
    assert_eq!(outcome, quiet(A, 1, 1, (A, 2)));
    assert_eq!(game.end(), Some(GameEnd::NoSeeds));
    assert!(game.is_over());
    // A, the other player, takes the 2 seeds left: 32 to 38, B still wins.
    assert_rows(game.position(), [0; 7], [0; 7]);
    assert_eq!((game.position().captured(A), game.position().captured(B)), (32, 38));
    assert_eq!(
        game.status(),
        Status::Finished {
            end: GameEnd::NoSeeds,
            winner: Winner::Seat(B)
        }
    );
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    let state = game.state();
    assert_eq!(state.status, StatusJson::Finished);
    assert_eq!(state.end, Some(GameEnd::NoSeeds));
    assert_eq!(state.winner, Some(Winner::Seat(B)));
    assert_eq!(state.to_move, None);
    assert!(state.legal.is_empty());
    assert_eq!(state.board.a, vec![0; 7]);
    assert_eq!(state.board.b, vec![0; 7]);
}

#[test]
fn emptying_your_own_row_does_not_end_the_game_while_the_opponent_can_move() {
    // A7's 2 seeds go to B1 and B2: A's row is empty but B is to move and
    // has seeds. B must then feed A.
    let mut game = Game::from_position(pos([0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 1], A));
    game.play(h(7)).unwrap();
    assert_eq!(game.status(), Status::Ongoing { to_move: B });
    assert_rows(game.position(), [0; 7], [2, 1, 0, 0, 0, 0, 1]);
    // B1 (2) and B2 (1) stay home; B7's seed would be kept from A1.
    // Nothing feeds, so anything goes; B1 it is.
    assert_eq!(game.legal_moves(), holes(&[1, 2, 7]));
    let before = game.position().captured(B);
    game.play(h(1)).unwrap();
    // A cannot move: B takes the 4 seeds left.
    assert_eq!(game.end(), Some(GameEnd::NoSeeds));
    assert_eq!(game.position().captured(B), before + 4);
    assert_eq!(game.position().board_total(), 0);
}

#[test]
fn a_start_where_the_player_to_move_has_no_seeds_is_over_at_once() {
    let mut game = Game::from_position(pos_with([0; 7], [1, 2, 0, 0, 0, 0, 0], [40, 27], A));
    assert_eq!(game.end(), Some(GameEnd::NoSeeds));
    assert_eq!((game.position().captured(A), game.position().captured(B)), (40, 30));
    assert_eq!(game.play(h(1)), Err(IllegalMove::GameOver));
}

/// A symmetric dance of four seeds that comes back to its start after 16
/// moves without a capture (the shared vectors' loop example).
const LOOP_MOVES: [i64; 16] = [6, 6, 5, 5, 6, 6, 7, 7, 1, 1, 2, 2, 3, 3, 4, 4];

fn loop_start(captured: [i64; 2]) -> Position {
    pos_with([0, 0, 0, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1, 0], captured, A)
}

#[test]
fn first_recurrence_of_a_position_ends_the_game_in_a_loop() {
    let start = loop_start([33, 33]);
    let mut game = Game::from_position(start);
    for (i, &hole) in LOOP_MOVES.iter().enumerate() {
        assert!(!game.is_over(), "ended early, before move {}", i + 1);
        let outcome = game.play(h(hole)).unwrap();
        assert_eq!(outcome.captured, 0, "move {}", i + 1);
    }
    // The 16th move brings back the start, A to move: the game is over.
    assert_eq!(game.position().board(), start.board());
    assert_eq!(game.position().to_move(), start.to_move());
    assert_eq!(game.end(), Some(GameEnd::Loop));
    assert_eq!(
        game.status(),
        Status::Finished {
            end: GameEnd::Loop,
            winner: Winner::Draw
        }
    );
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(h(6)), Err(IllegalMove::GameOver));
    assert_eq!(game.play_as(A, h(6)), Err(IllegalMove::GameOver));

    // The same through replay: a 17th move is refused as move 17.
    let mut moves: Vec<Hole> = LOOP_MOVES.iter().map(|&n| h(n)).collect();
    assert_eq!(Game::replay(start, &moves).unwrap().end(), Some(GameEnd::Loop));
    moves.push(h(6));
    assert_eq!(
        Game::replay(start, &moves).unwrap_err(),
        ReplayError {
            number: 17,
            hole: h(6),
            reason: IllegalMove::GameOver
        }
    );
}

#[test]
fn positions_before_the_first_recurrence_do_not_end_the_game() {
    // The first 15 of the 16 loop moves visit 15 new positions: none ends
    // the game, and the loop history holds them all.
    let mut game = Game::from_position(loop_start([33, 33]));
    let mut seen = vec![(*game.position().board(), game.position().to_move())];
    for &hole in &LOOP_MOVES[..15] {
        game.play(h(hole)).unwrap();
        let key = (*game.position().board(), game.position().to_move());
        assert!(!seen.contains(&key));
        seen.push(key);
        assert_eq!(game.status(), Status::Ongoing { to_move: key.1 });
    }
    assert_eq!(game.loop_history().collect::<Vec<_>>(), seen);
}

#[test]
fn the_same_board_with_the_other_player_to_move_is_not_a_recurrence() {
    // A symmetric board: after these 35 capture-free moves it is back, but
    // with B to move. The same moves again (now mirrored) bring it back with
    // A to move: that is the recurrence, at move 70 and not before.
    let start = pos_with([0, 1, 0, 0, 0, 0, 2], [0, 1, 0, 0, 0, 0, 2], [40, 24], A);
    let dance = [
        2, 7, 2, 2, 3, 3, 7, 2, 4, 3, 5, 4, 6, 5, 7, 2, 1, 3, 2, 4, 3, 5, 4, 6, 2, 1, 3, 3, 4, 4, 5, 5, 6, 6, 1,
    ];
    let mut game = Game::from_position(start);
    for (i, &hole) in dance.iter().chain(&dance).enumerate() {
        assert!(!game.is_over(), "ended after move {i}");
        assert_eq!(game.play(h(hole)).unwrap().captured, 0);
        if i + 1 == dance.len() {
            assert_eq!(game.position().board(), start.board());
            assert_eq!(game.position().to_move(), B);
        }
    }
    assert_eq!(game.position(), &start);
    assert_eq!(game.end(), Some(GameEnd::Loop));
    assert_eq!(
        game.status(),
        Status::Finished {
            end: GameEnd::Loop,
            winner: Winner::Seat(A)
        }
    );
}

#[test]
fn loop_leftover_goes_to_nobody() {
    // A leads 34 to 32 and 4 seeds are left: if they went to B, B would win.
    let start = loop_start([34, 32]);
    let moves: Vec<Hole> = LOOP_MOVES.iter().map(|&n| h(n)).collect();
    let game = Game::replay(start, &moves).unwrap();
    assert_eq!(game.end(), Some(GameEnd::Loop));
    assert_eq!((game.position().captured(A), game.position().captured(B)), (34, 32));
    assert_eq!(game.position().board_total(), 4);
    assert_eq!(game.position().board(), start.board());
    assert_eq!(
        game.status(),
        Status::Finished {
            end: GameEnd::Loop,
            winner: Winner::Seat(A)
        }
    );
    let state = game.state();
    assert_eq!(state.board.a, vec![0, 0, 0, 0, 1, 1, 0]);
    assert_eq!((state.captured.a, state.captured.b), (34, 32));
    assert_eq!(state.winner, Some(Winner::Seat(A)));
}

#[test]
fn equal_captures_are_a_draw() {
    // A plays its last seed; B cannot move; A takes 1 seed: 35 to 35.
    let mut game = Game::from_position(pos_with([1, 0, 0, 0, 0, 0, 0], [0; 7], [34, 35], A));
    game.play(h(1)).unwrap();
    assert_eq!((game.position().captured(A), game.position().captured(B)), (35, 35));
    assert_eq!(
        game.status(),
        Status::Finished {
            end: GameEnd::NoSeeds,
            winner: Winner::Draw
        }
    );
    assert_eq!(game.state().winner, Some(Winner::Draw));
    assert_eq!(Winner::from_captures(35, 35), Winner::Draw);
    assert_eq!(Winner::from_captures(0, 0), Winner::Draw);
    assert_eq!(Winner::Draw.to_string(), "draw");
}

#[test]
fn more_captured_seeds_win() {
    assert_eq!(Winner::from_captures(36, 34), Winner::Seat(A));
    assert_eq!(Winner::from_captures(30, 40), Winner::Seat(B));
    assert_eq!(Winner::from_captures(33, 32), Winner::Seat(A));
    assert_eq!(Winner::Seat(B).to_string(), "B");
    assert_eq!(serde_json::to_string(&Winner::Seat(A)).unwrap(), "\"A\"");
    assert_eq!(serde_json::to_string(&Winner::Draw).unwrap(), "\"draw\"");
    assert_eq!(serde_json::from_str::<Winner>("\"B\"").unwrap(), Winner::Seat(B));
    assert!(serde_json::from_str::<Winner>("\"C\"").is_err());
}

// ---------------------------------------------------------------- illegal moves

#[test]
fn an_empty_hole_cannot_be_played() {
    let mut game = Game::opening(A);
    game.play(h(3)).unwrap();
    game.play(h(1)).unwrap();
    let before = *game.position();
    let error = game.play(h(3)).unwrap_err();
    assert_eq!(error, IllegalMove::EmptyHole(h(3)));
    assert_eq!(error.to_string(), "hole 3 is empty");
    assert_eq!(game.position(), &before);
    assert_eq!(game.moves().len(), 2);
    assert_eq!(before.check_move(h(3)), Err(IllegalMove::EmptyHole(h(3))));
    let mut position = before;
    assert_eq!(position.play(h(3)), Err(IllegalMove::EmptyHole(h(3))));
    assert_eq!(position, before);
}

#[test]
fn a_player_may_only_sow_from_their_own_row() {
    let mut game = Game::opening(A);
    let error = game.play_as(B, h(1)).unwrap_err();
    assert_eq!(error, IllegalMove::NotYourRow { seat: B, to_move: A });
    assert!(error.to_string().contains("A's turn"), "{error}");
    assert!(game.moves().is_empty());
    assert_eq!(game.position(), &Position::opening(A));
    game.play_as(A, h(1)).unwrap();
    assert_eq!(
        game.play_as(A, h(2)),
        Err(IllegalMove::NotYourRow { seat: A, to_move: B })
    );
    game.play_as(B, h(2)).unwrap();
    assert_eq!(game.record().to_string(), "A: 1 2");
}

#[test]
fn a_move_that_does_not_feed_says_so() {
    let error = pos([1, 0, 0, 0, 0, 2, 2], [0; 7], A).check_move(h(1)).unwrap_err();
    assert_eq!(error, IllegalMove::DoesNotFeed(h(1)));
    assert!(error.to_string().contains("does not feed"), "{error}");
}

#[test]
fn no_move_is_legal_once_the_game_is_over() {
    let mut game = Game::from_position(pos([1, 0, 0, 0, 0, 0, 0], [0; 7], A));
    game.play(h(1)).unwrap();
    assert!(game.is_over());
    for n in 1..=7 {
        assert_eq!(game.play(h(n)), Err(IllegalMove::GameOver));
        assert_eq!(game.play_as(B, h(n)), Err(IllegalMove::GameOver));
    }
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
    assert_eq!(game.moves(), &[h(1)]);
}

#[test]
fn replay_names_the_number_the_hole_and_the_reason_of_an_illegal_move() {
    let error = Game::replay(Position::opening(A), &[h(3), h(1), h(3)]).unwrap_err();
    assert_eq!(
        error,
        ReplayError {
            number: 3,
            hole: h(3),
            reason: IllegalMove::EmptyHole(h(3))
        }
    );
    assert_eq!(error.to_string(), "move 3 (hole 3) is illegal: hole 3 is empty");
}

// ---------------------------------------------------------------- notation

#[test]
fn a_game_is_written_as_the_first_movers_seat_and_its_moves() {
    let mut game = Game::opening(A);
    for n in [3, 5, 1, 7, 2] {
        game.play(h(n)).unwrap();
    }
    let record = game.record();
    assert_eq!(record.first, A);
    assert_eq!(record.moves, vec![h(3), h(5), h(1), h(7), h(2)]);
    assert_eq!(record.to_string(), "A: 3 5 1 7 2");
    let parsed: Record = "A: 3 5 1 7 2".parse().unwrap();
    assert_eq!(parsed, record);
    let replayed = Game::from_record(&parsed).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.state(), game.state());

    let record = Record {
        first: B,
        moves: vec![],
    };
    assert_eq!(record.to_string(), "B:");
    assert_eq!("B:".parse::<Record>().unwrap(), record);
    assert_eq!("  B :  4   2 ".parse::<Record>().unwrap().moves, vec![h(4), h(2)]);
    assert_eq!("b: 7".parse::<Record>().unwrap().first, B);
}

#[test]
fn notation_parsing_rejects_what_is_not_a_game() {
    assert_eq!("3 5 1".parse::<Record>(), Err(RecordError::MissingSeat));
    assert_eq!("".parse::<Record>(), Err(RecordError::MissingSeat));
    assert_eq!("C: 1".parse::<Record>(), Err(RecordError::BadSeat("C".to_string())));
    assert_eq!(": 1".parse::<Record>(), Err(RecordError::BadSeat(String::new())));
    assert_eq!(
        "A: 3 8".parse::<Record>(),
        Err(RecordError::BadHole {
            number: 2,
            error: HoleError::OutOfRange(8)
        })
    );
    assert_eq!(
        "A: 0".parse::<Record>(),
        Err(RecordError::BadHole {
            number: 1,
            error: HoleError::OutOfRange(0)
        })
    );
    assert_eq!(
        "B: 1 2 x".parse::<Record>(),
        Err(RecordError::BadHole {
            number: 3,
            error: HoleError::NotANumber("x".to_string())
        })
    );
    let message = "A: 1 -1".parse::<Record>().unwrap_err().to_string();
    assert!(message.contains("move 2") && message.contains("-1"), "{message}");
}

#[test]
fn holes_and_seats_parse_from_text_and_reject_the_rest() {
    assert_eq!("4".parse::<Hole>(), Ok(h(4)));
    assert_eq!(" 7 ".parse::<Hole>(), Ok(h(7)));
    assert_eq!("0".parse::<Hole>(), Err(HoleError::OutOfRange(0)));
    assert_eq!("8".parse::<Hole>(), Err(HoleError::OutOfRange(8)));
    assert_eq!("-1".parse::<Hole>(), Err(HoleError::OutOfRange(-1)));
    assert_eq!("x".parse::<Hole>(), Err(HoleError::NotANumber("x".to_string())));
    assert_eq!("".parse::<Hole>(), Err(HoleError::NotANumber(String::new())));
    assert!(Hole::new(0).is_err() && Hole::new(8).is_err() && Hole::new(i64::MIN).is_err());
    assert_eq!(h(6).to_string(), "6");
    assert_eq!("A".parse::<Seat>(), Ok(A));
    assert_eq!("B".parse::<Seat>(), Ok(B));
    assert!("C".parse::<Seat>().is_err());
    assert!("AB".parse::<Seat>().is_err());
    assert_eq!(A.to_string(), "A");
    assert_eq!(B.letter(), 'B');
}

// ---------------------------------------------------------------- positions

#[test]
fn a_position_needs_seven_holes_a_row() {
    assert_eq!(
        Position::new(&[5; 6], &[5; 7], [5, 0], A),
        Err(PositionError::WrongRowLength { seat: A, count: 6 })
    );
    assert_eq!(
        Position::new(&[5; 7], &[5; 8], [0, 0], A),
        Err(PositionError::WrongRowLength { seat: B, count: 8 })
    );
    assert_eq!(
        Position::new(&[], &[5; 7], [35, 0], B),
        Err(PositionError::WrongRowLength { seat: A, count: 0 })
    );
}

#[test]
fn a_position_has_no_negative_counts() {
    assert_eq!(
        Position::new(&[5; 7], &[5, 5, -1, 5, 5, 5, 6], [1, 0], A),
        Err(PositionError::NegativeSeeds {
            seat: B,
            hole: 3,
            seeds: -1
        })
    );
    assert_eq!(
        Position::new(&[5; 7], &[5; 7], [-2, 2], A),
        Err(PositionError::NegativeCaptures { seat: A, seeds: -2 })
    );
    assert_eq!(
        Position::new(&[5; 7], &[5; 7], [2, -2], A),
        Err(PositionError::NegativeCaptures { seat: B, seeds: -2 })
    );
}

#[test]
fn a_position_holds_exactly_seventy_seeds() {
    assert_eq!(
        Position::new(&[5; 7], &[5; 7], [1, 0], A),
        Err(PositionError::WrongTotal { board: 70, captured: 1 })
    );
    assert_eq!(
        Position::new(&[5; 7], &[5, 5, 5, 5, 5, 5, 4], [0, 0], B),
        Err(PositionError::WrongTotal { board: 69, captured: 0 })
    );
    assert_eq!(
        Position::new(&[0; 7], &[0; 7], [35, 36], B),
        Err(PositionError::WrongTotal { board: 0, captured: 71 })
    );
    assert!(Position::new(&[0; 7], &[0; 7], [35, 35], B).is_ok());
    assert!(Position::new(&[70, 0, 0, 0, 0, 0, 0], &[0; 7], [0, 0], A).is_ok());
    let message = Position::new(&[5; 7], &[5; 7], [1, 0], A).unwrap_err().to_string();
    assert!(message.contains("70"), "{message}");
}

#[test]
fn huge_counts_are_rejected_not_overflowed() {
    // Each count alone is a valid i64; their sum is not. The position must be
    // refused (not a panic, and certainly not accepted after wrapping round).
    let huge = i64::MAX;
    let result = std::panic::catch_unwind(|| Position::new(&[huge, huge, 72, 0, 0, 0, 0], &[0; 7], [0, 0], A));
    assert!(
        matches!(result, Ok(Err(PositionError::TooManySeeds { hole: 1, .. }))),
        "Position::new with seeds summing past i64::MAX: {result:?}"
    );
    let result = std::panic::catch_unwind(|| Position::new(&[5; 7], &[5; 7], [huge, 1], A));
    assert!(
        matches!(result, Ok(Err(PositionError::TooManyCaptures { .. }))),
        "Position::new with captures summing past i64::MAX: {result:?}"
    );
}

#[test]
fn positions_read_and_write_the_vectors_json_form() {
    let text = r#"{"board": {"A": [1, 18, 0, 0, 0, 0, 0], "B": [0, 1, 1, 1, 0, 2, 0]},
                   "captured": {"A": 23, "B": 23}, "to_move": "A"}"#;
    let position = Position::from_json(text).unwrap();
    assert_eq!(
        position,
        pos_with([1, 18, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 2, 0], [23, 23], A)
    );
    let value = serde_json::to_value(position.to_json()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "board": {"A": [1, 18, 0, 0, 0, 0, 0], "B": [0, 1, 1, 1, 0, 2, 0]},
            "captured": {"A": 23, "B": 23},
            "to_move": "A"
        })
    );
    assert_eq!(Position::from_json(&value.to_string()).unwrap(), position);
}

#[test]
fn position_json_errors_say_what_is_wrong() {
    let json = |a: &str, b: &str, captured: &str, to_move: &str| {
        format!(r#"{{"board": {{"A": {a}, "B": {b}}}, "captured": {captured}, "to_move": {to_move}}}"#)
    };
    let ok = json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 0, "B": 0}"#, r#""B""#);
    assert_eq!(Position::from_json(&ok).unwrap(), Position::opening(B));

    for not_json in ["", "{", "{board: 3}", "[5,5,]", "'A'"] {
        let error = Position::from_json(not_json).unwrap_err();
        assert!(matches!(error, PositionJsonError::NotJson(_)), "{not_json}: {error}");
    }
    for malformed in [
        "[]",
        "null",
        r#"{"board": 3}"#,
        &json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 0, "B": 0}"#, r#""C""#),
        &json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 0}"#, r#""A""#),
        &json(
            "[5,5,5,5,5,5,5]",
            "[5,5,5,5,5,5,\"5\"]",
            r#"{"A": 0, "B": 0}"#,
            r#""A""#,
        ),
        &json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5.5]", r#"{"A": 0, "B": 0}"#, r#""A""#),
        &ok.replace("\"to_move\"", "\"extra\": 1, \"to_move\""),
    ] {
        let error = Position::from_json(malformed).unwrap_err();
        assert!(matches!(error, PositionJsonError::BadValue(_)), "{malformed}: {error}");
    }
    let invalid = [
        (
            json("[5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 5, "B": 0}"#, r#""A""#),
            PositionError::WrongRowLength { seat: A, count: 6 },
        ),
        (
            json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,-5]", r#"{"A": 10, "B": 0}"#, r#""A""#),
            PositionError::NegativeSeeds {
                seat: B,
                hole: 7,
                seeds: -5,
            },
        ),
        (
            json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 1, "B": -1}"#, r#""A""#),
            PositionError::NegativeCaptures { seat: B, seeds: -1 },
        ),
        (
            json("[5,5,5,5,5,5,5]", "[5,5,5,5,5,5,5]", r#"{"A": 1, "B": 0}"#, r#""A""#),
            PositionError::WrongTotal { board: 70, captured: 1 },
        ),
    ];
    for (text, expected) in invalid {
        match Position::from_json(&text) {
            Err(PositionJsonError::Invalid(error)) => assert_eq!(error, expected, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn a_game_state_is_written_in_the_vectors_json_form() {
    let value = serde_json::to_value(Game::opening(B).state()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "board": {"A": [5, 5, 5, 5, 5, 5, 5], "B": [5, 5, 5, 5, 5, 5, 5]},
            "captured": {"A": 0, "B": 0},
            "to_move": "B",
            "legal": [1, 2, 3, 4, 5, 6, 7],
            "status": "ongoing",
            "end": null,
            "winner": null
        })
    );
    let moves: Vec<Hole> = LOOP_MOVES.iter().map(|&n| h(n)).collect();
    let value = serde_json::to_value(Game::replay(loop_start([33, 33]), &moves).unwrap().state()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "board": {"A": [0, 0, 0, 0, 1, 1, 0], "B": [0, 0, 0, 0, 1, 1, 0]},
            "captured": {"A": 33, "B": 33},
            "to_move": null,
            "legal": [],
            "status": "finished",
            "end": "loop",
            "winner": "draw"
        })
    );
}

// ---------------------------------------------------------------- hole sets

#[test]
fn hole_sets_iterate_in_increasing_order_and_back() {
    let set = holes(&[5, 2, 7]);
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![h(2), h(5), h(7)]);
    assert_eq!(set.iter().rev().collect::<Vec<_>>(), vec![h(7), h(5), h(2)]);
    assert_eq!(set.into_iter().len(), 3);
    assert_eq!(set.len(), 3);
    assert_eq!(set.numbers(), vec![2, 5, 7]);
    assert!(set.contains(h(5)) && !set.contains(h(1)) && !set.contains(h(6)));
    assert!(!set.is_empty());
    let mut iter = set.iter();
    assert_eq!(iter.next(), Some(h(2)));
    assert_eq!(iter.next_back(), Some(h(7)));
    assert_eq!(iter.len(), 1);
    assert_eq!(iter.next(), Some(h(5)));
    assert_eq!(iter.next(), None);
    assert_eq!(iter.next_back(), None);

    let all: HoleSet = Hole::ALL.into_iter().collect();
    assert_eq!(all.numbers(), vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(
        all.iter().rev().map(Hole::number).collect::<Vec<_>>(),
        vec![7, 6, 5, 4, 3, 2, 1]
    );
    assert_eq!(HoleSet::EMPTY.iter().next(), None);
    assert!(HoleSet::EMPTY.is_empty() && HoleSet::default().is_empty());
    assert_eq!(HoleSet::EMPTY.len(), 0);
    let mut set = HoleSet::EMPTY;
    set.insert(h(1));
    set.insert(h(1));
    set.insert(h(7));
    assert_eq!(set.numbers(), vec![1, 7]);
}
