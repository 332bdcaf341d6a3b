//! Per-game evaluation tables of the 2D games, derived once from the game's geometry and
//! cached for the life of the process (one slot per game and bitboard width, `cache`).
//!
//! This file only holds the tables the evaluation reads and composes them: each term has
//! its own builder under `terms/` (board graph, material, pawn paths, piece squares, king
//! safety, the Diagonal Chess race), each with a note on how it is derived.

pub use crate::score::{s, S};
pub use crate::shared::FAR;
pub use crate::terms::board_graph::symmetry_orbits;
use crate::terms::board_graph::BoardGraph;
use crate::terms::king_safety::KingSafety;
use crate::terms::material::Material;
use crate::terms::pawn_paths::PawnPaths;
use crate::terms::race::Race;
use crate::terms::threats::Threats;
use crate::terms::{board, boards, squares};
pub use crate::terms::{Board, Pairs};
use crate::values::RoleValue;
use crate::weights::{self, Weights};
use oblique_engine::rules::{rules_for, Rules, RulesCache};
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::variant::VariantSpec;
use oblique_engine::Role;
use oblique_tables::Bitboard;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct GameTables<B: Bitboard> {
    /// The game's network, when it plays with one (`nnue::nets`); the tables below are
    /// then the hand-written evaluation's, kept for the tuner and for games without one.
    pub net: Option<&'static crate::nnue::network::Network>,
    /// Unique per build (never 0): the pawn cache's key, so tables built for another trial
    /// of the tuner never read this one's entries.
    pub id: usize,
    /// The weights the tables were built with.
    pub w: Weights,
    /// Live mobility weight per role index (copied from `w` for the evaluation's loop).
    pub mobility: [S; ROLE_COUNT],
    pub rules: &'static Rules<B>,
    pub n: usize,
    pub values: Vec<RoleValue>,
    /// Value per role index (king 0).
    pub value: [i32; ROLE_COUNT],
    /// Non-pawn, non-king roles of the game.
    pub pieces: Vec<Role>,
    /// The same as a bit set of role indices.
    pub present: u16,
    /// Where the king lands castling king side / queen side, per colour.
    pub castle_to: [[u8; 2]; 2],
    /// Material + piece-square (+ mobility centring) per colour, role, cell.
    pub psq: [[Board<S>; ROLE_COUNT]; 2],
    pub king: Board<B>,
    pub pawn_capture: [Board<B>; 2],
    /// King-attack weight per role.
    pub attack_weight: [i32; ROLE_COUNT],
    pub zone: [Board<B>; 2],
    pub shield1: [Board<B>; 2],
    pub shield2: [Board<B>; 2],
    /// Share of the shield bonus a king on the cell earns, in halves: 2 in its own camp,
    /// 1 one step out, 0 further (a king walking up behind its pawns is not sheltered).
    pub shield_scale: [Board<i32>; 2],
    pub passed_mask: [Board<B>; 2],
    pub passed_bonus: [Board<S>; 2],
    /// End-game weight of king proximity to a passed pawn.
    pub passed_king_weight: [Board<i32>; 2],
    /// Cells straight ahead of a pawn (its first quiet direction, repeated): an own pawn
    /// there makes it doubled.
    pub straight_ahead: [Board<B>; 2],
    /// Promotion gain (value of the best piece minus the pawn) by cell.
    pub gain: [Board<i32>; 2],
    /// Quiet steps to the promotion zone (FAR if none).
    pub qdist: [Board<u8>; 2],
    /// Every cell the pawn's quiet moves can take it to.
    pub front_span: [Board<B>; 2],
    /// King distance to a pawn's next cells on a shortest way to promotion:
    /// `[c][pawn << 7 | king]`.
    pub block_kdist: [Pairs; 2],
    /// King distance to the nearest promotion cell of a pawn: `[c][pawn << 7 | king]`.
    pub promo_kdist: [Pairs; 2],
    /// Diagonal Chess: quiet steps to the goal (FAR if not on a way there), and the cells
    /// of that way (goal included).
    pub goal_dist: [Board<u8>; 2],
    pub goal_path: [Board<B>; 2],
    pub has_goal: bool,
    /// King-step distance: `[a << 7 | b]`.
    pub king_dist: Pairs,
    /// Centrality: mean king distance to every cell, below the board's mean, times 16.
    pub centre16: Board<i32>,
    /// Non-pawn material of the start position, both sides (the phase scale).
    pub phase_max: i32,
    /// `(phase_max.min(npm) * phase_mult) >> 16` is the phase in 0..=256.
    pub phase_mult: i32,
    pub bishop_pair: S,
    /// Threats by lesser pieces: the victim roles and their lesser attackers.
    pub threats: Threats,
    /// Largest minor-piece value (draw scaling).
    pub minor_max: i32,
}

