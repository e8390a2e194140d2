//! The pictures' fonts, embedded in the binary, and which characters they
//! draw. DejaVu Sans draws everything the bot writes and the Latin, Greek
//! and Cyrillic of names; the Noto fonts after it draw the other scripts
//! Discord names are written in, CJK (the everyday characters) and emoji
//! (in monochrome outlines, which the boards' fixed palette holds). How
//! each file was made: assets/fonts/README.md.
//!
//! A name is checked against the fonts' character maps before it is drawn:
//! a cluster that no font draws is replaced by [`PLACEHOLDER`] on purpose,
//! rather than drawn as the empty box a font gives a missing glyph. The
//! font each cluster is drawn in is decided here too, and the SVG names it
//! ([`runs`]): the renderer's own fallback shapes a whole line with one
//! font and then swaps glyphs one for one, which loses every sequence a
//! font draws as one glyph (emoji joined by zero-width joiners, flags,
//! keycaps, skin tones) and leaves boxes in their place.

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

/// The loaded fonts and, for every character one of them draws, which
/// of them draw it.
pub(super) struct Fonts {
    pub database: Arc<fontdb::Database>,
    /// Each font's id, in the order of [`FONTS`].
    ids: Vec<fontdb::ID>,
    /// Each font's family name, in the order of [`FONTS`].
    families: Vec<String>,
    /// Every character a font draws and the fonts that draw it, a bit
    /// for each font in the order of [`FONTS`]; sorted by character.
    drawn_by: Vec<(char, u32)>,
}

/// The emoji font's place in [`FONTS`].
const EMOJI: usize = FONTS.len() - 1;

impl Fonts {
    fn load() -> Fonts {
        let mut database = fontdb::Database::new();
        let mut drawn_by: Vec<(char, u32)> = Vec::new();
        let mut ids = Vec::with_capacity(FONTS.len());
        let mut families = Vec::with_capacity(FONTS.len());
        for (place, font) in FONTS.iter().enumerate() {
            // Each file holds one face.
            let Some(&id) = database
                .load_font_source(fontdb::Source::Binary(Arc::new(*font)))
                .first()
            else {
                continue;
            };
            ids.push(id);
            families.push(
                database
                    .face(id)
                    .and_then(|face| face.families.first())
                    .map(|(family, _)| family.clone())
                    .unwrap_or_default(),
            );
            let _ = database.with_face_data(id, |data, index| {
                if let Ok(face) = skrifa::FontRef::from_index(data, index) {
                    drawn_by.extend(
                        face.charmap()
                            .mappings()
                            .filter_map(|(code, _)| char::from_u32(code))
                            .map(|c| (c, 1 << place)),
                    );
                }
            });
        }
        drawn_by.sort_by_key(|&(c, _)| c);
        drawn_by.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 |= later.1;
            }
            same
        });
        database.set_sans_serif_family(FAMILY);
        Fonts {
            database: Arc::new(database),
            ids,
            families,
            drawn_by,
        }
    }

    /// The fonts that draw `c`, a bit each in the order of [`FONTS`].
    fn fonts_drawing(&self, c: char) -> u32 {
        self.drawn_by
            .binary_search_by_key(&c, |&(c, _)| c)
            .map_or(0, |i| self.drawn_by[i].1)
    }

    /// The first font that draws `c`, if one does.
    #[cfg(test)]
    fn font_of(&self, c: char) -> Option<fontdb::ID> {
        self.place_of(c).and_then(|place| self.ids.get(place).copied())
    }

    /// The place in [`FONTS`] of the first font that draws `c`.
    fn place_of(&self, c: char) -> Option<usize> {
        let fonts = self.fonts_drawing(c);
        (fonts != 0).then(|| fonts.trailing_zeros() as usize)
    }

    /// The place in [`FONTS`] of the font `cluster` is drawn in: the emoji
    /// font for a cluster asking for an emoji (whose sequence only that
    /// font joins into one glyph) when it draws every character of it,
    /// else the first font that draws every character. `None` when no
    /// font draws it whole (a letter with a mark only another font has).
    fn place_of_cluster(&self, cluster: &str) -> Option<usize> {
        let mut visible = cluster.chars().filter(|&c| !hidden_when_shaped(c)).peekable();
        if visible.peek().is_none() {
            return Some(0);
        }
        let common = visible.fold(u32::MAX, |common, c| common & self.fonts_drawing(c));
        if common & (1 << EMOJI) != 0 && asks_for_an_emoji(cluster) {
            Some(EMOJI)
        } else if common != 0 {
            Some(common.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// `text` cut into runs of clusters drawn in one font, in order: each
    /// with the family name of its font, and that font's id. A cluster no
    /// font draws whole is cut between its characters, each in the first
    /// font that draws it (a mark then lands on its letter, at the pen
    /// where the letter ends, as marks are drawn).
    pub fn runs<'t>(&self, text: &'t str) -> Vec<Run<'t>> {
        let mut pieces: Vec<(usize, usize)> = Vec::new();
        for (at, cluster) in text.grapheme_indices(true) {
            match self.place_of_cluster(cluster) {
                Some(place) => pieces.push((at, place)),
                None => {
                    for (offset, c) in cluster.char_indices() {
                        let place = if hidden_when_shaped(c) {
                            pieces.last().map_or(0, |&(_, place)| place)
                        } else {
                            self.place_of(c).unwrap_or(0)
                        };
                        pieces.push((at + offset, place));
                    }
                }
            }
        }
        let mut runs: Vec<Run<'t>> = Vec::new();
        let mut start = 0;
        let mut current = None;
        for (at, place) in pieces {
            if current.is_some_and(|current| current != place) {
                runs.push(self.run(&text[start..at], current.unwrap_or(0)));
                start = at;
            }
            current = Some(place);
        }
        if let Some(place) = current {
            runs.push(self.run(&text[start..], place));
        }
        runs
    }

    /// Whether `text` has a cluster the renderer's own fallback would
    /// draw as boxes: an emoji sequence the emoji font joins into one
    /// glyph, or a cluster no font draws whole. Other text is left to it
    /// (it swaps in another font's glyphs one for one, which is right
    /// when the count of glyphs is the same).
    pub fn needs_runs(&self, text: &str) -> bool {
        text.graphemes(true)
            .any(|cluster| match self.place_of_cluster(cluster) {
                None => true,
                Some(place) => place == EMOJI && asks_for_an_emoji(cluster),
            })
    }

    fn run<'t>(&self, text: &'t str, place: usize) -> Run<'t> {
        Run {
            text,
            family: self.families.get(place).map_or(FAMILY, String::as_str).to_string(),
            font: self.ids.get(place).copied(),
            first_font: place == 0,
        }
    }

    /// How far `run` moves the pen at `size` pixels, shaped in its font as
    /// the renderer shapes it (kerning and ligatures included).
    pub fn advance(&self, run: &Run<'_>, size: f32) -> f32 {
        let Some(font) = run.font else {
            return 0.0;
        };
        self.database
            .with_face_data(font, |data, index| {
                let shaped = harfrust::FontRef::from_index(data, index).ok()?;
                let units_per_em = {
                    use skrifa::raw::TableProvider as _;
                    skrifa::FontRef::from_index(data, index)
                        .ok()?
                        .head()
                        .ok()?
                        .units_per_em()
                };
                let shaper_data = harfrust::ShaperData::new(&shaped);
                let shaper = shaper_data.shaper(&shaped).build();
                let mut buffer = harfrust::UnicodeBuffer::new();
                buffer.push_str(run.text);
                buffer.guess_segment_properties();
                let glyphs = shaper.shape(buffer, harfrust::ShapeOptions::new());
                let units: i32 = glyphs.glyph_positions().iter().map(|p| p.x_advance).sum();
                Some(units as f32 * size / f32::from(units_per_em.max(1)))
            })
            .flatten()
            .unwrap_or(0.0)
    }

    /// Whether every character of `cluster` is drawn by a font or is one
    /// that shaping hides (joiners, variation selectors, tags).
    pub fn draws(&self, cluster: &str) -> bool {
        cluster
            .chars()
            .all(|c| hidden_when_shaped(c) || self.fonts_drawing(c) != 0)
    }

    /// Characters in the fonts, for the tests.
    #[cfg(test)]
    pub fn characters(&self) -> usize {
        self.drawn_by.len()
    }
}

