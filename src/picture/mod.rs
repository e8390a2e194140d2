//! The board and the review's evaluation graph as pictures: each drawn once
//! as SVG (text a program can check and a browser can show), then
//! rasterised to PNG in process by resvg with a font embedded in the
//! binary, so that a picture is the same on every host and needs no system
//! fonts. Beside `board_text` and `review_text`, below both front ends.

pub mod board;
pub mod bracket;
mod fonts;
pub mod graph;
mod palette;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

use fonts::options;

use lru::LruCache;

use resvg::{tiny_skia, usvg};

pub use board::{board_svg, BoardPicture, LastMove};
pub use bracket::{bracket_description, bracket_svg, BracketPicture};

use crate::engine::{Seat, HOLES_PER_ROW};

pub use fonts::{drawable, PLACEHOLDER};
pub use graph::graph_svg;

/// DejaVu Sans (Bitstream Vera licence, assets/fonts/LICENSE-DejaVu.txt),
/// the pictures' typeface, which the web pages serve too.
pub(crate) const FONT: &[u8] = fonts::FONTS[0];

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

/// Rasterises `svg` (as this module writes it: sizes in pixels) to PNG.
pub fn png(svg: &str) -> Result<Vec<u8>, PictureError> {
    encode(&rasterise(svg, None)?)
}

/// The text of every glyph of `svg` (as this module writes it) that its
/// text layout left without a glyph of its font: what would be drawn as
/// an empty box, the font's glyph 0. Empty for every picture the bot
/// draws; the tests check names with it.
pub fn boxes_in(svg: &str) -> Result<Vec<String>, PictureError> {
    fn walk(group: &usvg::Group, boxes: &mut Vec<String>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(group) => walk(group, boxes),
                usvg::Node::Text(text) => boxes.extend(
                    text.layouted()
                        .iter()
                        .flat_map(|span| &span.positioned_glyphs)
                        .filter(|glyph| glyph.id.0 == 0)
                        .map(|glyph| glyph.text.clone()),
                ),
                _ => {}
            }
        }
    }
    let tree = usvg::Tree::from_str(svg, options())?;
    let mut boxes = Vec::new();
    walk(tree.root(), &mut boxes);
    Ok(boxes)
}

/// The board picture as PNG: the pixels of [`board_png_from_svg`] for
/// `board_svg(picture)`, in a fraction of the time. The part every
/// position shares (the wood, the holes, their names) is rasterised once
/// for each side it is seen from; each hole's changing part (its seeds,
/// count and marks) once for each look; each part of a line
/// of names (badge, name, captures and turn) once for each text. Each part
/// is kept as indices into the boards' palette, so a
/// picture is the shared part with twenty parts copied in, compressed.
pub fn board_png(picture: &BoardPicture<'_>) -> Result<Vec<u8>, PictureError> {
    let palette = board_palette();
    let base = board_base(picture.bottom, palette)?;
    let mut picture_indices = base.indices.clone();
    for seat in Seat::BOTH {
        let rows = board::line_rows(picture.bottom, seat);
        for (part, columns) in board::line_parts(picture, seat).into_iter().zip(board::LINE_PARTS) {
            let area = (columns.0, rows.0, columns.1 - columns.0, rows.1 - rows.0);
            let drawn = line_part(part, area, base, palette)?;
            picture_indices.paste(&drawn, area.0, area.1);
        }
        for index in 0..HOLES_PER_ROW {
            let look = board::HoleLook::of(picture, seat, index);
            let (x, y, _, _) = look.tile();
            let tile = hole_tile(look, base, palette)?;
            picture_indices.paste(&tile, x, y);
        }
    }
    if let Some(result) = picture.result_drawn() {
        // Not kept: a finished game's picture is drawn once and kept
        // whole by whoever shows it.
        let mut svg = board::svg_start();
        board::result_and_holes(&mut svg, picture, result);
        svg.push_str("</svg>");
        let area = board::RESULT_AREA;
        picture_indices.paste(&draw_part_within(&svg, base, palette, area)?, area.0, area.1);
    }
    write_indexed(&picture_indices, palette).map_err(|e| PictureError::Png(e.to_string()))
}

