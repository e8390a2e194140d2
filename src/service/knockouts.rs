//! Knockout tournaments: their boards, the step that records results,
//! replays drawn games and pairs the next round, and their placings. The
//! bracket itself is [`crate::tournament::knockout`]; the rest (the start,
//! withdrawals, cancelling, the games) is every format's, in
//! `tournaments.rs`.
//!
//! A board is a match: its game is the match's latest, and a drawn game
//! with replays left moves to the stored replays in the transaction that
//! creates the replay, the first move swapped (a player who withdrew
//! meanwhile forfeits the replay instead). A board's result is recorded
//! once its match is decided. A bye, a walkover, and the boards of round
//! `r` are all known once round `r − 1` is decided, so the next round is
//! paired as in the other formats: one conditional transaction.

use super::tournaments::{board_outcome, tournament_corrupt};
use super::{
    EntrantView, Result, RoundOpened, Service, ServiceError, TournamentFormat, TournamentStanding, TournamentStep,
};
use crate::store::BoardOutcome;
use crate::store::{
    BoardResult, EntrantRow, FinalStanding, NewPairing, PairingRow, Replay, ReplayRow, TournamentRow, Written,
};
use crate::tournament::knockout::{self, Advance, Board, Decision, Entry};
use crate::tournament::{Outcome, TieBreaks};

/// How many of a match's games were drawn and replayed.
fn drawn_games(replays: &[ReplayRow], round: i64, board: i64) -> u32 {
    replays.iter().filter(|r| r.round == round && r.board == board).count() as u32
}

/// The bracket's boards of `round`, with what each sent on (`None` while
/// its match goes on), from the stored boards.
fn bracket_round(
    row: &TournamentRow,
    rows: &[PairingRow],
    replays: &[ReplayRow],
    round: i64,
) -> Result<knockout::PlayedRound> {
    let mut boards = Vec::new();
    for p in rows.iter().filter(|p| p.round == round) {
        let first = p.first_seed as usize;
        let position = p.board as usize - 1;
        let (entry, advance) = match p.second_seed {
            None => {
                let entry = if round == 1 {
                    Entry::Bye(first)
                } else {
                    Entry::Walkover(first)
                };
                (entry, Some(Advance::unopposed(first)))
            }
            Some(second) => {
                let second = second as usize;
                let advance = match p.outcome {
                    None => None,
                    Some(stored) => {
                        let outcome = stored
                            .decided()
                            .ok_or_else(|| tournament_corrupt(row, stored.as_str()))?;
                        match knockout::decide(first, second, outcome, drawn_games(replays, round, p.board)) {
                            Decision::Decided(advance) => Some(advance),
                            Decision::Replay { .. } => {
                                return Err(tournament_corrupt(row, &format!("undecided draw on board {}", p.board)))
                            }
                        }
                    }
                };
                (Entry::between(first, second), advance)
            }
        };
        boards.push((Board { position, entry }, advance));
    }
    Ok(boards)
}

impl Service {
    /// The boards of a knockout round to store, each match with its game
    /// (the higher seed at A, moving first). A match with a player who
    /// withdrew is forfeited without a game; a bye or a walkover of a
    /// player who withdrew is left out, so that their next opponent has
    /// the walkover.
    pub(super) fn knockout_pairings(
        &self,
        row: &TournamentRow,
        by_seed: &[EntrantRow],
        boards: &[Board],
    ) -> Vec<NewPairing> {
        let withdrawn = |seed: usize| by_seed[seed].withdrawn;
        let mut out = Vec::with_capacity(boards.len());
        for board in boards {
            let number = board.position as i64 + 1;
            match board.entry {
                Entry::Match { first, second } => {
                    let forfeit = match (withdrawn(first), withdrawn(second)) {
                        (false, false) => None,
                        (false, true) => Some(Outcome::FirstWonByForfeit),
                        (true, false) => Some(Outcome::SecondWonByForfeit),
                        (true, true) => Some(Outcome::DoubleForfeit),
                    };
                    out.push(NewPairing {
                        board: number,
                        first_seed: first as i64,
                        second_seed: Some(second as i64),
                        game: forfeit
                            .is_none()
                            .then(|| self.tournament_game(row, &by_seed[first], &by_seed[second])),
                        outcome: forfeit.map(BoardOutcome::Decided),
                    });
                }
                Entry::Bye(player) | Entry::Walkover(player) if !withdrawn(player) => out.push(NewPairing {
                    board: number,
                    first_seed: player as i64,
                    second_seed: None,
                    game: None,
                    outcome: Some(BoardOutcome::Bye),
                }),
                Entry::Bye(_) | Entry::Walkover(_) => {}
            }
        }
        out
    }

