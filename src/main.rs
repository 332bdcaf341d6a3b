//! `oblique`: the command-line front end.

use clap::{Parser, Subcommand};
use oblique_engine::any::variant_infos;
use oblique_engine::AnyPosition;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "oblique",
    version,
    about = "Oblique: a chess-variant engine for slanted escalator chess, Diagonal Chess and orthodox chess",
    long_about = None
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Maximum perft depth accepted: deeper trees would run for days on any of these games.
const MAX_PERFT_DEPTH: u32 = 12;

#[derive(Subcommand)]
enum Command {
    /// List every game with its board size, square count and first mover.
    Variants,
    /// Draw a position: board, side to move, FEN, legal-move count.
    Show {
        #[arg(long, short, default_value = "chess")]
        variant: String,
        /// Position in the game's FEN (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, in protocol or human notation.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
    },
    /// Print the legal moves in protocol notation, one per line.
    Moves {
        #[arg(long, short, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
    },
    /// Count the leaves of the legal move tree to a depth.
    Perft {
        #[arg(long, short, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, short)]
        depth: u32,
        /// One `MOVE: COUNT` line per root move.
        #[arg(long)]
        divide: bool,
    },
}

fn position(variant: &str, fen: Option<&str>, moves: &[String]) -> Result<AnyPosition, String> {
    let mut pos = AnyPosition::new(variant, fen)?;
    for m in moves {
        pos.play(m).map_err(|e| format!("illegal move {e}"))?;
    }
    Ok(pos)
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Variants => {
            println!(
                "{:<26} {:<8} {:>7}  {:<6} title",
                "name", "board", "squares", "first"
            );
            for v in variant_infos()? {
                println!(
                    "{:<26} {:<8} {:>7}  {:<6} {}",
                    v.name,
                    v.board,
                    v.squares,
                    v.first.name(),
                    v.title
                );
            }
        }
        Command::Show {
            variant,
            fen,
            moves,
        } => {
            let pos = position(&variant, fen.as_deref(), &moves)?;
            print!("{}", pos.diagram());
        }
        Command::Moves {
            variant,
            fen,
            moves,
        } => {
            let pos = position(&variant, fen.as_deref(), &moves)?;
            for m in pos.legal_moves_text() {
                println!("{m}");
            }
        }
        Command::Perft {
            variant,
            fen,
            depth,
            divide,
        } => {
            if depth == 0 || depth > MAX_PERFT_DEPTH {
                return Err(format!(
                    "perft depth must be between 1 and {MAX_PERFT_DEPTH}, not {depth}"
                ));
            }
            let mut pos = position(&variant, fen.as_deref(), &[])?;
            let start = Instant::now();
            let nodes = if divide {
                let lines = pos.perft_divide(depth);
                for (m, n) in &lines {
                    println!("{m}: {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                pos.perft(depth)
            };
            let secs = start.elapsed().as_secs_f64();
            let nps = if secs > 0.0 {
                (nodes as f64 / secs) as u64
            } else {
                0
            };
            println!("nodes {nodes} time {secs:.3} nps {nps}");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
