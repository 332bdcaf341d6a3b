//! Per-game evaluation tables, derived once from the game's geometry and cached for the life
//! of the process (one slot per game and bitboard width).
//!
//! Everything positional comes from the board graph, never from grid arithmetic, so
//! escalator squares, squares next to holes and Diagonal Chess's corners get their real worth:
//!
//! * **Piece-square tables**: for each piece, its expected number of destinations on that
//!   cell (the same sampling as the piece values, see `values`), minus its board average,
//!   times a per-role weight. A knight next to a hole, which loses jumps, is worth less there.
//! * **King**: in the middle game, king steps away from its own camp (the cells its pieces
//!   start on) and centrality are penalised; in the end game centrality is rewarded.
//!   Centrality is the mean king-step distance from the cell to every other cell.
//! * **Pawn-role piece**: distance along its own quiet moves to the promotion zone (BFS over
//!   `pawn_quiet`), weighted by what it would promote to there (Diagonal Chess squares allow
//!   different pieces), for advancement and passed-pawn bonuses; the passed mask is its
//!   quiet-move front span plus every cell from which an enemy pawn-role piece captures on it.
//! * **King safety**: the zone is the king's cell, its neighbours and the cells two pawn moves
//!   in front; the pawn shield is where the game's own pawn-role piece would go from the
//!   king's cell (quiet and capture steps) and one step further.
//! * **Diagonal Chess race**: distance and path to the goal corner along the quiet moves.

pub use crate::score::{s, S};
pub use crate::shared::FAR;
use crate::shared::{bfs, ADVANCE_SHARE_EG, PASSED_SHARE_EG};
use crate::values::{self, RoleValue};
use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::variant::VariantSpec;
use oblique_engine::{Color, Role};
use oblique_tables::Bitboard;

/// Piece-square weight per role: centipawns per expected destination above the board's
/// average on that cell (pawn and king have their own terms).
const PST_WEIGHT: [(f64, f64); 8] = [
    (0.0, 0.0), // pawn
    (5.0, 4.0), // knight
    (3.0, 3.0), // bishop
    (1.0, 1.0), // rook
    (1.0, 1.0), // queen
    (0.0, 0.0), // king
    (3.0, 3.0), // ultra
    (2.0, 2.0), // chancellor
];

/// Live mobility weight per role: centipawns per safe destination (cells not ours and not
/// attacked by enemy pawn-role pieces), centred on the role's expected mobility.
pub const MOBILITY_WEIGHT: [S; 8] = [
    s(0, 0),
    s(5, 5),
    s(5, 5),
    s(3, 5),
    s(2, 4),
    s(0, 0),
    s(4, 4),
    s(2, 4),
];

/// King-walk and centrality weights.
const KING_HOME_STEP_MG: f64 = 25.0;
const KING_CENTRE_MG: f64 = 30.0;
const KING_CENTRE_EG: f64 = 18.0;
const PAWN_CENTRE_MG: f64 = 10.0;

/// A per-cell table, padded to 128 cells so that indexing with `sq & 127` needs no bounds
/// check.
pub type Board<T> = Box<[T; 128]>;

/// Pads a per-cell vector to a [`Board`].
fn board<T: Copy + Default>(v: &[T]) -> Board<T> {
    let mut b = Box::new([T::default(); 128]);
    b[..v.len()].copy_from_slice(v);
    b
}

/// A cell-pair table (`[a << 7 | b]`), padded the same way.
pub type Pairs = Box<[u8; 128 * 128]>;

fn pairs(n: usize, f: impl Fn(usize, usize) -> u8) -> Pairs {
    let mut t: Pairs = vec![FAR; 128 * 128]
        .into_boxed_slice()
        .try_into()
        .expect("128 * 128 cells");
    for a in 0..n {
        for b in 0..n {
            t[a << 7 | b] = f(a, b);
        }
    }
    t
}

