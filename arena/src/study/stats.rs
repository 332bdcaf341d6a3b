//! The numbers a study reports, from win/draw/loss counts: a score with its 95 % interval,
//! the Elo difference that score means, and a piece's value in pawns by H. G. Muller's method.
//! Pure functions, tested on synthetic counts whose answers are worked out by hand.
//!
//! # Score
//! Each game is an independent 1, ½ or 0 (the trinomial model of `crate::stats`). The mean
//! score `s` has standard error `σ_s = sqrt(v / n)`, with `v` the variance of one game's
//! score around `s`; the 95 % interval is `s ± 1.96 σ_s`, cut to [0, 1].
//!
//! # Elo
//! `E(s) = -400 log10(1/s - 1)` (the logistic curve). Its interval is the score interval
//! mapped through `E` (the curve is increasing, so the ends map to the ends). Its standard
//! error, needed for values, is the delta method's `σ_E = σ_s · dE/ds` with
//! `dE/ds = 400 / (ln 10 · s (1 - s))`.
//!
//! # Value in pawns (Muller)
//! Games in which one side starts without a piece X measure `A = E(odds side's opponent)`,
//! the Elo that X is worth; games with one pawn removed measure `B`, the Elo of a pawn. X is
//! worth `ρ = A / B` pawns. The two sets of games are independent, so the interval of the
//! ratio is Fieller's: the `ρ` for which `(A - ρB)² ≤ z² (σ_A² + ρ² σ_B²)`, the roots of
//! `(B² - z²σ_B²) ρ² - 2AB ρ + (A² - z²σ_A²) = 0`. It is asymmetric (a small yardstick
//! stretches the upper end most) and it exists only when the pawn's Elo is itself clearly
//! non-zero (`B² > z²σ_B²`); otherwise there is no finite interval and the value is refused
//! with that reason rather than printed as a number.

use crate::stats::{elo_from_score, Wdl, Z95};

/// Fewer games than this give a warning: the normal approximation behind the interval is
/// poor with so few.
pub const MIN_GAMES: u32 = 20;

/// A score with its 95 % interval and what it means in Elo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreEstimate {
    pub games: u32,
    pub score: f64,
    pub low: f64,
    pub high: f64,
    /// Standard error of the mean score.
    pub sigma: f64,
    pub draw_rate: f64,
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
}

/// The score of the side the counts are seen from, with its interval; `None` without games.
pub fn score_estimate(wdl: &Wdl) -> Option<ScoreEstimate> {
    let n = wdl.games();
    let score = wdl.score()?;
    let sigma = (wdl.variance()? / n as f64).sqrt();
    let low = (score - Z95 * sigma).max(0.0);
    let high = (score + Z95 * sigma).min(1.0);
    Some(ScoreEstimate {
        games: n,
        score,
        low,
        high,
        sigma,
        draw_rate: wdl.draw_ratio()?,
        elo: elo_from_score(score),
        elo_low: elo_from_score(low),
        elo_high: elo_from_score(high),
    })
}

/// Why a result needs a warning beside it (`None`: it does not).
pub fn warning(wdl: &Wdl) -> Option<String> {
    let n = wdl.games();
    if n == 0 {
        Some("no games: no score".to_string())
    } else if n < MIN_GAMES {
        Some(format!(
            "only {n} game(s): fewer than {MIN_GAMES}, the interval is not to be trusted"
        ))
    } else if wdl.variance() == Some(0.0) {
        Some(format!(
            "all {n} games had the same result: the interval's width of zero means nothing"
        ))
    } else {
        None
    }
}

/// Elo for a mean score with its delta-method standard error; `None` when the score is 0
/// or 1 (infinite Elo) or there are no games.
pub fn elo_with_sigma(wdl: &Wdl) -> Option<(f64, f64)> {
    let e = score_estimate(wdl)?;
    if e.score <= 0.0 || e.score >= 1.0 {
        return None;
    }
    let slope = 400.0 / (std::f64::consts::LN_10 * e.score * (1.0 - e.score));
    Some((e.elo, e.sigma * slope))
}

/// Half the difference of two independent scores, `(b - a) / 2`, with its 95 % interval
/// (`± 1.96 · sqrt(σ_a² + σ_b²) / 2`): in a balance study with both first movers, the part of
/// the score that belongs to the board rather than to the move (`a`: Black's score moving
/// first, `b`: White's score moving first; the result is White's edge from the board).
pub fn half_difference(a: &ScoreEstimate, b: &ScoreEstimate) -> Ratio {
    let value = (b.score - a.score) / 2.0;
    let half = Z95 * (a.sigma * a.sigma + b.sigma * b.sigma).sqrt() / 2.0;
    Ratio {
        value,
        low: value - half,
        high: value + half,
    }
}

/// A value in pawns with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// Why a ratio has no finite interval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatioError {
    /// The yardstick is not clearly non-zero: `B² ≤ z² σ_B²`.
    YardstickNotSignificant,
}

