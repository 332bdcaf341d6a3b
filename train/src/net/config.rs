//! How a network is trained: its size, the schedule of the optimiser and what it learns
//! (the blend of game result and search score, on the scale fitted to the data). One value
//! shared by the float network, the training loop and `net train`'s policy.

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub hidden: usize,
    pub buckets: usize,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Weight of the game result in the target (the rest is the search score).
    pub wdl: f32,
    /// Centipawns per logit.
    pub scale: f32,
    pub seed: u64,
    /// Inputs whose first-layer weights are kept equal (`Layout::tied_inputs`; empty: none).
    pub tied_inputs: Vec<Vec<u32>>,
}

/// The learning rate of `epoch` (0-based): full for the first 60 % of the epochs, then a
/// third, then a tenth for the last 15 %.
pub fn learning_rate(cfg: &TrainConfig, epoch: usize) -> f32 {
    let f = epoch as f32 / cfg.epochs.max(1) as f32;
    cfg.lr
        * if f < 0.6 {
            1.0
        } else if f < 0.85 {
            0.3
        } else {
            0.1
        }
}
