//! Where built evaluation tables live: one slot per game and bitboard width for the life
//! of the process (`tables_for`), over the per-thread pawn caches of `pawns`.

use crate::game_tables::GameTables;
use crate::pawns::PawnCache;
use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::VARIANTS;
use once_cell::sync::OnceCell;

/// Gives each bitboard width its own table slots (one per game of `VARIANTS`) and its own
/// per-thread pawn cache.
pub trait EvalCache: RulesCache + PawnCache + crate::nnue::accumulator::NetCache {
    fn slots() -> &'static [OnceCell<GameTables<Self>>];
}

static SLOTS64: [OnceCell<GameTables<u64>>; 16] = [const { OnceCell::new() }; 16];
static SLOTS128: [OnceCell<GameTables<u128>>; 16] = [const { OnceCell::new() }; 16];

impl EvalCache for u64 {
    fn slots() -> &'static [OnceCell<GameTables<u64>>] {
        &SLOTS64
    }
}

impl EvalCache for u128 {
    fn slots() -> &'static [OnceCell<GameTables<u128>>] {
        &SLOTS128
    }
}

/// The tables of the game a position is played in: a scan of at most a few pointer
/// comparisons once built.
#[inline(always)]
pub fn tables_for<B: EvalCache>(rules: &'static Rules<B>) -> &'static GameTables<B> {
    for slot in B::slots() {
        if let Some(t) = slot.get() {
            if std::ptr::eq(t.rules, rules) {
                return t;
            }
        }
    }
    build_slot(rules)
}

#[cold]
#[inline(never)]
fn build_slot<B: EvalCache>(rules: &'static Rules<B>) -> &'static GameTables<B> {
    let idx = VARIANTS
        .iter()
        .position(|v| v.name == rules.spec.name)
        .expect("a registered game");
    B::slots()[idx].get_or_init(|| GameTables::build(VARIANTS[idx]))
}

/// The tables of a game by name (tests and reports).
pub fn tables_by_name<B: EvalCache>(name: &str) -> Option<&'static GameTables<B>> {
    let spec = oblique_engine::find_variant(name)?;
    let rules = rules_for::<B>(spec).ok()?;
    Some(tables_for(rules))
}
