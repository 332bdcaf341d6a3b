//! The rules of one `variants.ini` section as Fairy-Stockfish holds them while it reads a
//! file: its piece types with their letters, its regions as sets of squares, its flags. A
//! child section starts from its parent's finished state (as Fairy-Stockfish copies the
//! parent variant), a section without a parent from the defaults (chess rules, no pieces).
//! Keys are applied in Fairy-Stockfish's own order, so aliases and overrides (`pawnTypes`
//! before `promotionPawnTypes`, `flagRegion` before `flagRegionWhite`) come out the same.
//!
//! Keys whose rule the engine does not play are kept in `unsupported` while their value
//! differs from Fairy-Stockfish's default; a child may set them back to the default. The
//! translation into a `GameFile` (`ini_game`) refuses a section that still has any.

use std::collections::BTreeMap;

/// Fairy-Stockfish's board: up to 12 files and 10 ranks; bit `rank * 12 + file`.
pub type Region = u128;
pub const FILES_MAX: u8 = 12;
pub const RANKS_MAX: u8 = 10;
pub const ALL_SQUARES: Region = (1u128 << 120) - 1;

pub fn rank_bb(rank: u8) -> Region {
    0xFFFu128 << (12 * rank as u32)
}

pub fn file_bb(file: u8) -> Region {
    (0..RANKS_MAX).fold(0, |b, r| b | 1u128 << (r as u32 * 12 + file as u32))
}

pub fn square_bb(file: u8, rank: u8) -> Region {
    1u128 << (rank as u32 * 12 + file as u32)
}

/// Fairy-Stockfish's piece types in its own order, by their key names; then the custom
/// slots and the king.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];
pub const CUSTOM_SLOTS: usize = 25;
pub const PAWN: usize = 0;
pub const ROOK: usize = 3;
pub const CUSTOM_FIRST: usize = BUILT_IN.len();
pub const KING: usize = CUSTOM_FIRST + CUSTOM_SLOTS;
pub const TYPES: usize = KING + 1;

/// A set of piece types, bit = type index.
pub type TypeSet = u64;

pub fn type_name(t: usize) -> String {
    match t {
        t if t < CUSTOM_FIRST => BUILT_IN[t].0.to_string(),
        KING => "king".to_string(),
        t => format!("customPiece{}", t - CUSTOM_FIRST + 1),
    }
}

fn type_by_name(name: &str) -> Option<usize> {
    if name == "king" {
        return Some(KING);
    }
    if let Some(n) = name.strip_prefix("customPiece") {
        return match n.parse::<usize>() {
            Ok(k) if (1..=CUSTOM_SLOTS).contains(&k) && !n.starts_with('0') => {
                Some(CUSTOM_FIRST + k - 1)
            }
            _ => None,
        };
    }
    BUILT_IN.iter().position(|(n, _)| *n == name)
}

/// A key whose value the engine does not play, kept with where it was set.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsupported {
    pub value: String,
    /// The section that set it.
    pub section: String,
    pub line: usize,
    pub why: &'static str,
}

#[derive(Clone, Debug)]
pub struct Rules {
    /// Highest rank and file index (7 = 8 ranks).
    pub max_rank: u8,
    pub max_file: u8,
    /// Each type's letter (lower case) when the variant has it.
    pub letters: [Option<char>; TYPES],
    /// Betza of custom pieces and of a custom king (Fairy-Stockfish's dialect).
    pub custom_betza: [Option<String>; TYPES],
    pub start_fen: String,
    pub promotion_region: [Region; 2],
    pub main_promotion_pawn: [usize; 2],
    pub promotion_pawn_types: [TypeSet; 2],
    pub promotion_piece_types: [TypeSet; 2],
    pub mandatory_pawn_promotion: bool,
    pub double_step: bool,
    pub double_step_region: [Region; 2],
    pub en_passant_region: [Region; 2],
    pub en_passant_types: [TypeSet; 2],
    pub castling: bool,
    pub castling_kingside_file: u8,
    pub castling_queenside_file: u8,
    pub castling_rank: u8,
    pub castling_king_file: u8,
    pub castling_king_piece: [usize; 2],
    pub castling_rook_kingside_file: u8,
    pub castling_rook_queenside_file: u8,
    pub castling_rook_pieces: [TypeSet; 2],
    pub n_move_rule_types: [TypeSet; 2],
    pub n_move_rule: u32,
    pub n_fold_rule: u32,
    pub n_fold_value: String,
    pub stalemate_value: String,
    pub checkmate_value: String,
    /// `None`: any piece type (`*`).
    pub flag_piece: [Option<usize>; 2],
    pub flag_region: [Region; 2],
    /// `checking`: may a move give check (false: racing kings)?
    pub checking: bool,
    /// `flagMove`: Black's one more move after White's flag piece arrives (racing kings).
    pub flag_move: bool,
    pub unsupported: BTreeMap<String, Unsupported>,
}

