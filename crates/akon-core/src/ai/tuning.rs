//! Fitting the evaluation's weights by self-play: the data and the fit,
//! without threads or I/O (`examples/tune.rs` runs them and prints the
//! result).
//!
//! 1. **Games.** Two copies of a search player, each move searched with a
//!    fixed node budget, play from an opening of a few random moves drawn
//!    from a seed. A node budget, not a clock, decides how far each search
//!    goes, so the same seed gives the same games on every machine.
//! 2. **Labels.** Every position of a game after its opening is labelled
//!    with what its player to move actually gained, net, from there to the
//!    end of the game: the very quantity the evaluation estimates at the
//!    horizon (`eval.rs`).
//! 3. **The fit.** The weights that predict the labels from the terms
//!    ([`features`]) with the least squared error, by the normal equations
//!    (a small ridge keeps a rare term, such as lapping holes, from
//!    swinging), then rounded to whole internal units.
//!
//! This is Texel-style tuning with the game's own score as the target: in
//! Akon the evaluation is in seeds, not a probability of winning, so no
//! sigmoid is needed and the least-squares optimum is found in one step.

use super::eval::{features, EvalWeights, SCALE as UNITS_PER_SEED, TERMS};
use super::{capture_difference_of as difference, decide, LevelConfig, Limits};
use crate::engine::{Game, Hole, Seat};
use crate::random::SplitMix64;

/// A game longer than this is dropped from the data (the loop rule ends
/// every game, but not necessarily soon).
const MAX_PLIES: usize = 1_000;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's terms for the player to move.
    pub features: [f64; TERMS],
    /// The seeds the player to move gained, net, from here to the end.
    pub gain: f64,
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// Nodes searched for every move.
    pub nodes: u64,
    /// Random moves before the search takes over: at least `min_opening`,
    /// at most `max_opening`.
    pub min_opening: usize,
    pub max_opening: usize,
    /// The evaluation both players search with.
    pub weights: EvalWeights,
}

impl SelfPlay {
    /// The player's configuration: the search's best move within the node
    /// budget, no clock, no randomness.
    fn player(&self) -> LevelConfig {
        LevelConfig {
            limits: Limits {
                max_depth: Limits::MAX_DEPTH,
                max_nodes: self.nodes,
                max_time: None,
            },
            blunder_chance: 0.0,
            tolerance: None,
            eval: self.weights,
            late_move_reductions: false,
        }
    }
}

/// One self-play game from the opening drawn from `seed`, and its labelled
/// positions (after the opening, before the end). Empty if the game ran
/// longer than 1,000 plies.
pub fn self_play_samples(seed: u64, play: &SelfPlay) -> Vec<Sample> {
    self_play_game(seed, play)
        .map(|(_, samples)| samples)
        .unwrap_or_default()
}

/// The game of [`self_play_samples`] and its samples; `None` if it ran
/// longer than [`MAX_PLIES`].
fn self_play_game(seed: u64, play: &SelfPlay) -> Option<(Game, Vec<Sample>)> {
    let mut dice = SplitMix64::new(seed);
    let first = if dice.below(2) == 0 { Seat::A } else { Seat::B };
    let mut game = Game::opening(first);
    let span = play.max_opening.saturating_sub(play.min_opening) + 1;
    let opening = play.min_opening + dice.below(span);
    while game.moves().len() < opening && !game.is_over() {
        let legal: Vec<Hole> = game.legal_moves().iter().collect();
        game.play(legal[dice.below(legal.len())]).expect("a legal move");
    }
    let player = play.player();
    // (terms, player to move, their capture difference then)
    let mut seen: Vec<([f64; TERMS], Seat, i32)> = Vec::new();
    while !game.is_over() {
        if game.moves().len() >= MAX_PLIES {
            return None;
        }
        let position = *game.position();
        let mover = position.to_move();
        seen.push((features(&position), mover, difference(&position, mover)));
        let hole = decide(&game, &player, dice.next_u64())
            .expect("the game is not over")
            .hole;
        game.play(hole).expect("the search plays legal moves");
    }
    let end = *game.position();
    let samples = seen
        .into_iter()
        .map(|(features, mover, then)| Sample {
            features,
            gain: (difference(&end, mover) - then) as f64,
        })
        .collect();
    Some((game, samples))
}

