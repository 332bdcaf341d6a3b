//! A slow, literal implementation of startrek.md: squares are (file, rank, level) triples,
//! every move is played on a copy and tested with a full attack scan. It shares no code or
//! tables with the engine. Shared by the Star Trek test files (`tests/startrek.rs` checks it
//! against the engine's move generator; `tests/startrek_mates.rs` proves mates with it).

use std::collections::{BTreeMap, BTreeSet};

pub type Sq = (i32, i32, i32);

#[derive(Clone)]
pub struct Pos {
    pieces: BTreeMap<Sq, (bool, char)>,
    boards: BTreeMap<Sq, bool>,
    white: bool,
    unmoved: BTreeSet<Sq>,
    ep: Option<Sq>,
}

fn sq(s: &str) -> Sq {
    let b = s.as_bytes();
    (
        (b[0] - b'a') as i32,
        (b[1] - b'0') as i32,
        (b[3] - b'0') as i32,
    )
}

pub fn name(s: Sq) -> String {
    format!("{}{}({})", (b'a' + s.0 as u8) as char, s.1, s.2)
}

fn is_main(s: Sq) -> bool {
    let (f, r, l) = s;
    (1..=4).contains(&f)
        && match l {
            2 => (1..=4).contains(&r),
            4 => (3..=6).contains(&r),
            6 => (5..=8).contains(&r),
            _ => false,
        }
}

/// (pin attachment, level of its main board, footprint).
type Pin = (Sq, i32, Vec<Sq>);

/// The 24 pins by the §3 formula, built once.
fn pins() -> &'static [Pin] {
    static PINS: std::sync::OnceLock<Vec<Pin>> = std::sync::OnceLock::new();
    PINS.get_or_init(build_pins)
}

fn build_pins() -> Vec<Pin> {
    let mut v = Vec::new();
    for (m, r0) in [(2, 1), (4, 3), (6, 5)] {
        for c in [1, 4] {
            for k in [r0, r0 + 3] {
                for l in [m - 1, m + 1] {
                    let files = if c == 1 { [0, 1] } else { [4, 5] };
                    let ranks = if k == r0 { [k - 1, k] } else { [k, k + 1] };
                    let mut fp = Vec::new();
                    for r in ranks {
                        for f in files {
                            fp.push((f, r, l));
                        }
                    }
                    v.push(((c, k, l), m, fp));
                }
            }
        }
    }
    v
}

fn in_box(s: Sq) -> bool {
    (0..6).contains(&s.0) && (0..10).contains(&s.1) && (1..=7).contains(&s.2)
}

impl Pos {
    pub fn from_tfen(t: &str) -> Pos {
        let w: Vec<&str> = t.split_whitespace().collect();
        let mut pieces = BTreeMap::new();
        for item in w[0].split(',') {
            let c = item.chars().next().unwrap();
            pieces.insert(
                sq(&item[1..]),
                (c.is_ascii_uppercase(), c.to_ascii_lowercase()),
            );
        }
        let mut boards = BTreeMap::new();
        if w[1] != "-" {
            for item in w[1].split(',') {
                let (p, o) = item.split_once(':').unwrap();
                boards.insert(sq(p), o == "w");
            }
        }
        let unmoved = if w[3] == "-" {
            BTreeSet::new()
        } else {
            w[3].split(',').map(sq).collect()
        };
        Pos {
            pieces,
            boards,
            white: w[2] == "w",
            unmoved,
            ep: (w[4] != "-").then(|| sq(w[4])),
        }
    }

