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
}

pub const ROLES: [Role; 8] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Ultra,
    Role::Chancellor,
];

impl Role {
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Role {
        ROLES[i & 7]
    }

    pub fn letter(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k', 'u', 'c'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Role> {
        ROLES
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

    #[inline(always)]
    pub fn code(self) -> u8 {
        1 + (self.color as u8) * 8 + self.role as u8
    }

    #[inline(always)]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece {
                color: if c >= 8 { Color::Black } else { Color::White },
                role: Role::from_index((c & 7) as usize),
            })
        }
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
