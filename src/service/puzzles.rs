//! Puzzles: a player asks, gets the untried puzzle whose rating is nearest
//! their puzzle rating (their unanswered one first, so that asking again
//! skips nothing), and answers once. Puzzles are mined lazily: when none is
//! left for the player, a small batch (one game's positions, at most
//! [`crate::ai::POSITIONS_PER_GAME`] searches) is searched off the async
//! runtime behind the search bound, from the newest finished game not mined
//! yet, else from a self-play game, and kept.

use super::{Player, Result, Service, ServiceError};
use crate::ai::{Solution, OPENING_PLIES_SKIPPED};
use crate::engine::{Hole, Position};
use crate::rating::Rating;
use crate::store::{AttemptRow, NewPuzzle, PuzzlePlayerRow, PuzzleSource};

/// Batches mined at most for one request before giving up.
const MINING_BATCHES: usize = 4;

/// A puzzle given to a player.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleView {
    /// The attempt: what the hole buttons name.
    pub attempt_id: i64,
    pub puzzle_id: i64,
    pub position: Position,
    /// The puzzle's rating (its difficulty).
    pub rating: f64,
}

/// A player's puzzle standing.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleStanding {
    pub rating: Rating,
    pub attempts: i64,
    pub solved: i64,
    /// Right answers in a row, up to the last.
    pub streak: i64,
    pub best_streak: i64,
}

impl From<PuzzlePlayerRow> for PuzzleStanding {
    fn from(row: PuzzlePlayerRow) -> PuzzleStanding {
        PuzzleStanding {
            rating: row.glicko(),
            attempts: row.attempts,
            solved: row.solved,
            streak: row.streak,
            best_streak: row.best_streak,
        }
    }
}

/// An answer, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAnswered {
    pub puzzle: PuzzleView,
    pub played: Hole,
    pub solved: bool,
    pub solution: Solution,
    /// The player's puzzle rating before the answer.
    pub rating_before: Rating,
    pub standing: PuzzleStanding,
}

impl Service {
    /// The puzzle for `user` if one is ready (their unanswered one, or an
    /// untried one kept already): no search.
    pub async fn ready_puzzle(&self, user: &Player) -> Result<Option<PuzzleView>> {
        self.remember(user).await?;
        loop {
            if let Some(open) = self.store.open_puzzle_attempt(user.id).await? {
                return self.puzzle_view(&open).await.map(Some);
            }
            let rating = self.puzzle_rating(user.id).await?.rating;
            let Some(puzzle_id) = self.store.nearest_untried_puzzle(user.id, rating).await? else {
                return Ok(None);
            };
            // A concurrent request may have given them a puzzle first: the
            // loop then shows that one.
            if let Some(attempt_id) = self.store.start_puzzle_attempt(user.id, puzzle_id, self.now()).await? {
                tracing::info!(user_id = user.id, puzzle_id, attempt_id, "puzzle given");
            }
        }
    }

    /// The puzzle for `user`: a ready one, else puzzles are mined (seconds
    /// of search in a release build) until one is.
    pub async fn puzzle(&self, user: &Player) -> Result<PuzzleView> {
        for _ in 0..MINING_BATCHES {
            if let Some(view) = self.ready_puzzle(user).await? {
                return Ok(view);
            }
            self.mine_puzzles().await?;
        }
        self.ready_puzzle(user).await?.ok_or(ServiceError::NoPuzzle)
    }

    /// Mines one batch: the newest finished game not mined yet, else the
    /// next self-play game. Returns how many new puzzles were kept.
    pub async fn mine_puzzles(&self) -> Result<usize> {
        let turn = self.search_turn().await;
        let (source, start, moves) = match self.store.game_to_mine(OPENING_PLIES_SKIPPED as i64 + 1).await? {
            Some(game_id) => {
                let game = self.game(game_id).await?;
                (
                    PuzzleSource::Game(game_id),
                    *game.game.start(),
                    game.game.moves().to_vec(),
                )
            }
            None => {
                let seed = self.store.next_self_play_seed().await?;
                let (start, moves) = crate::ai::self_play_game(seed as u64);
                (PuzzleSource::SelfPlay(seed), start, moves)
            }
        };
        let nodes = self.config.puzzle_nodes;
        let started = std::time::Instant::now();
        let mined = turn
            .run(source_game(source), "the puzzle search", move || {
                crate::ai::mine_game(start, &moves, nodes)
            })
            .await?;
        let new: Vec<NewPuzzle> = mined
            .iter()
            .map(|puzzle| NewPuzzle {
                position: puzzle.position,
                best: puzzle.solution.best.number(),
                margin: puzzle.solution.margin(),
                solution: puzzle.solution.clone(),
                nodes,
                ply: puzzle.ply as i64,
                rating: Rating {
                    rating: puzzle.initial_rating(),
                    ..Rating::INITIAL
                },
            })
            .collect();
        let added = self.store.save_mined_puzzles(source, &new, self.now()).await?;
        tracing::info!(
            ?source,
            found = mined.len(),
            added,
            ms = started.elapsed().as_millis() as u64,
            "puzzles mined"
        );
        Ok(added)
    }

