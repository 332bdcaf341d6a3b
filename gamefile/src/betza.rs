//! Betza's notation for piece moves, in the dialect XBoard reads (its `piece` command), so
//! that a game file and XBoard agree on what a letter string means. A parsed move is a list
//! of concrete steps in White's view of the board; the engine turns them into tables for
//! the board at hand.
//!
//! The dialect, as XBoard 4.9's move generator reads it (learned from its behaviour, written
//! here from scratch):
//! - atoms `W F D N A H C Z G K` leap, `R B Q` slide (`R` = `WW`, `B` = `FF`, `Q` = `RB`,
//!   `K` = `WF`); a range after the atom limits or opens the ride (`R4`, `W4`, `N0` = an
//!   unlimited nightrider); a doubled leaper atom rides as in Betza's own notation (`NN`).
//!   XBoard itself reads `NN` as two knights, so a `piece` line sent to it writes `N0`.
//! - prefixes in XBoard's order: `i` (first move only), directions, then `m`, `c`, `p` or
//!   `g`, `n`. A letter XBoard would skip (out of that order) or read differently is refused
//!   rather than guessed, so a string we accept means the same move set to XBoard.
//! - directions `f b l r v s h`; how a pair combines depends on the atom's symmetry, as in
//!   XBoard: for oblique atoms a lone letter takes the two moves nearest that way (`fN` =
//!   (±1,2)), `fh` the four on that side, a pair of perpendicular letters one move (`frN` =
//!   (2,1), `rfN` = (1,2)), `fs` the two forward-sideways, `hl`/`hr` a chiral half; for `K`
//!   and `Q` a lone letter is that one direction (`fK` = (0,1)) and a perpendicular pair the
//!   diagonal between (`frK` = (1,1), `fsK` both forward diagonals); orthogonal atoms take
//!   the union (`fsW` = forward and sideways); diagonal atoms the intersections (`fF` both
//!   forward diagonals, `flF` one).
//! - `J` and `L` are refused: XBoard's and Fairy-Stockfish's meanings differ (camel and
//!   zebra swapped), so files write `C` (1,3) and `Z` (2,3).
//!
//! `write` turns moves back into a string of this dialect (the ini reader uses it for
//! Fairy-Stockfish's pieces); `describe` writes them out in words for `oblique check`.

/// How a move's steps are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An ordinary leap or ride.
    Plain,
    /// `n`: a leap that the first square on the way (the orthogonal step first, as the
    /// xiangqi horse) blocks when occupied; a ride of such leaps likewise per leap.
    Lame,
    /// `p`: must hop over exactly one piece somewhere on the line before landing (cannon).
    Hop,
    /// `g`: must hop over the first piece and land right behind it (grasshopper).
    Grasshop,
}

/// One direction of a piece's move, as steps on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BetzaMove {
    /// One step, White's view: `dx` towards the h-file, `dy` towards Black (forward).
    pub dx: i8,
    pub dy: i8,
    /// 1: a single leap; 0: rides any number of steps; k > 1: rides up to k steps.
    pub max_steps: u8,
    /// May go to an empty square (no `c` without `m`).
    pub quiet: bool,
    /// May capture (no `m` without `c`).
    pub capture: bool,
    /// `i`: only as the piece's first move (for a pawn: from its double-step ranks).
    pub initial_only: bool,
    pub kind: Kind,
}

/// Why a Betza string cannot be read; `Display` names the string and the fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BetzaError {}

/// The symmetry class of an atom, which decides how direction letters select its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// (0,k): 4 moves along the lines.
    Orthogonal,
    /// (k,k): 4 moves along the diagonals.
    Diagonal,
    /// (a,b), 0 < a < b: 8 moves.
    Oblique,
    /// K and Q: the 4 orthogonal and the 4 diagonal unit steps.
    Royal,
}

/// An atom: its class, its step in the first direction (`dx` <= `dy`), whether it slides.
struct Atom {
    class: Class,
    a: i8,
    b: i8,
    slides: bool,
}

fn atom(letter: u8) -> Option<Atom> {
    let (class, a, b, slides) = match letter {
        b'W' => (Class::Orthogonal, 0, 1, false),
        b'D' => (Class::Orthogonal, 0, 2, false),
        b'H' => (Class::Orthogonal, 0, 3, false),
        b'R' => (Class::Orthogonal, 0, 1, true),
        b'F' => (Class::Diagonal, 1, 1, false),
        b'A' => (Class::Diagonal, 2, 2, false),
        b'G' => (Class::Diagonal, 3, 3, false),
        b'B' => (Class::Diagonal, 1, 1, true),
        b'N' => (Class::Oblique, 1, 2, false),
        b'C' => (Class::Oblique, 1, 3, false),
        b'Z' => (Class::Oblique, 2, 3, false),
        b'K' => (Class::Royal, 0, 1, false),
        b'Q' => (Class::Royal, 0, 1, true),
        _ => return None,
    };
    Some(Atom {
        class,
        a,
        b,
        slides,
    })
}

