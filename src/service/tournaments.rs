//! Tournaments: create one, join and leave it, add the computer, start it,
//! withdraw from it, cancel it, and the step the scheduler repeats,
//! [`Service::advance_tournaments`], which starts tournaments whose time
//! came, records the results of finished games and pairs the next round
//! or ends the tournament. The pairings and standings come from
//! [`crate::tournament`]; each round's games are ordinary games, created by
//! the same insert as a challenge's, and played and timed out as any
//! game; rated as any game too if the tournament is rated, never if not,
//! and never when forfeited (the store's `rate_game` decides). The
//! tournament only reads how they ended, and when it finishes keeps each
//! player's final rank and points for their records.
//!
//! **Once.** Every transition is one transaction of the store, guarded by
//! a conditional update of the tournament's row (its status, its current
//! round): two starts, or two processes advancing at once, give one
//! outcome, and a process that dies between two steps leaves a state the
//! next step continues from. Pairing is deterministic, so whoever pairs a
//! round pairs it the same way.
//!
//! **Results.** A game's first mover is the pairing's `first` (seat A). A
//! win, a draw, a loss count as played; a loss on time counts as a loss,
//! except that a player who lost on time without ever moving forfeits (the
//! game was not played). An aborted game (possible only before both
//! players moved) is a double forfeit, 0–0.

use super::schedule::clock_starting;
use super::{input, EndReason, Place, Player, PlayerView, Result, Service, ServiceError, TimePerMove, TournamentError};
use crate::ai::Level;
use crate::engine::{Game, Position, Seat, Winner};
use crate::rating::Scope;
use crate::store::{
    self, BoardOutcome, BoardResult, ComputerSeat, EntrantRow, EntryChange, FinalStanding, GameStatus, NewGame,
    NewPairing, NewTournament, PairingRow, Started, TournamentRow, Withdrawal, WithdrawnGame, Written,
};
use crate::tournament::{self, knockout, Entrant, GameResult, Outcome, Pairing, Round, TieBreaks};
pub use crate::tournament::{
    TournamentFormat, TournamentStatus, KNOCKOUT_MAX_PLAYERS, MIN_PLAYERS, ROUND_ROBIN_MAX_PLAYERS, SWISS_MAX_PLAYERS,
};

/// The longest name a tournament may have, in characters.
pub const TOURNAMENT_NAME_MAX: usize = 100;
/// How many times a start is tried again when a join or a leave changed
/// the field between reading it and starting.
const START_ATTEMPTS: usize = 5;

/// Which limit a new tournament broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentLimit {
    /// The name is empty or longer than [`TOURNAMENT_NAME_MAX`].
    Name,
    /// Players: between `min` and `max`.
    Players { min: u32, max: u32 },
    /// A number of rounds is for a Swiss only (a round robin's follows from
    /// its field), and is at least 1 and less than its most players.
    Rounds,
    /// The start time is past.
    StartsAt,
}

/// What `/akon tournament create` asks for.
#[derive(Debug, Clone)]
pub struct TournamentRequest<'a> {
    pub place: Place,
    pub organiser: &'a Player,
    pub name: &'a str,
    pub format: TournamentFormat,
    /// Swiss only; `None`: ceil(log2 n) + 1 at the start.
    pub rounds: Option<u32>,
    pub time_per_move: TimePerMove,
    /// `None`: the format's most.
    pub max_players: Option<u32>,
    pub rated: bool,
    pub starts_at: Option<i64>,
    /// Whether its games pause while a player is on vacation.
    pub vacations: bool,
}

/// An entrant: a person, or the computer at a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantView {
    pub entrant_id: i64,
    pub player: PlayerView,
    pub computer: Option<Level>,
    /// From the start on.
    pub seed: Option<usize>,
    pub withdrawn: bool,
}

/// A tournament and its entrants (in the order they joined, or by seed
/// once it started).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentView {
    pub id: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    pub name: String,
    pub format: TournamentFormat,
    /// Known from the start on (or chosen for a Swiss).
    pub rounds: Option<u32>,
    pub seconds_per_move: i64,
    pub max_players: u32,
    pub rated: bool,
    pub starts_at: Option<i64>,
    pub organiser: PlayerView,
    pub status: TournamentStatus,
    /// 0 before the start.
    pub current_round: u32,
    pub entrants: Vec<EntrantView>,
}

