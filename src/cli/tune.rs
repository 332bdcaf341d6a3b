//! `oblique tune`: fits a 2D game's evaluation weights to its own self-play (Texel's
//! method). `tune data` plays the seeded games and writes the labelled quiet positions;
//! `tune fit` fits the scaling constant K and then every weight on the training games,
//! reports the loss of the training and the held-out games before and after, and writes
//! the weights with the command that made them. The work itself is `oblique_eval::tune`.

use crate::error::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use oblique_engine::variant::{VariantSpec, Width};
use oblique_eval::cache::EvalCache;
use oblique_eval::tune::dataset::{split, Dataset};
use oblique_eval::tune::fit::{coordinate_search, fit_k};
use oblique_eval::tune::params::{flatten, unflatten};
use oblique_eval::tune::selfplay::{from_line, generate, to_line, Sample, SelfPlay};
use oblique_eval::weights::{self, Weights, WeightsFile};
use std::io::Write;

#[derive(Subcommand)]
pub enum TuneCommand {
    /// Play seeded self-play games and write their quiet positions, labelled by result.
    Data(DataArgs),
    /// Fit K and every weight to a data file; report training and held-out loss.
    Fit(FitArgs),
}

#[derive(Args)]
pub struct DataArgs {
    /// The game (a 2D game; `oblique variants` lists them).
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Random legal moves at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Seed of the random openings (the same seed gives the same data).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (one `game result fen` line per position).
    #[arg(long)]
    out: String,
}

#[derive(Args)]
pub struct FitArgs {
    #[arg(long, short, default_value = "chess")]
    variant: String,
    /// Data files written by `oblique tune data` (all of the same game).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Every N-th game is held out of the fit (0: none).
    #[arg(long, default_value_t = 10)]
    held_out_every: usize,
    /// Keep a step of the fit only if it also lowers the loss of validation games (game
    /// numbers half-way between held-out ones): stops the fit from learning the training
    /// games by heart.
    #[arg(long)]
    validate: bool,
    /// Passes over the weights.
    #[arg(long, default_value_t = 4)]
    passes: usize,
    /// Tune only the weights whose names start with one of these (default: all).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Write the tuned weights here (JSON, with the command and the fit).
    #[arg(long)]
    out: Option<String>,
}

fn spec_of(name: &str) -> Result<&'static VariantSpec, CliError> {
    oblique_engine::find_variant(name).ok_or_else(|| CliError::TuneGame(name.to_string()))
}

fn write_error(path: &str) -> impl FnOnce(std::io::Error) -> CliError + '_ {
    move |error| CliError::Write {
        path: path.to_string(),
        error,
    }
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30.cyan/blue}} {{pos}}/{{len}} {what}  {{msg}}  [{{elapsed}}<{{eta}}]"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb
}

pub fn run(cmd: TuneCommand) -> Result<(), CliError> {
    match cmd {
        TuneCommand::Data(a) => data(a),
        TuneCommand::Fit(a) => {
            let spec = spec_of(&a.variant)?;
            match spec.width {
                Width::W64 => fit::<u64>(spec, a),
                Width::W128 => fit::<u128>(spec, a),
            }
        }
    }
}

fn data(a: DataArgs) -> Result<(), CliError> {
    let spec = spec_of(&a.variant)?;
    if a.games == 0 || a.nodes == 0 {
        return Err(CliError::NoGamesOrNodes);
    }
    let cfg = SelfPlay {
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        seed: a.seed,
    };
    let mut out = std::fs::File::create(&a.out)
        .map(std::io::BufWriter::new)
        .map_err(write_error(&a.out))?;
    let pb = bar(a.games as u64, "games");
    let mut count = 0usize;
    let mut error = None;
    let on_game = |_: usize, samples: &[Sample]| {
        for s in samples {
            if let Err(e) = writeln!(out, "{}", to_line(s)) {
                error.get_or_insert(e);
            }
        }
        count += samples.len();
        pb.set_message(format!("{count} positions"));
        pb.inc(1);
    };
    let start = std::time::Instant::now();
    match spec.width {
        Width::W64 => drop(generate::<u64>(spec, &cfg, on_game)),
        Width::W128 => drop(generate::<u128>(spec, &cfg, on_game)),
    }
    pb.finish_and_clear();
    if let Some(e) = error {
        return Err(write_error(&a.out)(e));
    }
    out.flush().map_err(write_error(&a.out))?;
    println!(
        "{} games, {count} quiet positions in {:.1} s -> {}",
        a.games,
        start.elapsed().as_secs_f64(),
        a.out
    );
    Ok(())
}

