//! Text from outside as the bot keeps it: the one cleaning step every
//! string that comes from Discord (a player's name, a Discord locale)
//! passes before it is stored, whatever the backend, so that the same input
//! behaves the same on SQLite and PostgreSQL (PostgreSQL's `TEXT` cannot
//! hold U+0000 at all) and what is shown later cannot break a message.
//!
//! The rules, in order, character by character:
//! - whitespace of any kind (tabs, line breaks, U+2028, no-break spaces…)
//!   becomes one space between words, none at either end;
//! - other control characters (C0, DEL, C1, NUL among them) are removed;
//! - bidirectional formatting characters (overrides, embeddings, isolates
//!   and marks) are removed, so that a name cannot reverse the text after it;
//! - a zero-width character (a combining mark, a joiner, a variation
//!   selector) with nothing to attach to — at the start, after a space — is
//!   removed, and one character carries at most [`MAX_ZERO_WIDTH_RUN`] of
//!   them, so that stacked marks cannot spill over the lines around;
//! - the text is cut to a number of characters ([`NAME_MAX_CHARS`] for a
//!   name), never inside a character and, where the cut would leave an
//!   accent or an emoji sequence half there, before that letter or emoji.
//!
//! Cleaning is idempotent: cleaned text is cleaned already. A name may come
//! out empty (it was made only of what is removed): it is stored empty, and
//! whoever shows it says "player" in the reader's language.

use unicode_width::UnicodeWidthChar;

/// The longest name kept, in characters: Discord's own limit for user and
/// display names, so a name Discord accepts is kept whole once cleaned.
pub const NAME_MAX_CHARS: usize = 32;

/// The longest Discord locale kept, in characters: longer than any locale
/// Discord sends (`en-US`, `es-419`), the length BCP 47 recommends tags fit.
pub const LOCALE_MAX_CHARS: usize = 35;

/// Zero-width characters one visible character may carry: enough for any
/// script's accents and for emoji sequences (a subdivision flag uses six).
pub const MAX_ZERO_WIDTH_RUN: usize = 8;

/// A player's name as stored and shown: cleaned (see the module's rules),
/// at most [`NAME_MAX_CHARS`] characters; possibly empty.
pub fn name(raw: &str) -> String {
    clean(raw, NAME_MAX_CHARS)
}

/// Any other text a person names something with (a tournament's name):
/// cleaned like a name, at most `max_chars` characters.
pub fn text(raw: &str, max_chars: usize) -> String {
    clean(raw, max_chars)
}

/// A Discord locale as stored: cleaned like a name, at most
/// [`LOCALE_MAX_CHARS`] characters; `None` if nothing is left.
pub fn locale(raw: &str) -> Option<String> {
    Some(clean(raw, LOCALE_MAX_CHARS)).filter(|locale| !locale.is_empty())
}

/// Whether `c` is a bidirectional formatting character (Unicode's
/// `Bidi_Control`): ALM, LRM, RLM, the embeddings and overrides
/// (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` takes no column of its own: it attaches to the character
/// before it (combining marks, joiners, variation selectors, tags).
fn is_zero_width(c: char) -> bool {
    c.width() == Some(0)
}

/// Whether `c` continues the character before it, as shown: a zero-width
/// character, or anything after a zero-width joiner (an emoji sequence).
fn continues(c: char, previous: Option<char>) -> bool {
    is_zero_width(c) || previous == Some('\u{200D}')
}

