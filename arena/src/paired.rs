//! `oblique match pair`: two matches on the same openings compared game by game. A change is
//! usually judged by playing the candidate and the build before it against the same opponent
//! with the same seed (one match per core, side by side); the two scores differ by far less
//! than two independent scores do, because each opening is played by both. Pairing each
//! game of the candidate's match with the game of the same opening in the baseline's and
//! averaging the differences gives that finer interval (the opening's own share of the
//! noise cancels), where the two reports side by side would not.
//!
//! A game's opening is its round (which sets the colours), its start position and the moves
//! its PGN marks `book`: the same in two matches played from the same seed, different for
//! another seed, so several seeds' files can be given on each side. The score is always the
//! first engine's (round 1's White), as in `oblique match report`.

use crate::error::PairError;
use crate::game::GameResult;
use crate::report::{engine_names, read_pgn_files, PgnGame};
use crate::stats::{Wdl, Z95};
use std::collections::btree_map::{BTreeMap, Entry};
use std::path::PathBuf;

/// The opening a game was played from: round, start position, book moves.
type OpeningKey = (String, String, String);

/// One side of the comparison: its engines (the scored one first) and its games by opening.
struct Side {
    names: Vec<String>,
    games: BTreeMap<OpeningKey, PgnGame>,
    /// Games whose opening another game of the same side already has (counted once).
    repeated: usize,
    total: Wdl,
}