/// A round just opened (round 1 at the start): its games, by board, and
/// who sits it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundOpened {
    pub tournament_id: i64,
    pub round: u32,
    pub games: Vec<i64>,
    pub bye: Option<EntrantView>,
}

/// What one step of [`Service::advance_tournaments`] did to a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentStep {
    /// The start time came: round 1 is paired.
    Started(RoundOpened),
    /// The start time came with too few players: cancelled.
    Cancelled { tournament_id: i64 },
    /// Results were recorded (the boards of the current round that ended).
    Recorded {
        tournament_id: i64,
        round: u32,
        boards: usize,
    },
    /// The next round was paired and its games created.
    Opened(RoundOpened),
    /// Drawn knockout games were replayed, the first move swapped: the
    /// replays, in the current round.
    Replayed(RoundOpened),
    /// The last round ended: the tournament is finished.
    Finished { tournament_id: i64 },
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentStanding {
    /// 1 for the leader; ties share a rank.
    pub rank: usize,
    pub entrant: EntrantView,
    /// Points in halves (a win is 2).
    pub half_points: u32,
    pub games_played: u32,
    pub tie_breaks: TieBreaks,
}

/// How a board's finished game counts (see the module doc), from the
/// first mover's (seat A's) side; `None` while the game goes on.
pub(super) fn board_outcome(row: &PairingRow) -> Option<Outcome> {
    if row.game_status != Some(GameStatus::Finished) {
        return None;
    }
    let ply = row.game_ply.unwrap_or(0);
    let timeout = row.game_end_reason == Some(store::EndReason::Timeout);
    Some(match (row.game_winner, row.game_end_reason) {
        // Aborted: no winner, no end reason.
        (_, None) => Outcome::DoubleForfeit,
        // A lost on time at ply 0: A never moved.
        (Some(Winner::Seat(Seat::B)), _) if timeout && ply == 0 => Outcome::SecondWonByForfeit,
        // B lost on time after A's first move: B never moved.
        (Some(Winner::Seat(Seat::A)), _) if timeout && ply == 1 => Outcome::FirstWonByForfeit,
        (Some(Winner::Seat(Seat::A)), _) => Outcome::FirstWon,
        (Some(Winner::Seat(Seat::B)), _) => Outcome::SecondWon,
        _ => Outcome::Draw,
    })
}

/// The rounds so far as the pure core reads them; boards without a
/// result have `result: None`.
fn history(rows: &[PairingRow], through: i64) -> Result<Vec<Round>> {
    let mut rounds: Vec<Round> = vec![Round::default(); through.max(0) as usize];
    for row in rows.iter().filter(|row| row.round >= 1 && row.round <= through) {
        let round = &mut rounds[row.round as usize - 1];
        let first = row.first_seed as usize;
        match row.second_seed {
            None => round.bye = Some(first),
            Some(second) => {
                let result = match row.outcome {
                    None => None,
                    Some(stored) => Some(GameResult {
                        outcome: stored.decided().ok_or_else(|| corrupt(row, stored.as_str()))?,
                        captured: [row.captured_first as u32, row.captured_second as u32],
                    }),
                };
                round.pairings.push(Pairing {
                    first,
                    second: second as usize,
                    result,
                });
            }
        }
    }
    Ok(rounds)
}

fn corrupt(row: &PairingRow, what: &str) -> ServiceError {
    ServiceError::Corrupt {
        game_id: row.game_id.unwrap_or(0),
        why: format!("tournament board {} of round {}: `{what}`", row.board, row.round),
    }
}

/// The default number of rounds of a Swiss among `players`: ceil(log2 n)
/// + 1, and never as many as would force a repeated pairing.
pub fn default_swiss_rounds(players: u32) -> u32 {
    let log = u32::BITS - (players.max(1) - 1).leading_zeros();
    (log + 1).min(players.saturating_sub(1)).max(1)
}

