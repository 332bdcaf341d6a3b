//! The lab's progress bar: games played or weights tried, with a message and the time left,
//! on standard error, so that a long run shows it is moving and its printed results stay
//! clean on standard output.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps counting `what` ("games", "weights tried").
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30.cyan/blue}} {{pos}}/{{len}} {what}  {{msg}}  [{{elapsed}}<{{eta}}]"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb
}
