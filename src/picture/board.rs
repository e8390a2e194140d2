//! A position as SVG: the picture of what `board_text::draw` writes, with
//! the same rows, names and labels, the seeds drawn as seeds, whose turn it
//! is and what the last move did.

use std::f32::consts::PI;
use std::fmt::Write as _;

use super::{escape, shorten, text};
use crate::engine::{Game, Hole, IllegalMove, MoveOutcome, Position, Seat, HOLES, HOLES_PER_ROW};
use crate::i18n::Language;
use crate::tr;

/// The picture's size in pixels.
pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 300;
/// The most seeds drawn one by one in a hole; more are written as a number
/// (thirteen seeds are no longer counted at a glance).
pub const MOST_SEEDS_DRAWN: u8 = 12;
/// Longest player label drawn, in columns (a wide character such as an
/// emoji or an ideograph takes two): what fits before the captures (a
/// longer one is cut between characters with an ellipsis, and clipped).
const LABEL_COLUMNS: usize = 24;

const PAGE: &str = "#faf6ee";
const INK: &str = "#1d1d1d";
const WOOD: &str = "#7a4b24";
const WOOD_EDGE: &str = "#5a3517";
const HOLE: &str = "#3f250f";
const HOLE_NAME: &str = "#fdf3e1";
/// The holes' rim: the dark holes alone stand out too little from the wood
/// (1.9:1), the rim against the hole passes the 3:1 of graphics.
const RIM: &str = "#d9a86c";
const SEED: &str = "#f4e6c8";
const SEED_EDGE: &str = "#2a1808";
/// The last move's marks: light on the dark wood, and told apart by shape
/// (ring, dot, cross, "−1") as well as by colour.
const MARK: &str = "#ffd04d";
const CAPTURE: &str = "#ff9e8f";
const BOARD_LEFT: f32 = 12.0;
const BOARD_RIGHT: f32 = WIDTH as f32 - 12.0;
const HOLE_RADIUS: f32 = 33.0;
const SEED_RADIUS: f32 = 5.5;

/// Each seat's colour: white text on it and it on the page both pass WCAG
/// AA (at least 4.5:1). The seats also differ by the shape of their badge
/// (A a circle, B a square) and by the letter in it and in every hole name.
pub fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "#1b4f9c",
        Seat::B => "#a8321e",
    }
}

/// What the last move did, as the picture marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub outcome: MoveOutcome,
    /// The holes that received a seed, by board index (A1…A7, B1…B7).
    pub sown: [bool; HOLES],
}

impl LastMove {
    /// Plays `hole` from `before` and says what it did, with the position
    /// it reached.
    pub fn play(before: &Position, hole: Hole) -> Result<(LastMove, Position), IllegalMove> {
        let mut after = *before;
        let outcome = after.play(hole)?;
        Ok((LastMove::from_outcome(outcome), after))
    }

    /// The marks of `outcome`: which holes its seeds went into follows from
    /// the hole and the count (docs/RULES.md, "A move").
    pub fn from_outcome(outcome: MoveOutcome) -> LastMove {
        let start = outcome.seat.index() * HOLES_PER_ROW + outcome.hole.index();
        let mut sown = [false; HOLES];
        if usize::from(outcome.sown) >= HOLES {
            // A lap reaches every hole, the starting one included.
            sown = [true; HOLES];
        } else {
            for k in 1..=usize::from(outcome.sown) {
                sown[(start + k) % HOLES] = true;
            }
        }
        LastMove { outcome, sown }
    }

    /// The last move of `game`, replayed from its start.
    pub fn of_game(game: &Game) -> Option<LastMove> {
        let (&last, earlier) = game.moves().split_last()?;
        let before = Game::replay(*game.start(), earlier).ok()?;
        LastMove::play(before.position(), last).ok().map(|(m, _)| m)
    }
}

/// Everything the board picture shows.
#[derive(Clone, Debug)]
pub struct BoardPicture<'a> {
    pub language: Language,
    pub position: &'a Position,
    /// The seat whose row is drawn at the bottom, as in `board_text::draw`.
    pub bottom: Seat,
    /// Each row's player, by seat index (as `board_text::draw`'s labels).
    pub labels: [String; 2],
    /// Who moves next; `None` once the game is over.
    pub to_move: Option<Seat>,
    pub last: Option<LastMove>,
    /// A finished game's result in words (the text board's result line,
    /// without markup), drawn across the groove; without it a finished
    /// game says only that it is over.
    pub result: Option<String>,
}

