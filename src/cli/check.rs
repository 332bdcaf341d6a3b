//! `oblique check FILE`: what a game designer runs after writing a game file. It reads the
//! file as every command would, prints what Oblique understood (board, pieces with their
//! moves written out and values, promotion, first mover), then runs the file's own perft
//! entries and stops at the first wrong number with a non-zero exit.

use crate::error::CliError;
use clap::Args;
use oblique_engine::startrek;
use oblique_engine::variant::{BoardShape, Promotion, VariantSpec};
use oblique_engine::{AnyPosition, Role};
use oblique_gamefile::{betza, toml_reader};
use oblique_tables::ALL_DIRS;
use std::time::Instant;

#[derive(Args)]
pub struct CheckArgs {
    /// The game file (our TOML format).
    pub file: String,
    /// Skip perft entries deeper than this (default: run all).
    #[arg(long)]
    pub max_depth: Option<u32>,
}

/// `oblique check`.
pub fn command(args: CheckArgs) -> Result<(), CliError> {
    if let Ok(text) = std::fs::read_to_string(&args.file) {
        if toml_reader::family_of(&text).is_some() {
            return check_family(&args, &text);
        }
        // A built-in game's own file (engine/games/), as this binary embeds it.
        if let Some(spec) = oblique_engine::registry::builtin_of_text(&text) {
            describe(spec)?;
            return run_perft(spec, args.max_depth);
        }
    }
    let games = oblique_engine::registry::register_file(&args.file)?;
    for spec in games {
        describe(spec)?;
        run_perft(spec, args.max_depth)?;
    }
    Ok(())
}

