//! The network evaluation: a small efficiently updatable neural network per game, trained
//! on the game's own self-play (none of these games has master games or another engine's
//! games to learn from). This is inference only: the self-play records and the trainer that
//! write a network file are the lab's (`oblique-train`, `net`).
//!
//! * `features`: what the network sees of a position (men by side, role and cell from each
//!   player's view; Star Trek's attack boards), and the symmetries of a game's rules.
//! * `network`: a trained network as the engine runs it, and its file.
//! * `accumulator`: the hidden layer's sums of the last position each thread evaluated,
//!   brought up to date by the difference of piece sets.
//! * `nets`: which games play with which network (compiled in, or `OBLIQUE_NET`).
//!
//! A network may be *residual*: a correction added to the hand-written evaluation, which
//! learns from far fewer games than a network that replaces it (README, "Network
//! evaluation").

pub mod accumulator;
pub mod features;
pub mod nets;
pub mod network;