/// The moves of a movetext up to its last `{book}` comment, spaced alike (empty without one).
fn book_moves(movetext: &str) -> String {
    match movetext.rfind("{book}") {
        Some(at) => movetext[..at + "{book}".len()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        None => String::new(),
    }
}

/// A game's result for `engine`, who played in it.
fn result_for(g: &PgnGame, engine: &str) -> Wdl {
    match (g.result, g.white == engine) {
        (GameResult::Draw, _) => Wdl::new(0, 1, 0),
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => Wdl::new(1, 0, 0),
        _ => Wdl::new(0, 0, 1),
    }
}

fn read_side(label: &'static str, files: &[PathBuf]) -> Result<Side, PairError> {
    let (games, _skipped, _duplicates) = read_pgn_files(files)?;
    let names = engine_names(&games);
    if names.len() != 2 {
        return Err(PairError::NotTwoEngines {
            side: label,
            engines: names,
        });
    }
    let mut side = Side {
        names,
        games: BTreeMap::new(),
        repeated: 0,
        total: Wdl::default(),
    };
    for g in games {
        side.total += result_for(&g, &side.names[0]);
        let key = (g.round.clone(), g.start.clone(), book_moves(&g.movetext));
        match side.games.entry(key) {
            Entry::Occupied(_) => side.repeated += 1,
            Entry::Vacant(slot) => {
                slot.insert(g);
            }
        }
    }
    Ok(side)
}

/// The comparison itself, apart from reading and printing.
#[derive(Debug, Default, PartialEq)]
struct Pairing {
    pairs: usize,
    /// The candidate's and the baseline's results over the paired games.
    candidate: Wdl,
    baseline: Wdl,
    /// Games of one side whose opening the other side did not play (or played with the
    /// scored engine on the other colour).
    unpaired: usize,
    better: usize,
    worse: usize,
    /// Mean of candidate's points less baseline's, a game, and its 95 % half-width.
    mean: f64,
    interval95: Option<f64>,
}

fn compare(candidate: &Side, baseline: &Side) -> Pairing {
    let mut p = Pairing::default();
    let mut diffs = Vec::new();
    for (key, c) in &candidate.games {
        let Some(b) = baseline.games.get(key) else {
            p.unpaired += 1;
            continue;
        };
        if (c.white == candidate.names[0]) != (b.white == baseline.names[0]) {
            p.unpaired += 2;
            continue;
        }
        let (rc, rb) = (
            result_for(c, &candidate.names[0]),
            result_for(b, &baseline.names[0]),
        );
        p.candidate += rc;
        p.baseline += rb;
        let d = rc.points() - rb.points();
        if d > 0.0 {
            p.better += 1;
        } else if d < 0.0 {
            p.worse += 1;
        }
        diffs.push(d);
    }
    p.unpaired += baseline
        .games
        .keys()
        .filter(|k| !candidate.games.contains_key(*k))
        .count();
    p.pairs = diffs.len();
    if !diffs.is_empty() {
        let n = diffs.len() as f64;
        p.mean = diffs.iter().sum::<f64>() / n;
        if diffs.len() > 1 {
            let var = diffs.iter().map(|d| (d - p.mean).powi(2)).sum::<f64>() / (n - 1.0);
            p.interval95 = Some(Z95 * (var / n).sqrt());
        }
    }
    p
}

fn describe(w: &Wdl) -> String {
    format!(
        "{:.1} % ({} - {} - {})",
        w.score().unwrap_or(0.5) * 100.0,
        w.wins,
        w.losses,
        w.draws
    )
}

/// `oblique match pair --candidate FILE.pgn... --baseline FILE.pgn...`: the candidate's
/// match and the baseline's, game by game on the same openings.
pub fn run_pair(candidate: &[PathBuf], baseline: &[PathBuf]) -> Result<(), PairError> {
    let c = read_side("candidate", candidate)?;
    let b = read_side("baseline", baseline)?;
    let p = compare(&c, &b);
    if p.pairs == 0 {
        return Err(PairError::NoPairs);
    }
    println!(
        "Candidate: {} vs {}, {} over {} games",
        c.names[0],
        c.names[1],
        describe(&c.total),
        c.total.games()
    );
    println!(
        "Baseline:  {} vs {}, {} over {} games",
        b.names[0],
        b.names[1],
        describe(&b.total),
        b.total.games()
    );
    if c.names[1] != b.names[1] {
        println!(
            "Note: the opponents differ ({} and {})",
            c.names[1], b.names[1]
        );
    }
    println!(
        "Paired: {} openings played by both: candidate {}, baseline {}{}{}",
        p.pairs,
        describe(&p.candidate),
        describe(&p.baseline),
        if p.unpaired > 0 {
            format!("; {} game(s) without a partner left out", p.unpaired)
        } else {
            String::new()
        },
        if c.repeated + b.repeated > 0 {
            format!(
                "; {} game(s) repeating an opening of their own side left out",
                c.repeated + b.repeated
            )
        } else {
            String::new()
        }
    );
    println!(
        "Candidate less baseline, a game: {:+.3}{} (95 %); better in {}, worse in {}, alike in {}",
        p.mean,
        p.interval95
            .map(|e| format!(" ± {e:.3}"))
            .unwrap_or_default(),
        p.better,
        p.worse,
        p.pairs - p.better - p.worse
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: u32, white: &str, black: &str, result: &str, book: &str) -> String {
        format!(
            "[Event \"m\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"{result}\"]\n\n1. {book} {{book}} e7e5 {{+0.10/5 0.1s}}\n{result}\n\n"
        )
    }

    fn write(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("written");
        p
    }

    #[test]
    fn book_moves_stop_at_the_last_book_comment() {
        assert_eq!(
            book_moves("1. e2e4 {book} e7e5\n{book} 2. g1f3 {+0.1/3 0.1s}"),
            "1. e2e4 {book} e7e5 {book}"
        );
        assert_eq!(book_moves("1. e2e4 {+0.1/3 0.1s}"), "");
    }

    /// Candidate X and baseline M each play O from the same two openings (rounds 1 and 2)
    /// and X also from a third that M never played. Round 1: X wins where M draws (+½);
    /// round 2, O with White: X draws where M loses (+½). The third is left out.
    #[test]
    fn games_pair_by_opening_and_differences_are_the_candidates_points_less_the_baselines() {
        let dir = std::env::temp_dir().join(format!("oblique-pair-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let x = write(
            &dir,
            "x.pgn",
            &(game(1, "X", "O", "1-0", "d2d4")
                + &game(2, "O", "X", "1/2-1/2", "d2d4")
                + &game(3, "X", "O", "0-1", "c2c4")),
        );
        let m = write(
            &dir,
            "m.pgn",
            &(game(2, "O", "M", "1-0", "d2d4") + &game(1, "M", "O", "1/2-1/2", "d2d4")),
        );
        let c = read_side("candidate", std::slice::from_ref(&x)).expect("read");
        let b = read_side("baseline", std::slice::from_ref(&m)).expect("read");
        assert_eq!(c.names, ["X", "O"]);
        assert_eq!(b.names, ["M", "O"]);
        let p = compare(&c, &b);
        assert_eq!((p.pairs, p.unpaired, p.better, p.worse), (2, 1, 2, 0));
        assert_eq!(p.candidate, Wdl::new(1, 1, 0));
        assert_eq!(p.baseline, Wdl::new(0, 1, 1));
        assert!((p.mean - 0.5).abs() < 1e-12);
        assert_eq!(p.interval95, Some(0.0), "both differences are +1/2");
        assert!(run_pair(std::slice::from_ref(&x), std::slice::from_ref(&m)).is_ok());
        // Another opening in round 1 is another game: nothing pairs.
        let other = write(&dir, "o.pgn", &game(1, "M", "O", "1-0", "g1f3"));
        assert!(matches!(
            run_pair(std::slice::from_ref(&x), &[other]),
            Err(PairError::NoPairs)
        ));
        let three = write(
            &dir,
            "three.pgn",
            &(game(1, "M", "O", "1-0", "d2d4") + &game(2, "P", "M", "1-0", "d2d4")),
        );
        assert!(matches!(
            run_pair(&[x], &[three]),
            Err(PairError::NotTwoEngines {
                side: "baseline",
                ..
            })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
