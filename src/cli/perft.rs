//! `oblique perft`: counts the leaves of the legal move tree of a position (or per root
//! move with `--divide`) and ends with one `nodes COUNT time SECONDS nps NPS` line.

use crate::cli::args::GameArgs;
use crate::error::CliError;
use clap::Args;
use std::time::Instant;

/// Maximum perft depth accepted: deeper trees would run for days on any of these games.
const MAX_PERFT_DEPTH: u32 = 12;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[arg(long, short)]
    pub depth: u32,
    /// One `MOVE: COUNT` line per root move.
    #[arg(long)]
    pub divide: bool,
}

/// `oblique perft`.
pub fn command(args: PerftArgs) -> Result<(), CliError> {
    let depth = args.depth;
    if depth == 0 || depth > MAX_PERFT_DEPTH {
        return Err(CliError::out_of_range(
            "perft depth",
            MAX_PERFT_DEPTH.into(),
            depth.into(),
        ));
    }
    let mut pos = args.game.position()?;
    let start = Instant::now();
    let nodes = if args.divide {
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
    Ok(())
}
