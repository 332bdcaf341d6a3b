//! Every 2D game as a record of data. Move generation reads the tables built from these
//! records and never asks which game it is playing.

use crate::plane::gui::{self, XBoardFacts};
use crate::types::Role;
use oblique_tables::escalator::EscalatorBoard;
use oblique_tables::Dir;

/// The board a game is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// A plain rectangle: geometry from grid arithmetic.
    Grid { files: u8, ranks: u8 },
    /// An escalator board: geometry from the rules' tables.
    Escalator(EscalatorBoard),
}

/// Bitboard width the game needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    W64,
    W128,
}

/// Where the game's knight table comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnightShape {
    /// (1,2) leaper on a plain grid.
    Orthodox,
    /// (1,3) leaper on a plain grid (Diagonal Chess).
    Camel,
    /// The rules' own table (escalator boards: knights jump the barriers).
    RulesTable,
}

/// How the pawn-role piece moves, in White's directions (Black's are turned half round).
#[derive(Clone, Copy, Debug)]
pub struct PawnShape {
    /// Non-capturing single steps (to empty squares).
    pub quiet: &'static [Dir],
    /// Capturing steps; also the squares the pawn attacks.
    pub capture: &'static [Dir],
    /// May step twice straight forward (N, then N again) from its starting rank, which sets
    /// an en-passant square.
    pub double_step: bool,
}

/// Which pieces a pawn may become, and where.
#[derive(Clone, Copy, Debug)]
pub enum Promotion {
    /// On the last rank, to any of these (per colour).
    LastRank {
        white: &'static [Role],
        black: &'static [Role],
    },
    /// Only on the listed squares (White's names; Black's are the 180-degree mirror), each
    /// with its own choice of pieces.
    PerSquare {
        white: &'static [(&'static str, &'static [Role])],
    },
}

/// Castling by files on each side's back rank; the king moves `king_from -> king_to` and the
/// rook `rook_from -> rook_to`.
#[derive(Clone, Copy, Debug)]
pub struct CastlingShape {
    pub king_from: u8,
    /// King side (`K`/`k` in FEN), then queen side (`Q`/`q`): (king_to, rook_from, rook_to).
    pub sides: [(u8, u8, u8); 2],
}

/// Which material is a dead draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadPosition {
    /// FIDE: no mate possible (K v K, K+minor v K, bishops all on one colour).
    Fide,
    /// Only king against king (unusual geometry makes odd mates possible).
    KingsOnly,
}

/// A complete 2D game.
#[derive(Debug)]
pub struct VariantSpec {
    /// Name used by the CLI, UCI and XBoard.
    pub name: &'static str,
    pub title: &'static str,
    pub board: BoardShape,
    pub width: Width,
    /// Roles that may appear (FEN letters outside this list are rejected).
    pub roles: &'static [Role],
    pub knight: KnightShape,
    pub pawn: PawnShape,
    pub promotion: Promotion,
    pub castling: Option<CastlingShape>,
    /// Square a White pawn wins on (Black's is the 180-degree mirror).
    pub pawn_goal: Option<&'static str>,
    pub dead: DeadPosition,
    pub start_fen: &'static str,
    /// What XBoard needs to know about the game (its name, piece definitions).
    pub xboard: XBoardFacts,
}

/// The six orthodox roles (also Star Trek chess's set).
pub const STANDARD_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];
const USEC_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Ultra,
];
const ALMOST_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Chancellor,
    Role::King,
    Role::Ultra,
];
const SORT_OF_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::Chancellor,
    Role::King,
    Role::Ultra,
];

