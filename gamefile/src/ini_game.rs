//! Turns the rules of one `variants.ini` section (`ini_rules::Rules`) into our `GameFile`,
//! or says why the section cannot be one: a rule the engine does not play, a piece whose
//! Fairy-Stockfish moves our notation cannot state the same way, more piece types than
//! the engine holds, a Black rule that is not White's turned half round. Nothing is
//! dropped quietly: every refusal names the key (and its line when the section sets it).

use crate::betza;
use crate::fs_betza;
use crate::ini_fen::complete_fen;
use crate::ini_rules::{
    rank_bb, square_bb, type_name, Region, Rules, CUSTOM_FIRST, KING, PAWN, ROOK, TYPES,
};
use crate::schema::{
    BoardSection, CastlingSection, CastlingSide, EndSection, GameFile, GameSection, Goal,
    PawnSection, PieceSection, PromotionSection, PromotionSquare,
};

/// The most piece types a game may have: the engine's tables hold 12 (pawn, royal, 10;
/// `oblique_engine::types::ROLE_COUNT`, which this crate cannot name).
pub const MAX_TYPES: usize = 12;

/// A refusal: the key to point at (when there is one) and the reason.
pub struct Refusal {
    pub key: Option<String>,
    pub reason: String,
}

fn refuse<T>(key: Option<&str>, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        key: key.map(str::to_string),
        reason: reason.into(),
    })
}

fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// The board's squares: the grid less the holes.
struct Board {
    files: u8,
    ranks: u8,
    holes: Region,
}

impl Board {
    fn squares(&self) -> Region {
        let mut b = 0;
        for r in 0..self.ranks {
            for f in 0..self.files {
                b |= square_bb(f, r);
            }
        }
        b & !self.holes
    }

    fn row(&self, rank: u8) -> Region {
        rank_bb(rank) & self.squares()
    }

    /// The region turned half round (Black's view of White's).
    fn turned(&self, region: Region) -> Region {
        let mut b = 0;
        for r in 0..self.ranks {
            for f in 0..self.files {
                if region & square_bb(f, r) != 0 {
                    b |= square_bb(self.files - 1 - f, self.ranks - 1 - r);
                }
            }
        }
        b
    }

    fn names(&self, region: Region) -> Vec<String> {
        let mut v = Vec::new();
        for r in 0..self.ranks {
            for f in 0..self.files {
                if region & square_bb(f, r) != 0 {
                    v.push(square_name(f, r));
                }
            }
        }
        v
    }

    /// The ranks (1-based) a region covers whole; `None` if it covers part of a rank.
    fn whole_ranks(&self, region: Region) -> Option<Vec<u8>> {
        let region = region & self.squares();
        let mut ranks = Vec::new();
        for r in 0..self.ranks {
            let row = region & self.row(r);
            if row == 0 {
                continue;
            }
            if row != self.row(r) {
                return None;
            }
            ranks.push(r + 1);
        }
        Some(ranks)
    }
}

/// The start position read from a Fairy-Stockfish FEN.
struct Start {
    /// Rank strings from the top, as written (runs of up to two digits, `*` walls).
    fen: String,
    holes: Region,
    /// `board[rank][file]`: the piece letter, as written.
    board: Vec<Vec<Option<char>>>,
}

fn read_board(rules: &Rules, files: u8, ranks: u8, text: &str) -> Result<Start, Refusal> {
    let key = Some("startFen");
    if text.contains('[') {
        return refuse(
            key,
            "the start position has pockets ([...]): drops are not played by the engine",
        );
    }
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        return refuse(
            key,
            format!(
                "the start position has {} ranks; the board has {ranks}",
                rows.len()
            ),
        );
    }
    let mut holes = 0;
    let mut board = vec![vec![None; files as usize]; ranks as usize];
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2);
                    chars.next();
                }
                file = file.saturating_add(n);
            } else if c == '*' {
                if file < files as u32 {
                    holes |= square_bb(file as u8, rank);
                }
                file += 1;
            } else if c.is_ascii_alphabetic() {
                if rules.type_of(c).is_none() {
                    return refuse(
                        key,
                        format!("'{c}' in the start position is not a piece of this variant"),
                    );
                }
                if file < files as u32 {
                    board[rank as usize][file as usize] = Some(c);
                }
                file += 1;
            } else {
                return refuse(
                    key,
                    format!("'{c}' in the start position (promoted pieces and other marks are not supported)"),
                );
            }
            if file > files as u32 {
                break;
            }
        }
        if file != files as u32 {
            return refuse(
                key,
                format!(
                    "rank {} of the start position has {file} squares; the board has {files} files",
                    rank + 1
                ),
            );
        }
    }
    Ok(Start {
        fen: text.to_string(),
        holes,
        board,
    })
}

