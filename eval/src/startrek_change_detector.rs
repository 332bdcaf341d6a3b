//! Change detector for the Star Trek evaluation (`super::evaluate`): not a test of
//! correctness.
//!
//! `SCORES` holds 50 positions with the scores that this engine's own evaluation printed as
//! of commit 320508c (eval/src/startrek.rs as last changed in 52299cd, before it read the
//! position's piece sets through accessors). The numbers are the engine's output, derived
//! from nothing outside it, so they say nothing about whether a score is good. What a
//! failure means is that the evaluation changed: a commit that moves any of them changes
//! how the engine plays Star Trek chess. If that was meant, the commit says so (with its
//! measurement in games) and records the new table (`cargo run --release -p oblique-eval
//! --example startrek_scores table 50` prints it for the current evaluation); if it was not
//! meant (a refactor), the failure is the bug. The positions come from that example's seeded
//! random games: 40 spread over all 12,342 recorded positions and 10 with the fewest pieces.
//!
//! Two tests of invariants sit beside it (they are exact, not recorded): the attack-board pin
//! masks are disjoint, and the position's piece sets equal a walk over the cells.

use super::*;
use oblique_engine::Game;
use oblique_tables::Bitboard;

#[rustfmt::skip]
const SCORES: &[(&str, i32)] = &[
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Nb1(2),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pc2(2),Pd2(2),Pe2(2),pb7(6),pc7(6),pd7(6),pe7(6),nb8(6),bc8(6),bd8(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),f1(1),b2(2),c2(2),d2(2),e2(2),b7(6),c7(6),d7(6),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 0 1", 10),
    ("Re0(1),Kf0(1),Ra1(1),Pb1(1),Pf1(1),Pe1(2),Pb2(2),Bd2(2),Ne2(2),Pb3(2),Qb3(4),qb4(2),nb4(4),nb5(6),pc5(6),pd5(6),be5(6),pb7(6),kb8(6),pa8(7),pb8(7),pe8(7),pf8(7),re9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b b1(1),f1(1),b7(6),a8(7),b8(7),e8(7),f8(7),f9(7) - 1 32", 584),
    ("Ra0(1),Re1(1),Ke3(2),Pb4(4),pb3(2),pb5(4),pb5(6),kd6(6),ne6(6),pb7(6),pe8(6),ra8(7),re8(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w - - 1 110", -870),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Bc1(2),Pb2(2),Pc2(2),Pd2(2),Pe4(2),Nb3(4),Nc3(4),Bb7(6),nc3(2),be6(6),pc7(6),pd7(6),pe7(6),bd8(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),f1(1),b2(2),c2(2),d2(2),c7(6),d7(6),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 4 10", -109),
    ("Rf0(1),Re1(1),Pb2(2),Pc2(2),Kd2(2),Pe4(4),Nc5(6),Be7(6),nb3(4),pe6(4),pc6(6),pa8(7),pb8(7),pe8(7),rf8(7),ka9(7),rb9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b c2(2),a8(7),b8(7),e8(7) - 2 63", -131),
    ("Kc2(2),Rb4(2),Pb6(4),Pc5(6),pc3(2),rf4(5),nd6(6),pb7(6),kc7(6),pe7(6),ra4(7) b1(1):w,e5(5):b,b5(7):b,e5(7):b b - - 6 140", 857),
    ("Ra0(1),Ra1(1),Bb1(1),Pe2(2),Ke2(3),Nb3(4),Qd5(6),nb2(2),pd4(2),pb5(4),kb6(6),pe6(6),pb8(6),pe8(6),rf8(7),rb9(7) b1(1):w,e3(3):w,b8(7):b,e8(7):b w a0(1) - 2 73", 647),
    ("Rf4(1),Rf5(1),Kb3(2),Ne3(4),nb5(4),kc8(6),rf5(7) e4(1):w,b4(3):w,e5(7):b,b8(7):b w - - 19 150", 43),
    ("Ra0(1),Re0(1),Qa1(1),Ke1(1),Pf1(1),Pb1(2),Pe3(2),Nb4(4),Pc4(4),Nc8(6),nb4(2),pe3(4),nd5(4),pb8(6),pa8(7),rf8(7),ra9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),f1(1),a8(7) - 7 71", 729),
    ("Ra0(1),Rb0(1),Kf0(1),Pb1(1),Pe1(1),Pb2(2),Pc2(2),Pb3(4),Nb5(4),Pe5(4),Be6(6),pc4(2),be3(4),nd4(4),nd6(4),pe5(6),pb6(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b b1(1),e1(1),c2(2),a8(7),b8(7),e8(7),f8(7),a9(7) - 2 32", 1139),
    ("Kc3(2),Pc4(2),Rb4(4),Pe6(4),pb5(4),pb6(4),kb6(6),pb7(6),pe8(6),ra8(7),rb9(7) e4(1):w,b4(3):w,b8(7):b,e8(7):b w - - 0 110", -463),
    ("Ra0(1),Qb0(1),Re0(1),Kf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Pb2(2),Pc2(2),Pe3(2),Pd4(2),Nb3(4),Ne3(4),Be4(4),Bb6(4),pd5(6),pb6(6),pc6(6),pe6(6),pb7(6),bd7(6),nb8(6),bd8(6),ne8(6),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),a1(1),b1(1),e1(1),f1(1),b2(2),c2(2),b8(7),e8(7),f8(7),a9(7) - 1 12", -70),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Nb1(2),Bd1(2),Pe2(2),Pb3(2),Pc3(2),Bc3(4),Ne3(4),Pd4(4),bc4(2),nb5(6),pd5(6),pe5(6),pb6(6),pc7(6),pe7(6),nb8(6),bd8(6),pa8(7),pb8(7),pe8(7),kf8(7),ra9(7),qb9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),f1(1),e2(2),c7(6),a8(7),b8(7),e8(7),a9(7),f9(7) - 1 10", 27),
    ("Qb0(1),Re0(1),Kf0(1),Ra1(1),Pb1(1),Nd1(2),Pe1(2),Pb3(2),Pe3(2),Pe4(2),Bc3(4),Nb4(4),Pc5(4),bb4(2),bd3(4),pe4(4),nd5(4),pe5(4),pb6(4),pc5(6),qc6(6),pe7(6),pa8(7),pb8(7),pe8(7),ra9(7),rb9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w b1(1),a8(7),b8(7),e8(7),a9(7) - 0 32", -185),
    ("Rf0(1),Ra1(1),Ke2(2),Pe4(2),Bc5(4),ne3(2),pd3(4),rb4(4),pe4(4),pe5(4),pe5(6),pb7(6),ke8(6) b1(1):w,e1(1):w,e8(5):b,b5(7):b w - - 28 109", -250),
    ("Ra0(1),Rf0(1),Pa1(1),Pb1(1),Ke1(1),Qb3(2),Pc4(2),Ne3(4),Pb6(6),Pe6(6),nc5(4),pe5(4),pb7(6),qc7(6),pb8(6),kc8(6),pa8(7),pe8(7),pf8(7),ra9(7),rb9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),f0(1),a1(1),b1(1),b7(6),a8(7),e8(7),f8(7) - 0 49", -79),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Pb2(2),Pd2(2),Bb3(2),Nb4(2),Pc4(2),Pe4(2),Nd7(6),bd3(4),pb5(6),nd5(6),pc6(6),pe6(6),pb7(6),nb8(6),ra8(7),pb8(7),pe8(7),pf8(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),f0(1),a1(1),b1(1),e1(1),f1(1),b2(2),d2(2),b8(7),e8(7),f8(7) - 4 20", -99),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pe1(1),Pf1(1),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pd2(2),Pb3(2),Nd3(2),Pe3(2),Pc4(2),bc6(4),bd6(4),nb5(6),pc5(6),pd5(6),pb7(6),pe7(6),nb8(6),kd8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),e1(1),f1(1),d2(2),b7(6),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7) - 1 14", -7),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pe1(1),Pf1(1),Pb1(2),Bc1(2),Ne1(2),Bc2(2),Pd2(2),Pb3(2),Pe3(2),Nb3(4),Pc5(4),be5(4),bc6(4),pd6(4),pc5(6),pb6(6),nd7(6),pe7(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),e1(1),f1(1),d2(2),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 0 9", 10),
    ("Ke4(1),Pb1(2),Pb2(2),Rc3(2),Nb4(2),Pe6(4),Pb6(6),rb6(4),pc5(6),pe6(6),pe7(6),pb8(6),kf4(7),rb9(7) e4(1):w,e4(3):b,e5(7):b,b8(7):b w - - 21 86", 135),
    ("Ra0(1),Rb0(1),Qa1(1),Nc1(2),Pe1(2),Kc4(2),Pe4(2),Ne3(4),Pe4(4),Pd5(4),Bc6(6),pd6(4),pb5(6),bb6(6),pe7(6),pb8(6),pe8(6),rf4(7),re9(7),kf9(7) b1(1):w,e3(3):w,e5(7):b,e8(7):b b a0(1) - 4 62", -1225),
    ("Rb0(1),Rf0(1),Pe1(1),Pf1(1),Pb1(2),Bc1(2),Kd1(2),Pc2(2),Bd3(2),Pe4(2),Pb5(4),Ne5(4),be1(2),pb4(4),ne6(4),pd5(6),pe5(6),pb7(6),bd7(6),pb8(6),kd8(6),pa8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w f0(1),e1(1),f1(1),c2(2),b7(6),a8(7),e8(7),f8(7),a9(7) - 3 27", -845),
    ("Rf0(1),Rb1(1),Pe1(1),Pf1(1),Pb1(2),Kd1(2),Pd4(2),Pb3(4),Pd4(4),Qe4(4),bb0(1),pc5(4),pd5(4),pe5(4),pc6(6),pb7(6),pe8(6),pb8(7),pe8(7),ra9(7),rb9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b f0(1),e1(1),f1(1),b8(7),e8(7) - 0 33", -178),
    ("Ke0(1),Ra1(1),Pb1(1),Pe1(1),Rf1(1),Bc2(2),Pb3(2),Pd3(4),Pe3(4),Nd4(4),Qb5(4),Nd7(6),bd2(2),pb4(4),pe4(4),qb6(6),pe8(7),pf8(7),rb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b b1(1),e1(1),e8(7),f8(7),f9(7) - 0 49", -860),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Bd1(2),Pe2(2),Nc3(2),Bb4(2),Pb3(4),Pd3(4),Ne3(4),bc3(4),pc5(4),nb6(4),bc6(4),pe6(4),pd6(6),pc7(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),f0(1),a1(1),b1(1),e1(1),f1(1),e2(2),c7(6),a8(7),b8(7),e8(7),f8(7),a9(7) - 0 16", 142),
    ("Rb0(1),Pa1(1),Pb1(1),Pe1(1),Rf1(1),Bc1(2),Kd1(2),Pb2(2),Pe2(2),Pe3(2),Qe4(2),Pd4(4),Bb7(6),bc4(2),bc3(4),pb5(6),pd5(6),ne5(6),ke6(6),pc7(6),pe7(6),nb8(6),pe8(6),pb8(7),ra9(7),qe9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a1(1),b1(1),e1(1),b2(2),c7(6),b8(7),a9(7),f9(7) - 2 28", 581),
    ("Rb0(1),Pb2(2),Kd3(2),Re3(2),Pe4(2),Pb4(4),Pe4(4),Pd5(4),Pe6(6),nb5(4),pe5(4),pb6(4),pe6(4),kd7(6),qa4(7),ra5(7),re9(7) b1(1):w,b1(3):w,b5(7):b,e8(7):b b - - 0 105", 725),
    ("Qe0(1),Ra1(1),Rb1(1),Kf1(1),Pb1(2),Pe1(2),Nb2(2),Pd3(2),Pe3(2),Pb3(4),Pc3(4),Pb4(4),Nb5(6),Bd6(6),pe4(2),bd3(4),pc5(6),qc6(6),pb7(6),nd7(6),pe7(6),nc8(6),pb8(7),pe8(7),pf8(7),ra9(7),rb9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b e7(6),b8(7),e8(7),f8(7),a9(7) - 4 46", 24),
    ("Qe5(1),Kf5(1),Rb2(2),Pe2(2),Pd3(2),Rb4(4),Pd6(4),Pd5(6),Pb6(6),nc5(4),pe5(6),pb7(6),pe7(6),pb8(6),ra5(7),re9(7),kf9(7) e4(1):w,e1(3):w,b5(7):b,e8(7):b w - - 4 124", 439),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pe1(1),Pf1(1),Bd1(2),Pb2(2),Pc2(2),Ne2(2),Pb4(2),Pe4(2),Nb5(6),bd3(2),qb4(4),pe5(4),pd5(6),pb6(6),pb7(6),pc7(6),nd7(6),bd8(6),ne8(6),pb8(7),pe8(7),pf8(7),rb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),e0(1),f0(1),a1(1),e1(1),f1(1),c2(2),c7(6),b8(7),e8(7),f8(7),e9(7),f9(7) - 1 17", 450),
    ("Ra0(1),Ke0(1),Rf0(1),Pa1(1),Pf1(1),Pb1(2),Pb2(2),Pe3(2),Pd4(2),Pc4(4),Nc5(4),Qd6(6),be2(2),pc5(6),bc7(6),pd7(6),pb8(6),kd8(6),ne8(6),pa8(7),pe8(7),pf8(7),rb9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),a1(1),f1(1),b2(2),d7(6),a8(7),e8(7),f8(7) - 1 31", 327),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Nb1(2),Bc1(2),Bd1(2),Pc2(2),Pe2(2),Pb3(2),Ne3(4),Pd4(4),bc4(2),pd5(6),pc6(6),pb7(6),nc7(6),pe7(6),nb8(6),bd8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),f1(1),c2(2),e2(2),b7(6),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 1 5", 19),
    ("Ra0(1),Qb0(1),Re0(1),Pa1(1),Pe1(1),Pb1(2),Kd1(2),Pb2(2),Pe2(2),Bc3(4),Pe3(4),Nc5(6),bc3(2),bc6(4),nd5(6),pe7(6),pb8(6),nc8(6),pe8(6),pa8(7),pf8(7),ra9(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),a1(1),e1(1),b2(2),e7(6),a8(7),f8(7),a9(7) - 2 28", -575),
    ("Qb1(1),Re1(1),Nc1(2),Pe1(2),Pb2(2),Kc2(2),Pe2(2),Bd4(2),Rb4(4),Pb5(4),pe3(2),pb6(4),ke6(6),rd7(6),pe7(6),pf8(7) b1(1):w,e1(1):w,b6(5):b,e8(7):b w - - 52 105", 1640),
    ("Ra0(1),Ke0(1),Rf0(1),Qa1(1),Pb1(1),Pe1(1),Pf1(1),Bc1(2),Nd1(2),Pb2(2),Pe4(2),Pc3(4),Nd4(4),Bc6(6),pd5(4),be5(4),pe5(6),bb7(6),pe7(6),kd8(6),pa8(7),pb8(7),pf8(7),ra9(7),qb9(7),re9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),e0(1),f0(1),b1(1),e1(1),f1(1),a8(7),b8(7),f8(7),a9(7) - 6 32", -760),
    ("Ka0(1),Re0(1),Qa1(1),Pb1(1),Pe1(1),Rf1(1),Nb1(2),Pe2(2),Ne6(4),Bc8(6),nc4(2),bc3(4),pb5(4),pb6(4),pe7(6),pb8(6),ra8(7),re8(7),qa9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b b1(1),e1(1) - 1 47", -203),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Nb1(2),Ne1(2),Pe2(2),Bb3(2),Pd3(4),Pe4(4),ne3(4),pe5(4),nc7(6),bd8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),re9(7),kf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),a8(7),b8(7),e8(7),f8(7),a9(7) - 0 18", 84),
    ("Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pe1(1),Pf1(1),Pb1(2),Bd1(2),Pb2(2),Pc2(2),Bd2(2),Pe3(2),Nb4(2),Pd4(2),bd6(4),ne6(4),pb5(6),pd6(6),pe6(6),bb7(6),pc7(6),nb8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b b a0(1),e0(1),f0(1),a1(1),e1(1),f1(1),b2(2),c2(2),c7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 0 10", 384),
    ("Re0(1),Qf0(1),Rb1(2),Bd1(2),Pb4(2),Kb3(4),Be7(6),be2(2),qe3(2),kc6(4),ra6(5),pa8(7),pb8(7) e1(1):w,b4(3):w,b6(5):b,b8(7):b b a8(7),b8(7) - 0 87", -443),
    ("Rb0(1),Ke1(1),Pf1(1),Pe1(2),Pb2(2),Pc2(2),Qc4(2),Pb3(4),Pe3(4),Ne4(4),ba0(1),pb6(4),pe6(6),bd7(6),pb8(6),pe8(6),ke8(7),re9(7),qf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w f1(1) - 4 74", 46),
    ("Re1(1),Rb4(1),Kb3(2),Nb4(2),ne3(4),kb5(6),re4(7) e1(1):w,b4(1):w,b8(5):b,e5(7):b b - - 0 140", -26),
    ("Pc3(2),Kb4(2),Rd4(2),Pe4(4),Qe8(6),pb5(4),pe5(4),qe6(4),ka8(7),ra9(7) e1(1):w,e4(3):w,e5(7):b,b8(7):b w - - 0 134", 10),
    ("Kf0(1),Rc1(2),Pb5(4),Pc5(6),pc3(2),ne4(2),pb7(6),pe7(6),ka8(7),ra9(7),re9(7) e1(1):w,e8(5):w,b8(7):b,e8(7):b w - - 0 129", -825),
    ("Kc3(2),Pc4(2),Rb4(4),Pe6(4),pb6(4),pb5(6),kb6(6),pb7(6),pe8(6),ra8(7),re9(7) b4(1):w,e4(1):w,b8(7):b,e8(7):b b - - 0 108", 475),
    ("Rb0(1),Rf1(1),Kd2(2),Pe4(2),pe3(2),pe3(4),pe5(4),pb6(4),pe5(6),re7(6),ke8(6) b1(1):w,e1(1):w,b5(5):b,e8(7):b w - - 0 118", -296),
    ("Kf4(1),Pb1(2),Nd2(2),Pb3(2),Rd4(4),Pb7(6),Pe7(6),pc5(4),pe6(4),pb8(6),ke8(6) e4(1):w,e5(5):b,e5(7):b,e8(7):b b - - 0 100", -964),
    ("Kf4(1),Qb2(2),Pb6(6),Ra5(7),nc3(4),pe5(4),pd6(4),kf9(5),rd5(6),pb7(6),pb8(6) e4(1):w,b6(3):w,e8(5):b,b5(7):w w - - 0 149", -56),
    ("Pe2(2),Kc4(2),Pe4(2),Rf7(3),Pe4(4),qb4(2),pb5(4),pe5(4),pb6(4),rd6(6),ke9(7) b1(1):w,e6(3):w,e5(7):b,e8(7):b w - - 0 143", -735),
    ("Re0(1),Rf0(1),Kd2(2),pb3(2),rb4(4),pb5(4),nc6(4),pb5(6),kd6(6),pb7(6),pe8(6),re8(7) b1(1):w,e1(1):w,b5(7):b,e8(7):b w - - 0 115", -1049),
    ("Re0(1),Ke1(1),Rc1(2),Qb2(2),Nc3(2),Pe3(4),pd3(2),pb6(6),kb7(6),nd8(6),ra4(7),rb8(7) e1(1):w,b4(3):w,b5(7):b,b8(7):b b - - 0 115", -550),
];

