//! A game's data turned into tables, once per game and bitboard width: geometry, attack
//! tables, pawn steps, promotion squares, castling squares and Zobrist keys.

use crate::piece_sets::RoleSet;
use crate::plane::piece_tables::{PieceKind, PieceTables};
use crate::plane::shape::{PieceSet, ShapeId};
use crate::plane::variant::{Promotion, Symmetry, VariantSpec, Width, MAX_GAMES};
use crate::types::{Color, Role, BUILTIN_ROLE_COUNT, ROLES, ROLE_COUNT};
use crate::zobrist::Zobrist;
use arrayvec::ArrayVec;
use oblique_tables::geometry::GeometryError;
use oblique_tables::leaper;
use oblique_tables::{Bitboard, Dir, Geometry, SliderTable, ALL_DIRS};
use once_cell::sync::OnceCell;
use std::fmt;

/// One castling move, resolved to cells.
#[derive(Clone, Copy, Debug)]
pub struct CastleRule<B> {
    pub king_from: usize,
    pub king_to: usize,
    pub rook_from: usize,
    pub rook_to: usize,
    /// Cells that must be empty (everything the two pieces cross or land on).
    pub must_be_empty: B,
    /// Cells that must not be attacked before the move: the king's square and the squares it
    /// crosses. Its landing square is tested after the move like any other move's.
    pub must_be_safe: B,
    /// The FEN right (`K`=1, `Q`=2, `k`=4, `q`=8).
    pub right: u8,
}

/// A pawn double step from one square: the square passed over and where it may land.
#[derive(Clone, Copy, Debug)]
pub struct DoubleStep<B> {
    pub mid: u8,
    pub dests: B,
}

