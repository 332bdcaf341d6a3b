//! Prints the evaluation's terms for a position: `eval_trace GAME FEN`.

use oblique_engine::variant::Width;
use oblique_engine::{find_variant, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map(String::as_str).unwrap_or("chess");
    let spec = find_variant(variant).expect("game");
    let fen = args.get(2).map(String::as_str).unwrap_or(spec.start_fen);
    let out = match spec.width {
        Width::W64 => {
            oblique_eval::plane::trace(&Position::<u64>::from_fen(spec, fen).expect("fen"))
        }
        Width::W128 => {
            oblique_eval::plane::trace(&Position::<u128>::from_fen(spec, fen).expect("fen"))
        }
    };
    print!("{out}");
}
