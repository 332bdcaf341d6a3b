//! `oblique study balance|values|playability`: the command line of the self-play studies
//! (issue 35). The arguments are checked and turned into the arena's `study::run::Setup`; the
//! study itself (schedule, games, statistics, report files) lives in `oblique_arena::study`.
//! What needs the evaluator (its piece values, `study values --write-weights`) is here, as
//! the arena does not know it.

use crate::error::CliError;
use clap::{Args, Subcommand};
use oblique_arena::config::{EngineConfig, Tc};
use oblique_arena::shard::Shard;
use oblique_arena::study::error::StudyError;
use oblique_arena::study::run::Setup;
use oblique_arena::study::values::PooledValue;
use oblique_engine::Role;
use oblique_eval::weights;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
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
    /// Also write a weights file (the format `oblique tune fit` writes, read by `oblique
    /// --weights FILE`) whose material gives each measured piece its measured value (pooled
    /// over the limits) in the evaluation's pawns; every other weight, and each piece without
    /// a value, keeps the game's current one. 2D games only.
    #[arg(long, value_name = "FILE")]
    pub write_weights: Option<PathBuf>,
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
                // A weights file: the engines play with it too.
                if let Some(f) = crate::cli::args::weights_file() {
                    own.command.insert(1, f.to_string());
                    own.command.insert(1, "--weights".to_string());
                }
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
/// FEN letter. In a 2D game, the material the evaluation plays with: the value derived from
/// mobility plus the material weight in force (a tuned file's, or `--weights`), middle game
/// and end game added (each over the pawn's); in Star Trek chess, the derived values.
fn engine_values(variant: &str) -> BTreeMap<char, f64> {
    let spec = oblique_engine::find_variant(variant);
    let values: Vec<(Role, f64)> = match weights::material_in_force(variant) {
        Some(m) => m.iter().map(|&(r, v)| (r, (v.mg + v.eg) as f64)).collect(),
        None => oblique_eval::piece_values(variant)
            .into_iter()
            .map(|(r, v)| (r, v as f64))
            .collect(),
    };
    let pawn = values
        .iter()
        .find(|(r, _)| *r == Role::Pawn)
        .map(|&(_, v)| v)
        .filter(|&v| v > 0.0);
    let letter = |r: Role| spec.map_or_else(|| r.letter(), |s| s.letter(r));
    match pawn {
        Some(pawn) => values
            .iter()
            .map(|&(r, v)| (letter(r).to_ascii_uppercase(), v / pawn))
            .collect(),
        None => BTreeMap::new(),
    }
}

/// `--write-weights`: the game's weights in force with the measured pieces' material
/// (`values.json`'s pooled `pawns`), written as `oblique tune fit` writes a file. Prints one
/// line per piece: the material written, or why none was.
fn write_weights(game: &str, values: &[PooledValue], path: &Path) -> Result<(), CliError> {
    let mut measured = Vec::new();
    let mut kept = Vec::new();
    for v in values {
        match v.pawns {
            Some((p, lo, hi)) => measured.push((v.letter, p, lo, hi)),
            None => kept.push(v.letter),
        }
    }
    let base = weights::for_game(game);
    let pawns: Vec<(char, f64)> = measured.iter().map(|&(l, p, _, _)| (l, p)).collect();
    let w = weights::with_material(game, &base, &pawns)?;
    let fit = format!(
        "material from material-odds self-play, values in pawns pooled over the limits (95 %): {}{}; every other weight as the game's in force{}",
        if measured.is_empty() {
            "none measured".to_string()
        } else {
            measured
                .iter()
                .map(|(l, p, lo, hi)| format!("{l} {p:.2} ({lo:.2} to {hi:.2})"))
                .collect::<Vec<_>>()
                .join(", ")
        },
        if kept.is_empty() {
            String::new()
        } else {
            format!(
                "; no value, material kept: {}",
                kept.iter().map(char::to_string).collect::<Vec<_>>().join(", ")
            )
        },
        crate::cli::args::weights_file()
            .map(|f| format!(" (from {f})"))
            .unwrap_or_default()
    );
    let file = weights::WeightsFile {
        game: game.to_string(),
        command: command_line(),
        fit,
        weights: w.clone(),
    };
    std::fs::write(path, file.to_text()).map_err(|error| StudyError::Write {
        path: path.to_path_buf(),
        error,
    })?;
    let spec = oblique_engine::find_variant(game);
    let in_force = weights::material_in_force(game).unwrap_or_default();
    for (letter, pawns, _, _) in &measured {
        let role = spec.and_then(|s| s.role_of_letter(*letter));
        let was = in_force.iter().find(|(r, _)| Some(*r) == role);
        if let (Some(role), Some(&(_, was))) = (role, was) {
            let (old, new) = (base.material.of(role), w.material.of(role));
            let now = was - old + new;
            println!(
                "weights: {letter} measured {pawns:.2} pawns: {} mg, {} eg centipawns (was {} mg, {} eg), material weight {} mg, {} eg (was {} mg, {} eg)",
                now.mg, now.eg, was.mg, was.eg, new.mg, new.eg, old.mg, old.eg
            );
        }
    }
    for letter in &kept {
        println!("weights: {letter} has no measured value: its material is kept");
    }
    println!("Wrote weights {}", path.display());
    Ok(())
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
            let game = oblique_engine::AnyPosition::new(&setup.variant, None)?
                .variant_name()
                .to_string();
            if args.write_weights.is_some() {
                // Before any game: a game whose evaluation takes no weights file.
                weights::with_material(&game, &weights::for_game(&game), &[])?;
            }
            let values = oblique_arena::study::values::run(
                &setup,
                &letters,
                &trades,
                &engine_values(&game),
            )?;
            if let Some(path) = &args.write_weights {
                write_weights(&game, &oblique_arena::study::values::pooled(&values), path)?;
            }
        }
    }
    Ok(())
}