fn describe(spec: &'static VariantSpec) -> Result<(), CliError> {
    let pos = AnyPosition::new(spec.name, None)?;
    println!("game {} ({})", spec.name, spec.title);
    let geom = match &pos {
        AnyPosition::W64(p) => Some(&p.rules().geom),
        AnyPosition::W128(p) => Some(&p.rules().geom),
        AnyPosition::StarTrek(_) => None,
    };
    let (files, ranks, cells) = geom.map_or((0, 0, 0), |g| (g.files, g.ranks, g.len()));
    // Directions in which a cell has more than one neighbour (a ray forks there).
    let forks = geom.map_or(0, |g| {
        (0..g.len())
            .flat_map(|c| ALL_DIRS.map(|d| g.neighbours(c, d).len()))
            .filter(|&n| n > 1)
            .count()
    });
    let shape = match spec.board {
        BoardShape::Grid {
            holes: [],
            barriers: [],
            ..
        } => "plain grid".to_string(),
        BoardShape::Grid {
            holes, barriers, ..
        } => format!(
            "grid with {} holes and {} barriers",
            holes.len(),
            barriers.len()
        ),
        BoardShape::Escalator(b) => format!("escalator board {}", b.key()),
        BoardShape::Graph(g) => {
            let holes = g.files as usize * g.ranks as usize - g.cells.len() - g.barriers.len();
            // Each leap of a table goes both ways: count it once.
            let tables: Vec<String> = geom.map_or_else(Vec::new, |geom| {
                geom.named_leaper_names()
                    .into_iter()
                    .map(|t| {
                        let ends: usize = geom
                            .named_leaper(t)
                            .map_or(0, |l| l.iter().map(Vec::len).sum());
                        let n = ends / 2;
                        format!("{t} ({n} leap{})", if n == 1 { "" } else { "s" })
                    })
                    .collect()
            });
            format!(
                "graph given cell by cell: {holes} holes, {} barriers, {forks} forked \
                 directions (cell and direction with two or more neighbours){}",
                g.barriers.len(),
                if tables.is_empty() {
                    String::new()
                } else {
                    format!(", leap tables {}", tables.join(", "))
                }
            )
        }
    };
    println!("board {files}x{ranks}, {cells} cells, {shape}");
    println!("first mover {}", pos.side_to_move().name());
    let values = oblique_eval::role_values(spec.name)?;
    for &role in spec.roles {
        let Some(p) = spec.pieces[role.index()] else {
            continue;
        };
        let moves = if role == Role::Pawn {
            format!(
                "steps {}; captures {}{}",
                dirs(spec.pawn.quiet),
                dirs(spec.pawn.capture),
                if spec.pawn.double_step_ranks.is_empty() {
                    String::new()
                } else {
                    let ranks: Vec<String> = spec
                        .pawn
                        .double_step_ranks
                        .iter()
                        .map(|r| (r + 1).to_string())
                        .collect();
                    format!("; double step from rank {}", ranks.join(", "))
                }
            )
        } else {
            let mut parts = Vec::new();
            if !p.moves.is_empty() {
                parts.push(betza::describe(p.moves));
            }
            if let Some(t) = p.table {
                parts.push(format!("leaps by the board's {t} table"));
            }
            if !p.jumps_barriers {
                parts.push("no leap across a barrier".to_string());
            }
            if !p.initial_ranks.is_empty() {
                let ranks: Vec<String> = p
                    .initial_ranks
                    .iter()
                    .map(|r| (r + 1).to_string())
                    .collect();
                parts.push(format!(
                    "first-move-only moves from rank {} (Black's mirrored)",
                    ranks.join(", ")
                ));
            }
            parts.join("; ")
        };
        let value = values.iter().find(|v| v.role == role).map_or_else(
            || "-".to_string(),
            |v| format!("{:.2}", v.value as f64 / 100.0),
        );
        println!(
            "piece {} {}{}: {} (Betza {}), value {}",
            p.letter.to_ascii_uppercase(),
            p.name,
            if role == Role::King { " (royal)" } else { "" },
            moves,
            if p.betza.is_empty() { "-" } else { p.betza },
            if role == Role::King {
                "-".to_string()
            } else {
                value
            }
        );
    }
    match spec.promotion {
        Promotion::LastRanks { ranks: 0, .. } => println!("promotion none"),
        Promotion::LastRanks {
            ranks,
            white,
            black,
        } => println!(
            "promotion on the last {ranks} rank(s) to {} (Black: {})",
            letters(spec, white),
            letters(spec, black)
        ),
        Promotion::PerSquare { white, black } => {
            let list = |squares: &[(&str, &[Role])]| -> String {
                squares
                    .iter()
                    .map(|(sq, roles)| format!("{sq}:{}", letters(spec, roles)))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            match black {
                None => println!("promotion per square {}", list(white)),
                Some(black) => println!(
                    "promotion per square {} (Black: {})",
                    list(white),
                    list(black)
                ),
            }
        }
    }
    let terms = spec.promotion_terms;
    if terms.optional {
        println!("promotion optional where the pawn could still move on");
    }
    let limits: Vec<String> = spec
        .roles
        .iter()
        .filter(|r| terms.limits[r.index()] > 0)
        .map(|&r| format!("{}:{}", spec.letter(r), terms.limits[r.index()]))
        .collect();
    if !limits.is_empty() {
        println!("promotion limits {}", limits.join(" "));
    }
    println!(
        "castling {}",
        if spec.castling.is_some() { "yes" } else { "no" }
    );
    println!("{}", oblique_engine::plane::outcome::describe_end(spec));
    describe_network(spec, &pos)
}

/// The network line: the file the game names and its size, or no line for a game without
/// one; a network that cannot be read or does not fit the game fails the check.
fn describe_network(spec: &'static VariantSpec, pos: &AnyPosition) -> Result<(), CliError> {
    use oblique_eval::nnue::nets::file_network;
    let found = match pos {
        AnyPosition::W64(_) => file_network::<u64>(spec),
        AnyPosition::W128(_) => file_network::<u128>(spec),
        AnyPosition::StarTrek(_) => None,
    };
    // A built-in game plays with the network compiled in for it, if any (eval/nets/).
    let built_in = || {
        let net = oblique_eval::nnue::nets::network_game(spec.name);
        oblique_eval::nnue::nets::EMBEDDED
            .iter()
            .any(|(g, _)| *g == net)
            .then_some(net)
    };
    match found {
        None => match built_in() {
            Some(net) => println!("network built in (eval/nets/{net}.nnue)"),
            None => println!("network none (the hand-written evaluation)"),
        },
        Some(Ok(net)) => println!(
            "network {} ({} hidden units, {} buckets{})",
            spec.network.unwrap_or("-"),
            net.hidden,
            net.buckets,
            if net.residual {
                ", added to the hand-written evaluation"
            } else {
                ""
            }
        ),
        Some(Err(e)) => {
            return Err(CliError::GameFile(oblique_gamefile::GameFileError::new(
                spec.origin,
                None,
                format!("[game] network: {e}"),
            )))
        }
    }
    Ok(())
}

fn dirs(list: &[oblique_tables::Dir]) -> String {
    let names: Vec<&str> = list.iter().map(|d| d.name()).collect();
    if names.is_empty() {
        "nowhere".to_string()
    } else {
        names.join(" ")
    }
}

fn letters(spec: &VariantSpec, roles: &[Role]) -> String {
    roles.iter().map(|&r| spec.letter(r)).collect()
}

/// A file of the Star Trek family (its record, `engine/games/startrek.toml`): what it
/// states, checked against the family, then its perft entries.
fn check_family(args: &CheckArgs, text: &str) -> Result<(), CliError> {
    let file = startrek::record::read(&args.file, text)?;
    let pos = AnyPosition::new(startrek::NAME, Some(&file.game.start))?;
    println!("game {} ({})", file.game.name, file.title());
    println!(
        "family {}: board, pieces, pawns, promotion and castling as the family plays them \
         (../shared/rules/startrek.md)",
        file.game.family
    );
    println!(
        "board {} box, {} cells: three fixed main boards and four attack boards on 24 pins \
         (at most 64 squares at a time)",
        startrek::BOARD,
        startrek::SQUARES
    );
    println!("pieces K Q R B N P, moving as in chess through the levels");
    println!("first mover {}", pos.side_to_move().name());
    let endings: Vec<String> = startrek::record::ENDINGS
        .iter()
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    println!("end {}, no goals", endings.join(", "));
    let entries: Vec<(Option<&str>, u32, u64)> = file
        .perft
        .iter()
        .map(|e| (e.fen.as_deref(), e.depth, e.nodes))
        .collect();
    run_entries(startrek::NAME, &entries, args.max_depth)
}

fn run_perft(spec: &'static VariantSpec, max_depth: Option<u32>) -> Result<(), CliError> {
    let entries: Vec<(Option<&str>, u32, u64)> = spec
        .perft
        .iter()
        .map(|e| (e.fen.as_deref(), e.depth, e.nodes))
        .collect();
    run_entries(spec.name, &entries, max_depth)
}

/// Runs perft entries (position or the start, depth, nodes) of game `name`; stops at the
/// first wrong number.
fn run_entries(
    name: &str,
    entries: &[(Option<&str>, u32, u64)],
    max_depth: Option<u32>,
) -> Result<(), CliError> {
    if entries.is_empty() {
        println!("perft no entries in the file");
    }
    for &(fen, depth, expected) in entries {
        if max_depth.is_some_and(|m| depth > m) {
            println!("perft depth {depth} skipped (--max-depth)");
            continue;
        }
        let mut pos = AnyPosition::new(name, fen)?;
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        let at = fen.unwrap_or("startpos");
        if nodes != expected {
            return Err(CliError::Check(format!(
                "perft {at} depth {depth}: {nodes} nodes, the file says {expected}"
            )));
        }
        println!("perft {at} depth {depth} = {nodes} ok ({secs:.2} s)");
    }
    Ok(())
}
