//! The evaluation's weights as data: every hand-set number of the 2D evaluation that is not
//! derived from the game's geometry, gathered in one serde struct so that `oblique tune`
//! can fit them to a game's own self-play and write them to `eval/weights/<game>.json`.
//!
//! `Weights::default()` is the hand-set evaluation (the start of every fit and the fallback
//! of every game without a file). A game's file, when one is listed in [`TUNED`], is
//! compiled in with `include_str!` and read when the game's tables are first built; fields
//! the file leaves out keep their hand values.
//!
//! A file of the same format can also be given at run time (`oblique --weights FILE`,
//! [`use_file`]): it replaces the compiled-in weights of the game it names, for the life of
//! the process, without a rebuild. This is how a file written by `oblique study values
//! --write-weights` (the measured piece values as material, [`with_material`]) is played
//! against the engine's own weights. A file that cannot be used is refused with a one-line
//! [`WeightsFileError`] before anything is built.

use crate::score::{s, S};
use oblique_engine::types::{BUILTIN_ROLE_COUNT, ROLE_COUNT};
use oblique_engine::Role;

/// Role slots past the built-in eight (a file game's further piece types).
const EXTRA_ROLES: usize = ROLE_COUNT - BUILTIN_ROLE_COUNT;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

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
    /// The extra slots of a file game with more than eight piece types, in slot order.
    pub extra: [S; EXTRA_ROLES],
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
        ]
        .get(i)
        .copied()
        .unwrap_or_else(|| self.extra[(i - 8) % EXTRA_ROLES])
    }

    pub fn of(&self, role: Role) -> S {
        self.get(role.index())
    }

    /// The eight built-in roles' values, then the extra slots'.
    const fn from_array(a: [S; 8], extra: S) -> PerRole {
        PerRole {
            pawn: a[0],
            knight: a[1],
            bishop: a[2],
            rook: a[3],
            queen: a[4],
            king: a[5],
            ultra: a[6],
            chancellor: a[7],
            extra: [extra; EXTRA_ROLES],
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
            piece_square: PerRole::from_array(
                [
                    s(0, 0),
                    s(5, 4),
                    s(3, 3),
                    s(1, 1),
                    s(1, 1),
                    s(0, 0),
                    s(3, 3),
                    s(2, 2),
                ],
                s(3, 3),
            ),
            mobility: PerRole::from_array(
                [
                    s(0, 0),
                    s(5, 5),
                    s(5, 5),
                    s(3, 5),
                    s(2, 4),
                    s(0, 0),
                    s(4, 4),
                    s(2, 4),
                ],
                s(4, 4),
            ),
            king_home_step: 25,
            king_centre: s(30, 18),
            pawn_centre: s(10, 0),
            advance_percent: s(100, 100),
            passed_percent: s(100, 100),
            passed_king: [4, 2],
            shield: [12, 6],
            pawn_threat: s(40, 30),
            threat_lesser: PerRole::from_array([s(6, 5); 8], s(6, 5)),
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

impl WeightsFile {
    /// The file's text, as `oblique tune fit` writes it (pretty JSON, a final newline).
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// The games whose evaluation reads a tuned file: (game, file contents). A file is listed
/// here only after a match showed it does not lose to the hand-set weights.
pub const TUNED: &[(&str, &str)] = &[("slanted", include_str!("../weights/slanted.json"))];

/// The weights a game's evaluation uses: the run-time file if it names this game
/// ([`use_file`]), else its tuned file if one is listed, else the hand values.
pub fn for_game(name: &str) -> Weights {
    if let Some(f) = RUN_TIME.get().filter(|f| f.game == name) {
        return f.weights.clone();
    }
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

/// The weights file given at run time, if any (set once, before any table is built).
static RUN_TIME: OnceLock<WeightsFile> = OnceLock::new();

/// The largest weight a file may hold, in absolute value: far above any sensible weight
/// (a queen is about 900), far below what could overflow the evaluation's sums.
pub const MAX_WEIGHT: i64 = 10_000;

/// Why a weights file given at run time cannot be used (one line each).
#[derive(Debug, thiserror::Error)]
pub enum WeightsFileError {
    #[error("cannot read weights file {path}: {why}")]
    Read { path: String, why: std::io::Error },
    #[error("weights file {path} is not a weights file as `oblique tune fit` writes it: {why}")]
    Parse {
        path: String,
        why: serde_json::Error,
    },
    #[error("weights file {path} is for game '{game}', which this engine does not have (a game of a file needs --variant-file before it)")]
    UnknownGame { path: String, game: String },
    #[error("weights file {path} is for Star Trek chess, whose evaluation takes no weights file")]
    StarTrek { path: String },
    #[error("weights file {path}: weight {name} = {value} is beyond +-{MAX_WEIGHT}")]
    TooLarge {
        path: String,
        name: String,
        value: i64,
    },
    #[error("{0}'s evaluation takes no weights file")]
    NoWeights(String),
    #[error("a weights file was already given ({0})")]
    Twice(String),
    #[error("no piece value for '{0}': the game has no such piece")]
    UnknownPiece(char),
    #[error("the value {value} pawns for '{letter}' is not a usable value")]
    BadValue { letter: char, value: f64 },
}

/// Reads and checks a weights file (the format `oblique tune fit` writes).
pub fn read_file(path: &str) -> Result<WeightsFile, WeightsFileError> {
    let text = std::fs::read_to_string(path).map_err(|why| WeightsFileError::Read {
        path: path.to_string(),
        why,
    })?;
    let file: WeightsFile = serde_json::from_str(&text).map_err(|why| WeightsFileError::Parse {
        path: path.to_string(),
        why,
    })?;
    if file
        .game
        .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
    {
        return Err(WeightsFileError::StarTrek {
            path: path.to_string(),
        });
    }
    if oblique_engine::find_variant(&file.game).is_none_or(|spec| spec.name != file.game) {
        return Err(WeightsFileError::UnknownGame {
            path: path.to_string(),
            game: file.game,
        });
    }
    if let Some((name, value)) = largest_weight(&file.weights).filter(|(_, v)| v.abs() > MAX_WEIGHT)
    {
        return Err(WeightsFileError::TooLarge {
            path: path.to_string(),
            name,
            value,
        });
    }
    Ok(file)
}

/// The weight of largest magnitude, by its place in the file (`material.queen[0]`).
fn largest_weight(w: &Weights) -> Option<(String, i64)> {
    fn walk(v: &serde_json::Value, at: String, out: &mut Option<(String, i64)>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    let name = if at.is_empty() {
                        k.clone()
                    } else {
                        format!("{at}.{k}")
                    };
                    walk(x, name, out);
                }
            }
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, format!("{at}[{i}]"), out);
                }
            }
            serde_json::Value::Number(n) => {
                let x = n.as_i64().unwrap_or(i64::MAX);
                if out.as_ref().is_none_or(|(_, best)| x.abs() > best.abs()) {
                    *out = Some((at, x));
                }
            }
            _ => {}
        }
    }
    let mut out = None;
    walk(&serde_json::to_value(w).ok()?, String::new(), &mut out);
    out
}

