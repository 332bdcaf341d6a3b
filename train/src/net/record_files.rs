//! Reading the files `net data` wrote: every non-blank line of every file, in order, as a
//! record, up to a limit; a line that does not read is reported with its file and line
//! number.

use super::data::Record;
use crate::error::TrainError;
use std::io::BufRead;

/// The records of `files`, in order; only the first `max` (0: all).
pub fn read_records(files: &[String], max: usize) -> Result<Vec<Record>, TrainError> {
    let mut all = Vec::new();
    for f in files {
        let file = std::fs::File::open(f).map_err(TrainError::read(f))?;
        for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(TrainError::read(f))?;
            if line.trim().is_empty() {
                continue;
            }
            let r = Record::from_line(&line).map_err(|e| TrainError::Record {
                path: f.clone(),
                line: i + 1,
                error: e.to_string(),
            })?;
            all.push(r);
            if max > 0 && all.len() >= max {
                return Ok(all);
            }
        }
    }
    Ok(all)
}
