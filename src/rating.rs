//! Ratings: Glicko-2 (Glickman's system, as lichess uses it), updated at
//! once after every rated game rather than once per rating period. Pure
//! arithmetic over the `skillratings` crate; the store calls it inside the
//! transaction that finishes a game, per server and globally.
//!
//! Ratings age: for every whole rating period (a day, [`RATING_PERIOD_SECS`])
//! without a rated game, the deviation grows as Glickman's step 6 has it for
//! a player who did not compete, up to the starting 350. Nothing rewrites
//! the stored rows for it: a rating is aged when it is read
//! ([`Rating::aged`]) and before it changes.
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

/// Glicko-2's rating period: a day. Glickman asks for periods holding a
/// handful of games each for most players; a day is what lichess uses,
/// and with the usual volatility (0.06) a settled deviation of 60 becomes
/// provisional again after 79 days without a rated game and is near 208
/// after a year, so a returning player's rating moves fast again.
pub const RATING_PERIOD_SECS: i64 = 24 * 3600;

/// Glicko-2's scale factor between rating points and its internal scale.
const GLICKO2_SCALE: f64 = 173.7178;

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

    /// This rating, last changed at `changed_at`, as it stands at `now`:
    /// the rating and volatility unchanged, the deviation grown by one
    /// step of Glickman's φ' = √(φ² + σ²) per whole rating period between
    /// (`skillratings::glicko2::decay_deviation`), never above the
    /// starting deviation. The `n` steps are summed in one, φ' = √(φ² +
    /// nσ²), so that a rating left for years costs no more to read.
    pub fn aged(self, changed_at: i64, now: i64) -> Rating {
        let periods = (now.saturating_sub(changed_at) / RATING_PERIOD_SECS).max(0);
        if periods == 0 || self.deviation >= Rating::INITIAL.deviation {
            return self;
        }
        let phi = self.deviation / GLICKO2_SCALE;
        let grown = (phi * phi + periods as f64 * self.volatility * self.volatility).sqrt() * GLICKO2_SCALE;
        Rating {
            deviation: grown.min(Rating::INITIAL.deviation),
            ..self
        }
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

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013)
    /// rates a player of 1500, deviation 200, volatility 0.06. Had they not
    /// played, step 6 alone applies: φ = 200 / 173.7178 = 1.15129,
    /// φ² + σ² = 1.32547 + 0.0036 = 1.32907, √ = 1.15285, back in rating
    /// points × 173.7178 = 200.27. Thirty periods: 1.32547 + 30 × 0.0036 =
    /// 1.43347, √ = 1.19728, 207.99. A settled 60 (φ² = 0.11929) left for
    /// 365 periods: 0.11929 + 1.314 = 1.43329, √ = 1.19720, 207.98; for 78
    /// periods 109.88 (still established), 79 periods 110.37 (provisional).
    #[test]
    fn the_deviation_grows_per_period_without_games_as_the_paper_computes() {
        let example = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let day = RATING_PERIOD_SECS;
        let close = |a: f64, b: f64| (a - b).abs() < 0.01;
        let aged = example.aged(0, day);
        assert!(close(aged.deviation, 200.27), "{aged:?}");
        assert_eq!((aged.rating, aged.volatility), (1500.0, 0.06));
        assert!(close(example.aged(0, 30 * day).deviation, 207.99));
        // Less than a whole period, or none at all, leaves it as it is.
        assert_eq!(example.aged(0, day - 1), example);
        assert_eq!(example.aged(day, 0), example);
        let settled = Rating {
            deviation: 60.0,
            ..example
        };
        assert!(close(settled.aged(0, 365 * day).deviation, 207.98));
        assert!(!settled.aged(0, 78 * day).is_provisional());
        assert!(settled.aged(0, 79 * day).is_provisional());
        // Never past where a newcomer starts, however long.
        assert_eq!(settled.aged(0, 20 * 365 * day).deviation, 350.0);
        assert_eq!(Rating::INITIAL.aged(0, 400 * day), Rating::INITIAL);
    }

    /// The periods summed in one step give what the crate's one step per
    /// period gives.
    #[test]
    fn aging_in_one_step_equals_the_crates_step_per_period() {
        use skillratings::glicko2::decay_deviation;
        for (deviation, volatility, periods) in [(45.0, 0.06, 1), (80.0, 0.059, 40), (120.0, 0.075, 500)] {
            let start = Rating {
                rating: 1700.0,
                deviation,
                volatility,
            };
            let mut stepped: Glicko2Rating = start.into();
            for _ in 0..periods {
                stepped = decay_deviation(&stepped);
            }
            let aged = start.aged(0, periods * RATING_PERIOD_SECS);
            assert!(
                (aged.deviation - stepped.deviation).abs() < 1e-9,
                "{aged:?} {stepped:?}"
            );
        }
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
