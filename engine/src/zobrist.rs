//! Zobrist keys: a fixed pseudo-random number per (piece, cell), castling-rights set,
//! en-passant cell and side to move, so a position's key can be updated move by move.

use crate::random::SplitMix64;
use crate::types::{Color, Piece, BUILTIN_ROLE_COUNT, MAX_PIECE_CODE, ROLES, ROLE_COUNT};

/// One key per (piece code, cell): the part of a position's key the pieces make, the same
/// for both families (each draws its own numbers).
pub struct PieceKeys {
    cells: usize,
    keys: Vec<u64>,
}

/// The order the keys are drawn in: first the built-in roles' pieces as their codes first
/// were (`1 + 8 * colour + role`, after the empty cell's unused keys), so that every game
/// without extra roles keeps the keys it always had (and `bench`'s node count with them);
/// the extra roles' pieces are drawn after all of a game's other keys (`draw_extra`).
fn builtin_draw_order() -> impl Iterator<Item = Option<Piece>> {
    std::iter::once(None).chain([Color::White, Color::Black].into_iter().flat_map(|color| {
        ROLES[..BUILTIN_ROLE_COUNT]
            .iter()
            .map(move |&role| Some(Piece { color, role }))
    }))
}

impl PieceKeys {
    /// Draws the keys of the empty code (never used) and of the built-in roles' pieces
    /// from `s`, `17 * cells` numbers; the extra roles' keys stay 0 until `draw_extra`.
    pub fn draw(s: &mut SplitMix64, cells: usize) -> PieceKeys {
        let mut keys = vec![0; (MAX_PIECE_CODE as usize + 1) * cells];
        for piece in builtin_draw_order() {
            let code = piece.map_or(0, Piece::code) as usize;
            for key in &mut keys[code * cells..(code + 1) * cells] {
                *key = s.next_u64();
            }
        }
        PieceKeys { cells, keys }
    }

    /// Draws the keys of the extra roles' pieces from `s`.
    fn draw_extra(&mut self, s: &mut SplitMix64) {
        for color in [Color::White, Color::Black] {
            for &role in &ROLES[BUILTIN_ROLE_COUNT..ROLE_COUNT] {
                let code = Piece { color, role }.code() as usize;
                for key in &mut self.keys[code * self.cells..(code + 1) * self.cells] {
                    *key = s.next_u64();
                }
            }
        }
    }

    /// Key of a piece (mailbox code) on a cell.
    #[inline(always)]
    pub fn piece(&self, code: u8, cell: usize) -> u64 {
        self.keys[code as usize * self.cells + cell]
    }
}

pub struct Zobrist {
    pub pieces: PieceKeys,
    pub castling: [u64; 16],
    ep: Vec<u64>,
    pub black_to_move: u64,
}

impl Zobrist {
    pub fn new(cells: usize, name: &str) -> Zobrist {
        let mut seed = 0x0B11_0E5E_ED00_0001u64;
        for b in name.bytes() {
            seed = seed.rotate_left(8) ^ b as u64;
        }
        let mut s = SplitMix64::new(seed);
        let mut pieces = PieceKeys::draw(&mut s, cells);
        let mut castling = [0u64; 16];
        let base: Vec<u64> = (0..4).map(|_| s.next_u64()).collect();
        for (rights, key) in castling.iter_mut().enumerate() {
            *key = (0..4)
                .filter(|b| rights >> b & 1 == 1)
                .fold(0, |k, b| k ^ base[b]);
        }
        let ep = (0..cells).map(|_| s.next_u64()).collect();
        let black_to_move = s.next_u64();
        pieces.draw_extra(&mut s);
        Zobrist {
            pieces,
            castling,
            ep,
            black_to_move,
        }
    }

    /// Key of a piece (mailbox code) on a cell.
    #[inline(always)]
    pub fn piece(&self, code: u8, sq: usize) -> u64 {
        self.pieces.piece(code, sq)
    }

    #[inline(always)]
    pub fn ep(&self, sq: usize) -> u64 {
        self.ep[sq]
    }
}
