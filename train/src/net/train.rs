//! The network trainer's loop: fits a game's network to its self-play records (`data`), in
//! floating point (`float_net`), epoch by epoch.
//!
//! Each position's target blends its game's result with its search score:
//! `t = wdl · result + (1 − wdl) · σ(score / scale)`, both from the side to move's view,
//! where `scale` (centipawns per logit) is fitted to the data first (the score that best
//! predicts the results, as `tune::fit::fit_k` does for the hand-written evaluation). The
//! network's output is a logit on that same scale, so its centipawns are the search's. The
//! loss is the squared error of `σ(output)` against `t`; the optimiser is Adam (`adam`) on
//! mini batches, whose gradients are summed over the rayon pool (one slice of the batch per
//! thread), so two runs with the same seed give the same network.

use super::adam::Adam;
use super::config::{learning_rate, TrainConfig};
use super::float_net::{sigmoid, FloatNet, Work};
use super::train_set::TrainSet;
use oblique_engine::random::SplitMix64;
use rayon::prelude::*;

/// The loss of the records' own search scores as predictions (what a network must beat to
/// know more than the searches that labelled the data).
pub fn score_loss(set: &TrainSet, cfg: &TrainConfig) -> f64 {
    let n = set.len().max(1) as f64;
    (0..set.len())
        .map(|i| {
            let p = sigmoid(set.score[i] / cfg.scale);
            let t = cfg.wdl * set.result[i] + (1.0 - cfg.wdl) * p;
            ((p - t) * (p - t)) as f64
        })
        .sum::<f64>()
        / n
}

/// What an epoch reports.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub lr: f32,
    pub train_loss: f64,
    pub held_out_loss: f64,
}

