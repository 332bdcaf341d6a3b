//! Static evaluation for Oblique's games.
//!
//! * `values`: piece values derived from mobility on each game's own geometry.
//! * `game_tables`: per-game positional tables derived from the board graph (named so as not
//!   to be confused with the `oblique-tables` crate), composed from one builder per term in
//!   `terms/` (board graph, material, pawn paths, piece squares, king safety, race).
//! * `score`: the middle-game / end-game score pair.
//! * `shared`: what the 2D and Star Trek evaluators share (distances,
//!   centrality, passed-pawn shares, the formulas of terms both build alike).
//! * `plane`: the evaluation of the 2D games.
//! * `startrek`: the evaluation of Star Trek chess.
//! * `nnue`: the network evaluation (inputs, network file, accumulators, which game plays
//!   with which network); a game listed in `nnue::nets` plays with its network instead of
//!   `plane`.
//! * `weights`: the 2D evaluation's weights as data (a game's tuned file, else the hand
//!   values).
//!
//! Inference only: the tuner that fits the weights and the trainer that makes the networks
//! are the lab's crate, `oblique-train`, which depends on this one.

pub mod cache;
pub mod game_tables;
pub mod nnue;
pub mod pawns;
pub mod plane;
pub mod report;
pub mod score;
pub mod shared;
pub mod startrek;
pub mod terms;
pub mod values;
pub mod weights;

pub use report::{piece_values, role_values, values_report, UnknownGame};

use cache::EvalCache;
use oblique_engine::search::Evaluator;
use oblique_engine::{Game, Position};

/// The evaluator for every game. Tables are built on first use of each game and cached.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl<B: EvalCache> Evaluator<Position<B>> for Evaluation {
    #[inline]
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        let t = cache::tables_for(pos.rules());
        match t.net {
            Some(net) => {
                let learnt =
                    nnue::accumulator::evaluate(net, pos.piece_sets(), (0, 0), pos.side_to_move());
                if net.residual {
                    learnt + plane::evaluate(pos)
                } else {
                    learnt
                }
            }
            None => plane::evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests;
