//! `oblique variants`: every game with its board, square count and first mover.

use crate::error::CliError;
use oblique_engine::any::variant_infos;

/// Prints one line per game under a header.
pub fn command() -> Result<(), CliError> {
    println!(
        "{:<26} {:<8} {:>7}  {:<6} title",
        "name", "board", "squares", "first"
    );
    for v in variant_infos()? {
        println!(
            "{:<26} {:<8} {:>7}  {:<6} {}",
            v.name,
            v.board,
            v.squares,
            v.first.name(),
            v.title
        );
    }
    Ok(())
}
