//! Hand-made forced wins in 1, 2 and 3 moves for every 2D game, worked out from the rules text
//! (../shared/rules/conventions.md, escalator.md, diagonal.md) and not from the engine.
//!
//! Every position here was also confirmed by the independent reference solver in
//! tests/reference/ (`python3 tests/reference/mate_check.py`, written on a move generator taken
//! straight from the rules): the side to move wins in exactly N moves, not fewer, and the first
//! moves listed are all the first moves that win in N. A "win" is checkmate, or in Diagonal Chess
//! also a pawn reaching the far corner (White h8, Black a1).
//!
//! Square names in the comments are the true names of escalator.md (`ab4`, `gh5`); FENs and moves
//! use the grid names of conventions.md (`ab4` = a4, `bc4` = b4, `cd5` = c5, `gh5` = h5,
//! `hi4` = i4, `ij4` = j4 on the escalator ranks). Geometry quoted below is from the tables of
//! escalator.md section 5.
//!
//! The mates in one that tests/search.rs already has (SEC, MSEC, USEC, USEC-White, Almost and
//! Sort of Almost USEC, Diagonal Chess) are not repeated; chess gets its mate in one here, and
//! MSEC and USEC get one more with Black, their first mover, to move.

#[path = "common/search_2d.rs"]
mod search_2d;

use search_2d::mate_in;

// ---------------------------------------------------------------------------------------------
// Orthodox chess
// ---------------------------------------------------------------------------------------------

#[test]
fn chess_mate_in_one_by_castling() {
    // 1.O-O-O# (e1c1): the rook lands on d1 and checks d3 along d2. The king's flights: c2 and
    // d2 (king c1; d2 also the rook), e2 (knight g1), e3 (knight g4), c3 (bishop b2), c4 d4 e4
    // (own pawns). Nothing can block d2 or take d1. Plain 1.Rd1+ is not mate: with the king
    // still on e1, c2 is free. No other check mates (Ra3+ is met by c4-c3 or Kc2, Ne5+ / Nf2+ by
    // Kc2 or Ke3).
    mate_in(
        "chess",
        "8/8/8/8/2ppp1N1/3k4/1B6/R3K1N1 w Q - 0 1",
        1,
        Some(&["e1c1"]),
    );
}

#[test]
fn chess_mate_in_two_smothered() {
    // 1.Qg8+! Rxg8 (Kxg8 is illegal: the knight h6 guards g8) 2.Nf7#, the king smothered by its
    // own rook g8 and pawns g7 h7. No mate in one: White's only checks are 1.Nf7+ (Kg8) and
    // 1.Qg8+ itself (Rxg8).
    mate_in(
        "chess",
        "3r3k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1",
        2,
        Some(&["b3g8"]),
    );
}

#[test]
fn chess_mate_in_three_philidors_legacy() {
    // 1.Nh6++ (double check from the knight and the queen's c4-g8 diagonal) Kh8 (f8 is the
    // rook's, f7 lies on the queen's diagonal) 2.Qg8+ Rxg8 (forced: the knight h6 guards
    // g8) 3.Nf7# smothered. No mate in two: every other knight move that uncovers the queen's
    // check is met by Rf7 (the rook f8 interposes) or Kh8, and after 1.Nh6++ Kh8 no check mates
    // at once (Qg8+ is met by Rxg8).
    mate_in(
        "chess",
        "5rk1/5Npp/8/8/2Q5/8/8/6K1 w - - 0 1",
        3,
        Some(&["f7h6"]),
    );
}

// ---------------------------------------------------------------------------------------------
// Slanted Escalator Chess (SEC, White first). Holes c4 c5 f4 f5.
// ---------------------------------------------------------------------------------------------

