//! Game files the client tests play (XBoard, the match runner, the browser), as a person
//! writes them from docs/game-files.md alone: the shipped Capablanca file, and a small game
//! of the test's own whose khon XBoard knows only from the engine's `piece` line (its
//! letter S is XBoard's wild-card Cobra) and the browser has no figure for (a disc with S).
#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};

/// Khon chess: orthodox chess with each bishop replaced by a Makruk khon (silver general:
/// one step diagonally or one step straight forward), no castling.
pub const KHON_CHESS: &str = r#"# Khon chess: each bishop of orthodox chess is a Makruk khon.
[game]
name = "khonchess"
title = "Khon chess"
start = "rnsqksnr/pppppppp/8/8/8/8/PPPPPPPP/RNSQKSNR w - - 0 1"

[board]
files = 8
ranks = 8

[pawn]
letter = "p"
betza = "fmWfcF"
double_step_ranks = [2]

[[piece]]
letter = "n"
name = "knight"
betza = "N"

[[piece]]
letter = "s"
name = "khon"
betza = "FfW"

[[piece]]
letter = "r"
name = "rook"
betza = "R"

[[piece]]
letter = "q"
name = "queen"
betza = "Q"

[[piece]]
letter = "k"
name = "king"
betza = "K"
royal = true

[promotion]
ranks = 1
pieces = "qrsn"
"#;

/// The game's name in the file above.
pub const KHON_CHESS_NAME: &str = "khonchess";

/// The file above, written once per test process (the same path each time, so that
/// registering it again in the same process is no error).
pub fn khon_chess_file() -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "oblique-file-games-{}-khonchess.toml",
        std::process::id()
    ));
    if std::fs::read_to_string(&path).ok().as_deref() != Some(KHON_CHESS) {
        // Written aside and renamed, so a test reading it never sees half a file.
        let part = path.with_extension(format!("{:?}.part", std::thread::current().id()));
        std::fs::write(&part, KHON_CHESS).expect("write the khon chess file");
        std::fs::rename(&part, &path).expect("rename the khon chess file");
    }
    path
}

/// The shipped Capablanca file (`variants/capablanca.toml`, 10x8, archbishop and chancellor).
pub fn capablanca_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/capablanca.toml")
}

/// Registers a file's games in this test process too (for replaying the engines' moves).
pub fn register(path: &Path) {
    oblique_engine::registry::register_file(&path.to_string_lossy())
        .unwrap_or_else(|e| panic!("{e}"));
}