impl Service {
    /// Creates a tournament in `request.place`, taking entrants.
    pub async fn create_tournament(&self, request: TournamentRequest<'_>) -> Result<TournamentView> {
        let guild_id = request.place.guild_id.ok_or(ServiceError::NotInAServer)?;
        // One character over the limit is kept, so that a name too long is
        // refused rather than cut.
        let name = input::text(request.name, TOURNAMENT_NAME_MAX + 1);
        let name = name.trim();
        if name.is_empty() || name.chars().count() > TOURNAMENT_NAME_MAX {
            return refused(TournamentError::Limit(TournamentLimit::Name));
        }
        let most = request.format.max_players();
        let max_players = request.max_players.unwrap_or(most);
        if !(MIN_PLAYERS..=most).contains(&max_players) {
            return refused(TournamentError::Limit(TournamentLimit::Players {
                min: MIN_PLAYERS,
                max: most,
            }));
        }
        if let Some(rounds) = request.rounds {
            if request.format != TournamentFormat::Swiss || rounds == 0 || rounds >= max_players {
                return refused(TournamentError::Limit(TournamentLimit::Rounds));
            }
        }
        if request.starts_at.is_some_and(|at| at <= self.now()) {
            return refused(TournamentError::Limit(TournamentLimit::StartsAt));
        }
        self.remember(request.organiser).await?;
        let id = self
            .store
            .create_tournament(&NewTournament {
                guild_id,
                channel_id: request.place.channel_id,
                name,
                format: request.format,
                rounds: request.rounds.map(i64::from),
                seconds_per_move: request.time_per_move.seconds(),
                max_players: i64::from(max_players),
                rated: request.rated,
                starts_at: request.starts_at,
                organiser_id: request.organiser.id,
                now: self.now(),
                vacations: request.vacations,
            })
            .await?;
        tracing::info!(
            tournament_id = id,
            organiser = request.organiser.id,
            "tournament created"
        );
        self.tournament(id).await
    }

    /// A tournament and its entrants.
    pub async fn tournament(&self, tournament_id: i64) -> Result<TournamentView> {
        let row = self.tournament_row(tournament_id).await?;
        let entrants = self.store.entrants(tournament_id).await?;
        self.tournament_view(row, &entrants).await
    }

    pub(super) async fn tournament_row(&self, tournament_id: i64) -> Result<TournamentRow> {
        self.store
            .tournament(tournament_id)
            .await?
            .ok_or(ServiceError::Tournament(TournamentError::NotFound))
    }

    async fn tournament_view(&self, row: TournamentRow, entrants: &[EntrantRow]) -> Result<TournamentView> {
        let format = row.format;
        let status = row.status;
        let mut views = Vec::with_capacity(entrants.len());
        for entrant in entrants {
            views.push(self.entrant_view(entrant).await?);
        }
        if status != TournamentStatus::Created {
            views.sort_by_key(|e| (e.seed, e.entrant_id));
        }
        Ok(TournamentView {
            id: row.id,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            name: row.name,
            format,
            rounds: row.rounds.map(|r| r as u32),
            seconds_per_move: row.seconds_per_move,
            max_players: row.max_players as u32,
            rated: row.rated,
            starts_at: row.starts_at,
            organiser: self.player_row(row.organiser_id).await?,
            status,
            current_round: row.current_round as u32,
            entrants: views,
        })
    }

    pub(super) async fn entrant_view(&self, entrant: &EntrantRow) -> Result<EntrantView> {
        Ok(EntrantView {
            entrant_id: entrant.id,
            player: self.player_row(entrant.user_id).await?,
            computer: entrant.computer_level,
            seed: entrant.seed.map(|s| s as usize),
            withdrawn: entrant.withdrawn,
        })
    }

    /// `player` joins a tournament that has not started.
    pub async fn join_tournament(&self, tournament_id: i64, player: &Player) -> Result<TournamentView> {
        self.remember(player).await?;
        let change = self
            .store
            .join_tournament(tournament_id, player.id, None, self.now())
            .await?;
        self.entry_changed(tournament_id, change).await
    }

    /// The organiser adds the computer at `level` (`computer` is the bot's
    /// own user). One computer per tournament: a game has one computer seat.
    pub async fn add_computer_entrant(
        &self,
        tournament_id: i64,
        organiser: &Player,
        computer: &Player,
        level: Level,
    ) -> Result<TournamentView> {
        self.add_computer(tournament_id, Some(organiser), computer, level).await
    }

