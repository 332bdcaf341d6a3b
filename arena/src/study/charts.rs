//! The study reports' charts as SVG text (the `plotters` crate's SVG backend, no system
//! libraries): points with 95 % error bars (scores by condition, values by piece) and bar
//! charts (histograms of game length, counts of endings). Each returns the `<svg>` element
//! to put into the self-contained HTML page.

use crate::study::error::StudyError;
use plotters::prelude::*;

/// One series of points with error bars: a name, and (low, value, high) per x position
/// (`None`: no point there).
pub struct BarSeries {
    pub name: String,
    pub points: Vec<Option<(f64, f64, f64)>>,
}

const COLOURS: [RGBColor; 5] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
];

fn chart_error<E: std::fmt::Debug>(e: E) -> StudyError {
    StudyError::Chart(format!("{e:?}"))
}

/// Points with error bars over categories `xs`; `reference`: a horizontal line (e.g. 0.5)
/// and its label.
pub fn error_bars(
    title: &str,
    y_label: &str,
    xs: &[String],
    series: &[BarSeries],
    reference: Option<f64>,
) -> Result<String, StudyError> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for s in series {
        for &(l, _, h) in s.points.iter().flatten() {
            if l.is_finite() {
                lo = lo.min(l);
            }
            if h.is_finite() {
                hi = hi.max(h);
            }
        }
    }
    if let Some(r) = reference {
        lo = lo.min(r);
        hi = hi.max(r);
    }
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.1).max(0.01);
    // Room above the points for the legend.
    let (lo, hi) = (lo - pad, hi + pad + (hi - lo) * 0.1 * series.len() as f64);
    let n = xs.len().max(1);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (720, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), lo..hi)
            .map_err(chart_error)?;
        let labels = xs.to_vec();
        chart
            .configure_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc(y_label)
            .draw()
            .map_err(chart_error)?;
        if let Some(r) = reference {
            chart
                .draw_series(LineSeries::new(
                    [(-0.5, r), (n as f64 - 0.5, r)],
                    BLACK.mix(0.4),
                ))
                .map_err(chart_error)?;
        }
        let k = series.len().max(1) as f64;
        for (si, s) in series.iter().enumerate() {
            let colour = COLOURS[si % COLOURS.len()];
            // Series side by side around each category.
            let shift = (si as f64 - (k - 1.0) / 2.0) * 0.12;
            let bars = s.points.iter().enumerate().filter_map(|(i, p)| {
                p.map(|(l, m, h)| {
                    ErrorBar::new_vertical(
                        i as f64 + shift,
                        l.max(lo),
                        m,
                        h.min(hi),
                        colour.filled(),
                        8,
                    )
                })
            });
            chart
                .draw_series(bars)
                .map_err(chart_error)?
                .label(s.name.clone())
                .legend(move |(x, y)| Circle::new((x + 10, y), 4, colour.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(out)
}

/// A bar chart: one bar per (label, count).
pub fn bars(title: &str, x_label: &str, data: &[(String, f64)]) -> Result<String, StudyError> {
    let n = data.len().max(1);
    let top = data.iter().map(|d| d.1).fold(0.0, f64::max).max(1.0) * 1.1;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (720, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..n).into_segmented(), 0f64..top)
            .map_err(chart_error)?;
        let labels: Vec<String> = data.iter().map(|d| d.0.clone()).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .x_desc(x_label)
            .y_desc("games")
            .y_label_formatter(&|v| format!("{v:.0}"))
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(COLOURS[0].filled())
                    .margin(4)
                    .data(data.iter().enumerate().map(|(i, (_, v))| (i, *v))),
            )
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_with_their_titles() {
        let svg = error_bars(
            "Score",
            "first mover",
            &["depth 1".into(), "depth 2".into()],
            &[BarSeries {
                name: "Black first".into(),
                points: vec![Some((0.4, 0.5, 0.6)), None],
            }],
            Some(0.5),
        )
        .unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("Score") && svg.contains("depth 1") && svg.contains("Black first"));
        let svg = bars(
            "Length",
            "plies",
            &[("0-20".into(), 3.0), ("20-40".into(), 5.0)],
        )
        .unwrap();
        assert!(svg.contains("Length") && svg.contains("20-40"));
    }
}
