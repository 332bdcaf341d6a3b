//! Transcript tests of the XBoard (CECP v2) front end: every command and every error path,
//! against the real `oblique` binary.

#[path = "common/engine_process.rs"]
mod engine_process;

use engine_process::{Dialect, Engine};
use oblique_engine::AnyPosition;
use std::time::Duration;

fn position(variant: &str, fen: Option<&str>, moves: &[&str]) -> AnyPosition {
    let mut p = AnyPosition::new(variant, fen).expect("position");
    for m in moves {
        p.play(m).expect("move");
    }
    p
}

#[test]
fn handshake_features() {
    let mut e = Engine::start(Dialect::XBoard);
    let t = e.transcript.join("\n");
    for f in [
        "myname=\"Oblique", "ping=1", "setboard=1", "usermove=1", "san=0", "colors=0",
        "sigint=0", "sigterm=0", "analyze=1", "memory=1", "smp=1", "exclude=1", "highlight=1",
        "debug=1", "nps=0", "option=\"MultiPV -spin",
        "variants=\"normal,slanted,minislanted,ultraslanted,ultraslantedwhite,almostultraslanted,sortofalmostultraslanted,diagonal,fairy,8x6+0_fairy,10x9+0_fairy\"",
    ] {
        assert!(t.contains(f), "feature {f} missing:\n{t}");
    }
    assert!(e.cmd("xboard").is_empty());
    for c in [
        "accepted ping",
        "rejected nps",
        "random",
        "computer",
        "name Someone",
        "draw",
    ] {
        assert!(e.cmd(c).is_empty(), "{c}");
    }
    e.quit();
}