/// The least-squares coefficients, in seeds per unit of each term, with a
/// ridge of `ridge` times the number of samples on the diagonal.
pub fn fit(samples: &[Sample], ridge: f64) -> [f64; TERMS] {
    let mut a = [[0.0f64; TERMS]; TERMS];
    let mut b = [0.0f64; TERMS];
    for s in samples {
        for ((row, b), fi) in a.iter_mut().zip(b.iter_mut()).zip(s.features) {
            *b += fi * s.gain;
            for (cell, fj) in row.iter_mut().zip(s.features) {
                *cell += fi * fj;
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += ridge * samples.len() as f64;
    }
    solve(a, b)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; a
/// singular column (a term that never varies) gets 0.
fn solve(mut a: [[f64; TERMS]; TERMS], mut b: [f64; TERMS]) -> [f64; TERMS] {
    for col in 0..TERMS {
        let pivot = (col..TERMS)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("a column");
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        let pivot_row = a[col];
        for row in col + 1..TERMS {
            let factor = a[row][col] / pivot_row[col];
            for (cell, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *cell -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; TERMS];
    for col in (0..TERMS).rev() {
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        let rest: f64 = (col + 1..TERMS).map(|k| a[col][k] * x[k]).sum();
        x[col] = (b[col] - rest) / a[col][col];
    }
    x
}

/// Coefficients in seeds to weights in internal units, rounded.
pub fn weights_from(coefficients: &[f64; TERMS]) -> EvalWeights {
    EvalWeights::from_array(coefficients.map(|c| (c * UNITS_PER_SEED as f64).round() as i32))
}

/// The mean squared error, in seeds², of `weights` predicting the samples'
/// gains.
pub fn mean_squared_error(samples: &[Sample], weights: &EvalWeights) -> f64 {
    let w = weights.to_array();
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted: f64 = (0..TERMS).map(|i| w[i] as f64 * s.features[i]).sum::<f64>() / UNITS_PER_SEED as f64;
            (predicted - s.gain).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_known_weights() {
        // Labels made by known coefficients plus noise that averages out.
        let truth = [0.25, -0.5, 0.75, -0.25, 0.5, -1.5, 0.125, 1.0, 2.0, 0.5];
        let mut rng = SplitMix64::new(11);
        let samples: Vec<Sample> = (0..4_000)
            .map(|_| {
                let mut features = [0.0; TERMS];
                for f in features.iter_mut().take(TERMS - 1) {
                    *f = rng.below(21) as f64 - 10.0;
                }
                features[TERMS - 1] = 1.0;
                let noise = rng.below(3) as f64 - 1.0;
                let gain = (0..TERMS).map(|i| truth[i] * features[i]).sum::<f64>() + noise;
                Sample { features, gain }
            })
            .collect();
        let fitted = fit(&samples, 0.0);
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f - t).abs() < 0.05, "{fitted:?}");
        }
        let weights = weights_from(&fitted);
        assert_eq!(
            weights.to_array(),
            truth.map(|t| (t * UNITS_PER_SEED as f64).round() as i32)
        );
        assert!(mean_squared_error(&samples, &weights) < mean_squared_error(&samples, &EvalWeights::CLASSIC));
    }

    #[test]
    fn self_play_labels_are_the_gains_to_the_end() {
        let play = SelfPlay {
            nodes: 2_000,
            min_opening: 2,
            max_opening: 6,
            weights: EvalWeights::CLASSIC,
        };
        let (game, samples) = self_play_game(5, &play).expect("a short game");
        assert_eq!(samples, self_play_samples(5, &play), "the same seed, the same game");
        // Replay the game: the samples are its positions after the opening,
        // in order, each labelled with its mover's gain from there on.
        let plies = game.moves().len();
        let opening = plies - samples.len();
        assert!((2..=6).contains(&opening), "{opening}");
        let end = *game.position();
        let mut replay = Game::replay(*game.start(), &[]).unwrap();
        for (ply, &hole) in game.moves().iter().enumerate() {
            if ply >= opening {
                let position = *replay.position();
                let mover = position.to_move();
                let sample = samples[ply - opening];
                assert_eq!(sample.features, features(&position));
                let gain = difference(&end, mover) - difference(&position, mover);
                assert_eq!(sample.gain, gain as f64);
                assert!(gain.unsigned_abs() <= position.board_total());
            }
            replay.play(hole).unwrap();
        }
        assert!(samples.iter().any(|s| s.gain != 0.0));
    }
}
