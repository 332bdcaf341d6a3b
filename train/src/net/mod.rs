//! Making the networks the engine plays with (`oblique_eval::nnue`): self-play records,
//! the trainer, and `net train`'s policy around it.
//!
//! * `data`: seeded self-play on several threads; every quiet position labelled with the
//!   search's score and the game's result (`Record`, one line each);
//! * `in_order`: work on one thread per search, results handed on in item order;
//! * `make_data`: `oblique net data` (play, write the records in game order);
//! * `merge_data`: `oblique net merge` (the slices of a sharded `net data` run into one file);
//! * `record_files`: reading record files back;
//! * `relabel`: `oblique net relabel` (a sample of the records scored again, deeper);
//! * `train_set`: records parsed once into flat input lists, split by game into training
//!   and held-out sets, images under the game's symmetries added;
//! * `config`: how to train (size, learning-rate schedule, target blend, scale);
//! * `float_net`: the network in floating point (forward, gradient, grow, tie, round);
//! * `adam`: the optimiser;
//! * `train`: the training loop (mini batches over the rayon pool, a report per epoch);
//! * `start_net`: `--init` and `--grow`, a network file to train further;
//! * `hand_bar`: the hand-written evaluation's held-out loss, the bar to clear;
//! * `best_epoch`: the epoch with the lowest held-out loss is the one kept;
//! * `rounding`: how far rounding to the fixed point moved the scores;
//! * `make_net`: `oblique net train`, the whole policy in order.

pub mod adam;
pub mod best_epoch;
pub mod config;
pub mod data;
pub mod float_net;
pub mod hand_bar;
pub mod in_order;
pub mod make_data;
pub mod make_net;
pub mod merge_data;
pub mod record_files;
pub mod relabel;
pub mod rounding;
pub mod start_net;
pub mod train;
pub mod train_set;
