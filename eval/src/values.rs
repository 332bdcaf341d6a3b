//! Piece values derived from mobility, so that pieces without textbook values (the Ultra,
//! the Chancellor, the Crab, Diagonal Chess's (1,3) knight) and familiar pieces on unfamiliar
//! boards (a bishop on an escalator board, whose diagonals the holes cut) are priced by the
//! same rule.
//!
//! # Method
//!
//! 1. **Mobility.** For a piece role on a game's board, its mobility `m` at occupancy density
//!    `d` is the number of destinations it has, averaged over every cell of the board and over
//!    [`SAMPLES`] pseudo-random occupancies in which each other cell is occupied with
//!    probability `d`. A destination is an empty cell it attacks (weight 1) or an occupied
//!    cell it attacks (weight 1/2: the piece there is an enemy, and can be taken, half the
//!    time). Attacks come from the game's own tables (forked slider rays, the rules' knight
//!    and Ultra tables), so holes and escalators count for what they really do. The
//!    occupancies come from a SplitMix64 generator with a fixed seed, and every role of every
//!    game sees the same sequence: the numbers are reproducible to the last bit.
//! 2. **Value.** `value = a · m^b`. The three parameters `d`, `a`, `b` are fitted once, on
//!    the orthodox board, to N = 320, B = 330, R = 500, Q = 900: for each density
//!    `d = 0.15, 0.16, ... 0.55` a least-squares line is fitted through
//!    `(ln m, ln value)` of the four pieces, and the density with the smallest residual is
//!    kept (it comes out at d = 0.34, a ≈ 58.5, b ≈ 1.15; the fit gives back
//!    N 316, B 343, R 481, Q 911, within 4% of the textbook numbers, rms 2.8%). The same
//!    `d`, `a`, `b` then price every piece of every game.
//! 3. **Pawn-role piece.** Its worth is half promotion potential, which mobility does not
//!    see, and half what it does on the board, which mobility does: with `m` its mobility
//!    (quiet steps to empty cells, captures onto occupied cells at weight 1/2, averaged over
//!    the cells a pawn of either colour can stand on) and `m₀` the orthodox pawn's on the
//!    orthodox board, `value = 100 · (1 + m/m₀) / 2`. The orthodox pawn is 100; the Crab,
//!    which also steps diagonally, comes out near 150.
//! 4. **King**: no material value (it is never traded); its mobility is reported.
//!
//! Star Trek chess uses the same fit with mobility measured in its 3D geometry (see
//! `startrek.rs`).

use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::variant::{VariantSpec, Width};
use oblique_engine::Game;
use oblique_engine::{Color, Role};
use oblique_tables::Bitboard;
use once_cell::sync::Lazy;

/// Occupancies sampled per density.
pub const SAMPLES: usize = 256;
/// Seed of the occupancy generator.
const SEED: u64 = 0x0b11_9e00_c0ff_ee00;
/// Densities tried by the fit, in hundredths.
const DENSITY_GRID: std::ops::RangeInclusive<u32> = 15..=55;
/// The textbook values the fit reproduces.
const ORTHODOX: [(Role, f64); 4] = [
    (Role::Knight, 320.0),
    (Role::Bishop, 330.0),
    (Role::Rook, 500.0),
    (Role::Queen, 900.0),
];

/// The project's one random generator (engine's SplitMix64), under the name the evaluation
/// has always used for it.
pub use oblique_engine::random::SplitMix64 as SplitMix;

/// The fitted mapping from mobility to centipawns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Occupancy density of the samples.
    pub density: f64,
    /// `value = a · m^b`.
    pub a: f64,
    pub b: f64,
    /// Root-mean-square error of the fit, in natural-log units (0.03 = 3%).
    pub rms_log_error: f64,
    /// Mobility of the orthodox pawn on the orthodox board (the pawn scale).
    pub pawn_mobility: f64,
}

impl Fit {
    pub fn value(&self, mobility: f64) -> f64 {
        self.a * mobility.powf(self.b)
    }
}

/// Occupancy samples for one board size and density (the same for every role and game with
/// that many cells).
pub(crate) fn samples<B: Bitboard>(cells: usize, density: f64) -> Vec<B> {
    let mut rng = SplitMix::new(SEED);
    (0..SAMPLES)
        .map(|_| {
            let mut occ = B::EMPTY;
            for sq in 0..cells {
                if rng.chance(density) {
                    occ |= B::bit(sq);
                }
            }
            occ
        })
        .collect()
}

/// Expected destinations of a non-pawn role (knight, sliders, king, Ultra, Chancellor) on
/// each cell, over the occupancy samples.
pub(crate) fn cell_mobility<B: Bitboard>(rules: &Rules<B>, role: Role, occs: &[B]) -> Vec<f64> {
    (0..rules.cells)
        .map(|sq| {
            let mut total = 0u64;
            for &occ in occs {
                let o = occ & !B::bit(sq);
                let quiet = rules.quiet_moves(0, role, sq, o) & !o;
                let capture = rules.attacks(0, role, sq, o) & o;
                // Twice the weighted count: empty cells 2, occupied 1.
                total += 2 * quiet.count() as u64 + capture.count() as u64;
            }
            total as f64 / (2 * occs.len()) as f64
        })
        .collect()
}

