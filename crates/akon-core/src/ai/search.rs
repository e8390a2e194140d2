//! The search: negamax alpha-beta (principal variation search) with iterative
//! deepening, a transposition table, move ordering and a node/time budget.
//!
//! # What a score means
//!
//! Inside the search a node's score is the **net number of seeds its player
//! to move will gain from this position to the end of the game** (in the
//! evaluation's internal units, `SCALE` per seed), not the capture difference
//! so far. A move's value is the seeds it captures minus the value of the
//! position it leads to. Because the captures made before a node do not
//! enter its score, the score depends only on the board and the player to
//! move, which is exactly what the Zobrist hash covers; the caller adds the
//! capture difference at the root to report the expected final difference.
//!
//! # The end of the game
//!
//! After every move the rules' end checks are applied in the rules' order:
//!
//! 1. *No seeds*: if the player now to move has an empty row, the player who
//!    just moved sweeps the board. The move's value is its captures plus
//!    every seed left on the board: an exact score.
//! 2. *Loop*: if no seed was captured by the move and the new position (board
//!    and player to move) occurred before in this game — in the game's real
//!    history since the last capture (`Game::loop_history`) or on the
//!    search's own path since the last capture — the game ends and the seeds
//!    on the board go to nobody: the position's future gain is 0.
//!
//! A capture lowers the seeds on the board for good, so no position before
//! it can recur: the search keeps one stack of hashes (history, then path)
//! and a floor that moves up to the current position after each capture;
//! only the hashes above the floor, with the same player to move, are
//! compared.
//!
//! # The loop rule and the transposition table
//!
//! A loop score depends on how the position was reached, not just on the
//! position, so it must not leak into the table as if it were the
//! position's value. The choice made here: a node whose subtree met a loop
//! (a counter of loop terminals changed while it was searched) stores only
//! its best move, for ordering, and never its score. Loops are rare, so the
//! table loses little. The converse case — an entry stored along a path
//! where some loop could not happen, reused along a path where it could — is
//! not detected; like every game engine with a transposition table and a
//! repetition rule we accept it: it can only misjudge a line that needs a
//! repetition of a position from the current path, it never produces an
//! illegal move, and the real game (`Game`) always applies the rule.
//!
//! # Solved subtrees
//!
//! A subtree that ended in game ends only (no evaluation at the horizon, no
//! depth-limited table entry used) has an exact value whatever the depth: it
//! is stored with the depth `SOLVED`, reused at any depth, and when a whole
//! iteration is solved the iterative deepening stops early.
//!
//! # Endgame tables
//!
//! A position with few enough seeds for the endgame tables (`tables/`),
//! reached by a move that neither ended the game nor repeated a position,
//! is scored by the tables at once: its exact value, no evaluation and no
//! search below it, so a subtree that ends in table positions is solved.
//! The loop check comes first, so a move back to a position of the game or
//! of the path is a loop (0) whatever the tables say: the tables cannot see
//! the history, the search can. What remains of the difference (a line that
//! needs a repetition deeper than the probe) is in `docs/COMPUTER.md`.
//!
//! # Move ordering
//!
//! All children are sown up front (the search needs them anyway, and knowing
//! the captures is the best ordering signal in mancala games): the table's
//! move first, then captures, biggest first, then the two killer moves of the
//! ply, then by the history heuristic. At the root the moves are ordered by
//! the previous iteration's scores.
//!
//! # Late move reductions
//!
//! In the best-move search of the strong levels (not in analysis, reviews,
//! hints or puzzles, whose scores must be what a full search finds), a
//! quiet move (no capture, not the table's move nor a killer) that comes
//! third or later at a node outside the principal variation, with at least
//! three plies left, is first searched one ply shallower; only if it then
//! beats alpha is it searched again at full depth. Well-ordered moves late
//! in the list rarely matter, and the time saved goes into deeper
//! iterations.
//!
//! # Budget
//!
//! The node count is checked at every node and the clock every 1024 nodes.
//! When either runs out the search unwinds and the deepest completed
//! iteration is used (in best-move mode, also a better move already proven
//! in the unfinished iteration). The first iteration always completes, so
//! there is always a move. With a node budget only, the search is
//! deterministic.

