//! A short run of the seeded mutation fuzzer (`tests/fuzz/harness.rs`) over every parser a
//! user or GUI reaches; the long runs behind the README's figures are
//! `cargo run --release --example fuzz -- --count 1000000`.

#[path = "fuzz/harness.rs"]
mod harness;

use harness::{fuzz, Target};

fn short(target: Target, count: u64) {
    match fuzz(target, count, 20261123) {
        Ok(r) => eprintln!(
            "{}: {} inputs, {} accepted",
            target.name(),
            r.inputs,
            r.accepted
        ),
        Err(f) => panic!("{}: {}\ninput:\n{}", f.target.name(), f.why, f.input),
    }
}

#[test]
fn fuzz_fen() {
    short(Target::Fen, 20_000);
}

#[test]
fn fuzz_tfen() {
    short(Target::Tfen, 20_000);
}

#[test]
fn fuzz_moves() {
    short(Target::Moves, 20_000);
}

#[test]
fn fuzz_uci_lines() {
    short(Target::Uci, 50_000);
}

#[test]
fn fuzz_xboard_lines() {
    short(Target::Xboard, 50_000);
}

#[test]
fn fuzz_engine_specs() {
    short(Target::EngineSpec, 20_000);
}

#[test]
fn fuzz_opening_files() {
    short(Target::Openings, 20_000);
}

#[test]
fn fuzz_game_files_toml() {
    short(Target::GameToml, 2_000);
}

#[test]
fn fuzz_game_files_ini() {
    short(Target::GameIni, 500);
}

#[test]
fn fuzz_browser_messages() {
    short(Target::Web, 5_000);
}