/// Mean destinations of a non-pawn role over the board.
fn piece_mobility<B: Bitboard>(rules: &Rules<B>, role: Role, occs: &[B]) -> f64 {
    cell_mobility(rules, role, occs).iter().sum::<f64>() / rules.cells as f64
}

/// Cells a pawn of the colour can stand on: everything its moves reach from its start
/// cells, outside its promotion zone.
pub(crate) fn pawn_cells<B: Bitboard + RulesCache>(rules: &Rules<B>, color: Color) -> B {
    let ci = color.index();
    let start = start_pieces::<B>(rules.spec, color, Some(Role::Pawn));
    let mut seen = start;
    let mut frontier = start;
    while frontier.any() {
        let mut next = B::EMPTY;
        for sq in frontier.iter() {
            next |= rules.pawn_quiet[ci][sq] | rules.pawn_capture[ci][sq];
        }
        next &= !seen & !rules.promotion_zone[ci] & !rules.pawn_goal[ci];
        seen |= next;
        frontier = next;
    }
    seen
}

/// Cells of the start position holding pieces of the colour (of one role, or any).
pub(crate) fn start_pieces<B: Bitboard + RulesCache>(
    spec: &'static VariantSpec,
    color: Color,
    role: Option<Role>,
) -> B {
    let pos = oblique_engine::Position::<B>::start(spec).expect("start position parses");
    match role {
        Some(r) => pos.pieces(color, r),
        None => pos.color_bb(color),
    }
}

/// Mean moves of the pawn-role piece over the cells it can stand on, both colours.
fn pawn_mobility<B: Bitboard + RulesCache>(rules: &Rules<B>, occs: &[B]) -> f64 {
    let mut total = 0u64;
    let mut count = 0u64;
    for color in [Color::White, Color::Black] {
        let ci = color.index();
        for sq in pawn_cells(rules, color).iter() {
            for &occ in occs {
                let o = occ & !B::bit(sq);
                let quiet = rules.pawn_quiet[ci][sq] & !o;
                let capture = rules.pawn_capture[ci][sq] & o;
                // A cell that is both a quiet and a capture target is one destination.
                total += 2 * quiet.count() as u64 + (capture & !quiet).count() as u64;
                count += 2;
            }
        }
    }
    total as f64 / count as f64
}

fn fit_at(density: f64) -> Fit {
    let rules = rules_for::<u64>(oblique_engine::registry::chess()).expect("orthodox rules");
    let occs = samples::<u64>(rules.cells, density);
    let xs: Vec<f64> = ORTHODOX
        .iter()
        .map(|&(r, _)| piece_mobility(rules, r, &occs).ln())
        .collect();
    let ys: Vec<f64> = ORTHODOX.iter().map(|&(_, v)| v.ln()).collect();
    let n = xs.len() as f64;
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let b = sxy / sxx;
    let ln_a = my - b * mx;
    let sse: f64 = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| (ln_a + b * x - y).powi(2))
        .sum();
    Fit {
        density,
        a: ln_a.exp(),
        b,
        rms_log_error: (sse / n).sqrt(),
        pawn_mobility: pawn_mobility(rules, &occs),
    }
}

/// The fit, computed once per process.
pub fn fit() -> Fit {
    static FIT: Lazy<Fit> = Lazy::new(|| {
        DENSITY_GRID
            .map(|p| fit_at(p as f64 / 100.0))
            .fold(None, |best: Option<Fit>, f| match best {
                Some(b) if b.rms_log_error <= f.rms_log_error => Some(b),
                _ => Some(f),
            })
            .expect("the density grid is not empty")
    });
    *FIT
}

/// One role of one game: its measured mobility and derived value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoleValue {
    pub role: Role,
    /// Mean destinations at the fitted density.
    pub mobility: f64,
    /// Centipawns (0 for the king).
    pub value: i32,
}

/// Value of a pawn-role piece with the given mobility.
pub(crate) fn pawn_value(fit: &Fit, mobility: f64) -> i32 {
    (100.0 * (1.0 + mobility / fit.pawn_mobility) / 2.0).round() as i32
}

fn derive_2d<B: Bitboard + RulesCache>(spec: &'static VariantSpec) -> Vec<RoleValue> {
    let fit = fit();
    let rules = rules_for::<B>(spec).expect("a registered game");
    let occs = samples::<B>(rules.cells, fit.density);
    spec.roles
        .iter()
        .map(|&role| {
            let (mobility, value) = match role {
                Role::Pawn => {
                    let m = pawn_mobility(rules, &occs);
                    (m, pawn_value(&fit, m))
                }
                Role::King => (piece_mobility(rules, role, &occs), 0),
                _ => {
                    let m = piece_mobility(rules, role, &occs);
                    (m, fit.value(m).round() as i32)
                }
            };
            // A value the game file gives wins over the derived one.
            let value = spec.pieces[role.index()]
                .and_then(|p| p.value)
                .map_or(value, |pawns| (pawns * 100.0).round() as i32);
            RoleValue {
                role,
                mobility,
                value,
            }
        })
        .collect()
}

/// Mobility and value of every role of a 2D game (in the game's role order).
pub fn derive(spec: &'static VariantSpec) -> Vec<RoleValue> {
    match spec.width {
        Width::W64 => derive_2d::<u64>(spec),
        Width::W128 => derive_2d::<u128>(spec),
    }
}