#[test]
fn slanted_mate_in_two_along_the_slanted_diagonal() {
    // The diagonal from a3 does not run a3-b4-c5 as on a plain board: a3's NE neighbour is ab4,
    // then bc5, c6, d7, e8 (escalator.md 1.2/1.3). 1.Qa3+! (e3-d3-c3-b3-a3 along rank 3) checks
    // e8 along it. The king has no flight: d7 is on the line, d8 is covered by the bishop ab5
    // (ab5-b6-c7-d8), f8 e7 f7 are Black's own. The bishop e5 cannot interpose (its NW
    // neighbour d6 holds the knight), so the only reply is 1...Nb5 (knight d6 to bc5, a square
    // of the check line, from the SEC knight table). 2.Qxb5# (a3-ab4-bc5): the check now comes
    // via c6-d7, nothing can take bc5 or block c6/d7 (the bishop e5 reaches d6-c7, not c6).
    // No mate in one: 1.Qa3+ is White's only check at all (the e-file is blocked by the bishop
    // e5, and e3's NE neighbour is missing, so there is no e3-f4-g5 diagonal).
    mate_in(
        "slanted",
        "4kb2/4pp2/3n4/B1*1b*2/2*2*2/4Q3/8/3K4 w - - 0 1",
        2,
        Some(&["e3a3"]),
    );
}

#[test]
fn slanted_mate_in_three_bent_c_file_then_fork() {
    // 1.Rc1!! (quiet). From c1 the rook's N ray is c2 c3 bc4 bc5 b6 b7 b8: the c-file bends into
    // the b-file at the escalator (c3's only N neighbour is bc4), so the king a8 loses b7 and b8.
    // 1...Ka7 is forced. Whatever White does next brings the rook to b3, or clears b2 for it:
    // 2.b2-a3 (Crab's diagonal non-capture), 2.Rb4 (c1-bc4), 2.Rb5 (c1-bc5) or 2.Rc3; after
    // 2...Ka6 / Ka8, 3.Rb3# (or 3.Rb1# via b2 after 2.a3). A rook on b1/b2/b3 has the fork
    // b3 -> ab4 | bc4: one branch (ab4 ab5 a6 a7 a8) checks the king on the a-file, the other
    // (bc4 bc5 b6 b7 b8) covers the rest: every neighbour of a6, a7 or a8 lies on one of the
    // two branches.
    // No shorter win: the only check at move one is 1.Ra1+, after which Kb7/Kb8 escape; after
    // 1.Rc1 Ka7 White's only checks are 2.Ra1+ (the king goes to b6 b7 b8: the rook has left
    // the c-file) and 2.Rb7+ (c1 ... bc5 b6 b7; Kxb7, Ka6 or Ka8): the rook cannot use b1/b2
    // while its own Crab stands on b2.
    mate_in(
        "slanted",
        "k7/7K/8/2*2*2/2*2*2/8/1P6/7R w - - 0 1",
        3,
        Some(&["h1c1"]),
    );
}

// ---------------------------------------------------------------------------------------------
// Mini Slanted Escalator Chess (MSEC, Black moves first). Holes c3 c4 f3 f4.
// ---------------------------------------------------------------------------------------------

#[test]
fn minislanted_black_mates_in_one_with_a_rook_on_ab3() {
    // Black to move (tests/search.rs has White's MSEC mate in one). The final position of the
    // mate in two below: 1...Ra3# (bc3 -> ab3). ab3's S neighbours are a2 AND b2, so the rook
    // checks a2, x-rays a1 on the a-branch and covers b2 b1 on the b-branch; the king ab4
    // guards ab3. a2's only neighbours are ab3 (both N and NE), b2, b1 and a1.
    mate_in(
        "minislanted",
        "8/8/k1*2*2/1r*2*2/K7/8 b - - 0 1",
        1,
        Some(&["b3a3"]),
    );
}

