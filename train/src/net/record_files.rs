//! Reading the files `net data` wrote: every non-blank line of every file, in order, as a
//! record, up to a limit (`read_records`), or handed one by one with its file and line to a
//! caller that checks more of it (`for_each_record`, as `net relabel` checks positions); a
//! line that does not read is reported with its file and line number.

use super::data::Record;
use crate::error::TrainError;
use std::io::BufRead;

/// Where a record was read: its file and line (from 1).
pub struct LineRef<'a> {
    pub path: &'a str,
    pub line: usize,
}

impl LineRef<'_> {
    /// The error of this line.
    pub fn error(&self, error: String) -> TrainError {
        TrainError::Record {
            path: self.path.to_string(),
            line: self.line,
            error,
        }
    }
}

/// Calls `each` with every record of `files`, in order, and where it was read; stops when
/// `each` answers `Ok(false)` or an error.
pub fn for_each_record(
    files: &[String],
    mut each: impl FnMut(LineRef, Record) -> Result<bool, TrainError>,
) -> Result<(), TrainError> {
    for f in files {
        let file = std::fs::File::open(f).map_err(TrainError::read(f))?;
        for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(TrainError::read(f))?;
            if line.trim().is_empty() {
                continue;
            }
            let at = LineRef {
                path: f,
                line: i + 1,
            };
            let r = Record::from_line(&line).map_err(|e| at.error(e.to_string()))?;
            if !each(at, r)? {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The records of `files`, in order; only the first `max` (0: all).
pub fn read_records(files: &[String], max: usize) -> Result<Vec<Record>, TrainError> {
    let mut all = Vec::new();
    for_each_record(files, |_, r| {
        all.push(r);
        Ok(max == 0 || all.len() < max)
    })?;
    Ok(all)
}
