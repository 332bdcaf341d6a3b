//! A played game: its start position and the moves played from it. It is the one record of a
//! game every front end keeps (the protocols' session, the browser board's tab, the match
//! runner's arbiter), so that playing a move, taking moves back, numbering them and writing
//! them out (`pgn`) are done once, by the engine's own move reader.
//!
//! Each move is kept as `view::MoveView` (protocol text, human text, from, to), and the
//! position after it is kept too: front ends ask for the position before any move (XBoard's
//! `undo`, the browser's take-back) without replaying. What a front end adds per move (the
//! runner's clock and score) stays with the front end, in a list beside this one.
//!
//! Facts a front end used to get by comparing names (is this orthodox chess, does the game
//! start from its own start position) are asked of the record: `is_orthodox`,
//! `starts_from_standard`.

use crate::any::{AnyPosition, PositionError};
use crate::error::MoveError;
use crate::types::{Color, Outcome};
use crate::view::{move_view, MoveView};
use crate::Game;
use std::fmt;

/// Is `variant` (a name the engine reads) orthodox chess: the game PGN (no `Variant` tag),
/// UCI (`position startpos`, no `UCI_Variant`) and XBoard (`normal`, no `variant` command)
/// assume when no game is named?
pub fn is_orthodox(variant: &str) -> bool {
    crate::registry::find(variant).is_some_and(|spec| spec.name == crate::registry::chess().name)
}

/// Why a move was not added to the record. `Display` gives the lines the browser board has
/// always shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has ended (by the rules).
    GameOver(Outcome),
    /// The text is not a legal move here.
    Move(MoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({})", o.reason()),
            PlayError::Move(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> PlayError {
        PlayError::Move(e)
    }
}

/// A start position and the moves played from it.
#[derive(Clone)]
pub struct GameRecord {
    start: AnyPosition,
    /// Whether `start` is the game's own start position.
    standard_start: bool,
    /// The position after each move.
    after: Vec<AnyPosition>,
    /// Each move as it was played.
    moves: Vec<MoveView>,
}

/// The start (as FEN) and the moves: what tells one record from another.
impl fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameRecord")
            .field("variant", &self.variant())
            .field("start", &self.start_fen())
            .field("moves", &self.texts())
            .finish()
    }
}

