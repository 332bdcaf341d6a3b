//! One search thread: iterative deepening over the root moves, principal-variation
//! alpha-beta below them, and quiescence at the leaves.

use super::game::{Evaluator, SearchGame};
use super::limits::{Budget, Limits};
use super::see::see_ge;
use super::tt::{Bound, TtEntry};
use super::{
    raw_score, HelperResult, Info, Score, SearchResult, Shared, INFINITE, MATE, MATE_BOUND,
    MAX_DEPTH, MAX_PLY,
};
use std::sync::atomic::Ordering;

/// Ordering scores from here up are killers, not history.
const KILLER_FLOOR: i32 = 800_000_000;

/// History score worth one ply of late-move reduction (history stays within about +-16,000).
const LMR_HISTORY_DIVISOR: i32 = 8_000;

/// Ordering score of a capture that loses material by static exchange: after every quiet
/// move (history scores stay far above it).
const LOSING_CAPTURE: i32 = -1_000_000_000;

/// Static-exchange pruning: deepest remaining depth, and the loss allowed per ply of depth
/// (captures) or per square of depth (quiet moves).
const SEE_PRUNE_DEPTH: i32 = 6;
const SEE_CAPTURE_MARGIN: i32 = 150;
const SEE_QUIET_MARGIN: i32 = 60;

/// Deepest remaining depth at which a node far above beta is cut on its static score, and
/// the margin per ply of depth it must be above beta by.
const REVERSE_FUTILITY_DEPTH: i32 = 4;
const REVERSE_FUTILITY_MARGIN: i32 = 90;

/// Deepest remaining depth at which quiet moves are pruned by their place in the ordering
/// (late-move pruning, `3 + depth²` quiet moves tried where the side to move is improving,
/// half as many where not) and by static exchange; futility pruning (static score far below
/// alpha) stays within [`FUTILITY_DEPTH`].
const LATE_MOVE_PRUNING_DEPTH: i32 = 7;
const FUTILITY_DEPTH: i32 = 3;

/// Late-move reductions grow as `ln(depth) * ln(move number) / LMR_DIVISOR`.
const LMR_DIVISOR: f64 = 1.75;

/// Singular extensions: shallowest depth, how much shallower the table's bound may be, and
/// the margin below the table's score (per ply of depth) the other moves must stay under.
const SINGULAR_DEPTH: i32 = 7;
const SINGULAR_TT_SLACK: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;

/// Node count between looks at the clock, the stop flag and the node limit.
const CHECK_EVERY: u64 = 1024;

/// No new iteration starts after this share of the planned time (scaled by how settled the
/// best move is): the next one would likely take longer than everything before it.
const NEXT_ITERATION_SHARE: f64 = 0.6;

/// A proven mate in `n` plies stops the iterations once the depth exceeds `2n` plus this.
const MATE_MARGIN: i32 = 4;

/// What the time management remembers between iterations: the best move, for how many
/// iterations it has stayed, and the score of each iteration.
#[derive(Default)]
struct IterationClock<M> {
    best: Option<M>,
    stable_for: u32,
    scores: Vec<i32>,
}

impl<M: PartialEq + Copy> IterationClock<M> {
    fn record(&mut self, best: M, score: i32) {
        if self.best == Some(best) {
            self.stable_for += 1;
        } else {
            self.best = Some(best);
            self.stable_for = 0;
        }
        self.scores.push(score);
    }

    /// Factor on the planned time: more when the best move keeps changing or the score falls
    /// against two iterations ago, less when the move has been the same for many iterations.
    fn scale(&self, best_move_changes: f64) -> f64 {
        let instability = 1.0 + 1.5 * best_move_changes.min(2.0);
        let n = self.scores.len();
        let falling = if n >= 3 {
            let (before, now) = (self.scores[n - 3], self.scores[n - 1]);
            if before.abs() < MATE_BOUND && now.abs() < MATE_BOUND {
                (1.0 + (before - now) as f64 / 80.0).clamp(0.7, 1.8)
            } else {
                1.0
            }
        } else {
            1.0
        };
        let settled = if self.stable_for >= 6 { 0.7 } else { 1.0 };
        (instability * falling * settled).clamp(0.4, 2.5)
    }
}

#[derive(Clone)]
struct RootMove<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
}

