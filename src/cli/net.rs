//! `oblique net`: the network evaluation's tools. `net data` plays seeded self-play games on
//! several threads and writes every quiet position with the search's score and the game's
//! result; `net train` fits a network to such records and writes the file the engine reads
//! (`eval/nets/<game>.nnue`); the work itself is `oblique_eval::nnue`.

use crate::error::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::variant::Width;
use oblique_engine::VariantSpec;
use oblique_engine::{Position, PositionError};
use oblique_eval::cache::EvalCache;
use oblique_eval::nnue::data::{generate, NetData, Record};
use oblique_eval::nnue::features::Layout;
use oblique_eval::nnue::features::NetPosition;
use oblique_eval::nnue::nets::network_layout;
use oblique_eval::nnue::network::{Network, MAX_BUCKETS, MAX_HIDDEN};
use oblique_eval::nnue::train::{self as trainer, load, Base, Reading, TrainConfig};
use oblique_eval::tune::fit::fit_k;
use oblique_eval::Evaluation;
use std::io::Write;

#[derive(Subcommand)]
pub enum NetCommand {
    /// Play seeded self-play games; write quiet positions with score and result.
    Data(DataArgs),
    /// Train a game's network on `net data` records; write the engine's file.
    Train(TrainArgs),
}

#[derive(Args)]
pub struct DataArgs {
    /// The game (`oblique variants` lists them).
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random legal moves at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of the random openings (the same seed gives the same data).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table per thread, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Output file (one `game result score position` line per position; appended to).
    #[arg(long)]
    out: String,
}

pub fn run(cmd: NetCommand) -> Result<(), CliError> {
    match cmd {
        NetCommand::Data(a) => data(a),
        NetCommand::Train(a) => {
            if a.variant
                .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
            {
                return train_startrek(a);
            }
            let spec = oblique_engine::find_variant(&a.variant)
                .ok_or_else(|| CliError::TuneGame(a.variant.clone()))?;
            match spec.width {
                Width::W64 => train_2d::<u64>(spec, a),
                Width::W128 => train_2d::<u128>(spec, a),
            }
        }
    }
}

fn data(a: DataArgs) -> Result<(), CliError> {
    if a.games == 0 || a.nodes == 0 {
        return Err(CliError::NoGamesOrNodes);
    }
    let cfg = NetData {
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        seed: a.seed,
        hash_mb: a.hash.clamp(1, 4096),
        threads: a.threads.clamp(1, 256),
    };
    let write_error = |error| CliError::Write {
        path: a.out.clone(),
        error,
    };
    let mut out = std::fs::File::create(&a.out)
        .map(std::io::BufWriter::new)
        .map_err(write_error)?;
    let pb = ProgressBar::new(a.games as u64);
    pb.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed}<{eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut count = 0usize;
    let mut error = None;
    let on_game = |_: usize, records: &[Record]| {
        for r in records {
            if let Err(e) = writeln!(out, "{}", r.to_line()) {
                error.get_or_insert(e);
            }
        }
        // Each finished game reaches the disk: a stopped run keeps what it played.
        if let Err(e) = out.flush() {
            error.get_or_insert(e);
        }
        count += records.len();
        pb.set_message(format!("{count} positions"));
        pb.inc(1);
    };
    let start = std::time::Instant::now();
    if a.variant
        .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
    {
        generate(&StarTrekPosition::start(), &Evaluation, &cfg, on_game)?;
    } else {
        let spec = oblique_engine::find_variant(&a.variant)
            .ok_or_else(|| CliError::TuneGame(a.variant.clone()))?;
        match spec.width {
            Width::W64 => generate(
                &Position::<u64>::start(spec).map_err(PositionError::from)?,
                &Evaluation,
                &cfg,
                on_game,
            )?,
            Width::W128 => generate(
                &Position::<u128>::start(spec).map_err(PositionError::from)?,
                &Evaluation,
                &cfg,
                on_game,
            )?,
        }
    }
    pb.finish_and_clear();
    if let Some(e) = error {
        return Err(write_error(e));
    }
    println!(
        "{} games, {count} positions in {:.1} s -> {}",
        a.games,
        start.elapsed().as_secs_f64(),
        a.out
    );
    Ok(())
}

