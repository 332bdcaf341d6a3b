//! Training positions from Oblique's own games. Each game starts with `random_plies`
//! random legal moves (drawn from a SplitMix64 seeded by the run's seed and the game's
//! number, so the same seed gives the same games), then both sides play the engine's move
//! at a fixed node budget on one thread with a cleared hash, which makes every search, and
//! so every game, reproducible. A game ends by the rules or, after `max_plies`, as a draw.
//!
//! Every position after the opening that is quiet (side to move not in check, and a
//! capture-only quiescence search returns the static score: no exchange pending) is kept,
//! labelled with the game's result from White's side (1, 0.5, 0).

use oblique_engine::random::SplitMix64;
use oblique_engine::search::{Evaluator, Limits, Search, SearchGame};
use oblique_engine::variant::VariantSpec;
use oblique_engine::{Game, Position};
use oblique_eval::cache::EvalCache;
use oblique_eval::Evaluation;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub max_plies: usize,
    pub seed: u64,
}

/// A labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Number of the game it comes from (the held-out split is by game).
    pub game: usize,
    /// Result from White's side: 1, 0.5 or 0.
    pub result: f64,
    pub fen: String,
}

/// Deepest capture sequence the quiet test follows.
const QUIET_DEPTH: u32 = 8;

/// Capture-only quiescence (fail-hard alpha-beta, stand pat) of the side to move.
fn quiescence<G: SearchGame>(
    pos: &mut G,
    eval: &impl Evaluator<G>,
    mut alpha: i32,
    beta: i32,
    depth: u32,
) -> i32 {
    let stand = eval.evaluate(pos);
    if stand >= beta {
        return beta;
    }
    alpha = alpha.max(stand);
    if depth == 0 {
        return alpha;
    }
    let mut moves = Vec::new();
    pos.tactical_moves_into(&mut moves);
    for m in moves {
        let undo = pos.make_move(m);
        let score = -quiescence(pos, eval, -beta, -alpha, depth - 1);
        pos.unmake_move(m, undo);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Quiet: not in check, and quiescence keeps the static score (no capture gains).
pub fn is_quiet<G: SearchGame>(pos: &mut G, eval: &impl Evaluator<G>) -> bool {
    if pos.in_check() {
        return false;
    }
    let stand = eval.evaluate(pos);
    quiescence(pos, eval, stand, stand + 1, QUIET_DEPTH) <= stand
}

/// Plays game number `index` and returns its quiet positions, labelled.
pub fn play_game<B: EvalCache>(
    spec: &'static VariantSpec,
    cfg: &SelfPlay,
    index: usize,
    search: &Search,
) -> Vec<Sample> {
    let mut rng = SplitMix64::new(cfg.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut pos = Position::<B>::start(spec).expect("start position");
    let mut moves = Vec::new();
    for _ in 0..cfg.random_plies {
        moves.clear();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() || pos.game_outcome().is_some() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.make_move(m);
    }
    search.clear();
    let limits = Limits {
        nodes: Some(cfg.nodes),
        multipv: 1,
        ..Limits::default()
    };
    let mut fens = Vec::new();
    let mut result = 0.5;
    for _ in 0..cfg.max_plies {
        if let Some(outcome) = pos.game_outcome() {
            result = outcome.white_points() as f64;
            break;
        }
        if is_quiet(&mut pos, &Evaluation) {
            fens.push(pos.to_fen());
        }
        let r = search.run(&pos, &Evaluation, &limits, |_| {});
        let Some(text) = r.best_move else { break };
        let Ok(m) = pos.read_move(&text) else { break };
        pos.make_move(m);
    }
    fens.into_iter()
        .map(|fen| Sample {
            game: index,
            result,
            fen,
        })
        .collect()
}

/// Plays every game, calling `on_game` after each with the game's samples.
pub fn generate<B: EvalCache>(
    spec: &'static VariantSpec,
    cfg: &SelfPlay,
    mut on_game: impl FnMut(usize, &[Sample]),
) -> Vec<Sample> {
    let search = Search::new(1, 16).expect("a one-thread search");
    let mut all = Vec::new();
    for index in 0..cfg.games {
        let samples = play_game::<B>(spec, cfg, index, &search);
        on_game(index, &samples);
        all.extend(samples);
    }
    all
}

/// One line per sample: `game result fen`.
pub fn to_line(s: &Sample) -> String {
    format!("{} {} {}", s.game, s.result, s.fen)
}

/// A line of a sample file that [`from_line`] cannot read; each variant holds the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleLineError {
    #[error("no game number in {0:?}")]
    NoGameNumber(String),
    #[error("no result (1, 0.5 or 0) in {0:?}")]
    NoResult(String),
    #[error("no position in {0:?}")]
    NoPosition(String),
}

/// Reads a line written by [`to_line`].
pub fn from_line(line: &str) -> Result<Sample, SampleLineError> {
    let mut parts = line.splitn(3, ' ');
    let game = parts
        .next()
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| SampleLineError::NoGameNumber(line.to_string()))?;
    let result: f64 = parts
        .next()
        .and_then(|x| x.parse().ok())
        .filter(|r| [0.0, 0.5, 1.0].contains(r))
        .ok_or_else(|| SampleLineError::NoResult(line.to_string()))?;
    let fen = parts
        .next()
        .ok_or_else(|| SampleLineError::NoPosition(line.to_string()))?
        .to_string();
    Ok(Sample { game, result, fen })
}