impl<'a> BoardPicture<'a> {
    /// The picture of `game` now, labelled by `label`, drawn from `bottom`'s side.
    pub fn of_game(language: Language, game: &'a Game, bottom: Seat, label: impl Fn(Seat) -> String) -> Self {
        BoardPicture {
            language,
            position: game.position(),
            bottom,
            labels: [label(Seat::A), label(Seat::B)],
            to_move: game.to_move(),
            last: LastMove::of_game(game),
            result: None,
        }
    }

    /// The same picture saying `result` across the board once the game is
    /// over.
    pub fn with_result(self, result: impl Into<String>) -> Self {
        BoardPicture {
            result: Some(result.into()),
            ..self
        }
    }

    /// The result drawn: only once the game is over.
    pub(super) fn result_drawn(&self) -> Option<&str> {
        self.result.as_deref().filter(|_| self.to_move.is_none())
    }
}

/// The centre of `seat`'s hole `index` (0 for hole 1).
fn centre(bottom: Seat, seat: Seat, index: usize) -> (f32, f32) {
    let column_width = (BOARD_RIGHT - BOARD_LEFT) / HOLES_PER_ROW as f32;
    // The top row reads hole 1 to 7 from left to right, the bottom row 7 to 1.
    let (column, y) = if seat == bottom {
        (HOLES_PER_ROW - 1 - index, 197.0)
    } else {
        (index, 103.0)
    };
    (BOARD_LEFT + column_width * (column as f32 + 0.5), y)
}

/// Where `count` seeds lie around a hole's centre: one ring up to seven,
/// two rings up to twelve, turned a little with the count so that
/// neighbouring holes do not look stamped.
fn seed_offsets(count: u8) -> Vec<(f32, f32)> {
    let ring = |n: usize, radius: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..n)
            .map(|i| {
                let angle = turn + 2.0 * PI * i as f32 / n as f32;
                (radius * angle.cos(), radius * angle.sin())
            })
            .collect()
    };
    // Seeds 12 px apart on a ring of n: radius 6 / sin(π/n).
    let spaced = |n: usize| 6.2 / (PI / n as f32).sin();
    let n = usize::from(count);
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.0)],
        2..=7 => ring(n, spaced(n), -PI / 2.0 + n as f32 * 0.3),
        _ => {
            let inner = if n >= 12 {
                4
            } else if n >= 9 {
                3
            } else {
                2
            };
            let mut all = ring(inner, spaced(inner), 0.4);
            all.extend(ring(n - inner, 20.5, -PI / 2.0 + n as f32 * 0.2));
            all
        }
    }
}

/// A seat's badge: its letter in a circle (A) or a square (B).
fn badge(out: &mut String, seat: Seat, x: f32, y: f32) {
    let colour = seat_colour(seat);
    match seat {
        Seat::A => {
            let _ = write!(out, r#"<circle cx="{x}" cy="{y}" r="11" fill="{colour}"/>"#);
        }
        Seat::B => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="21" height="21" rx="3" fill="{colour}"/>"#,
                x - 10.5,
                y - 10.5
            );
        }
    }
    text(
        out,
        x,
        y + 5.0,
        r##"font-size="14" fill="#ffffff" text-anchor="middle""##,
        &seat.to_string(),
    );
}

/// The columns of a line's three parts: the badge; the player's name; the
/// captures with whose turn it is or that the game is over, written from
/// the right. Each part stays in its columns (the name is clipped to
/// them), so that the PNG path draws each part alone and keeps it.
pub(super) const LINE_PARTS: [(u32, u32); 3] = [(0, 40), (40, NAME_END), (NAME_END, WIDTH)];
const NAME_END: u32 = 286;

/// The rows of the line of `seat`'s row: above the board for the top row,
/// below it for the bottom one, outside the wood (y = 37 to 263).
pub(super) fn line_rows(bottom: Seat, seat: Seat) -> (u32, u32) {
    if seat == bottom {
        (264, HEIGHT)
    } else {
        (0, 36)
    }
}

