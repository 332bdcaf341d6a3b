//! Adam, the optimiser of the network trainer: per-parameter moments of the gradient,
//! bias-corrected, with the first layer clipped to what the engine's fixed point can hold
//! (`WEIGHT_LIMIT`).

use super::float_net::FloatNet;
use oblique_eval::nnue::network::WEIGHT_LIMIT;

/// Adam's moments for every parameter.
pub(crate) struct Adam {
    m: FloatNet,
    v: FloatNet,
    t: i32,
}

impl Adam {
    /// Zero moments for a network of this shape.
    pub(crate) fn new(inputs: usize, hidden: usize, buckets: usize) -> Adam {
        Adam {
            m: FloatNet::zeros(inputs, hidden, buckets),
            v: FloatNet::zeros(inputs, hidden, buckets),
            t: 0,
        }
    }

    pub(crate) fn step(&mut self, net: &mut FloatNet, grad: &FloatNet, lr: f32, n: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let update = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], clip: f32| {
            for (((p, g), m), v) in p.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                let g = g / n;
                *m = B1 * *m + (1.0 - B1) * g;
                *v = B2 * *v + (1.0 - B2) * g * g;
                *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
                *p = p.clamp(-clip, clip);
            }
        };
        update(
            &mut net.ft_w,
            &grad.ft_w,
            &mut self.m.ft_w,
            &mut self.v.ft_w,
            WEIGHT_LIMIT,
        );
        update(
            &mut net.ft_b,
            &grad.ft_b,
            &mut self.m.ft_b,
            &mut self.v.ft_b,
            WEIGHT_LIMIT,
        );
        update(
            &mut net.out_w,
            &grad.out_w,
            &mut self.m.out_w,
            &mut self.v.out_w,
            1e6,
        );
        update(
            &mut net.out_b,
            &grad.out_b,
            &mut self.m.out_b,
            &mut self.v.out_b,
            1e6,
        );
    }
}
