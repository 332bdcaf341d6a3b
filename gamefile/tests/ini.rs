//! Fairy-Stockfish's `variants.ini` read into our games: inheritance, each key the reader
//! honours, the refusals (with line and key), and every variant of Fairy-Stockfish's
//! perft tests either read from the built-in parents or listed as not covered with its
//! reason in `docs/game-files-fairy-stockfish.md`. Expectations come from the rules the
//! ini text states (Fairy-Stockfish's documented meaning of each key), not from our output.

use oblique_gamefile::ini;
use oblique_gamefile::GameFile;

fn one(text: &str) -> GameFile {
    let games = ini::parse("t.ini", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    games.into_iter().next().unwrap()
}

fn refused(text: &str) -> oblique_gamefile::GameFileError {
    match ini::parse("t.ini", text) {
        Ok(g) => panic!("accepted: {g:?}"),
        Err(e) => e,
    }
}

const TINY: &str = "\
# a comment
; another comment
[tiny]
maxRank = 6
maxFile = 5
pawn = p
knight = n
rook = r
king = k
customPiece1 = a:BN
startFen = rnakr/ppppp/5/5/PPPPP/RNAKR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nra
mandatoryPawnPromotion = true
doubleStep = false
castling = false
stalemateValue = loss
nMoveRule = 30
nFoldRule = 4
flagPiece = k
flagRegionWhite = *6
flagRegionBlack = *1

[tinier:tiny]
customPiece2 = x:fK
customPiece3 = l:L
knight = -
doubleStep = true
doubleStepRegionWhite = *2
doubleStepRegionBlack = *5
enPassantRegion = -
promotionPieceTypesBlack = r
stalemateValue = draw
startFen = rxakr/ppppp/5/5/PPPPP/RLAKR w
";

#[test]
fn a_section_and_its_child_read_with_every_key() {
    let games = ini::parse("t.ini", TINY).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 2);
    let tiny = &games[0];
    assert_eq!(tiny.game.name, "tiny");
    assert_eq!((tiny.board.files, tiny.board.ranks), (5, 6));
    assert!(tiny.board.holes.is_empty());
    assert_eq!(tiny.game.start, "rnakr/ppppp/5/5/PPPPP/RNAKR w - - 0 1");
    let letters: Vec<(char, &str, bool)> = tiny
        .pieces
        .iter()
        .map(|p| (p.letter, p.betza.as_deref().unwrap(), p.royal))
        .collect();
    assert_eq!(
        letters,
        vec![
            ('n', "N", false),
            ('r', "R", false),
            ('a', "BN", false),
            ('k', "K", true)
        ]
    );
    let pawn = tiny.pawn.as_ref().unwrap();
    assert_eq!(pawn.letter, 'p');
    assert_eq!(pawn.betza, "fmWfcF");
    assert!(pawn.double_step_ranks.is_empty(), "doubleStep = false");
    let promo = tiny.promotion.as_ref().unwrap();
    assert_eq!(promo.ranks, Some(1));
    assert_eq!(promo.pieces.as_deref(), Some("nra"));
    assert_eq!(promo.black_pieces, None);
    assert!(promo.mandatory);
    assert!(tiny.castling.is_none());
    assert_eq!(tiny.end.stalemate.as_deref(), Some("loss"));
    assert_eq!(tiny.end.move_rule, Some(60), "30 moves = 60 halfmoves");
    assert_eq!(tiny.end.repetition, Some(4));
    assert_eq!(tiny.end.goals.len(), 1);
    let goal = &tiny.end.goals[0];
    assert_eq!(goal.piece, 'k');
    assert_eq!(goal.white, vec!["a6", "b6", "c6", "d6", "e6"]);
    assert_eq!(
        goal.black.as_deref(),
        Some(&["a1", "b1", "c1", "d1", "e1"].map(String::from)[..])
    );

    // The child: the parent's rules, then its own keys.
    let tinier = &games[1];
    assert_eq!((tinier.board.files, tinier.board.ranks), (5, 6));
    assert_eq!(
        tinier.game.start, "rxakr/ppppp/5/5/PPPPP/RLAKR w - - 0 1",
        "clocks completed"
    );
    let moves: Vec<(char, &str)> = tinier
        .pieces
        .iter()
        .map(|p| (p.letter, p.betza.as_deref().unwrap()))
        .collect();
    // Fairy-Stockfish's fK is the three forward steps; its L is the camel (our C).
    assert_eq!(
        moves,
        vec![
            ('r', "R"),
            ('a', "BN"),
            ('x', "fWfF"),
            ('l', "C"),
            ('k', "K")
        ]
    );
    let pawn = tinier.pawn.as_ref().unwrap();
    assert_eq!(pawn.double_step_ranks, vec![2]);
    assert!(!pawn.en_passant, "enPassantRegion = -");
    let promo = tinier.promotion.as_ref().unwrap();
    assert_eq!(
        promo.pieces.as_deref(),
        Some("ra"),
        "the knight was removed"
    );
    assert_eq!(promo.black_pieces.as_deref(), Some("r"));
    assert_eq!(tinier.end.stalemate.as_deref(), Some("draw"));
    assert_eq!(tinier.end.repetition, Some(4), "inherited");
}