impl GameRecord {
    /// A game of `variant` from `fen` (FEN or TFEN), or from its start position.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<GameRecord, PositionError> {
        Ok(GameRecord::from_start(AnyPosition::new(variant, fen)?))
    }

    /// A game from a position already set up.
    pub fn from_start(start: AnyPosition) -> GameRecord {
        let standard_start = AnyPosition::new(start.variant_name(), None)
            .is_ok_and(|own| own.to_fen() == start.to_fen());
        GameRecord {
            start,
            standard_start,
            after: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The game's name (`chess`, `slanted`, `startrek`, ...).
    pub fn variant(&self) -> &'static str {
        self.start.variant_name()
    }

    /// Orthodox chess (see `is_orthodox`).
    pub fn is_orthodox(&self) -> bool {
        is_orthodox(self.variant())
    }

    /// The game starts from its own start position (not from a FEN of another).
    pub fn starts_from_standard(&self) -> bool {
        self.standard_start
    }

    pub fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The start position's FEN (TFEN for Star Trek).
    pub fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    /// The side that moves first (Black in the games Black begins).
    pub fn first_mover(&self) -> Color {
        self.start.side_to_move()
    }

    /// The start position's full-move number: the number of the first move.
    pub fn start_fullmove(&self) -> u32 {
        crate::with_position!(&self.start, p => Game::fullmove_number(p))
    }

    /// The position now.
    pub fn position(&self) -> &AnyPosition {
        self.after.last().unwrap_or(&self.start)
    }

    /// The position before move `i` (0 is the start; `len()` or more is the position now).
    pub fn position_before(&self, i: usize) -> &AnyPosition {
        match i {
            0 => &self.start,
            i => self.after.get(i - 1).unwrap_or(self.position()),
        }
    }

    /// How the game ended, if it has by the rules.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[MoveView] {
        &self.moves
    }

    /// The moves in protocol notation (`e2e4`, `b1(2)c3(2)`).
    pub fn texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }

    /// The moves in the long form people write (`e2-e4`, `Nb1-c3`).
    pub fn human_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.human.clone()).collect()
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Plays a move given in protocol or human notation; the record is unchanged if it is
    /// not legal or the game is over. Returns the move as played.
    pub fn play(&mut self, text: &str) -> Result<&MoveView, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.push(text)
    }

    /// Plays a move like `play`, also after a result by rule while the side to move has a
    /// legal move (a draw by repetition or the 50-move rule, Diagonal Chess's corner): for
    /// the protocols and the runner's openings, where the GUI or the opening book, not the
    /// record, decides that the game goes on.
    pub fn play_past_result(&mut self, text: &str) -> Result<&MoveView, PlayError> {
        let now = self.position();
        if let Some(o) = now.outcome().filter(|_| now.count_legal_moves() == 0) {
            return Err(PlayError::GameOver(o));
        }
        self.push(text)
    }

    fn push(&mut self, text: &str) -> Result<&MoveView, PlayError> {
        let now = self.position();
        let played = move_view(now, text)?;
        let mut next = now.clone();
        next.play(&played.text)?;
        self.after.push(next);
        self.moves.push(played);
        Ok(&self.moves[self.moves.len() - 1])
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.take_back(1) == 1
    }

    /// Takes back the last `n` moves (all of them if there are fewer); returns how many.
    pub fn take_back(&mut self, n: usize) -> usize {
        let n = n.min(self.moves.len());
        let keep = self.moves.len() - n;
        self.moves.truncate(keep);
        self.after.truncate(keep);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_kept_in_both_notations_and_taken_back() {
        let mut g = GameRecord::new("chess", None).unwrap();
        assert!(g.is_orthodox() && g.starts_from_standard());
        // The same move in protocol and in human notation.
        assert_eq!(g.play("e2e4").unwrap().human, "e2-e4");
        assert_eq!(g.play("Ng8-f6").unwrap().text, "g8f6");
        assert_eq!(g.texts(), ["e2e4", "g8f6"]);
        assert_eq!(g.position_before(1).side_to_move(), Color::Black);
        let before = g.position().to_fen();
        let err = g.play("e4e6").unwrap_err();
        assert!(matches!(err, PlayError::Move(_)), "{err}");
        assert_eq!(
            g.position().to_fen(),
            before,
            "a refused move changes nothing"
        );
        assert_eq!(g.take_back(5), 2);
        assert!(g.is_empty() && !g.undo());
        assert_eq!(g.position().to_fen(), g.start_fen());
    }

    #[test]
    fn start_facts_come_from_the_start_position() {
        // escalator.md 2.2: Black moves first in Mini Slanted Escalator chess.
        let g = GameRecord::new("minislanted", None).unwrap();
        assert_eq!(g.first_mover(), Color::Black);
        assert!(!g.is_orthodox() && g.starts_from_standard());
        let g = GameRecord::new("normal", Some("k7/8/8/8/8/8/8/K7 w - - 3 41")).unwrap();
        assert!(g.is_orthodox() && !g.starts_from_standard());
        assert_eq!(g.start_fullmove(), 41);
        assert!(is_orthodox("standard") && !is_orthodox("startrek") && !is_orthodox("x"));
    }

    #[test]
    fn play_stops_at_a_result_and_play_past_result_only_without_moves() {
        // Threefold repetition: the knights go out and back twice.
        let mut g = GameRecord::new("chess", None).unwrap();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
            g.play(m).unwrap();
        }
        assert!(
            g.outcome().is_some(),
            "the start position stands a third time"
        );
        assert!(matches!(g.play("e2e4"), Err(PlayError::GameOver(_))));
        assert_eq!(g.play_past_result("e2e4").unwrap().text, "e2e4");
    }

    #[test]
    fn no_move_after_mate() {
        // Fool's mate: 1. f3 e5 2. g4 Qh4#.
        let mut g = GameRecord::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play(m).unwrap();
        }
        let mate = g.outcome().unwrap();
        assert_eq!(mate.result(), "0-1");
        assert_eq!(g.play("a2a3").unwrap_err(), PlayError::GameOver(mate));
        assert_eq!(
            g.play_past_result("a2a3").unwrap_err(),
            PlayError::GameOver(mate)
        );
    }
}
