//! `--shard K/N`: one deterministic slice of a match's schedule, so a long match can be
//! played on several machines (or by a distributed driver such as `tools/ray_match.py`)
//! and merged afterwards with `oblique match report`. Slice K of N plays the scheduled
//! games K, K+N, K+2N, ... (1-based), with the openings, colours and game numbers the whole
//! match would give them.

use crate::error::ShardError;

/// Slice `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this slice plays the scheduled game with 1-based `number`.
    pub fn plays(&self, number: usize) -> bool {
        number >= 1 && (number - 1) % self.count == self.index - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_schedule_once() {
        let shards: Vec<Shard> = (1..=3)
            .map(|k| Shard::parse(&format!("{k}/3")).expect("shard"))
            .collect();
        for n in 1..=20 {
            assert_eq!(shards.iter().filter(|s| s.plays(n)).count(), 1, "game {n}");
        }
        assert!(shards[0].plays(1) && shards[0].plays(4) && shards[2].plays(3));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
