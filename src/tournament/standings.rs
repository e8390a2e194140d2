//! Standings and tie-breaks, as FIDE's tie-break regulations (C.07, the
//! edition applied from 1 August 2024) define them.
//!
//! Points: a win 2 half-points, a draw 1, a loss 0; a pairing-allocated
//! bye (the round robin's free round too) counts as a win; a forfeit win
//! as a win, a forfeit loss and a double forfeit as a loss.
//!
//! Unplayed rounds (C.07 article 16), which are byes, forfeits and
//! absences (a player in no game of a round, after withdrawing):
//!
//! - *Voluntarily unplayed rounds* (16.2) are all of them except a
//!   pairing-allocated bye and a forfeit win: a forfeit loss (a double
//!   forfeit is one for both players) and an absence.
//! - A player's own unplayed round counts, in Buchholz and
//!   Sonneborn–Berger, as a game against a *dummy opponent* whose score is
//!   the player's own final score (16.4).
//! - When a player is someone's opponent, their score is *adjusted* (16.3):
//!   each voluntarily unplayed round after their last played game counts
//!   as a draw, whatever it was scored.
//! - Buchholz Cut-1 takes away the least significant contribution, and a
//!   voluntarily unplayed round's contribution is cut first (16.5).
//!
//! The tie-breaks (C.07 articles 6, 8 and 9):
//!
//! - **Buchholz**: the sum of the (adjusted) scores of one's opponents.
//! - **Buchholz Cut-1**: the same without the least significant one.
//! - **Sonneborn–Berger**: for each game, the opponent's (adjusted) score
//!   times the points one scored against them: beating strong players
//!   counts more than beating weak ones.
//! - **Direct encounter**: among players still tied, the points they
//!   scored in their games against each other; applied only when every
//!   pair of them has met, as often as every other pair (otherwise it
//!   leaves them tied).
//! - Then **seeds captured minus seeds conceded** over all finished games.
//!
//! Games without a result yet do not count at all: the standings of a
//! round in progress are those of its finished games.

use std::cmp::Reverse;

use std::collections::HashMap;

use super::{Outcome, Round, Seed};

type Encounters = HashMap<(Seed, Seed), (u32, u32, u32)>;

/// Which tie-breaks rank the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Sonneborn–Berger, direct encounter, seed difference.
    RoundRobin,
    /// Buchholz Cut-1, Buchholz, Sonneborn–Berger, seed difference.
    Swiss,
}

/// A player's tie-break values, in exact units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TieBreaks {
    /// Sonneborn–Berger in quarter points (half-points times half-points).
    pub sonneborn_berger_quarters: u32,
    /// Points scored against the players tied with this one, in half-points;
    /// `None` when direct encounter does not apply (round robin only).
    pub direct_encounter_halves: Option<u32>,
    pub buchholz_cut1_halves: u32,
    pub buchholz_halves: u32,
    /// Seeds captured minus seeds conceded.
    pub seed_difference: i64,
}

/// One line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1 for the leader; players equal on points and every tie-break
    /// share a rank (and are listed by seed).
    pub rank: usize,
    pub player: Seed,
    pub half_points: u32,
    /// Games played over the board (not byes, not forfeits).
    pub games_played: u32,
    pub tie_breaks: TieBreaks,
}

/// What one round was for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Played {
        opponent: Seed,
        halves: u32,
    },
    ForfeitWin,
    /// A forfeit loss or a double forfeit.
    ForfeitLoss,
    PairingBye,
    Absent,
    /// The game has no result yet.
    Pending,
}

impl Entry {
    fn halves(self) -> u32 {
        match self {
            Entry::Played { halves, .. } => halves,
            Entry::ForfeitWin | Entry::PairingBye => 2,
            Entry::ForfeitLoss | Entry::Absent | Entry::Pending => 0,
        }
    }

    fn voluntarily_unplayed(self) -> bool {
        matches!(self, Entry::ForfeitLoss | Entry::Absent)
    }
}

