//! The pictures' fonts, embedded in the binary, and which characters they
//! draw. DejaVu Sans draws everything the bot writes and the Latin, Greek
//! and Cyrillic of names; the Noto fonts after it draw the other scripts
//! Discord names are written in, CJK (the everyday characters) and emoji
//! (in monochrome outlines, which the boards' fixed palette holds). How
//! each file was made: assets/fonts/README.md.
//!
//! A name is checked against the fonts' character maps before it is drawn:
//! a cluster that no font draws is replaced by [`PLACEHOLDER`] on purpose,
//! rather than drawn as the empty box a font gives a missing glyph.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider as _;
use unicode_segmentation::UnicodeSegmentation;

/// The family every picture asks for; the others are fallbacks.
pub(super) const FAMILY: &str = "DejaVu Sans";

/// The fonts, DejaVu Sans first: a character is drawn by the first font
/// that has it.
pub(super) const FONTS: [&[u8]; 22] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/NotoSans-CombiningMarks.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArabic-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansHebrew-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansBengali-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansGurmukhi-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansGujarati-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansTamil-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansTelugu-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansKannada-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansMalayalam-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansSinhala-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansThai-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansLao-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansKhmer-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansMyanmar-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansGeorgian-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArmenian-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansEthiopic-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansCJKsc-Subset.otf"),
    include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf"),
];

/// What a cluster of a name that no font draws is drawn as: the Unicode
/// replacement character, which DejaVu Sans draws (a question mark in a
/// diamond), so that a reader sees that something is there.
pub const PLACEHOLDER: char = '\u{FFFD}';

/// The loaded fonts and, for every character one of them draws, the first
/// font that draws it.
pub(super) struct Fonts {
    pub database: Arc<fontdb::Database>,
    /// Sorted by character.
    drawn_by: Vec<(char, fontdb::ID)>,
}

impl Fonts {
    fn load() -> Fonts {
        let mut database = fontdb::Database::new();
        let mut drawn_by: Vec<(char, fontdb::ID)> = Vec::new();
        for font in FONTS {
            for id in database.load_font_source(fontdb::Source::Binary(Arc::new(font))) {
                let _ = database.with_face_data(id, |data, index| {
                    if let Ok(face) = skrifa::FontRef::from_index(data, index) {
                        drawn_by.extend(
                            face.charmap()
                                .mappings()
                                .filter_map(|(code, _)| char::from_u32(code))
                                .map(|c| (c, id)),
                        );
                    }
                });
            }
        }
        // The first font that has a character keeps it.
        drawn_by.sort_by_key(|&(c, _)| c);
        drawn_by.dedup_by_key(|&mut (c, _)| c);
        database.set_sans_serif_family(FAMILY);
        Fonts {
            database: Arc::new(database),
            drawn_by,
        }
    }

    /// The font that draws `c`, if one does.
    fn font_of(&self, c: char) -> Option<fontdb::ID> {
        self.drawn_by
            .binary_search_by_key(&c, |&(c, _)| c)
            .ok()
            .map(|i| self.drawn_by[i].1)
    }

    /// Whether every character of `cluster` is drawn by a font or is one
    /// that shaping hides (joiners, variation selectors, tags).
    pub fn draws(&self, cluster: &str) -> bool {
        cluster
            .chars()
            .all(|c| hidden_when_shaped(c) || self.font_of(c).is_some())
    }

    /// Characters in the fonts, for the tests.
    #[cfg(test)]
    pub fn characters(&self) -> usize {
        self.drawn_by.len()
    }
}

/// Unicode's default-ignorable characters: a shaper draws nothing for them
/// when the font has no glyph, so they need none.
fn hidden_when_shaped(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// The fonts, loaded on first use (parsing their tables costs more than
/// drawing a board).
pub(super) fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(Fonts::load)
}

