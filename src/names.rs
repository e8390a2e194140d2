//! Where a name may be cut to fit: only between extended grapheme
//! clusters (what a reader sees as one character: a letter with its
//! accents, an emoji with its skin tone and joiners, a flag), so that a
//! shortened name never ends in half a character. Used by every place
//! that shortens a name: the text board and tables, the pictures.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The longest start of `text` made of whole grapheme clusters that is at
/// most `columns` wide (as a monospaced font draws it: an emoji or a CJK
/// character takes two columns, an accent none) and at most `max_chars`
/// characters long (for whatever counts characters rather than columns).
pub fn fitting_start(text: &str, columns: usize, max_chars: usize) -> &str {
    let mut end = 0;
    let mut chars = 0;
    for (start, cluster) in text.grapheme_indices(true) {
        let next = start + cluster.len();
        chars += cluster.chars().count();
        if chars > max_chars || text[..next].width() > columns {
            break;
        }
        end = next;
    }
    &text[..end]
}

/// `text` if it fits in `columns` columns and `max_chars` characters;
/// otherwise its longest start of whole grapheme clusters that fits with
/// an ellipsis after it.
pub fn shorten(text: &str, columns: usize, max_chars: usize) -> String {
    if fitting_start(text, columns, max_chars).len() == text.len() {
        return text.to_string();
    }
    let start = fitting_start(text, columns.saturating_sub(1), max_chars.saturating_sub(1));
    format!("{}…", start.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_name_is_cut_between_grapheme_clusters() {
        let cases: &[(&str, usize, &str)] = &[
            // A person with a skin tone, joined to a laptop: one cluster.
            ("ab\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}cd", 3, "ab"),
            (
                "ab\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}cd",
                4,
                "ab\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}",
            ),
            // A letter with two combining marks keeps them.
            ("e\u{301}\u{323}le\u{300}ve", 2, "e\u{301}\u{323}l"),
            ("Zoë\u{308}x", 3, "Zoë\u{308}"),
            // A flag is two regional indicators.
            ("\u{1F1EB}\u{1F1F7}\u{1F1EA}\u{1F1F8}", 3, "\u{1F1EB}\u{1F1F7}"),
            ("中文名字", 5, "中文"),
            ("ｆｕｌｌ", 4, "ｆｕ"),
            ("สวัสดี", 3, "สวัส"),
            ("नमस्ते", 2, "नम"),
        ];
        for &(name, columns, cut) in cases {
            assert_eq!(fitting_start(name, columns, 100), cut, "{name:?} in {columns}");
        }
        assert_eq!(fitting_start("abcdef", 100, 4), "abcd");
        assert_eq!(shorten("abcdef", 4, 100), "abc…");
        assert_eq!(shorten("abcd", 4, 100), "abcd");
        assert_eq!(
            shorten("ab \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}x", 5, 100),
            "ab…"
        );
    }

    proptest! {
        #[test]
        fn a_cut_is_whole_clusters_within_the_width(
            name in "(\\PC|\u{200D}|\u{1F3FD}|\u{301}|\u{FE0F}|[\u{1F1E6}-\u{1F1FF}]){0,40}",
            columns in 0usize..30,
            max_chars in 0usize..40,
        ) {
            let cut = fitting_start(&name, columns, max_chars);
            prop_assert!(cut.width() <= columns);
            prop_assert!(cut.chars().count() <= max_chars);
            let clusters: Vec<&str> = name.graphemes(true).collect();
            let kept: Vec<&str> = cut.graphemes(true).collect();
            prop_assert_eq!(&clusters[..kept.len()], &kept[..]);
            let short = shorten(&name, columns, max_chars);
            prop_assert!(short.width() <= columns.max(1));
            prop_assert!(short.chars().count() <= max_chars.max(1));
        }
    }
}
