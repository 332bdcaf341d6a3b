//! Material: each role's value derived from its mobility on the game's own board
//! (`values`), the non-pawn material of the start position (the phase scale), the bishop
//! pair where the bishop's diagonals split the board in two, and the largest minor piece
//! (material that cannot win is scaled down).

use crate::score::{s, S};
use crate::shared::{bfs, FAR};
use crate::values::{self, RoleValue};
use oblique_engine::rules::{Rules, RulesCache};
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::variant::VariantSpec;
use oblique_engine::Game;
use oblique_engine::Role;
use oblique_tables::Bitboard;

pub struct Material {
    pub values: Vec<RoleValue>,
    /// Value per role index (king 0).
    pub value: [i32; ROLE_COUNT],
    /// Non-pawn, non-king roles of the game.
    pub pieces: Vec<Role>,
    /// Non-pawn material of the start position, both sides (the phase scale).
    pub phase_max: i32,
    pub bishop_pair: S,
    /// Largest minor-piece value (draw scaling).
    pub minor_max: i32,
}

impl Material {
    pub fn build<B: Bitboard + RulesCache>(
        spec: &'static VariantSpec,
        rules: &Rules<B>,
        bishop_pair_weight: S,
    ) -> Material {
        let values = values::derive(spec);
        let mut value = [0i32; ROLE_COUNT];
        for rv in &values {
            value[rv.role.index()] = rv.value;
        }
        let pieces: Vec<Role> = spec
            .roles
            .iter()
            .copied()
            .filter(|r| !matches!(r, Role::Pawn | Role::King))
            .collect();
        let phase_max: i32 = {
            let start = oblique_engine::Position::<B>::start(spec).expect("start position");
            pieces
                .iter()
                .map(|r| value[r.index()] * start.role_bb(*r).count() as i32)
                .sum::<i32>()
                .max(1)
        };
        // Bishops bound to one colour of cells make a pair worth more than two bishops.
        let bishop_pair = if spec.roles.contains(&Role::Bishop) {
            let n = rules.cells;
            let diag: Vec<B> = (0..n).map(|sq| rules.diag.empty_board(sq)).collect();
            let reach = bfs(diag.len(), |x| diag[x], B::bit(0));
            if reach.contains(&FAR) {
                bishop_pair_weight
            } else {
                s(0, 0)
            }
        } else {
            s(0, 0)
        };
        let minor_max = [Role::Knight, Role::Bishop]
            .iter()
            .map(|r| value[r.index()])
            .max()
            .unwrap_or(0);
        Material {
            values,
            value,
            pieces,
            phase_max,
            bishop_pair,
            minor_max,
        }
    }

    /// The game's piece roles as a bit set of role indices.
    pub fn present(&self) -> u16 {
        self.pieces.iter().fold(0, |m, r| m | 1 << r.index())
    }
}
