//! Where built evaluation tables live: one slot per game and bitboard width for the life
//! of the process (`tables_for`), over the per-thread pawn caches of `pawns`.

use crate::game_tables::GameTables;
use crate::pawns::PawnCache;
use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::variant::MAX_GAMES;
use once_cell::sync::OnceCell;

/// Gives each bitboard width its own table slots (one per registered game, by its id) and
/// its own per-thread pawn cache.
pub trait EvalCache: RulesCache + PawnCache + crate::nnue::accumulator::NetCache {
    fn slots() -> &'static [OnceCell<&'static GameTables<Self>>];
}

static SLOTS64: [OnceCell<&'static GameTables<u64>>; MAX_GAMES] =
    [const { OnceCell::new() }; MAX_GAMES];
static SLOTS128: [OnceCell<&'static GameTables<u128>>; MAX_GAMES] =
    [const { OnceCell::new() }; MAX_GAMES];

impl EvalCache for u64 {
    fn slots() -> &'static [OnceCell<&'static GameTables<u64>>] {
        &SLOTS64
    }
}

impl EvalCache for u128 {
    fn slots() -> &'static [OnceCell<&'static GameTables<u128>>] {
        &SLOTS128
    }
}

/// The tables of the game a position is played in: one indexed load once built.
#[inline(always)]
pub fn tables_for<B: EvalCache>(rules: &'static Rules<B>) -> &'static GameTables<B> {
    match B::slots()[rules.spec.id].get() {
        Some(t) => t,
        None => build_slot(rules),
    }
}

#[cold]
#[inline(never)]
fn build_slot<B: EvalCache>(rules: &'static Rules<B>) -> &'static GameTables<B> {
    B::slots()[rules.spec.id].get_or_init(|| Box::leak(Box::new(GameTables::build(rules.spec))))
}

/// The tables of a game by name (tests and reports).
pub fn tables_by_name<B: EvalCache>(name: &str) -> Option<&'static GameTables<B>> {
    let spec = oblique_engine::find_variant(name)?;
    let rules = rules_for::<B>(spec).ok()?;
    Some(tables_for(rules))
}
