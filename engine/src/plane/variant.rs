//! Every 2D game as a record of data, made from a game file (`gamefile::GameFile`): the
//! built-in games are files too (`engine/games/*.toml`, embedded in the binary), read by
//! `load` like any user's file. Move generation reads the tables built from these records
//! (`rules`) and never asks which game it is playing.
//!
//! A record lives for the whole process (`&'static`): games are registered once
//! (`registry`) and positions, rules and caches point at them.

use crate::plane::gui::XBoardFacts;
use crate::types::{Color, Piece, Role, ROLE_COUNT};
use oblique_gamefile::betza::BetzaMove;
use oblique_gamefile::schema::PerftEntry;
use oblique_tables::escalator::EscalatorBoard;
use oblique_tables::geometry::{CellSpec, GeometryError};
use oblique_tables::{Dir, Geometry};

/// Most games one process may hold (the caches of tables have this many places).
pub const MAX_GAMES: usize = 1024;

/// The six orthodox roles (also Star Trek chess's set).
pub const STANDARD_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The board a game is played on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardShape {
    /// A rectangle, possibly with holes and barriers: geometry from grid arithmetic.
    Grid {
        files: u8,
        ranks: u8,
        holes: &'static [(u8, u8)],
        barriers: &'static [(u8, u8)],
    },
    /// An escalator board: geometry from the rules' tables.
    Escalator(EscalatorBoard),
    /// A graph given cell by cell by a game file (`[[board.cell]]`).
    Graph(&'static GraphBoard),
}

/// A game file's explicit graph: its grid, its cells with their links, its barriers.
#[derive(Debug, PartialEq)]
pub struct GraphBoard {
    pub files: u8,
    pub ranks: u8,
    pub cells: Vec<CellSpec>,
    pub barriers: Vec<(u8, u8)>,
}

impl BoardShape {
    /// The board's graph; `name` names it in errors.
    pub fn geometry(&self, name: &str) -> Result<Geometry, GeometryError> {
        match *self {
            BoardShape::Grid {
                files,
                ranks,
                holes,
                barriers,
            } => Ok(Geometry::grid_with_barriers(
                name, files, ranks, holes, barriers,
            )),
            BoardShape::Escalator(board) => board.geometry(),
            BoardShape::Graph(g) => {
                Geometry::from_cells(name, g.files, g.ranks, &g.cells, &g.barriers)
            }
        }
    }
}

/// Bitboard width the game needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    W64,
    W128,
}

/// How a piece moves: its Betza moves and, on boards that supply them, a named leap table.
#[derive(Clone, Copy, Debug)]
pub struct PieceSpec {
    /// FEN letter, lower case (White's is its upper case).
    pub letter: char,
    pub name: &'static str,
    /// The Betza text as the file gave it (empty for a table-only piece).
    pub betza: &'static str,
    pub moves: &'static [BetzaMove],
    /// A leap table of the board's (`knight`, `ultra` on escalator boards).
    pub table: Option<&'static str>,
    /// Value in pawns from the file, if it gives one.
    pub value: Option<f64>,
    /// The picture front ends draw.
    pub figure: &'static str,
    /// Its leaps may cross the board's barriers (holes); see `leaper::without_barrier_jumps`.
    pub jumps_barriers: bool,
    /// White's ranks (0 the first; Black's mirrored) from which its `i` moves are played.
    pub initial_ranks: &'static [u8],
}

/// How the pawn-role piece moves, in White's directions (Black's follow the symmetry).
#[derive(Clone, Copy, Debug)]
pub struct PawnShape {
    /// Non-capturing single steps (to empty squares).
    pub quiet: &'static [Dir],
    /// Capturing steps; also the squares the pawn attacks.
    pub capture: &'static [Dir],
    /// White's ranks (0-based) from which it may step twice straight forward (N, then N
    /// again), setting an en-passant square; Black's are mirrored.
    pub double_step_ranks: &'static [u8],
}

/// Which pieces a pawn may become, and where.
#[derive(Clone, Copy, Debug)]
pub enum Promotion {
    /// On the last `ranks` ranks, to any of these (per colour).
    LastRanks {
        ranks: u8,
        white: &'static [Role],
        black: &'static [Role],
    },
    /// Only on the listed squares (grid names), each with its own choice of pieces;
    /// Black's are `black`, or White's by the game's symmetry when `black` is `None`.
    PerSquare {
        white: &'static [(&'static str, &'static [Role])],
        black: Option<&'static [(&'static str, &'static [Role])]>,
    },
}

/// What promotion allows beyond its squares and choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PromotionTerms {
    /// A pawn may also stay a pawn on a promotion square from which it could still move on
    /// (it must promote where it could not).
    pub optional: bool,
    /// Per role slot: a pawn may become that piece only while its side has fewer than this
    /// many of it (0: no limit).
    pub limits: [u8; ROLE_COUNT],
}