    /// Adds the computer, for `organiser` if given (`None`: the caller
    /// checked who may).
    pub(super) async fn add_computer(
        &self,
        tournament_id: i64,
        organiser: Option<&Player>,
        computer: &Player,
        level: Level,
    ) -> Result<TournamentView> {
        let row = self.tournament_row(tournament_id).await?;
        if organiser.is_some_and(|organiser| row.organiser_id != organiser.id) {
            return refused(TournamentError::NotOrganiser);
        }
        self.remember(computer).await?;
        let change = self
            .store
            .join_tournament(tournament_id, computer.id, Some(level), self.now())
            .await?;
        self.entry_changed(tournament_id, change).await
    }

    /// `player` leaves a tournament that has not started.
    pub async fn leave_tournament(&self, tournament_id: i64, player: &Player) -> Result<TournamentView> {
        let change = self.store.leave_tournament(tournament_id, player.id).await?;
        self.entry_changed(tournament_id, change).await
    }

    async fn entry_changed(&self, tournament_id: i64, change: EntryChange) -> Result<TournamentView> {
        match change {
            EntryChange::Done(_) => self.tournament(tournament_id).await,
            EntryChange::NoTournament => refused(TournamentError::NotFound),
            EntryChange::Closed(status) => refused(TournamentError::NotOpen(status)),
            EntryChange::Full => refused(TournamentError::Full),
            EntryChange::AlreadyIn => refused(TournamentError::AlreadyEntered),
            EntryChange::NotIn => refused(TournamentError::NotEntered),
        }
    }

    /// The organiser starts the tournament: seeds the entrants (by rating
    /// in the server, then the order they joined), fixes the number of
    /// rounds and opens round 1 with its games.
    pub async fn start_tournament(&self, tournament_id: i64, organiser: &Player) -> Result<RoundOpened> {
        self.start(tournament_id, Some(organiser)).await
    }

    /// Starts a tournament: for its organiser, or (`None`) because its
    /// start time came.
    pub(super) async fn start(&self, tournament_id: i64, organiser: Option<&Player>) -> Result<RoundOpened> {
        for _ in 0..START_ATTEMPTS {
            let row = self.tournament_row(tournament_id).await?;
            if organiser.is_some_and(|organiser| row.organiser_id != organiser.id) {
                return refused(TournamentError::NotOrganiser);
            }
            let status = row.status;
            if status != TournamentStatus::Created {
                return refused(TournamentError::NotOpen(status));
            }
            let format = row.format;
            let entrants = self.store.entrants(tournament_id).await?;
            let n = entrants.len() as u32;
            let rounds = match format {
                TournamentFormat::Swiss => row.rounds.map(|r| r as u32).unwrap_or_else(|| default_swiss_rounds(n)),
                TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace => {
                    knockout::rounds(n as usize) as u32
                }
                _ => (n + n % 2).saturating_sub(1) * format.cycles() as u32,
            };
            let needed = match format {
                TournamentFormat::Swiss => MIN_PLAYERS.max(rounds + 1),
                _ => MIN_PLAYERS,
            };
            if n < needed {
                return refused(TournamentError::TooFewPlayers { have: n, need: needed });
            }
            let mut seeded = Vec::with_capacity(entrants.len());
            for entrant in &entrants {
                let rating = match entrant.computer_level {
                    Some(_) => None,
                    None => self.store.rating(Scope::Server(row.guild_id), entrant.user_id).await?,
                };
                seeded.push(Entrant {
                    id: entrant.id as u64,
                    rating: rating.map_or(crate::rating::Rating::INITIAL.rating as i32, |r| {
                        r.rating.round() as i32
                    }),
                });
            }
            let order = tournament::seeding(&seeded);
            let mut by_seed: Vec<EntrantRow> = Vec::with_capacity(entrants.len());
            for e in &order {
                let entrant = entrants
                    .iter()
                    .find(|row| row.id as u64 == e.id)
                    .expect("seeded from these");
                by_seed.push(EntrantRow {
                    seed: Some(by_seed.len() as i64),
                    ..entrant.clone()
                });
            }
            let first_round = match format {
                TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace => Round::default(),
                TournamentFormat::Swiss => {
                    tournament::pair_swiss(by_seed.len(), &[], &[]).map_err(|e| ServiceError::Corrupt {
                        game_id: 0,
                        why: format!("tournament {tournament_id}: cannot pair round 1: {e:?}"),
                    })?
                }
                _ => tournament::round_robin(by_seed.len(), format.cycles())
                    .into_iter()
                    .next()
                    .unwrap_or_default(),
            };
            let pairings = if format.is_knockout() {
                self.knockout_pairings(&row, &by_seed, &knockout::first_round(by_seed.len()))
            } else {
                self.new_pairings(&row, &by_seed, &first_round)
            };
            let ids: Vec<i64> = entrants.iter().map(|e| e.id).collect();
            let seeds: Vec<(i64, i64)> = by_seed.iter().map(|e| (e.id, e.seed.unwrap_or(0))).collect();
            match self
                .store
                .start_tournament(tournament_id, &ids, &seeds, i64::from(rounds), &pairings, self.now())
                .await?
            {
                Started::Yes(games) => {
                    tracing::info!(tournament_id, players = n, rounds, "tournament started");
                    let bye = match first_round.bye {
                        Some(seed) => Some(self.entrant_view(&by_seed[seed]).await?),
                        None => None,
                    };
                    return Ok(RoundOpened {
                        tournament_id,
                        round: 1,
                        games,
                        bye,
                    });
                }
                Started::Closed(status) => {
                    return refused(TournamentError::NotOpen(status.unwrap_or(TournamentStatus::Running)))
                }
                Started::EntrantsChanged => continue,
            }
        }
        refused(TournamentError::Busy)
    }

