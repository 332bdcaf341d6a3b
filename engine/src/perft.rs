//! Perft: counts the leaves of the legal move tree, the standard proof of a move generator.
//! One implementation serves every game through the `Game` trait; `Perft` offers it as
//! methods of every game (`pos.perft(5)`), so the trait needs nothing from this file.

use crate::game::Game;

/// Perft as methods of every game.
pub trait Perft: Game {
    /// Number of legal move sequences of length `depth` (the standard proof of a move
    /// generator); the last ply is counted, not played.
    fn perft(&mut self, depth: u32) -> u64 {
        perft(self, depth)
    }
    /// Perft split by root move, in generation order.
    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        perft_divide(self, depth)
    }
}

impl<G: Game> Perft for G {}

/// Number of legal move sequences of length `depth`; the last ply is counted, not played.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    // One move list per ply, reused across siblings: no allocation inside the tree.
    let mut lists = vec![Vec::with_capacity(128); depth.saturating_sub(1) as usize];
    perft_with(pos, depth, &mut lists)
}

fn perft_with<G: Game>(pos: &mut G, depth: u32, lists: &mut [Vec<G::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let Some((list, deeper)) = lists.split_first_mut() else {
                return 0;
            };
            list.clear();
            pos.legal_moves_into(list);
            let mut nodes = 0;
            for &m in list.iter() {
                let undo = pos.make_move(m);
                nodes += perft_with(pos, depth - 1, deeper);
                pos.unmake_move(m, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move, in generation order.
pub fn perft_divide<G: Game>(pos: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut root = Vec::new();
    pos.legal_moves_into(&mut root);
    root.iter()
        .map(|&m| {
            let name = pos.move_text(m);
            let undo = pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move(m, undo);
            (name, n)
        })
        .collect()
}
