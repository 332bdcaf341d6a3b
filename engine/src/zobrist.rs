//! Zobrist keys: a fixed pseudo-random number per (piece, cell), castling-rights set,
//! en-passant cell and side to move, so a position's key can be updated move by move.

use crate::random::SplitMix64;

pub struct Zobrist {
    cells: usize,
    pieces: Vec<u64>,
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
        let pieces = (0..17 * cells).map(|_| s.next_u64()).collect();
        let mut castling = [0u64; 16];
        let base: Vec<u64> = (0..4).map(|_| s.next_u64()).collect();
        for (rights, key) in castling.iter_mut().enumerate() {
            *key = (0..4)
                .filter(|b| rights >> b & 1 == 1)
                .fold(0, |k, b| k ^ base[b]);
        }
        let ep = (0..cells).map(|_| s.next_u64()).collect();
        Zobrist {
            cells,
            pieces,
            castling,
            ep,
            black_to_move: s.next_u64(),
        }
    }

    /// Key of a piece (mailbox code 1..=16) on a cell.
    #[inline(always)]
    pub fn piece(&self, code: u8, sq: usize) -> u64 {
        self.pieces[code as usize * self.cells + sq]
    }

    #[inline(always)]
    pub fn ep(&self, sq: usize) -> u64 {
        self.ep[sq]
    }
}
