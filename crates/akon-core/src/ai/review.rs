//! The post-game review: every move of a game judged against the engine's
//! best move in the same position.
//!
//! Each position before a move is searched with [`analyze`] (every legal
//! move scored exactly) to a fixed node budget and no time limit, so a
//! review depends only on the game: the same on any machine, at any load.
//! A move's **loss** is the best move's score minus the played move's score,
//! both from the mover's side and from the same search, in seeds of final
//! capture difference.
//!
//! - **Classification** by loss: inaccuracy from [`INACCURACY_SEEDS`],
//!   mistake from [`MISTAKE_SEEDS`], blunder from [`BLUNDER_SEEDS`].
//! - **Accuracy** of a seat: the share of its moves that had a choice (two
//!   legal moves or more) and lost at most [`ACCURATE_WITHIN_SEEDS`]; the
//!   mean loss over the same moves is given beside it.
//! - **Evaluation** over time: the expected final capture difference for A
//!   (A's captures minus B's) before each move, then the game's real
//!   difference at the end (or the engine's view of the last position when
//!   the game ended off the board, by resignation or time).
//! - **Turning point**: the last move that changed the expected result
//!   (win, draw or loss) for the worse for its mover: the best move kept a
//!   better result than the one played.

use serde::{Deserialize, Serialize};

use super::{analyze, Limits};
use crate::engine::{Game, Hole, Position, ReplayError, Seat};

/// Positions searched for each move reviewed: about 40 ms a position on one
/// core, so a 60-move game is reviewed in a few seconds.
pub const REVIEW_NODES: u64 = 400_000;
/// A loss of at most this many seeds counts as accurate.
pub const ACCURATE_WITHIN_SEEDS: i32 = 1;
/// Smallest loss (seeds) that is an inaccuracy.
pub const INACCURACY_SEEDS: i32 = 2;
/// Smallest loss (seeds) that is a mistake.
pub const MISTAKE_SEEDS: i32 = 4;
/// Smallest loss (seeds) that is a blunder.
pub const BLUNDER_SEEDS: i32 = 8;

/// How much a move lost against the engine's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Classification {
    /// The only legal move.
    Forced,
    /// Lost less than [`INACCURACY_SEEDS`].
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Classification {
    /// The class of a move that lost `loss` seeds.
    pub fn of_loss(loss: i32) -> Classification {
        match loss {
            l if l >= BLUNDER_SEEDS => Classification::Blunder,
            l if l >= MISTAKE_SEEDS => Classification::Mistake,
            l if l >= INACCURACY_SEEDS => Classification::Inaccuracy,
            _ => Classification::Good,
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// 1 for the game's first move.
    pub number: usize,
    pub seat: Seat,
    pub played: Hole,
    /// The engine's best move (the played one when it is as good).
    pub best: Hole,
    /// Expected final capture difference for the mover after the best move.
    pub best_score: i32,
    /// The same after the move played.
    pub played_score: i32,
    /// `best_score - played_score`, never negative.
    pub loss: i32,
    pub classification: Classification,
}

/// One seat's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// Moves with a choice (forced moves are not counted).
    pub moves: u32,
    /// Of them, moves that lost at most [`ACCURATE_WITHIN_SEEDS`].
    pub accurate: u32,
    /// `accurate` as a whole percentage of `moves` (100 with no move).
    pub accuracy: u32,
    /// Seeds lost over `moves`.
    pub total_loss: u32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

impl SeatSummary {
    /// Mean seeds lost per move with a choice.
    pub fn mean_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_loss as f64 / self.moves as f64
        }
    }
}

/// A game's review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// Who moved first.
    pub first: Seat,
    pub moves: Vec<ReviewedMove>,
    /// Expected final capture difference for A before each move, then at
    /// the end: one more entry than `moves`.
    pub evaluation: Vec<i32>,
    /// Whether the last entry of `evaluation` is the game's final result
    /// (the game ended by the rules) rather than the engine's estimate.
    pub ended_on_board: bool,
    /// Each seat's figures.
    pub seats: Seats,
    /// The number of the turning point's move.
    pub turning_point: Option<usize>,
    /// Positions searched per move.
    pub nodes_per_move: u64,
}

/// Each seat's figures, keyed `A` and `B` in JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    #[serde(rename = "A")]
    pub a: SeatSummary,
    #[serde(rename = "B")]
    pub b: SeatSummary,
}

impl Review {
    pub fn seat(&self, seat: Seat) -> &SeatSummary {
        match seat {
            Seat::A => &self.seats.a,
            Seat::B => &self.seats.b,
        }
    }

    /// The turning point's move.
    pub fn turning_move(&self) -> Option<&ReviewedMove> {
        self.turning_point.and_then(|number| self.moves.get(number - 1))
    }

    /// The moves that lost at least [`INACCURACY_SEEDS`], costliest first
    /// (earlier first among equals).
    pub fn costliest(&self) -> Vec<&ReviewedMove> {
        let mut moves: Vec<&ReviewedMove> = self.moves.iter().filter(|m| m.loss >= INACCURACY_SEEDS).collect();
        moves.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.number));
        moves
    }

    /// The review as one line of JSON's value: what `akon review --json`
    /// prints and what the store keeps.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a review always serializes")
    }
}

