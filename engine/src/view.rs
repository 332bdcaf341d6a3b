//! A position as a front end sees it: the board's cells with their names and drawn shapes,
//! the pieces on them, the side to move, every legal move as {from, to, promotion, machine
//! text, human text}, and the result. For Star Trek chess also the levels, the attack boards
//! (pin, owner, cells) and where each may move.
//!
//! It exists so that front ends (the browser board in `oblique-web`) never reach into the
//! game types or guess geometry: everything they draw or send back comes from here, built from
//! the same tables the move generator uses (`oblique_tables::polygon` for the 2D cell shapes,
//! the Star Trek geometry for cells and pins).

use crate::rules::RulesCache;
use crate::startrek::geometry::{geometry as st_geometry, MAIN_BOARDS};
use crate::startrek::{StMove, StarTrekPosition, TITLE as ST_TITLE};
use crate::{AnyPosition, Color, Game, Move, MoveError, Outcome, Piece, Position, Role};
use oblique_tables::polygon::{board_shapes, Quad};
use oblique_tables::Bitboard;

/// One square of a 2D board.
#[derive(Clone, Debug)]
pub struct PlaneCell {
    /// Grid (protocol) name: `a4` for the escalator square ab4.
    pub square: String,
    /// True name: `ab4`.
    pub name: String,
    /// Its drawn outline (four corners, or a game file's polygon).
    pub quad: Vec<(f32, f32)>,
}

/// A barrier slot of a 2D board.
#[derive(Clone, Debug)]
pub struct PlaneHole {
    pub slot: String,
    pub quad: Quad,
}

/// The drawn 2D board, in files and ranks (y grows towards Black).
#[derive(Clone, Debug)]
pub struct PlaneBoard {
    pub files: u8,
    pub ranks: u8,
    pub cells: Vec<PlaneCell>,
    pub holes: Vec<PlaneHole>,
}

/// One existing Star Trek cell.
#[derive(Clone, Debug)]
pub struct SpaceCell {
    /// `b1(2)`.
    pub square: String,
    /// File 0..5, rank 0..9, level 1..7.
    pub file: i32,
    pub rank: i32,
    pub level: i32,
    /// The pin of the attack board it lies on, if any.
    pub pin: Option<String>,
}

/// One of the 24 attack-board positions.
#[derive(Clone, Debug)]
pub struct PinView {
    pub pin: String,
    /// Level of the boards standing on it and lowest file and rank of its 2x2 footprint.
    pub level: i32,
    pub file: i32,
    pub rank: i32,
}

/// An attack board on its pin.
#[derive(Clone, Debug)]
pub struct AttackBoard {
    pub pin: String,
    pub owner: Color,
    pub cells: Vec<String>,
}

/// A main board: its level and its lowest rank (files b-e, four ranks).
#[derive(Clone, Copy, Debug)]
pub struct MainBoard {
    pub level: i32,
    pub first_rank: i32,
}

/// Star Trek chess's boards at this moment.
#[derive(Clone, Debug)]
pub struct SpaceBoard {
    pub main_boards: Vec<MainBoard>,
    pub cells: Vec<SpaceCell>,
    pub pins: Vec<PinView>,
    pub attack_boards: Vec<AttackBoard>,
}

/// The board of either kind.
#[derive(Clone, Debug)]
pub enum BoardView {
    Plane(PlaneBoard),
    Space(SpaceBoard),
}

/// One legal move. For an attack-board move `from` and `to` are pins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    pub from: String,
    pub to: String,
    pub promotion: Option<char>,
    /// Protocol form (`e2e4`, `b1(2)c3(2)`, `Ab1(1)e1(1)`).
    pub text: String,
    /// Human form (`e2-e4`, `Nb1(2)-c3(2)`, `O-O`).
    pub human: String,
    pub board_move: bool,
}

/// A piece on its square, with the name of the figure that draws it: the role's name, except
/// where a game gives a role another piece (`camel` for Diagonal Chess's (1,3) knight,
/// `crab` for the escalator games' pawn-role piece).
#[derive(Clone, Debug)]
pub struct PieceOn {
    pub square: String,
    pub piece: Piece,
    /// The piece's FEN letter in its game (lower case).
    pub letter: char,
    pub figure: &'static str,
}

/// Everything a front end shows of a position.
#[derive(Clone, Debug)]
pub struct View {
    pub variant: &'static str,
    pub title: &'static str,
    pub fen: String,
    pub side_to_move: Color,
    /// The square of the side to move's king when it is in check.
    pub check: Option<String>,
    pub outcome: Option<Outcome>,
    pub board: BoardView,
    pub pieces: Vec<PieceOn>,
    pub moves: Vec<MoveView>,
}

/// One legal move given as text (protocol or human notation), as `view` shows it; the
/// move's error if it is not legal here. What a game record keeps of each move played.
pub fn move_view(pos: &AnyPosition, text: &str) -> Result<MoveView, MoveError> {
    match pos {
        AnyPosition::W64(p) => Ok(plane_move(p, p.read_move(text)?)),
        AnyPosition::W128(p) => Ok(plane_move(p, p.read_move(text)?)),
        AnyPosition::StarTrek(p) => Ok(space_move(p, p.read_move(text)?)),
    }
}

