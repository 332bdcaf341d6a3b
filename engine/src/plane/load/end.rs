//! `[end]` read: stalemate's value, dead positions, the move and repetition rules, bare king,
//! goals, checks forbidden and Black's reply to White's goal (racing kings), with the rules
//! the engine does not play refused.
//!
//! Goals: each `[[end.goal]]` entry names a piece and its squares; entries for the same
//! piece are joined, and several pieces may have goals (Fairy-Stockfish's `flagPiece = *`:
//! any piece on the flag region wins). A square is written `"e4"`, a whole rank `"rank 8"`
//! (grid boards), which is how a designer says "the last rank" (racing kings) without
//! listing its squares.

use super::{leak, leak_str, Fail};
use crate::outcome::{EndRules, StalemateValue};
use crate::plane::variant::{DeadPosition, GoalSpec};
use crate::types::Role;
use oblique_gamefile::{GameFile, GameFileError};

/// The dead-position rule, the goal and the numbers of `file`'s game; `role_of` finds a
/// piece by letter.
pub(super) fn rules(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<(DeadPosition, &'static [GoalSpec], EndRules), GameFileError> {
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
    let goals = goals(file, role_of, fail)?;
    // A king with a goal can always walk to it: no material is dead then.
    let king_goal = goals.iter().any(|g| g.role == Role::King);
    // The reply (Fairy-Stockfish's flagMove) judges one goal piece a side.
    let white_goals = goals.iter().filter(|g| !g.white.is_empty()).count();
    let black_goals = goals
        .iter()
        .filter(|g| g.black.map_or(!g.white.is_empty(), |b| !b.is_empty()))
        .count();
    let one_goal_a_side = !goals.is_empty() && white_goals <= 1 && black_goals <= 1;
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
    let goal_reply =
        match e.goal_reply.as_deref() {
            None | Some("none") => false,
            Some("black") if one_goal_a_side => true,
            Some("black") => return Err(fail(
                "goal_reply =",
                "goal_reply = \"black\" needs a goal ([[end.goal]]) for one piece a side at most"
                    .to_string(),
            )),
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
        pawn_goal: goals.iter().all(|g| g.role == Role::Pawn),
        checks_forbidden,
        goal_reply,
    };
    Ok((dead, goals, end))
}

/// The goal entries, joined per piece (several entries for one piece join their squares).
fn goals(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<&'static [GoalSpec], GameFileError> {
    // Per piece, in the order of first mention: the role, White's and Black's squares.
    let mut joined: Vec<(Role, Vec<String>, Option<Vec<String>>)> = Vec::new();
    for g in &file.end.goals {
        let role = role_of(g.piece)
            .ok_or_else(|| fail("goal", format!("goal piece '{}': no such piece", g.piece)))?;
        let white = squares(file, &g.white, fail)?;
        let black = match &g.black {
            Some(b) => Some(squares(file, b, fail)?),
            None => None,
        };
        match joined.iter_mut().find(|(r, _, _)| *r == role) {
            Some((_, w, b)) => {
                if b.is_some() != black.is_some() {
                    return Err(fail(
                        "black",
                        format!(
                            "the goals of '{}' must all give Black's squares, or none of them",
                            g.piece
                        ),
                    ));
                }
                w.extend(white);
                if let (Some(b), Some(more)) = (b, black) {
                    b.extend(more);
                }
            }
            None => joined.push((role, white, black)),
        }
    }
    let unique = |list: Vec<String>| -> &'static [&'static str] {
        let mut seen = std::collections::HashSet::new();
        let kept: Vec<&'static str> = list
            .into_iter()
            .filter(|s| seen.insert(s.clone()))
            .map(|s| leak_str(&s))
            .collect();
        leak(kept)
    };
    let mut out = Vec::new();
    for (role, white, black) in joined {
        let none = white.is_empty() && black.as_ref().is_none_or(Vec::is_empty);
        if none {
            return Err(fail(
                "goal",
                "a goal without squares: give White's squares (and Black's, or none for \
                 Black's by symmetry)"
                    .to_string(),
            ));
        }
        out.push(GoalSpec {
            role,
            white: unique(white),
            black: black.map(unique),
        });
    }
    Ok(leak(out))
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