const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Rules {
    /// Fairy-Stockfish's defaults for a section without a parent: chess rules, no pieces.
    pub fn new() -> Rules {
        Rules {
            max_rank: 7,
            max_file: 7,
            letters: [None; TYPES],
            custom_betza: std::array::from_fn(|_| None),
            start_fen: CHESS_FEN.to_string(),
            promotion_region: [rank_bb(7), rank_bb(0)],
            main_promotion_pawn: [PAWN, PAWN],
            promotion_pawn_types: [1 << PAWN, 1 << PAWN],
            promotion_piece_types: [0, 0],
            mandatory_pawn_promotion: true,
            double_step: true,
            double_step_region: [rank_bb(1), rank_bb(6)],
            en_passant_region: [ALL_SQUARES, ALL_SQUARES],
            en_passant_types: [1 << PAWN, 1 << PAWN],
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_file: 4,
            castling_king_piece: [KING, KING],
            castling_rook_kingside_file: FILES_MAX - 1,
            castling_rook_queenside_file: 0,
            castling_rook_pieces: [1 << ROOK, 1 << ROOK],
            n_move_rule_types: [1 << PAWN, 1 << PAWN],
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: "draw".to_string(),
            stalemate_value: "draw".to_string(),
            checkmate_value: "loss".to_string(),
            flag_piece: [None, None],
            flag_region: [0, 0],
            checking: true,
            flag_move: false,
            unsupported: BTreeMap::new(),
        }
    }

    /// The type a letter stands for (either case).
    pub fn type_of(&self, letter: char) -> Option<usize> {
        let l = letter.to_ascii_lowercase();
        self.letters.iter().position(|&c| c == Some(l))
    }

    pub fn has(&self, t: usize) -> bool {
        self.letters[t].is_some()
    }

    fn add_piece(&mut self, t: usize, letter: char) {
        // As Fairy-Stockfish: a letter in use (even by this type) first removes that type.
        if let Some(old) = self.type_of(letter) {
            self.remove_piece(old);
        }
        self.letters[t] = Some(letter.to_ascii_lowercase());
    }

    fn remove_piece(&mut self, t: usize) {
        self.letters[t] = None;
        for side in &mut self.promotion_piece_types {
            *side &= !(1u64 << t);
        }
    }

    /// Fairy-Stockfish's last step when a variant is added: no double-step region
    /// without double steps, and the reverse.
    pub fn conclude(&mut self) {
        if !self.double_step {
            self.double_step_region = [0, 0];
        }
        if self.double_step_region == [0, 0] {
            self.double_step = false;
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new()
    }
}

/// One `key = value` of a section, with its line.
#[derive(Clone, Debug)]
pub struct Entry {
    pub value: String,
    pub line: usize,
}

/// Why a key cannot be applied: (line, message).
pub type KeyError = (usize, String);

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

fn parse_rank(v: &str) -> Option<u8> {
    let n: u8 = v.parse().ok()?;
    (1..=RANKS_MAX).contains(&n).then(|| n - 1)
}

fn parse_file(v: &str) -> Option<u8> {
    let f = if v.starts_with(|c: char| c.is_ascii_digit()) {
        v.parse::<u8>().ok()?.checked_sub(1)?
    } else {
        let mut cs = v.chars();
        let c = cs.next()?;
        if cs.next().is_some() || !c.is_ascii_lowercase() {
            return None;
        }
        c as u8 - b'a'
    };
    (f < FILES_MAX).then_some(f)
}

fn parse_value(v: &str) -> Option<String> {
    matches!(v, "win" | "loss" | "draw" | "none").then(|| v.to_string())
}

fn parse_int(v: &str) -> Option<u32> {
    v.parse().ok()
}

/// Fairy-Stockfish's square lists: `a1 b2`, `*3` (a rank), `c*` (a file); `-` ends.
pub fn parse_region(v: &str) -> Option<Region> {
    let mut b = 0;
    for token in v.split_whitespace() {
        if token == "-" {
            break;
        }
        let bytes = token.as_bytes();
        if let Some(rank) = token.strip_prefix('*') {
            let r: u8 = rank.parse().ok()?;
            if !(1..=RANKS_MAX).contains(&r) {
                return None;
            }
            b |= rank_bb(r - 1);
        } else if bytes.len() == 2 && bytes[1] == b'*' && bytes[0].is_ascii_alphabetic() {
            let f = bytes[0].to_ascii_lowercase() - b'a';
            if f >= FILES_MAX {
                return None;
            }
            b |= file_bb(f);
        } else if bytes.len() > 1 && bytes[0].is_ascii_alphabetic() {
            let f = bytes[0].to_ascii_lowercase() - b'a';
            let r: u8 = token[1..].parse().ok()?;
            if f >= FILES_MAX || !(1..=RANKS_MAX).contains(&r) {
                return None;
            }
            b |= square_bb(f, r - 1);
        } else {
            return None;
        }
    }
    Some(b)
}

/// Letters of piece types (`nbrq`; `-` ends; blanks skipped). `*` only where `star` allows.
fn parse_types(rules: &Rules, v: &str, star: bool) -> Result<(TypeSet, bool), String> {
    let mut set = 0;
    let mut all = false;
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        if c == '-' {
            break;
        }
        if c == '*' && star {
            all = true;
            continue;
        }
        match rules.type_of(c) {
            Some(t) => set |= 1 << t,
            None => {
                return Err(format!(
                    "'{c}' is not the letter of a piece of this variant"
                ))
            }
        }
    }
    Ok((set, all))
}

