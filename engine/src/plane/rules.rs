//! A game's data turned into tables, once per game and bitboard width: geometry, attack
//! tables, pawn steps, promotion squares, castling squares and Zobrist keys.

use crate::plane::variant::{BoardShape, KnightShape, Promotion, VariantSpec, Width, VARIANTS};
use crate::types::{Color, Role};
use crate::zobrist::Zobrist;
use oblique_tables::geometry::GeometryError;
use oblique_tables::leaper::{self, CAMEL_VECTORS, KNIGHT_VECTORS};
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
    pub king: Vec<B>,
    pub knight: Vec<B>,
    pub ultra: Vec<B>,
    /// Reverse leaper tables: cells from which the piece reaches the index cell.
    pub knight_from: Vec<B>,
    pub ultra_from: Vec<B>,
    pub king_from: Vec<B>,
    pub pawn_quiet: [Vec<B>; 2],
    pub pawn_capture: [Vec<B>; 2],
    /// Cells from which a pawn of the colour attacks the index cell.
    pub pawn_attackers: [Vec<B>; 2],
    pub pawn_double: [Vec<Vec<DoubleStep<B>>>; 2],
    /// For an en-passant square of the colour that double-stepped: where its pawn may stand.
    pub ep_victims: [Vec<B>; 2],
    /// Cells where a pawn of the colour must promote.
    pub promotion_zone: [B; 2],
    /// Pieces a pawn may become on each cell.
    pub promotion_choices: [Vec<&'static [Role]>; 2],
    /// Cells where a pawn of the colour wins the game on arrival.
    pub pawn_goal: [B; 2],
    /// Castling moves per colour: king side, queen side.
    pub castling: [[Option<CastleRule<B>>; 2]; 2],
    /// Castling rights kept when a move starts or ends on a cell.
    pub castle_keep: Vec<u8>,
    pub has_role: [bool; 8],
    pub zobrist: Zobrist,
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
        let geom = match spec.board {
            BoardShape::Grid { files, ranks } => Geometry::grid(spec.name, files, ranks),
            BoardShape::Escalator(board) => board.geometry().map_err(RulesError::Geometry)?,
        };
        let n = geom.len();
        if n > B::CAPACITY {
            return Err(RulesError::TooLarge { game });
        }
        let all = B::from_indices(0..n);
        let orth = SliderTable::build(&geom, &Dir::ORTHOGONAL);
        let diag = SliderTable::build(&geom, &Dir::DIAGONAL);
        let king = leaper::steps::<B>(&geom, &ALL_DIRS);
        let knight = match spec.knight {
            KnightShape::Orthodox => leaper::from_vectors(&geom, &KNIGHT_VECTORS),
            KnightShape::Camel => leaper::from_vectors(&geom, &CAMEL_VECTORS),
            KnightShape::RulesTable => {
                leaper::from_named(&geom, "knight").ok_or(RulesError::NoLeaperTable {
                    game,
                    piece: "knight",
                })?
            }
        };
        let ultra = if spec.roles.contains(&Role::Ultra) {
            leaper::from_named(&geom, "ultra").ok_or(RulesError::NoLeaperTable {
                game,
                piece: "Ultra",
            })?
        } else {
            vec![B::EMPTY; n]
        };

        let dirs_for = |c: Color, dirs: &[Dir]| -> Vec<Dir> {
            dirs.iter()
                .map(|&d| if c == Color::White { d } else { d.opposite() })
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
            let start_rank = if c == Color::White {
                1
            } else {
                geom.ranks as usize - 2
            };
            pawn_double[ci] = (0..n)
                .map(|sq| {
                    if !spec.pawn.double_step || geom.cells[sq].rank as usize != start_rank {
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

        let mirror = |cell: usize| -> Option<usize> {
            let c = &geom.cells[cell];
            geom.at(
                geom.files as i32 - 1 - c.file as i32,
                geom.ranks as i32 - 1 - c.rank as i32,
            )
        };
        let mut promotion_zone = [B::EMPTY; 2];
        let mut promotion_choices: [Vec<&'static [Role]>; 2] = [vec![&[]; n], vec![&[]; n]];
        match spec.promotion {
            Promotion::LastRank { white, black } => {
                for (sq, cell) in geom.cells.iter().enumerate() {
                    let r = cell.rank;
                    if r == geom.ranks - 1 {
                        promotion_zone[0] |= B::bit(sq);
                        promotion_choices[0][sq] = white;
                    }
                    if r == 0 {
                        promotion_zone[1] |= B::bit(sq);
                        promotion_choices[1][sq] = black;
                    }
                }
            }
            Promotion::PerSquare { white } => {
                for &(name, roles) in white {
                    let sq = geom
                        .cell(name)
                        .ok_or(RulesError::BadPromotionSquare { game, square: name })?;
                    let msq = mirror(sq).ok_or(RulesError::NoMirror {
                        what: "promotion square",
                    })?;
                    promotion_zone[0] |= B::bit(sq);
                    promotion_choices[0][sq] = roles;
                    promotion_zone[1] |= B::bit(msq);
                    promotion_choices[1][msq] = roles;
                }
            }
        }
        let mut pawn_goal = [B::EMPTY; 2];
        if let Some(goal) = spec.pawn_goal {
            let sq = geom.cell(goal).ok_or(RulesError::BadGoalSquare { game })?;
            pawn_goal[0] = B::bit(sq);
            pawn_goal[1] = B::bit(mirror(sq).ok_or(RulesError::NoMirror {
                what: "goal square",
            })?);
        }

        let mut castling = [[None; 2]; 2];
        let mut castle_keep = vec![0xfu8; n];
        if let Some(shape) = spec.castling {
            for c in [Color::White, Color::Black] {
                let rank = if c == Color::White {
                    0
                } else {
                    geom.ranks as i32 - 1
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
        let mut has_role = [false; 8];
        for r in spec.roles {
            has_role[r.index()] = true;
        }
        Ok(Rules {
            spec,
            cells: n,
            all,
            orth,
            diag,
            knight_from: leaper::reverse(&knight),
            ultra_from: leaper::reverse(&ultra),
            king_from: leaper::reverse(&king),
            king,
            knight,
            ultra,
            pawn_quiet,
            pawn_capture,
            pawn_attackers,
            pawn_double,
            ep_victims,
            promotion_zone,
            promotion_choices,
            pawn_goal,
            castling,
            castle_keep,
            has_role,
            zobrist: Zobrist::new(n, spec.name),
            geom,
        })
    }

    /// Attack set of a non-pawn piece standing on `sq`.
    #[inline(always)]
    pub fn piece_attacks(&self, role: Role, sq: usize, occupied: B) -> B {
        match role {
            Role::Knight => self.knight[sq],
            Role::Bishop => self.diag.attacks(sq, occupied),
            Role::Rook => self.orth.attacks(sq, occupied),
            Role::Queen => self.orth.attacks(sq, occupied) | self.diag.attacks(sq, occupied),
            Role::King => self.king[sq],
            Role::Ultra => self.ultra[sq],
            Role::Chancellor => self.orth.attacks(sq, occupied) | self.knight[sq],
            Role::Pawn => B::EMPTY,
        }
    }

    /// Name of a cell in protocol notation (grid slot).
    pub fn square_name(&self, sq: usize) -> String {
        self.geom.grid_name(sq)
    }
}

/// Gives each bitboard width its own cache of built rules.
pub trait RulesCache: Bitboard {
    fn cache() -> &'static [OnceCell<Result<Rules<Self>, RulesError>>];
}

static CACHE64: [OnceCell<Result<Rules<u64>, RulesError>>; 16] = [const { OnceCell::new() }; 16];
static CACHE128: [OnceCell<Result<Rules<u128>, RulesError>>; 16] = [const { OnceCell::new() }; 16];

impl RulesCache for u64 {
    fn cache() -> &'static [OnceCell<Result<Rules<u64>, RulesError>>] {
        &CACHE64
    }
}

impl RulesCache for u128 {
    fn cache() -> &'static [OnceCell<Result<Rules<u128>, RulesError>>] {
        &CACHE128
    }
}

/// The built rules of a game, made on first use and shared for the life of the process.
pub fn rules_for<B: RulesCache>(
    spec: &'static VariantSpec,
) -> Result<&'static Rules<B>, RulesError> {
    let idx = VARIANTS
        .iter()
        // By name: the specs are `const`s, so their addresses are not unique.
        .position(|v| v.name == spec.name)
        .ok_or(RulesError::NotRegistered { game: spec.name })?;
    let width_ok = match spec.width {
        Width::W64 => B::CAPACITY == 64,
        Width::W128 => B::CAPACITY == 128,
    };
    if !width_ok {
        return Err(RulesError::OtherWidth { game: spec.name });
    }
    B::cache()[idx]
        .get_or_init(|| Rules::build(spec))
        .as_ref()
        .map_err(|e| e.clone())
}