/// Rasterises a board's whole SVG and writes it with the boards' palette:
/// what [`board_png`] makes, the slow way (to compare them).
pub fn board_png_from_svg(svg: &str) -> Result<Vec<u8>, PictureError> {
    let palette = board_palette();
    write_indexed(&Indexed::of(&rasterise(svg, None)?, palette), palette).map_err(|e| PictureError::Png(e.to_string()))
}

/// A rectangle of the picture: x, y, width and height in pixels.
type Area = (u32, u32, u32, u32);

/// Pixels as indices into a palette, row by row.
#[derive(Clone)]
struct Indexed {
    width: u32,
    height: u32,
    indices: Vec<u8>,
}

impl Indexed {
    /// `pixmap`'s pixels, each the index of its colour in `palette` or of
    /// the nearest colour there.
    fn of(pixmap: &tiny_skia::Pixmap, palette: &[[u8; 3]]) -> Indexed {
        thread_local! {
            /// Each colour met on this thread (its pixel's four bytes) and
            /// its index in the boards' palette: a few thousand at most,
            /// the shades of a few colours.
            static INDEX: std::cell::RefCell<HashMap<u32, u8, Colours>> = std::cell::RefCell::default();
        }
        let mut indices = Vec::with_capacity(pixmap.pixels().len());
        INDEX.with_borrow_mut(|index| {
            if index.len() > 1 << 16 {
                index.clear();
            }
            // Every picture paints an opaque page first: a pixel's bytes
            // are its colour.
            let mut last = u32::MAX;
            let mut last_index = 0;
            for pixel in pixmap.data().chunks_exact(4) {
                let bytes = u32::from_le_bytes([pixel[0], pixel[1], pixel[2], pixel[3]]);
                if bytes != last {
                    last_index = *index
                        .entry(bytes)
                        .or_insert_with(|| nearest(palette, [pixel[0], pixel[1], pixel[2]]));
                    last = bytes;
                }
                indices.push(last_index);
            }
        });
        Indexed {
            width: pixmap.width(),
            height: pixmap.height(),
            indices,
        }
    }

    /// Copies `part` in with its top left corner at (`x`, `y`).
    fn paste(&mut self, part: &Indexed, x: u32, y: u32) {
        let stride = self.width as usize;
        let row = part.width as usize;
        for (k, source) in part.indices.chunks_exact(row).enumerate() {
            let start = (y as usize + k) * stride + x as usize;
            self.indices[start..start + row].copy_from_slice(source);
        }
    }
}

/// The shared part of every board seen from one side: its pixels, to
/// draw the other parts over, and their indices.
struct Base {
    pixels: tiny_skia::Pixmap,
    indices: Indexed,
}

/// The shared part of every board seen from `bottom`'s side, drawn once.
fn board_base(bottom: Seat, palette: &[[u8; 3]]) -> Result<&'static Base, PictureError> {
    static BASES: [OnceLock<Result<Base, String>>; 2] = [OnceLock::new(), OnceLock::new()];
    let base = BASES[bottom.index()].get_or_init(|| {
        let mut svg = board::svg_start();
        board::base(&mut svg, bottom);
        svg.push_str("</svg>");
        let pixels = rasterise(&svg, None).map_err(|e| e.to_string())?;
        let indices = Indexed::of(&pixels, palette);
        Ok(Base { pixels, indices })
    });
    base.as_ref().map_err(|e| PictureError::Png(e.clone()))
}

/// Hole tiles kept: the looks of a game's holes repeat (few seeds, few
/// marks); 2,048 tiles of about 9 KB hold the looks of ordinary play.
const KEPT_TILES: usize = 2048;
/// Parts of lines kept: names (two a game) and the captures with the turn
/// (the same few hundred texts for every game), of about 10 KB each.
const KEPT_LINE_PARTS: usize = 2048;

type Kept<K> = Mutex<LruCache<K, Arc<Indexed>>>;

fn kept<K: std::hash::Hash + Eq>(capacity: usize) -> Kept<K> {
    Mutex::new(LruCache::new(NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN)))
}

