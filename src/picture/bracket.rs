//! A knockout's bracket as SVG, and the same bracket in words for the
//! picture's description (what screen readers read).
//!
//! Drawn from the round of 16 on: a bracket of 256 players drawn whole
//! would be 128 boxes high, unreadable once Discord scales it to a
//! phone's width. The last [`DRAWN_ROUNDS`] rounds are at most 15 matches,
//! which stay readable; the earlier rounds are listed in the text beside
//! the picture (the tournament's message, the page's rounds), and the
//! picture says so. A place whose match is not paired yet shows who has
//! gone through to it so far. The final's winner and the third place are
//! named in a column of their own.

use std::fmt::Write as _;

// The review graph's page, ink and grey (lines, seeds and the players who
// went out: AA on the page); its turning point's brown frames the winner.
use super::graph::{GREY, INK, PAGE, TURNING as GOLD};
use super::{shorten, text};
use crate::game_text::{computer_name, plain_name};
use crate::i18n::Language;
use crate::service::{BracketMatch, EntrantView, TournamentFormat, TournamentView};
use crate::tr;

/// The rounds drawn: the round of 16, the quarter-finals, the semi-finals
/// and the final.
pub const DRAWN_ROUNDS: u32 = 4;

const BOX: &str = "#ffffff";

const MARGIN: f32 = 20.0;
/// The title's line and the rounds' headings above the boxes.
const HEADER: f32 = 64.0;
const BOX_WIDTH: f32 = 200.0;
const ROW: f32 = 24.0;
const BOX_HEIGHT: f32 = 2.0 * ROW;
/// Between two boxes of the first round drawn.
const GAP: f32 = 14.0;
const COLUMN_GAP: f32 = 36.0;
/// The columns a name takes in a box, as a monospaced font draws it.
const NAME_COLUMNS: usize = 20;
/// The room a third-place match (or the third places) takes under the
/// bracket: its heading and its box.
const THIRD_PLACE_ROOM: f32 = 30.0 + BOX_HEIGHT + 10.0;

/// What the bracket's picture shows: a knockout's view and its matches so
/// far (see `Service::knockout_bracket`).
pub struct BracketPicture<'a> {
    pub language: Language,
    pub view: &'a TournamentView,
    pub bracket: &'a [BracketMatch],
}

/// One place of a match's box: who, and whether they went through (or out).
#[derive(Clone, Default)]
struct Line {
    name: Option<String>,
    seed: Option<usize>,
    /// A bye or a walkover, said in place of an opponent.
    note: Option<String>,
    won: bool,
    lost: bool,
}

impl<'a> BracketPicture<'a> {
    fn total(&self) -> u32 {
        self.view.rounds.unwrap_or(0).max(1)
    }

    /// The first round drawn.
    fn first_drawn(&self) -> u32 {
        self.total().saturating_sub(DRAWN_ROUNDS - 1).max(1)
    }

    fn third_place(&self) -> bool {
        self.view.format == TournamentFormat::KnockoutThirdPlace && self.total() >= 2
    }

    /// The final round was paired with no match for third place: nobody
    /// could claim it (see [`crate::tournament::knockout`]), and nobody
    /// is third.
    fn nobody_third(&self) -> bool {
        self.third_place() && self.find(self.total(), 0).is_some() && self.find(self.total(), 1).is_none()
    }

