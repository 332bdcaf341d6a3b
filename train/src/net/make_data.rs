//! `oblique net data`: plays a game's seeded self-play on several threads (`data`) and
//! writes every kept position with the search's score and the game's result, one line
//! each, in game order, with a progress bar. Each finished game is flushed to the file, so
//! a stopped run keeps what it played.

use super::data::{generate, NetData, Record};
use crate::error::TrainError;
use crate::game_lines::GameLines;
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::variant::Width;
use oblique_engine::{Position, PositionError};
use oblique_eval::Evaluation;

/// A `net data` run: the game, how its games are played, and the file to write.
#[derive(Clone, Debug)]
pub struct NetDataJob {
    pub variant: String,
    /// Threads and hash are brought into range (1 to 256 threads, 1 to 4096 MB).
    pub play: NetData,
    pub out: String,
}

/// Plays the games and writes their records to `job.out`.
pub fn run(job: &NetDataJob) -> Result<(), TrainError> {
    if job.play.games == 0 || job.play.nodes == 0 {
        return Err(TrainError::NoGamesOrNodes);
    }
    let cfg = NetData {
        hash_mb: job.play.hash_mb.clamp(1, 4096),
        threads: job.play.threads.clamp(1, 256),
        ..job.play.clone()
    };
    let slice = cfg.slice;
    if slice.count == 0 || slice.index >= slice.count {
        return Err(TrainError::Slice {
            index: slice.index,
            count: slice.count,
        });
    }
    let games = slice.len(cfg.games);
    let mut lines = GameLines::create(&job.out, games as u64)?;
    let on_game = |_: usize, records: &[Record]| lines.game(records, Record::to_line);
    let start = std::time::Instant::now();
    if job
        .variant
        .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
    {
        generate(&StarTrekPosition::start(), &Evaluation, &cfg, on_game)?;
    } else {
        let spec = oblique_engine::find_variant(&job.variant)
            .ok_or_else(|| TrainError::TuneGame(job.variant.clone()))?;
        match spec.width {
            Width::W64 => generate(
                &Position::<u64>::start(spec).map_err(PositionError::from)?,
                &Evaluation,
                &cfg,
                on_game,
            )?,
            Width::W128 => generate(
                &Position::<u128>::start(spec).map_err(PositionError::from)?,
                &Evaluation,
                &cfg,
                on_game,
            )?,
        }
    }
    let count = lines.finish()?;
    println!(
        "{games} games, {count} positions in {:.1} s -> {}",
        start.elapsed().as_secs_f64(),
        job.out
    );
    Ok(())
}
