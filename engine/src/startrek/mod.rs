//! Star Trek tri-dimensional chess (Jeff Victor's rule set as specified in
//! `shared/rules/startrek.md`): three fixed main boards, four movable 2×2 attack boards on 24
//! pins, pieces moving through a 6×10×7 box of which at most 64 squares exist at a time.
//!
//! * `bitset` — 144-cell sets in three words, numbered in box order.
//! * `geometry` — cells, pins, rays and leaper/pawn tables, computed once.
//! * `position` — the position, moves, keys, make/unmake, attacks, game end.
//! * `movegen` — legal moves and perft.
//! * `tfen`, `notation`, `diagram` — text in and out.
//!
//! Readings where the rules text is silent, chosen as a player would expect:
//! * An attack board holding one piece may move only if that piece is its owner's
//!   (a TFEN may give an owner who has no piece aboard; the board then waits for its owner's
//!   piece or stays put until emptied).
//! * The e.p. square counts in the key (repetition) only when a pawn of the side to move
//!   attacks it, as in every other game of the engine.
//! * A TFEN may list fewer than four attack boards (`-` for none); a never-moved square
//!   must hold a king, rook or pawn.
//! * A pawn in the never-moved set whose double step lands on its promotion rank promotes.

pub mod bitset;
pub mod diagram;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod tfen;

pub use bitset::Cells;
pub use movegen::{StCounter, StMoveList, StSink};
pub use position::{StMove, StMoveKind, StUndo, StarTrekPosition};
pub use tfen::START_TFEN;

use crate::game::Game;
use crate::types::{Color, Outcome};

/// The game's name for the CLI and protocols.
pub const NAME: &str = "startrek";
pub const TITLE: &str = "Star Trek tri-dimensional chess";
/// Board description for listings.
pub const BOARD: &str = "6x10x7";
pub const SQUARES: usize = bitset::CELLS;

impl Game for StarTrekPosition {
    type Move = StMove;
    type Undo = StUndo;

    fn variant_name(&self) -> &'static str {
        NAME
    }
    fn to_fen(&self) -> String {
        self.to_tfen()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn key(&self) -> u64 {
        self.key
    }
    fn compute_key(&self) -> u64 {
        StarTrekPosition::compute_key(self)
    }
    fn in_check(&self) -> bool {
        StarTrekPosition::in_check(self)
    }
    fn legal_moves_into(&self, out: &mut Vec<StMove>) {
        self.generate(out);
    }
    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }
    fn make_move(&mut self, m: StMove) -> StUndo {
        self.make(m)
    }
    fn unmake_move(&mut self, m: StMove, undo: StUndo) {
        self.unmake(m, undo)
    }
    fn game_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn move_text(&self, m: StMove) -> String {
        StarTrekPosition::move_text(self, m)
    }
    fn read_move(&self, text: &str) -> Result<StMove, String> {
        self.parse_move(text)
    }
    fn perft_nodes(&mut self, depth: u32) -> u64 {
        self.perft(depth)
    }
    fn perft_split(&mut self, depth: u32) -> Vec<(String, u64)> {
        self.perft_divide(depth)
    }
    fn diagram(&self) -> String {
        StarTrekPosition::diagram(self)
    }
}
