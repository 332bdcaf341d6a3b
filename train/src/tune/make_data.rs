//! `oblique tune data`: plays a 2D game's seeded self-play (`selfplay`) and writes every
//! labelled quiet position to a file, one `game result fen` line each, with a progress bar;
//! then says how many games and positions it wrote, and how long it took.

use super::selfplay::{generate, to_line, Sample, SelfPlay};
use crate::error::TrainError;
use crate::progress::bar;
use oblique_engine::variant::{VariantSpec, Width};
use std::io::Write;

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
    let mut out = std::fs::File::create(&job.out)
        .map(std::io::BufWriter::new)
        .map_err(TrainError::write(&job.out))?;
    let pb = bar(cfg.games as u64, "games");
    let mut count = 0usize;
    let mut error = None;
    let on_game = |_: usize, samples: &[Sample]| {
        for s in samples {
            if let Err(e) = writeln!(out, "{}", to_line(s)) {
                error.get_or_insert(e);
            }
        }
        count += samples.len();
        pb.set_message(format!("{count} positions"));
        pb.inc(1);
    };
    let start = std::time::Instant::now();
    match spec.width {
        Width::W64 => drop(generate::<u64>(spec, cfg, on_game)),
        Width::W128 => drop(generate::<u128>(spec, cfg, on_game)),
    }
    pb.finish_and_clear();
    if let Some(e) = error {
        return Err(TrainError::write(&job.out)(e));
    }
    out.flush().map_err(TrainError::write(&job.out))?;
    println!(
        "{} games, {count} quiet positions in {:.1} s -> {}",
        cfg.games,
        start.elapsed().as_secs_f64(),
        job.out
    );
    Ok(())
}
