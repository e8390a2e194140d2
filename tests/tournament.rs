//! Tournament pairings and standings: properties of whole simulated
//! tournaments (round robin and Swiss, with random results, forfeits and
//! withdrawals), a brute-force check that the Swiss pairing never repeats
//! a pairing it could avoid, and tie-breaks on worked cross tables.

use akon::random::SplitMix64;
use akon::tournament::{
    pair_swiss, round_robin, seeding, standings, Entrant, Format, GameResult, Outcome, Pairing, PairingError, Round,
    Seed,
};
use proptest::prelude::*;

// ------------------------------------------------------------------ helpers

fn result(outcome: Outcome, captured: [u32; 2]) -> Option<GameResult> {
    Some(GameResult { outcome, captured })
}

fn game(first: Seed, second: Seed, outcome: Outcome, captured: [u32; 2]) -> Pairing {
    Pairing {
        first,
        second,
        result: result(outcome, captured),
    }
}

/// A random finished result: mostly decisive games, some draws, now and
/// then a forfeit or a double forfeit.
fn random_result(rng: &mut SplitMix64) -> Option<GameResult> {
    let outcome = match rng.below(100) {
        0..40 => Outcome::FirstWon,
        40..80 => Outcome::SecondWon,
        80..94 => Outcome::Draw,
        94..97 => Outcome::FirstWonByForfeit,
        97..99 => Outcome::SecondWonByForfeit,
        _ => Outcome::DoubleForfeit,
    };
    let captured = if outcome.played() {
        let a = rng.below(71) as u32;
        [a, 70 - a]
    } else {
        [0, 0]
    };
    result(outcome, captured)
}

/// Checks that every present player is in exactly one game or is the bye,
/// nobody absent plays, and the bye exists exactly when the count is odd.
fn check_round(round: &Round, present: &[bool]) -> Result<(), TestCaseError> {
    let mut seen = vec![0; present.len()];
    for p in &round.pairings {
        prop_assert_ne!(p.first, p.second);
        seen[p.first] += 1;
        seen[p.second] += 1;
    }
    if let Some(b) = round.bye {
        seen[b] += 1;
    }
    for (p, &here) in present.iter().enumerate() {
        prop_assert_eq!(seen[p], usize::from(here), "player {} in round {:?}", p, round);
    }
    let count = present.iter().filter(|&&h| h).count();
    prop_assert_eq!(round.bye.is_some(), count % 2 == 1);
    Ok(())
}

/// First moves minus second moves of each player, over played games.
fn colour_differences(players: usize, rounds: &[Round]) -> Vec<i32> {
    let mut cd = vec![0; players];
    for p in rounds.iter().flat_map(|r| &r.pairings) {
        if p.result.is_none_or(|r| r.outcome.played()) {
            cd[p.first] += 1;
            cd[p.second] -= 1;
        }
    }
    cd
}

/// Whether the present players can be paired with no pair meeting again
/// and, when the count is odd, the bye going to a player who has not had
/// one (if any such player is present): by trying every pairing.
fn rematch_free_pairing_exists(present: &[Seed], met: &[Vec<bool>], had_bye: &[bool]) -> bool {
    fn pair_all(left: &mut Vec<Seed>, met: &[Vec<bool>]) -> bool {
        let Some(a) = left.pop() else {
            return true;
        };
        for i in 0..left.len() {
            let b = left[i];
            if !met[a][b] {
                left.remove(i);
                let ok = pair_all(left, met);
                left.insert(i, b);
                if ok {
                    left.push(a);
                    return true;
                }
            }
        }
        left.push(a);
        false
    }
    if present.len().is_multiple_of(2) {
        return pair_all(&mut present.to_vec(), met);
    }
    let fresh = present.iter().any(|&p| !had_bye[p]);
    present.iter().enumerate().any(|(i, &b)| {
        if fresh && had_bye[b] {
            return false;
        }
        let mut rest = present.to_vec();
        rest.remove(i);
        pair_all(&mut rest, met)
    })
}