// Directions are the bits of a byte, clockwise from straight ahead for White. For an atom
// (a, b) with a <= b, bit d is the move below; for K the unit steps f, fr, r, br, b, bl, l,
// fl.
fn rotate(a: i8, b: i8, d: u32) -> (i8, i8) {
    match d {
        0 => (a, b),
        1 => (b, a),
        2 => (b, -a),
        3 => (a, -b),
        4 => (-a, -b),
        5 => (-b, -a),
        6 => (-b, a),
        _ => (-a, b),
    }
}

const ORTHOGONAL_BITS: u8 = 0b0101_0101;
const DIAGONAL_BITS: u8 = 0b1010_1010;

fn is_vertical(c: u8) -> bool {
    matches!(c, b'f' | b'b' | b'v')
}

fn is_horizontal(c: u8) -> bool {
    matches!(c, b'l' | b'r' | b's')
}

fn is_direction(c: u8) -> bool {
    is_vertical(c) || is_horizontal(c) || c == b'h'
}

fn perpendicular(c: u8, next: u8) -> bool {
    (is_vertical(c) && is_horizontal(next)) || (is_horizontal(c) && is_vertical(next))
}

/// The moves of an oblique atom on one side of a line: `f` those going forward at all.
fn side(c: u8) -> u8 {
    match c {
        b'f' => 0b1100_0011,
        b'b' => 0b0011_1100,
        b'l' => 0b1111_0000,
        b'r' => 0b0000_1111,
        _ => 0,
    }
}

/// The moves of an oblique atom that go mostly that way: `f` the two most forward.
fn mostly(c: u8) -> u8 {
    match c {
        b'f' => 0b1000_0001,
        b'b' => 0b0001_1000,
        b'l' => 0b0110_0000,
        b'r' => 0b0000_0110,
        b's' => 0b0110_0110,
        b'v' => 0b1001_1001,
        b'h' => 0xFF,
        _ => 0,
    }
}

/// K's unit steps that go that way at all: `f` = fl, f, fr.
fn king_side(c: u8) -> u8 {
    match c {
        b'f' => 0b1000_0011,
        b'b' => 0b0011_1000,
        b'l' => 0b1110_0000,
        b'r' => 0b0000_1110,
        b's' => 0b1110_1110,
        b'v' => 0b1011_1011,
        b'h' => 0xFF,
        _ => 0,
    }
}

/// K's unit step exactly that way: `f` = straight ahead.
fn king_exact(c: u8) -> u8 {
    match c {
        b'f' => 0b0000_0001,
        b'b' => 0b0001_0000,
        b'l' => 0b0100_0000,
        b'r' => 0b0000_0100,
        b's' => 0b0100_0100,
        b'v' => 0b0001_0001,
        b'h' => 0xFF,
        _ => 0,
    }
}

/// Reads the direction letters at the start of `prefix` for an atom of `class`; returns
/// the chosen moves (0 when no letters were given) and how many bytes were read.
fn directions(class: Class, prefix: &[u8]) -> (u8, usize) {
    let at = |i: usize| prefix.get(i).copied().unwrap_or(0);
    let mut set = 0u8;
    let mut i = 0;
    match class {
        Class::Orthogonal => {
            while is_direction(at(i)) && at(i) != b'h' {
                set |= mostly(at(i));
                i += 1;
            }
            set &= ORTHOGONAL_BITS;
        }
        Class::Diagonal => {
            while is_direction(at(i)) {
                let c = at(i);
                if perpendicular(c, at(i + 1)) {
                    set |= side(c) & side(at(i + 1));
                    i += 2;
                } else {
                    set |= side(c);
                    i += 1;
                }
            }
            set &= DIAGONAL_BITS;
        }
        Class::Oblique => {
            if at(0) == b'h' {
                // Only the chiral halves `hl` and `hr` may start with `h`.
                return match at(1) {
                    b'r' => (0b0101_0101, 2),
                    b'l' => (0b1010_1010, 2),
                    _ => (0, 0),
                };
            }
            while is_direction(at(i)) {
                let (c, next) = (at(i), at(i + 1));
                if next == b'h' {
                    set |= side(c);
                    i += 2;
                } else if next == c
                    || (matches!(c, b'f' | b'b' | b'l' | b'r') && perpendicular(c, next))
                {
                    set |= side(c) & mostly(next);
                    i += 2;
                } else {
                    set |= mostly(c);
                    i += 1;
                }
            }
        }
        Class::Royal => {
            while is_direction(at(i)) {
                let (c, next) = (at(i), at(i + 1));
                if next != c && matches!(c, b'f' | b'b' | b'l' | b'r') && perpendicular(c, next) {
                    set |= king_side(c) & king_side(next);
                    i += 2;
                } else {
                    set |= king_exact(c);
                    i += 1;
                }
            }
        }
    }
    (set, i)
}

fn fail(text: &str, position: usize, reason: impl std::fmt::Display) -> BetzaError {
    BetzaError(format!(
        "Betza '{}': {reason} at character {}",
        text.escape_default(),
        position + 1
    ))
}

fn unsupported(letter: u8) -> Option<&'static str> {
    Some(match letter {
        b'd' => "'d' (captures own pieces)",
        b'e' => "'e' (en passant; a pawn's en passant is the pawn's own key)",
        b't' => "'t' (tame: may not capture the king)",
        b'o' => "'o' (cylinder board)",
        b'y' => "'y' (range toggle)",
        b'j' => "'j' (must jump)",
        b'a' => "'a' (moves of several legs)",
        _ => return None,
    })
}

