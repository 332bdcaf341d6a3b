//! Game files: the description of a 2D game as players write it, and the readers that
//! produce it. `schema` is the description; `toml_reader` reads our own format, `ini`
//! Fairy-Stockfish's `variants.ini` (with `ini_rules`, `ini_game` and its built-in parents);
//! `betza` reads and writes piece moves in XBoard's Betza dialect, `fs_betza` in
//! Fairy-Stockfish's. The engine turns a `GameFile` into move-generation tables; this crate
//! knows nothing of bitboards.

pub mod betza;
pub mod error;
pub mod fs_betza;
pub mod ini;
pub mod ini_builtins;
pub mod ini_fen;
pub mod ini_game;
pub mod ini_promotion;
pub mod ini_rules;
pub mod schema;
pub mod toml_reader;

pub use error::GameFileError;
pub use schema::GameFile;