    /// One step of a running knockout: the current round's finished games
    /// recorded, or replayed where drawn with replays left; once every
    /// board is decided, the next round paired, or the knockout finished.
    pub(super) async fn advance_knockout(
        &self,
        row: &TournamentRow,
        format: TournamentFormat,
    ) -> Result<Vec<TournamentStep>> {
        let tournament_id = row.id;
        let round = row.current_round;
        let mut steps = Vec::new();
        let mut entrants = self.store.entrants(tournament_id).await?;
        entrants.sort_by_key(|e| e.seed);
        // The replays before the boards: a replay another process commits
        // in between then shows as a board whose game goes on, never as a
        // drawn game with one replay too many, which would be recorded on
        // the replay's board as decided.
        let replays = self.store.tournament_replays(tournament_id).await?;
        let mut rows = self.store.pairings(tournament_id).await?;
        let mut results = Vec::new();
        let mut replayed = Vec::new();
        for p in rows.iter().filter(|p| p.round == round && p.outcome.is_none()) {
            let (Some(outcome), Some(second), Some(game_id)) = (board_outcome(p), p.second_seed, p.game_id) else {
                continue;
            };
            let first = p.first_seed as usize;
            let second = second as usize;
            match knockout::decide(first, second, outcome, drawn_games(&replays, round, p.board)) {
                Decision::Replay { first, second } => {
                    let (a, b) = (&entrants[first], &entrants[second]);
                    let forfeit = match (a.withdrawn, b.withdrawn) {
                        (false, false) => None,
                        (false, true) => Some(Outcome::FirstWonByForfeit),
                        (true, false) => Some(Outcome::SecondWonByForfeit),
                        (true, true) => Some(Outcome::DoubleForfeit),
                    };
                    let replay = Replay {
                        board: p.board,
                        drawn_game_id: game_id,
                        drawn_first_seed: p.first_seed,
                        drawn_second_seed: p.second_seed.unwrap_or_default(),
                        captured_first: p.game_captured_a.unwrap_or(0),
                        captured_second: p.game_captured_b.unwrap_or(0),
                        first_seed: first as i64,
                        second_seed: second as i64,
                        game: forfeit.is_none().then(|| self.tournament_game(row, a, b)),
                        outcome: forfeit,
                    };
                    let (written, game) = self.store.replay_board(tournament_id, round, &replay).await?;
                    if written == Written::Yes {
                        tracing::info!(tournament_id, round, board = p.board, "drawn knockout game replayed");
                        replayed.extend(game);
                    }
                }
                Decision::Decided(_) => results.push(BoardResult {
                    board: p.board,
                    outcome,
                    captured_first: p.game_captured_a.unwrap_or(0),
                    captured_second: p.game_captured_b.unwrap_or(0),
                }),
            }
        }
        if !replayed.is_empty() {
            steps.push(TournamentStep::Replayed(RoundOpened {
                tournament_id,
                round: round as u32,
                games: replayed,
                bye: None,
            }));
        }
        if !results.is_empty() {
            self.store.record_board_results(tournament_id, round, &results).await?;
            steps.push(TournamentStep::Recorded {
                tournament_id,
                round: round as u32,
                boards: results.len(),
            });
        }
        if !steps.is_empty() {
            rows = self.store.pairings(tournament_id).await?;
        }
        if rows.iter().any(|p| p.round == round && p.outcome.is_none()) {
            return Ok(steps);
        }
        let replays = self.store.tournament_replays(tournament_id).await?;
        let players = entrants.len();
        if round >= row.rounds.unwrap_or(0) {
            let standings: Vec<FinalStanding> = self
                .knockout_placings(row, &rows, &replays, round, players)?
                .into_iter()
                .map(|placing| FinalStanding {
                    entrant_id: entrants[placing.player].id,
                    rank: placing.rank as i64,
                    half_points: i64::from(placing.half_points),
                })
                .collect();
            if self
                .store
                .finish_tournament(tournament_id, round, &standings, self.now())
                .await?
                == Written::Yes
            {
                tracing::info!(tournament_id, "knockout finished");
                steps.push(TournamentStep::Finished { tournament_id });
            }
            return Ok(steps);
        }
        let decided: Vec<(usize, Advance)> = bracket_round(row, &rows, &replays, round)?
            .into_iter()
            .filter_map(|(board, advance)| advance.map(|advance| (board.position, advance)))
            .collect();
        let third_place = format == TournamentFormat::KnockoutThirdPlace;
        let next = knockout::next_round(players, third_place, round as usize, &decided);
        let pairings = self.knockout_pairings(row, &entrants, &next);
        if let Some(opened) = self
            .open_next_round(tournament_id, format, round, &entrants, &pairings, None)
            .await?
        {
            steps.push(TournamentStep::Opened(opened));
        }
        Ok(steps)
    }