pub struct Rules<B: Bitboard> {
    pub spec: &'static VariantSpec,
    pub geom: Geometry,
    pub cells: usize,
    pub all: B,
    pub orth: SliderTable<B>,
    pub diag: SliderTable<B>,
    /// One step in every direction along the graph (the board's king step, whatever the
    /// royal piece does; evaluation measures distances with it).
    pub king: Vec<B>,
    /// Which role slots the game uses.
    pub present: [bool; ROLE_COUNT],
    /// The game uses a slot past the built-in eight (a file game with more than eight
    /// piece types); move generation looks at those slots only then.
    pub has_extra_roles: bool,
    /// A position may be over before its moves are asked (goals, the bare-king rule):
    /// move generation asks only then.
    pub may_end_early: bool,
    /// `spec.end.checks_forbidden`, kept beside the tables move generation reads.
    pub checks_forbidden: bool,
    /// The piece set's shape: which copy of move generation the game takes.
    pub shape: ShapeId,
    /// Each role slot's moves (the pawn slot's are `pawn_*`).
    pub pieces: [PieceTables<B>; ROLE_COUNT],
    /// Roles whose pieces ride whole rook lines / bishop lines (pins and checks).
    pub orth_roles: RoleSet,
    pub diag_roles: RoleSet,
    /// Roles sharing one leap table, with the reverse table per colour.
    pub leap_groups: ArrayVec<LeapGroup<B>, ROLE_COUNT>,
    /// Roles with moves beyond plain leaps and whole lines (directional or one-mode rides,
    /// one-mode leaps): move generation tests each of their moves and those of the side
    /// they might pin.
    pub irregular_roles: ArrayVec<Role, ROLE_COUNT>,
    /// Per role: cells from which a piece of each colour captures by a capture-only leap.
    pub capture_from: [[Vec<B>; 2]; ROLE_COUNT],
    pub pawn_quiet: [Vec<B>; 2],
    pub pawn_capture: [Vec<B>; 2],
    /// Cells from which a pawn of the colour attacks the index cell.
    pub pawn_attackers: [Vec<B>; 2],
    pub pawn_double: [Vec<Vec<DoubleStep<B>>>; 2],
    /// For an en-passant square of the colour that double-stepped: where its pawn may stand.
    pub ep_victims: [Vec<B>; 2],
    /// Cells where a pawn of the colour promotes (or, on `promotion_optional`, may).
    pub promotion_zone: [B; 2],
    /// Cells of the zone where a pawn may also stay a pawn (optional promotion: every zone
    /// cell from which a pawn could still step on).
    pub promotion_optional: [B; 2],
    /// Pieces a pawn may become on each cell.
    pub promotion_choices: [Vec<&'static [Role]>; 2],
    /// Per role slot: a pawn may become one only while its side has fewer (0: no limit).
    pub promotion_limit: [u8; ROLE_COUNT],
    /// The game has optional promotion cells or limits: pawn moves into the zone ask about
    /// them (other games skip the question).
    pub promotion_terms: bool,
    /// Each goal piece's role and its goal cells per colour.
    pub goals: ArrayVec<(Role, [B; 2]), ROLE_COUNT>,
    /// Every goal cell per colour, whatever piece it is for.
    pub goal: [B; 2],
    /// The goal cells when pawns are what reach them (Diagonal Chess), else empty.
    pub pawn_goal: [B; 2],
    /// Castling moves per colour: king side, queen side.
    pub castling: [[Option<CastleRule<B>>; 2]; 2],
    /// Castling rights kept when a move starts or ends on a cell.
    pub castle_keep: Vec<u8>,
    pub zobrist: Zobrist,
}

/// The roles `keep` accepts.
fn select(keep: impl Fn(Role) -> bool) -> RoleSet {
    RoleSet::from_mask(
        ROLES
            .iter()
            .filter(|&&r| keep(r))
            .fold(0u16, |m, r| m | 1 << r.index()),
    )
}

/// The bits (`Role::index`) of the roles in `set`.
fn role_mask(set: &RoleSet) -> u16 {
    ROLES
        .iter()
        .filter(|&&r| set.has(r))
        .fold(0u16, |m, r| m | 1 << r.index())
}

/// Roles whose pieces leap alike, and where a piece of each colour must stand to leap to a
/// cell (`symmetric`: the same for both colours).
pub struct LeapGroup<B> {
    pub roles: RoleSet,
    pub from: [Vec<B>; 2],
    pub symmetric: bool,
}

/// Why a game's record cannot be turned into rules (a fault in the record, or a width that
/// is not the game's); `Display` names the game and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The escalator board data is missing or inconsistent.
    Geometry(GeometryError),
    /// More cells than the bitboard width holds.
    TooLarge {
        game: &'static str,
    },
    /// The board data has no leaper table for a piece the game uses (`knight`, `Ultra`).
    NoLeaperTable {
        game: &'static str,
        piece: &'static str,
    },
    BadPromotionSquare {
        game: &'static str,
        square: &'static str,
    },
    BadGoalSquare {
        game: &'static str,
    },
    /// A square of White's has no counterpart for Black (`what`: which square).
    NoMirror {
        what: &'static str,
    },
    CastlingOffBoard {
        game: &'static str,
    },
    NotRegistered {
        game: &'static str,
    },
    OtherWidth {
        game: &'static str,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Geometry(e) => write!(f, "{e}"),
            RulesError::TooLarge { game } => write!(f, "{game}: board does not fit the bitboard"),
            RulesError::NoLeaperTable { game, piece } => {
                write!(f, "{game}: the rules give no {piece} table")
            }
            RulesError::BadPromotionSquare { game, square } => {
                write!(f, "{game}: bad promotion square {square}")
            }
            RulesError::BadGoalSquare { game } => write!(f, "{game}: bad goal square"),
            RulesError::NoMirror { what } => write!(f, "{what} has no mirror"),
            RulesError::CastlingOffBoard { game } => {
                write!(f, "{game}: castling square off the board")
            }
            RulesError::NotRegistered { game } => write!(f, "{game} is not a registered game"),
            RulesError::OtherWidth { game } => write!(f, "{game} uses another bitboard width"),
        }
    }
}

impl std::error::Error for RulesError {}

