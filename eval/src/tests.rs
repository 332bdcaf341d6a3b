//! Unit tests: reproducible values, sane orderings, determinism, colour symmetry, and the
//! evaluation's judgement on positions whose verdict is clear.

use crate::cache::{tables_by_name, EvalCache};
use crate::plane::{term_scores, GOAL_NEXT_MOVE, TERMS};
use crate::report::{piece_values, role_values, values_report};
use crate::score::S;
use crate::values::fit;
use crate::Evaluation;
use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::search::Evaluator;
use oblique_engine::variant::VariantSpec;
use oblique_engine::variant::Width;
use oblique_engine::{builtin_games, find_variant, Color, Game, Position, Role};
use oblique_tables::Bitboard;

fn eval_fen<B: EvalCache>(variant: &str, fen: &str) -> i32 {
    let spec = find_variant(variant).expect("game");
    let pos = Position::<B>::from_fen(spec, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Evaluation.evaluate(&pos)
}

/// Evaluates a FEN of any 2D game.
fn eval(variant: &str, fen: &str) -> i32 {
    match find_variant(variant).expect("game").width {
        Width::W64 => eval_fen::<u64>(variant, fen),
        Width::W128 => eval_fen::<u128>(variant, fen),
    }
}

fn value(variant: &str, role: Role) -> i32 {
    piece_values(variant)
        .into_iter()
        .find(|&(r, _)| r == role)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("{variant} has no {role:?}"))
}

// ---------------------------------------------------------------------------------------
// Values

#[test]
fn values_are_reproducible() {
    for v in builtin_games() {
        let a = piece_values(v.name);
        let b = piece_values(v.name);
        assert_eq!(a, b, "{}", v.name);
        assert_eq!(role_values(v.name), role_values(v.name));
        assert!(!a.is_empty());
    }
    assert_eq!(fit(), fit());
}

#[test]
fn the_fit_gives_back_the_orthodox_values() {
    let f = fit();
    assert!(f.rms_log_error < 0.05, "{f:?}");
    for (role, textbook) in [
        (Role::Knight, 320),
        (Role::Bishop, 330),
        (Role::Rook, 500),
        (Role::Queen, 900),
    ] {
        let v = value("chess", role);
        assert!((v - textbook).abs() * 100 <= textbook * 6, "{role:?} {v}");
    }
    assert_eq!(value("chess", Role::Pawn), 100);
}

#[test]
fn values_are_ordered_sanely_in_every_game() {
    for v in builtin_games() {
        let vals = piece_values(v.name);
        let get = |r: Role| vals.iter().find(|&&(x, _)| x == r).map(|&(_, v)| v);
        let pawn = get(Role::Pawn).unwrap();
        let minor = get(Role::Knight).unwrap().max(get(Role::Bishop).unwrap());
        let rook = get(Role::Rook).unwrap();
        assert!(pawn > 50 && pawn < minor, "{}: pawn {pawn}", v.name);
        assert!(rook > minor, "{}: rook {rook} minor {minor}", v.name);
        if let Some(q) = get(Role::Queen) {
            assert!(q > rook, "{}: queen {q} rook {rook}", v.name);
        }
        if let Some(c) = get(Role::Chancellor) {
            assert!(c > rook, "{}: chancellor {c} rook {rook}", v.name);
        }
        if let Some(u) = get(Role::Ultra) {
            assert!(u > minor, "{}: ultra {u} minor {minor}", v.name);
        }
        assert!(get(Role::King).is_none());
    }
}

#[test]
fn geometry_changes_the_values() {
    // Holes cut the escalator boards' diagonals; Diagonal Chess's knight is a (1,3) leaper.
    assert!(value("slanted", Role::Bishop) < value("chess", Role::Bishop));
    assert!(value("diagonal", Role::Knight) < value("chess", Role::Knight));
    assert_eq!(value("diagonal", Role::Rook), value("chess", Role::Rook));
    // The Crab steps diagonally too: worth more than a pawn.
    assert!(value("slanted", Role::Pawn) > 120);
    assert!(values_report("ultraslanted").unwrap().contains("ultra"));
    assert!(values_report("nosuchgame").is_err());
    assert!(piece_values("nosuchgame").is_empty());
}

// ---------------------------------------------------------------------------------------
// Symmetry and determinism

