//! The network trainer: fits a game's network to its self-play records (`data`), in
//! floating point, then rounds the first layer to the engine's fixed point (`network`).
//!
//! Each position's target blends its game's result with its search score:
//! `t = wdl · result + (1 − wdl) · σ(score / scale)`, both from the side to move's view,
//! where `scale` (centipawns per logit) is fitted to the data first (the score that best
//! predicts the results, as `tune::fit::fit_k` does for the hand-written evaluation). The
//! network's output is a logit on that same scale, so its centipawns are the search's. The
//! loss is the squared error of `σ(output)` against `t`; the optimiser is Adam on mini
//! batches, whose gradients are summed over the rayon pool (one slice of the batch per
//! thread), so two runs with the same seed give the same network.
//!
//! Positions are read once into flat input lists (both views), so an epoch does no parsing.
//! Every `held_out_every`-th game is kept out of training; its loss is reported per epoch.

use super::data::Record;
use super::features::Layout;
use super::features::NetPosition;
use super::network::{Network, QA, WEIGHT_LIMIT};
use oblique_engine::random::SplitMix64;
use oblique_engine::Color;
use oblique_tables::Bitboard;
use rayon::prelude::*;

/// Positions as the trainer reads them.
#[derive(Clone, Debug, Default)]
pub struct TrainSet {
    offsets: Vec<u32>,
    white: Vec<u16>,
    black: Vec<u16>,
    white_to_move: Vec<bool>,
    /// Output bucket (`Layout::bucket`).
    bucket: Vec<u8>,
    /// Centipawns, side to move's view.
    score: Vec<f32>,
    /// What a residual network is added to: the hand-written evaluation in centipawns, side
    /// to move's view (0 for a plain network).
    base: Vec<f32>,
    /// 1, 0.5, 0 from the side to move's view.
    result: Vec<f32>,
}

impl TrainSet {
    pub fn len(&self) -> usize {
        self.score.len()
    }

    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    fn push(
        &mut self,
        (white, black, stm, bucket, base): (&[u16], &[u16], Color, u8, i32),
        white_score: i32,
        result: f32,
    ) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.white.extend_from_slice(white);
        self.black.extend_from_slice(black);
        self.offsets.push(self.white.len() as u32);
        self.white_to_move.push(stm == Color::White);
        self.bucket.push(bucket);
        self.base.push(base as f32);
        let (score, result) = if stm == Color::White {
            (white_score, result)
        } else {
            (-white_score, 1.0 - result)
        };
        self.score.push(score as f32);
        self.result.push(result);
    }

    /// The side to move's inputs and the other side's, of position `i`.
    #[inline]
    fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        if self.white_to_move[i] {
            (&self.white[a..b], &self.black[a..b])
        } else {
            (&self.black[a..b], &self.white[a..b])
        }
    }

    /// The side to move's inputs and the other side's, of position `i`, and its output
    /// bucket (public form).
    pub fn position_inputs(&self, i: usize) -> (&[u16], &[u16], usize) {
        let (own, their) = self.inputs(i);
        (own, their, self.bucket[i] as usize)
    }

    /// The float network's own score of position `i` in centipawns, without a residual
    /// network's base (checks of the rounding).
    pub fn float_score(&self, net: &FloatNet, i: usize, scale: f32) -> f32 {
        let mut acc = [vec![0.0; net.hidden], vec![0.0; net.hidden]];
        net.forward(self, i, &mut acc) * scale
    }

    /// Scores (side to move) and results, for fitting the scale.
    pub fn scores_and_results(&self) -> (Vec<i32>, Vec<f64>) {
        (
            self.score.iter().map(|&s| s as i32).collect(),
            self.result.iter().map(|&r| r as f64).collect(),
        )
    }
}

/// A record the game cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record {index}: {message}")]
pub struct RecordError {
    pub index: usize,
    pub message: String,
}

/// The score a residual network is trained on top of (side to move's view, centipawns).
pub type Base<G> = dyn Fn(&G) -> i32 + Sync;

/// How to read the records, and what they mean for the network.
pub struct Reading<'a, G> {
    /// The game's position reader (FEN or TFEN).
    pub parse: &'a (dyn Fn(&str) -> Result<G, String> + Sync),
    /// Every `held_out_every`-th game is held out (0: none).
    pub held_out_every: usize,
    pub buckets: usize,
    /// For a residual network, the score it corrects.
    pub base: Option<&'a Base<G>>,
    /// Each training position also comes as its image under every symmetry of the game's
    /// rules (`Layout::symmetries`), with the same labels.
    pub augment: bool,
}

