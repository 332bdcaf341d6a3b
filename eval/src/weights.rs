//! The evaluation's weights as data: every hand-set number of the 2D evaluation that is not
//! derived from the game's geometry, gathered in one serde struct so that `oblique tune`
//! can fit them to a game's own self-play and write them to `eval/weights/<game>.json`.
//!
//! `Weights::default()` is the hand-set evaluation (the start of every fit and the fallback
//! of every game without a file). A game's file, when one is listed in [`TUNED`], is
//! compiled in with `include_str!` and read when the game's tables are first built; fields
//! the file leaves out keep their hand values.

use crate::score::{s, S};
use oblique_engine::Role;
use serde::{Deserialize, Serialize};

/// One score pair per role, by name in data files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PerRole {
    pub pawn: S,
    pub knight: S,
    pub bishop: S,
    pub rook: S,
    pub queen: S,
    pub king: S,
    pub ultra: S,
    pub chancellor: S,
}

impl PerRole {
    /// By role index (`Role::index`).
    pub fn get(&self, i: usize) -> S {
        [
            self.pawn,
            self.knight,
            self.bishop,
            self.rook,
            self.queen,
            self.king,
            self.ultra,
            self.chancellor,
        ][i]
    }

    pub fn of(&self, role: Role) -> S {
        self.get(role.index())
    }

    const fn from_array(a: [S; 8]) -> PerRole {
        PerRole {
            pawn: a[0],
            knight: a[1],
            bishop: a[2],
            rook: a[3],
            queen: a[4],
            king: a[5],
            ultra: a[6],
            chancellor: a[7],
        }
    }
}

/// The weights of the 2D evaluation (centipawns unless said).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// Added to each role's mobility-derived value (`oblique values`).
    pub material: PerRole,
    /// Piece-square weight per role: centipawns per expected destination above the board's
    /// average on that cell.
    pub piece_square: PerRole,
    /// Live mobility per role: centipawns per safe destination, centred on the role's
    /// expected mobility.
    pub mobility: PerRole,
    /// Middle-game penalty per king step away from the own camp.
    pub king_home_step: i32,
    /// King centrality: a penalty in the middle game, a bonus in the end game.
    pub king_centre: S,
    /// Pawn centrality bonus.
    pub pawn_centre: S,
    /// Pawn advancement, percent of the built-in share of the promotion gain.
    pub advance_percent: S,
    /// Passed-pawn bonus, percent of the built-in share of the promotion gain.
    pub passed_percent: S,
    /// End-game weights of the enemy king's / own king's distance to a passed pawn's path.
    pub passed_king: [i32; 2],
    /// Pawn shield, per pawn right in front of the king / one step further.
    pub shield: [i32; 2],
    /// A piece attacked by an enemy pawn-role piece.
    pub pawn_threat: S,
    /// A piece attacked by an enemy piece worth clearly less (`terms::threats`): percent of
    /// the victim's derived value, per victim role, for the attacker.
    pub threat_lesser: PerRole,
    /// A piece (king aside) attacked and not defended, for the attacker.
    pub hanging: S,
    /// A pawn with an own pawn straight ahead of it.
    pub doubled: S,
    /// A pawn defended by an own pawn.
    pub supported: S,
    /// Two bishops where bishops are bound to one colour of cells.
    pub bishop_pair: S,
    /// King danger, in 256ths of the squared weighted attacks times the attackers (up to 4).
    pub king_danger: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: PerRole::default(),
            piece_square: PerRole::from_array([
                s(0, 0),
                s(5, 4),
                s(3, 3),
                s(1, 1),
                s(1, 1),
                s(0, 0),
                s(3, 3),
                s(2, 2),
            ]),
            mobility: PerRole::from_array([
                s(0, 0),
                s(5, 5),
                s(5, 5),
                s(3, 5),
                s(2, 4),
                s(0, 0),
                s(4, 4),
                s(2, 4),
            ]),
            king_home_step: 25,
            king_centre: s(30, 18),
            pawn_centre: s(10, 0),
            advance_percent: s(100, 100),
            passed_percent: s(100, 100),
            passed_king: [4, 2],
            shield: [12, 6],
            pawn_threat: s(40, 30),
            threat_lesser: PerRole::from_array([s(6, 5); 8]),
            hanging: s(30, 15),
            doubled: s(-10, -25),
            supported: s(8, 6),
            bishop_pair: s(25, 45),
            king_danger: 16,
            tempo: 10,
        }
    }
}

/// A game's tuned weights as written by `oblique tune`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeightsFile {
    pub game: String,
    /// The command that made the file.
    pub command: String,
    /// Loss before and after, scaling constant, data size (for people).
    pub fit: String,
    pub weights: Weights,
}

/// The games whose evaluation reads a tuned file: (game, file contents). A file is listed
/// here only after a match showed it does not lose to the hand-set weights.
pub const TUNED: &[(&str, &str)] = &[("slanted", include_str!("../weights/slanted.json"))];

/// The weights a game's evaluation uses: its tuned file if one is listed, else the hand
/// values.
pub fn for_game(name: &str) -> Weights {
    TUNED
        .iter()
        .find(|(game, _)| *game == name)
        .map(|(_, text)| {
            serde_json::from_str::<WeightsFile>(text)
                .unwrap_or_else(|e| panic!("eval/weights/{name}.json does not parse: {e}"))
                .weights
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::find_variant;

    /// Every weights file, compiled in or lying in `eval/weights/`, reads as the tuner wrote
    /// it: for a game of the engine, made by `oblique tune fit`.
    #[test]
    fn every_weights_file_reads_and_names_its_game() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("weights");
        let mut texts: Vec<(String, String)> = TUNED
            .iter()
            .map(|(g, t)| (g.to_string(), t.to_string()))
            .collect();
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "json") {
                    let game = p.file_stem().expect("name").to_string_lossy().to_string();
                    texts.push((game, std::fs::read_to_string(&p).expect("readable")));
                }
            }
        }
        for (game, text) in texts {
            let f: WeightsFile = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("weights of {game} do not parse: {e}"));
            assert_eq!(f.game, game);
            assert!(f.command.contains("tune fit"), "{game}: {}", f.command);
            assert!(find_variant(&f.game).is_some());
        }
    }
}
