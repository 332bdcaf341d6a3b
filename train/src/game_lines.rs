//! A data file written game by game, as `net data` and `tune data` write theirs: one line per
//! kept position, each finished game flushed to disk (a stopped run keeps what it played),
//! with a progress bar counting games and positions. The first write error is kept and
//! reported at the end, so the self-play threads are never interrupted by it.

use crate::error::TrainError;
use crate::progress::bar;
use indicatif::ProgressBar;
use std::fs::File;
use std::io::{BufWriter, Write};

pub struct GameLines {
    out: BufWriter<File>,
    path: String,
    pb: ProgressBar,
    count: usize,
    error: Option<std::io::Error>,
}

impl GameLines {
    /// Creates (or truncates) `path` for a run of `games` games.
    pub fn create(path: &str, games: u64) -> Result<GameLines, TrainError> {
        let out = File::create(path)
            .map(BufWriter::new)
            .map_err(TrainError::write(path))?;
        Ok(GameLines {
            out,
            path: path.to_string(),
            pb: bar(games, "games"),
            count: 0,
            error: None,
        })
    }

    /// Writes one finished game's items, a line each, and flushes them.
    pub fn game<T>(&mut self, items: &[T], line: impl Fn(&T) -> String) {
        for item in items {
            if let Err(e) = writeln!(self.out, "{}", line(item)) {
                self.error.get_or_insert(e);
            }
        }
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
        self.count += items.len();
        self.pb.set_message(format!("{} positions", self.count));
        self.pb.inc(1);
    }

    /// Ends the run: the number of lines written, or the first write error.
    pub fn finish(mut self) -> Result<usize, TrainError> {
        self.pb.finish_and_clear();
        if let Some(e) = self.error.take() {
            return Err(TrainError::write(&self.path)(e));
        }
        self.out.flush().map_err(TrainError::write(&self.path))?;
        Ok(self.count)
    }
}