/// Parsing options with the embedded fonts only, built once. A character
/// the family lacks is drawn by the font the character map names, found
/// by a lookup rather than by parsing every font in turn (and without
/// the warning the default search logs for each fallback).
pub(super) fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let fonts = fonts();
        usvg::Options {
            font_family: FAMILY.to_string(),
            fontdb: fonts.database.clone(),
            font_resolver: usvg::FontResolver {
                select_font: usvg::FontResolver::default_font_selector(),
                select_fallback: Box::new(|c, used, _| fonts.font_of(c).filter(|id| !used.contains(id))),
            },
            ..usvg::Options::default()
        }
    })
}

/// `text` with each grapheme cluster the fonts cannot draw replaced by
/// [`PLACEHOLDER`].
pub fn drawable(text: &str) -> Cow<'_, str> {
    let fonts = fonts();
    if text
        .chars()
        .all(|c| hidden_when_shaped(c) || fonts.font_of(c).is_some())
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for cluster in text.graphemes(true) {
        if fonts.draws(cluster) {
            out.push_str(cluster);
        } else {
            out.push(PLACEHOLDER);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Display names as Discord users write them, one or more for each
    /// script the fonts are there for.
    pub(crate) const NAMES: &[&str] = &[
        "Zoë Ångström-Łukasiewicz",
        "Nguyễn Thị Minh Khai",
        "Ελευθερία Παπαδοπούλου",
        "Светлана Ёлкина",
        "Ґалина Їжакова",
        "محمد عبد الله",
        "فاطمة الزهراء",
        "שלום עליכם",
        "देवनागरी नाम",
        "স্বর্ণালী",
        "ਗੁਰਪ੍ਰੀਤ",
        "ગુજરાતી",
        "தமிழ்செல்வி",
        "తెలుగు",
        "ಕನ್ನಡ",
        "മലയാളം",
        "සිංහල",
        "สมชาย ใจดี",
        "ສົມສັກ",
        "សុខា",
        "မြန်မာ",
        "ნინო",
        "Արամ",
        "አበበ",
        "王小明",
        "張偉",
        "田中さくら",
        "カタカナ",
        "김민준",
        "ｆｕｌｌｗｉｄｔｈ　ＮＡＭＥ",
        "😀🎉🔥",
        "👋🏽 hi",
        "🧑🏽\u{200D}💻 dev",
        "👨\u{200D}👩\u{200D}👧\u{200D}👦",
        "🏳\u{FE0F}\u{200D}🌈",
        "🇫🇷🇯🇵🇧🇷",
        "e\u{301}\u{323}le\u{300}ve",
        "Z\u{36b}a\u{308}",
        "❤\u{FE0F} ☕ ♟",
    ];

    #[test]
    fn every_cluster_of_the_name_corpus_is_drawn_by_a_font() {
        let fonts = fonts();
        for name in NAMES {
            for cluster in name.graphemes(true) {
                assert!(
                    fonts.draws(cluster),
                    "{name:?}: {cluster:?} {:X?}",
                    cluster.chars().map(u32::from).collect::<Vec<_>>()
                );
            }
            assert_eq!(drawable(name), *name);
        }
        // The fonts hold what they were made for: far more than DejaVu Sans's 6,000.
        assert!(fonts.characters() > 20_000, "{}", fonts.characters());
    }

    #[test]
    fn a_cluster_no_font_draws_becomes_the_placeholder() {
        // An ideograph of CJK Extension B and an Egyptian hieroglyph: not
        // among the everyday characters the fonts hold.
        assert!(!fonts().draws("\u{20000}"));
        assert_eq!(drawable("a\u{20000}b\u{13000}\u{301}c"), "a\u{FFFD}b\u{FFFD}c");
        assert!(fonts().draws(&PLACEHOLDER.to_string()));
        // Joiners and selectors need no glyph of their own.
        assert!(fonts().draws("\u{200D}\u{FE0F}"));
    }

    #[test]
    fn a_fallback_is_found_by_the_character_maps() {
        let fonts = fonts();
        // DejaVu Sans draws Arabic and Hebrew itself.
        let dejavu = fonts.font_of('a');
        assert_eq!(fonts.font_of('ش'), dejavu);
        assert!(dejavu.is_some());
        for c in ['中', 'ア', '한', 'क', 'ก', '🧑', '🇫', '\u{36b}'] {
            assert!(fonts.font_of(c).is_some_and(|id| Some(id) != dejavu), "{c}");
        }
    }
}
