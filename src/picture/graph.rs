//! The review's evaluation graph as SVG: A's expected lead before each
//! move, then the final result (or the engine's view at the end), A's side
//! above the zero line and B's below, the turning point marked.

use std::fmt::Write as _;

use super::board::seat_colour;
use super::text;
use crate::ai::Review;
use crate::engine::Seat;
use crate::i18n::Language;
use crate::tr;

/// The picture's size in pixels.
pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 300;

pub(super) const PAGE: &str = "#faf6ee";
pub(super) const INK: &str = "#1d1d1d";
/// Grid lines and tick labels: still AA on the page (5.7:1).
pub(super) const GREY: &str = "#5f5f5f";
pub(super) const TURNING: &str = "#8a4b00";
const LEFT: f32 = 62.0;
const RIGHT: f32 = 570.0;
const TOP: f32 = 40.0;
const BOTTOM: f32 = 250.0;

/// A lead as the graph writes it: whose, and by how much.
fn lead(seeds: i32) -> String {
    match seeds {
        0 => "0".to_string(),
        s if s > 0 => format!("A +{s}"),
        s => format!("B +{}", -s),
    }
}

/// The step between labelled moves on the horizontal axis: at most about
/// ten labels.
fn move_step(moves: usize) -> usize {
    [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|&step| moves / step <= 10)
        .unwrap_or(1000)
}

