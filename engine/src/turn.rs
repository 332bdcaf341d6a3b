//! What every position carries besides its pieces, the same in both families: whose turn it
//! is, the two move clocks, the Zobrist key and the keys of the positions before (for
//! repetitions), and how a move or a null move passes the turn and takes it back.
//!
//! A family's `make` works out its own key changes and whether the fifty-move clock restarts;
//! the bookkeeping around them is written once here.

use crate::types::Color;

#[derive(Clone, Debug)]
pub(crate) struct Turn {
    pub side: Color,
    /// Half-moves since the last capture or pawn move (the fifty-move rule).
    pub halfmove: u32,
    /// The move number: starts at 1, grows after each move of Black.
    pub fullmove: u32,
    /// Zobrist key of the position, kept up to date by the family's `make`.
    pub key: u64,
    /// Keys of the positions before this one in the game, oldest first.
    pub history: Vec<u64>,
}

impl Turn {
    /// White to move, clocks at their start, no history; the position string fills it.
    pub fn new() -> Turn {
        Turn {
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            history: Vec::with_capacity(256),
        }
    }

    /// Before a move or a null move changes the key: remembers the key (for repetitions).
    #[inline(always)]
    pub fn record(&mut self) {
        self.history.push(self.key);
    }

    /// After a move of the side to move: the fifty-move clock restarts if `reset_clock` (a
    /// capture, a pawn move, a promotion), Black's move ends a move number, the other side
    /// moves next. The family flips the side in the key.
    #[inline(always)]
    pub fn pass_after_move(&mut self, reset_clock: bool) {
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
    }

    /// First step of taking a move back: the side that made it moves again, and the move
    /// number goes back if that was Black. Returns that side.
    #[inline(always)]
    pub fn take_back(&mut self) -> Color {
        let us = self.side.other();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        us
    }

    /// A null move: the turn passes and the fifty-move clock runs; the move number stays.
    #[inline(always)]
    pub fn pass_null(&mut self) {
        self.halfmove += 1;
        self.side = self.side.other();
    }

    /// Takes back a null move.
    #[inline(always)]
    pub fn take_back_null(&mut self, halfmove: u32, key: u64) {
        self.side = self.side.other();
        self.restore(halfmove, key);
    }

    /// Last step of taking a move back: the clock and key from before it, the history without
    /// it.
    #[inline(always)]
    pub fn restore(&mut self, halfmove: u32, key: u64) {
        self.halfmove = halfmove;
        self.key = key;
        self.history.pop();
    }
}
