//! Diagonal Chess's race: a pawn that reaches the goal corner wins, so each pawn gets its
//! quiet-move distance to the goal (FAR if no way leads there) and the cells of its way
//! (goal included), which must be empty for a free run. Games without a goal get empty
//! tables and `has_goal` false.

use super::reverse;
use crate::shared::{bfs, FAR};
use oblique_engine::rules::Rules;
use oblique_tables::Bitboard;

pub struct Race<B> {
    /// Quiet steps to the goal, per colour and cell.
    pub goal_dist: [Vec<u8>; 2],
    /// The cells of the way to the goal, per colour and cell.
    pub goal_path: [Vec<B>; 2],
    pub has_goal: bool,
}

impl<B: Bitboard> Race<B> {
    pub fn build(rules: &Rules<B>) -> Race<B> {
        let n = rules.cells;
        let goal_dist = [0, 1].map(|c| {
            let back = reverse(&rules.pawn_quiet[c]);
            bfs(back.len(), |x| back[x], rules.pawn_goal[c])
        });
        let goal_path = [0, 1].map(|c| {
            let quiet = &rules.pawn_quiet[c];
            let gd = &goal_dist[c];
            (0..n)
                .map(|sq| {
                    if gd[sq] == FAR || gd[sq] == 0 {
                        return B::EMPTY;
                    }
                    // The goal ways of Diagonal Chess are single lines; collect every cell
                    // one step closer until the goal.
                    let mut m = B::EMPTY;
                    let mut frontier = B::bit(sq);
                    for _ in 0..gd[sq] {
                        let mut next = B::EMPTY;
                        for x in frontier.iter() {
                            for y in quiet[x].iter() {
                                if gd[y] != FAR && gd[y] + 1 == gd[x] {
                                    next |= B::bit(y);
                                }
                            }
                        }
                        m |= next;
                        frontier = next;
                    }
                    m
                })
                .collect()
        });
        Race {
            goal_dist,
            goal_path,
            has_goal: rules.pawn_goal[0].any(),
        }
    }
}
