//! Betza's notation for piece moves, in the dialect XBoard reads (its `piece` command), so
//! that a game file and XBoard agree on what a letter string means. A parsed move is a list
//! of concrete steps in White's view of the board; the engine turns them into tables for
//! the board at hand.

/// How a move's steps are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An ordinary leap or ride.
    Plain,
    /// `n`: a leap that the first square on the way (the orthogonal step first, as the
    /// xiangqi horse) blocks when occupied; a ride of such leaps likewise per leap.
    Lame,
    /// `p`: must hop over exactly one piece somewhere on the line before landing (cannon).
    Hop,
    /// `g`: must hop over the first piece and land right behind it (grasshopper).
    Grasshop,
}

/// One direction of a piece's move, as steps on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BetzaMove {
    /// One step, White's view: `dx` towards the h-file, `dy` towards Black (forward).
    pub dx: i8,
    pub dy: i8,
    /// 1: a single leap; 0: rides any number of steps; k > 1: rides up to k steps.
    pub max_steps: u8,
    /// May go to an empty square (no `c` without `m`).
    pub quiet: bool,
    /// May capture (no `m` without `c`).
    pub capture: bool,
    /// `i`: only as the piece's first move (for a pawn: from its double-step ranks).
    pub initial_only: bool,
    pub kind: Kind,
}

/// Why a Betza string cannot be read; `Display` names the string and the fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BetzaError {}
