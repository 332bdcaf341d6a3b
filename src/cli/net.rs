//! `oblique net`: the network evaluation's tools. `net data` plays seeded self-play games on
//! several threads and writes every quiet position with the search's score and the game's
//! result; the work itself is `oblique_eval::nnue`.

use crate::error::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::variant::Width;
use oblique_engine::{Position, PositionError};
use oblique_eval::nnue::data::{generate, NetData, Record};
use oblique_eval::Evaluation;
use std::io::Write;

#[derive(Subcommand)]
pub enum NetCommand {
    /// Play seeded self-play games; write quiet positions with score and result.
    Data(DataArgs),
}

#[derive(Args)]
pub struct DataArgs {
    /// The game (`oblique variants` lists them).
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random legal moves at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of the random openings (the same seed gives the same data).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table per thread, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Output file (one `game result score position` line per position; appended to).
    #[arg(long)]
    out: String,
}

pub fn run(cmd: NetCommand) -> Result<(), CliError> {
    match cmd {
        NetCommand::Data(a) => data(a),
    }
}

fn data(a: DataArgs) -> Result<(), CliError> {
    if a.games == 0 || a.nodes == 0 {
        return Err(CliError::NoGamesOrNodes);
    }
    let cfg = NetData {
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        seed: a.seed,
        hash_mb: a.hash.clamp(1, 4096),
        threads: a.threads.clamp(1, 256),
    };
    let write_error = |error| CliError::Write {
        path: a.out.clone(),
        error,
    };
    let mut out = std::fs::File::create(&a.out)
        .map(std::io::BufWriter::new)
        .map_err(write_error)?;
    let pb = ProgressBar::new(a.games as u64);
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed}<{eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut count = 0usize;
    let mut error = None;
    let on_game = |_: usize, records: &[Record]| {
        for r in records {
            if let Err(e) = writeln!(out, "{}", r.to_line()) {
                error.get_or_insert(e);
            }
        }
        // Each finished game reaches the disk: a stopped run keeps what it played.
        if let Err(e) = out.flush() {
            error.get_or_insert(e);
        }
        count += records.len();
        pb.set_message(format!("{count} positions"));
        pb.inc(1);
    };
    let start = std::time::Instant::now();
    if a.variant
        .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
    {
        generate(&StarTrekPosition::start(), &Evaluation, &cfg, on_game)?;
    } else {
        let spec = oblique_engine::find_variant(&a.variant)
            .ok_or_else(|| CliError::TuneGame(a.variant.clone()))?;
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
    pb.finish_and_clear();
    if let Some(e) = error {
        return Err(write_error(e));
    }
    println!(
        "{} games, {count} positions in {:.1} s -> {}",
        a.games,
        start.elapsed().as_secs_f64(),
        a.out
    );
    Ok(())
}