/// Castling by files on one rank of each side (mirrored for Black); the king moves `king_from -> king_to` and the
/// rook `rook_from -> rook_to`.
#[derive(Clone, Copy, Debug)]
pub struct CastlingShape {
    /// White's castling rank (0 the first); Black castles on the mirrored rank.
    pub rank: u8,
    pub king_from: u8,
    /// King side (`K`/`k` in FEN), then queen side (`Q`/`q`): (king_to, rook_from, rook_to).
    pub sides: [(u8, u8, u8); 2],
    /// The roles that may stand on `rook_from` and castle (the rook; Perfect Chess adds its
    /// chancellor). Castling moves whatever piece stands there.
    pub partners: &'static [Role],
}

/// Which material is a dead draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadPosition {
    /// FIDE: no mate possible (K v K, K+minor v K, bishops all on one colour).
    Fide,
    /// Only king against king (unusual geometry makes odd mates possible).
    KingsOnly,
    /// None (a king that reaches its goal wins, so bare kings still play on).
    Never,
}

/// How Black's rules follow from White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Reflected across the middle rank (chess).
    Mirror,
    /// Turned half round (Diagonal Chess).
    Rotate,
}

impl Symmetry {
    /// Black's counterpart of White's grid step (`dx` towards the h-file, `dy` forward).
    pub fn black_step(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Symmetry::Mirror => (dx, -dy),
            Symmetry::Rotate => (-dx, -dy),
        }
    }
}

/// The squares where a piece of `role` wins on arrival: White's, and Black's (`None`: White's
/// by the game's symmetry; an empty list: Black has none for this piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalSpec {
    pub role: Role,
    pub white: &'static [&'static str],
    pub black: Option<&'static [&'static str]>,
}

/// A complete 2D game.
#[derive(Debug)]
pub struct VariantSpec {
    /// Name used by the CLI, UCI and XBoard.
    pub name: &'static str,
    pub title: &'static str,
    /// Position in the registry (caches index by it).
    pub id: usize,
    pub board: BoardShape,
    pub width: Width,
    /// Roles that may appear, in slot order.
    pub roles: &'static [Role],
    /// Each role slot's piece (`None` for slots the game does not use). The pawn slot's
    /// entry names the pawn; its moves are `pawn`.
    pub pieces: [Option<PieceSpec>; ROLE_COUNT],
    pub pawn: PawnShape,
    pub promotion: Promotion,
    pub promotion_terms: PromotionTerms,
    pub castling: Option<CastlingShape>,
    /// Squares where a piece of a role wins on arrival, one entry per goal piece (none:
    /// the game has no goal).
    pub goals: &'static [GoalSpec],
    pub dead: DeadPosition,
    /// Stalemate's value, the move and repetition rules, bare king (`[end]`).
    pub end: crate::outcome::EndRules,
    pub symmetry: Symmetry,
    pub start_fen: &'static str,
    /// What XBoard needs to know about the game (its name, piece definitions).
    pub xboard: XBoardFacts,
    /// The file's own perft checks.
    pub perft: &'static [PerftEntry],
    /// Where the game came from (`built-in` or the file's path).
    pub origin: &'static str,
    /// The network file the game plays with (`[game] network`, resolved against the game
    /// file's folder), if the file names one.
    pub network: Option<&'static str>,
}

impl VariantSpec {
    /// The FEN letter of a piece of this game.
    pub fn fen_char(&self, piece: Piece) -> char {
        let l = self.letter(piece.role);
        match piece.color {
            Color::White => l.to_ascii_uppercase(),
            Color::Black => l,
        }
    }

    /// The lower-case letter of a role slot in this game.
    pub fn letter(&self, role: Role) -> char {
        self.pieces[role.index()].map_or_else(|| role.letter(), |p| p.letter)
    }

    /// The piece a FEN letter stands for in this game.
    pub fn piece_from_char(&self, c: char) -> Option<Piece> {
        let role = self.role_of_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role slot a letter (either case) names in this game.
    pub fn role_of_letter(&self, c: char) -> Option<Role> {
        let lower = c.to_ascii_lowercase();
        self.roles
            .iter()
            .copied()
            .find(|&r| self.letter(r) == lower)
    }

    /// The name of a role slot's piece in this game.
    pub fn piece_name(&self, role: Role) -> &'static str {
        self.pieces[role.index()].map_or_else(|| role.name(), |p| p.name)
    }

    /// The picture front ends draw for a role slot's piece.
    pub fn figure(&self, role: Role) -> &'static str {
        self.pieces[role.index()].map_or_else(|| role.name(), |p| p.figure)
    }

    /// The `pieceToCharTable` of this game's XBoard `setup`.
    pub fn xboard_piece_to_char(&self) -> String {
        let letters: Vec<char> = self
            .roles
            .iter()
            .map(|&r| self.letter(r).to_ascii_uppercase())
            .collect();
        crate::plane::gui::piece_to_char(&letters)
    }
}