#[test]
fn minislanted_black_mates_in_two_with_a_rook_on_ab3() {
    // Black to move, the side that starts MSEC games. 1...Rb3! (b5-bc4-bc3, grid b3): from bc3
    // the rook's S ray forks into b2 b1 and c2 c1, so the White king a1 loses b1 and b2, and
    // a2 is its only move (zugzwang: it has no other piece). 2.Ka2 (forced) Ra3# (bc3 W ->
    // ab3): ab3 is a "2 for 1" square, its S neighbours are a2 AND b2, so the rook checks a2,
    // x-rays a1 on the a-branch and covers b2 b1 on the b-branch; the king ab4 guards the rook.
    // No mate in one: the only checks, 1...Rb1+ (via the b-branch) and 1...Rc1+ (via the
    // c-branch), are answered by Kxb1/Ka2 and Ka2/Kb2.
    mate_in(
        "minislanted",
        "8/1r6/k1*2*2/2*2*2/8/K7 b - - 0 1",
        2,
        Some(&["b5b3"]),
    );
}

#[test]
fn minislanted_black_mates_in_three_through_both_forks() {
    // Black to move. 1...Rb6+ (d6-c6-b6): down the b-file b5 bc4 bc3, then the fork b2 b1 /
    // c2 c1 gives check to b1 and covers c1 c2; the king's only square is a1 (a2 is its own
    // Crab). 2.Ka1 Ra6! (or 2...Rb3): the a-file runs a5 ab4 ab3 and forks again, a2 | b2
    // b1, so b1 and b2 are covered and the king cannot move; White's only move is the Crab
    // a2-ab3 (grid a3; MSEC Crabs have no double step). 3.a3 Rxa3# (a6-a5-ab4xab3): the rook
    // on ab3 checks a1 through a2 and covers b2 b1. No mate in two: after 1...Rb6+ Ka1 the only
    // checks are 2...Rb1+ (Kxb1) and 2...Rc1+ (Kb2); the other first check, 1...Ra6+, lets the
    // king out to c1/c2 (or the Crab to ab3).
    mate_in(
        "minislanted",
        "3r4/3k4/2*2*2/2*2*2/P7/1K6 b - - 0 1",
        3,
        Some(&["d6b6"]),
    );
}

// ---------------------------------------------------------------------------------------------
// Ultra Slanted Escalator Chess (USEC, Black moves first). Holes d4 d5 d6 g4 g5 g6.
// ---------------------------------------------------------------------------------------------

#[test]
fn ultraslanted_black_mates_in_one_by_the_ultra_barrier_jump() {
    // Black to move (tests/search.rs has the USEC mate in one with White to move). The final
    // position of the mate in two below: 1...Ue5#, the Ultra cd5 jumping the hole d5 (a
    // lateral jump, escalator.md 1.7) to check f4; see the next test for the flight squares.
    mate_in(
        "ultraslanted",
        "10/P9/10/3*2*3/2u*2*3/3*1K*n2/10/10/1k2r5 b - - 0 1",
        1,
        Some(&["c5e5"]),
    );
}

#[test]
fn ultraslanted_black_mates_in_two_by_the_ultra_barrier_jump() {
    // Black to move. 1...Re1+ (f1-e1): the e-file e2 e3 checks e4. The king's neighbours (USEC
    // table: e5 f5 f4 f3 e3 d3; W and NW of e4 are holes) are all taken but f4: e5 by the Ultra
    // cd5 (the lateral jump over the hole d5), d3 by the same Ultra (two steps S through the
    // fork cd4 -> c3 | d3), f3 and f5 by the knight gh4, e3 by the rook. 2.Kf4 is forced (the
    // White Crab a8 may not promote: White is in check).
    // 2...Ue5#: the Ultra jumps the hole d5 (cd5 <-> e5 is one of the twelve lateral jumps of
    // escalator.md 1.7) and checks f4 (e5 -> f4 is one step SE). Flights of f4: e4 and e3 (the
    // rook's e-file, which also guards the Ultra on e5), f5 (knight gh4, Ultra), f3 (knight),
    // g3 (Ultra e5 two steps SE); f4 has no E or NE neighbour (hole g4). Nothing takes e5.
    // No mate in one: every first check lets the king out (1...Ue5+ Kxe5 or Kd3, 1...Uc4+
    // Ke3/Ke5, 1...Ud3+ Kxd3/Ke5, 1...Rf4+ Kxf4/Ke3). The White Crab a8 is there so that Black
    // has no quiet win: it gives White spare moves (a8-a9, promoting).
    mate_in(
        "ultraslanted",
        "10/P9/10/3*2*3/2u*2*3/3*K1*n2/10/10/1k3r4 b - - 0 1",
        2,
        Some(&["f1e1"]),
    );
}

