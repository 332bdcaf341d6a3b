//! `oblique study values`: piece values measured by material-odds self-play, H. G. Muller's
//! method. For each piece (and the pawn, the yardstick) the engine plays itself from the
//! game's start with that piece taken from one side (`odds`: which piece and why), each
//! colour giving the odds in half the groups, with random openings. The odds side's score is
//! the Elo the piece is worth; divided by the Elo of a pawn (the pawn-odds games) it is the
//! piece's value in pawns, with Fieller's interval (`stats`). Values are given per search
//! limit and pooled over them (the pooled games' scores, the same ratio), beside the
//! evaluation's values (passed in by the caller; the arena does not know the evaluator),
//! and a measured interval that leaves the evaluation's value out is pointed out.

use crate::stats::Wdl;
use crate::study::charts::{error_bars, BarSeries};
use crate::study::error::StudyError;
use crate::study::odds::{piece_letters, remove_piece};
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

/// One group's place in the study: piece, side giving the odds, limit.
struct Slot {
    piece: char,
    side: Color,
    limit: usize,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The measured value of one piece under some games.
struct Measured {
    odds: Wdl,
    value: Result<Ratio, String>,
}

/// Runs the study; `engine_values`: the evaluation's value of each piece letter in pawns.
pub fn run(
    setup: &Setup,
    asked: &[char],
    engine_values: &BTreeMap<char, f64>,
) -> Result<Value, StudyError> {
    let game = AnyPosition::new(&setup.variant, None)?
        .variant_name()
        .to_string();
    let pieces = pieces(&game, asked)?;
    let mut groups = Vec::new();
    let mut slots = Vec::new();
    let mut removed: BTreeMap<char, Vec<String>> = BTreeMap::new();
    for &p in &pieces {
        for side in [Color::White, Color::Black] {
            let (fen, what) = remove_piece(&game, p, side)?;
            removed.entry(p).or_default().push(what);
            for (li, &tc) in setup.limits.iter().enumerate() {
                let name = format!(
                    "values/{game}/{p}/{}-odds/{}",
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
                    piece: p,
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
    // Odds side's results per (piece, limit).
    let index: BTreeMap<&str, usize> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| (g.name.as_str(), i))
        .collect();
    let mut wdl: BTreeMap<(char, usize), Wdl> = BTreeMap::new();
    for g in &games {
        let Some(&i) = index.get(g.group.as_str()) else {
            continue;
        };
        let s = &slots[i];
        g.count_for(s.side, wdl.entry((s.piece, s.limit)).or_default());
    }
    let pooled = |p: char| {
        let mut t = Wdl::default();
        for li in 0..setup.limits.len() {
            let w = wdl.get(&(p, li)).copied().unwrap_or_default();
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
    let pooled_values: Vec<(char, Measured)> = pieces
        .iter()
        .skip(1)
        .map(|&p| (p, measure(pooled(p), pooled('P'))))
        .collect();
    let by_limit: Vec<Vec<(char, Measured)>> = (0..setup.limits.len())
        .map(|li| {
            let pawn = wdl.get(&('P', li)).copied().unwrap_or_default();
            pieces
                .iter()
                .skip(1)
                .map(|&p| {
                    (
                        p,
                        measure(wdl.get(&(p, li)).copied().unwrap_or_default(), pawn),
                    )
                })
                .collect()
        })
        .collect();

    let mut warnings = Vec::new();
    for &p in &pieces {
        if let Some(w) = warning(&pooled(p)) {
            warnings.push(format!("{p} odds: {w}"));
        }
    }
    let mut notes = Vec::new();
    for (p, m) in &pooled_values {
        match (&m.value, engine_values.get(p)) {
            (Err(e), _) => warnings.push(format!("{p}: no value: {e}")),
            (Ok(r), Some(&ev)) if ev < r.low || ev > r.high => notes.push(format!(
                "{p}: measured {:.2} pawns (95 % {:.2} to {:.2}); the evaluation's {:.2} is outside",
                r.value, r.low, r.high, ev
            )),
            _ => {}
        }
    }

    let value_json = |p: char, m: &Measured| {
        let e = score_estimate(&m.odds);
        let (pawns, low, high, err) = match &m.value {
            Ok(r) => (Some(r.value), Some(r.low), Some(r.high), None),
            Err(e) => (None, None, None, Some(e.clone())),
        };
        json!({
            "pawns": pawns, "low": low, "high": high, "games": m.odds.games(),
            "odds_score": e.map(|e| e.score), "odds_score_low": e.map(|e| e.low),
            "odds_score_high": e.map(|e| e.high), "elo": e.map(|e| -e.elo),
            "removed": removed.get(&p), "engine_pawns": engine_values.get(&p),
            "error": err,
        })
    };
    let pawn = score_estimate(&pooled('P'));
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
            "piece": "P", "removed": removed.get(&'P'), "games": pooled('P').games(),
            "odds_score": pawn.map(|e| e.score), "low": pawn.map(|e| e.low),
            "high": pawn.map(|e| e.high), "elo": pawn.map(|e| -e.elo),
        },
        "values": pooled_values.iter().map(|(p, m)| (p.to_string(), value_json(*p, m)))
            .collect::<Map<_, _>>(),
        "by_limit": by_limit.iter().enumerate().map(|(li, vals)| json!({
            "limit": limit_label(setup.limits[li]),
            "values": vals.iter().map(|(p, m)| (p.to_string(), value_json(*p, m)))
                .collect::<Map<_, _>>(),
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
        "piece",
        "removed",
        "games",
        "odds side's score (95 %)",
        "value in pawns (95 %)",
        "evaluation",
    ];
    let rows: Vec<Vec<String>> = std::iter::once(('P', None))
        .chain(pooled_values.iter().map(|(p, m)| (*p, Some(m))))
        .map(|(p, m)| {
            let odds = m.map(|m| m.odds).unwrap_or_else(|| pooled('P'));
            let e = score_estimate(&odds);
            vec![
                p.to_string(),
                removed.get(&p).map(|v| v.join(" / ")).unwrap_or_default(),
                odds.games().to_string(),
                e.map(|e| format!("{:.3} ({:.3} to {:.3})", e.score, e.low, e.high))
                    .unwrap_or_default(),
                match m.map(|m| &m.value) {
                    None => "1 (yardstick)".to_string(),
                    Some(Ok(r)) => format!("{:.2} ({:.2} to {:.2})", r.value, r.low, r.high),
                    Some(Err(e)) => format!("none: {e}"),
                },
                engine_values
                    .get(&p)
                    .map(|v| format!("{v:.2}"))
                    .unwrap_or_default(),
            ]
        })
        .collect();
    let intro = format!(
        "Material-odds self-play of {} against itself (H. G. Muller's method): each piece taken \
         from one side at the start, both colours in turn, {} random opening plies (seed {}){}, \
         at {}. A piece's value is the Elo its odds cost divided by the Elo of a pawn's odds, \
         pooled over the limits; 95 % intervals by Fieller's method.",
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
        "# Piece values of {game}\n\nCommand: `{}`\n\n{intro}\n\n{}",
        setup.command,
        page::md_table(&header, &rows)
    );
    let mut body = format!(
        "<p>{}</p>\n{}",
        page::escape(&intro),
        page::html_table(&header, &rows)
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
    let xs: Vec<String> = pooled_values.iter().map(|(p, _)| p.to_string()).collect();
    let mut series = vec![BarSeries {
        name: "measured (pooled)".into(),
        points: pooled_values
            .iter()
            .map(|(_, m)| m.value.as_ref().ok().map(|r| (r.low, r.value, r.high)))
            .collect(),
    }];
    for (li, vals) in by_limit.iter().enumerate() {
        if setup.limits.len() > 1 {
            series.push(BarSeries {
                name: format!("measured at {}", limit_label(setup.limits[li])),
                points: vals
                    .iter()
                    .map(|(_, m)| m.value.as_ref().ok().map(|r| (r.low, r.value, r.high)))
                    .collect(),
            });
        }
    }
    series.push(BarSeries {
        name: "evaluation".into(),
        points: pooled_values
            .iter()
            .map(|(p, _)| engine_values.get(p).map(|&v| (v, v, v)))
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
    }
}
