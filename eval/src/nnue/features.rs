//! What the network sees: one input per (side, role, cell) of a game, read from each
//! player's point of view.
//!
//! The layout is derived from the game's record, not written per game: the cells are the
//! board's own (holes have none), the roles are the ones the game uses, and the other
//! player's view is a symmetry of the board found from the start position (the cell map
//! that turns White's army into Black's: a flip of the ranks in orthodox chess and on the
//! escalator boards, a half turn in Diagonal Chess). With it a pattern learnt for one
//! player counts for the other, which halves what the network must learn. A game whose start
//! position has no such symmetry keeps the cells as they are (the network then learns each
//! player's view apart).
//!
//! Input index, from the point of view of `perspective`:
//! `(side * roles + role_slot) * cells + cell'`, where `side` is 0 for the perspective's own
//! men and 1 for the opponent's, and `cell'` is the cell itself for White and its mirror for
//! Black. Star Trek chess adds one input per side and pin for its movable attack boards
//! (where they stand decides which cells exist): `2 * roles * cells + side * pins + pin'`.

use oblique_engine::rules::RulesCache;
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::{Color, Game, Position, Role, VariantSpec};
use oblique_tables::Bitboard;

/// Inputs of a game's network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Name of the game (networks are checked against it when loaded).
    pub game: String,
    pub cells: usize,
    /// Dense slot of each role (`Role::index`), if the game has it.
    pub role_slot: [Option<u8>; ROLE_COUNT],
    pub roles: usize,
    /// The cell Black sees where White sees each cell.
    pub mirror: Vec<u16>,
    /// Men on the board at the start (the output buckets span 2 ..= this).
    pub start_men: usize,
    /// Cell maps under which the game's rules are the same for each player (orthodox
    /// chess's left-right mirror, Diagonal Chess's reflection in its long diagonal): a
    /// position and its image are worth the same, so the trainer learns from both.
    pub symmetries: Vec<Vec<u16>>,
    /// Pins for movable attack boards (Star Trek chess; 0 elsewhere), and the pin Black sees
    /// where White sees each.
    pub pins: usize,
    pub pin_mirror: Vec<u8>,
}

/// A position as the network reads it: its men (`Game`) and, in Star Trek chess, its
/// attack boards.
pub trait NetPosition: Game {
    /// Occupied pins, and the pins whose board Black owns (bit per pin).
    fn attack_boards(&self) -> (u32, u32) {
        (0, 0)
    }
}

impl<B: RulesCache> NetPosition for Position<B> {}

impl NetPosition for StarTrekPosition {
    fn attack_boards(&self) -> (u32, u32) {
        let mut occupied = 0;
        let mut black = 0;
        for pin in 0..oblique_engine::startrek::geometry::PINS {
            match self.pin_owner(pin) {
                Some(Color::White) => occupied |= 1 << pin,
                Some(Color::Black) => {
                    occupied |= 1 << pin;
                    black |= 1 << pin;
                }
                None => {}
            }
        }
        (occupied, black)
    }
}

/// Same-player cell maps worth testing: the left-right mirror and the two reflections in
/// a diagonal (square boards).
fn same_side_candidates() -> [CellMap; 3] {
    [
        |f, r, files, _ranks| (files - 1 - f, r),
        |f, r, _files, _ranks| (r, f),
        |f, r, files, _ranks| (files - 1 - r, files - 1 - f),
    ]
}

