//! `oblique serve`: starts the browser board (the `oblique-web` crate).

/// Runs the web server until interrupted.
pub fn run(host: String, port: u16, threads: usize, hash: usize, open: bool) -> Result<(), String> {
    if hash == 0 || hash > 4096 {
        return Err(format!("--hash must be between 1 and 4096 MB, not {hash}"));
    }
    if threads == 0 || threads > 256 {
        return Err(format!(
            "--threads must be between 1 and 256, not {threads}"
        ));
    }
    oblique_web::serve(oblique_web::ServeOptions {
        host,
        port,
        threads,
        hash_mb: hash,
        open,
    })
}