pub struct GameTables<B: Bitboard> {
    pub rules: &'static Rules<B>,
    pub n: usize,
    pub values: Vec<RoleValue>,
    /// Value per role index (king 0).
    pub value: [i32; 8],
    /// Non-pawn, non-king roles of the game.
    pub pieces: Vec<Role>,
    /// The same as a bit set of role indices.
    pub present: u8,
    /// Where the king lands castling king side / queen side, per colour.
    pub castle_to: [[u8; 2]; 2],
    /// Material + piece-square (+ mobility centring) per colour, role, cell.
    pub psq: [[Board<S>; 8]; 2],
    /// Leaper tables (copies of the rules', padded).
    pub knight: Board<B>,
    pub ultra: Board<B>,
    pub pawn_capture: [Board<B>; 2],
    /// King-attack weight per role.
    pub attack_weight: [i32; 8],
    pub zone: [Board<B>; 2],
    pub shield1: [Board<B>; 2],
    pub shield2: [Board<B>; 2],
    /// Share of the shield bonus a king on the cell earns, in halves: 2 in its own camp,
    /// 1 one step out, 0 further (a king walking up behind its pawns is not sheltered).
    pub shield_scale: [Board<i32>; 2],
    pub passed_mask: [Board<B>; 2],
    pub passed_bonus: [Board<S>; 2],
    /// End-game weight of king proximity to a passed pawn.
    pub passed_king_weight: [Board<i32>; 2],
    /// Cells straight ahead of a pawn (its first quiet direction, repeated): an own pawn
    /// there makes it doubled.
    pub straight_ahead: [Board<B>; 2],
    /// Promotion gain (value of the best piece minus the pawn) by cell.
    pub gain: [Board<i32>; 2],
    /// Quiet steps to the promotion zone (FAR if none).
    pub qdist: [Board<u8>; 2],
    /// Every cell the pawn's quiet moves can take it to.
    pub front_span: [Board<B>; 2],
    /// King distance to a pawn's next cells on a shortest way to promotion:
    /// `[c][pawn << 7 | king]`.
    pub block_kdist: [Pairs; 2],
    /// King distance to the nearest promotion cell of a pawn: `[c][pawn << 7 | king]`.
    pub promo_kdist: [Pairs; 2],
    /// Diagonal Chess: quiet steps to the goal (FAR if not on a way there), and the cells
    /// of that way (goal included).
    pub goal_dist: [Board<u8>; 2],
    pub goal_path: [Board<B>; 2],
    pub has_goal: bool,
    /// King-step distance: `[a << 7 | b]`.
    pub king_dist: Pairs,
    /// Centrality: mean king distance to every cell, below the board's mean, times 16.
    pub centre16: Board<i32>,
    /// Non-pawn material of the start position, both sides (the phase scale).
    pub phase_max: i32,
    /// `(phase_max.min(npm) * phase_mult) >> 16` is the phase in 0..=256.
    pub phase_mult: i32,
    pub bishop_pair: S,
    /// Largest minor-piece value (draw scaling).
    pub minor_max: i32,
}

fn reverse<B: Bitboard>(table: &[B]) -> Vec<B> {
    let mut rev = vec![B::EMPTY; table.len()];
    for (from, &dests) in table.iter().enumerate() {
        for to in dests.iter() {
            rev[to] |= B::bit(from);
        }
    }
    rev
}