#[test]
fn variants_send_setup_and_pieces() {
    let mut e = Engine::start(Dialect::XBoard);
    let cases = [
        (
            "slanted",
            "8x8",
            "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "minislanted",
            "8x6",
            "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "ultraslanted",
            "10x9",
            "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1",
        ),
        (
            "ultraslantedwhite",
            "10x9",
            "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU w KQkq - 0 1",
        ),
        (
            "almostultraslanted",
            "10x9",
            "urnbckbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1",
        ),
        (
            "sortofalmostultraslanted",
            "10x9",
            "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1",
        ),
        (
            "diagonal",
            "8x8",
            "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1",
        ),
    ];
    for (v, size, fen) in cases {
        e.send("new");
        let out = e.cmd(&format!("variant {v}"));
        let setup = out
            .iter()
            .find(|l| l.starts_with("setup ("))
            .expect("setup");
        assert!(
            setup.ends_with(&format!(" {size}+0_fairy {fen}")),
            "{setup}"
        );
        let table = setup[7..].split(')').next().unwrap_or("");
        assert_eq!(table.len(), 44, "{table}");
        assert!(table.ends_with('k') && table[..22].ends_with('K'));
        if v.contains("ultra") {
            assert!(table.contains('U'), "{table}");
        }
        if v.contains("almost") {
            assert!(table.contains('C'), "{table}");
        }
        let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
        if v == "diagonal" {
            assert_eq!(pieces.len(), 2, "{out:?}");
            assert!(out.contains(&"piece N& C".to_string()));
        } else {
            assert!(pieces.is_empty());
        }
    }
    e.send("new");
    assert!(e.cmd("variant normal").is_empty());
    assert_eq!(
        e.cmd("variant startrek"),
        ["Error (unsupported variant): variant startrek"]
    );
    // XBoard 4.9.1 sends `variant` without a name to a second engine after the first has
    // defined the board with `setup`; the `setboard` that follows is then one of our games,
    // never orthodox chess, even when the FEN reads in chess too (diagonal.md: the d4 pawn
    // of Black steps to c3, which no orthodox pawn does).
    e.send("new");
    e.send("force");
    assert!(e.cmd("variant").is_empty());
    // XBoard knows only the board then: the engine tells it how the pieces move.
    let pieces = e.cmd("setboard 7k/4n3/8/8/3p4/r7/1r6/4K1n1 b - - 0 1");
    assert!(
        pieces.contains(&"piece P& frmFfrcW".to_string()),
        "{pieces:?}"
    );
    let reply = e.cmd("usermove d4c3");
    assert!(reply.is_empty(), "{reply:?}");
    // `variant 8x6+0_fairy` (XBoard's name for a sized board of `fairy`): the game is the
    // one the position belongs to, here Mini Slanted Escalator Chess with Black to move.
    e.send("new");
    e.send("force");
    assert!(e.cmd("variant 8x6+0_fairy").is_empty());
    e.send("setboard rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    let reply = e.cmd("usermove a5b4");
    assert!(reply.is_empty(), "{reply:?}");
    e.quit();
}

fn count(h: &str, c: char) -> usize {
    h.chars().filter(|&x| x == c).count()
}

#[test]
fn lift_highlights_legal_destinations() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.cmd("variant slanted");
    e.send("force");
    // The b2 Crab: every legal destination yellow, nothing else.
    let out = e.cmd("lift b2");
    let h = out[0].strip_prefix("highlight ").expect("highlight");
    let p = position("slanted", None, &[]);
    let from_b2 = p
        .legal_moves_text()
        .iter()
        .filter(|m| m.starts_with("b2"))
        .count();
    assert_eq!(count(h, 'Y'), from_b2, "{h}");
    assert_eq!(h.split('/').count(), 8);
    // Opponent's piece: nothing may move.
    assert_eq!(e.cmd("lift e7"), ["highlight 8/8/8/8/8/8/8/8"]);
    assert_eq!(e.cmd("put e6"), Vec::<String>::new());
    // Captures red, promotions magenta, with the choice of pieces.
    e.cmd("setboard 4k3/pP6/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(e.cmd("lift b7"), ["highlight 1M6/8/8/8/8/8/8/8"]);
    assert_eq!(e.cmd("put b8"), ["choice QRBN"]);
    let out = e.cmd("lift a1");
    assert_eq!(count(&out[0], 'R'), 1, "{out:?}");
    assert_eq!(count(&out[0], 'Y'), 8, "{out:?}");
    // Diagonal Chess restricts the pieces per square: d8 and h4 take only a knight.
    e.send("new");
    e.cmd("variant diagonal");
    e.cmd("setboard 7k/2P5/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(e.cmd("lift c7"), ["highlight 3M4/8/8/8/8/8/8/8"]);
    assert_eq!(e.cmd("put d8"), ["choice N"]);
    assert_eq!(e.cmd("hover d8"), Vec::<String>::new());
    assert_eq!(e.cmd("lift z9"), ["Error (bad square): lift z9"]);
    assert_eq!(e.cmd("lift"), ["Error (too few parameters): lift"]);
    e.quit();
}

#[test]
fn a_session_starts_in_chess_whatever_game_file_is_loaded() {
    // XBoard's `new` is orthodox chess; a GUI names another game with `variant`. So the one
    // game of `--variant-file` (Grand Chess, whose pawns start on the third of ten files)
    // waits for `variant grand`.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/grand.toml");
    let mut e = Engine::start_with(Dialect::XBoard, &["--variant-file", file]);
    e.send("new");
    e.send("force");
    assert!(e.cmd("usermove j3j5")[0].starts_with("Illegal move"));
    assert!(e.cmd("usermove e2e4").is_empty());
    e.send("new");
    e.send("variant grand");
    e.send("force");
    assert!(e.cmd("usermove j3j5").is_empty());
    e.quit();
}

#[test]
fn illegal_moves_and_command_errors() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("force");
    assert!(e.cmd("usermove e2e4").is_empty());
    let out = e.cmd("usermove e2e5");
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("Illegal move (") && out[0].ends_with("): e2e5"),
        "{out:?}"
    );
    assert!(e.cmd("usermove xyz")[0].ends_with("): xyz"));
    assert!(e.cmd("usermove @@@@")[0].starts_with("Illegal move"));
    // Out of turn: White just moved.
    assert!(e.cmd("usermove d2d4")[0].starts_with("Illegal move"));
    // The game is as it was: Black can answer.
    assert!(e.cmd("usermove e7e5").is_empty());
    assert!(e.cmd("g1f3").is_empty(), "bare moves are accepted too");
    assert!(e.cmd("undo").is_empty());
    assert!(e.cmd("remove").is_empty());
    assert!(
        e.cmd("usermove e2e4").is_empty(),
        "back at the start after undo + remove"
    );
    assert_eq!(e.cmd("remove"), ["Error (command not legal now): remove"]);
    assert!(e.cmd("undo").is_empty());
    assert_eq!(e.cmd("undo"), ["Error (command not legal now): undo"]);
    for (c, answer) in [
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("usermove", "Error (too few parameters): usermove"),
        ("setboard", "Error (too few parameters): setboard"),
        ("level 40 x 0", "Error (bad parameters): level 40 x 0"),
        ("level 40 5", "Error (bad parameters): level 40 5"),
        ("st -1", "Error (bad parameters): st -1"),
        ("sd 0", "Error (bad parameters): sd 0"),
        ("time abc", "Error (bad parameters): time abc"),
        ("memory lots", "Error (bad parameters): memory lots"),
        ("cores 0", "Error (bad parameters): cores 0"),
        ("option Bogus=3", "Error (unknown option): option Bogus=3"),
        (
            "option MultiPV=many",
            "Error (bad option value): option MultiPV=many",
        ),
        ("exit", "Error (command not legal now): exit"),
        ("exclude e2e5", "Illegal move: e2e5"),
        ("exclude", "Error (too few parameters): exclude"),
        ("nps 1000", "Error (unknown command): nps 1000"),
    ] {
        assert_eq!(e.cmd(c), [answer], "{c}");
    }
    for c in [
        "level 40 5 0",
        "level 0 2:30 1.5",
        "st 0.5",
        "sd 3",
        "time 1000",
        "otim -50",
        "memory 16",
        "cores 2",
        "option MultiPV=2",
        "option Move Overhead=50",
        "option Clear Hash",
        "hard",
        "easy",
        "post",
        "nopost",
        "result 1-0 {White mates}",
        "?",
        "hint",
        "include all",
    ] {
        assert!(e.cmd(c).is_empty(), "{c}: {:?}", e.transcript.last());
    }
    assert_eq!(e.cmd("bk"), [" Oblique has no opening book.", ""]);
    e.quit();
}

