//! Transcript tests of the UCI front end: every command and error path, against the real
//! `oblique` binary (started without arguments: the first command picks the protocol).

#[path = "common/engine_process.rs"]
mod engine_process;

use engine_process::{Dialect, Engine};
use oblique_engine::AnyPosition;
use std::time::Duration;

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or("")
        .to_string()
}

fn legal(variant: &str, fen: Option<&str>, moves: &[&str], m: &str) -> bool {
    let mut p = AnyPosition::new(variant, fen).expect("position");
    for x in moves {
        p.play(x).expect("move");
    }
    p.play(m).is_ok()
}

#[test]
fn identification_and_options() {
    let mut e = Engine::start(Dialect::Uci);
    let t = e.transcript.join("\n");
    for o in [
        "id name Oblique",
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Ponder type check",
        "option name Move Overhead type spin",
    ] {
        assert!(t.contains(o), "{o}\n{t}");
    }
    let variant = e
        .transcript
        .iter()
        .find(|l| l.contains("UCI_Variant"))
        .cloned()
        .unwrap_or_default();
    for v in oblique_engine::any::all_variant_names() {
        assert!(variant.contains(&format!("var {v}")), "{variant}");
    }
    for c in [
        "setoption name Hash value 16",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 10",
        "setoption name Clear Hash",
        "setoption name UCI_Variant value chess",
        "ucinewgame",
        "debug on",
    ] {
        assert!(e.cmd(c).is_empty(), "{c}");
    }
    for (c, word) in [
        ("setoption name Hash value lots", "bad value"),
        ("setoption name Threads value 0", "bad value"),
        ("setoption name Ponder value maybe", "bad value"),
        ("setoption name Bogus value 1", "unknown option"),
        (
            "setoption name UCI_Variant value xiangqi",
            "unknown variant",
        ),
        ("setoption", "needs a name"),
        ("frobnicate", "unknown command"),
    ] {
        let out = e.cmd(c);
        assert!(
            out.len() == 1 && out[0].starts_with("info string error") && out[0].contains(word),
            "{c}: {out:?}"
        );
    }
    e.quit();
}

#[test]
fn searches_and_info_lines() {
    let mut e = Engine::start(Dialect::Uci);
    e.cmd("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    let out = e.until(|l| l.starts_with("bestmove"));
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty());
    for k in [
        "depth", "seldepth", "multipv", "score", "nodes", "nps", "time", "hashfull", "pv",
    ] {
        assert!(
            infos[0].split_whitespace().any(|w| w == k),
            "{k} in {}",
            infos[0]
        );
    }
    assert!(out.last().is_some_and(|l| l.contains(" ponder ")));
    assert!(legal("chess", None, &["e2e4", "e7e5"], &bestmove(&out)));
    for go in [
        "go wtime 3000 btime 3000 winc 10 binc 10 movestogo 20",
        "go nodes 5000",
        "go movetime 100",
        "go depth 300 movetime 200",
        "go searchmoves a2a3 h2h3 depth 3",
        "go wtime -50 btime 100",
    ] {
        e.send(go);
        let out = e.until(|l| l.starts_with("bestmove"));
        let m = bestmove(&out);
        assert!(legal("chess", None, &["e2e4", "e7e5"], &m), "{go}: {m}");
        if go.contains("searchmoves") {
            assert!(m == "a2a3" || m == "h2h3", "{m}");
        }
    }
    // Mate search.
    e.cmd("position fen 6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
    e.send("go mate 1");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmove(&out), "a1a8");
    assert!(out.iter().any(|l| l.contains("score mate 1")), "{out:?}");
    // Infinite: nothing before stop, readyok meanwhile.
    e.cmd("position startpos");
    e.send("go infinite");
    let mid = e.cmd("isready");
    assert!(mid.iter().all(|l| !l.starts_with("bestmove")), "{mid:?}");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    // Ponder, then ponderhit with a clock; and ponder then stop.
    e.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.cmd("isready").iter().all(|l| !l.starts_with("bestmove")));
    e.send("ponderhit");
    e.until(|l| l.starts_with("bestmove"));
    e.send("go ponder depth 3");
    std::thread::sleep(Duration::from_millis(100));
    e.send("ponderhit");
    e.until(|l| l.starts_with("bestmove"));
    e.send("go ponder");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    e.quit();
}

