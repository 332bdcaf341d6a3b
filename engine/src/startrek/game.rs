//! Star Trek chess behind the `Game` interface search, protocols and the CLI use.

use super::{StMove, StUndo, StarTrekPosition, NAME};
use crate::error::MoveError;
use crate::game::Game;
use crate::types::{Color, Outcome};

impl Game for StarTrekPosition {
    type Move = StMove;
    type Undo = StUndo;

    fn variant_name(&self) -> &'static str {
        NAME
    }
    fn to_fen(&self) -> String {
        self.to_tfen()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn key(&self) -> u64 {
        self.key
    }
    fn compute_key(&self) -> u64 {
        StarTrekPosition::compute_key(self)
    }
    fn in_check(&self) -> bool {
        StarTrekPosition::in_check(self)
    }
    fn legal_moves_into(&self, out: &mut Vec<StMove>) {
        self.generate(out);
    }
    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }
    fn make_move(&mut self, m: StMove) -> StUndo {
        self.make(m)
    }
    fn unmake_move(&mut self, m: StMove, undo: StUndo) {
        self.unmake(m, undo)
    }
    fn game_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn move_text(&self, m: StMove) -> String {
        StarTrekPosition::move_text(self, m)
    }
    fn move_human(&self, m: StMove) -> String {
        self.move_to_human(m)
    }
    fn read_move(&self, text: &str) -> Result<StMove, MoveError> {
        self.parse_move(text)
    }
    fn diagram(&self) -> String {
        StarTrekPosition::diagram(self)
    }
}