/// Clusters of text drawn in one font.
pub(super) struct Run<'t> {
    pub text: &'t str,
    /// The font's family name, as the SVG asks for it.
    pub family: String,
    font: Option<fontdb::ID>,
    /// Whether the font is [`FAMILY`], which a picture asks for anyway.
    pub first_font: bool,
}

/// Whether `cluster` is an emoji sequence or asks for an emoji's
/// presentation: a variation selector 16, a keycap, a zero-width joiner,
/// a skin tone, a flag's regional indicators or a tag sequence.
fn asks_for_an_emoji(cluster: &str) -> bool {
    cluster.chars().any(|c| {
        matches!(
            c,
            '\u{FE0F}' | '\u{20E3}' | '\u{200D}' | '\u{1F3FB}'..='\u{1F3FF}' | '\u{1F1E6}'..='\u{1F1FF}' | '\u{E0020}'..='\u{E007F}'
        )
    })
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
                select_fallback: Box::new(|c, used, _| {
                    let drawing = fonts.fonts_drawing(c);
                    fonts
                        .ids
                        .iter()
                        .enumerate()
                        .find(|&(place, id)| drawing & (1 << place) != 0 && !used.contains(id))
                        .map(|(_, &id)| id)
                }),
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
        .all(|c| hidden_when_shaped(c) || fonts.fonts_drawing(c) != 0)
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
        "👨\u{200D}👩\u{200D}👧\u{200D}👦🏳\u{FE0F}\u{200D}🌈🇫🇷",
        "Ana 👩🏾\u{200D}🚀 and 🏳\u{FE0F}\u{200D}⚧\u{FE0F}",
        "1\u{FE0F}\u{20E3}#\u{FE0F}\u{20E3}*\u{FE0F}\u{20E3} keycaps",
        "👍🏻👍🏼👍🏽👍🏾👍🏿 skin tones",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} Wales? England",
        "☺\u{FE0E} ☺\u{FE0F} ✌\u{FE0F} selectors",
        "🇺🇦🇧🇷🇯🇵🇰🇷 flags",
        "李 🧑\u{200D}🤝\u{200D}🧑 שלום 💻",
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
