//! The game-end rules a game file may set (`[end]`: stalemate's value, the move rule, the
//! repetition count, bare king, goals), each in a position where the rule fires, with the
//! result the rule's text gives; and the search scoring them as the game does.
//!
//! Games are chess with a changed `[end]` section (registered under their own names), and
//! the example files `variants/shatranj.toml` and `variants/kingofthehill.toml`.

#[path = "common/search_2d.rs"]
mod search_2d;

use oblique_engine::search::{Limits, Score};
use oblique_engine::{AnyPosition, Color, Outcome};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Registers chess with `end` as its `[end]` section under `name`.
fn chess_with(name: &str, end: &str) -> Result<&'static str, String> {
    let text = std::fs::read_to_string(root().join("engine/games/chess.toml")).expect("chess");
    let cut = text.find("[end]").expect("[end]");
    let perft = text.find("[[perft]]").expect("[[perft]]");
    let text = format!(
        "{}[end]\n{end}\n",
        &text[..cut].replace("name = \"chess\"", &format!("name = \"{name}\"")),
    )
    .replace("xboard_name = \"normal\"\n", "");
    let _ = perft;
    let game = oblique_gamefile::toml_reader::parse(name, &text).map_err(|e| e.to_string())?;
    oblique_engine::registry::register(&game, name, &text)
        .map(|s| s.name)
        .map_err(|e| e.to_string())
}

/// Registers a shipped example file (once per process).
fn shipped(file: &str) -> &'static str {
    let path = root().join("variants").join(file);
    let text = std::fs::read_to_string(&path).expect("example file");
    let game = oblique_gamefile::toml_reader::parse(file, &text).expect("reads");
    if oblique_engine::registry::find(&game.game.name).is_none() {
        let _ = oblique_engine::registry::register(&game, file, &text);
    }
    oblique_engine::registry::find(&game.game.name)
        .expect("registered")
        .name
}

fn outcome(game: &str, fen: &str) -> Option<Outcome> {
    AnyPosition::new(game, Some(fen))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .outcome()
}

/// Black to move has no move and is not in check: king h8, its pawn h7 blocked by White's
/// h6, the king on f7 guarding g8 and g7.
const STALEMATE: &str = "7k/5K1p/7P/8/8/8/8/8 b - - 0 1";
/// White to move stalemates Black with Ke7-f7 (and cannot mate).
const STALEMATE_IN_ONE: &str = "7k/4K2p/7P/8/8/8/8/8 w - - 0 1";

#[test]
fn stalemate_is_worth_what_the_game_says() {
    assert_eq!(outcome("chess", STALEMATE), Some(Outcome::Stalemate));
    let win = chess_with("stalemate-wins", "stalemate = \"win\"").unwrap();
    // "win": the stalemated side (Black) wins.
    let o = outcome(win, STALEMATE).unwrap();
    assert_eq!(
        o,
        Outcome::StalemateWin {
            winner: Color::Black
        }
    );
    assert_eq!(o.result(), "0-1");
    let loss = chess_with("stalemate-loses", "stalemate = \"loss\"").unwrap();
    let o = outcome(loss, STALEMATE).unwrap();
    assert_eq!(
        o,
        Outcome::StalemateWin {
            winner: Color::White
        }
    );
    assert_eq!(
        format!("{} {{{}}}", o.result(), o.reason()),
        "1-0 {Stalemate}"
    );
    // Shatranj: stalemate loses.
    let shatranj = shipped("shatranj.toml");
    assert_eq!(
        outcome(shatranj, STALEMATE),
        Some(Outcome::StalemateWin {
            winner: Color::White
        })
    );
}

#[test]
fn the_search_scores_a_stalemate_as_the_game_does() {
    // Where stalemate loses, stalemating is a mate in one, and the search plays it.
    let loss = chess_with("stalemate-loses-search", "stalemate = \"loss\"").unwrap();
    let (_, r) = search_2d::search(loss, STALEMATE_IN_ONE, &Limits::depth(4), 1);
    assert_eq!(r.score, Score::Mate(1), "{r:?}");
    assert_eq!(r.best_move.as_deref(), Some("e7f7"), "{r:?}");
    // Where it wins for the stalemated side, White must avoid it: no mate either way.
    let win = chess_with("stalemate-wins-search", "stalemate = \"win\"").unwrap();
    let (_, r) = search_2d::search(win, STALEMATE_IN_ONE, &Limits::depth(4), 1);
    assert_ne!(r.best_move.as_deref(), Some("e7f7"), "{r:?}");
    assert!(!matches!(r.score, Score::Mate(_)), "{r:?}");
    // A stalemated side to move where stalemate wins: the root says it has won.
    let (_, r) = search_2d::search(win, STALEMATE, &Limits::depth(2), 1);
    assert!(matches!(r.score, Score::Mate(n) if n >= 0), "{r:?}");
}

