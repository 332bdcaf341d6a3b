//! `oblique study balance`: does the side that moves first win more? Self-play from the
//! game's start with random openings, at each of the study's search limits: the first mover's
//! score with its 95 % interval, the draw rate, game lengths and how games end.
//!
//! For the games whose rules have Black move first (Mini and Ultra Slanted Escalator Chess
//! and its relatives), the study also plays the same game with White first, so that the
//! rules' claim that moving first compensates the other side gets a yes or no: the Ultra game
//! has that form in the engine (`ultraslantedwhite`); the others are played from their own
//! start position with White to move (the FEN's side field changed to `w`, nothing else).
//! With both first movers the score splits into the move's part and the board's: White's
//! edge from the board is half of (White's score moving first - Black's score moving first),
//! which is what the rules' claim ("to compensate for the board configuration slightly
//! favoring white") is about.

use crate::config::Tc;
use crate::stats::Wdl;
use crate::study::charts::{bars, error_bars, BarSeries};
use crate::study::error::StudyError;
use crate::study::games::{Ending, StudyGame};
use crate::study::page;
use crate::study::plan::{group_seed, Group};
use crate::study::run::{limit_label, play_and_collect, Setup};
use crate::study::stats::{half_difference, score_estimate, warning, Ratio, ScoreEstimate};
use oblique_engine::{AnyPosition, Color};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Width of the game-length histogram's bins, in plies.
pub const LENGTH_BIN: usize = 20;

/// One way to start the game: as its rules say, or with White first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// `rules` or `white-first`.
    pub key: &'static str,
    pub label: String,
    pub variant: String,
    pub fen: Option<String>,
    pub first: Color,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The forms a balance study plays for `variant`.
pub fn forms(variant: &str) -> Result<Vec<Form>, StudyError> {
    let start = AnyPosition::new(variant, None)?;
    let name = start.variant_name();
    let first = start.side_to_move();
    let mut out = vec![Form {
        key: "rules",
        label: format!("{name}, {} first (the rules)", side(first)),
        variant: name.to_string(),
        fen: None,
        first,
    }];
    if first == Color::Black {
        let white = if name == "ultraslanted" {
            Form {
                key: "white-first",
                label: "ultraslantedwhite, White first".to_string(),
                variant: "ultraslantedwhite".to_string(),
                fen: None,
                first: Color::White,
            }
        } else {
            let fen = start.to_fen();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            if fields.len() > 1 {
                fields[1] = "w";
            }
            let fen = AnyPosition::new(name, Some(&fields.join(" ")))?.to_fen();
            Form {
                key: "white-first",
                label: format!("{name}, White first (same start, w to move)"),
                variant: name.to_string(),
                fen: Some(fen),
                first: Color::White,
            }
        };
        out.push(white);
    }
    Ok(out)
}

/// A group with the index of its form and its limit.
pub type FormGroup = (usize, Tc, Group);

/// The groups: every form at every limit.
pub fn groups(setup: &Setup) -> Result<(Vec<Form>, Vec<FormGroup>), StudyError> {
    let forms = forms(&setup.variant)?;
    let mut out = Vec::new();
    let mut i = 0;
    for (fi, f) in forms.iter().enumerate() {
        for &tc in &setup.limits {
            let name = format!("balance/{}/{}/{}", forms[0].variant, f.key, limit_label(tc));
            let g = Group::new(
                name,
                &f.variant,
                f.fen.clone(),
                tc,
                setup.games,
                setup.plies,
                group_seed(setup.seed, i),
            )?;
            out.push((fi, tc, g));
            i += 1;
        }
    }
    Ok((forms, out))
}

/// What the games of one group come to.
#[derive(Clone, Debug, Default)]
pub struct GroupResult {
    /// From the first mover's point of view.
    pub first: Wdl,
    pub plies: Vec<usize>,
    pub endings: BTreeMap<Ending, u32>,
}

impl GroupResult {
    pub fn add(&mut self, g: &StudyGame) {
        g.count_for(g.game.first_mover(), &mut self.first);
        self.plies.push(g.game.len());
        *self.endings.entry(g.ending).or_insert(0) += 1;
    }

    pub fn mean_plies(&self) -> Option<f64> {
        (!self.plies.is_empty())
            .then(|| self.plies.iter().sum::<usize>() as f64 / self.plies.len() as f64)
    }

    /// (first ply of the bin, games) for bins of `LENGTH_BIN` plies.
    pub fn histogram(&self) -> Vec<(usize, u32)> {
        let top = self.plies.iter().max().copied().unwrap_or(0) / LENGTH_BIN;
        let mut h = vec![0u32; top + 1];
        for &p in &self.plies {
            h[p / LENGTH_BIN] += 1;
        }
        h.into_iter()
            .enumerate()
            .map(|(i, n)| (i * LENGTH_BIN, n))
            .collect()
    }
}

