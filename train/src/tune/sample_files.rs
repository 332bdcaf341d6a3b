//! Reading the files `tune data` wrote: every non-blank line of every file, in order, as a
//! sample; a line that does not read is reported with its file and line number.

use super::selfplay::{from_line, Sample};
use crate::error::TrainError;

/// The samples of `files`, in order.
pub fn read_samples(files: &[String]) -> Result<Vec<Sample>, TrainError> {
    let mut all = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(TrainError::read(f))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            all.push(from_line(line).map_err(|error| TrainError::SampleLine {
                path: f.clone(),
                line: i + 1,
                error,
            })?);
        }
    }
    Ok(all)
}
