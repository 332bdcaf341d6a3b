//! `oblique`: the command-line front end.

mod cli;
mod error;

use clap::{Args, Parser, Subcommand};
use error::CliError;
use oblique_engine::any::variant_infos;
use oblique_engine::search::{Limits, Search};
use oblique_engine::{AnyPosition, Color};
use std::process::ExitCode;
use std::time::Instant;

/// This build: the version and the commit it was built from (build.rs), as `--version`
/// prints it and GUIs show it.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("OBLIQUE_COMMIT"),
    ")"
);

#[derive(Parser)]
#[command(
    name = "oblique",
    version = VERSION,
    about = "Oblique: a chess-variant engine for Slanted Escalator Chess (and its Mini and Ultra forms), Diagonal Chess, Star Trek tri-dimensional chess and orthodox chess",
    long_about = None
)]
struct Cli {
    /// Without a command, speak XBoard or UCI on standard input, whichever the first
    /// command asks for.
    #[command(subcommand)]
    command: Option<Command>,
}

/// Maximum perft depth accepted: deeper trees would run for days on any of these games.
const MAX_PERFT_DEPTH: u32 = 12;

#[derive(Subcommand)]
enum Command {
    /// Speak the XBoard / WinBoard protocol (CECP v2) on standard input and output.
    Xboard,
    /// Speak UCI on standard input and output.
    Uci,
    /// List every game with its board size, square count and first mover.
    Variants,
    /// Draw a position: board, side to move, FEN, legal-move count.
    Show(PositionArgs),
    /// Print the legal moves in protocol notation, one per line.
    Moves(PositionArgs),
    /// Analyse a position: one line per completed depth, then `bestmove MOVE`.
    Analyze {
        #[command(flatten)]
        position: PositionArgs,
        /// Search to this depth.
        #[arg(long, short)]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Search until interrupted (Ctrl-C).
        #[arg(long)]
        infinite: bool,
        /// Report this many best lines.
        #[arg(long, default_value_t = 1)]
        multipv: usize,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Piece values of a game, derived from each piece's mobility on its geometry.
    Values {
        #[arg(long, short, default_value = "chess")]
        variant: String,
    },
    /// Search a fixed set of positions of every game; prints total nodes and nps.
    Bench {
        #[arg(long, short, default_value_t = 8)]
        depth: u32,
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Play against the engine in the terminal.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Your colour.
        #[arg(long, default_value = "white")]
        color: String,
        /// Engine thinking time per move in milliseconds.
        #[arg(long, default_value_t = 2000)]
        movetime: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Fit a 2D game's evaluation weights to its own self-play (`tune data`, `tune fit`).
    #[command(subcommand)]
    Tune(cli::tune::TuneCommand),
    /// The network evaluation: self-play training data (`net data`).
    #[command(subcommand)]
    Net(cli::net::NetCommand),
    /// Play engines against each other (UCI or XBoard), refereed by Oblique.
    Match(Box<oblique_arena::MatchCommand>),
    /// Play and analyse in a browser: a local web server with every game's board.
    Serve {
        /// Port to listen on (0: any free port; the URL printed says which).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on (only this machine by default).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Open the page in the desktop's browser.
        #[arg(long)]
        open: bool,
        /// Most searches at once, one thread each (tabs beyond wait their turn).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MB, per search thread.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Count the leaves of the legal move tree to a depth.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, short)]
        depth: u32,
        /// One `MOVE: COUNT` line per root move.
        #[arg(long)]
        divide: bool,
    },
}

/// The game and its starting point, as every command that takes a position reads them.
#[derive(Args)]
struct GameArgs {
    /// The game (`oblique variants` lists them).
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Position in the game's FEN (TFEN for Star Trek chess; default: the start position).
    #[arg(long)]
    fen: Option<String>,
}

impl GameArgs {
    fn position(&self) -> Result<AnyPosition, CliError> {
        Ok(AnyPosition::new(&self.variant, self.fen.as_deref())?)
    }
}

/// A game, its starting point and moves played from there.
#[derive(Args)]
struct PositionArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play first, in protocol or human notation.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<AnyPosition, CliError> {
        let mut pos = self.game.position()?;
        for m in &self.moves {
            pos.play(m).map_err(CliError::IllegalMove)?;
        }
        Ok(pos)
    }
}

/// Runs a protocol session on standard input and output.
fn protocol(which: oblique_protocol::Protocol) -> Result<(), CliError> {
    let search_fn = oblique_protocol::evaluation_search_fn();
    oblique_protocol::set_engine_name(&format!(
        "Oblique {} ({})",
        env!("CARGO_PKG_VERSION"),
        env!("OBLIQUE_COMMIT")
    ));
    let input = std::io::BufReader::new(std::io::stdin());
    Ok(oblique_protocol::run(
        input,
        Box::new(std::io::stdout()),
        which,
        search_fn,
    )?)
}

fn run(cli: Cli) -> Result<(), CliError> {
    let Some(command) = cli.command else {
        return protocol(oblique_protocol::Protocol::Auto);
    };
    if !matches!(
        command,
        Command::Xboard | Command::Uci | Command::Match(_) | Command::Serve { .. }
    ) {
        quiet_broken_pipe();
    }
    match command {
        Command::Xboard => protocol(oblique_protocol::Protocol::XBoard)?,
        Command::Uci => protocol(oblique_protocol::Protocol::Uci)?,
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
        Command::Show(args) => {
            let pos = args.position()?;
            print!("{}", pos.diagram());
        }
        Command::Moves(args) => {
            let pos = args.position()?;
            for m in pos.legal_moves_text() {
                println!("{m}");
            }
        }
        Command::Analyze {
            position,
            depth,
            movetime,
            nodes,
            infinite,
            multipv,
            threads,
            hash,
        } => {
            let pos = position.position()?;
            if let Some(d) = depth {
                if d == 0 || d > oblique_engine::search::MAX_DEPTH {
                    return Err(CliError::out_of_range(
                        "depth",
                        oblique_engine::search::MAX_DEPTH.into(),
                        d.into(),
                    ));
                }
            }
            if depth.is_none() && movetime.is_none() && nodes.is_none() && !infinite {
                return Err(CliError::NoSearchLimit);
            }
            if multipv == 0 {
                return Err(CliError::NoPrincipalVariation);
            }
            let mut search = Search::new(threads, hash)?;
            // No GUI or pipe between us and the user: the whole movetime is ours.
            search.move_overhead = std::time::Duration::ZERO;
            let stop = search.stop_handle();
            ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::SeqCst))?;
            let limits = Limits {
                depth,
                nodes,
                movetime: movetime.map(std::time::Duration::from_millis),
                infinite,
                multipv,
                ..Limits::default()
            };
            let result = cli::analyze::run(&search, &pos, &limits);
            match result.best_move {
                Some(m) => println!("bestmove {m}"),
                None => println!("bestmove (none)"),
            }
        }
        Command::Values { variant } => {
            print!("{}", oblique_eval::values_report(&variant)?);
        }
        Command::Bench { depth, hash } => {
            if depth == 0 || depth > 30 {
                return Err(CliError::out_of_range("bench depth", 30, depth.into()));
            }
            let search = Search::new(1, hash)?;
            cli::bench::run(depth, &search)?;
        }
        Command::Play {
            game,
            color,
            movetime,
            threads,
        } => {
            let human = match color.as_str() {
                "white" | "w" => Color::White,
                "black" | "b" => Color::Black,
                other => return Err(CliError::Color(other.to_string())),
            };
            let pos = game.position()?;
            let mut search = Search::new(threads, 64)?;
            search.move_overhead = std::time::Duration::ZERO;
            cli::play::run(pos, human, movetime.max(10), &search)?;
        }
        Command::Match(cmd) => oblique_arena::run_command(*cmd)?,
        Command::Tune(cmd) => cli::tune::run(cmd)?,
        Command::Net(cmd) => cli::net::run(cmd)?,
        Command::Serve {
            port,
            host,
            open,
            threads,
            hash,
        } => cli::serve::run(host, port, threads, hash, open)?,
        Command::Perft {
            game,
            depth,
            divide,
        } => {
            if depth == 0 || depth > MAX_PERFT_DEPTH {
                return Err(CliError::out_of_range(
                    "perft depth",
                    MAX_PERFT_DEPTH.into(),
                    depth.into(),
                ));
            }
            let mut pos = game.position()?;
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

/// Commands that print for a person end quietly when the reader goes away (`oblique moves |
/// head`), as Unix tools do, instead of panicking on the failed write. Protocol and match
/// modes keep ignoring SIGPIPE: there a closed pipe is an engine or GUI that quit, which
/// they report and survive.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
