//! Calendar days and months in UTC, as the puzzle of the day, the seasons
//! and their podiums count them, and as the store keys them.

use chrono::{DateTime, Datelike, NaiveDate};

const DAY_SECS: i64 = 24 * 3600;

/// A calendar day in UTC, as days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// The day holding the instant `at` (seconds since the epoch).
    pub fn of(at: i64) -> Day {
        Day(at.div_euclid(DAY_SECS))
    }

    /// Its first second.
    pub fn start(self) -> i64 {
        self.0 * DAY_SECS
    }

    pub fn previous(self) -> Day {
        Day(self.0 - 1)
    }

    pub fn month(self) -> Month {
        Month::of(self.start())
    }

    /// The first day of its month, and the first day of the month after.
    pub fn month_days(self) -> (Day, Day) {
        let first = Day::of(self.month().start());
        let next = Day::of(Month::of(first.start() + 32 * DAY_SECS).start());
        (first, next)
    }

    /// The year, the month (1 to 12) and the day of the month.
    pub fn year_month_day(self) -> (i32, u32, u32) {
        let date = DateTime::from_timestamp(self.start(), 0)
            .unwrap_or_default()
            .date_naive();
        (date.year(), date.month(), date.day())
    }

    /// The date as `YYYY-MM-DD`, for the logs; people read
    /// [`crate::i18n::day_in_words`].
    pub fn date(self) -> String {
        DateTime::from_timestamp(self.start(), 0)
            .unwrap_or_default()
            .format("%Y-%m-%d")
            .to_string()
    }
}

/// A calendar month in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    pub year: i32,
    /// From 1 (January) to 12.
    pub month: u32,
}

impl Month {
    /// The month holding the instant `at` (seconds since the epoch).
    pub fn of(at: i64) -> Month {
        let date = DateTime::from_timestamp(at, 0).unwrap_or_default().date_naive();
        Month {
            year: date.year(),
            month: date.month(),
        }
    }

    /// The month before.
    pub fn previous(self) -> Month {
        match self.month {
            1 => Month {
                year: self.year - 1,
                month: 12,
            },
            month => Month {
                year: self.year,
                month: month - 1,
            },
        }
    }

    /// When the month begins: its first second, in seconds since the
    /// epoch.
    pub fn start(self) -> i64 {
        NaiveDate::from_ymd_opt(self.year, self.month, 1)
            .and_then(|day| day.and_hms_opt(0, 0, 0))
            .map_or(0, |start| start.and_utc().timestamp())
    }

    /// The `month` column: year × 100 + month, so that months sort.
    pub fn key(self) -> i64 {
        i64::from(self.year) * 100 + i64::from(self.month)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_a_utc_date() {
        // 2027-01-15 08:00 UTC.
        let day = Day::of(1_800_000_000);
        assert_eq!(day.date(), "2027-01-15");
        assert_eq!(Day::of(day.start()), day);
        assert_eq!(Day::of(day.start() - 1), day.previous());
        let (first, next) = day.month_days();
        assert_eq!((first.date(), next.date()), ("2027-01-01".into(), "2027-02-01".into()));
    }

    #[test]
    fn months_are_calendar_months_in_utc_and_sort_by_their_keys() {
        // 2026-12-01T00:00:00Z, and the second before it.
        let first_of_december = 1_796_083_200;
        assert_eq!(Month::of(first_of_december), Month { year: 2026, month: 12 });
        assert_eq!(Month::of(first_of_december - 1), Month { year: 2026, month: 11 });
        assert_eq!(Month::of(first_of_december).key(), 202612);
        let january = Month { year: 2027, month: 1 };
        assert_eq!(january.previous(), Month { year: 2026, month: 12 });
        assert_eq!(Month { year: 2026, month: 12 }.previous().month, 11);
        assert!(january.previous().key() < january.key());
        assert_eq!(Month::of(first_of_december).start(), first_of_december);
        assert_eq!(Month::of(first_of_december + 86_399).start(), first_of_december);
    }
}
