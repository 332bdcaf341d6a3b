//! The argument groups several commands share: the game and its starting point, and moves
//! to play from it. Each command's own flags live with the command (`cli/<command>.rs`).

use crate::error::CliError;
use clap::Args;
use oblique_engine::AnyPosition;

/// The game and its starting point, as every command that takes a position reads them.
#[derive(Args)]
pub struct GameArgs {
    /// The game (`oblique variants` lists them).
    #[arg(long, short, default_value = "chess")]
    pub variant: String,
    /// Position in the game's FEN (TFEN for Star Trek chess; default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl GameArgs {
    pub fn position(&self) -> Result<AnyPosition, CliError> {
        Ok(AnyPosition::new(&self.variant, self.fen.as_deref())?)
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
