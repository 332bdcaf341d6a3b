//! Match statistics: Elo difference with a 95% interval, likelihood of superiority, draw
//! ratio and a sequential probability ratio test. Pure functions over win/draw/loss counts,
//! always from the first engine's point of view.
//!
//! The model is the usual trinomial one (each game an independent 1, ½ or 0), as in
//! cutechess-cli; the SPRT is the generalized SPRT in logistic Elo (the normal approximation
//! of the log-likelihood ratio by M. Van den Bergh, also used by fishtest's trinomial mode).

use crate::error::SprtError;

/// Two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl std::ops::AddAssign for Wdl {
    fn add_assign(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

impl Wdl {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The same results seen from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game in [0, 1]; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    pub fn draw_ratio(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.draws as f64 / n as f64)
    }

    /// Variance of one game's score around the observed mean.
    pub fn variance(&self) -> Option<f64> {
        let n = self.games() as f64;
        let mu = self.score()?;
        Some(
            (self.wins as f64 * (1.0 - mu).powi(2)
                + self.draws as f64 * (0.5 - mu).powi(2)
                + self.losses as f64 * mu.powi(2))
                / n,
        )
    }

    /// Elo difference implied by the score (infinite after all wins or all losses).
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_from_score)
    }

    /// Half the width of the 95% interval of the Elo difference (as cutechess-cli computes
    /// it: the score interval mapped through the Elo curve, halved). Infinite when the
    /// interval reaches a score of 0 or 1.
    pub fn elo_error95(&self) -> Option<f64> {
        self.elo_interval95().map(|(lo, hi)| (hi - lo) / 2.0)
    }

    /// The 95% interval of the Elo difference (ends may be infinite).
    pub fn elo_interval95(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let mu = self.score()?;
        let sd = (self.variance()? / n).sqrt();
        Some((elo_from_score(mu - Z95 * sd), elo_from_score(mu + Z95 * sd)))
    }

    /// Likelihood of superiority: the probability that the first engine is the stronger,
    /// from wins and losses (draws carry no information about it).
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return None;
        }
        let diff = self.wins as f64 - self.losses as f64;
        Some(0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt())))
    }
}

/// Elo difference for a mean score `s`.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to about 1e-12 (series near zero, continued fraction beyond).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // Maclaurin series: erf x = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut sum: f64 = 0.0;
        let mut term = x;
        let mut n: f64 = 0.0;
        while term.abs() > 1e-17 * sum.abs().max(1e-300) || n < 1.0 {
            sum += term / (2.0 * n + 1.0);
            n += 1.0;
            term *= -x * x / n;
            if n > 200.0 {
                break;
            }
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else if x > 6.0 {
        1.0
    } else {
        // erfc x = exp(-x^2)/sqrt(pi) * 1/(x + 1/2/(x + 1/(x + 3/2/(x + 2/(x + ...)))))
        let mut f = x;
        for k in (1..60).rev() {
            f = x + (k as f64 / 2.0) / f;
        }
        1.0 - (-x * x).exp() / (std::f64::consts::PI.sqrt() * f)
    }
}

/// Parameters of a sequential probability ratio test: H0 "the Elo difference is `elo0`"
/// against H1 "it is `elo1`", with error rates `alpha` (accepting H1 when H0 holds) and
/// `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    AcceptH0,
    AcceptH1,
    Continue,
}

