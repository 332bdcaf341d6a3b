//! PGN output. Moves are written in the protocol's coordinate notation (`e2e4`, `b3a4`,
//! `b1(2)c3(2)`): the games have no agreed SAN, and this is what engines, XBoard and
//! Oblique's own reader accept. Games other than orthodox chess carry `Variant`, and every
//! game not starting from the standard orthodox position carries `FEN` and `SetUp`.

use crate::config::Tc;
use crate::game::GameRecord;
use oblique_engine::{AnyPosition, Color};

pub struct PgnContext<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub variant: &'a str,
    pub tc: Tc,
    /// Engines with a clock of their own (`tc=`), by engine index.
    pub engine_tcs: &'a [Option<Tc>],
    pub names: &'a [String],
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game as PGN text, ending in a blank line.
pub fn game_pgn(ctx: &PgnContext, g: &GameRecord) -> String {
    let name = |i: usize| ctx.names.get(i).map(String::as_str).unwrap_or("?");
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    };
    tag("Event", ctx.event);
    tag("Site", ctx.site);
    tag("Date", ctx.date);
    tag("Round", &g.number.to_string());
    tag("White", name(g.white));
    tag("Black", name(g.black));
    tag("Result", g.result.pgn());
    if ctx.variant != "chess" {
        tag("Variant", ctx.variant);
    }
    if ctx.variant != "chess" || !g.standard_start {
        tag("FEN", &g.start_fen);
        tag("SetUp", "1");
    }
    tag("TimeControl", &ctx.tc.pgn());
    // Time odds, as cutechess-cli writes them.
    let own = |i: usize| ctx.engine_tcs.get(i).copied().flatten();
    if own(g.white).is_some() || own(g.black).is_some() {
        tag("WhiteTimeControl", &own(g.white).unwrap_or(ctx.tc).pgn());
        tag("BlackTimeControl", &own(g.black).unwrap_or(ctx.tc).pgn());
    }
    tag("PlyCount", &g.moves.len().to_string());
    tag("Termination", g.termination.pgn());
    out.push('\n');

    // Move numbers follow the start position's side to move and move number.
    let mut black_to_move = AnyPosition::new(ctx.variant, Some(&g.start_fen))
        .map(|p| p.side_to_move() == Color::Black)
        .unwrap_or(false);
    let mut number: u32 = g
        .start_fen
        .split_whitespace()
        .last()
        .and_then(|f| f.parse().ok())
        .unwrap_or(1);
    let mut tokens: Vec<String> = Vec::new();
    for m in &g.moves {
        // Every move carries a comment, after which PGN's export format numbers Black's
        // moves too (`2... b5b4`).
        if black_to_move {
            tokens.push(format!("{number}..."));
        } else {
            tokens.push(format!("{number}."));
        }
        tokens.push(m.text.clone());
        let comment = if m.book {
            "book".to_string()
        } else {
            let mut c = String::new();
            if let Some(s) = m.score {
                c.push_str(&s.pgn());
                if let Some(d) = m.depth {
                    c.push_str(&format!("/{d}"));
                }
                c.push(' ');
            }
            c.push_str(&format!("{:.3}s", m.ms as f64 / 1000.0));
            c
        };
        tokens.push(format!("{{{comment}}}"));
        if black_to_move {
            number += 1;
        }
        black_to_move = !black_to_move;
    }
    tokens.push(format!("{{{}}}", g.reason));
    tokens.push(g.result.pgn().to_string());
    // Wrap at 80 columns; comments may be broken across lines like any token.
    let mut line_len = 0;
    for t in tokens {
        for word in t.split(' ') {
            let sep = if line_len == 0 { 0 } else { 1 };
            if line_len + sep + word.len() > 79 && line_len > 0 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(word);
            line_len += word.len();
        }
    }
    out.push_str("\n\n");
    out
}

/// Today's date as PGN writes it (`2024.05.01`), from the system clock (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;
    use crate::game::{GameResult, MoveRecord, Termination};

    fn mv(t: &str, book: bool) -> MoveRecord {
        MoveRecord {
            text: t.to_string(),
            score: (!book).then_some(Score::Cp(20)),
            depth: (!book).then_some(5),
            ms: 120,
            book,
        }
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn black_first_game() {
        let start = AnyPosition::new("minislanted", None).unwrap().to_fen();
        let g = GameRecord {
            number: 3,
            white: 0,
            black: 1,
            start_fen: start.clone(),
            standard_start: true,
            moves: vec![mv("a5a4", true), mv("a2a3", false), mv("b5b4", false)],
            result: GameResult::BlackWins,
            termination: Termination::IllegalMove,
            reason: "White makes an illegal move: z9".to_string(),
            culprit: Some(0),
        };
        let names = ["A \"x\"".to_string(), "B".to_string()];
        let ctx = PgnContext {
            event: "t",
            site: "?",
            date: "2024.01.01",
            variant: "minislanted",
            tc: Tc::MoveTime(50),
            engine_tcs: &[],
            names: &names,
        };
        let text = game_pgn(&ctx, &g);
        assert!(text.contains("[White \"A \\\"x\\\"\"]\n"));
        assert!(text.contains("[Variant \"minislanted\"]\n"));
        assert!(text.contains(&format!("[FEN \"{start}\"]\n[SetUp \"1\"]\n")));
        assert!(text.contains("[Termination \"rules infraction\"]\n"));
        assert!(text.contains("[Round \"3\"]"));
        assert!(
            text.contains("1... a5a4 {book} 2. a2a3 {+0.20/5 0.120s} 2... b5b4"),
            "{text}"
        );
        let flat = text.trim_end().replace('\n', " ");
        assert!(
            flat.ends_with("{White makes an illegal move: z9} 0-1"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.len() <= 80));
    }

    #[test]
    fn chess_from_the_start_has_no_fen() {
        let start = AnyPosition::new("chess", None).unwrap().to_fen();
        let g = GameRecord {
            number: 1,
            white: 1,
            black: 0,
            start_fen: start,
            standard_start: true,
            moves: vec![mv("e2e4", false)],
            result: GameResult::Draw,
            termination: Termination::Adjudication,
            reason: "Draw by adjudication".to_string(),
            culprit: None,
        };
        let names = ["A".to_string(), "B".to_string()];
        let ctx = PgnContext {
            event: "t",
            site: "?",
            date: "?",
            variant: "chess",
            tc: Tc::Depth(3),
            engine_tcs: &[],
            names: &names,
        };
        let text = game_pgn(&ctx, &g);
        assert!(!text.contains("[FEN"));
        assert!(!text.contains("[Variant"));
        assert!(text.contains("[White \"B\"]"));
        assert!(text.contains("1. e2e4 {+0.20/5 0.120s} {Draw by adjudication} 1/2-1/2"));
    }
}