#[test]
fn illegal_setboard_refuses_moves_until_a_good_position() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("force");
    let out = e.cmd("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1");
    assert!(
        out[0].starts_with("tellusererror Illegal position"),
        "{out:?}"
    );
    assert!(e.cmd("usermove e2e4")[0].starts_with("Illegal move (no valid position"));
    assert!(e.cmd("go")[0].starts_with("Error (no valid position"));
    assert!(e.cmd("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1").is_empty());
    e.send("force");
    assert!(
        e.cmd("usermove e1g1").is_empty(),
        "castling after a good setboard"
    );
    // Piece on a hole, two kings.
    e.send("new");
    e.cmd("variant slanted");
    let out = e.cmd("setboard rnbqkbnr/pppppppp/8/2N2*2/2*2*2/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
    assert!(out[0].contains("hole"), "{out:?}");
    // A position XBoard writes for another board is read in the game it fits.
    assert!(e
        .cmd("setboard rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
        .is_empty());
    e.send("force");
    assert!(
        e.cmd("usermove a5b4").is_empty(),
        "Mini Slanted move accepted"
    );
    e.quit();
}

#[test]
fn thinking_output_moves_and_ping_while_thinking() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("post");
    e.send("sd 3");
    e.send("usermove e2e4");
    let out = e.until(|l| l.starts_with("move "));
    let thinking: Vec<&String> = out.iter().filter(|l| !l.starts_with("move ")).collect();
    assert!(!thinking.is_empty(), "{out:?}");
    for l in &thinking {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert!(w.len() >= 5, "{l}");
        for n in &w[..4] {
            assert!(n.parse::<i64>().is_ok(), "ply score time nodes: {l}");
        }
    }
    let reply = out
        .last()
        .and_then(|l| l.strip_prefix("move "))
        .unwrap_or("");
    let mut p = position("chess", None, &["e2e4"]);
    assert!(p.play(reply).is_ok(), "engine move {reply} legal");
    // A long think: ping is answered only after the move, which `?` forces.
    e.send("nopost");
    e.send("sd 60");
    e.send("st 100");
    e.send("usermove d2d4");
    e.send("ping 77");
    std::thread::sleep(Duration::from_millis(300));
    e.send("?");
    let out = e.until(|l| l == "pong 77");
    assert!(out[0].starts_with("move "), "move before pong: {out:?}");
    // playother, then go.
    e.send("new");
    e.send("sd 2");
    assert!(
        e.cmd("playother").is_empty(),
        "White to move, engine plays Black"
    );
    e.send("usermove g1f3");
    e.until(|l| l.starts_with("move "));
    e.send("force");
    e.send("go");
    e.until(|l| l.starts_with("move "));
    e.quit();
}

