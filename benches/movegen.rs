//! Move generation and perft speed per game. Run with `cargo bench`; the figures in the
//! docs/speed.md come from `oblique perft` (same code path, one long run) and from here.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use oblique_engine::{builtin_games, AnyPosition};

/// A middle-game position per game: 20 plies of a fixed pseudo-random game from the start,
/// so generation sees open lines, captures and escalator squares in use.
fn middle_game(variant: &str) -> AnyPosition {
    let mut pos = AnyPosition::new(variant, None).expect("start");
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..20 {
        let moves = pos.legal_moves_text();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = &moves[(rng % moves.len() as u64) as usize];
        pos.play(m).expect("legal");
    }
    pos
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_middle_game");
    group.sample_size(10);
    for v in builtin_games() {
        let depth = match v.name {
            "minislanted" | "diagonal" => 5,
            _ => 4,
        };
        let mut pos = middle_game(v.name);
        let nodes = pos.perft(depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(v.name, depth), &depth, |b, &d| {
            b.iter(|| black_box(pos.perft(d)))
        });
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for v in builtin_games() {
        let pos = middle_game(v.name);
        group.throughput(Throughput::Elements(1));
        group.bench_function(v.name, |b| b.iter(|| black_box(pos.count_legal_moves())));
    }
    group.finish();
}

criterion_group!(benches, perft, generation);
criterion_main!(benches);
