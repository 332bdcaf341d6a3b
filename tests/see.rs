//! Static exchange evaluation: exchanges worked out by hand (values 100 / 320 / 330 / 500 /
//! 950 for pawn, knight, bishop, rook, queen, as `SEE_VALUE` states), each checked at its
//! exact value: `see_ge` holds at the value and fails one centipawn above it.

use oblique_engine::game::Game;
use oblique_engine::search::see::see_ge;
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::AnyPosition;

/// `see_ge` of `mv` in a 2D position holds at `value` and not at `value + 1`.
fn exchange_is(variant: &str, fen: &str, mv: &str, value: i32) {
    let pos = AnyPosition::new(variant, Some(fen)).unwrap();
    let (at, above) = match &pos {
        AnyPosition::W64(p) => {
            let m = p.read_move(mv).unwrap();
            (see_ge(p, m, value), see_ge(p, m, value + 1))
        }
        AnyPosition::W128(p) => {
            let m = p.read_move(mv).unwrap();
            (see_ge(p, m, value), see_ge(p, m, value + 1))
        }
        AnyPosition::StarTrek(_) => unreachable!(),
    };
    assert!(at && !above, "{fen} {mv}: want exactly {value}");
}

fn startrek_exchange_is(tfen: &str, mv: &str, value: i32) {
    let p = StarTrekPosition::from_tfen(tfen).unwrap();
    let m = p.read_move(mv).unwrap();
    assert!(
        see_ge(&p, m, value) && !see_ge(&p, m, value + 1),
        "{tfen} {mv}: want exactly {value}"
    );
}

#[test]
fn an_undefended_pawn_is_won() {
    exchange_is(
        "chess",
        "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
        "e1e5",
        100,
    );
}

#[test]
fn a_queen_taking_a_pawn_defended_by_a_pawn_loses_the_difference() {
    exchange_is("chess", "4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", -850);
}

#[test]
fn a_long_exchange_with_x_rays_behind_rook_and_bishop() {
    // Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 (x-ray through the rook) Qxe5 (x-ray through the bishop)
    // leaves White, after each capture, +100, -220, +100, -400, -70, -1020. Each side stops
    // when going on is worse for it: White never plays Qxe5 (-1020), so Bxe5 ends at -400;
    // Black therefore answers Rxe5 with Bxe5, so White does not play Rxe5 and stops at -220.
    exchange_is(
        "chess",
        "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "d3e5",
        -220,
    );
}

#[test]
fn the_king_recaptures_only_an_undefended_capturer() {
    // Rxe7+ Kxe7: a rook for a pawn.
    exchange_is("chess", "4k3/4p3/8/8/8/8/8/K3R3 w - - 0 1", "e1e7", -400);
    // With the bishop b4 also on e7 the king may not take: a clean pawn.
    exchange_is("chess", "4k3/4p3/8/8/1B6/8/8/K3R3 w - - 0 1", "e1e7", 100);
}

#[test]
fn star_trek_exchanges_follow_its_own_attacks() {
    // Board e8(7) holds e8 f8 e9 f9 of level 7, board b8(7) a8 b8 a9 b9; the rook b8(7) sees
    // along rank 8 of level 7 over the absent c8(7), d8(7) to the knight f8(7), which the king
    // f9(7) guards: knight for rook.
    startrek_exchange_is(
        "Kb1(2),Rb8(7),nf8(7),kf9(7) b8(7):w,e8(7):b w - - 0 1",
        "b8(7)f8(7)",
        320 - 500,
    );
    // The second rook a8(7) behind it guards f8(7) through the first: the king may not take.
    startrek_exchange_is(
        "Kb1(2),Ra8(7),Rb8(7),nf8(7),kf9(7) b8(7):w,e8(7):b w - - 0 1",
        "b8(7)f8(7)",
        320,
    );
}