/// What Fairy-Stockfish's moves of type `t` are, written in our dialect.
fn moves_of(rules: &Rules, t: usize) -> Result<Vec<betza::BetzaMove>, Refusal> {
    let name = type_name(t);
    let text = if t == KING {
        rules.custom_betza[KING]
            .clone()
            .unwrap_or_else(|| "K".to_string())
    } else if t >= CUSTOM_FIRST {
        match &rules.custom_betza[t] {
            Some(b) => b.clone(),
            None => return refuse(Some(&name), format!("{name} has no moves")),
        }
    } else {
        let special = match name.as_str() {
            "janggiCannon" => Some("the Janggi cannon's own hopping rules"),
            "soldier" => Some("the Xiangqi soldier's river rule"),
            "janggiElephant" => Some("the Janggi elephant's path"),
            "immobile" => Some("a piece without moves"),
            _ => None,
        };
        if let Some(what) = special {
            return refuse(Some(&name), format!("{name}: {what} is not supported"));
        }
        crate::ini_rules::BUILT_IN[t].1.to_string()
    };
    let piece = fs_betza::parse(&text).map_err(|e| Refusal {
        key: Some(name.clone()),
        reason: format!("{name}: {e}"),
    })?;
    if piece.moves.is_empty() {
        return refuse(Some(&name), format!("{name} has no moves"));
    }
    Ok(piece.moves)
}

fn written(name: &str, moves: &[betza::BetzaMove]) -> Result<String, Refusal> {
    match betza::write(moves) {
        Some(s) => Ok(s),
        None => refuse(
            Some(name),
            format!("{name}: its moves cannot be written in Betza"),
        ),
    }
}