fn plane_move<B: Bitboard + RulesCache>(p: &Position<B>, m: Move) -> MoveView {
    let g = &p.rules().geom;
    MoveView {
        from: g.grid_name(m.from()),
        to: g.grid_name(m.to()),
        promotion: m.promotion().map(|r| p.spec().letter(r)),
        text: p.move_text(m),
        human: p.move_to_human(m),
        board_move: false,
    }
}

fn space_move(p: &StarTrekPosition, m: StMove) -> MoveView {
    let g = st_geometry();
    let board_move = m.is_board_move();
    let (from, to) = if board_move {
        (g.pins[m.from()].name.clone(), g.pins[m.to()].name.clone())
    } else {
        (g.name[m.from()].clone(), g.name[m.to()].clone())
    };
    MoveView {
        from,
        to,
        promotion: m.promotion().map(|r| r.letter()),
        text: p.move_text(m),
        human: p.move_to_human(m),
        board_move,
    }
}

/// The view of any position.
pub fn view(pos: &AnyPosition) -> View {
    match pos {
        AnyPosition::W64(p) => plane_view(p),
        AnyPosition::W128(p) => plane_view(p),
        AnyPosition::StarTrek(p) => space_view(p),
    }
}

fn plane_view<B: Bitboard + RulesCache>(p: &Position<B>) -> View {
    let rules = p.rules();
    let g = &rules.geom;
    let shapes = board_shapes(g);
    let cells = g
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| PlaneCell {
            square: g.grid_name(i),
            name: c.name.clone(),
            quad: shapes.cells[i].clone(),
        })
        .collect();
    let holes = shapes
        .holes
        .iter()
        .map(|h| PlaneHole {
            slot: oblique_tables::geometry::grid_name(h.file, h.rank),
            quad: h.quad,
        })
        .collect();
    let spec = p.spec();
    let figure = |role: Role| spec.figure(role);
    let pieces = (0..g.cells.len())
        .filter_map(|sq| {
            p.piece_at(sq).map(|pc| PieceOn {
                square: g.grid_name(sq),
                piece: pc,
                letter: spec.letter(pc.role),
                figure: figure(pc.role),
            })
        })
        .collect();
    let mut legal = Vec::new();
    Game::legal_moves_into(p, &mut legal);
    let moves = legal.iter().map(|&m| plane_move(p, m)).collect();
    let side = p.side_to_move();
    View {
        variant: p.spec().name,
        title: p.spec().title,
        fen: p.to_fen(),
        side_to_move: side,
        check: Game::in_check(p).then(|| g.grid_name(p.king_cell(side))),
        outcome: p.game_outcome(),
        board: BoardView::Plane(PlaneBoard {
            files: g.files,
            ranks: g.ranks,
            cells,
            holes,
        }),
        pieces,
        moves,
    }
}

