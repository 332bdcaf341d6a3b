//! `oblique net relabel`: the positions of `net data` files scored again by a deeper search.
//!
//! Why: self-play at a few thousand nodes a move gives many positions cheaply, but labels
//! each with a shallow search (about 8 plies in orthodox chess at 5,000 nodes, where 50,000
//! reach about 11), and the chess network stopped learning from more such labels. Scoring a
//! sample of the same positions again at more nodes gives the trainer better labels without
//! playing the games again, and the games' results stay as they were.
//!
//! Of each recorded game the first position and every `every`-th after it are searched at
//! `nodes` nodes on one thread, in order, with one hash table cleared when the game starts
//! (as `net data` keeps its table for a game). So the file is the same whatever the number
//! of threads, and a run split by `--shard` (by game number, as `net data` splits) merges
//! with `net merge` into the whole run's file. A record keeps its game, result and position
//! and takes the new score; a position the deeper search scores as a mate is dropped, as
//! `net data` drops them. A position is searched from its FEN alone: the positions before
//! it in its game (repetitions) are not known to the search.

use super::data::{white_view, GameSlice, Record};
use super::in_order::run_in_order;
use super::record_files::for_each_record;
use crate::error::TrainError;
use crate::game_lines::GameLines;
use oblique_engine::search::{Limits, Score, Search};
use oblique_engine::AnyPosition;
use oblique_eval::Evaluation;

/// How the positions are scored again.
#[derive(Clone, Debug)]
pub struct Relabel {
    /// Nodes per position.
    pub nodes: u64,
    /// Of each game, the first position and every `every`-th after it.
    pub every: usize,
    /// Hash table per thread, in MB.
    pub hash_mb: usize,
    pub threads: usize,
    /// The games (by number) this run scores.
    pub slice: GameSlice,
}

/// A `net relabel` run.
#[derive(Clone, Debug)]
pub struct RelabelJob {
    pub variant: String,
    /// Files written by `net data` (or by `net relabel`).
    pub data: Vec<String>,
    pub relabel: Relabel,
    pub out: String,
}

/// What one recorded game gave: its records with their new scores, how many positions were
/// dropped as mates, and the sum of the scores' changes (centipawns).
struct Scored {
    records: Vec<Record>,
    mates: usize,
    change: u64,
}

/// The positions of the slice's games to score, game by game (a game is a run of lines with
/// one game number), each position checked as one of `variant`'s; and how many records the
/// files held in all.
fn read_games(
    variant: &str,
    files: &[String],
    every: usize,
    slice: GameSlice,
) -> Result<(Vec<Vec<Record>>, usize), TrainError> {
    let mut games: Vec<Vec<Record>> = Vec::new();
    let mut read = 0;
    let mut current: Option<usize> = None;
    let mut nth_in_game = 0;
    for_each_record(files, |at, r| {
        read += 1;
        if current != Some(r.game) {
            current = Some(r.game);
            nth_in_game = 0;
            if r.game % slice.count == slice.index {
                games.push(Vec::new());
            }
        } else {
            nth_in_game += 1;
        }
        if r.game % slice.count != slice.index || nth_in_game % every != 0 {
            return Ok(true);
        }
        AnyPosition::new(variant, Some(&r.fen)).map_err(|e| at.error(e.to_string()))?;
        if let Some(game) = games.last_mut() {
            game.push(r);
        }
        Ok(true)
    })?;
    games.retain(|g| !g.is_empty());
    Ok((games, read))
}

/// Scores one game's positions again, in order, on `search` (cleared first).
fn score_game(variant: &str, records: &[Record], limits: &Limits, search: &Search) -> Scored {
    search.clear();
    let mut scored = Scored {
        records: Vec::with_capacity(records.len()),
        mates: 0,
        change: 0,
    };
    for r in records {
        // Every position was read as one of the game's before the run started.
        let Ok(pos) = AnyPosition::new(variant, Some(&r.fen)) else {
            continue;
        };
        match pos.search(search, &Evaluation, limits, |_| {}).score {
            Score::Centipawns(c) => {
                let score = white_view(c, pos.side_to_move());
                scored.change += score.abs_diff(r.score) as u64;
                scored.records.push(Record { score, ..r.clone() });
            }
            Score::Mate(_) => scored.mates += 1,
        }
    }
    scored
}