/// Trains a network from `start` (or fresh weights), reporting each epoch.
pub fn train(
    inputs: usize,
    train_set: &TrainSet,
    held_out: &TrainSet,
    cfg: &TrainConfig,
    start: Option<FloatNet>,
    mut on_epoch: impl FnMut(&EpochReport, &FloatNet),
) -> FloatNet {
    let mut net = start.unwrap_or_else(|| FloatNet::new(inputs, cfg.hidden, cfg.buckets, cfg.seed));
    net.tie(&cfg.tied_inputs);
    let mut adam = Adam::new(inputs, net.hidden, net.buckets);
    let mut order: Vec<u32> = (0..train_set.len() as u32).collect();
    let mut rng = SplitMix64::new(cfg.seed ^ 0x5EED);
    let threads = rayon::current_num_threads().max(1);
    let mut works: Vec<Work> = (0..threads).map(|_| net.work()).collect();
    for epoch in 0..cfg.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = learning_rate(cfg, epoch);
        let mut train_loss = 0.0;
        for batch in order.chunks(cfg.batch.max(1)) {
            let per = batch.len().div_ceil(threads);
            works.par_iter_mut().enumerate().for_each(|(t, w)| {
                let g = &mut w.grad;
                g.ft_w.iter_mut().for_each(|x| *x = 0.0);
                g.ft_b.iter_mut().for_each(|x| *x = 0.0);
                g.out_w.iter_mut().for_each(|x| *x = 0.0);
                g.out_b.iter_mut().for_each(|x| *x = 0.0);
                w.loss = 0.0;
                let lo = (t * per).min(batch.len());
                let hi = ((t + 1) * per).min(batch.len());
                for &i in &batch[lo..hi] {
                    net.backward(train_set, i as usize, cfg, w);
                }
            });
            let (first, rest) = works.split_at_mut(1);
            let total = &mut first[0];
            for w in rest.iter() {
                total
                    .grad
                    .ft_w
                    .par_iter_mut()
                    .zip(w.grad.ft_w.par_iter())
                    .for_each(|(a, b)| *a += b);
                for (a, b) in total.grad.ft_b.iter_mut().zip(&w.grad.ft_b) {
                    *a += b;
                }
                for (a, b) in total.grad.out_w.iter_mut().zip(&w.grad.out_w) {
                    *a += b;
                }
                for (a, b) in total.grad.out_b.iter_mut().zip(&w.grad.out_b) {
                    *a += b;
                }
                total.loss += w.loss;
            }
            train_loss += total.loss;
            adam.step(&mut net, &total.grad, lr, batch.len() as f32);
            net.tie(&cfg.tied_inputs);
        }
        let report = EpochReport {
            epoch: epoch + 1,
            lr,
            train_loss: train_loss / train_set.len().max(1) as f64,
            held_out_loss: net.loss(held_out, cfg),
        };
        on_epoch(&report, &net);
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::data::Record;
    use crate::net::train_set::{load, Reading};
    use oblique_engine::search::SearchGame;
    use oblique_engine::Color;
    use oblique_engine::{Game, Position};
    use oblique_eval::nnue::features::Layout;
    use oblique_tables::Bitboard;

    /// Records of random chess positions scored by material alone (pawn 100, knight and
    /// bishop 300, rook 500, queen 900), results drawn from that score.
    fn material_records(n: usize, seed: u64) -> Vec<Record> {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        let value = [100, 300, 300, 500, 900, 0];
        while out.len() < n {
            let mut pos = Position::<u64>::start(spec).expect("start");
            for ply in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that material comes off the board.
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_tactical(m))
                    .collect();
                let m = if !captures.is_empty() && rng.below(2) == 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.make_move(m);
                if ply % 4 == 3 {
                    let mut score = 0;
                    for (i, role) in oblique_engine::types::ROLES[..6].iter().enumerate() {
                        score += value[i] * pos.pieces(Color::White, *role).count() as i32;
                        score -= value[i] * pos.pieces(Color::Black, *role).count() as i32;
                    }
                    let p = 1.0 / (1.0 + (-(score as f64) / 200.0).exp());
                    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    out.push(Record {
                        game: out.len(),
                        result: if u < p { 1.0 } else { 0.0 },
                        score,
                        fen: pos.to_fen(),
                    });
                }
            }
        }
        out
    }

    #[test]
    fn a_network_learns_material_and_generalises() {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let layout = Layout::of_game::<u64>(spec).expect("layout");
        let records = material_records(6000, 4);
        let parse = |fen: &str| Position::<u64>::from_fen(spec, fen).map_err(|e| e.to_string());
        let reading = Reading {
            parse: &parse,
            held_out_every: 5,
            buckets: 2,
            base: None,
            augment: true,
        };
        let (train_set, held_out) = load(&layout, &records, &reading).expect("records");
        let cfg = TrainConfig {
            hidden: 16,
            buckets: 2,
            epochs: 30,
            batch: 256,
            lr: 0.005,
            wdl: 0.0,
            scale: 200.0,
            seed: 1,
            tied_inputs: Vec::new(),
        };
        let start = FloatNet::new(layout.inputs(), cfg.hidden, cfg.buckets, cfg.seed);
        let before = start.loss(&held_out, &cfg);
        let net = train(
            layout.inputs(),
            &train_set,
            &held_out,
            &cfg,
            Some(start),
            |_, _| {},
        );
        let after = net.loss(&held_out, &cfg);
        assert!(after < before / 4.0, "held-out loss {before} -> {after}");
        // The rounded network agrees: a queen up scores far above a queen down.
        let fixed = net.quantize(&layout, cfg.scale, false, String::new());
        let score = |fen: &str| {
            let pos = Position::<u64>::from_fen(spec, fen).expect("fen");
            let (mut w, mut b) = (Vec::new(), Vec::new());
            layout.active(&pos, &mut w, &mut b);
            fixed.evaluate_inputs(&w, &b, pos.occupied().count() as usize)
        };
        let up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let down = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert!(up > down + 300, "queen up {up}, queen down {down}");
    }
}