#[derive(Args)]
pub struct TrainArgs {
    /// The game (a 2D game).
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Files written by `oblique net data` (all of the same game).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Hidden units.
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Output buckets (by the men left on the board).
    #[arg(long, default_value_t = 8)]
    buckets: usize,
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's learning rate (a third after 60 % of the epochs, a tenth after 85 %).
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.5)]
    wdl: f32,
    /// Train a correction to the hand-written evaluation (the engine adds the two) instead
    /// of the whole evaluation.
    #[arg(long)]
    residual: bool,
    /// Do not also learn from the positions' images under the symmetries of the game's
    /// rules (orthodox chess's left-right mirror, ...).
    #[arg(long)]
    no_symmetries: bool,
    /// Give a man's input and its images under those symmetries one first-layer weight, so
    /// that the network scores a position and its images exactly alike (what the escalator
    /// games' rules demand of their evaluation; it narrows each hidden unit to symmetric
    /// patterns, so a network trained without it loses much when tied).
    #[arg(long, conflicts_with = "no_symmetries")]
    tie: bool,
    /// Every N-th game is held out of training (its loss is reported).
    #[arg(long, default_value_t = 20)]
    held_out_every: usize,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Use only the first N positions (0: all).
    #[arg(long, default_value_t = 0)]
    max_positions: usize,
    /// Start from this network's weights instead of random ones (its hidden units, buckets
    /// and kind are kept; --hidden and --buckets are then ignored): more training for a
    /// network whose data is gone, on new data.
    #[arg(long, value_name = "FILE.nnue")]
    init: Option<String>,
    /// With --init: give the network this many hidden units (the new ones start with no
    /// say in the output, so it plays as before until training uses them).
    #[arg(long, value_name = "H", requires = "init")]
    grow: Option<usize>,
    /// Where to write the network.
    #[arg(long)]
    out: String,
}

