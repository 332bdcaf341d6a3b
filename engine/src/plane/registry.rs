//! The games this process knows: the built-in files (embedded, read on first use) and the
//! games users load from files (`--variant-file`, UCI's `VariantPath`). Each game gets an
//! id, its place in the list, that caches of tables index by. Names are unique: a file may
//! not take a built-in game's name, and loading the same file twice gives the same games.
//!
//! A name no loaded game has is looked for as `NAME.toml` in the search path: the folders
//! of `$OBLIQUE_VARIANTS` (separated like `PATH`), then `./variants`.

use crate::plane::load::spec_from_file;
use crate::plane::position::Position;
use crate::plane::variant::{VariantSpec, Width, MAX_GAMES};
use oblique_gamefile::{ini, toml_reader, GameFile, GameFileError};
use once_cell::sync::Lazy;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::RwLock;

/// The built-in games' files, in the order `oblique variants` lists them.
const BUILTIN_FILES: [(&str, &str); 8] = [
    ("chess", include_str!("../../games/chess.toml")),
    ("slanted", include_str!("../../games/slanted.toml")),
    ("minislanted", include_str!("../../games/minislanted.toml")),
    (
        "ultraslanted",
        include_str!("../../games/ultraslanted.toml"),
    ),
    (
        "ultraslantedwhite",
        include_str!("../../games/ultraslantedwhite.toml"),
    ),
    (
        "almostultraslanted",
        include_str!("../../games/almostultraslanted.toml"),
    ),
    (
        "sortofalmostultraslanted",
        include_str!("../../games/sortofalmostultraslanted.toml"),
    ),
    ("diagonal", include_str!("../../games/diagonal.toml")),
];

static BUILTIN: Lazy<Vec<&'static VariantSpec>> = Lazy::new(|| {
    BUILTIN_FILES
        .iter()
        .enumerate()
        .map(|(id, (name, text))| {
            let origin = format!("<built-in {name}>");
            // The built-in files are the project's own data; the tests read every one.
            let file = toml_reader::parse(&origin, text)
                .unwrap_or_else(|e| panic!("built-in game file: {e}"));
            let spec = spec_from_file(&file, &origin, text, id)
                .unwrap_or_else(|e| panic!("built-in game file: {e}"));
            &*Box::leak(Box::new(spec))
        })
        .collect()
});

/// Games loaded from files, after the built-in ones.
static LOADED: Lazy<RwLock<Vec<&'static VariantSpec>>> = Lazy::new(|| RwLock::new(Vec::new()));

/// Ids handed out so far to games from files, refused ones included: a refused game may
/// have left tables in its id's cache place, so an id is never given twice.
static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// The built-in 2D games, in listing order.
pub fn builtin() -> &'static [&'static VariantSpec] {
    &BUILTIN
}

/// The built-in game whose embedded file is `text` (line endings aside): `oblique check
/// engine/games/chess.toml` proves the built-in game, where any other file may not take
/// its name.
pub fn builtin_of_text(text: &str) -> Option<&'static VariantSpec> {
    let text = text.replace("\r\n", "\n");
    BUILTIN_FILES
        .iter()
        .position(|(_, t)| *t == text)
        .map(|i| builtin()[i])
}

/// Every 2D game known now: the built-in ones, then those loaded from files.
pub fn all() -> Vec<&'static VariantSpec> {
    let loaded = LOADED.read().map(|l| l.clone()).unwrap_or_default();
    builtin().iter().copied().chain(loaded).collect()
}

/// Orthodox chess.
pub fn chess() -> &'static VariantSpec {
    builtin()[0]
}

/// Finds a 2D game by its name or XBoard's name for it (`normal` is orthodox chess, as is
/// `standard`), case-insensitive.
pub fn find(name: &str) -> Option<&'static VariantSpec> {
    let lower = name.to_ascii_lowercase();
    let lower = if lower == "standard" { "chess" } else { &lower };
    all()
        .into_iter()
        .find(|v| v.name == lower || v.xboard.name == lower)
}

/// XBoard's names of every 2D game, in listing order (Star Trek chess is not offered:
/// XBoard cannot draw three dimensions).
pub fn xboard_names() -> Vec<&'static str> {
    all().iter().map(|v| v.xboard.name).collect()
}

