//! Plays a study's schedule with the match runner's machinery (`game::play_game`, engine
//! seats, the arbiter): self-play between two copies of one engine, each finished game
//! appended to the study's PGN at once (the PGN is the record: Ctrl-C loses only the games
//! in progress, and a rerun skips every game the PGN already holds), with a progress bar
//! showing games played, the running result and the time left.

use crate::config::{EngineConfig, Proto};
use crate::engine::Engine;
use crate::game::{self, Adjudication, GameSettings, PlayedGame, Seat};
use crate::pgn::{self, PgnContext};
use crate::shard::Shard;
use crate::study::error::StudyError;
use crate::study::games::{StudyGame, EVENT_PREFIX};
use crate::study::plan::{Group, Slot};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How to play.
pub struct PlayOptions {
    pub engine: EngineConfig,
    pub concurrency: usize,
    pub shard: Option<Shard>,
    /// A draw after this many moves.
    pub max_moves: Option<u32>,
    pub stall: Duration,
    /// The PGN file the games are appended to.
    pub pgn: PathBuf,
    /// No progress bar (tests, logs).
    pub quiet: bool,
}

/// What was played.
pub struct Played {
    pub games: usize,
    pub interrupted: bool,
}

/// The two engines' names in the PGN (two copies of one engine).
fn seat_names(cfg: &EngineConfig) -> [String; 2] {
    let l = cfg.label();
    [format!("{l} (1)"), format!("{l} (2)")]
}

/// Starts the engine once to see that it plays every game of the study and can be given
/// start positions.
pub fn check_engine(cfg: &EngineConfig, groups: &[Group]) -> Result<EngineConfig, StudyError> {
    let stop = AtomicBool::new(false);
    let engine = Engine::start(cfg, &stop, None)?;
    let proto = engine.proto;
    let takes_positions = engine.takes_positions();
    let mut refused = None;
    for g in groups {
        if engine.supports(&g.variant) == Some(false) {
            refused = Some(g.variant.clone());
            break;
        }
    }
    engine.quit();
    if let Some(variant) = refused {
        return Err(StudyError::Unsupported {
            engine: cfg.label(),
            variant,
        });
    }
    if !takes_positions && groups.iter().any(|g| g.fen.is_some()) {
        return Err(StudyError::NoSetboard(cfg.label()));
    }
    let mut cfg = cfg.clone();
    cfg.proto = Some(proto);
    Ok(cfg)
}

/// Plays the slots of `schedule` that this slice plays and `done` does not hold (keyed by
/// group name and index in the group), appending each game to the PGN and handing it to `seen`, which
/// returns the running result for the progress bar.
pub fn play(
    groups: &[Group],
    schedule: &[Slot],
    done: &BTreeSet<(String, usize)>,
    opts: &PlayOptions,
    stop: &AtomicBool,
    mut seen: impl FnMut(&StudyGame) -> String,
) -> Result<Played, StudyError> {
    let todo: Vec<Slot> = schedule
        .iter()
        .filter(|s| opts.shard.is_none_or(|sh| sh.plays(s.number)))
        .filter(|s| !done.contains(&(groups[s.group].name.clone(), s.index)))
        .copied()
        .collect();
    if todo.is_empty() {
        return Ok(Played {
            games: 0,
            interrupted: false,
        });
    }
    let names = seat_names(&opts.engine);
    let settings: Vec<GameSettings> = groups
        .iter()
        .map(|g| GameSettings {
            variant: g.variant.clone(),
            tc: g.tc,
            margin: Duration::from_millis(100),
            stall: opts.stall,
            adjudication: Adjudication {
                max_moves: opts.max_moves,
                ..Adjudication::default()
            },
        })
        .collect();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.pgn)
        .map_err(|error| StudyError::Write {
            path: opts.pgn.clone(),
            error,
        })?;
    let date = pgn::today();

    let pb = if opts.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(todo.len() as u64)
    };
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed} elapsed, ~{eta} left]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.enable_steady_tick(Duration::from_millis(500));

    // Engines move in turn, so a game keeps one core busy (more if the engine is told to
    // use more threads); more games than that only slow each other down.
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let allowed = (cores / opts.engine.threads()).max(1);
    if opts.concurrency > allowed {
        eprintln!(
            "note: --concurrency {} would need more than {cores} cores; playing {allowed} at a time",
            opts.concurrency
        );
    }
    let concurrency = opts.concurrency.min(allowed).clamp(1, todo.len());
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, PlayedGame)>();
    let mut played = 0;
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency {
            let tx = tx.clone();
            let (todo, next, settings) = (&todo, &next, &settings);
            let cfg = opts.engine.clone();
            scope.spawn(move || {
                let mut seats = [0, 1].map(|_| Seat {
                    cfg: cfg.clone(),
                    engine: None,
                    trace: None,
                });
                // The game the engines were started for: a UCI engine is told its game once
                // (orthodox chess by saying nothing), so a change of game starts them afresh.
                let mut playing: Option<&str> = None;
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(slot) = todo.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        break;
                    };
                    let g = &groups[slot.group];
                    if playing.is_some_and(|v| v != g.variant) {
                        for s in seats.iter_mut() {
                            if let Some(e) = s.engine.take() {
                                e.quit();
                            }
                        }
                    }
                    playing = Some(&g.variant);
                    let (a, b) = seats.split_at_mut(1);
                    let (white, black) = if slot.white == 0 {
                        (&mut a[0], &mut b[0])
                    } else {
                        (&mut b[0], &mut a[0])
                    };
                    let engines = [slot.white, 1 - slot.white];
                    let rec = game::play_game(
                        &settings[slot.group],
                        &g.openings[slot.opening],
                        slot.index,
                        engines,
                        [white, black],
                        stop,
                    );
                    let Some(r) = rec else { break };
                    if tx.send((slot.group, r)).is_err() {
                        break;
                    }
                }
                for s in seats {
                    if let Some(e) = s.engine {
                        e.quit();
                    }
                }
            });
        }
        drop(tx);
        for (gi, rec) in rx.iter() {
            let event = format!("{EVENT_PREFIX}{}", groups[gi].name);
            let ctx = PgnContext {
                event: &event,
                site: "?",
                date: &date,
                tc: groups[gi].tc,
                engine_tcs: &[],
                names: &names,
            };
            let text = pgn::game_pgn(&ctx, &rec);
            if let Err(e) = file.write_all(text.as_bytes()).and_then(|_| file.flush()) {
                write_error.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
            }
            played += 1;
            let line = seen(&StudyGame::from_played(&groups[gi].name, &rec));
            pb.inc(1);
            pb.set_message(line);
        }
    });
    pb.finish_and_clear();
    if let Some(error) = write_error {
        return Err(StudyError::Write {
            path: opts.pgn.clone(),
            error,
        });
    }
    Ok(Played {
        games: played,
        interrupted: stop.load(Ordering::SeqCst),
    })
}

/// The engine for self-play when none is given: this program's own UCI mode.
pub fn own_engine(exe: &std::path::Path) -> EngineConfig {
    EngineConfig {
        command: vec![exe.display().to_string(), "uci".to_string()],
        name: Some("Oblique".to_string()),
        proto: Some(Proto::Uci),
        options: Vec::new(),
        dir: None,
        tc: None,
    }
}