/// Reviews the game played from `start` with `moves`, each position
/// searched to `nodes` positions.
pub fn review(start: Position, moves: &[Hole], nodes: u64) -> Result<Review, ReplayError> {
    // Checks the whole game first, so that an illegal move costs no search.
    let whole = Game::replay(start, moves)?;
    let limits = Limits::nodes(nodes.max(1));
    let mut game = Game::from_position(start);
    let mut reviewed = Vec::with_capacity(moves.len());
    let mut evaluation = Vec::with_capacity(moves.len() + 1);
    for (index, &played) in moves.iter().enumerate() {
        let seat = game.position().to_move();
        let analysis = analyze(&game, &limits).expect("a replayed game is not over before its last move");
        let played_score = analysis
            .moves
            .iter()
            .find(|(hole, _)| *hole == played)
            .map(|(_, score)| *score)
            .expect("every legal move is scored");
        let loss = (analysis.score - played_score).max(0);
        let classification = if analysis.moves.len() == 1 {
            Classification::Forced
        } else {
            Classification::of_loss(loss)
        };
        evaluation.push(for_a(seat, analysis.score));
        reviewed.push(ReviewedMove {
            number: index + 1,
            seat,
            played,
            best: if loss == 0 { played } else { analysis.best },
            best_score: analysis.score,
            played_score,
            loss,
            classification,
        });
        game.play(played).expect("checked by the replay");
    }
    let ended_on_board = whole.is_over();
    let last = if ended_on_board {
        let p = whole.position();
        p.captured(Seat::A) as i32 - p.captured(Seat::B) as i32
    } else {
        let seat = whole.position().to_move();
        let analysis = analyze(&whole, &limits).expect("an unfinished game has a move");
        for_a(seat, analysis.score)
    };
    evaluation.push(last);
    let seats = Seats {
        a: summary(&reviewed, Seat::A),
        b: summary(&reviewed, Seat::B),
    };
    let turning_point = reviewed
        .iter()
        .rev()
        .find(|m| m.played_score.signum() < m.best_score.signum())
        .map(|m| m.number);
    Ok(Review {
        first: start.to_move(),
        moves: reviewed,
        evaluation,
        ended_on_board,
        seats,
        turning_point,
        nodes_per_move: nodes,
    })
}

fn for_a(mover: Seat, score: i32) -> i32 {
    match mover {
        Seat::A => score,
        Seat::B => -score,
    }
}

fn summary(moves: &[ReviewedMove], seat: Seat) -> SeatSummary {
    let mut s = SeatSummary::default();
    for m in moves
        .iter()
        .filter(|m| m.seat == seat && m.classification != Classification::Forced)
    {
        s.moves += 1;
        s.total_loss += m.loss as u32;
        if m.loss <= ACCURATE_WITHIN_SEEDS {
            s.accurate += 1;
        }
        match m.classification {
            Classification::Inaccuracy => s.inaccuracies += 1,
            Classification::Mistake => s.mistakes += 1,
            Classification::Blunder => s.blunders += 1,
            Classification::Forced | Classification::Good => {}
        }
    }
    s.accuracy = (s.accurate * 100 + s.moves / 2).checked_div(s.moves).unwrap_or(100);
    s
}

/// The evaluation as a text graph at most `width` characters wide: rows
/// above the axis for A ahead, below for B, one column per move (or per
/// group of moves, the group's last value, when the game is longer than the
/// width allows). Each line is `label│columns`; labels are
/// `A+n`, `0`, `B+n` for the scale's top, axis and bottom.
pub fn evaluation_graph(evaluation: &[i32], width: usize) -> Vec<String> {
    const ROWS: i32 = 4;
    const LABEL: usize = 4;
    let columns_available = width.saturating_sub(LABEL + 1).max(1);
    let per_column = evaluation.len().div_ceil(columns_available).max(1);
    let columns: Vec<i32> = evaluation
        .chunks(per_column)
        .map(|chunk| *chunk.last().expect("chunks are not empty"))
        .collect();
    let top = columns.iter().map(|v| v.abs()).max().unwrap_or(0).max(ROWS);
    // Height of a column in rows, 0 for even, rounded up so that any lead
    // shows.
    let height = |v: i32| -> i32 { (v.abs() * ROWS + top - 1) / top * v.signum() };
    let mut lines = Vec::with_capacity(2 * ROWS as usize + 1);
    for row in (-ROWS..=ROWS).rev() {
        let label = match row {
            r if r == ROWS => format!("A+{top}"),
            0 => "0".to_string(),
            r if r == -ROWS => format!("B+{top}"),
            _ => String::new(),
        };
        let mut line = format!("{label:>LABEL$}");
        line.push(if row == 0 { '┼' } else { '│' });
        for &v in &columns {
            let h = height(v);
            let filled = (row > 0 && h >= row) || (row < 0 && h <= row);
            line.push(match (row, filled) {
                (0, _) => '─',
                (_, true) => '█',
                (_, false) => ' ',
            });
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification_thresholds() {
        assert_eq!(Classification::of_loss(0), Classification::Good);
        assert_eq!(Classification::of_loss(1), Classification::Good);
        assert_eq!(Classification::of_loss(2), Classification::Inaccuracy);
        assert_eq!(Classification::of_loss(3), Classification::Inaccuracy);
        assert_eq!(Classification::of_loss(4), Classification::Mistake);
        assert_eq!(Classification::of_loss(7), Classification::Mistake);
        assert_eq!(Classification::of_loss(8), Classification::Blunder);
        assert_eq!(Classification::of_loss(30), Classification::Blunder);
    }

    #[test]
    fn graph_fits_a_phone_and_shows_who_leads() {
        let evaluation: Vec<i32> = (0..61).map(|i: i32| (i - 30) / 2).collect();
        let lines = evaluation_graph(&evaluation, 40);
        assert_eq!(lines.len(), 9);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:#?}");
        assert!(lines[0].starts_with("A+15│"), "{lines:#?}");
        assert!(lines[4].starts_with("   0┼─"), "{lines:#?}");
        assert!(lines[8].starts_with("B+15│█"), "B leads at the start: {lines:#?}");
        assert!(lines[0].ends_with('█'), "A leads at the end: {lines:#?}");
    }
}
