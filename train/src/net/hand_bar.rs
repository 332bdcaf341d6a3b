//! The bar a network must clear: the hand-written evaluation's own loss on the held-out
//! positions, on the same target and scale as the network's (`config`), so that `net train`
//! prints beside the network's losses what the evaluation it would replace or correct
//! scores on the same games.

use super::data::Record;
use super::train_set::Base;
use oblique_engine::Color;
use oblique_eval::nnue::features::NetPosition;

/// The held-out positions' hand-written scores, results and search scores (White's view).
pub struct HandBar {
    scores: Vec<(i32, f32, i32)>,
}

impl HandBar {
    /// Scores the held-out records (every `held_out_every`-th game; none when 0) with
    /// `hand` (side to move's view); records `parse` refuses are left out.
    pub fn collect<G: NetPosition>(
        records: &[Record],
        held_out_every: usize,
        parse: &(dyn Fn(&str) -> Result<G, String> + Sync),
        hand: &Base<G>,
    ) -> HandBar {
        let scores = records
            .iter()
            .filter(|r| held_out_every > 0 && r.game.is_multiple_of(held_out_every))
            .filter_map(|r| {
                let pos = parse(&r.fen).ok()?;
                let own = hand(&pos);
                let white = if pos.side_to_move() == Color::White {
                    own
                } else {
                    -own
                };
                Some((white, r.result, r.score))
            })
            .collect();
        HandBar { scores }
    }

    /// The mean squared error of the hand-written scores against the target
    /// `wdl · result + (1 − wdl) · σ(score / scale)`.
    pub fn loss(&self, scale: f32, wdl: f32) -> f64 {
        self.scores
            .iter()
            .map(|&(white, result, score)| {
                let p = 1.0 / (1.0 + (-(white as f32) / scale).exp());
                let s = 1.0 / (1.0 + (-(score as f32) / scale).exp());
                let t = wdl * result + (1.0 - wdl) * s;
                ((p - t) * (p - t)) as f64
            })
            .sum::<f64>()
            / self.scores.len().max(1) as f64
    }
}