    /// The boards of a round to store, each with its game: seat A is the
    /// first mover, and moves first.
    pub(super) fn new_pairings(&self, row: &TournamentRow, by_seed: &[EntrantRow], round: &Round) -> Vec<NewPairing> {
        let withdrawn = |seed: usize| by_seed[seed].withdrawn;
        let mut boards: Vec<NewPairing> = Vec::with_capacity(round.pairings.len() + 1);
        for p in &round.pairings {
            // A game with a player who withdrew is forfeited before it starts.
            let forfeit = match (withdrawn(p.first), withdrawn(p.second)) {
                (false, false) => None,
                (false, true) => Some(Outcome::FirstWonByForfeit),
                (true, false) => Some(Outcome::SecondWonByForfeit),
                (true, true) => Some(Outcome::DoubleForfeit),
            };
            boards.push(NewPairing {
                board: boards.len() as i64 + 1,
                first_seed: p.first as i64,
                second_seed: Some(p.second as i64),
                game: forfeit
                    .is_none()
                    .then(|| self.tournament_game(row, &by_seed[p.first], &by_seed[p.second])),
                outcome: forfeit.map(BoardOutcome::Decided),
            });
        }
        // A player who withdrew is absent, without the bye's point.
        if let Some(bye) = round.bye.filter(|&seed| !withdrawn(seed)) {
            boards.push(NewPairing {
                board: boards.len() as i64 + 1,
                first_seed: bye as i64,
                second_seed: None,
                game: None,
                outcome: Some(BoardOutcome::Bye),
            });
        }
        boards
    }

    /// A tournament game as an accepted challenge makes one, with the
    /// tournament's time per move and `first` moving first.
    pub(super) fn tournament_game(&self, row: &TournamentRow, first: &EntrantRow, second: &EntrantRow) -> NewGame {
        let computer = match (first.computer_level, second.computer_level) {
            (Some(level), _) => Some(ComputerSeat { seat: Seat::A, level }),
            (None, Some(level)) => Some(ComputerSeat { seat: Seat::B, level }),
            (None, None) => None,
        };
        NewGame {
            friendly: false,
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            player_a: first.user_id,
            player_b: second.user_id,
            start_position: Position::opening(Seat::A),
            loop_history: Game::opening(Seat::A).loop_history_text(),
            created_at: self.now(),
            computer,
            clock: clock_starting(self.now(), row.seconds_per_move),
            venue: crate::venue::Venue::Server,
            live: None,
        }
    }