use std::time::Instant;

use super::eval::{capture, evaluate, EvalWeights, SCALE};
use super::tables::Tables;
use super::tt::{Bound, Table};
use super::zobrist;
use crate::engine::{Game, Hole, Position, HOLES_PER_ROW};

/// Deepest ply the search's arrays allow.
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any score: a game holds 70 seeds, `70 * SCALE` at most.
const INF: i32 = 30_000;
/// Nodes this close to the horizon neither read nor write the table.
const TABLE_MIN_DEPTH: i32 = 4;
/// Half-width of the root's aspiration windows.
const ASPIRATION: i32 = SCALE;
/// Depth stored for a subtree whose value is exact at any depth.
const SOLVED: i32 = 250;
/// Late move reductions: from this many plies left, a quiet move ordered
/// after the first `LATE_MOVE` moves is first searched a ply shallower.
const REDUCTION_MIN_DEPTH: i32 = 3;
const LATE_MOVE: usize = 2;

/// How the search is to be run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    pub max_depth: u32,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// Score every root move exactly (each with a full window), for analysis
    /// and for the levels that choose among good moves at random. Otherwise
    /// only the best move's score is exact and the others are upper bounds.
    pub exact_root: bool,
    pub weights: EvalWeights,
    pub tt_bits: u32,
    /// Endgame tables to probe at every position they hold.
    pub tables: Option<&'static Tables>,
    /// Search late quiet moves a ply shallower first (see the module
    /// documentation): deeper in the same time, but a move's score may be
    /// an estimate where a full search would have found it exact. For the
    /// best-move search of the strong levels; analysis keeps it off.
    pub late_move_reductions: bool,
}

/// One root move and its score (internal units, future gain).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootScore {
    pub hole: Hole,
    pub score: i32,
    /// False when the score is only an upper bound (best-move mode).
    pub exact: bool,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub best: Hole,
    /// Future net gain of the player to move, internal units.
    pub score: i32,
    /// Plies of the deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Hole>,
    /// Every legal root move, by hole number.
    pub moves: Vec<RootScore>,
    /// The deepest completed iteration met no horizon: every line ended
    /// in a game end or a position of the endgame tables, so the scores
    /// are the true values (exact, not estimates).
    pub exact: bool,
}

/// What the deepest iteration completed so far found (in best-move mode,
/// updated by a better move the unfinished iteration proved).
struct Completed {
    best_move: Hole,
    /// The best move's score: future gain, internal units.
    best_score: i32,
    /// Plies of the iteration.
    depth: u32,
    /// The best move, then the expected replies.
    principal_variation: Vec<Hole>,
    /// Every legal root move, by hole number.
    root_scores: Vec<RootScore>,
    /// No horizon was met (see [`Outcome::exact`]).
    exact: bool,
}

/// A root move with what the search knows about it.
#[derive(Clone, Copy)]
struct RootMove {
    hole: Hole,
    child: Position,
    hash: u64,
    captured: u8,
    score: i32,
    exact: bool,
}

