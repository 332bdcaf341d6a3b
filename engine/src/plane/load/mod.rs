//! A game file (`GameFile`) turned into the engine's record of a game (`VariantSpec`): role
//! slots for its pieces, Betza read, squares resolved, and every rule the engine does not
//! play refused with the file, line and reason instead of being ignored.
//!
//! Role slots: the engine keeps at most `ROLE_COUNT` (12) piece types per game, in the
//! `Role` slots. The pawn takes `Pawn`, the royal piece `King`; the others take the slot whose
//! usual piece they move like (`N` the knight's, `RN` the chancellor's, ...) and then the
//! free ones in order. A slot only names a place in the tables: how its piece moves is the
//! file's Betza, never the slot's name.
//!
//! Records live for the whole process, so their strings and lists are leaked on purpose
//! (a game is loaded once).

use crate::plane::gui::XBoardFacts;
use crate::plane::variant::{BoardShape, PawnShape, PieceSpec, Symmetry, VariantSpec, Width};
use crate::types::{Role, ROLE_COUNT};
use oblique_gamefile::betza::{self, BetzaMove, Kind};
use oblique_gamefile::error::line_of;
use oblique_gamefile::{GameFile, GameFileError};
use oblique_tables::Dir;

mod board;
mod end;
mod rules;

/// How a part of the reader reports an error: the text to point at and the reason.
type Fail<'a> = &'a dyn Fn(&str, String) -> GameFileError;

/// Most cells a board may have (the widest bitboard).
pub const MAX_CELLS: usize = 128;

/// Most files and most ranks: a slider's line then has at most 14 cells whose occupancy
/// matters, which keeps every occupancy-indexed slider table small.
pub const MAX_SIDE: u8 = 16;

pub(super) fn leak<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

