//! `oblique tune`: fits a 2D game's evaluation weights to its own self-play (Texel's
//! method), as arguments. `tune data` plays the seeded games and writes the labelled quiet
//! positions; `tune fit` fits the scaling constant K and then every weight on the training
//! games, reports the loss of the training and the held-out games before and after, and
//! writes the weights with the command that made them. The work and its policy are the
//! lab's: `oblique_train::tune` (`make_data`, `make_weights`).

use crate::error::CliError;
use clap::{Args, Subcommand};
use oblique_train::tune::make_data::{self, TuneDataJob};
use oblique_train::tune::make_weights::{self, TuneFitJob};
use oblique_train::tune::selfplay::SelfPlay;

#[derive(Subcommand)]
pub enum TuneCommand {
    /// Play seeded self-play games and write their quiet positions, labelled by result.
    Data(DataArgs),
    /// Fit K and every weight to a data file; report training and held-out loss.
    Fit(FitArgs),
}

#[derive(Args)]
pub struct DataArgs {
    /// The game (a 2D game; `oblique variants` lists them).
    /// Default: the one game of --variant-file, else chess.
    #[arg(long, short)]
    variant: Option<String>,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Random legal moves at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Seed of the random openings (the same seed gives the same data).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (one `game result fen` line per position).
    #[arg(long)]
    out: String,
}

#[derive(Args)]
pub struct FitArgs {
    /// Default: the one game of --variant-file, else chess.
    #[arg(long, short)]
    variant: Option<String>,
    /// Data files written by `oblique tune data` (all of the same game).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Every N-th game is held out of the fit (0: none).
    #[arg(long, default_value_t = 10)]
    held_out_every: usize,
    /// Keep a step of the fit only if it also lowers the loss of validation games (game
    /// numbers half-way between held-out ones): stops the fit from learning the training
    /// games by heart.
    #[arg(long)]
    validate: bool,
    /// Passes over the weights.
    #[arg(long, default_value_t = 4)]
    passes: usize,
    /// Tune only the weights whose names start with one of these (default: all).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Write the tuned weights here (JSON, with the command and the fit).
    #[arg(long)]
    out: Option<String>,
}

pub fn run(cmd: TuneCommand) -> Result<(), CliError> {
    match cmd {
        TuneCommand::Data(a) => make_data::run(&TuneDataJob {
            variant: crate::cli::args::game_name(&a.variant),
            play: SelfPlay {
                games: a.games,
                nodes: a.nodes,
                random_plies: a.random_plies,
                max_plies: a.max_plies,
                seed: a.seed,
            },
            out: a.out,
        })?,
        TuneCommand::Fit(a) => make_weights::run(&TuneFitJob {
            variant: crate::cli::args::game_name(&a.variant),
            data: a.data,
            held_out_every: a.held_out_every,
            validate: a.validate,
            passes: a.passes,
            only: a.only,
            out: a.out,
            command: std::env::args().collect::<Vec<_>>().join(" "),
        })?,
    }
    Ok(())
}