#[test]
fn scores_equal_the_recorded_engine_output() {
    let mut wrong = Vec::new();
    for &(tfen, want) in SCORES {
        let pos = StarTrekPosition::from_tfen(tfen).unwrap_or_else(|e| panic!("{tfen}: {e}"));
        let got = evaluate(&pos);
        if got != want {
            wrong.push(format!("{tfen}: recorded {want}, now {got}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} recorded scores changed (a change detector: if the evaluation was meant \
         to change, say so and record the new table; see the design note):\n{}",
        wrong.len(),
        SCORES.len(),
        wrong.join("\n")
    );
}

/// The evaluation takes the exists and cover masks from the position, which updates them
/// by XOR as boards come and go, where `layout_of` ORs them over the occupied pins. They
/// agree for every set of occupied pins because no two pins share a footprint cell or a
/// covered main-board cell.
#[test]
fn pin_masks_are_disjoint() {
    let g = geometry();
    for (i, p) in g.pins.iter().enumerate() {
        for q in &g.pins[i + 1..] {
            assert!(
                (p.footprint & q.footprint).is_empty(),
                "{} {}",
                p.name,
                q.name
            );
            assert!(
                (p.mb_above & q.mb_above).is_empty(),
                "{} {}",
                p.name,
                q.name
            );
            assert!(
                (p.mb_below & q.mb_below).is_empty(),
                "{} {}",
                p.name,
                q.name
            );
        }
    }
}

/// The position's sets, as the evaluation reads them, are the ones the cell-by-cell walk
/// of the earlier evaluation rebuilt, in positions reached by make and by unmake.
#[test]
fn accessors_match_a_walk_over_the_cells() {
    let g = geometry();
    let mut rng = SplitMix::new(0x5e75);
    for _ in 0..20 {
        let mut pos = StarTrekPosition::start();
        let mut moves = Vec::new();
        for _ in 0..120 {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let probe = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let undo = pos.make_move(probe);
            check_sets(g, &pos);
            pos.unmake_move(probe, undo);
            check_sets(g, &pos);
            pos.make_move(moves[(rng.next_u64() % moves.len() as u64) as usize]);
        }
    }
}

fn check_sets(g: &BoxGeometry, pos: &StarTrekPosition) {
    let l = layout_of(g, |i| pos.pin_occupied(i));
    assert_eq!(pos.existing_cells(), l.exists);
    assert_eq!(pos.cover_below(), l.cover_below);
    assert_eq!(pos.cover_above(), l.cover_above);
    let mut occ = Cells::EMPTY;
    for color in [Color::White, Color::Black] {
        let mut mine = Cells::EMPTY;
        for &role in ROLES {
            let walked = Cells::from_indices(l.exists.iter().filter(|&x| {
                pos.piece_at(x)
                    .is_some_and(|p| p.color == color && p.role == role)
            }));
            assert_eq!(pos.pieces(color, role), walked, "{color:?} {role:?}");
            mine |= walked;
        }
        assert_eq!(pos.color_bb(color), mine);
        let king = pos.pieces(color, Role::King);
        assert_eq!(king.count(), 1);
        assert_eq!(pos.king_cell(color), king.lsb());
        occ |= mine;
    }
    assert_eq!(pos.occupied(), occ);
}