impl<B: Bitboard> Rules<B> {
    pub fn build(spec: &'static VariantSpec) -> Result<Rules<B>, RulesError> {
        let game = spec.name;
        let geom = spec
            .board
            .geometry(spec.name)
            .map_err(RulesError::Geometry)?;
        let n = geom.len();
        if n > B::CAPACITY {
            return Err(RulesError::TooLarge { game });
        }
        let all = B::from_indices(0..n);
        let orth = SliderTable::build(&geom, &Dir::ORTHOGONAL);
        let diag = SliderTable::build(&geom, &Dir::DIAGONAL);
        let king = leaper::steps::<B>(&geom, &ALL_DIRS);
        let pieces: [PieceTables<B>; ROLE_COUNT] =
            ROLES.map(|role| match spec.pieces[role.index()] {
                Some(p) if role != Role::Pawn && spec.roles.contains(&role) => {
                    let named = p.table.and_then(|t| leaper::from_named::<B>(&geom, t));
                    PieceTables::build(&geom, &p, named.as_deref(), spec.symmetry)
                }
                _ => PieceTables::none(n),
            });
        for role in spec.roles {
            if let Some(t) = spec.pieces[role.index()].and_then(|p| p.table) {
                if geom.named_leaper(t).is_none() {
                    return Err(RulesError::NoLeaperTable {
                        game,
                        piece: spec.piece_name(*role),
                    });
                }
            }
        }
        let present = |r: &Role| *r != Role::Pawn && spec.roles.contains(r);
        let orth_roles = select(|r| present(&r) && pieces[r.index()].orth);
        let diag_roles = select(|r| present(&r) && pieces[r.index()].diag);
        let irregular_roles: ArrayVec<Role, ROLE_COUNT> = ROLES
            .iter()
            .copied()
            .filter(|r| present(r) && !pieces[r.index()].plain())
            .collect();
        let mut leap_groups: ArrayVec<LeapGroup<B>, ROLE_COUNT> = ArrayVec::new();
        for role in ROLES.iter().copied().filter(present) {
            let t = &pieces[role.index()];
            if !t.leaps {
                continue;
            }
            match leap_groups.iter_mut().find(|g| {
                ROLES
                    .iter()
                    .any(|&r| g.roles.has(r) && pieces[r.index()].leap == t.leap)
            }) {
                Some(g) => {
                    g.roles = RoleSet::from_mask(role_mask(&g.roles) | 1 << role.index());
                }
                None => {
                    let from = t.leap_from();
                    let symmetric = from[0] == from[1];
                    leap_groups.push(LeapGroup {
                        roles: select(|r| r == role),
                        from,
                        symmetric,
                    });
                }
            }
        }
        let capture_from: [[Vec<B>; 2]; ROLE_COUNT] = ROLES.map(|role| {
            let t = &pieces[role.index()];
            if t.leap_capture[0].is_empty() {
                [Vec::new(), Vec::new()]
            } else {
                [
                    leaper::reverse(&t.leap_capture[0]),
                    leaper::reverse(&t.leap_capture[1]),
                ]
            }
        });

        let dirs_for = |c: Color, dirs: &[Dir]| -> Vec<Dir> {
            dirs.iter()
                .map(|&d| {
                    if c == Color::White {
                        d
                    } else {
                        black_dir(d, spec.symmetry)
                    }
                })
                .collect()
        };
        let mut pawn_quiet: [Vec<B>; 2] = Default::default();
        let mut pawn_capture: [Vec<B>; 2] = Default::default();
        let mut pawn_double: [Vec<Vec<DoubleStep<B>>>; 2] = Default::default();
        let mut ep_victims: [Vec<B>; 2] = Default::default();
        for c in [Color::White, Color::Black] {
            let ci = c.index();
            pawn_quiet[ci] = leaper::steps(&geom, &dirs_for(c, spec.pawn.quiet));
            pawn_capture[ci] = leaper::steps(&geom, &dirs_for(c, spec.pawn.capture));
            let fwd = if c == Color::White { Dir::N } else { Dir::S };
            let start_ranks: Vec<u8> = spec
                .pawn
                .double_step_ranks
                .iter()
                .map(|&r| {
                    if c == Color::White {
                        r
                    } else {
                        geom.ranks - 1 - r
                    }
                })
                .collect();
            pawn_double[ci] = (0..n)
                .map(|sq| {
                    if !start_ranks.contains(&geom.cells[sq].rank) {
                        return Vec::new();
                    }
                    geom.neighbours(sq, fwd)
                        .iter()
                        .map(|&mid| DoubleStep {
                            mid,
                            dests: B::from_indices(
                                geom.neighbours(mid as usize, fwd)
                                    .iter()
                                    .map(|&d| d as usize),
                            ),
                        })
                        .collect()
                })
                .collect();
            ep_victims[ci] = leaper::steps(&geom, &[fwd]);
        }
        let pawn_attackers = [
            leaper::reverse(&pawn_capture[0]),
            leaper::reverse(&pawn_capture[1]),
        ];

        // Black's counterpart of a White square, by the game's symmetry.
        let mirror = |cell: usize| -> Option<usize> {
            let c = &geom.cells[cell];
            let file = match spec.symmetry {
                Symmetry::Rotate => geom.files as i32 - 1 - c.file as i32,
                Symmetry::Mirror => c.file as i32,
            };
            geom.at(file, geom.ranks as i32 - 1 - c.rank as i32)
        };
        let mut promotion_zone = [B::EMPTY; 2];
        let mut promotion_choices: [Vec<&'static [Role]>; 2] = [vec![&[]; n], vec![&[]; n]];
        match spec.promotion {
            Promotion::LastRanks {
                ranks,
                white,
                black,
            } => {
                for (sq, cell) in geom.cells.iter().enumerate() {
                    let r = cell.rank;
                    if ranks > 0 && r >= geom.ranks - ranks {
                        promotion_zone[0] |= B::bit(sq);
                        promotion_choices[0][sq] = white;
                    }
                    if r < ranks {
                        promotion_zone[1] |= B::bit(sq);
                        promotion_choices[1][sq] = black;
                    }
                }
            }
            Promotion::PerSquare { white, black } => {
                let cell = |name: &'static str| {
                    geom.cell(name)
                        .ok_or(RulesError::BadPromotionSquare { game, square: name })
                };
                for &(name, roles) in white {
                    let sq = cell(name)?;
                    promotion_zone[0] |= B::bit(sq);
                    promotion_choices[0][sq] = roles;
                    if black.is_none() {
                        let msq = mirror(sq).ok_or(RulesError::NoMirror {
                            what: "promotion square",
                        })?;
                        promotion_zone[1] |= B::bit(msq);
                        promotion_choices[1][msq] = roles;
                    }
                }
                for &(name, roles) in black.unwrap_or_default() {
                    let sq = cell(name)?;
                    promotion_zone[1] |= B::bit(sq);
                    promotion_choices[1][sq] = roles;
                }
            }
        }
        let terms = spec.promotion_terms;
        let mut promotion_optional = [B::EMPTY; 2];
        if terms.optional {
            for (ci, optional) in promotion_optional.iter_mut().enumerate() {
                for sq in promotion_zone[ci].iter() {
                    if (pawn_quiet[ci][sq] | pawn_capture[ci][sq]).any() {
                        *optional |= B::bit(sq);
                    }
                }
            }
        }
        let mut goals: ArrayVec<(Role, [B; 2]), ROLE_COUNT> = ArrayVec::new();
        for g in spec.goals {
            let mut cells = [B::EMPTY; 2];
            for name in g.white {
                let sq = geom.cell(name).ok_or(RulesError::BadGoalSquare { game })?;
                cells[0] |= B::bit(sq);
                if g.black.is_none() {
                    cells[1] |= B::bit(mirror(sq).ok_or(RulesError::NoMirror {
                        what: "goal square",
                    })?);
                }
            }
            for name in g.black.unwrap_or_default() {
                let sq = geom.cell(name).ok_or(RulesError::BadGoalSquare { game })?;
                cells[1] |= B::bit(sq);
            }
            goals.push((g.role, cells));
        }
        let union = |c: usize, keep: &dyn Fn(Role) -> bool| {
            goals
                .iter()
                .filter(|(r, _)| keep(*r))
                .fold(B::EMPTY, |set, (_, cells)| set | cells[c])
        };
        let goal = [union(0, &|_| true), union(1, &|_| true)];
        let pawn_goal = [
            union(0, &|r| r == Role::Pawn),
            union(1, &|r| r == Role::Pawn),
        ];

        let mut castling = [[None; 2]; 2];
        let mut castle_keep = vec![0xfu8; n];
        if let Some(shape) = spec.castling {
            for c in [Color::White, Color::Black] {
                let rank = if c == Color::White {
                    shape.rank as i32
                } else {
                    geom.ranks as i32 - 1 - shape.rank as i32
                };
                let at = |f: u8| {
                    geom.at(f as i32, rank)
                        .ok_or(RulesError::CastlingOffBoard { game })
                };
                let span = |a: u8, b: u8| -> Result<B, RulesError> {
                    let (lo, hi) = (a.min(b), a.max(b));
                    let mut m = B::EMPTY;
                    for f in lo..=hi {
                        m |= B::bit(at(f)?);
                    }
                    Ok(m)
                };
                let king_from = at(shape.king_from)?;
                castle_keep[king_from] &= !(0b11 << (2 * c.index()));
                for (side, &(kto, rfrom, rto)) in shape.sides.iter().enumerate() {
                    let right = 1u8 << (2 * c.index() + side);
                    let rook_from = at(rfrom)?;
                    castle_keep[rook_from] &= !right;
                    let must_be_empty = (span(shape.king_from, kto)? | span(rfrom, rto)?)
                        & !B::bit(king_from)
                        & !B::bit(rook_from);
                    let must_be_safe = span(shape.king_from, kto)? & !B::bit(at(kto)?);
                    castling[c.index()][side] = Some(CastleRule {
                        king_from,
                        king_to: at(kto)?,
                        rook_from,
                        rook_to: at(rto)?,
                        must_be_empty,
                        must_be_safe,
                        right,
                    });
                }
            }
        }
        let group_roles: ArrayVec<(u16, bool), ROLE_COUNT> = leap_groups
            .iter()
            .map(|g| (role_mask(&g.roles), g.symmetric))
            .collect();
        let shape = ShapeId::of(&PieceSet {
            kinds: pieces.each_ref().map(|p| p.kind),
            leap_groups: &group_roles,
        });
        Ok(Rules {
            spec,
            cells: n,
            all,
            orth,
            diag,
            king,
            present: ROLES.map(|r| spec.roles.contains(&r)),
            has_extra_roles: spec.roles.iter().any(|r| r.index() >= BUILTIN_ROLE_COUNT),
            may_end_early: !goals.is_empty() || spec.end.bare_king,
            checks_forbidden: spec.end.checks_forbidden,
            shape,
            pieces,
            orth_roles,
            diag_roles,
            leap_groups,
            irregular_roles,
            capture_from,
            pawn_quiet,
            pawn_capture,
            pawn_attackers,
            pawn_double,
            ep_victims,
            promotion_zone,
            promotion_optional,
            promotion_choices,
            promotion_limit: terms.limits,
            promotion_terms: terms.optional || terms.limits.iter().any(|&n| n > 0),
            goals,
            goal,
            pawn_goal,
            castling,
            castle_keep,
            zobrist: Zobrist::new(n, spec.name),
            geom,
        })
    }