/// A Swiss tournament played to the end with random results; after each
/// round, `check` sees the rounds so far and who was present.
fn simulate_swiss(
    players: usize,
    rounds: usize,
    seed: u64,
    withdrawals: bool,
    mut check: impl FnMut(&[Round], &[bool]) -> Result<(), TestCaseError>,
) -> Result<Vec<Round>, TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut history: Vec<Round> = Vec::new();
    let mut present = vec![true; players];
    for _ in 0..rounds {
        if withdrawals && rng.below(6) == 0 {
            let p = rng.below(players);
            if present.iter().filter(|&&h| h).count() > 2 {
                present[p] = false;
            }
        }
        let absent: Vec<Seed> = (0..players).filter(|&p| !present[p]).collect();
        let mut round = pair_swiss(players, &history, &absent).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(
            &pair_swiss(players, &history, &absent).unwrap(),
            &round,
            "deterministic"
        );
        check_round(&round, &present)?;
        for p in &mut round.pairings {
            p.result = random_result(&mut rng);
        }
        history.push(round);
        check(&history, &present)?;
    }
    Ok(history)
}

fn default_swiss_rounds(players: usize) -> usize {
    (usize::BITS - (players - 1).leading_zeros()) as usize + 1
}

// --------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Berger tables: each round has everyone once (or the bye), every pair
    /// meets exactly once per cycle, first moves are balanced within one,
    /// and in the double round robin each pair has each first move once.
    #[test]
    fn round_robin_meets_everyone_once_balanced(players in 2usize..=30, cycles in 1usize..=2) {
        let rounds = round_robin(players, cycles);
        let per_cycle = players - 1 + players % 2;
        prop_assert_eq!(rounds.len(), per_cycle * cycles);
        let mut meetings = vec![vec![0; players]; players];
        let mut firsts = vec![vec![0; players]; players];
        for round in &rounds {
            check_round(round, &vec![true; players])?;
            for p in &round.pairings {
                meetings[p.first][p.second] += 1;
                meetings[p.second][p.first] += 1;
                firsts[p.first][p.second] += 1;
            }
        }
        for a in 0..players {
            for b in 0..players {
                if a != b {
                    prop_assert_eq!(meetings[a][b], cycles, "{} and {}", a, b);
                    if cycles == 2 {
                        prop_assert_eq!(firsts[a][b], 1);
                    }
                }
            }
        }
        let byes = rounds.iter().filter_map(|r| r.bye).count();
        prop_assert_eq!(byes, if players % 2 == 1 { per_cycle * cycles } else { 0 });
        for cd in colour_differences(players, &rounds) {
            prop_assert!(cd.abs() <= 1, "first-move balance {}", cd);
        }
    }

    /// A whole Swiss tournament (the default number of rounds) with random
    /// results: everyone present plays once or has the bye, nobody has two
    /// byes, and nobody's first and second moves differ by more than two.
    #[test]
    fn swiss_tournament_pairs_everyone_and_balances_first_moves(
        players in 2usize..=64,
        seed in any::<u64>(),
        withdrawals in any::<bool>(),
    ) {
        let rounds = default_swiss_rounds(players).min(players - 1 + players % 2);
        simulate_swiss(players, rounds, seed, withdrawals, |history, _| {
            for (p, cd) in colour_differences(players, history).into_iter().enumerate() {
                prop_assert!(cd.abs() <= 2, "player {} first-move balance {} after {:?}", p, cd, history);
            }
            let mut byes = vec![0; players];
            for b in history.iter().filter_map(|r| r.bye) {
                byes[b] += 1;
            }
            prop_assert!(byes.iter().all(|&b| b <= 1), "byes {:?}", byes);
            Ok(())
        })?;
    }

    /// Small fields played for as many rounds as a round robin would have,
    /// where rematches become hard to avoid: whenever a brute-force search
    /// finds a round without a rematch (and with the bye to someone who has
    /// not had one), the pairing has none either.
    #[test]
    fn swiss_never_repeats_a_pairing_it_could_avoid(
        players in 2usize..=10,
        seed in any::<u64>(),
        withdrawals in any::<bool>(),
    ) {
        let rounds = players - 1 + players % 2;
        let mut met = vec![vec![false; players]; players];
        let mut had_bye = vec![false; players];
        simulate_swiss(players, rounds, seed, withdrawals, |history, present| {
            let round = history.last().unwrap();
            let here: Vec<Seed> = (0..players).filter(|&p| present[p]).collect();
            let avoidable = rematch_free_pairing_exists(&here, &met, &had_bye);
            let rematch = round.pairings.iter().any(|p| met[p.first][p.second]);
            let fresh = here.iter().any(|&p| !had_bye[p]);
            let second_bye = fresh && round.bye.is_some_and(|b| had_bye[b]);
            if avoidable {
                prop_assert!(!rematch && !second_bye, "avoidable repeat in {:?} after {:?}", round, history);
            }
            for p in &round.pairings {
                met[p.first][p.second] = true;
                met[p.second][p.first] = true;
            }
            if let Some(b) = round.bye {
                had_bye[b] = true;
            }
            Ok(())
        })?;
    }
}

