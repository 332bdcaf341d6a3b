//! `oblique net`: the network evaluation's tools, as arguments. `net data` plays seeded
//! self-play games on several threads and writes every quiet position with the search's
//! score and the game's result; `net relabel` scores a sample of such records again with a
//! deeper search; `net train` fits a network to such records and writes the
//! file the engine reads (`eval/nets/<game>.nnue`); `net merge` joins the slices of a `net
//! data` (or `net relabel`) run split with `--shard` into its whole file. The work and its
//! policy are the lab's: `oblique_train::net` (`make_data`, `relabel`, `make_net`).

use crate::error::CliError;
use clap::{Args, Subcommand};
use oblique_arena::shard::Shard;
use oblique_train::net::data::{GameSlice, NetData};
use oblique_train::net::make_data::{self, NetDataJob};
use oblique_train::net::make_net::{self, NetTrainJob};
use oblique_train::net::merge_data;
use oblique_train::net::relabel::{self, Relabel, RelabelJob};

#[derive(Subcommand)]
pub enum NetCommand {
    /// Play seeded self-play games; write quiet positions with score and result.
    Data(DataArgs),
    /// Score a sample of `net data` records again with a deeper search; write the records
    /// with the new scores.
    Relabel(RelabelArgs),
    /// Train a game's network on `net data` records; write the engine's file.
    Train(TrainArgs),
    /// Merge the slices of a `net data --shard K/N` (or `net relabel --shard K/N`) run into
    /// the whole run's file.
    Merge(MergeArgs),
}

#[derive(Args)]
pub struct DataArgs {
    /// The game (`oblique variants` lists them).
    /// Default: the one game of --variant-file, else chess.
    #[arg(long, short)]
    variant: Option<String>,
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
    #[command(flatten)]
    runs: GameRuns,
    /// Output file (one `game result score position` line per position; created or
    /// overwritten).
    #[arg(long)]
    out: String,
}

#[derive(Args)]
pub struct RelabelArgs {
    /// The game (`oblique variants` lists them).
    /// Default: the one game of --variant-file, else chess.
    #[arg(long, short)]
    variant: Option<String>,
    /// Files written by `oblique net data` (all of the same game), read in order.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Nodes per position (one search thread each).
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Of each game, score the first position and every N-th after it (the rest are left
    /// out of the output).
    #[arg(long, default_value_t = 1, value_name = "N")]
    every: usize,
    #[command(flatten)]
    runs: GameRuns,
    /// Output file (`game result score position` lines, as `net data` writes; created or
    /// overwritten).
    #[arg(long)]
    out: String,
}

/// How `net data` and `net relabel` spread their games: over threads in this process, and
/// over processes or machines by slices of the run.
#[derive(Args)]
pub struct GameRuns {
    /// Games run at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table per thread, in MB (cleared when a game starts).
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Run only slice K of N of the games: those numbered K, K+N, ... (counting from 1),
    /// each with the number (and, in `net data`, the opening) the whole run gives it;
    /// `oblique net merge` joins the slices' files into the whole run's file
    /// (`tools/ray_net_data.py` runs them on Ray).
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

impl GameRuns {
    /// `--shard K/N` as the lab's 0-based slice (every game without it).
    fn slice(&self) -> Result<GameSlice, CliError> {
        Ok(match self.shard.as_deref().map(Shard::parse).transpose()? {
            Some(s) => GameSlice {
                index: s.index - 1,
                count: s.count,
            },
            None => GameSlice::WHOLE,
        })
    }
}

#[derive(Args)]
pub struct MergeArgs {
    /// The slices' files (`net data --shard K/N`), in any order.
    #[arg(required = true, num_args = 1..)]
    slices: Vec<String>,
    /// The merged file (created or overwritten): the file the run writes in one process.
    #[arg(long)]
    out: String,
}

pub fn run(cmd: NetCommand) -> Result<(), CliError> {
    match cmd {
        NetCommand::Data(a) => {
            let slice = a.runs.slice()?;
            make_data::run(&NetDataJob {
                variant: crate::cli::args::game_name(&a.variant),
                play: NetData {
                    games: a.games,
                    nodes: a.nodes,
                    random_plies: a.random_plies,
                    max_plies: a.max_plies,
                    seed: a.seed,
                    hash_mb: a.runs.hash,
                    threads: a.runs.threads,
                    slice,
                },
                out: a.out,
            })?
        }
        NetCommand::Relabel(a) => relabel::run(&RelabelJob {
            variant: crate::cli::args::game_name(&a.variant),
            data: a.data,
            relabel: Relabel {
                nodes: a.nodes,
                every: a.every,
                hash_mb: a.runs.hash,
                threads: a.runs.threads,
                slice: a.runs.slice()?,
            },
            out: a.out,
        })?,
        NetCommand::Merge(a) => {
            let games = merge_data::run(&a.slices, &a.out)?;
            println!("{games} games with positions -> {}", a.out);
        }
        NetCommand::Train(a) => make_net::run(NetTrainJob {
            variant: crate::cli::args::game_name(&a.variant),
            data: a.data,
            hidden: a.hidden,
            buckets: a.buckets,
            epochs: a.epochs,
            batch: a.batch,
            lr: a.lr,
            wdl: a.wdl,
            residual: a.residual,
            symmetries: !a.no_symmetries,
            tie: a.tie,
            held_out_every: a.held_out_every,
            seed: a.seed,
            max_positions: a.max_positions,
            init: a.init,
            grow: a.grow,
            out: a.out,
            command: std::env::args().collect::<Vec<_>>().join(" "),
        })?,
    }
    Ok(())
}

#[derive(Args)]
pub struct TrainArgs {
    /// The game (a 2D game).
    /// Default: the one game of --variant-file, else chess.
    #[arg(long, short)]
    variant: Option<String>,
    /// Files written by `oblique net data` (all of the same game).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Hidden units.
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Output buckets (by the men left on the board).
    #[arg(long, default_value_t = 8)]
    buckets: usize,
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's learning rate (a third after 60 % of the epochs, a tenth after 85 %).
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.5)]
    wdl: f32,
    /// Train a correction to the hand-written evaluation (the engine adds the two) instead
    /// of the whole evaluation.
    #[arg(long)]
    residual: bool,
    /// Do not also learn from the positions' images under the symmetries of the game's
    /// rules (orthodox chess's left-right mirror, ...).
    #[arg(long)]
    no_symmetries: bool,
    /// Give a man's input and its images under those symmetries one first-layer weight, so
    /// that the network scores a position and its images exactly alike (what the escalator
    /// games' rules demand of their evaluation; it narrows each hidden unit to symmetric
    /// patterns, so a network trained without it loses much when tied).
    #[arg(long, conflicts_with = "no_symmetries")]
    tie: bool,
    /// Every N-th game is held out of training (its loss is reported).
    #[arg(long, default_value_t = 20)]
    held_out_every: usize,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Use only the first N positions (0: all).
    #[arg(long, default_value_t = 0)]
    max_positions: usize,
    /// Start from this network's weights instead of random ones (its hidden units, buckets
    /// and kind are kept; --hidden and --buckets are then ignored): more training for a
    /// network whose data is gone, on new data.
    #[arg(long, value_name = "FILE.nnue")]
    init: Option<String>,
    /// With --init: give the network this many hidden units (the new ones start with no
    /// say in the output, so it plays as before until training uses them).
    #[arg(long, value_name = "H", requires = "init")]
    grow: Option<usize>,
    /// Where to write the network.
    #[arg(long)]
    out: String,
}
