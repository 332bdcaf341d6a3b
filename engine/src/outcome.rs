//! When a game is over, and why: one judge (`EndFacts`, the rules' order and the repetition
//! count) for the 2D games and Star Trek chess alike, and the game's own numbers for it
//! (`EndRules`: what a stalemate is worth, the move rule, the repetition count, bare king,
//! checks forbidden, Black's reply to White's goal).

use crate::types::{Color, Outcome};

/// What a stalemate is worth to the stalemated side (Fairy-Stockfish's `stalemateValue`
/// means the same: the value for the side to move, who has no move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateValue {
    Draw,
    /// The stalemated side wins.
    Win,
    /// The stalemated side loses (Shatranj).
    Loss,
}

/// A game's numbers for ending it by rule; `STANDARD` is chess's (and every built-in game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    pub stalemate: StalemateValue,
    /// Halfmoves without capture or pawn move that draw (100: the fifty-move rule); 0: none.
    pub move_rule: u32,
    /// How many times a position must stand on the board to draw (3: threefold), at least
    /// 2; 0: no repetition rule.
    pub repetition: u32,
    /// Shatranj's bare king: a side left with only its king loses, unless it can take the
    /// opponent's last piece but the king at once (see `bare_king_verdict`).
    pub bare_king: bool,
    /// The goal piece is the pawn (the result is then named as Diagonal Chess's).
    pub pawn_goal: bool,
    /// A move that gives check is illegal (racing kings): move generation drops them, so no
    /// game ends in mate.
    pub checks_forbidden: bool,
    /// Black's one more move after White's king reaches its goal (racing kings): both kings
    /// home is a draw (`plane/goal.rs` says how the goal then decides).
    pub goal_reply: bool,
}

impl EndRules {
    pub const STANDARD: EndRules = EndRules {
        stalemate: StalemateValue::Draw,
        move_rule: 100,
        repetition: 3,
        bare_king: false,
        pawn_goal: true,
        checks_forbidden: false,
        goal_reply: false,
    };
}

/// The bare-king rule as Fairy-Stockfish plays it for Shatranj (`extinctionValue = loss`
/// over all piece types, `extinctionPieceCount = 1`, `extinctionOpponentPieceCount = 2`,
/// `extinctionClaim = true`), from the number of pieces (king included) of the side to move
/// (`ours`) and of the other side (`theirs`): `Some(true)` when the side to move has won,
/// `Some(false)` when it has lost.
///
/// - The opponent has only its king and we have more: we win (it had its move to bare us
///   back and did not).
/// - We have only our king and the opponent has at least two pieces besides its king: we
///   lose (taking one of them cannot bare it). With exactly one piece besides its king the
///   game goes on: taking that piece at once bares both kings (a draw by material), any
///   other move loses by the first point.
#[inline]
pub fn bare_king_verdict(ours: u32, theirs: u32) -> Option<bool> {
    if theirs <= 1 && ours >= 2 {
        Some(true)
    } else if ours <= 1 && theirs >= 3 {
        Some(false)
    } else {
        None
    }
}

/// What the rules of every game (2D and Star Trek) look at to end it.
pub(crate) struct EndFacts {
    /// A piece stands on its goal square (Diagonal Chess, king of the hill): this colour has
    /// won.
    pub goal_winner: Option<Color>,
    /// Both kings reached their goals, White's first (racing kings' draw).
    pub goal_drawn: bool,
    /// Pieces (king included) of the side to move and of the other side (bare king).
    pub piece_counts: (u32, u32),
    pub side_to_move: Color,
    pub legal_moves: u64,
    pub in_check: bool,
    pub halfmove: u32,
    /// Earlier occurrences of the position (two make a threefold repetition).
    pub repetitions: usize,
    /// Neither side can ever mate.
    pub dead: bool,
    pub rules: EndRules,
}

impl EndFacts {
    /// The result, judged in the rules' order: goal, bare king, mate or stalemate, the move
    /// rule, repetition, dead position.
    pub fn outcome(&self) -> Option<Outcome> {
        let us = self.side_to_move;
        let r = &self.rules;
        if self.goal_drawn {
            return Some(Outcome::GoalDraw);
        }
        if let Some(winner) = self.goal_winner {
            return Some(if r.pawn_goal {
                Outcome::PawnReachedGoal { winner }
            } else {
                Outcome::GoalReached { winner }
            });
        }
        if r.bare_king {
            let (ours, theirs) = self.piece_counts;
            if let Some(we_win) = bare_king_verdict(ours, theirs) {
                let winner = if we_win { us } else { us.other() };
                return Some(Outcome::BareKing { winner });
            }
        }
        if self.legal_moves == 0 && self.in_check {
            return Some(Outcome::Checkmate { winner: us.other() });
        }
        if self.legal_moves == 0 {
            return Some(match r.stalemate {
                StalemateValue::Draw => Outcome::Stalemate,
                StalemateValue::Win => Outcome::StalemateWin { winner: us },
                StalemateValue::Loss => Outcome::StalemateWin { winner: us.other() },
            });
        }
        if r.move_rule > 0 && self.halfmove >= r.move_rule {
            return Some(if r.move_rule == 100 {
                Outcome::FiftyMoves
            } else {
                Outcome::MoveRule
            });
        }
        if r.repetition > 0 && self.repetitions + 1 >= r.repetition as usize {
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

#[cfg(test)]
mod tests {
    use super::bare_king_verdict;

    /// Fairy-Stockfish's Shatranj extinction rule, case by case (position.cpp,
    /// `is_immediate_game_end`): counts are (side to move, other side), kings included.
    #[test]
    fn bare_king_follows_the_shatranj_rule() {
        // Bare kings both: the rule says nothing (dead position).
        assert_eq!(bare_king_verdict(1, 1), None);
        // The opponent is bare and did not bare us back: we win.
        assert_eq!(bare_king_verdict(2, 1), Some(true));
        // We are bare against king and one piece: we may still take it.
        assert_eq!(bare_king_verdict(1, 2), None);
        // We are bare against king and two pieces: lost.
        assert_eq!(bare_king_verdict(1, 3), Some(false));
        assert_eq!(bare_king_verdict(5, 7), None);
    }
}