// ------------------------------------------------------------ Swiss, by hand

/// Round 1 of the Dutch system: the top half meets the bottom half in
/// order, the first move alternating from board to board.
#[test]
fn first_swiss_round_is_top_half_against_bottom_half() {
    let round = pair_swiss(8, &[], &[]).unwrap();
    let pairs: Vec<(Seed, Seed)> = round.pairings.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(pairs, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
    assert_eq!(round.bye, None);

    // Odd: the lowest-ranked player has the bye, the others pair as above.
    let round = pair_swiss(7, &[], &[]).unwrap();
    let pairs: Vec<(Seed, Seed)> = round.pairings.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(pairs, vec![(0, 3), (4, 1), (2, 5)]);
    assert_eq!(round.bye, Some(6));
}

/// Round 2 after a round 1 where the top half all won: the winners meet
/// each other, the losers each other. Pairing by rank (0–2, 1–3) would
/// give 0 and 2, who both moved first, the same colour preference, so (as
/// the Dutch system's transpositions do) 0–3 and 1–2 let everyone
/// alternate; likewise 4–7 and 5–6 among the losers.
#[test]
fn second_swiss_round_pairs_within_score_groups_and_alternates() {
    let mut round1 = pair_swiss(8, &[], &[]).unwrap();
    for p in &mut round1.pairings {
        let outcome = if p.first < p.second {
            Outcome::FirstWon
        } else {
            Outcome::SecondWon
        };
        p.result = result(outcome, [40, 30]);
    }
    let round2 = pair_swiss(8, &[round1], &[]).unwrap();
    let pairs: Vec<(Seed, Seed)> = round2.pairings.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(pairs, vec![(3, 0), (1, 2), (4, 7), (6, 5)]);
}

/// The bye goes to the lowest-ranked player without one, and never twice
/// while someone else can take it.
#[test]
fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
    let mut history = Vec::new();
    let mut byes = Vec::new();
    for _ in 0..3 {
        let mut round = pair_swiss(5, &history, &[]).unwrap();
        for p in &mut round.pairings {
            p.result = result(Outcome::Draw, [35, 35]);
        }
        byes.push(round.bye.unwrap());
        history.push(round);
    }
    // Round 1: seed 4, the lowest. Round 2: seeds 0–3 are on ½ point and
    // seed 4 (the bye) on 1: seed 3. Round 3: seeds 0–2 are on 1 point,
    // seeds 3 and 4 on 1½: seed 2.
    assert_eq!(byes, vec![4, 3, 2]);
}

