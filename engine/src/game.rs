//! The interface search, protocols and the CLI use for every game, 2D or Star Trek chess.
//!
//! A family implements the rules proper (move generation into a sink, make/unmake, keys,
//! check, its dead positions); what follows from them the same way in every game (listing
//! and counting legal moves, judging a finished game, perft, the status lines under a
//! diagram) is written once here as provided methods.

use crate::outcome::{EndFacts, EndRules};
use crate::piece_sets::PieceSets;
use crate::sink::{MoveCounter, MoveSink, PlainMove};
use crate::types::{Color, Outcome, Piece, Role};
use oblique_tables::Bitboard;

pub trait Game: Clone + Send + Sync + 'static {
    /// A move of this game; `Default` is a null value never generated as a legal move.
    type Move: Copy
        + Eq
        + std::hash::Hash
        + std::fmt::Debug
        + Default
        + Send
        + Sync
        + PlainMove
        + Into<u32>;
    /// What `make` returns so `unmake` can restore the position exactly.
    type Undo: Copy;
    /// The cell set the move generator hands to move sinks (`u64`, `u128`, Star Trek's
    /// `Cells`).
    type CellSet: Bitboard;

    /// The game's name (`chess`, `slanted`, ..., `startrek`).
    fn variant_name(&self) -> &'static str;
    /// Position string: FEN for the 2D games, TFEN for Star Trek chess.
    fn to_fen(&self) -> String;
    fn side_to_move(&self) -> Color;
    /// The pieces as sets by colour and role.
    fn piece_sets(&self) -> &PieceSets<Self::CellSet>;
    /// The piece on `cell`, if any.
    fn piece_at(&self, cell: usize) -> Option<Piece>;
    /// Zobrist key, updated incrementally by `make`.
    fn key(&self) -> u64;
    /// The key recomputed from scratch (tests compare it with `key`).
    fn compute_key(&self) -> u64;
    fn in_check(&self) -> bool;
    /// Every legal move of the side to move, into `sink` (a list, or a counter).
    fn generate_legal<S: MoveSink<Self::Move, Self::CellSet>>(&self, sink: &mut S);
    fn make_move(&mut self, m: Self::Move) -> Self::Undo;
    fn unmake_move(&mut self, m: Self::Move, undo: Self::Undo);
    /// Half-moves since the last capture or pawn move (the fifty-move rule).
    fn halfmove_clock(&self) -> u32;
    /// The move number of the position string (starts at 1, grows after Black's move).
    fn fullmove_number(&self) -> u32;
    /// Keys of earlier positions of the game, oldest first (repetitions).
    fn history(&self) -> &[u64];
    /// Forgets earlier positions (a new game from this position).
    fn clear_history(&mut self);
    /// Neither side can ever mate, by the game's rule for dead positions.
    fn insufficient_material(&self) -> bool;
    /// A colour whose pawn stands on its goal square (Diagonal Chess) has won.
    fn goal_winner(&self) -> Option<Color> {
        None
    }
    /// Both kings reached their goals with Black's one more move (racing kings): a draw.
    fn goal_drawn(&self) -> bool {
        false
    }
    /// The game's numbers for ending it by rule (stalemate's value, the move and repetition
    /// rules, bare king); chess's unless the game says otherwise.
    fn end_rules(&self) -> EndRules {
        EndRules::STANDARD
    }
    /// Protocol (machine) notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// The long form people write, with the piece letter (`Nb1-c3`, `O-O`).
    fn move_human(&self, m: Self::Move) -> String;
    /// Reads a move in machine or human notation; errors name the problem.
    fn read_move(&self, text: &str) -> Result<Self::Move, crate::error::MoveError>;
    /// A text drawing of the position for people.
    fn diagram(&self) -> String;

    /// Cells holding pieces of `color` and `role`.
    #[inline(always)]
    fn pieces(&self, color: Color, role: Role) -> Self::CellSet {
        self.piece_sets().pieces(color, role)
    }
    /// Cells holding pieces of `color`.
    #[inline(always)]
    fn color_bb(&self, color: Color) -> Self::CellSet {
        self.piece_sets().color(color)
    }
    /// Cells holding pieces of `role`, both colours.
    #[inline(always)]
    fn role_bb(&self, role: Role) -> Self::CellSet {
        self.piece_sets().role(role)
    }
    /// Cells holding a piece of either colour.
    #[inline(always)]
    fn occupied(&self) -> Self::CellSet {
        self.piece_sets().occupied()
    }
    /// Every legal move, appended to `out`.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.generate_legal(out);
    }
    /// Every legal move, in generation order.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.generate_legal(&mut out);
        out
    }
    /// Number of legal moves (cheaper than listing them).
    fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate_legal(&mut counter);
        counter.0
    }
    /// How many times the current position occurred before (same key, same side to move),
    /// looking back only as far as the last capture or pawn move.
    fn repetitions(&self) -> usize {
        crate::outcome::repetitions(self.history(), self.halfmove_clock(), self.key())
    }
    /// Result if the game is over (mate, stalemate, special wins, draws by rule).
    fn game_outcome(&self) -> Option<Outcome> {
        let us = self.side_to_move();
        EndFacts {
            goal_winner: self.goal_winner(),
            goal_drawn: self.goal_drawn(),
            piece_counts: (self.color_bb(us).count(), self.color_bb(us.other()).count()),
            side_to_move: us,
            legal_moves: self.count_legal_moves(),
            in_check: self.in_check(),
            halfmove: self.halfmove_clock(),
            repetitions: self.repetitions(),
            dead: self.insufficient_material(),
            rules: self.end_rules(),
        }
        .outcome()
    }
}

