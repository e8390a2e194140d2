//! The start time `/akon tournament create starts_at:` takes, in any of
//! the bot's languages.

use chrono::{Datelike, NaiveDateTime};

/// The longest wait a relative start time may ask for.
const MOST_SECONDS_AHEAD: i64 = 366 * 86_400;

/// Words that may come before a relative time: English, French, Spanish,
/// Portuguese.
const RELATIVE_PREFIXES: [&str; 4] = ["in", "dans", "en", "em"];

/// The units of a relative time, each with its length in seconds, in the
/// bot's languages (Spanish `d` is for días, French `j` for jours).
const UNITS: &[(&str, i64)] = &[
    ("m", 60),
    ("min", 60),
    ("mins", 60),
    ("minute", 60),
    ("minutes", 60),
    ("minuto", 60),
    ("minutos", 60),
    ("h", 3_600),
    ("hour", 3_600),
    ("hours", 3_600),
    ("heure", 3_600),
    ("heures", 3_600),
    ("hora", 3_600),
    ("horas", 3_600),
    ("d", 86_400),
    ("day", 86_400),
    ("days", 86_400),
    ("día", 86_400),
    ("días", 86_400),
    ("dia", 86_400),
    ("dias", 86_400),
    ("j", 86_400),
    ("jour", 86_400),
    ("jours", 86_400),
];

/// A start time at `now` (seconds since the Unix epoch), in seconds since
/// the epoch: either `YYYY-MM-DD HH:MM` in UTC (a `T` may stand for the
/// space, a trailing `Z` or ` UTC` is allowed), or relative, at most a year
/// ahead: an optional `in`, `dans` or `en`, a number, an optional space and
/// a unit of minutes, hours or days in English, French or Spanish (`in 2h`,
/// `90m`, `dans 3 jours`, `en 2 horas`), in any case. `None` for anything
/// else.
pub fn parse_starts_at(text: &str, now: i64) -> Option<i64> {
    let text = text.trim().to_lowercase();
    match relative_seconds(&text) {
        Some(seconds) => Some(now + seconds),
        None => absolute(&text),
    }
}

/// The wait `text` asks for, if it is a relative time within a year.
fn relative_seconds(text: &str) -> Option<i64> {
    let text = RELATIVE_PREFIXES
        .iter()
        .find_map(|prefix| {
            text.strip_prefix(prefix)
                .filter(|rest| rest.starts_with(char::is_whitespace))
        })
        .unwrap_or(text)
        .trim_start();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (amount, unit) = text.split_at(digits);
    let unit_seconds = UNITS.iter().find(|(name, _)| *name == unit.trim_start())?.1;
    let amount: i64 = amount.parse().ok()?;
    (1..=MOST_SECONDS_AHEAD / unit_seconds)
        .contains(&amount)
        .then(|| amount * unit_seconds)
}

/// `text`, lowercase, as a UTC date and time from 1970 to 9999.
fn absolute(text: &str) -> Option<i64> {
    let text = text
        .strip_suffix(" utc")
        .or_else(|| text.strip_suffix('z'))
        .unwrap_or(text);
    let (date, time) = text.split_once(['t', ' '])?;
    let at = NaiveDateTime::parse_from_str(&format!("{date} {}", time.trim()), "%Y-%m-%d %H:%M").ok()?;
    (1970..=9999).contains(&at.year()).then(|| at.and_utc().timestamp())
}

#[cfg(test)]
mod tests {
    use super::parse_starts_at;

    const NOW: i64 = 1_800_000_000;
    const MINUTE: i64 = 60;
    const HOUR: i64 = 3_600;
    const DAY: i64 = 86_400;

