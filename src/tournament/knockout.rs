//! Knockout (single elimination): who meets whom, who goes through, and
//! where everyone finishes.
//!
//! **The bracket.** With `n` players the bracket has `2^k` places, `k` =
//! ceil(log2 n) rounds. The places are filled by the standard seeding
//! order: 1 against `2^k`, the winner of that against the winner of
//! `2^(k−1)` against `2^(k−1)` + 1, and so on, built by doubling (each seed
//! `s` of the order for `m` places is followed by `2m + 1 − s`): for 8
//! places, 1–8, 4–5, 2–7, 3–6. So seed 1 meets the lowest seed, and seeds 1
//! and 2 are in opposite halves and can meet only in the final (1 to 4 in
//! opposite quarters, and so on). A place whose seed is above `n` is empty:
//! the player it was to meet has a *bye* and goes through round 1 without
//! a game. The empty places are the lowest seeds', so the byes go to the
//! top seeds, in seed order, and only in round 1.
//!
//! **A match.** The higher seed moves first in a match's first game. A
//! drawn game is replayed with the first move swapped, at most
//! [`DRAW_REPLAYS`] times; when the last replay is drawn too, the higher
//! seed goes through. A win goes through, whether the game was played,
//! resigned (a withdrawal) or lost on time, and so does a forfeit win. A
//! double forfeit sends nobody on: the player the winner would have met
//! next has a *walkover* into the round after.
//!
//! **Third place.** If asked for, the final round also has a match for
//! third place between the semi-finals' losers (a semi-final's winner by
//! bye or walkover, or a double forfeit, leaves no loser: the other loser
//! then has the walkover to third place). A semi-final loser who withdrew
//! before the final round forfeits the third-place match, or leaves the
//! walkover unclaimed: then nobody is third, and they are fourth, as the
//! loser of a third-place match is.
//!
//! **Placings** ([`placings`]): the winner is first, the final's loser
//! second; with a third-place match its winner third and its loser fourth;
//! otherwise a player knocked out in round `r` of `k` shares place
//! `2^(k−r)` + 1 with the others knocked out in that round (the two semi-
//! finals' losers are both third). A match won, even by a bye or a
//! walkover, is worth a point.

use super::{Outcome, Seed};

/// How many times a drawn game of a match is replayed, the first move
/// swapped each time, before the higher seed goes through: a match is at
/// most three games.
pub const DRAW_REPLAYS: u32 = 2;

/// The number of rounds of a knockout among `players`: ceil(log2 n), 0 for
/// fewer than two.
pub fn rounds(players: usize) -> usize {
    if players < 2 {
        0
    } else {
        players.next_power_of_two().trailing_zeros() as usize
    }
}

/// The standard seeding order of a bracket of `places` places (a power of
/// two), top to bottom: place `2i` meets place `2i + 1` in round 1.
pub fn bracket_order(places: usize) -> Vec<Seed> {
    debug_assert!(places.is_power_of_two());
    let mut order = vec![0];
    while order.len() < places {
        let m = order.len();
        order = order.iter().flat_map(|&s| [s, 2 * m - 1 - s]).collect();
    }
    order
}

/// Who is on a board of a knockout round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A match; `first` is the higher seed, who moves first in its first
    /// game.
    Match { first: Seed, second: Seed },
    /// Round 1: no opponent in the bracket.
    Bye(Seed),
    /// A later round (or the third-place match): the opponent's match sent
    /// nobody on.
    Walkover(Seed),
}

impl Entry {
    /// A match between `a` and `b`, the higher seed first.
    pub fn between(a: Seed, b: Seed) -> Entry {
        Entry::Match {
            first: a.min(b),
            second: a.max(b),
        }
    }

    /// The players on the board.
    pub fn players(self) -> Vec<Seed> {
        match self {
            Entry::Match { first, second } => vec![first, second],
            Entry::Bye(p) | Entry::Walkover(p) => vec![p],
        }
    }
}

