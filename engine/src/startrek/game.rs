//! Star Trek chess behind the `Game` interface search, protocols and the CLI use.

use super::{Cells, StMove, StUndo, StarTrekPosition, NAME};
use crate::error::MoveError;
use crate::game::{forward_game_state, Game};

impl Game for StarTrekPosition {
    type Move = StMove;
    type Undo = StUndo;
    type CellSet = Cells;

    forward_game_state!();

    fn variant_name(&self) -> &'static str {
        NAME
    }
    fn to_fen(&self) -> String {
        self.to_tfen()
    }
    fn compute_key(&self) -> u64 {
        StarTrekPosition::compute_key(self)
    }
    fn in_check(&self) -> bool {
        StarTrekPosition::in_check(self)
    }
    fn insufficient_material(&self) -> bool {
        StarTrekPosition::insufficient_material(self)
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
