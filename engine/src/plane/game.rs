//! The 2D games behind the `Game` interface search, protocols and the CLI use.

use crate::error::MoveError;
use crate::game::{forward_game_state, Game};
use crate::plane::goal::GoalVerdict;
use crate::plane::moves::Move;
use crate::plane::position::{Position, Undo};
use crate::plane::rules::RulesCache;
use crate::types::Color;
use oblique_tables::Bitboard;

impl<B: Bitboard + RulesCache> Game for Position<B> {
    type Move = Move;
    type Undo = Undo;
    type CellSet = B;

    forward_game_state!();

    fn variant_name(&self) -> &'static str {
        self.spec().name
    }
    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }
    fn compute_key(&self) -> u64 {
        Position::compute_key(self)
    }
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }
    fn insufficient_material(&self) -> bool {
        Position::insufficient_material(self)
    }
    fn goal_winner(&self) -> Option<Color> {
        match self.goal_verdict() {
            Some(GoalVerdict::Won(c)) => Some(c),
            _ => None,
        }
    }
    fn goal_drawn(&self) -> bool {
        self.goal_verdict() == Some(GoalVerdict::Drawn)
    }
    fn end_rules(&self) -> crate::outcome::EndRules {
        self.spec().end
    }
    fn move_text(&self, m: Move) -> String {
        self.move_text(m)
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
