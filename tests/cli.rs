//! The `oblique` command line: output contracts and clean failures on bad input.

use std::process::Command;

fn oblique(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .args(args)
        .output()
        .expect("run oblique");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn variants_lists_every_game_with_size_squares_and_first_mover() {
    let (code, out, _) = oblique(&["variants"]);
    assert_eq!(code, 0);
    for (name, board, squares, first) in [
        ("chess", "8x8", "64", "white"),
        ("slanted", "8x8", "60", "white"),
        ("minislanted", "8x6", "44", "black"),
        ("ultraslanted", "10x9", "84", "black"),
        ("ultraslantedwhite", "10x9", "84", "white"),
        ("almostultraslanted", "10x9", "84", "black"),
        ("sortofalmostultraslanted", "10x9", "84", "black"),
        ("diagonal", "8x8", "64", "white"),
    ] {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no line for {name}:\n{out}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&words[1..4], &[board, squares, first], "{line}");
    }
}

#[test]
fn perft_ends_with_one_summary_line() {
    let (code, out, _) = oblique(&["perft", "--variant", "chess", "--depth", "3"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    let w: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(
        (w[0], w[1], w[2], w[4]),
        ("nodes", "8902", "time", "nps"),
        "{last}"
    );
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let (code, out, _) = oblique(&["perft", "--variant", "slanted", "--depth", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 37, "36 root moves + summary");
    let sum: u64 = lines[..36]
        .iter()
        .map(|l| {
            let (m, n) = l.split_once(": ").expect("MOVE: COUNT");
            assert!(m.len() >= 4);
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert!(
        lines[36].starts_with(&format!("nodes {sum} ")),
        "{}",
        lines[36]
    );
}

#[test]
fn moves_prints_protocol_notation_one_per_line() {
    let (code, out, _) = oblique(&["moves", "--variant", "diagonal"]);
    assert_eq!(code, 0);
    let mut got: Vec<&str> = out.lines().collect();
    got.sort();
    assert_eq!(
        got,
        ["a5b6", "b1c4", "b1e2", "b3c4", "b4c5", "c1d4", "c1f2", "c2d3", "c3d4", "d2e3", "e1f2"]
    );
}

#[test]
fn show_draws_holes_and_true_names() {
    let (code, out, _) = oblique(&["show", "--variant", "slanted"]);
    assert_eq!(code, 0);
    assert!(out.contains('#'), "{out}");
    assert!(out.contains("ab4") && out.contains("gh5"), "{out}");
    assert!(out.contains("legal moves: 36"), "{out}");
    let (code, out, _) = oblique(&["show", "--variant", "minislanted", "--moves", "b6ab4"]);
    assert_eq!(code, 0, "true square names are accepted");
    assert!(out.contains("to move: White"), "{out}");
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_code_2() {
    for args in [
        vec!["perft", "--variant", "nosuchgame", "--depth", "2"],
        vec!["perft", "--variant", "chess", "--depth", "0"],
        vec!["perft", "--variant", "chess", "--depth", "99"],
        vec![
            "perft",
            "--variant",
            "chess",
            "--fen",
            "garbage",
            "--depth",
            "2",
        ],
        vec![
            "show",
            "--variant",
            "slanted",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        vec!["moves", "--variant", "chess", "--moves", "e2e5"],
        vec![
            "moves",
            "--variant",
            "chess",
            "--fen",
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        ],
    ] {
        let (code, out, err) = oblique(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn bench_is_deterministic_at_one_thread() {
    let total = || {
        let (code, out, err) = oblique(&["bench", "--depth", "4"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            out.lines().filter(|l| l.starts_with("position")).count(),
            16,
            "{out}"
        );
        let last = out.lines().last().unwrap().to_string();
        last.split_whitespace().nth(2).unwrap().to_string()
    };
    assert_eq!(total(), total());
}

#[test]
fn analyze_streams_depth_lines_and_ends_with_bestmove() {
    for (variant, best_in) in [
        ("chess", None),
        ("startrek", None),
        ("diagonal", Some("g7h8")),
    ] {
        let fen = if variant == "diagonal" {
            Some("k7/6P1/8/8/8/8/8/7K w - - 0 1")
        } else {
            None
        };
        let mut args = vec!["analyze", "--variant", variant, "--depth", "4"];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        let (code, out, err) = oblique(&args);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() >= 2, "{out}");
        assert!(lines[0].starts_with("depth 1 "), "{out}");
        let last = lines.last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        if let Some(m) = best_in {
            assert_eq!(*last, format!("bestmove {m}"));
        }
    }
    let (code, _, err) = oblique(&["analyze", "--variant", "chess"]);
    assert_eq!(code, 2, "no limit given: {err}");
}

#[test]
fn values_prints_derived_piece_values() {
    let (code, out, _) = oblique(&["values", "--variant", "ultraslanted"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("ultra")), "{out}");
}

/// Runs `oblique play` with `input` typed on its standard input.
fn play(args: &[&str], input: &str) -> (i32, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run oblique play");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("type");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn play_answers_moves_hints_undo_and_bad_input_then_announces_the_result() {
    // White mates with Ra1-a8; before that: garbage, an illegal move, a hint, a move the
    // engine answers, and an undo back to the start.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (code, out) = play(
        &["--fen", fen, "--movetime", "50"],
        "xyzzy\na1a9\nh2h4\nhint\ng1f1\nundo\nundo\na1a8\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Illegal move: xyzzy"), "{out}");
    assert!(out.contains("Illegal move: a1a9"), "{out}");
    assert!(out.contains("Illegal move: h2h4"), "{out}");
    assert!(out.contains("hint: a1a8 (score mate 1)"), "{out}");
    // g1f1 is answered; the first undo takes back both moves, the second has nothing left.
    assert!(out.contains("Oblique plays"), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(
        out.trim_end()
            .ends_with("Game over: 1-0 {White mates} You win!"),
        "{out}"
    );
}

#[test]
fn play_star_trek_from_the_start() {
    let (code, out) = play(
        &["--variant", "startrek", "--movetime", "50"],
        "b1(2)c3(2)\nmoves\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("e.g. b1(2)c3(2) or Nb1(2)-c3(2)"),
        "help shows the game's own moves: {out}"
    );
    assert!(out.contains("Oblique plays"), "{out}");
    // Level 6 board drawn twice: at the start and after Oblique's answer, not in between.
    assert_eq!(
        out.matches("level 6: Black's main board").count(),
        2,
        "{out}"
    );
}

#[test]
fn net_commands_refuse_bad_input_in_one_line() {
    let dir = std::env::temp_dir().join(format!("oblique-net-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let garbage = dir.join("garbage.txt");
    std::fs::write(
        &garbage,
        "0 1 12 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a record\n",
    )
    .expect("write");
    let bad_fen = dir.join("bad-fen.txt");
    std::fs::write(&bad_fen, "0 1 12 this is no position\n").expect("write");
    let out = dir.join("out.nnue").to_string_lossy().into_owned();
    let (garbage, bad_fen) = (
        garbage.to_string_lossy().into_owned(),
        bad_fen.to_string_lossy().into_owned(),
    );
    for args in [
        vec![
            "net",
            "data",
            "--variant",
            "nosuchgame",
            "--games",
            "1",
            "--out",
            &out,
        ],
        vec!["net", "data", "--games", "0", "--out", &out],
        vec![
            "net",
            "train",
            "--data",
            "/nonexistent/records.txt",
            "--out",
            &out,
        ],
        vec!["net", "train", "--data", &garbage, "--out", &out],
        vec!["net", "train", "--data", &bad_fen, "--out", &out],
        vec![
            "net", "train", "--data", &garbage, "--hidden", "0", "--out", &out,
        ],
        vec![
            "net",
            "train",
            "--variant",
            "nosuchgame",
            "--data",
            &garbage,
            "--out",
            &out,
        ],
        vec!["net", "relabel", "--data", &garbage, "--out", &out],
        vec!["net", "relabel", "--data", &bad_fen, "--out", &out],
        vec![
            "net",
            "relabel",
            "--data",
            "/nonexistent/records.txt",
            "--out",
            &out,
        ],
        vec![
            "net",
            "relabel",
            "--variant",
            "nosuchgame",
            "--data",
            &bad_fen,
            "--out",
            &out,
        ],
        vec![
            "net", "relabel", "--data", &bad_fen, "--every", "0", "--out", &out,
        ],
        vec![
            "net", "relabel", "--data", &bad_fen, "--shard", "3/2", "--out", &out,
        ],
    ] {
        let (code, stdout, err) = oblique(&args);
        assert_eq!(code, 2, "{args:?}: {stdout}{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn net_data_then_train_writes_a_network_the_engine_plays_with() {
    let dir = std::env::temp_dir().join(format!("oblique-net-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let data = dir.join("d.txt").to_string_lossy().into_owned();
    let net = dir.join("n.nnue").to_string_lossy().into_owned();
    let (code, out, err) = oblique(&[
        "net",
        "data",
        "--variant",
        "diagonal",
        "--games",
        "6",
        "--nodes",
        "200",
        "--threads",
        "2",
        "--out",
        &data,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("6 games"), "{out}");
    let (code, out, err) = oblique(&[
        "net",
        "train",
        "--variant",
        "diagonal",
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
    assert!(
        out.contains("held-out loss") && out.contains("wrote"),
        "{out}"
    );
    // More training from it: its shape is kept whatever --hidden says, its loss on the data
    // is the bar, and a network of the other kind is refused in one line.
    let net2 = dir.join("n2.nnue").to_string_lossy().into_owned();
    let again = |extra: &[&str]| {
        let mut args = vec![
            "net",
            "train",
            "--variant",
            "diagonal",
            "--data",
            &data,
            "--hidden",
            "64",
            "--epochs",
            "1",
            "--held-out-every",
            "3",
            "--init",
            &net,
            "--out",
            &net2,
        ];
        args.extend_from_slice(extra);
        oblique(&args)
    };
    let (code, out, err) = again(&["--residual"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("8 hidden") && out.contains("the starting network"),
        "{out}"
    );
    // Grown: more units, the same scores at the start (the bar printed is the old network's).
    let (code, out, err) = again(&["--residual", "--grow", "12"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("12 hidden"), "{out}");
    let (code, _, err) = again(&["--residual", "--grow", "4"]);
    assert_eq!(code, 2, "a network does not shrink: {err}");
    // Tied inputs need the images the symmetries give.
    let (code, out, err) = again(&["--residual", "--tie"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = again(&["--residual", "--tie", "--no-symmetries"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = again(&[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: --init") && err.contains("--residual"),
        "{err}"
    );
    let (code, _, err) = oblique(&[
        "net",
        "train",
        "--data",
        &data,
        "--init",
        &net,
        "--residual",
        "--out",
        &net2,
    ]);
    assert_eq!(
        code, 2,
        "a Diagonal Chess network is not a chess one: {err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    // The engine plays with it when told to, and says nothing about it.
    let run = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .args(["analyze", "--variant", "diagonal", "--depth", "4"])
        .env("OBLIQUE_NET", &net)
        .output()
        .expect("run oblique");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.contains("bestmove"),
        "{stdout}"
    );
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // A broken file is reported and the game keeps its evaluation.
    std::fs::write(&net, b"OBQNNUE1 broken").expect("write");
    let run = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .args(["analyze", "--variant", "diagonal", "--depth", "3"])
        .env("OBLIQUE_NET", &net)
        .output()
        .expect("run oblique");
    assert!(
        run.status.success(),
        "a broken network must not stop the engine"
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("network"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
