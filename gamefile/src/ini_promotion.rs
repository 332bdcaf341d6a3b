//! Fairy-Stockfish's optional promotion and promotion limits (`mandatoryPawnPromotion =
//! false`, `promotionLimit`, and the `immobilityIllegal` that keeps an optional-promotion
//! pawn off the last rank) mapped to our `[promotion]` keys `mandatory = false` and
//! `limits`. Kept apart from `ini_rules.rs`/`ini_game.rs` (which read every other key) so
//! that this rule is one place: those files only ask `plays` and `limits`.
//!
//! Our `mandatory = false` lets a pawn stay a pawn on a promotion square only where it
//! could still move on; Fairy-Stockfish gets that from `immobilityIllegal = true` (no move
//! to a square the piece could never leave). Without it Fairy-Stockfish would leave pawns
//! stuck on the last rank, which we do not play; with it, the rule must not touch any other
//! piece, so it is taken only when every piece of the variant can move from every square.

use crate::betza::Kind;
use crate::fs_betza;
use crate::ini_game::Refusal;
use crate::ini_rules::{file_bb, rank_bb, Rules, BUILT_IN, KING, PAWN, TYPES};
use std::collections::BTreeMap;

/// Fairy-Stockfish piece types that can move from every square of an empty board, so that
/// `immobilityIllegal` never forbids them a move.
const ALWAYS_MOBILE: &[&str] = &[
    "knight",
    "bishop",
    "rook",
    "queen",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "gold",
    "dragonHorse",
    "wazir",
    "commoner",
    "centaur",
];

/// Whether the engine plays `key`, a key `ini_rules` keeps as unsupported, in this variant.
pub fn plays(key: &str, rules: &Rules) -> bool {
    match key {
        // A bad value is refused by `limits` with its own reason.
        "promotionLimit" => true,
        "immobilityIllegal" => immobility_is_the_pawns_last_rank(rules),
        _ => false,
    }
}

/// True when `immobilityIllegal` only keeps pawns from staying pawns on the last rank:
/// every other piece moves from everywhere, and the pawn's last rank is in its promotion
/// zone (where our optional promotion makes it promote).
fn immobility_is_the_pawns_last_rank(rules: &Rules) -> bool {
    let mobile = |t: usize| match &rules.custom_betza[t] {
        Some(betza) => custom_always_mobile(betza),
        None => {
            t == PAWN
                || t == KING
                || BUILT_IN
                    .get(t)
                    .is_some_and(|(name, _)| ALWAYS_MOBILE.contains(name))
        }
    };
    let last = [rules.max_rank, 0];
    let files: u128 = (0..=rules.max_file).fold(0, |b, f| b | file_bb(f));
    (0..TYPES).all(|t| !rules.has(t) || mobile(t))
        && (0..2).all(|side| {
            let rank = rank_bb(last[side]) & files;
            rules.promotion_region[side] & rank == rank
        })
}

/// A custom piece that steps to every orthogonal neighbour (a full `W`) or to every
/// diagonal one (a full `F`), moving as well as capturing: on a board of two files and two
/// ranks or more it can move from every square, as the built-in types of `ALWAYS_MOBILE`.
fn custom_always_mobile(betza: &str) -> bool {
    let Ok(piece) = fs_betza::parse(betza) else {
        return false;
    };
    let steps = |cells: [(i8, i8); 4]| {
        cells.iter().all(|&(dx, dy)| {
            piece.moves.iter().any(|m| {
                (m.dx, m.dy) == (dx, dy)
                    && m.quiet
                    && m.capture
                    && !m.initial_only
                    && m.kind == Kind::Plain
            })
        })
    };
    steps([(1, 0), (-1, 0), (0, 1), (0, -1)]) || steps([(1, 1), (-1, 1), (1, -1), (-1, -1)])
}

fn refusal(key: &str, reason: String) -> Refusal {
    Refusal {
        key: Some(key.to_string()),
        reason,
    }
}

/// The `limits` of the promotion section (`promotionLimit = a:1 q:1 r:2`), after checking
/// that optional promotion comes with the rule that keeps pawns off the last rank.
pub fn limits(rules: &Rules) -> Result<BTreeMap<String, u8>, Refusal> {
    let immobility = rules
        .unsupported
        .get("immobilityIllegal")
        .is_some_and(|u| u.value == "true");
    if !rules.mandatory_pawn_promotion && !immobility {
        return Err(refusal(
            "mandatoryPawnPromotion",
            "mandatoryPawnPromotion = false without immobilityIllegal = true leaves pawns \
             unpromoted on the last rank, which is not supported"
                .to_string(),
        ));
    }
    let mut out = BTreeMap::new();
    let Some(u) = rules.unsupported.get("promotionLimit") else {
        return Ok(out);
    };
    for token in u.value.split_whitespace() {
        let bad = || {
            refusal(
                "promotionLimit",
                format!("promotionLimit: '{token}' is not a piece letter, ':' and a count"),
            )
        };
        let (letter, count) = token.split_once(':').ok_or_else(bad)?;
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(bad());
        };
        let count: u8 = count.trim().parse().map_err(|_| bad())?;
        let Some(t) = rules.type_of(c) else {
            return Err(refusal(
                "promotionLimit",
                format!("promotionLimit: '{c}' is not the letter of a piece of this variant"),
            ));
        };
        // Fairy-Stockfish reads 0 as no limit; a limit on a piece no pawn becomes does
        // nothing.
        let promotable =
            (rules.promotion_piece_types[0] | rules.promotion_piece_types[1]) & (1 << t);
        if count > 0 && promotable != 0 {
            let letter = rules.letters[t].unwrap_or(c).to_string();
            out.insert(letter, count);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::ini;

    fn read(text: &str) -> Result<crate::GameFile, String> {
        ini::parse("t.ini", text)
            .map(|mut games| games.remove(0))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn grand_reads_with_optional_promotion_and_its_limits() {
        let game = read("[g:grand]\n").expect("grand reads");
        let p = game.promotion.expect("promotion");
        assert!(!p.mandatory);
        let limits: Vec<(String, u8)> = p.limits.into_iter().collect();
        let expected = [("a", 1), ("b", 2), ("c", 1), ("n", 2), ("q", 1), ("r", 2)];
        assert_eq!(limits, expected.map(|(l, n)| (l.to_string(), n)).to_vec());
    }

    #[test]
    fn optional_promotion_without_immobility_is_refused() {
        let err = read("[g:grand]\nimmobilityIllegal = false\n").expect_err("refused");
        assert!(
            err.contains("t.ini:") && err.contains("mandatoryPawnPromotion"),
            "{err}"
        );
    }

    #[test]
    fn immobility_is_refused_where_a_piece_could_be_stuck() {
        let err = read("[g:grand]\nlance = l\n").expect_err("refused");
        assert!(err.contains("immobilityIllegal"), "{err}");
    }

    #[test]
    fn a_bad_limit_is_refused_with_its_line() {
        let err = read("[g:grand]\npromotionLimit = q:x\n").expect_err("refused");
        assert!(err.contains("t.ini:2") && err.contains("'q:x'"), "{err}");
        let err = read("[g:grand]\npromotionLimit = z:1\n").expect_err("refused");
        assert!(err.contains("'z'"), "{err}");
    }
}