struct Searcher {
    tt: Table,
    tables: Option<&'static Tables>,
    weights: EvalWeights,
    late_move_reductions: bool,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// The budget is only enforced once the first iteration is done.
    can_stop: bool,
    stopped: bool,
    /// Loop terminals met so far (see the module documentation).
    loops: u64,
    /// Horizon evaluations and depth-limited table cutoffs so far.
    horizon: u64,
    /// Hashes of the positions since the game's last capture, then of the
    /// search path; the current node's hash is on top.
    stack: Vec<u64>,
    /// Index in `stack` of the first position since the last capture.
    floor: usize,
    /// Per ply, the two latest quiet moves that caused a cutoff.
    killers: [[Option<Hole>; 2]; MAX_PLY],
    history: [[u32; HOLES_PER_ROW]; 2],
    /// Per ply, the line found from that ply; only the first `pv_len[ply]`
    /// holes of a row are meaningful.
    pv: Box<[[Hole; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
}

// The killers and the table's moves are `Option<Hole>`, read at every node:
// the engine's `Hole` has a niche so that they cost no more than a raw `u8`.
const _: () = assert!(std::mem::size_of::<Option<Hole>>() == 1);

/// Searches the position the game has reached. `None` if the game is over.
pub(crate) fn search(game: &Game, params: &Params) -> Option<Outcome> {
    if game.is_over() {
        return None;
    }
    let root = *game.position();
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let mut searcher = Searcher {
        tt: Table::new(params.tt_bits),
        tables: params.tables,
        weights: params.weights,
        late_move_reductions: params.late_move_reductions,
        nodes: 0,
        max_nodes: params.max_nodes,
        deadline: params.deadline,
        can_stop: false,
        stopped: false,
        loops: 0,
        horizon: 0,
        stack: Vec::with_capacity(256),
        floor: 0,
        killers: [[None; 2]; MAX_PLY],
        history: [[0; HOLES_PER_ROW]; 2],
        pv: Box::new([[Hole::ALL[0]; MAX_PLY]; MAX_PLY]),
        pv_len: [0; MAX_PLY],
    };
    searcher.stack.extend(
        game.loop_history()
            .map(|(board, seat)| zobrist::hash_board(&board, seat)),
    );
    let root_hash = zobrist::hash(&root);
    if searcher.stack.last() != Some(&root_hash) {
        // Not expected (the history ends with the current position), but
        // the search must know the root either way.
        searcher.stack.push(root_hash);
    }
    Some(searcher.root(&root, legal, params))
}

impl Searcher {
    fn root(&mut self, root: &Position, legal: crate::engine::HoleSet, params: &Params) -> Outcome {
        let mut moves: Vec<RootMove> = legal
            .iter()
            .map(|hole| {
                let mut child = *root;
                let captured = child.play_unchecked(hole).captured;
                RootMove {
                    hole,
                    child,
                    hash: zobrist::hash(&child),
                    captured,
                    score: -INF,
                    exact: false,
                }
            })
            .collect();
        // Captures first for the first iteration; later, previous scores.
        moves.sort_by_key(|m| std::cmp::Reverse(m.captured));

        let max_depth = params.max_depth.clamp(1, (MAX_PLY - 2) as u32);
        let mut result: Option<Completed> = None;
        for depth in 1..=max_depth {
            self.can_stop = depth > 1;
            let horizon_before = self.horizon;
            let mut alpha = -INF;
            // Index in `moves` of this iteration's best so far, and its line.
            let mut best: Option<usize> = None;
            let mut best_pv: Vec<Hole> = Vec::new();
            for i in 0..moves.len() {
                let m = moves[i];
                self.pv_len[1] = 0;
                let d = depth as i32 - 1;
                let (score, exact) = if params.exact_root || i == 0 {
                    let guess = (depth > 1 && m.exact).then_some(m.score);
                    (self.exact_score(&m, d, guess), true)
                } else {
                    let probe = self.child(&m.child, m.captured, m.hash, d, 1, alpha, alpha + 1, false);
                    if probe > alpha && !self.stopped {
                        self.pv_len[1] = 0;
                        let score = self.child(&m.child, m.captured, m.hash, d, 1, alpha, INF, true);
                        (score, score > alpha)
                    } else {
                        (probe, false)
                    }
                };
                if self.stopped {
                    break;
                }
                moves[i].score = score;
                moves[i].exact = exact;
                if best.is_none_or(|b| score > moves[b].score) {
                    best = Some(i);
                    best_pv.clear();
                    best_pv.push(m.hole);
                    best_pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
                    alpha = alpha.max(score);
                }
            }
            if self.stopped {
                // Best-move mode: a move proven in the unfinished iteration
                // is better informed than the last complete one.
                if !params.exact_root {
                    if let (Some(b), Some(done)) = (best, result.as_mut()) {
                        done.best_move = moves[b].hole;
                        done.best_score = moves[b].score;
                        done.principal_variation = best_pv;
                        done.exact = false;
                    }
                }
                break;
            }
            let b = best.expect("every root move searched");
            let mut scores: Vec<RootScore> = moves
                .iter()
                .map(|m| RootScore {
                    hole: m.hole,
                    score: m.score,
                    exact: m.exact,
                })
                .collect();
            scores.sort_by_key(|s| s.hole);
            let solved = self.horizon == horizon_before;
            result = Some(Completed {
                best_move: moves[b].hole,
                best_score: moves[b].score,
                depth,
                principal_variation: best_pv,
                root_scores: scores,
                exact: solved,
            });
            // Best first, then by score: a stable sort keeps ties in order.
            let best_hole = moves[b].hole;
            moves.sort_by_key(|m| (m.hole != best_hole, std::cmp::Reverse(m.score)));
            if solved || self.out_of_time() {
                break;
            }
        }
        let done = result.expect("the first iteration always completes");
        Outcome {
            best: done.best_move,
            score: done.best_score,
            depth: done.depth,
            nodes: self.nodes,
            pv: done.principal_variation,
            moves: done.root_scores,
            exact: done.exact,
        }
    }

    /// The exact score of a root move: first within a narrow window round
    /// the previous iteration's score (aspiration), which usually holds and
    /// is cheaper to prove, else with the full window.
    fn exact_score(&mut self, m: &RootMove, depth: i32, guess: Option<i32>) -> i32 {
        if let Some(guess) = guess {
            let (low, high) = (guess - ASPIRATION, guess + ASPIRATION);
            self.pv_len[1] = 0;
            let score = self.child(&m.child, m.captured, m.hash, depth, 1, low, high, true);
            if self.stopped || (low < score && score < high) {
                return score;
            }
        }
        self.pv_len[1] = 0;
        self.child(&m.child, m.captured, m.hash, depth, 1, -INF, INF, true)
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The value, for the player who moved, of a move that led to `child`
    /// capturing `captured` seeds: the rules' end checks, then the search.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &Position,
        captured: u8,
        hash: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
    ) -> i32 {
        let gain = captured as i32 * SCALE;
        // End 1, no seeds: the mover sweeps the board.
        if child.row_total(child.to_move()) == 0 {
            self.nodes += 1;
            return gain + child.board_total() as i32 * SCALE;
        }
        // End 2, loop: only possible when nothing was captured.
        if captured == 0 && self.repeats(hash) {
            self.nodes += 1;
            self.loops += 1;
            return 0;
        }
        // A position the endgame tables hold: its value, no search. Only
        // after the loop check, so a position that repeats one of the game
        // or of the path is a loop whatever the tables say.
        if let Some(value) = self.tables.and_then(|tables| tables.probe(child)) {
            self.nodes += 1;
            return gain - value * SCALE;
        }
        let floor = self.floor;
        if captured > 0 {
            self.floor = self.stack.len();
        }
        self.stack.push(hash);
        let value = gain - self.node(child, hash, depth, ply, gain - beta, gain - alpha, pv);
        self.stack.pop();
        self.floor = floor;
        value
    }

    /// Whether the position `hash` (just reached, not yet on the stack)
    /// occurred since the last capture. The top of the stack is the position
    /// before it, with the other player to move, so only every other entry
    /// below can match.
    #[inline]
    fn repeats(&self, hash: u64) -> bool {
        let mut i = self.stack.len() as isize - 2;
        while i >= self.floor as isize {
            if self.stack[i as usize] == hash {
                return true;
            }
            i -= 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn node(&mut self, pos: &Position, hash: u64, depth: i32, ply: usize, mut alpha: i32, beta: i32, pv: bool) -> i32 {
        self.nodes += 1;
        if self.can_stop
            && (self.nodes >= self.max_nodes
                || (self.nodes & 1023 == 0 && self.deadline.is_some() && self.out_of_time()))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        self.pv_len[ply] = 0;
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.horizon += 1;
            return evaluate(pos, &self.weights);
        }

        let mut tt_move = None;
        let use_table = depth >= TABLE_MIN_DEPTH;
        if let Some(entry) = if use_table { self.tt.probe(hash) } else { None } {
            tt_move = entry.best;
            if !pv && entry.depth >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if cut {
                    if entry.depth < SOLVED {
                        self.horizon += 1;
                    }
                    return entry.score;
                }
            }
        }

        // Give every legal move an ordering key; the captures are counted
        // without sowing, and a move is only sown when its turn comes.
        // The first `n` entries are the legal moves.
        let mut captured = [0u8; HOLES_PER_ROW];
        let mut holes = Hole::ALL;
        let mut keys = [0u32; HOLES_PER_ROW];
        let side = pos.to_move().index();
        let killers = self.killers[ply];
        let mut n = 0;
        for hole in pos.legal_moves() {
            let taken = capture(pos, hole);
            captured[n] = taken;
            holes[n] = hole;
            keys[n] = if Some(hole) == tt_move {
                1 << 30
            } else if taken > 0 {
                (1 << 29) + taken as u32
            } else if Some(hole) == killers[0] {
                (1 << 28) + 1
            } else if Some(hole) == killers[1] {
                1 << 28
            } else {
                self.history[side][hole.index()].min((1 << 28) - 1)
            };
            n += 1;
        }

        let loops_before = self.loops;
        let horizon_before = self.horizon;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_hole = None;
        for i in 0..n {
            // Selection sort, one step: the best remaining key to `i`.
            let mut top = i;
            for j in i + 1..n {
                if keys[j] > keys[top] {
                    top = j;
                }
            }
            if top != i {
                captured.swap(i, top);
                holes.swap(i, top);
                keys.swap(i, top);
            }
            let mut child = *pos;
            child.play_unchecked(holes[i]);
            let child_hash = zobrist::hash(&child);
            self.pv_len[ply + 1] = 0;
            let value = if i == 0 {
                self.child(&child, captured[i], child_hash, depth - 1, ply + 1, alpha, beta, pv)
            } else {
                // Neither the table's move, a capture nor a killer.
                let quiet = keys[i] < 1 << 28;
                let reduced =
                    self.late_move_reductions && !pv && quiet && i >= LATE_MOVE && depth >= REDUCTION_MIN_DEPTH;
                let mut probe = -INF;
                if reduced {
                    probe = self.child(
                        &child,
                        captured[i],
                        child_hash,
                        depth - 2,
                        ply + 1,
                        alpha,
                        alpha + 1,
                        false,
                    );
                }
                if !reduced || (probe > alpha && !self.stopped) {
                    probe = self.child(
                        &child,
                        captured[i],
                        child_hash,
                        depth - 1,
                        ply + 1,
                        alpha,
                        alpha + 1,
                        false,
                    );
                }
                if pv && probe > alpha && probe < beta && !self.stopped {
                    self.pv_len[ply + 1] = 0;
                    self.child(&child, captured[i], child_hash, depth - 1, ply + 1, alpha, beta, true)
                } else {
                    probe
                }
            };
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                best_hole = Some(holes[i]);
                if value > alpha {
                    alpha = value;
                    if pv {
                        let len = self.pv_len[ply + 1];
                        let (upper, lower) = self.pv.split_at_mut(ply + 1);
                        upper[ply][0] = holes[i];
                        upper[ply][1..=len].copy_from_slice(&lower[0][..len]);
                        self.pv_len[ply] = len + 1;
                    }
                    if value >= beta {
                        if captured[i] == 0 {
                            if self.killers[ply][0] != Some(holes[i]) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(holes[i]);
                            }
                            let h = &mut self.history[side][holes[i].index()];
                            *h = h.saturating_add((depth * depth) as u32);
                        }
                        break;
                    }
                }
            }
        }

        if !use_table {
        } else if self.loops != loops_before {
            // The value depends on the path (a loop was met): keep the move only.
            self.tt.store(hash, best_hole, -1, 0, Bound::Exact);
        } else {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored_depth = if self.horizon == horizon_before { SOLVED } else { depth };
            self.tt.store(hash, best_hole, stored_depth, best, bound);
        }
        best
    }
}
