//! Zobrist keys: a fixed pseudo-random number per (piece, cell), castling-rights set,
//! en-passant cell and side to move, so a position's key can be updated move by move.

use crate::random::SplitMix64;

/// One key per (piece code 1..=16, cell): the part of a position's key the pieces make,
/// the same for both families (each draws its own numbers).
pub struct PieceKeys {
    cells: usize,
    keys: Vec<u64>,
}

impl PieceKeys {
    /// Draws `17 * cells` keys from `s` (code 0, the empty cell, has keys never used).
    pub fn draw(s: &mut SplitMix64, cells: usize) -> PieceKeys {
        PieceKeys {
            cells,
            keys: (0..17 * cells).map(|_| s.next_u64()).collect(),
        }
    }

    /// Key of a piece (mailbox code 1..=16) on a cell.
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
        let pieces = PieceKeys::draw(&mut s, cells);
        let mut castling = [0u64; 16];
        let base: Vec<u64> = (0..4).map(|_| s.next_u64()).collect();
        for (rights, key) in castling.iter_mut().enumerate() {
            *key = (0..4)
                .filter(|b| rights >> b & 1 == 1)
                .fold(0, |k, b| k ^ base[b]);
        }
        let ep = (0..cells).map(|_| s.next_u64()).collect();
        Zobrist {
            pieces,
            castling,
            ep,
            black_to_move: s.next_u64(),
        }
    }

    /// Key of a piece (mailbox code 1..=16) on a cell.
    #[inline(always)]
    pub fn piece(&self, code: u8, sq: usize) -> u64 {
        self.pieces.piece(code, sq)
    }

    #[inline(always)]
    pub fn ep(&self, sq: usize) -> u64 {
        self.ep[sq]
    }
}
