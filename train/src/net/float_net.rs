//! The network in floating point, as it is trained: seeded random weights, the forward pass
//! and its gradient (squared clipped ReLU on both players' views, one output per bucket),
//! the loss of a set, and the ways a network changes shape or form: read back from a
//! network file to train further, grown by hidden units that start silent, tied under the
//! symmetries of the game's rules, and rounded to the engine's fixed point (`network`).

use super::config::TrainConfig;
use super::train_set::TrainSet;
use oblique_engine::random::SplitMix64;
use oblique_eval::nnue::features::Layout;
use oblique_eval::nnue::network::{Network, QA, WEIGHT_LIMIT};
use rayon::prelude::*;

/// The network in floating point, as it is trained.
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub inputs: usize,
    pub hidden: usize,
    pub buckets: usize,
    pub ft_w: Vec<f32>,
    pub ft_b: Vec<f32>,
    /// Per bucket: own view, their view.
    pub out_w: Vec<f32>,
    pub out_b: Vec<f32>,
}

/// The logistic function (a logit to an expected result).
#[inline(always)]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Scratch space of one thread: activations and the gradient it sums.
pub(crate) struct Work {
    pub(crate) acc: [Vec<f32>; 2],
    pub(crate) grad: FloatNet,
    pub(crate) loss: f64,
}

impl FloatNet {
    /// Small random weights (seeded).
    pub fn new(inputs: usize, hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |limit: f32| {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            ((u * 2.0 - 1.0) as f32) * limit
        };
        let ft_w = (0..inputs * hidden).map(|_| uniform(0.1)).collect();
        let ft_b = (0..hidden).map(|_| uniform(0.1) + 0.1).collect();
        let out_limit = 1.0 / (2.0 * hidden as f32).sqrt();
        let out_w = (0..buckets * 2 * hidden)
            .map(|_| uniform(out_limit))
            .collect();
        FloatNet {
            inputs,
            hidden,
            buckets,
            ft_w,
            ft_b,
            out_w,
            out_b: vec![0.0; buckets],
        }
    }

    pub(crate) fn zeros(inputs: usize, hidden: usize, buckets: usize) -> FloatNet {
        FloatNet {
            inputs,
            hidden,
            buckets,
            ft_w: vec![0.0; inputs * hidden],
            ft_b: vec![0.0; hidden],
            out_w: vec![0.0; buckets * 2 * hidden],
            out_b: vec![0.0; buckets],
        }
    }

    pub(crate) fn work(&self) -> Work {
        Work {
            acc: [vec![0.0; self.hidden], vec![0.0; self.hidden]],
            grad: FloatNet::zeros(self.inputs, self.hidden, self.buckets),
            loss: 0.0,
        }
    }

