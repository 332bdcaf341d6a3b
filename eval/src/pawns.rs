//! The pawn-role pieces' own terms (squares, advancement, which are passed, the cells they
//! attack) depend on the two pawn sets alone, and the search meets the same pawn structure
//! again and again: they are cached per thread, keyed by both pawn sets exactly (no
//! collisions, so the evaluation stays a pure function of the position).

use crate::game_tables::{GameTables, S};
use oblique_engine::Role;
use oblique_tables::Bitboard;
use std::cell::RefCell;

/// A bitboard width with a pawn cache of its own on every thread.
pub trait PawnCache: Bitboard {
    /// The bits folded into one word (hashing).
    fn fold(self) -> u64;
    /// Runs `f` on this thread's pawn cache of this width.
    fn with_pawn_cache<R>(f: impl FnOnce(&mut Vec<PawnEntry<Self>>) -> R) -> R;
}

thread_local! {
    static PAWNS64: RefCell<Vec<PawnEntry<u64>>> = const { RefCell::new(Vec::new()) };
    static PAWNS128: RefCell<Vec<PawnEntry<u128>>> = const { RefCell::new(Vec::new()) };
}

impl PawnCache for u64 {
    #[inline(always)]
    fn fold(self) -> u64 {
        self
    }
    #[inline(always)]
    fn with_pawn_cache<R>(f: impl FnOnce(&mut Vec<PawnEntry<u64>>) -> R) -> R {
        PAWNS64.with(|c| f(&mut c.borrow_mut()))
    }
}

impl PawnCache for u128 {
    #[inline(always)]
    fn fold(self) -> u64 {
        self as u64 ^ (self >> 64) as u64
    }
    #[inline(always)]
    fn with_pawn_cache<R>(f: impl FnOnce(&mut Vec<PawnEntry<u128>>) -> R) -> R {
        PAWNS128.with(|c| f(&mut c.borrow_mut()))
    }
}

/// Entries per thread and bitboard width.
pub const PAWN_CACHE_ENTRIES: usize = 1024;

/// The pawn terms of one pawn structure.
#[derive(Clone, Copy, Debug, Default)]
pub struct PawnEntry<B> {
    /// Id of the game's tables (`GameTables::id`; 0: empty slot).
    pub game: usize,
    pub pawns: [B; 2],
    /// Material and squares of each side's pawns.
    pub squares: [S; 2],
    /// Passed-pawn bonuses that do not depend on the kings.
    pub passed_bonus: [S; 2],
    /// Structure: doubled pawns, pawns defended by pawns.
    pub structure: [S; 2],
    /// Cells each side's pawns attack.
    pub attacks: [B; 2],
    /// Each side's passed pawns.
    pub passed: [B; 2],
}

#[inline(always)]
fn side<B: PawnCache, const C: usize>(t: &GameTables<B>, ours: B, theirs: B) -> (S, S, B, B, S) {
    let table = &t.psq[C][Role::Pawn.index()];
    let mut squares = S::default();
    let mut bonus = S::default();
    let mut attacks = B::EMPTY;
    let mut passed = B::EMPTY;
    for sq in ours.iter() {
        let sq = sq & 127;
        squares += table[sq];
        attacks |= t.pawn_capture[C][sq];
        if (t.passed_mask[C][sq] & theirs).is_empty() {
            bonus += t.passed_bonus[C][sq];
            passed |= B::bit(sq);
        }
    }
    let mut doubled = 0;
    for sq in ours.iter() {
        doubled += (t.straight_ahead[C][sq & 127] & ours).any() as i32;
    }
    let supported = (ours & attacks).count() as i32;
    let structure = t.w.doubled * doubled + t.w.supported * supported;
    (squares, bonus, attacks, passed, structure)
}

#[inline(never)]
fn compute<B: PawnCache>(t: &GameTables<B>, game: usize, pawns: [B; 2]) -> PawnEntry<B> {
    let (sw, bw, aw, pw, tw) = side::<B, 0>(t, pawns[0], pawns[1]);
    let (sb, bb, ab, pb, tb) = side::<B, 1>(t, pawns[1], pawns[0]);
    PawnEntry {
        game,
        pawns,
        squares: [sw, sb],
        passed_bonus: [bw, bb],
        structure: [tw, tb],
        attacks: [aw, ab],
        passed: [pw, pb],
    }
}

/// The pawn terms of a structure, from this thread's cache or computed (and stored).
#[inline(always)]
pub fn probe<B: PawnCache>(t: &GameTables<B>, pawns: [B; 2]) -> PawnEntry<B> {
    let game = t.id;
    let h = (pawns[0].fold() ^ pawns[1].fold().rotate_left(29) ^ game as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let idx = (h >> 54) as usize & (PAWN_CACHE_ENTRIES - 1);
    B::with_pawn_cache(|cache| {
        if cache.is_empty() {
            cache.resize(PAWN_CACHE_ENTRIES, PawnEntry::default());
        }
        let e = &mut cache[idx];
        if e.game != game || e.pawns != pawns {
            *e = compute(t, game, pawns);
        }
        *e
    })
}
