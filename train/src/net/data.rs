//! Training positions for the network evaluation, from Oblique's own games.
//!
//! Why its own generator beside `tune::selfplay`: a network learns from far more positions
//! than the Texel fit (millions, not a hundred thousand), and from two labels, the game's
//! result and the search's score, so this one keeps the search's score of every position it
//! writes, keeps the hash table for the length of a game (a fresh table per move cost most
//! of the time at small node budgets), ends decided games early, and runs games on several
//! threads while still writing them in game order.
//!
//! A game opens with `random_plies` random legal moves (SplitMix64, seeded by the run's seed
//! and the game's number), then both sides play the engine's move at a fixed node budget on
//! one thread. An opening the first search already scores beyond `OPENING_LIMIT` is dropped
//! (its game yields nothing). A position is written when the side to move is not in check,
//! the move played is not a capture or promotion and the score is not a mate: the static
//! evaluation is asked about quiet positions, so those are the ones to learn from.
//!
//! Everything is a function of the seed and the settings: the same command writes the same
//! file, byte for byte, whatever the number of threads, and a run split into slices
//! (`GameSlice`) writes it too once its slices are merged by game number (`merge_data`).

use super::in_order::run_in_order;
use oblique_engine::random::SplitMix64;
use oblique_engine::search::{Evaluator, Limits, Score, Search, SearchGame};
use oblique_engine::Color;

/// A first search beyond this (centipawns) drops the random opening.
pub const OPENING_LIMIT: i32 = 600;
/// A game is adjudicated when the score stays beyond this (centipawns, same sign) ...
pub const DECIDED_SCORE: i32 = 1_500;
/// ... for this many plies in a row.
pub const DECIDED_PLIES: usize = 6;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct NetData {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub max_plies: usize,
    pub seed: u64,
    /// Hash table per thread, in MB.
    pub hash_mb: usize,
    pub threads: usize,
    /// The slice of the run's games this run plays (all of them by default).
    pub slice: GameSlice,
}

/// Slice `index` (0-based) of `count`: the games numbered `index`, `index + count`, ... of a
/// run, each with the opening and number the whole run gives it. So a run can be split over
/// processes or machines (`--shard`, `tools/ray_net_data.py`) and its slices merged by game
/// number (`merge_data`) into the file one process writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSlice {
    pub index: usize,
    pub count: usize,
}

impl GameSlice {
    /// Every game.
    pub const WHOLE: GameSlice = GameSlice { index: 0, count: 1 };

    /// The number of the slice's `nth` game (0-based).
    pub fn game(&self, nth: usize) -> usize {
        self.index + nth * self.count
    }

    /// How many of a run's first `games` games the slice plays (a slice of none counts as
    /// one: `make_data` refuses it before any game is played).
    pub fn len(&self, games: usize) -> usize {
        games.saturating_sub(self.index).div_ceil(self.count.max(1))
    }

    pub fn is_empty(&self, games: usize) -> bool {
        self.len(games) == 0
    }
}

/// A labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Number of the game it comes from (held-out sets are split by game).
    pub game: usize,
    /// Result from White's side: 1, 0.5 or 0.
    pub result: f32,
    /// The search's score in centipawns from White's side.
    pub score: i32,
    /// The position (FEN, or TFEN for Star Trek chess).
    pub fen: String,
}

impl Record {
    /// One line: `game result score fen`.
    pub fn to_line(&self) -> String {
        format!("{} {} {} {}", self.game, self.result, self.score, self.fen)
    }

    /// Reads a line written by [`Record::to_line`].
    pub fn from_line(line: &str) -> Result<Record, RecordLineError> {
        let bad = || RecordLineError(line.chars().take(120).collect());
        let mut parts = line.trim().splitn(4, ' ');
        let game = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let result: f32 = parts
            .next()
            .and_then(|x| x.parse().ok())
            .filter(|r| [0.0, 0.5, 1.0].contains(r))
            .ok_or_else(bad)?;
        let score = parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let fen = parts.next().filter(|f| !f.is_empty()).ok_or_else(bad)?;
        Ok(Record {
            game,
            result,
            score,
            fen: fen.to_string(),
        })
    }
}

/// A line that is not `game result score fen`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a `game result score position` line: {0:?}")]
pub struct RecordLineError(pub String);

/// A score from the side to move's view, from White's.
pub(crate) fn white_view(score: i32, stm: Color) -> i32 {
    if stm == Color::White {
        score
    } else {
        -score
    }
}

