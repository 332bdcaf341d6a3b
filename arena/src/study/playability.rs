//! `oblique study playability`: what a player of the game feels, measured on self-play
//! beside orthodox chess played under the same conditions (same engine, limits, openings
//! length, move limit): average mobility (legal moves in the positions of the game), game
//! length, the move of the first capture and of the first check, the share of moves that
//! capture, and the share of the start position's pieces that never moved.
//!
//! Definitions (per game, then averaged over games with a 95 % interval of the mean):
//! - *mobility*: legal moves of the side to move, averaged over every position before a move;
//! - *first capture / first check*: the ply (1-based, random opening plies included) of the
//!   first move that takes a piece / gives check; games without one are counted apart;
//! - *capture share*: moves that take a piece, over all moves (a capture is a move after which
//!   fewer pieces stand on the board);
//! - *unmoved*: pieces of the start position still on their start square at the end, never
//!   having left it (a piece taken where it stood counts as moved away: it is no longer
//!   there). In Star Trek chess an attack board's move carries its pieces: the pieces that
//!   stood on it at the start count as moved once it moves.

use crate::stats::Z95;
use crate::study::charts::{error_bars, BarSeries};
use crate::study::error::StudyError;
use crate::study::odds::occupied;
use crate::study::page;
use crate::study::plan::{group_seed, Group};
use crate::study::run::{limit_label, play_and_collect, Setup};
use oblique_engine::{AnyPosition, GameRecord};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// One game's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMetrics {
    pub plies: usize,
    pub mobility: f64,
    pub first_capture: Option<usize>,
    pub first_check: Option<usize>,
    pub capture_share: f64,
    pub unmoved_share: f64,
}

/// Level, file and rank of a Star Trek square name `b1(2)`.
fn level_square(s: &str) -> Option<(u32, i32, i32)> {
    let (sq, level) = s.split_once('(')?;
    let level = level.trim_end_matches(')').parse().ok()?;
    let mut c = sq.chars();
    let file = c.next()? as i32;
    let rank = c.as_str().parse().ok()?;
    Some((level, file, rank))
}

/// The numbers of one game.
pub fn metrics(game: &GameRecord) -> GameMetrics {
    let start = game.start();
    let start_pieces = occupied(start);
    let mut unmoved: BTreeSet<String> = start_pieces.iter().map(|(s, _)| s.clone()).collect();
    let mut pos: AnyPosition = start.clone();
    let mut count = start_pieces.len();
    let mut mobility = 0u64;
    let mut captures = 0usize;
    let (mut first_capture, mut first_check) = (None, None);
    for (i, m) in game.moves().iter().enumerate() {
        mobility += pos.count_legal_moves();
        if pos.play(&m.text).is_err() {
            break;
        }
        if m.board_move {
            // The attack board's cells at its pin: same level, next files and ranks.
            if let Some((l, f, r)) = level_square(&m.from) {
                unmoved.retain(|s| {
                    level_square(s).is_none_or(|(l2, f2, r2)| {
                        !(l2 == l && (f2 - f).abs() <= 1 && (r2 - r).abs() <= 1)
                    })
                });
            }
        } else {
            unmoved.remove(&m.from);
            unmoved.remove(&m.to);
        }
        let now = occupied(&pos).len();
        if now < count {
            captures += 1;
            first_capture.get_or_insert(i + 1);
        }
        count = now;
        if pos.in_check() {
            first_check.get_or_insert(i + 1);
        }
    }
    let plies = game.len();
    GameMetrics {
        plies,
        mobility: if plies > 0 {
            mobility as f64 / plies as f64
        } else {
            pos.count_legal_moves() as f64
        },
        first_capture,
        first_check,
        capture_share: if plies > 0 {
            captures as f64 / plies as f64
        } else {
            0.0
        },
        unmoved_share: if start_pieces.is_empty() {
            0.0
        } else {
            unmoved.len() as f64 / start_pieces.len() as f64
        },
    }
}

/// Mean of `xs` with half the width of its 95 % interval (`None` without values).
pub fn mean_ci(xs: &[f64]) -> Option<(f64, f64)> {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return None;
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return Some((mean, f64::INFINITY));
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some((mean, Z95 * (var / n).sqrt()))
}