pub(super) fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// Builds the record of `file`'s game; `origin` names the file in errors, `text` is its
/// source (to point at lines), `id` its place in the registry.
pub fn spec_from_file(
    file: &GameFile,
    origin: &str,
    text: &str,
    id: usize,
) -> Result<VariantSpec, GameFileError> {
    let fail =
        |needle: &str, reason: String| GameFileError::new(origin, line_of(text, needle), reason);
    let name = file.game.name.as_str();

    let symmetry = match file.game.symmetry.as_deref() {
        None | Some("mirror") => Symmetry::Mirror,
        Some("rotate") => Symmetry::Rotate,
        Some(other) => {
            return Err(fail(
                "symmetry",
                format!("symmetry '{other}': use \"mirror\" or \"rotate\""),
            ))
        }
    };
    let (board, width) = board::shape(file, text, &fail)?;
    let grid_leaps = matches!(board, BoardShape::Grid { .. } | BoardShape::Graph(_));
    let b = &file.board;

    // Pieces into role slots.
    let mut slots: [Option<PieceSpec>; ROLE_COUNT] = [None; ROLE_COUNT];
    let mut order: Vec<Role> = Vec::new();
    let parse_betza = |owner: &str, text_: &str| -> Result<&'static [BetzaMove], GameFileError> {
        let moves = betza::parse(text_).map_err(|e| fail(text_, format!("piece {owner}: {e}")))?;
        Ok(leak(moves))
    };
    let pawn = match &file.pawn {
        Some(p) => {
            let moves = parse_betza(&p.name, &p.betza)?;
            let mut quiet = Vec::new();
            let mut capture = Vec::new();
            for m in moves {
                let dir = unit_dir(m)
                    .filter(|_| m.max_steps == 1 && m.kind == Kind::Plain && !m.initial_only);
                let Some(dir) = dir else {
                    return Err(fail(
                        &p.betza,
                        format!(
                            "pawn {}: '{}' has a move other than a single step; a pawn \
                             steps one square (its double step is double_step_ranks)",
                            p.name, p.betza
                        ),
                    ));
                };
                if m.quiet && !quiet.contains(&dir) {
                    quiet.push(dir);
                }
                if m.capture && !capture.contains(&dir) {
                    capture.push(dir);
                }
            }
            let mut ranks = Vec::new();
            for &r in &p.double_step_ranks {
                if r == 0 || r > b.ranks {
                    return Err(fail(
                        "double_step_ranks",
                        format!("double-step rank {r} is off the board"),
                    ));
                }
                ranks.push(r - 1);
            }
            if !p.en_passant && !ranks.is_empty() {
                return Err(fail(
                    "en_passant",
                    "a double step without en passant is not played yet".to_string(),
                ));
            }
            slots[Role::Pawn.index()] = Some(PieceSpec {
                letter: p.letter.to_ascii_lowercase(),
                name: leak_str(&p.name),
                betza: leak_str(&p.betza),
                moves,
                table: None,
                value: None,
                figure: leak_str(p.figure.as_deref().unwrap_or(&p.name)),
                jumps_barriers: true,
                initial_ranks: &[],
            });
            order.push(Role::Pawn);
            PawnShape {
                quiet: leak(quiet),
                capture: leak(capture),
                double_step_ranks: leak(ranks),
            }
        }
        None => PawnShape {
            quiet: &[],
            capture: &[],
            double_step_ranks: &[],
        },
    };

    // The slot of each piece of the file, in file order.
    let mut placed: Vec<Option<Role>> = vec![None; file.pieces.len()];
    let taken = |placed: &[Option<Role>], role: Role| placed.contains(&Some(role));
    // First the royal piece and the pieces that move like a slot's usual piece...
    for (i, p) in file.pieces.iter().enumerate() {
        let want = if p.royal {
            Some(Role::King)
        } else {
            usual_slot(p.betza.as_deref().unwrap_or(""), p.table.as_deref())
        };
        if let Some(role) = want {
            if !taken(&placed, role) && (p.royal || role != Role::King) {
                placed[i] = Some(role);
            }
        }
    }
    // ...then the others in the free slots.
    const FREE: [Role; ROLE_COUNT - 2] = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Chancellor,
        Role::Ultra,
        Role::Extra1,
        Role::Extra2,
        Role::Extra3,
        Role::Extra4,
    ];
    for (i, p) in file.pieces.iter().enumerate() {
        if placed[i].is_some() {
            continue;
        }
        let role = FREE
            .into_iter()
            .find(|&r| !taken(&placed, r))
            .ok_or_else(|| {
                fail(
                    &p.name,
                    format!(
                        "{} pieces besides the pawn: the engine holds the royal piece and \
                         {} others ({ROLE_COUNT} piece types with the pawn)",
                        file.pieces.len(),
                        ROLE_COUNT - 2
                    ),
                )
            })?;
        placed[i] = Some(role);
    }
    for (i, p) in file.pieces.iter().enumerate() {
        let role = placed[i].expect("every piece was placed above");
        let moves = match &p.betza {
            Some(t) => parse_betza(&p.name, t)?,
            None => &[],
        };
        for m in moves {
            if let Some(why) = unplayable(m, grid_leaps) {
                return Err(fail(
                    p.betza.as_deref().unwrap_or(&p.name),
                    format!("piece {}: {why}", p.name),
                ));
            }
            if p.royal && (m.max_steps != 1 || m.kind != Kind::Plain || m.initial_only) {
                return Err(fail(
                    &p.name,
                    format!(
                        "royal piece {}: only leaps are played for a royal piece",
                        p.name
                    ),
                ));
            }
        }
        let has_initial = moves.iter().any(|m| m.initial_only);
        if has_initial == p.initial_ranks.is_empty() {
            return Err(fail(
                &p.name,
                if has_initial {
                    format!(
                        "piece {}: its i moves need initial_ranks (the ranks it plays them from)",
                        p.name
                    )
                } else {
                    format!("piece {}: initial_ranks without i moves", p.name)
                },
            ));
        }
        let mut initial_ranks = Vec::new();
        for &r in &p.initial_ranks {
            if r == 0 || r > b.ranks {
                return Err(fail(
                    "initial_ranks",
                    format!("piece {}: initial rank {r} is off the board", p.name),
                ));
            }
            initial_ranks.push(r - 1);
        }
        if let Some(t) = &p.table {
            let known = match board {
                BoardShape::Escalator(_) => t == "knight" || t == "ultra",
                BoardShape::Graph(g) => board::graph_tables(g).contains(&t.as_str()),
                BoardShape::Grid { .. } => false,
            };
            if !known {
                return Err(fail(
                    t,
                    format!("piece {}: this board has no leap table '{t}'", p.name),
                ));
            }
        }
        slots[role.index()] = Some(PieceSpec {
            letter: p.letter.to_ascii_lowercase(),
            name: leak_str(&p.name),
            betza: leak_str(p.betza.as_deref().unwrap_or("")),
            moves,
            table: p.table.as_deref().map(leak_str),
            value: p.value,
            figure: leak_str(p.figure.as_deref().unwrap_or(&p.name)),
            jumps_barriers: p.jumps_barriers,
            initial_ranks: leak(initial_ranks),
        });
        order.push(role);
    }
    let roles: &'static [Role] = leak(order);
    let role_of = |c: char| -> Option<Role> {
        roles
            .iter()
            .copied()
            .find(|r| slots[r.index()].is_some_and(|p| p.letter == c.to_ascii_lowercase()))
    };
    let promotable = |list: &str| -> Result<&'static [Role], GameFileError> {
        let mut out = Vec::new();
        for c in list.chars() {
            match role_of(c) {
                Some(r) if r != Role::Pawn && r != Role::King => out.push(r),
                Some(_) => return Err(fail(list, format!("a pawn may not promote to '{c}'"))),
                None => return Err(fail(list, format!("promotion to '{c}': no such piece"))),
            }
        }
        Ok(leak(out))
    };

    let (promotion, promotion_terms) = rules::promotion(file, &promotable, &fail)?;
    if file.pawn.is_some() && file.promotion.is_none() {
        return Err(fail(
            "[pawn]",
            "a game with pawns needs a [promotion] section".to_string(),
        ));
    }
    let castling = rules::castling(file, &role_of, &fail)?;
    let (dead, goals, end) = end::rules(file, &role_of, &fail)?;

    let xboard = XBoardFacts {
        name: leak_str(file.game.xboard_name.as_deref().unwrap_or(name)),
        built_in: file.game.xboard_name.is_some(),
        pieces: if matches!(board, BoardShape::Grid { .. }) && file.game.xboard_name.is_none() {
            leak(xboard_piece_lines(&slots, roles, symmetry))
        } else {
            &[]
        },
    };

    let network = match file.game.network.as_deref() {
        None => None,
        Some(given) => Some(leak_str(&network_path(origin, given, &fail)?)),
    };

    Ok(VariantSpec {
        name: leak_str(name),
        title: leak_str(file.title()),
        id,
        board,
        width,
        roles,
        pieces: slots,
        pawn,
        promotion,
        promotion_terms,
        castling,
        goals,
        dead,
        end,
        symmetry,
        start_fen: leak_str(&file.game.start),
        xboard,
        perft: leak(file.perft.clone()),
        origin: leak_str(origin),
        network,
    })
}