#[test]
fn ultraslanted_black_mates_in_three_queen_net_and_ultra_jump() {
    // Black to move. 1...Qd3! (cd4 -> d3, its SE neighbour), a quiet move: the queen now holds
    // rank 3 (e3 f3 g3) and the diagonal d3-e4-f5, so of the king f4's neighbours (f5 e5 e4 e3
    // f3 g3; nothing E or NE of f4: hole g4) only e5 is left. Threat: 2...Uf6#, the Ultra gh6
    // jumping the hole g6 (f6 <-> gh6 is a lateral jump) and checking f4 by two steps S.
    // White has three moves:
    // - 2.ij4-ij5 or 2.ij4-hi5 (the Crab): 2...Uf6# at once.
    // - 2.Ke5: e5's neighbours are only e6 f6 f5 f4 e4 (SW, W, NW are holes or missing).
    //   2...Qf3! (d3-e3-f3) takes f4 f5 f6 (the f-file) and e4 (f3's NW neighbour), leaving e6.
    //   3.Ke6 Qf6# or Uf6#; 3.Crab moves Uf6# (the Ultra on f6 checks e5 one step SW).
    //   (2...Ug7 also wins in time.)
    // No mate in two: none of Black's first checks mates or leads to a mate next move
    // (1...Uf6+ Ke3/Ke4/Kf3/Kg3, 1...Uh4+ (gh6 -> gh4, two steps S) Ke3/Ke4/Ke5/Kf3/Kf5, queen
    // checks from c1, d2 or f1 leave two or more flights).
    mate_in(
        "ultraslanted",
        "10/10/2k7/3*2*u2/3*2*3/2q*1K*2P/10/10/10 b - - 0 1",
        3,
        Some(&["c4d3"]),
    );
}

#[test]
fn ultraslanted_white_first_mate_in_two_ultra_check_then_forked_i_file() {
    // USEC with White to move. 1.Uh7+! (gh5 -> gh6 -> h7, two steps N): from h7 the Ultra
    // attacks h9 (two steps N) and also g8 h8 i8 (one step) and j9 (two steps NE). The Black
    // rook cannot block a leap or take h7, so 1...Ki9 is forced.
    // 2.Ri2#: the rook c2 slides along rank 2 to i2, whose N ray forks at i3 into hi4 (hi5 hi6
    // i7 i8 i9: check) and ij4 (ij5 ij6 j7 j8 j9: covers the j-file). Flights of i9: h9 and h8
    // (Ultra), i8 (the line), j8 and j9 (the j-branch). Nothing can block the two-branch ray
    // below i9 except on i3..i8, and no Black piece reaches those squares.
    // No mate in one: the only first checks are the two Ultra leaps (Uh7+ and Uj7+).
    mate_in(
        "ultraslantedwhite",
        "6rk2/10/10/3*2*3/3*2*U2/3*2*K2/10/2R7/10 w - - 0 1",
        2,
        Some(&["h5h7"]),
    );
}

