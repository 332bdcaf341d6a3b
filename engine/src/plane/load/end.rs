//! `[end]` read: stalemate, dead positions, the move and repetition rules and goal squares,
//! with the rules the engine does not play yet refused.

use super::{leak, leak_str, Fail};
use crate::plane::variant::DeadPosition;
use crate::types::Role;
use oblique_gamefile::{GameFile, GameFileError};

/// A goal: the piece and White's and Black's goal squares.
pub(super) type GoalRule = Option<(Role, &'static [&'static str], &'static [&'static str])>;

/// The dead-position rule and the goal of `file`'s game; `role_of` finds a piece by letter.
pub(super) fn rules(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<(DeadPosition, GoalRule), GameFileError> {
    let e = &file.end;
    if let Some(s) = e.stalemate.as_deref() {
        if s != "draw" {
            return Err(fail(
                "stalemate",
                format!("stalemate = \"{s}\" is not played yet (only \"draw\")"),
            ));
        }
    }
    if let Some(n) = e.move_rule {
        if n != 100 {
            return Err(fail(
                "move_rule",
                format!("move_rule = {n} is not played yet (only 100 halfmoves)"),
            ));
        }
    }
    if let Some(n) = e.repetition {
        if n != 3 {
            return Err(fail(
                "repetition",
                format!("repetition = {n} is not played yet (only 3)"),
            ));
        }
    }
    let dead = match e.dead.as_deref() {
        None | Some("kings-only") => DeadPosition::KingsOnly,
        Some("fide") => DeadPosition::Fide,
        Some(other) => {
            return Err(fail(
                other,
                format!("dead = \"{other}\": use \"fide\" or \"kings-only\""),
            ))
        }
    };
    let goal = match e.goals.as_slice() {
        [] => None,
        [g] => {
            let role = role_of(g.piece)
                .ok_or_else(|| fail("goal", format!("goal piece '{}': no such piece", g.piece)))?;
            let white: Vec<&'static str> = g.white.iter().map(|s| leak_str(s)).collect();
            let black: Vec<&'static str> = match &g.black {
                Some(list) => list.iter().map(|s| leak_str(s)).collect(),
                None => Vec::new(),
            };
            Some((role, leak(white), leak(black)))
        }
        _ => {
            return Err(fail(
                "goal",
                "more than one goal is not played yet".to_string(),
            ))
        }
    };
    Ok((dead, goal))
}
