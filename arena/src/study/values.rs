//! `oblique study values`: piece values measured by material-odds self-play, H. G. Muller's
//! method. For each piece (and the pawn, the yardstick) the engine plays itself from the
//! game's start with that piece taken from one side (`odds`: which piece and why), each
//! colour giving the odds in half the groups, with random openings. The odds side's score is
//! the Elo the piece is worth; divided by the Elo of a pawn (the pawn-odds games) it is the
//! piece's value in pawns, with Fieller's interval (`stats`). Values are given per search
//! limit and pooled over them (the pooled games' scores, the same ratio), beside the
//! evaluation's values (passed in by the caller; the arena does not know the evaluator),
//! and a measured interval that leaves the evaluation's value out is pointed out.
//!
//! `--trade X:Y` measures a trade of unequal pieces directly (one side without X, the other
//! without Y: X's value less Y's), which is how Muller kept the imbalances small: a piece
//! against nothing is a large imbalance, where the score saturates and the Elo-per-pawn
//! yardstick measured near equality undervalues the big pieces.

use crate::stats::Wdl;
use crate::study::charts::{error_bars, BarSeries};
use crate::study::error::StudyError;
use crate::study::odds::{piece_letters, remove_piece, trade};
use crate::study::page;
use crate::study::plan::{group_seed, Group};
use crate::study::run::{limit_label, play_and_collect, Setup};
use crate::study::stats::{score_estimate, value_in_pawns, warning, Ratio};
use oblique_engine::{AnyPosition, Color};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The pieces to measure: `asked` (checked against the game), or every piece of the game;
/// the pawn is always measured too, as the yardstick. Upper-case letters, pawn first.
pub fn pieces(variant: &str, asked: &[char]) -> Result<Vec<char>, StudyError> {
    let mut out = vec!['P'];
    let list: Vec<char> = if asked.is_empty() {
        piece_letters(variant)?
    } else {
        asked.to_vec()
    };
    for l in list {
        // Checks the letter (a king, or a piece the game lacks, is an error).
        remove_piece(variant, l, Color::White)?;
        let u = l.to_ascii_uppercase();
        if !out.contains(&u) {
            out.push(u);
        }
    }
    Ok(out)
}

/// What one set of groups measures: a piece against nothing (`N`), or a trade of unequal
/// pieces (`R-B`: one side without a rook, the other without a bishop, giving the rook's
/// value less the bishop's). Keys are the FEN letters, upper case.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Measure {
    pub give: char,
    pub take: Option<char>,
}

impl Measure {
    pub fn key(&self) -> String {
        match self.take {
            None => self.give.to_string(),
            Some(t) => format!("{}-{t}", self.give),
        }
    }

    /// The start position with the side `side` giving the odds, and what was taken.
    fn position(&self, game: &str, side: Color) -> Result<(String, String), StudyError> {
        match self.take {
            None => remove_piece(game, self.give, side),
            Some(t) => trade(game, self.give, t, side),
        }
    }

    /// The evaluation's value of what the odds side gives, in pawns.
    fn engine(&self, values: &BTreeMap<char, f64>) -> Option<f64> {
        let g = *values.get(&self.give)?;
        match self.take {
            None => Some(g),
            Some(t) => Some(g - values.get(&t)?),
        }
    }
}

/// Reads `--trade R:B` pairs (checked against the game).
pub fn trades(variant: &str, asked: &[(char, char)]) -> Result<Vec<Measure>, StudyError> {
    let mut out = Vec::new();
    for &(g, t) in asked {
        trade(variant, g, t, Color::White)?;
        let m = Measure {
            give: g.to_ascii_uppercase(),
            take: Some(t.to_ascii_uppercase()),
        };
        if !out.contains(&m) {
            out.push(m);
        }
    }
    Ok(out)
}