/// The part `key` names from `cache`, or `draw`n and kept. Drawn without
/// the lock: two threads may each draw the same part once, never wait.
fn kept_or_drawn<K: std::hash::Hash + Eq>(
    cache: &Kept<K>,
    key: K,
    draw: impl FnOnce() -> Result<Indexed, PictureError>,
) -> Result<Arc<Indexed>, PictureError> {
    let lock = || cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(part) = lock().get(&key) {
        return Ok(part.clone());
    }
    let part = Arc::new(draw()?);
    lock().put(key, part.clone());
    Ok(part)
}

/// `look`'s tile, drawn over the shared part the first time.
fn hole_tile(look: board::HoleLook, base: &Base, palette: &[[u8; 3]]) -> Result<Arc<Indexed>, PictureError> {
    static TILES: OnceLock<Kept<board::HoleLook>> = OnceLock::new();
    kept_or_drawn(TILES.get_or_init(|| kept(KEPT_TILES)), look, || {
        let mut svg = board::svg_start();
        board::draw_hole(&mut svg, look);
        svg.push_str("</svg>");
        draw_part(&svg, base, palette, look.tile())
    })
}

/// A part of a line of names (SVG elements) in its `area`, drawn over the
/// shared part the first time.
fn line_part(part: String, area: Area, base: &Base, palette: &[[u8; 3]]) -> Result<Arc<Indexed>, PictureError> {
    static PARTS: OnceLock<Kept<(String, Area)>> = OnceLock::new();
    let svg = format!("{}{part}</svg>", board::svg_start());
    kept_or_drawn(PARTS.get_or_init(|| kept(KEPT_LINE_PARTS)), (part, area), || {
        draw_part(&svg, base, palette, area)
    })
}

/// The rectangle `(x, y, width, height)` of the picture `svg` draws over
/// the shared part, rasterised alone: the drawing shifted by whole pixels,
/// so that each pixel is what rasterising the whole picture gives it.
fn draw_part(
    svg: &str,
    base: &Base,
    palette: &[[u8; 3]],
    (x, y, width, height): Area,
) -> Result<Indexed, PictureError> {
    let rect = tiny_skia::IntRect::from_xywh(x as i32, y as i32, width, height).ok_or(PictureError::Empty)?;
    let mut part = base.pixels.clone_rect(rect).ok_or(PictureError::Empty)?;
    let tree = usvg::Tree::from_str(svg, options())?;
    let shift = tiny_skia::Transform::from_translate(-(x as f32), -(y as f32));
    resvg::render(&tree, shift, &mut part.as_mut());
    Ok(Indexed::of(&part, palette))
}

/// Like [`draw_part`], for an `area` that the holes' rings and marks
/// cross: rasterised with a margin around it, then cut to it, since the
/// rasteriser's anti-aliasing of a shape cut by the edge of what it draws
/// is not that of the whole picture.
fn draw_part_within(svg: &str, base: &Base, palette: &[[u8; 3]], area: Area) -> Result<Indexed, PictureError> {
    const MARGIN: u32 = 8;
    let (x, y, width, height) = area;
    let left = x.saturating_sub(MARGIN);
    let top = y.saturating_sub(MARGIN);
    let right = (x + width + MARGIN).min(base.pixels.width());
    let bottom = (y + height + MARGIN).min(base.pixels.height());
    let outer = tiny_skia::IntRect::from_xywh(left as i32, top as i32, right - left, bottom - top)
        .ok_or(PictureError::Empty)?;
    let mut pixels = base.pixels.clone_rect(outer).ok_or(PictureError::Empty)?;
    let tree = usvg::Tree::from_str(svg, options())?;
    let shift = tiny_skia::Transform::from_translate(-(left as f32), -(top as f32));
    resvg::render(&tree, shift, &mut pixels.as_mut());
    let inner =
        tiny_skia::IntRect::from_xywh((x - left) as i32, (y - top) as i32, width, height).ok_or(PictureError::Empty)?;
    let part = pixels.clone_rect(inner).ok_or(PictureError::Empty)?;
    Ok(Indexed::of(&part, palette))
}

