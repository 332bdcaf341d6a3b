//! `oblique tune data`: plays a 2D game's seeded self-play (`selfplay`) and writes every
//! labelled quiet position to a file, one `game result fen` line each, each game flushed as
//! it ends (`game_lines`), with a progress bar;
//! then says how many games and positions it wrote, and how long it took.

use super::selfplay::{generate, to_line, Sample, SelfPlay};
use crate::error::TrainError;
use crate::game_lines::GameLines;
use oblique_engine::variant::{VariantSpec, Width};

/// A `tune data` run: the game, how its games are played, and the file to write.
#[derive(Clone, Debug)]
pub struct TuneDataJob {
    pub variant: String,
    pub play: SelfPlay,
    pub out: String,
}

/// The 2D game named `name`, or the tuner's error.
pub(crate) fn spec_of(name: &str) -> Result<&'static VariantSpec, TrainError> {
    oblique_engine::find_variant(name).ok_or_else(|| TrainError::TuneGame(name.to_string()))
}

/// Plays the games and writes their samples to `job.out`.
pub fn run(job: &TuneDataJob) -> Result<(), TrainError> {
    let spec = spec_of(&job.variant)?;
    let cfg = &job.play;
    if cfg.games == 0 || cfg.nodes == 0 {
        return Err(TrainError::NoGamesOrNodes);
    }
    let mut lines = GameLines::create(&job.out, cfg.games as u64)?;
    let on_game = |_: usize, samples: &[Sample]| lines.game(samples, to_line);
    let start = std::time::Instant::now();
    match spec.width {
        Width::W64 => drop(generate::<u64>(spec, cfg, on_game)),
        Width::W128 => drop(generate::<u128>(spec, cfg, on_game)),
    }
    let count = lines.finish()?;
    println!(
        "{} games, {count} quiet positions in {:.1} s -> {}",
        cfg.games,
        start.elapsed().as_secs_f64(),
        job.out
    );
    Ok(())
}