/// Reads a Betza string in XBoard's dialect into its moves, in White's view. Equal moves
/// are given once; a direction given both as `m` and as `c` becomes one move that does
/// both. Errors name the string and the 1-based character at fault.
pub fn parse(text: &str) -> Result<Vec<BetzaMove>, BetzaError> {
    if text.is_empty() {
        return Err(BetzaError(
            "Betza '': empty (a piece needs at least one move)".to_string(),
        ));
    }
    if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_graphic()) {
        let position = text[..at].chars().count();
        return Err(fail(text, position, format!("unexpected character {c:?}")));
    }
    let bytes = text.as_bytes();
    let mut moves: Vec<BetzaMove> = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let initial_only = bytes[pos] == b'i';
        if initial_only {
            pos += 1;
            if bytes.get(pos) == Some(&b'i') {
                return Err(fail(
                    text,
                    pos,
                    "'ii' (first move back on the start square) is not supported",
                ));
            }
        }
        let prefix_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_lowercase() {
            pos += 1;
        }
        let prefix = &bytes[prefix_start..pos];
        let Some(&letter) = bytes.get(pos) else {
            return Err(fail(text, pos, "no atom after the modifiers"));
        };
        if letter.is_ascii_digit() {
            return Err(fail(text, pos, "a range must follow an atom"));
        }
        if letter == b'J' || letter == b'L' {
            return Err(fail(
                text,
                pos,
                format!(
                    "atom '{}' means different leaps to XBoard and Fairy-Stockfish; write C for (1,3), Z for (2,3)",
                    letter as char
                ),
            ));
        }
        if letter == b'O' {
            return Err(fail(
                text,
                pos,
                "atom 'O' (castling) is not a piece move here; give castling in the game's castling rules",
            ));
        }
        let Some(atom) = atom(letter) else {
            if letter.is_ascii_uppercase() {
                return Err(fail(
                    text,
                    pos,
                    format!("unknown atom '{}'", letter as char),
                ));
            }
            return Err(fail(text, pos, format!("unexpected '{}'", letter as char)));
        };
        let atom_pos = pos;
        pos += 1;
        let mut max_steps: u8 = if atom.slides { 0 } else { 1 };
        if bytes.get(pos) == Some(&letter) {
            if atom.slides {
                return Err(fail(
                    text,
                    pos,
                    format!("'{}' already slides; it cannot be doubled", letter as char),
                ));
            }
            max_steps = 0;
            pos += 1;
        }
        let digits_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() && pos - digits_start < 2 {
            pos += 1;
        }
        if pos > digits_start {
            // At most two ASCII digits: always a number below 100.
            max_steps = text[digits_start..pos].parse::<u8>().unwrap_or(0);
        }

        // Prefixes: directions, then m, c, p or g, n (XBoard's order).
        let (mut set, mut i) = directions(atom.class, prefix);
        let given_directions = i > 0;
        let at = |i: usize| prefix.get(i).copied().unwrap_or(0);
        let (mut quiet, mut capture, mut kind) = (false, false, Kind::Plain);
        if at(i) == b'm' {
            quiet = true;
            i += 1;
        }
        if at(i) == b'c' {
            capture = true;
            i += 1;
        }
        if at(i) == b'p' || at(i) == b'g' {
            kind = if at(i) == b'p' {
                Kind::Hop
            } else {
                Kind::Grasshop
            };
            i += 1;
            if matches!(at(i), b'p' | b'g') {
                return Err(fail(
                    text,
                    prefix_start + i,
                    "a move hops either by 'p' or by 'g', not both",
                ));
            }
        }
        if at(i) == b'n' {
            if kind != Kind::Plain {
                return Err(fail(
                    text,
                    prefix_start + i,
                    "'n' (lame) cannot go with 'p' or 'g' (hop)",
                ));
            }
            kind = Kind::Lame;
            i += 1;
        }
        if i < prefix.len() {
            let c = prefix[i];
            let reason = if let Some(what) = unsupported(c) {
                format!("XBoard's {what} is not supported")
            } else if c == b'i' {
                "'i' must come first in its move".to_string()
            } else if is_direction(c) || matches!(c, b'm' | b'c' | b'p' | b'g' | b'n') {
                format!(
                    "'{}' is out of place before {} (XBoard reads i, directions, m, c, p or g, n in that order, and h only as hl/hr or after a direction for oblique atoms)",
                    c as char, letter as char
                )
            } else {
                format!("unknown modifier '{}'", c as char)
            };
            return Err(fail(text, prefix_start + i, reason));
        }
        if given_directions && set == 0 {
            return Err(fail(
                text,
                prefix_start,
                format!(
                    "directions '{}' select none of {}'s moves",
                    String::from_utf8_lossy(&prefix[..i.min(prefix.len())]),
                    letter as char
                ),
            ));
        }
        if set == 0 {
            set = match atom.class {
                Class::Orthogonal => ORTHOGONAL_BITS,
                Class::Diagonal => DIAGONAL_BITS,
                Class::Oblique | Class::Royal => 0xFF,
            };
        }
        if kind == Kind::Lame && atom.a.abs().max(atom.b.abs()) < 2 {
            return Err(fail(
                text,
                atom_pos,
                format!(
                    "'n' (lame) needs a leap with a square on the way; '{}' has none",
                    letter as char
                ),
            ));
        }
        if matches!(kind, Kind::Hop | Kind::Grasshop) && max_steps == 1 {
            return Err(fail(
                text,
                atom_pos,
                format!(
                    "a hopper ('p', 'g') rides; '{}' here is a single leap",
                    letter as char
                ),
            ));
        }
        if !quiet && !capture {
            quiet = true;
            capture = true;
        }
        for d in 0..8u32 {
            if set & (1 << d) == 0 {
                continue;
            }
            // K and Q: their orthogonal directions step as W, the diagonal ones as F.
            let (a, b) = if atom.class == Class::Royal && d % 2 == 1 {
                (1, 1)
            } else {
                (atom.a, atom.b)
            };
            let (dx, dy) = rotate(a, b, d);
            add(
                &mut moves,
                BetzaMove {
                    dx,
                    dy,
                    max_steps,
                    quiet,
                    capture,
                    initial_only,
                    kind,
                },
            );
        }
    }
    Ok(moves)
}