    /// One step for every tournament: those whose start time came start
    /// (or, with too few players, are cancelled); in every running one,
    /// the results of the current round's finished games are recorded, and
    /// once the round is over the next one is paired and its games
    /// created, or the tournament ends.
    /// Safe to repeat, to run in several processes at once and to resume
    /// after a crash: each transition is taken once (see the module doc).
    /// A tournament that fails is logged and left for the next step.
    pub async fn advance_tournaments(&self) -> Result<Vec<TournamentStep>> {
        let mut steps = Vec::new();
        for id in self.store.tournaments_due(self.now()).await? {
            match self.start(id, None).await {
                Ok(opened) => steps.push(TournamentStep::Started(opened)),
                // Too few players when the time came: nothing to play.
                Err(ServiceError::Tournament(TournamentError::TooFewPlayers { .. })) => {
                    if self.store.cancel_tournament(id, self.now()).await?.0 == Written::Yes {
                        tracing::info!(
                            tournament_id = id,
                            "tournament cancelled at its start time: too few players"
                        );
                        steps.push(TournamentStep::Cancelled { tournament_id: id });
                    }
                }
                // Started or cancelled meanwhile by someone else.
                Err(ServiceError::Tournament(TournamentError::NotOpen(_))) => {}
                Err(error) if error.unavailable().is_some() => return Err(error),
                Err(error) => tracing::error!(%error, tournament_id = id, "cannot start a tournament at its time"),
            }
        }
        for id in self.store.running_tournaments().await? {
            match self.advance_tournament_fully(id).await {
                Ok(mut done) => steps.append(&mut done),
                Err(error) if error.unavailable().is_some() => return Err(error),
                Err(error) => tracing::error!(%error, tournament_id = id, "cannot advance a tournament"),
            }
        }
        Ok(steps)
    }

    /// Steps one tournament until it waits for a game: a round whose every
    /// board was forfeited before it started is followed at once.
    async fn advance_tournament_fully(&self, tournament_id: i64) -> Result<Vec<TournamentStep>> {
        let mut steps = Vec::new();
        loop {
            let mut done = self.advance_tournament(tournament_id).await?;
            let opened = done.iter().any(|step| matches!(step, TournamentStep::Opened(_)));
            steps.append(&mut done);
            if !opened {
                return Ok(steps);
            }
        }
    }

    async fn advance_tournament(&self, tournament_id: i64) -> Result<Vec<TournamentStep>> {
        let mut steps = Vec::new();
        let row = self.tournament_row(tournament_id).await?;
        if row.status != TournamentStatus::Running {
            return Ok(steps);
        }
        let format = row.format;
        if format.is_knockout() {
            return self.advance_knockout(&row, format).await;
        }
        let round = row.current_round;
        let mut rows = self.store.pairings(tournament_id).await?;
        let results: Vec<BoardResult> = rows
            .iter()
            .filter(|p| p.round == round && p.outcome.is_none())
            .filter_map(|p| {
                board_outcome(p).map(|outcome| BoardResult {
                    board: p.board,
                    outcome,
                    captured_first: p.game_captured_a.unwrap_or(0),
                    captured_second: p.game_captured_b.unwrap_or(0),
                })
            })
            .collect();
        if !results.is_empty() {
            self.store.record_board_results(tournament_id, round, &results).await?;
            steps.push(TournamentStep::Recorded {
                tournament_id,
                round: round as u32,
                boards: results.len(),
            });
            rows = self.store.pairings(tournament_id).await?;
        }
        if rows.iter().any(|p| p.round == round && p.outcome.is_none()) {
            return Ok(steps);
        }
        let rounds = row.rounds.unwrap_or(0);
        if round >= rounds {
            if self.finish_tournament(tournament_id, format, &rows, round).await? == Written::Yes {
                tracing::info!(tournament_id, "tournament finished");
                steps.push(TournamentStep::Finished { tournament_id });
            }
            return Ok(steps);
        }
        let mut entrants = self.store.entrants(tournament_id).await?;
        entrants.sort_by_key(|e| e.seed);
        let played = history(&rows, round)?;
        let next = match format {
            TournamentFormat::Swiss => {
                let absent: Vec<usize> = entrants
                    .iter()
                    .filter(|e| e.withdrawn)
                    .filter_map(|e| e.seed.map(|s| s as usize))
                    .collect();
                match tournament::pair_swiss(entrants.len(), &played, &absent) {
                    Ok(next) => next,
                    // Withdrawals left fewer than two players: it is over.
                    Err(tournament::PairingError::TooFewPlayers) => {
                        if self.finish_tournament(tournament_id, format, &rows, round).await? == Written::Yes {
                            steps.push(TournamentStep::Finished { tournament_id });
                        }
                        return Ok(steps);
                    }
                    Err(e) => {
                        return Err(ServiceError::Corrupt {
                            game_id: 0,
                            why: format!("tournament {tournament_id}: cannot pair round {}: {e:?}", round + 1),
                        })
                    }
                }
            }
            _ => tournament::round_robin(entrants.len(), format.cycles())
                .into_iter()
                .nth(round as usize)
                .unwrap_or_default(),
        };
        let pairings = self.new_pairings(&row, &entrants, &next);
        if let Some(opened) = self
            .open_next_round(tournament_id, format, round, &entrants, &pairings, next.bye)
            .await?
        {
            steps.push(TournamentStep::Opened(opened));
        }
        Ok(steps)
    }

