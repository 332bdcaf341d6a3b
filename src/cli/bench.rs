//! `oblique bench`: a fixed search over positions of every game. The total node count is
//! deterministic for a build and depth (one thread, cleared hash), so it doubles as a
//! signature of the search's behaviour in commit messages.

use crate::error::CliError;
use clap::Args;
use oblique_engine::search::{Limits, Search};
use oblique_engine::AnyPosition;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    #[arg(long, short, default_value_t = 8)]
    pub depth: u32,
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// (game, position): start positions of every game and middle games, fixed forever so the
/// node count stays a signature (change it only with a note in the commit message).
pub const POSITIONS: &[(&str, &str)] = &[
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("slanted", "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("slanted", "rnbqkbnr/3ppp2/1pp4p/p1*2*p1/2*1P*1P/NP1BP3/1PPPK2P/R1BQ2NR w kq - 0 8"),
    ("minislanted", "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
    ("minislanted", "rnbqkbnr/p1pp2pp/2*1p*P1/P1*2*P1/1pNPP1P1/R1BQKBNR b KQ - 0 8"),
    ("ultraslanted", "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1"),
    ("ultraslanted", "1rnbqkbnru/p1pp2p1pp/1p4p3/1u1*p1*p2/3*2*3/3*2*1P1/1PP6U/N1PPPPP1PP/1RUBQKBNR1 b KQkq - 1 8"),
    ("ultraslantedwhite", "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU w KQkq - 0 1"),
    ("almostultraslanted", "urnbckbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1"),
    ("sortofalmostultraslanted", "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1"),
    ("diagonal", "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1"),
    ("diagonal", "5nnk/r1p1pp1b/7b/P2Nppqr/RP5p/1PPP4/BB1P4/KQ1RP3 w - - 2 8"),
    ("startrek", oblique_engine::startrek::START_TFEN),
];

fn one(search: &Search, pos: &AnyPosition, depth: u32) -> (u64, String) {
    search.clear();
    let r = pos.search(
        search,
        &oblique_eval::Evaluation,
        &Limits::depth(depth),
        |_| {},
    );
    (r.nodes, r.best_move.unwrap_or_else(|| "(none)".into()))
}

/// Searches every bench position to `depth`; prints a line per position and the total.
pub fn run(depth: u32, search: &Search) -> Result<(), CliError> {
    let start = Instant::now();
    let mut total = 0;
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let pos = AnyPosition::new(variant, Some(fen))?;
        let t = Instant::now();
        let (nodes, best) = one(search, &pos, depth);
        total += nodes;
        println!(
            "position {:>2} {:<26} nodes {:>10} time {:>6} ms bestmove {}",
            i + 1,
            variant,
            nodes,
            t.elapsed().as_millis(),
            best
        );
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "total nodes {} time {:.3} nps {}",
        total,
        secs,
        (total as f64 / secs.max(1e-9)) as u64
    );
    Ok(())
}

/// `oblique bench`: checks the depth, then searches every position at one thread.
pub fn command(args: BenchArgs) -> Result<(), CliError> {
    if args.depth == 0 || args.depth > 30 {
        return Err(CliError::out_of_range("bench depth", 30, args.depth.into()));
    }
    let search = Search::new(1, args.hash)?;
    run(args.depth, &search)
}