/// Position strings (FEN or TFEN) along `games` random walks of legal moves from `start`,
/// each 4 to `max_plies + 3` plies long, from a fixed seed.
pub(crate) fn random_walks<G: Game>(
    start: impl Fn() -> G,
    seed: u64,
    games: usize,
    max_plies: usize,
) -> Vec<String> {
    let mut rng = crate::values::SplitMix::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = start();
        let mut moves = Vec::new();
        let plies = 4 + (rng.next_u64() % max_plies as u64) as usize;
        for _ in 0..plies {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.make_move(m);
            out.push(pos.to_fen());
        }
    }
    out
}

/// Positions reached by random legal moves from the start of a 2D game (fixed seed).
fn random_positions(variant: &str, games: usize, max_plies: usize) -> Vec<String> {
    let spec = find_variant(variant).unwrap();
    let seed = 0x5eed ^ games as u64;
    match spec.width {
        Width::W64 => random_walks(
            || Position::<u64>::start(spec).unwrap(),
            seed,
            games,
            max_plies,
        ),
        Width::W128 => random_walks(
            || Position::<u128>::start(spec).unwrap(),
            seed,
            games,
            max_plies,
        ),
    }
}

fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// Orthodox colour flip: ranks upside down, colours swapped.
fn flip_orthodox(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = f[0].split('/').rev().map(swap_case).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(f[2]).chars().collect();
    castling.sort_by_key(|c| "KQkq-".find(*c));
    let castling: String = castling.into_iter().collect();
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        placement.join("/"),
        f[4],
        f[5]
    )
}

/// Splits a FEN rank into tokens: piece letters, holes, and (multi-digit) runs.
fn rank_tokens(rank: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in rank.chars() {
        if c.is_ascii_digit()
            && out
                .last()
                .is_some_and(|t| t.chars().all(|x| x.is_ascii_digit()))
        {
            out.last_mut().unwrap().push(c);
        } else {
            out.push(c.to_string());
        }
    }
    out
}

/// Half turn of the board with colours swapped (Diagonal Chess's colour symmetry).
fn rotate_colours(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| swap_case(&rank_tokens(r).into_iter().rev().collect::<String>()))
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    format!("{} {side} - - {} {}", placement.join("/"), f[4], f[5])
}

/// Mirror between the a- and the last file, same colours, no castling or e.p. (the escalator
/// boards are symmetric that way).
fn mirror_files(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = f[0]
        .split('/')
        .map(|r| rank_tokens(r).into_iter().rev().collect::<String>())
        .collect();
    format!("{} {} - - {} {}", placement.join("/"), f[1], f[4], f[5])
}

const ORTHODOX_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkb1r/pp1p1ppp/4pn2/2pP4/2P5/8/PP2PPPP/RNBQKBNR w KQkq c6 0 4",
    "6k1/5ppp/8/8/8/8/1P3PPP/6K1 b - - 0 30",
    "8/8/8/4k3/8/8/8/4KQ2 w - - 0 50",
    "8/P7/8/8/8/8/5k2/K7 b - - 0 60",
    "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/P4PPP/R2QR1K1 b - - 3 15",
];

#[test]
fn orthodox_colour_flip_scores_the_same() {
    let mut fens: Vec<String> = ORTHODOX_FENS.iter().map(|s| s.to_string()).collect();
    fens.extend(random_positions("chess", 40, 120));
    for fen in &fens {
        let flipped = flip_orthodox(fen);
        assert_eq!(
            eval("chess", fen),
            eval("chess", &flipped),
            "{fen} vs {flipped}"
        );
    }
}

#[test]
fn diagonal_colour_rotation_scores_the_same() {
    let mut fens = random_positions("diagonal", 40, 120);
    fens.push("3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1".to_string());
    for fen in &fens {
        let rotated = rotate_colours(fen);
        assert_eq!(
            eval("diagonal", fen),
            eval("diagonal", &rotated),
            "{fen} vs {rotated}"
        );
    }
}

#[test]
fn escalator_file_mirror_scores_the_same() {
    for v in [
        "slanted",
        "minislanted",
        "ultraslanted",
        "almostultraslanted",
        "sortofalmostultraslanted",
    ] {
        for fen in random_positions(v, 10, 80) {
            let plain = mirror_files(&mirror_files(&fen));
            let mirrored = mirror_files(&fen);
            assert_eq!(eval(v, &plain), eval(v, &mirrored), "{v}: {fen}");
        }
    }
}

