//! Runs a match: checks the engines, builds the schedule, plays games in parallel, writes
//! each finished game to the PGN file at once (so Ctrl-C loses only unfinished games), shows
//! progress and prints the final report.

use crate::config::{EngineConfig, Proto, Tc};
use crate::engine::Engine;
use crate::error::{MatchError, NumbersError};
use crate::game::{self, Adjudication, GameSettings, PlayedGame, Seat};
use crate::openings::{self, Opening, Rng};
use crate::pgn::{self, PgnContext};
use crate::report::{self, short_line, Tally};
use crate::shard::Shard;
use crate::stats::{Sprt, SprtVerdict};
use crate::MatchArgs;
use indicatif::{ProgressBar, ProgressStyle};
use oblique_engine::AnyPosition;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1-based number in the whole match (also in a slice of it).
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub opening: usize,
}

/// Every pair of engines plays `games` games; game 2k and 2k+1 of a pair share opening k
/// with colours swapped. Pairs take turns so a stopped match stays balanced.
pub fn schedule(engines: usize, games: usize, openings: usize) -> Vec<Pairing> {
    let mut pairs = Vec::new();
    for i in 0..engines {
        for j in i + 1..engines {
            pairs.push((i, j));
        }
    }
    let mut out = Vec::new();
    for g in 0..games {
        for &(i, j) in &pairs {
            let (white, black) = if g % 2 == 0 { (i, j) } else { (j, i) };
            out.push(Pairing {
                number: out.len() + 1,
                white,
                black,
                opening: (g / 2) % openings.max(1),
            });
        }
    }
    out
}

fn parse_nums<const N: usize>(
    text: &str,
    flag: &'static str,
    shape: &'static str,
) -> Result<[i64; N], NumbersError> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() != N {
        return Err(NumbersError::Shape {
            flag,
            shape,
            text: text.to_string(),
        });
    }
    let mut out = [0i64; N];
    for (o, p) in out.iter_mut().zip(&parts) {
        *o = p.trim().parse().map_err(|_| NumbersError::NotWhole {
            flag,
            part: p.to_string(),
        })?;
        if *o < 0 {
            return Err(NumbersError::Negative {
                flag,
                part: p.to_string(),
            });
        }
    }
    Ok(out)
}

/// Everything checked and ready before the first game.
struct Plan {
    variant: String,
    cfgs: Vec<EngineConfig>,
    names: Vec<String>,
    settings: GameSettings,
    openings: Vec<Opening>,
    schedule: Vec<Pairing>,
    concurrency: usize,
    sprt: Option<Sprt>,
}

/// The file a game was loaded from (absolute, for engines started in another directory);
/// `None` for a built-in game.
fn game_file(variant: &str) -> Option<String> {
    let origin = oblique_engine::find_variant(variant)?.origin;
    let path = std::path::Path::new(origin);
    if !path.is_file() {
        return None;
    }
    Some(
        std::fs::canonicalize(path)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| origin.to_string()),
    )
}