    fn board_of(&self, s: Sq) -> Option<&'static Pin> {
        pins()
            .iter()
            .find(|(a, _, fp)| self.boards.contains_key(a) && fp.contains(&s))
    }

    fn exists(&self, s: Sq) -> bool {
        is_main(s) || self.board_of(s).is_some()
    }

    fn vstep(&self, f: i32, r: i32, l: i32, d: i32) -> Option<i32> {
        if self.exists((f, r, l + d)) {
            Some(l + d)
        } else if l % 2 == 0 && self.exists((f, r, l + 2 * d)) {
            Some(l + 2 * d)
        } else {
            None
        }
    }

    /// Squares the piece on `from` could capture on (for pawns only captures).
    fn attacks(&self, from: Sq) -> Vec<Sq> {
        let (white, role) = self.pieces[&from];
        let (f, r, l) = from;
        let mut out = Vec::new();
        let slide = |dirs: &[(i32, i32, i32)], out: &mut Vec<Sq>| {
            for &(a, b, c) in dirs {
                let mut k = 1;
                loop {
                    let t = (f + k * a, r + k * b, l + k * c);
                    if !in_box(t) {
                        break;
                    }
                    if self.exists(t) {
                        out.push(t);
                        if self.pieces.contains_key(&t) {
                            break;
                        }
                    }
                    k += 1;
                }
            }
        };
        let mut rook = Vec::new();
        let mut bishop = Vec::new();
        for a in -1..=1i32 {
            for b in -1..=1i32 {
                for c in -1..=1i32 {
                    let nz = (a != 0) as i32 + (b != 0) as i32 + (c != 0) as i32;
                    if nz == 1 {
                        rook.push((a, b, c));
                    }
                    if nz == 2 {
                        bishop.push((a, b, c));
                    }
                }
            }
        }
        match role {
            'r' => slide(&rook, &mut out),
            'b' => slide(&bishop, &mut out),
            'q' => {
                slide(&rook, &mut out);
                slide(&bishop, &mut out);
            }
            'k' => {
                for a in -1..=1 {
                    for b in -1..=1 {
                        for c in -1..=1 {
                            let t = (f + a, r + b, l + c);
                            if (a, b, c) != (0, 0, 0) && in_box(t) && self.exists(t) {
                                out.push(t);
                            }
                        }
                    }
                }
            }
            'n' => {
                for a in -2..=2i32 {
                    for b in -2..=2i32 {
                        for c in -2..=2i32 {
                            let mut m = [a.abs(), b.abs(), c.abs()];
                            m.sort();
                            if m != [0, 1, 2] {
                                continue;
                            }
                            if c.abs() == 1 {
                                if let Some(tl) = self.vstep(f + a, r + b, l, c) {
                                    out.push((f + a, r + b, tl));
                                }
                            } else {
                                let t = (f + a, r + b, l + c);
                                if in_box(t) && self.exists(t) {
                                    out.push(t);
                                }
                            }
                        }
                    }
                }
            }
            'p' => {
                let d = if white { 1 } else { -1 };
                for a in [-1, 1] {
                    let t = (f + a, r + d, l);
                    if in_box(t) && self.exists(t) {
                        out.push(t);
                    }
                    if let Some(tl) = self.vstep(f + a, r, l, d) {
                        out.push((f + a, r, tl));
                    }
                }
            }
            _ => unreachable!(),
        }
        out
    }

    fn attacked(&self, s: Sq, by_white: bool) -> bool {
        self.pieces
            .iter()
            .filter(|(_, &(w, _))| w == by_white)
            .any(|(&from, _)| self.attacks(from).contains(&s))
    }

    fn king(&self, white: bool) -> Sq {
        *self
            .pieces
            .iter()
            .find(|(_, &(w, r))| w == white && r == 'k')
            .unwrap()
            .0
    }

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.white), !self.white)
    }

    fn promotes(white: bool, t: Sq) -> bool {
        if t.2 % 2 == 0 {
            t.1 == if white { 8 } else { 1 }
        } else {
            t.1 == if white { 9 } else { 0 }
        }
    }

    /// Finishes a move: never-moved squares, ownership, side.
    fn finish(&mut self, touched: &[Sq]) {
        for s in touched {
            self.unmoved.remove(s);
        }
        let attach: Vec<Sq> = self.boards.keys().copied().collect();
        for a in attach {
            let fp = &pins().iter().find(|(p, _, _)| *p == a).unwrap().2;
            let owner = self.boards[&a];
            let on: Vec<bool> = fp
                .iter()
                .filter_map(|s| self.pieces.get(s).map(|p| p.0))
                .collect();
            if !on.is_empty() && on.iter().all(|&w| w != owner) {
                self.boards.insert(a, !owner);
            }
        }
        self.white = !self.white;
    }

    /// Every legal move as machine text, with the position after it.
    pub fn successors(&self) -> Vec<(String, Pos)> {
        let us = self.white;
        let mut out: Vec<(String, Pos)> = Vec::new();
        let push = |text: String, after: Pos, out: &mut Vec<(String, Pos)>| {
            if !after.attacked(after.king(us), !us) {
                out.push((text, after));
            }
        };
        let promos = ['q', 'r', 'b', 'n'];
        let mine: Vec<(Sq, char)> = self
            .pieces
            .iter()
            .filter(|(_, &(w, _))| w == us)
            .map(|(&s, &(_, r))| (s, r))
            .collect();
        for (from, role) in mine {
            let mut targets: Vec<(Sq, bool)> = Vec::new(); // (to, is_ep)
            if role == 'p' {
                let d = if us { 1 } else { -1 };
                let (f, r, l) = from;
                let empty = |t: Sq| in_box(t) && self.exists(t) && !self.pieces.contains_key(&t);
                if empty((f, r + d, l)) {
                    targets.push(((f, r + d, l), false));
                }
                if let Some(tl) = self.vstep(f, r, l, d) {
                    if empty((f, r, tl)) {
                        targets.push(((f, r, tl), false));
                    }
                }
                if l % 2 == 1 && (f == 0 || f == 5) {
                    let (_, board_level, _) = self.board_of(from).unwrap();
                    let t = (if f == 0 { 1 } else { 4 }, r + d, l + d);
                    if *board_level == l + d && is_main(t) && empty(t) {
                        targets.push((t, false));
                    }
                }
                for t in self.attacks(from) {
                    if self.pieces.get(&t).is_some_and(|p| p.0 != us) {
                        targets.push((t, false));
                    } else if Some(t) == self.ep {
                        targets.push((t, true));
                    }
                }
                // Double step.
                if self.unmoved.contains(&from) {
                    let mid = (f, r + d, l);
                    let t = (f, r + 2 * d, l);
                    let mid_free = !(in_box(mid) && self.pieces.contains_key(&mid));
                    if mid_free && empty(t) {
                        let mut after = self.clone();
                        let p = after.pieces.remove(&from).unwrap();
                        after.pieces.insert(t, p);
                        after.ep = (in_box(mid) && self.exists(mid)).then_some(mid);
                        after.finish(&[from, t]);
                        if Self::promotes(us, t) {
                            for c in promos {
                                let mut a = after.clone();
                                a.pieces.insert(t, (us, c));
                                push(format!("{}{}{c}", name(from), name(t)), a, &mut out);
                            }
                        } else {
                            push(format!("{}{}", name(from), name(t)), after, &mut out);
                        }
                    }
                }
            } else {
                for t in self.attacks(from) {
                    if self.pieces.get(&t).is_none_or(|p| p.0 != us) {
                        targets.push((t, false));
                    }
                }
            }
            targets.sort();
            targets.dedup();
            for (t, is_ep) in targets {
                let mut after = self.clone();
                after.ep = None;
                let p = after.pieces.remove(&from).unwrap();
                after.pieces.remove(&t);
                if is_ep {
                    let d = if us { 1 } else { -1 };
                    after.pieces.remove(&(t.0, t.1 - d, t.2));
                }
                after.pieces.insert(t, p);
                after.finish(&[from, t]);
                if role == 'p' && Self::promotes(us, t) {
                    for c in promos {
                        let mut a = after.clone();
                        a.pieces.insert(t, (us, c));
                        push(format!("{}{}{c}", name(from), name(t)), a, &mut out);
                    }
                } else {
                    push(format!("{}{}", name(from), name(t)), after, &mut out);
                }
            }
        }
        // Castling.
        let (rank, level) = if us { (0, 1) } else { (9, 7) };
        let k = (4, rank, level);
        let is = |s: Sq, role: char| self.pieces.get(&s) == Some(&(us, role));
        if is(k, 'k') && self.unmoved.contains(&k) && !self.in_check() {
            let kr = (5, rank, level);
            if is(kr, 'r') && self.unmoved.contains(&kr) {
                let mut after = self.clone();
                after.ep = None;
                after.pieces.insert(kr, (us, 'k'));
                after.pieces.insert(k, (us, 'r'));
                after.finish(&[k, kr]);
                push(format!("{}{}", name(k), name(kr)), after, &mut out);
            }
            let qr = (0, rank, level);
            let qs = (1, rank, level);
            let near = if us { 1 } else { 8 };
            let home = self.boards.contains_key(&(1, near, level))
                && self.boards.contains_key(&(4, near, level));
            if is(qr, 'r')
                && self.unmoved.contains(&qr)
                && home
                && !self.pieces.contains_key(&qs)
                && !self.attacked(qs, !us)
            {
                let mut after = self.clone();
                after.ep = None;
                after.pieces.insert(qr, (us, 'k'));
                after.pieces.insert(k, (us, 'r'));
                after.finish(&[k, qr]);
                push(format!("{}{}", name(k), name(qr)), after, &mut out);
            }
        }
        // Attack-board moves.
        let all = pins();
        for (a, board_level, fp) in all.iter() {
            if self.boards.get(a) != Some(&us) {
                continue;
            }
            let on: Vec<Sq> = fp
                .iter()
                .copied()
                .filter(|s| self.pieces.contains_key(s))
                .collect();
            if on.len() > 1 || on.iter().any(|s| self.pieces[s].0 != us) {
                continue;
            }
            for (b, b_level, bfp) in all.iter() {
                if self.boards.contains_key(b) {
                    continue;
                }
                let (df, dr, dl) = (b.0 - a.0, b.1 - a.1, b.2 - a.2);
                let ok = (df.abs() == 3 && dr == 0 && dl == 0)
                    || (df == 0 && dr.abs() == 3 && dl == 0)
                    || (df == 0 && dr == 0 && dl.abs() == 2)
                    || (df == 0
                        && dl == 0
                        && [1, 2].contains(&dr.abs())
                        && (b_level - board_level).abs() == 2);
                if !ok || (dl != 0 && !on.is_empty()) {
                    continue;
                }
                let mut after = self.clone();
                after.ep = None;
                let owner = after.boards.remove(a).unwrap();
                after.boards.insert(*b, owner);
                let text = format!("A{}{}", name(*a), name(*b));
                match on.first() {
                    None => {
                        after.finish(&[]);
                        push(text, after, &mut out);
                    }
                    Some(&c) => {
                        let minf = |v: &Vec<Sq>| v.iter().map(|s| s.0).min().unwrap();
                        let minr = |v: &Vec<Sq>| v.iter().map(|s| s.1).min().unwrap();
                        let t = (c.0 - minf(fp) + minf(bfp), c.1 - minr(fp) + minr(bfp), b.2);
                        assert!(bfp.contains(&t));
                        let p = after.pieces.remove(&c).unwrap();
                        after.pieces.insert(t, p);
                        after.finish(&[c, t]);
                        if p.1 == 'p' && Self::promotes(us, t) {
                            for r in promos {
                                let mut x = after.clone();
                                x.pieces.insert(t, (us, r));
                                push(format!("{text}{r}"), x, &mut out);
                            }
                        } else {
                            push(text, after, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    pub fn legal(&self) -> Vec<String> {
        self.successors().into_iter().map(|(t, _)| t).collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let s = self.successors();
        if depth == 1 {
            return s.len() as u64;
        }
        s.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }
}