    fn find(&self, round: u32, position: usize) -> Option<&'a BracketMatch> {
        let bracket: &'a [BracketMatch] = self.bracket;
        bracket.iter().find(|m| m.round == round && m.position == position)
    }

    fn name(&self, entrant: &EntrantView) -> String {
        entrant_name(self.language, entrant)
    }

    /// Who has gone through to place `position` of `round` so far, from the
    /// match that feeds it (`None`: not known yet).
    fn through_to(&self, round: u32, feeder: usize) -> Option<&'a EntrantView> {
        self.find(round - 1, feeder).and_then(|m| m.winner.as_ref())
    }

    /// The two lines of the box of `round`'s match at `position`.
    fn lines(&self, round: u32, position: usize) -> [Line; 2] {
        let l = self.language;
        let entrant_line = |entrant: &EntrantView, m: Option<&BracketMatch>| {
            let won = m.is_some_and(|m| m.winner.as_ref().is_some_and(|w| w.entrant_id == entrant.entrant_id));
            Line {
                name: Some(self.name(entrant)),
                seed: entrant.seed.map(|s| s + 1),
                note: None,
                won,
                lost: m.is_some_and(|m| m.decided) && !won,
            }
        };
        match self.find(round, position) {
            Some(m) => {
                let top = entrant_line(&m.top, Some(m));
                let bottom = match &m.bottom {
                    Some(bottom) => entrant_line(bottom, Some(m)),
                    None => Line {
                        note: Some(if m.round == 1 {
                            tr!(l, "tournament-bracket-bye")
                        } else {
                            tr!(l, "tournament-bracket-walkover")
                        }),
                        ..Line::default()
                    },
                };
                [top, bottom]
            }
            None if round > 1 && !(self.third_place() && round == self.total() && position == 1) => {
                let waiting = |feeder: usize| match self.through_to(round, feeder) {
                    Some(entrant) => entrant_line(entrant, None),
                    None => Line::default(),
                };
                [waiting(2 * position), waiting(2 * position + 1)]
            }
            None => [Line::default(), Line::default()],
        }
    }

    /// The winner, once the final is decided.
    fn champion(&self) -> Option<&'a EntrantView> {
        self.find(self.total(), 0).and_then(|m| m.winner.as_ref())
    }

    /// Third place: the third-place match's winner, or without one the two
    /// semi-finals' losers once both are decided.
    fn third(&self) -> Vec<&'a EntrantView> {
        let total = self.total();
        if total < 2 {
            return Vec::new();
        }
        if self.third_place() {
            return self
                .find(total, 1)
                .and_then(|m| m.winner.as_ref())
                .into_iter()
                .collect();
        }
        let semi_finals: Vec<&'a BracketMatch> = (0..2).filter_map(|p| self.find(total - 1, p)).collect();
        if semi_finals.len() < 2 || semi_finals.iter().any(|m| !m.decided) {
            return Vec::new();
        }
        semi_finals
            .into_iter()
            .flat_map(|m| {
                let winner = m.winner.as_ref().map(|w| w.entrant_id);
                std::iter::once(&m.top)
                    .chain(m.bottom.as_ref())
                    .filter(move |e| Some(e.entrant_id) != winner)
            })
            .collect()
    }

    /// The heading of `round`.
    fn round_label(&self, round: u32) -> String {
        if round == self.total() {
            tr!(self.language, "tournament-bracket-final")
        } else {
            tr!(self.language, "tournament-bracket-round", round = round)
        }
    }
}

/// An entrant's name as the pictures write it: the computer by its level.
fn entrant_name(l: Language, entrant: &EntrantView) -> String {
    match entrant.computer {
        Some(level) => computer_name(l, level),
        None => plain_name(l, &entrant.player.name),
    }
}

/// The picture's size in pixels: width, height.
pub fn bracket_size(picture: &BracketPicture<'_>) -> (u32, u32) {
    let columns = (picture.total() - picture.first_drawn() + 1) as f32;
    let first_boxes = (1u32 << (picture.total() - picture.first_drawn())) as f32;
    let width = 2.0 * MARGIN + (columns + 1.0) * (BOX_WIDTH + COLUMN_GAP) - COLUMN_GAP;
    let height = HEADER + first_boxes * (BOX_HEIGHT + GAP) - GAP + THIRD_PLACE_ROOM + MARGIN;
    (width as u32, height as u32)
}