#[test]
fn children_of_built_in_variants() {
    let text = "\
[capa2:capablanca]
startFen = rnbqkabcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKABCNR w KQkq - 0 1
castlingKingsideFile = h
castlingQueensideFile = c

[thai:makruk]
countingRule = none

[hill:kingofthehill]
flagRegion = c3 d3 e3 f3 c6 d6 e6 f6
";
    let games = ini::parse("t.ini", text).unwrap_or_else(|e| panic!("{e}"));
    let capa = &games[0];
    assert_eq!((capa.board.files, capa.board.ranks), (10, 8));
    let c = capa.castling.as_ref().unwrap();
    assert_eq!(c.king, "e1");
    assert_eq!(
        (
            c.kingside.king_to.as_str(),
            c.kingside.rook_from.as_str(),
            c.kingside.rook_to.as_str()
        ),
        ("h1", "j1", "g1")
    );
    assert_eq!(
        (
            c.queenside.king_to.as_str(),
            c.queenside.rook_from.as_str(),
            c.queenside.rook_to.as_str()
        ),
        ("c1", "a1", "d1")
    );
    assert_eq!(
        capa.promotion.as_ref().unwrap().pieces.as_deref(),
        Some("nbrqac")
    );
    assert_eq!(
        capa.game.xboard_name, None,
        "a new game, not XBoard's capablanca"
    );

    // Makruk without its counting rule: promotion on the 6th rank onwards to the met.
    let thai = &games[1];
    let promo = thai.promotion.as_ref().unwrap();
    assert_eq!(promo.ranks, Some(3));
    assert_eq!(promo.pieces.as_deref(), Some("m"));
    assert_eq!(thai.end.move_rule, Some(0), "nMoveRule = 0: no n-move rule");
    let khon = thai.pieces.iter().find(|p| p.letter == 's').unwrap();
    assert_eq!(khon.betza.as_deref(), Some("FfW"));
    assert!(thai.pawn.as_ref().unwrap().double_step_ranks.is_empty());

    let hill = &games[2];
    assert_eq!(hill.end.goals[0].white.len(), 8);
}

