//! The positions a network is trained on, as the trainer reads them: each record parsed
//! once into flat lists of active inputs (both players' views), its output bucket, its
//! labels turned to the side to move's view and, for a residual network, the hand-written
//! score it corrects, so that an epoch does no parsing. Every `held_out_every`-th game is
//! kept out of training (its positions are never seen in training, nor their images); a
//! training position may also come as its images under the symmetries of the game's rules.
//! Parsing runs on the rayon pool; the sets keep the records' order.

use super::data::Record;
use oblique_engine::Color;
use oblique_eval::nnue::features::{Layout, NetPosition};
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
    pub(crate) bucket: Vec<u8>,
    /// Centipawns, side to move's view.
    pub(crate) score: Vec<f32>,
    /// What a residual network is added to: the hand-written evaluation in centipawns, side
    /// to move's view (0 for a plain network).
    pub(crate) base: Vec<f32>,
    /// 1, 0.5, 0 from the side to move's view.
    pub(crate) result: Vec<f32>,
}

impl TrainSet {
    pub fn len(&self) -> usize {
        self.score.len()
    }

    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    pub(crate) fn push(
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
    pub(crate) fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
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
