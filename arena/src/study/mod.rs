//! `oblique study`: answers for the people who design these games, measured by self-play
//! (issue 35). A study is a schedule of games played with the match runner's machinery; its
//! PGN is the record, from which the report (JSON, Markdown, HTML with SVG charts) is made,
//! so an interrupted study resumes and the slices of a sharded one merge.
//!
//! - `stats`: scores, Elo and values in pawns with their 95 % intervals;
//! - `plan`: groups of games and the schedule;
//! - `play`: plays the schedule, appending to the PGN, with a progress bar;
//! - `run`: the output directory, resuming, playing what is missing, reading the record back;
//! - `games`: a study's games, from the PGN or just played;
//! - `odds`: start positions with a piece removed (`study values`);
//! - `balance`: the first mover's score, draws, lengths and endings (`study balance`);
//! - `playability`: mobility, length, first capture and check, against chess (`study playability`);
//! - `values`: piece values in pawns by material-odds self-play (`study values`);
//! - `charts`, `page`: the SVG charts and the report files;
//! - `error`: why a study could not run.

pub mod balance;
pub mod charts;
pub mod error;
pub mod games;
pub mod odds;
pub mod page;
pub mod plan;
pub mod play;
pub mod playability;
pub mod run;
pub mod stats;
pub mod values;
