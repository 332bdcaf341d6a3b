//! Subcommands of the `oblique` binary that need the search.

pub mod analyze;
pub mod bench;
pub mod play;
pub mod serve;

use oblique_engine::search::{Info, Limits, Search, SearchResult};
use oblique_engine::AnyPosition;

/// Searches any game with the project's evaluator.
pub fn search_any(
    search: &Search,
    pos: &AnyPosition,
    limits: &Limits,
    on_info: impl FnMut(&Info),
) -> Result<SearchResult, String> {
    let eval = oblique_eval::Evaluation;
    match pos {
        AnyPosition::W64(p) => Ok(search.run(p, &eval, limits, on_info)),
        AnyPosition::W128(p) => Ok(search.run(p, &eval, limits, on_info)),
        AnyPosition::StarTrek(p) => Ok(search.run(&**p, &eval, limits, on_info)),
    }
}