#[test]
fn the_move_rule_is_the_games_number() {
    // Chess: 100 halfmoves (fifty moves) without capture or pawn move draw, 99 do not.
    let kings_and_rooks = |half: u32| format!("4k3/8/8/8/8/8/8/R3K2R w - - {half} 80");
    assert_eq!(outcome("chess", &kings_and_rooks(99)), None);
    assert_eq!(
        outcome("chess", &kings_and_rooks(100)),
        Some(Outcome::FiftyMoves)
    );
    // A 10-move rule: 20 halfmoves.
    let ten = chess_with("ten-move-rule", "move_rule = 20").unwrap();
    assert_eq!(outcome(ten, &kings_and_rooks(19)), None);
    assert_eq!(outcome(ten, &kings_and_rooks(20)), Some(Outcome::MoveRule));
    // No move rule at all.
    let none = chess_with("no-move-rule", "move_rule = 0").unwrap();
    assert_eq!(outcome(none, &kings_and_rooks(500)), None);
    // Mate on the move that reaches the count is still mate.
    assert_eq!(
        outcome(ten, "R3k3/8/4K3/8/8/8/8/8 b - - 20 80"),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn the_repetition_count_is_the_games_number() {
    let knights = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let play = |game: &str, times: usize| {
        let mut pos = AnyPosition::new(game, None).unwrap();
        for m in knights.iter().cycle().take(4 * times) {
            pos.play(m).unwrap();
        }
        pos.outcome()
    };
    // The start position on the board twice: a draw by twofold repetition, not threefold.
    let twofold = chess_with("twofold", "repetition = 2").unwrap();
    assert_eq!(play(twofold, 1), Some(Outcome::ThreefoldRepetition));
    assert_eq!(play("chess", 1), None);
    assert_eq!(play("chess", 2), Some(Outcome::ThreefoldRepetition));
    // Fivefold: four times is not enough.
    let fivefold = chess_with("fivefold", "repetition = 5").unwrap();
    assert_eq!(play(fivefold, 3), None);
    assert_eq!(play(fivefold, 4), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn a_bare_king_loses_unless_it_bares_the_other_back_at_once() {
    let shatranj = shipped("shatranj.toml");
    // Black's king alone against king and two rooks: Black has lost.
    assert_eq!(
        outcome(shatranj, "7k/8/8/8/8/8/8/RR2K3 b - - 0 1"),
        Some(Outcome::BareKing {
            winner: Color::White
        })
    );
    // Against king and one rook Black may still take the rook.
    let start = "8/8/8/8/8/8/6Rk/4K3 b - - 0 1";
    assert_eq!(outcome(shatranj, start), None);
    let mut pos = AnyPosition::new(shatranj, Some(start)).unwrap();
    pos.play("h2g2").unwrap();
    // Kings alone: a draw by material, not a bare-king win.
    assert_eq!(pos.outcome(), Some(Outcome::InsufficientMaterial));
    // Any other move leaves Black bare with White to move: White has won.
    let mut pos = AnyPosition::new(shatranj, Some(start)).unwrap();
    pos.play("h2h3").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::BareKing {
            winner: Color::White
        })
    );
    assert_eq!(pos.outcome().unwrap().result(), "1-0");
    // Chess has no such rule.
    assert_eq!(outcome("chess", "7k/8/8/8/8/8/8/RR2K3 b - - 0 1"), None);
    // The search knows it: taking Black's last piece wins at once.
    let (_, r) = search_2d::search(
        shatranj,
        "7k/p7/8/8/8/8/8/RR2K3 w - - 0 1",
        &Limits::depth(3),
        1,
    );
    assert_eq!(r.score, Score::Mate(1), "{r:?}");
}

#[test]
fn a_king_on_the_hill_wins_and_the_game_ends_there() {
    let koth = shipped("kingofthehill.toml");
    let mut pos = AnyPosition::new(koth, Some("k7/8/8/8/8/4K3/8/8 w - - 0 1")).unwrap();
    // Kings alone are not dead: they can still walk up the hill.
    assert_eq!(pos.outcome(), None);
    pos.play("e3d4").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::GoalReached {
            winner: Color::White
        })
    );
    assert_eq!(pos.count_legal_moves(), 0);
    // Black's goal is the same centre.
    let mut pos = AnyPosition::new(koth, Some("8/8/3k4/8/8/8/8/K7 b - - 0 1")).unwrap();
    pos.play("d6e5").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::GoalReached {
            winner: Color::Black
        })
    );
    // The search walks there.
    let (_, r) = search_2d::search(koth, "k7/8/8/8/8/4K3/8/8 w - - 0 1", &Limits::depth(3), 1);
    assert_eq!(r.score, Score::Mate(1), "{r:?}");
}

