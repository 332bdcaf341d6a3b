//! The report files every study writes into its directory: `NAME.json` (the raw numbers and
//! the command that made them), `summary.md` and `report.html` (self-contained: styles and
//! SVG charts inline, nothing fetched).

use crate::study::error::StudyError;
use std::path::Path;

/// Writes `text` to `dir/name`.
pub fn write(dir: &Path, name: &str, text: &str) -> Result<(), StudyError> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|error| StudyError::Write { path, error })
}

/// Text made safe inside HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A page: `title`, the command, then `body` (HTML made by the study, SVG charts included).
pub fn html(title: &str, command: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n\
         <style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #bbb;padding:.25em .6em;text-align:right}}\
         th{{background:#eee}}td:first-child,th:first-child{{text-align:left}}code{{background:#f4f4f4;padding:.1em .3em}}\
         .warn{{color:#a40}}svg{{max-width:100%;height:auto;display:block;margin:1em 0}}</style>\n</head>\n<body>\n\
         <h1>{t}</h1>\n<p>Made by <code>{c}</code></p>\n{body}\n</body>\n</html>\n",
        t = escape(title),
        c = escape(command),
    )
}

/// An HTML table from a header and rows of cells (escaped here).
pub fn html_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = String::from("<table>\n<tr>");
    for h in header {
        s.push_str(&format!("<th>{}</th>", escape(h)));
    }
    s.push_str("</tr>\n");
    for r in rows {
        s.push_str("<tr>");
        for c in r {
            s.push_str(&format!("<td>{}</td>", escape(c)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    s
}

/// The same table in Markdown.
pub fn md_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = format!("| {} |\n|", header.join(" | "));
    for _ in header {
        s.push_str(" --- |");
    }
    s.push('\n');
    for r in rows {
        s.push_str(&format!("| {} |\n", r.join(" | ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_escape_what_they_show() {
        let p = html("a <b>", "oblique study --fen \"x\"", "<p>ok</p>");
        assert!(p.contains("<title>a &lt;b&gt;</title>"));
        assert!(p.contains("--fen &quot;x&quot;"));
        assert!(p.contains("<p>ok</p>"));
        let t = md_table(&["a", "b"], &[vec!["1".into(), "2".into()]]);
        assert_eq!(t, "| a | b |\n| --- | --- |\n| 1 | 2 |\n");
    }
}
