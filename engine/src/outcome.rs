//! When a game is over, and why: one judge (`EndFacts`, the rules' order and the repetition
//! count) for the 2D games and Star Trek chess alike, and the 2D games' dead-position rule.

use crate::position::Position;
use crate::types::{Color, Outcome, Role};
use crate::variant::DeadPosition;
use oblique_tables::Bitboard;

/// What the rules of every game (2D and Star Trek) look at to end it.
pub(crate) struct EndFacts {
    /// A pawn stands on its goal square (Diagonal Chess): this colour has won.
    pub goal_winner: Option<Color>,
    pub side_to_move: Color,
    pub legal_moves: u64,
    pub in_check: bool,
    pub halfmove: u32,
    /// Earlier occurrences of the position (two make a threefold repetition).
    pub repetitions: usize,
    /// Neither side can ever mate.
    pub dead: bool,
}

impl EndFacts {
    /// The result, judged in the rules' order: goal, mate or stalemate, fifty moves,
    /// threefold repetition, dead position.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.goal_winner {
            Some(Outcome::PawnReachedGoal { winner })
        } else if self.legal_moves == 0 && self.in_check {
            Some(Outcome::Checkmate {
                winner: self.side_to_move.other(),
            })
        } else if self.legal_moves == 0 {
            Some(Outcome::Stalemate)
        } else if self.halfmove >= 100 {
            Some(Outcome::FiftyMoves)
        } else if self.repetitions >= 2 {
            Some(Outcome::ThreefoldRepetition)
        } else if self.dead {
            Some(Outcome::InsufficientMaterial)
        } else {
            None
        }
    }
}

/// How many times the position with `key` occurred before (`history` holds the keys of the
/// earlier positions, oldest first), looking back only to the last capture or pawn move and
/// only at positions with the same side to move.
#[inline]
pub(crate) fn repetitions(history: &[u64], halfmove: u32, key: u64) -> usize {
    let n = history.len();
    let window = (halfmove as usize).min(n);
    (2..=window)
        .step_by(2)
        .filter(|&back| history[n - back] == key)
        .count()
}

impl<B: Bitboard> Position<B> {
    /// The result if the game is over in this position, judging by the rules alone
    /// (mate, stalemate, goal square, repetition, fifty moves, dead material).
    pub fn outcome(&self) -> Option<Outcome> {
        EndFacts {
            goal_winner: self.goal_reached_by(),
            side_to_move: self.side,
            legal_moves: self.count_legal(),
            in_check: self.in_check(),
            halfmove: self.halfmove,
            repetitions: self.repetitions(),
            dead: self.insufficient_material(),
        }
        .outcome()
    }

    /// Neither side can ever mate, by the game's rule for dead positions.
    pub fn insufficient_material(&self) -> bool {
        let kings = self.role_bb(Role::King);
        let others = self.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        match self.spec().dead {
            DeadPosition::KingsOnly => false,
            DeadPosition::Fide => {
                let heavy = self.role_bb(Role::Pawn)
                    | self.role_bb(Role::Rook)
                    | self.role_bb(Role::Queen)
                    | self.role_bb(Role::Chancellor)
                    | self.role_bb(Role::Ultra);
                if heavy.any() {
                    return false;
                }
                let knights = self.role_bb(Role::Knight);
                let bishops = self.role_bb(Role::Bishop);
                if knights.any() {
                    // A lone knight cannot mate; anything more can (with help).
                    return others.count() == 1;
                }
                // Only bishops: dead when they all stand on one colour.
                let g = &self.rules.geom;
                let mut colours = bishops
                    .iter()
                    .map(|sq| (g.cells[sq].file + g.cells[sq].rank) % 2);
                let first = colours.next();
                colours.all(|c| Some(c) == first)
            }
        }
    }

    /// The colour that wins if `outcome` says so, seen from the side to move.
    pub fn winner_is_side_to_move(&self, outcome: Outcome) -> Option<bool> {
        outcome.winner().map(|w: Color| w == self.side)
    }
}
