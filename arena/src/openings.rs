//! Openings: from a file (one per line) or random legal plies from the start position.
//! Each opening is played twice in a row, once with each engine as White.

use crate::error::{OpeningProblem, OpeningsError, RandomOpeningsError};
use oblique_engine::AnyPosition;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// Start position (FEN, or TFEN in Star Trek chess); `None`: the game's own start.
    pub fen: Option<String>,
    /// Moves played from there before the engines take over.
    pub moves: Vec<String>,
}

/// Reads an opening file. Each non-empty line not starting with `#` is one of
/// - a list of moves from the start position: `e2e4 e7e5 g1f3`;
/// - a position: FEN (EPD lines too: fields past the position's are ignored);
/// - a position followed by moves: `FEN moves e2e4 e7e5`.
///
/// Every opening is checked against the rules; the first bad line is reported.
pub fn parse_openings(text: &str, variant: &str) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |problem: OpeningProblem| OpeningsError::Line {
            line: n + 1,
            problem,
        };
        let (pos_part, moves_part) = match line.split_once(" moves ") {
            Some((p, m)) => (p.trim(), m.trim()),
            None if line.starts_with("moves ") => ("", &line[6..]),
            None if looks_like_position(line) => (line, ""),
            None => ("", line),
        };
        let fen = if pos_part.is_empty() {
            None
        } else {
            Some(read_position(pos_part, variant).map_err(bad)?)
        };
        let mut pos = AnyPosition::new(variant, fen.as_deref()).map_err(|e| bad(e.into()))?;
        let mut moves = Vec::new();
        for m in moves_part.split_whitespace() {
            let name = pos.play(m).map_err(|error| {
                bad(OpeningProblem::IllegalMove {
                    text: m.to_string(),
                    error,
                })
            })?;
            moves.push(name);
        }
        if pos.outcome().is_some() {
            return Err(bad(OpeningProblem::GameOver));
        }
        out.push(Opening { fen, moves });
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// A position string: contains a rank separator (FEN) or a level mark (TFEN).
fn looks_like_position(s: &str) -> bool {
    let first = s.split_whitespace().next().unwrap_or("");
    first.contains('/') || s.contains('(')
}

/// Accepts a full position string, or its first fields (EPD), and returns the FEN the
/// arbiter writes for it.
fn read_position(s: &str, variant: &str) -> Result<String, OpeningProblem> {
    let fields: Vec<&str> = s.split_whitespace().collect();
    let mut first_err = None;
    for take in [fields.len(), 6, 4] {
        if take > fields.len() {
            continue;
        }
        match AnyPosition::new(variant, Some(&fields[..take].join(" "))) {
            Ok(p) => return Ok(p.to_fen()),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(first_err.map_or(OpeningProblem::NoPosition, OpeningProblem::Position))
}

/// The generator of reproducible random openings: the project's SplitMix64.
pub use oblique_engine::random::SplitMix64 as Rng;

/// `count` openings of `plies` random legal moves each from the start position (or from
/// `fen`); a line that would end the game is drawn again.
pub fn random_openings(
    variant: &str,
    fen: Option<&str>,
    plies: usize,
    count: usize,
    rng: &mut Rng,
) -> Result<Vec<Opening>, RandomOpeningsError> {
    let start = AnyPosition::new(variant, fen)?;
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut tries = 0;
        let opening = 'retry: loop {
            tries += 1;
            if tries > 1000 {
                return Err(RandomOpeningsError::NoLine(plies));
            }
            let mut pos = start.clone();
            let mut moves = Vec::with_capacity(plies);
            for _ in 0..plies {
                let legal = pos.legal_moves_text();
                if legal.is_empty() || pos.outcome().is_some() {
                    continue 'retry;
                }
                let m = &legal[rng.below(legal.len())];
                moves.push(pos.play(m)?);
            }
            if pos.outcome().is_some() {
                continue;
            }
            break Opening {
                fen: fen.map(str::to_string),
                moves,
            };
        };
        out.push(opening);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_lines() {
        let text = "# a comment\n\
            e2e4 e7e5\n\
            \n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4 Ng8-f6\n";
        let o = parse_openings(text, "chess").unwrap();
        assert_eq!(o.len(), 4);
        assert_eq!(o[0].fen, None);
        assert_eq!(o[0].moves, vec!["e2e4", "e7e5"]);
        assert!(o[1].fen.as_deref().unwrap().contains(" b KQkq"));
        assert!(o[2].moves.is_empty());
        assert!(o[2].fen.is_some());
        assert_eq!(o[3].moves, vec!["d2d4", "g8f6"]);
        let illegal = parse_openings("e2e5", "chess").unwrap_err();
        assert!(matches!(
            illegal,
            OpeningsError::Line {
                line: 1,
                problem: OpeningProblem::IllegalMove { .. }
            }
        ));
        assert!(illegal
            .to_string()
            .starts_with("openings line 1: move 'e2e5' is not legal: "));
        assert_eq!(
            parse_openings("# nothing", "chess"),
            Err(OpeningsError::Empty)
        );
        // Fool's mate is over: not an opening.
        assert_eq!(
            parse_openings("f2f3 e7e5 g2g4 d8h4", "chess"),
            Err(OpeningsError::Line {
                line: 1,
                problem: OpeningProblem::GameOver
            })
        );
    }

    #[test]
    fn random_lines_are_legal_and_reproducible() {
        for variant in [
            "chess",
            "slanted",
            "minislanted",
            "ultraslanted",
            "diagonal",
        ] {
            let a = random_openings(variant, None, 6, 5, &mut Rng::new(7)).unwrap();
            let b = random_openings(variant, None, 6, 5, &mut Rng::new(7)).unwrap();
            assert_eq!(a, b);
            for o in &a {
                assert_eq!(o.moves.len(), 6);
                let mut pos = AnyPosition::new(variant, None).unwrap();
                for m in &o.moves {
                    pos.play(m).unwrap();
                }
                assert!(pos.outcome().is_none());
            }
        }
    }
}