/// Reads a weights file and makes it the weights of its game for the rest of the process
/// (`oblique --weights FILE`). Call before any evaluation of that game: tables already
/// built keep the weights they were built with.
pub fn use_file(path: &str) -> Result<&'static WeightsFile, WeightsFileError> {
    let file = read_file(path)?;
    let game = file.game.clone();
    RUN_TIME
        .set(file)
        .map_err(|_| WeightsFileError::Twice(game))?;
    RUN_TIME
        .get()
        .ok_or_else(|| WeightsFileError::Twice(path.to_string()))
}

/// The weights file given at run time, if any.
pub fn run_time_file() -> Option<&'static WeightsFile> {
    RUN_TIME.get()
}

/// The material a 2D game's evaluation gives each role (king excluded), in centipawns,
/// middle game and end game: the value derived from mobility (`values`) plus the material
/// weight in force ([`for_game`]). `None` for a game without 2D tables (Star Trek chess).
pub fn material_in_force(game: &str) -> Option<Vec<(Role, S)>> {
    let spec = oblique_engine::find_variant(game)?;
    let w = for_game(spec.name);
    Some(
        crate::values::derive(spec)
            .into_iter()
            .filter(|r| r.role != Role::King)
            .map(|r| (r.role, s(r.value, r.value) + w.material.of(r.role)))
            .collect(),
    )
}

/// `base` with the material of the pieces in `pawns` (FEN letter, value in the game's
/// pawns) changed so that the evaluation gives each piece that many of its own pawns, in
/// the middle game and in the end game alike (a pawn's value in each phase is the pawn's
/// derived value plus its material weight, which stays). Every other weight is `base`'s;
/// a value is rounded to the centipawn.
pub fn with_material(
    game: &str,
    base: &Weights,
    pawns: &[(char, f64)],
) -> Result<Weights, WeightsFileError> {
    let spec = oblique_engine::find_variant(game)
        .filter(|_| !game.eq_ignore_ascii_case(oblique_engine::startrek::NAME))
        .ok_or_else(|| WeightsFileError::NoWeights(game.to_string()))?;
    let derived: Vec<(Role, i32)> = crate::values::derive(spec)
        .into_iter()
        .map(|r| (r.role, r.value))
        .collect();
    let value_of = |role: Role| derived.iter().find(|(r, _)| *r == role).map(|&(_, v)| v);
    let pawn = value_of(Role::Pawn).ok_or(WeightsFileError::UnknownPiece('p'))?;
    let pawn = s(pawn, pawn) + base.material.pawn;
    let mut out = base.clone();
    for &(letter, value) in pawns {
        let role = spec
            .role_of_letter(letter)
            .filter(|r| !matches!(r, Role::King | Role::Pawn))
            .ok_or(WeightsFileError::UnknownPiece(letter))?;
        let derived = value_of(role).ok_or(WeightsFileError::UnknownPiece(letter))?;
        let target = |pawn: i32| (value * pawn as f64).round() - derived as f64;
        let (mg, eg) = (target(pawn.mg), target(pawn.eg));
        let usable = |x: f64| x.is_finite() && x.abs() <= MAX_WEIGHT as f64;
        if !(value.is_finite() && value > 0.0 && usable(mg) && usable(eg)) {
            return Err(WeightsFileError::BadValue { letter, value });
        }
        *role_slot(&mut out.material, role) = s(mg as i32, eg as i32);
    }
    Ok(out)
}