fn plan(args: &MatchArgs, stop: &AtomicBool) -> Result<Plan, MatchError> {
    let variant = AnyPosition::new(
        args.variant.as_deref().unwrap_or("chess"),
        args.fen.as_deref(),
    )?
    .variant_name()
    .to_string();
    if args.engines.len() < 2 {
        return Err(MatchError::TooFewEngines);
    }
    let games = args.games.ok_or(MatchError::NoGames)?;
    if games == 0 {
        return Err(MatchError::ZeroGames);
    }
    let tc = match (&args.tc, args.movetime, args.depth) {
        (Some(t), None, None) => Tc::parse_fischer(t)?,
        (None, Some(ms), None) if ms > 0 => Tc::MoveTime(ms),
        (None, None, Some(d)) if (1..=100).contains(&d) => Tc::Depth(d),
        (None, Some(_), None) => return Err(MatchError::MoveTime),
        (None, None, Some(_)) => return Err(MatchError::Depth),
        _ => return Err(MatchError::NoLimit),
    };
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if sprt.is_some() && args.engines.len() != 2 {
        return Err(MatchError::SprtNeedsTwo);
    }
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    if shard.is_some() {
        if sprt.is_some() {
            return Err(MatchError::SprtWithShard);
        }
        if args.random_plies.is_some() && args.seed.is_none() {
            return Err(MatchError::ShardNeedsSeed);
        }
    }
    let adjudication = Adjudication {
        resign: args
            .resign
            .as_deref()
            .map(|t| parse_nums::<2>(t, "--resign", "MOVES:CP"))
            .transpose()?
            .map(|[m, cp]| (m.max(1) as u32, cp as i32)),
        draw: args
            .draw
            .as_deref()
            .map(|t| parse_nums::<3>(t, "--draw", "FROM:MOVES:CP"))
            .transpose()?
            .map(|[f, m, cp]| (f as u32, m.max(1) as u32, cp as i32)),
        max_moves: args.max_moves.filter(|&m| m > 0),
    };

    let openings = match (&args.openings, args.random_plies) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path).map_err(|error| MatchError::Read {
                path: path.clone(),
                error,
            })?;
            openings::parse_openings(&text, &variant)?
        }
        (None, Some(plies)) if plies > 0 => {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(1)
            });
            println!("Random openings: {plies} plies, seed {seed}");
            let fen = args
                .fen
                .as_deref()
                .map(|f| AnyPosition::new(&variant, Some(f)).map(|p| p.to_fen()))
                .transpose()?;
            openings::random_openings(
                &variant,
                fen.as_deref(),
                plies,
                games.div_ceil(2),
                &mut Rng::new(seed),
            )?
        }
        _ => vec![Opening {
            fen: args
                .fen
                .as_deref()
                .map(|f| AnyPosition::new(&variant, Some(f)).map(|p| p.to_fen()))
                .transpose()?,
            moves: Vec::new(),
        }],
    };

    // Start every engine once: protocol, name, and whether it plays this game.
    let mut cfgs = Vec::new();
    let mut names = Vec::new();
    for spec in &args.engines {
        let mut cfg = EngineConfig::parse(spec)?;
        if cfg.tc.is_some() && !matches!(tc, Tc::Fischer { .. }) {
            return Err(MatchError::EngineTcNeedsClock(cfg.label()));
        }
        let mut engine = Engine::start(&cfg, stop, args.debug.then(|| cfg.label()))?;
        let mut supports = engine.supports(&variant);
        // A game from a file that a UCI engine lacks but could load: hand it the file
        // (`VariantPath`), unless the user set that option, and ask again.
        if let Some(file) = game_file(&variant).filter(|_| {
            supports == Some(false)
                && engine.offers_variant_path()
                && !cfg
                    .options
                    .iter()
                    .any(|(k, _)| k.eq_ignore_ascii_case("VariantPath"))
        }) {
            engine.quit();
            cfg.options.push(("VariantPath".to_string(), file));
            engine = Engine::start(&cfg, stop, args.debug.then(|| cfg.label()))?;
            supports = engine.supports(&variant);
        }
        let proto = engine.proto;
        let id = engine.id_name.clone();
        let takes_positions = engine.takes_positions();
        engine.quit();
        if !takes_positions && openings.iter().any(|o| o.fen.is_some()) {
            return Err(MatchError::NoSetboard(cfg.label()));
        }
        match supports {
            Some(false) => {
                return Err(MatchError::Unsupported {
                    label: cfg.label(),
                    proto: proto.name(),
                    variant: variant.clone(),
                    why: if proto == Proto::Uci {
                        " (no such UCI_Variant value)"
                    } else {
                        " (not in its feature variants)"
                    },
                })
            }
            None => eprintln!(
                "warning: engine '{}' does not list the games it plays; trying {variant}",
                cfg.label()
            ),
            Some(true) => {}
        }
        if proto == Proto::Xboard {
            if let Tc::MoveTime(ms) = tc {
                if !ms.is_multiple_of(1000) {
                    return Err(MatchError::WholeSeconds(cfg.label()));
                }
            }
        }
        cfg.proto = Some(proto);
        names.push(cfg.name.clone().or(id).unwrap_or_else(|| cfg.label()));
        cfgs.push(cfg);
    }
    // Tell engines of the same name apart.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for n in names.iter_mut() {
        let count = seen.entry(n.clone()).or_insert(0);
        *count += 1;
        if *count > 1 {
            *n = format!("{n} ({count})");
        }
    }

    // Engines move in turn, so a game keeps at most its busiest engine's threads busy.
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let per_game = cfgs.iter().map(EngineConfig::threads).max().unwrap_or(1);
    let allowed = (cores / per_game).max(1);
    let mut concurrency = args.concurrency.max(1);
    if concurrency > allowed {
        eprintln!(
            "note: --concurrency {concurrency} would need more than {cores} cores \
             ({per_game} thread(s) per game); playing {allowed} at a time"
        );
        concurrency = allowed;
    }
    let mut schedule = schedule(cfgs.len(), games, openings.len());
    if let Some(shard) = shard {
        schedule.retain(|p| shard.plays(p.number));
        println!(
            "Slice {}/{}: {} of the match's games",
            shard.index,
            shard.count,
            schedule.len()
        );
    }
    concurrency = concurrency.min(schedule.len()).max(1);

    Ok(Plan {
        variant: variant.clone(),
        cfgs,
        names,
        settings: GameSettings {
            variant,
            tc,
            margin: Duration::from_millis(args.margin),
            stall: Duration::from_secs(args.stall_timeout.max(1)),
            adjudication,
        },
        openings,
        schedule,
        concurrency,
        sprt,
    })
}

