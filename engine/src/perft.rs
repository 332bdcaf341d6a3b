//! Perft: counts the leaves of the legal move tree, the standard proof of a move generator.

use crate::movegen::MoveList;
use crate::position::Position;
use oblique_tables::Bitboard;

impl<B: Bitboard> Position<B> {
    /// Number of legal move sequences of length `depth`. The last ply is counted, not played.
    pub fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut list = MoveList::new();
                self.generate(&mut list);
                let mut nodes = 0;
                for &m in list.iter() {
                    let undo = self.make(m);
                    nodes += self.perft(depth - 1);
                    self.unmake(m, undo);
                }
                nodes
            }
        }
    }

    /// Perft split by root move, in generation order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        let list = self.legal_moves();
        list.iter()
            .map(|&m| {
                let name = self.move_to_uci(m);
                let undo = self.make(m);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake(m, undo);
                (name, n)
            })
            .collect()
    }
}
