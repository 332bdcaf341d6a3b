//! Texel-style tuning of the 2D evaluation's weights from a game's own self-play (none of
//! these games has master games to learn from).
//!
//! * `selfplay`: seeded self-play at a fixed node budget after random opening plies; every
//!   quiet position (not in check, quiescence agrees with the static score) labelled with
//!   the game's result from White's side;
//! * `params`: the weights (`oblique_eval::weights::Weights`) as a flat vector of named
//!   integers and back, through their serde form, so every weight a data file can hold is
//!   tunable;
//! * `fit`: the logistic model `1 / (1 + 10^(-K s / 400))`, the scaling constant K, and a
//!   coordinate search over integer weights; generic over the loss so tests can fit
//!   synthetic data with known weights;
//! * `dataset`: labelled positions split by game into training, validation and held-out
//!   sets, and the mean squared error of an evaluation built with given weights;
//! * `sample_files`: reading the sample files back;
//! * `make_data`: `oblique tune data` (play, write the samples);
//! * `make_weights`: `oblique tune fit` (the fit's policy: K once, the validation gate, the
//!   report and the weights file).

pub mod dataset;
pub mod fit;
pub mod make_data;
pub mod make_weights;
pub mod params;
pub mod sample_files;
pub mod selfplay;

#[cfg(test)]
mod tests;
