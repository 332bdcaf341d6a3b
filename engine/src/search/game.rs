//! What the search needs from a game beyond the `Game` trait, and the evaluation interface
//! (implemented in the `eval` crate, so `engine` never depends on `eval`).

use crate::game::Game;
use crate::outcome::{bare_king_verdict, StalemateValue};
use crate::search::MATE;
use crate::types::{Role, ROLE_COUNT};
use oblique_tables::Bitboard;

/// `ExchangeBoard` (in `see.rs`) gives the static exchange evaluation its attack queries.
pub trait SearchGame: Game + super::see::ExchangeBoard {
    /// Captures and promotions: the moves quiescence search plays.
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// The legal tactical moves, appended to `out` (what quiescence plays when not in check).
    fn tactical_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
        out.retain(|&m| self.is_tactical(m));
    }
    /// Ordering score of a tactical move (higher first): most valuable victim, then least
    /// valuable attacker, promotions by the new piece.
    fn tactical_order(&self, m: Self::Move) -> i32;
    /// A compact id of the move, unique among the legal moves of one position (TT moves).
    #[inline]
    fn move_id(m: Self::Move) -> u32 {
        m.into()
    }
    /// Cells the move starts and ends on (below 256; history tables).
    fn from_to(m: Self::Move) -> (usize, usize);
    /// Passes the turn (null-move pruning); never called while in check.
    fn make_null(&mut self) -> Self::Undo;
    fn unmake_null(&mut self, undo: Self::Undo);
    /// The side to move has something besides pawns and king (null moves are unsafe in
    /// pawn endings, where zugzwang is common).
    fn has_non_pawn_material(&self) -> bool {
        self.piece_sets().has_non_pawn_material(self.side_to_move())
    }
    /// A draw the search should score as such: the position occurred before (once is enough
    /// inside a search, whatever the game's repetition count, unless it has no repetition
    /// rule) or the game's move rule (fifty moves in chess) applies.
    #[inline]
    fn is_draw_by_rule(&self) -> bool {
        let r = self.end_rules();
        (r.move_rule > 0 && self.halfmove_clock() >= r.move_rule)
            || (r.repetition > 0 && self.repetitions() >= 1)
    }
    /// Has the game been decided by a rule that the search must ask before generating
    /// moves: Shatranj's bare king (which leaves moves), or a goal under the reply
    /// (racing kings, `flagMove`), which may have been won by the side to move or drawn? Goals without
    /// the reply are left to `no_moves_is_loss` and `lost_by_rule`.
    #[inline]
    fn decided_by_rule(&self) -> Option<RuleVerdict> {
        let r = self.end_rules();
        let us = self.side_to_move();
        if r.goal_reply {
            if self.goal_drawn() {
                return Some(RuleVerdict::Draw);
            }
            if let Some(w) = self.goal_winner() {
                return Some(if w == us {
                    RuleVerdict::Win
                } else {
                    RuleVerdict::Loss
                });
            }
        }
        if !r.bare_king {
            return None;
        }
        bare_king_verdict(self.color_bb(us).count(), self.color_bb(us.other()).count()).map(|won| {
            if won {
                RuleVerdict::Win
            } else {
                RuleVerdict::Loss
            }
        })
    }
    /// The score of a position without legal moves that is not lost by `no_moves_is_loss`:
    /// a stalemate, worth what the game says (a draw, or a win or loss `ply` plies from the
    /// root, scored like a mate).
    #[inline]
    fn stalemate_score(&self, ply: usize) -> i32 {
        match self.end_rules().stalemate {
            StalemateValue::Draw => 0,
            StalemateValue::Win => MATE - ply as i32,
            StalemateValue::Loss => -MATE + ply as i32,
        }
    }
    /// Has the game already been won against the side to move by a special rule (a pawn on
    /// its goal square)? Quiescence asks this instead of generating every move.
    fn lost_by_rule(&self) -> bool {
        false
    }
    /// With no legal moves, is the side to move lost (mate, or the opponent's pawn reached its
    /// goal) rather than stalemated?
    fn no_moves_is_loss(&self) -> bool;
}

/// A game decided by rule, for the side to move (`SearchGame::decided_by_rule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleVerdict {
    Win,
    Loss,
    Draw,
}

impl RuleVerdict {
    /// The search's score of it, `ply` plies from the root (wins and losses like mates).
    #[inline]
    pub fn score(self, ply: usize) -> i32 {
        match self {
            RuleVerdict::Win => MATE - ply as i32,
            RuleVerdict::Loss => -MATE + ply as i32,
            RuleVerdict::Draw => 0,
        }
    }
}

/// Static evaluation in centipawns from the side to move's point of view. Must be
/// deterministic: same position, same score.
pub trait Evaluator<G>: Send + Sync {
    fn evaluate(&self, pos: &G) -> i32;
}

/// Rough role values for move ordering only (the evaluator has the real ones).
/// A file game's extra piece types count as 4.
pub(crate) const ORDER_VALUE: [i32; ROLE_COUNT] = [1, 3, 3, 5, 9, 20, 6, 8, 4, 4, 4, 4];

/// The ordering score of a tactical move (`SearchGame::tactical_order`): most valuable
/// victim, then least valuable attacker, promotions by the new piece.
#[inline]
pub(crate) fn capture_order(
    victim: Option<Role>,
    attacker: Option<Role>,
    promotion: Option<Role>,
) -> i32 {
    let value = |role: Option<Role>| role.map_or(0, |r| ORDER_VALUE[r.index()]);
    value(victim) * 16 - value(attacker) + value(promotion) * 8
}