fn read_samples(files: &[String]) -> Result<Vec<Sample>, CliError> {
    let mut all = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|error| CliError::Read {
            path: f.clone(),
            error,
        })?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            all.push(from_line(line).map_err(|error| CliError::SampleLine {
                path: f.clone(),
                line: i + 1,
                error,
            })?);
        }
    }
    Ok(all)
}

fn fit<B: EvalCache>(spec: &'static VariantSpec, a: FitArgs) -> Result<(), CliError> {
    let samples = read_samples(&a.data)?;
    let Dataset {
        train,
        validation,
        held_out,
    } = split::<B>(spec, &samples, a.held_out_every, a.validate)?;
    if train.is_empty() {
        return Err(CliError::NoTrainingPositions);
    }
    let start_w = weights::for_game(spec.name);
    let start_t = oblique_eval::game_tables::GameTables::<B>::build_with(spec, start_w.clone());
    let k = fit_k(&train.scores(&start_t), &train.results);
    let loss_of = |set: &oblique_eval::tune::dataset::Set<B>, w: &Weights| {
        if set.is_empty() {
            f64::NAN
        } else {
            set.loss(spec, w, k)
        }
    };
    let (train0, held0) = (loss_of(&train, &start_w), loss_of(&held_out, &start_w));
    println!(
        "{}: {} training positions, {} validating, {} held out; K = {k:.4}",
        spec.name,
        train.len(),
        validation.len(),
        held_out.len()
    );
    println!("before: training loss {train0:.6}, held-out loss {held0:.6}");
    let named = flatten(&start_w);
    let values: Vec<i32> = named.iter().map(|(_, v)| *v).collect();
    let free: Vec<usize> = (0..named.len())
        .filter(|&i| a.only.is_empty() || a.only.iter().any(|p| named[i].0.starts_with(p)))
        .collect();
    let pb = bar((a.passes * free.len()) as u64, "weights tried");
    // The coordinate search keeps a step exactly when its loss is below the best so far,
    // so these track what it kept.
    let mut current_train = train0;
    let mut best_validation = loss_of(&validation, &start_w);
    let valid0 = best_validation;
    let (tuned, _) = coordinate_search(
        &values,
        &free,
        a.passes,
        |x| {
            let w = unflatten(&start_w, x);
            if !validation.is_empty() {
                // Refused (infinite loss) unless the validation games agree.
                let v = validation.loss(spec, &w, k);
                if v > best_validation {
                    return f64::INFINITY;
                }
                let l = train.loss(spec, &w, k);
                if l < current_train {
                    current_train = l;
                    best_validation = v;
                }
                return l;
            }
            train.loss(spec, &w, k)
        },
        |step| {
            pb.set_message(format!(
                "pass {} {} = {} loss {:.6}",
                step.pass + 1,
                named[step.index].0,
                step.weights[step.index],
                step.loss
            ));
            pb.inc(1);
        },
    );
    pb.finish_and_clear();
    let tuned_w = unflatten(&start_w, &tuned);
    let (train1, held1) = (loss_of(&train, &tuned_w), loss_of(&held_out, &tuned_w));
    if !validation.is_empty() {
        println!(
            "validation loss {valid0:.6} -> {:.6}",
            loss_of(&validation, &tuned_w)
        );
    }
    println!("after:  training loss {train1:.6}, held-out loss {held1:.6}");
    for ((name, old), new) in named.iter().zip(&tuned) {
        if old != new {
            println!("  {name}: {old} -> {new}");
        }
    }
    if let Some(out) = a.out {
        let file = WeightsFile {
            game: spec.name.to_string(),
            command: std::env::args().collect::<Vec<_>>().join(" "),
            fit: format!(
                "K {k:.4}; {} training positions: loss {train0:.6} -> {train1:.6}; {} held out: {held0:.6} -> {held1:.6}",
                train.len(),
                held_out.len()
            ),
            weights: tuned_w,
        };
        let text = serde_json::to_string_pretty(&file)?;
        std::fs::write(&out, text + "\n").map_err(write_error(&out))?;
        println!("wrote {out}");
    }
    Ok(())
}