fn space_view(p: &StarTrekPosition) -> View {
    let g = st_geometry();
    let pin_name = |pin: u8| g.pins.get(pin as usize).map(|p| p.name.clone());
    let cells = (0..g.name.len())
        .filter(|&c| p.exists(c))
        .map(|c| {
            let (file, rank, level) = g.coord[c];
            SpaceCell {
                square: g.name[c].clone(),
                file,
                rank,
                level,
                pin: pin_name(g.pin_of[c]),
            }
        })
        .collect();
    let pins = g
        .pins
        .iter()
        .map(|pin| {
            let (file, rank, level) = g.coord[pin.cells[0] as usize];
            PinView {
                pin: pin.name.clone(),
                level,
                file,
                rank,
            }
        })
        .collect();
    let attack_boards = g
        .pins
        .iter()
        .enumerate()
        .filter_map(|(i, pin)| {
            p.pin_owner(i).map(|owner| AttackBoard {
                pin: pin.name.clone(),
                owner,
                cells: pin
                    .cells
                    .iter()
                    .map(|&c| g.name[c as usize].clone())
                    .collect(),
            })
        })
        .collect();
    let pieces = (0..g.name.len())
        .filter_map(|c| {
            p.piece_at(c).map(|pc| PieceOn {
                square: g.name[c].clone(),
                piece: pc,
                letter: pc.role.letter(),
                figure: pc.role.name(),
            })
        })
        .collect();
    let moves = p.legal_moves().iter().map(|&m| space_move(p, m)).collect();
    let side = p.side_to_move();
    View {
        variant: crate::startrek::NAME,
        title: ST_TITLE,
        fen: p.to_tfen(),
        side_to_move: side,
        check: p.in_check().then(|| g.name[p.king_cell(side)].clone()),
        outcome: p.game_outcome(),
        board: BoardView::Space(SpaceBoard {
            main_boards: MAIN_BOARDS
                .iter()
                .map(|&(level, first_rank)| MainBoard { level, first_rank })
                .collect(),
            cells,
            pins,
            attack_boards,
        }),
        pieces,
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plane_view_names_escalator_squares_both_ways() {
        let pos = AnyPosition::new("slanted", None).unwrap();
        let v = view(&pos);
        let BoardView::Plane(b) = &v.board else {
            panic!("slanted is a 2D game")
        };
        assert_eq!(b.cells.len(), 60);
        assert_eq!(b.holes.len(), 4);
        let a4 = b.cells.iter().find(|c| c.square == "a4").unwrap();
        assert_eq!(a4.name, "ab4");
        // conventions.md: 36 legal first moves in SEC, b2 to ab4 written b2a4.
        assert_eq!(v.moves.len(), 36);
        assert!(v.moves.iter().any(|m| m.text == "b2a4" && m.from == "b2"));
        assert_eq!(v.pieces.len(), 32);
        assert!(v
            .pieces
            .iter()
            .any(|p| p.square == "b2" && p.figure == "crab"));
    }

    #[test]
    fn figures_name_each_games_own_pieces() {
        let figures = |variant: &str| {
            let v = view(&AnyPosition::new(variant, None).unwrap());
            let mut f: Vec<&str> = v.pieces.iter().map(|p| p.figure).collect();
            f.sort_unstable();
            f.dedup();
            f
        };
        assert_eq!(
            figures("diagonal"),
            ["bishop", "camel", "king", "pawn", "queen", "rook"]
        );
        assert!(figures("ultraslanted").contains(&"crab"));
        assert!(figures("ultraslanted").contains(&"ultra"));
        assert!(figures("almostultraslanted").contains(&"chancellor"));
        assert_eq!(
            figures("chess"),
            ["bishop", "king", "knight", "pawn", "queen", "rook"]
        );
    }

    #[test]
    fn diagonal_promotions_follow_the_square() {
        // diagonal.md: a pawn reaching d8 may only become a knight; g7-h8 is the win.
        let pos = AnyPosition::new("diagonal", Some("k7/6P1/8/8/8/8/8/7K w - - 0 1")).unwrap();
        let v = view(&pos);
        let to_h8: Vec<_> = v.moves.iter().filter(|m| m.to == "h8").collect();
        assert_eq!(to_h8.len(), 1);
        assert_eq!(to_h8[0].promotion, None);
        let pos = AnyPosition::new("diagonal", Some("k7/2P5/8/8/8/8/8/7K w - - 0 1")).unwrap();
        let v = view(&pos);
        let d8: Vec<_> = v.moves.iter().filter(|m| m.to == "d8").collect();
        assert_eq!(d8.len(), 1, "{d8:?}");
        assert_eq!(d8[0].promotion, Some('n'));
    }

    #[test]
    fn space_view_has_the_start_boards() {
        let pos = AnyPosition::new("startrek", None).unwrap();
        let v = view(&pos);
        let BoardView::Space(b) = &v.board else {
            panic!("startrek is 3D")
        };
        // startrek.md §3, §4: 48 main-board cells plus four boards of four; 24 pins.
        assert_eq!(b.cells.len(), 64);
        assert_eq!(b.pins.len(), 24);
        let mut boards: Vec<_> = b
            .attack_boards
            .iter()
            .map(|a| (a.pin.as_str(), a.owner))
            .collect();
        boards.sort_by_key(|x| x.0);
        assert_eq!(
            boards,
            [
                ("b1(1)", Color::White),
                ("b8(7)", Color::Black),
                ("e1(1)", Color::White),
                ("e8(7)", Color::Black)
            ]
        );
        assert_eq!(v.moves.len(), 17);
        // §7: castling is the king moving onto its rook's square.
        assert!(v
            .moves
            .iter()
            .any(|m| m.text == "e0(1)f0(1)" && m.from == "e0(1)" && m.to == "f0(1)"));
    }

    #[test]
    fn attack_board_moves_name_pins_and_carry_cells() {
        // startrek.md §6: b1(1) to b4(1) is R=+3; the rook on a0(1) rides to a4(1).
        let mut pos = AnyPosition::new(
            "startrek",
            Some("Ra0(1),Ke2(2),ke7(6) b1(1):w,e8(7):b w - - 0 1"),
        )
        .unwrap();
        let v = view(&pos);
        let mut targets: Vec<&str> = v
            .moves
            .iter()
            .filter(|m| m.board_move && m.from == "b1(1)")
            .map(|m| m.to.as_str())
            .collect();
        targets.sort_unstable();
        assert_eq!(targets, ["b4(1)", "e1(1)"]);
        pos.play("Ab1(1)b4(1)").unwrap();
        let v = view(&pos);
        let BoardView::Space(b) = &v.board else {
            panic!("startrek is 3D")
        };
        let squares: Vec<&str> = b.cells.iter().map(|c| c.square.as_str()).collect();
        assert!(squares.contains(&"a4(1)") && !squares.contains(&"a0(1)"));
        assert!(b.attack_boards.iter().any(|a| a.pin == "b4(1)"));
        assert!(v.pieces.iter().any(|p| p.square == "a4(1)"));
    }
}