#[test]
fn bad_histories_are_refused() {
    let unfinished = Round {
        pairings: vec![Pairing::new(0, 1)],
        bye: None,
    };
    assert_eq!(
        pair_swiss(2, &[unfinished], &[]),
        Err(PairingError::Unfinished { round: 0 })
    );
    let twice = Round {
        pairings: vec![game(0, 1, Outcome::Draw, [35, 35])],
        bye: Some(1),
    };
    assert_eq!(
        pair_swiss(3, &[twice], &[]),
        Err(PairingError::PairedTwice { round: 0, player: 1 })
    );
    assert_eq!(
        pair_swiss(2, &[], &[5]),
        Err(PairingError::UnknownPlayer { round: 0, player: 5 })
    );
    assert_eq!(pair_swiss(3, &[], &[0, 1]), Err(PairingError::TooFewPlayers));
}

#[test]
fn seeding_orders_by_rating_then_id() {
    let e = |id, rating| Entrant { id, rating };
    let seeded = seeding(&[e(7, 1500), e(3, 1600), e(5, 1500), e(9, 1700)]);
    let ids: Vec<u64> = seeded.iter().map(|e| e.id).collect();
    assert_eq!(ids, vec![9, 3, 5, 7]);
}

// --------------------------------------------------------------- tie-breaks

/// A 4-player round robin (A, B, C, D = seeds 0–3) on the Berger table:
///
/// ```text
/// round 1: A–D 1–0     B–C 1–0
/// round 2: D–C ½–½     A–B ½–½
/// round 3: B–D ½–½     C–A 1–0
///
///       A   B   C   D   points  Sonneborn–Berger
///  A    ·   ½   0   1   1½      ½·2 + 0·1½ + 1·1 = 2
///  B    ½   ·   1   ½   2       ½·1½ + 1·1½ + ½·1 = 2¾
///  C    1   0   ·   ½   1½      1·1½ + 0·2 + ½·1 = 2
///  D    0   ½   ½   ·   1       0 + ½·2 + ½·1½ = 1¾
/// ```
///
/// A and C tie on points and Sonneborn–Berger; C beat A, so direct
/// encounter (C.07) puts C above A: B, C, A, D.
#[test]
fn round_robin_tie_breaks_on_a_worked_cross_table() {
    let mut rounds = round_robin(4, 1);
    let outcomes = [
        [Outcome::FirstWon, Outcome::FirstWon],
        [Outcome::Draw, Outcome::Draw],
        [Outcome::Draw, Outcome::FirstWon],
    ];
    for (round, outcomes) in rounds.iter_mut().zip(outcomes) {
        for (p, o) in round.pairings.iter_mut().zip(outcomes) {
            p.result = result(o, [35, 35]);
        }
    }
    let pairs: Vec<Vec<(Seed, Seed)>> = rounds
        .iter()
        .map(|r| r.pairings.iter().map(|p| (p.first, p.second)).collect())
        .collect();
    assert_eq!(
        pairs,
        vec![vec![(0, 3), (1, 2)], vec![(3, 2), (0, 1)], vec![(1, 3), (2, 0)]]
    );

    let table = standings(Format::RoundRobin, 4, &rounds);
    let row = |s: &akon::tournament::Standing| {
        (
            s.rank,
            s.player,
            s.half_points,
            s.tie_breaks.sonneborn_berger_quarters,
            s.tie_breaks.direct_encounter_halves,
        )
    };
    let rows: Vec<_> = table.iter().map(row).collect();
    assert_eq!(
        rows,
        vec![
            (1, 1, 4, 11, None),   // B: 2 points, SB 2¾
            (2, 2, 3, 8, Some(2)), // C: 1½, SB 2, beat A
            (3, 0, 3, 8, Some(0)), // A: 1½, SB 2
            (4, 3, 2, 7, None),    // D: 1, SB 1¾
        ]
    );
    assert!(table.iter().all(|s| s.games_played == 3));
}

