//! The 2D games' dead-position rules (the shared judge of finished games, `Game::game_outcome`,
//! asks them through `Game::insufficient_material`), and a game's end rules in words
//! (`oblique check`).

use crate::outcome::StalemateValue;
use crate::plane::position::Position;
use crate::plane::variant::{DeadPosition, VariantSpec};
use crate::types::{Role, BUILTIN_ROLE_COUNT, ROLE_COUNT};

/// The extra role slots (a file game's ninth piece type on) as a role mask: pieces the
/// FIDE dead-position test does not know, so it counts them as able to mate.
const EXTRA_ROLES: u16 = ((1u32 << ROLE_COUNT) - (1u32 << BUILTIN_ROLE_COUNT)) as u16;
use oblique_tables::Bitboard;

impl<B: Bitboard> Position<B> {
    /// Neither side can ever mate, by the game's rule for dead positions.
    pub fn insufficient_material(&self) -> bool {
        if self.spec().dead == DeadPosition::Never {
            return false;
        }
        let kings = self.board.sets.role(Role::King);
        let others = self.board.sets.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        match self.spec().dead {
            DeadPosition::KingsOnly | DeadPosition::Never => false,
            DeadPosition::Fide => {
                let heavy = self.board.sets.role(Role::Pawn)
                    | self.board.sets.role(Role::Rook)
                    | self.board.sets.role(Role::Queen)
                    | self.board.sets.role(Role::Chancellor)
                    | self.board.sets.role(Role::Ultra)
                    | self.board.sets.roles_in(EXTRA_ROLES);
                if heavy.any() {
                    return false;
                }
                let knights = self.board.sets.role(Role::Knight);
                let bishops = self.board.sets.role(Role::Bishop);
                if knights.any() {
                    // A lone knight cannot mate; anything more can (with help).
                    return others.count() == 1;
                }
                // Only bishops: dead when they all stand on one colour.
                let g = &self.rules.geom;
                let mut colours = bishops
                    .iter()
                    .map(|sq| (g.cells[sq].file + g.cells[sq].rank) % 2);
                let first = colours.next();
                colours.all(|c| Some(c) == first)
            }
        }
    }
}

/// The game's end rules in one line, as `oblique check` prints them: `end stalemate loss,
/// move rule 140 halfmoves, repetition 3, bare king loses, dead kings-only, checks
/// forbidden, goal k d4 e4 (Black: d5 e5), a goal reached is answered with one move (both
/// kings home: draw)`.
pub fn describe_end(spec: &VariantSpec) -> String {
    let e = spec.end;
    let mut parts = vec![format!(
        "stalemate {}",
        match e.stalemate {
            StalemateValue::Draw => "draw",
            StalemateValue::Win => "win",
            StalemateValue::Loss => "loss",
        }
    )];
    parts.push(match e.move_rule {
        0 => "no move rule".to_string(),
        n => format!("move rule {n} halfmoves"),
    });
    parts.push(match e.repetition {
        0 => "no repetition rule".to_string(),
        n => format!("repetition {n}"),
    });
    if e.bare_king {
        parts.push("bare king loses".to_string());
    }
    parts.push(format!(
        "dead {}",
        match spec.dead {
            DeadPosition::Fide => "fide",
            DeadPosition::KingsOnly => "kings-only",
            DeadPosition::Never => "none",
        }
    ));
    if e.checks_forbidden {
        parts.push("checks forbidden".to_string());
    }
    for g in spec.goals {
        let black = match g.black {
            None => "by symmetry".to_string(),
            Some([]) => "none".to_string(),
            Some(b) => b.join(" "),
        };
        let white = if g.white.is_empty() {
            "none".to_string()
        } else {
            g.white.join(" ")
        };
        parts.push(format!(
            "goal {} {white} (Black: {black})",
            spec.letter(g.role)
        ));
    }
    if !spec.goals.is_empty() && e.goal_reply {
        parts.push("a goal reached is answered with one move (both kings home: draw)".to_string());
    }
    format!("end {}", parts.join(", "))
}
