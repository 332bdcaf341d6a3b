//! Where generated moves go, for every game: a list, or only a count (perft's last ply).
//! Generic over the move type (the 2D `Move`, Star Trek's `StMove`) and the cell set the
//! generator hands over (`u64`, `u128`, Star Trek's `Cells`), so both families' move
//! generators fill the same sinks.

use arrayvec::ArrayVec;
use oblique_tables::Bitboard;

/// A move type that can say "the piece on `from` goes to `to`", nothing else.
pub trait PlainMove: Copy {
    fn plain(from: usize, to: usize) -> Self;
}

/// Receives generated moves.
pub trait MoveSink<M: PlainMove, S: Bitboard> {
    fn push(&mut self, m: M);

    /// All of `targets` from `from` as plain moves.
    #[inline(always)]
    fn push_targets(&mut self, from: usize, targets: S) {
        for to in targets.iter() {
            self.push(M::plain(from, to));
        }
    }
}

impl<M: PlainMove, S: Bitboard, const N: usize> MoveSink<M, S> for ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        ArrayVec::push(self, m);
    }
}

impl<M: PlainMove, S: Bitboard> MoveSink<M, S> for Vec<M> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        Vec::push(self, m);
    }
}

/// Counts moves without storing them.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl<M: PlainMove, S: Bitboard> MoveSink<M, S> for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _m: M) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_targets(&mut self, _from: usize, targets: S) {
        self.0 += targets.count() as u64;
    }
}