    /// The output logit of position `i`; leaves both views' accumulators in `acc`.
    #[inline]
    fn forward(&self, set: &TrainSet, i: usize, acc: &mut [Vec<f32>; 2]) -> f32 {
        let h = self.hidden;
        let (own, their) = set.inputs(i);
        let b = set.bucket[i] as usize;
        let mut out = self.out_b[b];
        for (view, inputs) in [own, their].into_iter().enumerate() {
            let a = &mut acc[view];
            a.copy_from_slice(&self.ft_b);
            for &f in inputs {
                let row = &self.ft_w[f as usize * h..(f as usize + 1) * h];
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
            let ow = &self.out_w[(2 * b + view) * h..(2 * b + view + 1) * h];
            let mut sum = 0.0;
            for (x, w) in a.iter().zip(ow) {
                let c = x.clamp(0.0, 1.0);
                sum += c * c * w;
            }
            out += sum;
        }
        out
    }

    fn target(&self, set: &TrainSet, i: usize, cfg: &TrainConfig) -> f32 {
        cfg.wdl * set.result[i] + (1.0 - cfg.wdl) * sigmoid(set.score[i] / cfg.scale)
    }

    /// Adds position `i`'s loss and gradient to `work`.
    pub(crate) fn backward(&self, set: &TrainSet, i: usize, cfg: &TrainConfig, work: &mut Work) {
        let h = self.hidden;
        let out = self.forward(set, i, &mut work.acc) + set.base[i] / cfg.scale;
        let p = sigmoid(out);
        let e = p - self.target(set, i, cfg);
        work.loss += (e * e) as f64;
        let g = 2.0 * e * p * (1.0 - p);
        let grad = &mut work.grad;
        let b = set.bucket[i] as usize;
        grad.out_b[b] += g;
        let (own, their) = set.inputs(i);
        for (view, inputs) in [own, their].into_iter().enumerate() {
            let a = &mut work.acc[view];
            let at = (2 * b + view) * h;
            let ow = &self.out_w[at..at + h];
            let gw = &mut grad.out_w[at..at + h];
            // From here `a` holds the gradient of the accumulator.
            for ((x, w), gw) in a.iter_mut().zip(ow).zip(gw.iter_mut()) {
                let c = x.clamp(0.0, 1.0);
                *gw += g * c * c;
                *x = if *x > 0.0 && *x < 1.0 {
                    2.0 * c * g * w
                } else {
                    0.0
                };
            }
            for (b, d) in grad.ft_b.iter_mut().zip(a.iter()) {
                *b += d;
            }
            for &f in inputs {
                let row = &mut grad.ft_w[f as usize * h..(f as usize + 1) * h];
                for (r, d) in row.iter_mut().zip(a.iter()) {
                    *r += d;
                }
            }
        }
    }

    /// The network's own score of position `i` of `set` in centipawns, without a residual
    /// network's base (checks of the rounding).
    pub fn score_of(&self, set: &TrainSet, i: usize, scale: f32) -> f32 {
        let mut acc = [vec![0.0; self.hidden], vec![0.0; self.hidden]];
        self.forward(set, i, &mut acc) * scale
    }

    /// Mean loss over a set (forward only).
    pub fn loss(&self, set: &TrainSet, cfg: &TrainConfig) -> f64 {
        if set.is_empty() {
            return f64::NAN;
        }
        let total: f64 = (0..set.len())
            .into_par_iter()
            .fold(
                || (self.work(), 0.0f64),
                |(mut w, sum), i| {
                    let out = self.forward(set, i, &mut w.acc) + set.base[i] / cfg.scale;
                    let p = sigmoid(out);
                    let e = (p - self.target(set, i, cfg)) as f64;
                    (w, sum + e * e)
                },
            )
            .map(|(_, s)| s)
            .sum();
        total / set.len() as f64
    }

    /// A network file's weights in floating point, as the start of further training: the
    /// first layer read back from its fixed point, the output layer rescaled from the file's
    /// centipawns per logit to `scale` (the one the new data fits), so that it gives the
    /// same centipawns as the file.
    pub fn from_network(net: &Network, scale: f32) -> FloatNet {
        let f = |w: &i16| *w as f32 / QA as f32;
        let rescale = net.scale / scale;
        FloatNet {
            inputs: net.layout.inputs(),
            hidden: net.hidden,
            buckets: net.buckets,
            ft_w: net.ft_weights.iter().map(f).collect(),
            ft_b: net.ft_bias.iter().map(f).collect(),
            out_w: net.out_weights.iter().map(|w| w * rescale).collect(),
            out_b: net.out_bias.iter().map(|w| w * rescale).collect(),
        }
    }

    /// The same network with `hidden` units (at least as many as it has): the new units
    /// get fresh first-layer weights (seeded) and output weights of zero, so the grown
    /// network gives exactly the same scores until training puts the new units to use.
    pub fn grown(self, hidden: usize, seed: u64) -> FloatNet {
        let old = self.hidden;
        if hidden <= old {
            return self;
        }
        let mut g = FloatNet::new(self.inputs, hidden, self.buckets, seed);
        for (new_row, old_row) in g
            .ft_w
            .chunks_exact_mut(hidden)
            .zip(self.ft_w.chunks_exact(old))
        {
            new_row[..old].copy_from_slice(old_row);
        }
        g.ft_b[..old].copy_from_slice(&self.ft_b);
        for (new_view, old_view) in g
            .out_w
            .chunks_exact_mut(hidden)
            .zip(self.out_w.chunks_exact(old))
        {
            new_view[..old].copy_from_slice(old_view);
            new_view[old..].fill(0.0);
        }
        g.out_b.copy_from_slice(&self.out_b);
        g
    }

    /// Gives every input of each set in `tied` (`Layout::tied_inputs`) the mean of their
    /// first-layer weights, so that the network scores a position and its images under the
    /// game's symmetries exactly alike (training on the images only makes it nearly so).
    pub fn tie(&mut self, tied: &[Vec<u32>]) {
        let h = self.hidden;
        let mut mean = vec![0.0f32; h];
        for set in tied {
            mean.fill(0.0);
            for &input in set {
                let row = &self.ft_w[input as usize * h..(input as usize + 1) * h];
                for (m, w) in mean.iter_mut().zip(row) {
                    *m += w;
                }
            }
            let n = set.len() as f32;
            mean.iter_mut().for_each(|m| *m /= n);
            for &input in set {
                self.ft_w[input as usize * h..(input as usize + 1) * h].copy_from_slice(&mean);
            }
        }
    }

    /// The engine's fixed-point network.
    pub fn quantize(&self, layout: &Layout, scale: f32, residual: bool, notes: String) -> Network {
        let q = |w: &f32| (w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT) * QA as f32).round() as i16;
        Network {
            layout: layout.clone(),
            hidden: self.hidden,
            buckets: self.buckets,
            residual,
            scale,
            notes,
            ft_weights: self.ft_w.iter().map(q).collect(),
            ft_bias: self.ft_b.iter().map(q).collect(),
            out_weights: self.out_w.clone(),
            out_bias: self.out_b.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::{Color, Game, Position};
    use oblique_tables::Bitboard;

    #[test]
    fn a_grown_network_scores_as_before() {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let layout = Layout::of_game::<u64>(spec).expect("layout");
        let small = FloatNet::new(layout.inputs(), 6, 3, 9);
        let big = small.clone().grown(20, 4);
        assert_eq!((big.hidden, big.buckets), (20, 3));
        let mut set = TrainSet::default();
        let pos = Position::<u64>::from_fen(
            spec,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("fen");
        let (mut w, mut b) = (Vec::new(), Vec::new());
        layout.active(&pos, &mut w, &mut b);
        for bucket in 0..3u8 {
            set.push((&w, &b, Color::White, bucket, 0), 35, 1.0);
            set.push((&w, &b, Color::Black, bucket, 0), -20, 0.0);
        }
        for i in 0..set.len() {
            let (a, z) = (small.score_of(&set, i, 150.0), big.score_of(&set, i, 150.0));
            assert!((a - z).abs() < 1e-3, "position {i}: {a} vs {z}");
        }
    }

    #[test]
    fn a_tied_network_scores_mirror_images_exactly_alike() {
        // Ultra SEC's rules are the same mirrored left to right (escalator.md), so its
        // evaluation must be too; random weights are not, until tied.
        let spec = oblique_engine::find_variant("ultraslanted").expect("ultraslanted");
        let layout = Layout::of_game::<u128>(spec).expect("layout");
        let mut rng = SplitMix64::new(3);
        let mut positions = Vec::new();
        let mut pos = Position::<u128>::start(spec).expect("start");
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
            positions.push(pos.clone());
        }
        let untied = FloatNet::new(layout.inputs(), 8, 4, 5);
        let mut tied = untied.clone();
        tied.tie(&layout.tied_inputs());
        let differences = |float: &FloatNet| {
            let net = float.quantize(&layout, 150.0, true, String::new());
            positions
                .iter()
                .filter(|p| {
                    let men = p.occupied().count() as usize;
                    let (mut w, mut b) = (Vec::new(), Vec::new());
                    layout.active(*p, &mut w, &mut b);
                    let (mut wm, mut bm) = (Vec::new(), Vec::new());
                    layout.active_mapped(*p, Some(&layout.symmetries[0]), &mut wm, &mut bm);
                    net.evaluate_inputs(&w, &b, men) != net.evaluate_inputs(&wm, &bm, men)
                        || net.evaluate_inputs(&b, &w, men) != net.evaluate_inputs(&bm, &wm, men)
                })
                .count()
        };
        assert!(differences(&untied) > positions.len() / 2);
        assert_eq!(differences(&tied), 0);
    }

    #[test]
    fn a_network_file_reads_back_into_the_same_float_network() {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let layout = Layout::of_game::<u64>(spec).expect("layout");
        let float = FloatNet::new(layout.inputs(), 8, 2, 7);
        let net = float.quantize(&layout, 150.0, true, String::new());
        // Read back at another scale, then rounded at that scale: the same file, and every
        // score within a centipawn of the first file's.
        let again = FloatNet::from_network(&net, 300.0);
        assert_eq!((again.hidden, again.buckets), (8, 2));
        let net2 = again.quantize(&layout, 300.0, true, String::new());
        assert_eq!(net2.ft_weights, net.ft_weights);
        assert_eq!(net2.ft_bias, net.ft_bias);
        let own: Vec<i16> = (0..8).map(|i| i * 30).collect();
        let their: Vec<i16> = (0..8).map(|i| 240 - i * 25).collect();
        for bucket in 0..2 {
            let (a, b) = (
                net.output(&own, &their, bucket),
                net2.output(&own, &their, bucket),
            );
            assert!((a - b).abs() <= 1, "bucket {bucket}: {a} vs {b}");
        }
    }
}
