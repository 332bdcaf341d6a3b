//! Legal first moves in every game, as the rules files count and list them.

use oblique_engine::AnyPosition;

fn sorted_moves(variant: &str, fen: Option<&str>) -> Vec<String> {
    let mut v = AnyPosition::new(variant, fen)
        .expect("start position")
        .legal_moves_text();
    v.sort();
    v
}

#[test]
fn counts_from_the_rules() {
    // conventions/escalator.md section 3 item 4, diagonal.md, orthodox chess.
    for (variant, count) in [
        ("chess", 20),
        ("slanted", 36),
        ("minislanted", 18),
        ("ultraslanted", 44),
        ("ultraslantedwhite", 50),
        ("almostultraslanted", 46),
        ("sortofalmostultraslanted", 44),
        ("diagonal", 11),
    ] {
        assert_eq!(sorted_moves(variant, None).len(), count, "{variant}");
    }
}

#[test]
fn the_other_side_counts_from_the_rules() {
    // escalator.md: "For reference Black would have 32" (SEC), "White would have 16" (MSEC),
    // USEC: White 50, Black 44; diagonal.md: "Black would also have 11".
    for (variant, fen, count) in [
        (
            "slanted",
            "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            32,
        ),
        (
            "minislanted",
            "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            16,
        ),
        (
            "ultraslanted",
            "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU w KQkq - 0 1",
            50,
        ),
        (
            "diagonal",
            "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 b - - 0 1",
            11,
        ),
    ] {
        assert_eq!(
            sorted_moves(variant, Some(fen)).len(),
            count,
            "{variant} {fen}"
        );
    }
}

#[test]
fn diagonal_first_moves_are_the_listed_eleven() {
    // diagonal.md: Nb1-c4, Nb1-e2, Nc1-d4, Nc1-f2, e1-f2, d2-e3, c2-d3, c3-d4, b3-c4, b4-c5, a5-b6.
    let mut want = vec![
        "b1c4", "b1e2", "c1d4", "c1f2", "e1f2", "d2e3", "c2d3", "c3d4", "b3c4", "b4c5", "a5b6",
    ];
    want.sort();
    assert_eq!(sorted_moves("diagonal", None), want);
}

#[test]
fn slanted_first_moves_include_the_listed_double_steps() {
    // escalator.md 2.1: knights a3 c3 f3 h3; double steps a2-ab4, b2-ab4, b2-bc4, c2-bc4,
    // d2-d4, e2-e4, f2-fg4, g2-fg4, g2-gh4, h2-gh4 (grid names: ab4=a4, bc4=b4, fg4=g4, gh4=h4).
    let moves = sorted_moves("slanted", None);
    for m in [
        "b1a3", "b1c3", "g1f3", "g1h3", "a2a4", "b2a4", "b2b4", "c2b4", "d2d4", "e2e4", "f2g4",
        "g2g4", "g2h4", "h2h4",
    ] {
        assert!(moves.contains(&m.to_string()), "missing {m}");
    }
    // Crabs: straight and diagonal non-captures, 8 single steps from each of a2..h2 minus edges.
    let crab_singles = moves
        .iter()
        .filter(|m| m.ends_with('3') && m.as_bytes()[1] == b'2')
        .count();
    assert_eq!(crab_singles, 22, "{moves:?}");
}

#[test]
fn minislanted_black_first_moves() {
    // escalator.md 2.2: N b6-ab4 (grid a4), N g6-gh4 (grid h4), 16 Crab moves.
    let moves = sorted_moves("minislanted", None);
    assert!(moves.contains(&"b6a4".to_string()));
    assert!(moves.contains(&"g6h4".to_string()));
    assert_eq!(moves.iter().filter(|m| m.as_bytes()[1] == b'5').count(), 16);
}

#[test]
fn ultraslanted_white_first_moves_listed_pieces() {
    // escalator.md 2.3: Ultras a1-a3, a1-c3, j1-j3, j1-h3; N c1-b3, c1-d3, h1-g3, h1-i3; 42 Crab moves.
    let moves = sorted_moves("ultraslantedwhite", None);
    for m in [
        "a1a3", "a1c3", "j1j3", "j1h3", "c1b3", "c1d3", "h1g3", "h1i3",
    ] {
        assert!(moves.contains(&m.to_string()), "missing {m}");
    }
    assert_eq!(moves.iter().filter(|m| m.as_bytes()[1] == b'2').count(), 42);
}
