//! The 2D family: Slanted Escalator Chess and its Mini and Ultra forms, Diagonal Chess and
//! orthodox chess, every one a record (`variant`) over the same code, generic over the
//! bitboard width.
//!
//! * `variant` — the games as data, made from game files by `load` (the built-in games'
//!   files are embedded) and kept by `registry`; `piece_tables` — a piece's Betza moves as
//!   tables; `rules` — a game's tables, built once per process.
//! * `moves` — the 2D move kinds over the shared packed move.
//! * `position` — mailbox plus bitboards, keys, make/unmake; `movegen` — legal moves,
//!   compiled per piece-set `shape`; `no_checks` — the filter for games where giving check
//!   is illegal.
//! * `goal` — what a goal decides (at once, or after Black's reply in racing kings).
//! * `fen`, `notation`, `diagram` — text in and out.
//! * `outcome` — the facts the shared judge of finished games needs, dead positions.
//! * `game`, `search` — the family behind the shared `Game` and `SearchGame` traits.
//! * `gui` — what GUIs need to know about a game (XBoard name, pieces, piece table).
//!
//! It depends on the shared core (`types`, `zobrist`, `outcome`, `sink`, `game`, `search`)
//! and never on Star Trek chess.

pub mod diagram;
pub mod fen;
pub mod game;
pub mod goal;
pub mod gui;
pub mod load;
pub mod movegen;
pub mod moves;
pub mod no_checks;
pub mod notation;
pub mod outcome;
pub mod piece_tables;
pub mod position;
pub mod registry;
pub mod rules;
pub mod search;
pub mod shape;
pub mod special_moves;
pub mod variant;
