//! Games read from files: the shipped example files in `variants/` against the numbers
//! their sources publish (Fairy-Stockfish's `tests/perft.sh`, kept in
//! `shared/oracles/fairy-stockfish-perft.tsv`), the `--variant-file` and `check` commands,
//! and bad files refused with file, line and reason.

#[path = "common/fs_oracle.rs"]
mod fs_oracle;

use std::path::{Path, PathBuf};
use std::process::Command;

fn oblique(args: &[&str]) -> (i32, String, String) {
    oblique_env(args, &[])
}

/// `oblique` with extra environment variables.
fn oblique_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .env_remove("OBLIQUE_VARIANTS")
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run oblique");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A shipped file's text without its `network` line: a copy elsewhere would not find the
/// network beside it, and these tests are about the rules.
fn shipped_rules(name: &str) -> String {
    let text = std::fs::read_to_string(root().join("variants").join(name)).expect("read");
    text.lines()
        .filter(|l| !l.starts_with("network = "))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oblique-game-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("scratch dir");
    }
    std::fs::write(&path, text).expect("write scratch file");
    path
}

/// Which oracle variant each shipped file plays (our names differ where a built-in game
/// already has Fairy-Stockfish's name).
const SHIPPED: [(&str, &str); 13] = [
    ("capablanca.toml", "capablanca"),
    ("losalamos.toml", "losalamos"),
    ("almostchess.toml", "almost"),
    ("amazon.toml", "amazon"),
    ("janus.toml", "janus"),
    ("embassy.toml", "embassy"),
    ("makruk.toml", "makruk"),
    ("shatranj.toml", "shatranj"),
    ("kingofthehill.toml", "kingofthehill"),
    ("grand.toml", "grand"),
    ("shako.toml", "shako"),
    ("nightrider.toml", "nightrider"),
    ("racingkings.toml", "racingkings"),
];

#[test]
fn shipped_files_pass_check_with_the_published_numbers() {
    let cases = fs_oracle::cases();
    for (file, fs_name) in SHIPPED {
        let path = root().join("variants").join(file);
        let text = std::fs::read_to_string(&path).expect("shipped file");
        // Every perft entry of the file is one of the oracle's cases, number for number...
        let game: oblique_gamefile::GameFile =
            oblique_gamefile::toml_reader::parse(file, &text).expect("file reads");
        assert!(!game.perft.is_empty(), "{file} has no perft entries");
        for e in &game.perft {
            let at = e.fen.clone().unwrap_or_else(|| "startpos".to_string());
            let found = cases.iter().any(|c| {
                c.variant == fs_name
                    && (c.fen == at || c.fen.starts_with(&at) || at.starts_with(c.fen.as_str()))
                    && c.depth == e.depth
                    && c.nodes == e.nodes
            });
            assert!(
                found,
                "{file}: perft {at} {} {} is not the oracle's",
                e.depth, e.nodes
            );
        }
        // ...and `oblique check` reproduces them.
        let (code, out, err) = oblique(&["check", &path.to_string_lossy()]);
        assert_eq!(code, 0, "{file}:\n{out}\n{err}");
        assert_eq!(
            out.lines()
                .filter(|l| l.starts_with("perft ") && l.contains(" ok "))
                .count(),
            game.perft.len(),
            "{out}"
        );
        // A file that names a network plays with it: the check reads it for that game.
        if let Some(net) = &game.game.network {
            let dir = path.parent().expect("variants/");
            let line = format!("network {} (", dir.join(net).display());
            assert!(out.contains(&line), "{file}: no '{line}' in\n{out}");
        }
    }
}

#[test]
fn check_prints_what_it_understood() {
    let (code, out, err) = oblique(&["check", "variants/makruk.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game makruk (Makruk (Thai chess))"), "{out}");
    assert!(out.contains("board 8x8, 64 cells, plain grid"), "{out}");
    assert!(out.contains("first mover white"), "{out}");
    assert!(out.contains("piece S khon:"), "{out}");
    assert!(out.contains("piece K king (royal)"), "{out}");
    assert!(
        out.contains("promotion on the last 3 rank(s) to m"),
        "{out}"
    );
}

