//! `oblique study balance|values|playability`: the command line of the self-play studies
//! (issue 35). The arguments are checked and turned into the arena's `study::run::Setup`; the
//! study itself (schedule, games, statistics, report files) lives in `oblique_arena::study`.

use crate::error::CliError;
use clap::{Args, Subcommand};
use oblique_arena::config::{EngineConfig, Tc};
use oblique_arena::shard::Shard;
use oblique_arena::study::error::StudyError;
use oblique_arena::study::run::Setup;
use oblique_engine::Role;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Subcommand, Debug)]
pub enum StudyCommand {
    /// The first mover's score with its 95 % interval, draw rate, game length and how games
    /// end, at each search limit; Black-first games are also played with White first.
    Balance(StudyArgs),
    /// Piece values in pawns with 95 % intervals by material-odds self-play (the pawn odds
    /// are the yardstick), beside the evaluation's values.
    Values(ValuesArgs),
    /// What a player feels: mobility, game length, first capture and check, capture share,
    /// unmoved pieces, beside orthodox chess under the same conditions.
    Playability(StudyArgs),
}

/// `oblique study values`: a study's arguments and the pieces to measure.
#[derive(Args, Debug)]
pub struct ValuesArgs {
    #[command(flatten)]
    pub study: StudyArgs,
    /// Pieces to measure by FEN letter, comma-separated: N,B,R (default: every piece of the
    /// game; the pawn is always played, as the yardstick).
    #[arg(long, value_name = "LETTERS", value_delimiter = ',')]
    pub pieces: Vec<String>,
    /// Trades of unequal pieces, comma-separated: R:B plays one side without a rook against
    /// the other without a bishop (the rook's value less the bishop's). With --trade alone
    /// only the pawn (the yardstick) is played besides.
    #[arg(long, value_name = "X:Y,...", value_delimiter = ',')]
    pub trade: Vec<String>,
}

/// What every study takes.
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The game (default: the one game of --variant-file, else chess).
    #[arg(long, short)]
    pub variant: Option<String>,
    /// Games per group (a group: one start position at one search limit).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Time controls BASE+INC in seconds, comma-separated: 1+0.01,4+0.04.
    #[arg(
        long,
        value_name = "BASE+INC,...",
        value_delimiter = ',',
        conflicts_with = "depth"
    )]
    pub tc: Vec<String>,
    /// Search depths, comma-separated: 2,4 (the default when no --tc is given).
    #[arg(long, value_name = "D,...", value_delimiter = ',')]
    pub depth: Vec<u32>,
    /// Games played at once (each game runs two engine processes, one thinking at a time).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Play only slice K of N of the study's games; put every slice's PGN into one --out
    /// directory (or run with --report-only there) to merge them into one report.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// The study's directory: its PGN (the record; a rerun resumes from it) and report.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Seed of the random openings (the same seed gives the same openings: keep it to resume).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies of opening before the engine plays.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub random_plies: usize,
    /// A game still going after this many moves is a draw (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_moves: u32,
    /// Seconds without an answer after which an engine loses as stalled (depth limits).
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub stall_timeout: u64,
    /// The engine that plays itself (as `oblique match --engine`); default: this program.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// Make the report from the PGN files in --out without playing.
    #[arg(long)]
    pub report_only: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The command line as typed, for the reports.
fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '"') {
                format!("'{a}'")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl StudyArgs {
    fn setup(&self) -> Result<Setup, CliError> {
        let mut limits = Vec::new();
        for t in &self.tc {
            limits.push(Tc::parse_fischer(t).map_err(StudyError::from)?);
        }
        for &d in &self.depth {
            if !(1..=100).contains(&d) {
                return Err(StudyError::Depth(d).into());
            }
            limits.push(Tc::Depth(d));
        }
        if limits.is_empty() {
            limits = vec![Tc::Depth(2), Tc::Depth(4)];
        }
        if self.games == 0 {
            return Err(StudyError::NoGames.into());
        }
        let engine = match &self.engine {
            Some(spec) => EngineConfig::parse(spec).map_err(StudyError::from)?,
            None => {
                let exe = std::env::current_exe().map_err(CliError::Input)?;
                let mut own = oblique_arena::study::play::own_engine(&exe);
                // A game from a file: the engines read the same files.
                for f in crate::cli::args::variant_files().iter().rev() {
                    own.command.insert(1, f.clone());
                    own.command.insert(1, "--variant-file".to_string());
                }
                own
            }
        };
        Ok(Setup {
            variant: crate::cli::args::game_name(&self.variant),
            games: self.games,
            limits,
            concurrency: self.concurrency.max(1),
            shard: self
                .shard
                .as_deref()
                .map(Shard::parse)
                .transpose()
                .map_err(StudyError::from)?,
            out: self.out.clone(),
            seed: self.seed,
            plies: self.random_plies,
            max_moves: (self.max_moves > 0).then_some(self.max_moves),
            stall: Duration::from_secs(self.stall_timeout.max(1)),
            engine,
            command: command_line(),
            quiet: self.quiet,
            report_only: self.report_only,
        })
    }
}

/// The evaluation's piece values in pawns (its pawn-role piece's value is one), by upper-case
/// FEN letter.
fn engine_values(variant: &str) -> BTreeMap<char, f64> {
    let values = oblique_eval::piece_values(variant);
    let pawn = values
        .iter()
        .find(|(r, _)| *r == Role::Pawn)
        .map(|&(_, v)| v as f64)
        .filter(|&v| v > 0.0);
    match pawn {
        Some(pawn) => values
            .iter()
            .map(|&(r, v)| (r.letter().to_ascii_uppercase(), v as f64 / pawn))
            .collect(),
        None => BTreeMap::new(),
    }
}

/// Runs `oblique study ...`.
pub fn run(cmd: StudyCommand) -> Result<(), CliError> {
    match cmd {
        StudyCommand::Balance(args) => {
            oblique_arena::study::balance::run(&args.setup()?)?;
        }
        StudyCommand::Playability(args) => {
            oblique_arena::study::playability::run(&args.setup()?)?;
        }
        StudyCommand::Values(args) => {
            let setup = args.study.setup()?;
            let mut letters = Vec::new();
            for p in &args.pieces {
                let mut chars = p.trim().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => letters.push(c),
                    _ => {
                        return Err(StudyError::Shape {
                            flag: "--pieces",
                            shape: "one FEN letter per piece, e.g. N,B,R",
                            text: p.clone(),
                        }
                        .into())
                    }
                }
            }
            let mut trades = Vec::new();
            for t in &args.trade {
                let letters: Vec<char> = t.trim().chars().collect();
                match letters.as_slice() {
                    [a, ':', b] => trades.push((*a, *b)),
                    _ => {
                        return Err(StudyError::Shape {
                            flag: "--trade",
                            shape: "two FEN letters per trade, e.g. R:B",
                            text: t.clone(),
                        }
                        .into())
                    }
                }
            }
            oblique_arena::study::values::run(
                &setup,
                &letters,
                &trades,
                &engine_values(&setup.variant),
            )?;
        }
    }
    Ok(())
}
