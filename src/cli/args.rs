//! The argument groups several commands share: the game and its starting point, and moves
//! to play from it. Each command's own flags live with the command (`cli/<command>.rs`).

use crate::error::CliError;
use clap::Args;
use oblique_engine::AnyPosition;
use std::sync::OnceLock;

/// The game of the one game file `--variant-file` loaded, which commands play when no
/// `--variant` is given.
static FILE_GAME: OnceLock<&'static str> = OnceLock::new();

/// The `--variant-file` files this process loaded, as given (engines it starts need them).
static FILES: OnceLock<Vec<String>> = OnceLock::new();

/// The game files of `--variant-file`, for the engine processes a command starts.
pub fn variant_files() -> &'static [String] {
    FILES.get().map_or(&[], Vec::as_slice)
}

/// Loads every `--variant-file` (our TOML format or Fairy-Stockfish's variants.ini) and,
/// when they hold exactly one game, makes it the default game.
pub fn load_variant_files(files: &[String]) -> Result<(), CliError> {
    let mut games = Vec::new();
    for f in files {
        games.extend(oblique_engine::registry::register_file(f)?);
    }
    if let [one] = games.as_slice() {
        let _ = FILE_GAME.set(one.name);
    }
    let _ = FILES.set(files.to_vec());
    Ok(())
}

/// The `--weights` file this process plays with, as given (engines it starts need it).
static WEIGHTS: OnceLock<String> = OnceLock::new();

/// Reads `--weights FILE` (the format `oblique tune fit` and `oblique study values
/// --write-weights` write) and makes it the evaluation's weights for the game it names,
/// for this process. Call after `load_variant_files`: the file may name a file's game.
pub fn load_weights(path: Option<&str>) -> Result<(), CliError> {
    if let Some(path) = path {
        oblique_eval::weights::use_file(path)?;
        let _ = WEIGHTS.set(path.to_string());
    }
    Ok(())
}

/// The `--weights` file, for the engine processes a command starts and for the engine's
/// name.
pub fn weights_file() -> Option<&'static str> {
    WEIGHTS.get().map(String::as_str)
}

/// The one game `--variant-file` loaded, if it loaded exactly one.
pub fn file_game() -> Option<&'static str> {
    FILE_GAME.get().copied()
}

/// The game a command plays: `--variant`, else the one game of `--variant-file`, else
/// orthodox chess.
pub fn game_name(variant: &Option<String>) -> String {
    match variant {
        Some(v) => v.clone(),
        None => file_game().unwrap_or("chess").to_string(),
    }
}

/// The game and its starting point, as every command that takes a position reads them.
#[derive(Args)]
pub struct GameArgs {
    /// The game (`oblique variants` lists them; a file's games with --variant-file, or
    /// NAME.toml found in $OBLIQUE_VARIANTS or ./variants). Default: the one game of
    /// --variant-file, else chess.
    #[arg(long, short)]
    pub variant: Option<String>,
    /// Position in the game's FEN (TFEN for Star Trek chess; default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl GameArgs {
    pub fn position(&self) -> Result<AnyPosition, CliError> {
        Ok(AnyPosition::new(
            &game_name(&self.variant),
            self.fen.as_deref(),
        )?)
    }
}

/// A game, its starting point and moves played from there.
#[derive(Args)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves to play first, in protocol or human notation.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    pub fn position(&self) -> Result<AnyPosition, CliError> {
        let mut pos = self.game.position()?;
        for m in &self.moves {
            pos.play(m).map_err(CliError::IllegalMove)?;
        }
        Ok(pos)
    }
}