    /// The placings after the rounds up to `through`.
    fn knockout_placings(
        &self,
        row: &TournamentRow,
        rows: &[PairingRow],
        replays: &[ReplayRow],
        through: i64,
        players: usize,
    ) -> Result<Vec<knockout::Placing>> {
        let rounds = (1..=through)
            .map(|round| bracket_round(row, rows, replays, round))
            .collect::<Result<Vec<_>>>()?;
        let third_place = row.format == TournamentFormat::KnockoutThirdPlace;
        Ok(knockout::placings(players, third_place, &rounds))
    }

    /// A knockout's standings: everyone still in first, then by the round
    /// they went out in (see [`knockout::placings`]); no tie-breaks.
    pub(super) async fn knockout_standings(&self, row: &TournamentRow) -> Result<Vec<TournamentStanding>> {
        let mut entrants = self.store.entrants(row.id).await?;
        entrants.sort_by_key(|e| e.seed);
        let rows = self.store.pairings(row.id).await?;
        let replays = self.store.tournament_replays(row.id).await?;
        let placings = self.knockout_placings(row, &rows, &replays, row.current_round, entrants.len())?;
        let mut lines = Vec::with_capacity(placings.len());
        for placing in placings {
            let seed = placing.player as i64;
            let played = |first: i64, second: Option<i64>| first == seed || second == Some(seed);
            let board_games = rows
                .iter()
                .filter(|p| played(p.first_seed, p.second_seed))
                .filter(|p| p.outcome.and_then(BoardOutcome::decided).is_some_and(Outcome::played))
                .count();
            let drawn = replays
                .iter()
                .filter(|r| played(r.first_seed, Some(r.second_seed)))
                .count();
            lines.push(TournamentStanding {
                rank: placing.rank,
                entrant: self
                    .entrant_view(entrants.get(placing.player).ok_or_else(|| ServiceError::Corrupt {
                        game_id: 0,
                        why: format!("tournament {}: seed {seed} has no entrant", row.id),
                    })?)
                    .await?,
                half_points: placing.half_points,
                games_played: (board_games + drawn) as u32,
                tie_breaks: TieBreaks::default(),
            });
        }
        Ok(lines)
    }
}

/// A match of a knockout's bracket, as its message and page show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketMatch {
    pub round: u32,
    /// Its place in the round, top to bottom, from 0 (in the final round,
    /// 0 is the final and 1 the third-place match).
    pub position: usize,
    /// The final round's match for third place.
    pub third_place: bool,
    /// The higher seed (the one player of a bye or a walkover).
    pub top: EntrantView,
    /// `None`: a bye (round 1) or a walkover.
    pub bottom: Option<EntrantView>,
    /// Who went through, once decided; `None` after a double forfeit too.
    pub winner: Option<EntrantView>,
    pub decided: bool,
    /// The drawn games replayed so far.
    pub draws: u32,
}

impl Service {
    /// A knockout's bracket so far, round by round, top to bottom (empty
    /// before the start and for the other formats).
    pub async fn knockout_bracket(&self, tournament_id: i64) -> Result<Vec<BracketMatch>> {
        let row = self.tournament_row(tournament_id).await?;
        let format = row.format;
        if !format.is_knockout() || row.current_round == 0 {
            return Ok(Vec::new());
        }
        let mut entrants = self.store.entrants(tournament_id).await?;
        entrants.sort_by_key(|e| e.seed);
        let rows = self.store.pairings(tournament_id).await?;
        let replays = self.store.tournament_replays(tournament_id).await?;
        let total = row.rounds.unwrap_or(0);
        let mut views = Vec::with_capacity(entrants.len());
        for entrant in &entrants {
            views.push(self.entrant_view(entrant).await?);
        }
        let view = |seed: Option<usize>| seed.and_then(|s| views.get(s)).cloned();
        let mut out = Vec::new();
        for round in 1..=row.current_round {
            for (board, advance) in bracket_round(&row, &rows, &replays, round)? {
                let players = board.entry.players();
                let Some(top) = view(players.first().copied()) else {
                    continue;
                };
                out.push(BracketMatch {
                    round: round as u32,
                    position: board.position,
                    third_place: round == total && board.position == 1,
                    top,
                    bottom: view(players.get(1).copied()),
                    winner: view(advance.and_then(|a| a.winner)),
                    decided: advance.is_some(),
                    draws: drawn_games(&replays, round, board.position as i64 + 1),
                });
            }
        }
        Ok(out)
    }
}
