//! A position as SVG: the picture of what `board_text::draw` writes, with
//! the same rows, names and labels, the seeds drawn as seeds, whose turn it
//! is and what the last move did.

use std::f32::consts::PI;
use std::fmt::Write as _;

use super::{shorten, text};
use crate::engine::{Game, Hole, IllegalMove, MoveOutcome, Position, Seat, HOLES, HOLES_PER_ROW};
use crate::i18n::Language;
use crate::tr;

/// The picture's size in pixels.
pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 300;
/// The most seeds drawn one by one in a hole; more are written as a number
/// (thirteen seeds are no longer counted at a glance).
pub const MOST_SEEDS_DRAWN: u8 = 12;
/// Longest player label drawn, in characters.
const LABEL_CHARS: usize = 34;

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
        }
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

/// A row's line of text: badge, label and captures, and whose turn it is.
fn row_label(out: &mut String, picture: &BoardPicture<'_>, seat: Seat, y: f32) {
    let l = picture.language;
    badge(out, seat, BOARD_LEFT + 11.0, y - 5.0);
    let label = tr!(
        l,
        "board-row-label",
        label = shorten(&picture.labels[seat.index()], LABEL_CHARS),
        captured = picture.position.captured(seat)
    );
    text(
        out,
        BOARD_LEFT + 30.0,
        y,
        &format!(r#"font-size="16" fill="{INK}""#),
        &label,
    );
    if picture.to_move == Some(seat) {
        let turn = format!("▶ {}", tr!(l, "picture-to-move", seat = seat.to_string()));
        let attributes = format!(r#"font-size="16" fill="{}" text-anchor="end""#, seat_colour(seat));
        text(out, BOARD_RIGHT, y, &attributes, &turn);
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
/// turn, seeds and the last move's marks.
pub(super) fn overlay(out: &mut String, picture: &BoardPicture<'_>) {
    let top = picture.bottom.opponent();
    row_label(out, picture, top, 26.0);
    row_label(out, picture, picture.bottom, 290.0);
    if picture.to_move.is_none() {
        let attributes = format!(r#"font-size="16" fill="{INK}" text-anchor="end""#);
        text(
            out,
            BOARD_RIGHT,
            26.0,
            &attributes,
            &tr!(picture.language, "picture-game-over"),
        );
    }
    for seat in [top, picture.bottom] {
        for index in 0..HOLES_PER_ROW {
            hole(out, picture, seat, index);
        }
    }
}

/// One hole's changing part: its seeds, its count and the last move's marks.
fn hole(out: &mut String, picture: &BoardPicture<'_>, seat: Seat, index: usize) {
    let (x, y) = centre(picture.bottom, seat, index);
    let hole = Hole::ALL[index];
    let board_index = seat.index() * HOLES_PER_ROW + index;
    let last = picture.last.as_ref();
    let played = last.is_some_and(|m| m.outcome.seat == seat && m.outcome.hole == hole);
    let captured = last.is_some_and(|m| m.outcome.seat != seat && m.outcome.captured_holes.contains(hole));
    let kept = last.is_some_and(|m| m.outcome.kept_from_hole_one && m.outcome.last == (seat, hole));
    let sown = last.is_some_and(|m| m.sown[board_index]);

    let name_y = name_y(picture.bottom, seat, y);
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

    let seeds = picture.position.seeds(seat, hole);
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
        let side = if seat == picture.bottom { 1.0 } else { -1.0 };
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
        let side = if seat == picture.bottom { 1.0 } else { -1.0 };
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4.5" fill="{MARK}" stroke="{WOOD_EDGE}"/>"#,
            x + HOLE_RADIUS * 0.8,
            y + side * HOLE_RADIUS * 0.8
        );
    }
    if kept {
        // On the hole's edge by the groove, where nothing else is written.
        let badge_y = if seat == picture.bottom {
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
