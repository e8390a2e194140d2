//! The board and the review's evaluation graph as pictures: each drawn once
//! as SVG (text a program can check and a browser can show), then
//! rasterised to PNG in process by resvg with a font embedded in the
//! binary, so that a picture is the same on every host and needs no system
//! fonts. Beside `board_text` and `review_text`, below both front ends.

pub mod board;
pub mod graph;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

pub use board::{board_svg, BoardPicture, LastMove};

pub use graph::graph_svg;

/// The one typeface of every picture: DejaVu Sans (Bitstream Vera licence,
/// assets/fonts/LICENSE-DejaVu.txt). Wide coverage of Latin, Greek and
/// Cyrillic names, and the arrows and marks the pictures use.
pub(crate) const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// The family name the SVG asks for; the database holds nothing else.
const FONT_FAMILY: &str = "DejaVu Sans";

/// Why a picture could not be made. Neither happens with the SVG this
/// module writes; a caller says so rather than panics.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the picture's SVG did not parse: {0}")]
    Svg(#[from] usvg::Error),
    #[error("the picture has no area")]
    Empty,
    #[error("the picture could not be encoded as PNG: {0}")]
    Png(String),
}

/// Parsing options with the embedded font only, built once: loading the
/// font's tables costs more than drawing a board.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_source(usvg::fontdb::Source::Binary(Arc::new(FONT)));
        fonts.set_sans_serif_family(FONT_FAMILY);
        usvg::Options {
            font_family: FONT_FAMILY.to_string(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        }
    })
}

/// Rasterises `svg` (as this module writes it: sizes in pixels) to PNG.
pub fn png(svg: &str) -> Result<Vec<u8>, PictureError> {
    encode(&rasterise(svg, None)?)
}

/// The board picture as PNG: the same picture as `png(&board_svg(picture))`,
/// in about half the time. The part every position shares (the wood, the
/// holes, their names) is rasterised once for each side it is seen from
/// and kept; only the seeds, labels and marks are drawn over a copy.
pub fn board_png(picture: &BoardPicture<'_>) -> Result<Vec<u8>, PictureError> {
    static BASES: [OnceLock<Result<tiny_skia::Pixmap, String>>; 2] = [OnceLock::new(), OnceLock::new()];
    let base = BASES[picture.bottom.index()].get_or_init(|| {
        let mut svg = board::svg_start();
        board::base(&mut svg, picture.bottom);
        svg.push_str("</svg>");
        rasterise(&svg, None).map_err(|e| e.to_string())
    });
    let base = base.as_ref().map_err(|e| PictureError::Png(e.clone()))?;
    let mut svg = board::svg_start();
    board::overlay(&mut svg, picture);
    svg.push_str("</svg>");
    encode(&rasterise(&svg, Some(base.clone()))?)
}

/// Draws `svg` onto `under`, or onto a transparent pixmap of its size.
fn rasterise(svg: &str, under: Option<tiny_skia::Pixmap>) -> Result<tiny_skia::Pixmap, PictureError> {
    let tree = usvg::Tree::from_str(svg, options())?;
    let size = tree.size().to_int_size();
    let mut pixmap = match under {
        Some(pixmap) => pixmap,
        None => tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(PictureError::Empty)?,
    };
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    Ok(pixmap)
}

fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PictureError> {
    encode_indexed(pixmap).map_err(|e| PictureError::Png(e.to_string()))
}

/// Most colours a picture's palette holds (an indexed PNG's limit).
const PALETTE: usize = 256;

/// The pixels as an indexed PNG. A picture is a few flat colours and their
/// anti-aliased edges: the 256 commonest colours are kept exactly and the
/// rare edge shades take the nearest of them, which a reader cannot see and
/// which makes the file a third of an RGB one, quicker to compress too.
fn encode_indexed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    // Every picture paints an opaque page first: the premultiplied pixels
    // are the colours themselves. Counted by runs, which are long.
    let rgb = |p: &tiny_skia::PremultipliedColorU8| [p.red(), p.green(), p.blue()];
    let pixels = pixmap.pixels();
    let mut counts: HashMap<[u8; 3], u32, Colours> = HashMap::default();
    let mut runs: Vec<([u8; 3], u32)> = Vec::with_capacity(pixels.len() / 8);
    for pixel in pixels {
        let colour = rgb(pixel);
        match runs.last_mut() {
            Some((last, n)) if *last == colour => *n += 1,
            _ => runs.push((colour, 1)),
        }
    }
    for &(colour, n) in &runs {
        *counts.entry(colour).or_insert(0) += n;
    }
    let mut by_use: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    by_use.sort_unstable_by_key(|&(colour, n)| (std::cmp::Reverse(n), colour));
    let palette: Vec<[u8; 3]> = by_use.iter().take(PALETTE).map(|&(c, _)| c).collect();
    let mut index: HashMap<[u8; 3], u8, Colours> = HashMap::with_capacity_and_hasher(by_use.len(), Colours);
    for (i, &colour) in palette.iter().enumerate() {
        index.insert(colour, i as u8);
    }
    for &(colour, _) in by_use.iter().skip(PALETTE) {
        let distance = |p: &[u8; 3]| -> i32 { (0..3).map(|k| (i32::from(p[k]) - i32::from(colour[k])).pow(2)).sum() };
        let nearest = (0..palette.len()).min_by_key(|&i| distance(&palette[i])).unwrap_or(0);
        index.insert(colour, nearest as u8);
    }
    let mut data = Vec::with_capacity(pixels.len());
    for (colour, n) in runs {
        let i = index[&colour];
        data.extend(std::iter::repeat_n(i, n as usize));
    }
    let mut out = Vec::with_capacity(32 * 1024);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    // Fast deflate with adaptive row filters: as small as the best
    // compression of RGB data at a tenth of the time.
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Adaptive);
    encoder.write_header()?.write_image_data(&data)?;
    Ok(out)
}

/// A hash for colours, a few thousand keys of three bytes that no one
/// chooses: one multiplication, where the standard SipHash (built against
/// flooding) took most of the encoding's time.
#[derive(Clone, Copy, Default)]
struct Colours;

impl std::hash::BuildHasher for Colours {
    type Hasher = ColourHasher;
    fn build_hasher(&self) -> ColourHasher {
        ColourHasher(0)
    }
}

struct ColourHasher(u64);

impl std::hash::Hasher for ColourHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// `text` with the characters XML gives a meaning escaped, for names
/// players chose.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML at all.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// At most `max` characters of `text`, with an ellipsis when cut: a long
/// name must not run over the other row's label or off the picture.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

/// Appends a `<text>` element; `attributes` are written as given.
fn text(out: &mut String, x: f32, y: f32, attributes: &str, content: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" {attributes}>{}</text>"#,
        escape(content)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_and_shortened() {
        assert_eq!(escape("<b>&\"x'\u{7}"), "&lt;b&gt;&amp;&quot;x&apos; ");
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("abcd", 4), "abcd");
    }

    #[test]
    fn a_broken_svg_is_an_error_not_a_panic() {
        assert!(matches!(png("<svg"), Err(PictureError::Svg(_))));
    }
}
