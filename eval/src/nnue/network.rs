//! A trained network, as the engine runs it: one hidden layer of `hidden` units fed by the
//! game's inputs (`features`), computed once per player's view and kept up to date as men
//! move (`accumulator`), then one output from both views.
//!
//! Why this shape: the inputs of a chess-like position are sparse (a few dozen of a few
//! hundred are set) and a move changes two to four of them, so the hidden layer is an
//! accumulator that a move updates with a handful of vector additions; everything after it
//! is one dot product. The first layer is integer (16-bit weights, scale [`QA`]) so the
//! accumulator is exact and cheap; the output layer is `f32`, which is just as fast for one
//! dot product and cannot overflow.
//!
//! Output: `cp = scale * (bias[b] + w_own[b] · σ(own) + w_their[b] · σ(their))`, with
//! `σ(x) = clamp(x, 0, 1)²` (squared clipped ReLU), `own` the side to move's view, and `b`
//! the output bucket of the position: how many men are left, in `buckets` equal shares
//! (`Layout::bucket`), so the opening, the middle game and the ending each weigh the hidden
//! units their own way. `scale` is the centipawns per logit that the training data's scores
//! showed (so the network speaks the search's units). A *residual* network was trained on
//! top of the hand-written evaluation: the engine adds its output to that evaluation's
//! score (a correction learnt from the data, which needs far fewer positions than learning
//! the whole judgement).
//!
//! File (little-endian): `OBQNNUE1`, then the game's name, cells, roles, hidden units,
//! output buckets, flags (1: residual), the scale, a free text (the command and fit that made it), the first
//! layer's weights (input by input) and biases as `i16`, the output weights (per bucket:
//! own view, then their view) and biases as `f32`.

use super::features::Layout;

/// The first layer's fixed-point scale: a weight of 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Largest first-layer weight or bias the trainer allows (so that the stored `i16` sums of
/// up to 64 men cannot overflow: 64 · 1.98 · 255 < 32,767).
pub const WEIGHT_LIMIT: f32 = 1.98;

const MAGIC: &[u8; 8] = b"OBQNNUE1";

#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub layout: Layout,
    pub hidden: usize,
    pub buckets: usize,
    /// The output is a correction added to the hand-written evaluation.
    pub residual: bool,
    /// Centipawns per logit of the output.
    pub scale: f32,
    /// What made it (command, data, losses).
    pub notes: String,
    /// `inputs * hidden`, input by input.
    pub ft_weights: Vec<i16>,
    pub ft_bias: Vec<i16>,
    /// `buckets * 2 * hidden`: per bucket, the side to move's view, then the other's.
    pub out_weights: Vec<f32>,
    /// One per bucket.
    pub out_bias: Vec<f32>,
}

/// A network file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    #[error("not an Oblique network file")]
    NotANetwork,
    #[error("the network file ends early")]
    Truncated,
    #[error("the network is for {found}, not {expected}")]
    WrongGame { expected: String, found: String },
    #[error("the network's inputs ({cells} cells, {roles} roles) do not fit {game}")]
    WrongShape {
        game: String,
        cells: usize,
        roles: usize,
    },
    #[error("the network has {0} hidden units (1 to {MAX_HIDDEN} allowed)")]
    Hidden(usize),
    #[error("the network has {0} output buckets (1 to {MAX_BUCKETS} allowed)")]
    Buckets(usize),
}

