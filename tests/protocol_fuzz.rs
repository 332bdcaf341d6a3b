//! Property test: random and truncated command lines, in both protocols, never crash the
//! session, never reach its internal-error path, and the engine still answers afterwards.

#[path = "fuzz/harness.rs"]
mod harness;

use harness::Target;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "xboard",
    "protover",
    "2",
    "new",
    "variant",
    "slanted",
    "minislanted",
    "ultraslanted",
    "diagonal",
    "normal",
    "force",
    "go",
    "playother",
    "usermove",
    "e2e4",
    "e7e5",
    "b2a4",
    "a5b4",
    "g7h8",
    "e7e8q",
    "setboard",
    "8/8/8/8/8/8/8/8",
    "w",
    "b",
    "KQkq",
    "-",
    "0",
    "1",
    "level",
    "40",
    "5",
    "0:30",
    "st",
    "0.01",
    "sd",
    "300",
    "time",
    "otim",
    "-5",
    "?",
    "ping",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "exclude",
    "include",
    "all",
    "memory",
    "cores",
    "option",
    "MultiPV=3",
    "result",
    "1-0",
    "lift",
    "put",
    "hover",
    "e2",
    "j9",
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "UCI_Variant",
    "startrek",
    "Hash",
    "Threads",
    "position",
    "startpos",
    "fen",
    "moves",
    "wtime",
    "btime",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "stop",
    "ponderhit",
    "\u{0}",
    "é",
    "*",
    "99999999999999999999",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
        1 => ".{0,40}",
    ]
    .prop_flat_map(|l| {
        let n = l.chars().count();
        (Just(l), 0..=n)
    })
    // Truncate some lines anywhere.
    .prop_map(|(l, cut)| {
        if cut % 3 == 0 {
            l.chars().take(cut).collect()
        } else {
            l
        }
    })
}

/// One in-process session over `lines` (the fuzzer's own session runner, which ends it with
/// a synchronising `isready` or `ping`).
fn session(protocol: &str, lines: &[String]) -> String {
    let target = if protocol == "uci" {
        Target::Uci
    } else {
        Target::Xboard
    };
    harness::replay(target, lines).unwrap_or_else(|e| panic!("{e}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn xboard_survives_anything(lines in prop::collection::vec(line(), 0..25)) {
        let out = session("xboard", &lines);
        prop_assert!(!out.contains("internal error"), "{}", out);
        let quit = lines.iter().any(|l| l.split_whitespace().next() == Some("quit"));
        prop_assert!(quit || out.contains("pong 4242"), "{}", out);
    }

    #[test]
    fn uci_survives_anything(lines in prop::collection::vec(line(), 0..25)) {
        let out = session("uci", &lines);
        prop_assert!(!out.contains("internal error"), "{}", out);
        let quit = lines.iter().any(|l| l.split_whitespace().next() == Some("quit"));
        prop_assert!(quit || out.contains("readyok"), "{}", out);
    }
}
