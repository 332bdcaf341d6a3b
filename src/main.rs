//! `oblique`: the command-line front end.

mod cli;
mod error;

use clap::{Parser, Subcommand};
use error::CliError;
use std::process::ExitCode;

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
    /// Add the games of a game file (our TOML format, docs/game-files.md); repeatable.
    /// With one game loaded, commands play it without --variant (and a UCI session starts
    /// in it; XBoard's starts in orthodox chess, as its `new` means).
    #[arg(long, global = true, value_name = "FILE")]
    variant_file: Vec<String>,
    /// Play the game a weights file names with its weights (the format `oblique tune fit` and
    /// `oblique study values --write-weights` write) instead of the built-in ones; other
    /// games keep theirs. The engine's name then ends in `weights FILE`.
    #[arg(long, global = true, value_name = "FILE")]
    weights: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the XBoard / WinBoard protocol (CECP v2) on standard input and output.
    Xboard,
    /// Speak UCI on standard input and output.
    Uci,
    /// List every game with its board size, square count and first mover.
    Variants,
    /// Draw a position: board, side to move, FEN, legal-move count.
    Show(cli::args::PositionArgs),
    /// Print the legal moves in protocol notation, one per line.
    Moves(cli::args::PositionArgs),
    /// Analyse a position: one line per completed depth, then `bestmove MOVE`.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Piece values of a game, derived from each piece's mobility on its geometry.
    Values {
        /// The game (default: the one game of --variant-file, else chess).
        #[arg(long, short)]
        variant: Option<String>,
    },
    /// Search a fixed set of positions of every game; prints total nodes and nps.
    Bench(cli::bench::BenchArgs),
    /// Play against the engine in the terminal.
    Play(cli::play::PlayArgs),
    /// Fit a 2D game's evaluation weights to its own self-play (`tune data`, `tune fit`).
    #[command(subcommand)]
    Tune(cli::tune::TuneCommand),
    /// The network evaluation: self-play training data (`net data`).
    #[command(subcommand)]
    Net(cli::net::NetCommand),
    /// Play engines against each other (UCI or XBoard), refereed by Oblique.
    Match(Box<oblique_arena::MatchCommand>),
    /// Play and analyse in a browser: a local web server with every game's board.
    Serve(cli::serve::ServeArgs),
    /// Count the leaves of the legal move tree to a depth.
    Perft(cli::perft::PerftArgs),
    /// Check a game file: print what Oblique understood and run its perft entries.
    Check(cli::check::CheckArgs),
    /// Self-play studies for game designers: first-move balance, piece values, playability.
    #[command(subcommand)]
    Study(cli::study::StudyCommand),
}

/// Runs a protocol session on standard input and output.
fn protocol(which: oblique_protocol::Protocol) -> Result<(), CliError> {
    let search_fn = oblique_protocol::evaluation_search_fn();
    let mut name = format!(
        "Oblique {} ({})",
        env!("CARGO_PKG_VERSION"),
        env!("OBLIQUE_COMMIT")
    );
    if let Some(file) = cli::args::weights_file() {
        name.push_str(&format!(" weights {file}"));
    }
    oblique_protocol::set_engine_name(&name);
    let input = std::io::BufReader::new(std::io::stdin());
    Ok(oblique_protocol::run(
        input,
        Box::new(std::io::stdout()),
        which,
        search_fn,
        cli::args::file_game(),
    )?)
}

/// Dispatches a command to its module; each module checks its own arguments.
fn run(cli: Cli) -> Result<(), CliError> {
    cli::args::load_variant_files(&cli.variant_file)?;
    cli::args::load_weights(cli.weights.as_deref())?;
    let Some(command) = cli.command else {
        return protocol(oblique_protocol::Protocol::Auto);
    };
    if !matches!(
        command,
        Command::Xboard | Command::Uci | Command::Match(_) | Command::Serve(_) | Command::Study(_)
    ) {
        quiet_broken_pipe();
    }
    match command {
        Command::Xboard => protocol(oblique_protocol::Protocol::XBoard),
        Command::Uci => protocol(oblique_protocol::Protocol::Uci),
        Command::Variants => cli::variants::command(),
        Command::Show(args) => {
            print!("{}", args.position()?.diagram());
            Ok(())
        }
        Command::Moves(args) => {
            for m in args.position()?.legal_moves_text() {
                println!("{m}");
            }
            Ok(())
        }
        Command::Analyze(args) => cli::analyze::command(args),
        Command::Values { variant } => {
            print!(
                "{}",
                oblique_eval::values_report(&cli::args::game_name(&variant))?
            );
            Ok(())
        }
        Command::Bench(args) => cli::bench::command(args),
        Command::Play(args) => cli::play::command(args),
        Command::Match(mut cmd) => {
            // A file's one game is the match's game unless --variant names another.
            cmd.args.variant = Some(cli::args::game_name(&cmd.args.variant));
            Ok(oblique_arena::run_command(*cmd)?)
        }
        Command::Tune(cmd) => cli::tune::run(cmd),
        Command::Net(cmd) => cli::net::run(cmd),
        Command::Serve(args) => cli::serve::command(args),
        Command::Perft(args) => cli::perft::command(args),
        Command::Check(args) => cli::check::command(args),
        Command::Study(cmd) => cli::study::run(cmd),
    }
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