/// The training and held-out positions of a game's records, with their output buckets and
/// (residual networks) the scores they correct.
pub fn load<G: NetPosition>(
    layout: &Layout,
    records: &[Record],
    how: &Reading<G>,
) -> Result<(TrainSet, TrainSet), RecordError> {
    type Inputs = (Vec<(Vec<u16>, Vec<u16>)>, Color, i32, usize);
    let held_out_every = how.held_out_every;
    let held = |r: &Record| held_out_every > 0 && r.game.is_multiple_of(held_out_every);
    let parsed: Vec<Result<Inputs, RecordError>> = records
        .par_iter()
        .enumerate()
        .map(|(index, r)| {
            let pos = (how.parse)(&r.fen).map_err(|message| RecordError { index, message })?;
            let augment = how.augment;
            let base = how.base;
            let maps = if augment && !held(r) {
                layout.symmetries.len()
            } else {
                0
            };
            let views = (0..=maps)
                .map(|k| {
                    let (mut w, mut b) = (Vec::with_capacity(40), Vec::with_capacity(40));
                    let map = k.checked_sub(1).map(|k| layout.symmetries[k].as_slice());
                    layout.active_mapped(&pos, map, &mut w, &mut b);
                    (w, b)
                })
                .collect();
            let base = base.map_or(0, |f| f(&pos));
            let men = pos.occupied().count() as usize;
            Ok((views, pos.side_to_move(), base, men))
        })
        .collect();
    let (mut train, mut held_set) = (TrainSet::default(), TrainSet::default());
    for (r, p) in records.iter().zip(parsed) {
        let (views, stm, base, men) = p?;
        let set = if held(r) { &mut held_set } else { &mut train };
        let bucket = layout.bucket(men, how.buckets) as u8;
        for (w, b) in &views {
            set.push((w, b, stm, bucket, base), r.score, r.result);
        }
    }
    Ok((train, held_set))
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub hidden: usize,
    pub buckets: usize,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Weight of the game result in the target (the rest is the search score).
    pub wdl: f32,
    /// Centipawns per logit.
    pub scale: f32,
    pub seed: u64,
    /// Inputs whose first-layer weights are kept equal (`Layout::tied_inputs`; empty: none).
    pub tied_inputs: Vec<Vec<u32>>,
}

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

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Scratch space of one thread: activations and the gradient it sums.
struct Work {
    acc: [Vec<f32>; 2],
    grad: FloatNet,
    loss: f64,
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

    fn zeros(inputs: usize, hidden: usize, buckets: usize) -> FloatNet {
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

    fn work(&self) -> Work {
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
    fn backward(&self, set: &TrainSet, i: usize, cfg: &TrainConfig, work: &mut Work) {
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

/// Adam's moments for every parameter.
struct Adam {
    m: FloatNet,
    v: FloatNet,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, grad: &FloatNet, lr: f32, n: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let update = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], clip: f32| {
            for (((p, g), m), v) in p.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                let g = g / n;
                *m = B1 * *m + (1.0 - B1) * g;
                *v = B2 * *v + (1.0 - B2) * g * g;
                *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
                *p = p.clamp(-clip, clip);
            }
        };
        update(
            &mut net.ft_w,
            &grad.ft_w,
            &mut self.m.ft_w,
            &mut self.v.ft_w,
            WEIGHT_LIMIT,
        );
        update(
            &mut net.ft_b,
            &grad.ft_b,
            &mut self.m.ft_b,
            &mut self.v.ft_b,
            WEIGHT_LIMIT,
        );
        update(
            &mut net.out_w,
            &grad.out_w,
            &mut self.m.out_w,
            &mut self.v.out_w,
            1e6,
        );
        update(
            &mut net.out_b,
            &grad.out_b,
            &mut self.m.out_b,
            &mut self.v.out_b,
            1e6,
        );
    }
}

/// What an epoch reports.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub lr: f32,
    pub train_loss: f64,
    pub held_out_loss: f64,
}

/// The learning rate of `epoch` (0-based): full for the first 60 % of the epochs, then a
/// third, then a tenth for the last 15 %.
pub fn learning_rate(cfg: &TrainConfig, epoch: usize) -> f32 {
    let f = epoch as f32 / cfg.epochs.max(1) as f32;
    cfg.lr
        * if f < 0.6 {
            1.0
        } else if f < 0.85 {
            0.3
        } else {
            0.1
        }
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
    let mut adam = Adam {
        m: FloatNet::zeros(inputs, net.hidden, net.buckets),
        v: FloatNet::zeros(inputs, net.hidden, net.buckets),
        t: 0,
    };
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
    use oblique_engine::search::SearchGame;

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
            let (a, z) = (
                set.float_score(&small, i, 150.0),
                set.float_score(&big, i, 150.0),
            );
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
    use oblique_engine::{Game, Position};
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