#[test]
fn a_goal_may_be_a_whole_rank_and_goals_of_one_piece_join() {
    // Both kings race to the eighth rank (racing kings' goal, without its other rules),
    // and a second goal entry adds the centre squares.
    let race = chess_with(
        "race-to-eight",
        "[[end.goal]]\npiece = \"k\"\nwhite = [\"rank 8\"]\nblack = [\"rank 8\"]\n\n\
         [[end.goal]]\npiece = \"k\"\nwhite = [\"e4\"]\nblack = [\"e4\"]",
    )
    .unwrap();
    let mut pos = AnyPosition::new(race, Some("8/1K6/8/8/8/8/8/k7 w - - 0 1")).unwrap();
    pos.play("b7a8").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::GoalReached {
            winner: Color::White
        })
    );
    let mut pos = AnyPosition::new(race, Some("8/6k1/8/8/8/8/8/K7 b - - 0 1")).unwrap();
    pos.play("g7h8").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::GoalReached {
            winner: Color::Black
        })
    );
    let mut pos = AnyPosition::new(race, Some("8/8/8/8/8/5K2/8/k7 w - - 0 1")).unwrap();
    pos.play("f3e4").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::GoalReached {
            winner: Color::White
        })
    );
    // Diagonal Chess's corner is still a pawn's goal.
    let mut pos = AnyPosition::new("diagonal", Some("k7/6P1/8/8/8/8/8/7K w - - 0 1")).unwrap();
    pos.play("g7h8").unwrap();
    assert_eq!(
        pos.outcome().map(|o| o.reason()),
        Some("White pawn reaches h8")
    );
}

#[test]
fn goals_of_two_pieces_each_win_on_their_own_squares() {
    // The king wins on e4, the queen on e5 (Black's by symmetry: e5 and e4); a queen on e4
    // or a king on e5 is no goal.
    let two = chess_with(
        "two-goal-pieces",
        "[[end.goal]]\npiece = \"k\"\nwhite = [\"e4\"]\n\n[[end.goal]]\npiece = \"q\"\nwhite = [\"e5\"]",
    )
    .unwrap();
    let after = |fen: &str, m: &str| {
        let mut pos = AnyPosition::new(two, Some(fen)).unwrap();
        pos.play(m).unwrap();
        pos.outcome()
    };
    let white = Some(Outcome::GoalReached {
        winner: Color::White,
    });
    assert_eq!(after("6k1/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1e5"), white);
    assert_eq!(after("6k1/8/8/8/8/5K2/8/Q7 w - - 0 1", "f3e4"), white);
    assert_eq!(after("6k1/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1a4"), None);
    assert_eq!(after("6k1/8/8/8/Q7/8/8/4K3 w - - 0 1", "a4e4"), None);
    // Black's queen goal is e4 (e5 mirrored), its king's e5.
    assert_eq!(
        after("q3k3/8/8/8/8/8/8/6K1 b - - 0 1", "a8e4"),
        Some(Outcome::GoalReached {
            winner: Color::Black
        })
    );
    assert_eq!(after("q3k3/8/8/8/8/8/8/6K1 b - - 0 1", "a8a5"), None);
}

