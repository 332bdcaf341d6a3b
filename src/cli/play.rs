//! `oblique play`: a person against the engine in the terminal.

use crate::cli::args::GameArgs;
use crate::error::CliError;
use clap::Args;
use oblique_engine::search::{Limits, Search};
use oblique_engine::{AnyPosition, Color};
use std::io::{BufRead, Write};

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Your colour.
    #[arg(long, default_value = "white")]
    pub color: String,
    /// Engine thinking time per move in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub movetime: u64,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// `oblique play`: reads the person's colour, then plays the game in the terminal.
pub fn command(args: PlayArgs) -> Result<(), CliError> {
    let human = match args.color.as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => return Err(CliError::Color(other.to_string())),
    };
    let pos = args.game.position()?;
    let mut search = Search::new(args.threads, 64)?;
    search.move_overhead = std::time::Duration::ZERO;
    run(pos, human, args.movetime.max(10), &search)
}

/// What the person may type, with examples taken from the game in front of them.
fn help(pos: &AnyPosition) -> String {
    // Show a piece move if there is one: its long form shows the piece letter.
    let machine = pos.legal_moves_text();
    let human = pos.legal_moves_human();
    let pick = human
        .iter()
        .position(|h| h.starts_with(|c: char| c.is_ascii_uppercase() && c != 'O'))
        .or((!human.is_empty()).then_some(0));
    let example = match pick {
        Some(i) => format!(" (e.g. {} or {})", machine[i], human[i]),
        None => String::new(),
    };
    format!(
        "Type a move in protocol notation or with the piece letter{example}; O-O castles, \
         escalator squares go by grid or true name.\n\
         Or: undo (take back your last move), hint, moves (list legal moves), fen, help, quit."
    )
}

pub fn run(
    mut pos: AnyPosition,
    human: Color,
    movetime_ms: u64,
    search: &Search,
) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history: Vec<AnyPosition> = Vec::new();
    println!(
        "Oblique: {} — you play {}. {}",
        pos.variant_name(),
        human.name(),
        help(&pos)
    );
    // The board is drawn again only when it changed (a Star Trek diagram is 40 lines).
    let mut redraw = true;
    loop {
        let outcome = pos.outcome();
        // Drawn when the person is to move (after the engine's answer) or the game is over.
        if redraw && (outcome.is_some() || pos.side_to_move() == human) {
            println!();
            print!("{}", pos.diagram());
            redraw = false;
        }
        if let Some(o) = outcome {
            let verdict = match o.winner() {
                Some(c) if c == human => "You win!",
                Some(_) => "Oblique wins.",
                None => "Draw.",
            };
            println!("Game over: {} {{{}}} {verdict}", o.result(), o.reason());
            return Ok(());
        }
        if pos.side_to_move() != human {
            let r = pos.search(
                search,
                &oblique_eval::Evaluation,
                &Limits::movetime(movetime_ms),
                |_| {},
            );
            let Some(best) = r.best_move else {
                return Err(CliError::NoEngineMove);
            };
            history.push(pos.clone());
            let played = pos.play(&best)?;
            redraw = true;
            println!(
                "Oblique plays {played} (score {}, depth {})",
                r.score.uci(),
                r.depth
            );
            continue;
        }
        print!("your move> ");
        std::io::stdout().flush().ok();
        let Some(line) = lines.next() else {
            println!();
            return Ok(());
        };
        let line = line.map_err(CliError::Input)?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => println!("{}", help(&pos)),
            "moves" => println!("{}", pos.legal_moves_text().join(" ")),
            "fen" => println!("{}", pos.to_fen()),
            "hint" => {
                let r = pos.search(
                    search,
                    &oblique_eval::Evaluation,
                    &Limits::movetime(movetime_ms.div_ceil(2)),
                    |_| {},
                );
                match r.best_move {
                    Some(m) => println!("hint: {m} (score {})", r.score.uci()),
                    None => println!("hint: no legal move"),
                }
            }
            "undo" => {
                // Back to the last position where it was the person's turn.
                let mut restored = false;
                while let Some(prev) = history.pop() {
                    let mine = prev.side_to_move() == human;
                    pos = prev;
                    if mine {
                        restored = true;
                        break;
                    }
                }
                if restored {
                    redraw = true;
                } else {
                    println!("nothing to undo");
                }
            }
            text => {
                let before = pos.clone();
                match pos.play(text) {
                    Ok(_) => {
                        history.push(before);
                        redraw = true;
                    }
                    Err(e) => println!("Illegal move: {e}"),
                }
            }
        }
    }
}
