//! `net train --init`: a network file to train further instead of random weights. It must
//! be a network of the game being trained and of the kind asked for (residual or whole
//! evaluation), and `--grow` may only add hidden units (up to `MAX_HIDDEN`). Its hidden
//! units (or the grown count) and buckets fix the shape of the network trained from it.

use crate::error::TrainError;
use oblique_eval::nnue::features::Layout;
use oblique_eval::nnue::network::{Network, MAX_HIDDEN};

/// Reads the start network at `path` for `layout`, checking it against `residual` and the
/// hidden units `grow` asks for.
pub fn read_start(
    path: &str,
    layout: &Layout,
    residual: bool,
    grow: Option<usize>,
) -> Result<Network, TrainError> {
    let bytes = std::fs::read(path).map_err(TrainError::read(path))?;
    let init_error = |error: String| TrainError::Init {
        path: path.to_string(),
        error,
    };
    let net = Network::read(&bytes, layout).map_err(|e| init_error(e.to_string()))?;
    if net.residual != residual {
        return Err(init_error(if net.residual {
            "a residual network: add --residual".into()
        } else {
            "a whole-evaluation network: drop --residual".into()
        }));
    }
    if let Some(h) = grow {
        if h < net.hidden || h > MAX_HIDDEN {
            return Err(init_error(format!(
                "--grow {h}: the network has {} hidden units; give {} to {MAX_HIDDEN}",
                net.hidden, net.hidden
            )));
        }
    }
    Ok(net)
}