fn read_records(files: &[String], max: usize) -> Result<Vec<Record>, CliError> {
    use std::io::BufRead;
    let mut all = Vec::new();
    for f in files {
        let read_error = |error| CliError::Read {
            path: f.clone(),
            error,
        };
        let file = std::fs::File::open(f).map_err(read_error)?;
        for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.map_err(read_error)?;
            if line.trim().is_empty() {
                continue;
            }
            let r = Record::from_line(&line).map_err(|e| CliError::Record {
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

fn train_2d<B: EvalCache>(spec: &'static VariantSpec, a: TrainArgs) -> Result<(), CliError> {
    // A game that shares another's network trains that network (its file names the owner).
    let layout = network_layout(
        Layout::of_game::<B>(spec).ok_or_else(|| CliError::TuneGame(a.variant.clone()))?,
    );
    let parse = |fen: &str| Position::<B>::from_fen(spec, fen).map_err(|e| e.to_string());
    let hand = |pos: &Position<B>| oblique_eval::eval2d::evaluate(pos);
    train_net(layout, &parse, &hand, a)
}

fn train_startrek(a: TrainArgs) -> Result<(), CliError> {
    let parse = |tfen: &str| StarTrekPosition::from_tfen(tfen).map_err(|e| e.to_string());
    let hand = |pos: &StarTrekPosition| oblique_eval::startrek::evaluate(pos);
    train_net(Layout::of_startrek(), &parse, &hand, a)
}

/// Trains a network for the game of `layout`, reading positions with `parse`; `hand` is the
/// hand-written evaluation (side to move's view), the bar and a residual network's base.
fn train_net<G: NetPosition>(
    layout: Layout,
    parse: &(dyn Fn(&str) -> Result<G, String> + Sync),
    hand: &Base<G>,
    mut a: TrainArgs,
) -> Result<(), CliError> {
    if a.hidden == 0 || a.hidden > MAX_HIDDEN {
        return Err(CliError::out_of_range(
            "--hidden",
            MAX_HIDDEN as u64,
            a.hidden as u64,
        ));
    }
    if a.buckets == 0 || a.buckets > MAX_BUCKETS {
        return Err(CliError::out_of_range(
            "--buckets",
            MAX_BUCKETS as u64,
            a.buckets as u64,
        ));
    }
    if a.epochs == 0 || a.batch == 0 {
        return Err(CliError::NoGamesOrNodes);
    }
    let start = std::time::Instant::now();
    // A start network fixes the shape of the one trained from it.
    let init = match &a.init {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|error| CliError::Read {
                path: path.clone(),
                error,
            })?;
            let net = Network::read(&bytes, &layout).map_err(|e| CliError::Init {
                path: path.clone(),
                error: e.to_string(),
            })?;
            if net.residual != a.residual {
                return Err(CliError::Init {
                    path: path.clone(),
                    error: if net.residual {
                        "a residual network: add --residual".into()
                    } else {
                        "a whole-evaluation network: drop --residual".into()
                    },
                });
            }
            if let Some(h) = a.grow {
                if h < net.hidden || h > MAX_HIDDEN {
                    return Err(CliError::Init {
                        path: path.clone(),
                        error: format!(
                            "--grow {h}: the network has {} hidden units; give {} to {MAX_HIDDEN}",
                            net.hidden, net.hidden
                        ),
                    });
                }
            }
            a.hidden = a.grow.unwrap_or(net.hidden);
            a.buckets = net.buckets;
            Some(net)
        }
        None => None,
    };
    let records = read_records(&a.data, a.max_positions)?;
    // The bar: the hand-written evaluation's own loss on the held-out positions (White's
    // view: score, result, record score).
    let hand_scores: Vec<(i32, f32, i32)> = records
        .iter()
        .filter(|r| a.held_out_every > 0 && r.game.is_multiple_of(a.held_out_every))
        .filter_map(|r| {
            let pos = parse(&r.fen).ok()?;
            let own = hand(&pos);
            let white = if pos.side_to_move() == oblique_engine::Color::White {
                own
            } else {
                -own
            };
            Some((white, r.result, r.score))
        })
        .collect();
    let reading = Reading {
        parse,
        held_out_every: a.held_out_every,
        buckets: a.buckets,
        base: a.residual.then_some(hand),
        augment: !a.no_symmetries,
    };
    let (train_set, held_out) =
        load(&layout, &records, &reading).map_err(|e| CliError::Record {
            path: a.data.join(" "),
            line: e.index + 1,
            error: e.message,
        })?;
    drop(records);
    if train_set.is_empty() {
        return Err(CliError::NoTrainingPositions);
    }
    let (scores, results) = train_set.scores_and_results();
    let k = fit_k(&scores, &results);
    let scale = (400.0 / (k * std::f64::consts::LN_10)) as f32;
    println!(
        "{}: {} training positions, {} held out ({:.1} s to read); {} inputs, {} hidden; scale {scale:.1} cp per logit (K {k:.4})",
        layout.game,
        train_set.len(),
        held_out.len(),
        start.elapsed().as_secs_f64(),
        layout.inputs(),
        a.hidden
    );
    let cfg = TrainConfig {
        hidden: a.hidden,
        buckets: a.buckets,
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        wdl: a.wdl.clamp(0.0, 1.0),
        scale,
        seed: a.seed,
        tied_inputs: if a.tie {
            layout.tied_inputs()
        } else {
            Vec::new()
        },
    };
    println!(
        "the search scores themselves: training loss {:.6}, held-out loss {:.6}",
        trainer::score_loss(&train_set, &cfg),
        trainer::score_loss(&held_out, &cfg)
    );
    let hand_loss = hand_scores
        .iter()
        .map(|&(white, result, score)| {
            let p = 1.0 / (1.0 + (-(white as f32) / scale).exp());
            let s = 1.0 / (1.0 + (-(score as f32) / scale).exp());
            let t = cfg.wdl * result + (1.0 - cfg.wdl) * s;
            ((p - t) * (p - t)) as f64
        })
        .sum::<f64>()
        / hand_scores.len().max(1) as f64;
    println!("the hand-written evaluation: held-out loss {hand_loss:.6}");
    let init = init.map(|net| {
        let mut net = trainer::FloatNet::from_network(&net, scale).grown(a.hidden, a.seed);
        net.tie(&cfg.tied_inputs);
        net
    });
    // The epoch with the lowest held-out loss is the one kept (the network stops there
    // rather than learning the training games by heart); a starting network is epoch 0, kept
    // if no epoch beats it.
    let mut last: Option<trainer::EpochReport> = None;
    let mut best: Option<(trainer::FloatNet, trainer::EpochReport)> = None;
    if let Some(net) = &init {
        let report = trainer::EpochReport {
            epoch: 0,
            lr: 0.0,
            train_loss: net.loss(&train_set, &cfg),
            held_out_loss: net.loss(&held_out, &cfg),
        };
        println!(
            "the starting network ({}): training loss {:.6}, held-out loss {:.6}",
            a.init.as_deref().unwrap_or(""),
            report.train_loss,
            report.held_out_loss
        );
        best = Some((net.clone(), report));
    }
    let last_net = trainer::train(
        layout.inputs(),
        &train_set,
        &held_out,
        &cfg,
        init,
        |r, net| {
            println!(
                "epoch {:>3}  lr {:.5}  training loss {:.6}  held-out loss {:.6}  [{:.0} s]",
                r.epoch,
                r.lr,
                r.train_loss,
                r.held_out_loss,
                start.elapsed().as_secs_f64()
            );
            last = Some(*r);
            if held_out.is_empty()
                || best
                    .as_ref()
                    .is_none_or(|(_, b)| r.held_out_loss < b.held_out_loss)
            {
                best = Some((net.clone(), *r));
            }
        },
    );
    let (net, kept) = match best {
        Some((net, r)) => (net, Some(r)),
        None => (last_net, last),
    };
    if let Some(r) = kept {
        println!("kept epoch {}", r.epoch);
    }
    let fit = kept.map_or(String::new(), |r| {
        format!(
            "{} training positions, {} held out; kept epoch {}: training loss {:.6}, held-out loss {:.6}",
            train_set.len(),
            held_out.len(),
            r.epoch,
            r.train_loss,
            r.held_out_loss
        )
    });
    let notes = format!(
        "{}\n{fit}\nscale {scale:.2} cp per logit",
        std::env::args().collect::<Vec<_>>().join(" ")
    );
    let quantized = net.quantize(&layout, scale, a.residual, notes);
    // How far rounding moved the scores (held-out positions, or training ones).
    let check = if held_out.is_empty() {
        &train_set
    } else {
        &held_out
    };
    let n = check.len().min(20_000);
    let drift: f64 = (0..n)
        .map(|i| {
            let (own, their, bucket) = check.position_inputs(i);
            let fixed = quantized.evaluate_bucket(own, their, bucket) as f32;
            (fixed - check.float_score(&net, i, scale)).abs() as f64
        })
        .sum::<f64>()
        / n.max(1) as f64;
    println!("rounded to fixed point: mean change {drift:.2} cp over {n} positions");
    std::fs::write(&a.out, quantized.to_bytes()).map_err(|error| CliError::Write {
        path: a.out.clone(),
        error,
    })?;
    println!("wrote {}", a.out);
    Ok(())
}
