//! Property test: random and truncated command lines, in both protocols, never crash the
//! session, never reach its internal-error path, and the engine still answers afterwards.

use oblique_protocol::{first_move_search_fn, run, Protocol};
use proptest::prelude::*;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

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

fn session(protocol: &str, lines: &[String]) -> String {
    let mut input = format!("{protocol}\n");
    for l in lines {
        input.push_str(l);
        input.push('\n');
    }
    input.push_str(if protocol == "uci" {
        "stop\nisready\n"
    } else {
        "force\nexit\nping 4242\n"
    });
    let out = Shared::default();
    let sink = out.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r = run(
            Cursor::new(input.into_bytes()),
            Box::new(sink),
            Protocol::Auto,
            first_move_search_fn(),
        );
        let _ = tx.send(r);
    });
    let r = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("session ended in time");
    assert!(r.is_ok());
    let bytes = out.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
    String::from_utf8_lossy(&bytes).to_string()
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