/// Does `map` leave the game's moves as they are? Leaper, pawn and promotion tables
/// exactly; slider attacks on the empty board and on seeded random occupancies.
fn preserves_rules<B: RulesCache>(rules: &oblique_engine::rules::Rules<B>, map: &[u16]) -> bool {
    let image = |set: B| {
        let mut out = B::EMPTY;
        for c in set.iter() {
            out.insert(map[c] as usize);
        }
        out
    };
    let mut tables: Vec<&Vec<B>> = vec![
        &rules.king,
        &rules.pawn_quiet[0],
        &rules.pawn_quiet[1],
        &rules.pawn_capture[0],
        &rules.pawn_capture[1],
    ];
    for p in &rules.pieces {
        tables.extend(&p.leap);
    }
    let mut rng = oblique_engine::random::SplitMix64::new(0x5EED);
    let occupancies: Vec<B> = std::iter::once(B::EMPTY)
        .chain((0..32).map(|_| {
            let mut occ = B::EMPTY;
            for c in 0..rules.cells {
                if rng.below(3) == 0 {
                    occ.insert(c);
                }
            }
            occ
        }))
        .collect();
    (0..2).all(|c| {
        image(rules.promotion_zone[c]) == rules.promotion_zone[c]
            && image(rules.pawn_goal[c]) == rules.pawn_goal[c]
    }) && (0..rules.cells).all(|c| {
        let m = map[c] as usize;
        tables.iter().all(|t| t.is_empty() || image(t[c]) == t[m])
            && (0..2).all(|side| {
                rules.promotion_choices[side].get(c) == rules.promotion_choices[side].get(m)
            })
            && occupancies.iter().all(|&occ| {
                let occ_m = image(occ);
                image(rules.orth.attacks(c, occ)) == rules.orth.attacks(m, occ_m)
                    && image(rules.diag.attacks(c, occ)) == rules.diag.attacks(m, occ_m)
            })
    })
}

/// Maps a cell (file, rank) on a board of (files, ranks) to another cell.
type CellMap = fn(i32, i32, i32, i32) -> (i32, i32);

/// Black's view of a cell in the two symmetries a start position may have.
fn candidates() -> [CellMap; 2] {
    [
        |f, r, _files, ranks| (f, ranks - 1 - r),
        |f, r, files, ranks| (files - 1 - f, ranks - 1 - r),
    ]
}

impl Layout {
    /// The layout of a game by name, Star Trek chess included (tests pick games by name).
    #[cfg(test)]
    pub(crate) fn of_name(name: &str) -> Option<Layout> {
        if name == oblique_engine::startrek::NAME {
            return Some(Layout::of_startrek());
        }
        let spec = oblique_engine::find_variant(name)?;
        match spec.width {
            oblique_engine::variant::Width::W64 => Layout::of_game::<u64>(spec),
            oblique_engine::variant::Width::W128 => Layout::of_game::<u128>(spec),
        }
    }

    /// The layout of a 2D game.
    pub fn of_game<B: RulesCache>(spec: &'static VariantSpec) -> Option<Layout> {
        let start = Position::<B>::start(spec).ok()?;
        let geom = &start.rules().geom;
        let cells = geom.len();
        let mut role_slot = [None; ROLE_COUNT];
        for (slot, role) in spec.roles.iter().enumerate() {
            role_slot[role.index()] = Some(slot as u8);
        }
        let (files, ranks) = (geom.files as i32, geom.ranks as i32);
        let mirror = candidates()
            .iter()
            .filter_map(|map| {
                let m: Option<Vec<u16>> = geom
                    .cells
                    .iter()
                    .map(|c| {
                        let (f, r) = map(c.file as i32, c.rank as i32, files, ranks);
                        geom.at(f, r).map(|x| x as u16)
                    })
                    .collect();
                m
            })
            // Every man must land on a man of the other colour; among such maps the one
            // that keeps the most roles wins (Sort-of-Almost USEC faces a Chancellor with a
            // Queen, so no map keeps them all).
            .filter_map(|m| {
                let mut same_roles = 0;
                for (c, &there) in m.iter().enumerate() {
                    match (start.piece_at(c), start.piece_at(there as usize)) {
                        (None, None) => {}
                        (Some(a), Some(b)) if a.color != b.color => {
                            same_roles += (a.role == b.role) as usize;
                        }
                        _ => return None,
                    }
                }
                Some((same_roles, m))
            })
            .max_by_key(|(same_roles, _)| *same_roles)
            .map(|(_, m)| m)
            .unwrap_or_else(|| (0..cells as u16).collect());
        let start_men = (0..cells).filter(|&c| start.piece_at(c).is_some()).count();
        let symmetries = same_side_candidates()
            .iter()
            .filter_map(|map| {
                geom.cells
                    .iter()
                    .map(|c| {
                        let (f, r) = map(c.file as i32, c.rank as i32, files, ranks);
                        geom.at(f, r).map(|x| x as u16)
                    })
                    .collect::<Option<Vec<u16>>>()
            })
            .filter(|m| m.iter().enumerate().any(|(i, &x)| i != x as usize))
            .filter(|m| preserves_rules(start.rules(), m))
            .collect();
        Some(Layout {
            game: spec.name.to_string(),
            cells,
            role_slot,
            roles: spec.roles.len(),
            mirror,
            start_men,
            symmetries,
            pins: 0,
            pin_mirror: Vec::new(),
        })
    }