/// Draws `picture` as an SVG document of [`bracket_size`].
pub fn bracket_svg(picture: &BracketPicture<'_>) -> String {
    let l = picture.language;
    let (width, height) = bracket_size(picture);
    let total = picture.total();
    let first = picture.first_drawn();
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans">"#
    );
    let _ = write!(out, r#"<rect width="{width}" height="{height}" fill="{PAGE}"/>"#);
    let title = shorten(&picture.view.name, 60);
    text(
        &mut out,
        MARGIN,
        MARGIN + 12.0,
        &format!(r#"font-size="17" font-weight="bold" fill="{INK}""#),
        &title,
    );
    if first > 1 {
        text(
            &mut out,
            width as f32 - MARGIN,
            MARGIN + 12.0,
            &format!(r#"font-size="12" fill="{GREY}" text-anchor="end""#),
            &tr!(l, "picture-bracket-earlier", round = first - 1),
        );
    }

    let pitch = BOX_HEIGHT + GAP;
    let column_x = |column: u32| MARGIN + column as f32 * (BOX_WIDTH + COLUMN_GAP);
    // A box's top: centred on the two boxes that feed it.
    let box_y = |column: u32, position: usize| {
        let span = (1u32 << column) as f32;
        HEADER + (position as f32 * span + (span - 1.0) / 2.0) * pitch
    };
    for round in first..=total {
        let column = round - first;
        let x = column_x(column);
        heading(&mut out, x, HEADER - 12.0, GREY, &picture.round_label(round));
        let boxes = 1usize << (total - round);
        for position in 0..boxes {
            let y = box_y(column, position);
            match_box(&mut out, x, y, &picture.lines(round, position));
            // To the box it feeds, or to the winner's.
            let (next_x, next_y) = if round < total {
                (column_x(column + 1), box_y(column + 1, position / 2) + BOX_HEIGHT / 2.0)
            } else {
                (column_x(column + 1), y + BOX_HEIGHT / 2.0)
            };
            let middle = x + BOX_WIDTH + COLUMN_GAP / 2.0;
            let _ = write!(
                out,
                r#"<path d="M{:.1} {:.1}H{middle:.1}V{next_y:.1}H{next_x:.1}" fill="none" stroke="{GREY}" stroke-width="1.2"/>"#,
                x + BOX_WIDTH,
                y + BOX_HEIGHT / 2.0
            );
        }
    }

    // The winner, in a column of their own beside the final.
    let final_column = total - first;
    let winner_x = column_x(final_column + 1);
    let winner_y = box_y(final_column, 0);
    heading(
        &mut out,
        winner_x,
        HEADER - 12.0,
        GOLD,
        &tr!(l, "picture-bracket-winner"),
    );
    let champion = picture.champion();
    let _ = write!(
        out,
        r#"<rect x="{winner_x:.1}" y="{winner_y:.1}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="6" fill="{BOX}" stroke="{GOLD}" stroke-width="2.5"/>"#
    );
    if let Some(champion) = champion {
        text(
            &mut out,
            winner_x + 10.0,
            winner_y + BOX_HEIGHT / 2.0 + 5.0,
            &format!(r#"font-size="15" font-weight="bold" fill="{INK}""#),
            &format!("🏆 {}", shorten(&picture.name(champion), NAME_COLUMNS)),
        );
    }

    // Third place, under the bracket: its match, and who took it.
    let third_y = HEADER + (1u32 << (total - first)) as f32 * pitch - GAP + 30.0;
    let third = picture.third();
    if picture.third_place() && !picture.nobody_third() {
        let x = column_x(final_column);
        heading(
            &mut out,
            x,
            third_y - 10.0,
            GREY,
            &tr!(l, "tournament-bracket-third-place"),
        );
        match_box(&mut out, x, third_y, &picture.lines(total, 1));
    }
    if total >= 2 && !picture.nobody_third() {
        heading(
            &mut out,
            winner_x,
            third_y - 10.0,
            GREY,
            &tr!(l, "picture-bracket-third-column"),
        );
        for (k, entrant) in third.iter().take(2).enumerate() {
            text(
                &mut out,
                winner_x + 10.0,
                third_y + 17.0 + k as f32 * ROW,
                &format!(r#"font-size="14" fill="{INK}""#),
                &shorten(&picture.name(entrant), NAME_COLUMNS),
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// A round's or a column's heading, its baseline at `y`.
fn heading(out: &mut String, x: f32, y: f32, colour: &str, label: &str) {
    text(
        out,
        x,
        y,
        &format!(r#"font-size="13" font-weight="bold" fill="{colour}""#),
        label,
    );
}

/// A match's box at (`x`, `y`): two lines, the winner's in bold and
/// ticked, the loser's greyed.
fn match_box(out: &mut String, x: f32, y: f32, lines: &[Line; 2]) {
    let _ = write!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="4" fill="{BOX}" stroke="{GREY}" stroke-width="1"/>"#
    );
    let _ = write!(
        out,
        r#"<line x1="{x:.1}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="{GREY}" stroke-width="0.5"/>"#,
        y + ROW,
        x + BOX_WIDTH
    );
    for (k, line) in lines.iter().enumerate() {
        let baseline = y + k as f32 * ROW + 16.5;
        if let Some(seed) = line.seed {
            text(
                out,
                x + 22.0,
                baseline,
                &format!(r#"font-size="11" fill="{GREY}" text-anchor="end""#),
                &seed.to_string(),
            );
        }
        let colour = if line.lost { GREY } else { INK };
        let weight = if line.won { r#" font-weight="bold""# } else { "" };
        match (&line.name, &line.note) {
            (Some(name), _) => text(
                out,
                x + 28.0,
                baseline,
                &format!(r#"font-size="13" fill="{colour}"{weight}"#),
                &shorten(name, NAME_COLUMNS),
            ),
            (None, Some(note)) => text(
                out,
                x + 28.0,
                baseline,
                &format!(r#"font-size="12" fill="{GREY}" font-style="italic""#),
                note,
            ),
            (None, None) => {}
        }
        if line.won {
            text(
                out,
                x + BOX_WIDTH - 8.0,
                baseline,
                &format!(r#"font-size="13" fill="{INK}" text-anchor="end""#),
                "✓",
            );
        }
    }
}

/// The bracket in words, as the picture's description: the winner and the
/// third place, then each match drawn, the final first, and where the
/// earlier rounds are; at most `limit` characters, cut between lines.
pub fn bracket_description(picture: &BracketPicture<'_>, limit: usize) -> String {
    let l = picture.language;
    let total = picture.total();
    let first = picture.first_drawn();
    let name = |entrant: &EntrantView| shorten(&picture.name(entrant), NAME_COLUMNS);
    let mut lines = vec![tr!(l, "picture-bracket-title", name = shorten(&picture.view.name, 60))];
    if let Some(champion) = picture.champion() {
        lines.push(tr!(l, "picture-bracket-won", player = name(champion)));
    }
    let third: Vec<String> = picture.third().into_iter().map(name).collect();
    if !third.is_empty() {
        lines.push(tr!(l, "picture-bracket-third", players = third.join(", ")));
    }
    let mut matches: Vec<&BracketMatch> = picture.bracket.iter().filter(|m| m.round >= first).collect();
    matches.sort_by_key(|m| (std::cmp::Reverse(m.round), m.third_place, m.position));
    for m in matches {
        let label = if m.third_place {
            tr!(l, "tournament-bracket-third-place")
        } else {
            picture.round_label(m.round)
        };
        let players = match &m.bottom {
            Some(bottom) => format!("{} – {}", name(&m.top), name(bottom)),
            None if m.round == 1 => format!("{}, {}", name(&m.top), tr!(l, "tournament-bracket-bye")),
            None => format!("{}, {}", name(&m.top), tr!(l, "tournament-bracket-walkover")),
        };
        let how = match (&m.winner, m.decided) {
            (Some(winner), _) if m.round == total => tr!(l, "picture-bracket-wins", player = name(winner)),
            (Some(winner), _) => tr!(l, "picture-bracket-through", player = name(winner)),
            (None, true) => tr!(l, "tournament-bracket-double-forfeit"),
            (None, false) => tr!(l, "picture-bracket-playing"),
        };
        lines.push(tr!(
            l,
            "picture-bracket-match",
            label = label,
            players = players,
            how = how
        ));
    }
    if first > 1 {
        lines.push(tr!(l, "picture-bracket-earlier", round = first - 1));
    }
    let mut out = String::new();
    for line in lines {
        let wanted = out.chars().count() + line.chars().count() + usize::from(!out.is_empty());
        if wanted > limit {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}
