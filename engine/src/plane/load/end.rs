//! `[end]` read: stalemate's value, dead positions, the move and repetition rules, bare king,
//! goals, checks forbidden and Black's reply to White's goal (racing kings), with the rules
//! the engine does not play refused.
//!
//! Goals: every `[[end.goal]]` entry must name the same piece (the engine keeps one goal
//! piece per game); their squares are joined. An entry is a square (`"e4"`) or a whole
//! rank (`"rank 8"`, grid boards), which is how a designer says "the last rank" (racing
//! kings) without listing its squares.

use super::{leak, leak_str, Fail};
use crate::outcome::{EndRules, StalemateValue};
use crate::plane::variant::DeadPosition;
use crate::types::Role;
use oblique_gamefile::{GameFile, GameFileError};

/// A goal: the piece and White's and Black's goal squares.
pub(super) type GoalRule = Option<(Role, &'static [&'static str], &'static [&'static str])>;

/// The dead-position rule, the goal and the numbers of `file`'s game; `role_of` finds a
/// piece by letter.
pub(super) fn rules(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<(DeadPosition, GoalRule, EndRules), GameFileError> {
    let e = &file.end;
    let stalemate = match e.stalemate.as_deref() {
        None | Some("draw") => StalemateValue::Draw,
        Some("win") => StalemateValue::Win,
        Some("loss") => StalemateValue::Loss,
        Some(s) => {
            return Err(fail(
                "stalemate",
                format!("stalemate = \"{s}\": use \"draw\", \"win\" or \"loss\""),
            ))
        }
    };
    let move_rule = e.move_rule.unwrap_or(100);
    let repetition = e.repetition.unwrap_or(3);
    if repetition == 1 {
        return Err(fail(
            "repetition",
            "repetition = 1 would end the game at once: use 2 or more (0: no rule)".to_string(),
        ));
    }
    let bare_king = match e.bare_king.as_deref() {
        None | Some("none") => false,
        Some("loss") => true,
        Some(s) => {
            return Err(fail(
                "bare_king",
                format!("bare_king = \"{s}\": use \"loss\" or \"none\""),
            ))
        }
    };
    let goal = goal(file, role_of, fail)?;
    // A king with a goal can always walk to it: no material is dead then.
    let king_goal = goal.is_some_and(|(role, _, _)| role == Role::King);
    let dead = match e.dead.as_deref() {
        None if king_goal => DeadPosition::Never,
        Some("none") => DeadPosition::Never,
        Some("fide" | "kings-only") if king_goal => {
            return Err(fail(
                "dead",
                "dead: a king with a goal square can always walk to it; use \"none\"".to_string(),
            ))
        }
        None | Some("kings-only") => DeadPosition::KingsOnly,
        Some("fide") => DeadPosition::Fide,
        Some(other) => {
            return Err(fail(
                other,
                format!("dead = \"{other}\": use \"fide\", \"kings-only\" or \"none\""),
            ))
        }
    };
    let checks_forbidden = match e.checks.as_deref() {
        None | Some("allowed") => false,
        Some("forbidden") => true,
        Some(s) => {
            return Err(fail(
                "checks =",
                format!("checks = \"{s}\": use \"allowed\" or \"forbidden\""),
            ))
        }
    };
    let goal_reply = match e.goal_reply.as_deref() {
        None | Some("none") => false,
        Some("black") if king_goal => true,
        Some("black") => {
            return Err(fail(
                "goal_reply =",
                "goal_reply = \"black\" needs a goal for the king (royal piece) on both sides"
                    .to_string(),
            ))
        }
        Some(s) => {
            return Err(fail(
                "goal_reply =",
                format!("goal_reply = \"{s}\": use \"black\" or \"none\""),
            ))
        }
    };
    let end = EndRules {
        stalemate,
        move_rule,
        repetition,
        bare_king,
        pawn_goal: goal.is_none_or(|(role, _, _)| role == Role::Pawn),
        checks_forbidden,
        goal_reply,
    };
    Ok((dead, goal, end))
}

/// The goal entries joined into one goal piece with its squares.
fn goal(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<GoalRule, GameFileError> {
    let goals = &file.end.goals;
    let Some(first) = goals.first() else {
        return Ok(None);
    };
    let role = role_of(first.piece).ok_or_else(|| {
        fail(
            "goal",
            format!("goal piece '{}': no such piece", first.piece),
        )
    })?;
    let mut white: Vec<String> = Vec::new();
    let mut black: Vec<String> = Vec::new();
    for g in goals {
        if role_of(g.piece) != Some(role) {
            return Err(fail(
                "goal",
                format!(
                    "goals for two pieces ('{}' and '{}') are not played yet: one goal piece \
                     per game",
                    first.piece, g.piece
                ),
            ));
        }
        if g.black.is_some() != first.black.is_some() {
            return Err(fail(
                "black",
                "goals must all give Black's squares, or none of them".to_string(),
            ));
        }
        white.extend(squares(file, &g.white, fail)?);
        if let Some(b) = &g.black {
            black.extend(squares(file, b, fail)?);
        }
    }
    if white.is_empty() || (first.black.is_some() && black.is_empty()) {
        return Err(fail(
            "goal",
            "a goal for one side only is not played yet: give both sides squares".to_string(),
        ));
    }
    let unique = |list: &mut Vec<String>| {
        let mut seen = std::collections::HashSet::new();
        list.retain(|s| seen.insert(s.clone()));
    };
    unique(&mut white);
    unique(&mut black);
    let white: Vec<&'static str> = white.iter().map(|s| leak_str(s)).collect();
    let black: Vec<&'static str> = black.iter().map(|s| leak_str(s)).collect();
    Ok(Some((role, leak(white), leak(black))))
}

/// A goal's entries as square names: squares as given, `rank N` as the rank's squares
/// (holes left out).
fn squares(file: &GameFile, entries: &[String], fail: Fail) -> Result<Vec<String>, GameFileError> {
    let b = &file.board;
    let mut out = Vec::new();
    for entry in entries {
        let Some(rank) = entry.strip_prefix("rank ") else {
            out.push(entry.clone());
            continue;
        };
        let n: u8 = match rank.trim().parse() {
            Ok(n) if (1..=b.ranks).contains(&n) => n,
            _ => {
                return Err(fail(
                    entry,
                    format!("goal '{entry}': no such rank (1 to {})", b.ranks),
                ))
            }
        };
        if b.escalator.is_some() {
            return Err(fail(
                entry,
                format!("goal '{entry}': whole ranks are for grid boards; list the squares"),
            ));
        }
        for f in 0..b.files {
            let name = format!("{}{n}", (b'a' + f) as char);
            if !b.holes.contains(&name) {
                out.push(name);
            }
        }
    }
    Ok(out)
}
