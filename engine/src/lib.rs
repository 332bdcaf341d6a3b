//! Oblique's game engine: the games as data, positions, exact legal move generation, perft
//! and game-end detection. Everything here is generic over the bitboard width.

pub mod any;
pub mod diagram;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod rules;
pub mod search;
pub mod startrek;
pub mod types;
pub mod variant;
pub mod view;
pub mod zobrist;

pub use any::AnyPosition;
pub use fen::FenError;
pub use game::Game;
pub use movegen::{MoveList, MoveSink};
pub use position::Position;
pub use types::{Color, Move, MoveKind, Outcome, Piece, Role};
pub use variant::{find as find_variant, VariantSpec, VARIANTS};