/// Adds one game read from a file; `text` is the file's source (for line numbers). The
/// game's start position must parse and its tables build, or it is refused.
pub fn register(
    file: &GameFile,
    origin: &str,
    text: &str,
) -> Result<&'static VariantSpec, GameFileError> {
    let mut loaded = LOADED
        .write()
        .map_err(|_| GameFileError::new(origin, None, "the list of games is unusable"))?;
    let name = file.game.name.as_str();
    if builtin()
        .iter()
        .any(|v| v.name == name || v.xboard.name == name)
    {
        return Err(GameFileError::new(
            origin,
            oblique_gamefile::error::line_of(text, name),
            format!("'{name}' is a built-in game's name; give the file's game its own"),
        ));
    }
    if let Some(old) = loaded.iter().find(|v| v.name == name) {
        if old.origin == origin {
            return Ok(old);
        }
        return Err(GameFileError::new(
            origin,
            oblique_gamefile::error::line_of(text, name),
            format!(
                "a game called '{name}' is already loaded from {}",
                old.origin
            ),
        ));
    }
    let id = builtin().len() + NEXT_ID.fetch_add(1, Ordering::Relaxed);
    if id >= MAX_GAMES {
        return Err(GameFileError::new(
            origin,
            None,
            format!("more than {MAX_GAMES} games in one process"),
        ));
    }
    let spec: &'static VariantSpec = Box::leak(Box::new(spec_from_file(file, origin, text, id)?));
    let start = match spec.width {
        Width::W64 => Position::<u64>::from_fen(spec, spec.start_fen).map(|_| ()),
        Width::W128 => Position::<u128>::from_fen(spec, spec.start_fen).map(|_| ()),
    };
    start.map_err(|e| {
        GameFileError::new(
            origin,
            oblique_gamefile::error::line_of(text, spec.start_fen),
            format!("start position: {e}"),
        )
    })?;
    loaded.push(spec);
    Ok(spec)
}

/// Reads a game file and adds its games: Fairy-Stockfish's `variants.ini` (by the `.ini`
/// ending; every section must be a game we play, or the file is refused at the first one
/// that is not) or our TOML format (one game).
pub fn register_file(path: &str) -> Result<Vec<&'static VariantSpec>, GameFileError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| GameFileError::new(path, None, format!("cannot read: {e}")))?;
    if path.to_ascii_lowercase().ends_with(".ini") {
        let games = ini::parse(path, &text)?;
        if games.is_empty() {
            return Err(GameFileError::new(path, None, "no game sections"));
        }
        return games.iter().map(|g| register(g, path, &text)).collect();
    }
    if let Some(family) = toml_reader::family_of(&text) {
        return Err(GameFileError::new(
            path,
            oblique_gamefile::error::line_of(&text, "family ="),
            format!(
                "a game of the {family} family: its games are built in (--variant startrek), \
                 and `oblique check` proves such a file; it adds no game"
            ),
        ));
    }
    let file = toml_reader::parse(path, &text)?;
    Ok(vec![register(&file, path, &text)?])
}

/// The folders searched for `NAME.toml`: `$OBLIQUE_VARIANTS`, then `./variants`.
pub fn search_path() -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<std::path::PathBuf> = std::env::var_os("OBLIQUE_VARIANTS")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(std::path::PathBuf::from("variants"));
    dirs
}

/// A game by name, loading `NAME.toml` from the search path if no loaded game has the name.
/// `Ok(None)`: no such game anywhere; `Err`: a file was found but is bad.
pub fn find_or_load(name: &str) -> Result<Option<&'static VariantSpec>, GameFileError> {
    if let Some(spec) = find(name) {
        return Ok(Some(spec));
    }
    let safe = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !safe {
        return Ok(None);
    }
    for dir in search_path() {
        let path = dir.join(format!("{}.toml", name.to_ascii_lowercase()));
        if path.is_file() {
            let games = register_file(&path.to_string_lossy())?;
            return Ok(games
                .into_iter()
                .find(|g| g.name.eq_ignore_ascii_case(name)));
        }
    }
    Ok(None)
}
