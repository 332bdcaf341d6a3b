//! What every study does around its own numbers: the output directory, resuming from the
//! PGN files already there, playing the missing games (this slice's, with `--shard`), then
//! reading every game back from the PGN files so that the report is made from the record
//! alone, whether the games were played now, before an interruption, or by other slices.

use crate::config::{EngineConfig, Tc};
use crate::shard::Shard;
use crate::study::error::StudyError;
use crate::study::games::{read_dir, StudyGame};
use crate::study::plan::{schedule, Group};
use crate::study::play::{check_engine, play, PlayOptions};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What every study is given.
#[derive(Clone, Debug)]
pub struct Setup {
    pub variant: String,
    /// Games per group.
    pub games: usize,
    /// The search limits to play at (two or more, to see whether answers depend on strength).
    pub limits: Vec<Tc>,
    pub concurrency: usize,
    pub shard: Option<Shard>,
    pub out: PathBuf,
    pub seed: u64,
    /// Random plies of opening.
    pub plies: usize,
    pub max_moves: Option<u32>,
    pub stall: Duration,
    pub engine: EngineConfig,
    /// The command line, for the report.
    pub command: String,
    pub quiet: bool,
    /// Make the report from the PGN files only (e.g. after slices were copied together).
    pub report_only: bool,
}

impl Setup {
    /// This setup, naming in its reports the command that played the games: with
    /// `--report-only`, the command recorded in the directory's `file` (`balance.json`, ...)
    /// by the run that played them, if there is one, with the report's own command beside it.
    pub fn with_recorded_command(&self, file: &str) -> Setup {
        let mut s = self.clone();
        if self.report_only {
            let recorded = std::fs::read_to_string(self.out.join(file))
                .ok()
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .and_then(|j| j["command"].as_str().map(str::to_string));
            if let Some(c) = recorded {
                // A report made before keeps the first command only.
                let played = c.split(" (report: ").next().unwrap_or(&c).to_string();
                s.command = format!("{played} (report: {})", self.command);
            }
        }
        s
    }
}

/// How a limit is named in group names and reports: `depth 2`, `tc 10+0.1`, `movetime 0.1`.
pub fn limit_label(tc: Tc) -> String {
    match tc {
        Tc::Depth(d) => format!("depth {d}"),
        Tc::Fischer { .. } => format!("tc {}", tc.pgn()),
        Tc::MoveTime(_) => format!("movetime {}", tc.pgn()),
    }
}

/// Plays what is missing of `groups` and returns every game of theirs in the directory's PGN
/// files. `running` gives the progress bar its line after each game (it sees the games
/// already played first).
pub fn play_and_collect(
    setup: &Setup,
    groups: &[Group],
    mut running: impl FnMut(&StudyGame) -> String,
) -> Result<Vec<StudyGame>, StudyError> {
    if setup.games == 0 {
        return Err(StudyError::NoGames);
    }
    std::fs::create_dir_all(&setup.out).map_err(|error| StudyError::Write {
        path: setup.out.clone(),
        error,
    })?;
    let read = || {
        read_dir(&setup.out).map_err(|error| StudyError::Read {
            path: setup.out.clone(),
            error,
        })
    };
    let names: BTreeSet<&str> = groups.iter().map(|g| g.name.as_str()).collect();
    let (before, _) = read()?;
    let before: Vec<StudyGame> = before
        .into_iter()
        .filter(|g| names.contains(g.group.as_str()))
        .collect();
    if !setup.report_only {
        let done: BTreeSet<(String, usize)> =
            before.iter().map(|g| (g.group.clone(), g.number)).collect();
        if !done.is_empty() {
            println!(
                "Resuming: {} game(s) of this study already in {}",
                done.len(),
                setup.out.display()
            );
        }
        for g in &before {
            running(g);
        }
        let engine = check_engine(&setup.engine, groups)?;
        let stop = Arc::new(AtomicBool::new(false));
        {
            let stop = stop.clone();
            // A second study in one process (tests) keeps the first handler.
            let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
        }
        let pgn = setup.out.join(match setup.shard {
            Some(s) => format!("games-{}-of-{}.pgn", s.index, s.count),
            None => "games.pgn".to_string(),
        });
        let sched = schedule(groups);
        println!(
            "Study: {} group(s), {} game(s) in the schedule, {} for this run{}, {} at a time; PGN {}",
            groups.len(),
            sched.len(),
            sched
                .iter()
                .filter(|s| setup.shard.is_none_or(|sh| sh.plays(s.number)))
                .filter(|s| !done.contains(&(groups[s.group].name.clone(), s.index)))
                .count(),
            setup
                .shard
                .map(|s| format!(" (slice {}/{})", s.index, s.count))
                .unwrap_or_default(),
            setup.concurrency.max(1),
            pgn.display()
        );
        let opts = PlayOptions {
            engine,
            concurrency: setup.concurrency,
            shard: setup.shard,
            max_moves: setup.max_moves,
            stall: setup.stall,
            pgn,
            quiet: setup.quiet,
        };
        let played = play(groups, &sched, &done, &opts, &stop, &mut running)?;
        if played.interrupted {
            println!(
                "Interrupted after {} new game(s); run the same command again to go on",
                played.games
            );
        }
    }
    let (all, left_out) = read()?;
    if left_out > 0 {
        eprintln!(
            "note: {left_out} game(s) in {} are not games of a study and were left out",
            setup.out.display()
        );
    }
    Ok(all
        .into_iter()
        .filter(|g| names.contains(g.group.as_str()))
        .collect())
}
