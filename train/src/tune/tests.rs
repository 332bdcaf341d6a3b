//! The tuner's tests: K and integer weights recovered from synthetic data made with known
//! values, the parameter vector round trip, reproducible self-play, the quiet-position test
//! on positions whose answer is plain from the rules, and a real fit that lowers its loss.
//! (That every weights file the tuner wrote still reads is `oblique_eval::weights`' test.)

use super::dataset::split;
use super::fit::{coordinate_search, fit_k, mse, sigmoid};
use super::params::{flatten, unflatten};
use super::selfplay::{from_line, generate, is_quiet, to_line, SelfPlay};
use oblique_engine::random::SplitMix64;
use oblique_engine::{find_variant, Position};
use oblique_eval::weights::Weights;
use oblique_eval::Evaluation;

#[test]
fn fit_k_recovers_the_constant_of_synthetic_labels() {
    let mut rng = SplitMix64::new(7);
    let scores: Vec<i32> = (0..4000).map(|_| rng.below(1201) as i32 - 600).collect();
    for true_k in [0.6, 1.3, 2.5] {
        let results: Vec<f64> = scores.iter().map(|&s| sigmoid(true_k, s as f64)).collect();
        let k = fit_k(&scores, &results);
        assert!(
            (k - true_k).abs() < 0.01,
            "K {k} for labels made with {true_k}"
        );
    }
}

#[test]
fn coordinate_search_recovers_known_integer_weights() {
    let truth = [30, -20, 55, 7];
    let mut rng = SplitMix64::new(11);
    let features: Vec<[i32; 4]> = (0..3000)
        .map(|_| std::array::from_fn(|_| rng.below(11) as i32 - 5))
        .collect();
    let score = |w: &[i32], f: &[i32; 4]| f.iter().zip(w).map(|(a, b)| a * b).sum::<i32>();
    let results: Vec<f64> = features
        .iter()
        .map(|f| sigmoid(1.0, score(&truth, f) as f64))
        .collect();
    let loss = |w: &[i32]| {
        let s: Vec<i32> = features.iter().map(|f| score(w, f)).collect();
        mse(1.0, &s, &results)
    };
    let (fitted, l) = coordinate_search(&[0, 0, 0, 0], &[0, 1, 2, 3], 40, loss, |_| {});
    assert_eq!(fitted, truth, "loss {l}");
    // Weights left out of the search stay where they start.
    let (partial, _) = coordinate_search(&[0, 0, 0, 0], &[0, 2], 40, loss, |_| {});
    assert_eq!((partial[1], partial[3]), (0, 0));
}

#[test]
fn the_parameter_vector_reads_back_into_the_same_weights() {
    let w = Weights::default();
    let named = flatten(&w);
    let values: Vec<i32> = named.iter().map(|(_, v)| *v).collect();
    assert_eq!(unflatten(&w, &values), w);
    let at = |name: &str| {
        named
            .iter()
            .position(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no parameter {name}"))
    };
    let mut changed = values.clone();
    changed[at("shield.0")] = 99;
    changed[at("mobility.knight.1")] = -3;
    let w2 = unflatten(&w, &changed);
    assert_eq!(w2.shield, [99, w.shield[1]]);
    assert_eq!(w2.mobility.knight.eg, -3);
    assert_eq!(w2.mobility.knight.mg, w.mobility.knight.mg);
}

fn tiny_selfplay(seed: u64) -> Vec<super::selfplay::Sample> {
    let spec = find_variant("minislanted").expect("game");
    let cfg = SelfPlay {
        games: 3,
        nodes: 300,
        random_plies: 6,
        max_plies: 120,
        seed,
    };
    generate::<u64>(spec, &cfg, |_, _| {})
}

#[test]
fn selfplay_is_reproducible_from_its_seed() {
    let a = tiny_selfplay(5);
    assert!(!a.is_empty());
    assert_eq!(a, tiny_selfplay(5));
    assert_ne!(a, tiny_selfplay(6));
    for s in &a {
        assert_eq!(from_line(&to_line(s)).as_ref(), Ok(s));
    }
    assert!(from_line("3 0.7 8/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[test]
fn quiet_means_no_check_and_no_winning_capture() {
    let spec = find_variant("chess").expect("game");
    let quiet = |fen: &str| {
        let mut pos = Position::<u64>::from_fen(spec, fen).expect("fen");
        is_quiet(&mut pos, &Evaluation)
    };
    assert!(quiet(spec.start_fen));
    // White to move can take an undefended queen.
    assert!(!quiet("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"));
    // White is in check.
    assert!(!quiet("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));
}

#[test]
fn a_fit_on_real_selfplay_lowers_the_training_loss() {
    let spec = find_variant("minislanted").expect("game");
    let samples = tiny_selfplay(9);
    let data = split::<u64>(spec, &samples, 0, false).expect("positions of the game");
    assert!(data.held_out.is_empty());
    let train = data.train;
    let w = Weights::default();
    let t = oblique_eval::game_tables::GameTables::<u64>::build_with(spec, w.clone());
    let k = fit_k(&train.scores(&t), &train.results);
    let named = flatten(&w);
    let values: Vec<i32> = named.iter().map(|(_, v)| *v).collect();
    let free: Vec<usize> = (0..named.len())
        .filter(|&i| named[i].0.starts_with("material.") || named[i].0 == "tempo")
        .collect();
    let before = train.loss(spec, &w, k);
    let (tuned, after) = coordinate_search(
        &values,
        &free,
        1,
        |x| train.loss(spec, &unflatten(&w, x), k),
        |_| {},
    );
    assert!(after < before, "loss {before} -> {after}");
    assert_eq!(train.loss(spec, &unflatten(&w, &tuned), k), after);
}