/// Adds `m`, merging it into an equal move that differs only in being quiet or capturing.
fn add(moves: &mut Vec<BetzaMove>, m: BetzaMove) {
    let same = |o: &BetzaMove| {
        (o.dx, o.dy, o.max_steps, o.initial_only, o.kind)
            == (m.dx, m.dy, m.max_steps, m.initial_only, m.kind)
    };
    if let Some(o) = moves.iter_mut().find(|o| same(o)) {
        o.quiet |= m.quiet;
        o.capture |= m.capture;
    } else {
        moves.push(m);
    }
}

/// Writes moves as a Betza string in this dialect that `parse` reads back to the same moves
/// (the same set; order aside). Moves no atom of the notation makes (a (1,4) leap) are left
/// out; `None` when nothing could be written.
pub fn write(moves: &[BetzaMove]) -> Option<String> {
    type Key = (i8, i8, u8, bool, bool, bool, Kind);
    let mut groups: Vec<(Key, u8)> = Vec::new();
    for m in moves {
        let (x, y) = (m.dx.unsigned_abs() as i8, m.dy.unsigned_abs() as i8);
        let (lo, hi) = (x.min(y), x.max(y));
        // Orthogonal atoms use the even directions, diagonal ones the odd.
        let usable =
            |d: u32| (lo != 0 || d.is_multiple_of(2)) && (lo != hi || !d.is_multiple_of(2));
        let Some(d) = (0..8).find(|&d| usable(d) && rotate(lo, hi, d) == (m.dx, m.dy)) else {
            continue;
        };
        let key = (
            lo,
            hi,
            m.max_steps,
            m.quiet,
            m.capture,
            m.initial_only,
            m.kind,
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, bits)) => *bits |= 1 << d,
            None => groups.push((key, 1 << d)),
        }
    }
    let mut clauses: Vec<String> = Vec::new();
    let mut done = vec![false; groups.len()];
    for i in 0..groups.len() {
        if done[i] {
            continue;
        }
        let ((lo, hi, steps, quiet, capture, initial, kind), bits) = groups[i];
        let letter = match (lo, hi) {
            (0, 1) => 'W',
            (1, 1) => 'F',
            (0, 2) => 'D',
            (0, 3) => 'H',
            (2, 2) => 'A',
            (3, 3) => 'G',
            (1, 2) => 'N',
            (1, 3) => 'C',
            (2, 3) => 'Z',
            _ => continue,
        };
        let Some(class) = atom(letter as u8).map(|a| a.class) else {
            continue;
        };
        // W and F going every way with the same modes are K (or Q).
        let mut letter = letter;
        let mut class = class;
        let mut bits = bits;
        if letter == 'W' && bits == ORTHOGONAL_BITS {
            let twin = (1, 1, steps, quiet, capture, initial, kind);
            if let Some(j) =
                (i + 1..groups.len()).find(|&j| !done[j] && groups[j] == (twin, DIAGONAL_BITS))
            {
                done[j] = true;
                letter = 'K';
                class = Class::Royal;
                bits = 0xFF;
            }
        }
        let full = match class {
            Class::Orthogonal => ORTHOGONAL_BITS,
            Class::Diagonal => DIAGONAL_BITS,
            Class::Oblique | Class::Royal => 0xFF,
        };
        let body = {
            let mut s = String::new();
            if quiet && !capture {
                s.push('m');
            }
            if capture && !quiet {
                s.push('c');
            }
            match kind {
                Kind::Hop => s.push('p'),
                Kind::Grasshop => s.push('g'),
                Kind::Lame => s.push('n'),
                Kind::Plain => {}
            }
            let unit = matches!(letter, 'W' | 'F' | 'K');
            match steps {
                1 => s.push(letter),
                0 if unit => s.push(match letter {
                    'W' => 'R',
                    'F' => 'B',
                    _ => 'Q',
                }),
                0 => {
                    s.push(letter);
                    s.push(letter);
                }
                k => {
                    s.push(letter);
                    s.push_str(&k.to_string());
                }
            }
            s
        };
        // The fewest direction prefixes whose selections make up exactly these moves.
        let mut left = bits;
        while left != 0 {
            let prefix = if left == full && bits == full {
                Some(String::new())
            } else {
                best_prefix(class, left)
            };
            let Some(prefix) = prefix else {
                break;
            };
            let chosen = if prefix.is_empty() {
                full
            } else {
                directions(class, prefix.as_bytes()).0
            };
            let mut clause = String::new();
            if initial {
                clause.push('i');
            }
            clause.push_str(&prefix);
            clause.push_str(&body);
            clauses.push(clause);
            left &= !chosen;
        }
    }
    // A clause ending in an atom followed by one starting with the same atom would read as
    // a doubled atom ("rpB" "B" -> "rpBB"): clauses that start with their atom go first,
    // those with a range before the others ("N2" "N", not "NN2").
    clauses.sort_by_key(|c| {
        let bare = c.starts_with(|x: char| x.is_ascii_uppercase());
        match (bare, c.ends_with(|x: char| x.is_ascii_digit())) {
            (true, true) => 0,
            (true, false) => 1,
            _ => 2,
        }
    });
    if clauses.is_empty() {
        None
    } else {
        Some(clauses.concat())
    }
}