/// Runs `oblique match`.
pub fn run(args: MatchArgs) -> Result<(), MatchError> {
    let stop = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let interrupted = interrupted.clone();
        ctrlc::set_handler(move || {
            interrupted.store(true, Ordering::SeqCst);
            stop.store(true, Ordering::SeqCst);
        })?;
    }
    let plan = plan(&args, &stop)?;
    let total = plan.schedule.len();
    let names = &plan.names;

    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|error| MatchError::Open {
                    path: path.clone(),
                    error,
                })?,
        ),
        None => None,
    };
    let date = pgn::today();
    let ctx = PgnContext {
        event: &args.event,
        site: "?",
        date: &date,
        tc: plan.settings.tc,
        engine_tcs: &plan.cfgs.iter().map(|c| c.tc).collect::<Vec<_>>(),
        names,
    };

    println!(
        "Match: {} in {}, {} games, {}, {} at a time",
        names.join(" vs "),
        plan.variant,
        total,
        match plan.settings.tc {
            Tc::Fischer { .. } => format!("tc {}", plan.settings.tc.pgn()),
            Tc::MoveTime(ms) => format!("{ms} ms per move"),
            Tc::Depth(d) => format!("depth {d}"),
        },
        plan.concurrency
    );
    for (n, c) in names.iter().zip(&plan.cfgs) {
        println!(
            "  {n}: {} ({}){}",
            c.command.join(" "),
            c.proto.map(Proto::name).unwrap_or("?"),
            c.tc.map(|t| format!(", tc {}", t.pgn()))
                .unwrap_or_default()
        );
    }

    let pb = ProgressBar::new(total as u64);
    pb.set_style(
        ProgressStyle::with_template("{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.enable_steady_tick(Duration::from_millis(500));

    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<PlayedGame>();
    let mut tally = Tally::default();
    let mut sprt_verdict = SprtVerdict::Continue;
    let mut write_error: Option<MatchError> = None;

    std::thread::scope(|scope| {
        for w in 0..plan.concurrency {
            let tx = tx.clone();
            let plan = &plan;
            let next = &next;
            let stop = &*stop;
            let debug = args.debug;
            scope.spawn(move || {
                let mut seats: Vec<Seat> = plan
                    .cfgs
                    .iter()
                    .zip(&plan.names)
                    .map(|(cfg, name)| Seat {
                        cfg: cfg.clone(),
                        engine: None,
                        trace: debug.then(|| format!("[{w}] {name}")),
                    })
                    .collect();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(p) = plan.schedule.get(k) else {
                        break;
                    };
                    let (white, black) = two_mut(&mut seats, p.white, p.black);
                    let rec = game::play_game(
                        &plan.settings,
                        &plan.openings[p.opening],
                        p.number,
                        [p.white, p.black],
                        [white, black],
                        stop,
                    );
                    match rec {
                        Some(r) => {
                            if tx.send(r).is_err() {
                                break;
                            }
                        }
                        None => break,
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

        for rec in rx.iter() {
            if let Err(e) = game::replay(&rec) {
                // Cannot happen: every move went through the arbiter. Say so loudly.
                pb.suspend(|| {
                    eprintln!("internal error: game {} does not replay: {e}", rec.number)
                });
            }
            tally.add(&rec);
            if let Some(f) = pgn_file.as_mut() {
                let text = pgn::game_pgn(&ctx, &rec);
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                    write_error.get_or_insert(MatchError::WritePgn(e));
                }
            }
            if !args.quiet {
                let line = format!(
                    "Finished game {} ({} vs {}): {} {{{}}}",
                    rec.number,
                    names[rec.white],
                    names[rec.black],
                    rec.result.pgn(),
                    rec.reason
                );
                pb.suspend(|| println!("{line}"));
            }
            pb.inc(1);
            pb.set_message(short_line(names, &tally));
            if let Some(s) = &plan.sprt {
                sprt_verdict = s.verdict(&tally.total(0));
                if sprt_verdict != SprtVerdict::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    pb.finish_and_clear();

    // The report.
    println!();
    if interrupted.load(Ordering::SeqCst) {
        println!("Interrupted: {} of {total} games finished", tally.finished);
    } else if sprt_verdict != SprtVerdict::Continue {
        println!(
            "Stopped by the SPRT after {} of {total} games",
            tally.finished
        );
    }
    report::print_report(names, &tally, plan.sprt.as_ref(), sprt_verdict);
    if let Some(path) = &args.pgn {
        println!("PGN: {} ({} games)", path.display(), tally.finished);
    }
    std::io::stdout().flush().ok();
    match write_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Two distinct elements of a slice, mutably.
fn two_mut<T>(v: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    assert_ne!(a, b, "an engine never plays itself");
    if a < b {
        let (l, r) = v.split_at_mut(b);
        (&mut l[a], &mut r[0])
    } else {
        let (l, r) = v.split_at_mut(a);
        (&mut r[0], &mut l[b])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_pairs_openings_and_colours() {
        let s = schedule(2, 5, 10);
        assert_eq!(s.len(), 5);
        assert_eq!(
            s[..4],
            [
                Pairing {
                    number: 1,
                    white: 0,
                    black: 1,
                    opening: 0
                },
                Pairing {
                    number: 2,
                    white: 1,
                    black: 0,
                    opening: 0
                },
                Pairing {
                    number: 3,
                    white: 0,
                    black: 1,
                    opening: 1
                },
                Pairing {
                    number: 4,
                    white: 1,
                    black: 0,
                    opening: 1
                },
            ]
        );
        assert_eq!(s[4].opening, 2);
        // Three engines: three pairs, every pair plays both colours of each opening.
        let s = schedule(3, 2, 1);
        assert_eq!(s.len(), 6);
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            assert!(s.iter().any(|p| p.white == i && p.black == j));
            assert!(s.iter().any(|p| p.white == j && p.black == i));
        }
        // Openings wrap around when there are fewer than games need.
        assert!(schedule(2, 8, 3).iter().all(|p| p.opening < 3));
    }

    #[test]
    fn adjudication_arguments() {
        assert_eq!(
            parse_nums::<2>("4:800", "--resign", "MOVES:CP"),
            Ok([4, 800])
        );
        assert!(parse_nums::<2>("4", "--resign", "MOVES:CP").is_err());
        assert!(parse_nums::<3>("40:8:x", "--draw", "FROM:MOVES:CP").is_err());
        assert!(parse_nums::<2>("-1:5", "--resign", "MOVES:CP").is_err());
    }
}
