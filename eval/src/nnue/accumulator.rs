//! The hidden layer's input sums ("accumulators") of the position last evaluated on this
//! thread, brought up to date by difference instead of being summed afresh.
//!
//! Why a difference of piece sets and not an update in `make_move`: the engine's positions
//! and search know nothing of evaluations (`engine` never depends on `eval`), and a search
//! evaluates positions one after another that differ by a move or two (a child after its
//! parent, a sibling after a sibling). So each thread keeps the piece sets of the position
//! it evaluated last with its two accumulators; the next evaluation compares the sets role
//! by role and adds or subtracts only the first-layer rows of the men that came or went
//! (two to six rows for nearby positions), and likewise for Star Trek chess's attack boards.
//! A position far from the last one (after a new root, or in another game) is summed
//! afresh. The result is exactly the sum from scratch:
//! integer arithmetic, no drift.

use super::network::Network;
use oblique_engine::startrek::bitset::Cells;
use oblique_engine::{Color, PieceSets, Role};
use oblique_tables::Bitboard;
use std::cell::RefCell;

/// More changed men than this and the sums are made afresh (cheaper than the rows).
const REFRESH_ABOVE: usize = 16;

/// The last evaluated position of one thread and bitboard width.
pub struct Accumulators<B> {
    /// The network the sums belong to (its address); 0: none yet.
    net: usize,
    sets: PieceSets<B>,
    /// Occupied pins and Black's among them (Star Trek chess).
    boards: (u32, u32),
    /// White's view, then Black's.
    acc: [Vec<i16>; 2],
}

impl<B: Bitboard> Default for Accumulators<B> {
    fn default() -> Self {
        Accumulators {
            net: 0,
            sets: PieceSets::EMPTY,
            boards: (0, 0),
            acc: [Vec::new(), Vec::new()],
        }
    }
}

/// A bitboard width with accumulators of its own on every thread.
pub trait NetCache: Bitboard {
    fn with_accumulators<R>(f: impl FnOnce(&mut Accumulators<Self>) -> R) -> R;
}

thread_local! {
    static ACC64: RefCell<Accumulators<u64>> = RefCell::new(Accumulators::default());
    static ACC128: RefCell<Accumulators<u128>> = RefCell::new(Accumulators::default());
    static ACC_ST: RefCell<Accumulators<Cells>> = RefCell::new(Accumulators::default());
}

impl NetCache for Cells {
    #[inline(always)]
    fn with_accumulators<R>(f: impl FnOnce(&mut Accumulators<Cells>) -> R) -> R {
        ACC_ST.with(|c| f(&mut c.borrow_mut()))
    }
}

impl NetCache for u64 {
    #[inline(always)]
    fn with_accumulators<R>(f: impl FnOnce(&mut Accumulators<u64>) -> R) -> R {
        ACC64.with(|c| f(&mut c.borrow_mut()))
    }
}

impl NetCache for u128 {
    #[inline(always)]
    fn with_accumulators<R>(f: impl FnOnce(&mut Accumulators<u128>) -> R) -> R {
        ACC128.with(|c| f(&mut c.borrow_mut()))
    }
}

