//! The PGN of `oblique match`: the engine's one PGN dialect (`oblique_engine::pgn`: moves
//! in protocol notation, `Variant` for every game but orthodox chess, `FEN` and `SetUp`
//! unless it is orthodox chess from its start) with what a match adds: the round, the
//! engines' names, the time control (and time odds), the termination, a comment on every
//! move (`book`, or score/depth and time) and the reason the game ended.

use crate::config::Tc;
use crate::game::PlayedGame;
use oblique_engine::pgn;

pub struct PgnContext<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub tc: Tc,
    /// Engines with a clock of their own (`tc=`), by engine index.
    pub engine_tcs: &'a [Option<Tc>],
    pub names: &'a [String],
}

/// One game as PGN text, ending in a blank line.
pub fn game_pgn(ctx: &PgnContext, g: &PlayedGame) -> String {
    let name = |i: usize| ctx.names.get(i).map(String::as_str).unwrap_or("?");
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", ctx.event.into()),
        ("Site", ctx.site.into()),
        ("Date", ctx.date.into()),
        ("Round", g.number.to_string()),
        ("White", name(g.white).into()),
        ("Black", name(g.black).into()),
        ("Result", g.result.pgn().into()),
    ];
    tags.extend(pgn::position_tags(&g.game));
    tags.push(("TimeControl", ctx.tc.pgn()));
    // Time odds, as cutechess-cli writes them.
    let own = |i: usize| ctx.engine_tcs.get(i).copied().flatten();
    if own(g.white).is_some() || own(g.black).is_some() {
        tags.push(("WhiteTimeControl", own(g.white).unwrap_or(ctx.tc).pgn()));
        tags.push(("BlackTimeControl", own(g.black).unwrap_or(ctx.tc).pgn()));
    }
    tags.push(("PlyCount", g.game.len().to_string()));
    tags.push(("Termination", g.termination.pgn().into()));
    let comments: Vec<Option<String>> = g
        .notes
        .iter()
        .map(|m| {
            if m.book {
                return Some("book".to_string());
            }
            let mut c = String::new();
            if let Some(s) = m.score {
                c.push_str(&s.pgn());
                if let Some(d) = m.depth {
                    c.push_str(&format!("/{d}"));
                }
                c.push(' ');
            }
            c.push_str(&format!("{:.3}s", m.ms as f64 / 1000.0));
            Some(c)
        })
        .collect();
    pgn::write(&tags, &g.game, &comments, Some(&g.reason), g.result.pgn())
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
    use crate::game::{GameResult, MoveNote, Termination};
    use oblique_engine::GameRecord;

    /// A game of `variant` from its start with these moves (`true`: from the book).
    fn played(variant: &str, moves: &[(&str, bool)]) -> (GameRecord, Vec<MoveNote>) {
        let mut game = GameRecord::new(variant, None).unwrap();
        let mut notes = Vec::new();
        for &(m, book) in moves {
            game.play(m).unwrap();
            notes.push(MoveNote {
                score: (!book).then_some(Score::Cp(20)),
                depth: (!book).then_some(5),
                ms: 120,
                book,
            });
        }
        (game, notes)
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
        let (game, notes) = played(
            "minislanted",
            &[("a5a4", true), ("a2a3", false), ("b5b4", false)],
        );
        let start = game.start_fen();
        let g = PlayedGame {
            number: 3,
            white: 0,
            black: 1,
            game,
            notes,
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
        let (game, notes) = played("chess", &[("e2e4", false)]);
        let g = PlayedGame {
            number: 1,
            white: 1,
            black: 0,
            game,
            notes,
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