fn parse_one_type(rules: &Rules, v: &str) -> Result<Option<usize>, String> {
    let (set, all) = parse_types(rules, v, true)?;
    if all {
        return Ok(None);
    }
    if set.count_ones() != 1 {
        return Err("give one piece letter".to_string());
    }
    Ok(Some(set.trailing_zeros() as usize))
}

/// How a key the engine does not play is checked: its default, and why it matters.
struct Foreign {
    key: &'static str,
    kind: ValueKind,
    default: &'static str,
    why: &'static str,
}

#[derive(Clone, Copy)]
enum ValueKind {
    Bool,
    Int,
    Rank,
    Word(&'static [&'static str]),
    /// Any text; the default is the empty text or `-`.
    Text,
    Region,
}

macro_rules! foreign {
    ($key:expr, $kind:expr, $default:expr, $why:expr) => {
        Foreign {
            key: $key,
            kind: $kind,
            default: $default,
            why: $why,
        }
    };
}

const DROPS: &str = "drops and pockets are not played by the engine";
const VALUES: &[&str] = &["win", "loss", "draw", "none"];
/// The one extinction rule the engine plays is Shatranj's bare king (`ini_game`).
const EXTINCTION: &str = "extinction rules other than Shatranj's bare king (value loss, \
                          types *, count 1, opponent count 2, claim true) are not supported";