/// Translates a section's rules into a game named `name`.
pub fn translate(name: &str, rules: &Rules) -> Result<GameFile, Refusal> {
    // The earliest-set rule the engine does not play (parents' first).
    // The extinction rule's details do nothing without its value (Chaturanga keeps
    // Shatranj's details with extinctionValue = none).
    let inert = |key: &str| {
        matches!(
            key,
            "extinctionClaim"
                | "extinctionPieceTypes"
                | "extinctionPieceCount"
                | "extinctionOpponentPieceCount"
        ) && !rules.unsupported.contains_key("extinctionValue")
    };
    // Shatranj's bare king, the one extinction rule the engine plays, read as a whole.
    let bare_king = shatranj_bare_king(rules);
    let honoured = |key: &str| bare_king && key.starts_with("extinction");
    if rules.unsupported.contains_key("extinctionValue") && !bare_king {
        if let Some(key) = bare_king_mismatch(rules) {
            if let Some(u) = rules.unsupported.get(key) {
                return refuse(Some(key), format!("{key} = {}: {}", u.value, u.why));
            }
            // Left at Fairy-Stockfish's default: point at the rule's value.
            if let Some(u) = rules.unsupported.get("extinctionValue") {
                return refuse(
                    Some("extinctionValue"),
                    format!(
                        "extinctionValue = {} with {key} at its default: {}",
                        u.value, u.why
                    ),
                );
            }
        }
    }
    if let Some((key, u)) = rules
        .unsupported
        .iter()
        .filter(|(k, _)| !inert(k) && !honoured(k) && !crate::ini_promotion::plays(k, rules))
        .min_by_key(|(_, u)| (u.section == name, u.line))
    {
        return refuse(Some(key), format!("{key} = {}: {}", u.value, u.why));
    }
    let files = rules.max_file + 1;
    let ranks = rules.max_rank + 1;
    let fen = complete_fen(&rules.start_fen).map_err(|e| Refusal {
        key: Some("startFen".to_string()),
        reason: format!("startFen: {e}"),
    })?;
    let board_text = fen.split(' ').next().unwrap_or_default();
    let start = read_board(rules, files, ranks, board_text)?;
    let board = Board {
        files,
        ranks,
        holes: start.holes,
    };

    // Piece types.
    let present: Vec<usize> = (0..TYPES).filter(|&t| rules.has(t)).collect();
    if present.len() > MAX_TYPES {
        return refuse(
            None,
            format!(
                "{} piece types ({}); the engine holds at most {MAX_TYPES}",
                present.len(),
                present
                    .iter()
                    .map(|&t| type_name(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    if !rules.has(KING) {
        return refuse(
            Some("king"),
            "no king: the engine plays games with one royal piece (king = k)",
        );
    }
    let mask: u64 = present.iter().fold(0, |m, &t| m | 1 << t);
    let pawn_sets = [
        rules.promotion_pawn_types[0] & mask,
        rules.promotion_pawn_types[1] & mask,
    ];
    if pawn_sets[0] != pawn_sets[1] || pawn_sets[0].count_ones() > 1 {
        return refuse(
            Some("promotionPawnTypes"),
            "several promoting pawn types, or different ones per side: the engine has one pawn",
        );
    }
    let pawn = (pawn_sets[0] != 0).then(|| pawn_sets[0].trailing_zeros() as usize);
    if rules.has(PAWN) && pawn != Some(PAWN) {
        return refuse(
            Some("pawn"),
            "the pawn is not the promoting pawn type: the engine has one pawn",
        );
    }
    if pawn == Some(KING) {
        return refuse(Some("pawnTypes"), "the king cannot be the pawn");
    }
    let pawn_only = pawn.map_or(0, |p| 1u64 << p);
    for side in 0..2 {
        if rules.en_passant_types[side] & mask & !pawn_only != 0 {
            return refuse(
                Some("enPassantTypes"),
                "pieces other than the pawn taking en passant are not supported",
            );
        }
        if rules.n_move_rule_types[side] & mask != pawn_only {
            return refuse(
                Some("nMoveRuleTypes"),
                "the n-move rule is reset by the pawn's moves and captures; other pieces (or none) are not supported",
            );
        }
    }

    // Fairy-Stockfish's i moves of a piece: from White's double-step region (whole ranks,
    // counted from 1), whether or not pawns double-step.
    let initial_ranks_of = |rules: &Rules| -> Option<Vec<u8>> {
        let white = rules.double_step_region[0] & board.squares();
        board.whole_ranks(white)
    };
    let mut pieces = Vec::new();
    // Some piece moves unlike its image in the board's middle file (Legan's pawn goes
    // forward-left): Fairy-Stockfish gives Black White's moves turned half round, which
    // our `symmetry = "rotate"` says; for pieces that are their own mirror image the two
    // readings agree.
    let mut lopsided = false;
    for &t in &present {
        if Some(t) == pawn {
            continue;
        }
        let name = type_name(t);
        let mut moves = moves_of(rules, t)?;
        // Fairy-Stockfish plays a piece's i moves as moves only (its attack tables have no
        // initial part), and from the double-step region, which is empty without double
        // steps: what it never plays is dropped as it drops it.
        let no_region = rules.double_step_region[0] & board.squares() == 0;
        moves.retain_mut(|m| {
            if m.initial_only {
                m.capture = false;
                m.quiet &= !no_region;
            }
            m.quiet || m.capture
        });
        // After a piece's i move that passes squares on a line, Fairy-Stockfish lets pawns
        // take en passant on every square passed (position.cpp, do_move): not played.
        let passes_squares = |m: &betza::BetzaMove| {
            let aligned = m.dx == 0 || m.dy == 0 || m.dx.abs() == m.dy.abs();
            aligned && (m.max_steps != 1 || m.dx.abs().max(m.dy.abs()) > 1)
        };
        let en_passant_anywhere = (0..2).any(|s| rules.en_passant_region[s] & board.squares() != 0);
        if en_passant_anywhere && moves.iter().any(|m| m.initial_only && passes_squares(m)) {
            return refuse(
                Some(&name),
                format!("{name}: an i move over more than one square lets pawns take it en passant on each square passed (Fairy-Stockfish), which is not played; set enPassantRegion = - or keep i moves to one step or knight-like leaps"),
            );
        }
        // Fairy-Stockfish plays a piece's i moves from the double-step region.
        let initial_ranks = if moves.iter().any(|m| m.initial_only) {
            match initial_ranks_of(rules) {
                Some(r) => r,
                None => {
                    return refuse(
                        Some(&name),
                        format!("{name}: its i moves are played from the double-step region, which covers part of a rank here; the engine takes whole ranks"),
                    )
                }
            }
        } else {
            Vec::new()
        };
        lopsided |= !mirror_symmetric(&moves);
        pieces.push(PieceSection {
            letter: rules.letters[t].unwrap_or('?'),
            name,
            betza: Some(written(&type_name(t), &moves)?),
            table: None,
            royal: t == KING,
            value: None,
            figure: None,
            jumps_barriers: true,
            initial_ranks,
        });
    }

    // The pawn: single steps, its double step by region, en passant.
    let mut pawn_section = None;
    if let Some(p) = pawn {
        let name = type_name(p);
        let moves = moves_of(rules, p)?;
        let mut steps = Vec::new();
        let mut initial_double = false;
        for m in &moves {
            if m.initial_only {
                let straight_double = (m.dx, m.dy) == (0, 2)
                    && m.quiet
                    && !m.capture
                    && m.max_steps == 1
                    && matches!(m.kind, betza::Kind::Lame);
                if !straight_double {
                    return refuse(
                        Some(&name),
                        format!("the pawn's first-move moves must be one straight double step (ifmnD); ({},{}) is not", m.dx, m.dy),
                    );
                }
                initial_double = true;
            } else if m.max_steps != 1
                || m.kind != betza::Kind::Plain
                || m.dx.abs() > 1
                || m.dy.abs() > 1
            {
                return refuse(
                    Some(&name),
                    format!(
                        "the pawn's moves must be single steps; ({},{}) is not",
                        m.dx, m.dy
                    ),
                );
            }
            if !m.initial_only {
                steps.push(*m);
            }
        }
        let mut concluded = rules.clone();
        concluded.conclude();
        let doubles = p == PAWN || initial_double;
        let double_step_ranks = if doubles && concluded.double_step {
            let white = concluded.double_step_region[0] & board.squares();
            let black = concluded.double_step_region[1] & board.squares();
            let Some(r) = board.whole_ranks(white) else {
                return refuse(
                    Some("doubleStepRegionWhite"),
                    "the double-step region covers part of a rank; the engine takes whole ranks",
                );
            };
            if black != board.turned(white) {
                return refuse(
                    Some("doubleStepRegionBlack"),
                    "Black's double-step region is not White's turned half round",
                );
            }
            r
        } else {
            Vec::new()
        };
        let ep_types = (0..2).all(|s| rules.en_passant_types[s] & (1 << p) != 0);
        let squares = board.squares();
        let ep_regions: Vec<Region> = (0..2)
            .map(|s| rules.en_passant_region[s] & squares)
            .collect();
        let en_passant = if !ep_types || ep_regions.iter().all(|&r| r == 0) {
            false
        } else if ep_regions.iter().all(|&r| r == squares) {
            true
        } else {
            return refuse(
                Some("enPassantRegion"),
                "en passant on part of the board is not supported",
            );
        };
        lopsided |= !mirror_symmetric(&steps);
        pawn_section = Some(PawnSection {
            letter: rules.letters[p].unwrap_or('?'),
            name: if p == PAWN {
                "pawn".to_string()
            } else {
                name.clone()
            },
            betza: written(&name, &steps)?,
            double_step_ranks,
            en_passant,
            figure: None,
        });
    }

    // Promotion.
    let mut promotion = None;
    if let Some(p) = pawn {
        let letters = |set: u64| -> String {
            present
                .iter()
                .filter(|&&t| set & (1 << t) != 0)
                .filter_map(|&t| rules.letters[t])
                .collect()
        };
        let (white, black) = (
            letters(rules.promotion_piece_types[0]),
            letters(rules.promotion_piece_types[1]),
        );
        let zone_w = rules.promotion_region[0] & board.squares();
        let zone_b = rules.promotion_region[1] & board.squares();
        if zone_w != 0 || zone_b != 0 {
            if white.is_empty() || black.is_empty() {
                return refuse(
                    Some("promotionPieceTypes"),
                    format!(
                        "the {} reaches its promotion zone but may become nothing",
                        type_name(p)
                    ),
                );
            }
            // White's last k ranks and Black's first k: promotion by ranks. Otherwise by
            // squares, Black's listed too (each region as Fairy-Stockfish gives it: Legan's
            // are each other turned half round while its pawns mirror).
            let rows = |k: u8, from_top: bool| {
                (0..k).fold(0, |b, i| {
                    b | board.row(if from_top { ranks - 1 - i } else { i })
                })
            };
            let last_k = (1..=ranks).find(|&k| rows(k, true) == zone_w && rows(k, false) == zone_b);
            let (zone_ranks, squares, black_squares) = match last_k {
                Some(k) => (Some(k), Vec::new(), Vec::new()),
                None => {
                    let squares = |zone: Region, pieces: &String| -> Vec<PromotionSquare> {
                        board
                            .names(zone)
                            .into_iter()
                            .map(|cell| PromotionSquare {
                                cell,
                                pieces: pieces.clone(),
                            })
                            .collect()
                    };
                    (None, squares(zone_w, &white), squares(zone_b, &black))
                }
            };
            promotion = Some(PromotionSection {
                ranks: zone_ranks,
                // Squares carry their own choice.
                pieces: zone_ranks.map(|_| white.clone()),
                black_pieces: zone_ranks.filter(|_| white != black).map(|_| black.clone()),
                squares,
                black_squares,
                mandatory: rules.mandatory_pawn_promotion,
                limits: crate::ini_promotion::limits(rules)?,
            });
        }
    }

    // Castling.
    let castling_field = fen.split(' ').nth(2).unwrap_or("-");
    let mut castling = None;
    let mut fen_castling = castling_field.to_string();
    if !rules.castling {
        fen_castling = "-".to_string();
    } else if castling_field != "-" {
        let (squares, kept) = castling_squares(rules, &start, castling_field, files, ranks)?;
        castling = squares;
        fen_castling = kept;
    }

    // Game end.
    if rules.checkmate_value != "loss" {
        return refuse(
            Some("checkmateValue"),
            format!(
                "checkmateValue = {}: only loss (checkmate loses) is supported",
                rules.checkmate_value
            ),
        );
    }
    if rules.n_fold_value != "draw" {
        return refuse(
            Some("nFoldValue"),
            format!(
                "nFoldValue = {}: only draw is supported",
                rules.n_fold_value
            ),
        );
    }
    let stalemate = match rules.stalemate_value.as_str() {
        v @ ("draw" | "win" | "loss") => v.to_string(),
        v => {
            return refuse(
                Some("stalemateValue"),
                format!("stalemateValue = {v}: expected win, loss or draw"),
            )
        }
    };
    let mut goals = Vec::new();
    let regions = [
        rules.flag_region[0] & board.squares(),
        rules.flag_region[1] & board.squares(),
    ];
    if regions != [0, 0] {
        let types_for = |side: usize| -> Vec<usize> {
            if regions[side] == 0 {
                return Vec::new();
            }
            match rules.flag_piece[side] {
                Some(t) if rules.has(t) => vec![t],
                Some(_) => Vec::new(),
                None => present.clone(),
            }
        };
        let (tw, tb) = (types_for(0), types_for(1));
        for &t in &present {
            let (w, b) = (tw.contains(&t), tb.contains(&t));
            if !w && !b {
                continue;
            }
            goals.push(Goal {
                piece: rules.letters[t].unwrap_or('?'),
                white: if w {
                    board.names(regions[0])
                } else {
                    Vec::new()
                },
                black: Some(if b {
                    board.names(regions[1])
                } else {
                    Vec::new()
                }),
            });
        }
    }

    let goal_reply = flag_move(rules, &goals)?;

    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    fields[0] = start.fen.clone();
    fields[2] = fen_castling;
    Ok(GameFile {
        game: GameSection {
            name: name.to_string(),
            title: None,
            start: fields.join(" "),
            symmetry: lopsided.then(|| "rotate".to_string()),
            xboard_name: None,
            network: None,
        },
        board: BoardSection {
            files,
            ranks,
            holes: board.names(start.holes),
            barriers: Vec::new(),
            escalator: None,
            cell: Vec::new(),
        },
        pieces,
        pawn: pawn_section,
        promotion,
        castling,
        end: EndSection {
            stalemate: Some(stalemate),
            dead: None,
            move_rule: Some(rules.n_move_rule.saturating_mul(2)),
            repetition: Some(rules.n_fold_rule),
            bare_king: bare_king.then(|| "loss".to_string()),
            checks: (!rules.checking).then(|| "forbidden".to_string()),
            goal_reply,
            goals,
        },
        perft: Vec::new(),
    })
}

/// `flagMove = true` as our `goal_reply = "black"`: the side to move answers the other
/// side's goal piece reaching its goal with one more move (racing kings: Black's king may
/// follow for a draw; another goal piece may be taken off its goal), as Fairy-Stockfish's
/// `is_immediate_game_end` judges it (`engine/src/plane/goal.rs`). A section has one flag
/// piece a side (a flag region without `flagPiece`, every piece type, is refused here).
/// Without any goal the key does nothing.
fn flag_move(rules: &Rules, goals: &[Goal]) -> Result<Option<String>, Refusal> {
    if !rules.flag_move || goals.is_empty() {
        return Ok(None);
    }
    let white = goals.iter().filter(|g| !g.white.is_empty()).count();
    let black = goals
        .iter()
        .filter(|g| {
            g.black
                .as_ref()
                .map_or(!g.white.is_empty(), |b| !b.is_empty())
        })
        .count();
    if white > 1 || black > 1 {
        return refuse(
            Some("flagMove"),
            "flagMove = true: the extra move after reaching a goal is played for one flag \
             piece a side (set flagPiece)",
        );
    }
    Ok(Some("black".to_string()))
}

/// Are the section's extinction keys exactly Shatranj's bare-king rule (`extinctionValue =
/// loss`, `extinctionPieceTypes = *` (all pieces, king included), `extinctionPieceCount = 1`,
/// `extinctionOpponentPieceCount = 2`, `extinctionClaim = true`, no pseudo-royal pieces)?
/// Then the game's `bare_king = "loss"` plays it (`engine/src/outcome.rs` says how); any
/// other extinction rule stays refused with its key.
fn shatranj_bare_king(rules: &Rules) -> bool {
    rules.unsupported.contains_key("extinctionValue") && bare_king_mismatch(rules).is_none()
}

/// Shatranj's bare king, key by key (`None`: not set, Fairy-Stockfish's default).
const SHATRANJ_EXTINCTION: [(&str, Option<&str>); 6] = [
    ("extinctionValue", Some("loss")),
    ("extinctionPieceTypes", Some("*")),
    ("extinctionPieceCount", Some("1")),
    ("extinctionOpponentPieceCount", Some("2")),
    ("extinctionClaim", Some("true")),
    ("extinctionPseudoRoyal", None),
];

/// The first extinction key (in the order of the rule, one the section set first) that is
/// not Shatranj's, so a refusal points at the line that differs.
fn bare_king_mismatch(rules: &Rules) -> Option<&'static str> {
    let value = |key: &str| rules.unsupported.get(key).map(|u| u.value.as_str());
    let differs: Vec<&'static str> = SHATRANJ_EXTINCTION
        .iter()
        .filter(|(key, want)| value(key) != *want)
        .map(|(key, _)| *key)
        .collect();
    // A key that is set (and so has a line) before one left at its default.
    differs
        .iter()
        .copied()
        .find(|k| rules.unsupported.contains_key(*k))
        .or_else(|| differs.first().copied())
}

/// Whether each move has its image in the board's middle file among the moves (then Black's
/// moves are the same whether White's are mirrored or turned half round).
fn mirror_symmetric(moves: &[betza::BetzaMove]) -> bool {
    moves
        .iter()
        .all(|m| moves.contains(&betza::BetzaMove { dx: -m.dx, ..*m }))
}

/// The king's and rooks' squares for castling, found in the start position as
/// Fairy-Stockfish finds them: the castling king on the castling rank, each rook by
/// scanning from its side's rook file towards the other side. Rights of the start
/// position whose king or rook is not there are dropped, as Fairy-Stockfish drops them;
/// returns the squares (none when no right is left) and the rights kept.
fn castling_squares(
    rules: &Rules,
    start: &Start,
    rights: &str,
    files: u8,
    ranks: u8,
) -> Result<(Option<CastlingSection>, String), Refusal> {
    if rules.castling_rank >= ranks {
        return refuse(
            Some("castlingRank"),
            format!(
                "castlingRank = {} is off the board",
                rules.castling_rank + 1
            ),
        );
    }
    if rules.castling_king_piece != [KING, KING] {
        return refuse(
            Some("castlingKingPiece"),
            "castling with a piece other than the king is not supported",
        );
    }
    let at = |side: usize, file: u8| -> Option<usize> {
        let rank = if side == 0 {
            rules.castling_rank
        } else {
            ranks - 1 - rules.castling_rank
        };
        let c = start
            .board
            .get(rank as usize)?
            .get(file as usize)
            .copied()
            .flatten()?;
        if c.is_ascii_uppercase() != (side == 0) {
            return None;
        }
        rules.type_of(c)
    };
    // Per side: the king's file and each rook's file, when there.
    let mut found: [[Option<u8>; 3]; 2] = [[None; 3]; 2];
    for (side, slot) in found.iter_mut().enumerate() {
        let kings: Vec<u8> = (0..files).filter(|&f| at(side, f) == Some(KING)).collect();
        let king = match kings.as_slice() {
            [k] => Some(*k),
            _ if kings.contains(&rules.castling_king_file) => Some(rules.castling_king_file),
            _ => None,
        };
        let is_rook =
            |f: u8| at(side, f).is_some_and(|t| rules.castling_rook_pieces[side] & (1 << t) != 0);
        let mut k = rules.castling_rook_kingside_file.min(files - 1);
        while !is_rook(k) && k > 0 {
            k -= 1;
        }
        let mut q = rules.castling_rook_queenside_file.min(files - 1);
        while !is_rook(q) && q < files - 1 {
            q += 1;
        }
        let beside = |r: u8, kingside: bool| {
            king.filter(|&kf| is_rook(r) && if kingside { r > kf } else { r < kf })
                .map(|_| r)
        };
        *slot = [king, beside(k, true), beside(q, false)];
    }
    let kept: String = rights
        .chars()
        .filter(|&c| {
            let side = usize::from(c.is_ascii_lowercase());
            let rook = if c.eq_ignore_ascii_case(&'k') { 1 } else { 2 };
            found[side][0].is_some() && found[side][rook].is_some()
        })
        .collect();
    if kept.is_empty() {
        return Ok((None, "-".to_string()));
    }
    // The files where both sides agree (or the side that has them); Black's must be White's.
    let mut files_of = [0u8; 3];
    for (i, slot) in files_of.iter_mut().enumerate() {
        *slot = match (found[0][i], found[1][i]) {
            (Some(w), Some(b)) if w != b => {
                return refuse(
                    Some("startFen"),
                    "Black's king and rooks for castling are not on White's files",
                )
            }
            (Some(f), _) | (None, Some(f)) => f,
            // No such rook on either side: that castling can never happen; the rook
            // file Fairy-Stockfish starts its search from stands in.
            (None, None) if i == 1 => rules.castling_rook_kingside_file.min(files - 1),
            (None, None) => rules.castling_rook_queenside_file.min(files - 1),
        };
    }
    let [king, k, q] = files_of;
    let rank = rules.castling_rank;
    let (kk, qk) = (rules.castling_kingside_file, rules.castling_queenside_file);
    if kk == 0 || kk >= files || qk + 1 >= files {
        return refuse(
            Some("castlingKingsideFile"),
            "castling files are off the board",
        );
    }
    if rules.castling_rook_pieces[0] != rules.castling_rook_pieces[1] {
        return refuse(
            Some("castlingRookPiecesBlack"),
            "Black's castling partners differ from White's",
        );
    }
    // The partners, when they are not just the rook.
    let partners = (rules.castling_rook_pieces[0] != 1 << ROOK).then(|| {
        (0..TYPES)
            .filter(|&t| rules.castling_rook_pieces[0] & (1 << t) != 0)
            .filter_map(|t| rules.letters[t].map(String::from))
            .collect()
    });
    let section = CastlingSection {
        partners,
        king: square_name(king, rank),
        kingside: CastlingSide {
            king_to: square_name(kk, rank),
            rook_from: square_name(k, rank),
            rook_to: square_name(kk - 1, rank),
        },
        queenside: CastlingSide {
            king_to: square_name(qk, rank),
            rook_from: square_name(q, rank),
            rook_to: square_name(qk + 1, rank),
        },
    };
    Ok((Some(section), kept))
}
