//! Labelled positions ready for the fit: parsed once, split by game into a training set
//! and a held-out set (every `held_out_every`-th game), so that positions of one game never
//! sit on both sides of the split. The loss of a set of weights builds the game's tables
//! with them and scores every position from White's side.

use super::fit::mse;
use super::selfplay::Sample;
use oblique_engine::variant::VariantSpec;
use oblique_engine::{FenError, Position};
use oblique_eval::cache::EvalCache;
use oblique_eval::game_tables::GameTables;
use oblique_eval::plane::eval_white;
use oblique_eval::weights::Weights;

/// Positions and their results (White's side).
pub struct Set<B: EvalCache> {
    pub positions: Vec<Position<B>>,
    pub results: Vec<f64>,
}

impl<B: EvalCache> Set<B> {
    fn new() -> Set<B> {
        Set {
            positions: Vec::new(),
            results: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Scores from White's side with the given tables.
    pub fn scores(&self, t: &GameTables<B>) -> Vec<i32> {
        self.positions.iter().map(|p| eval_white(p, t)).collect()
    }

    /// Mean squared error of the evaluation built with `w`, for scaling constant `k`.
    pub fn loss(&self, spec: &'static VariantSpec, w: &Weights, k: f64) -> f64 {
        let t = GameTables::<B>::build_with(spec, w.clone());
        mse(k, &self.scores(&t), &self.results)
    }
}

/// The training, validation and held-out sets.
pub struct Dataset<B: EvalCache> {
    pub train: Set<B>,
    /// Games that only decide which steps of the fit are kept (early stopping).
    pub validation: Set<B>,
    pub held_out: Set<B>,
}

/// A sample whose position is not one of the game's (`split`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {fen}: {error}")]
pub struct DatasetError {
    pub game: usize,
    pub fen: String,
    #[source]
    pub error: FenError,
}

/// Parses the samples of one game (every FEN must be a position of `spec`): games
/// numbered 0 modulo `held_out_every` are held out, games numbered `held_out_every / 2`
/// modulo it validate (when `validate`), the rest train.
pub fn split<B: EvalCache>(
    spec: &'static VariantSpec,
    samples: &[Sample],
    held_out_every: usize,
    validate: bool,
) -> Result<Dataset<B>, DatasetError> {
    let mut d = Dataset {
        train: Set::new(),
        validation: Set::new(),
        held_out: Set::new(),
    };
    for s in samples {
        let pos = Position::<B>::from_fen(spec, &s.fen).map_err(|error| DatasetError {
            game: s.game,
            fen: s.fen.clone(),
            error,
        })?;
        let class = if held_out_every > 0 {
            s.game % held_out_every
        } else {
            1
        };
        let set = if held_out_every > 0 && class == 0 {
            &mut d.held_out
        } else if validate && held_out_every > 1 && class == held_out_every / 2 {
            &mut d.validation
        } else {
            &mut d.train
        };
        set.positions.push(pos);
        set.results.push(s.result);
    }
    Ok(d)
}