    /// `user` answers attempt `attempt_id` with `hole`: judged against the
    /// puzzle's one best move and scored once; a second press of any hole
    /// of the same attempt is refused.
    pub async fn answer_puzzle(&self, attempt_id: i64, hole: Hole, user: &Player) -> Result<PuzzleAnswered> {
        let attempt = self
            .store
            .puzzle_attempt(attempt_id)
            .await?
            .ok_or(ServiceError::PuzzleNotFound)?;
        if attempt.user_id != user.id {
            return Err(ServiceError::NotYourPuzzle);
        }
        if attempt.answered_at.is_some() {
            return Err(ServiceError::PuzzleAnswered);
        }
        let puzzle = self.puzzle_view(&attempt).await?;
        let solution = self.solution(attempt.puzzle_id).await?;
        if solution.score_of(hole).is_none() {
            let illegal = puzzle
                .position
                .check_move(hole)
                .err()
                .ok_or_else(|| corrupt(attempt.puzzle_id, "a legal move has no score"))?;
            return Err(ServiceError::IllegalMove(illegal));
        }
        let solved = hole == solution.best;
        let scored = self
            .store
            .answer_puzzle(attempt_id, hole.number(), solved, self.now())
            .await?
            .ok_or(ServiceError::PuzzleAnswered)?;
        tracing::info!(
            user_id = user.id,
            puzzle_id = attempt.puzzle_id,
            attempt_id,
            solved,
            "puzzle answered"
        );
        Ok(PuzzleAnswered {
            puzzle,
            played: hole,
            solved,
            solution,
            rating_before: scored.player_before,
            standing: scored.player.into(),
        })
    }

    /// `user_id`'s puzzle standing, if they answered any puzzle.
    pub async fn puzzle_standing(&self, user_id: u64) -> Result<Option<PuzzleStanding>> {
        Ok(self.store.puzzle_player(user_id).await?.map(PuzzleStanding::from))
    }

    async fn puzzle_rating(&self, user_id: u64) -> Result<Rating> {
        Ok(self
            .store
            .puzzle_player(user_id)
            .await?
            .map_or(Rating::INITIAL, |row| row.glicko()))
    }

    async fn puzzle_view(&self, attempt: &AttemptRow) -> Result<PuzzleView> {
        let (position, rating) = self.puzzle_position(attempt.puzzle_id).await?;
        Ok(PuzzleView {
            attempt_id: attempt.id,
            puzzle_id: attempt.puzzle_id,
            position,
            rating,
        })
    }

    /// Puzzle `puzzle_id`'s position and rating.
    pub(super) async fn puzzle_position(&self, puzzle_id: i64) -> Result<(Position, f64)> {
        let row = self
            .store
            .puzzle(puzzle_id)
            .await?
            .ok_or(ServiceError::PuzzleNotFound)?;
        Ok((row.position, row.rating))
    }

    pub(super) async fn solution(&self, puzzle_id: i64) -> Result<Solution> {
        self.store
            .puzzle_solution(puzzle_id)
            .await?
            .ok_or(ServiceError::PuzzleNotFound)
    }
}

/// A puzzle that cannot be read (reported like a corrupt game, with the
/// puzzle's id).
fn corrupt(puzzle_id: i64, why: &str) -> ServiceError {
    ServiceError::Corrupt {
        game_id: puzzle_id,
        why: format!("puzzle {puzzle_id}: {why}"),
    }
}

fn source_game(source: PuzzleSource) -> i64 {
    match source {
        PuzzleSource::Game(id) => id,
        PuzzleSource::SelfPlay(_) => 0,
    }
}
