//! Fairy-Stockfish's perft cases as the project keeps them
//! (`shared/oracles/fairy-stockfish-perft.tsv`, beside the repository): one reader for every
//! test that checks against them.
#![allow(dead_code)]

/// One case: the variant, `startpos` or a FEN, the depth and the published node count.
pub struct Case {
    pub variant: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
}

/// Every case of the oracle file; a missing file fails the test that asked.
pub fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/oracles/fairy-stockfish-perft.tsv"
    );
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e} (../shared must sit beside the repository)"));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Case {
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().expect("depth"),
                nodes: f[3].parse().expect("nodes"),
            }
        })
        .collect()
}
