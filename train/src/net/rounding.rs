//! How far rounding to the engine's fixed point moved a trained network's scores: the mean
//! absolute change in centipawns between the float network and its rounded file, over up
//! to 20,000 held-out positions (training ones when none is held out), which `net train`
//! prints so a rounding that spoils the network shows before it is played.

use super::float_net::FloatNet;
use super::train_set::TrainSet;
use oblique_eval::nnue::network::Network;

/// Positions the check looks at, at most.
pub const CHECKED: usize = 20_000;

/// The mean change in centipawns and the number of positions it was measured on.
pub fn rounding_drift(
    float: &FloatNet,
    rounded: &Network,
    train_set: &TrainSet,
    held_out: &TrainSet,
    scale: f32,
) -> (f64, usize) {
    let check = if held_out.is_empty() {
        train_set
    } else {
        held_out
    };
    let n = check.len().min(CHECKED);
    let drift: f64 = (0..n)
        .map(|i| {
            let (own, their, bucket) = check.position_inputs(i);
            let fixed = rounded.evaluate_bucket(own, their, bucket) as f32;
            (fixed - float.score_of(check, i, scale)).abs() as f64
        })
        .sum::<f64>()
        / n.max(1) as f64;
    (drift, n)
}