/// `[game] network`: the path given, read against the game file's folder, which must name
/// a file (whether it fits the game is the evaluation's to say, when it reads it).
fn network_path(origin: &str, given: &str, fail: Fail) -> Result<String, GameFileError> {
    let path = std::path::Path::new(origin)
        .parent()
        .unwrap_or(std::path::Path::new(""))
        .join(given);
    if !path.is_file() {
        return Err(fail(
            given,
            format!("network file {} not found", path.display()),
        ));
    }
    Ok(path.to_string_lossy().into_owned())
}

/// The compass direction of a one-square step, if it is one.
pub fn unit_dir(m: &BetzaMove) -> Option<Dir> {
    Dir::from_delta((m.dx as i32, m.dy as i32))
}

/// Why a move cannot be played yet, if it cannot. `grid_leaps`: leaps other than unit
/// steps go by grid arithmetic on this board (a plain grid, with or without holes, or a
/// graph board by its cells' grid slots).
fn unplayable(m: &BetzaMove, grid_leaps: bool) -> Option<String> {
    let unit = unit_dir(m).is_some();
    let needs_grid = |what: &str| {
        (!grid_leaps).then(|| format!("{what} need a plain grid; this board has none"))
    };
    match m.kind {
        Kind::Lame if m.max_steps != 1 => Some("lame riders (n with a ride) are not played".into()),
        Kind::Lame => needs_grid("lame leaps (n)"),
        Kind::Hop | Kind::Grasshop if !unit || m.max_steps != 0 => Some(format!(
            "hoppers (p, g) are played along whole lines of unit steps only; {} is not one",
            vector(m)
        )),
        Kind::Hop | Kind::Grasshop => None,
        Kind::Plain => match m.max_steps {
            1 if unit || grid_leaps => None,
            1 => Some(format!(
                "the leap ({},{}) needs a plain grid; on this board give a table",
                m.dx, m.dy
            )),
            _ if unit => None,
            _ => needs_grid(&format!("rides of {}", vector(m))),
        },
    }
}

