//! Fairy-Stockfish's built-in variants that a `variants.ini` section may name as its parent
//! (`[mygame:capablanca]`), written by us as ini text from the rules each variant sets in
//! Fairy-Stockfish's `variant.cpp` (not copied: the same facts in its own ini keys). Some
//! are here only to be parents: the reader refuses them as games with the reason (Makruk's
//! counting, Shatranj's bare king), and a child may set those keys back.
//!
//! `NOT_PROVIDED` lists Fairy-Stockfish's other built-ins (those of its perft tests among
//! them), each with the rule that keeps it out, so a section naming one as its parent gets
//! that reason; `docs/game-files-fairy-stockfish.md` is checked against both lists by
//! `tests/ini.rs`.

/// The built-in parents, as one ini text.
pub const TEXT: &str = r#"# Fairy-Stockfish's built-in variants, restated as variants.ini sections.
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
promotionPieceTypes = nbrq

[normal:chess]

[nocastle:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false

[raazuvaa:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false
doubleStep = false

[gardner:chess]
maxRank = 5
maxFile = 5
startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1
promotionRegionWhite = *5
promotionRegionBlack = *1
doubleStep = false
castling = false

[paradigm:chess]
bishop = -
customPiece1 = b:BnN
promotionPieceTypes = qbrn

[misere:chess]
checkmateValue = win

[crazyhouse:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true

[losalamos:chess]
maxRank = 6
maxFile = 6
bishop = -
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = qrn
doubleStep = false
castling = false

[torpedo:chess]
doubleStepRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
doubleStepRegionBlack = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10

[pawnsideways:chess]
pawn = -
customPiece1 = p:fsmWfceFifmnD
pawnTypes = p

[legan:chess]
pawn = -
customPiece1 = p:mflFcflW
promotionPawnTypes = p
nMoveRuleTypes = p
promotionRegionWhite = a8 b8 c8 d8 a7 a6 a5
promotionRegionBlack = e1 f1 g1 h1 h2 h3 h4
startFen = knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1
doubleStep = false

[almost:chess]
queen = -
chancellor = c
startFen = rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypes = crbn

[sortofalmost:chess]
chancellor = c
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypesWhite = crbn
promotionPieceTypesBlack = qrbn

[chigorin:chess]
chancellor = c
startFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1
promotionPieceTypesWhite = crn
promotionPieceTypesBlack = qrb

[perfect:chess]
chancellor = c
archbishop = m
amazon = g
startFen = cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1
promotionPieceTypes = gcmqrbn
castlingRookPieces = rc

[amazon:chess]
queen = -
amazon = a
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn

[georgian:amazon]
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1
castling = false
enPassantRegion = -

[nightrider:chess]
knight = -
customPiece1 = n:NN
promotionPieceTypes = qrbn

[grasshopper:chess]
customPiece1 = g:gQ
promotionPieceTypes = nbrqg
startFen = rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1
doubleStep = false

[hoppelpoppel:chess]
knight = -
bishop = -
knibis = n
biskni = b
promotionPieceTypes = qrbn

[newzealand:chess]
rook = -
knight = -
rookni = r
kniroo = n
castlingRookPieces = r
promotionPieceTypes = qrbn

[racingkings:chess]
startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1
flagPiece = k
flagRegion = *8
flagMove = true
castling = false
checking = false

[kingofthehill:chess]
flagPiece = k
flagRegion = d4 e4 d5 e5

[knightmate:chess]
knight = -
commoner = m
king = k:N
startFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1
promotionPieceTypes = mqrb

[capablanca:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1

[embassy:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1

[janus:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = b
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn

[modern:chess]
maxRank = 9
maxFile = 9
promotionRegionWhite = *9
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *8
castlingKingsideFile = g
castlingQueensideFile = c
archbishop = m
startFen = rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1
promotionPieceTypes = mqrbn

[chancellor:chess]
maxRank = 9
maxFile = 9
promotionRegionWhite = *9
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *8
castlingKingsideFile = g
castlingQueensideFile = c
chancellor = c
startFen = rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1
promotionPieceTypes = cqrbn

[centaur:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
centaur = c
startFen = rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1
promotionPieceTypes = cqrbn

[gustav3:chess]
maxFile = 10
castlingKingsideFile = h
castlingQueensideFile = d
amazon = a
startFen = arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1
promotionPieceTypes = aqrbn

[omicron:chess]
maxRank = 10
maxFile = 12
customPiece1 = c:DAW
customPiece2 = w:CF
startFen = w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1
castlingKingsideFile = i
castlingQueensideFile = e
castlingRank = 2
promotionRegionWhite = *9 *10
promotionRegionBlack = *2 *1
promotionPieceTypes = wcqrbn
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8

[tencubed:chess]
maxRank = 10
maxFile = 10
archbishop = a
chancellor = m
customPiece1 = c:DAW
customPiece2 = w:CF
startFen = 2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1
promotionPieceTypes = amq
promotionRegionWhite = *10
promotionRegionBlack = *1
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false

[fairy:chess]
silver = s
fers = f
archbishop = a
chancellor = c
commoner = m

[troitzky:chess]
maxRank = 10
maxFile = 10
startFen = ****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1
promotionRegionWhite = a6 b8 c9 d9 e10 f10 g9 h9 i8 j6
promotionRegionBlack = a5 b3 c2 d2 e1 f1 g2 h2 i3 j5
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false

[shako:chess]
maxRank = 10
maxFile = 10
fersAlfil = e
cannon = c
startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1
promotionPieceTypes = qrbnce
promotionRegionWhite = *10
promotionRegionBlack = *1
castlingKingsideFile = h
castlingQueensideFile = d
castlingRookKingsideFile = i
castlingRookQueensideFile = b
castlingRank = 2
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8

[makruk:chess]
bishop = -
queen = -
fers = m
silver = s
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotionPieceTypes = m
doubleStep = false
castling = false
nMoveRule = 0
countingRule = makruk

[shatranj:chess]
bishop = -
queen = -
fers = q
alfil = b
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
nMoveRule = 70

[chaturanga:shatranj]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
extinctionValue = none

[courier:chess]
maxFile = 12
queen = -
alfil = e
fers = f
commoner = m
wazir = w
startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss

[grand:chess]
maxRank = 10
maxFile = 10
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionPieceTypes = acqrbn
promotionRegionWhite = *8 *9 *10
promotionRegionBlack = *3 *2 *1
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2
mandatoryPawnPromotion = false
immobilityIllegal = true
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false

[opulent:grand]
knight = -
customPiece1 = n:NW
customPiece2 = w:CF
customPiece3 = l:FDH
startFen = rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1
promotionPieceTypes = acqrbnwl
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2 w:2 l:2
"#;

/// XBoard's own names for the built-ins it knows (sent instead of a `setup`).
pub const XBOARD_NAMES: &[(&str, &str)] = &[
    ("chess", "normal"),
    ("normal", "normal"),
    ("nocastle", "nocastle"),
    ("gothic", "gothic"),
    ("capablanca", "capablanca"),
    ("janus", "janus"),
    ("knightmate", "knightmate"),
    ("shatranj", "shatranj"),
    ("makruk", "makruk"),
    ("courier", "courier"),
    ("grand", "grand"),
];

/// Fairy-Stockfish built-ins that are not provided, with the rule that keeps each out.
pub const NOT_PROVIDED: &[(&str, &str)] = &[
    ("berolina", "pawns move diagonally and double-step diagonally (mfFcfeWimfnA), taking en passant on two squares; our pawn double-steps straight"),
    ("pawnback", "pawns step back but may not reach their first rank (a mobility region), and their moves do not reset the 50-move count"),
    ("cambodian", "Cambodian special first moves of king and queen (gating) and counting rules"),
    ("karouk", "Cambodian rules (special first moves, counting) and the first check wins"),
    ("makpong", "Makruk's counting rules and Makpong's rule (the king may not move out of check)"),
    ("asean", "ASEAN counting rules"),
    ("ai-wok", "Makruk's counting rules"),
    ("spartan", "two kings for Black (duple check) and two pawn types"),
    ("shatar", "Shatar's mating rules and bare-king rule"),
    ("3check", "check counting (three checks win)"),
    ("atomic", "explosions on capture"),
    ("atomar", "explosions on capture"),
    ("nocheckatomic", "explosions on capture, no checks"),
    ("antichess", "compulsory captures; losing all pieces wins"),
    ("giveaway", "compulsory captures; losing all pieces wins"),
    ("losers", "compulsory captures; losing all pieces or being mated wins"),
    ("codrus", "compulsory captures; losing the king wins"),
    ("horde", "White has pawns and no king (extinction rule)"),
    ("coregal", "the queen is royal too (pseudo-royal pieces)"),
    ("kinglet", "no royal king; losing all pawns loses (extinction rule)"),
    ("threekings", "three non-royal kings; losing them loses (extinction rule)"),
    ("breakthrough", "no king: reaching the last rank wins"),
    ("clobber", "no king; captures only, the side without a move loses"),
    ("shoshogi", "promotion of pieces other than the pawn (shogi-style)"),
    ("wolf", "two pawn types (pawn and sergeant) and a promoted piece type"),
    ("xiangqi", "palace and river regions, the flying general and the soldier's river rule"),
    ("manchu", "Xiangqi's palace and river rules"),
    ("janggi", "palace diagonals, the Janggi cannon, bikjang and passing"),
    ("jesonmor", "no king: a knight reaching the centre square wins once the opponent has had one more move"),
    ("duck", "a duck (a wall) is placed after every move"),
    ("fischerandom", "Chess960 castling"),
    ("caparandom", "Chess960 castling"),
    ("armageddon", "material counting (Black's draw odds)"),
    ("suicide", "compulsory captures; losing all pieces wins"),
    ("extinction", "no royal king; losing all of a type loses (extinction rule)"),
    ("petrified", "petrification on capture and a pseudo-royal king"),
    ("isolation", "walls are placed after every move"),
    ("isolation7x7", "walls are placed after every move"),
    ("snailtrail", "walls are placed after every move"),
    ("fox-and-hounds", "no king: reaching the last rank wins"),
    ("joust", "walls are placed after every move"),
    ("5check", "check counting (five checks win)"),
    ("loop", "drops"),
    ("chessgi", "drops"),
    ("bughouse", "drops from a second board"),
    ("koedem", "drops from a second board"),
    ("pocketknight", "drops"),
    ("placement", "drops (the setup phase)"),
    ("sittuyin", "drops (the setup phase) and Sittuyin's promotion"),
    ("seirawan", "gating"),
    ("shouse", "gating and drops"),
    ("dragon", "drops"),
    ("capahouse", "drops"),
    ("supply", "drops from a second board"),
    ("shogi", "drops and shogi promotion"),
    ("checkshogi", "drops, shogi promotion and check counting"),
    ("minishogi", "drops and shogi promotion"),
    ("mini", "drops and shogi promotion"),
    ("kyotoshogi", "drops, promotion and demotion"),
    ("micro", "drops, promotion and demotion on capture"),
    ("dobutsu", "drops and shogi promotion"),
    ("gorogoro", "drops and shogi promotion"),
    ("judkins", "drops and shogi promotion"),
    ("torishogi", "drops and shogi promotion"),
    ("euroshogi", "drops and shogi promotion"),
    ("yarishogi", "drops and shogi promotion"),
    ("okisakishogi", "drops and shogi promotion"),
    ("ataxx", "pieces are placed and flipped (no moves of chess kind)"),
    ("flipersi", "pieces are placed and flipped"),
    ("flipello", "pieces are placed and flipped"),
    ("flipello10", "pieces are placed and flipped"),
    ("clobber10", "no king; captures only, the side without a move loses"),
    ("minixiangqi", "the palace, the flying general and Xiangqi's pieces"),
    ("janggitraditional", "palace diagonals, the Janggi cannon, bikjang and passing"),
    ("janggimodern", "palace diagonals, the Janggi cannon, bikjang and passing"),
    ("janggicasual", "palace diagonals, the Janggi cannon, bikjang and passing"),
    ("amazons", "arrows (walls) are placed after every move"),
];