const QRBN: &[Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const QURBN: &[Role] = &[
    Role::Queen,
    Role::Ultra,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];
const CURBN: &[Role] = &[
    Role::Chancellor,
    Role::Ultra,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

const ORTHODOX_PAWN: PawnShape = PawnShape {
    quiet: &[Dir::N],
    capture: &[Dir::NE, Dir::NW],
    double_step: true,
};
/// David Short's Crab: steps straight or diagonally forward, captures only diagonally.
const CRAB: PawnShape = PawnShape {
    quiet: &[Dir::N, Dir::NE, Dir::NW],
    capture: &[Dir::NE, Dir::NW],
    double_step: true,
};
const SINGLE_STEP_CRAB: PawnShape = PawnShape {
    double_step: false,
    ..CRAB
};
/// Diagonal Chess pawn: moves towards h8 diagonally, captures straight up or right.
const DIAGONAL_PAWN: PawnShape = PawnShape {
    quiet: &[Dir::NE],
    capture: &[Dir::N, Dir::E],
    double_step: false,
};

const EIGHT_FILE_CASTLING: CastlingShape = CastlingShape {
    king_from: 4,
    sides: [(6, 7, 5), (2, 0, 3)],
};
const USEC_CASTLING: CastlingShape = CastlingShape {
    king_from: 5,
    sides: [(7, 8, 6), (3, 1, 4)],
};

pub const CHESS: VariantSpec = VariantSpec {
    name: "chess",
    title: "Orthodox chess",
    board: BoardShape::Grid { files: 8, ranks: 8 },
    width: Width::W64,
    roles: STANDARD_ROLES,
    knight: KnightShape::Orthodox,
    pawn: ORTHODOX_PAWN,
    promotion: Promotion::LastRank {
        white: QRBN,
        black: QRBN,
    },
    castling: Some(EIGHT_FILE_CASTLING),
    pawn_goal: None,
    dead: DeadPosition::Fide,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    xboard: XBoardFacts {
        name: "normal",
        built_in: true,
        pieces: &[],
    },
};

pub const SLANTED: VariantSpec = VariantSpec {
    name: "slanted",
    title: "Slanted Escalator Chess",
    board: BoardShape::Escalator(EscalatorBoard::Sec),
    width: Width::W64,
    roles: STANDARD_ROLES,
    knight: KnightShape::RulesTable,
    pawn: CRAB,
    promotion: Promotion::LastRank {
        white: QRBN,
        black: QRBN,
    },
    castling: Some(EIGHT_FILE_CASTLING),
    pawn_goal: None,
    dead: DeadPosition::KingsOnly,
    start_fen: "rnbqkbnr/pppppppp/8/2*2*2/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("slanted"),
};

pub const MINISLANTED: VariantSpec = VariantSpec {
    name: "minislanted",
    title: "Mini Slanted Escalator Chess",
    board: BoardShape::Escalator(EscalatorBoard::Msec),
    pawn: SINGLE_STEP_CRAB,
    start_fen: "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("minislanted"),
    ..SLANTED
};

pub const ULTRASLANTED: VariantSpec = VariantSpec {
    name: "ultraslanted",
    title: "Ultra Slanted Escalator Chess",
    board: BoardShape::Escalator(EscalatorBoard::Usec),
    width: Width::W128,
    roles: USEC_ROLES,
    knight: KnightShape::RulesTable,
    pawn: CRAB,
    promotion: Promotion::LastRank {
        white: QURBN,
        black: QURBN,
    },
    castling: Some(USEC_CASTLING),
    pawn_goal: None,
    dead: DeadPosition::KingsOnly,
    start_fen: "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("ultraslanted"),
};

pub const ULTRASLANTED_WHITE: VariantSpec = VariantSpec {
    name: "ultraslantedwhite",
    title: "Ultra Slanted Escalator Chess, White first",
    start_fen: "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU w KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("ultraslantedwhite"),
    ..ULTRASLANTED
};

pub const ALMOST_ULTRASLANTED: VariantSpec = VariantSpec {
    name: "almostultraslanted",
    title: "Almost Ultra Slanted Escalator Chess",
    roles: ALMOST_ROLES,
    promotion: Promotion::LastRank {
        white: CURBN,
        black: CURBN,
    },
    start_fen: "urnbckbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("almostultraslanted"),
    ..ULTRASLANTED
};

pub const SORT_OF_ALMOST_ULTRASLANTED: VariantSpec = VariantSpec {
    name: "sortofalmostultraslanted",
    title: "Sort of Almost Ultra Slanted Escalator Chess",
    roles: SORT_OF_ROLES,
    promotion: Promotion::LastRank {
        white: CURBN,
        black: QURBN,
    },
    start_fen: "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1",
    xboard: XBoardFacts::engine_defined("sortofalmostultraslanted"),
    ..ULTRASLANTED
};

const DIAG_QRBN: &[Role] = QRBN;
const DIAG_RBN: &[Role] = &[Role::Rook, Role::Bishop, Role::Knight];
const DIAG_BN: &[Role] = &[Role::Bishop, Role::Knight];
const DIAG_N: &[Role] = &[Role::Knight];

pub const DIAGONAL: VariantSpec = VariantSpec {
    name: "diagonal",
    title: "Diagonal Chess",
    board: BoardShape::Grid { files: 8, ranks: 8 },
    width: Width::W64,
    roles: STANDARD_ROLES,
    knight: KnightShape::Camel,
    pawn: DIAGONAL_PAWN,
    promotion: Promotion::PerSquare {
        white: &[
            ("a8", DIAG_QRBN),
            ("g8", DIAG_QRBN),
            ("h7", DIAG_QRBN),
            ("h1", DIAG_QRBN),
            ("b8", DIAG_RBN),
            ("f8", DIAG_RBN),
            ("h6", DIAG_RBN),
            ("h2", DIAG_RBN),
            ("c8", DIAG_BN),
            ("e8", DIAG_BN),
            ("h5", DIAG_BN),
            ("h3", DIAG_BN),
            ("d8", DIAG_N),
            ("h4", DIAG_N),
        ],
    },
    castling: None,
    pawn_goal: Some("h8"),
    dead: DeadPosition::KingsOnly,
    start_fen: "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1",
    xboard: XBoardFacts {
        name: "diagonal",
        built_in: false,
        // The (1,3) leaper is Betza's camel. White's pawn steps to (+1,+1) and captures to
        // (0,+1) and (+1,0); `P&` gives Black the same string turned by 180 degrees, exactly
        // the game's symmetry.
        pieces: &["piece N& C", "piece P& frmFfrcW"],
    },
};

/// Every 2D game, in the order `oblique variants` lists them.
pub const VARIANTS: &[&VariantSpec] = &[
    &CHESS,
    &SLANTED,
    &MINISLANTED,
    &ULTRASLANTED,
    &ULTRASLANTED_WHITE,
    &ALMOST_ULTRASLANTED,
    &SORT_OF_ALMOST_ULTRASLANTED,
    &DIAGONAL,
];

/// Finds a 2D game by its name or XBoard's name for it (`normal` is orthodox chess, as is
/// `standard`), case-insensitive.
pub fn find(name: &str) -> Option<&'static VariantSpec> {
    let lower = name.to_ascii_lowercase();
    let lower = if lower == "standard" { "chess" } else { &lower };
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name == lower || v.xboard.name == lower)
}

impl VariantSpec {
    /// The `pieceToCharTable` of this game's XBoard `setup`.
    pub fn xboard_piece_to_char(&self) -> String {
        let letters: Vec<char> = self
            .roles
            .iter()
            .map(|r| r.letter().to_ascii_uppercase())
            .collect();
        gui::piece_to_char(&letters)
    }
}

/// XBoard's names of every 2D game, in listing order (Star Trek chess is not offered:
/// XBoard cannot draw three dimensions).
pub fn xboard_names() -> Vec<&'static str> {
    VARIANTS.iter().map(|v| v.xboard.name).collect()
}