/// A cycle: A beats B, B beats C, C beats A, and all three beat D. Points,
/// Sonneborn–Berger (1·1 + 0 + … = 2 each: a win over a 2-point player and
/// one over D on 0) and direct encounter (1 each) all tie; seeds decide:
///
/// ```text
/// round 1: A–D 40–30 (A +10)   B–C 36–34 (B +2, C −2)
/// round 2: D–C 20–50 (C +30)   A–B 38–32 (A +6, B −6)
/// round 3: B–D 45–25 (B +20)   C–A 40–30 (C +10, A −10)
/// seeds:   A +6, B +16, C +38, D −60   →   C, B, A, D
/// ```
#[test]
fn round_robin_falls_back_to_seed_difference() {
    let mut rounds = round_robin(4, 1);
    let games = [
        [(Outcome::FirstWon, [40, 30]), (Outcome::FirstWon, [36, 34])],
        [(Outcome::SecondWon, [20, 50]), (Outcome::FirstWon, [38, 32])],
        [(Outcome::FirstWon, [45, 25]), (Outcome::FirstWon, [40, 30])],
    ];
    for (round, games) in rounds.iter_mut().zip(games) {
        for (p, (o, c)) in round.pairings.iter_mut().zip(games) {
            p.result = result(o, c);
        }
    }
    let table = standings(Format::RoundRobin, 4, &rounds);
    let rows: Vec<_> = table
        .iter()
        .map(|s| {
            let t = s.tie_breaks;
            (
                s.rank,
                s.player,
                s.half_points,
                t.sonneborn_berger_quarters,
                t.direct_encounter_halves,
                t.seed_difference,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, 2, 4, 8, Some(2), 38),
            (2, 1, 4, 8, Some(2), 16),
            (3, 0, 4, 8, Some(2), 6),
            (4, 3, 0, 0, None, -60),
        ]
    );
}

/// A 5-player Swiss (A–E = seeds 0–4) with a bye each round, a forfeit and
/// a withdrawal, worked by C.07's rules for unplayed rounds (article 16):
///
/// ```text
/// round 1: A–D 1–0         B–E ½–½         C bye
/// round 2: C–A ½–½         D–B 0–1 forfeit E bye
/// round 3: A–B ½–½         E–C 1–0         D absent (withdrew)
///
/// points: A 2, B 2, C 1½, D 0, E 2½
/// D's forfeit loss and absence are voluntarily unplayed and come after
/// D's last game, so D counts 0 + ½ + ½ = 1 for D's opponents (16.3).
/// Own unplayed rounds meet a dummy with one's own score (16.4).
///
///      Buchholz (opponents)        Cut-1 (16.5)      Sonneborn–Berger
///  A   D 1 + C 1½ + B 2 = 4½       4½ − 1 = 3½       1·1 + ½·1½ + ½·2 = 2¾
///  B   E 2½ + dummy 2 + A 2 = 6½   6½ − 2 = 4½       ½·2½ + 1·2 + ½·2 = 4¼
///  C   dummy 1½ + A 2 + E 2½ = 6   6 − 1½ = 4½       1·1½ + ½·2 + 0 = 2½
///  D   A 2 + dummy 0 + dummy 0 = 2 2 − 0 = 2 (a VUR) 0
///  E   B 2 + dummy 2½ + C 1½ = 6   6 − 1½ = 4½       ½·2 + 1·2½ + 1·1½ = 5
///
/// order: E (2½), B (2, Cut-1 4½) above A (2, Cut-1 3½), C, D
/// ```
#[test]
fn swiss_tie_breaks_with_byes_forfeits_and_a_withdrawal() {
    let rounds = vec![
        Round {
            pairings: vec![
                game(0, 3, Outcome::FirstWon, [40, 30]),
                game(1, 4, Outcome::Draw, [35, 35]),
            ],
            bye: Some(2),
        },
        Round {
            pairings: vec![
                game(2, 0, Outcome::Draw, [35, 35]),
                game(3, 1, Outcome::SecondWonByForfeit, [0, 0]),
            ],
            bye: Some(4),
        },
        Round {
            pairings: vec![
                game(0, 1, Outcome::Draw, [35, 35]),
                game(4, 2, Outcome::FirstWon, [50, 20]),
            ],
            bye: None,
        },
    ];
    let table = standings(Format::Swiss, 5, &rounds);
    let rows: Vec<_> = table
        .iter()
        .map(|s| {
            let t = s.tie_breaks;
            (
                s.rank,
                s.player,
                s.half_points,
                t.buchholz_cut1_halves,
                t.buchholz_halves,
                t.sonneborn_berger_quarters,
                s.games_played,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, 4, 5, 9, 12, 20, 2),
            (2, 1, 4, 9, 13, 17, 2),
            (3, 0, 4, 7, 9, 11, 3),
            (4, 2, 3, 9, 12, 10, 2),
            (5, 3, 0, 4, 4, 0, 1),
        ]
    );
    assert_eq!(table[4].tie_breaks.seed_difference, -10);
    assert!(table.iter().all(|s| s.tie_breaks.direct_encounter_halves.is_none()));
}