#[test]
fn walls_in_the_start_position_are_holes() {
    let g = one("\
[walls:chess]
maxFile = 10
startFen = *rnbqkbnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNBQKBNR* w KQkq - 0 1
");
    assert_eq!(g.board.holes.len(), 16);
    assert!(g.board.holes.contains(&"a1".to_string()) && g.board.holes.contains(&"j8".to_string()));
    let c = g.castling.unwrap();
    assert_eq!(c.king, "f1");
    assert_eq!(c.kingside.rook_from, "i1");
    assert_eq!(c.queenside.rook_from, "b1");
}

#[test]
fn castling_rights_without_their_rook_are_dropped_as_fairy_stockfish_drops_them() {
    // No queenside rooks: the Q and q rights go, the kingside stays.
    let g = one("[x:chess]\nstartFen = 1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1\n");
    assert_eq!(
        g.game.start,
        "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kk - 0 1"
    );
    let c = g.castling.unwrap();
    assert_eq!(
        (c.king.as_str(), c.kingside.rook_from.as_str()),
        ("e1", "h1")
    );
    // No rooks at all: no castling.
    let g = one("[y:chess]\nstartFen = 1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w KQkq - 0 1\n");
    assert!(g.castling.is_none());
    assert!(g.game.start.contains(" w - - "), "{}", g.game.start);
}

#[test]
fn per_square_promotion_each_side_as_its_region_says() {
    let g = one("\
[corner:chess]
promotionRegionWhite = a8 h8
promotionRegionBlack = a1 h1
");
    let p = g.promotion.unwrap();
    assert_eq!(p.ranks, None);
    let cells: Vec<&str> = p.squares.iter().map(|s| s.cell.as_str()).collect();
    assert_eq!(cells, vec!["a8", "h8"]);
    assert!(p.squares.iter().all(|s| s.pieces == "nbrq"));
    let black: Vec<&str> = p.black_squares.iter().map(|s| s.cell.as_str()).collect();
    assert_eq!(black, vec!["a1", "h1"]);
    // Regions that are neither mirrored nor turned: each side's squares as given.
    let g = one("[skew:chess]\npromotionRegionWhite = a8\npromotionRegionBlack = b1 c1\n");
    let p = g.promotion.unwrap();
    let black: Vec<&str> = p.black_squares.iter().map(|s| s.cell.as_str()).collect();
    assert_eq!(black, vec!["b1", "c1"]);
    // Whole last ranks stay promotion by ranks.
    let g = one("[deep:chess]\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2\n");
    let p = g.promotion.unwrap();
    assert_eq!(p.ranks, Some(2));
    assert!(p.squares.is_empty() && p.black_squares.is_empty());
}

#[test]
fn keys_we_do_not_play_are_refused_with_line_and_name() {
    let e = refused("[x:chess]\nmaxRank = 8\npieceDrops = true\n");
    assert_eq!(e.line, Some(3), "{e}");
    assert!(
        e.reason.contains("pieceDrops") && e.reason.contains("drops"),
        "{e}"
    );
    assert!(e.to_string().starts_with("t.ini:3: [x] "), "{e}");

    let e = refused("[x:chess]\nflyingDragons = true\n");
    assert_eq!(e.line, Some(2));
    assert!(e.reason.contains("flyingDragons"), "{e}");

    let e = refused(
        "[x:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n",
    );
    assert_eq!(e.line, Some(2));
    assert!(e.reason.contains("pockets"), "{e}");

    let e = refused("[x:chess]\nnFoldValue = loss\n");
    assert!(e.reason.contains("nFoldValue") && e.line == Some(2), "{e}");
    let e = refused("[x:chess]\ncheckmateValue = win\n");
    assert!(e.reason.contains("checkmateValue"), "{e}");
    // Extinction rules other than Shatranj's bare king, each refused at its key's line.
    let e = refused("[x:shatranj]\nextinctionOpponentPieceCount = 1\n");
    assert!(e.reason.contains("extinction") && e.line == Some(2), "{e}");
    let e = refused("[x:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\n");
    assert!(
        e.reason.contains("extinctionPieceTypes = q") && e.line == Some(3),
        "{e}"
    );
    let e = refused("[x:chess]\nextinctionValue = win\n");
    assert!(
        e.reason.contains("extinctionValue = win") && e.line == Some(2),
        "{e}"
    );
    // Set back to the default, the claim has no line of its own: the refusal names it at
    // the rule's value, inherited from [shatranj].
    let e = refused("[x:shatranj]\nextinctionClaim = false\n");
    assert!(
        e.reason.contains("with extinctionClaim at its default")
            && e.reason.contains("inherited from [shatranj]"),
        "{e}"
    );
    // Game-end numbers read as they are.
    let g = one("[x:chess]\nnFoldRule = 2\nnMoveRule = 10\nstalemateValue = win\n");
    assert_eq!(g.end.repetition, Some(2));
    assert_eq!(g.end.move_rule, Some(20));
    assert_eq!(g.end.stalemate.as_deref(), Some("win"));
    let e = refused("[x:chess]\ncustomPiece1 = z:nZ\nstartFen = zk6/8/8/8/8/8/8/ZK6 w - - 0 1\n");
    assert!(e.reason.contains("lame 'Z'"), "{e}");
    assert_eq!(e.line, Some(2));
    let e = refused("[x:chess]\ndoubleStepRegionWhite = a2 b2\n");
    assert!(e.reason.contains("part of a rank"), "{e}");
    // Values at the edge of their types read without overflow.
    let g = one("[x:chess]\nnMoveRule = 4294967295\ndoubleStepRank = 10\n");
    assert_eq!(g.end.move_rule, Some(u32::MAX));
    assert_eq!(
        g.pawn.unwrap().double_step_ranks,
        (2..=8).collect::<Vec<u8>>()
    );
    let e =
        refused("[x:chess]\ncheckCounting = true\nstartFen = k7/8/8/8/8/8/8/K7 w - - 3+3 0 1\n");
    assert!(e.reason.contains("checkCounting"), "{e}");
    // Racing kings' two rules: checks forbidden, and the reply to a goal reached, played
    // for any one flag piece a side (the engine judges it as Fairy-Stockfish does).
    let g = one("[x:chess]\nchecking = false\n");
    assert_eq!(g.end.checks.as_deref(), Some("forbidden"));
    assert_eq!(g.end.goal_reply, None);
    let g = one("[x:chess]\nflagPiece = k\nflagRegion = *8\nflagMove = true\n");
    assert_eq!(g.end.goal_reply.as_deref(), Some("black"));
    assert_eq!(g.end.checks, None);
    let g = one("[x:chess]\nflagPiece = q\nflagRegion = *8\nflagMove = true\n");
    assert_eq!(g.end.goal_reply.as_deref(), Some("black"));
    let e = refused("[x:chess]\nflagRegion = *8\nflagMove = true\n");
    assert!(e.reason.contains("flagMove") && e.line == Some(3), "{e}");
    // Without a goal the key does nothing, as in Fairy-Stockfish.
    assert_eq!(one("[x:chess]\nflagMove = true\n").end.goal_reply, None);
    let e = refused("[x:chess]\nchecking = maybe\n");
    assert!(
        e.reason.contains("true or false") && e.line == Some(2),
        "{e}"
    );
    let rk = ini::builtin("racingkings")
        .expect("built-in")
        .expect("read");
    assert_eq!(rk.end.checks.as_deref(), Some("forbidden"));
    assert_eq!(rk.end.goal_reply.as_deref(), Some("black"));
    assert!(rk.castling.is_none());

    // Inherited: the parent's rule, named with where it comes from.
    let e = refused("[x:makruk]\nnMoveRule = 64\n");
    assert!(
        e.reason.contains("countingRule") && e.reason.contains("inherited from [makruk]"),
        "{e}"
    );
    assert_eq!(e.line, Some(1));
}

#[test]
fn more_than_twelve_piece_types_are_refused() {
    // Chess's six and seven more: one past the engine's twelve.
    let big = "[big:chess]\nchancellor = c\narchbishop = a\namazon = m\nfers = f\n\
               wazir = w\nalfil = e\ncommoner = o\n";
    let e = refused(big);
    assert!(e.reason.contains("13 piece types"), "{e}");
    assert!(e.reason.contains("at most 12"), "{e}");
    // Twelve are read.
    let twelve = one(&big.replace("commoner = o\n", ""));
    assert_eq!(twelve.pieces.len() + usize::from(twelve.pawn.is_some()), 12);
}

#[test]
fn malformed_files_are_refused_with_their_line() {
    for (text, line, what) in [
        ("maxRank = 8\n[x]\n", 1, "before the first"),
        ("[x\nmaxRank = 8\n", 1, "without ']'"),
        ("[x:chess]\nmaxRank 8\n", 2, "expected key = value"),
        ("[x:chess]\nmaxRank = 11\n", 2, "rank 1-10"),
        ("[x:chess]\ncastling = yes\n", 2, "true or false"),
        ("[x:chess]\npromotionPieceTypes = nbz\n", 2, "'z'"),
        ("[x:nowhere]\n", 1, "neither an earlier section"),
        ("[x:y]\n[y:chess]\n", 1, "must come before"),
        ("[x:crazyhouse]\n", 1, "inherited from [crazyhouse]"),
        ("[x:bughouse]\n", 1, "does not provide"),
        ("[x:nonesuch]\n", 1, "neither"),
        ("[x:xiangqi]\n", 1, "does not provide"),
        ("[chess]\nking = k\n", 1, "built-in"),
        ("[x:chess]\n[x:chess]\n", 2, "defined twice"),
        ("[x:chess]\nmaxRank = 8\nmaxRank = 9\n", 3, "twice"),
        ("[x:chess]\nknight = n:NN\n", 2, "takes only a letter"),
        ("[x:chess]\ncustomPiece1 = a\n", 2, "letter:Betza"),
        ("[x:chess]\ncastlingRank = 10\n", 2, "off the board"),
        (
            "[x:chess]\nstartFen = k99999999999999/8/8/8/8/8/8/K7 w - - 0 1\n",
            2,
            "squares",
        ),
    ] {
        let e = refused(text);
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        assert!(e.reason.contains(what), "{text:?}: {e}");
    }
}

#[test]
fn one_bad_section_refuses_the_file_but_not_its_neighbours_in_parse_sections() {
    let text = "[good:chess]\nnMoveRule = 60\n\n[bad:chess]\npieceDrops = true\n\n[also:good]\n";
    let e = refused(text);
    assert_eq!(e.line, Some(5));
    let each = ini::parse_sections("t.ini", text).unwrap();
    let names: Vec<(&str, bool)> = each.iter().map(|(n, g)| (n.as_str(), g.is_ok())).collect();
    assert_eq!(names, vec![("good", true), ("bad", false), ("also", true)]);
    assert_eq!(each[2].1.as_ref().unwrap().end.move_rule, Some(120));

    // Faults of one section (a parent not provided, a key twice, a name twice) stay there;
    // a child of a refused parent says so.
    let text =
        "[a:crazyhouse]\n[b:chess]\n[c:chess]\nnMoveRule = 1\nnMoveRule = 2\n[d:c]\n[b:chess]\n";
    let each = ini::parse_sections("t.ini", text).unwrap();
    let outcome: Vec<String> = each
        .iter()
        .map(|(n, g)| match g {
            Ok(_) => format!("{n} ok"),
            Err(e) => format!("{n} {}", e.line.unwrap_or(0)),
        })
        .collect();
    assert_eq!(outcome, vec!["a 1", "b ok", "c 5", "d 6", "b 7"]);
    let d = each[3].1.as_ref().unwrap_err();
    assert!(d.reason.contains("parent [c] could not be read"), "{d}");
    // A fault of form still refuses the file.
    assert!(ini::parse_sections("t.ini", "[a:chess]\nno equals sign\n").is_err());
}

#[test]
fn complete_fen_fills_missing_fields() {
    use oblique_gamefile::ini_fen::complete_fen;
    assert_eq!(complete_fen("8/8 w").unwrap(), "8/8 w - - 0 1");
    assert_eq!(complete_fen("8/8 b KQ -").unwrap(), "8/8 b KQ - 0 1");
    assert_eq!(complete_fen("8/8 w - e3 5 9").unwrap(), "8/8 w - e3 5 9");
    assert_eq!(complete_fen("8/8 w 0 1").unwrap(), "8/8 w - - 0 1");
    assert!(complete_fen("8/8 w DEde - 0 1").is_err());
    assert!(complete_fen("8/8 w - - 3+3 0 1").is_err());
    assert!(complete_fen("").is_err());
}

// ---- Fairy-Stockfish's perft cases: covered or not, and why ----------------------------

const ORACLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/oracles/fairy-stockfish-perft.tsv"
);
const DOC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../docs/game-files-fairy-stockfish.md"
);

