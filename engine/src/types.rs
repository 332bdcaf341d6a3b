//! Small value types shared by every game: colours, piece roles, pieces and outcomes. Each
//! family's move type lives with the family (`plane::moves`, `startrek::position`).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    pub fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// What a piece does. The geometry it does it on belongs to the variant.
///
/// The first eight are the built-in games' pieces; a game read from a file puts its pieces
/// in any slot (the one whose usual piece moves alike first) and moves them by its Betza.
/// `Extra1`..`Extra4` exist only for such games, when they have more than eight piece types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The pawn-role piece of each game (orthodox pawn, Crab, diagonal pawn).
    Pawn = 0,
    /// The knight of each game (orthodox, escalator table, or Diagonal Chess's (1,3) leaper).
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
    /// USEC's Ultra: one or two steps in one direction, leaping.
    Ultra = 6,
    /// Rook + knight.
    Chancellor = 7,
    Extra1 = 8,
    Extra2 = 9,
    Extra3 = 10,
    Extra4 = 11,
}

/// How many piece types a game may have. Twelve covers Fairy-Stockfish's largest
/// drop-free built-in games (ten types); a move's 4-bit promotion field holds up to 15.
pub const ROLE_COUNT: usize = 12;

/// The roles of the built-in games (the first eight slots, the ones with letters of their own).
pub const BUILTIN_ROLE_COUNT: usize = 8;

pub const ROLES: [Role; ROLE_COUNT] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Ultra,
    Role::Chancellor,
    Role::Extra1,
    Role::Extra2,
    Role::Extra3,
    Role::Extra4,
];

/// Places per colour in the mailbox codes: `ROLE_COUNT` rounded up to a power of two, so
/// that a code splits into colour and role by a shift and a mask.
pub const CODE_STRIDE: usize = 16;

/// Largest mailbox code (`Piece::code`).
pub const MAX_PIECE_CODE: u8 = (CODE_STRIDE + ROLE_COUNT) as u8;

const _: () = assert!(ROLE_COUNT <= CODE_STRIDE);

impl Role {
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Role {
        ROLES[i]
    }

    pub fn letter(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k', 'u', 'c', '1', '2', '3', '4'][self as usize]
    }

    /// The built-in role a letter names (the extra slots have no letter of their own).
    pub fn from_letter(c: char) -> Option<Role> {
        ROLES[..BUILTIN_ROLE_COUNT]
            .iter()
            .copied()
            .find(|r| r.letter() == c.to_ascii_lowercase())
    }

    pub fn name(self) -> &'static str {
        [
            "pawn",
            "knight",
            "bishop",
            "rook",
            "queen",
            "king",
            "ultra",
            "chancellor",
            "extra piece 1",
            "extra piece 2",
            "extra piece 3",
            "extra piece 4",
        ][self as usize]
    }
}

/// A coloured piece, packed as it is stored in the mailbox (0 = empty square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const NONE_CODE: u8 = 0;

    /// The mailbox code: `1 + 16 * colour + role` (0 is the empty cell).
    #[inline(always)]
    pub fn code(self) -> u8 {
        1 + (self.color as u8) * CODE_STRIDE as u8 + self.role as u8
    }

    #[inline(always)]
    pub fn from_code(code: u8) -> Option<Piece> {
        let (color, role) = Piece::split_code(code)?;
        Some(Piece {
            color: if color == 0 {
                Color::White
            } else {
                Color::Black
            },
            role: *ROLES.get(role)?,
        })
    }

    /// The colour and role indices of a mailbox code (`None` for the empty cell and for
    /// codes past both colours; the role index may still be past the last role).
    #[inline(always)]
    pub fn split_code(code: u8) -> Option<(usize, usize)> {
        let c = code.checked_sub(1)? as usize;
        (c < 2 * CODE_STRIDE).then_some((c / CODE_STRIDE, c % CODE_STRIDE))
    }

    pub fn fen_char(self) -> char {
        let l = self.role.letter();
        match self.color {
            Color::White => l.to_ascii_uppercase(),
            Color::Black => l,
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Checkmate {
        winner: Color,
    },
    /// Diagonal Chess: a pawn reached the far corner.
    PawnReachedGoal {
        winner: Color,
    },
    /// Another piece reached its goal (king of the hill).
    GoalReached {
        winner: Color,
    },
    /// Both kings reached their goals, Black's with its one more move (racing kings).
    GoalDraw,
    /// The loser was left with its king alone (Shatranj's bare king).
    BareKing {
        winner: Color,
    },
    /// A stalemate that decides the game (the game's `stalemate = "win"` or `"loss"`).
    StalemateWin {
        winner: Color,
    },
    Stalemate,
    /// A repetition as many times as the game's rule says (three in chess).
    ThreefoldRepetition,
    FiftyMoves,
    /// The game's own move rule, other than fifty moves.
    MoveRule,
    InsufficientMaterial,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::PawnReachedGoal { winner }
            | Outcome::GoalReached { winner }
            | Outcome::BareKing { winner }
            | Outcome::StalemateWin { winner } => Some(winner),
            _ => None,
        }
    }

    /// White's points: 1 for a win, 0.5 for a draw, 0 for a loss (training labels).
    pub fn white_points(self) -> f32 {
        match self.winner() {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        }
    }

    /// PGN-style result.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "White mates",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            Outcome::PawnReachedGoal {
                winner: Color::White,
            } => "White pawn reaches h8",
            Outcome::PawnReachedGoal {
                winner: Color::Black,
            } => "Black pawn reaches a1",
            Outcome::GoalReached {
                winner: Color::White,
            } => "White reaches the goal",
            Outcome::GoalReached {
                winner: Color::Black,
            } => "Black reaches the goal",
            Outcome::BareKing {
                winner: Color::White,
            } => "Black has a bare king",
            Outcome::BareKing {
                winner: Color::Black,
            } => "White has a bare king",
            Outcome::GoalDraw => "Draw: both kings reach the goal",
            Outcome::StalemateWin { .. } => "Stalemate",
            Outcome::Stalemate => "Stalemate",
            Outcome::ThreefoldRepetition => "Draw by repetition",
            Outcome::FiftyMoves => "Draw by fifty-move rule",
            Outcome::MoveRule => "Draw by move rule",
            Outcome::InsufficientMaterial => "Draw by insufficient material",
        }
    }
}
