//! `oblique serve`: starts the browser board (the `oblique-web` crate).

use crate::error::CliError;

/// Runs the web server until interrupted.
pub fn run(
    host: String,
    port: u16,
    threads: usize,
    hash: usize,
    open: bool,
) -> Result<(), CliError> {
    if hash == 0 || hash > 4096 {
        return Err(CliError::OutOfRange {
            what: "--hash",
            min: 1,
            max: 4096,
            unit: " MB",
            got: hash as u64,
        });
    }
    if threads == 0 || threads > 256 {
        return Err(CliError::out_of_range("--threads", 256, threads as u64));
    }
    oblique_web::serve(oblique_web::ServeOptions {
        host,
        port,
        threads,
        hash_mb: hash,
        open,
    })
    .map_err(CliError::Serve)
}
