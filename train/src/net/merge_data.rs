//! `oblique net merge`: joins the slices of one `net data` run (`--shard K/N`, played in
//! several processes or on a Ray cluster by `tools/ray_net_data.py`) into the file the run
//! played in one process writes, byte for byte: every game's lines in game-number order,
//! each game's lines as its slice wrote them.
//!
//! Why a merge and not training on the slices as they are: the trainer shuffles positions
//! from the order it reads them in, so the same records in another order train another
//! network, and a network's recorded command must give it again.
//!
//! The merge streams (a slice of a long run is hundreds of megabytes): each file is read a
//! game at a time, and the game with the lowest number among the files' next games is
//! written next. Every line is checked as a record, and a game that is out of order in its
//! file or found in two files is refused: those are not the slices of one run.

use super::data::Record;
use crate::error::TrainError;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Lines, Write};

/// One input file, read a game at a time.
struct Slice {
    path: String,
    lines: Lines<BufReader<File>>,
    line_no: usize,
    /// The first line of the next game, already read: (game, line).
    next: Option<(usize, String)>,
}

impl Slice {
    fn open(path: &str) -> Result<Slice, TrainError> {
        let file = File::open(path).map_err(TrainError::read(path))?;
        let mut s = Slice {
            path: path.to_string(),
            lines: BufReader::new(file).lines(),
            line_no: 0,
            next: None,
        };
        s.next = s.read_record()?;
        Ok(s)
    }

    /// The next non-blank line and its game number.
    fn read_record(&mut self) -> Result<Option<(usize, String)>, TrainError> {
        for line in self.lines.by_ref() {
            self.line_no += 1;
            let line = line.map_err(TrainError::read(&self.path))?;
            if line.trim().is_empty() {
                continue;
            }
            let r = Record::from_line(&line).map_err(|e| TrainError::Record {
                path: self.path.clone(),
                line: self.line_no,
                error: e.to_string(),
            })?;
            return Ok(Some((r.game, line)));
        }
        Ok(None)
    }

    fn order_error(&self, game: usize, why: &'static str) -> TrainError {
        TrainError::MergeOrder {
            path: self.path.clone(),
            line: self.line_no,
            game,
            why,
        }
    }

    /// Writes game `game`, whose first line `first` was the slice's next, to `out`.
    fn copy_game(
        &mut self,
        game: usize,
        first: &str,
        out: &mut impl Write,
        out_path: &str,
    ) -> Result<(), TrainError> {
        writeln!(out, "{first}").map_err(TrainError::write(out_path))?;
        loop {
            match self.read_record()? {
                Some((g, line)) if g == game => {
                    writeln!(out, "{line}").map_err(TrainError::write(out_path))?;
                }
                Some((g, _)) if g < game => {
                    return Err(self.order_error(g, "comes after a later game in its file"));
                }
                next => {
                    self.next = next;
                    return Ok(());
                }
            }
        }
    }
}

/// Merges the slice files `inputs` into `out` (created or truncated); returns the number of
/// games written.
pub fn run(inputs: &[String], out_path: &str) -> Result<usize, TrainError> {
    let mut slices = inputs
        .iter()
        .map(|p| Slice::open(p))
        .collect::<Result<Vec<_>, _>>()?;
    let file = File::create(out_path).map_err(TrainError::write(out_path))?;
    let mut out = BufWriter::new(file);
    let mut last: Option<usize> = None;
    let mut games = 0;
    // A few slices at most: a scan for the lowest next game is cheaper than a heap.
    while let Some(i) = (0..slices.len())
        .filter(|&i| slices[i].next.is_some())
        .min_by_key(|&i| slices[i].next.as_ref().map(|(g, _)| *g))
    {
        let slice = &mut slices[i];
        let Some((game, first)) = slice.next.take() else {
            break;
        };
        if last == Some(game) {
            return Err(slice.order_error(game, "is also in another file"));
        }
        slice.copy_game(game, &first, &mut out, out_path)?;
        last = Some(game);
        games += 1;
    }
    out.flush().map_err(TrainError::write(out_path))?;
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("oblique-merge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    fn line(game: usize, score: i32) -> String {
        format!("{game} 0.5 {score} 8/8/8/8/8/8/8/K1k5 w - - 0 1")
    }

    fn write(dir: &std::path::Path, name: &str, lines: &[String]) -> String {
        let p = dir.join(name);
        std::fs::write(&p, lines.join("\n") + "\n").expect("write");
        p.to_string_lossy().to_string()
    }

    #[test]
    fn slices_merge_in_game_order_keeping_each_games_lines() {
        let dir = scratch("order");
        let a = write(&dir, "a", &[line(0, 1), line(0, 2), line(2, 3), line(4, 4)]);
        let b = write(&dir, "b", &[line(1, 5), line(3, 6), line(3, 7)]);
        let out = dir.join("out").to_string_lossy().to_string();
        assert_eq!(run(&[b, a], &out).expect("merge"), 5);
        let merged = std::fs::read_to_string(&out).expect("read");
        let scores: Vec<&str> = merged
            .lines()
            .map(|l| l.split(' ').nth(2).unwrap_or(""))
            .collect();
        assert_eq!(scores, ["1", "2", "5", "3", "6", "7", "4"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn files_that_are_not_slices_of_one_run_are_refused() {
        let dir = scratch("refuse");
        let out = dir.join("out").to_string_lossy().to_string();
        let a = write(&dir, "a", &[line(0, 1), line(2, 2)]);
        let twice = write(&dir, "twice", &[line(2, 3)]);
        let err = run(&[a.clone(), twice], &out).expect_err("game 2 twice");
        assert!(
            err.to_string().contains("game 2 is also in another file"),
            "{err}"
        );
        let backwards = write(&dir, "backwards", &[line(3, 1), line(1, 2)]);
        let err = run(&[backwards], &out).expect_err("out of order");
        assert!(err.to_string().contains(":2: game 1 comes after"), "{err}");
        let broken = write(&dir, "broken", &[line(1, 1), "1 0.5 x".to_string()]);
        let err = run(&[a.clone(), broken], &out).expect_err("a broken line");
        assert!(err.to_string().contains("broken:2:"), "{err}");
        let missing = dir.join("missing").to_string_lossy().to_string();
        assert!(run(&[a, missing], &out).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