    /// Cells a piece of `color` (index) and `role` on `sq` attacks: where it could
    /// capture. Empty for the pawn slot (pawns have their own tables).
    #[inline(always)]
    pub fn attacks(&self, color: usize, role: Role, sq: usize, occupied: B) -> B {
        self.attacks_as(self.pieces[role.index()].kind, color, role, sq, occupied)
    }

    /// `attacks` with the role's kind given (a constant where the game's shape is known).
    #[inline(always)]
    pub fn attacks_as(
        &self,
        kind: PieceKind,
        color: usize,
        role: Role,
        sq: usize,
        occupied: B,
    ) -> B {
        let p = &self.pieces[role.index()];
        match kind {
            PieceKind::Leaper => p.leap[color][sq],
            PieceKind::Rook => self.orth.attacks(sq, occupied),
            PieceKind::Bishop => self.diag.attacks(sq, occupied),
            PieceKind::Queen => self.orth.attacks(sq, occupied) | self.diag.attacks(sq, occupied),
            PieceKind::LeaperRook => p.leap[color][sq] | self.orth.attacks(sq, occupied),
            PieceKind::LeaperBishop => p.leap[color][sq] | self.diag.attacks(sq, occupied),
            PieceKind::LeaperQueen => {
                p.leap[color][sq]
                    | self.orth.attacks(sq, occupied)
                    | self.diag.attacks(sq, occupied)
            }
            PieceKind::Idle => B::EMPTY,
            PieceKind::Irregular => {
                let mut a = self.moves_both_ways(p, color, sq, occupied);
                if !p.leap_capture[color].is_empty() {
                    a |= p.leap_capture[color][sq];
                }
                for ride in p.rides.iter().filter(|r| r.capture) {
                    a |= ride.to[color].attacks(sq, occupied);
                }
                for s in p.specials.iter().filter(|s| s.capture) {
                    a |= s.what.reach(color, sq, occupied);
                }
                a
            }
        }
    }