/// The three parts of the line of `seat`'s row, as SVG elements (see
/// [`LINE_PARTS`]).
pub(super) fn line_parts(picture: &BoardPicture<'_>, seat: Seat) -> [String; 3] {
    let l = picture.language;
    let y = if seat == picture.bottom { 290.0 } else { 26.0 };
    let mut badge_part = String::new();
    badge(&mut badge_part, seat, BOARD_LEFT + 11.0, y - 5.0);

    // Clipped to its columns: a name of wide characters could otherwise
    // run under the captures.
    let clip = format!("name-{seat}");
    let (rows_top, rows_bottom) = line_rows(picture.bottom, seat);
    let mut name_part = format!(
        r#"<clipPath id="{clip}"><rect x="{}" y="{rows_top}" width="{}" height="{}"/></clipPath>"#,
        LINE_PARTS[1].0,
        LINE_PARTS[1].1 - LINE_PARTS[1].0,
        rows_bottom - rows_top
    );
    text(
        &mut name_part,
        BOARD_LEFT + 30.0,
        y,
        &format!(r#"font-size="16" fill="{INK}" clip-path="url(#{clip})""#),
        &shorten(&picture.labels[seat.index()], LABEL_COLUMNS),
    );

    let captured = tr!(l, "picture-captured", captured = picture.position.captured(seat));
    let mut right = format!(
        r#"<text x="{BOARD_RIGHT:.1}" y="{y:.1}" font-size="16" fill="{INK}" text-anchor="end">{}"#,
        escape(&captured)
    );
    if picture.to_move == Some(seat) {
        let turn = tr!(l, "picture-to-move", seat = seat.to_string());
        let _ = write!(
            right,
            r#" · <tspan fill="{}">▶ {}</tspan>"#,
            seat_colour(seat),
            escape(&turn)
        );
    } else if picture.to_move.is_none() && seat != picture.bottom {
        let _ = write!(right, " · {}", escape(&tr!(l, "picture-game-over")));
    }
    right.push_str("</text>");
    [badge_part, name_part, right]
}

/// A row's line: its badge, its player's name, the captures and whose turn
/// it is or that the game is over.
fn row_label(out: &mut String, picture: &BoardPicture<'_>, seat: Seat) {
    for part in line_parts(picture, seat) {
        out.push_str(&part);
    }
}

/// Draws the position as an SVG document of [`WIDTH`] × [`HEIGHT`] pixels.
pub fn board_svg(picture: &BoardPicture<'_>) -> String {
    let mut out = String::with_capacity(16 * 1024);
    out.push_str(&svg_start());
    base(&mut out, picture.bottom);
    overlay(&mut out, picture);
    out.push_str("</svg>");
    out
}

/// The SVG document's opening tag.
pub(super) fn svg_start() -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans">"#
    )
}