#[inline(always)]
fn add(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

const VIEWS: [Color; 2] = [Color::White, Color::Black];

impl<B: Bitboard> Accumulators<B> {
    fn refresh(&mut self, net: &Network, sets: &PieceSets<B>, boards: (u32, u32)) {
        for (view, acc) in VIEWS.iter().zip(self.acc.iter_mut()) {
            acc.clear();
            acc.extend_from_slice(&net.ft_bias);
            for color in VIEWS {
                for role in oblique_engine::types::ROLES {
                    if net.layout.role_slot[role.index()].is_none() {
                        continue;
                    }
                    for cell in sets.pieces(color, role).iter() {
                        add(acc, net.row(net.layout.index(*view, color, role, cell)));
                    }
                }
            }
            for pin in 0..net.layout.pins {
                if boards.0 >> pin & 1 != 0 {
                    add(
                        acc,
                        net.row(net.layout.board_index(*view, owner(boards.1, pin), pin)),
                    );
                }
            }
        }
        self.net = net as *const Network as usize;
        self.sets = *sets;
        self.boards = boards;
    }

    /// Brings the sums to the position whose men are `sets` and attack boards `boards`.
    #[inline]
    pub fn update(&mut self, net: &Network, sets: &PieceSets<B>, boards: (u32, u32)) {
        if self.net != net as *const Network as usize {
            return self.refresh(net, sets, boards);
        }
        if boards != self.boards {
            // An attack board moved or changed hands (rare): a fresh sum is simplest.
            return self.refresh(net, sets, boards);
        }
        let mut changed: [(Color, Role, usize, bool); REFRESH_ABOVE] =
            [(Color::White, Role::Pawn, 0, false); REFRESH_ABOVE];
        let mut n = 0;
        for color in VIEWS {
            for role in oblique_engine::types::ROLES {
                if net.layout.role_slot[role.index()].is_none() {
                    continue;
                }
                let (old, new) = (self.sets.pieces(color, role), sets.pieces(color, role));
                if old == new {
                    continue;
                }
                for (gone, set) in [(true, old & !new), (false, new & !old)] {
                    for cell in set.iter() {
                        if n == REFRESH_ABOVE {
                            return self.refresh(net, sets, boards);
                        }
                        changed[n] = (color, role, cell, gone);
                        n += 1;
                    }
                }
            }
        }
        for (view, acc) in VIEWS.iter().zip(self.acc.iter_mut()) {
            for &(color, role, cell, gone) in &changed[..n] {
                let row = net.row(net.layout.index(*view, color, role, cell));
                if gone {
                    sub(acc, row);
                } else {
                    add(acc, row);
                }
            }
        }
        self.sets = *sets;
    }

    /// The score in centipawns for `side_to_move`.
    #[inline]
    pub fn output(&self, net: &Network, side_to_move: Color) -> i32 {
        let (own, their) = if side_to_move == Color::White {
            (&self.acc[0], &self.acc[1])
        } else {
            (&self.acc[1], &self.acc[0])
        };
        let bucket = net
            .layout
            .bucket(self.sets.occupied().count() as usize, net.buckets);
        net.output(own, their, bucket)
    }
}

/// The owner of the board on `pin`, from the mask of Black's boards.
#[inline(always)]
fn owner(black_owned: u32, pin: usize) -> Color {
    if black_owned >> pin & 1 != 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The network's score of a position with men `sets`, attack boards `boards` (occupied
/// pins, Black's; `(0, 0)` on a 2D board) and `side_to_move`, on this thread's
/// accumulators. The network lives as long as the process: the accumulators know it by its
/// address.
#[inline]
pub fn evaluate<B: NetCache>(
    net: &'static Network,
    sets: &PieceSets<B>,
    boards: (u32, u32),
    side_to_move: Color,
) -> i32 {
    B::with_accumulators(|a| {
        a.update(net, sets, boards);
        a.output(net, side_to_move)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::{Layout, NetPosition};
    use crate::nnue::network::QA;
    use oblique_engine::random::SplitMix64;
    use oblique_engine::rules::RulesCache;
    use oblique_engine::{Game, Position};

    /// A network of seeded random weights for `layout`, 24 hidden units and 4 buckets, as a
    /// fresh trainer draws them (first layer within a tenth of a unit, biases a tenth above,
    /// output within `1 / sqrt(2 hidden)`), rounded to the fixed point. The weights do not
    /// matter, only that every row does.
    fn random_network(layout: Layout, seed: u64) -> &'static Network {
        let (hidden, buckets) = (24, 4);
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |limit: f32| {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            ((u * 2.0 - 1.0) as f32) * limit
        };
        let q = |w: f32| (w * QA as f32).round() as i16;
        let ft_weights = (0..layout.inputs() * hidden)
            .map(|_| q(uniform(0.1)))
            .collect();
        let ft_bias = (0..hidden).map(|_| q(uniform(0.1) + 0.1)).collect();
        let out_limit = 1.0 / (2.0 * hidden as f32).sqrt();
        let out_weights = (0..buckets * 2 * hidden)
            .map(|_| uniform(out_limit))
            .collect();
        Box::leak(Box::new(Network {
            layout,
            hidden,
            buckets,
            residual: false,
            scale: 150.0,
            notes: String::new(),
            ft_weights,
            ft_bias,
            out_weights,
            out_bias: vec![0.0; buckets],
        }))
    }

    /// A random network of the game.
    fn random_net<B: RulesCache>(game: &str, seed: u64) -> &'static Network {
        let spec = oblique_engine::find_variant(game).expect("a game");
        random_network(Layout::of_game::<B>(spec).expect("a layout"), seed)
    }

    fn from_scratch<G: NetPosition>(net: &Network, pos: &G) -> i32 {
        let (mut w, mut b) = (Vec::new(), Vec::new());
        net.layout.active(pos, &mut w, &mut b);
        let men = pos.occupied().count() as usize;
        if pos.side_to_move() == Color::White {
            net.evaluate_inputs(&w, &b, men)
        } else {
            net.evaluate_inputs(&b, &w, men)
        }
    }

    /// Random games, undoing a move now and then and starting afresh now and then: the
    /// updated sums always equal the sums made from scratch.
    fn updates_equal_scratch<B: NetCache + RulesCache>(game: &str) {
        let spec = oblique_engine::find_variant(game).expect("a game");
        let net = random_net::<B>(game, 3);
        let mut rng = SplitMix64::new(11);
        for _ in 0..6 {
            let mut pos = Position::<B>::start(spec).expect("start");
            let mut line = Vec::new();
            for _ in 0..120 {
                if rng.below(5) == 0 {
                    if let Some((m, undo)) = line.pop() {
                        pos.unmake_move(m, undo);
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let undo = pos.make_move(m);
                line.push((m, undo));
                let fast = evaluate(
                    net,
                    pos.piece_sets(),
                    pos.attack_boards(),
                    pos.side_to_move(),
                );
                assert_eq!(fast, from_scratch(net, &pos), "{game}: {}", pos.to_fen());
            }
        }
    }

    #[test]
    fn updated_sums_equal_fresh_ones_in_orthodox_chess() {
        updates_equal_scratch::<u64>("chess");
    }

    #[test]
    fn updated_sums_equal_fresh_ones_in_ultra_slanted_chess() {
        updates_equal_scratch::<u128>("ultraslanted");
    }

    #[test]
    fn updated_sums_equal_fresh_ones_in_diagonal_chess() {
        updates_equal_scratch::<u64>("diagonal");
    }

    #[test]
    fn updated_sums_equal_fresh_ones_in_star_trek_chess() {
        use oblique_engine::startrek::StarTrekPosition;
        let net = random_network(Layout::of_startrek(), 5);
        let mut rng = SplitMix64::new(13);
        let mut board_moves = 0;
        for _ in 0..4 {
            let mut pos = StarTrekPosition::start();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let before = pos.attack_boards();
                pos.make_move(m);
                board_moves += (pos.attack_boards() != before) as usize;
                let fast = evaluate(
                    net,
                    pos.piece_sets(),
                    pos.attack_boards(),
                    pos.side_to_move(),
                );
                assert_eq!(fast, from_scratch(net, &pos), "{}", pos.to_fen());
            }
        }
        assert!(board_moves > 0, "the games moved no attack board");
    }

    #[test]
    fn a_second_network_on_the_same_thread_starts_afresh() {
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let pos = Position::<u64>::start(spec).expect("start");
        let (a, b) = (random_net::<u64>("chess", 1), random_net::<u64>("chess", 2));
        for net in [a, b, a] {
            let fast = evaluate(
                net,
                pos.piece_sets(),
                pos.attack_boards(),
                pos.side_to_move(),
            );
            assert_eq!(fast, from_scratch(net, &pos));
        }
    }
}