/// For each cell, its orbit under the board's symmetries (file flip, rank flip, half turn of
/// the grid embedding; each kept only if it maps every attack table onto itself), sorted so
/// that every member of an orbit sums the same numbers in the same order.
pub fn symmetry_orbits<B: Bitboard>(rules: &Rules<B>) -> Vec<Vec<usize>> {
    let g = &rules.geom;
    let n = rules.cells;
    let (files, ranks) = (g.files as i32, g.ranks as i32);
    type GridMap = fn(i32, i32, i32, i32) -> (i32, i32);
    let candidates: [GridMap; 3] = [
        |f, r, files, _| (files - 1 - f, r),
        |f, r, _, ranks| (f, ranks - 1 - r),
        |f, r, files, ranks| (files - 1 - f, ranks - 1 - r),
    ];
    let mut maps: Vec<Vec<usize>> = Vec::new();
    for cand in candidates {
        let map: Option<Vec<usize>> = (0..n)
            .map(|sq| {
                let c = &g.cells[sq];
                let (f, r) = cand(c.file as i32, c.rank as i32, files, ranks);
                g.at(f, r)
            })
            .collect();
        let Some(map) = map else { continue };
        let image = |b: B| B::from_indices(b.iter().map(|x| map[x]));
        let preserved =
            |table: &dyn Fn(usize) -> B| (0..n).all(|sq| table(map[sq]) == image(table(sq)));
        if preserved(&|sq| rules.king[sq])
            && preserved(&|sq| rules.knight[sq])
            && preserved(&|sq| rules.ultra[sq])
            && preserved(&|sq| rules.orth.empty_board(sq))
            && preserved(&|sq| rules.diag.empty_board(sq))
        {
            maps.push(map);
        }
    }
    (0..n)
        .map(|sq| {
            // Closure of the orbit under the kept maps.
            let mut orbit = vec![sq];
            let mut i = 0;
            while i < orbit.len() {
                for m in &maps {
                    let y = m[orbit[i]];
                    if !orbit.contains(&y) {
                        orbit.push(y);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbit
        })
        .collect()
}

impl<B: Bitboard + RulesCache> GameTables<B> {
    pub fn build(spec: &'static VariantSpec) -> GameTables<B> {
        let rules: &'static Rules<B> = rules_for::<B>(spec).expect("a registered game");
        let n = rules.cells;
        let fit = values::fit();
        let role_values = values::derive(spec);
        let mut value = [0i32; 8];
        for rv in &role_values {
            value[rv.role.index()] = rv.value;
        }
        let pieces: Vec<Role> = spec
            .roles
            .iter()
            .copied()
            .filter(|r| !matches!(r, Role::Pawn | Role::King))
            .collect();

        // Distances and centrality on the king graph.
        let mut king_dist = vec![FAR; n * n];
        for a in 0..n {
            let d = bfs(rules.king.len(), |x| rules.king[x], B::bit(a));
            king_dist[a * n..(a + 1) * n].copy_from_slice(&d);
        }
        let king_pairs = pairs(n, |a, b| king_dist[a * n + b]);
        let closeness: Vec<f64> = (0..n)
            .map(|a| {
                king_dist[a * n..(a + 1) * n]
                    .iter()
                    .map(|&d| d as f64)
                    .sum::<f64>()
                    / n as f64
            })
            .collect();
        let mean_closeness = closeness.iter().sum::<f64>() / n as f64;
        let centre: Vec<f64> = closeness.iter().map(|c| mean_closeness - c).collect();
        let centre16: Vec<i32> = centre.iter().map(|c| (c * 16.0).round() as i32).collect();

        // Per-cell expected mobility of every piece role.
        let occs = values::samples::<B>(n, fit.density);
        // Averaged over the board's symmetries, so that sampling noise never makes a cell
        // and its mirror image differ (a position and its colour-flipped mirror must score
        // the same).
        let orbits = symmetry_orbits(rules);
        let cell_mob: Vec<Vec<f64>> = (0..8)
            .map(|i| {
                let role = Role::from_index(i);
                if role == Role::Pawn || !spec.roles.contains(&role) {
                    vec![0.0; n]
                } else {
                    let raw = values::cell_mobility(rules, role, &occs);
                    orbits
                        .iter()
                        .map(|orbit| {
                            orbit.iter().map(|&x| raw[x]).sum::<f64>() / orbit.len() as f64
                        })
                        .collect()
                }
            })
            .collect();

        // Own camp per colour: where its non-pawn pieces start.
        let camp: [B; 2] = [Color::White, Color::Black].map(|c| {
            values::start_pieces::<B>(spec, c, None)
                & !values::start_pieces::<B>(spec, c, Some(Role::Pawn))
        });

        // Pawn distances, promotion gains, goal paths.
        let best_promotion =
            |roles: &[Role]| roles.iter().map(|r| value[r.index()]).max().unwrap_or(0);
        let mut qdist: [Vec<u8>; 2] = Default::default();
        let mut gain: [Vec<i32>; 2] = Default::default();
        let mut goal_dist: [Vec<u8>; 2] = Default::default();
        let mut goal_path: [Vec<B>; 2] = Default::default();
        let mut front_span: [Vec<B>; 2] = Default::default();
        let mut passed_mask: [Vec<B>; 2] = Default::default();
        let mut block_kdist: Vec<Pairs> = Vec::new();
        let mut promo_kdist: Vec<Pairs> = Vec::new();
        let has_goal = rules.pawn_goal[0].any();
        for c in 0..2 {
            let quiet = &rules.pawn_quiet[c];
            let back = reverse(quiet);
            let zone = rules.promotion_zone[c];
            let qd = bfs(back.len(), |x| back[x], zone);
            let gd = bfs(back.len(), |x| back[x], rules.pawn_goal[c]);
            // Gain: best promotion among the zone cells at the shortest distance.
            let g: Vec<i32> = (0..n)
                .map(|sq| {
                    if qd[sq] == FAR || qd[sq] == 0 {
                        return 0;
                    }
                    let mut best = 0;
                    let mut frontier = B::bit(sq);
                    for _ in 0..qd[sq] {
                        let mut next = B::EMPTY;
                        for x in frontier.iter() {
                            next |= quiet[x];
                        }
                        frontier = next;
                    }
                    for z in (frontier & zone).iter() {
                        best = best.max(best_promotion(rules.promotion_choices[c][z]));
                    }
                    (best - value[Role::Pawn.index()]).max(0)
                })
                .collect();
            // Next cells on a shortest way to promotion, and the zone cells at the end.
            let next_cells: Vec<B> = (0..n)
                .map(|sq| {
                    let mut m = B::EMPTY;
                    for x in quiet[sq].iter() {
                        if qd[x] != FAR && qd[x] + 1 == qd[sq] {
                            m |= B::bit(x);
                        }
                    }
                    m
                })
                .collect();
            let targets: Vec<B> = (0..n)
                .map(|sq| {
                    let mut frontier = B::bit(sq);
                    if qd[sq] == FAR {
                        return B::EMPTY;
                    }
                    for _ in 0..qd[sq] {
                        let mut next = B::EMPTY;
                        for x in frontier.iter() {
                            next |= next_cells[x];
                        }
                        frontier = next;
                    }
                    frontier
                })
                .collect();
            let span: Vec<B> = (0..n)
                .map(|sq| {
                    let mut all = B::EMPTY;
                    let mut frontier = quiet[sq];
                    while frontier.any() {
                        all |= frontier;
                        let mut next = B::EMPTY;
                        for x in frontier.iter() {
                            next |= quiet[x];
                        }
                        frontier = next & !all;
                    }
                    all
                })
                .collect();
            let them = 1 - c;
            let mask: Vec<B> = (0..n)
                .map(|sq| {
                    let own = span[sq] | B::bit(sq);
                    let mut m = own;
                    for x in own.iter() {
                        m |= rules.pawn_attackers[them][x];
                    }
                    m
                })
                .collect();
            let kd_to = |sets: &Vec<B>| -> Pairs {
                pairs(n, |sq, k| {
                    sets[sq]
                        .iter()
                        .map(|x| king_dist[k * n + x])
                        .min()
                        .unwrap_or(FAR)
                })
            };
            let path: Vec<B> = (0..n)
                .map(|sq| {
                    if gd[sq] == FAR || gd[sq] == 0 {
                        return B::EMPTY;
                    }
                    // The goal ways of Diagonal Chess are single lines; collect every cell
                    // one step closer until the goal.
                    let mut m = B::EMPTY;
                    let mut frontier = B::bit(sq);
                    for _ in 0..gd[sq] {
                        let mut next = B::EMPTY;
                        for x in frontier.iter() {
                            for y in quiet[x].iter() {
                                if gd[y] != FAR && gd[y] + 1 == gd[x] {
                                    next |= B::bit(y);
                                }
                            }
                        }
                        m |= next;
                        frontier = next;
                    }
                    m
                })
                .collect();
            block_kdist.push(kd_to(&next_cells));
            promo_kdist.push(kd_to(&targets));
            qdist[c] = qd;
            gain[c] = g;
            goal_dist[c] = gd;
            goal_path[c] = path;
            front_span[c] = span;
            passed_mask[c] = mask;
        }

        // Advancement is measured from the pawns' farthest start distance.
        let mut psq: [[Vec<S>; 8]; 2] = Default::default();
        let mut passed_bonus: [Vec<S>; 2] = Default::default();
        let mut passed_king_weight: [Vec<i32>; 2] = Default::default();
        let mut zone: [Vec<B>; 2] = Default::default();
        let mut shield1: [Vec<B>; 2] = Default::default();
        let mut shield2: [Vec<B>; 2] = Default::default();
        let mut shield_scale: [Vec<i32>; 2] = Default::default();
        let mut straight_ahead: [Vec<B>; 2] = Default::default();
        for c in 0..2 {
            let home = bfs(rules.king.len(), |x| rules.king[x], camp[c]);
            shield_scale[c] = home
                .iter()
                .map(|&d| match d {
                    0 => 2,
                    1 => 1,
                    _ => 0,
                })
                .collect();
            for i in 0..8 {
                let role = Role::from_index(i);
                let v = value[i];
                let (wm, we) = PST_WEIGHT[i];
                let mob = &cell_mob[i];
                let mean = if n > 0 {
                    mob.iter().sum::<f64>() / n as f64
                } else {
                    0.0
                };
                // Live mobility is centred on the expected count, folded in here.
                let mw = MOBILITY_WEIGHT[i];
                psq[c][i] = (0..n)
                    .map(|sq| {
                        let d = mob[sq] - mean;
                        let mut t = s(
                            v + (wm * d).round() as i32 - (mw.mg as f64 * mean).round() as i32,
                            v + (we * d).round() as i32 - (mw.eg as f64 * mean).round() as i32,
                        );
                        match role {
                            Role::King => {
                                let away = if home[sq] == FAR {
                                    8.0
                                } else {
                                    home[sq] as f64
                                };
                                t = s(
                                    (-KING_HOME_STEP_MG * away - KING_CENTRE_MG * centre[sq])
                                        .round() as i32,
                                    (KING_CENTRE_EG * centre[sq]).round() as i32,
                                );
                            }
                            Role::Pawn => {
                                let qd = qdist[c][sq].min(7) as usize;
                                let g = gain[c][sq] as f64;
                                let adv = g * ADVANCE_SHARE_EG[qd];
                                t = s(
                                    v + (adv * 0.5 + PAWN_CENTRE_MG * centre[sq]).round() as i32,
                                    v + adv.round() as i32,
                                );
                            }
                            _ => {}
                        }
                        t
                    })
                    .collect();
            }
            passed_bonus[c] = (0..n)
                .map(|sq| {
                    let qd = qdist[c][sq].min(7) as usize;
                    let eg = gain[c][sq] as f64 * PASSED_SHARE_EG[qd];
                    s((eg * 0.5).round() as i32, eg.round() as i32)
                })
                .collect();
            passed_king_weight[c] = (0..n)
                .map(|sq| {
                    let qd = qdist[c][sq] as i32;
                    let k = (5 - qd).clamp(0, 4);
                    (k * gain[c][sq] + 400) / 800
                })
                .collect();
            let dir = if c == 0 {
                spec.pawn.quiet[0]
            } else {
                spec.pawn.quiet[0].opposite()
            };
            straight_ahead[c] = (0..n)
                .map(|sq| {
                    let mut m = B::EMPTY;
                    let mut frontier = vec![sq];
                    while let Some(x) = frontier.pop() {
                        for &y in rules.geom.neighbours(x, dir) {
                            if !m.has(y as usize) {
                                m |= B::bit(y as usize);
                                frontier.push(y as usize);
                            }
                        }
                    }
                    m
                })
                .collect();
            let quiet = &rules.pawn_quiet[c];
            let capt = &rules.pawn_capture[c];
            shield1[c] = (0..n).map(|k| quiet[k] | capt[k]).collect();
            shield2[c] = (0..n)
                .map(|k| {
                    let mut m = B::EMPTY;
                    for x in shield1[c][k].iter() {
                        m |= quiet[x] | capt[x];
                    }
                    m & !shield1[c][k] & !B::bit(k)
                })
                .collect();
            zone[c] = (0..n)
                .map(|k| B::bit(k) | rules.king[k] | shield1[c][k] | shield2[c][k])
                .collect();
        }

        let mut attack_weight = [0i32; 8];
        for r in &pieces {
            attack_weight[r.index()] = ((value[r.index()] + 85) / 170).max(1);
        }
        let phase_max: i32 = {
            let start = oblique_engine::Position::<B>::start(spec).expect("start position");
            pieces
                .iter()
                .map(|r| value[r.index()] * start.role_bb(*r).count() as i32)
                .sum::<i32>()
                .max(1)
        };
        // Bishops bound to one colour of cells make a pair worth more than two bishops.
        let bishop_pair = if spec.roles.contains(&Role::Bishop) {
            let diag: Vec<B> = (0..n).map(|sq| rules.diag.empty_board(sq)).collect();
            let reach = bfs(diag.len(), |x| diag[x], B::bit(0));
            if reach.contains(&FAR) {
                s(25, 45)
            } else {
                s(0, 0)
            }
        } else {
            s(0, 0)
        };
        let minor_max = [Role::Knight, Role::Bishop]
            .iter()
            .map(|r| value[r.index()])
            .max()
            .unwrap_or(0);

        let b2 = |v: &[Vec<B>; 2]| [board(&v[0]), board(&v[1])];
        let s2 = |v: &[Vec<S>; 2]| [board(&v[0]), board(&v[1])];
        let i2 = |v: &[Vec<i32>; 2]| [board(&v[0]), board(&v[1])];
        let u2 = |v: &[Vec<u8>; 2]| [board(&v[0]), board(&v[1])];
        let mut block_kdist = block_kdist.into_iter();
        let mut promo_kdist = promo_kdist.into_iter();
        let take = |it: &mut std::vec::IntoIter<Pairs>| it.next().expect("one per colour");
        GameTables {
            rules,
            n,
            values: role_values,
            value,
            present: pieces.iter().fold(0, |m, r| m | 1 << r.index()),
            pieces,
            castle_to: [0, 1].map(|c| {
                [0, 1].map(|side| rules.castling[c][side].map_or(0, |rule| rule.king_to as u8))
            }),
            psq: [0, 1].map(|c| std::array::from_fn(|i| board(&psq[c][i]))),
            knight: board(&rules.knight),
            ultra: board(&rules.ultra),
            pawn_capture: [board(&rules.pawn_capture[0]), board(&rules.pawn_capture[1])],
            attack_weight,
            zone: b2(&zone),
            shield1: b2(&shield1),
            shield2: b2(&shield2),
            shield_scale: i2(&shield_scale),
            straight_ahead: b2(&straight_ahead),
            passed_mask: b2(&passed_mask),
            passed_bonus: s2(&passed_bonus),
            passed_king_weight: i2(&passed_king_weight),
            gain: i2(&gain),
            qdist: u2(&qdist),
            front_span: b2(&front_span),
            block_kdist: [take(&mut block_kdist), take(&mut block_kdist)],
            promo_kdist: [take(&mut promo_kdist), take(&mut promo_kdist)],
            goal_dist: u2(&goal_dist),
            goal_path: b2(&goal_path),
            has_goal,
            king_dist: king_pairs,
            centre16: board(&centre16),
            phase_max,
            phase_mult: (256 << 16) / phase_max,
            bishop_pair,
            minor_max,
        }
    }
}
