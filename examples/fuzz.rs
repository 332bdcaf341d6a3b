//! `cargo run --release --example fuzz -- [TARGET ...] [--count N] [--seed S]`: the seeded
//! mutation fuzzer of `tests/fuzz/harness.rs` at full size (the figures of docs/reliability.md
//! come from `--count 1000000`). Targets: fen, tfen, moves, uci, xboard, engine-spec, openings,
//! web, game-toml, game-ini (default: all).
//! Prints one line per target; on a failure, the input and what went wrong, exit code 1.

#[path = "../tests/fuzz/harness.rs"]
mod harness;

use harness::{fuzz, Target};

fn main() {
    let mut targets = Vec::new();
    let mut count = 100_000u64;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let number = |v: Option<String>| v.and_then(|v| v.replace('_', "").parse::<u64>().ok());
        match a.as_str() {
            "--count" => match number(args.next()) {
                Some(n) => count = n,
                None => usage("--count takes a number"),
            },
            "--seed" => match number(args.next()) {
                Some(n) => seed = n,
                None => usage("--seed takes a number"),
            },
            "-h" | "--help" => usage(""),
            "--replay" => {
                let (Some(t), Some(file)) =
                    (args.next().and_then(|t| Target::parse(&t)), args.next())
                else {
                    usage("--replay takes uci|xboard and a file of lines");
                };
                let text = std::fs::read_to_string(&file)
                    .unwrap_or_else(|e| usage(&format!("{file}: {e}")));
                let lines: Vec<String> = text.lines().map(str::to_string).collect();
                match harness::replay(t, &lines) {
                    Ok(out) => println!("{out}"),
                    Err(e) => println!("{e}"),
                }
                return;
            }
            t => match Target::parse(t) {
                Some(t) => targets.push(t),
                None => usage(&format!("unknown target '{t}'")),
            },
        }
    }
    if targets.is_empty() {
        targets = Target::ALL.to_vec();
    }
    for t in targets {
        match fuzz(t, count, seed) {
            Ok(r) => println!(
                "{:<7} {:>9} inputs, {:>9} accepted, {:>7.1} s, no failure",
                r.target.name(),
                r.inputs,
                r.accepted,
                r.elapsed.as_secs_f64()
            ),
            Err(f) => {
                println!(
                    "{}: FAILED: {}\ninput:\n{}",
                    f.target.name(),
                    f.why,
                    f.input
                );
                std::process::exit(1);
            }
        }
    }
}

fn usage(error: &str) -> ! {
    if !error.is_empty() {
        eprintln!("error: {error}");
    }
    eprintln!(
        "usage: fuzz [fen|tfen|moves|uci|xboard|engine-spec|openings|web ...] [--count N] [--seed S]"
    );
    eprintln!("       fuzz --replay uci|xboard FILE   (one session over the lines of FILE)");
    std::process::exit(2);
}
