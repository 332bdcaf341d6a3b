//! Game files: the description of a 2D game as players write it, and the readers that
//! produce it. `schema` is the description; `toml_reader` reads our own format. The engine
//! turns a `GameFile` into move-generation tables; this crate knows nothing of bitboards.

pub mod betza;
pub mod error;
pub mod schema;
pub mod toml_reader;

pub use error::GameFileError;
pub use schema::GameFile;