impl Sprt {
    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any order; missing keys take these
    /// defaults).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(part.to_string()))?;
            let v: f64 = value
                .trim()
                .parse()
                .map_err(|_| SprtError::NotNumber(value.to_string()))?;
            match key.trim() {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err(SprtError::BadRisk);
        }
        if s.elo1 <= s.elo0 {
            return Err(SprtError::NoGap);
        }
        Ok(s)
    }

    /// Accept H0 at or below this log-likelihood ratio.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Accept H1 at or above this log-likelihood ratio.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Log-likelihood ratio of H1 against H0 for these results. Like cutechess-cli's SPRT it
    /// stays 0 until there is at least one win and one loss: before that the estimated
    /// variance is zero or nearly so and the ratio would swing to a verdict after a game or
    /// two.
    pub fn llr(&self, r: &Wdl) -> f64 {
        if r.wins == 0 || r.losses == 0 {
            return 0.0;
        }
        let (Some(mu), Some(var)) = (r.score(), r.variance()) else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        r.games() as f64 * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, r: &Wdl) -> SprtVerdict {
        let llr = self.llr(r);
        if llr >= self.upper_bound() {
            SprtVerdict::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// A signed number of Elo for people: `+27.9`, `-inf`.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if e.abs() < 0.05 {
        // No "-0.0".
        "+0.0".to_string()
    } else {
        format!("{e:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn erf_matches_tables() {
        // Abramowitz & Stegun table 7.1 and well-known values.
        for (x, v) in [
            (0.0, 0.0),
            (0.1, 0.112_462_916_018_284_9),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (1.5, 0.966_105_146_475_310_7),
            (2.0, 0.995_322_265_018_952_7),
            (2.5, 0.999_593_047_982_555),
            (3.0, 0.999_977_909_503_001_4),
            (4.0, 0.999_999_984_582_742_1),
        ] {
            assert!(close(erf(x), v, 1e-12), "erf({x}) = {} not {v}", erf(x));
            assert!(close(erf(-x), -v, 1e-12));
        }
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        // 3:1 odds are 400 * log10(3) = 190.8485 Elo.
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_from_score(0.25), -190.848_501_887_865, 1e-9));
        // 10:1 odds are exactly 400 Elo.
        assert!(close(elo_from_score(10.0 / 11.0), 400.0, 1e-9));
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn match_statistics_of_a_known_result() {
        // 33 wins, 42 draws, 25 losses: score 0.54, Elo -400 log10(1/0.54 - 1) = 27.8544.
        let r = Wdl::new(33, 42, 25);
        assert_eq!(r.games(), 100);
        assert!(close(r.score().unwrap(), 0.54, 1e-12));
        assert!(close(r.elo().unwrap(), 27.854_371, 1e-5));
        // Variance: (33*0.46^2 + 42*0.04^2 + 25*0.54^2) / 100 = 0.1434.
        assert!(close(r.variance().unwrap(), 0.1434, 1e-12));
        let sd = (0.1434f64 / 100.0).sqrt();
        let want = (elo_from_score(0.54 + Z95 * sd) - elo_from_score(0.54 - Z95 * sd)) / 2.0;
        assert!(close(r.elo_error95().unwrap(), want, 1e-9));
        assert!(close(r.elo_error95().unwrap(), 52.305, 0.001));
        let (lo, hi) = r.elo_interval95().unwrap();
        assert!(close((hi - lo) / 2.0, r.elo_error95().unwrap(), 1e-9));
        // 56 wins, 2 draws, 2 losses: the upper end reaches a score of 1.
        let (lo, hi) = Wdl::new(56, 2, 2).elo_interval95().unwrap();
        assert_eq!(hi, f64::INFINITY);
        assert!(close(lo, 381.6, 0.5), "{lo}");
        // LOS = Phi((33-25)/sqrt(58)) = Phi(1.05045) = 0.85324.
        assert!(close(r.los().unwrap(), 0.853_24, 1e-5));
        assert!(close(r.draw_ratio().unwrap(), 0.42, 1e-12));
        assert_eq!(r.flipped(), Wdl::new(25, 42, 33));
    }

    #[test]
    fn degenerate_results() {
        let empty = Wdl::default();
        assert_eq!(empty.score(), None);
        assert_eq!(empty.los(), None);
        let draws = Wdl::new(0, 10, 0);
        assert_eq!(draws.elo(), Some(0.0));
        assert_eq!(draws.elo_error95(), Some(0.0));
        assert_eq!(draws.los(), None);
        let all_wins = Wdl::new(5, 0, 0);
        assert_eq!(all_wins.elo(), Some(f64::INFINITY));
        // Phi(5 / sqrt(5)) = 0.98733.
        assert!(close(all_wins.los().unwrap(), 0.987_33, 1e-5));
        assert_eq!(fmt_elo(f64::INFINITY), "+inf");
        assert_eq!(fmt_elo(-12.345), "-12.3");
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let s = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!(close(s.lower_bound(), -2.944_438_979_166_44, 1e-12));
        assert!(close(s.upper_bound(), 2.944_438_979_166_44, 1e-12));
        // Hand computation for 330/340/330 plus 10 extra wins: n = 1010, mu = 0.504950..,
        // var = sum of squared deviations / n.
        let r = Wdl::new(340, 340, 330);
        let n = 1010.0;
        let mu = (340.0 + 170.0) / n;
        let var =
            (340.0 * (1.0 - mu) * (1.0 - mu) + 340.0 * (0.5 - mu) * (0.5 - mu) + 330.0 * mu * mu)
                / n;
        let s0 = 0.5;
        let s1 = 1.0 / (1.0 + 10f64.powf(-5.0 / 400.0));
        let want = n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var);
        assert!(close(s.llr(&r), want, 1e-12));
        // s1 = 0.507195..; mu is between s0 and s1, nearer to s1: slightly positive LLR.
        assert!(close(s1, 0.507_195_081_7, 1e-9));
        assert!(s.llr(&r) > 0.0 && s.llr(&r) < 0.5);
        assert_eq!(s.verdict(&r), SprtVerdict::Continue);
        // A crushing result accepts H1, a losing one H0.
        assert_eq!(
            s.verdict(&Wdl::new(3000, 4000, 2000)),
            SprtVerdict::AcceptH1
        );
        assert_eq!(
            s.verdict(&Wdl::new(2000, 4000, 3000)),
            SprtVerdict::AcceptH0
        );
        assert_eq!(s.llr(&Wdl::default()), 0.0);
        assert_eq!(s.llr(&Wdl::new(50, 3, 0)), 0.0);
        assert_eq!(s.verdict(&Wdl::new(0, 0, 50)), SprtVerdict::Continue);
    }

    #[test]
    fn sprt_parsing() {
        let s = Sprt::parse("elo1=10, elo0=-2").unwrap();
        assert_eq!(
            s,
            Sprt {
                elo0: -2.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05
            }
        );
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("alpha=0.7").is_err());
        assert!(Sprt::parse("gamma=1").is_err());
        assert!(Sprt::parse("elo0").is_err());
        assert!(Sprt::parse("elo0=x").is_err());
    }
}