    /// Cells the piece may move to without capturing, if empty (for plain pieces the same
    /// as `attacks`).
    #[inline(always)]
    pub fn quiet_moves(&self, color: usize, role: Role, sq: usize, occupied: B) -> B {
        let p = &self.pieces[role.index()];
        let mut a = self.moves_both_ways(p, color, sq, occupied);
        if !p.plain() {
            if !p.leap_quiet[color].is_empty() {
                a |= p.leap_quiet[color][sq];
            }
            for ride in p.rides.iter().filter(|r| r.quiet) {
                a |= ride.to[color].attacks(sq, occupied);
            }
            for s in p.specials.iter().filter(|s| s.quiet) {
                a |= s.what.reach(color, sq, occupied);
            }
        }
        a
    }

    /// The moves that both move and capture: leaps, whole rook and bishop lines (all of a
    /// plain piece's moves).
    #[inline(always)]
    fn moves_both_ways(&self, p: &PieceTables<B>, color: usize, sq: usize, occupied: B) -> B {
        let mut a = if p.leaps { p.leap[color][sq] } else { B::EMPTY };
        if p.orth {
            a |= self.orth.attacks(sq, occupied);
        }
        if p.diag {
            a |= self.diag.attacks(sq, occupied);
        }
        a
    }

    /// Does the game use this role slot?
    #[inline(always)]
    pub fn has_role(&self, role: Role) -> bool {
        self.present[role.index()]
    }