/// Draws `review`'s evaluation as an SVG document of [`WIDTH`] × [`HEIGHT`] pixels.
pub fn graph_svg(language: Language, review: &Review) -> String {
    let l = language;
    let evaluation = &review.evaluation;
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans">"#
    );
    let _ = write!(out, r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAGE}"/>"#);

    // A symmetric scale in tens, so that the zero line is in the middle
    // and the half-way lines fall on whole fives.
    let largest = evaluation.iter().map(|e| e.unsigned_abs()).max().unwrap_or(0).max(1);
    let range = largest.div_ceil(10) as f32 * 10.0;
    let last_index = evaluation.len().saturating_sub(1).max(1);
    let x = |i: usize| LEFT + (RIGHT - LEFT) * i as f32 / last_index as f32;
    let y = |seeds: f32| TOP + (BOTTOM - TOP) * (range - seeds) / (2.0 * range);
    let zero = y(0.0);

    // Each side's half, shaded in its seat's colour and named by its badge letter.
    let _ = write!(
        out,
        r#"<clipPath id="a"><rect x="{LEFT}" y="{TOP}" width="{}" height="{}"/></clipPath><clipPath id="b"><rect x="{LEFT}" y="{zero}" width="{}" height="{}"/></clipPath>"#,
        RIGHT - LEFT,
        zero - TOP,
        RIGHT - LEFT,
        BOTTOM - zero
    );
    let mut line = String::new();
    for (i, &e) in evaluation.iter().enumerate() {
        let _ = write!(line, "{}{:.1} {:.1}", if i == 0 { "M" } else { "L" }, x(i), y(e as f32));
    }
    let area = format!(
        "{line}L{:.1} {zero:.1}L{LEFT} {zero:.1}Z",
        x(evaluation.len().saturating_sub(1))
    );
    for (clip, seat) in [("a", Seat::A), ("b", Seat::B)] {
        let _ = write!(
            out,
            r#"<path d="{area}" fill="{}" fill-opacity="0.22" clip-path="url(#{clip})"/>"#,
            seat_colour(seat)
        );
    }

    // Horizontal grid and the lead's scale.
    for step in -2..=2 {
        let seeds = range * step as f32 / 2.0;
        let gy = y(seeds);
        let (colour, width) = if step == 0 { (INK, 1.5) } else { (GREY, 0.6) };
        let _ = write!(
            out,
            r#"<line x1="{LEFT}" y1="{gy:.1}" x2="{RIGHT}" y2="{gy:.1}" stroke="{colour}" stroke-width="{width}"/>"#
        );
        let label = match seeds as i32 {
            0 => "0".to_string(),
            s if s > 0 => format!("+{s}"),
            s => format!("−{}", -s),
        };
        let attributes = format!(r#"font-size="12" fill="{GREY}" text-anchor="end""#);
        text(&mut out, LEFT - 6.0, gy + 4.0, &attributes, &label);
    }
    // Moves along the bottom: position i is the one before move i + 1.
    let moves = evaluation.len().saturating_sub(1);
    let step = move_step(moves);
    for i in (0..=moves).step_by(step) {
        let _ = write!(
            out,
            r#"<line x1="{0:.1}" y1="{BOTTOM}" x2="{0:.1}" y2="{1}" stroke="{GREY}"/>"#,
            x(i),
            BOTTOM + 4.0
        );
        let attributes = format!(r#"font-size="12" fill="{GREY}" text-anchor="middle""#);
        text(&mut out, x(i), BOTTOM + 17.0, &attributes, &i.to_string());
    }
    let attributes = format!(r#"font-size="13" fill="{INK}" text-anchor="middle""#);
    text(
        &mut out,
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 38.0,
        &attributes,
        &tr!(l, "picture-graph-moves"),
    );
    let _ = write!(
        out,
        r#"<text transform="translate(18 {:.1}) rotate(-90)" font-size="13" fill="{INK}" text-anchor="middle">{}</text>"#,
        (TOP + BOTTOM) / 2.0,
        super::escape(&tr!(l, "picture-graph-lead"))
    );
    // Which side is whose, by letter as well as colour.
    for (seat, ty) in [(Seat::A, TOP + 18.0), (Seat::B, BOTTOM - 9.0)] {
        let attributes = format!(r#"font-size="14" fill="{}""#, seat_colour(seat));
        text(
            &mut out,
            LEFT + 6.0,
            ty,
            &attributes,
            &tr!(l, "picture-graph-ahead", seat = seat.to_string()),
        );
    }

    // The turning point: a dashed line through the move that gave the result away.
    if let Some(number) = review.turning_point.filter(|&n| n >= 1 && n <= moves) {
        let tx = x(number);
        let _ = write!(
            out,
            r#"<line x1="{tx:.1}" y1="{TOP}" x2="{tx:.1}" y2="{BOTTOM}" stroke="{TURNING}" stroke-width="2" stroke-dasharray="5 4"/>"#
        );
        let _ = write!(
            out,
            r#"<path d="M{0:.1} {1:.1}l7 7l-7 7l-7 -7z" fill="{TURNING}"/>"#,
            tx,
            y(evaluation[number] as f32) - 7.0
        );
        let label = tr!(l, "picture-graph-turning", number = number);
        // Written on the side with more room.
        let anchor = if tx > (LEFT + RIGHT) / 2.0 {
            ("end", tx - 6.0)
        } else {
            ("start", tx + 6.0)
        };
        let attributes = format!(r#"font-size="13" fill="{TURNING}" text-anchor="{}""#, anchor.0);
        text(&mut out, anchor.1, TOP - 6.0, &attributes, &label);
    }

    let _ = write!(
        out,
        r#"<path d="{line}" fill="none" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>"#
    );
    // The end: the final result, or the engine's view when the game ended off the board.
    if let Some(&end) = evaluation.last() {
        let (ex, ey) = (x(moves), y(end as f32));
        let _ = write!(
            out,
            r#"<circle cx="{ex:.1}" cy="{ey:.1}" r="5" fill="{PAGE}" stroke="{INK}" stroke-width="2.5"/>"#
        );
        let what = if review.ended_on_board {
            tr!(l, "review-end-final")
        } else {
            tr!(l, "review-end-engine")
        };
        let attributes = format!(r#"font-size="13" fill="{INK}" text-anchor="end""#);
        text(
            &mut out,
            RIGHT,
            17.0,
            &attributes,
            &tr!(l, "picture-graph-end", end = what, lead = lead(end)),
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_meets_wcag_aa() {
        use crate::picture::board::tests::contrast;
        for fore in [INK, GREY, TURNING, seat_colour(Seat::A), seat_colour(Seat::B)] {
            assert!(contrast(fore, PAGE) >= 4.5, "{fore}: {:.2}", contrast(fore, PAGE));
        }
    }

    #[test]
    fn about_ten_moves_are_labelled() {
        assert_eq!(move_step(8), 1);
        assert_eq!(move_step(30), 5);
        assert_eq!(move_step(60), 10);
        assert_eq!(lead(-3), "B +3");
        assert_eq!(lead(4), "A +4");
    }
}