/// The most hidden units a network file may have (the reader's, the trainer's and `net train`'s limit).
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets a network file may have.
pub const MAX_BUCKETS: usize = 64;

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], NetworkError> {
        if self.0.len() < n {
            return Err(NetworkError::Truncated);
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Ok(head)
    }
    fn u32(&mut self) -> Result<u32, NetworkError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32(&mut self) -> Result<f32, NetworkError> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn text(&mut self) -> Result<String, NetworkError> {
        let n = self.u32()? as usize;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetworkError> {
        let b = self.take(n.checked_mul(2).ok_or(NetworkError::Truncated)?)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, NetworkError> {
        let b = self.take(n.checked_mul(4).ok_or(NetworkError::Truncated)?)?;
        Ok(b.chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

impl Network {
    /// Reads a network file for the game whose layout is `layout`.
    pub fn read(bytes: &[u8], layout: &Layout) -> Result<Network, NetworkError> {
        let mut r = Reader(bytes);
        if r.take(8).map_err(|_| NetworkError::NotANetwork)? != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let game = r.text()?;
        if game != layout.game {
            return Err(NetworkError::WrongGame {
                expected: layout.game.clone(),
                found: game,
            });
        }
        let (cells, roles) = (r.u32()? as usize, r.u32()? as usize);
        if cells != layout.cells || roles != layout.roles {
            return Err(NetworkError::WrongShape { game, cells, roles });
        }
        let hidden = r.u32()? as usize;
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(NetworkError::Hidden(hidden));
        }
        let buckets = r.u32()? as usize;
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(NetworkError::Buckets(buckets));
        }
        let residual = r.u32()? & 1 != 0;
        let scale = r.f32()?;
        let notes = r.text()?;
        let ft_weights = r.i16s(layout.inputs() * hidden)?;
        let ft_bias = r.i16s(hidden)?;
        let out_weights = r.f32s(buckets * 2 * hidden)?;
        let out_bias = r.f32s(buckets)?;
        Ok(Network {
            layout: layout.clone(),
            hidden,
            buckets,
            residual,
            scale,
            notes,
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
        })
    }

    /// The game a network file is for, read from its header.
    pub fn game_of(bytes: &[u8]) -> Option<String> {
        let mut r = Reader(bytes);
        if r.take(8).ok()? != MAGIC {
            return None;
        }
        r.text().ok()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let text = |out: &mut Vec<u8>, s: &str| {
            out.extend((s.len() as u32).to_le_bytes());
            out.extend(s.as_bytes());
        };
        text(&mut out, &self.layout.game);
        out.extend((self.layout.cells as u32).to_le_bytes());
        out.extend((self.layout.roles as u32).to_le_bytes());
        out.extend((self.hidden as u32).to_le_bytes());
        out.extend((self.buckets as u32).to_le_bytes());
        out.extend((self.residual as u32).to_le_bytes());
        out.extend(self.scale.to_le_bytes());
        text(&mut out, &self.notes);
        for w in self.ft_weights.iter().chain(&self.ft_bias) {
            out.extend(w.to_le_bytes());
        }
        for w in self.out_weights.iter().chain(&self.out_bias) {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// The first-layer weights of one input.
    #[inline(always)]
    pub fn row(&self, input: usize) -> &[i16] {
        &self.ft_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The score in centipawns from scratch, given the inputs each view sets (side to
    /// move's first) and the men on the board: what the accumulators hold, computed without
    /// them.
    pub fn evaluate_inputs(&self, own: &[u16], their: &[u16], men: usize) -> i32 {
        self.evaluate_bucket(own, their, self.layout.bucket(men, self.buckets))
    }

    /// The same with the output bucket given.
    pub fn evaluate_bucket(&self, own: &[u16], their: &[u16], bucket: usize) -> i32 {
        let acc = |inputs: &[u16]| {
            let mut a = self.ft_bias.clone();
            for &f in inputs {
                for (x, w) in a.iter_mut().zip(self.row(f as usize)) {
                    *x = x.wrapping_add(*w);
                }
            }
            a
        };
        self.output(&acc(own), &acc(their), bucket)
    }

    /// The score in centipawns for the side whose view is `own`, with the output weights of
    /// `bucket`.
    #[inline]
    pub fn output(&self, own: &[i16], their: &[i16], bucket: usize) -> i32 {
        let h = self.hidden;
        let w = &self.out_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
        let (w_own, w_their) = w.split_at(h);
        let sum = dot_screlu(&own[..h], w_own) + dot_screlu(&their[..h], w_their);
        ((sum + self.out_bias[bucket]) * self.scale) as i32
    }
}

/// `Σ clamp(a / QA, 0, 1)² · w`, written so the compiler vectorises it.
#[inline(always)]
fn dot_screlu(acc: &[i16], w: &[f32]) -> f32 {
    const INV: f32 = 1.0 / (QA * QA) as f32;
    let mut lanes = [0f32; 8];
    let chunks = acc.len() / 8;
    for (a8, w8) in acc.chunks_exact(8).zip(w.chunks_exact(8)) {
        for ((lane, a), w) in lanes.iter_mut().zip(a8).zip(w8) {
            // By value: `clamp` on the references selects pointers one lane at a time
            // instead of a vector min and max (13 % of the search's time went here).
            let v = (*a).clamp(0, QA as i16) as f32;
            *lane += v * v * w;
        }
    }
    let mut sum: f32 = lanes.iter().sum();
    for i in chunks * 8..acc.len() {
        let v = acc[i].clamp(0, QA as i16) as f32;
        sum += v * v * w[i];
    }
    sum * INV
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let layout = Layout::of_game::<u64>(spec).expect("layout");
        let hidden = 9;
        Network {
            hidden,
            buckets: 2,
            residual: true,
            scale: 200.0,
            notes: "test".into(),
            ft_weights: (0..layout.inputs() * hidden)
                .map(|i| (i % 97) as i16 - 48)
                .collect(),
            ft_bias: (0..hidden as i16).collect(),
            out_weights: (0..4 * hidden).map(|i| i as f32 / 10.0 - 0.5).collect(),
            out_bias: vec![0.25, -0.5],
            layout,
        }
    }

    #[test]
    fn a_network_reads_back_from_its_bytes() {
        let net = tiny();
        assert_eq!(Network::read(&net.to_bytes(), &net.layout), Ok(net));
    }

    #[test]
    fn broken_files_are_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(
            Network::read(b"garbage!", &net.layout),
            Err(NetworkError::NotANetwork)
        );
        assert_eq!(
            Network::read(&bytes[..bytes.len() - 3], &net.layout),
            Err(NetworkError::Truncated)
        );
        let spec = oblique_engine::find_variant("slanted").expect("slanted");
        let other = Layout::of_game::<u64>(spec).expect("layout");
        assert!(matches!(
            Network::read(&bytes, &other),
            Err(NetworkError::WrongGame { .. })
        ));
    }

    #[test]
    fn the_output_is_the_squared_clipped_sum() {
        let net = tiny();
        let own: Vec<i16> = (0..9).map(|i| i * 40 - 60).collect();
        let their: Vec<i16> = (0..9).map(|i| 300 - i * 35).collect();
        let f = |a: i16| {
            let x = (a as f32 / QA as f32).clamp(0.0, 1.0);
            x * x
        };
        for bucket in 0..2 {
            let w = &net.out_weights[bucket * 18..];
            let mut sum = net.out_bias[bucket];
            for i in 0..9 {
                sum += f(own[i]) * w[i] + f(their[i]) * w[9 + i];
            }
            let expected = (sum * net.scale) as i32;
            assert!((net.output(&own, &their, bucket) - expected).abs() <= 1);
        }
    }
}