/// A move's step and range in messages: `(1,2)`, `(1,0) up to 4 steps`.
fn vector(m: &BetzaMove) -> String {
    match m.max_steps {
        0 | 1 => format!("({},{})", m.dx, m.dy),
        k => format!("({},{}) up to {k} steps", m.dx, m.dy),
    }
}

/// The slot whose usual piece moves like this (so eval terms about that piece still fit).
fn usual_slot(betza: &str, table: Option<&str>) -> Option<Role> {
    match (betza, table) {
        ("N", None) | ("", Some("knight")) => Some(Role::Knight),
        ("B", None) => Some(Role::Bishop),
        ("R", None) => Some(Role::Rook),
        ("Q", None) => Some(Role::Queen),
        ("RN" | "NR", None) | ("R", Some("knight")) => Some(Role::Chancellor),
        ("", Some("ultra")) => Some(Role::Ultra),
        _ => None,
    }
}

/// XBoard `piece` lines for the pieces XBoard would otherwise move by its own idea of the
/// letter (`&`: Black's moves are White's turned half round).
fn xboard_piece_lines(
    slots: &[Option<PieceSpec>; ROLE_COUNT],
    roles: &[Role],
    symmetry: Symmetry,
) -> Vec<&'static str> {
    let usual = |l: char, b: &str| {
        matches!(
            (l, b),
            ('p', "fmWfcF") | ('n', "N") | ('b', "B") | ('r', "R") | ('q', "Q") | ('k', "K")
        )
    };
    let amp = if symmetry == Symmetry::Rotate {
        "&"
    } else {
        ""
    };
    let mut lines = Vec::new();
    // Officers first, then the pawn (the order XBoard users read them in).
    for &r in roles
        .iter()
        .filter(|&&r| r != Role::Pawn)
        .chain(roles.iter().filter(|&&r| r == Role::Pawn))
    {
        if let Some(p) = slots[r.index()] {
            if !p.betza.is_empty() && !usual(p.letter, p.betza) {
                lines.push(leak_str(&format!(
                    "piece {}{amp} {}",
                    p.letter.to_ascii_uppercase(),
                    p.betza
                )));
            }
        }
    }
    lines
}

impl Width {
    /// Cells a board of this width holds.
    pub fn capacity(self) -> usize {
        match self {
            Width::W64 => 64,
            Width::W128 => 128,
        }
    }
}
