//! What a match comes to: the tally of finished games (per pair and per engine, forfeits by
//! kind) and the final report. `oblique match` fills the tally as games finish; `oblique
//! match report FILE.pgn ...` fills it from PGN files, so the slices of a match played apart
//! (`--shard K/N`, on several machines) merge into the same statistics.

use crate::error::ReportError;
use crate::game::{GameResult, PlayedGame, Termination};
use crate::stats::{fmt_elo, Sprt, SprtVerdict, Wdl};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Results so far, per pair and per engine.
#[derive(Default)]
pub struct Tally {
    /// Keyed (i, j) with i < j, from i's point of view.
    pub pairs: BTreeMap<(usize, usize), Wdl>,
    /// Forfeits per engine and kind.
    pub forfeits: BTreeMap<usize, BTreeMap<&'static str, u32>>,
    pub finished: usize,
}

impl Tally {
    pub fn add(&mut self, g: &PlayedGame) {
        let forfeit = g
            .culprit
            .filter(|_| {
                !matches!(
                    g.termination,
                    Termination::Normal | Termination::Adjudication
                )
            })
            .map(|c| (c, g.termination.describe()));
        self.add_result(g.white, g.black, g.result, forfeit);
    }

    /// One game between engines `white` and `black`; `forfeit`: who lost it by what.
    pub fn add_result(
        &mut self,
        white: usize,
        black: usize,
        result: GameResult,
        forfeit: Option<(usize, &'static str)>,
    ) {
        let (i, j) = (white.min(black), white.max(black));
        let e = self.pairs.entry((i, j)).or_default();
        let i_white = white == i;
        match (result, i_white) {
            (GameResult::Draw, _) => e.draws += 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => e.wins += 1,
            _ => e.losses += 1,
        }
        if let Some((c, kind)) = forfeit {
            *self.forfeits.entry(c).or_default().entry(kind).or_insert(0) += 1;
        }
        self.finished += 1;
    }

    /// Engine `k` against everyone.
    pub fn total(&self, k: usize) -> Wdl {
        let mut t = Wdl::default();
        for (&(i, j), r) in &self.pairs {
            let r = if i == k {
                *r
            } else if j == k {
                r.flipped()
            } else {
                continue;
            };
            t += r;
        }
        t
    }
}

pub fn short_line(names: &[String], t: &Tally) -> String {
    if names.len() == 2 {
        let r = t.total(0);
        let elo = match (r.elo(), r.elo_error95()) {
            (Some(e), Some(err)) if e.is_finite() && err.is_finite() => {
                format!("  Elo {} ±{:.0}", fmt_elo(e), err)
            }
            _ => String::new(),
        };
        format!(
            "{} {} - {} {}  (+{} ={} -{}){elo}",
            names[0],
            r.points(),
            r.flipped().points(),
            names[1],
            r.wins,
            r.draws,
            r.losses
        )
    } else {
        let leader = (0..names.len())
            .max_by(|&a, &b| {
                t.total(a)
                    .points()
                    .partial_cmp(&t.total(b).points())
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .unwrap_or(0);
        format!("leader {} {}", names[leader], t.total(leader).points())
    }
}

fn report_lines(r: &Wdl) -> Vec<String> {
    let mut out = Vec::new();
    let (Some(score), Some(elo), Some(err), Some(dr)) =
        (r.score(), r.elo(), r.elo_error95(), r.draw_ratio())
    else {
        return out;
    };
    out.push(format!(
        "Elo difference: {} +/- {}, LOS: {}, DrawRatio: {:.1} %, score {:.1} %",
        fmt_elo(elo),
        if err.is_finite() {
            format!("{err:.1}")
        } else {
            // Say how far the interval does reach.
            match r.elo_interval95() {
                Some((lo, hi)) => format!("inf (95%: {} .. {})", fmt_elo(lo), fmt_elo(hi)),
                None => "inf".to_string(),
            }
        },
        r.los()
            .map(|l| format!("{:.1} %", l * 100.0))
            .unwrap_or_else(|| "n/a".to_string()),
        dr * 100.0,
        score * 100.0
    ));
    out
}

/// The final report of a match (or of PGN files merged by `oblique match report`): the
/// score, Elo with its 95 % interval, LOS and the SPRT for two engines; a table for more;
/// forfeits per engine.
pub fn print_report(names: &[String], tally: &Tally, sprt: Option<&Sprt>, verdict: SprtVerdict) {
    if names.len() == 2 {
        let r = tally.total(0);
        println!(
            "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
            names[0],
            names[1],
            r.wins,
            r.losses,
            r.draws,
            r.score().unwrap_or(0.5),
            r.games()
        );
        for l in report_lines(&r) {
            println!("{l}");
        }
        if let Some(s) = sprt {
            let llr = s.llr(&r);
            println!(
                "SPRT: llr {:.2} ({:.1} %), lbound {:.2}, ubound {:.2} - {}",
                llr,
                100.0 * llr / s.upper_bound(),
                s.lower_bound(),
                s.upper_bound(),
                match verdict {
                    SprtVerdict::AcceptH1 => "H1 was accepted",
                    SprtVerdict::AcceptH0 => "H0 was accepted",
                    SprtVerdict::Continue => "no decision",
                }
            );
        }
    } else {
        println!(
            "{:<4} {:<28} {:>7} {:>6} {:>9} {:>8} {:>7}",
            "rank", "engine", "games", "score", "elo", "+/-", "draws"
        );
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&a, &b| {
            tally
                .total(b)
                .points()
                .partial_cmp(&tally.total(a).points())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        for (rank, &k) in order.iter().enumerate() {
            let r = tally.total(k);
            println!(
                "{:<4} {:<28} {:>7} {:>6} {:>9} {:>8} {:>6.1}%",
                rank + 1,
                names[k],
                r.games(),
                r.points(),
                r.elo().map(fmt_elo).unwrap_or_default(),
                r.elo_error95()
                    .map(|e| format!("{e:.1}"))
                    .unwrap_or_default(),
                r.draw_ratio().unwrap_or(0.0) * 100.0
            );
        }
        for (&(i, j), r) in &tally.pairs {
            println!(
                "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
                names[i],
                names[j],
                r.wins,
                r.losses,
                r.draws,
                r.score().unwrap_or(0.5),
                r.games()
            );
        }
    }
    for (k, kinds) in &tally.forfeits {
        let list: Vec<String> = kinds.iter().map(|(t, n)| format!("{t} x{n}")).collect();
        println!("Forfeits by {}: {}", names[*k], list.join(", "));
    }
}

/// One game as read back from a PGN file of `oblique match`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PgnGame {
    pub(crate) round: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) result: GameResult,
    termination: String,
    /// The start position (`FEN` tag) and the movetext as written: with the round and the
    /// players they tell one game from another, so that the same game read twice counts
    /// once while two matches that reuse round numbers (another seed, more games) both count.
    pub(crate) start: String,
    pub(crate) movetext: String,
}

impl PgnGame {
    fn identity(&self) -> [String; 5] {
        [
            self.round.clone(),
            self.white.clone(),
            self.black.clone(),
            self.start.clone(),
            self.movetext.clone(),
        ]
    }
}

/// The games of a PGN text (`oblique_engine::pgn::games`): tags and movetext. Games without
/// a White, Black or a decisive/drawn Result (`*`) are skipped and counted; movetext
/// without tags is passed over.
fn read_games(text: &str) -> (Vec<PgnGame>, usize) {
    let mut games = Vec::new();
    let mut skipped = 0;
    for g in oblique_engine::pgn::games(text) {
        if g.tags.is_empty() {
            continue;
        }
        let result = match g.tag("Result") {
            Some("1-0") => Some(GameResult::WhiteWins),
            Some("0-1") => Some(GameResult::BlackWins),
            Some("1/2-1/2") => Some(GameResult::Draw),
            _ => None,
        };
        match (g.tag("White"), g.tag("Black"), result) {
            (Some(w), Some(b), Some(result)) => games.push(PgnGame {
                round: g.tag("Round").unwrap_or_default().to_string(),
                white: w.to_string(),
                black: b.to_string(),
                result,
                termination: g.tag("Termination").unwrap_or_default().to_string(),
                start: g.tag("FEN").unwrap_or_default().to_string(),
                movetext: g.movetext,
            }),
            _ => skipped += 1,
        }
    }
    (games, skipped)
}

/// The forfeit kind of a PGN `Termination` tag (as `Termination::pgn` writes it).
fn forfeit_kind(termination: &str) -> Option<&'static str> {
    match termination {
        "time forfeit" => Some(Termination::TimeForfeit.describe()),
        "rules infraction" => Some(Termination::IllegalMove.describe()),
        "abandoned" => Some("crash or stall"),
        _ => None,
    }
}

/// The games with each game once (a game without a round is always kept), and how many
/// were left out.
fn without_duplicates(games: Vec<PgnGame>) -> (Vec<PgnGame>, usize) {
    let before = games.len();
    let mut kept: Vec<PgnGame> = Vec::with_capacity(before);
    let mut seen = BTreeSet::new();
    for g in games {
        if g.round.is_empty() || seen.insert(g.identity()) {
            kept.push(g);
        }
    }
    let left_out = before - kept.len();
    (kept, left_out)
}

/// The engines in the order of the match that played them: as they first appear by round
/// number (round 1 is the first engine's White against the second), not by where a game
/// stands in a file, since games played at once are written as they finish. The score is
/// reported for the first. Games without a numeric round come last, in file order.
pub(crate) fn engine_names(games: &[PgnGame]) -> Vec<String> {
    let mut by_round: Vec<&PgnGame> = games.iter().collect();
    by_round.sort_by_key(|g| g.round.parse::<u64>().unwrap_or(u64::MAX));
    let mut names: Vec<String> = Vec::new();
    for g in by_round {
        for n in [&g.white, &g.black] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    names
}

/// The finished games of PGN files, each once, with how many were unfinished or unreadable
/// and how many were read twice.
pub(crate) fn read_pgn_files(
    files: &[PathBuf],
) -> Result<(Vec<PgnGame>, usize, usize), ReportError> {
    let mut games = Vec::new();
    let mut skipped = 0;
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|error| ReportError::Read {
            path: f.clone(),
            error,
        })?;
        let (g, s) = read_games(&text);
        games.extend(g);
        skipped += s;
    }
    let (games, duplicates) = without_duplicates(games);
    Ok((games, skipped, duplicates))
}

