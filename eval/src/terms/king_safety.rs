//! King safety: the zone enemy pieces are counted attacking (the king's cell, its
//! neighbours and the cells two pawn moves in front), the pawn shield (where the game's own
//! pawn-role piece would go from the king's cell, quiet and capture steps, and one step
//! further), how much of the shield a king earns by how far it stands from its camp, each
//! role's attack weight, and where castling puts the king (a king that may castle counts
//! the shelter it can castle into).

use super::board_graph::BoardGraph;
use crate::shared::king_attack_weight;
use oblique_engine::rules::Rules;
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::Role;
use oblique_tables::Bitboard;

pub struct KingSafety<B> {
    pub zone: [Vec<B>; 2],
    pub shield1: [Vec<B>; 2],
    pub shield2: [Vec<B>; 2],
    /// Share of the shield bonus a king on the cell earns, in halves: 2 in its own camp,
    /// 1 one step out, 0 further (a king walking up behind its pawns is not sheltered).
    pub shield_scale: [Vec<i32>; 2],
    /// King-attack weight per role.
    pub attack_weight: [i32; ROLE_COUNT],
    /// Where the king lands castling king side / queen side, per colour.
    pub castle_to: [[u8; 2]; 2],
}

impl<B: Bitboard> KingSafety<B> {
    pub fn build(
        rules: &Rules<B>,
        graph: &BoardGraph<B>,
        pieces: &[Role],
        value: &[i32; ROLE_COUNT],
    ) -> KingSafety<B> {
        let n = rules.cells;
        let shield_scale = [0, 1].map(|c| {
            graph.home[c]
                .iter()
                .map(|&d| match d {
                    0 => 2,
                    1 => 1,
                    _ => 0,
                })
                .collect()
        });
        let shield1: [Vec<B>; 2] = [0, 1].map(|c| {
            let (quiet, capt) = (&rules.pawn_quiet[c], &rules.pawn_capture[c]);
            (0..n).map(|k| quiet[k] | capt[k]).collect()
        });
        let shield2: [Vec<B>; 2] = [0, 1].map(|c| {
            let (quiet, capt) = (&rules.pawn_quiet[c], &rules.pawn_capture[c]);
            (0..n)
                .map(|k| {
                    let mut m = B::EMPTY;
                    for x in shield1[c][k].iter() {
                        m |= quiet[x] | capt[x];
                    }
                    m & !shield1[c][k] & !B::bit(k)
                })
                .collect()
        });
        let zone = [0, 1].map(|c| {
            (0..n)
                .map(|k| B::bit(k) | rules.king[k] | shield1[c][k] | shield2[c][k])
                .collect()
        });
        let mut attack_weight = [0i32; ROLE_COUNT];
        for r in pieces {
            attack_weight[r.index()] = king_attack_weight(value[r.index()]);
        }
        let castle_to = [0, 1].map(|c| {
            [0, 1].map(|side| rules.castling[c][side].map_or(0, |rule| rule.king_to as u8))
        });
        KingSafety {
            zone,
            shield1,
            shield2,
            shield_scale,
            attack_weight,
            castle_to,
        }
    }
}