/// `a / b` and Fieller's 95 % interval for independent normal estimates `a ± sa`, `b ± sb`.
pub fn fieller(a: f64, sa: f64, b: f64, sb: f64) -> Result<Ratio, RatioError> {
    let z2 = Z95 * Z95;
    let qa = b * b - z2 * sb * sb;
    if qa <= 0.0 || b == 0.0 {
        return Err(RatioError::YardstickNotSignificant);
    }
    let qb = -2.0 * a * b;
    let qc = a * a - z2 * sa * sa;
    // qa > 0 makes the discriminant non-negative: qb² - 4 qa qc = 4 z² (a² sb² + b² sa² - z² sa² sb²)
    // = 4 z² (a² sb² + sa² qa) ≥ 0.
    let disc = (qb * qb - 4.0 * qa * qc).max(0.0).sqrt();
    let r1 = (-qb - disc) / (2.0 * qa);
    let r2 = (-qb + disc) / (2.0 * qa);
    Ok(Ratio {
        value: a / b,
        low: r1.min(r2),
        high: r1.max(r2),
    })
}

/// A piece's value in pawns: `odds` are the results of the side that started without the
/// piece, `pawn_odds` those of the side that started a pawn down (both from that side's point
/// of view, so both scores are normally below ½).
pub fn value_in_pawns(odds: &Wdl, pawn_odds: &Wdl) -> Result<Ratio, ValueError> {
    let (ea, sa) = elo_with_sigma(odds).ok_or(ValueError::NoElo("the piece"))?;
    let (eb, sb) = elo_with_sigma(pawn_odds).ok_or(ValueError::NoElo("the pawn"))?;
    // The piece's worth is the Elo its absence costs: minus the odds side's Elo.
    fieller(-ea, sa, -eb, sb).map_err(|_| ValueError::Yardstick)
}