/// `oblique match report FILE.pgn ... [--sprt PARAMS]`: merges PGN files written by
/// `oblique match` (typically the slices of one match) into one report. A game that two
/// files both hold (same round, players, start position and moves) counts once.
pub fn run_report(files: &[PathBuf], sprt: Option<&str>) -> Result<(), ReportError> {
    if files.is_empty() {
        return Err(ReportError::NoFiles);
    }
    let sprt = sprt.map(Sprt::parse).transpose()?;
    let (games, skipped, duplicates) = read_pgn_files(files)?;
    let names = engine_names(&games);
    let index = |n: &str| names.iter().position(|x| x == n).unwrap_or(0);
    let mut tally = Tally::default();
    for g in &games {
        let (w, b) = (index(&g.white), index(&g.black));
        if w == b {
            return Err(ReportError::SelfPlay {
                round: g.round.clone(),
                engine: g.white.clone(),
            });
        }
        let loser = match g.result {
            GameResult::WhiteWins => Some(b),
            GameResult::BlackWins => Some(w),
            GameResult::Draw => None,
        };
        let forfeit = forfeit_kind(&g.termination).zip(loser).map(|(k, l)| (l, k));
        tally.add_result(w, b, g.result, forfeit);
    }
    if names.len() < 2 {
        return Err(ReportError::NoGames);
    }
    println!(
        "Report: {} games from {} file(s){}{}",
        tally.finished,
        files.len(),
        if duplicates > 0 {
            format!(", {duplicates} duplicate(s) counted once")
        } else {
            String::new()
        },
        if skipped > 0 {
            format!(", {skipped} unfinished or unreadable game(s) left out")
        } else {
            String::new()
        },
    );
    let verdict = match &sprt {
        Some(s) if names.len() == 2 => s.verdict(&tally.total(0)),
        Some(_) => return Err(ReportError::SprtNeedsTwo),
        None => SprtVerdict::Continue,
    };
    print_report(&names, &tally, sprt.as_ref(), verdict);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::GameRecord;

    #[test]
    fn tally_counts_from_the_first_engine() {
        let rec = |white, black, result, termination, culprit| PlayedGame {
            result,
            termination,
            culprit,
            ..PlayedGame::new(1, [white, black], GameRecord::new("chess", None).unwrap())
        };
        let mut t = Tally::default();
        t.add(&rec(0, 1, GameResult::WhiteWins, Termination::Normal, None));
        t.add(&rec(
            1,
            0,
            GameResult::WhiteWins,
            Termination::TimeForfeit,
            Some(0),
        ));
        t.add(&rec(1, 0, GameResult::Draw, Termination::Normal, None));
        assert_eq!(t.total(0), Wdl::new(1, 1, 1));
        assert_eq!(t.total(1), Wdl::new(1, 1, 1));
        assert_eq!(t.forfeits[&0]["time forfeit"], 1);
        assert_eq!(t.finished, 3);
    }

    #[test]
    fn engines_are_named_in_round_order_whatever_order_games_finished_in() {
        let game = |round: &str, white: &str, black: &str| PgnGame {
            round: round.into(),
            white: white.into(),
            black: black.into(),
            result: GameResult::Draw,
            termination: String::new(),
            start: String::new(),
            movetext: String::new(),
        };
        // Two games at once: round 2 (Base with White) finished first.
        let games = [
            game("2", "Base", "Cand"),
            game("1", "Cand", "Base"),
            game("", "Other", "Cand"),
            game("4", "Third", "Base"),
        ];
        assert_eq!(engine_names(&games), ["Cand", "Base", "Third", "Other"]);
    }

    #[test]
    fn pgn_games_read_back() {
        let text = "[Event \"x\"]\n[Round \"3\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\
                    [Termination \"time forfeit\"]\n\n1. e2e4 {A loses on time} 0-1\n\n\
                    [Round \"4\"]\n[White \"B\"]\n[Black \"A\"]\n[Result \"*\"]\n\n*\n";
        let (games, skipped) = read_games(text);
        assert_eq!(skipped, 1);
        assert_eq!(
            games,
            [PgnGame {
                round: "3".into(),
                white: "A".into(),
                black: "B".into(),
                result: GameResult::BlackWins,
                termination: "time forfeit".into(),
                start: String::new(),
                movetext: "1. e2e4 {A loses on time} 0-1".into(),
            }]
        );
        assert_eq!(forfeit_kind("time forfeit"), Some("time forfeit"));
        assert_eq!(forfeit_kind("normal"), None);
    }

    /// Two matches that number their games alike (here: round 1, the same players, another
    /// opening) are different games; a file given twice holds the same games.
    #[test]
    fn merging_counts_a_game_once_and_different_games_with_one_round_each() {
        let game = |fen: &str, result: &str| {
            format!(
                "[Event \"m\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n\
                 [Result \"{result}\"]\n[FEN \"{fen}\"]\n\n1. a2a3 {{+0.10/5 0.1s}}\n{result}\n\n"
            )
        };
        let dir = std::env::temp_dir().join(format!("oblique-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let one = dir.join("seed1.pgn");
        let two = dir.join("seed2.pgn");
        std::fs::write(&one, game("8/8/8/8/8/8/8/K6k w - - 0 1", "1-0")).expect("written");
        std::fs::write(&two, game("8/8/8/8/8/8/8/K5k1 w - - 0 1", "0-1")).expect("written");
        let mut games = Vec::new();
        for f in [&one, &two, &one] {
            games.extend(read_games(&std::fs::read_to_string(f).expect("read")).0);
        }
        assert_eq!(games.len(), 3);
        let (kept, left_out) = without_duplicates(games);
        assert_eq!(
            (kept.len(), left_out),
            (2, 1),
            "seed 2's round 1 is another game; seed 1's read twice is one"
        );
        assert!(run_report(&[one.clone(), two.clone(), one.clone()], None).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