/// What every position drawn from `bottom`'s side shares: the page, the
/// wood, the empty holes and their names. The PNG path draws it once
/// (`super::board_png`).
pub(super) fn base(out: &mut String, bottom: Seat) {
    let _ = write!(out, r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAGE}"/>"#);
    let _ = write!(
        out,
        r#"<rect x="{BOARD_LEFT}" y="38" width="{}" height="224" rx="18" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="2"/>"#,
        BOARD_RIGHT - BOARD_LEFT
    );
    // The groove between the rows.
    let _ = write!(
        out,
        r#"<line x1="{}" y1="150" x2="{}" y2="150" stroke="{WOOD_EDGE}" stroke-width="2"/>"#,
        BOARD_LEFT + 14.0,
        BOARD_RIGHT - 14.0
    );
    for seat in Seat::BOTH {
        for (index, hole) in Hole::ALL.iter().enumerate() {
            let (x, y) = centre(bottom, seat, index);
            let attributes = format!(r#"font-size="14" fill="{HOLE_NAME}" text-anchor="middle""#);
            text(out, x, name_y(bottom, seat, y), &attributes, &format!("{seat}{hole}"));
            let _ = write!(
                out,
                r#"<circle cx="{x:.1}" cy="{y}" r="{HOLE_RADIUS}" fill="{HOLE}" stroke="{RIM}" stroke-width="1.5"/>"#
            );
        }
    }
}

/// Where a hole's name is written: above the top row, below the bottom one.
fn name_y(bottom: Seat, seat: Seat, y: f32) -> f32 {
    if seat == bottom {
        y + HOLE_RADIUS + 22.0
    } else {
        y - HOLE_RADIUS - 10.0
    }
}

/// What changes from position to position, drawn over [`base`]: labels,
/// turn, a finished game's result, seeds and the last move's marks.
pub(super) fn overlay(out: &mut String, picture: &BoardPicture<'_>) {
    labels(out, picture);
    match picture.result_drawn() {
        Some(result) => result_and_holes(out, picture, result),
        None => holes(out, picture),
    }
}

/// Every hole's changing part.
fn holes(out: &mut String, picture: &BoardPicture<'_>) {
    for seat in [picture.bottom.opponent(), picture.bottom] {
        for index in 0..HOLES_PER_ROW {
            hole(out, picture, seat, index);
        }
    }
}

/// The band across the groove that holds a finished game's result, as
/// wide as the groove: its outline's x, y, width and height, half a pixel
/// inside [`RESULT_AREA`] so that band and outline fill its pixels and no
/// other. The rows' holes and rings end above it (y = 139) and start below
/// it (y = 161); only a seed kept from a hole 1 is marked over it.
const RESULT_BAND: (f32, f32, f32, f32) = (24.5, 140.5, 551.0, 19.0);
/// The pixels the band covers, which the PNG path draws alone with the
/// holes' marks over it.
pub(super) const RESULT_AREA: (u32, u32, u32, u32) = (24, 140, 552, 20);
/// The result's largest and smallest type size; between them, the largest
/// at which it fits in the band.
const RESULT_SIZE: f32 = 13.0;
const RESULT_SMALLEST_SIZE: f32 = 10.5;
/// Room left on either side of the result in its band.
const RESULT_MARGIN: f32 = 10.0;

/// A finished game's result, on a band of the page's colour across the
/// groove: at the largest size between [`RESULT_SIZE`] and
/// [`RESULT_SMALLEST_SIZE`] at which it fits, and cut between characters
/// with an ellipsis if it does not fit even then (the picture's
/// description says it whole).
fn result_band(out: &mut String, result: &str) {
    let (x, y, width, height) = RESULT_BAND;
    let _ = write!(
        out,
        r#"<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="{}" fill="{PAGE}" stroke="{WOOD_EDGE}"/>"#,
        height / 2.0
    );
    let room = width - 2.0 * RESULT_MARGIN;
    let (size, line) = super::fitted(&super::drawable(result), room, RESULT_SIZE, RESULT_SMALLEST_SIZE);
    let centre = x + width / 2.0;
    let baseline = y + height / 2.0 + size * 0.36;
    text(
        out,
        centre,
        baseline,
        &format!(r#"font-size="{size:.1}" fill="{INK}" text-anchor="middle""#),
        &line,
    );
}

/// The result's band with every hole's changing part over it: what the
/// picture shows in [`RESULT_AREA`] beyond the shared part.
pub(super) fn result_and_holes(out: &mut String, picture: &BoardPicture<'_>, result: &str) {
    result_band(out, result);
    holes(out, picture);
}

/// The lines above and below the board: each row's player and captures,
/// whose turn it is or that the game is over.
pub(super) fn labels(out: &mut String, picture: &BoardPicture<'_>) {
    row_label(out, picture, picture.bottom.opponent());
    row_label(out, picture, picture.bottom);
}

/// Everything a hole's changing part depends on: two holes with the same
/// look are drawn alike, so the PNG path draws each look once
/// (`super::board_png`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct HoleLook {
    pub bottom: Seat,
    pub seat: Seat,
    /// 0 for hole 1.
    pub index: u8,
    pub seeds: u8,
    /// The last move started here.
    pub played: bool,
    /// The last move captured this hole's seeds.
    pub captured: bool,
    /// The last move kept this hole 1's last seed.
    pub kept: bool,
    /// The last move sowed a seed here.
    pub sown: bool,
}

impl HoleLook {
    /// The look of `seat`'s hole `index` in `picture`.
    pub fn of(picture: &BoardPicture<'_>, seat: Seat, index: usize) -> HoleLook {
        let hole = Hole::ALL[index];
        let board_index = seat.index() * HOLES_PER_ROW + index;
        let last = picture.last.as_ref();
        HoleLook {
            bottom: picture.bottom,
            seat,
            index: index as u8,
            seeds: picture.position.seeds(seat, hole),
            played: last.is_some_and(|m| m.outcome.seat == seat && m.outcome.hole == hole),
            captured: last.is_some_and(|m| m.outcome.seat != seat && m.outcome.captured_holes.contains(hole)),
            kept: last.is_some_and(|m| m.outcome.kept_from_hole_one && m.outcome.last == (seat, hole)),
            sown: last.is_some_and(|m| m.sown[board_index]),
        }
    }

    /// The rectangle (x, y, width, height, in pixels) that holds everything
    /// [`hole`] draws for this hole and nothing any other part draws: the
    /// hole's column of the board, on its side of the groove.
    pub fn tile(&self) -> (u32, u32, u32, u32) {
        let column_width = (BOARD_RIGHT - BOARD_LEFT) / HOLES_PER_ROW as f32;
        let column = if self.seat == self.bottom {
            HOLES_PER_ROW - 1 - usize::from(self.index)
        } else {
            usize::from(self.index)
        };
        let left = (BOARD_LEFT + column_width * column as f32) as u32;
        let right = (BOARD_LEFT + column_width * (column + 1) as f32) as u32;
        let (top, bottom) = if self.seat == self.bottom {
            TILE_BELOW_GROOVE
        } else {
            TILE_ABOVE_GROOVE
        };
        (left, top, right - left, bottom - top)
    }
}

/// The rows of the holes' tiles on either side of the groove (y = 149 to
/// 151), inside the wood (y = 37 to 263).
const TILE_ABOVE_GROOVE: (u32, u32) = (40, 148);
const TILE_BELOW_GROOVE: (u32, u32) = (152, 260);

/// One hole's changing part: its seeds, its count and the last move's marks.
fn hole(out: &mut String, picture: &BoardPicture<'_>, seat: Seat, index: usize) {
    draw_hole(out, HoleLook::of(picture, seat, index));
}

/// Draws a hole's changing part as `look` says.
pub(super) fn draw_hole(out: &mut String, look: HoleLook) {
    let HoleLook {
        bottom,
        seat,
        played,
        captured,
        kept,
        sown,
        seeds,
        ..
    } = look;
    let index = usize::from(look.index);
    let (x, y) = centre(bottom, seat, index);
    let hole = Hole::ALL[index];

    let name_y = name_y(bottom, seat, y);
    let name = format!("{seat}{}", hole.number());
    if played {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="36" height="20" rx="10" fill="{MARK}"/>"#,
            x - 18.0,
            name_y - 15.0
        );
        text(
            out,
            x,
            name_y,
            &format!(r#"font-size="14" fill="{INK}" text-anchor="middle""#),
            &name,
        );
    }
    if played {
        let _ = write!(
            out,
            r#"<circle cx="{x:.1}" cy="{y}" r="{}" fill="none" stroke="{MARK}" stroke-width="4"/>"#,
            HOLE_RADIUS + 1.0
        );
    }
    if captured {
        let _ = write!(
            out,
            r#"<circle cx="{x:.1}" cy="{y}" r="{}" fill="none" stroke="{CAPTURE}" stroke-width="2.5" stroke-dasharray="6 4"/>"#,
            HOLE_RADIUS - 3.0
        );
        let d = HOLE_RADIUS * 0.45;
        let _ = write!(
            out,
            r#"<path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="{CAPTURE}" stroke-width="3" stroke-linecap="round"/>"#,
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        );
    }

    if seeds > MOST_SEEDS_DRAWN {
        text(
            out,
            x,
            y + 9.0,
            r##"font-size="26" fill="#ffffff" text-anchor="middle""##,
            &seeds.to_string(),
        );
    } else {
        // The count too, small at the hole's outer corner: eleven and twelve
        // are hard to tell apart by eye.
        let side = if seat == bottom { 1.0 } else { -1.0 };
        text(
            out,
            x - HOLE_RADIUS * 0.85,
            y + side * HOLE_RADIUS * 0.85 + 4.0,
            &format!(r#"font-size="12" fill="{HOLE_NAME}" text-anchor="middle""#),
            &seeds.to_string(),
        );
        for (dx, dy) in seed_offsets(seeds) {
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{SEED_RADIUS}" fill="{SEED}" stroke="{SEED_EDGE}"/>"#,
                x + dx,
                y + dy
            );
        }
    }

    // A seed sown here: a dot at the hole's outer corner.
    if sown && !played {
        let side = if seat == bottom { 1.0 } else { -1.0 };
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4.5" fill="{MARK}" stroke="{WOOD_EDGE}"/>"#,
            x + HOLE_RADIUS * 0.8,
            y + side * HOLE_RADIUS * 0.8
        );
    }
    if kept {
        // On the hole's edge by the groove, where nothing else is written.
        let badge_y = if seat == bottom {
            y - HOLE_RADIUS
        } else {
            y + HOLE_RADIUS
        };
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="30" height="18" rx="9" fill="{CAPTURE}"/>"#,
            x - 15.0,
            badge_y - 9.0
        );
        text(
            out,
            x,
            badge_y + 4.5,
            &format!(r#"font-size="13" fill="{INK}" text-anchor="middle""#),
            "−1",
        );
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// WCAG 2 contrast ratio of two `#rrggbb` colours.
    pub(crate) fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let channel = |i: usize| {
                let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
                if c <= 0.03928 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// Text at least 4.5:1 against what it is written on (WCAG AA), the
    /// marks at least 3:1 (non-text contrast).
    #[test]
    fn colours_meet_wcag_aa() {
        let a = seat_colour(Seat::A);
        let b = seat_colour(Seat::B);
        let text = [
            (INK, PAGE),
            (a, PAGE),
            (b, PAGE),
            ("#ffffff", a),
            ("#ffffff", b),
            (HOLE_NAME, WOOD),
            (HOLE_NAME, HOLE),
            ("#ffffff", HOLE),
            (INK, MARK),
            (INK, CAPTURE),
        ];
        for (fore, back) in text {
            assert!(
                contrast(fore, back) >= 4.5,
                "{fore} on {back}: {:.2}",
                contrast(fore, back)
            );
        }
        for (fore, back) in [(MARK, WOOD), (MARK, HOLE), (CAPTURE, HOLE), (SEED, HOLE), (RIM, HOLE)] {
            assert!(
                contrast(fore, back) >= 3.0,
                "{fore} on {back}: {:.2}",
                contrast(fore, back)
            );
        }
    }

    #[test]
    fn seeds_fit_in_their_hole_without_touching() {
        for count in 0..=MOST_SEEDS_DRAWN {
            let offsets = seed_offsets(count);
            assert_eq!(offsets.len(), usize::from(count));
            for (i, &(x, y)) in offsets.iter().enumerate() {
                assert!(
                    (x * x + y * y).sqrt() + SEED_RADIUS < HOLE_RADIUS - 2.0,
                    "{count}: {x} {y}"
                );
                for &(u, v) in &offsets[..i] {
                    let apart = ((x - u).powi(2) + (y - v).powi(2)).sqrt();
                    assert!(apart >= 2.0 * SEED_RADIUS, "{count} seeds: two overlap ({apart})");
                }
            }
        }
    }

    #[test]
    fn a_short_move_sows_the_next_holes_and_a_lap_all() {
        let (m, _) = LastMove::play(&Position::opening(Seat::A), Hole::new(3).unwrap()).unwrap();
        // A3's five seeds: A4 A5 A6 A7 B1.
        let sown: Vec<usize> = (0..HOLES).filter(|&i| m.sown[i]).collect();
        assert_eq!(sown, vec![3, 4, 5, 6, 7]);
        let start = Position::new(&[0, 15, 0, 0, 0, 0, 0], &[5, 5, 5, 5, 5, 5, 5], [10, 10], Seat::A).unwrap();
        let (m, _) = LastMove::play(&start, Hole::new(2).unwrap()).unwrap();
        assert!(m.sown.iter().all(|&s| s));
    }
}