/// The palette of every board picture: the 256 commonest colours of a few
/// boards (the opening from both sides, the last move's marks, captures, a
/// kept seed, big holes, a finished game), kept in `palette.rs`. One
/// palette for all boards makes a colour's index a lookup that each thread
/// remembers, and lets the parts of pictures be kept as indices; the rare
/// shades of anti-aliased edges outside it take the nearest colour in it,
/// which the eye does not see. A test checks that it is still the sample
/// boards' palette.
fn board_palette() -> &'static [[u8; 3]] {
    &palette::BOARD_PALETTE
}

/// Which of `palette`'s colours is nearest `colour`.
fn nearest(palette: &[[u8; 3]], colour: [u8; 3]) -> u8 {
    let distance = |p: &[u8; 3]| -> i32 { (0..3).map(|k| (i32::from(p[k]) - i32::from(colour[k])).pow(2)).sum() };
    (0..palette.len()).min_by_key(|&i| distance(&palette[i])).unwrap_or(0) as u8
}

/// An indexed PNG: fast deflate over rows filtered by the row above (a
/// picture's flat areas repeat row after row), which is as small as
/// choosing a filter for each row at half the time.
fn write_indexed(picture: &Indexed, palette: &[[u8; 3]]) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let mut encoder = png::Encoder::new(&mut out, picture.width, picture.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    encoder.write_header()?.write_image_data(&picture.indices)?;
    Ok(out)
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
        index.insert(colour, nearest(&palette, colour));
    }
    let mut indices = Vec::with_capacity(pixels.len());
    for (colour, n) in runs {
        let i = index[&colour];
        indices.extend(std::iter::repeat_n(i, n as usize));
    }
    let picture = Indexed {
        width: pixmap.width(),
        height: pixmap.height(),
        indices,
    };
    write_indexed(&picture, &palette)
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

/// `text` drawable and at most `columns` columns wide (see
/// [`crate::names`]), cut between characters with an ellipsis when longer:
/// a long name must not run over the other row's label or off the picture.
fn shorten(text: &str, columns: usize) -> String {
    crate::names::shorten(&drawable(text), columns, usize::MAX)
}

/// The largest type size from `largest` down to `smallest` (in steps of
/// half a pixel) at which `line` is at most `room` pixels wide, and the
/// line; if it is wider even at `smallest`, its first sentences that fit,
/// or else the line cut between characters with an ellipsis.
fn fitted(line: &str, room: f32, largest: f32, smallest: f32) -> (f32, String) {
    let width = text_width(line, largest);
    if width <= room {
        return (largest, line.to_string());
    }
    // Without hinting, a line's width is in proportion to its size.
    let size = (largest * room / width * 2.0).floor() / 2.0;
    if size >= smallest {
        return (size, line.to_string());
    }
    // Whole sentences rather than a cut one: the first ones that fit.
    let sentence_ends: Vec<usize> = line.match_indices(". ").map(|(at, _)| at + 1).collect();
    if let Some(start) = sentence_ends
        .into_iter()
        .rev()
        .map(|end| &line[..end])
        .find(|start| text_width(start, smallest) <= room)
    {
        return fitted(start, room, largest, smallest);
    }
    // Cut between words where a word ends in room, else between characters.
    let cut = |end: usize| format!("{}…", line[..end].trim_end());
    let word_ends: Vec<usize> = line.match_indices(' ').map(|(at, _)| at).collect();
    let cluster_ends: Vec<usize> = unicode_segmentation::UnicodeSegmentation::grapheme_indices(line, true)
        .map(|(at, cluster)| at + cluster.len())
        .collect();
    let longest_fitting = |ends: &[usize]| -> Option<usize> {
        // `ends` rise, and so do the widths of their cuts.
        let fitting = ends.partition_point(|&end| text_width(&cut(end), smallest) <= room);
        fitting.checked_sub(1).map(|last| ends[last])
    };
    let end = longest_fitting(&word_ends)
        .or_else(|| longest_fitting(&cluster_ends))
        .unwrap_or(0);
    (smallest, cut(end))
}