#[test]
fn game_end_claims() {
    let mut e = Engine::start(Dialect::XBoard);
    let claims = [
        (
            "chess",
            "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
            "go",
            "1-0 {White mates}",
        ),
        (
            "diagonal",
            "k7/6P1/8/8/8/8/8/7K w - - 0 1",
            "go",
            "1-0 {White pawn reaches h8}",
        ),
        (
            "chess",
            "8/8/8/4k3/8/8/4n3/4K3 w - - 0 1",
            "usermove e1e2",
            "1/2-1/2 {Draw by insufficient material}",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
            "usermove a1a2",
            "1/2-1/2 {Draw by fifty-move rule}",
        ),
        (
            "chess",
            "k7/8/1Q6/8/8/8/8/K7 w - - 0 1",
            "usermove b6c7",
            "1/2-1/2 {Stalemate}",
        ),
    ];
    for (v, fen, action, claim) in claims {
        e.send("new");
        if v != "chess" {
            e.cmd(&format!("variant {v}"));
        }
        e.send("force");
        e.send("sd 4");
        e.cmd(&format!("setboard {fen}"));
        e.send(action);
        let out = e.until(|l| l.contains('{'));
        assert_eq!(
            out.last().map(String::as_str),
            Some(claim),
            "{fen}: {out:?}"
        );
        // The claim again on `go` in a finished game.
        e.send("force");
        let again = e.cmd("go");
        assert_eq!(again, [claim], "{fen}");
    }
    // Repetition.
    e.send("new");
    e.send("force");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        assert!(e.cmd(&format!("usermove {m}")).is_empty());
    }
    assert_eq!(e.cmd("usermove f6g8"), ["1/2-1/2 {Draw by repetition}"]);
    e.quit();
}

#[test]
fn pondering_hit_and_miss() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("hard");
    e.send("sd 4");
    e.send("usermove e2e4");
    let reply = e.until(|l| l.starts_with("move "));
    let reply = reply.last().cloned().unwrap_or_default();
    let hint = e.cmd("hint");
    let mut expected = hint
        .first()
        .and_then(|h| h.strip_prefix("Hint: "))
        .map(str::to_string);
    let mut p = position("chess", None, &["e2e4", &reply[5..]]);
    if expected.is_none() {
        expected = p.legal_moves_text().first().cloned();
    }
    let expected = expected.unwrap_or_default();
    // Ponder hit: the engine answers the expected move.
    e.send(&format!("usermove {expected}"));
    let out = e.until(|l| l.starts_with("move "));
    let answer = out.last().map(|l| l[5..].to_string()).unwrap_or_default();
    p.play(&expected).expect("expected move legal");
    p.play(&answer).expect("answer legal");
    // Ponder miss: any other legal move.
    let other = p
        .legal_moves_text()
        .into_iter()
        .find(|m| Some(m.as_str()) != e.cmd("hint").first().and_then(|h| h.strip_prefix("Hint: ")))
        .unwrap_or_default();
    e.send(&format!("usermove {other}"));
    let out = e.until(|l| l.starts_with("move "));
    p.play(&other).expect("other legal");
    p.play(&out.last().map(|l| l[5..].to_string()).unwrap_or_default())
        .expect("reply legal");
    e.send("easy");
    e.quit();
}