    /// The layout of Star Trek chess: its 144 cells (main boards and every attack-board
    /// square), the six roles, and its 24 pins. Black's view turns the box upside down
    /// and end to end (file kept, rank `9 - r`, level `8 - l`), which maps White's army and
    /// attack boards onto Black's.
    pub fn of_startrek() -> Layout {
        use oblique_engine::startrek::geometry::geometry;
        let g = geometry();
        let start = StarTrekPosition::start();
        let cells = oblique_engine::startrek::bitset::CELLS;
        let flip = |(f, r, l): (i32, i32, i32)| (f, 9 - r, 8 - l);
        let mirror = (0..cells)
            .map(|c| {
                let (f, r, l) = flip(g.coord[c]);
                g.cell(f, r, l).unwrap_or(c) as u16
            })
            .collect();
        let pin_mirror = g
            .pins
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (f, r, l) = flip(p.attach);
                g.pin_at(f, r, l).unwrap_or(i) as u8
            })
            .collect();
        let mut role_slot = [None; ROLE_COUNT];
        for (slot, role) in oblique_engine::variant::STANDARD_ROLES.iter().enumerate() {
            role_slot[role.index()] = Some(slot as u8);
        }
        Layout {
            game: oblique_engine::startrek::NAME.to_string(),
            cells,
            role_slot,
            roles: oblique_engine::variant::STANDARD_ROLES.len(),
            mirror,
            start_men: start.occupied().count() as usize,
            symmetries: Vec::new(),
            pins: g.pins.len(),
            pin_mirror,
        }
    }

    /// The inputs the game's symmetries make one: a position and its image under a
    /// symmetry of the rules are worth the same, so a man's input and its image's, from
    /// either player's view, should carry the same first-layer weights. Sets of two or more
    /// inputs, each the closure of those images (White reads a cell as it is, Black through
    /// `mirror`, so Black's image of a cell is `mirror(map(mirror⁻¹(cell)))`). A network whose
    /// inputs in each set share their weights scores a position and its images alike.
    pub fn tied_inputs(&self) -> Vec<Vec<u32>> {
        let men_inputs = 2 * self.roles * self.cells;
        let mut parent: Vec<u32> = (0..men_inputs as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        let mut unmirror = vec![0u16; self.cells];
        for (cell, &seen) in self.mirror.iter().enumerate() {
            unmirror[seen as usize] = cell as u16;
        }
        for map in &self.symmetries {
            for cell in 0..self.cells {
                let white = map[cell] as usize;
                let black = self.mirror[map[unmirror[cell] as usize] as usize] as usize;
                for image in [white, black] {
                    for block in 0..2 * self.roles {
                        let a = root(&mut parent, (block * self.cells + cell) as u32);
                        let b = root(&mut parent, (block * self.cells + image) as u32);
                        parent[a as usize] = b;
                    }
                }
            }
        }
        let mut sets: Vec<Vec<u32>> = vec![Vec::new(); men_inputs];
        for input in 0..men_inputs as u32 {
            let r = root(&mut parent, input);
            sets[r as usize].push(input);
        }
        sets.retain(|s| s.len() > 1);
        sets
    }

    /// Number of inputs.
    pub fn inputs(&self) -> usize {
        2 * self.roles * self.cells + 2 * self.pins
    }

    /// The input an attack board of `owner` on `pin` sets for `perspective`.
    #[inline(always)]
    pub fn board_index(&self, perspective: Color, owner: Color, pin: usize) -> usize {
        let side = (owner != perspective) as usize;
        let pin = if perspective == Color::White {
            pin
        } else {
            self.pin_mirror[pin] as usize
        };
        2 * self.roles * self.cells + side * self.pins + pin
    }

    /// The input a man of `color` and `role` on `cell` sets for `perspective`.
    #[inline(always)]
    pub fn index(&self, perspective: Color, color: Color, role: Role, cell: usize) -> usize {
        let slot = self.role_slot[role.index()].unwrap_or(0) as usize;
        let side = (color != perspective) as usize;
        let cell = if perspective == Color::White {
            cell
        } else {
            self.mirror[cell] as usize
        };
        (side * self.roles + slot) * self.cells + cell
    }

    /// The output bucket of a position with `men` men on the board, of `buckets`: the men
    /// beyond the two kings, in equal shares of the start position's.
    #[inline(always)]
    pub fn bucket(&self, men: usize, buckets: usize) -> usize {
        let span = self.start_men.saturating_sub(1).max(1);
        (men.saturating_sub(2) * buckets / span).min(buckets - 1)
    }

    /// Every input a position sets, for White's and Black's view, appended to `white` and
    /// `black` in the same order: the men, then the attack boards.
    pub fn active<G: NetPosition>(&self, pos: &G, white: &mut Vec<u16>, black: &mut Vec<u16>) {
        self.active_mapped(pos, None, white, black)
    }

    /// The same for the image of the position under a cell map (one of `symmetries`).
    pub fn active_mapped<G: NetPosition>(
        &self,
        pos: &G,
        map: Option<&[u16]>,
        white: &mut Vec<u16>,
        black: &mut Vec<u16>,
    ) {
        for color in [Color::White, Color::Black] {
            for role in oblique_engine::types::ROLES {
                if self.role_slot[role.index()].is_none() {
                    continue;
                }
                for cell in pos.pieces(color, role).iter() {
                    let cell = map.map_or(cell, |m| m[cell] as usize);
                    white.push(self.index(Color::White, color, role, cell) as u16);
                    black.push(self.index(Color::Black, color, role, cell) as u16);
                }
            }
        }
        let (occupied, black_owned) = pos.attack_boards();
        for pin in 0..self.pins {
            if occupied >> pin & 1 != 0 {
                let owner = if black_owned >> pin & 1 != 0 {
                    Color::Black
                } else {
                    Color::White
                };
                white.push(self.board_index(Color::White, owner, pin) as u16);
                black.push(self.board_index(Color::Black, owner, pin) as u16);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(name: &str) -> Layout {
        Layout::of_name(name).expect("a layout")
    }

    #[test]
    fn orthodox_black_sees_the_board_flipped_by_rank() {
        let l = layout("chess");
        assert_eq!((l.cells, l.roles, l.inputs()), (64, 6, 768));
        // a1 (0) is a8 (56) for Black; e2 (12) is e7 (52).
        assert_eq!(l.mirror[0], 56);
        assert_eq!(l.mirror[12], 52);
        // White's pawn on e2 seen by White is Black's pawn on e7 seen by Black.
        assert_eq!(
            l.index(Color::White, Color::White, Role::Pawn, 12),
            l.index(Color::Black, Color::Black, Role::Pawn, 52)
        );
        assert_ne!(
            l.index(Color::White, Color::White, Role::Pawn, 12),
            l.index(Color::White, Color::Black, Role::Pawn, 12)
        );
    }

    #[test]
    fn diagonal_chess_black_sees_the_board_turned_half_round() {
        // Played corner to corner: White's army faces Black's across the a8-h1 diagonal, so
        // only a half turn maps one onto the other (a1 <-> h8).
        let l = layout("diagonal");
        assert_eq!(l.mirror[0], 63);
        assert_eq!(l.mirror[7], 56);
    }

    #[test]
    fn star_trek_black_sees_the_box_turned_over() {
        let l = Layout::of_startrek();
        assert_eq!((l.cells, l.roles, l.pins), (144, 6, 24));
        assert_eq!(l.inputs(), 2 * 6 * 144 + 2 * 24);
        let start = StarTrekPosition::start();
        // Every man of the start position lands on the other side's man of its role, and
        // every attack board on the other side's board.
        for c in 0..l.cells {
            match (start.piece_at(c), start.piece_at(l.mirror[c] as usize)) {
                (None, None) => {}
                (Some(a), Some(b)) => assert!(a.role == b.role && a.color != b.color),
                other => panic!("cell {c}: {other:?}"),
            }
        }
        for pin in 0..l.pins {
            let there = l.pin_mirror[pin] as usize;
            match (start.pin_owner(pin), start.pin_owner(there)) {
                (None, None) => {}
                (Some(a), Some(b)) => assert_ne!(a, b),
                other => panic!("pin {pin}: {other:?}"),
            }
        }
        let (occupied, black) = start.attack_boards();
        assert_eq!((occupied.count_ones(), black.count_ones()), (4, 2));
    }

    #[test]
    fn symmetries_follow_the_rules() {
        // Orthodox chess is the same game mirrored left to right (a1 <-> h1).
        let chess = layout("chess");
        assert_eq!(chess.symmetries.len(), 1);
        assert_eq!(chess.symmetries[0][0], 7);
        assert_eq!(chess.symmetries[0][12], 11);
        // Diagonal Chess is played corner to corner: its mirror is the long diagonal
        // (b1 <-> a2), not left to right.
        let diagonal = layout("diagonal");
        assert_eq!(diagonal.symmetries.len(), 1);
        assert_eq!(diagonal.symmetries[0][1], 8);
        // The escalator blocks lean both ways, "right side mirrored" (escalator.md,
        // section 2): left to right is a symmetry of every escalator game, and no other.
        for game in [
            "slanted",
            "minislanted",
            "ultraslanted",
            "almostultraslanted",
        ] {
            let l = layout(game);
            assert_eq!(l.symmetries.len(), 1, "{game}");
            // The a-file's first cell lands on the last file's first cell.
            let last_file = l.symmetries[0][0] as usize;
            assert!(last_file >= 7 && l.symmetries[0][last_file] == 0, "{game}");
        }
    }

    #[test]
    fn tied_inputs_pair_each_cell_with_its_image() {
        // Left to right: a man on a file and the same man on the mirrored file, for both
        // views, and nothing else (no board here has a middle file).
        for game in ["chess", "slanted", "ultraslanted", "diagonal"] {
            let l = layout(game);
            let sets = l.tied_inputs();
            let men_inputs = 2 * l.roles * l.cells;
            assert!(sets.iter().all(|s| s.len() == 2), "{game}");
            let diagonal_cells = if game == "diagonal" { 8 } else { 0 };
            assert_eq!(
                sets.len(),
                (men_inputs - 2 * l.roles * diagonal_cells) / 2,
                "{game}"
            );
            for s in &sets {
                let (a, b) = (s[0] as usize % l.cells, s[1] as usize % l.cells);
                assert_eq!(s[0] as usize / l.cells, s[1] as usize / l.cells, "{game}");
                assert_eq!(l.symmetries[0][a] as usize, b, "{game}");
            }
        }
        // Star Trek chess has no symmetry of its rules found: nothing is tied.
        assert!(layout("startrek").tied_inputs().is_empty());
    }

    #[test]
    fn every_game_has_a_bijective_mirror_that_swaps_the_armies() {
        for spec in oblique_engine::builtin_games() {
            let l = layout(spec.name);
            let mut seen = vec![false; l.cells];
            for &m in &l.mirror {
                assert!(!seen[m as usize], "{}: mirror not one-to-one", spec.name);
                seen[m as usize] = true;
            }
            assert!(
                l.mirror.iter().enumerate().any(|(i, &m)| i != m as usize),
                "{}: no symmetry found",
                spec.name
            );
        }
    }
}
