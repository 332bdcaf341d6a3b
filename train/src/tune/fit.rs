//! The fitting itself: the logistic model of a score's expected result, the scaling
//! constant K that best maps scores to results, and a coordinate search over integer
//! weights that keeps every step that lowers the loss. Generic over the loss (a closure of
//! the weight vector), so the same search fits the evaluation and the synthetic data of the
//! tests.

/// Expected result (1 win, 0 loss) of a score `s` in centipawns, for scaling constant `k`.
#[inline]
pub fn sigmoid(k: f64, s: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * s / 400.0))
}

/// Mean squared error of `scores` against `results` for constant `k`.
pub fn mse(k: f64, scores: &[i32], results: &[f64]) -> f64 {
    let n = scores.len().max(1) as f64;
    scores
        .iter()
        .zip(results)
        .map(|(&s, &r)| {
            let e = r - sigmoid(k, s as f64);
            e * e
        })
        .sum::<f64>()
        / n
}

/// The K in `0.05..=5` that minimises the error of fixed scores: a coarse scan, then
/// golden-section refinement around the best point.
pub fn fit_k(scores: &[i32], results: &[f64]) -> f64 {
    let loss = |k: f64| mse(k, scores, results);
    let mut best = (0.05, loss(0.05));
    let mut k = 0.05;
    while k <= 5.0 {
        let l = loss(k);
        if l < best.1 {
            best = (k, l);
        }
        k += 0.05;
    }
    let (mut lo, mut hi) = ((best.0 - 0.05).max(0.01), best.0 + 0.05);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What the search reports after each parameter it tried.
pub struct Step<'a> {
    pub pass: usize,
    pub index: usize,
    pub loss: f64,
    pub weights: &'a [i32],
}

/// Coordinate search over integer weights: for each weight in `free`, step up, then down;
/// a step that lowers the loss is kept and the step doubles (up to 64), else it halves
/// (down to 1). Stops after `passes` passes or a pass with no gain at step 1 everywhere.
/// Returns the weights and their loss.
pub fn coordinate_search(
    start: &[i32],
    free: &[usize],
    passes: usize,
    mut loss: impl FnMut(&[i32]) -> f64,
    mut on_step: impl FnMut(Step),
) -> (Vec<i32>, f64) {
    let mut x = start.to_vec();
    let mut best = loss(&x);
    let mut step: Vec<i32> = x.iter().map(|v| (v.abs() / 8).clamp(2, 16)).collect();
    for pass in 0..passes {
        let mut gained = false;
        for &i in free {
            let mut moved = false;
            for dir in [1, -1] {
                loop {
                    let old = x[i];
                    x[i] = old + dir * step[i];
                    let l = loss(&x);
                    if l < best {
                        best = l;
                        moved = true;
                        step[i] = (step[i] * 2).min(64);
                    } else {
                        x[i] = old;
                        break;
                    }
                }
                if moved {
                    break;
                }
            }
            if moved {
                gained = true;
            } else if step[i] > 1 {
                step[i] /= 2;
                gained = true;
            }
            on_step(Step {
                pass,
                index: i,
                loss: best,
                weights: &x,
            });
        }
        if !gained {
            break;
        }
    }
    (x, best)
}