/// Why a value could not be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// No games, or every game won (or lost): the Elo is infinite.
    NoElo(&'static str),
    /// The pawn-odds games do not show that a pawn is worth anything.
    Yardstick,
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueError::NoElo(what) => write!(
                f,
                "no finite Elo for {what}'s odds games (none played, or all won or all lost)"
            ),
            ValueError::Yardstick => write!(
                f,
                "the pawn-odds score is not clearly below 1/2: no finite interval in pawns"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn score_and_interval_of_known_counts() {
        // 100 games, 50 wins, 50 draws: s = (50 + 25)/100 = 0.75. One game's variance about
        // 0.75: (50·0.25² + 50·0.25²)/100 = 0.0625, σ_s = sqrt(0.0625/100) = 0.025, so the
        // interval is 0.75 ± 1.96·0.025 = [0.701, 0.799]. Elo: -400 log10(1/0.75 - 1)
        // = -400 log10(1/3) = 190.85. Draw rate 0.5.
        let e = score_estimate(&Wdl::new(50, 50, 0)).unwrap();
        assert_eq!(e.games, 100);
        assert!(close(e.score, 0.75, 1e-12));
        assert!(close(e.sigma, 0.025, 1e-12));
        assert!(close(e.low, 0.75 - 1.959964 * 0.025, 1e-6));
        assert!(close(e.high, 0.75 + 1.959964 * 0.025, 1e-6));
        assert!(close(e.elo, 190.85, 0.01));
        assert!(close(e.draw_rate, 0.5, 1e-12));
        // Elo interval: the score ends mapped, E(0.701) = -400 log10(0.299/0.701) = 148.0,
        // E(0.799) = -400 log10(0.201/0.799) = 239.8.
        assert!(close(e.elo_low, 148.0, 0.5), "{}", e.elo_low);
        assert!(close(e.elo_high, 239.8, 0.5), "{}", e.elo_high);
    }

    #[test]
    fn an_even_score_is_zero_elo_and_its_interval_is_cut_to_the_unit_range() {
        // 10 wins, 10 losses: s = 0.5, variance 0.25, σ_s = sqrt(0.25/20) = 0.1118;
        // 0.5 ± 0.2191 = [0.2809, 0.7191].
        let e = score_estimate(&Wdl::new(10, 0, 10)).unwrap();
        assert!(close(e.score, 0.5, 1e-12) && close(e.elo, 0.0, 1e-9));
        assert!(close(e.low, 0.2809, 1e-4) && close(e.high, 0.7191, 1e-4));
        // 3 wins, 1 loss: s = 0.75, variance 0.1875, σ_s = sqrt(0.1875/4) = 0.2165;
        // 0.75 + 0.4244 > 1 is cut to 1 (infinite Elo at that end).
        let e = score_estimate(&Wdl::new(3, 0, 1)).unwrap();
        assert_eq!(e.high, 1.0);
        assert!(e.elo_high.is_infinite());
        assert!(score_estimate(&Wdl::default()).is_none());
    }

    #[test]
    fn warnings_for_too_few_or_uniform_games() {
        assert!(warning(&Wdl::new(5, 3, 2))
            .unwrap()
            .contains("only 10 game(s)"));
        assert!(warning(&Wdl::new(0, 30, 0))
            .unwrap()
            .contains("same result"));
        assert!(warning(&Wdl::default()).is_some());
        assert_eq!(warning(&Wdl::new(10, 5, 10)), None);
    }

    #[test]
    fn half_difference_of_two_scores() {
        // a: 0.75 with σ 0.025 (50 W, 50 D); b: 0.5 with σ sqrt(0.25/20) = 0.11180 (10 W,
        // 10 L). (0.5 - 0.75)/2 = -0.125; sqrt(0.000625 + 0.0125)/2 = 0.057282, times 1.96
        // = 0.11227: [-0.2373, -0.0127].
        let a = score_estimate(&Wdl::new(50, 50, 0)).unwrap();
        let b = score_estimate(&Wdl::new(10, 0, 10)).unwrap();
        let d = half_difference(&a, &b);
        assert!(close(d.value, -0.125, 1e-12));
        assert!(close(d.low, -0.2373, 1e-4) && close(d.high, -0.0127, 1e-4));
    }

    #[test]
    fn elo_standard_error_by_the_delta_method() {
        // s = 0.75, σ_s = 0.025 (above); dE/ds = 400/(ln 10 · 0.75 · 0.25) = 400/0.43173
        // = 926.5; σ_E = 0.025 · 926.5 = 23.16.
        let (e, s) = elo_with_sigma(&Wdl::new(50, 50, 0)).unwrap();
        assert!(close(e, 190.85, 0.01));
        assert!(close(s, 23.16, 0.01), "{s}");
        assert_eq!(elo_with_sigma(&Wdl::new(4, 0, 0)), None);
    }

    #[test]
    fn fieller_with_an_exact_yardstick_is_the_plain_interval_over_it() {
        // σ_B = 0: ρ = (A ± z σ_A)/B = (300 ± 1.96·50)/100 = [2.02, 3.98].
        let r = fieller(300.0, 50.0, 100.0, 0.0).unwrap();
        assert!(close(r.value, 3.0, 1e-12));
        assert!(close(r.low, 2.020, 1e-3) && close(r.high, 3.980, 1e-3));
    }

    #[test]
    fn fieller_interval_worked_by_hand() {
        // A = 400 ± 50, B = 100 ± 20, z² = 3.8415:
        // (B² - z²σ_B²) = 10000 - 1536.6 = 8463.4; -2AB = -80000;
        // A² - z²σ_A² = 160000 - 9603.9 = 150396.1.
        // Discriminant 6.4e9 - 4·8463.4·150396.1 = 1.3086e9, root 36175;
        // ρ = (80000 ∓ 36175)/(2·8463.4) = 2.589 .. 6.864 around 4.
        let r = fieller(400.0, 50.0, 100.0, 20.0).unwrap();
        assert!(close(r.value, 4.0, 1e-12));
        assert!(close(r.low, 2.589, 2e-3), "{}", r.low);
        assert!(close(r.high, 6.864, 2e-3), "{}", r.high);
        // A yardstick within its own error of zero: 100 ± 60 (1.96·60 = 117.6 > 100).
        assert_eq!(
            fieller(400.0, 50.0, 100.0, 60.0),
            Err(RatioError::YardstickNotSignificant)
        );
    }

    #[test]
    fn a_piece_value_from_odds_games() {
        // Piece odds: the odds side has 10 wins, 20 draws, 70 losses: s = (10 + 10)/100 = 0.20,
        // E = -400 log10(4) = -240.82. Pawn odds, 400 games from the side a pawn down:
        // 120 wins, 112 draws, 168 losses: s = (120 + 56)/400 = 0.44,
        // E = -400 log10(0.56/0.44) = -41.89. The piece is worth 240.82/41.89 = 5.749 pawns.
        let piece = Wdl::new(10, 20, 70);
        let pawn = Wdl::new(120, 112, 168);
        let r = value_in_pawns(&piece, &pawn).unwrap();
        assert!(close(r.value, 240.82 / 41.89, 2e-3), "{}", r.value);
        assert!(r.low < r.value && r.value < r.high);
        // The same pawn score from only 100 games (30, 28, 42): one game's variance is
        // (30·0.56² + 28·0.06² + 42·0.44²)/100 = 0.1764, σ_s = sqrt(0.1764/100) = 0.0420;
        // dE/ds = 400/(ln 10 · 0.44 · 0.56) = 705.0, σ_E = 29.6, and 1.96·29.6 = 58.0 > 41.89:
        // the pawn is not clearly worth anything, and no value is given.
        assert_eq!(
            value_in_pawns(&piece, &Wdl::new(30, 28, 42)),
            Err(ValueError::Yardstick)
        );
        // With 400 games σ_E halves to 14.8 and 1.96·14.8 = 29.0 < 41.89 (the case above).
        assert_eq!(
            value_in_pawns(&Wdl::new(0, 0, 10), &pawn),
            Err(ValueError::NoElo("the piece"))
        );
    }
}