#[test]
fn evaluation_is_deterministic() {
    for v in builtin_games() {
        for fen in random_positions(v.name, 3, 60) {
            let a = eval(v.name, &fen);
            let b = eval(v.name, &fen);
            assert_eq!(a, b, "{}: {fen}", v.name);
        }
    }
}

#[test]
fn start_positions_are_nearly_level() {
    for v in builtin_games() {
        let score = eval(v.name, v.start_fen);
        assert!(score.abs() <= 40, "{}: {score}", v.name);
    }
}

#[test]
fn tables_are_built_for_every_game() {
    for v in builtin_games() {
        match v.width {
            Width::W64 => assert!(tables_by_name::<u64>(v.name).is_some()),
            Width::W128 => assert!(tables_by_name::<u128>(v.name).is_some()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Judgement

#[test]
fn material_counts() {
    // White is a queen up.
    let up = eval(
        "chess",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(up > 700, "{up}");
    // From Black's point of view it is as bad.
    let down = eval(
        "chess",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    );
    assert!(down < -700, "{down}");
}

#[test]
fn advanced_passed_pawns_are_worth_more() {
    let far = eval("chess", "6k1/8/8/8/8/8/P7/6K1 w - - 0 1");
    let near = eval("chess", "6k1/P7/8/8/8/8/8/6K1 b - - 0 1");
    let near = -near; // Black to move there; White's view
    assert!(near > far + 150, "far {far} near {near}");
}

#[test]
fn an_uncatchable_pawn_wins() {
    // The black king is too far from a8.
    let s = eval("chess", "8/8/P7/8/8/8/7k/K7 w - - 0 1");
    assert!(s > 400, "{s}");
}

#[test]
fn bare_minor_pieces_cannot_win() {
    let s = eval("chess", "8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
    assert!(s.abs() < 60, "{s}");
}

#[test]
fn a_pawn_shield_is_better_than_none() {
    // Black's queen and bishop look at the white king: g2-g4 and h2-h4 weaken it.
    let shielded = eval(
        "chess",
        "r4rk1/ppp2ppp/2n2q2/2b1p3/4P3/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 1",
    );
    let pushed = eval(
        "chess",
        "r4rk1/ppp2ppp/2n2q2/2b1p3/4P1PP/2NP1N2/PPP2P2/R2Q1RK1 w - - 0 1",
    );
    assert!(shielded > pushed, "shielded {shielded} pushed {pushed}");
    // The shelter counts only for a king in its own camp.
    let t = tables_by_name::<u64>("chess").unwrap();
    let g = &t.rules.geom;
    assert_eq!(t.shield_scale[0][g.cell("g1").unwrap()], 2);
    assert_eq!(t.shield_scale[0][g.cell("g3").unwrap()], 0);
}

#[test]
fn a_knight_prefers_the_centre_and_dislikes_holes() {
    let t = tables_by_name::<u64>("slanted").unwrap();
    let g = &t.rules.geom;
    let cell = |name: &str| g.cell(name).unwrap_or_else(|| panic!("{name}"));
    let n = |sq: usize| t.psq[0][Role::Knight.index()][sq].mg;
    // d3 loses the jumps into the holes' neighbourhood less than a1 loses to the corner.
    assert!(n(cell("d3")) > n(cell("a1")));
    let chess = tables_by_name::<u64>("chess").unwrap();
    let e4 = chess.rules.geom.cell("e4").unwrap();
    let a1 = chess.rules.geom.cell("a1").unwrap();
    assert!(
        chess.psq[0][Role::Knight.index()][e4].mg > chess.psq[0][Role::Knight.index()][a1].mg + 15
    );
}

#[test]
fn diagonal_chess_pawn_one_step_from_the_corner() {
    // White pawn on g7, h8 empty. White to move: g7-h8 wins on the spot.
    let white_to_move = eval("diagonal", "4k3/6P1/8/8/8/8/8/K7 w - - 0 1");
    assert!(white_to_move >= GOAL_NEXT_MOVE - 500, "{white_to_move}");
    // Black to move: still a big threat, but Black can answer it.
    let black_to_move = -eval("diagonal", "4k3/6P1/8/8/8/8/8/K7 b - - 0 1");
    assert!(black_to_move > 300, "{black_to_move}");
    assert!(black_to_move < white_to_move);
    // The corner occupied: no race bonus of that size.
    let blocked = eval("diagonal", "7k/6P1/8/8/8/8/8/K7 w - - 0 1");
    assert!(blocked < black_to_move, "{blocked}");
}

#[test]
fn diagonal_chess_race_prefers_the_nearer_pawn() {
    // The defending king far from both pawns (on h8 it would take the near pawn at once:
    // Kg7xf6, a search finds, so that pair said nothing about the race).
    let near = eval("diagonal", "k7/8/5P2/8/8/8/8/7K w - - 0 1");
    let far = eval("diagonal", "k7/8/8/8/3P4/8/8/7K w - - 0 1");
    assert!(near > far, "near {near} far {far}");
}

#[test]
fn crab_advancement_counts() {
    let back = eval("slanted", "4k3/8/8/2*2*2/2*2*2/8/3P4/4K3 w - - 0 1");
    let forward = eval("slanted", "4k3/3P4/8/2*2*2/2*2*2/8/8/4K3 b - - 0 1");
    assert!(-forward > back, "back {back} forward {}", -forward);
}

// ---------------------------------------------------------------------------------------
// Star Trek chess

mod startrek {
    use super::*;
    use oblique_engine::startrek::StarTrekPosition;

    fn st_eval(tfen: &str) -> i32 {
        let pos = StarTrekPosition::from_tfen(tfen).unwrap_or_else(|e| panic!("{tfen}: {e}"));
        Evaluation.evaluate(&pos)
    }

    /// (f, r, l) -> (f, 9 - r, 8 - l): Black's half of the box is White's turned over.
    fn mirror_square(sq: &str) -> String {
        let b = sq.as_bytes();
        let file = b[0] as char;
        let open = sq.find('(').expect("level");
        let rank: i32 = sq[1..open].parse().expect("rank");
        let level: i32 = sq[open + 1..sq.len() - 1].parse().expect("level");
        format!("{file}{}({})", 9 - rank, 8 - level)
    }

    fn list(field: &str, f: impl Fn(&str) -> String) -> String {
        if field == "-" {
            "-".to_string()
        } else {
            field.split(',').map(f).collect::<Vec<_>>().join(",")
        }
    }

    fn flip_tfen(tfen: &str) -> String {
        let f: Vec<&str> = tfen.split_whitespace().collect();
        let pieces = list(f[0], |p| {
            let (letter, sq) = p.split_at(1);
            format!("{}{}", swap_case(letter), mirror_square(sq))
        });
        let pins = list(f[1], |p| {
            let (pin, owner) = p.split_once(':').unwrap();
            let owner = if owner == "w" { "b" } else { "w" };
            format!("{}:{owner}", mirror_square(pin))
        });
        let side = if f[2] == "w" { "b" } else { "w" };
        let unmoved = list(f[3], mirror_square);
        let ep = list(f[4], mirror_square);
        format!("{pieces} {pins} {side} {unmoved} {ep} {} {}", f[5], f[6])
    }

    fn random_tfens(games: usize, max_plies: usize) -> Vec<String> {
        let mut out = vec![oblique_engine::startrek::START_TFEN.to_string()];
        out.extend(super::random_walks(
            StarTrekPosition::start,
            0x3d3d,
            games,
            max_plies,
        ));
        out
    }

    #[test]
    fn values_are_reproducible_and_sane() {
        let a = piece_values("startrek");
        assert_eq!(a, piece_values("startrek"));
        assert_eq!(
            crate::startrek::values_table(),
            &role_values("startrek").unwrap()[..]
        );
        let get = |r: Role| a.iter().find(|&&(x, _)| x == r).map(|&(_, v)| v).unwrap();
        let queen = get(Role::Queen);
        for r in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
            assert!(queen > get(r), "{r:?}");
            assert!(get(Role::Pawn) <= get(r) || r == Role::Pawn);
        }
        assert!(get(Role::Pawn) > 50);
    }

    #[test]
    fn start_position_is_level() {
        let s = st_eval(oblique_engine::startrek::START_TFEN);
        assert!(s.abs() <= 30, "{s}");
    }

    #[test]
    fn colour_flip_scores_the_same() {
        for tfen in random_tfens(25, 60) {
            let flipped = flip_tfen(&tfen);
            assert_eq!(st_eval(&tfen), st_eval(&flipped), "{tfen}\n{flipped}");
        }
    }

    #[test]
    fn material_and_centre_count() {
        let start = StarTrekPosition::start();
        let mut pos = start.clone();
        // Remove Black's queen: White is far ahead.
        let tfen = pos.to_tfen().replace("qb9(7),", "");
        pos = StarTrekPosition::from_tfen(&tfen).unwrap();
        assert!(Evaluation.evaluate(&pos) > 500);
        // A knight on the neutral board beats one at home.
        let home = st_eval("Kb1(2),Nb2(2),Pc2(2),ke8(6),pd7(6) - w - - 0 1");
        let centre = st_eval("Kb1(2),Nc4(4),Pc2(2),ke8(6),pd7(6) - w - - 0 1");
        assert!(centre > home, "centre {centre} home {home}");
    }
}

#[test]
fn doubled_pawns_and_pawn_threats_cost() {
    let doubled = eval("chess", "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
    let split = eval("chess", "4k3/8/8/8/8/4P3/2P5/4K3 w - - 0 1");
    assert!(doubled < split, "doubled {doubled} split {split}");
    // The same knight, attacked by a pawn or not (Black to move can take it).
    let attacked = eval("chess", "4k3/8/8/2p5/3N4/8/8/4K3 b - - 0 1");
    let safe = eval("chess", "4k3/8/8/2p5/8/3N4/8/4K3 b - - 0 1");
    assert!(
        attacked > safe,
        "Black's view: attacked {attacked} safe {safe}"
    );
}

// ---------------------------------------------------------------------------------------
// Threats, in every 2D game: positions built from the game's own cells and checked by the
// game's own attack rules, so each expectation follows from the rules, not from a diagram.

/// The placement field of a FEN with `men` (cell, FEN letter) on the game's board.
fn placement<B: Bitboard + RulesCache>(rules: &Rules<B>, men: &[(usize, char)]) -> String {
    let g = &rules.geom;
    let mut out = String::new();
    for rank in (0..g.ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..g.files as i32 {
            let here = g.at(file, rank).map(|sq| men.iter().find(|m| m.0 == sq));
            let ch = match here {
                None => Some('*'),
                Some(None) => None,
                Some(Some(&(_, c))) => Some(c),
            };
            match ch {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The first legal position (White to move, no side in check) of White king, White knight,
/// Black rook and Black king, in that order, that `wanted` accepts.
fn knight_and_rook<B: Bitboard + RulesCache + EvalCache>(
    spec: &'static VariantSpec,
    wanted: impl Fn(&Position<B>, [usize; 4]) -> bool,
) -> Option<Position<B>> {
    let rules = rules_for::<B>(spec).expect("rules");
    let n = rules.cells;
    for knight in 0..n {
        for rook in 0..n {
            for wk in 0..n {
                for bk in (0..n).rev() {
                    let cells = [wk, knight, rook, bk];
                    if (1..4).any(|i| cells[..i].contains(&cells[i])) {
                        continue;
                    }
                    let men = [(wk, 'K'), (knight, 'N'), (rook, 'r'), (bk, 'k')];
                    let fen = format!("{} w - - 0 1", placement(rules, &men));
                    let Ok(pos) = Position::<B>::from_fen(spec, &fen) else {
                        continue;
                    };
                    if !pos.in_check() && wanted(&pos, cells) {
                        return Some(pos);
                    }
                }
            }
        }
    }
    None
}

/// Attackers of `sq` of one colour.
fn attackers<B: Bitboard + RulesCache>(pos: &Position<B>, sq: usize, by: Color) -> B {
    pos.attackers_to(sq, pos.occupied()) & pos.color_bb(by)
}

fn threats_of<B: EvalCache>(pos: &Position<B>) -> [S; 2] {
    let terms = term_scores(pos);
    let i = TERMS
        .iter()
        .position(|&t| t == "threats")
        .expect("a threats term");
    [terms[0][i], terms[1][i]]
}

fn each_2d_game(check: fn(&'static VariantSpec)) {
    for v in builtin_games() {
        check(v);
    }
}

fn knight_attacks_a_loose_rook<B: Bitboard + RulesCache + EvalCache>(spec: &'static VariantSpec) {
    // The knight attacks the rook, nothing defends the rook, nothing attacks the knight.
    let pos = knight_and_rook::<B>(spec, |p, [_, n, r, _]| {
        attackers(p, r, Color::White) == B::bit(n)
            && attackers(p, r, Color::Black).is_empty()
            && attackers(p, n, Color::Black).is_empty()
    })
    .unwrap_or_else(|| panic!("{}: no such position", spec.name));
    let [white, black] = threats_of(&pos);
    assert!(
        white.mg > 0 && white.eg > 0,
        "{}: {} white {white:?}",
        spec.name,
        pos.to_fen()
    );
    assert_eq!(black, S::default(), "{}: {}", spec.name, pos.to_fen());
}

#[test]
fn a_knight_attacking_a_loose_rook_is_a_threat_in_every_game() {
    each_2d_game(|v| match v.width {
        Width::W64 => knight_attacks_a_loose_rook::<u64>(v),
        Width::W128 => knight_attacks_a_loose_rook::<u128>(v),
    });
}

fn knight_attacks_a_defended_rook<B: Bitboard + RulesCache + EvalCache>(
    spec: &'static VariantSpec,
) {
    // The rook is defended by its king: still a threat (the knight is worth less), but not
    // a hanging piece, so less than the same threat on a loose rook.
    let defended = knight_and_rook::<B>(spec, |p, [_, n, r, _]| {
        attackers(p, r, Color::White) == B::bit(n)
            && attackers(p, r, Color::Black).any()
            && attackers(p, n, Color::Black).is_empty()
    })
    .unwrap_or_else(|| panic!("{}: no such position", spec.name));
    let loose = knight_and_rook::<B>(spec, |p, [_, n, r, _]| {
        attackers(p, r, Color::White) == B::bit(n)
            && attackers(p, r, Color::Black).is_empty()
            && attackers(p, n, Color::Black).is_empty()
    })
    .unwrap_or_else(|| panic!("{}: no such position", spec.name));
    let (d, l) = (threats_of(&defended)[0], threats_of(&loose)[0]);
    assert!(d.mg > 0 && d.eg > 0, "{}: {}", spec.name, defended.to_fen());
    assert!(l.mg > d.mg && l.eg > d.eg, "{}: {l:?} {d:?}", spec.name);
}

#[test]
fn a_defended_rook_attacked_by_a_knight_is_still_a_threat_in_every_game() {
    each_2d_game(|v| match v.width {
        Width::W64 => knight_attacks_a_defended_rook::<u64>(v),
        Width::W128 => knight_attacks_a_defended_rook::<u128>(v),
    });
}

fn rook_attacks_a_knight<B: Bitboard + RulesCache + EvalCache>(spec: &'static VariantSpec) {
    // A rook attacking a knight is no threat by a lesser piece: it counts only while the
    // knight is loose, not once its king defends it.
    let attacked = |p: &Position<B>, [_, n, r, _]: [usize; 4]| {
        attackers(p, n, Color::Black) == B::bit(r) && attackers(p, r, Color::White).is_empty()
    };
    let loose = knight_and_rook::<B>(spec, |p, c| {
        attacked(p, c) && attackers(p, c[1], Color::White).is_empty()
    })
    .unwrap_or_else(|| panic!("{}: no such position", spec.name));
    let defended = knight_and_rook::<B>(spec, |p, c| {
        attacked(p, c) && attackers(p, c[1], Color::White).any()
    })
    .unwrap_or_else(|| panic!("{}: no such position", spec.name));
    let l = threats_of(&loose)[1];
    assert!(l.mg > 0 && l.eg > 0, "{}: {}", spec.name, loose.to_fen());
    assert_eq!(
        threats_of(&defended)[1],
        S::default(),
        "{}: {}",
        spec.name,
        defended.to_fen()
    );
}

#[test]
fn a_rook_attacking_a_knight_threatens_it_only_while_it_is_loose_in_every_game() {
    each_2d_game(|v| match v.width {
        Width::W64 => rook_attacks_a_knight::<u64>(v),
        Width::W128 => rook_attacks_a_knight::<u128>(v),
    });
}