#[test]
fn end_rules_the_engine_does_not_play_are_refused_with_their_line() {
    let refused = |name: &str, end: &str, words: &str| {
        let e = chess_with(name, end).expect_err(end);
        assert!(e.contains(words), "{end}: {e}");
        assert!(e.contains(&format!("{name}:")), "{e}");
    };
    refused("rep-one", "repetition = 1", "repetition = 1");
    refused(
        "stale-maybe",
        "stalemate = \"maybe\"",
        "stalemate = \"maybe\"",
    );
    refused("bare-win", "bare_king = \"win\"", "bare_king = \"win\"");
    refused("checks-some", "checks = \"rare\"", "checks = \"rare\"");
    refused(
        "reply-white",
        "goal_reply = \"white\"",
        "goal_reply = \"white\"",
    );
    // The reply judges one goal piece a side: it needs a goal, and not two a side.
    refused(
        "reply-no-goal",
        "goal_reply = \"black\"",
        "needs a goal ([[end.goal]]) for one piece a side at most",
    );
    refused(
        "reply-two-goals",
        "goal_reply = \"black\"\n[[end.goal]]\npiece = \"q\"\nwhite = [\"rank 8\"]\n\
         [[end.goal]]\npiece = \"k\"\nwhite = [\"e8\"]",
        "needs a goal ([[end.goal]]) for one piece a side at most",
    );
    refused(
        "goal-nowhere",
        "[[end.goal]]\npiece = \"q\"\nwhite = []\nblack = []",
        "a goal without squares",
    );
    refused(
        "koth-dead",
        "dead = \"fide\"\n[[end.goal]]\npiece = \"k\"\nwhite = [\"e4\"]",
        "can always walk to it",
    );
    refused(
        "rank-nine",
        "[[end.goal]]\npiece = \"k\"\nwhite = [\"rank 9\"]",
        "no such rank",
    );
}

#[test]
fn xboard_states_the_new_results() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .env_remove("OBLIQUE_VARIANTS")
        .current_dir(root())
        .args(["--variant-file", "variants/shatranj.toml"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start oblique");
    let script = "xboard\nprotover 2\n\
        new\nvariant shatranj\nforce\nsetboard 7k/4K2p/7P/8/8/8/8/8 w - - 0 1\nusermove e7f7\n\
        new\nvariant shatranj\nforce\nsetboard 8/8/8/8/8/8/6Rk/4K3 b - - 0 1\nusermove h2h3\n\
        quit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("send");
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stdout);
    let results: Vec<&str> = text.lines().filter(|l| l.contains('{')).collect();
    // Stalemate loses in Shatranj: Black is stalemated, White wins; then Black's king left
    // alone with White to move.
    assert_eq!(
        results,
        ["1-0 {Stalemate}", "1-0 {Black has a bare king}"],
        "{text}"
    );
}

#[test]
fn check_prints_the_end_rules_it_understood() {
    let check = |file: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_oblique"))
            .env_remove("OBLIQUE_NET")
            .env_remove("OBLIQUE_VARIANTS")
            .current_dir(root())
            .args(["check", "--max-depth", "1", file])
            .output()
            .expect("run oblique");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let out = check("variants/shatranj.toml");
    assert!(
        out.contains(
            "end stalemate loss, move rule 140 halfmoves, repetition 3, bare king loses, \
             dead kings-only\n"
        ),
        "{out}"
    );
    let out = check("variants/kingofthehill.toml");
    assert!(
        out.contains(
            "end stalemate draw, move rule 100 halfmoves, repetition 3, dead none, \
             goal k d4 e4 d5 e5 (Black: by symmetry)\n"
        ),
        "{out}"
    );
}

/// A bare king that decides the game leaves no moves, as Fairy-Stockfish's legal move
/// generator has none once its game has ended: after Rxa7 Black's king stands bare against
/// three pieces. Counts by Fairy-Stockfish 11.1 (Debian) and the current source, `go perft`.
#[test]
fn a_bare_king_ends_move_generation_as_in_fairy_stockfish() {
    let game = shipped("shatranj.toml");
    for (depth, nodes) in [(2, 72), (3, 1854)] {
        let mut pos =
            AnyPosition::new(game, Some("7k/p7/8/8/8/8/8/RR2K3 w - - 0 1")).expect("position");
        assert_eq!(pos.perft(depth), nodes, "depth {depth}");
    }
}
