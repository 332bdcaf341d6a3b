//! What a goal decides. Most games: a goal piece on its goal wins at once (Diagonal Chess's
//! pawn, king of the hill). With the reply (`[end] goal_reply = "black"`, racing kings,
//! Fairy-Stockfish's `flagMove`) a goal reached does not end the game while the other side
//! still has its answer; the rule is Fairy-Stockfish's `is_immediate_game_end`
//! (position.cpp) for one goal piece a side, in its order:
//!
//! 1. The side to move has its goal piece on its goal: it has won, unless it is White,
//!    Black's goal piece is the king and it stands on Black's goal too (Black answered
//!    White's arrival by arriving): a draw.
//! 2. The other side has its goal piece on its goal, and the side to move's goal piece is
//!    the king: the side to move has lost, unless it is Black, not in check, and its king
//!    has a legal move onto its goal (the game goes on for that one move, with every move
//!    Black has).
//! 3. The other side has its goal piece on its goal, and the side to move's goal piece is
//!    not the king (or it has none): the game goes on for the side to move's one move, which
//!    may take the piece off its goal; then rule 1 judges.
//!
//! So in racing kings Black arriving first wins at once (White gets no reply), and after
//! Black's reply the game is over by rule 1 whatever Black played. Games without the reply
//! keep the old test, `goal_reached_by`, at the cost of one branch taken only when a goal
//! is reached.

use crate::plane::moves::Move;
use crate::plane::position::Position;
use crate::types::{Color, Role};
use oblique_tables::Bitboard;

/// How a goal ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalVerdict {
    Won(Color),
    /// Both kings home, Black's with its reply.
    Drawn,
}

impl<B: Bitboard> Position<B> {
    /// The goal's verdict on this position; `None`: the goal has not ended the game.
    #[inline(always)]
    pub fn goal_verdict(&self) -> Option<GoalVerdict> {
        let reached = self.goal_reached_by()?;
        if !self.rules.spec.end.goal_reply {
            return Some(GoalVerdict::Won(reached));
        }
        self.goal_verdict_with_reply()
    }

    /// The verdict under the reply (module doc, rules 1 to 3); a side has at most one goal
    /// piece (the loaders refuse the reply otherwise).
    #[cold]
    #[inline(never)]
    fn goal_verdict_with_reply(&self) -> Option<GoalVerdict> {
        let us = self.turn.side;
        let them = us.other();
        let home = |c: Color| {
            self.goal_piece(c)
                .is_some_and(|(role, cells)| (self.board.sets.pieces(c, role) & cells).any())
        };
        let is_king = |c: Color| {
            self.goal_piece(c)
                .is_some_and(|(role, _)| role == Role::King)
        };
        if home(us) {
            return Some(if us == Color::White && is_king(them) && home(them) {
                GoalVerdict::Drawn
            } else {
                GoalVerdict::Won(us)
            });
        }
        if !home(them) || !is_king(us) {
            return None;
        }
        if us == Color::Black && self.king_can_go_home() {
            return None;
        }
        Some(GoalVerdict::Won(them))
    }

    /// The goal piece of `color` and its goal cells, if it has one.
    fn goal_piece(&self, color: Color) -> Option<(Role, B)> {
        self.rules
            .goals
            .iter()
            .map(|&(role, cells)| (role, cells[color.index()]))
            .find(|(_, cells)| cells.any())
    }

    /// Has the side to move, not in check, a legal king move onto its goal (a move that
    /// gives check is not legal where checks are forbidden)?
    fn king_can_go_home(&self) -> bool {
        if self.in_check() {
            return false;
        }
        let us = self.turn.side;
        let ksq = self.king_cell(us);
        let sets = &self.board.sets;
        let homes = self
            .rules
            .attacks(us.index(), Role::King, ksq, sets.occupied())
            & !sets.color(us)
            & self.rules.goal[us.index()];
        if homes.is_empty() {
            return false;
        }
        let checks_forbidden = self.rules.spec.end.checks_forbidden;
        let mut scratch = self.clone();
        homes.iter().any(|to| {
            let m = Move::new(ksq, to);
            let undo = scratch.make(m);
            let s = &scratch.board.sets;
            let safe = !scratch.is_attacked(to, s.occupied(), s.color(us.other()));
            let legal = safe && !(checks_forbidden && scratch.in_check());
            scratch.unmake(m, undo);
            legal
        })
    }
}
