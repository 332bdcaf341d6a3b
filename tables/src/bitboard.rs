//! One trait over `u64` and `u128` (and Star Trek's three-word cell sets in `engine`), so
//! positions and move generation are written once and monomorphised per board width:
//! orthodox chess never touches 128-bit arithmetic.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of cells this width can hold.
    const CAPACITY: usize;
    const EMPTY: Self;

    fn bit(index: usize) -> Self;
    fn has(self, index: usize) -> bool;
    fn count(self) -> u32;
    fn is_empty(self) -> bool;
    /// Index of the lowest set bit; undefined for an empty board.
    fn lsb(self) -> usize;
    /// Parallel bit extract: the bits of `self` selected by `mask`, packed to the bottom.
    fn pext(self, mask: Self) -> usize;

    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Every bit when `all`, none otherwise (a mask that keeps or clears a set).
    #[inline(always)]
    fn all_if(all: bool) -> Self {
        if all {
            !Self::EMPTY
        } else {
            Self::EMPTY
        }
    }

    #[inline(always)]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }

    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }

    /// Adds the cell `index`. Wide sets override it to work on one word.
    #[inline(always)]
    fn insert(&mut self, index: usize) {
        *self |= Self::bit(index);
    }

    /// Adds the cell `index` if absent, removes it if present. Wide sets override it to work
    /// on one word.
    #[inline(always)]
    fn toggle(&mut self, index: usize) {
        *self ^= Self::bit(index);
    }

    /// Removes the lowest set bit and returns its index (the set must not be empty). Wide
    /// sets override it to work on one word.
    #[inline(always)]
    fn pop_lsb(&mut self) -> usize {
        let i = self.lsb();
        *self ^= Self::bit(i);
        i
    }

    /// Sets every bit named by the indices.
    fn from_indices<I: IntoIterator<Item = usize>>(indices: I) -> Self {
        indices
            .into_iter()
            .fold(Self::EMPTY, |acc, i| acc | Self::bit(i))
    }
}

/// Iterates the set bits from lowest to highest.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B>(pub B);

impl<B: Bitboard> Iterator for BitIter<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for BitIter<B> {}

/// One 64-bit parallel bit extract (BMI2 where the target has it); public for bit sets of
/// other widths outside this crate.
#[inline(always)]
pub fn pext64(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the cfg guarantees the instruction exists on the compilation target.
        unsafe { core::arch::x86_64::_pext_u64(value, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut result = 0u64;
        let mut m = mask;
        let mut out = 0;
        while m != 0 {
            let low = m & m.wrapping_neg();
            if value & low != 0 {
                result |= 1 << out;
            }
            out += 1;
            m &= m - 1;
        }
        result
    }
}

/// The `Bitboard` impl of one unsigned integer width; `$pext` extracts the bits of the
/// board selected by a mask (one BMI2 instruction per 64-bit word).
macro_rules! impl_bitboard {
    ($t:ty, $pext:ident) => {
        impl Bitboard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;

            #[inline(always)]
            fn bit(index: usize) -> Self {
                (1 as $t) << index
            }
            #[inline(always)]
            fn has(self, index: usize) -> bool {
                self >> index & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn pext(self, mask: Self) -> usize {
                $pext(self, mask)
            }
        }
    };
}

#[inline(always)]
fn pext_u64(value: u64, mask: u64) -> usize {
    pext64(value, mask) as usize
}

/// Two 64-bit extracts, the high word's bits packed above the low word's.
#[inline(always)]
fn pext_u128(value: u128, mask: u128) -> usize {
    let lo_mask = mask as u64;
    let hi_mask = (mask >> 64) as u64;
    let lo = pext64(value as u64, lo_mask);
    let hi = pext64((value >> 64) as u64, hi_mask);
    (lo | hi << lo_mask.count_ones()) as usize
}

impl_bitboard!(u64, pext_u64);
impl_bitboard!(u128, pext_u128);

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_pext(v: u128, m: u128) -> usize {
        let mut r = 0usize;
        let mut k = 0;
        for i in 0..128 {
            if m >> i & 1 == 1 {
                if v >> i & 1 == 1 {
                    r |= 1 << k;
                }
                k += 1;
            }
        }
        r
    }

    #[test]
    fn pext_matches_definition_for_both_widths() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = x;
            let m = x.rotate_left(37) & x.rotate_right(11) & x.rotate_left(5);
            // keep masks small enough to index a usize result
            let m = m & 0x0000_FFFF_0000_0000_0000_FFFF_00FF_00FF;
            assert_eq!(v.pext(m), slow_pext(v, m));
            let (v64, m64) = (v as u64, m as u64);
            assert_eq!(v64.pext(m64), slow_pext(v64 as u128, m64 as u128));
        }
    }

    #[test]
    fn iteration_yields_indices_in_order() {
        let b: u128 = (1 << 3) | (1 << 70) | (1 << 127);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 70, 127]);
        let e: u64 = 0;
        assert_eq!(e.iter().count(), 0);
    }
}