    /// Opens round `round + 1` with `pairings` (`bye`: the seed sitting it
    /// out), unless someone of `entrants` withdrew since they were read or
    /// another step opened it first: the round opened, if this call did.
    pub(super) async fn open_next_round(
        &self,
        tournament_id: i64,
        format: TournamentFormat,
        round: i64,
        entrants: &[EntrantRow],
        pairings: &[NewPairing],
        bye: Option<usize>,
    ) -> Result<Option<RoundOpened>> {
        let withdrawn = entrants.iter().filter(|e| e.withdrawn).count() as i64;
        let (written, games) = self
            .store
            .open_next_round(tournament_id, round, withdrawn, pairings, self.now())
            .await?;
        if written == Written::Conflict {
            return Ok(None);
        }
        let round = round + 1;
        if format.is_knockout() {
            tracing::info!(tournament_id, round, games = games.len(), "knockout round paired");
        } else {
            tracing::info!(tournament_id, round, games = games.len(), "tournament round paired");
        }
        let bye = match bye {
            Some(seed) => Some(self.entrant_view(&entrants[seed]).await?),
            None => None,
        };
        Ok(Some(RoundOpened {
            tournament_id,
            round: round as u32,
            games,
            bye,
        }))
    }

    /// Finishes a tournament after `round`, every board of which has its
    /// result, with the final standings its players' records keep.
    async fn finish_tournament(
        &self,
        tournament_id: i64,
        format: TournamentFormat,
        rows: &[PairingRow],
        round: i64,
    ) -> Result<Written> {
        let mut entrants = self.store.entrants(tournament_id).await?;
        entrants.sort_by_key(|e| e.seed);
        let played = history(rows, round)?;
        let standings: Vec<FinalStanding> = tournament::standings(format.tie_breaks(), entrants.len(), &played)
            .into_iter()
            .map(|s| FinalStanding {
                entrant_id: entrants[s.player].id,
                rank: s.rank as i64,
                half_points: i64::from(s.half_points),
            })
            .collect();
        Ok(self
            .store
            .finish_tournament(tournament_id, round, &standings, self.now())
            .await?)
    }

    /// `player` withdraws. Before the start, they leave. Once it runs, they
    /// are marked withdrawn: their game of the current round, if it goes
    /// on, ends as their resignation (a loss if both players had moved, a
    /// forfeit otherwise), all in one transaction; later they are left out
    /// of the Swiss pairings, and their later round robin games are
    /// forfeited without being created.
    pub async fn withdraw_from_tournament(&self, tournament_id: i64, player: &Player) -> Result<TournamentView> {
        for _ in 0..START_ATTEMPTS {
            let row = self.tournament_row(tournament_id).await?;
            match row.status {
                TournamentStatus::Created => return self.leave_tournament(tournament_id, player).await,
                TournamentStatus::Running => {}
                other => return refused(TournamentError::NotOpen(other)),
            }
            let entrants = self.store.entrants(tournament_id).await?;
            let Some(seed) = entrants
                .iter()
                .find(|e| e.user_id == player.id && e.computer_level.is_none() && !e.withdrawn)
                .and_then(|e| e.seed)
            else {
                return refused(TournamentError::NotEntered);
            };
            let board = self.store.pairings(tournament_id).await?.into_iter().find(|p| {
                p.round == row.current_round
                    && p.outcome.is_none()
                    && p.game_id.is_some()
                    && (p.first_seed == seed || p.second_seed == Some(seed))
            });
            let mut game = None;
            if let Some(board) = board {
                let game_id = board.game_id.expect("filtered on a game");
                let view = self.game(game_id).await?;
                // A game already over keeps its result (the next step records it).
                if view.finished.is_none() {
                    let seat = if board.first_seed == seed { Seat::A } else { Seat::B };
                    let played = view.ply() >= 2;
                    let outcome = match (seat, played) {
                        (Seat::A, true) => Outcome::SecondWon,
                        (Seat::A, false) => Outcome::SecondWonByForfeit,
                        (Seat::B, true) => Outcome::FirstWon,
                        (Seat::B, false) => Outcome::FirstWonByForfeit,
                    };
                    let finished = Some((EndReason::Withdrawal { seat }, Winner::Seat(seat.opponent())));
                    game = Some(WithdrawnGame {
                        game_id,
                        expected_ply: view.ply(),
                        update: self.update_for(&view, finished),
                        board: board.board,
                        outcome,
                        captures_count: played,
                    });
                }
            }
            match self
                .store
                .withdraw_entrant(tournament_id, player.id, row.current_round, game.as_ref())
                .await?
            {
                Withdrawal::Done => {
                    tracing::info!(tournament_id, user_id = player.id, "withdrew from a tournament");
                    return self.tournament(tournament_id).await;
                }
                Withdrawal::NoTournament => return refused(TournamentError::NotFound),
                Withdrawal::Closed(status) => return refused(TournamentError::NotOpen(status)),
                Withdrawal::NotIn => return refused(TournamentError::NotEntered),
                Withdrawal::Changed => continue,
            }
        }
        refused(TournamentError::Busy)
    }