/// One group's place in the study: measure, side giving the odds, limit.
struct Slot {
    measure: usize,
    side: Color,
    limit: usize,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The measured value of one piece (or trade) under some games.
struct Measured {
    odds: Wdl,
    value: Result<Ratio, String>,
}

/// Runs the study: `asked` pieces (every piece if empty) and `asked_trades`;
/// `engine_values`: the evaluation's value of each piece letter in pawns.
pub fn run(
    setup: &Setup,
    asked: &[char],
    asked_trades: &[(char, char)],
    engine_values: &BTreeMap<char, f64>,
) -> Result<Value, StudyError> {
    let setup = &setup.with_recorded_command("values.json");
    let game = AnyPosition::new(&setup.variant, None)?
        .variant_name()
        .to_string();
    // The pawn first (the yardstick), then the pieces, then the trades.
    let mut measures: Vec<Measure> = pieces(&game, asked)?
        .into_iter()
        .map(|give| Measure { give, take: None })
        .collect();
    if !asked_trades.is_empty() && asked.is_empty() {
        // Trades alone: the pawn only, not every piece.
        measures.truncate(1);
    }
    measures.extend(trades(&game, asked_trades)?);
    let mut groups = Vec::new();
    let mut slots = Vec::new();
    let mut removed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (mi, m) in measures.iter().enumerate() {
        for side in [Color::White, Color::Black] {
            let (fen, what) = m.position(&game, side)?;
            removed.entry(m.key()).or_default().push(what);
            for (li, &tc) in setup.limits.iter().enumerate() {
                let name = format!(
                    "values/{game}/{}/{}-odds/{}",
                    m.key(),
                    side_name(side),
                    limit_label(tc)
                );
                let seed = group_seed(setup.seed, groups.len());
                groups.push(Group::new(
                    name,
                    &game,
                    Some(fen.clone()),
                    tc,
                    setup.games,
                    setup.plies,
                    seed,
                )?);
                slots.push(Slot {
                    measure: mi,
                    side,
                    limit: li,
                });
            }
        }
    }
    let mut count = 0usize;
    let games = play_and_collect(setup, &groups, |_| {
        count += 1;
        format!("{count} game(s) of odds")
    })?;
    // The odds side's results per (measure, limit).
    let index: BTreeMap<&str, usize> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| (g.name.as_str(), i))
        .collect();
    let mut wdl: BTreeMap<(usize, usize), Wdl> = BTreeMap::new();
    for g in &games {
        let Some(&i) = index.get(g.group.as_str()) else {
            continue;
        };
        let s = &slots[i];
        g.count_for(s.side, wdl.entry((s.measure, s.limit)).or_default());
    }
    let at = |mi: usize, li: usize| wdl.get(&(mi, li)).copied().unwrap_or_default();
    let pooled = |mi: usize| {
        let mut t = Wdl::default();
        for li in 0..setup.limits.len() {
            let w = at(mi, li);
            t.wins += w.wins;
            t.draws += w.draws;
            t.losses += w.losses;
        }
        t
    };
    let measure = |odds: Wdl, pawn: Wdl| Measured {
        odds,
        value: value_in_pawns(&odds, &pawn).map_err(|e| e.to_string()),
    };
    // Index 0 is the pawn.
    let pooled_values: Vec<(usize, Measured)> = (1..measures.len())
        .map(|mi| (mi, measure(pooled(mi), pooled(0))))
        .collect();
    let by_limit: Vec<Vec<(usize, Measured)>> = (0..setup.limits.len())
        .map(|li| {
            (1..measures.len())
                .map(|mi| (mi, measure(at(mi, li), at(0, li))))
                .collect()
        })
        .collect();

    let mut warnings = Vec::new();
    for (mi, m) in measures.iter().enumerate() {
        if let Some(w) = warning(&pooled(mi)) {
            warnings.push(format!("{} odds: {w}", m.key()));
        }
    }
    let mut notes = Vec::new();
    for (mi, m) in &pooled_values {
        let key = measures[*mi].key();
        match (&m.value, measures[*mi].engine(engine_values)) {
            (Err(e), _) => warnings.push(format!("{key}: no value: {e}")),
            (Ok(r), Some(ev)) if ev < r.low || ev > r.high => notes.push(format!(
                "{key}: measured {:.2} pawns (95 % {:.2} to {:.2}); the evaluation's {:.2} is outside",
                r.value, r.low, r.high, ev
            )),
            _ => {}
        }
    }