#[test]
fn variants_and_star_trek() {
    let mut e = Engine::start(Dialect::Uci);
    e.cmd("setoption name UCI_Variant value minislanted");
    e.cmd("position startpos moves a5b4");
    e.send("go depth 3");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(legal("minislanted", None, &["a5b4"], &bestmove(&out)));
    e.cmd("setoption name UCI_Variant value ultraslanted");
    e.cmd("position fen urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1 moves e8e7");
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(legal("ultraslanted", None, &["e8e7"], &bestmove(&out)));
    // Star Trek chess: positions and moves are read; go answers with an error until the
    // search plays it.
    e.cmd("setoption name UCI_Variant value startrek");
    let st = AnyPosition::new("startrek", None).expect("start");
    let first = st.legal_moves_text().into_iter().next().expect("a move");
    assert!(e
        .cmd(&format!("position startpos moves {first}"))
        .is_empty());
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    let m = bestmove(&out);
    assert!(
        m == "(none)" && out.iter().any(|l| l.starts_with("info string error"))
            || legal("startrek", None, &[&first], &m),
        "{out:?}"
    );
    e.quit();
}

#[test]
fn bad_positions_and_parameters() {
    let mut e = Engine::start(Dialect::Uci);
    let out = e.cmd("position startpos moves e2e4 e2e4");
    assert!(
        out[0].starts_with("info string error: illegal move e2e4"),
        "{out:?}"
    );
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(out.last().map(String::as_str), Some("bestmove (none)"));
    assert!(out.iter().any(|l| l.contains("no valid position")));
    for c in [
        "position",
        "position fen",
        "position sideways",
        "position fen 8/8 w - - 0 1",
        "position startpos junk",
    ] {
        let out = e.cmd(c);
        assert!(out[0].starts_with("info string error"), "{c}: {out:?}");
    }
    e.cmd("position startpos");
    e.send("go depth x bogus searchmoves e2e5 nodes 3000");
    let out = e.until(|l| l.starts_with("bestmove"));
    assert!(
        out.iter()
            .filter(|l| l.starts_with("info string error"))
            .count()
            >= 2,
        "{out:?}"
    );
    assert!(legal("chess", None, &[], &bestmove(&out)));
    e.send("go infinite");
    let out = e.cmd("go depth 1");
    assert!(out.iter().any(|l| l.contains("already running")), "{out:?}");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    assert!(e.cmd("stop").is_empty() && e.cmd("ponderhit").is_empty());
    e.quit();
}

#[test]
fn end_of_input_is_quit() {
    // `printf 'uci\nposition startpos\ngo depth 30\n' | oblique`: at the end of its input
    // the engine stops the search, still answers with its best move, and exits (as
    // Stockfish does), instead of searching on for a GUI that is gone.
    let mut e = Engine::start(Dialect::Uci);
    e.send("position startpos");
    e.send("go depth 60");
    std::thread::sleep(Duration::from_millis(200));
    let after = e.close_input_within(Duration::from_secs(10));
    let answer = after
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove after the end of input: {after:?}"));
    let m = answer.split_whitespace().nth(1).unwrap_or("");
    assert!(legal("chess", None, &[], m), "{answer}");
}

#[test]
fn a_session_starts_in_the_one_game_of_a_game_file() {
    // `--variant-file` with one game makes it the game of commands without --variant; a UCI
    // session starts in it too. In Grand Chess pawns stand on the third rank of ten files,
    // so j3j5 (a double step on the tenth file) is legal there and not in chess.
    // (The game is not registered in this process: the other tests list its games.)
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/grand.toml");
    let mut e = Engine::start_with(Dialect::Uci, &["--variant-file", file]);
    let options = e.transcript.join("\n");
    assert!(
        options.contains("option name UCI_Variant type combo default grand "),
        "{options}"
    );
    assert!(e.cmd("position startpos moves j3j5").is_empty());
    e.send("go depth 2");
    let out = e.until(|l| l.starts_with("bestmove"));
    let reply = bestmove(&out);
    assert!(
        e.cmd(&format!("position startpos moves j3j5 {reply}"))
            .is_empty(),
        "{out:?}"
    );
    // A new game keeps the game; UCI_Variant still changes it.
    assert!(e.cmd("ucinewgame").is_empty());
    assert!(e.cmd("position startpos moves j3j5").is_empty());
    assert!(e.cmd("setoption name UCI_Variant value chess").is_empty());
    let out = e.cmd("position startpos moves j3j5");
    assert!(
        out.len() == 1 && out[0].starts_with("info string error"),
        "{out:?}"
    );
    e.quit();
}
