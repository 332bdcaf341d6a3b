//! Measures the evaluation's cost per call on a few positions of every 2D game.
//!
//! `cargo run --release -p oblique-eval --example eval_speed`

use oblique_engine::search::Evaluator;
use oblique_engine::variant::Width;
use oblique_engine::Game;
use oblique_engine::{find_variant, Position};
use oblique_eval::cache::EvalCache;
use oblique_eval::Evaluation;
use std::hint::black_box;
use std::time::Instant;

const POSITIONS: &[(&str, &str, &str)] = &[
    (
        "chess",
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "middle game",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (
        "chess",
        "rook ending",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ),
    (
        "slanted",
        "start",
        "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "minislanted",
        "start",
        "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    ),
    (
        "ultraslanted",
        "start",
        "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1",
    ),
    (
        "almostultraslanted",
        "start",
        "urnbckbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1",
    ),
    (
        "diagonal",
        "start",
        "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1",
    ),
];

fn placeholder<B: EvalCache>(pos: &Position<B>) -> i32 {
    const VALUES: [i32; 8] = [100, 320, 330, 500, 900, 0, 600, 850];
    let mut score = 0;
    let king = &pos.rules().king;
    for (i, &v) in VALUES.iter().enumerate() {
        let role = oblique_engine::Role::from_index(i);
        for c in [oblique_engine::Color::White, oblique_engine::Color::Black] {
            let sign = if c == pos.side_to_move() { 1 } else { -1 };
            for sq in pos.pieces(c, role).iter() {
                score += sign * (v + 2 * king[sq].count() as i32);
            }
        }
    }
    score
}

fn time<B: EvalCache>(variant: &str, fen: &str) -> (f64, i32) {
    let spec = find_variant(variant).expect("game");
    let pos = Position::<B>::from_fen(spec, fen).expect("fen");
    let eval = Evaluation;
    let first = eval.evaluate(&pos); // builds the tables
    let iters: u32 = std::env::var("ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let mut best = f64::MAX;
    let base = std::env::var("BASELINE").is_ok_and(|v| !v.is_empty());
    let reps: u32 = std::env::var("REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for _ in 0..reps {
        let t = Instant::now();
        let mut acc = 0i64;
        for _ in 0..iters {
            acc += if base {
                placeholder(black_box(&pos))
            } else {
                eval.evaluate(black_box(&pos))
            } as i64;
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    (best, first)
}

fn time_startrek() -> (f64, i32) {
    let pos = oblique_engine::startrek::StarTrekPosition::start();
    let eval = Evaluation;
    let first = eval.evaluate(&pos);
    let iters = 200_000u32;
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut acc = 0i64;
        for _ in 0..iters {
            acc += eval.evaluate(black_box(&pos)) as i64;
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    (best, first)
}

/// Many different positions (random games from the start): the pawn cache mostly misses.
fn time_mix(variant: &str, count: usize) -> f64 {
    use oblique_engine::Game;
    let spec = find_variant(variant).expect("game");
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut positions: Vec<Position<u64>> = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = Position::<u64>::start(spec).expect("start");
        let mut moves = Vec::new();
        for _ in 0..(10 + next() % 70) {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[(next() % moves.len() as u64) as usize]);
        }
        pos.clear_history();
        positions.push(pos);
    }
    let eval = Evaluation;
    let base = std::env::var("BASELINE").is_ok_and(|v| !v.is_empty());
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut acc = 0i64;
        for _ in 0..20 {
            for p in &positions {
                acc += if base {
                    placeholder(black_box(p))
                } else {
                    eval.evaluate(black_box(p))
                } as i64;
            }
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / (20 * positions.len()) as f64);
    }
    best
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    if "chess mix".contains(&filter) {
        println!(
            "{:<20} {:<12} {:>7.1} ns/call  (4096 random-game positions, pawn cache mostly missing)",
            "chess",
            "mix",
            time_mix("chess", 4096)
        );
    }
    if "startrek start".contains(&filter) {
        let (ns, score) = time_startrek();
        println!(
            "{:<20} {:<12} {ns:>7.1} ns/call  score {score:>5} cp",
            "startrek", "start"
        );
    }
    for &(variant, name, fen) in POSITIONS {
        if !format!("{variant} {name}").contains(&filter) {
            continue;
        }
        let spec = find_variant(variant).expect("game");
        let (ns, score) = match spec.width {
            Width::W64 => time::<u64>(variant, fen),
            Width::W128 => time::<u128>(variant, fen),
        };
        println!("{variant:<20} {name:<12} {ns:>7.1} ns/call  score {score:>5} cp");
    }
}