/// Plays game number `index` from `start` and returns its positions, labelled.
pub fn play_game<G: SearchGame, E: Evaluator<G>>(
    start: &G,
    eval: &E,
    cfg: &NetData,
    index: usize,
    search: &Search,
) -> Vec<Record> {
    let mut rng = SplitMix64::new(cfg.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..cfg.random_plies {
        moves.clear();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return Vec::new();
        }
        let m = moves[rng.below(moves.len())];
        pos.make_move(m);
    }
    if pos.game_outcome().is_some() {
        return Vec::new();
    }
    search.clear();
    let limits = Limits {
        nodes: Some(cfg.nodes),
        multipv: 1,
        ..Limits::default()
    };
    let mut kept: Vec<(i32, String)> = Vec::new();
    let mut result = 0.5;
    let mut decided_run = 0usize;
    let mut decided_sign = 0;
    for ply in 0..cfg.max_plies {
        if let Some(outcome) = pos.game_outcome() {
            result = outcome.white_points();
            break;
        }
        let r = search.run(&pos, eval, &limits, |_| {});
        let Some(m) = r.best_move.as_deref().and_then(|t| pos.read_move(t).ok()) else {
            break;
        };
        let stm = pos.side_to_move();
        let white_score = match r.score {
            Score::Centipawns(c) => Some(white_view(c, stm)),
            Score::Mate(_) => None,
        };
        if ply == 0 && white_score.is_some_and(|s| s.abs() > OPENING_LIMIT) {
            return Vec::new();
        }
        // Adjudication: the score (a mate counts) beyond the limit, same side, long enough.
        let sign = match r.score {
            Score::Mate(n) => white_view(n.signum(), stm),
            Score::Centipawns(c) if c.abs() >= DECIDED_SCORE => white_view(c.signum(), stm),
            Score::Centipawns(_) => 0,
        };
        if sign != 0 && sign == decided_sign {
            decided_run += 1;
        } else {
            decided_run = (sign != 0) as usize;
            decided_sign = sign;
        }
        if let Some(s) = white_score {
            if !pos.in_check() && !pos.is_tactical(m) {
                kept.push((s, pos.to_fen()));
            }
        }
        if decided_run >= DECIDED_PLIES {
            result = if decided_sign > 0 { 1.0 } else { 0.0 };
            break;
        }
        pos.make_move(m);
    }
    kept.into_iter()
        .map(|(score, fen)| Record {
            game: index,
            result,
            score,
            fen,
        })
        .collect()
}

/// Plays every game of the slice on `cfg.threads` threads and calls `on_game` with each
/// game's records, in game order.
pub fn generate<G: SearchGame, E: Evaluator<G>>(
    start: &G,
    eval: &E,
    cfg: &NetData,
    mut on_game: impl FnMut(usize, &[Record]),
) -> Result<(), oblique_engine::search::ThreadPoolError> {
    let slice = cfg.slice;
    let searches = (0..cfg.threads.clamp(1, 256))
        .map(|_| Search::new(1, cfg.hash_mb))
        .collect::<Result<Vec<_>, _>>()?;
    run_in_order(
        &searches,
        slice.len(cfg.games),
        |nth, search| play_game(start, eval, cfg, slice.game(nth), search),
        |nth, records| on_game(slice.game(nth), &records),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::Position;
    use oblique_eval::Evaluation;
    use std::collections::BTreeMap;

    fn chess() -> Position<u64> {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        Position::start(spec).expect("start position")
    }

    fn lines(cfg: &NetData) -> Vec<String> {
        let mut out = Vec::new();
        generate(&chess(), &Evaluation, cfg, |_, records| {
            out.extend(records.iter().map(Record::to_line))
        })
        .expect("threads");
        out
    }

    #[test]
    fn a_line_reads_back() {
        let r = Record {
            game: 12,
            result: 0.5,
            score: -37,
            fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".to_string(),
        };
        assert_eq!(Record::from_line(&r.to_line()), Ok(r));
        for bad in [
            "",
            "1 0.5",
            "1 2 3 8/8 w",
            "x 1 0 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "1 1 3.5 k",
        ] {
            assert!(Record::from_line(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn same_seed_same_records_whatever_the_threads() {
        let cfg = NetData {
            games: 6,
            nodes: 300,
            random_plies: 8,
            max_plies: 60,
            seed: 5,
            hash_mb: 1,
            threads: 1,
            slice: GameSlice::WHOLE,
        };
        let one = lines(&cfg);
        let two = lines(&NetData { threads: 3, ..cfg });
        assert!(!one.is_empty());
        assert_eq!(one, two);
    }

    #[test]
    fn slices_play_every_game_once_with_its_own_opening() {
        let cfg = NetData {
            games: 7,
            nodes: 200,
            random_plies: 8,
            max_plies: 40,
            seed: 3,
            hash_mb: 1,
            threads: 2,
            slice: GameSlice::WHOLE,
        };
        let whole = lines(&cfg);
        let mut by_game: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for count in [2, 3] {
            for index in 0..count {
                let slice = GameSlice { index, count };
                for line in lines(&NetData {
                    slice,
                    ..cfg.clone()
                }) {
                    let game = Record::from_line(&line).expect("a record").game;
                    assert_eq!(game % count, index, "{line}");
                    by_game.entry(game).or_default().push(line);
                }
            }
            let merged: Vec<String> = std::mem::take(&mut by_game)
                .into_values()
                .flatten()
                .collect();
            assert_eq!(merged, whole, "{count} slices");
        }
        let slice = GameSlice { index: 2, count: 3 };
        assert_eq!((slice.len(7), slice.len(2), slice.len(3)), (2, 0, 1));
        assert_eq!((slice.game(0), slice.game(1)), (2, 5));
    }

    #[test]
    fn records_are_quiet_positions_with_their_game_result() {
        let cfg = NetData {
            games: 4,
            nodes: 300,
            random_plies: 6,
            max_plies: 80,
            seed: 9,
            hash_mb: 1,
            threads: 2,
            slice: GameSlice::WHOLE,
        };
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let mut by_game: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
        for line in lines(&cfg) {
            let r = Record::from_line(&line).expect("a record line");
            let pos = Position::<u64>::from_fen(spec, &r.fen).expect("a legal position");
            assert!(!pos.in_check(), "{line}");
            assert!(r.score.abs() < 29_000, "{line}");
            by_game.entry(r.game).or_default().push(r.result);
        }
        for results in by_game.values() {
            assert!(
                results.windows(2).all(|w| w[0] == w[1]),
                "one result per game"
            );
        }
    }
}