/// The direction prefix (one or two letters) that selects the most of `wanted` and
/// nothing outside it.
fn best_prefix(class: Class, wanted: u8) -> Option<String> {
    const LETTERS: &[u8] = b"fblrvsh";
    let mut best: Option<(u32, String)> = None;
    let mut consider = |p: Vec<u8>| {
        let (set, read) = directions(class, &p);
        if read != p.len() || set == 0 || set & !wanted != 0 {
            return;
        }
        let score = (set & wanted).count_ones();
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, String::from_utf8_lossy(&p).into_owned()));
        }
    };
    for &a in LETTERS {
        consider(vec![a]);
    }
    for &a in LETTERS {
        for &b in LETTERS {
            consider(vec![a, b]);
        }
    }
    best.map(|(_, p)| p)
}

/// Writes moves out for people, one clause per kind of move, e.g. "leaps (1,2) 8 ways;
/// slides orthogonally". Directions are listed when a move does not go all ways.
pub fn describe(moves: &[BetzaMove]) -> String {
    type Key = (i8, i8, u8, bool, bool, bool, Kind);
    let mut groups: Vec<(Key, Vec<(i8, i8)>)> = Vec::new();
    for m in moves {
        let (lo, hi) = {
            let (x, y) = (m.dx.unsigned_abs() as i8, m.dy.unsigned_abs() as i8);
            (x.min(y), x.max(y))
        };
        let key = (
            lo,
            hi,
            m.max_steps,
            m.quiet,
            m.capture,
            m.initial_only,
            m.kind,
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, dirs)) => dirs.push((m.dx, m.dy)),
            None => groups.push((key, vec![(m.dx, m.dy)])),
        }
    }
    let clauses: Vec<String> = groups
        .iter()
        .map(|((lo, hi, steps, quiet, capture, initial, kind), dirs)| {
            let all = if lo == hi || *lo == 0 { 4 } else { 8 };
            let unit = *hi == 1;
            let line = match (lo, hi) {
                (0, 1) => "orthogonally".to_string(),
                (1, 1) => "diagonally".to_string(),
                _ => format!("({lo},{hi})"),
            };
            let mut s = match (kind, steps) {
                (Kind::Hop, _) => format!("hops over one piece, then goes on {line}"),
                (Kind::Grasshop, _) => {
                    format!("grasshops {line}, landing just behind the first piece")
                }
                (_, 1) if unit => format!("steps {line}"),
                (_, 1) => format!("leaps {line}"),
                (_, 0) if unit => format!("slides {line}"),
                (_, 0) => format!("rides {line}"),
                (_, k) if unit => format!("slides {line} up to {k} squares"),
                (_, k) => format!("rides {line} up to {k} leaps"),
            };
            if matches!(kind, Kind::Hop | Kind::Grasshop) && *steps > 1 {
                s.push_str(&format!(" (up to {steps} steps)"));
            }
            if dirs.len() == all {
                if *steps == 1 {
                    s.push_str(&format!(" {all} ways"));
                }
            } else {
                let mut sorted = dirs.clone();
                sorted.sort_by_key(|&(x, y)| (std::cmp::Reverse(y), x));
                let list: Vec<String> = sorted.iter().map(|(x, y)| format!("({x},{y})")).collect();
                let ways = if dirs.len() == 1 { "way" } else { "ways" };
                s.push_str(&format!(" {} {ways}: {}", dirs.len(), list.join(" ")));
            }
            if *kind == Kind::Lame {
                s.push_str(", lame (blocked by an occupied square on the way)");
            }
            match (quiet, capture) {
                (true, false) => s.push_str(", to empty squares only"),
                (false, true) => s.push_str(", capturing only"),
                _ => {}
            }
            if *initial {
                s.push_str(", first move only");
            }
            s
        })
        .collect();
    if clauses.is_empty() {
        "no moves".to_string()
    } else {
        clauses.join("; ")
    }
}