#[test]
fn analyze_mode() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    e.until(|l| l.split_whitespace().count() >= 5);
    let stat = e.cmd(".");
    assert!(stat.iter().any(|l| l.starts_with("stat01: ")), "{stat:?}");
    // Moves, undo and exclusions restart the analysis of the new position.
    e.send("usermove e2e4");
    e.send("undo");
    e.send("exclude all");
    e.sync();
    e.send("include e2e4");
    let out = e.until(|l| l.split_whitespace().nth(4) == Some("e2e4"));
    assert!(!out.is_empty());
    e.send("new");
    e.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    e.sync();
    e.cmd("option MultiPV=2");
    e.send("exit");
    e.sync();
    e.send("sd 3");
    e.send("go");
    let out = e.until(|l| l.starts_with("move "));
    let m = out.last().map(|l| l[5..].to_string()).unwrap_or_default();
    position("chess", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &[&m]);
    e.quit();
}

#[test]
fn quit_during_search_and_end_of_input() {
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("sd 60");
    e.send("st 100");
    e.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(200));
    e.quit();
    // End of input ends the engine too.
    let mut e = Engine::start(Dialect::XBoard);
    e.send("analyze");
    e.close_input();
    // ... also while it thinks about its own move: end of input is `quit` (a GUI that died
    // must not leave a search of depth 60 running).
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("sd 60");
    e.send("level 0 60 0");
    e.send("time 360000");
    e.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(200));
    e.close_input_within(Duration::from_secs(10));
}

#[test]
fn ponder_lines_follow_a_hint() {
    // CECP (section 10): thinking lines while pondering may leave out the expected move
    // only after the engine has sent it as `Hint: MOVE`. Every pondering line must read
    // as a legal line from the position after that move.
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("post");
    e.send("hard");
    e.send("sd 5");
    e.send("usermove e2e4");
    let reply = e.until(|l| l.starts_with("move "));
    let reply = reply.last().map(|l| l[5..].to_string()).unwrap_or_default();
    std::thread::sleep(Duration::from_millis(300));
    let after = e.sync();
    let hint_at = after
        .iter()
        .position(|l| l.starts_with("Hint: "))
        .unwrap_or_else(|| panic!("no Hint: before pondering: {after:?}"));
    let expected = after[hint_at][6..].to_string();
    let thinking = |l: &&String| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
    };
    assert!(
        !after[..hint_at].iter().any(|l| thinking(&l)),
        "thinking lines before the hint: {after:?}"
    );
    let lines: Vec<&String> = after[hint_at + 1..].iter().filter(thinking).collect();
    assert!(!lines.is_empty(), "no pondering lines: {after:?}");
    for l in lines {
        let pv: Vec<&str> = l.split_whitespace().skip(4).collect();
        let mut p = position("chess", None, &["e2e4", &reply, &expected]);
        for m in pv {
            assert!(p.play(m).is_ok(), "{m} in {l} after Hint: {expected}");
        }
    }
    e.send("easy");
    e.quit();
}

#[test]
fn white_move_in_a_black_first_game_is_explained() {
    // XBoard 4.9.1 drops the side to move of `setup` and lets White move first in Mini
    // Slanted Escalator Chess; the engine refuses the move and tells the user the fix.
    let mut e = Engine::start(Dialect::XBoard);
    e.send("new");
    e.send("variant minislanted");
    e.send("force");
    let out = e.cmd("usermove a2a3");
    assert!(
        out.iter()
            .any(|l| l.starts_with("tellusererror Black moves first in minislanted")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("Illegal move")), "{out:?}");
    // The game is kept: Black's first move is still accepted.
    assert!(e.cmd("usermove a5b4").is_empty());
    e.quit();
}