    /// The organiser cancels a tournament not over yet; its games still
    /// being played end at once, unrated and with no result, each board
    /// saying why (see [`EndReason::TournamentCancelled`]).
    pub async fn cancel_tournament(&self, tournament_id: i64, organiser: &Player) -> Result<TournamentView> {
        self.cancel(tournament_id, Some(organiser)).await
    }

    /// Cancels, for `organiser` if given (`None`: the caller checked who
    /// may).
    pub(super) async fn cancel(&self, tournament_id: i64, organiser: Option<&Player>) -> Result<TournamentView> {
        let row = self.tournament_row(tournament_id).await?;
        if organiser.is_some_and(|organiser| row.organiser_id != organiser.id) {
            return refused(TournamentError::NotOrganiser);
        }
        let (written, ended) = self.store.cancel_tournament(tournament_id, self.now()).await?;
        if written == Written::Conflict {
            let row = self.tournament_row(tournament_id).await?;
            return refused(TournamentError::NotOpen(row.status));
        }
        tracing::info!(tournament_id, games_ended = ended.len(), "tournament cancelled");
        self.tournament(tournament_id).await
    }

    /// The standings after the results recorded so far, best first (empty
    /// before the start).
    pub async fn tournament_standings(&self, tournament_id: i64) -> Result<Vec<TournamentStanding>> {
        let row = self.tournament_row(tournament_id).await?;
        let format = row.format;
        if row.current_round == 0 {
            return Ok(Vec::new());
        }
        if format.is_knockout() {
            return self.knockout_standings(&row).await;
        }
        let mut entrants = self.store.entrants(tournament_id).await?;
        entrants.sort_by_key(|e| e.seed);
        let rows = self.store.pairings(tournament_id).await?;
        let played = history(&rows, row.current_round)?;
        let mut lines = Vec::with_capacity(entrants.len());
        for standing in tournament::standings(format.tie_breaks(), entrants.len(), &played) {
            lines.push(TournamentStanding {
                rank: standing.rank,
                entrant: self.entrant_view(&entrants[standing.player]).await?,
                half_points: standing.half_points,
                games_played: standing.games_played,
                tie_breaks: standing.tie_breaks,
            });
        }
        Ok(lines)
    }

    /// The games of a round, by board (the bye has none).
    pub async fn tournament_round_games(&self, tournament_id: i64, round: u32) -> Result<Vec<i64>> {
        self.tournament_row(tournament_id).await?;
        Ok(self
            .store
            .pairings(tournament_id)
            .await?
            .into_iter()
            .filter(|p| p.round == i64::from(round))
            .filter_map(|p| p.game_id)
            .collect())
    }
}

/// A refusal of a tournament's use case.
pub(super) fn refused<T>(error: TournamentError) -> Result<T> {
    Err(error.into())
}

pub(super) fn tournament_corrupt(row: &TournamentRow, what: &str) -> ServiceError {
    ServiceError::Corrupt {
        game_id: 0,
        why: format!("tournament {}: `{what}`", row.id),
    }
}