    /// Name of a cell in protocol notation (grid slot).
    pub fn square_name(&self, sq: usize) -> String {
        self.geom.grid_name(sq)
    }
}

/// Gives each bitboard width its own cache of built rules, one place per registered game.
pub trait RulesCache: Bitboard {
    fn cache() -> &'static [OnceCell<Result<&'static Rules<Self>, RulesError>>];
}

static CACHE64: [OnceCell<Result<&'static Rules<u64>, RulesError>>; MAX_GAMES] =
    [const { OnceCell::new() }; MAX_GAMES];
static CACHE128: [OnceCell<Result<&'static Rules<u128>, RulesError>>; MAX_GAMES] =
    [const { OnceCell::new() }; MAX_GAMES];

impl RulesCache for u64 {
    fn cache() -> &'static [OnceCell<Result<&'static Rules<u64>, RulesError>>] {
        &CACHE64
    }
}

impl RulesCache for u128 {
    fn cache() -> &'static [OnceCell<Result<&'static Rules<u128>, RulesError>>] {
        &CACHE128
    }
}

/// The built rules of a game, made on first use and shared for the life of the process.
pub fn rules_for<B: RulesCache>(
    spec: &'static VariantSpec,
) -> Result<&'static Rules<B>, RulesError> {
    let width_ok = match spec.width {
        Width::W64 => B::CAPACITY == 64,
        Width::W128 => B::CAPACITY == 128,
    };
    if !width_ok {
        return Err(RulesError::OtherWidth { game: spec.name });
    }
    let slot = B::cache()
        .get(spec.id)
        .ok_or(RulesError::NotRegistered { game: spec.name })?;
    slot.get_or_init(|| Rules::build(spec).map(|r| &*Box::leak(Box::new(r))))
        .clone()
}

/// Black's direction for White's `d`, by the game's symmetry.
fn black_dir(d: Dir, symmetry: Symmetry) -> Dir {
    Dir::from_delta(symmetry.black_step(d.delta())).unwrap_or(d)
}
