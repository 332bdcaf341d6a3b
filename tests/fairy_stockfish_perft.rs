//! Fairy-Stockfish's own perft cases (`tests/perft.sh`, kept in
//! `shared/oracles/fairy-stockfish-perft.tsv`) for every variant our variants.ini reader
//! covers: the variant is read from the reader's restatement of Fairy-Stockfish's built-in
//! variants (`gamefile/src/ini_builtins.rs`, written from its rules, not from these numbers),
//! registered as a game, and each case's published node count must come out exactly. The
//! variants the reader refuses are listed with their reason in
//! `docs/game-files-fairy-stockfish.md` (checked by `gamefile/tests/ini.rs`).

#[path = "common/fs_oracle.rs"]
mod fs_oracle;

use oblique_engine::AnyPosition;
use oblique_gamefile::{ini, ini_fen};

/// Variants the reader writes as games but the engine does not play yet, each with the
/// words of its refusal (`docs/game-files-fairy-stockfish.md` lists them too). None now:
/// Legan, the last, plays since Black's promotion squares may be listed.
const ENGINE_REFUSES: [(&str, &str); 0] = [];

#[test]
fn every_covered_case_gives_the_published_count() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut refused: Vec<String> = Vec::new();
    for fs_oracle::Case {
        variant,
        fen,
        depth,
        nodes,
    } in fs_oracle::cases()
    {
        let Some(Ok(mut game)) = ini::builtin(&variant) else {
            continue;
        };
        // Under its own name, beside our built-in games of the same names.
        game.game.name = format!("fs-{variant}");
        let spec =
            match oblique_engine::registry::register(&game, "<fairy-stockfish built-ins>", "") {
                Ok(s) => s,
                Err(e) => {
                    match ENGINE_REFUSES.iter().find(|(v, _)| *v == variant) {
                        Some((_, why)) if e.reason.contains(why) => {
                            if !refused.contains(&variant) {
                                refused.push(variant.clone());
                            }
                        }
                        _ => failures.push(format!("{variant}: not registered: {e}")),
                    }
                    continue;
                }
            };
        let fen = if fen == "startpos" {
            None
        } else {
            match ini_fen::position(&game, &fen) {
                Ok(f) => Some(f),
                Err(e) => {
                    failures.push(format!("{variant} {fen}: {e}"));
                    continue;
                }
            }
        };
        let mut pos = match AnyPosition::new(spec.name, fen.as_deref()) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{variant} {fen:?}: {e}"));
                continue;
            }
        };
        let got = pos.perft(depth);
        if got != nodes {
            failures.push(format!(
                "{variant} {} depth {depth}: {got}, Fairy-Stockfish {nodes}",
                fen.as_deref().unwrap_or("startpos")
            ));
        }
        eprintln!("{variant} depth {depth}: {got}");
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of the cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // 50 cases over 32 variants as of this reader and engine (nightrider, grasshopper,
    // shako and omicron joined with the hoppers, repeated leaps and castling off the
    // first rank; racingkings's four with its forbidden checks and Black's reply to
    // White's goal); courier, perfect's two, opulent and tencubed's with twelve piece
    // types and castling partners (perfect's chancellor); legan's, with its pawns turned
    // half round for Black and Black's own promotion squares).
    assert!(checked >= 50, "only {checked} cases checked");
    let mut expected: Vec<&str> = ENGINE_REFUSES.iter().map(|(v, _)| *v).collect();
    expected.sort_unstable();
    refused.sort_unstable();
    assert_eq!(
        refused, expected,
        "the engine's refusals changed: update ENGINE_REFUSES and the docs"
    );
    eprintln!("{checked} Fairy-Stockfish perft cases reproduced");
}