    #[test]
    fn a_utc_date_and_time_is_read_exactly() {
        // 2026-12-24 18:00 UTC, as `date -u -d '2026-12-24 18:00' +%s` says.
        assert_eq!(parse_starts_at("2026-12-24 18:00", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at("2026-12-24T18:00Z", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at("2026-12-24t18:00z", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at(" 2026-12-24 18:00 UTC ", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at("1970-01-01 00:00", NOW), Some(0));
        assert_eq!(parse_starts_at("2028-02-29 00:00", NOW), Some(1_835_395_200));
        assert_eq!(parse_starts_at("9999-12-31 23:59", NOW), Some(253_402_300_740));
    }

    #[test]
    fn a_relative_time_counts_from_now() {
        assert_eq!(parse_starts_at("in 2h", NOW), Some(NOW + 2 * HOUR));
        assert_eq!(parse_starts_at("in 90m", NOW), Some(NOW + 90 * MINUTE));
        assert_eq!(parse_starts_at("3d", NOW), Some(NOW + 3 * DAY));
        assert_eq!(parse_starts_at("IN 1H", NOW), Some(NOW + HOUR));
        assert_eq!(parse_starts_at("2 h", NOW), Some(NOW + 2 * HOUR));
        assert_eq!(parse_starts_at("in 366d", NOW), Some(NOW + 366 * DAY));
    }

    /// The forms of each language, each with the wait it asks for.
    #[test]
    fn a_relative_time_is_read_in_every_language() {
        let forms: &[(&str, &[(&str, i64)])] = &[
            (
                "English",
                &[
                    ("in 2h", 2 * HOUR),
                    ("in 2 hours", 2 * HOUR),
                    ("1 hour", HOUR),
                    ("in 45 min", 45 * MINUTE),
                    ("in 1 minute", MINUTE),
                    ("30 minutes", 30 * MINUTE),
                    ("in 3 days", 3 * DAY),
                    ("1 day", DAY),
                    ("In 2 Hours", 2 * HOUR),
                    ("IN 10M", 10 * MINUTE),
                ],
            ),
            (
                "French",
                &[
                    ("dans 2h", 2 * HOUR),
                    ("dans 2 heures", 2 * HOUR),
                    ("1 heure", HOUR),
                    ("dans 30 min", 30 * MINUTE),
                    ("dans 15 minutes", 15 * MINUTE),
                    ("dans 3 jours", 3 * DAY),
                    ("dans 1 jour", DAY),
                    ("dans 3j", 3 * DAY),
                    ("5 j", 5 * DAY),
                    ("DANS 2 HEURES", 2 * HOUR),
                ],
            ),
            (
                "Spanish",
                &[
                    ("en 2h", 2 * HOUR),
                    ("en 2 horas", 2 * HOUR),
                    ("1 hora", HOUR),
                    ("en 20 min", 20 * MINUTE),
                    ("en 5 minutos", 5 * MINUTE),
                    ("en 3 días", 3 * DAY),
                    ("en 1 día", DAY),
                    ("en 3 dias", 3 * DAY),
                    ("en 3d", 3 * DAY),
                    ("EN 2 DÍAS", 2 * DAY),
                ],
            ),
        ];
        for (language, forms) in forms {
            for &(text, seconds) in *forms {
                assert_eq!(parse_starts_at(text, NOW), Some(NOW + seconds), "{language}: {text}");
            }
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [
            "",
            "tomorrow",
            "demain",
            "mañana",
            "in 0h",
            "in -1h",
            "in 2y",
            "in 2 years",
            "in 400d",
            "dans 367 jours",
            "en 9000 horas",
            "in 600000 minutes",
            "in99999999999999999999h",
            "2026-02-30 10:00",
            "2026-13-01 10:00",
            "2026-12-24 24:00",
            "2026-12-24 18:60",
            "2026-12-24",
            "1969-12-31 23:59",
            "24/12/2026 18:00",
            "in h",
            "in",
            "dans",
            "in 1.5h",
            "in2h",
            "inside 2h",
            "in 2 h h",
            "in 2 hourss",
            "2 semaines",
        ] {
            assert_eq!(parse_starts_at(bad, NOW), None, "{bad}");
        }
    }
}