impl<B: Bitboard + RulesCache> GameTables<B> {
    /// The tables of a game with its own weights (its tuned file, else the hand values).
    pub fn build(spec: &'static VariantSpec) -> GameTables<B> {
        GameTables::build_with(spec, weights::for_game(spec.name))
    }

    /// The tables of a game with the given weights (the tuner builds one per trial).
    pub fn build_with(spec: &'static VariantSpec, w: Weights) -> GameTables<B> {
        let rules: &'static Rules<B> = rules_for::<B>(spec).expect("a registered game");
        let n = rules.cells;
        let graph = BoardGraph::build(spec, rules);
        let material = Material::build(spec, rules, w.bishop_pair);
        let value = material.value;
        let paths =
            [0, 1].map(|c| PawnPaths::build(spec, rules, &graph, &value, w.passed_percent, c));
        let psq = squares::piece_squares(spec, rules, &graph, &value, &paths, &w);
        let king = KingSafety::build(rules, &graph, &material.pieces, &value);
        let race = Race::build(rules);
        let threats = Threats::build(&material.pieces, &value, &w);
        let [white, black] = paths;
        let per_colour = |f: fn(&PawnPaths<B>) -> &Vec<B>| [board(f(&white)), board(f(&black))];
        static NEXT_ID: AtomicUsize = AtomicUsize::new(1);
        GameTables {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            net: crate::nnue::nets::for_game::<B>(spec),
            mobility: std::array::from_fn(|i| w.mobility.get(i)),
            w,
            rules,
            n,
            present: material.present(),
            value,
            castle_to: king.castle_to,
            psq: psq.map(|by_role| by_role.map(|t| board(&t))),
            king: board(&rules.king),
            pawn_capture: boards(&rules.pawn_capture),
            attack_weight: king.attack_weight,
            zone: boards(&king.zone),
            shield1: boards(&king.shield1),
            shield2: boards(&king.shield2),
            shield_scale: boards(&king.shield_scale),
            straight_ahead: per_colour(|p| &p.straight_ahead),
            passed_mask: per_colour(|p| &p.passed_mask),
            front_span: per_colour(|p| &p.front_span),
            passed_bonus: [board(&white.passed_bonus), board(&black.passed_bonus)],
            passed_king_weight: [
                board(&white.passed_king_weight),
                board(&black.passed_king_weight),
            ],
            gain: [board(&white.gain), board(&black.gain)],
            qdist: [board(&white.qdist), board(&black.qdist)],
            block_kdist: [white.block_kdist, black.block_kdist],
            promo_kdist: [white.promo_kdist, black.promo_kdist],
            goal_dist: boards(&race.goal_dist),
            goal_path: boards(&race.goal_path),
            has_goal: race.has_goal,
            king_dist: graph.king_pairs(),
            centre16: board(&graph.centre16()),
            phase_max: material.phase_max,
            phase_mult: (256 << 16) / material.phase_max,
            bishop_pair: material.bishop_pair,
            threats,
            minor_max: material.minor_max,
            values: material.values,
            pieces: material.pieces,
        }
    }
}