#[test]
fn ultraslanted_white_first_mate_in_three_ultra_walks_and_jumps_the_barrier() {
    // USEC with White to move. The Black king e4 sits beside the hole d4 (no W or NW
    // neighbour); its squares are e5 f5 f4 f3 e3 d3.
    // 1.Qd2! (ab5 -> bc4 -> c3 -> d2: ab5's SE neighbour is bc4, bc4's is c3) takes d3 and e3
    // and guards f4 along d2-e3-f4. 2.Uh4 (ij6 -> hi5 -> gh4, two steps SW) follows whatever
    // Black does (the bishop has only spare moves; the king shuffles between e4 e5 f5 f3),
    // and then 3.Uf4#: gh4 <-> f4 is a lateral jump over the hole g4. From f4 the Ultra
    // checks e4 / e5 / f5 / f3 (one step W / NW / N / S) and also covers e3 e4 e5 f5 f6 f3
    // f2 g3; the queen guards f4 and covers d3 e2 g2; the king e7 and knight c7 take e6 f6.
    // (Against some king moves 3.Qf4# also mates.)
    // No shorter win: the only first-move checks, Qb1+ and Qe1+, leave the king two or more
    // flights, and after 1.Qd2 no Ultra square reachable in one move gives a mate (the Ultra
    // needs two moves to reach f4).
    mate_in(
        "ultraslantedwhite",
        "10/10/2N1K5/2b*2*2U/Q2*2*3/3*k1*3/10/10/10 w - - 0 1",
        3,
        Some(&["a5d2"]),
    );
}

// ---------------------------------------------------------------------------------------------
// Almost USEC (both Queens replaced by Chancellors, Black first) and Sort of Almost USEC
// (White has the Chancellor, Black the Queen; Black first). Chancellor = forked rook + knight.
// ---------------------------------------------------------------------------------------------

#[test]
fn almostultraslanted_black_mates_in_two_with_chancellor_knight_checks() {
    // Black to move. 1...Bi1+ (j2 -> i1): the bishop checks g3 along i1-h2-g3 and x-rays f4.
    // The king's neighbours (USEC table for g3: gh4 h3 h2 g2 f2 f3 f4) : h3 is covered by the
    // rook hi5 (hi5 -> hi4, whose S ray forks into h3 | i3), h2 g2 f2 by the Chancellor's rook
    // part along rank 2, h2 and f4 by the bishop. Two moves remain:
    // - 2.Kf3: 2...Cd2# (c2 -> d2), a knight check (USEC knight d2: b1 f1 b3 f3 cd4 e4). f3's
    //   neighbours: f4 (bishop's diagonal, now open), e4 (the Chancellor's knight part), e3 (the
    //   own Crab), e2 f2 g2 (rank 2), g3 (bishop); f3 has no NE neighbour (hole g4). The Crab
    //   e3 cannot take d2 (Crabs capture forward only).
    // - 2.Kh4 (g3 -> gh4): 2...Ci2#, c2 -> i2 along rank 2 and a knight check again (USEC
    //   knight i2: g1 g3 gh4 ij4). gh4's neighbours: gh5 hi5 hi4 h3 g3 (nothing W or NW: hole
    //   g4); gh5 hi4 h3 by the rook hi5 (W, and S through the fork), hi4 also by the
    //   Chancellor's file (i3 -> hi4 | ij4), which guards the rook on hi5 as well (so Kxhi5 is
    //   illegal), g3 by the bishop. (2...Rh1# also mates: hi5-hi4-h3
    //   -h2-h1, and from h1 the N ray forks at h3 into gh4 | hi4.)
    // No mate in one: every Black check leaves a flight (see the engine-independent list in
    // tests/reference: Ce2+, Ce3+, Cg2+, Ci2+, Rh3+, Rh5+, Ri3+ all fail).
    mate_in(
        "almostultraslanted",
        "10/1k8/10/3*2*3/3*2*1r1/3*2*3/4P1K3/2c6b/10 b - - 0 1",
        2,
        Some(&["j2i1"]),
    );
}

