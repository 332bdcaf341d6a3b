//! When a game is over, and why: one judge (`EndFacts`, the rules' order and the repetition
//! count) for the 2D games and Star Trek chess alike.

use crate::types::{Color, Outcome};

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
