//! Ratings: Glicko-2 (Glickman's system, as lichess uses it), updated at
//! once after every rated game rather than once per rating period. Pure
//! arithmetic over the `skillratings` crate; the store calls it inside the
//! transaction that finishes a game, per server and globally.
//!
//! ```
//! use akon::rating::{rate, Rating, Score};
//!
//! // Two new players: the winner gains what the loser gives up.
//! let (winner, loser) = rate(Rating::INITIAL, Rating::INITIAL, Score::Win);
//! assert_eq!((winner.shown(), loser.shown()), (1662, 1338));
//! // One game says little: both stay provisional.
//! assert!(winner.is_provisional() && loser.is_provisional());
//! ```

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A rating is provisional (shown with `?`) while its deviation is at least
/// this, the threshold lichess uses: from the start (350) it takes about 10
/// games against established players, or 14 between two newcomers, to get
/// below it. With steady play the deviation settles near 60.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's Glicko-2 rating: the estimate, its deviation (uncertainty,
/// in rating points) and its volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// Where every player starts: 1500, deviation 350, volatility 0.06
    /// (Glickman's defaults).
    pub const INITIAL: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// Whether the rating is still uncertain (shown with `?`).
    pub fn is_provisional(&self) -> bool {
        is_provisional(self.deviation)
    }

    /// The rating as shown: rounded to a whole number.
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }
}

/// Whether a rating with this deviation is provisional.
pub fn is_provisional(deviation: f64) -> bool {
    deviation >= PROVISIONAL_DEVIATION
}

/// A game's result for its first player. A resignation or a loss on time
/// is a loss like any other; a draw is half a point each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Win,
    Loss,
    Draw,
}

/// Both players' ratings after a game between them that `first` scored
/// `score` in. Glicko-2 with τ = 0.5 and the paper's convergence tolerance.
pub fn rate(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let outcome = match score {
        Score::Win => Outcomes::WIN,
        Score::Loss => Outcomes::LOSS,
        Score::Draw => Outcomes::DRAW,
    };
    let (a, b) = glicko2(&first.into(), &second.into(), &outcome, &Glicko2Config::new());
    (a.into(), b.into())
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// Whose ratings: one server's, or everyone's. Each game is rated in both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    Server(u64),
    Global,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_between_equals_moves_neither_rating_but_narrows_both_deviations() {
        let (a, b) = rate(Rating::INITIAL, Rating::INITIAL, Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(a.deviation < 350.0 && b.deviation < 350.0);
    }

    #[test]
    fn a_loss_for_the_first_player_is_a_win_for_the_second() {
        let strong = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let (first, second) = rate(strong, Rating::INITIAL, Score::Loss);
        let (second_again, first_again) = rate(Rating::INITIAL, strong, Score::Win);
        assert_eq!((first, second), (first_again, second_again));
        assert!(first.rating < 1700.0 && second.rating > 1500.0);
    }

    #[test]
    fn ratings_stop_being_provisional_after_enough_games() {
        let mut a = Rating::INITIAL;
        let mut b = Rating::INITIAL;
        let mut games = 0;
        while a.is_provisional() {
            let score = if games % 2 == 0 { Score::Win } else { Score::Loss };
            (a, b) = rate(a, b, score);
            games += 1;
            assert!(games < 50, "still provisional after 50 games: {a:?}");
        }
        assert!(games > 3, "not provisional after only {games} games");
        assert!(!b.is_provisional());
    }
}
