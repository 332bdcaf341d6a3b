//! The network evaluation: a small efficiently updatable neural network per game, trained
//! on the game's own self-play.
//!
//! * `data`: the self-play positions it learns from, labelled by search score and result.

pub mod accumulator;
pub mod data;
pub mod features;
pub mod nets;
pub mod network;
pub mod train;
