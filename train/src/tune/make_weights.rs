//! `oblique tune fit`: fits a 2D game's evaluation weights to `tune data` files and
//! reports what the fit did. The policy: positions are split by game (`dataset`); K is fitted
//! to the training positions' scores under the weights the game plays with now (its tuned
//! file, else the hand values), and kept for the whole fit; then the coordinate search
//! (`fit`) tries every chosen weight. With validation games, a step is kept only if it
//! does not raise their loss either (so the fit stops short of learning the training games
//! by heart). Training and held-out losses before and after, and every weight that moved,
//! are printed; the weights are written, with the command and the fit, if asked.

use super::dataset::{split, Dataset, Set};
use super::fit::{coordinate_search, fit_k};
use super::make_data::spec_of;
use super::params::{flatten, unflatten};
use super::sample_files::read_samples;
use crate::error::TrainError;
use crate::progress::bar;
use oblique_engine::variant::{VariantSpec, Width};
use oblique_eval::cache::EvalCache;
use oblique_eval::game_tables::GameTables;
use oblique_eval::weights::{self, Weights, WeightsFile};

/// A `tune fit` run.
#[derive(Clone, Debug)]
pub struct TuneFitJob {
    pub variant: String,
    /// Files written by `tune data` (all of the same game).
    pub data: Vec<String>,
    /// Every N-th game is held out of the fit (0: none).
    pub held_out_every: usize,
    /// Keep a step only if the validation games agree.
    pub validate: bool,
    /// Passes over the weights.
    pub passes: usize,
    /// Tune only the weights whose names start with one of these (empty: all).
    pub only: Vec<String>,
    /// Where to write the tuned weights (JSON).
    pub out: Option<String>,
    /// The command line that asked for the fit, written into the weights file.
    pub command: String,
}

/// Runs the fit on the game's own board width.
pub fn run(job: &TuneFitJob) -> Result<(), TrainError> {
    let spec = spec_of(&job.variant)?;
    match spec.width {
        Width::W64 => fit::<u64>(spec, job),
        Width::W128 => fit::<u128>(spec, job),
    }
}

fn fit<B: EvalCache>(spec: &'static VariantSpec, a: &TuneFitJob) -> Result<(), TrainError> {
    let samples = read_samples(&a.data)?;
    let Dataset {
        train,
        validation,
        held_out,
    } = split::<B>(spec, &samples, a.held_out_every, a.validate)?;
    if train.is_empty() {
        return Err(TrainError::NoTrainingPositions);
    }
    let start_w = weights::for_game(spec.name);
    let start_t = GameTables::<B>::build_with(spec, start_w.clone());
    let k = fit_k(&train.scores(&start_t), &train.results);
    let loss_of = |set: &Set<B>, w: &Weights| {
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
    if let Some(out) = &a.out {
        let file = WeightsFile {
            game: spec.name.to_string(),
            command: a.command.clone(),
            fit: format!(
                "K {k:.4}; {} training positions: loss {train0:.6} -> {train1:.6}; {} held out: {held0:.6} -> {held1:.6}",
                train.len(),
                held_out.len()
            ),
            weights: tuned_w,
        };
        let text = serde_json::to_string_pretty(&file)?;
        std::fs::write(out, text + "\n").map_err(TrainError::write(out))?;
        println!("wrote {out}");
    }
    Ok(())
}
