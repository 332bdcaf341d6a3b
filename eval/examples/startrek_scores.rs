//! Records and checks the Star Trek evaluation of positions from seeded random games, so a
//! rewrite of the evaluation can be shown to leave every score unchanged.
//!
//! * `startrek_scores record FILE` — writes `score<TAB>tfen` for every position (build this
//!   with the evaluation you trust).
//! * `startrek_scores check FILE` — replays the same games and compares every score with
//!   the file, both on the position reached by make/unmake and on the one re-read from its
//!   TFEN; exits with status 1 on the first mismatches.
//! * `startrek_scores table N` — prints N positions spread over the recorded set as Rust
//!   tuples (the change detector's table in `eval/src/startrek_change_detector.rs`).
//! * `startrek_scores time [ROUNDS]` — ns per call over the whole set (fastest of ROUNDS
//!   passes, and their median).
//!
//! The games: a fixed SplitMix64 seed, uniformly random legal moves, 4 to 323 plies; before
//! each move a second random move is made, evaluated and taken back, so positions reached by
//! unmake are evaluated too. `cargo run --release -p oblique-eval --example startrek_scores`

use oblique_engine::search::Evaluator;
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::Game;
use oblique_eval::values::SplitMix;
use oblique_eval::Evaluation;
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

const GAMES: usize = 40;
const SEED: u64 = 0x57_5c0e_5eed_0001;

/// Every evaluated position of the seeded games, with its score.
fn positions() -> Vec<(StarTrekPosition, i32)> {
    let mut rng = SplitMix::new(SEED);
    let eval = Evaluation;
    let mut out = Vec::new();
    for _ in 0..GAMES {
        let mut pos = StarTrekPosition::start();
        let mut moves = Vec::new();
        let plies = 4 + (rng.next_u64() % 320) as usize;
        for _ in 0..plies {
            let s = eval.evaluate(&pos);
            out.push((pos.clone(), s));
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let side = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let undo = pos.make_move(side);
            let s = eval.evaluate(&pos);
            out.push((pos.clone(), s));
            pos.unmake_move(side, undo);
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.make_move(m);
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("time");
    let eval = Evaluation;
    match mode {
        "record" => {
            let file = args.get(2).expect("record FILE");
            let mut w = std::io::BufWriter::new(std::fs::File::create(file).expect("create"));
            let all = positions();
            for (p, s) in &all {
                writeln!(w, "{s}\t{}", p.to_tfen()).expect("write");
            }
            println!("recorded {} positions in {file}", all.len());
        }
        "check" => {
            let file = args.get(2).expect("check FILE");
            let text = std::fs::read_to_string(file).expect("read");
            let all = positions();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), all.len(), "number of positions differs");
            let mut bad = 0;
            for ((p, s), line) in all.iter().zip(&lines) {
                let (want, tfen) = line.split_once('\t').expect("score<TAB>tfen");
                let want: i32 = want.parse().expect("score");
                assert_eq!(tfen, p.to_tfen(), "the games differ");
                let reread = eval.evaluate(&StarTrekPosition::from_tfen(tfen).expect("tfen"));
                if *s != want || reread != want {
                    bad += 1;
                    if bad <= 10 {
                        println!("MISMATCH {tfen}: recorded {want}, now {s} (re-read {reread})");
                    }
                }
            }
            let distinct: std::collections::HashSet<&str> = lines
                .iter()
                .map(|l| l.split_once('\t').unwrap().1)
                .collect();
            println!(
                "checked {} positions ({} distinct TFENs): {} mismatches",
                all.len(),
                distinct.len(),
                bad
            );
            if bad > 0 {
                std::process::exit(1);
            }
        }
        "table" => {
            let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
            let all = positions();
            // Evenly spaced, plus the ten with the fewest pieces (end games are rare).
            let spread = n.saturating_sub(10).max(1);
            let mut picked: Vec<usize> = (0..spread).map(|i| i * all.len() / spread).collect();
            let mut by_material: Vec<usize> = (0..all.len()).collect();
            let pieces = |i: usize| all[i].0.to_tfen().split(',').count();
            by_material.sort_by_key(|&i| (pieces(i), i));
            let mut seen: std::collections::HashSet<String> =
                picked.iter().map(|&i| all[i].0.to_tfen()).collect();
            for i in by_material {
                if picked.len() >= n {
                    break;
                }
                // At most one from any stretch of 100 positions (about one game's end).
                let near = picked[spread..].iter().any(|&j| j.abs_diff(i) < 100);
                if !near && seen.insert(all[i].0.to_tfen()) {
                    picked.push(i);
                }
            }
            for i in picked {
                let (p, s) = &all[i];
                println!("    ({:?}, {s}),", p.to_tfen());
            }
        }
        "time" => {
            // Many short rounds (one pass each): on a shared machine the fastest rounds are
            // the ones nobody else interrupted.
            let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
            let all: Vec<StarTrekPosition> = positions().into_iter().map(|(p, _)| p).collect();
            let mut ns = Vec::with_capacity(rounds);
            for _ in 0..rounds {
                let t = Instant::now();
                let mut acc = 0i64;
                for p in &all {
                    acc += eval.evaluate(black_box(p)) as i64;
                }
                black_box(acc);
                ns.push(t.elapsed().as_nanos() as f64 / all.len() as f64);
            }
            ns.sort_by(f64::total_cmp);
            println!(
                "startrek mix ({} positions) {:.1} ns/call (fastest of {rounds} passes; median {:.1})",
                all.len(),
                ns[0],
                ns[rounds / 2]
            );
        }
        other => {
            eprintln!("unknown mode '{other}': record FILE | check FILE | table N | time [ROUNDS]");
            std::process::exit(2);
        }
    }
}
