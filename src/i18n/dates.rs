//! Months and days in words, in each language's own way ("March 2026",
//! "mars 2026", "marzo de 2026"; "March 14", "14 mars", "14 de marzo"),
//! from CLDR's data compiled into ICU4X. The locale is the language's
//! BCP-47 tag ([`Language::code`]), so a language added to the bot is
//! written its own way with no code here.

use icu_calendar::{Date, Gregorian};
use icu_datetime::fieldsets;
use icu_datetime::pattern::{FixedCalendarDateTimeNames, MonthNameLength, YearNameLength};
use icu_locale_core::Locale;

use super::Language;

/// The locale of `language`, from its BCP-47 tag (the root locale, whose
/// months are numbered, for a tag ICU4X cannot read).
fn locale(language: Language) -> Locale {
    language.code().parse().unwrap_or(Locale::UNKNOWN)
}

/// `$fields` of the date `$year`-`$month`-`$day` in `$language`; the ISO
/// form of the date if it is not a day of the calendar or the data is
/// missing. A macro: each field set is a type of its own, which keeps
/// only its own patterns in the binary. The names and the number
/// formatting are loaded before the formatter is made: ICU4X 2.4 leaves
/// the numbers of Portuguese's patterns unloaded otherwise.
macro_rules! written {
    ($language:expr, $fields:expr, $year:expr, $month:expr, $day:expr) => {{
        let (language, year, month, day): (Language, i32, u8, u8) = ($language, $year, $month, $day);
        let iso = || format!("{year:04}-{month:02}-{day:02}");
        let mut names = FixedCalendarDateTimeNames::<Gregorian, _>::new_without_number_formatting(locale(language).into());
        // A language's patterns use one of the two forms of its months'
        // names: the one it lacks is no error.
        let _ = names.include_month_names(MonthNameLength::Wide);
        let _ = names.include_month_names(MonthNameLength::StandaloneWide);
        // The eras, which the patterns of years before the common era name.
        let _ = names.include_year_names(YearNameLength::Abbreviated);
        let loaded = names.include_decimal_formatter().is_ok();
        match (Date::try_new_gregorian(year, month, day), loaded) {
            (Ok(date), true) => match names.try_into_formatter($fields) {
                Ok(formatter) => formatter.format(&date).to_string(),
                Err((error, _)) => {
                    tracing::error!(language = %language, %error, "no calendar data for a language");
                    iso()
                }
            },
            _ => iso(),
        }
    }};
}

/// A month and its year: "March 2026", "mars 2026", "marzo de 2026".
pub fn month_in_words(language: Language, year: i32, month: u8) -> String {
    written!(language, fieldsets::YM::long(), year, month, 1)
}

/// A day of the month and its month, without the year: "March 14",
/// "14 mars", "14 de marzo".
pub fn day_in_words(language: Language, year: i32, month: u8, day: u8) -> String {
    written!(language, fieldsets::MD::long(), year, month, day)
}

/// A whole date: "March 14, 2026", "14 mars 2026", "14 de marzo de 2026".
pub fn date_in_words(language: Language, year: i32, month: u8, day: u8) -> String {
    written!(language, fieldsets::YMD::long(), year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_and_days_are_written_in_words_in_every_language() {
        let expected = [
            (Language::English, "March 2026", "March 14", "March 14, 2026"),
            (Language::French, "mars 2026", "14 mars", "14 mars 2026"),
            (Language::Spanish, "marzo de 2026", "14 de marzo", "14 de marzo de 2026"),
            (
                Language::Portuguese,
                "março de 2026",
                "14 de março",
                "14 de março de 2026",
            ),
        ];
        for (language, month, day, date) in expected {
            assert_eq!(month_in_words(language, 2026, 3), month, "{language}");
            assert_eq!(day_in_words(language, 2026, 3, 14), day, "{language}");
            assert_eq!(date_in_words(language, 2026, 3, 14), date, "{language}");
        }
        // Every language the bot speaks has its months in its data: none
        // falls back to numbers.
        for language in Language::ALL {
            for month in 1..=12 {
                let words = month_in_words(language, 2026, month);
                assert!(words.contains("2026"), "{language}: {words}");
                assert!(
                    !words.replace("2026", "").chars().any(|c| c.is_ascii_digit()),
                    "{language}: {words}"
                );
            }
        }
    }

    #[test]
    fn a_day_that_is_not_in_the_calendar_is_written_as_a_number() {
        assert_eq!(day_in_words(Language::English, 2026, 2, 30), "2026-02-30");
    }
}
