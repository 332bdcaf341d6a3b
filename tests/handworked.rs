//! Positions whose complete legal move lists were worked out by hand from the rules text
//! (tests/data/handworked.json; each entry says what it tests and how it was derived).

use oblique_engine::AnyPosition;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Case {
    name: String,
    variant: String,
    fen: String,
    moves: Vec<String>,
    why: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/handworked.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("handworked.json"))
        .expect("handworked.json parses")
}

#[test]
fn every_hand_worked_move_list_matches() {
    let cases = cases();
    let mut failures = Vec::new();
    for c in &cases {
        let pos = match AnyPosition::new(&c.variant, Some(&c.fen)) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: FEN rejected: {e}", c.name));
                continue;
            }
        };
        let mut got = pos.legal_moves_text();
        got.sort();
        let mut want = c.moves.clone();
        want.sort();
        if got != want {
            let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
            failures.push(format!(
                "{} ({}): missing {missing:?}, extra {extra:?}\n    {}",
                c.name, c.variant, c.why
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn at_least_five_positions_per_game() {
    let mut per: BTreeMap<String, usize> = BTreeMap::new();
    for c in cases() {
        *per.entry(c.variant).or_default() += 1;
    }
    for v in oblique_engine::builtin_games() {
        assert!(
            per.get(v.name).copied().unwrap_or(0) >= 5,
            "{}: {per:?}",
            v.name
        );
    }
}

#[test]
fn start_position_move_lists() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/first_moves.json");
    let data: BTreeMap<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("first_moves.json")).unwrap();
    for v in oblique_engine::builtin_games() {
        let pos = AnyPosition::new(v.name, None).unwrap();
        let mut got = pos.legal_moves_text();
        got.sort();
        assert_eq!(data[v.name].as_u64(), Some(got.len() as u64), "{}", v.name);
        if let Some(list) = data.get(&format!("{}_moves", v.name)) {
            let mut want: Vec<String> = serde_json::from_value(list.clone()).unwrap();
            want.sort();
            assert_eq!(got, want, "{}", v.name);
        }
    }
}