pub(crate) struct Worker<'a, G: SearchGame, E> {
    shared: &'a Shared<'a>,
    eval: &'a E,
    id: usize,
    nodes: u64,
    unflushed: u64,
    seldepth: usize,
    stopped: bool,
    killers: Vec<[u32; 2]>,
    /// Butterfly history (side, from-cell, to-cell), kept by the `Search` from one search
    /// to the next.
    history: &'a mut [i32],
    pv: Vec<Vec<G::Move>>,
    move_stack: Vec<Vec<G::Move>>,
    score_stack: Vec<Vec<i32>>,
    /// Quiet moves searched so far at each ply (kept per ply so no node allocates).
    quiet_stack: Vec<Vec<G::Move>>,
    root: Vec<RootMove<G::Move>>,
    /// The move a singular-extension search at each ply leaves out (0: none).
    excluded: Vec<u32>,
    /// The static score of the node at each ply of the current line (`-INFINITE` in check),
    /// from which a node sees whether its side is improving.
    static_evals: Vec<i32>,
    lmr: Vec<[u8; 64]>,
    /// How often the best root move changed, halved every iteration (time management).
    best_move_changes: f64,
    /// A root move other than the first beat it in the current iteration: if the iteration is
    /// cut short, that move (searched to the new depth) is the better answer.
    root_improved: bool,
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Step 2 of `negamax`: the table's score where its entry is deep enough and its bound
/// settles a non-PV node's window.
#[inline(always)]
fn tt_cutoff(
    e: TtEntry,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    pv_node: bool,
) -> Option<i32> {
    if pv_node || e.depth < depth {
        return None;
    }
    let s = from_tt(e.score, ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

/// Step 5 of `negamax`: the bound the other moves must stay under for the hash move to be
/// singular, when the table says the hash move fails high (or is exact) at nearly this
/// depth.
#[inline(always)]
fn singular_beta(e: TtEntry, depth: i32, excluded: u32) -> Option<i32> {
    (depth >= SINGULAR_DEPTH
        && excluded == 0
        && e.move_id != 0
        && e.bound != Bound::Upper
        && e.depth >= depth - SINGULAR_TT_SLACK
        && e.score.abs() < MATE_BOUND)
        .then(|| e.score - SINGULAR_MARGIN * depth)
}

/// What a node's move loop may prune (step 5 of `negamax`). Near the leaves, quiet moves
/// are not searched once one move has been when the position is too far below alpha for a
/// quiet move to lift it (futility, the last three plies), or when they come late in an
/// ordering that has already tried the promising ones (the last seven). A quiet move that
/// wins on the spot (a Diagonal Chess pawn reaching its corner) is never cut. Moves that
/// lose material by static exchange are skipped too: captures losing more than a margin
/// growing with depth, quiet moves (in the pruning plies) that put a piece where it is
/// lost. Checks never.
struct MovePruning {
    prune_quiets: bool,
    futile: bool,
    late_quiets: usize,
    see_prune: bool,
}

impl MovePruning {
    #[inline(always)]
    fn plan(
        depth: i32,
        alpha: i32,
        static_eval: i32,
        pv_node: bool,
        in_check: bool,
        improving: bool,
    ) -> Self {
        let prune_quiets =
            !pv_node && !in_check && depth <= LATE_MOVE_PRUNING_DEPTH && alpha.abs() < MATE_BOUND;
        MovePruning {
            prune_quiets,
            futile: prune_quiets
                && depth <= FUTILITY_DEPTH
                && static_eval + 80 + 100 * depth <= alpha,
            late_quiets: ((3 + depth * depth) / if improving { 1 } else { 2 }) as usize,
            see_prune: !pv_node && !in_check && depth <= SEE_PRUNE_DEPTH,
        }
    }

    /// Whether the node now skips its non-checking quiet moves (the caller checks that one
    /// move has been searched and no mate is being fended off).
    #[inline(always)]
    fn skips_quiets<M>(&self, quiets_tried: &[M]) -> bool {
        self.prune_quiets && (self.futile || quiets_tried.len() >= self.late_quiets)
    }
}

/// What the singular-extension test (step 6b of `negamax`) found.
enum Singular {
    Extend,
    No,
    /// The node ends with this score (several moves fail high, or the search stopped).
    Cut(i32),
}

/// A move after the first, as its late-move reduction sees it (step 6e of `negamax`).
struct LateMove {
    index: usize,
    order_score: i32,
    tactical: bool,
    in_check: bool,
    gives_check: bool,
}

/// Whether the side to move stands better by its static score than at its previous turn
/// (two plies up, or four where it was in check then; with neither known, it is taken as
/// improving, which prunes less). A side that is not improving has its late quiet moves
/// pruned sooner; a side that is has its node cut on its static score a ply's margin
/// sooner.
fn improving(static_evals: &[i32], ply: usize, static_eval: i32) -> bool {
    if static_eval == -INFINITE {
        return false;
    }
    [2, 4]
        .iter()
        .filter(|&&back| back <= ply)
        .map(|&back| static_evals[ply - back])
        .find(|&before| before != -INFINITE)
        .is_none_or(|before| static_eval > before)
}

impl<'a, G: SearchGame, E: Evaluator<G>> Worker<'a, G, E> {
    pub fn new(shared: &'a Shared<'a>, eval: &'a E, id: usize, history: &'a mut [i32]) -> Self {
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let v = 0.75 + (d as f64).ln() * (i as f64).ln() / LMR_DIVISOR;
                        *r = v.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Worker {
            shared,
            eval,
            id,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stopped: false,
            killers: vec![[0; 2]; MAX_PLY + 2],
            history,
            pv: vec![Vec::new(); MAX_PLY + 2],
            move_stack: vec![Vec::new(); MAX_PLY + 2],
            score_stack: vec![Vec::new(); MAX_PLY + 2],
            quiet_stack: vec![Vec::new(); MAX_PLY + 2],
            root: Vec::new(),
            excluded: vec![0; MAX_PLY + 2],
            static_evals: vec![-INFINITE; MAX_PLY + 2],
            lmr,
            best_move_changes: 0.0,
            root_improved: false,
        }
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Counts a node and, now and then, looks at the limits.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.flush_nodes();
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.id == 0 {
                let over_time = self
                    .shared
                    .timing()
                    .is_some_and(|(from, b)| b.hard.is_some_and(|h| from.elapsed() >= h));
                let over_nodes = self
                    .shared
                    .node_limit
                    .is_some_and(|n| self.shared.nodes.load(Ordering::Relaxed) >= n);
                if over_time || over_nodes {
                    self.shared.stop.store(true, Ordering::Relaxed);
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn history_index(&self, pos: &G, m: G::Move) -> usize {
        let (f, t) = G::from_to(m);
        pos.side_to_move().index() * 65536 + (f & 255) * 256 + (t & 255)
    }

    fn reward(&mut self, pos: &G, m: G::Move, depth: i32, good: bool) {
        let i = self.history_index(pos, m);
        let bonus = (depth * depth).min(400) * if good { 1 } else { -1 };
        let h = &mut self.history[i];
        *h += bonus * 32 - *h * bonus.abs() / 512;
    }

    /// Orders moves: hash move, winning captures and promotions, killers, history.
    fn score_moves(
        &self,
        pos: &G,
        moves: &[G::Move],
        tt_move: u32,
        ply: usize,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        let killers = self.killers[ply];
        for &m in moves {
            let id = G::move_id(m);
            let s = if id == tt_move {
                2_000_000_000
            } else if pos.is_tactical(m) {
                if see_ge(pos, m, 0) {
                    1_000_000_000 + pos.tactical_order(m)
                } else {
                    LOSING_CAPTURE + pos.tactical_order(m)
                }
            } else if id == killers[0] {
                900_000_000
            } else if id == killers[1] {
                800_000_000
            } else {
                self.history[self.history_index(pos, m)]
            };
            out.push(s);
        }
    }

    /// Picks the best remaining move into slot `i` (selection sort, lazily).
    #[inline]
    fn pick(moves: &mut [G::Move], scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    }

    /// Returns a node's move, score and quiet-move lists to their per-ply slots, so the
    /// next node at this ply reuses their memory.
    fn give_back(
        &mut self,
        ply: usize,
        moves: Vec<G::Move>,
        scores: Vec<i32>,
        quiets: Vec<G::Move>,
    ) {
        self.move_stack[ply] = moves;
        self.score_stack[ply] = scores;
        self.quiet_stack[ply] = quiets;
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence search of a node whose check status `in_check` the caller already knows
    /// (the main search looks before it hands a leaf over, and a parent after each move:
    /// looking again repeated an attack test at every node).
    fn qsearch(
        &mut self,
        pos: &mut G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.eval.evaluate(pos) };
        }
        if let Some(verdict) = pos.decided_by_rule() {
            return verdict.score(ply);
        }
        let mut moves = std::mem::take(&mut self.move_stack[ply]);
        moves.clear();
        let mut best = -INFINITE;
        if in_check {
            // Every evasion; none at all is mate (or the goal reached) or stalemate.
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                self.move_stack[ply] = moves;
                return if pos.no_moves_is_loss() {
                    -MATE + ply as i32
                } else {
                    pos.stalemate_score(ply)
                };
            }
        } else {
            // Stalemate is left to the main search; a goal reached is not.
            if pos.lost_by_rule() {
                self.move_stack[ply] = moves;
                return -MATE + ply as i32;
            }
            let stand_pat = self.eval.evaluate(pos);
            if stand_pat >= beta {
                self.move_stack[ply] = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            pos.tactical_moves_into(&mut moves);
        }
        let mut scores = std::mem::take(&mut self.score_stack[ply]);
        self.score_moves(pos, &moves, 0, ply, &mut scores);
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let m = moves[i];
            // Captures that lose material by static exchange cannot lift a quiet position:
            // ordered last, they end the loop (not when evading check, where every move counts).
            if !in_check && scores[i] < 0 {
                break;
            }
            let undo = pos.make_move(m);
            let gives_check = pos.in_check();
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, gives_check);
            pos.unmake_move(m, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_stack[ply] = moves;
        self.score_stack[ply] = scores;
        best
    }

    /// Principal-variation alpha-beta, in numbered steps (each a method below, as Stockfish
    /// numbers its search). `in_check` is whether the side to move is in check: the caller
    /// has just looked (whether its move gave check), and looking again here would repeat
    /// the attack test at every node.
    #[allow(clippy::too_many_arguments)] // the classic alpha-beta signature reads best flat
    fn negamax(
        &mut self,
        pos: &mut G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        null_ok: bool,
        in_check: bool,
    ) -> i32 {
        // Step 1. Leaves go to quiescence; stop, draws by rule, the ply limit and
        // mate-distance pruning end the node at once.
        self.pv[ply].clear();
        if depth <= 0 && !in_check {
            return self.qsearch(pos, alpha, beta, ply, false);
        }
        if let Some(score) = self.early_exit(pos, &mut alpha, &mut beta, ply, in_check) {
            return score;
        }
        let depth = depth.max(1);

        // Step 2. The transposition table: a deep enough bound ends a non-PV node. A
        // singular-extension search of this node (same position, one move left out) takes
        // nothing from the table and stores nothing in it.
        let key = pos.key();
        let excluded = self.excluded[ply];
        let tt = if excluded == 0 {
            self.shared.tt.probe(key)
        } else {
            None
        };
        let tt_move = tt.map_or(0, |e| e.move_id);
        if let Some(score) = tt.and_then(|e| tt_cutoff(e, depth, alpha, beta, ply, pv_node)) {
            return score;
        }

        // Step 3. The legal moves; none is mate or stalemate.
        let mut moves = std::mem::take(&mut self.move_stack[ply]);
        moves.clear();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.move_stack[ply] = moves;
            return if pos.no_moves_is_loss() {
                -MATE + ply as i32
            } else {
                pos.stalemate_score(ply)
            };
        }

        // Step 4. Static evaluation; reverse futility and null move may end the node.
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.eval.evaluate(pos)
        };
        self.static_evals[ply] = static_eval;
        let improving = improving(&self.static_evals, ply, static_eval);
        if !pv_node && !in_check && excluded == 0 && beta.abs() < MATE_BOUND {
            if let Some(score) =
                self.prune_node(pos, depth, beta, ply, static_eval, improving, null_ok)
            {
                self.move_stack[ply] = moves;
                return score;
            }
        }

        // Step 5. Order the moves and plan what the loop may prune or extend.
        let mut scores = std::mem::take(&mut self.score_stack[ply]);
        self.score_moves(pos, &moves, tt_move, ply, &mut scores);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = moves[0];
        let mut quiets_tried = std::mem::take(&mut self.quiet_stack[ply]);
        quiets_tried.clear();
        let plan = MovePruning::plan(depth, alpha, static_eval, pv_node, in_check, improving);
        let singular = tt.and_then(|e| singular_beta(e, depth, excluded));

        // Step 6. The move loop.
        for i in 0..moves.len() {
            // 6a. Pick the next move (once quiet moves are skipped and the ordering has
            // passed the killers, the rest is taken as it lies: of it only checks and
            // captures are searched, and the order among those few is not worth a scan).
            let quiets_pruned = i > 0 && best > -MATE_BOUND && plan.skips_quiets(&quiets_tried);
            if !(quiets_pruned && scores[i - 1] < KILLER_FLOOR) {
                Self::pick(&mut moves, &mut scores, i);
            }
            let m = moves[i];
            if excluded != 0 && G::move_id(m) == excluded {
                continue;
            }

            // 6b. Singular extension of the hash move, or a cut when several moves fail high.
            let mut singular_extension = false;
            if let Some(singular_beta) = singular.filter(|_| G::move_id(m) == tt_move) {
                match self.singular_test(pos, depth, ply, tt_move, singular_beta, beta, in_check) {
                    Singular::Extend => singular_extension = true,
                    Singular::No => {}
                    Singular::Cut(score) => {
                        self.give_back(ply, moves, scores, quiets_tried);
                        return score;
                    }
                }
            }

            // 6c. Pruning: skipped quiet moves and moves losing by static exchange are
            // taken back unless they give check or win on the spot.
            let tactical = pos.is_tactical(m);
            let see_losing = plan.see_prune
                && i > 0
                && best > -MATE_BOUND
                && if tactical {
                    scores[i] < 0 && !see_ge(pos, m, -SEE_CAPTURE_MARGIN * depth)
                } else {
                    plan.prune_quiets && !see_ge(pos, m, -SEE_QUIET_MARGIN * depth * depth)
                };
            let mut undo = pos.make_move(m);
            let gives_check = pos.in_check();
            if ((quiets_pruned && !tactical) || see_losing) && !gives_check && !pos.lost_by_rule() {
                pos.unmake_move(m, undo);
                continue;
            }

            // 6d. Check extension, unless the check loses material by static exchange (a
            // capture's ordering score says so; a quiet check is looked at from the
            // position before it).
            let extend = gives_check
                && if tactical {
                    scores[i] >= 0
                } else {
                    pos.unmake_move(m, undo);
                    let safe = see_ge(pos, m, 0);
                    undo = pos.make_move(m);
                    safe
                };
            let new_depth = depth - 1 + (extend || singular_extension) as i32;

            // 6e. Search the move: the first with the full window, later ones reduced and
            // with a null window first.
            let score = if i == 0 {
                -self.negamax(
                    pos,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                    true,
                    gives_check,
                )
            } else {
                let late = LateMove {
                    index: i,
                    order_score: scores[i],
                    tactical,
                    in_check,
                    gives_check,
                };
                self.search_late_move(pos, depth, new_depth, alpha, beta, ply, pv_node, late)
            };
            pos.unmake_move(m, undo);
            if self.stopped {
                self.give_back(ply, moves, scores, quiets_tried);
                return 0;
            }

            // 6f. A new best move; a cut rewards a quiet move and punishes the quiet ones
            // tried before it.
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if !tactical {
                            self.reward_cutoff(pos, m, depth, ply, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(m);
            }
        }

        // Step 7. Store the result. A singular-extension search stores nothing; with no
        // other move searched (all pruned, or none), the left-out move is singular.
        self.give_back(ply, moves, scores, quiets_tried);
        if excluded != 0 {
            return if best == -INFINITE { alpha } else { best };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            TtEntry {
                move_id: if bound == Bound::Upper {
                    0
                } else {
                    G::move_id(best_move)
                },
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
        best
    }

    /// Step 1 of `negamax`: a score that ends the node before anything is generated (stop,
    /// a draw by rule, the ply limit, a window closed by mate distance); narrows the window
    /// to what a mate already found nearer the root leaves possible.
    #[inline(always)]
    fn early_exit(
        &mut self,
        pos: &G,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
        in_check: bool,
    ) -> Option<i32> {
        if self.tick() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(verdict) = pos.decided_by_rule() {
            return Some(verdict.score(ply));
        }
        if pos.is_draw_by_rule() {
            return Some(0);
        }
        if ply >= MAX_PLY {
            return Some(if in_check { 0 } else { self.eval.evaluate(pos) });
        }
        // Mate-distance pruning: no line from here beats a mate already found nearer the root.
        *alpha = (*alpha).max(-MATE + ply as i32);
        *beta = (*beta).min(MATE - ply as i32 - 1);
        (*alpha >= *beta).then_some(*alpha)
    }

    /// Step 4 of `negamax`, for a non-PV node not in check: a score that ends the node on its
    /// static evaluation (reverse futility) or because passing still fails high (null move).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn prune_node(
        &mut self,
        pos: &mut G,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        improving: bool,
        null_ok: bool,
    ) -> Option<i32> {
        // Reverse futility: far above beta at shallow depth. Not above depth 4: the
        // defender's node after a quiet key move of a mate in two has depth 5 in a search
        // of depth 6 (2N + 2), and its static score, however good, knows nothing of the
        // threat (issue 10: such a Star Trek mate was missed at depth 6).
        // An improving side is trusted a ply's margin sooner.
        let margin = REVERSE_FUTILITY_MARGIN * (depth - improving as i32);
        if depth <= REVERSE_FUTILITY_DEPTH && static_eval - margin >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still fails high, the position is good enough. At every
        // depth: below depth 4 the pass is answered by quiescence, which settles a shallow
        // node far more cheaply than searching its moves (three quarters of a chess search's
        // nodes had depth 1 or 2 when the null move began at depth 3).
        if null_ok && static_eval >= beta && pos.has_non_pawn_material() {
            let r = 3 + depth / 6;
            let undo = pos.make_null();
            let score = -self.negamax(
                pos,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                false,
                false,
            );
            pos.unmake_null(undo);
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// Step 6b of `negamax`: the other moves searched at half depth against a bound a
    /// little below the hash move's table score. None reaching it makes the hash move
    /// singular (a ply more); if they do and even that bound is above beta, several moves
    /// fail high and the node is cut.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn singular_test(
        &mut self,
        pos: &mut G,
        depth: i32,
        ply: usize,
        tt_move: u32,
        singular_beta: i32,
        beta: i32,
        in_check: bool,
    ) -> Singular {
        self.excluded[ply] = tt_move;
        let s = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            false,
            false,
            in_check,
        );
        self.excluded[ply] = 0;
        // That search ran at this ply: its line is not this node's.
        self.pv[ply].clear();
        if self.stopped {
            Singular::Cut(0)
        } else if s < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Step 6e of `negamax` for every move after the first: a late quiet move is searched
    /// reduced (less with a good history, more with a bad one) with a null window, again at
    /// full depth if it beats alpha, and with the full window in a PV node if it lands
    /// inside it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_late_move(
        &mut self,
        pos: &mut G,
        depth: i32,
        new_depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        late: LateMove,
    ) -> i32 {
        // A late quiet check is reduced too (its check extension, when safe, still applies
        // through `new_depth`): never reducing checks searched every safe check and its
        // evasions a ply deeper than the other late moves.
        let mut r = 0;
        if depth >= 3 && late.index >= 3 && !late.tactical && !late.in_check {
            r = self.lmr[(depth as usize).min(63)][late.index.min(63)] as i32;
            if pv_node {
                r -= 1;
            }
            // A move with a good history is reduced less, a bad one more.
            if late.order_score < KILLER_FLOOR {
                r -= late.order_score / LMR_HISTORY_DIVISOR;
            }
            r = r.clamp(0, new_depth - 1);
        }
        let gives_check = late.gives_check;
        let mut s = -self.negamax(
            pos,
            new_depth - r,
            -alpha - 1,
            -alpha,
            ply + 1,
            false,
            true,
            gives_check,
        );
        if s > alpha && r > 0 {
            s = -self.negamax(
                pos,
                new_depth,
                -alpha - 1,
                -alpha,
                ply + 1,
                false,
                true,
                gives_check,
            );
        }
        if s > alpha && s < beta && pv_node {
            s = -self.negamax(
                pos,
                new_depth,
                -beta,
                -alpha,
                ply + 1,
                true,
                true,
                gives_check,
            );
        }
        s
    }

    /// Step 6f of `negamax`: a quiet move that cut becomes this ply's first killer and gains
    /// history; the quiet moves tried before it lose some.
    #[inline(always)]
    fn reward_cutoff(&mut self, pos: &G, m: G::Move, depth: i32, ply: usize, quiets: &[G::Move]) {
        let id = G::move_id(m);
        let k = &mut self.killers[ply];
        if k[0] != id {
            k[1] = k[0];
            k[0] = id;
        }
        self.reward(pos, m, depth, true);
        for &q in quiets {
            self.reward(pos, q, depth, false);
        }
    }

    /// Searches the root moves from `first` on; the best rises to `first`.
    fn root_search(
        &mut self,
        pos: &mut G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        first: usize,
    ) -> i32 {
        let mut best = -INFINITE;
        for i in first..self.root.len() {
            let m = self.root[i].mv;
            let undo = pos.make_move(m);
            let gives_check = pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == first {
                -self.negamax(pos, new_depth, -beta, -alpha, 1, true, true, gives_check)
            } else {
                let s = -self.negamax(
                    pos,
                    new_depth,
                    -alpha - 1,
                    -alpha,
                    1,
                    false,
                    true,
                    gives_check,
                );
                if s > alpha && s < beta {
                    -self.negamax(pos, new_depth, -beta, -alpha, 1, true, true, gives_check)
                } else {
                    s
                }
            };
            pos.unmake_move(m, undo);
            if self.stopped {
                return best;
            }
            best = best.max(score);
            if score > alpha && i > first {
                self.best_move_changes += 1.0;
                if first == 0 {
                    self.root_improved = true;
                }
            }
            if score > alpha || i == first {
                let mut line = vec![m];
                line.extend_from_slice(&self.pv[1]);
                self.root[i].score = score;
                self.root[i].pv = line;
                self.root[first..=i].rotate_right(1);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    return score;
                }
            } else {
                self.root[i].score = -INFINITE;
            }
        }
        best
    }

    /// A helper's completed iteration, kept if it is the deepest any helper has finished: the
    /// search answers with it when the main thread ends on a shallower one. `last`: the
    /// search's last depth, which ends the search.
    fn offer_result(&self, pos: &G, depth: u32, last: bool) {
        let mut results = self
            .shared
            .helper_results
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if results.last().is_some_and(|r| r.result.depth >= depth) {
            return;
        }
        self.shared.helper_depth.fetch_max(depth, Ordering::Relaxed);
        // The search's last depth, complete: nothing is left to search.
        if last {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        let best = &self.root[0];
        let pv = Self::line_text(pos, &best.pv);
        results.push(HelperResult {
            raw_score: raw_score(best.score),
            result: SearchResult {
                best_move: pv.first().cloned(),
                ponder: pv.get(1).cloned(),
                score: Score::from_internal(best.score),
                depth,
                nodes: 0,
                time: self.shared.elapsed(),
                pv,
            },
        });
    }

    /// Reports the iterations helpers completed that are deeper than `reported` and
    /// shallower than `below`, in order.
    fn report_helper(&mut self, reported: &mut u32, below: u32, on_info: &mut dyn FnMut(&Info)) {
        let lines: Vec<(u32, Score, i32, Vec<String>)> = {
            let results = self
                .shared
                .helper_results
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            results
                .iter()
                .filter(|h| h.result.depth > *reported && h.result.depth < below)
                .map(|h| {
                    let r = &h.result;
                    (r.depth, r.score, h.raw_score, r.pv.clone())
                })
                .collect()
        };
        if lines.is_empty() {
            return;
        }
        self.flush_nodes();
        let elapsed = self.shared.elapsed();
        let nodes = self.shared.nodes.load(Ordering::Relaxed);
        let hashfull = self.shared.tt.hashfull();
        for (depth, score, raw_score, pv) in lines {
            *reported = depth;
            on_info(&Info {
                depth,
                seldepth: depth,
                multipv: 1,
                score,
                raw_score,
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                time: elapsed,
                hashfull,
                pv,
            });
        }
    }

    /// The depth of this thread's next iteration, `depth` or deeper; `None` when a helper
    /// has completed the search's last depth (the search is over). The threads share the
    /// depths instead of repeating them. A helper skips depths that enough other threads
    /// are already on, so the pool spreads over the next few depths instead of searching one
    /// tree twice. With one line, the main thread skips the depths a helper has completed
    /// (their tree is in the hash table, their move is the helper's answer) and a depth a
    /// helper is already on: with two threads they leapfrog each other a ply at a time and
    /// only the last depth is searched by both. With several lines (which only the main
    /// thread searches) it takes every depth in turn.
    fn claim_depth(
        &self,
        mut depth: u32,
        max_depth: u32,
        one_line: bool,
        ends_at_limit: bool,
    ) -> Option<u32> {
        if self.id == 0 {
            if !one_line {
                return Some(depth);
            }
            let done = self.shared.helper_depth.load(Ordering::Relaxed);
            if done >= max_depth && ends_at_limit {
                return None;
            }
            depth = depth.max(done + 1).min(max_depth);
            if depth < max_depth
                && self.shared.searching_at[depth as usize].load(Ordering::Relaxed) > 0
            {
                depth += 1;
            }
            return Some(depth);
        }
        let crowd = (self.shared.threads / 2).max(1) as u32;
        while depth < max_depth
            && self.shared.searching_at[depth as usize].load(Ordering::Relaxed) >= crowd
        {
            depth += 1;
        }
        Some(depth)
    }

    fn line_text(pos: &G, line: &[G::Move]) -> Vec<String> {
        let mut p = pos.clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            out.push(p.move_text(m));
            p.make_move(m);
        }
        out
    }

    /// When the clock cuts an iteration short after a new best move beat the old one at the
    /// new depth, that move is the answer (the score and line it was searched with), reported
    /// at the unfinished depth.
    fn cut_short_result(
        &self,
        pos: &G,
        depth: u32,
        on_info: &mut dyn FnMut(&Info),
        completed: &SearchResult,
    ) -> SearchResult {
        let best = &self.root[0];
        let pv = Self::line_text(pos, &best.pv);
        let elapsed = self.shared.elapsed();
        let nodes = self.shared.nodes.load(Ordering::Relaxed);
        on_info(&Info {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv: 1,
            score: Score::from_internal(best.score),
            raw_score: raw_score(best.score),
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            time: elapsed,
            hashfull: self.shared.tt.hashfull(),
            pv: pv.clone(),
        });
        SearchResult {
            best_move: pv.first().cloned(),
            ponder: pv.get(1).cloned(),
            score: Score::from_internal(best.score),
            depth: completed.depth,
            nodes,
            time: elapsed,
            pv,
        }
    }

    /// Iterative deepening; returns the best move of the last completed iteration.
    pub fn iterate(
        &mut self,
        pos: &mut G,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut legal = Vec::new();
        pos.legal_moves_into(&mut legal);
        if !limits.searchmoves.is_empty() {
            let allowed: Vec<G::Move> = limits
                .searchmoves
                .iter()
                .filter_map(|t| pos.read_move(t).ok())
                .collect();
            if !allowed.is_empty() {
                legal.retain(|m| allowed.contains(m));
            }
        }
        let tt_move = self.shared.tt.probe(pos.key()).map_or(0, |e| e.move_id);
        let mut order = Vec::new();
        self.score_moves(pos, &legal, tt_move, 0, &mut order);
        let mut paired: Vec<(i32, G::Move)> = order.into_iter().zip(legal).collect();
        paired.sort_by_key(|p| std::cmp::Reverse(p.0));
        self.root = paired
            .into_iter()
            .map(|(_, mv)| RootMove {
                mv,
                score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        let mut result = SearchResult {
            best_move: self.root.first().map(|r| pos.move_text(r.mv)),
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: self.shared.elapsed(),
            pv: Vec::new(),
        };
        if self.root.is_empty() {
            result.score = Score::from_internal(match pos.decided_by_rule() {
                Some(verdict) => verdict.score(0),
                None if pos.no_moves_is_loss() => -MATE,
                None => pos.stalemate_score(0),
            });
            return result;
        }
        let multipv = limits.multipv.clamp(1, self.root.len());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut previous = vec![0i32; multipv];
        let mut clock = IterationClock::default();
        let mut next_depth = 1;
        // A search that ends at its depth limit (not an infinite or ponder search; one
        // line) is over when any thread completes that depth.
        let one_line = multipv == 1;
        let ends_at_limit = one_line && !limits.infinite;
        // The deepest depth reported: the main thread reports its own iterations and the
        // deeper ones a helper completed (before its own next report, or as it starts its
        // next iteration), so that depths are not missing from the analysis where the
        // threads leapfrog.
        let mut reported = 0;
        while next_depth <= max_depth {
            if self.id == 0 && one_line {
                self.report_helper(&mut reported, u32::MAX, &mut *on_info);
            }
            let Some(depth) = self.claim_depth(next_depth, max_depth, one_line, ends_at_limit)
            else {
                break;
            };
            next_depth = depth + 1;
            self.best_move_changes *= 0.5;
            self.root_improved = false;
            self.shared.searching_at[depth as usize].fetch_add(1, Ordering::Relaxed);
            self.seldepth = 0;
            let mut completed_lines = Vec::new();
            #[allow(clippy::needless_range_loop)] // `line` also indexes the root moves
            for line in 0..multipv {
                let d = depth as i32;
                let mut delta = 25;
                let (mut alpha, mut beta) = if depth >= 4 && previous[line].abs() < MATE_BOUND {
                    (previous[line] - delta, previous[line] + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
                let score = loop {
                    let s = self.root_search(pos, d, alpha, beta, line);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        alpha = (alpha - delta).max(-INFINITE);
                    } else if s >= beta {
                        beta = (beta + delta).min(INFINITE);
                    } else {
                        break s;
                    }
                    delta *= 2;
                    if delta > 1000 {
                        alpha = -INFINITE;
                        beta = INFINITE;
                    }
                };
                if self.stopped {
                    break;
                }
                previous[line] = score;
                completed_lines.push(line);
            }
            self.shared.searching_at[depth as usize].fetch_sub(1, Ordering::Relaxed);
            if self.stopped && completed_lines.is_empty() {
                // A helper that completed this depth has the better answer than an
                // unfinished iteration.
                let helper_done = self.shared.helper_depth.load(Ordering::Relaxed) >= depth;
                if self.id == 0 && self.root_improved && depth > 1 && !helper_done {
                    result = self.cut_short_result(pos, depth, &mut *on_info, &result);
                }
                break;
            }
            if self.id != 0 {
                if completed_lines.contains(&0) {
                    let last = depth >= max_depth && ends_at_limit && !self.shared.pondering();
                    self.offer_result(pos, depth, last);
                }
                if self.stopped {
                    break;
                }
                continue;
            }
            if one_line {
                self.report_helper(&mut reported, depth, &mut *on_info);
            }
            self.flush_nodes();
            let elapsed = self.shared.elapsed();
            let nodes = self.shared.nodes.load(Ordering::Relaxed);
            let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
            let hashfull = self.shared.tt.hashfull();
            for &line in &completed_lines {
                let rm = &self.root[line];
                let pv = Self::line_text(pos, &rm.pv);
                on_info(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth as usize) as u32,
                    multipv: line + 1,
                    score: Score::from_internal(rm.score),
                    raw_score: raw_score(rm.score),
                    nodes,
                    nps,
                    time: elapsed,
                    hashfull,
                    pv,
                });
            }
            reported = reported.max(depth);
            if completed_lines.contains(&0) {
                let best = &self.root[0];
                let pv = Self::line_text(pos, &best.pv);
                result = SearchResult {
                    best_move: pv.first().cloned(),
                    ponder: pv.get(1).cloned(),
                    score: Score::from_internal(best.score),
                    depth,
                    nodes,
                    time: elapsed,
                    pv,
                };
            }
            if self.stopped {
                break;
            }
            let best_score = self.root[0].score;
            clock.record(self.root[0].mv, best_score);
            if let Some(n) = limits.mate {
                if best_score >= MATE_BOUND && (MATE - best_score + 1) / 2 <= n as i32 {
                    break;
                }
            }
            // Forced mates found and proven at this depth (on every line shown) will not
            // change: iterating on would only repeat them. Infinite and ponder searches stop
            // iterating too, and wait below for the command that ends them.
            if previous.iter().all(|&s| {
                s.abs() >= MATE_BOUND && depth as i32 > 2 * (MATE - s.abs()) + MATE_MARGIN
            }) {
                break;
            }
            if !limits.infinite && !self.shared.pondering() {
                if let Some((
                    from,
                    Budget {
                        soft: Some(soft),
                        hard,
                    },
                )) = self.shared.timing()
                {
                    // A clock budget (soft below hard) stretches with an unsettled best move
                    // or a falling score and shrinks with a settled one; a fixed move time
                    // does not.
                    let scale = if hard.is_some_and(|h| soft < h) {
                        clock.scale(self.best_move_changes)
                    } else {
                        1.0
                    };
                    let mut target = soft.mul_f64(NEXT_ITERATION_SHARE * scale);
                    if let Some(h) = hard {
                        target = target.min(h);
                    }
                    if from.elapsed() >= target {
                        break;
                    }
                    // One legal move on a clock: nothing to think about.
                    if limits.clock.is_some() && self.root.len() == 1 {
                        break;
                    }
                }
            }
        }
        // Infinite searches wait for the stop command before answering, ponder searches for
        // the stop or the ponder hit.
        if self.id == 0 {
            while (limits.infinite || self.shared.pondering())
                && !self.shared.stop.load(Ordering::Relaxed)
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        self.flush_nodes();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn improving_compares_with_the_same_side_two_plies_up() {
        let evals = [-INFINITE, 50, 20, 40, 0];
        assert!(improving(&evals, 4, 30), "30 after 20 two plies up");
        assert!(!improving(&evals, 4, 20), "level is not improving");
        assert!(!improving(&evals, 3, 40), "40 after 50");
    }

    #[test]
    fn improving_looks_four_plies_up_past_a_check_and_assumes_it_with_neither() {
        let evals = [10, 0, -INFINITE, 0, 0];
        assert!(improving(&evals, 4, 11), "ply 2 was in check: ply 0's 10");
        assert!(!improving(&evals, 4, 10), "level with ply 0's 10");
        let root_unknown = [-INFINITE, 0, 0];
        assert!(
            improving(&root_unknown, 2, -500),
            "nothing known: taken as improving"
        );
        assert!(improving(&evals, 1, -500), "too near the root to look back");
        assert!(!improving(&evals, 4, -INFINITE), "in check now");
    }
}
