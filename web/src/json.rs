//! The JSON the page reads: a position's view (`oblique_engine::view`) and search lines.
//! Field names here are the page's contract with the server; the page never computes
//! geometry or legality itself.

use oblique_engine::search::{Info, Score};
use oblique_engine::view::{BoardView, View};
use oblique_engine::{AnyPosition, Color};
use serde_json::{json, Value};

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn quad(q: &[(f32, f32)]) -> Value {
    json!(q.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>())
}

/// A position as the page draws it.
pub fn view_json(v: &View) -> Value {
    let board = match &v.board {
        BoardView::Plane(b) => json!({
            "kind": "plane",
            "files": b.files,
            "ranks": b.ranks,
            "cells": b.cells.iter().map(|c| json!({
                "square": c.square, "name": c.name, "quad": quad(&c.quad)
            })).collect::<Vec<_>>(),
            "holes": b.holes.iter().map(|h| json!({
                "slot": h.slot, "quad": quad(&h.quad)
            })).collect::<Vec<_>>(),
        }),
        BoardView::Space(b) => json!({
            "kind": "space",
            "mainBoards": b.main_boards.iter().map(|m| json!({
                "level": m.level, "firstRank": m.first_rank
            })).collect::<Vec<_>>(),
            "cells": b.cells.iter().map(|c| json!({
                "square": c.square, "file": c.file, "rank": c.rank, "level": c.level,
                "pin": c.pin
            })).collect::<Vec<_>>(),
            "pins": b.pins.iter().map(|p| json!({
                "pin": p.pin, "level": p.level, "file": p.file, "rank": p.rank
            })).collect::<Vec<_>>(),
            "attackBoards": b.attack_boards.iter().map(|a| json!({
                "pin": a.pin, "owner": color(a.owner), "cells": a.cells
            })).collect::<Vec<_>>(),
        }),
    };
    json!({
        "variant": v.variant,
        "title": v.title,
        "fen": v.fen,
        "sideToMove": color(v.side_to_move),
        "check": v.check,
        "result": v.outcome.map(|o| json!({
            "result": o.result(), "reason": o.reason(),
            "winner": o.winner().map(color)
        })),
        "board": board,
        "pieces": v.pieces.iter().map(|p| json!({
            "square": p.square, "color": color(p.piece.color),
            "role": p.letter.to_string(), "figure": p.figure
        })).collect::<Vec<_>>(),
        "moves": v.moves.iter().map(|m| json!({
            "from": m.from, "to": m.to,
            "promotion": m.promotion.map(|c| c.to_string()),
            "text": m.text, "human": m.human, "boardMove": m.board_move
        })).collect::<Vec<_>>(),
    })
}

/// The principal variation in human notation, read by replaying it on a copy of `pos`
/// (stops at the first move that does not read, which a finished search never gives).
pub fn human_line(pos: &AnyPosition, pv: &[String]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for mv in pv {
        let texts = p.legal_moves_text();
        let humans = p.legal_moves_human();
        let Some(i) = texts.iter().position(|t| t == mv) else {
            break;
        };
        out.push(humans[i].clone());
        if p.play(mv).is_err() {
            break;
        }
    }
    out
}

/// A score from White's point of view, as the evaluation bar shows it.
pub fn white_score(score: Score, side: Color) -> Value {
    let sign = if side == Color::White { 1 } else { -1 };
    match score {
        Score::Centipawns(c) => json!({"cp": c * sign}),
        Score::Mate(m) => json!({"mate": m * sign}),
    }
}

/// One completed iteration of an analysis, for the page.
pub fn info_json(pos: &AnyPosition, info: &Info) -> Value {
    json!({
        "type": "info",
        "depth": info.depth,
        "multipv": info.multipv,
        "score": white_score(info.score, pos.side_to_move()),
        "nodes": info.nodes,
        "nps": info.nps,
        "timeMs": info.time.as_millis() as u64,
        "pv": info.pv,
        "pvHuman": human_line(pos, &info.pv),
    })
}