/// How wide `line` is drawn at `size` pixels, from its glyphs' outlines.
fn text_width(line: &str, size: f32) -> f32 {
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" font-family="{}">"#,
        fonts::FAMILY,
    );
    text(&mut svg, 0.0, 50.0, &format!(r#"font-size="{size}""#), line);
    svg.push_str("</svg>");
    match usvg::Tree::from_str(&svg, options()) {
        Ok(tree) if tree.root().has_children() => tree.root().abs_bounding_box().width(),
        _ => 0.0,
    }
}

/// Appends a `<text>` element; `attributes` are written as given, and
/// name its `font-size` and any `text-anchor`. When `content` has a
/// sequence the renderer's fallback would draw as boxes (see
/// [`fonts::Fonts::needs_runs`]), each run of it drawn in a font other
/// than the picture's is asked for in that font; when there are several
/// runs, each is placed after the one before it (its own text chunk,
/// anchored at its start), the whole line where the anchor puts it.
fn text(out: &mut String, x: f32, y: f32, attributes: &str, content: &str) {
    let fonts = fonts::fonts();
    let runs = if fonts.needs_runs(content) {
        fonts.runs(content)
    } else {
        Vec::new()
    };
    match runs.as_slice() {
        [] => {
            let _ = write!(
                out,
                r#"<text x="{x:.1}" y="{y:.1}" {attributes}>{}</text>"#,
                escape(content)
            );
        }
        [run] if run.first_font => {
            let _ = write!(
                out,
                r#"<text x="{x:.1}" y="{y:.1}" {attributes}>{}</text>"#,
                escape(content)
            );
        }
        [run] => {
            let _ = write!(
                out,
                r#"<text x="{x:.1}" y="{y:.1}" {attributes} font-family="'{}'">{}</text>"#,
                escape(&run.family),
                escape(content)
            );
        }
        runs => {
            let size = attribute(attributes, "font-size")
                .and_then(|size| size.parse::<f32>().ok())
                .unwrap_or(16.0);
            let advances: Vec<f32> = runs.iter().map(|run| fonts.advance(run, size)).collect();
            let width: f32 = advances.iter().sum();
            let mut pen = match attribute(attributes, "text-anchor") {
                Some("middle") => x - width / 2.0,
                Some("end") => x - width,
                _ => x,
            };
            let attributes = attributes
                .replace(r#"text-anchor="middle""#, "")
                .replace(r#"text-anchor="end""#, "");
            let _ = write!(out, r#"<text x="{x:.1}" y="{y:.1}" {}>"#, attributes.trim());
            for (run, advance) in runs.iter().zip(advances) {
                let _ = write!(
                    out,
                    r#"<tspan x="{pen:.2}" y="{y:.1}" font-family="'{}'">{}</tspan>"#,
                    escape(&run.family),
                    escape(run.text)
                );
                pen += advance;
            }
            out.push_str("</text>");
        }
    }
}

/// The value of attribute `name` in `attributes` (as [`text`] takes them).
fn attribute<'a>(attributes: &'a str, name: &str) -> Option<&'a str> {
    let start = attributes.find(&format!(r#"{name}=""#))? + name.len() + 2;
    let length = attributes[start..].find('"')?;
    Some(&attributes[start..start + length])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_palette() -> Result<Vec<[u8; 3]>, PictureError> {
        use crate::engine::{Game, Hole, Position};
        use crate::i18n::Language;
        let replay = |start: Position, holes: &[i64]| -> Option<Game> {
            let holes: Option<Vec<Hole>> = holes.iter().map(|&n| Hole::new(n).ok()).collect();
            Game::replay(start, &holes?).ok()
        };
        let samples = [
            replay(Position::opening(Seat::A), &[]),
            replay(Position::opening(Seat::B), &[3, 5]),
            replay(Position::opening(Seat::A), &[3, 5, 1, 7, 2, 4]),
            replay(Position::opening(Seat::A), &[3]),
            Position::new(&[0, 18, 0, 0, 0, 0, 0], &[5, 1, 1, 1, 5, 5, 5], [15, 14], Seat::A)
                .ok()
                .and_then(|start| replay(start, &[2])),
            Position::new(&[40, 0, 1, 0, 0, 0, 0], &[14, 15, 0, 0, 0, 0, 0], [0, 0], Seat::B)
                .ok()
                .map(Game::from_position),
            Position::new(&[0, 0, 0, 0, 0, 0, 1], &[0; 7], [40, 29], Seat::A)
                .ok()
                .and_then(|start| replay(start, &[7])),
        ];
        let mut counts: HashMap<[u8; 3], u64, Colours> = HashMap::default();
        for game in samples.iter().flatten() {
            for bottom in Seat::BOTH {
                let picture = BoardPicture::of_game(Language::English, game, bottom, |seat| format!("Player {seat}"));
                for pixel in rasterise(&board_svg(&picture), None)?.pixels() {
                    *counts.entry([pixel.red(), pixel.green(), pixel.blue()]).or_insert(0) += 1;
                }
            }
        }
        let mut by_use: Vec<([u8; 3], u64)> = counts.into_iter().collect();
        by_use.sort_unstable_by_key(|&(colour, n)| (std::cmp::Reverse(n), colour));
        Ok(by_use.into_iter().take(PALETTE).map(|(colour, _)| colour).collect())
    }

    /// After a change of the board's colours: `AKON_BLESS=1 cargo test
    /// --lib picture::tests::the_board_palette` writes the new palette.
    #[test]
    fn the_board_palette_is_the_commonest_colours_of_the_sample_boards() {
        let sampled = sample_palette().unwrap();
        if std::env::var_os("AKON_BLESS").is_some_and(|v| v == "1") {
            let mut source = String::from(
                "//! The board pictures' palette (see `board_palette`), written by\n//! `AKON_BLESS=1 cargo test --lib picture::tests::the_board_palette`.\n\n",
            );
            let _ = writeln!(
                source,
                "pub(super) const BOARD_PALETTE: [[u8; 3]; {}] = [",
                sampled.len()
            );
            for [r, g, b] in &sampled {
                let _ = writeln!(source, "    [{r}, {g}, {b}],");
            }
            source.push_str("];\n");
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/src/picture/palette.rs"), source).unwrap();
            return;
        }
        assert!(
            sampled == palette::BOARD_PALETTE,
            "the board's colours changed: AKON_BLESS=1 cargo test --lib picture::tests::the_board_palette"
        );
    }

    #[test]
    fn names_are_escaped_and_shortened() {
        assert_eq!(escape("<b>&\"x'\u{7}"), "&lt;b&gt;&amp;&quot;x&apos; ");
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("abcd", 4), "abcd");
        assert_eq!(shorten("ab\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}", 3), "ab…");
    }

    /// Boards labelled with the name corpus, two names a board, as the
    /// bot sends them: under 40 KB each, and the same pixels by the fast
    /// path as by the whole SVG.
    #[test]
    fn boards_of_names_in_every_script_stay_small_and_match_their_svg() {
        use crate::engine::{Game, Position};
        use crate::i18n::Language;
        let game = Game::from_position(Position::opening(Seat::A));
        let names = fonts::tests::NAMES;
        for (k, pair) in names.chunks(2).enumerate() {
            let labels = [format!("A · {}", pair[0]), format!("B · {}", pair[pair.len() - 1])];
            let bottom = if k % 2 == 0 { Seat::A } else { Seat::B };
            let picture = BoardPicture::of_game(Language::English, &game, bottom, |seat| labels[seat.index()].clone());
            let fast = board_png(&picture).unwrap();
            assert!(fast.len() < 40 * 1024, "{pair:?}: {} bytes", fast.len());
            assert!(fast == board_png_from_svg(&board_svg(&picture)).unwrap(), "{pair:?}");
        }
    }

    /// A finished game's result in the band: whole at the largest size
    /// that fits, else its first whole sentences, else cut after a word.
    #[test]
    fn a_line_too_long_for_its_room_keeps_whole_sentences_or_words() {
        let line = "One two. Three four five six seven.";
        assert_eq!(fitted(line, 1000.0, 13.0, 10.5), (13.0, line.to_string()));
        let room = text_width(line, 12.0) + 0.5;
        assert_eq!(fitted(line, room, 13.0, 10.5), (12.0, line.to_string()));
        let room = text_width("One two.", 10.5) + 1.0;
        let (size, first) = fitted(line, room, 13.0, 10.5);
        assert_eq!(first, "One two.");
        assert!(size >= 10.5);
        let room = text_width("One two three…", 10.5) + 1.0;
        assert_eq!(
            fitted("One two three four", room, 13.0, 10.5),
            (10.5, "One two three…".to_string())
        );
        assert!(text_width("One two three four", 13.0) > text_width("One two", 13.0));
    }

    /// Every name of the corpus (emoji joined by zero-width joiners,
    /// flags, keycaps, skin tones, tag sequences beside every script), on
    /// a board: each glyph the text layout chose is a glyph of its font,
    /// not the empty box of glyph 0.
    #[test]
    fn every_name_of_the_corpus_is_drawn_without_a_box() {
        use crate::engine::{Game, Position};
        use crate::i18n::Language;
        let game = Game::from_position(Position::opening(Seat::A));
        for name in fonts::tests::NAMES {
            for label in [name.to_string(), format!("A · {name}")] {
                let picture = BoardPicture::of_game(Language::English, &game, Seat::A, |_| label.clone());
                let svg = board_svg(&picture);
                assert_eq!(boxes_in(&svg).unwrap(), Vec::<String>::new(), "{label:?}");
            }
            let mut svg = String::from(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60" font-family="DejaVu Sans">"#,
            );
            text(&mut svg, 300.0, 30.0, r#"font-size="14" text-anchor="middle""#, name);
            svg.push_str("</svg>");
            assert_eq!(boxes_in(&svg).unwrap(), Vec::<String>::new(), "{name:?}");
        }
    }

    /// What the check above would catch: the same family, flag and
    /// keycap left to the renderer's own fallback in one line come out as
    /// boxes.
    #[test]
    fn sequences_left_to_the_renderers_fallback_are_boxes() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60" font-family="DejaVu Sans"><text x="10" y="30" font-size="14">A · 👨&#x200D;👩&#x200D;👧&#x200D;👦🏳&#xFE0F;&#x200D;🌈🇫🇷</text></svg>"#;
        assert!(!boxes_in(svg).unwrap().is_empty());
    }

    /// Runs in other fonts are placed one after the other, where the
    /// anchor puts the whole line: the line drawn in runs is as wide as
    /// its runs, and its middle where it was asked for.
    #[test]
    fn a_line_of_several_fonts_keeps_its_anchor() {
        let line = "Zoë 李小龍 👨\u{200D}👩\u{200D}👧";
        assert!(fonts::fonts().needs_runs(line));
        assert!(fonts::fonts().runs(line).len() >= 3);
        let bounds = |anchor: &str| {
            let mut svg = String::from(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60" font-family="DejaVu Sans">"#,
            );
            text(
                &mut svg,
                300.0,
                30.0,
                &format!(r#"font-size="14" text-anchor="{anchor}""#),
                line,
            );
            svg.push_str("</svg>");
            let tree = usvg::Tree::from_str(&svg, options()).unwrap();
            let b = tree.root().abs_bounding_box();
            (b.left(), b.right())
        };
        let (left, right) = bounds("start");
        assert!((left - 300.0).abs() < 2.0, "{left}");
        let (middle_left, middle_right) = bounds("middle");
        assert!(
            ((middle_left + middle_right) / 2.0 - 300.0).abs() < 2.0,
            "{middle_left} {middle_right}"
        );
        let (_, end_right) = bounds("end");
        assert!((end_right - 300.0).abs() < 2.0, "{end_right}");
        assert!((right - left - (end_right - bounds("end").0)).abs() < 0.5);
    }

    #[test]
    fn a_broken_svg_is_an_error_not_a_panic() {
        assert!(matches!(png("<svg"), Err(PictureError::Svg(_))));
    }
}