/// The field of `per` that holds `role`.
fn role_slot(per: &mut PerRole, role: Role) -> &mut S {
    match role {
        Role::Pawn => &mut per.pawn,
        Role::Knight => &mut per.knight,
        Role::Bishop => &mut per.bishop,
        Role::Rook => &mut per.rook,
        Role::Queen => &mut per.queen,
        Role::King => &mut per.king,
        Role::Ultra => &mut per.ultra,
        Role::Chancellor => &mut per.chancellor,
        extra => &mut per.extra[(extra.index() - BUILTIN_ROLE_COUNT) % EXTRA_ROLES],
    }
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

    /// The measured values become material in the evaluation's units: in orthodox chess the
    /// pawn is 100 centipawns (`values`: "the orthodox pawn is 100"), so a knight of 2.51
    /// pawns is 251 in both phases, whatever its derived value; a tuned pawn weight scales
    /// each phase by that phase's pawn.
    #[test]
    fn measured_values_become_material() {
        let spec = find_variant("chess").expect("chess");
        let derived = |role: Role| {
            crate::values::derive(spec)
                .into_iter()
                .find(|r| r.role == role)
                .map(|r| r.value)
                .expect("role")
        };
        assert_eq!(derived(Role::Pawn), 100);
        let w = with_material("chess", &Weights::default(), &[('N', 2.51), ('q', 8.15)])
            .expect("weights");
        let n = derived(Role::Knight);
        assert_eq!(w.material.knight, s(251 - n, 251 - n));
        let q = derived(Role::Queen);
        assert_eq!(w.material.queen, s(815 - q, 815 - q));
        let mut rest = w.clone();
        rest.material.knight = S::default();
        rest.material.queen = S::default();
        assert_eq!(rest, Weights::default());

        let mut base = Weights::default();
        base.material.pawn = s(0, -20);
        let w = with_material("chess", &base, &[('R', 5.0)]).expect("weights");
        let r = derived(Role::Rook);
        assert_eq!(w.material.rook, s(500 - r, 400 - r));
        assert_eq!(w.material.pawn, s(0, -20));

        for bad in [('K', 1.0), ('P', 1.0), ('U', 3.0)] {
            assert!(matches!(
                with_material("chess", &base, &[bad]),
                Err(WeightsFileError::UnknownPiece(_))
            ));
        }
        for bad in [f64::NAN, -1.0, 0.0, 1e9] {
            assert!(matches!(
                with_material("chess", &base, &[('N', bad)]),
                Err(WeightsFileError::BadValue { .. })
            ));
        }
        assert!(matches!(
            with_material("startrek", &base, &[]),
            Err(WeightsFileError::NoWeights(_))
        ));
    }

    /// A file written as the tuner writes it reads back equal; the checks refuse what the
    /// evaluation cannot use.
    #[test]
    fn a_written_file_reads_back_and_bad_ones_are_refused() {
        let dir = std::env::temp_dir().join(format!("oblique-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = |name: &str| dir.join(name).to_string_lossy().to_string();
        let mut file = WeightsFile {
            game: "chess".to_string(),
            command: "test".to_string(),
            fit: "test".to_string(),
            weights: Weights::default(),
        };
        file.weights.material.bishop = s(-80, -70);
        std::fs::write(path("ok.json"), file.to_text()).expect("write");
        let back = read_file(&path("ok.json")).expect("reads");
        assert_eq!(back.weights, file.weights);
        assert_eq!(back.game, "chess");

        file.weights.tempo = -10_001;
        std::fs::write(path("big.json"), file.to_text()).expect("write");
        let e = read_file(&path("big.json")).expect_err("too large");
        assert!(e.to_string().contains("weight tempo = -10001"), "{e}");
        file.weights.tempo = 10;
        file.game = "Chess".to_string();
        std::fs::write(path("case.json"), file.to_text()).expect("write");
        assert!(matches!(
            read_file(&path("case.json")),
            Err(WeightsFileError::UnknownGame { .. })
        ));
        assert!(matches!(
            read_file(&path("none.json")),
            Err(WeightsFileError::Read { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
