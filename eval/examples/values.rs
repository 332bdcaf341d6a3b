//! Prints the derived piece values of every game (what `oblique values` will print).
//!
//! `cargo run --release -p oblique-eval --example values [GAME]`

fn main() {
    let names: Vec<String> = match std::env::args().nth(1) {
        Some(g) => vec![g],
        None => oblique_engine::builtin_games()
            .iter()
            .map(|v| v.name.to_string())
            .chain(std::iter::once("startrek".to_string()))
            .collect(),
    };
    for name in names {
        match oblique_eval::values_report(&name) {
            Ok(text) => println!("{text}"),
            Err(e) => eprintln!("{e}"),
        }
    }
}
