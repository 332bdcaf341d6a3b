//! A study as a schedule of games: groups (one start position under one search limit, with
//! its own random openings) interleaved game by game, numbered across the whole study so that
//! `--shard K/N` slices it like `oblique match` does and an interrupted study stays balanced
//! between its groups. Seats alternate colours from game to game; each game has its own
//! opening.

use crate::config::Tc;
use crate::openings::{random_openings, Opening, Rng};
use crate::study::error::StudyError;
use oblique_engine::AnyPosition;

/// One group of games: a start position and a limit.
#[derive(Clone, Debug)]
pub struct Group {
    /// Unique in the study (it goes into the PGN's `Event` tag): `balance/minislanted/depth 2`.
    pub name: String,
    pub variant: String,
    /// The start position; `None`: the game's own.
    pub fen: Option<String>,
    pub tc: Tc,
    pub openings: Vec<Opening>,
    pub games: usize,
}

impl Group {
    /// A group with `games` games from `fen` (or the game's start), `plies` random plies of
    /// opening each, the openings drawn from `seed`: the same arguments give the same
    /// openings, which is what lets a study resume. Every game has an opening of its own:
    /// in self-play at a fixed depth the engine is deterministic, so an opening played twice
    /// with colours swapped (as `oblique match` does for two engines) would be the same game
    /// twice, counted as two independent results.
    pub fn new(
        name: String,
        variant: &str,
        fen: Option<String>,
        tc: Tc,
        games: usize,
        plies: usize,
        seed: u64,
    ) -> Result<Group, StudyError> {
        let start = AnyPosition::new(variant, fen.as_deref())?;
        let variant = start.variant_name().to_string();
        let fen = fen.map(|_| start.to_fen());
        let openings = if plies == 0 {
            vec![Opening {
                fen: fen.clone(),
                moves: Vec::new(),
            }]
        } else {
            random_openings(&variant, fen.as_deref(), plies, games, &mut Rng::new(seed))?
        };
        Ok(Group {
            name,
            variant,
            fen,
            tc,
            openings,
            games,
        })
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// 1-based, across the whole study: what `--shard` slices.
    pub number: usize,
    pub group: usize,
    /// 1-based within the group: the game's `Round` in the PGN and, with the group, its
    /// identity, which stays the same when the study is rerun with more games or limits.
    pub index: usize,
    pub opening: usize,
    /// Engine seat playing White (0 or 1); the other plays Black.
    pub white: usize,
}

/// The groups' games interleaved: game k of every group, then game k + 1.
pub fn schedule(groups: &[Group]) -> Vec<Slot> {
    let most = groups.iter().map(|g| g.games).max().unwrap_or(0);
    let mut out = Vec::new();
    for k in 0..most {
        for (gi, g) in groups.iter().enumerate() {
            if k < g.games {
                out.push(Slot {
                    number: out.len() + 1,
                    group: gi,
                    index: k + 1,
                    opening: k % g.openings.len().max(1),
                    white: k % 2,
                });
            }
        }
    }
    out
}

/// A seed for group `index` from the study's seed (SplitMix64's mixing of the sum).
pub fn group_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add((index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_interleave_and_openings_repeat_with_colours_swapped() {
        let g = |name: &str, games| {
            Group::new(name.into(), "chess", None, Tc::Depth(1), games, 2, 5).unwrap()
        };
        let groups = [g("a", 3), g("b", 2)];
        let s = schedule(&groups);
        let got: Vec<(usize, usize, usize, usize, usize)> = s
            .iter()
            .map(|x| (x.number, x.group, x.index, x.opening, x.white))
            .collect();
        assert_eq!(
            got,
            [
                (1, 0, 1, 0, 0),
                (2, 1, 1, 0, 0),
                (3, 0, 2, 1, 1),
                (4, 1, 2, 1, 1),
                (5, 0, 3, 2, 0)
            ]
        );
        // Same arguments, same openings (what resuming relies on).
        assert_eq!(g("a", 3).openings, groups[0].openings);
        assert_eq!(groups[0].openings.len(), 3);
        assert_ne!(group_seed(1, 0), group_seed(1, 1));
    }
}
