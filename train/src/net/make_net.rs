//! `oblique net train`: the policy that turns `net data` files into the engine's network
//! file. In order: the shape is checked (hidden units, buckets, epochs and batch); a start
//! network (`--init`, `start_net`) fixes the shape instead; the records are read
//! (`record_files`) and the hand-written evaluation's held-out loss taken as the bar
//! (`hand_bar`); the positions are loaded (`train_set`) and the scale fitted to their scores
//! (K of `tune::fit`, turned into centipawns per logit); the search scores' own loss and
//! the bar are printed; the network is trained (`train`), the epoch with the lowest
//! held-out loss kept (`best_epoch`), rounded to the fixed point with the command and fit
//! in its notes, the rounding's drift printed (`rounding`), and the file written.
//!
//! A game that shares another's network trains that network (its file names the owner);
//! Star Trek chess reads TFEN and is scored by its own hand-written evaluation.

use super::best_epoch::BestEpoch;
use super::config::TrainConfig;
use super::float_net::FloatNet;
use super::hand_bar::HandBar;
use super::record_files::read_records;
use super::rounding::rounding_drift;
use super::start_net::read_start;
use super::train::{score_loss, train, EpochReport};
use super::train_set::{load, Base, Reading};
use crate::error::TrainError;
use crate::tune::fit::fit_k;
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::variant::Width;
use oblique_engine::{Position, VariantSpec};
use oblique_eval::cache::EvalCache;
use oblique_eval::nnue::features::{Layout, NetPosition};
use oblique_eval::nnue::nets::network_layout;
use oblique_eval::nnue::network::{MAX_BUCKETS, MAX_HIDDEN};

/// A `net train` run.
#[derive(Clone, Debug)]
pub struct NetTrainJob {
    /// The game (a 2D game or Star Trek chess).
    pub variant: String,
    /// Files written by `net data` (all of the same game).
    pub data: Vec<String>,
    pub hidden: usize,
    pub buckets: usize,
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's learning rate (`config::learning_rate` lowers it late).
    pub lr: f32,
    /// Weight of the game result in the target (brought into 0..=1).
    pub wdl: f32,
    /// A correction to the hand-written evaluation instead of the whole evaluation.
    pub residual: bool,
    /// Also learn from the positions' images under the symmetries of the game's rules.
    pub symmetries: bool,
    /// One first-layer weight per input and its images under those symmetries.
    pub tie: bool,
    /// Every N-th game is held out of training (0: none).
    pub held_out_every: usize,
    pub seed: u64,
    /// Only the first N positions (0: all).
    pub max_positions: usize,
    /// A network file to start from.
    pub init: Option<String>,
    /// With `init`: this many hidden units.
    pub grow: Option<usize>,
    /// Where to write the network.
    pub out: String,
    /// The command line that asked for the network, written into its notes.
    pub command: String,
}

/// Trains the network of `job.variant` and writes it.
pub fn run(job: NetTrainJob) -> Result<(), TrainError> {
    if job
        .variant
        .eq_ignore_ascii_case(oblique_engine::startrek::NAME)
    {
        let parse = |tfen: &str| StarTrekPosition::from_tfen(tfen).map_err(|e| e.to_string());
        let hand = |pos: &StarTrekPosition| oblique_eval::startrek::evaluate(pos);
        return train_net(Layout::of_startrek(), &parse, &hand, job);
    }
    let spec = oblique_engine::find_variant(&job.variant)
        .ok_or_else(|| TrainError::TuneGame(job.variant.clone()))?;
    match spec.width {
        Width::W64 => train_2d::<u64>(spec, job),
        Width::W128 => train_2d::<u128>(spec, job),
    }
}

fn train_2d<B: EvalCache>(spec: &'static VariantSpec, job: NetTrainJob) -> Result<(), TrainError> {
    // A game that shares another's network trains that network (its file names the owner).
    let layout = network_layout(
        Layout::of_game::<B>(spec).ok_or_else(|| TrainError::TuneGame(job.variant.clone()))?,
    );
    let parse = |fen: &str| Position::<B>::from_fen(spec, fen).map_err(|e| e.to_string());
    let hand = |pos: &Position<B>| oblique_eval::plane::evaluate(pos);
    train_net(layout, &parse, &hand, job)
}

fn out_of_range(what: &'static str, max: usize, got: usize) -> TrainError {
    TrainError::OutOfRange {
        what,
        max: max as u64,
        got: got as u64,
    }
}

/// Trains a network for the game of `layout`, reading positions with `parse`; `hand` is the
/// hand-written evaluation (side to move's view), the bar and a residual network's base.
fn train_net<G: NetPosition>(
    layout: Layout,
    parse: &(dyn Fn(&str) -> Result<G, String> + Sync),
    hand: &Base<G>,
    mut a: NetTrainJob,
) -> Result<(), TrainError> {
    if a.hidden == 0 || a.hidden > MAX_HIDDEN {
        return Err(out_of_range("--hidden", MAX_HIDDEN, a.hidden));
    }
    if a.buckets == 0 || a.buckets > MAX_BUCKETS {
        return Err(out_of_range("--buckets", MAX_BUCKETS, a.buckets));
    }
    if a.epochs == 0 || a.batch == 0 {
        return Err(TrainError::NoGamesOrNodes);
    }
    let start = std::time::Instant::now();
    // A start network fixes the shape of the one trained from it.
    let init = match &a.init {
        Some(path) => {
            let net = read_start(path, &layout, a.residual, a.grow)?;
            a.hidden = a.grow.unwrap_or(net.hidden);
            a.buckets = net.buckets;
            Some(net)
        }
        None => None,
    };
    let records = read_records(&a.data, a.max_positions)?;
    let bar = HandBar::collect(&records, a.held_out_every, parse, hand);
    let reading = Reading {
        parse,
        held_out_every: a.held_out_every,
        buckets: a.buckets,
        base: a.residual.then_some(hand),
        augment: a.symmetries,
    };
    let (train_set, held_out) =
        load(&layout, &records, &reading).map_err(|e| TrainError::Record {
            path: a.data.join(" "),
            line: e.index + 1,
            error: e.message,
        })?;
    drop(records);
    if train_set.is_empty() {
        return Err(TrainError::NoTrainingPositions);
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
        score_loss(&train_set, &cfg),
        score_loss(&held_out, &cfg)
    );
    println!(
        "the hand-written evaluation: held-out loss {:.6}",
        bar.loss(scale, cfg.wdl)
    );
    let init = init.map(|net| {
        let mut net = FloatNet::from_network(&net, scale).grown(a.hidden, a.seed);
        net.tie(&cfg.tied_inputs);
        net
    });
    let mut best = BestEpoch::default();
    if let Some(net) = &init {
        let report = EpochReport {
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
        best = BestEpoch::starting_with(net.clone(), report);
    }
    let last_net = train(
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
            best.offer(r, net, !held_out.is_empty());
        },
    );
    let (net, kept) = best.kept(last_net);
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
    let notes = format!("{}\n{fit}\nscale {scale:.2} cp per logit", a.command);
    let quantized = net.quantize(&layout, scale, a.residual, notes);
    let (drift, n) = rounding_drift(&net, &quantized, &train_set, &held_out, scale);
    println!("rounded to fixed point: mean change {drift:.2} cp over {n} positions");
    std::fs::write(&a.out, quantized.to_bytes()).map_err(TrainError::write(&a.out))?;
    println!("wrote {}", a.out);
    Ok(())
}
