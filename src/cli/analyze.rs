//! `oblique analyze`: search a position and stream one line per completed depth.

use crate::cli::args::PositionArgs;
use crate::error::CliError;
use clap::Args;
use oblique_engine::search::{Info, Limits, Search, SearchResult, MAX_DEPTH};
use oblique_engine::AnyPosition;

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search to this depth.
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search until interrupted (Ctrl-C).
    #[arg(long)]
    pub infinite: bool,
    /// Report this many best lines.
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

/// One line per completed iteration, UCI-like so scripts can read it.
pub fn info_line(i: &Info, multipv: bool) -> String {
    let mut s = format!("depth {} seldepth {}", i.depth, i.seldepth);
    if multipv {
        s.push_str(&format!(" multipv {}", i.multipv));
    }
    s.push_str(&format!(
        " score {} nodes {} nps {} time {} hashfull {} pv {}",
        i.score.uci(),
        i.nodes,
        i.nps,
        i.time.as_millis(),
        i.hashfull,
        i.pv.join(" ")
    ));
    s
}

/// Runs the search, printing each iteration, and returns the result.
pub fn run(search: &Search, pos: &AnyPosition, limits: &Limits) -> SearchResult {
    let multipv = limits.multipv > 1;
    pos.search(search, &oblique_eval::Evaluation, limits, |i| {
        println!("{}", info_line(i, multipv))
    })
}

/// `oblique analyze`: checks the limits, then searches with Ctrl-C as the stop and prints
/// the best move last.
pub fn command(args: AnalyzeArgs) -> Result<(), CliError> {
    let pos = args.position.position()?;
    if let Some(d) = args.depth {
        if d == 0 || d > MAX_DEPTH {
            return Err(CliError::out_of_range("depth", MAX_DEPTH.into(), d.into()));
        }
    }
    if args.depth.is_none() && args.movetime.is_none() && args.nodes.is_none() && !args.infinite {
        return Err(CliError::NoSearchLimit);
    }
    if args.multipv == 0 {
        return Err(CliError::NoPrincipalVariation);
    }
    let mut search = Search::new(args.threads, args.hash)?;
    // No GUI or pipe between us and the user: the whole movetime is ours.
    search.move_overhead = std::time::Duration::ZERO;
    let stop = search.stop_handle();
    ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::SeqCst))?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(std::time::Duration::from_millis),
        infinite: args.infinite,
        multipv: args.multipv,
        ..Limits::default()
    };
    let result = run(&search, &pos, &limits);
    match result.best_move {
        Some(m) => println!("bestmove {m}"),
        None => println!("bestmove (none)"),
    }
    Ok(())
}