/// A game still being played counts for nobody; the rest of its round
/// does.
#[test]
fn unfinished_games_do_not_count() {
    let rounds = vec![Round {
        pairings: vec![game(0, 1, Outcome::FirstWon, [40, 30]), Pairing::new(2, 3)],
        bye: None,
    }];
    let table = standings(Format::Swiss, 4, &rounds);
    let points: Vec<(Seed, u32, u32, u32)> = table
        .iter()
        .map(|s| (s.player, s.half_points, s.games_played, s.tie_breaks.buchholz_halves))
        .collect();
    // 0 beat 1; 2 and 3 have played nothing yet, and 1 has a Buchholz of
    // 1 (its opponent's point) where they have none.
    assert_eq!(points, vec![(0, 2, 1, 0), (1, 0, 1, 2), (2, 0, 0, 0), (3, 0, 0, 0)]);
}

/// FIDE's Technical Commission's tie-break exercise of 18 March 2024
/// (<https://tec.fide.com/2024/03/18/tie-break-exercise/>), for the
/// regulations (C.07) of 2023: a 5-round Swiss of 16 players with byes,
/// forfeits and absences, and the Buchholz and Buchholz Cut-1 of some
/// players, with unplayed rounds adjusted as article 16 says. Each row is
/// one player's rounds: `+W9` won with the first move against player 9,
/// `=B13` drew moving second against 13, `-F11` lost by forfeit to 11,
/// `+BYE` the pairing-allocated bye, `=BYE` a half-point bye, `--` absent.
/// Player 12's row is not in the exercise as transcribed; their two games
/// are in rows 4 and 14.
const FIDE_EXERCISE_2024: &str = "
 1: +W9  =B13 =W2  +B15 =W4
 2: +B10 +W7  =B1  +W16 =B3
 3: =W11 +B6  +W8  =B4  =W2
 4: +B12 =BYE +W13 =W3  =B1
 5: -W13 -B15 +W11 =B7  +W10
 6: -B14 -W3  +BYE +W10 +B8
 7: +W15 -B2  -B16 =W5  -B11
 8: =B16 +W14 -B3  +W13 -W6
 9: -B1  -W10 =BYE -F11 +BYE
10: -W2  +B9  -W15 -B6  -B5
11: =B3  -W16 -B5  +F9  +W7
13: +B5  =W1  -B4  -B8  -W14
14: +W6  -B8  -F12 --   +B13
15: -B7  +W5  +B10 -W1  -B16
16: =W8  +B11 +W7  -B2  +W15
";