/// The built-in games' own files (engine/games/, embedded in the binary) are checked as the
/// built-in games; a changed copy may not take a built-in game's name.
#[test]
fn check_proves_the_built_in_games_own_files() {
    let dir = root().join("engine/games");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("engine/games") {
        let path = entry.expect("entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        if name == "startrek" {
            continue; // a family's record (tests/startrek.rs)
        }
        let (code, out, err) = oblique(&["check", &path.to_string_lossy()]);
        assert_eq!(code, 0, "{name}:\n{out}\n{err}");
        assert!(out.starts_with(&format!("game {name} (")), "{out}");
        assert!(out.contains("network built in (eval/nets/"), "{out}");
        seen += 1;
    }
    assert_eq!(seen, 8, "the eight built-in 2D games");
    // chess.toml's two published perft entries run.
    let (_, out, _) = oblique(&["check", "engine/games/chess.toml"]);
    assert!(out.contains("perft startpos depth 4 = 197281 ok"), "{out}");
    let text = std::fs::read_to_string(dir.join("chess.toml")).expect("chess.toml");
    let changed = text.replacen("title = ", "title = \"Mine\"\n# was: title = ", 1);
    assert_ne!(changed, text);
    let path = scratch("chess-copy.toml", &changed);
    let (code, _, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'chess' is a built-in game's name"), "{err}");
}

#[test]
fn check_fails_on_a_wrong_number() {
    let text = shipped_rules("losalamos.toml");
    let wrong = text.replace("nodes = 191846", "nodes = 191847");
    let path = scratch("wrong.toml", &wrong);
    let (code, _, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_ne!(code, 0);
    assert!(err.contains("191846 nodes, the file says 191847"), "{err}");
}

#[test]
fn variant_file_feeds_every_command_and_one_game_needs_no_name() {
    let (code, out, err) = oblique(&[
        "perft",
        "--variant-file",
        "variants/losalamos.toml",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    // Fairy-Stockfish's perft of Los Alamos chess: 191,846 at depth 5; the first plies are
    // counted by hand from the start position: each side has 6 pawn steps and 4 knight
    // moves (b1-a3/c3... the knights on b1 and e1 have 2 each) = 10.
    let (code, one, _) = oblique(&[
        "perft",
        "--variant-file",
        "variants/losalamos.toml",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(one.starts_with("nodes 10 "), "{one}");
    assert!(out.starts_with("nodes "), "{out}");
    let (code, moves, _) = oblique(&[
        "moves",
        "--variant-file",
        "variants/losalamos.toml",
        "--variant",
        "losalamos",
    ]);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 10, "{moves}");
    let (code, shown, _) = oblique(&["show", "--variant-file", "variants/capablanca.toml"]);
    assert_eq!(code, 0);
    assert!(shown.contains("Capablanca chess"), "{shown}");
    let (code, out, err) = oblique(&[
        "analyze",
        "--variant-file",
        "variants/capablanca.toml",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
}

#[test]
fn a_name_is_found_in_the_search_path() {
    let dir = scratch("x.txt", "").parent().expect("dir").join("path");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("janus.toml"), shipped_rules("janus.toml")).expect("copy");
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env("OBLIQUE_VARIANTS", &dir)
        .current_dir(std::env::temp_dir())
        .args(["perft", "--variant", "janus", "--depth", "2"])
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("nodes "), "{text}");
    // ./variants is searched too (the tests run from the repository root).
    let (code, out, err) = oblique(&["perft", "--variant", "makruk", "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes "), "{out}");
}

const TINY: &str = r#"[game]
name = "tiny"
start = "4k/5/5/5/K4 w - - 0 1"

[board]
files = 5
ranks = 5

[[piece]]
letter = "k"
name = "king"
betza = "K"
royal = true
"#;

fn refused(text: &str) -> String {
    // A folder of its own per call: the tests run side by side in one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = scratch(&format!("refused-{n}/bad.toml"), text);
    let (code, out, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_eq!(code, 2, "accepted:\n{out}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_small_file_game_plays_by_its_own_rules() {
    // Two kings on a 5x5 board: the White king in the corner has 3 moves.
    let path = scratch("tiny.toml", TINY);
    let (code, out, err) = oblique(&[
        "perft",
        "--variant-file",
        &path.to_string_lossy(),
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes 3 "), "{out}");
}

#[test]
fn a_pieces_i_moves_are_played_from_its_initial_ranks() {
    // A wazir with a first-rank dabbaba leap (`WiD`, initial_ranks = [1]) on b1 beside the
    // king on a1: the king has a2 and b2, the wazir c1 and b2 by its steps and d1 and b3 by
    // the leap it has on its first rank: 6 moves (4 without the i leap).
    let text = format!(
        "{}\n[[piece]]\nletter = \"w\"\nname = \"wazir\"\nbetza = \"WiD\"\ninitial_ranks = [1]\n",
        TINY.replace("K4 w", "KW3 w")
    );
    let path = scratch("initial.toml", &text);
    let (code, out, err) = oblique(&[
        "perft",
        "--variant-file",
        &path.to_string_lossy(),
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes 6 "), "{out}");
    // Off its initial rank the same wazir has its four steps only: b2 is not rank 1.
    let (code, out, err) = oblique(&[
        "perft",
        "--variant-file",
        &path.to_string_lossy(),
        "--fen",
        "4k/5/5/1W3/K4 w - - 0 1",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes 6 "), "{out}");
    let (code, out, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("first-move-only moves from rank 1 (Black's mirrored)"),
        "{out}"
    );
    let err = refused(&text.replace("initial_ranks = [1]\n", ""));
    assert!(err.contains("its i moves need initial_ranks"), "{err}");
    let err = refused(&text.replace("WiD", "WD"));
    assert!(err.contains("initial_ranks without i moves"), "{err}");
    let err = refused(&text.replace("[1]", "[9]"));
    assert!(err.contains("initial rank 9 is off the board"), "{err}");
}

/// `[[piece]]` entries for TINY, besides its king: `n` leaps as a knight; the others.
const TEN_MORE: [(&str, &str); 10] = [
    ("w", "W"),
    ("f", "F"),
    ("d", "D"),
    ("x", "A"),
    ("h", "H"),
    ("n", "N"),
    ("c", "C"),
    ("z", "Z"),
    ("g", "G"),
    ("y", "FA"),
];

fn with_pieces(pieces: &[(&str, &str)]) -> String {
    let mut text = TINY.to_string();
    for (letter, betza) in pieces {
        text += &format!(
            "\n[[piece]]\nletter = \"{letter}\"\nname = \"{letter}-piece\"\nbetza = \"{betza}\"\n"
        );
    }
    text
}

#[test]
fn a_game_holds_the_royal_piece_and_ten_others_besides_the_pawn() {
    let path = scratch("eleven.toml", &with_pieces(&TEN_MORE));
    let (code, out, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("y-piece"), "{out}");
    // The camel (C, a (3,1) leap) takes one of the slots past the built-in eight. From a2
    // beside its king on a1 it reaches d3, d1 and b5; the king has b1 and b2: 5 moves.
    let (code, out, err) = oblique(&[
        "perft",
        "--variant-file",
        &path.to_string_lossy(),
        "--fen",
        "4k/5/5/C4/K4 w - - 0 1",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("nodes 5 "), "{out}");
    let mut eleven = TEN_MORE.to_vec();
    eleven.push(("v", "WA"));
    let err = refused(&with_pieces(&eleven));
    assert!(
        err.contains("12 pieces besides the pawn") && err.contains("10 others"),
        "{err}"
    );
}

#[test]
fn castling_partners_are_pieces_of_the_game() {
    // A rook castles on a 5x5 board; `partners` names who may stand on its square.
    let text = format!(
        "{}\n[[piece]]\nletter = \"r\"\nname = \"rook\"\nbetza = \"R\"\n\n[castling]\n\
         king = \"e1\"\nkingside = {{ king_to = \"d1\", rook_from = \"a1\", rook_to = \"c1\" }}\n\
         queenside = {{ king_to = \"c1\", rook_from = \"a1\", rook_to = \"d1\" }}\n\
         partners = [\"r\"]\n",
        TINY.replace("K4 w - -", "R3K w Q -")
    );
    let path = scratch("partners.toml", &text);
    let (code, _, err) = oblique(&["check", &path.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    let err = refused(&text.replace("[\"r\"]", "[\"q\"]"));
    assert!(err.contains("castling partner 'q'"), "{err}");
    let err = refused(&text.replace("[\"r\"]", "[]"));
    assert!(err.contains("at least one piece letter"), "{err}");
}

#[test]
fn bad_files_are_refused_with_file_line_and_reason() {
    let err = refused(&TINY.replace("royal = true", "royal = true\nwings = 2"));
    assert!(
        err.contains("bad.toml:14:") && err.contains("wings"),
        "{err}"
    );
    let err = refused(&TINY.replace("files = 5", "files = = 5"));
    assert!(err.contains("bad.toml:6:"), "{err}");
    let err = refused(&TINY.replace("royal = true", ""));
    assert!(err.contains("exactly one royal"), "{err}");
    let err = refused(&format!(
        "{TINY}\n[[piece]]\nletter = \"K\"\nname = \"kong\"\nbetza = \"W\"\n"
    ));
    assert!(err.contains("two pieces"), "{err}");
    let err = refused(
        &TINY
            .replace("files = 5", "files = 12")
            .replace("ranks = 5", "ranks = 11"),
    );
    assert!(
        err.contains("132 cells") && err.contains("at most 128"),
        "{err}"
    );
    let err = refused(&TINY.replace("betza = \"K\"", "betza = \"K?\""));
    assert!(err.contains("piece king"), "{err}");
    let err = refused(&format!(
        "{TINY}\n[[piece]]\nletter = \"c\"\nname = \"cannon\"\nbetza = \"mRcpNN\"\n"
    ));
    assert!(
        err.contains("hoppers") && err.contains("(1,2) is not one"),
        "{err}"
    );
    // A royal piece plays leaps only: no royal cannon.
    let err = refused(&TINY.replace("betza = \"K\"", "betza = \"KpR\""));
    assert!(err.contains("only leaps are played for a royal"), "{err}");
    let err = refused(&TINY.replace("4k/5", "4k/4x"));
    assert!(err.contains("start position"), "{err}");
    let err = refused(&TINY.replace("\"tiny\"", "\"chess\""));
    assert!(err.contains("built-in game"), "{err}");
    let err = refused("not toml at all [");
    assert!(err.contains("bad.toml:1:"), "{err}");
    let (code, _, err) = oblique(&["check", "/nonexistent/game.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/game.toml: cannot read"), "{err}");
}

#[test]
fn a_game_file_plays_with_the_network_it_names() {
    // Los Alamos chess from its shipped file: self-play data, a small network trained on
    // it, then the same file naming that network (`[game] network`, beside the file).
    let shipped = shipped_rules("losalamos.toml");
    let plain = scratch("la-plain.toml", &shipped);
    let plain = plain.to_string_lossy().into_owned();
    let dir = Path::new(&plain)
        .parent()
        .expect("scratch dir")
        .to_path_buf();
    let data = dir.join("la-data.txt").to_string_lossy().into_owned();
    let _ = std::fs::remove_file(&data);
    let net = dir.join("la.nnue").to_string_lossy().into_owned();
    let (code, out, err) = oblique(&[
        "--variant-file",
        &plain,
        "net",
        "data",
        "--games",
        "6",
        "--nodes",
        "300",
        "--threads",
        "2",
        "--out",
        &data,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = oblique(&[
        "--variant-file",
        &plain,
        "net",
        "train",
        "--data",
        &data,
        "--hidden",
        "8",
        "--epochs",
        "2",
        "--held-out-every",
        "3",
        "--residual",
        "--out",
        &net,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let with_net =
        |value: &str| shipped.replacen("[game]\n", &format!("[game]\nnetwork = \"{value}\"\n"), 1);
    let named = scratch("la-net.toml", &with_net("la.nnue"));
    let named = named.to_string_lossy().into_owned();

    let (code, out, err) = oblique(&["check", &named, "--max-depth", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "network {net} (8 hidden units, 8 buckets, added to"
        )),
        "{out}"
    );
    let (_, out, _) = oblique(&["check", &plain, "--max-depth", "1"]);
    assert!(out.contains("network none"), "{out}");

    // The search plays with it: the same search scores otherwise with every network off.
    let analyse = |env: &[(&str, &str)]| {
        let (code, out, err) =
            oblique_env(&["--variant-file", &named, "analyze", "--depth", "6"], env);
        assert_eq!(code, 0, "{err}");
        assert!(err.is_empty(), "no complaint about the network: {err}");
        out.lines()
            .filter(|l| l.starts_with("depth"))
            .map(|l| l.split(" nps ").next().unwrap_or(l).to_string())
            .collect::<Vec<_>>()
    };
    assert_ne!(analyse(&[]), analyse(&[("OBLIQUE_NET", "none")]));

    // A missing file is refused with its line; another game's network fails the check.
    let err = refused(&with_net("nowhere.nnue"));
    assert!(
        err.contains("bad.toml:4:") && err.contains("nowhere.nnue not found"),
        "{err}"
    );
    let chess_net = root().join("eval/nets/chess.nnue");
    let err = refused(&with_net(&chess_net.to_string_lossy()));
    assert!(
        err.contains("[game] network") && err.contains("chess"),
        "{err}"
    );
}

#[test]
fn built_in_games_are_files_too() {
    // Each built-in game's file is embedded and reads as a user's would.
    for entry in std::fs::read_dir(root().join("engine/games")).expect("games dir") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        if oblique_gamefile::toml_reader::family_of(&text).is_some() {
            // Star Trek chess's record: the family's game, built in as a family.
            let game = oblique_gamefile::toml_reader::parse_family(name, &text).expect("reads");
            assert_eq!(game.game.name, name);
            assert!(
                oblique_engine::AnyPosition::new(name, None).is_ok(),
                "{name}"
            );
            continue;
        }
        let game = oblique_gamefile::toml_reader::parse(name, &text).expect("reads");
        assert_eq!(game.game.name, name);
        assert!(
            oblique_engine::find_variant(name).is_some(),
            "{name} is not a built-in game"
        );
    }
    assert!(Path::new(&root().join("engine/games/chess.toml")).is_file());
}

#[test]
fn a_study_plays_a_file_game_with_engines_that_read_the_file() {
    let out_dir = scratch("x.txt", "").parent().expect("dir").join("study");
    let _ = std::fs::remove_dir_all(&out_dir);
    let (code, _, err) = oblique(&[
        "study",
        "balance",
        "--variant-file",
        "variants/losalamos.toml",
        "--games",
        "2",
        "--depth",
        "1",
        "--quiet",
        "--out",
        &out_dir.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    let json = std::fs::read_to_string(out_dir.join("balance.json")).expect("balance.json");
    assert!(json.contains("\"game\": \"losalamos\""), "{json}");
    assert!(
        json.contains("--variant-file variants/losalamos.toml uci"),
        "{json}"
    );
    let pgn = std::fs::read_to_string(out_dir.join("games.pgn")).expect("games.pgn");
    assert_eq!(pgn.matches("[Variant \"losalamos\"]").count(), 2, "{pgn}");
}
