//! A study's games as the study reads them: which group of the schedule a game belongs to,
//! its number, the game itself and how it ended. The PGN file is the record: a game just
//! played and a game read back from the PGN (to resume, or to merge the slices of a sharded
//! study) become the same `StudyGame`, so the report is the same whichever way it was made.
//!
//! The group travels in the PGN's `Event` tag (`Oblique study: GROUP`) and the game's number
//! in its group in `Round`; together they identify a game.

use crate::game::{GameResult, PlayedGame};
use crate::stats::Wdl;
use oblique_engine::{Color, GameRecord, Outcome};
use std::collections::BTreeSet;
use std::path::Path;

/// The `Event` tag's prefix before the group name.
pub const EVENT_PREFIX: &str = "Oblique study: ";

/// How a game ended, in the classes a designer asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Repetition,
    /// The n-move rule (fifty moves in these games).
    MoveRule,
    InsufficientMaterial,
    /// Diagonal Chess: a pawn reached the far corner.
    Corner,
    /// Another piece reached its goal (king of the hill).
    Goal,
    /// A side was left with its king alone (Shatranj).
    BareKing,
    /// The study's move limit (a draw).
    MoveLimit,
    /// An engine resigned (Oblique does not; other engines may).
    Resignation,
    /// Lost on time, an illegal move, a crash or a stall: not a result of the game's rules.
    Forfeit,
}

impl Ending {
    pub fn name(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition => "repetition",
            Ending::MoveRule => "fifty-move rule",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::Corner => "corner (Diagonal Chess)",
            Ending::Goal => "goal reached",
            Ending::BareKing => "bare king",
            Ending::MoveLimit => "move limit",
            Ending::Resignation => "resignation",
            Ending::Forfeit => "forfeit",
        }
    }

    /// From the rules' verdict on the final position, else the PGN's `Termination` tag.
    pub fn classify(outcome: Option<Outcome>, termination: &str) -> Ending {
        match outcome {
            Some(Outcome::Checkmate { .. }) => Ending::Checkmate,
            Some(Outcome::PawnReachedGoal { .. }) => Ending::Corner,
            Some(Outcome::GoalReached { .. } | Outcome::GoalDraw) => Ending::Goal,
            Some(Outcome::BareKing { .. }) => Ending::BareKing,
            Some(Outcome::Stalemate | Outcome::StalemateWin { .. }) => Ending::Stalemate,
            Some(Outcome::ThreefoldRepetition) => Ending::Repetition,
            Some(Outcome::FiftyMoves | Outcome::MoveRule) => Ending::MoveRule,
            Some(Outcome::InsufficientMaterial) => Ending::InsufficientMaterial,
            None => match termination {
                "adjudication" => Ending::MoveLimit,
                "normal" | "" => Ending::Resignation,
                _ => Ending::Forfeit,
            },
        }
    }
}

/// One finished game of a study.
#[derive(Clone, Debug)]
pub struct StudyGame {
    pub group: String,
    /// 1-based number in its group.
    pub number: usize,
    pub game: GameRecord,
    pub result: GameResult,
    pub ending: Ending,
}

impl StudyGame {
    pub fn from_played(group: &str, g: &PlayedGame) -> StudyGame {
        StudyGame {
            group: group.to_string(),
            number: g.number,
            game: g.game.clone(),
            result: g.result,
            ending: Ending::classify(g.game.outcome(), g.termination.pgn()),
        }
    }

    /// Counts this game into `w`, the results of side `c`.
    pub fn count_for(&self, c: Color, w: &mut Wdl) {
        match (self.result, c) {
            (GameResult::Draw, _) => w.draws += 1,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                w.wins += 1
            }
            _ => w.losses += 1,
        }
    }

    /// The points of the side `c`.
    pub fn points(&self, c: Color) -> f64 {
        match (self.result, c) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// The study games of a PGN text: games of other events, unfinished games (`*`) and games
/// that do not replay are left out and counted.
pub fn read_pgn(text: &str) -> (Vec<StudyGame>, usize) {
    let mut out = Vec::new();
    let mut left_out = 0;
    for g in oblique_engine::pgn::games(text) {
        let group = g.tag("Event").and_then(|e| e.strip_prefix(EVENT_PREFIX));
        let number = g.tag("Round").and_then(|r| r.trim().parse::<usize>().ok());
        let result = match g.tag("Result") {
            Some("1-0") => Some(GameResult::WhiteWins),
            Some("0-1") => Some(GameResult::BlackWins),
            Some("1/2-1/2") => Some(GameResult::Draw),
            _ => None,
        };
        match (group, number, result, g.replay()) {
            (Some(group), Some(number), Some(result), Ok(game)) => {
                let ending =
                    Ending::classify(game.outcome(), g.tag("Termination").unwrap_or_default());
                out.push(StudyGame {
                    group: group.to_string(),
                    number,
                    game,
                    result,
                    ending,
                });
            }
            _ => left_out += 1,
        }
    }
    (out, left_out)
}

/// Every study game in the `.pgn` files of `dir` (none if it does not exist), each game once
/// (a game two files hold, as after merging slices by hand, counts once), sorted by number;
/// and how many games were left out.
pub fn read_dir(dir: &Path) -> std::io::Result<(Vec<StudyGame>, usize)> {
    let mut files: Vec<_> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(e) => return Err(e),
    };
    files.sort();
    let mut all = Vec::new();
    let mut left_out = 0;
    for f in files {
        let (g, n) = read_pgn(&std::fs::read_to_string(&f)?);
        all.extend(g);
        left_out += n;
    }
    let mut seen = BTreeSet::new();
    all.retain(|g| seen.insert((g.group.clone(), g.number)));
    all.sort_by_key(|g| g.number);
    Ok((all, left_out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_from_the_rules_first_then_the_tag() {
        let mate = Some(Outcome::Checkmate {
            winner: Color::Black,
        });
        assert_eq!(Ending::classify(mate, "normal"), Ending::Checkmate);
        assert_eq!(
            Ending::classify(Some(Outcome::FiftyMoves), "normal"),
            Ending::MoveRule
        );
        assert_eq!(Ending::classify(None, "adjudication"), Ending::MoveLimit);
        assert_eq!(Ending::classify(None, "time forfeit"), Ending::Forfeit);
        assert_eq!(Ending::classify(None, "normal"), Ending::Resignation);
    }

    #[test]
    fn games_read_back_with_group_and_number() {
        // Fool's mate, then a game of another event, then an unfinished one.
        let text = "[Event \"Oblique study: balance/chess/depth 1\"]\n[Round \"7\"]\n\
                    [White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Termination \"normal\"]\n\n\
                    1. f2f3 e7e5 2. g2g4 d8h4 0-1\n\n\
                    [Event \"Some match\"]\n[Round \"1\"]\n[Result \"1-0\"]\n\n1. e2e4 1-0\n\n\
                    [Event \"Oblique study: x\"]\n[Round \"2\"]\n[Result \"*\"]\n\n1. e2e4 *\n";
        let (games, left_out) = read_pgn(text);
        assert_eq!(left_out, 2);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!((g.group.as_str(), g.number), ("balance/chess/depth 1", 7));
        assert_eq!(g.ending, Ending::Checkmate);
        assert_eq!(g.game.len(), 4);
        assert_eq!((g.points(Color::Black), g.points(Color::White)), (1.0, 0.0));
    }
}