/// The exercise's rounds, players 1–16 as seeds 0–15. Akon has neither
/// half-point byes nor two byes in a round: a `=BYE` is read as an absence
/// (players 4 and 9 only, whose scores none of the values checked below
/// depends on).
fn fide_exercise_rounds() -> Vec<Round> {
    let mut rounds = vec![Round::default(); 5];
    for line in FIDE_EXERCISE_2024.lines().filter(|l| !l.trim().is_empty()) {
        let (player, results) = line.split_once(':').unwrap();
        let player: Seed = player.trim().parse::<Seed>().unwrap() - 1;
        for (round, token) in results.split_whitespace().enumerate() {
            let (result, rest) = token.split_at(1);
            match (result, rest) {
                ("-", "-") | ("=", "BYE") => continue,
                ("+", "BYE") => {
                    assert_eq!(rounds[round].bye, None, "one bye a round");
                    rounds[round].bye = Some(player);
                    continue;
                }
                _ => {}
            }
            let (how, opponent) = rest.split_at(1);
            let opponent: Seed = opponent.parse::<Seed>().unwrap() - 1;
            // Each game once: from the lower number's row, or from the row
            // of player 12's opponent (12 has none).
            if opponent < player && opponent != 11 {
                continue;
            }
            let (first, second, won_first) = match how {
                "W" | "F" => (player, opponent, result == "+"),
                _ => (opponent, player, result == "-"),
            };
            let outcome = match (how, result) {
                (_, "=") => Outcome::Draw,
                ("F", _) if won_first => Outcome::FirstWonByForfeit,
                ("F", _) => Outcome::SecondWonByForfeit,
                _ if won_first => Outcome::FirstWon,
                _ => Outcome::SecondWon,
            };
            let captured = if outcome.played() { [35, 35] } else { [0, 0] };
            rounds[round].pairings.push(game(first, second, outcome, captured));
        }
    }
    rounds
}

/// The exercise's answers for players 2, 5, 8 and 11 (points, Buchholz,
/// Buchholz Cut-1, in half-points): 2 has 4 points and a Buchholz of 13;
/// 5 has 2½, 8½ and 7½; 8 has 2½, 13½ and 12 (opponent 14's forfeit loss
/// and absence come before 14's last game, so they are not adjusted); 11
/// has 2½, 13½ and 12 (the forfeit win over 9 counts as a game against a
/// dummy opponent with 11's own 2½ points, article 16.4).
#[test]
fn buchholz_matches_fides_tie_break_exercise() {
    let table = standings(Format::Swiss, 16, &fide_exercise_rounds());
    let of = |player: Seed| {
        let s = table.iter().find(|s| s.player == player - 1).unwrap();
        (
            s.half_points,
            s.tie_breaks.buchholz_halves,
            s.tie_breaks.buchholz_cut1_halves,
        )
    };
    assert_eq!(of(2).0, 8);
    assert_eq!(of(2).1, 26);
    assert_eq!(of(5), (5, 17, 15));
    assert_eq!(of(8), (5, 27, 24));
    assert_eq!(of(11), (5, 27, 24));
}

/// A double forfeit (neither player moved) scores 0–0, is no game played,
/// and gives neither player an opponent.
#[test]
fn a_double_forfeit_scores_nothing_for_either_player() {
    assert_eq!(Outcome::DoubleForfeit.half_points(), [0, 0]);
    assert!(!Outcome::DoubleForfeit.played());
    let rounds = vec![Round {
        pairings: vec![
            game(0, 1, Outcome::DoubleForfeit, [0, 0]),
            game(2, 3, Outcome::FirstWon, [40, 30]),
        ],
        bye: None,
    }];
    let table = standings(Format::Swiss, 4, &rounds);
    for player in [0, 1] {
        let s = table.iter().find(|s| s.player == player).unwrap();
        assert_eq!((s.half_points, s.games_played, s.tie_breaks.seed_difference), (0, 0, 0));
    }
    let winner = table.iter().find(|s| s.player == 2).unwrap();
    assert_eq!((winner.rank, winner.half_points), (1, 2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// With an odd field, each player sits out exactly one round per
    /// cycle, so never more than one in a single round robin.
    #[test]
    fn round_robin_gives_each_player_one_bye_per_cycle(players in 2usize..=31, cycles in 1usize..=2) {
        let mut byes = vec![0; players];
        for bye in round_robin(players, cycles).iter().filter_map(|r| r.bye) {
            byes[bye] += 1;
        }
        let each = if players % 2 == 1 { cycles } else { 0 };
        prop_assert!(byes.iter().all(|&b| b == each), "byes {:?}", byes);
    }
}