fn num(x: f64, digits: usize) -> String {
    if x.is_finite() {
        format!("{x:.digits$}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn estimate_json(e: Option<&ScoreEstimate>) -> Value {
    match e {
        Some(e) => json!({
            "first_mover_score": e.score, "low": e.low, "high": e.high,
            "elo": e.elo, "elo_low": e.elo_low, "elo_high": e.elo_high,
            "draw_rate": e.draw_rate,
        }),
        None => json!({}),
    }
}

/// A sentence on one form's pooled result (`enough`: the games are enough for an interval).
fn verdict(form: &Form, e: &ScoreEstimate, enough: bool) -> String {
    let who = side(form.first);
    let (lo, hi) = (e.low, e.high);
    let what = if !enough {
        "too few games (or no variety in results) to tell".to_string()
    } else if lo > 0.5 {
        format!("{who}, moving first, has an edge")
    } else if hi < 0.5 {
        format!("{who}, moving first, is at a disadvantage")
    } else {
        "no edge for either side can be told from these games".to_string()
    };
    format!(
        "{}: the first mover ({who}) scores {:.3} (95 % {:.3} to {:.3}) over {} games: {what}.",
        form.label, e.score, lo, hi, e.games
    )
}

/// Runs the study and writes `balance.json`, `summary.md` and `report.html`.
pub fn run(setup: &Setup) -> Result<Value, StudyError> {
    let setup = &setup.with_recorded_command("balance.json");
    let (forms, groups) = groups(setup)?;
    let plain: Vec<Group> = groups.iter().map(|(_, _, g)| g.clone()).collect();
    let mut running = Wdl::default();
    let games = play_and_collect(setup, &plain, |g| {
        g.count_for(g.game.first_mover(), &mut running);
        format!(
            "first mover +{} ={} -{} ({:.3})",
            running.wins,
            running.draws,
            running.losses,
            running.score().unwrap_or(0.5)
        )
    })?;
    let mut results: Vec<GroupResult> = vec![GroupResult::default(); groups.len()];
    let index: BTreeMap<&str, usize> = groups
        .iter()
        .enumerate()
        .map(|(i, (_, _, g))| (g.name.as_str(), i))
        .collect();
    for g in &games {
        if let Some(&i) = index.get(g.group.as_str()) {
            results[i].add(g);
        }
    }
    let report = Report {
        setup,
        forms: &forms,
        groups: &groups,
        results: &results,
    };
    let json = report.json();
    let text = serde_json::to_string_pretty(&json).unwrap_or_default();
    page::write(&setup.out, "balance.json", &(text + "\n"))?;
    page::write(&setup.out, "summary.md", &report.markdown())?;
    page::write(&setup.out, "report.html", &report.html()?)?;
    for w in report.warnings() {
        eprintln!("warning: {w}");
    }
    for l in report.verdicts() {
        println!("{l}");
    }
    println!(
        "Wrote {0}/balance.json, {0}/summary.md, {0}/report.html",
        setup.out.display()
    );
    Ok(json)
}

struct Report<'a> {
    setup: &'a Setup,
    forms: &'a [Form],
    groups: &'a [FormGroup],
    results: &'a [GroupResult],
}

impl Report<'_> {
    /// Each form's games pooled over the limits.
    fn pooled(&self, form: usize) -> Wdl {
        let mut w = Wdl::default();
        for ((fi, _, _), r) in self.groups.iter().zip(self.results) {
            if *fi == form {
                w.wins += r.first.wins;
                w.draws += r.first.draws;
                w.losses += r.first.losses;
            }
        }
        w
    }

    fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for ((fi, tc, _), r) in self.groups.iter().zip(self.results) {
            if let Some(w) = warning(&r.first) {
                out.push(format!(
                    "{} at {}: {w}",
                    self.forms[*fi].label,
                    limit_label(*tc)
                ));
            }
            if let Some(n) = r.endings.get(&Ending::Forfeit) {
                out.push(format!(
                    "{} at {}: {n} game(s) lost by forfeit (time, crash or illegal move)",
                    self.forms[*fi].label,
                    limit_label(*tc)
                ));
            }
        }
        out
    }

    /// With both first movers: White's edge from the board (half the difference of the
    /// first movers' scores), and whether moving Black first brings the game nearer ½.
    fn board_effect(&self) -> Option<(Ratio, String)> {
        if self.forms.len() < 2 || self.forms[0].first != Color::Black {
            return None;
        }
        let (wb, ww) = (self.pooled(0), self.pooled(1));
        if warning(&wb).is_some() || warning(&ww).is_some() {
            return None;
        }
        let (b, w) = (score_estimate(&wb)?, score_estimate(&ww)?);
        let d = half_difference(&b, &w);
        let board = if d.low > 0.0 {
            "the board favours White"
        } else if d.high < 0.0 {
            "the board favours Black"
        } else {
            "no edge from the board can be told from these games"
        };
        let nearer = if (b.score - 0.5).abs() < (w.score - 0.5).abs() {
            "Black first is the nearer to even of the two"
        } else {
            "White first is the nearer to even of the two"
        };
        let text = format!(
            "White's edge from the board, (White's score moving first - Black's score moving first)/2 = {:+.3} (95 % {:+.3} to {:+.3}): {board}; {nearer} ({:.3} for Black first, {:.3} for White first).",
            d.value, d.low, d.high, b.score, w.score
        );
        Some((d, text))
    }

    fn verdicts(&self) -> Vec<String> {
        let mut out: Vec<String> = (0..self.forms.len())
            .filter_map(|f| {
                let w = self.pooled(f);
                score_estimate(&w).map(|e| verdict(&self.forms[f], &e, warning(&w).is_none()))
            })
            .collect();
        out.extend(self.board_effect().map(|(_, t)| t));
        out
    }

    fn json(&self) -> Value {
        let own = self.pooled(0);
        let e = score_estimate(&own);
        let mut top = json!({
            "study": "balance",
            "game": self.forms[0].variant,
            "command": self.setup.command,
            "engine": self.setup.engine.command.join(" "),
            "seed": self.setup.seed,
            "random_plies": self.setup.plies,
            "max_moves": self.setup.max_moves,
            "first_mover": self.forms[0].first.fen_char().to_string(),
            "games": own.games(),
            "pooled_over": self.setup.limits.iter().map(|&t| limit_label(t)).collect::<Vec<_>>(),
        });
        if let (Some(obj), Value::Object(est)) = (top.as_object_mut(), estimate_json(e.as_ref())) {
            obj.extend(est);
        }
        let forms: Vec<Value> = self
            .forms
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let w = self.pooled(i);
                let mut v = json!({
                    "form": f.key, "label": f.label, "variant": f.variant, "fen": f.fen,
                    "first_mover": f.first.fen_char().to_string(), "games": w.games(),
                });
                if let (Some(o), Value::Object(est)) = (
                    v.as_object_mut(),
                    estimate_json(score_estimate(&w).as_ref()),
                ) {
                    o.extend(est);
                }
                v
            })
            .collect();
        let groups: Vec<Value> = self
            .groups
            .iter()
            .zip(self.results)
            .map(|((fi, tc, g), r)| {
                let f = &self.forms[*fi];
                let mut v = json!({
                    "group": g.name, "form": f.key, "variant": g.variant, "fen": g.fen,
                    "first_mover": f.first.fen_char().to_string(), "limit": limit_label(*tc),
                    "games": r.first.games(), "first_mover_wins": r.first.wins,
                    "draws": r.first.draws, "first_mover_losses": r.first.losses,
                    "plies_mean": r.mean_plies(),
                    "plies_histogram": r.histogram().iter()
                        .map(|&(from, n)| json!({"from": from, "to": from + LENGTH_BIN, "games": n}))
                        .collect::<Vec<_>>(),
                    "endings": r.endings.iter().map(|(k, n)| (k.name().to_string(), json!(n)))
                        .collect::<serde_json::Map<_, _>>(),
                    "warning": warning(&r.first),
                });
                if let (Some(o), Value::Object(est)) =
                    (v.as_object_mut(), estimate_json(score_estimate(&r.first).as_ref()))
                {
                    o.extend(est);
                }
                v
            })
            .collect();
        if let Some(obj) = top.as_object_mut() {
            obj.insert("forms".into(), Value::Array(forms));
            obj.insert("groups".into(), Value::Array(groups));
            obj.insert("warnings".into(), json!(self.warnings()));
            obj.insert("verdicts".into(), json!(self.verdicts()));
            obj.insert(
                "board_edge_for_white".into(),
                match self.board_effect() {
                    Some((d, _)) => json!({"value": d.value, "low": d.low, "high": d.high}),
                    None => Value::Null,
                },
            );
        }
        top
    }

    fn rows(&self) -> Vec<Vec<String>> {
        self.groups
            .iter()
            .zip(self.results)
            .map(|((fi, tc, _), r)| {
                let e = score_estimate(&r.first);
                let endings: Vec<String> = r
                    .endings
                    .iter()
                    .map(|(k, n)| format!("{} {n}", k.name()))
                    .collect();
                vec![
                    self.forms[*fi].label.clone(),
                    limit_label(*tc),
                    r.first.games().to_string(),
                    format!("+{} ={} -{}", r.first.wins, r.first.draws, r.first.losses),
                    e.map(|e| format!("{:.3} ({:.3} to {:.3})", e.score, e.low, e.high))
                        .unwrap_or_default(),
                    e.map(|e| {
                        format!(
                            "{} ({} to {})",
                            num(e.elo, 0),
                            num(e.elo_low, 0),
                            num(e.elo_high, 0)
                        )
                    })
                    .unwrap_or_default(),
                    e.map(|e| format!("{:.0} %", 100.0 * e.draw_rate))
                        .unwrap_or_default(),
                    r.mean_plies()
                        .map(|m| format!("{m:.1}"))
                        .unwrap_or_default(),
                    endings.join(", "),
                ]
            })
            .collect()
    }

    const HEADER: [&'static str; 9] = [
        "form",
        "limit",
        "games",
        "first mover +=-",
        "first-mover score (95 %)",
        "Elo (95 %)",
        "draws",
        "mean plies",
        "endings",
    ];

    fn intro(&self) -> String {
        format!(
            "Self-play of {} against itself from the start position, {} random opening plies \
             (seed {}), a new opening for every game{}. Scores \
             are the first mover's; intervals are 95 %, from the trinomial model.",
            self.setup.engine.label(),
            self.setup.plies,
            self.setup.seed,
            self.setup
                .max_moves
                .map(|m| format!(", a draw after {m} moves"))
                .unwrap_or_default()
        )
    }

    fn markdown(&self) -> String {
        let mut s = format!(
            "# Balance of {}\n\nCommand: `{}`\n\n{}\n\n",
            self.forms[0].variant,
            self.setup.command,
            self.intro()
        );
        s.push_str(&page::md_table(&Self::HEADER, &self.rows()));
        s.push('\n');
        for v in self.verdicts() {
            s.push_str(&format!("- {v}\n"));
        }
        let w = self.warnings();
        if !w.is_empty() {
            s.push_str("\nWarnings:\n\n");
            for w in w {
                s.push_str(&format!("- {w}\n"));
            }
        }
        s
    }

    fn html(&self) -> Result<String, StudyError> {
        let limits: Vec<String> = self.setup.limits.iter().map(|&t| limit_label(t)).collect();
        let series: Vec<BarSeries> = self
            .forms
            .iter()
            .enumerate()
            .map(|(fi, f)| BarSeries {
                name: f.label.clone(),
                points: self
                    .groups
                    .iter()
                    .zip(self.results)
                    .filter(|((g, _, _), _)| *g == fi)
                    .map(|(_, r)| score_estimate(&r.first).map(|e| (e.low, e.score, e.high)))
                    .collect(),
            })
            .collect();
        let mut body = format!("<p>{}</p>\n", page::escape(&self.intro()));
        body.push_str(&page::html_table(&Self::HEADER, &self.rows()));
        body.push_str("<ul>\n");
        for v in self.verdicts() {
            body.push_str(&format!("<li>{}</li>\n", page::escape(&v)));
        }
        body.push_str("</ul>\n");
        for w in self.warnings() {
            body.push_str(&format!(
                "<p class=\"warn\">warning: {}</p>\n",
                page::escape(&w)
            ));
        }
        body.push_str(&error_bars(
            "First mover's score by search limit (95 % intervals)",
            "first mover's score",
            &limits,
            &series,
            Some(0.5),
        )?);
        for ((fi, tc, _), r) in self.groups.iter().zip(self.results) {
            let data: Vec<(String, f64)> = r
                .histogram()
                .iter()
                .map(|&(from, n)| (format!("{from}-{}", from + LENGTH_BIN - 1), n as f64))
                .collect();
            body.push_str(&bars(
                &format!(
                    "Game length: {}, {}",
                    self.forms[*fi].label,
                    limit_label(*tc)
                ),
                "plies",
                &data,
            )?);
        }
        Ok(page::html(
            &format!("Balance of {}", self.forms[0].variant),
            &self.setup.command,
            &body,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_first_games_get_a_white_first_form() {
        let f = forms("minislanted").unwrap();
        assert_eq!(f.len(), 2);
        assert_eq!((f[0].first, f[1].first), (Color::Black, Color::White));
        // The rules' start (rules text: Black moves first) with only the side field changed.
        assert_eq!(
            f[1].fen.as_deref(),
            Some("rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        let u = forms("ultraslanted").unwrap();
        assert_eq!(u[1].variant, "ultraslantedwhite");
        assert_eq!(forms("chess").unwrap().len(), 1);
        assert!(forms("nosuchgame").is_err());
    }

    #[test]
    fn length_histogram_bins() {
        let r = GroupResult {
            plies: vec![0, 19, 20, 45],
            ..GroupResult::default()
        };
        assert_eq!(r.histogram(), [(0, 2), (20, 1), (40, 1)]);
        assert_eq!(r.mean_plies(), Some(21.0));
    }
}