/// Scores the files' positions again and writes the records to `job.out`, in the files'
/// order.
pub fn run(job: &RelabelJob) -> Result<(), TrainError> {
    let cfg = &job.relabel;
    if cfg.nodes == 0 {
        return Err(TrainError::AtLeastOne("--nodes"));
    }
    if cfg.every == 0 {
        return Err(TrainError::AtLeastOne("--every"));
    }
    let slice = cfg.slice;
    if slice.count == 0 || slice.index >= slice.count {
        return Err(TrainError::Slice {
            index: slice.index,
            count: slice.count,
        });
    }
    // An unknown game is reported before any file is read.
    AnyPosition::new(&job.variant, None)?;
    let (games, read) = read_games(&job.variant, &job.data, cfg.every, slice)?;
    let searches = (0..cfg.threads.clamp(1, 256))
        .map(|_| Search::new(1, cfg.hash_mb.clamp(1, 4096)))
        .collect::<Result<Vec<_>, _>>()?;
    let limits = Limits {
        nodes: Some(cfg.nodes),
        multipv: 1,
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let mut lines = GameLines::create(&job.out, games.len() as u64)?;
    let (mut mates, mut change) = (0, 0);
    run_in_order(
        &searches,
        games.len(),
        |nth, search| score_game(&job.variant, &games[nth], &limits, search),
        |_, scored| {
            mates += scored.mates;
            change += scored.change;
            lines.game(&scored.records, Record::to_line);
        },
    );
    let count = lines.finish()?;
    println!(
        "{} games: {count} of {read} positions scored at {} nodes ({mates} mates dropped, \
         mean change {:.1} cp) in {:.1} s -> {}",
        games.len(),
        cfg.nodes,
        change as f64 / count.max(1) as f64,
        start.elapsed().as_secs_f64(),
        job.out
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::data::{generate, NetData};
    use oblique_engine::Position;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("oblique-relabel-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    fn write(dir: &std::path::Path, name: &str, lines: &[String]) -> String {
        let p = dir.join(name);
        std::fs::write(&p, lines.join("\n") + "\n").expect("write");
        p.to_string_lossy().to_string()
    }

    fn job(data: Vec<String>, out: &str, nodes: u64, every: usize, threads: usize) -> RelabelJob {
        RelabelJob {
            variant: "chess".to_string(),
            data,
            relabel: Relabel {
                nodes,
                every,
                hash_mb: 1,
                threads,
                slice: GameSlice::WHOLE,
            },
            out: out.to_string(),
        }
    }

    fn records(path: &str) -> Vec<Record> {
        std::fs::read_to_string(path)
            .expect("read")
            .lines()
            .map(|l| Record::from_line(l).expect("a record"))
            .collect()
    }

    /// White, a queen up, with White's king on `file` (0-7) of the first rank.
    fn queen_up(file: usize, to_move: char) -> String {
        let rank = match file {
            0 => "K7".to_string(),
            7 => "7K".to_string(),
            f => format!("{f}K{}", 7 - f),
        };
        format!("4k3/8/8/8/8/8/3Q4/{rank} {to_move} - - 0 1")
    }

    #[test]
    fn scores_are_from_whites_side_and_mates_are_dropped() {
        let dir = scratch("sides");
        let back_rank_mate = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
        let data = write(
            &dir,
            "data",
            &[
                format!("0 1 0 {}", queen_up(0, 'b')),
                format!("0 1 0 {back_rank_mate}"),
                format!("1 0.5 0 {}", queen_up(1, 'w')),
            ],
        );
        let out = dir.join("out").to_string_lossy().to_string();
        run(&job(vec![data], &out, 3000, 1, 1)).expect("relabel");
        let got = records(&out);
        assert_eq!(got.len(), 2, "the mate in one is dropped: {got:?}");
        for (r, (game, result, fen)) in got
            .iter()
            .zip([(0, 1.0, queen_up(0, 'b')), (1, 0.5, queen_up(1, 'w'))])
        {
            assert_eq!((r.game, r.result, &r.fen), (game, result, &fen));
            assert!(r.score > 500, "White is a queen up: {r:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_first_and_every_nth_position_of_each_game_are_kept() {
        let dir = scratch("every");
        let mut lines: Vec<String> = (0..5)
            .map(|f| format!("3 0.5 7 {}", queen_up(f, 'w')))
            .collect();
        lines.extend((5..7).map(|f| format!("8 0.5 7 {}", queen_up(f, 'w'))));
        let data = write(&dir, "data", &lines);
        let out = dir.join("out").to_string_lossy().to_string();
        run(&job(vec![data], &out, 200, 2, 2)).expect("relabel");
        let kept: Vec<(usize, String)> =
            records(&out).into_iter().map(|r| (r.game, r.fen)).collect();
        let expected: Vec<(usize, String)> = [(3, 0), (3, 2), (3, 4), (8, 5)]
            .into_iter()
            .map(|(g, f)| (g, queen_up(f, 'w')))
            .collect();
        assert_eq!(kept, expected);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn threads_and_slices_write_the_same_file() {
        let dir = scratch("threads");
        let spec = oblique_engine::find_variant("chess").expect("chess");
        let start = Position::<u64>::start(spec).expect("start position");
        let cfg = NetData {
            games: 5,
            nodes: 200,
            random_plies: 8,
            max_plies: 40,
            seed: 7,
            hash_mb: 1,
            threads: 2,
            slice: GameSlice::WHOLE,
        };
        let mut lines = Vec::new();
        generate(&start, &Evaluation, &cfg, |_, rs| {
            lines.extend(rs.iter().map(Record::to_line))
        })
        .expect("threads");
        let data = write(&dir, "data", &lines);
        let path = |name: &str| dir.join(name).to_string_lossy().to_string();
        run(&job(vec![data.clone()], &path("one"), 400, 3, 1)).expect("one thread");
        run(&job(vec![data.clone()], &path("three"), 400, 3, 3)).expect("three threads");
        for k in 0..2 {
            let mut j = job(vec![data.clone()], &path(&format!("slice{k}")), 400, 3, 2);
            j.relabel.slice = GameSlice { index: k, count: 2 };
            run(&j).expect("a slice");
        }
        crate::net::merge_data::run(&[path("slice1"), path("slice0")], &path("merged"))
            .expect("merge");
        let one = std::fs::read_to_string(path("one")).expect("read");
        assert!(one.lines().count() > 5, "{one}");
        assert_eq!(std::fs::read_to_string(path("three")).expect("read"), one);
        assert_eq!(std::fs::read_to_string(path("merged")).expect("read"), one);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_input_is_reported_with_its_file_and_line() {
        let dir = scratch("bad");
        let out = dir.join("out").to_string_lossy().to_string();
        let good = format!("0 1 0 {}", queen_up(0, 'w'));
        let not_a_record = write(&dir, "a", &[good.clone(), "0 1 zero k".to_string()]);
        let not_a_position = write(
            &dir,
            "b",
            &[good.clone(), "1 1 0 9/8 w - - 0 1".to_string()],
        );
        for (file, line) in [(&not_a_record, 2), (&not_a_position, 2)] {
            let e = run(&job(vec![file.clone()], &out, 100, 1, 1))
                .expect_err("a bad line")
                .to_string();
            assert!(e.starts_with(&format!("{file}:{line}: ")), "{e}");
        }
        let good_file = write(&dir, "c", &[good]);
        let mut unknown = job(vec![good_file.clone()], &out, 100, 1, 1);
        unknown.variant = "no-such-game".to_string();
        let e = run(&unknown).expect_err("unknown game").to_string();
        assert!(e.contains("unknown variant 'no-such-game'"), "{e}");
        for (nodes, every, option) in [(0, 1, "--nodes"), (100, 0, "--every")] {
            let e = run(&job(vec![good_file.clone()], &out, nodes, every, 1))
                .expect_err("zero")
                .to_string();
            assert_eq!(e, format!("{option} must be at least 1"));
        }
        let missing = dir.join("missing").to_string_lossy().to_string();
        let e = run(&job(vec![missing.clone()], &out, 100, 1, 1))
            .expect_err("no file")
            .to_string();
        assert!(e.starts_with(&format!("cannot read {missing}")), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