    let value_json = |mi: usize, m: &Measured| {
        let e = score_estimate(&m.odds);
        let (pawns, low, high, err) = match &m.value {
            Ok(r) => (Some(r.value), Some(r.low), Some(r.high), None),
            Err(e) => (None, None, None, Some(e.clone())),
        };
        json!({
            "pawns": pawns, "low": low, "high": high, "games": m.odds.games(),
            "odds_score": e.map(|e| e.score), "odds_score_low": e.map(|e| e.low),
            "odds_score_high": e.map(|e| e.high), "elo": e.map(|e| -e.elo),
            "removed": removed.get(&measures[mi].key()),
            "engine_pawns": measures[mi].engine(engine_values),
            "error": err,
        })
    };
    let section = |list: &[(usize, Measured)], trades: bool| {
        list.iter()
            .filter(|(mi, _)| measures[*mi].take.is_some() == trades)
            .map(|(mi, m)| (measures[*mi].key(), value_json(*mi, m)))
            .collect::<Map<_, _>>()
    };
    let pawn = score_estimate(&pooled(0));
    let json = json!({
        "study": "values",
        "game": game,
        "command": setup.command,
        "engine": setup.engine.command.join(" "),
        "seed": setup.seed,
        "random_plies": setup.plies,
        "max_moves": setup.max_moves,
        "limits": setup.limits.iter().map(|&t| limit_label(t)).collect::<Vec<_>>(),
        "yardstick": {
            "piece": "P", "removed": removed.get("P"), "games": pooled(0).games(),
            "odds_score": pawn.map(|e| e.score), "low": pawn.map(|e| e.low),
            "high": pawn.map(|e| e.high), "elo": pawn.map(|e| -e.elo),
        },
        "values": section(&pooled_values, false),
        "trades": section(&pooled_values, true),
        "by_limit": by_limit.iter().enumerate().map(|(li, vals)| json!({
            "limit": limit_label(setup.limits[li]),
            "values": section(vals, false),
            "trades": section(vals, true),
        })).collect::<Vec<_>>(),
        "engine_values": engine_values.iter().map(|(p, v)| (p.to_string(), json!(v)))
            .collect::<Map<_, _>>(),
        "differences": notes,
        "warnings": warnings,
    });
    let text = serde_json::to_string_pretty(&json).unwrap_or_default();
    page::write(&setup.out, "values.json", &(text + "\n"))?;