#[test]
fn almostultraslanted_black_mates_in_three_rook_forks_and_chancellor() {
    // Black to move; the mate in two above with the Chancellor on b3 instead of c2.
    // 1...Bi1+ (i1-h2-g3, x-raying f4; h3 is the rook's: hi5 -> hi4 -> h3 | i3). Four replies:
    // - 2.Kf3 Cd2#: knight check from d2 (USEC knight d2: b1 f1 b3 f3 cd4 e4), as in the mate
    //   in two (f4 bishop, e4 knight part, e2 f2 g2 rank 2, e3 own Crab, no NE: hole g4).
    // - 2.Kh4 (g3 -> gh4) Rh1#: hi5-hi4-h3-h2-h1, and from h1 the N ray forks at h3 into
    //   gh4 (check, and x-ray on to gh5) | hi4 hi5; g3 is the bishop's. (Quiet rook moves along
    //   the i-file also win in time.)
    // - 2.Kg2 Cd2+ (rook check along rank 2) 3.Kg1 Rh5#: hi5 -> gh5, and gh5's S ray forks at
    //   gh4 into g3 g2 g1 (check) | h3 h2 h1; f1 is the knight part's (d2 -> f1), f2 the rank's.
    // - 2.Kf2 Ri2+ (hi5 -> hi4 -> i3 -> i2: the other branch of the fork at hi4; check along
    //   rank 2) and the Chancellor mates next: 3.Ke1/Kf1/Kg1 Ca1#/Cb1#/Cc1# along rank 1
    //   (3.Ke1 Cxe3# too, down the e-file), 3.Kf3 Cd2# (knight check).
    // No mate in two: the first checks (Bi1+, Cxe3+, Rh3+, Rh5+, Ri3+) all leave the king a
    // way out for one more move (confirmed by the reference solver).
    mate_in(
        "almostultraslanted",
        "10/1k8/10/3*2*3/3*2*1r1/3*2*3/1c2P1K3/9b/10 b - - 0 1",
        3,
        Some(&["j2i1"]),
    );
}

#[test]
fn sortofalmostultraslanted_white_promotes_to_chancellor_and_mates_in_two() {
    // White to move. In Sort of Almost USEC White's army has the Chancellor and White's Crabs
    // promote to C U R B N (no Queen; escalator.md section 3).
    // 1.i8-h9=C+! (the Crab's diagonal non-capture step NW onto the last rank). The new
    // Chancellor checks h7 down the h-file; its knight part covers g7 i7; the Chancellor i2's
    // i-file (i3 -> hi4 hi5 hi6 i7 i8 i9 through the fork) covers hi6 i7 i8; gh6 (h7's S
    // neighbour) is x-rayed by h9; h7 has no SW neighbour (hole g6). 1...Kg8 is forced.
    // 2.Ci7#: the Chancellor i2 goes up the same forked i-file to i7 and gives a knight check
    // (USEC knight i7: gh5 ij5 g8 h9 j9). Flights of g8: f9 g9 h8 (the Chancellor h9's rook
    // part), f8 (its knight part, and the White king e9), f7 g7 h7 (the Chancellor i7's rank),
    // h9 is guarded by the knight part of i7. The Black Crab h2 and knight h1 only give Black
    // spare moves.
    // No mate in one: every White check leaves a flight (1.h9=C+ leaves g8; the other
    // promotions and the Chancellor i2's checks leave more).
    mate_in(
        "sortofalmostultraslanted",
        "4K5/8P1/7k2/3*2*3/3*2*3/3*2*3/10/7pC1/7n2 w - - 0 1",
        2,
        Some(&["i8h9c"]),
    );
}

#[test]
fn sortofalmostultraslanted_black_queen_mates_in_three_down_the_forks() {
    // Black to move (Sort of Almost USEC starts with Black; Black's army has the Queen).
    // 1...Qf1+ (f6-f5-f4-f3-f2-f1, the plain f-file) 2.Ka2 or 2.Kb2 (b1 is on the queen's rank).
    // 2...Qxb5! takes the Crab bc5 along the slanted diagonal f1-e2-d3-cd4-bc5 (d3's NW
    // neighbour is cd4, cd4's is bc5). From bc5 the queen's S ray forks at bc4 into b3 b2 b1
    // and c3 c2 c1, its SW diagonal is ab4 a3: the king (on a2 or b2) is left with a1 and a2.
    // 3...Qa4# / Qa5# / Qa6#: a queen on the a-file (ab4, ab5 or ab6) has the S fork ab4 ->
    // a3 | b3, so it checks a1/a2 along a3 while its b-branch covers b3 b2 b1 (and a2/a1 are
    // x-rayed along the a-branch).
    // No mate in two: 1...Qf1+ is Black's only check, and after it no queen move mates at once.
    mate_in(
        "sortofalmostultraslanted",
        "10/k9/10/3*1q*3/1P1*2*3/3*2*3/10/10/K9 b - - 0 1",
        3,
        Some(&["f6f1"]),
    );
}