/// A board of a round: its place in the round, top to bottom (in the
/// final round, 0 is the final and 1 the third-place match), and who plays
/// on it. A place where nobody is left has no board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub position: usize,
    pub entry: Entry,
}

/// What a finished board sends on: its winner to the next round, its
/// loser (for the third-place match). A double forfeit has neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Advance {
    pub winner: Option<Seed>,
    pub loser: Option<Seed>,
}

impl Advance {
    /// A bye's or a walkover's: the player goes through, nobody loses.
    pub fn unopposed(player: Seed) -> Advance {
        Advance {
            winner: Some(player),
            loser: None,
        }
    }
}

/// What a match's latest game decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Drawn, with replays left: play again, `first` moving first.
    Replay { first: Seed, second: Seed },
    /// The match is over.
    Decided(Advance),
}

/// What the latest game of a match decides: the game had `first` moving
/// first and `outcome` (from `first`'s side), after `drawn_before` drawn
/// games of the same match.
pub fn decide(first: Seed, second: Seed, outcome: Outcome, drawn_before: u32) -> Decision {
    let won = |winner: Seed, loser: Seed| {
        Decision::Decided(Advance {
            winner: Some(winner),
            loser: Some(loser),
        })
    };
    match outcome {
        Outcome::FirstWon | Outcome::FirstWonByForfeit => won(first, second),
        Outcome::SecondWon | Outcome::SecondWonByForfeit => won(second, first),
        Outcome::DoubleForfeit => Decision::Decided(Advance::default()),
        Outcome::Draw if drawn_before < DRAW_REPLAYS => Decision::Replay {
            first: second,
            second: first,
        },
        Outcome::Draw => won(first.min(second), first.max(second)),
    }
}

/// Round 1 of a knockout among `players` (seeds `0..players`): its matches
/// and byes, top to bottom. Fewer than two players: no boards.
pub fn first_round(players: usize) -> Vec<Board> {
    if players < 2 {
        return Vec::new();
    }
    let order = bracket_order(players.next_power_of_two());
    order
        .chunks(2)
        .enumerate()
        .map(|(position, pair)| {
            let (a, b) = (pair[0], pair[1]);
            let entry = match (a < players, b < players) {
                (true, true) => Entry::between(a, b),
                (true, false) => Entry::Bye(a),
                (false, true) => Entry::Bye(b),
                (false, false) => unreachable!("the top half of the places is always filled"),
            };
            Board { position, entry }
        })
        .collect()
}

/// Round `round + 1`'s boards (rounds count from 1), given what each board
/// of round `round` sent on (by position; a position missing sent nobody).
/// The final round holds the final at position 0 and, when `third_place`
/// is asked for and there were semi-finals, the third-place match at 1.
/// Past the final: no boards.
pub fn next_round(players: usize, third_place: bool, round: usize, results: &[(usize, Advance)]) -> Vec<Board> {
    let total = rounds(players);
    if round == 0 || round >= total {
        return Vec::new();
    }
    let places = players.next_power_of_two() >> round;
    let mut winners = vec![None; places];
    let mut losers = vec![None; places];
    for &(position, advance) in results {
        if position < places {
            winners[position] = advance.winner;
            losers[position] = advance.loser;
        }
    }
    let pair = |position: usize, a: Option<Seed>, b: Option<Seed>| {
        let entry = match (a, b) {
            (Some(a), Some(b)) => Entry::between(a, b),
            (Some(p), None) | (None, Some(p)) => Entry::Walkover(p),
            (None, None) => return None,
        };
        Some(Board { position, entry })
    };
    let mut boards: Vec<Board> = (0..places / 2)
        .filter_map(|j| pair(j, winners[2 * j], winners[2 * j + 1]))
        .collect();
    if third_place && round + 1 == total && places == 2 {
        boards.extend(pair(1, losers[0], losers[1]));
    }
    boards
}

