//! `oblique serve`: starts the browser board (the `oblique-web` crate).

use crate::error::CliError;
use clap::Args;

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on (only this machine by default).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
    /// Most searches at once, one thread each (tabs beyond wait their turn).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB, per search thread.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// `oblique serve`.
pub fn command(args: ServeArgs) -> Result<(), CliError> {
    run(args.host, args.port, args.threads, args.hash, args.open)
}

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
