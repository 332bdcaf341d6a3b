//! `oblique-arena`: the match runner behind `oblique match`, engine-against-engine matches
//! in any of Oblique's games, refereed by Oblique's own move generator (a cutechess-style
//! referee; a product of its own, which the `oblique` binary only calls).
//!
//! - `config`: the `--engine` specification and the time control;
//! - `process`: an engine's process, its line reader, deadlines;
//! - `engine`: one engine whatever its protocol: start-up, protocol detection, new game, move;
//! - `uci_client`, `xboard_client`: the two conversations (named like the server side in
//!   `protocol/`);
//! - `game`: one game with the arbiter, clocks and adjudication;
//! - `openings`: opening files and random openings;
//! - `pgn`: PGN output;
//! - `stats`: Elo, error bars, LOS, SPRT;
//! - `report`: the tally of finished games and the final report, also from PGN files;
//! - `paired`: two matches on the same openings compared game by game (`oblique match pair`);
//! - `shard`: one slice of a match's schedule (`--shard K/N`);
//! - `study`: `oblique study`, self-play studies of a game (balance, piece values, playability);
//! - `runner`: the schedule, parallel games, progress, Ctrl-C.

pub mod config;
pub mod engine;
pub mod error;
pub mod game;
pub mod openings;
pub mod paired;
pub mod pgn;
pub mod process;
pub mod report;
pub mod runner;
pub mod shard;
pub mod stats;
pub mod study;
pub mod uci_client;
pub mod xboard_client;

use clap::{ArgGroup, Args, Subcommand};
use error::MatchError;
use std::path::PathBuf;

/// `oblique match`: play a match, or `oblique match report` to merge PGN files.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchCommand {
    #[command(subcommand)]
    pub report: Option<MatchSubcommand>,
    #[command(flatten)]
    pub args: MatchArgs,
}

#[derive(Subcommand, Debug)]
pub enum MatchSubcommand {
    /// Merge PGN files written by `oblique match` (e.g. the slices of a match played with
    /// --shard) into one report: score, Elo with its 95 % interval, LOS, SPRT verdict.
    Report {
        /// PGN files.
        #[arg(required = true, value_name = "FILE.pgn")]
        files: Vec<PathBuf>,
        /// The sequential test to judge the merged games by: elo0=0,elo1=5,alpha=0.05,beta=0.05.
        #[arg(long, value_name = "PARAMS")]
        sprt: Option<String>,
    },
    /// Compare two matches played from the same openings (the same seed) game by game: a
    /// candidate's and a baseline's against the same opponent. Prints the mean of the
    /// candidate's points less the baseline's on each opening, with its 95 % interval, a far
    /// finer measure than the two scores apart.
    Pair {
        /// PGN files of the candidate's match (several seeds may be given).
        #[arg(long, required = true, num_args = 1.., value_name = "FILE.pgn")]
        candidate: Vec<PathBuf>,
        /// PGN files of the baseline's match, from the same seeds.
        #[arg(long, required = true, num_args = 1.., value_name = "FILE.pgn")]
        baseline: Vec<PathBuf>,
    },
}

/// Runs `oblique match`, `oblique match report` or `oblique match pair`.
pub fn run_command(cmd: MatchCommand) -> Result<(), MatchError> {
    match cmd.report {
        Some(MatchSubcommand::Report { files, sprt }) => {
            Ok(report::run_report(&files, sprt.as_deref())?)
        }
        Some(MatchSubcommand::Pair {
            candidate,
            baseline,
        }) => Ok(paired::run_pair(&candidate, &baseline)?),
        None => runner::run(cmd.args),
    }
}

/// Options of `oblique match`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).args(["tc", "movetime", "depth"])))]
pub struct MatchArgs {
    /// The game (default: the one game of --variant-file, else chess). A game from a file
    /// reaches the engines by their own `--variant-file` or `option.VariantPath=FILE`; a UCI
    /// engine that offers VariantPath and lacks the game is given the file by the runner.
    #[arg(long, short)]
    pub variant: Option<String>,
    /// An engine: its command line, plus optional `proto=uci|xboard` (detected otherwise),
    /// `name=NAME`, `option.NAME=VALUE` (UCI setoption; XBoard option, `cores`, `memory`),
    /// `dir=PATH`. Give two or more; with more, every pair plays (round robin).
    #[arg(long = "engine", required = true, value_name = "CMD")]
    pub engines: Vec<String>,
    /// Games per pair of engines (colours alternate; each opening is played twice).
    #[arg(long, required = true)]
    pub games: Option<usize>,
    /// Time control BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Fixed search depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once (capped so engines never need more threads than there are cores).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings, one per line: moves from the start, a FEN/EPD, or `FEN moves ...`.
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Random openings of this many legal plies.
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
    /// Seed for random openings (default: from the clock; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start position for every game (otherwise the game's own start).
    #[arg(long, conflicts_with = "openings")]
    pub fen: Option<String>,
    /// Append every finished game to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Stop at a verdict of the sequential test: elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "PARAMS")]
    pub sprt: Option<String>,
    /// Play only slice K of N of the schedule (games K, K+N, ...), numbered as in the whole
    /// match; merge the slices' PGN files with `oblique match report`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Time forfeit tolerance in milliseconds: a move stands if the clock is above -MS.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    pub margin: u64,
    /// With --depth: seconds without an answer after which an engine loses as stalled.
    #[arg(long, default_value_t = 60, value_name = "SECS")]
    pub stall_timeout: u64,
    /// Adjudicate a win when both engines' scores agree a side is ahead by CP centipawns
    /// for MOVES moves each: MOVES:CP, e.g. 4:800.
    #[arg(long, value_name = "MOVES:CP")]
    pub resign: Option<String>,
    /// Adjudicate a draw from move FROM on when both scores stay within CP of zero for
    /// MOVES moves each: FROM:MOVES:CP, e.g. 40:8:10.
    #[arg(long, value_name = "FROM:MOVES:CP")]
    pub draw: Option<String>,
    /// Adjudicate a draw after this many moves.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u32>,
    /// PGN `Event` tag.
    #[arg(long, default_value = "Oblique match")]
    pub event: String,
    /// Trace every line to and from the engines on stderr.
    #[arg(long)]
    pub debug: bool,
    /// No line per finished game (the progress bar and the final report remain).
    #[arg(long)]
    pub quiet: bool,
}

pub use runner::run;
