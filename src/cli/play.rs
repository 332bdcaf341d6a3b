//! `oblique play`: a person against the engine in the terminal.

use super::search_any;
use oblique_engine::search::{Limits, Search};
use oblique_engine::{AnyPosition, Color};
use std::io::{BufRead, Write};

const HELP: &str =
    "Type a move (e2e4, b2a4, Nb1-c3, e7e8q, O-O; escalator squares by grid or true name),\n\
or: undo (take back your last move), hint, moves (list legal moves), fen, help, quit.";

pub fn run(
    mut pos: AnyPosition,
    human: Color,
    movetime_ms: u64,
    search: &Search,
) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history: Vec<AnyPosition> = Vec::new();
    println!(
        "Oblique: {} — you play {}. {}",
        pos.variant_name(),
        human.name(),
        HELP
    );
    loop {
        println!();
        print!("{}", pos.diagram());
        if let Some(o) = pos.outcome() {
            let verdict = match o.winner() {
                Some(c) if c == human => "You win!",
                Some(_) => "Oblique wins.",
                None => "Draw.",
            };
            println!("Game over: {} {{{}}} {verdict}", o.result(), o.reason());
            return Ok(());
        }
        if pos.side_to_move() != human {
            let r = search_any(search, &pos, &Limits::movetime(movetime_ms), |_| {})?;
            let Some(best) = r.best_move else {
                return Err("the engine found no move".into());
            };
            history.push(pos.clone());
            let played = pos.play(&best)?;
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
        let line = line.map_err(|e| format!("cannot read input: {e}"))?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => println!("{HELP}"),
            "moves" => println!("{}", pos.legal_moves_text().join(" ")),
            "fen" => println!("{}", pos.to_fen()),
            "hint" => {
                let r = search_any(
                    search,
                    &pos,
                    &Limits::movetime(movetime_ms.div_ceil(2)),
                    |_| {},
                )?;
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
                if !restored {
                    println!("nothing to undo");
                }
            }
            text => {
                let before = pos.clone();
                match pos.play(text) {
                    Ok(_) => history.push(before),
                    Err(e) => println!("Illegal move: {e}"),
                }
            }
        }
    }
}
