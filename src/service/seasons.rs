//! Seasons: the best players of a calendar month (UTC) by the rating they
//! gained in it. Rating change rather than points, because it weighs each
//! result by the opposition: beating a stronger player gains more than
//! beating a weaker one, and playing more games gains nothing by itself.
//! Kept per month as games are rated (`store::seasons`), so a month's
//! board costs one index range.

use super::{Result, Scope, Service};
use crate::calendar::Month;
use crate::store::SeasonRow;

/// Players on a season's board.
pub const SEASON_PAGE: i64 = 10;

/// Which period a leaderboard covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Season {
    ThisMonth,
    LastMonth,
    /// Every game: the leaderboard by rating.
    AllTime,
}

impl Season {
    pub const ALL: [Season; 3] = [Season::ThisMonth, Season::LastMonth, Season::AllTime];

    /// The slash command's value.
    pub fn code(self) -> &'static str {
        match self {
            Season::ThisMonth => "this_month",
            Season::LastMonth => "last_month",
            Season::AllTime => "all_time",
        }
    }

    /// The month it covers at `now`; `None` for all time.
    pub fn month(self, now: i64) -> Option<Month> {
        match self {
            Season::ThisMonth => Some(Month::of(now)),
            Season::LastMonth => Some(Month::of(now).previous()),
            Season::AllTime => None,
        }
    }
}

impl std::str::FromStr for Season {
    type Err = ();

    fn from_str(code: &str) -> std::result::Result<Season, ()> {
        Season::ALL.into_iter().find(|season| season.code() == code).ok_or(())
    }
}

/// One line of a season's board.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonStanding {
    /// Place on the board, from 1.
    pub rank: i64,
    pub user_id: u64,
    pub name: String,
    /// Rating points gained (or lost) over the month's rated games.
    pub rating_change: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl SeasonStanding {
    fn new(rank: i64, row: SeasonRow) -> SeasonStanding {
        SeasonStanding {
            rank,
            user_id: row.user_id,
            name: row.name,
            rating_change: row.rating_change,
            games: row.games,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
        }
    }
}

/// Where the player looking at a season's board stands.
#[derive(Debug, Clone, PartialEq)]
pub enum SeasonCaller {
    OnPage,
    Listed(SeasonStanding),
    /// Rated games in the month, but too few to be listed.
    TooFewGames {
        games: i64,
        needed: i64,
    },
    /// No rated game in the month.
    Unplayed,
}

/// The top of one month's board.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonBoard {
    pub scope: Scope,
    pub month: Month,
    /// Players listed on the whole board.
    pub listed: i64,
    /// Rated games in the month needed to be listed.
    pub min_games: i64,
    pub rows: Vec<SeasonStanding>,
    pub caller_id: u64,
    pub caller: SeasonCaller,
}

impl Service {
    /// The top [`SEASON_PAGE`] players of `scope` for `month`, and where
    /// `caller_id` stands. Listed once they have as many rated games in the
    /// month as the leaderboard needs overall, so that one lucky game does
    /// not top a month.
    pub async fn season_board(&self, scope: Scope, month: Month, caller_id: u64) -> Result<SeasonBoard> {
        let min_games = self.config.leaderboard_min_games;
        let listed = self.store.season_len(scope, month, min_games).await?;
        let rows: Vec<SeasonStanding> = self
            .store
            .season(scope, month, min_games, 0, SEASON_PAGE)
            .await?
            .into_iter()
            .zip(1..)
            .map(|(row, rank)| SeasonStanding::new(rank, row))
            .collect();
        let caller = if rows.iter().any(|s| s.user_id == caller_id) {
            SeasonCaller::OnPage
        } else {
            match self.store.season_of(scope, month, caller_id).await? {
                None => SeasonCaller::Unplayed,
                Some(own) if own.games < min_games => SeasonCaller::TooFewGames {
                    games: own.games,
                    needed: min_games,
                },
                Some(own) => match self.store.season_rank(scope, month, min_games, caller_id).await? {
                    Some(rank) => SeasonCaller::Listed(SeasonStanding::new(rank, own)),
                    None => SeasonCaller::Unplayed,
                },
            }
        };
        Ok(SeasonBoard {
            scope,
            month,
            listed,
            min_games,
            rows,
            caller_id,
            caller,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_read_back_from_their_codes_and_cover_this_and_the_last_month() {
        for season in Season::ALL {
            assert_eq!(season.code().parse(), Ok(season));
        }
        assert_eq!("next_month".parse::<Season>(), Err(()));
        // 2027-01-01T00:00:00Z.
        let new_year = 1_798_761_600;
        assert_eq!(Season::ThisMonth.month(new_year), Some(Month { year: 2027, month: 1 }));
        assert_eq!(Season::LastMonth.month(new_year), Some(Month { year: 2026, month: 12 }));
        assert_eq!(
            Season::LastMonth.month(new_year - 1),
            Some(Month { year: 2026, month: 11 })
        );
        assert_eq!(Season::AllTime.month(new_year), None);
    }
}