/// The standings after `rounds` among `players` (seeds `0..players`),
/// best first. Seeds out of range in `rounds` are ignored.
pub fn standings(format: Format, players: usize, rounds: &[Round]) -> Vec<Standing> {
    let n = players;
    let mut entries = vec![Vec::with_capacity(rounds.len()); n];
    let mut seed_difference = vec![0i64; n];
    let mut games_played = vec![0u32; n];
    // Finished encounters between two players, lower seed first:
    // (count, half-points of the lower seed, of the higher seed).
    let mut encounters = Encounters::new();
    for round in rounds {
        let mut entry = vec![Entry::Absent; n];
        for p in &round.pairings {
            let (a, b) = (p.first, p.second);
            if a >= n || b >= n {
                continue;
            }
            let Some(result) = p.result else {
                entry[a] = Entry::Pending;
                entry[b] = Entry::Pending;
                continue;
            };
            let [ha, hb] = result.outcome.half_points();
            seed_difference[a] += i64::from(result.captured[0]) - i64::from(result.captured[1]);
            seed_difference[b] += i64::from(result.captured[1]) - i64::from(result.captured[0]);
            let e = encounters.entry((a.min(b), a.max(b))).or_default();
            e.0 += 1;
            let (low, high) = if a < b { (ha, hb) } else { (hb, ha) };
            e.1 += low;
            e.2 += high;
            let (ea, eb) = match result.outcome {
                o if o.played() => {
                    games_played[a] += 1;
                    games_played[b] += 1;
                    (
                        Entry::Played {
                            opponent: b,
                            halves: ha,
                        },
                        Entry::Played {
                            opponent: a,
                            halves: hb,
                        },
                    )
                }
                Outcome::FirstWonByForfeit => (Entry::ForfeitWin, Entry::ForfeitLoss),
                Outcome::SecondWonByForfeit => (Entry::ForfeitLoss, Entry::ForfeitWin),
                _ => (Entry::ForfeitLoss, Entry::ForfeitLoss),
            };
            entry[a] = ea;
            entry[b] = eb;
        }
        if let Some(b) = round.bye.filter(|&b| b < n) {
            entry[b] = Entry::PairingBye;
        }
        for (p, e) in entry.into_iter().enumerate() {
            entries[p].push(e);
        }
    }

    let score: Vec<u32> = entries.iter().map(|es| es.iter().map(|e| e.halves()).sum()).collect();
    // C.07 16.3: trailing voluntarily unplayed rounds count as draws.
    let adjusted: Vec<u32> = entries
        .iter()
        .map(|es| {
            let last_played = es.iter().rposition(|e| matches!(e, Entry::Played { .. }));
            es.iter()
                .enumerate()
                .map(|(r, e)| {
                    let trailing = last_played.is_none_or(|l| r > l);
                    if e.voluntarily_unplayed() && trailing {
                        1
                    } else {
                        e.halves()
                    }
                })
                .sum()
        })
        .collect();

    let mut table: Vec<Standing> = (0..n)
        .map(|p| {
            // (contribution, from a voluntarily unplayed round)
            let mut contributions = Vec::new();
            let mut sonneborn_berger = 0;
            for &e in &entries[p] {
                match e {
                    Entry::Pending => {}
                    Entry::Played { opponent, halves } => {
                        contributions.push((adjusted[opponent], false));
                        sonneborn_berger += halves * adjusted[opponent];
                    }
                    _ => {
                        // C.07 16.4: a dummy opponent with the player's own score.
                        contributions.push((score[p], e.voluntarily_unplayed()));
                        sonneborn_berger += e.halves() * score[p];
                    }
                }
            }
            let buchholz: u32 = contributions.iter().map(|c| c.0).sum();
            // C.07 16.5: voluntarily unplayed rounds are the least significant.
            let cut = contributions.iter().min_by_key(|c| (!c.1, c.0)).map_or(0, |c| c.0);
            Standing {
                rank: 0,
                player: p,
                half_points: score[p],
                games_played: games_played[p],
                tie_breaks: TieBreaks {
                    sonneborn_berger_quarters: sonneborn_berger,
                    direct_encounter_halves: None,
                    buchholz_cut1_halves: buchholz - cut,
                    buchholz_halves: buchholz,
                    seed_difference: seed_difference[p],
                },
            }
        })
        .collect();

    match format {
        Format::RoundRobin => {
            table.sort_by_key(|s| (Reverse(s.half_points), Reverse(s.tie_breaks.sonneborn_berger_quarters)));
            let mut start = 0;
            while start < n {
                let key = |s: &Standing| (s.half_points, s.tie_breaks.sonneborn_berger_quarters);
                let end = (start..n).find(|&i| key(&table[i]) != key(&table[start])).unwrap_or(n);
                if end - start > 1 {
                    let group: Vec<Seed> = table[start..end].iter().map(|s| s.player).collect();
                    if let Some(points) = direct_encounter(&group, &encounters) {
                        for (s, x) in table[start..end].iter_mut().zip(points) {
                            s.tie_breaks.direct_encounter_halves = Some(x);
                        }
                    }
                }
                start = end;
            }
        }
        Format::Swiss => {}
    }
    let key = |s: &Standing| {
        let t = &s.tie_breaks;
        let order = match format {
            Format::RoundRobin => [t.sonneborn_berger_quarters, t.direct_encounter_halves.unwrap_or(0), 0],
            Format::Swiss => [t.buchholz_cut1_halves, t.buchholz_halves, t.sonneborn_berger_quarters],
        };
        (Reverse(s.half_points), Reverse(order), Reverse(t.seed_difference))
    };
    table.sort_by(|a, b| key(a).cmp(&key(b)).then(a.player.cmp(&b.player)));
    for i in 0..n {
        table[i].rank = if i > 0 && key(&table[i]) == key(&table[i - 1]) {
            table[i - 1].rank
        } else {
            i + 1
        };
    }
    table
}

/// Each group member's points against the others, when every pair of
/// them met equally often (at least once); `None` otherwise.
fn direct_encounter(group: &[Seed], encounters: &Encounters) -> Option<Vec<u32>> {
    let mut points = vec![0; group.len()];
    let mut meetings = None;
    for (i, &a) in group.iter().enumerate() {
        for (j, &b) in group.iter().enumerate().skip(i + 1) {
            let &(count, low, high) = encounters.get(&(a.min(b), a.max(b)))?;
            if count == 0 || *meetings.get_or_insert(count) != count {
                return None;
            }
            let (pa, pb) = if a < b { (low, high) } else { (high, low) };
            points[i] += pa;
            points[j] += pb;
        }
    }
    Some(points)
}
