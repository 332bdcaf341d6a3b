//! `oblique analyze`: search a position and stream one line per completed depth.

use oblique_engine::search::{Info, Limits, Search, SearchResult};
use oblique_engine::AnyPosition;

/// One line per completed iteration, UCI-like so scripts can read it.
pub fn info_line(i: &Info, multipv: bool) -> String {
    let mut s = format!("depth {} seldepth {}", i.depth, i.seldepth);
    if multipv {
        s.push_str(&format!(" multipv {}", i.multipv));
    }
    s.push_str(&format!(
        " score {} nodes {} nps {} time {} hashfull {} pv {}",
        i.score.uci(),
        i.nodes,
        i.nps,
        i.time.as_millis(),
        i.hashfull,
        i.pv.join(" ")
    ));
    s
}

/// Runs the search, printing each iteration, and returns the result.
pub fn run(search: &Search, pos: &AnyPosition, limits: &Limits) -> SearchResult {
    let multipv = limits.multipv > 1;
    pos.search(search, &oblique_eval::Evaluation, limits, |i| {
        println!("{}", info_line(i, multipv))
    })
}
