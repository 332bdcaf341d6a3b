//! Oblique's game engine: two sibling families of games over one shared core.
//!
//! * Shared core (what both families use): `types`, `packed_move` (the one move type),
//!   `error`, `zobrist`, `random`, `piece_sets` (where the pieces stand: mailbox, sets by
//!   colour and role, their keys), `turn` (side to move, clocks, key, history), `game` (the
//!   `Game` trait), `outcome` (the judge of finished games), `sink` (move sinks), `perft`,
//!   `search` (alpha-beta over any `SearchGame`).
//! * `plane`: the 2D games (records over one generic bitboard implementation).
//! * `startrek`: Star Trek tri-dimensional chess.
//! * `any`: a position of either family chosen at run time (CLI, protocols, front ends);
//!   `view`: what a front end draws of it (cells, pieces, legal moves as from/to/promotion,
//!   Star Trek's levels and attack boards); `record`: a played game (start position and
//!   moves) every front end keeps, and `pgn`, its text form.
//!
//! Imports run one way: the core never names a family, `plane` and `startrek` never name
//! each other, and only `any` and `view` name both.

pub mod any;
pub mod error;
pub mod game;
pub mod outcome;
pub mod packed_move;
pub mod perft;
pub mod pgn;
pub mod piece_sets;
pub mod plane;
pub mod random;
pub mod record;
pub mod search;
pub mod sink;
pub mod startrek;
mod turn;
pub mod types;
pub mod view;
pub mod zobrist;

// The 2D family's modules under their historical paths (`oblique_engine::position`, ...),
// so front ends written against them keep compiling.
pub use plane::{diagram, fen, movegen, notation, position, registry, rules, variant};

pub use any::{AnyPosition, PositionError};
pub use error::MoveError;
pub use fen::FenError;
pub use game::Game;
pub use movegen::MoveList;
pub use perft::Perft;
pub use piece_sets::PieceSets;
pub use plane::moves::{Move, MoveKind};
pub use position::Position;
pub use record::GameRecord;
pub use registry::{builtin as builtin_games, find as find_variant};
pub use sink::{MoveCounter, MoveSink};
pub use types::{Color, Outcome, Piece, Role};
pub use variant::VariantSpec;
