//! A set of the 144 Star Trek cells in three machine words, implementing the same `Bitboard`
//! trait as the 2D games' `u64`/`u128` (set algebra, scans, iteration).
//!
//! Cells are numbered in (level, rank, file) order, so word 0 holds levels 1–3 (16 + 16 + 32
//! cells), word 1 levels 4–6 (16 + 32 + 16) and word 2 level 7 (16). Because the numbering
//! follows the box's own linear order, the cells along any straight line in a direction with
//! a positive box offset have increasing numbers: the first piece on a ray is the lowest or
//! the highest set bit, exactly as with ordinary ray bitboards.

use oblique_tables::bitboard::pext64;
use oblique_tables::Bitboard;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Number of cells in the game (48 main-board squares + 24 pins × 4 attack-board squares).
pub const CELLS: usize = 144;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cells(pub [u64; 3]);

const TOP_MASK: u64 = 0xFFFF;

impl Cells {
    pub const ALL: Cells = Cells([u64::MAX, u64::MAX, TOP_MASK]);

    #[inline(always)]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    /// Highest cell; undefined on an empty set.
    #[inline(always)]
    pub fn msb(self) -> usize {
        if self.0[2] != 0 {
            191 - self.0[2].leading_zeros() as usize
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros() as usize
        } else {
            63usize.wrapping_sub(self.0[0].leading_zeros() as usize)
        }
    }
}

impl Bitboard for Cells {
    const CAPACITY: usize = CELLS;
    const EMPTY: Cells = Cells([0; 3]);

    #[inline(always)]
    fn bit(i: usize) -> Cells {
        let mut w = [0u64; 3];
        w[i >> 6] = 1u64 << (i & 63);
        Cells(w)
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// Lowest cell; undefined (returns 192) on an empty set.
    #[inline(always)]
    fn lsb(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else {
            128 + self.0[2].trailing_zeros() as usize
        }
    }

    #[inline(always)]
    fn insert(&mut self, i: usize) {
        self.set(i);
    }

    #[inline(always)]
    fn toggle(&mut self, i: usize) {
        self.0[i >> 6] ^= 1u64 << (i & 63);
    }

    /// Clears the lowest set bit within its own word.
    #[inline(always)]
    fn pop_lsb(&mut self) -> usize {
        let w = &mut self.0;
        if w[0] != 0 {
            let i = w[0].trailing_zeros() as usize;
            w[0] &= w[0] - 1;
            i
        } else if w[1] != 0 {
            let i = w[1].trailing_zeros() as usize;
            w[1] &= w[1] - 1;
            64 + i
        } else {
            let i = w[2].trailing_zeros() as usize;
            w[2] &= w[2] - 1;
            128 + i
        }
    }

    /// Three 64-bit extracts packed low word first (the mask must select at most 64 cells).
    #[inline(always)]
    fn pext(self, mask: Cells) -> usize {
        let mut out = 0u64;
        let mut shift = 0;
        for (&word, &m) in self.0.iter().zip(&mask.0) {
            if m != 0 {
                out |= pext64(word, m) << shift;
                shift += m.count_ones();
            }
        }
        out as usize
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    #[inline(always)]
    fn bitand(self, o: Cells) -> Cells {
        Cells([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Cells {
    type Output = Cells;
    #[inline(always)]
    fn bitor(self, o: Cells) -> Cells {
        Cells([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl BitXor for Cells {
    type Output = Cells;
    #[inline(always)]
    fn bitxor(self, o: Cells) -> Cells {
        Cells([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
}

impl Not for Cells {
    type Output = Cells;
    /// Complement within the 144 cells.
    #[inline(always)]
    fn not(self) -> Cells {
        Cells([!self.0[0], !self.0[1], !self.0[2] & TOP_MASK])
    }
}

impl BitAndAssign for Cells {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Cells) {
        *self = *self & o;
    }
}

impl BitOrAssign for Cells {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Cells) {
        *self = *self | o;
    }
}

impl BitXorAssign for Cells {
    #[inline(always)]
    fn bitxor_assign(&mut self, o: Cells) {
        *self = *self ^ o;
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_scans() {
        for i in 0..CELLS {
            let b = Cells::bit(i);
            assert!(b.has(i));
            assert_eq!(b.count(), 1);
            assert_eq!(b.lsb(), i);
            assert_eq!(b.msb(), i);
            assert_eq!((!b).count(), CELLS as u32 - 1);
        }
        let s = Cells::from_indices([3, 70, 140]);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 70, 140]);
        assert_eq!(s.lsb(), 3);
        assert_eq!(s.msb(), 140);
        assert_eq!(Cells::ALL.count(), 144);
        assert_eq!(!Cells::EMPTY, Cells::ALL);
    }
}