/// A round's boards, each with what it sent on (`None` while its match
/// is being played).
pub type PlayedRound = Vec<(Board, Option<Advance>)>;

/// A player's place and points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placing {
    pub player: Seed,
    /// 1 for the winner (while the knockout runs, for everyone still in);
    /// players knocked out in the same round share one.
    pub rank: usize,
    /// In halves: 2 for each match won, byes and walkovers included.
    pub half_points: u32,
}

/// Every player's place, by rank then seed, from the boards of the rounds
/// so far (`rounds_played[r]` holds round `r + 1`'s boards, each with what
/// it sent on, or `None` while it is being played). A player still in
/// who is on no board of a round (one who withdrew before a walkover) is
/// out in that round. With a match for third place (`third_place`), a
/// semi-final loser on no board of the final round (who withdrew before
/// their walkover to third place) is fourth.
pub fn placings(players: usize, third_place: bool, rounds_played: &[PlayedRound]) -> Vec<Placing> {
    let total = rounds(players);
    let mut out_rank: Vec<Option<usize>> = vec![None; players];
    let mut half_points = vec![0u32; players];
    let mut semi_final_losers = vec![false; players];
    for (r, boards) in rounds_played.iter().enumerate() {
        // Knocked out in round r + 1 of `total`.
        let knocked_out = (1usize << total.saturating_sub(r + 1)) + 1;
        let last_round = r + 1 == total;
        let mut on_a_board = vec![false; players];
        for (board, advance) in boards {
            let third_place = last_round && board.position == 1;
            for player in board.entry.players().into_iter().filter(|&p| p < players) {
                on_a_board[player] = true;
            }
            let Some(advance) = advance else { continue };
            if r + 2 == total {
                if let Some(loser) = advance.loser.filter(|&l| l < players) {
                    semi_final_losers[loser] = true;
                }
            }
            if let Some(winner) = advance.winner.filter(|&w| w < players) {
                half_points[winner] += 2;
                if third_place {
                    out_rank[winner] = Some(3);
                }
            }
            for player in board.entry.players() {
                if player < players && Some(player) != advance.winner {
                    out_rank[player] = Some(if third_place { 4 } else { knocked_out });
                }
            }
        }
        for player in 0..players {
            if out_rank[player].is_none() && !on_a_board[player] {
                out_rank[player] = Some(knocked_out);
            }
            if third_place && last_round && semi_final_losers[player] && !on_a_board[player] {
                out_rank[player] = Some(4);
            }
        }
    }
    let mut out: Vec<Placing> = (0..players)
        .map(|player| Placing {
            player,
            rank: out_rank[player].unwrap_or(1),
            half_points: half_points[player],
        })
        .collect();
    out.sort_by_key(|p| (p.rank, p.player));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use proptest::prelude::*;

    #[test]
    fn bracket_order_is_the_standard_one() {
        let one_based = |places| bracket_order(places).iter().map(|s| s + 1).collect::<Vec<_>>();
        assert_eq!(one_based(2), [1, 2]);
        assert_eq!(one_based(4), [1, 4, 2, 3]);
        assert_eq!(one_based(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(one_based(16), [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    }

    #[test]
    fn rounds_are_ceil_log2() {
        let expected = [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (256, 8)];
        for (players, r) in expected {
            assert_eq!(rounds(players), r, "{players} players");
        }
    }

    #[test]
    fn five_players_give_byes_to_the_top_three() {
        let round = first_round(5);
        assert_eq!(
            round,
            vec![
                Board {
                    position: 0,
                    entry: Entry::Bye(0)
                },
                Board {
                    position: 1,
                    entry: Entry::between(3, 4)
                },
                Board {
                    position: 2,
                    entry: Entry::Bye(1)
                },
                Board {
                    position: 3,
                    entry: Entry::Bye(2)
                },
            ]
        );
    }

    #[test]
    fn a_draw_is_replayed_with_the_first_move_swapped_then_the_higher_seed_goes_through() {
        assert_eq!(decide(2, 5, Outcome::Draw, 0), Decision::Replay { first: 5, second: 2 });
        assert_eq!(decide(5, 2, Outcome::Draw, 1), Decision::Replay { first: 2, second: 5 });
        let last = decide(2, 5, Outcome::Draw, DRAW_REPLAYS);
        assert_eq!(
            last,
            Decision::Decided(Advance {
                winner: Some(2),
                loser: Some(5)
            })
        );
        assert_eq!(
            decide(5, 2, Outcome::Draw, DRAW_REPLAYS),
            Decision::Decided(Advance {
                winner: Some(2),
                loser: Some(5)
            })
        );
        assert_eq!(
            decide(5, 2, Outcome::FirstWonByForfeit, 0),
            Decision::Decided(Advance {
                winner: Some(5),
                loser: Some(2)
            })
        );
        assert_eq!(
            decide(5, 2, Outcome::DoubleForfeit, 1),
            Decision::Decided(Advance::default())
        );
    }

    #[test]
    fn a_double_forfeit_gives_the_next_opponent_a_walkover() {
        // 4 players: 1–4 and 2–3; 1–4 is a double forfeit.
        let results = [
            (0, Advance::default()),
            (
                1,
                Advance {
                    winner: Some(1),
                    loser: Some(2),
                },
            ),
        ];
        assert_eq!(
            next_round(4, true, 1, &results),
            vec![
                Board {
                    position: 0,
                    entry: Entry::Walkover(1)
                },
                Board {
                    position: 1,
                    entry: Entry::Walkover(2)
                },
            ]
        );
        assert_eq!(
            next_round(4, false, 1, &results),
            vec![Board {
                position: 0,
                entry: Entry::Walkover(1)
            }]
        );
        assert!(next_round(4, true, 2, &results).is_empty());
    }

    #[test]
    fn placings_of_an_eight_player_knockout_with_third_place() {
        let (boards, winner) = simulate(8, true, &mut SplitMix64::new(7), |_, _| 0);
        let placings = placings(8, true, &boards);
        assert_eq!(placings[0].rank, 1);
        assert_eq!(Some(placings[0].player), winner);
        assert_eq!(placings[0].half_points, 6);
        let ranks: Vec<usize> = placings.iter().map(|p| p.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 5, 5, 5]);
    }

    /// One semi-final a walkover, the other's loser withdrawn before the
    /// final round: their walkover to third place was left out, so nobody
    /// is third and they are fourth; had they stayed, the walkover would
    /// have made them third.
    #[test]
    fn a_semi_final_loser_who_withdrew_leaves_third_place_empty() {
        let semi_finals = vec![
            (
                Board {
                    position: 0,
                    entry: Entry::Walkover(0),
                },
                Some(Advance::unopposed(0)),
            ),
            (
                Board {
                    position: 1,
                    entry: Entry::between(1, 2),
                },
                Some(Advance {
                    winner: Some(1),
                    loser: Some(2),
                }),
            ),
        ];
        let final_won = (
            Board {
                position: 0,
                entry: Entry::between(0, 1),
            },
            Some(Advance {
                winner: Some(0),
                loser: Some(1),
            }),
        );
        let ranks = |rounds: &[PlayedRound], third_place: bool| -> Vec<(Seed, usize)> {
            placings(3, third_place, rounds)
                .iter()
                .map(|p| (p.player, p.rank))
                .collect()
        };
        // What the next round pairs: the final, and the walkover to third place.
        assert_eq!(
            next_round(
                3,
                true,
                1,
                &[(0, Advance::unopposed(0)), (1, semi_finals[1].1.unwrap())]
            ),
            vec![
                final_won.0,
                Board {
                    position: 1,
                    entry: Entry::Walkover(2)
                }
            ]
        );
        let withdrawn = [semi_finals.clone(), vec![final_won]];
        assert_eq!(ranks(&withdrawn, true), [(0, 1), (1, 2), (2, 4)]);
        let stayed = [
            semi_finals.clone(),
            vec![
                final_won,
                (
                    Board {
                        position: 1,
                        entry: Entry::Walkover(2),
                    },
                    Some(Advance::unopposed(2)),
                ),
            ],
        ];
        assert_eq!(ranks(&stayed, true), [(0, 1), (1, 2), (2, 3)]);
        // Without a third-place match the semi-finals' losers are third.
        assert_eq!(ranks(&withdrawn, false), [(0, 1), (1, 2), (2, 3)]);
    }

    #[test]
    fn while_it_runs_everyone_still_in_is_first_and_an_absent_player_is_out() {
        let won = |w, l| {
            Some(Advance {
                winner: Some(w),
                loser: Some(l),
            })
        };
        let round_one = vec![
            (
                Board {
                    position: 0,
                    entry: Entry::between(0, 3),
                },
                won(0, 3),
            ),
            (
                Board {
                    position: 1,
                    entry: Entry::between(1, 2),
                },
                won(1, 2),
            ),
        ];
        let pending = vec![(
            Board {
                position: 0,
                entry: Entry::between(0, 1),
            },
            None,
        )];
        let ranks = |rounds: &[PlayedRound]| -> Vec<(Seed, usize)> {
            placings(4, false, rounds).iter().map(|p| (p.player, p.rank)).collect()
        };
        assert_eq!(ranks(&[round_one.clone(), pending]), [(0, 1), (1, 1), (2, 3), (3, 3)]);
        // Seed 1 withdrew: seed 0's walkover wins the final.
        let walkover = vec![(
            Board {
                position: 0,
                entry: Entry::Walkover(0),
            },
            Some(Advance::unopposed(0)),
        )];
        assert_eq!(ranks(&[round_one, walkover]), [(0, 1), (1, 2), (2, 3), (3, 3)]);
    }

    /// Plays a whole knockout: each match's games drawn from `rng`
    /// (`forfeit_odds(rng, round)` percent of games end as a double
    /// forfeit), replays as [`decide`] asks. Returns every round's boards
    /// with what they sent on, and the final's winner.
    fn simulate(
        players: usize,
        third_place: bool,
        rng: &mut SplitMix64,
        forfeit_odds: impl Fn(&mut SplitMix64, usize) -> usize,
    ) -> (Vec<PlayedRound>, Option<Seed>) {
        let mut played = Vec::new();
        let mut boards = first_round(players);
        let mut round = 1;
        while round <= rounds(players) {
            let mut results = Vec::new();
            for board in &boards {
                let advance = match board.entry {
                    Entry::Bye(p) | Entry::Walkover(p) => Advance::unopposed(p),
                    Entry::Match { mut first, mut second } => {
                        let mut drawn = 0;
                        loop {
                            let double = rng.below(100) < forfeit_odds(rng, round);
                            let outcome = if double {
                                Outcome::DoubleForfeit
                            } else {
                                match rng.below(5) {
                                    0 => Outcome::FirstWon,
                                    1 => Outcome::SecondWon,
                                    2 => Outcome::FirstWonByForfeit,
                                    _ => Outcome::Draw,
                                }
                            };
                            match decide(first, second, outcome, drawn) {
                                Decision::Replay { first: f, second: s } => {
                                    (first, second) = (f, s);
                                    drawn += 1;
                                }
                                Decision::Decided(advance) => break advance,
                            }
                        }
                    }
                };
                results.push((board.position, advance));
            }
            played.push(boards.iter().copied().zip(results.iter().map(|r| Some(r.1))).collect());
            boards = next_round(players, third_place, round, &results);
            round += 1;
        }
        let winner = played
            .last()
            .and_then(|last: &PlayedRound| last.iter().find(|(b, _)| b.position == 0))
            .and_then(|(_, a)| a.and_then(|a| a.winner));
        (played, winner)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every player is on at most one board a round (on exactly one in
        /// round 1), seeds 1 and 2 never meet before the final round, byes only in
        /// round 1 and only to the top seeds, walkovers only after a double
        /// forfeit, and the winner won every match they played.
        #[test]
        fn bracket_properties(players in 2usize..=256, third_place: bool, seed: u64, forfeits in 0usize..30) {
            let mut rng = SplitMix64::new(seed);
            let (played, winner) = simulate(players, third_place, &mut rng, |_, _| forfeits);
            let total = rounds(players);
            prop_assert_eq!(played.len(), total);
            let byes = players.next_power_of_two() - players;
            let mut double_forfeits_before = 0;
            for (r, boards) in played.iter().enumerate() {
                let mut seen = vec![0; players];
                for (board, _) in boards {
                    for p in board.entry.players() {
                        prop_assert!(p < players);
                        seen[p] += 1;
                    }
                    match board.entry {
                        Entry::Bye(p) => {
                            prop_assert_eq!(r, 0, "a bye after round 1");
                            prop_assert!(p < byes, "a bye to seed {} of {} byes", p, byes);
                        }
                        Entry::Walkover(_) => prop_assert!(
                            double_forfeits_before > 0 || board.position == 1,
                            "a walkover with no double forfeit before"
                        ),
                        Entry::Match { first, second } => {
                            prop_assert!(first < second);
                            // The final, or the third-place match beside it.
                            let final_round = r + 1 == total;
                            if (first, second) == (0, 1) {
                                prop_assert!(final_round, "seeds 1 and 2 met in round {}", r + 1);
                            }
                        }
                    }
                }
                prop_assert!(seen.iter().all(|&n| n <= 1));
                if r == 0 {
                    prop_assert!(seen.iter().all(|&n| n == 1), "someone missing from round 1");
                    let bye_count = boards.iter().filter(|(b, _)| matches!(b.entry, Entry::Bye(_))).count();
                    prop_assert_eq!(bye_count, byes);
                }
                double_forfeits_before += boards.iter().filter(|(_, a)| a.is_some_and(|a| a.winner.is_none())).count();
            }
            if let Some(winner) = winner {
                for boards in &played {
                    for (board, advance) in boards {
                        if board.entry.players().contains(&winner) {
                            prop_assert_eq!(advance.and_then(|a| a.winner), Some(winner));
                        }
                    }
                }
                let placings = placings(players, third_place, &played);
                prop_assert_eq!(placings[0].player, winner);
                prop_assert_eq!(placings[0].rank, 1);
                prop_assert_eq!(placings[0].half_points as usize, 2 * total);
                prop_assert!(placings[1..].iter().all(|p| p.rank > 1));
            }
        }

        /// Without forfeits every round halves the field and someone wins:
        /// the final holds the last two of the bracket's halves.
        #[test]
        fn without_forfeits_the_final_is_between_the_halves(players in 2usize..=256, seed: u64) {
            let mut rng = SplitMix64::new(seed);
            let (played, winner) = simulate(players, false, &mut rng, |_, _| 0);
            prop_assert!(winner.is_some());
            let half = players.next_power_of_two() / 2;
            let top: Vec<Seed> = bracket_order(players.next_power_of_two())[..half].to_vec();
            let last = &played[played.len() - 1];
            prop_assert_eq!(last.len(), 1);
            match last[0].0.entry {
                Entry::Match { first, second } => {
                    prop_assert!(top.contains(&first) != top.contains(&second));
                }
                other => prop_assert!(false, "the final is {:?}", other),
            }
            let ranks: Vec<usize> = placings(players, false, &played).iter().map(|p| p.rank).collect();
            prop_assert_eq!(ranks.iter().filter(|&&r| r == 1).count(), 1);
            prop_assert_eq!(ranks.iter().filter(|&&r| r == 2).count(), 1);
        }
    }
}
