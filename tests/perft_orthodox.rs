//! The published orthodox perft table of orthodox.md, every entry.

use oblique_engine::AnyPosition;

fn check(fen: &str, expected: &[u64]) {
    let mut pos = AnyPosition::new("chess", Some(fen)).expect("valid FEN");
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(pos.perft(depth), want, "{fen} depth {depth}");
    }
    assert_eq!(pos.to_fen(), fen, "perft must leave the position unchanged");
}

#[test]
fn start_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197281, 4865609, 119060324],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603, 193690690],
    );
}

#[test]
fn position_3() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624, 11030083],
    );
}

#[test]
fn position_4() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333, 15833292],
    );
}

#[test]
fn position_4_mirrored() {
    check(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9467, 422333],
    );
}

#[test]
fn position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487, 89941194],
    );
}

#[test]
fn position_6() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594, 164075551],
    );
}
