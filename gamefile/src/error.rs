//! One error type for every reader of game files: where (file, line when known) and why,
//! printed on one line the way compilers print them (`FILE:LINE: reason`).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFileError {
    /// The file's path as the user gave it (or a label such as `<built-in chess>`).
    pub file: String,
    /// 1-based line of the fault, when it can be pointed at.
    pub line: Option<usize>,
    pub reason: String,
}

impl GameFileError {
    pub fn new(file: &str, line: Option<usize>, reason: impl Into<String>) -> GameFileError {
        GameFileError {
            file: file.to_string(),
            line,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.reason),
            None => write!(f, "{}: {}", self.file, self.reason),
        }
    }
}

impl std::error::Error for GameFileError {}

/// The 1-based line holding byte `offset` of `text`.
pub fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The first line of `text` containing `needle` (to point at a value a later check
/// refused), if any.
pub fn line_of(text: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    text.find(needle).map(|at| line_at(text, at))
}