// ---------------------------------------------------------------------------------------------
// Diagonal Chess: a White pawn moves one step NE (to h8's side), captures N or E, promotes on
// rank 8 / file h with a square-dependent choice, and wins by reaching h8.
// ---------------------------------------------------------------------------------------------

#[test]
fn diagonal_mate_in_two_after_promoting_to_a_rook_on_h6() {
    // 1.g5-h6=R! h6 lies on file h: the pawn must promote, and h6 allows only R, B or N
    // (diagonal.md: b8 f8 h6 h2 -> R, B, N). The pawn cannot race to h8: g5's diagonal ends on
    // h6. After 1...Kb1 (a2 b2 are the White king's) or 1...d7-c6, 2.Rh1# (h6-h1 down the
    // h-file): the rook holds rank 1, the king b3 covers a2 b2 c2.
    // No mate in one: no White move gives check (promotion on h6 does not reach a1).
    mate_in(
        "diagonal",
        "8/3p4/8/6P1/8/1K6/8/k7 w - - 0 1",
        2,
        Some(&["g5h6r"]),
    );
}

#[test]
fn diagonal_pawn_switches_diagonal_by_capture_and_races_to_h8() {
    // Only pawns on the long diagonal a1-h8 reach h8 by their NE steps: e6's diagonal is
    // e6-f7-g8 (and g8 is a promotion square anyway). 1.exf6! captures E (a pawn captures N or
    // E) and lands on f6, on the long diagonal; then 2.f6-g7 and 3.g7-h8 win, the pawn reaching
    // the corner by a legal move. Black's king a7 is far too slow to reach g7/h8 or to attack
    // the pawn (f6 guards f7 g6 and g7 guards g8 h7 by the pawn's N/E capture; White's king g8
    // covers f7 g7 h7 h8 as well), and Black has nothing else that moves.
    // No win in two: e6 needs one capture to change diagonal plus two NE steps; White cannot
    // mate with king and pawn in two either.
    mate_in(
        "diagonal",
        "6K1/k7/4Pp2/8/8/8/8/8 w - - 0 1",
        3,
        Some(&["e6f6"]),
    );
}

#[test]
fn diagonal_mate_in_three_needs_a_rook_promotion_on_f8() {
    // 1.e7-f8=R! The pawn e7 has a single move, the NE step to f8 (nothing to capture on e8 or
    // f7), and f8 is a rank-8 promotion square that allows only R, B or N (no Queen). With two
    // rooks White builds a ladder: whatever Black does (the king h3 steps to g2 g3 g4 h2 h4, or
    // a pawn moves), 2.Rg7 (c7-g7; a check when the king stepped onto the g-file) locks the king
    // on the h-file, and 3.Rh8# (f8-h8) mates it there. A rook on h8 is just a rook: only a pawn
    // reaching h8 wins. (After some replies 2.Rg8 also works.) 1.f8=B or 1.f8=N does not win in
    // three; the Black pawns d8 and e5 are far too slow to matter.
    // No win in two: White's only check at move one is 1.Rc3+, and the king slips out via the
    // g-file; after 1.f8=R no move mates at once.
    mate_in(
        "diagonal",
        "3p4/2R1P3/3K4/4p3/8/7k/8/8 w - - 0 1",
        3,
        Some(&["e7f8r"]),
    );
}