/// `raw` cleaned by the module's rules, cut to `max_chars` characters.
fn clean(raw: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(raw.len().min(max_chars * 4));
    let mut chars = 0;
    // Where the character being built (a letter and its marks, an emoji
    // sequence) starts in `out`, to cut before it rather than through it.
    let mut cluster_start = 0;
    let mut zero_width_run = 0;
    let mut space_pending = false;
    let mut previous: Option<char> = None;
    for c in raw.chars() {
        if c.is_whitespace() {
            space_pending = !out.is_empty();
            continue;
        }
        if c.is_control() || is_bidi_control(c) {
            continue;
        }
        if is_zero_width(c) {
            // Nothing to attach to, or too many on one character.
            if out.is_empty() || space_pending || zero_width_run >= MAX_ZERO_WIDTH_RUN {
                continue;
            }
            zero_width_run += 1;
        } else {
            zero_width_run = 0;
        }
        let continuing = !space_pending && continues(c, previous);
        let needed = 1 + usize::from(space_pending);
        if chars + needed > max_chars {
            if continuing && cluster_start > 0 {
                out.truncate(cluster_start);
            }
            break;
        }
        if space_pending {
            out.push(' ');
            chars += 1;
            space_pending = false;
        }
        if !continuing {
            cluster_start = out.len();
        }
        out.push(c);
        chars += 1;
        previous = Some(c);
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn nul_and_other_controls_are_removed_and_line_breaks_become_spaces() {
        assert_eq!(name("al\u{0}ice"), "alice");
        assert_eq!(name("\u{0}\u{1}\u{1b}[31mred\u{7f}\u{85}x\u{9b}"), "[31mred x");
        assert_eq!(name("two\r\nlines\u{2028}and\ttab"), "two lines and tab");
        assert_eq!(name("  lots   of\u{a0} space  "), "lots of space");
        assert_eq!(name("\u{0}\u{0}\u{0}"), "");
    }

    #[test]
    fn bidi_controls_are_removed_and_right_to_left_letters_kept() {
        assert_eq!(name("\u{202E}evil\u{202C} admin"), "evil admin");
        assert_eq!(name("\u{2067}שלום\u{2069}\u{200F}"), "שלום");
        assert_eq!(name("مرحبا"), "مرحبا");
        assert_eq!(name("\u{202A}\u{202B}\u{202D}\u{2066}\u{2068}\u{061C}\u{200E}"), "");
    }

    #[test]
    fn marks_with_nothing_to_attach_to_are_removed_and_stacks_capped() {
        assert_eq!(name("\u{301}\u{301}\u{301}"), "");
        assert_eq!(name("\u{301}e\u{301}"), "e\u{301}");
        assert_eq!(name("a \u{301}b"), "a b");
        let zalgo = format!("z{}", "\u{36b}".repeat(40));
        assert_eq!(name(&zalgo).chars().count(), 1 + MAX_ZERO_WIDTH_RUN);
        // Vietnamese and emoji sequences are kept whole.
        assert_eq!(name("Nguyễn Thị Ánh"), "Nguyễn Thị Ánh");
        assert_eq!(name("Nguye\u{302}\u{303}n"), "Nguye\u{302}\u{303}n");
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(name(family), family);
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
        assert_eq!(name(scotland), scotland);
    }

    #[test]
    fn long_names_are_cut_between_letters_never_through_one() {
        let long = "é".repeat(200);
        assert_eq!(name(&long), "é".repeat(NAME_MAX_CHARS));
        // A decomposed é at the limit: the e goes with its accent.
        let decomposed = format!("{}e\u{301}", "x".repeat(NAME_MAX_CHARS - 1));
        assert_eq!(name(&decomposed), "x".repeat(NAME_MAX_CHARS - 1));
        // An emoji sequence at the limit goes whole, and the space before it.
        let family = "\u{1F468}\u{200D}\u{1F469}";
        let cut = format!("{} {family}", "x".repeat(NAME_MAX_CHARS - 3));
        assert_eq!(name(&cut), "x".repeat(NAME_MAX_CHARS - 3));
        let emoji = "😀".repeat(200);
        assert_eq!(name(&emoji), "😀".repeat(NAME_MAX_CHARS));
        // One sequence longer than the limit is cut rather than lost.
        let chain = vec!["\u{1F468}"; 40].join("\u{200D}");
        assert_eq!(name(&chain).chars().count(), NAME_MAX_CHARS);
    }

    #[test]
    fn locales_are_kept_as_discord_sends_them_and_nothing_else() {
        for locale in ["en-US", "fr", "es-419", "zh-CN", "pt-BR"] {
            assert_eq!(super::locale(locale).as_deref(), Some(locale));
        }
        assert_eq!(super::locale("fr\u{0}").as_deref(), Some("fr"));
        assert_eq!(super::locale("\u{0}\u{202E}"), None);
        assert_eq!(super::locale(&"x".repeat(500)).unwrap().len(), LOCALE_MAX_CHARS);
    }

    /// Any text, with plenty of what the cleaning is about.
    fn hostile_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            any::<char>().prop_map(String::from),
            (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap().to_string()),
            (0x7fu32..0xa0).prop_map(|c| char::from_u32(c).unwrap().to_string()),
            prop::sample::select(vec![
                "\u{202E}",
                "\u{2066}",
                "\u{2069}",
                "\u{200F}",
                "\u{301}",
                "\u{36b}",
                "\u{200D}",
                "\u{FE0F}",
                "😀",
                "👨",
                "é",
                " ",
                "\u{2028}",
                "\u{E0067}",
                "a",
                "中",
            ])
            .prop_map(String::from),
        ];
        prop::collection::vec(piece, 0..120).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 5_000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn a_cleaned_name_has_no_control_is_short_and_is_clean_already(raw in hostile_text()) {
            let cleaned = name(&raw);
            prop_assert!(!cleaned.chars().any(|c| c.is_control() || is_bidi_control(c)), "{cleaned:?}");
            prop_assert!(!cleaned.contains('\u{0}'), "{cleaned:?}");
            prop_assert!(cleaned.chars().count() <= NAME_MAX_CHARS, "{cleaned:?}");
            prop_assert_eq!(cleaned.trim(), cleaned.as_str());
            prop_assert!(!cleaned.chars().next().is_some_and(is_zero_width), "{cleaned:?}");
            prop_assert_eq!(name(&cleaned), cleaned.clone());
            // Nothing is added: what is kept comes from the input, in order.
            let mut rest = raw.chars();
            for c in cleaned.chars().filter(|c| *c != ' ') {
                prop_assert!(rest.any(|r| r == c), "{c:?} not in {raw:?}");
            }
        }

        #[test]
        fn clean_text_under_the_limit_is_kept_whole(
            words in prop::collection::vec("[a-zA-Zéü中😀]{1,6}", 1..5)
        ) {
            let text = words.join(" ");
            prop_assume!(text.chars().count() <= NAME_MAX_CHARS);
            prop_assert_eq!(name(&text), text);
        }
    }
}
