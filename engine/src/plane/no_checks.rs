//! Games where giving check is illegal (`[end] checks = "forbidden"`, racing kings): the
//! legal moves are the ordinary ones less those that give check. `NoChecks` wraps the
//! generator's sink and lets a move through only when, played on a scratch copy of the
//! position, it leaves the opponent's king unattacked. The generator picks the wrapper by
//! the game's rule once per call, so games that allow checks never meet it.

use crate::plane::moves::Move;
use crate::plane::position::Position;
use crate::sink::MoveSink;
use oblique_tables::Bitboard;

/// A sink that passes on the moves that do not give check.
pub(crate) struct NoChecks<'a, B: Bitboard, S> {
    scratch: Position<B>,
    inner: &'a mut S,
}

impl<'a, B: Bitboard, S> NoChecks<'a, B, S> {
    pub(crate) fn new(pos: &Position<B>, inner: &'a mut S) -> Self {
        NoChecks {
            scratch: pos.clone(),
            inner,
        }
    }
}

impl<B: Bitboard, S: MoveSink<Move, B>> MoveSink<Move, B> for NoChecks<'_, B, S> {
    fn push(&mut self, m: Move) {
        let undo = self.scratch.make(m);
        // The opponent is to move on the scratch board: in check means the move gave it.
        let gives_check = self.scratch.in_check();
        self.scratch.unmake(m, undo);
        if !gives_check {
            self.inner.push(m);
        }
    }
}