/// Keys the engine does not play, accepted only at Fairy-Stockfish's default value, in
/// Fairy-Stockfish's order.
const FOREIGN: &[Foreign] = &[
    foreign!("dropOnTop", ValueKind::Bool, "false", DROPS),
    foreign!("pocketSize", ValueKind::Int, "0", DROPS),
    foreign!("chess960", ValueKind::Bool, "false", "Chess960 castling is not supported"),
    foreign!("twoBoards", ValueKind::Bool, "false", DROPS),
    foreign!("sittuyinPromotion", ValueKind::Bool, "false", "Sittuyin's promotion is not supported"),
    foreign!("promotionLimit", ValueKind::Text, "", "limits on promoted pieces are not supported"),
    foreign!("promotedPieceType", ValueKind::Text, "", "promotion of pieces other than the pawn is not supported"),
    foreign!("piecePromotionOnCapture", ValueKind::Bool, "false", "promotion of pieces other than the pawn is not supported"),
    foreign!("mandatoryPiecePromotion", ValueKind::Bool, "false", "promotion of pieces other than the pawn is not supported"),
    foreign!("pieceDemotion", ValueKind::Bool, "false", "demotion is not supported"),
    foreign!("blastOnCapture", ValueKind::Bool, "false", "explosions (atomic chess) are not supported"),
    foreign!("blastImmuneTypes", ValueKind::Text, "", "explosions (atomic chess) are not supported"),
    foreign!("mutuallyImmuneTypes", ValueKind::Text, "", "immune pieces are not supported"),
    foreign!("petrifyOnCaptureTypes", ValueKind::Text, "", "petrification is not supported"),
    foreign!("petrifyBlastPieces", ValueKind::Bool, "false", "petrification is not supported"),
    foreign!("tripleStepRegionWhite", ValueKind::Region, "", "triple steps are not supported"),
    foreign!("tripleStepRegionBlack", ValueKind::Region, "", "triple steps are not supported"),
    foreign!("castlingDroppedPiece", ValueKind::Bool, "false", DROPS),
    foreign!("oppositeCastling", ValueKind::Bool, "false", "castling restricted by the opponent's castling is not supported"),
    foreign!("mustCapture", ValueKind::Bool, "false", "compulsory captures are not supported"),
    foreign!("mustDrop", ValueKind::Bool, "false", DROPS),
    foreign!("pieceDrops", ValueKind::Bool, "false", DROPS),
    foreign!("dropLoop", ValueKind::Bool, "false", DROPS),
    foreign!("capturesToHand", ValueKind::Bool, "false", DROPS),
    foreign!("firstRankPawnDrops", ValueKind::Bool, "false", DROPS),
    foreign!("promotionZonePawnDrops", ValueKind::Bool, "false", DROPS),
    foreign!("enclosingDrop", ValueKind::Word(&["reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"]), "none", DROPS),
    foreign!("sittuyinRookDrop", ValueKind::Bool, "false", DROPS),
    foreign!("dropOppositeColoredBishop", ValueKind::Bool, "false", DROPS),
    foreign!("dropPromoted", ValueKind::Bool, "false", DROPS),
    foreign!("immobilityIllegal", ValueKind::Bool, "false", "the rule against moves to squares a piece cannot leave is not supported"),
    foreign!("gating", ValueKind::Bool, "false", "gating is not supported"),
    foreign!("wallingRule", ValueKind::Word(&["arrow", "duck", "edge", "past", "static", "none"]), "none", "placing walls during the game is not supported"),
    foreign!("wallOrMove", ValueKind::Bool, "false", "placing walls during the game is not supported"),
    foreign!("seirawanGating", ValueKind::Bool, "false", "gating is not supported"),
    foreign!("cambodianMoves", ValueKind::Bool, "false", "Cambodian special moves are not supported"),
    foreign!("diagonalLines", ValueKind::Region, "", "Janggi's palace diagonals are not supported"),
    foreign!("pass", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("passWhite", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("passBlack", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("passOnStalemate", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("passOnStalemateWhite", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("passOnStalemateBlack", ValueKind::Bool, "false", "passing is not supported"),
    foreign!("makpongRule", ValueKind::Bool, "false", "Makpong's rule is not supported"),
    foreign!("flyingGeneral", ValueKind::Bool, "false", "the flying general is not supported"),
    foreign!("flipEnclosedPieces", ValueKind::Word(&["reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"]), "none", "flipping pieces is not supported"),
    foreign!("perpetualCheckIllegal", ValueKind::Bool, "false", "the perpetual check rule is not supported"),
    foreign!("moveRepetitionIllegal", ValueKind::Bool, "false", "the repetition ban is not supported"),
    foreign!("chasingRule", ValueKind::Word(&["axf", "none"]), "none", "chasing rules are not supported"),
    foreign!("stalematePieceCount", ValueKind::Bool, "false", "counting material at stalemate is not supported"),
    foreign!("shogiPawnDropMateIllegal", ValueKind::Bool, "false", DROPS),
    foreign!("shatarMateRule", ValueKind::Bool, "false", "Shatar's mating rules are not supported"),
    foreign!("bikjangRule", ValueKind::Bool, "false", "Janggi's bikjang is not supported"),
    foreign!("extinctionValue", ValueKind::Word(VALUES), "none", EXTINCTION),
    foreign!("extinctionClaim", ValueKind::Bool, "false", EXTINCTION),
    foreign!("extinctionPseudoRoyal", ValueKind::Bool, "false", "pseudo-royal pieces are not supported"),
    foreign!("dupleCheck", ValueKind::Bool, "false", "pseudo-royal pieces are not supported"),
    foreign!("extinctionPieceTypes", ValueKind::Text, "", EXTINCTION),
    foreign!("extinctionPieceCount", ValueKind::Int, "0", EXTINCTION),
    foreign!("extinctionOpponentPieceCount", ValueKind::Int, "0", EXTINCTION),
    foreign!("flagPieceCount", ValueKind::Int, "1", "goals needing several pieces are not supported"),
    foreign!("flagPieceBlockedWin", ValueKind::Bool, "false", "goals needing several pieces are not supported"),
    foreign!("flagPieceSafe", ValueKind::Bool, "false", "goals that must be safe are not supported"),
    foreign!("checkCounting", ValueKind::Bool, "false", "check counting is not supported"),
    foreign!("connectN", ValueKind::Int, "0", "connection goals are not supported"),
    foreign!("connectRegion1White", ValueKind::Region, "", "connection goals are not supported"),
    foreign!("connectRegion2White", ValueKind::Region, "", "connection goals are not supported"),
    foreign!("connectRegion1Black", ValueKind::Region, "", "connection goals are not supported"),
    foreign!("connectRegion2Black", ValueKind::Region, "", "connection goals are not supported"),
    foreign!("connectNxN", ValueKind::Int, "0", "connection goals are not supported"),
    foreign!("collinearN", ValueKind::Int, "0", "connection goals are not supported"),
    foreign!("materialCounting", ValueKind::Word(&["janggi", "unweighted", "whitedrawodds", "blackdrawodds", "none"]), "none", "material counting is not supported"),
    foreign!("adjudicateFullBoard", ValueKind::Bool, "false", "material counting is not supported"),
    foreign!("countingRule", ValueKind::Word(&["makruk", "cambodian", "asean", "none"]), "none", "counting rules (Makruk, ASEAN) are not supported"),
    foreign!("castlingWins", ValueKind::Text, "-", "castling as a goal is not supported"),
    foreign!("pieceValueMg", ValueKind::Text, "", "Fairy-Stockfish's evaluation values are not read (our values come from the moves); remove the key"),
    foreign!("pieceValueEg", ValueKind::Text, "", "Fairy-Stockfish's evaluation values are not read (our values come from the moves); remove the key"),
];

/// Keys that only matter with a rule the engine refuses anyway (drops, connection goals,
/// walls placed in play), or only to a GUI: read for their form, otherwise without
/// effect. Listed in `docs/game-files-fairy-stockfish.md`.
const WITHOUT_EFFECT: &[(&str, ValueKind)] = &[
    ("variantTemplate", ValueKind::Text),
    ("pieceToCharTable", ValueKind::Text),
    ("whiteDropRegion", ValueKind::Region),
    ("blackDropRegion", ValueKind::Region),
    ("dropChecks", ValueKind::Bool),
    ("mustDropType", ValueKind::Text),
    ("enclosingDropStart", ValueKind::Region),
    ("dropRegionWhite", ValueKind::Region),
    ("dropRegionBlack", ValueKind::Region),
    ("dropNoDoubled", ValueKind::Text),
    ("dropNoDoubledCount", ValueKind::Int),
    ("wallingRegionWhite", ValueKind::Region),
    ("wallingRegionBlack", ValueKind::Region),
    ("wallingRegion", ValueKind::Region),
    ("soldierPromotionRank", ValueKind::Rank),
    ("nFoldValueAbsolute", ValueKind::Bool),
    ("connectPieceTypes", ValueKind::Text),
    ("connectHorizontal", ValueKind::Bool),
    ("connectVertical", ValueKind::Bool),
    ("connectDiagonal", ValueKind::Bool),
    ("connectValue", ValueKind::Word(VALUES)),
];

fn form_ok(kind: ValueKind, v: &str) -> bool {
    match kind {
        ValueKind::Bool => parse_bool(v).is_some(),
        ValueKind::Int => parse_int(v).is_some(),
        ValueKind::Rank => parse_rank(v).is_some(),
        ValueKind::Word(words) => words.contains(&v),
        ValueKind::Text => true,
        ValueKind::Region => parse_region(v).is_some(),
    }
}

fn kind_name(kind: ValueKind) -> String {
    match kind {
        ValueKind::Bool => "true or false".to_string(),
        ValueKind::Int => "a whole number".to_string(),
        ValueKind::Rank => "a rank 1-10".to_string(),
        ValueKind::Word(words) => format!("one of {}", words.join(", ")),
        ValueKind::Text => "text".to_string(),
        ValueKind::Region => "squares (a1 b2, *3 for a rank, c* for a file)".to_string(),
    }
}

/// Every key this reader knows, for telling an unknown key from a known one.
pub fn is_known_key(key: &str) -> bool {
    HONOURED.contains(&key)
        || FOREIGN.iter().any(|f| f.key == key)
        || WITHOUT_EFFECT.iter().any(|(k, _)| *k == key)
        || type_by_name(key).is_some()
        || key.starts_with("mobilityRegion")
}

/// Keys the translation honours (besides the piece names).
pub const HONOURED: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "whiteFlag",
    "blackFlag",
    "castlingRookPiece",
    "pawnTypes",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "stalemateValue",
    "checkmateValue",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "checking",
    "flagMove",
];

/// Applies a section's keys to `rules` (its parent's rules or the defaults) in
/// Fairy-Stockfish's order. Unknown keys and malformed values are errors with their line.
pub fn apply(
    rules: &mut Rules,
    section: &str,
    keys: &BTreeMap<String, Entry>,
) -> Result<(), KeyError> {
    for key in keys.keys() {
        if !is_known_key(key) {
            let line = keys[key].line;
            return Err((
                line,
                format!("key '{key}' is not a Fairy-Stockfish key this reader knows"),
            ));
        }
    }
    let get = |k: &str| keys.get(k);
    let bad = |k: &str, e: &Entry, what: String| -> KeyError {
        (e.line, format!("{k} = {}: {what}", e.value))
    };
    macro_rules! with {
        ($k:expr, $parse:expr, $what:expr, |$v:ident| $body:block) => {
            if let Some(e) = get($k) {
                match $parse(e.value.as_str()) {
                    Some($v) => $body,
                    None => return Err(bad($k, e, format!("expected {}", $what))),
                }
            }
        };
    }
    macro_rules! types {
        ($k:expr, |$set:ident| $body:block) => {
            if let Some(e) = get($k) {
                match parse_types(rules, &e.value, false) {
                    Ok(($set, _)) => $body,
                    Err(why) => return Err(bad($k, e, why)),
                }
            }
        };
    }
    macro_rules! one_type {
        ($k:expr, |$t:ident| $body:block) => {
            if let Some(e) = get($k) {
                match parse_one_type(rules, &e.value) {
                    Ok($t) => $body,
                    Err(why) => return Err(bad($k, e, why)),
                }
            }
        };
    }

    with!("maxRank", parse_rank, "a rank 1-10", |r| {
        rules.max_rank = r
    });
    with!("maxFile", parse_file, "a file 1-12 or a-l", |f| {
        rules.max_file = f
    });
    // Piece types, in Fairy-Stockfish's order.
    for t in 0..TYPES {
        let name = type_name(t);
        if let Some(e) = get(&name) {
            let v = e.value.as_str();
            let Some(first) = v.chars().next() else {
                continue;
            };
            if first.is_ascii_alphabetic() {
                rules.add_piece(t, first);
                let rest = &v[first.len_utf8()..];
                let custom = (CUSTOM_FIRST..KING).contains(&t);
                if custom || t == KING {
                    match rest.strip_prefix(':') {
                        Some(betza) => {
                            rules.custom_betza[t] = Some(betza.to_string());
                            // As Fairy-Stockfish: an `e` in a custom piece's moves lets it
                            // take en passant.
                            if custom && betza.contains('e') {
                                for side in &mut rules.en_passant_types {
                                    *side |= 1 << t;
                                }
                            }
                        }
                        None if t == KING && rest.is_empty() => rules.custom_betza[t] = None,
                        None => {
                            return Err(bad(
                                &name,
                                e,
                                "give the letter and the moves as letter:Betza (e.g. a:BN)"
                                    .to_string(),
                            ))
                        }
                    }
                } else if !rest.is_empty() {
                    return Err(bad(
                        &name,
                        e,
                        format!("{name} takes only a letter; its moves are fixed (use a customPiece for other moves)"),
                    ));
                }
            } else if first == '-' {
                rules.remove_piece(t);
            } else {
                return Err(bad(
                    &name,
                    e,
                    "expected a letter, or - to remove the piece".to_string(),
                ));
            }
        }
        let capital = {
            let mut c = name.clone();
            c[..1].make_ascii_uppercase();
            c
        };
        for colour in ["White", "Black"] {
            let key = format!("mobilityRegion{colour}{capital}");
            if let Some(e) = get(&key) {
                if parse_region(&e.value).is_none() {
                    return Err(bad(&key, e, "expected squares".to_string()));
                }
                set_foreign(
                    rules,
                    section,
                    &key,
                    e,
                    "",
                    "regions a piece may not leave are not supported",
                );
            }
        }
    }
    // Deprecated forms, read first as Fairy-Stockfish does.
    with!("promotionRank", parse_rank, "a rank 1-10", |r| {
        let m = rules.max_rank;
        rules.promotion_region = [zone(0, r, m), zone(1, r, m)];
    });
    let dsr = get("doubleStepRank").map(|e| (e, parse_rank(&e.value)));
    let dsr_min = get("doubleStepRankMin").map(|e| (e, parse_rank(&e.value)));
    if dsr.is_some() || dsr_min.is_some() {
        // Fairy-Stockfish reads the minimum only when the rank itself is not given.
        let (top, min) = match (dsr, dsr_min) {
            (Some((e, None)), _) => {
                return Err(bad("doubleStepRank", e, "expected a rank 1-10".to_string()))
            }
            (Some((_, Some(r))), _) => (r, 1),
            (None, Some((e, None))) => {
                return Err(bad(
                    "doubleStepRankMin",
                    e,
                    "expected a rank 1-10".to_string(),
                ))
            }
            (None, Some((_, Some(m)))) => (1, m),
            (None, None) => (1, 1),
        };
        let m = rules.max_rank;
        rules.double_step_region = [
            zone(0, min, m) & !forward_ranks(0, top),
            zone(1, min, m) & !forward_ranks(1, m.saturating_sub(top)),
        ];
    }
    with!("whiteFlag", parse_region, "squares", |b| {
        rules.flag_region[0] = b
    });
    with!("blackFlag", parse_region, "squares", |b| {
        rules.flag_region[1] = b
    });
    types!("castlingRookPiece", |s| {
        rules.castling_rook_pieces = [s, s]
    });
    for f in FOREIGN.iter().filter(|f| f.key == "dropOnTop") {
        foreign_key(rules, section, keys, f)?;
    }
    // Aliases.
    if let Some(e) = get("pawnTypes") {
        let (set, _) = parse_types(rules, &e.value, false).map_err(|w| bad("pawnTypes", e, w))?;
        let first = lowest(set).unwrap_or(PAWN);
        rules.main_promotion_pawn = [first, first];
        rules.promotion_pawn_types = [set, set];
        rules.en_passant_types = [set, set];
        rules.n_move_rule_types = [set, set];
    }
    // The keys in Fairy-Stockfish's order.
    for f in FOREIGN
        .iter()
        .filter(|f| matches!(f.key, "pocketSize" | "chess960" | "twoBoards"))
    {
        foreign_key(rules, section, keys, f)?;
    }
    if let Some(e) = get("startFen") {
        rules.start_fen = e.value.clone();
    }
    with!("promotionRegionWhite", parse_region, "squares", |b| {
        rules.promotion_region[0] = b
    });
    with!("promotionRegionBlack", parse_region, "squares", |b| {
        rules.promotion_region[1] = b
    });
    types!("promotionPawnTypes", |s| {
        let first = lowest(s).unwrap_or(PAWN);
        rules.main_promotion_pawn = [first, first];
        rules.promotion_pawn_types = [s, s];
    });
    types!("promotionPawnTypesWhite", |s| {
        rules.main_promotion_pawn[0] = lowest(s).unwrap_or(PAWN);
        rules.promotion_pawn_types[0] = s;
    });
    types!("promotionPawnTypesBlack", |s| {
        rules.main_promotion_pawn[1] = lowest(s).unwrap_or(PAWN);
        rules.promotion_pawn_types[1] = s;
    });
    types!("promotionPieceTypes", |s| {
        rules.promotion_piece_types = [s, s]
    });
    types!("promotionPieceTypesWhite", |s| {
        rules.promotion_piece_types[0] = s
    });
    types!("promotionPieceTypesBlack", |s| {
        rules.promotion_piece_types[1] = s
    });
    with!("mandatoryPawnPromotion", parse_bool, "true or false", |b| {
        rules.mandatory_pawn_promotion = b
    });
    with!("doubleStep", parse_bool, "true or false", |b| {
        rules.double_step = b
    });
    with!("doubleStepRegionWhite", parse_region, "squares", |b| {
        rules.double_step_region[0] = b
    });
    with!("doubleStepRegionBlack", parse_region, "squares", |b| {
        rules.double_step_region[1] = b
    });
    with!("enPassantRegion", parse_region, "squares", |b| {
        rules.en_passant_region = [b, b]
    });
    with!("enPassantRegionWhite", parse_region, "squares", |b| {
        rules.en_passant_region[0] = b
    });
    with!("enPassantRegionBlack", parse_region, "squares", |b| {
        rules.en_passant_region[1] = b
    });
    types!("enPassantTypes", |s| { rules.en_passant_types = [s, s] });
    types!("enPassantTypesWhite", |s| { rules.en_passant_types[0] = s });
    types!("enPassantTypesBlack", |s| { rules.en_passant_types[1] = s });
    with!("castling", parse_bool, "true or false", |b| {
        rules.castling = b
    });
    with!("castlingKingsideFile", parse_file, "a file", |f| {
        rules.castling_kingside_file = f
    });
    with!("castlingQueensideFile", parse_file, "a file", |f| {
        rules.castling_queenside_file = f
    });
    with!("castlingRank", parse_rank, "a rank 1-10", |r| {
        rules.castling_rank = r
    });
    with!("castlingKingFile", parse_file, "a file", |f| {
        rules.castling_king_file = f
    });
    one_type!("castlingKingPiece", |t| {
        let t = t.unwrap_or(KING);
        rules.castling_king_piece = [t, t];
    });
    one_type!("castlingKingPieceWhite", |t| {
        rules.castling_king_piece[0] = t.unwrap_or(KING)
    });
    one_type!("castlingKingPieceBlack", |t| {
        rules.castling_king_piece[1] = t.unwrap_or(KING)
    });
    with!("castlingRookKingsideFile", parse_file, "a file", |f| {
        rules.castling_rook_kingside_file = f
    });
    with!("castlingRookQueensideFile", parse_file, "a file", |f| {
        rules.castling_rook_queenside_file = f
    });
    types!("castlingRookPieces", |s| {
        rules.castling_rook_pieces = [s, s]
    });
    types!("castlingRookPiecesWhite", |s| {
        rules.castling_rook_pieces[0] = s
    });
    types!("castlingRookPiecesBlack", |s| {
        rules.castling_rook_pieces[1] = s
    });
    types!("nMoveRuleTypes", |s| { rules.n_move_rule_types = [s, s] });
    types!("nMoveRuleTypesWhite", |s| {
        rules.n_move_rule_types[0] = s
    });
    types!("nMoveRuleTypesBlack", |s| {
        rules.n_move_rule_types[1] = s
    });
    with!("nMoveRule", parse_int, "a whole number", |n| {
        rules.n_move_rule = n
    });
    with!("nFoldRule", parse_int, "a whole number", |n| {
        rules.n_fold_rule = n
    });
    with!("nFoldValue", parse_value, "win, loss, draw or none", |v| {
        rules.n_fold_value = v
    });
    with!(
        "stalemateValue",
        parse_value,
        "win, loss, draw or none",
        |v| { rules.stalemate_value = v }
    );
    with!(
        "checkmateValue",
        parse_value,
        "win, loss, draw or none",
        |v| { rules.checkmate_value = v }
    );
    one_type!("flagPiece", |t| { rules.flag_piece = [t, t] });
    one_type!("flagPieceWhite", |t| { rules.flag_piece[0] = t });
    one_type!("flagPieceBlack", |t| { rules.flag_piece[1] = t });
    with!("flagRegion", parse_region, "squares", |b| {
        rules.flag_region = [b, b]
    });
    with!("flagRegionWhite", parse_region, "squares", |b| {
        rules.flag_region[0] = b
    });
    with!("flagRegionBlack", parse_region, "squares", |b| {
        rules.flag_region[1] = b
    });
    with!("checking", parse_bool, "true or false", |b| {
        rules.checking = b
    });
    with!("flagMove", parse_bool, "true or false", |b| {
        rules.flag_move = b
    });
    for f in FOREIGN
        .iter()
        .filter(|f| !matches!(f.key, "dropOnTop" | "pocketSize" | "chess960" | "twoBoards"))
    {
        foreign_key(rules, section, keys, f)?;
    }
    for (k, kind) in WITHOUT_EFFECT {
        if let Some(e) = get(k) {
            if !form_ok(*kind, &e.value) {
                return Err(bad(k, e, format!("expected {}", kind_name(*kind))));
            }
        }
    }
    Ok(())
}

fn lowest(set: TypeSet) -> Option<usize> {
    (set != 0).then(|| set.trailing_zeros() as usize)
}

/// Ranks from relative rank `r` forward for `side` (0 White, 1 Black) on a board whose
/// highest rank is `max`: Fairy-Stockfish's `zone_bb`.
fn zone(side: usize, r: u8, max: u8) -> Region {
    if side == 0 {
        (r..RANKS_MAX).fold(0, |b, k| b | rank_bb(k))
    } else {
        (0..=max.saturating_sub(r)).fold(0, |b, k| b | rank_bb(k))
    }
}

/// The ranks in front of absolute rank `r` for `side`.
fn forward_ranks(side: usize, r: u8) -> Region {
    if side == 0 {
        (r + 1..RANKS_MAX).fold(0, |b, k| b | rank_bb(k))
    } else {
        (0..r).fold(0, |b, k| b | rank_bb(k))
    }
}

fn foreign_key(
    rules: &mut Rules,
    section: &str,
    keys: &BTreeMap<String, Entry>,
    f: &Foreign,
) -> Result<(), KeyError> {
    if let Some(e) = keys.get(f.key) {
        if !form_ok(f.kind, &e.value) {
            return Err((
                e.line,
                format!("{} = {}: expected {}", f.key, e.value, kind_name(f.kind)),
            ));
        }
        set_foreign(rules, section, f.key, e, f.default, f.why);
    }
    Ok(())
}

fn set_foreign(
    rules: &mut Rules,
    section: &str,
    key: &str,
    e: &Entry,
    default: &str,
    why: &'static str,
) {
    let v = e.value.trim();
    let is_default =
        v == default || ((default.is_empty() || default == "-") && (v.is_empty() || v == "-"));
    if is_default {
        rules.unsupported.remove(key);
    } else {
        rules.unsupported.insert(
            key.to_string(),
            Unsupported {
                value: v.to_string(),
                section: section.to_string(),
                line: e.line,
                why,
            },
        );
    }
}