/// The metrics, by name, as (name, unit, value of one game).
type Metric = (&'static str, &'static str, fn(&GameMetrics) -> Option<f64>);

const METRICS: [Metric; 6] = [
    ("mobility", "legal moves", |m| Some(m.mobility)),
    ("length", "plies", |m| Some(m.plies as f64)),
    ("first_capture", "ply", |m| {
        m.first_capture.map(|p| p as f64)
    }),
    ("first_check", "ply", |m| m.first_check.map(|p| p as f64)),
    ("capture_share", "share of moves", |m| Some(m.capture_share)),
    ("unmoved_share", "share of pieces", |m| {
        Some(m.unmoved_share)
    }),
];

/// Runs the study and writes `playability.json`, `summary.md` and `report.html`.
pub fn run(setup: &Setup) -> Result<Value, StudyError> {
    let setup = &setup.with_recorded_command("playability.json");
    let game = AnyPosition::new(&setup.variant, None)?
        .variant_name()
        .to_string();
    let mut games_list = vec![game.clone()];
    if game != "chess" {
        games_list.push("chess".to_string());
    }
    let mut groups = Vec::new();
    let mut keys = Vec::new();
    for g in &games_list {
        for (li, &tc) in setup.limits.iter().enumerate() {
            let name = format!("playability/{g}/{}", limit_label(tc));
            let seed = group_seed(setup.seed, groups.len());
            groups.push(Group::new(
                name,
                g,
                None,
                tc,
                setup.games,
                setup.plies,
                seed,
            )?);
            keys.push((g.clone(), li));
        }
    }
    let mut count = 0usize;
    let games = play_and_collect(setup, &groups, |_| {
        count += 1;
        format!("{count} game(s)")
    })?;
    let mut per_group: Vec<Vec<GameMetrics>> = vec![Vec::new(); groups.len()];
    for g in &games {
        if let Some(i) = groups.iter().position(|x| x.name == g.group) {
            per_group[i].push(metrics(&g.game));
        }
    }
    let summary = |ms: &[GameMetrics], f: fn(&GameMetrics) -> Option<f64>| {
        let xs: Vec<f64> = ms.iter().filter_map(f).collect();
        (mean_ci(&xs), ms.len() - xs.len())
    };
    let group_json: Vec<Value> = groups
        .iter()
        .zip(&keys)
        .zip(&per_group)
        .map(|((g, (v, li)), ms)| {
            let mut o = serde_json::Map::new();
            o.insert("group".into(), json!(g.name));
            o.insert("variant".into(), json!(v));
            o.insert("limit".into(), json!(limit_label(setup.limits[*li])));
            o.insert("games".into(), json!(ms.len()));
            for (name, unit, f) in METRICS {
                let (mc, without) = summary(ms, f);
                o.insert(
                    name.into(),
                    json!({"mean": mc.map(|m| m.0), "ci95": mc.map(|m| m.1),
                           "unit": unit, "games_without": without}),
                );
            }
            Value::Object(o)
        })
        .collect();
    let json = json!({
        "study": "playability",
        "game": game,
        "compared_with": if game != "chess" { Some("chess") } else { None },
        "command": setup.command,
        "engine": setup.engine.command.join(" "),
        "seed": setup.seed,
        "random_plies": setup.plies,
        "max_moves": setup.max_moves,
        "games": per_group.iter().map(Vec::len).sum::<usize>(),
        "groups": group_json,
    });
    let text = serde_json::to_string_pretty(&json).unwrap_or_default();
    page::write(&setup.out, "playability.json", &(text + "\n"))?;

    let mut header = vec!["game", "limit", "games"];
    header.extend(METRICS.iter().map(|m| m.0));
    let rows: Vec<Vec<String>> = keys
        .iter()
        .zip(&per_group)
        .map(|((v, li), ms)| {
            let mut r = vec![
                v.clone(),
                limit_label(setup.limits[*li]),
                ms.len().to_string(),
            ];
            for (_, _, f) in METRICS {
                let (mc, without) = summary(ms, f);
                let mut cell = mc
                    .map(|(m, h)| format!("{m:.2} ± {h:.2}"))
                    .unwrap_or_else(|| "-".into());
                if without > 0 {
                    cell.push_str(&format!(" ({without} without)"));
                }
                r.push(cell);
            }
            r
        })
        .collect();
    let intro = format!(
        "Self-play of {} against itself in {} and, under the same conditions, {}: {} random \
         opening plies (seed {}){}. Means with their 95 % intervals; first capture and first \
         check are plies from the start (opening plies included), averaged over the games that \
         had one.",
        setup.engine.label(),
        game,
        if game != "chess" {
            "orthodox chess"
        } else {
            "nothing else"
        },
        setup.plies,
        setup.seed,
        setup
            .max_moves
            .map(|m| format!(", a draw after {m} moves"))
            .unwrap_or_default()
    );
    let md = format!(
        "# Playability of {game}\n\nCommand: `{}`\n\n{intro}\n\n{}",
        setup.command,
        page::md_table(&header, &rows)
    );
    let mut body = format!(
        "<p>{}</p>\n{}",
        page::escape(&intro),
        page::html_table(&header, &rows)
    );
    let limits: Vec<String> = setup.limits.iter().map(|&t| limit_label(t)).collect();
    for (name, unit, f) in METRICS {
        let series: Vec<BarSeries> = games_list
            .iter()
            .map(|v| BarSeries {
                name: v.clone(),
                points: keys
                    .iter()
                    .zip(&per_group)
                    .filter(|((g, _), _)| g == v)
                    .map(|(_, ms)| summary(ms, f).0.map(|(m, h)| (m - h, m, m + h)))
                    .collect(),
            })
            .collect();
        body.push_str(&error_bars(
            &format!("{name} by search limit"),
            unit,
            &limits,
            &series,
            None,
        )?);
    }
    page::write(&setup.out, "summary.md", &md)?;
    page::write(
        &setup.out,
        "report.html",
        &page::html(&format!("Playability of {game}"), &setup.command, &body),
    )?;
    print!("{}", page::md_table(&header, &rows));
    println!(
        "Wrote {0}/playability.json, {0}/summary.md, {0}/report.html",
        setup.out.display()
    );
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_of_the_fools_mate() {
        // 1. f3 e5 2. g4 Qh4#: 4 plies, no capture, the check (mate) on ply 4.
        let mut g = GameRecord::new("chess", None).unwrap();
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play(m).unwrap();
        }
        let m = metrics(&g);
        assert_eq!(m.plies, 4);
        assert_eq!(m.first_capture, None);
        assert_eq!(m.first_check, Some(4));
        assert_eq!(m.capture_share, 0.0);
        // Four of 32 pieces moved: 28/32 unmoved.
        assert_eq!(m.unmoved_share, 28.0 / 32.0);
        // Legal moves before each move: 20 at the start; 20 for Black after 1. f3; after
        // 1... e5 White has 19 (7 pawns × 2 + f3-f4 = 15, knights a3 c3 h3 = 3, king f2 = 1);
        // after 2. g4 Black has 30 (7 pawns × 2 + e5-e4 = 15, knights a6 c6 f6 h6 e7 = 5,
        // bishop e7 d6 c5 b4 a3 = 5, queen e7 f6 g5 h4 = 4, king e7 = 1).
        assert_eq!(m.mobility, (20.0 + 20.0 + 19.0 + 30.0) / 4.0);
    }

    #[test]
    fn a_capture_counts_and_the_taken_piece_is_not_unmoved() {
        // 1. e4 d5 2. exd5: the capture on ply 3; e2 pawn and d7 pawn moved, d5 taken.
        let mut g = GameRecord::new("chess", None).unwrap();
        for m in ["e2e4", "d7d5", "e4d5"] {
            g.play(m).unwrap();
        }
        let m = metrics(&g);
        assert_eq!(m.first_capture, Some(3));
        assert_eq!(m.capture_share, 1.0 / 3.0);
        assert_eq!(m.unmoved_share, 30.0 / 32.0);
        assert_eq!(m.first_check, None);
    }

    #[test]
    fn means_with_intervals() {
        // 1, 2, 3: mean 2, sample variance 1, half-width 1.96·sqrt(1/3) = 1.1316.
        let (m, h) = mean_ci(&[1.0, 2.0, 3.0]).unwrap();
        assert_eq!(m, 2.0);
        assert!((h - 1.1316).abs() < 1e-3);
        assert_eq!(mean_ci(&[]), None);
    }
}