    // Tables, chart, files.
    let header = [
        "piece or trade",
        "removed",
        "games",
        "odds side's score (95 %)",
        "value in pawns (95 %)",
        "evaluation",
    ];
    let row = |mi: usize, m: Option<&Measured>, limit: Option<usize>| {
        let odds = match (m, limit) {
            (Some(m), _) => m.odds,
            (None, Some(li)) => at(0, li),
            (None, None) => pooled(0),
        };
        let e = score_estimate(&odds);
        let mut r = vec![
            measures[mi].key(),
            removed
                .get(&measures[mi].key())
                .map(|v| v.join(" / "))
                .unwrap_or_default(),
            odds.games().to_string(),
            e.map(|e| format!("{:.3} ({:.3} to {:.3})", e.score, e.low, e.high))
                .unwrap_or_default(),
            match m.map(|m| &m.value) {
                None => "1 (yardstick)".to_string(),
                Some(Ok(r)) => format!("{:.2} ({:.2} to {:.2})", r.value, r.low, r.high),
                Some(Err(e)) => format!("none: {e}"),
            },
            measures[mi]
                .engine(engine_values)
                .map(|v| format!("{v:.2}"))
                .unwrap_or_default(),
        ];
        if let Some(li) = limit {
            r.insert(1, limit_label(setup.limits[li]));
        }
        r
    };
    let rows: Vec<Vec<String>> = std::iter::once(row(0, None, None))
        .chain(pooled_values.iter().map(|(mi, m)| row(*mi, Some(m), None)))
        .collect();
    let mut limit_header = header.to_vec();
    limit_header.insert(1, "limit");
    let limit_rows: Vec<Vec<String>> = by_limit
        .iter()
        .enumerate()
        .flat_map(|(li, vals)| {
            std::iter::once(row(0, None, Some(li)))
                .chain(vals.iter().map(move |(mi, m)| row(*mi, Some(m), Some(li))))
                .collect::<Vec<_>>()
        })
        .collect();
    let intro = format!(
        "Material-odds self-play of {} against itself (H. G. Muller's method): each piece taken \
         from one side at the start (or, for a trade X-Y, X from one side and Y from the other), \
         both colours in turn, {} random opening plies (seed {}){}, at {}. A value is the Elo the \
         odds cost divided by the Elo of a pawn's odds (for a trade: X's value less Y's); the \
         first table pools the limits, the second gives each; 95 % intervals by Fieller's method.",
        setup.engine.label(),
        setup.plies,
        setup.seed,
        setup
            .max_moves
            .map(|m| format!(", a draw after {m} moves"))
            .unwrap_or_default(),
        setup
            .limits
            .iter()
            .map(|&t| limit_label(t))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut md = format!(
        "# Piece values of {game}\n\nCommand: `{}`\n\n{intro}\n\n{}\n{}",
        setup.command,
        page::md_table(&header, &rows),
        page::md_table(&limit_header, &limit_rows)
    );
    let mut body = format!(
        "<p>{}</p>\n{}{}",
        page::escape(&intro),
        page::html_table(&header, &rows),
        page::html_table(&limit_header, &limit_rows)
    );
    for (title, list) in [("Differences", &notes), ("Warnings", &warnings)] {
        if !list.is_empty() {
            md.push_str(&format!("\n{title}:\n\n"));
            for l in list.iter() {
                md.push_str(&format!("- {l}\n"));
                body.push_str(&format!("<p class=\"warn\">{}</p>\n", page::escape(l)));
            }
        }
    }
    let xs: Vec<String> = pooled_values
        .iter()
        .map(|(mi, _)| measures[*mi].key())
        .collect();
    let points = |vals: &[(usize, Measured)]| {
        vals.iter()
            .map(|(_, m)| m.value.as_ref().ok().map(|r| (r.low, r.value, r.high)))
            .collect()
    };
    let mut series = vec![BarSeries {
        name: "measured (pooled)".into(),
        points: points(&pooled_values),
    }];
    if setup.limits.len() > 1 {
        for (li, vals) in by_limit.iter().enumerate() {
            series.push(BarSeries {
                name: format!("measured at {}", limit_label(setup.limits[li])),
                points: points(vals),
            });
        }
    }
    series.push(BarSeries {
        name: "evaluation".into(),
        points: pooled_values
            .iter()
            .map(|(mi, _)| measures[*mi].engine(engine_values).map(|v| (v, v, v)))
            .collect(),
    });
    body.push_str(&error_bars(
        "Value in pawns (95 % intervals)",
        "pawns",
        &xs,
        &series,
        None,
    )?);
    page::write(&setup.out, "summary.md", &md)?;
    page::write(
        &setup.out,
        "report.html",
        &page::html(&format!("Piece values of {game}"), &setup.command, &body),
    )?;
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    print!("{}", page::md_table(&header, &rows));
    for n in &notes {
        println!("{n}");
    }
    println!(
        "Wrote {0}/values.json, {0}/summary.md, {0}/report.html",
        setup.out.display()
    );
    Ok(json)
}

/// A piece's value pooled over the limits, as `values.json` holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct PooledValue {
    /// FEN letter, upper case.
    pub letter: char,
    /// Value in pawns and its 95 % interval; `None` where the games gave no value.
    pub pawns: Option<(f64, f64, f64)>,
}

/// The pooled value of each piece (not the trades) of a `values.json`, in its key order.
pub fn pooled(json: &Value) -> Vec<PooledValue> {
    let Some(map) = json["values"].as_object() else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(key, v)| {
            let mut chars = key.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return None;
            };
            let value = match (v["pawns"].as_f64(), v["low"].as_f64(), v["high"].as_f64()) {
                (Some(p), Some(lo), Some(hi)) => Some((p, lo, hi)),
                _ => None,
            };
            Some(PooledValue {
                letter,
                pawns: value,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_to_measure() {
        assert_eq!(pieces("chess", &[]).unwrap(), ['P', 'R', 'N', 'B', 'Q']);
        assert_eq!(pieces("chess", &['b', 'N']).unwrap(), ['P', 'B', 'N']);
        assert!(pieces("chess", &['K']).is_err());
        assert!(pieces("chess", &['C']).is_err());
        assert!(pieces("almostultraslanted", &['c']).is_ok());
        let t = trades("startrek", &[('r', 'b'), ('R', 'B')]).unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].key(), "R-B");
        assert!(trades("chess", &[('k', 'b')]).is_err());
        let ev = BTreeMap::from([('R', 5.0), ('B', 3.25)]);
        assert_eq!(t[0].engine(&ev), Some(1.75));
    }
}
