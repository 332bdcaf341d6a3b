//! Knights that may not jump the barriers (`jumps_barriers = false`, seed 000's experimental
//! variant of Slanted Escalator Chess): the shipped file passes `oblique check`, and the
//! engine's barred knight loses exactly the leaps that `docs/game-files.md` lists. That list
//! comes from the independent Python reference (`tests/reference/barriers.py`, which
//! `tests/reference_check.rs` holds it to), not from the engine; a vector leaper on a plain
//! grid with a barrier is checked against a hand-worked case.

use oblique_engine::AnyPosition;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

const GAME: &str = "slanted-noknightjump";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn check_passes_on_the_shipped_file() {
    let path = root().join("variants/slanted-noknightjump.toml");
    let text = std::fs::read_to_string(&path).expect("variants/slanted-noknightjump.toml");
    let game = oblique_gamefile::toml_reader::parse("slanted-noknightjump.toml", &text)
        .expect("the file reads");
    assert!(game.perft.len() >= 3, "{} perft entries", game.perft.len());
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .env_remove("OBLIQUE_VARIANTS")
        .current_dir(root())
        .arg("check")
        .arg(&path)
        .output()
        .expect("run oblique check");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("perft ") && l.contains(" ok "))
            .count(),
        game.perft.len(),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "piece N knight: leaps by the board's knight table; no leap across a barrier"
        ),
        "{stdout}"
    );
}

/// The docs' table: square -> leaps the rule removes (true square names).
fn documented_removals() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root().join("docs/game-files.md")).expect("docs");
    let start = text
        .find("<!-- barred-knight-table SEC -->")
        .expect("docs/game-files.md has the barred-knight table");
    let end = text[start..]
        .find("<!-- end barred-knight-table -->")
        .expect("the table ends")
        + start;
    text[start..end]
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| square"))
        .map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            (
                cols[1].to_string(),
                cols[2].split_whitespace().map(str::to_string).collect(),
            )
        })
        .collect()
}

/// A true square name in protocol (grid) notation (conventions.md: on the escalator ranks
/// ab -> a, bc -> b, fg -> g, gh -> h).
fn grid(name: &str) -> String {
    let letters: Vec<char> = name.chars().take_while(char::is_ascii_alphabetic).collect();
    let rank = &name[letters.len()..];
    match letters[..] {
        [f] => format!("{f}{rank}"),
        [a, _] if a < 'd' => format!("{a}{rank}"),
        [_, b] => format!("{b}{rank}"),
        _ => panic!("square name {name}"),
    }
}

/// The SEC board's grid slots, rank 8 first, each `Some(grid name)` or `None` for a hole.
fn slots() -> Vec<Vec<Option<String>>> {
    (0..8u8)
        .rev()
        .map(|r| {
            (0..8u8)
                .map(|f| {
                    let hole = (r == 3 || r == 4) && (f == 2 || f == 5);
                    (!hole).then(|| format!("{}{}", (b'a' + f) as char, r + 1))
                })
                .collect()
        })
        .collect()
}

/// A FEN of the SEC board with the given pieces (grid name -> letter), White to move.
fn fen(pieces: &[(&str, char)]) -> String {
    let rows: Vec<String> = slots()
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for slot in row {
                let piece = slot
                    .as_ref()
                    .and_then(|g| pieces.iter().find(|(sq, _)| sq == g).map(|&(_, c)| c));
                match (slot, piece) {
                    (Some(_), None) => empty += 1,
                    (slot, piece) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(if slot.is_none() {
                            '*'
                        } else {
                            piece.unwrap_or('?')
                        });
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    format!("{} w - - 0 1", rows.join("/"))
}

/// Where a lone white knight on `sq` may go in `game` (kings in far corners).
fn knight_moves(game: &str, sq: &str, kings: (&str, &str)) -> BTreeSet<String> {
    let f = fen(&[(sq, 'N'), (kings.0, 'K'), (kings.1, 'k')]);
    let pos = AnyPosition::new(game, Some(&f)).unwrap_or_else(|e| panic!("{game} {f}: {e}"));
    pos.legal_moves_text()
        .into_iter()
        .filter(|m| m.starts_with(sq))
        .map(|m| m[sq.len()..].to_string())
        .collect()
}

#[test]
fn barred_knight_loses_exactly_the_listed_leaps() {
    let listed = documented_removals();
    assert_eq!(listed.len(), 20, "{listed:?}");
    let squares: Vec<String> = slots().into_iter().flatten().flatten().collect();
    assert_eq!(squares.len(), 60);
    let mut total = 0;
    for sq in &squares {
        // Kings in two far corners that the knight neither stands on nor attacks (the
        // corners' knight squares are orthodox, escalator.md section 5).
        let kings = if ["a1", "b3", "c2", "h8", "g6", "f7"].contains(&sq.as_str()) {
            ("h1", "a8")
        } else {
            ("a1", "h8")
        };
        let jumping = knight_moves("slanted", sq, kings);
        let barred = knight_moves(GAME, sq, kings);
        assert!(
            barred.is_subset(&jumping),
            "{sq}: {barred:?} vs {jumping:?}"
        );
        let lost: BTreeSet<String> = jumping.difference(&barred).cloned().collect();
        let want: BTreeSet<String> = listed
            .iter()
            .find(|(s, _)| grid(s) == *sq)
            .map(|(_, d)| d.iter().map(|x| grid(x)).collect())
            .unwrap_or_default();
        assert_eq!(lost, want, "leaps the rule removes from {sq}");
        total += lost.len();
    }
    assert_eq!(total, 36);
}

/// A vector leaper on a plain grid with a barrier (hand-worked): on a 5x5 board with the
/// barrier c3, a knight on b2 crosses b3 and c3 to reach c4 and c2 and c3 to reach d3 (both
/// barred); a4 (over b3, a3) and d1 (over c2, c1) stay. The same slot as a hole bars nothing.
#[test]
fn a_betza_knight_on_a_grid_with_a_hole() {
    let dir = std::env::temp_dir().join(format!("oblique-barrier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = |name: &str, jumps: bool, wall: &str| {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(
            &path,
            format!(
                "[game]\nname = \"{name}\"\nstart = \"k4/5/2*2/1N3/4K w - - 0 1\"\n\
                 [board]\nfiles = 5\nranks = 5\n{wall} = [\"c3\"]\n\
                 [[piece]]\nletter = \"n\"\nname = \"knight\"\nbetza = \"N\"\njumps_barriers = {jumps}\n\
                 [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n"
            ),
        )
        .expect("write the file");
        oblique_engine::registry::register_file(&path.to_string_lossy()).expect("file loads");
    };
    file("barrier-walls-jump", true, "barriers");
    file("barrier-walls-nojump", false, "barriers");
    file("barrier-hole-nojump", false, "holes");
    let moves = |game: &str| -> BTreeSet<String> {
        AnyPosition::new(game, None)
            .expect("start")
            .legal_moves_text()
            .into_iter()
            .filter(|m| m.starts_with("b2"))
            .collect()
    };
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        moves("barrier-walls-jump"),
        set(&["b2a4", "b2c4", "b2d3", "b2d1"])
    );
    assert_eq!(moves("barrier-walls-nojump"), set(&["b2a4", "b2d1"]));
    assert_eq!(
        moves("barrier-hole-nojump"),
        set(&["b2a4", "b2c4", "b2d3", "b2d1"])
    );
}