/// The lines under every diagram: the game, the position string, who is to move, the number
/// of legal moves and the result if the game is over. `position_label` names the position
/// string (`fen` or `tfen`).
pub(crate) fn status_lines<G: Game>(pos: &G, title: &str, position_label: &str) -> String {
    let side = match pos.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let mut out = format!("variant: {} ({title})\n", pos.variant_name());
    out.push_str(&format!("{position_label}: {}\n", pos.to_fen()));
    out.push_str(&format!(
        "to move: {side}{}\n",
        if pos.in_check() { " (in check)" } else { "" }
    ));
    out.push_str(&format!("legal moves: {}\n", pos.count_legal_moves()));
    if let Some(o) = pos.game_outcome() {
        out.push_str(&format!("game over: {} {{{}}}\n", o.result(), o.reason()));
    }
    out
}

/// The `Game` items every family fills the same way from its own fields and methods
/// (`turn`, `sets`, `board`, `generate`, `make`, `unmake`): one text for both
/// `impl Game` blocks instead of two copies of the same forwarding.
macro_rules! forward_game_state {
    () => {
        fn side_to_move(&self) -> $crate::types::Color {
            self.turn.side
        }
        #[inline(always)]
        fn piece_sets(&self) -> &$crate::piece_sets::PieceSets<Self::CellSet> {
            &self.board.sets
        }
        #[inline(always)]
        fn piece_at(&self, cell: usize) -> Option<$crate::types::Piece> {
            $crate::types::Piece::from_code(self.board[cell])
        }
        fn key(&self) -> u64 {
            self.turn.key
        }
        fn halfmove_clock(&self) -> u32 {
            self.turn.halfmove
        }
        fn fullmove_number(&self) -> u32 {
            self.turn.fullmove
        }
        fn history(&self) -> &[u64] {
            &self.turn.history
        }
        fn clear_history(&mut self) {
            self.turn.history.clear();
        }
        fn generate_legal<S: $crate::sink::MoveSink<Self::Move, Self::CellSet>>(
            &self,
            sink: &mut S,
        ) {
            self.generate(sink);
        }
        fn make_move(&mut self, m: Self::Move) -> Self::Undo {
            self.make(m)
        }
        fn unmake_move(&mut self, m: Self::Move, undo: Self::Undo) {
            self.unmake(m, undo)
        }
    };
}
pub(crate) use forward_game_state;