fn oracle_variants() -> Vec<String> {
    let text = std::fs::read_to_string(ORACLE).unwrap_or_else(|e| {
        panic!("the oracle {ORACLE} is needed (shared/oracles next to the workspace): {e}")
    });
    let mut names: Vec<String> = Vec::new();
    for line in text.lines().skip(1) {
        let name = line.split('\t').next().unwrap_or_default().to_string();
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// (variant, covered, reason) for each variant of the oracle, from the reader itself.
fn coverage() -> Vec<(String, bool, String)> {
    let mut rows = Vec::new();
    for name in oracle_variants() {
        let row = match ini::builtin(&name) {
            Some(Ok(game)) => {
                assert_eq!(game.game.name, name);
                (name, true, "-".to_string())
            }
            Some(Err(e)) => {
                let reason = e
                    .reason
                    .trim_start_matches(&format!("[{name}] "))
                    .to_string();
                (name, false, reason)
            }
            None => match ini::not_provided_builtins()
                .iter()
                .find(|(n, _)| *n == name)
            {
                Some((_, reason)) => (name, false, reason.to_string()),
                None => panic!("{name}: neither a built-in parent nor listed as not provided"),
            },
        };
        rows.push(row);
    }
    rows
}

#[test]
fn every_perft_variant_is_read_or_listed_with_its_reason_in_the_docs() {
    let rows = coverage();
    assert!(rows.len() > 50, "the oracle lists {} variants", rows.len());
    let expected: Vec<String> = rows
        .iter()
        .map(|(n, c, r)| format!("| {n} | {} | {r} |", if *c { "yes" } else { "no" }))
        .collect();
    let doc = std::fs::read_to_string(DOC).unwrap_or_default();
    let found: Vec<String> = doc
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| variant ") && !l.starts_with("| ---"))
        .filter(|l| {
            rows.iter()
                .any(|(n, _, _)| l.starts_with(&format!("| {n} |")))
        })
        .map(str::to_string)
        .collect();
    assert_eq!(
        found,
        expected,
        "docs/game-files-fairy-stockfish.md's table differs from the reader; it should read:\n{}",
        expected.join("\n")
    );
    // The games the engine is expected to play include the issue's examples.
    for name in [
        "chess",
        "capablanca",
        "losalamos",
        "janus",
        "embassy",
        "modern",
        "chancellor",
        "almost",
        "amazon",
        "kingofthehill",
        "racingkings",
    ] {
        assert!(
            rows.iter().any(|(n, c, _)| n == name && *c),
            "{name} is covered"
        );
    }
}

#[test]
fn the_perft_positions_of_covered_variants_fit_their_games() {
    let text = std::fs::read_to_string(ORACLE).unwrap_or_else(|e| panic!("{ORACLE}: {e}"));
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, fen) = (cols[0], cols[1]);
        let Some(Ok(game)) = ini::builtin(name) else {
            continue;
        };
        let fen = if fen == "startpos" {
            game.game.start.as_str()
        } else {
            fen
        };
        let full = oblique_gamefile::ini_fen::position(&game, fen)
            .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        assert_eq!(full.split(' ').count(), 6, "{full}");
        checked += 1;
    }
    assert!(checked >= 30, "{checked} positions");
    // A position that does not fit is refused.
    let chess = ini::builtin("chess").unwrap().unwrap();
    assert!(oblique_gamefile::ini_fen::position(&chess, "8/8/8 w - - 0 1").is_err());
    assert!(oblique_gamefile::ini_fen::position(&chess, "7*/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert!(oblique_gamefile::ini_fen::position(&chess, "7x/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[test]
fn built_in_games_state_fairy_stockfish_rules() {
    let get = |n: &str| ini::builtin(n).unwrap().unwrap_or_else(|e| panic!("{e}"));
    // Los Alamos: 6x6, no bishops, no double step, promotion to q r n, no castling.
    let la = get("losalamos");
    assert_eq!((la.board.files, la.board.ranks), (6, 6));
    assert!(la.pieces.iter().all(|p| p.letter != 'b'));
    assert!(la.pawn.as_ref().unwrap().double_step_ranks.is_empty());
    assert!(la.castling.is_none());
    let mut promo: Vec<char> = la.promotion.unwrap().pieces.unwrap().chars().collect();
    promo.sort();
    assert_eq!(promo, vec!['n', 'q', 'r']);
    // Capablanca: 10x8, king f1 castles to i1 and c1.
    let capa = get("capablanca");
    assert_eq!(capa.game.xboard_name.as_deref(), Some("capablanca"));
    let c = capa.castling.unwrap();
    assert_eq!(
        (
            c.king.as_str(),
            c.kingside.king_to.as_str(),
            c.queenside.king_to.as_str()
        ),
        ("f1", "i1", "c1")
    );
    // Janus: king e1 castles to i1 and b1.
    let c = get("janus").castling.unwrap();
    assert_eq!(
        (
            c.king.as_str(),
            c.kingside.king_to.as_str(),
            c.queenside.king_to.as_str()
        ),
        ("e1", "i1", "b1")
    );
    // Modern and chancellor: 9x9, double step from rank 2, promotion on rank 9.
    for n in ["modern", "chancellor"] {
        let g = get(n);
        assert_eq!((g.board.files, g.board.ranks), (9, 9));
        assert_eq!(g.pawn.unwrap().double_step_ranks, vec![2]);
        assert_eq!(g.promotion.unwrap().ranks, Some(1));
    }
    // Torpedo: double steps from every rank.
    assert_eq!(
        get("torpedo").pawn.unwrap().double_step_ranks,
        (1..=8).collect::<Vec<u8>>()
    );
    // Knightmate: the royal piece leaps as a knight; the commoner is not royal.
    let km = get("knightmate");
    let royal = km.pieces.iter().find(|p| p.royal).unwrap();
    assert_eq!((royal.letter, royal.betza.as_deref()), ('k', Some("N")));
    // Nightrider: n rides.
    assert_eq!(
        get("nightrider")
            .pieces
            .iter()
            .find(|p| p.letter == 'n')
            .unwrap()
            .betza
            .as_deref(),
        Some("NN")
    );
    // Omicron: 12x10 with 36 wall squares; castling on the second rank.
    let om = get("omicron");
    assert_eq!(
        (om.board.files, om.board.ranks, om.board.holes.len()),
        (12, 10, 36)
    );
    assert_eq!(om.castling.unwrap().king, "g2");
    // Troitzky: promotion on its own squares, Black's the mirror.
    let tr = get("troitzky");
    let cells: Vec<String> = tr
        .promotion
        .unwrap()
        .squares
        .into_iter()
        .map(|s| s.cell)
        .collect();
    for c in ["a6", "b8", "c9", "d9", "e10", "f10", "g9", "h9", "i8", "j6"] {
        assert!(cells.contains(&c.to_string()), "{c}");
    }
    assert_eq!(cells.len(), 10);
    // Chaturanga: Shatranj's pieces on chess's squares, stalemate loses, 70-move rule.
    let ch = get("chaturanga");
    assert_eq!(ch.end.stalemate.as_deref(), Some("loss"));
    assert_eq!(ch.end.move_rule, Some(140));
    // Chaturanga sets Shatranj's extinction rule off: no bare king.
    assert_eq!(ch.end.bare_king, None);
    // Shatranj: the bare king loses (its five extinction keys), stalemate loses, 70 moves.
    let sh = get("shatranj");
    assert_eq!(sh.end.bare_king.as_deref(), Some("loss"));
    assert_eq!(sh.end.stalemate.as_deref(), Some("loss"));
    assert_eq!(sh.end.move_rule, Some(140));
    assert_eq!(sh.end.repetition, Some(3));
    let betza = |g: &GameFile, l: char| {
        g.pieces
            .iter()
            .find(|p| p.letter == l)
            .unwrap()
            .betza
            .clone()
            .unwrap()
    };
    assert_eq!(
        (betza(&ch, 'q'), betza(&ch, 'b')),
        ("F".to_string(), "A".to_string())
    );
    // Georgian: no castling, no en passant; Gardner: 5x5 without double steps.
    let ge = get("georgian");
    assert!(ge.castling.is_none() && !ge.pawn.unwrap().en_passant);
    let ga = get("gardner");
    assert_eq!((ga.board.files, ga.board.ranks), (5, 5));
    assert!(ga.pawn.unwrap().double_step_ranks.is_empty());
    // Paradigm: the bishop also leaps as a lame knight.
    assert_eq!(betza(&get("paradigm"), 'b'), "BnN");
    // King of the hill: the king reaching the centre wins.
    let koth = get("kingofthehill");
    assert_eq!(koth.end.goals[0].piece, 'k');
    assert_eq!(koth.end.goals[0].white, vec!["d4", "e4", "d5", "e5"]);
}

#[test]
fn built_in_text_is_all_readable() {
    // Every built-in parent reads as rules (a refusal as a game is fine; a fault is not).
    for name in ini::builtin_names() {
        assert!(ini::builtin(name).is_some(), "{name}");
    }
    assert!(ini::builtin_names().len() >= 30);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    const KEYS: &[&str] = &[
        "maxRank",
        "maxFile",
        "pawn",
        "knight",
        "king",
        "customPiece1",
        "customPiece2",
        "startFen",
        "promotionRegionWhite",
        "promotionRegionBlack",
        "promotionPieceTypes",
        "doubleStep",
        "doubleStepRegionWhite",
        "doubleStepRegionBlack",
        "castling",
        "castlingRank",
        "castlingKingsideFile",
        "castlingRookPieces",
        "pawnTypes",
        "flagPiece",
        "flagRegion",
        "stalemateValue",
        "nMoveRule",
        "nFoldRule",
        "enPassantRegion",
        "pieceDrops",
        "bogus",
    ];
    const VALUES: &[&str] = &[
        "1",
        "8",
        "10",
        "12",
        "0",
        "99",
        "a",
        "l",
        "z",
        "-",
        "*",
        "true",
        "false",
        "win",
        "draw",
        "k",
        "n:NN",
        "a:BN",
        "a:nZ",
        "a:",
        "p:fsmWfceFifmnD",
        "*1 *2",
        "a1 b2",
        "c*",
        "*0",
        "q*",
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
        "k7/8/8/8/8/8/8/K7 w",
        "*k*/3/*K* w",
        "10/10 b",
        "k/K w - - x y",
        "nbrq",
        "pk",
    ];

    fn ini_text() -> impl Strategy<Value = String> {
        let line = prop_oneof![
            (0..KEYS.len(), 0..VALUES.len())
                .prop_map(|(k, v)| format!("{} = {}", KEYS[k], VALUES[v])),
            Just("[a]".to_string()),
            Just("[b:a]".to_string()),
            Just("[c:chess]".to_string()),
            Just("[d:capablanca]".to_string()),
            "\\PC{0,20}",
        ];
        proptest::collection::vec(line, 0..14).prop_map(|v| v.join("\n"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn parse_never_panics(text in ini_text()) {
            let _ = ini::parse("f.ini", &text);
            let _ = ini::parse_sections("f.ini", &text);
        }
    }
}
