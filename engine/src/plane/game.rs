//! The 2D games behind the `Game` interface search, protocols and the CLI use.

use crate::error::MoveError;
use crate::game::Game;
use crate::plane::position::{Position, Undo};
use crate::plane::rules::RulesCache;
use crate::types::{Color, Move, Outcome};
use oblique_tables::Bitboard;

impl<B: Bitboard + RulesCache> Game for Position<B> {
    type Move = Move;
    type Undo = Undo;

    fn variant_name(&self) -> &'static str {
        self.spec().name
    }
    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
    fn key(&self) -> u64 {
        Position::key(self)
    }
    fn compute_key(&self) -> u64 {
        Position::compute_key(self)
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }
    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }
    fn make_move(&mut self, m: Move) -> Undo {
        self.make(m)
    }
    fn unmake_move(&mut self, m: Move, undo: Undo) {
        self.unmake(m, undo)
    }
    fn game_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn move_text(&self, m: Move) -> String {
        self.move_to_uci(m)
    }
    fn move_human(&self, m: Move) -> String {
        self.move_to_human(m)
    }
    fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text)
    }
    fn diagram(&self) -> String {
        crate::plane::diagram::diagram(self)
    }
}
