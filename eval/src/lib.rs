//! Static evaluation for Oblique's games.
//!
//! * `values`: piece values derived from mobility on each game's own geometry.
//! * `tables`: per-game positional tables derived from the board graph.
//! * `eval2d`: the evaluation of the 2D games.
//! * `startrek`: the evaluation of Star Trek chess.

pub mod eval2d;
pub mod pawns;
pub mod startrek;
pub mod tables;
pub mod values;

pub use values::{piece_values, role_values, values_report};

use oblique_engine::search::Evaluator;
use oblique_engine::Position;
use tables::EvalCache;

/// The evaluator for every game. Tables are built on first use of each game and cached.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl<B: EvalCache> Evaluator<Position<B>> for Evaluation {
    #[inline]
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        eval2d::evaluate(pos)
    }
}

#[cfg(test)]
mod tests;
