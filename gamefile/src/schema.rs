//! The one description of a 2D game that every reader produces: the TOML format reads
//! straight into it (serde), Fairy-Stockfish's `variants.ini` is translated into it, and the
//! engine builds its tables from it. Everything is as a player writes it: letters, square
//! names, Betza strings; nothing here knows about bitboards.
//!
//! Squares are named on the grid (`a1` = White's left corner; files `a`.., ranks 1..). Where
//! a rule is given for White only, Black's is White's turned half round (the 180-degree
//! mirror) unless the file gives Black's own.

use serde::{Deserialize, Serialize};

/// A whole game file in our format: one game.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: GameSection,
    pub board: BoardSection,
    /// Every piece but the pawn: officers and the royal piece.
    #[serde(rename = "piece", default)]
    pub pieces: Vec<PieceSection>,
    /// The pawn-role piece (promotes, double-steps, takes en passant), if the game has one.
    #[serde(default)]
    pub pawn: Option<PawnSection>,
    #[serde(default)]
    pub promotion: Option<PromotionSection>,
    #[serde(default)]
    pub castling: Option<CastlingSection>,
    #[serde(default)]
    pub end: EndSection,
    /// Checks embedded in the file, run by `oblique check`.
    #[serde(rename = "perft", default)]
    pub perft: Vec<PerftEntry>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// The name commands take (`--variant NAME`): lower-case letters, digits, `-` and `_`.
    pub name: String,
    /// The name shown to people; defaults to `name`.
    #[serde(default)]
    pub title: Option<String>,
    /// The start position in FEN (`*` marks a hole where the board has one). Its side to
    /// move is the first mover.
    pub start: String,
    /// How Black's rules follow from White's: `mirror` (the default: reflected across the
    /// middle rank, as in chess) or `rotate` (turned half round, as in Diagonal Chess). It
    /// applies to piece moves, per-square promotion and goal squares.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// XBoard's name for the game when XBoard knows it itself (`normal` for chess); absent
    /// for games the engine teaches XBoard with `setup`.
    #[serde(default)]
    pub xboard_name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    pub files: u8,
    pub ranks: u8,
    /// Grid squares that are not part of the board (nothing stands or passes there).
    #[serde(default)]
    pub holes: Vec<String>,
    /// One of the escalator boards of our rules (`SEC`, `MSEC`, `USEC`): its squares,
    /// slanted neighbours and leap tables come from the rules' data, and `files`, `ranks` and
    /// `holes` must agree with it.
    #[serde(default)]
    pub escalator: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSection {
    /// FEN letter (White's in upper case, Black's in lower case).
    pub letter: char,
    pub name: String,
    /// Moves in Betza notation as XBoard reads it, from White's side of the board.
    #[serde(default)]
    pub betza: Option<String>,
    /// Leaps given by the board instead of Betza (an escalator board's `knight` or `ultra`
    /// table); added to the Betza moves where both are given.
    #[serde(default)]
    pub table: Option<String>,
    /// Losing it loses the game (check and checkmate apply to it). Exactly one royal piece.
    #[serde(default)]
    pub royal: bool,
    /// Value in pawns; derived from the moves when absent.
    #[serde(default)]
    pub value: Option<f64>,
    /// The picture the browser board draws (`knight`, `camel`, ...); defaults to `name`, and
    /// a name with no picture gets a generic piece marked with its letter.
    #[serde(default)]
    pub figure: Option<String>,
    /// Whether its leaps may cross a barrier (a hole); `false` bars every leap whose straight
    /// line between the two cells' centres in the drawn board passes through a hole (the
    /// knight of Slanted Escalator Chess's experimental variant).
    #[serde(default = "jumps_barriers_default")]
    pub jumps_barriers: bool,
}

fn jumps_barriers_default() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PawnSection {
    pub letter: char,
    #[serde(default = "pawn_name")]
    pub name: String,
    /// Moves in Betza: one-step atoms (`W`, `F`) with direction and `m`/`c` modifiers.
    pub betza: String,
    /// White's ranks (1-based) from which the pawn may step twice straight forward; Black's
    /// are mirrored. Empty: no double step.
    #[serde(default)]
    pub double_step_ranks: Vec<u8>,
    /// A double step may be taken en passant (the default when there is a double step).
    #[serde(default = "yes")]
    pub en_passant: bool,
    /// The picture the browser board draws; defaults to `name`.
    #[serde(default)]
    pub figure: Option<String>,
}

fn pawn_name() -> String {
    "pawn".to_string()
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSection {
    /// White's promotion squares given as the last `ranks` ranks (1 = the last rank only).
    #[serde(default)]
    pub ranks: Option<u8>,
    /// Letters a pawn may become (both colours unless `black_pieces` is given).
    #[serde(default)]
    pub pieces: Option<String>,
    /// Black's own choice where it differs from White's.
    #[serde(default)]
    pub black_pieces: Option<String>,
    /// Promotion squares each with its own choice (White's; Black's are mirrored).
    #[serde(rename = "square", default)]
    pub squares: Vec<PromotionSquare>,
    /// A pawn reaching the zone must promote (the only form the engine plays today).
    #[serde(default = "yes")]
    pub mandatory: bool,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSquare {
    pub cell: String,
    pub pieces: String,
}

/// Castling on the back ranks: the king and a rook of the same rank; Black's squares are on
/// the same files of Black's back rank.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSection {
    /// White's king square (`e1`).
    pub king: String,
    /// FEN right `K`: where the king and the rook go.
    pub kingside: CastlingSide,
    /// FEN right `Q`.
    pub queenside: CastlingSide,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSide {
    pub king_to: String,
    pub rook_from: String,
    pub rook_to: String,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EndSection {
    /// Stalemate: `draw` (the default), `win` or `loss` for the stalemated side... as
    /// implemented today, only `draw`.
    #[serde(default)]
    pub stalemate: Option<String>,
    /// Material with which no mate is possible: `fide` (K v K, K+minor v K, same-coloured
    /// bishops), `kings-only` (the default) or `none`.
    #[serde(default)]
    pub dead: Option<String>,
    /// Halfmoves without capture or pawn move that draw (100 = the fifty-move rule).
    #[serde(default)]
    pub move_rule: Option<u32>,
    /// How many times a position must occur to draw (3 = threefold repetition).
    #[serde(default)]
    pub repetition: Option<u32>,
    /// A piece reaching a region wins.
    #[serde(rename = "goal", default)]
    pub goals: Vec<Goal>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The piece's letter (either case).
    pub piece: char,
    /// White's goal squares.
    pub white: Vec<String>,
    /// Black's goal squares; White's turned half round when absent.
    #[serde(default)]
    pub black: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PerftEntry {
    /// A FEN, or absent for the start position.
    #[serde(default)]
    pub fen: Option<String>,
    pub depth: u32,
    pub nodes: u64,
    /// Where the number comes from (a published source, a hand count, another program).
    #[serde(default)]
    pub source: Option<String>,
}

impl GameFile {
    pub fn title(&self) -> &str {
        self.game.title.as_deref().unwrap_or(&self.game.name)
    }
}