#[cfg(test)]
mod tests {
    //! Expectations come from Betza's definitions of the atoms and from XBoard's documented
    //! reading of the modifiers, written out by hand (not from this parser's output).
    use super::*;
    use std::collections::BTreeSet;

    fn vectors(moves: &[BetzaMove]) -> BTreeSet<(i8, i8)> {
        moves.iter().map(|m| (m.dx, m.dy)).collect()
    }

    fn set(v: &[(i8, i8)]) -> BTreeSet<(i8, i8)> {
        v.iter().copied().collect()
    }

    /// The 8 moves (±a,±b), (±b,±a) of an oblique atom.
    fn eight(a: i8, b: i8) -> BTreeSet<(i8, i8)> {
        let mut s = BTreeSet::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [-1, 1] {
                for sy in [-1, 1] {
                    s.insert((sx * x, sy * y));
                }
            }
        }
        s
    }

    const ORTHO: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

    fn plain(moves: &[BetzaMove], steps: u8) {
        for m in moves {
            assert_eq!(
                (m.max_steps, m.quiet, m.capture, m.initial_only, m.kind),
                (steps, true, true, false, Kind::Plain),
                "{m:?}"
            );
        }
    }

    #[test]
    fn leaper_atoms_have_their_eight_or_four_moves() {
        for (text, expect) in [
            ("N", eight(1, 2)),
            ("C", eight(1, 3)),
            ("Z", eight(2, 3)),
            ("W", set(&ORTHO)),
            ("F", set(&DIAG)),
            ("D", set(&[(0, 2), (2, 0), (0, -2), (-2, 0)])),
            ("H", set(&[(0, 3), (3, 0), (0, -3), (-3, 0)])),
            ("A", set(&[(2, 2), (2, -2), (-2, -2), (-2, 2)])),
            ("G", set(&[(3, 3), (3, -3), (-3, -3), (-3, 3)])),
        ] {
            let moves = parse(text).unwrap();
            assert_eq!(moves.len(), expect.len(), "{text}");
            assert_eq!(vectors(&moves), expect, "{text}");
            plain(&moves, 1);
        }
        let k = parse("K").unwrap();
        assert_eq!(k.len(), 8);
        assert_eq!(
            vectors(&k),
            set(&ORTHO).union(&set(&DIAG)).copied().collect()
        );
        plain(&k, 1);
    }

    #[test]
    fn sliders_and_compounds() {
        let r = parse("R").unwrap();
        assert_eq!(vectors(&r), set(&ORTHO));
        plain(&r, 0);
        let b = parse("B").unwrap();
        assert_eq!(vectors(&b), set(&DIAG));
        plain(&b, 0);
        let q = parse("Q").unwrap();
        assert_eq!(q.len(), 8);
        plain(&q, 0);
        // R = WW, B = FF, Q = RB, K = WF (the same moves in any order).
        for (a, b) in [("R", "WW"), ("B", "FF"), ("Q", "RB"), ("K", "WF")] {
            let (x, y) = (parse(a).unwrap(), parse(b).unwrap());
            assert_eq!(x.len(), y.len(), "{a} {b}");
            assert!(x.iter().all(|m| y.contains(m)), "{a} = {b}");
        }
        // Archbishop BN: 4 slides and 8 leaps.
        let bn = parse("BN").unwrap();
        assert_eq!(bn.len(), 12);
        assert_eq!(bn.iter().filter(|m| m.max_steps == 0).count(), 4);
        assert_eq!(
            vectors(&bn),
            eight(1, 2).union(&set(&DIAG)).copied().collect()
        );
        let rn = parse("RN").unwrap();
        assert_eq!(rn.len(), 12);
        // The same move twice is one move.
        assert_eq!(parse("KW").unwrap().len(), 8);
        assert_eq!(parse("NN").unwrap(), parse("N0").unwrap());
    }

    #[test]
    fn riders_by_doubling_or_range() {
        let nn = parse("NN").unwrap();
        assert_eq!(vectors(&nn), eight(1, 2));
        plain(&nn, 0);
        let r4 = parse("R4").unwrap();
        assert_eq!(vectors(&r4), set(&ORTHO));
        plain(&r4, 4);
        assert_eq!(parse("W4").unwrap(), r4);
        plain(&parse("N0").unwrap(), 0);
        plain(&parse("K0").unwrap(), 0);
        plain(&parse("B12").unwrap(), 12);
        // A range of two digits at most: "R123" is R12 then a stray digit.
        assert!(parse("R123").is_err());
    }

    #[test]
    fn the_orthodox_pawn() {
        let p = parse("fmWfcF").unwrap();
        assert_eq!(p.len(), 3);
        let step = p.iter().find(|m| (m.dx, m.dy) == (0, 1)).unwrap();
        assert!(step.quiet && !step.capture && step.max_steps == 1);
        let caps: Vec<_> = p.iter().filter(|m| m.dy == 1 && m.dx != 0).collect();
        assert_eq!(caps.len(), 2);
        assert!(caps
            .iter()
            .all(|m| m.capture && !m.quiet && m.max_steps == 1));
        assert_eq!(vectors(&p), set(&[(0, 1), (1, 1), (-1, 1)]));
    }

    #[test]
    fn the_double_step_is_a_lame_initial_move() {
        let d = parse("ifmnD").unwrap();
        assert_eq!(
            d,
            vec![BetzaMove {
                dx: 0,
                dy: 2,
                max_steps: 1,
                quiet: true,
                capture: false,
                initial_only: true,
                kind: Kind::Lame,
            }]
        );
        // A pawn with its double step: 4 moves, one of them initial.
        let p = parse("fmWfcFifmnD").unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p.iter().filter(|m| m.initial_only).count(), 1);
    }

    #[test]
    fn directions_of_oblique_atoms() {
        // XBoard: a lone letter is the two moves mostly that way; doubled the same.
        assert_eq!(vectors(&parse("fN").unwrap()), set(&[(1, 2), (-1, 2)]));
        assert_eq!(vectors(&parse("ffN").unwrap()), set(&[(1, 2), (-1, 2)]));
        assert_eq!(vectors(&parse("bN").unwrap()), set(&[(1, -2), (-1, -2)]));
        assert_eq!(vectors(&parse("lN").unwrap()), set(&[(-2, 1), (-2, -1)]));
        assert_eq!(vectors(&parse("rN").unwrap()), set(&[(2, 1), (2, -1)]));
        // With h: the four on that side.
        assert_eq!(
            vectors(&parse("fhN").unwrap()),
            set(&[(1, 2), (-1, 2), (2, 1), (-2, 1)])
        );
        // A perpendicular pair: the first letter's side, the second letter's way.
        assert_eq!(vectors(&parse("fsN").unwrap()), set(&[(2, 1), (-2, 1)]));
        assert_eq!(vectors(&parse("frN").unwrap()), set(&[(2, 1)]));
        assert_eq!(vectors(&parse("rfN").unwrap()), set(&[(1, 2)]));
        assert_eq!(vectors(&parse("flN").unwrap()), set(&[(-2, 1)]));
        assert_eq!(
            vectors(&parse("vN").unwrap()),
            set(&[(1, 2), (-1, 2), (1, -2), (-1, -2)])
        );
        assert_eq!(
            vectors(&parse("sN").unwrap()),
            set(&[(2, 1), (-2, 1), (2, -1), (-2, -1)])
        );
        // The shogi knight, and the camel's forward pair.
        assert_eq!(vectors(&parse("fC").unwrap()), set(&[(1, 3), (-1, 3)]));
        // The chiral halves: disjoint, together the whole knight.
        let (r, l) = (
            vectors(&parse("hrN").unwrap()),
            vectors(&parse("hlN").unwrap()),
        );
        assert_eq!(r.len(), 4);
        assert_eq!(l.len(), 4);
        assert!(r.is_disjoint(&l));
        assert_eq!(r.union(&l).copied().collect::<BTreeSet<_>>(), eight(1, 2));
    }

    #[test]
    fn directions_of_orthogonal_diagonal_and_royal_atoms() {
        assert_eq!(vectors(&parse("sW").unwrap()), set(&[(1, 0), (-1, 0)]));
        assert_eq!(
            vectors(&parse("fsW").unwrap()),
            set(&[(0, 1), (1, 0), (-1, 0)])
        );
        let vr = parse("vR").unwrap();
        assert_eq!(vectors(&vr), set(&[(0, 1), (0, -1)]));
        plain(&vr, 0);
        assert_eq!(vectors(&parse("fR").unwrap()), set(&[(0, 1)]));
        assert_eq!(vectors(&parse("bD").unwrap()), set(&[(0, -2)]));
        assert_eq!(vectors(&parse("fF").unwrap()), set(&[(1, 1), (-1, 1)]));
        assert_eq!(vectors(&parse("flF").unwrap()), set(&[(-1, 1)]));
        assert_eq!(vectors(&parse("bB").unwrap()), set(&[(1, -1), (-1, -1)]));
        assert_eq!(vectors(&parse("rB").unwrap()), set(&[(1, 1), (1, -1)]));
        // K and Q: a lone letter is that one direction, a pair the diagonal between.
        assert_eq!(vectors(&parse("fK").unwrap()), set(&[(0, 1)]));
        assert_eq!(vectors(&parse("frK").unwrap()), set(&[(1, 1)]));
        assert_eq!(vectors(&parse("fsK").unwrap()), set(&[(1, 1), (-1, 1)]));
        assert_eq!(vectors(&parse("vK").unwrap()), set(&[(0, 1), (0, -1)]));
        assert_eq!(vectors(&parse("sQ").unwrap()), set(&[(1, 0), (-1, 0)]));
        assert_eq!(
            vectors(&parse("fKfsK").unwrap()),
            set(&[(0, 1), (1, 1), (-1, 1)])
        );
    }

    #[test]
    fn modes_hops_and_lame_leaps() {
        // Xiangqi cannon: moves as a rook, captures by hopping.
        let cannon = parse("mRcpR").unwrap();
        assert_eq!(cannon.len(), 8);
        for m in &cannon {
            assert_eq!(m.max_steps, 0);
            match m.kind {
                Kind::Plain => assert!(m.quiet && !m.capture),
                Kind::Hop => assert!(m.capture && !m.quiet),
                k => panic!("{k:?}"),
            }
        }
        assert_eq!(cannon.iter().filter(|m| m.kind == Kind::Hop).count(), 4);
        let pr = parse("pR").unwrap();
        assert!(pr
            .iter()
            .all(|m| m.kind == Kind::Hop && m.quiet && m.capture));
        let gq = parse("gQ").unwrap();
        assert_eq!(gq.len(), 8);
        assert!(gq.iter().all(|m| m.kind == Kind::Grasshop));
        let horse = parse("nN").unwrap();
        assert_eq!(vectors(&horse), eight(1, 2));
        assert!(horse.iter().all(|m| m.kind == Kind::Lame));
        // m and c of the same move are one move that does both.
        assert_eq!(parse("mWcW").unwrap(), parse("W").unwrap());
        let c = parse("cK").unwrap();
        assert!(c.iter().all(|m| m.capture && !m.quiet));
    }

    fn error(text: &str) -> String {
        parse(text).expect_err(text).to_string()
    }

    #[test]
    fn bad_strings_are_refused_with_position() {
        let e = error("fmXW");
        assert!(
            e.contains("'fmXW'") && e.contains("unknown atom 'X'"),
            "{e}"
        );
        assert!(e.ends_with("character 3"), "{e}");
        assert!(error("").contains("empty"));
        assert!(error("f").contains("no atom"));
        assert!(error("3N").contains("range must follow"));
        assert!(error("N?").ends_with("character 2"));
        assert!(error("NéB").contains("unexpected character"));
        // Out of XBoard's order, XBoard would skip the letter: refused instead.
        let e = error("mfW");
        assert!(
            e.contains("'f' is out of place") && e.ends_with("character 2"),
            "{e}"
        );
        assert!(error("fiW").contains("'i' must come first"));
        assert!(error("xW").contains("unknown modifier 'x'"));
        assert!(error("fceF").contains("en passant"));
        assert!(error("aW").contains("several legs"));
        assert!(error("J").contains("write C"));
        assert!(error("L").contains("write C"));
        assert!(error("O2").contains("castling"));
        assert!(error("nW").contains("lame"));
        assert!(error("nR").contains("lame"));
        assert!(error("pN").contains("hopper"));
        assert!(error("pnR").contains("cannot go with"));
        assert!(error("pgR").contains("either"));
        assert!(error("RR").contains("already slides"));
        assert!(error("hN").contains("out of place"));
        assert!(error("hW").contains("out of place"));
        assert!(error("vF").contains("select none"));
        assert!(error("iiW").contains("not supported"));
    }

    #[test]
    fn describe_writes_moves_out() {
        assert_eq!(describe(&parse("N").unwrap()), "leaps (1,2) 8 ways");
        assert_eq!(describe(&parse("R").unwrap()), "slides orthogonally");
        assert_eq!(
            describe(&parse("NR").unwrap()),
            "leaps (1,2) 8 ways; slides orthogonally"
        );
        assert_eq!(
            describe(&parse("fmWfcF").unwrap()),
            "steps orthogonally 1 way: (0,1), to empty squares only; \
             steps diagonally 2 ways: (-1,1) (1,1), capturing only"
        );
        assert_eq!(
            describe(&parse("ifmnD").unwrap()),
            "leaps (0,2) 1 way: (0,2), lame (blocked by an occupied square on the way), \
             to empty squares only, first move only"
        );
        assert_eq!(
            describe(&parse("mRcpR").unwrap()),
            "slides orthogonally, to empty squares only; \
             hops over one piece, then goes on orthogonally, capturing only"
        );
        assert_eq!(
            describe(&parse("R4").unwrap()),
            "slides orthogonally up to 4 squares"
        );
        assert_eq!(describe(&[]), "no moves");
    }

    proptest::proptest! {
        #[test]
        fn parse_never_panics_on_any_text(text in "\\PC{0,24}") {
            let _ = parse(&text);
        }

        #[test]
        fn write_gives_back_the_same_moves(text in "[fbvhrlsmcpgniWFDNAHCZGKRBQ0-9]{0,12}") {
            if let Ok(moves) = parse(&text) {
                let written = write(&moves).unwrap_or_default();
                let again = parse(&written).map_err(|e| e.to_string());
                proptest::prop_assert!(again.is_ok(), "{} -> {}: {:?}", text, written, again);
                let a: std::collections::BTreeSet<String> = moves.iter().map(|m| format!("{m:?}")).collect();
                let b: std::collections::BTreeSet<String> = again.unwrap_or_default().iter().map(|m| format!("{m:?}")).collect();
                proptest::prop_assert_eq!(a, b, "{} -> {}", text, written);
            }
        }

        #[test]
        fn parse_never_panics_on_betza_like_text(text in "[a-zA-Z0-9]{0,16}") {
            if let Ok(moves) = parse(&text) {
                let _ = describe(&moves);
                for m in &moves {
                    proptest::prop_assert!(m.quiet || m.capture);
                    proptest::prop_assert!(m.dx != 0 || m.dy != 0);
                }
            }
        }
    }
}
