//! Piece-set shapes: move generation compiled for the kinds of pieces a game has.
//!
//! Why: the general move generator reads each role slot's kind and each leap group from the
//! game's rules at every node, and walks the groups for every attack question. Against the
//! build that had the built-in games' pieces written into the code, that cost about a tenth
//! of perft's time. A few piece sets are common: the orthodox one (chess, Slanted, Mini and
//! Diagonal Chess, Los Alamos), the orthodox one with a leaper more (Ultra SEC), and the
//! orthodox one with the knight's two compounds (Capablanca's family, Grand Chess). For
//! these, move generation and attack questions take a copy in which the kinds and leap
//! groups are constants, as in the hard-wired build; every other game takes the general
//! copy (`AnyShape`). The shape is read from the rules' data (kinds and leap groups), never
//! from a game's name, so a file game with such pieces gets the constant copy too, and
//! games differ only in their tables.

use crate::plane::piece_tables::PieceKind;
use crate::types::{Role, BUILTIN_ROLE_COUNT, ROLES, ROLE_COUNT};

/// A piece set known when compiling: each built-in role slot's kind and the leap groups.
pub trait Shape {
    /// The kind of each built-in role slot (by `Role::index`; the pawn slot is `Idle`, its
    /// moves are the pawn tables'); `None`: read the kinds from the rules (any game).
    const KINDS: Option<[PieceKind; BUILTIN_ROLE_COUNT]>;
    /// The roles of each leap group (bits by `Role::index`, in `Rules::leap_groups` order).
    /// A shape's groups are all symmetric: both colours leap alike.
    const LEAP_GROUPS: &'static [u16];
}

/// Any game: kinds and leap groups read from the rules.
pub struct AnyShape;

/// Knight, bishop, rook, queen and king (a game may lack the bishop, rook or queen).
pub struct Orthodox;

/// The orthodox pieces, a leaper of its own in the Ultra slot and a knight-rook in the
/// Chancellor slot (the Ultra SEC games; the queen or the knight-rook may be missing).
pub struct OrthodoxLeaper;

/// The orthodox pieces, a knight-bishop in the Ultra slot and a knight-rook in the
/// Chancellor slot, all three leaping alike (Capablanca's family, Grand Chess).
pub struct KnightCompounds;

const fn bit(role: Role) -> u16 {
    1 << role as u16
}

use PieceKind::{Bishop, Idle, Leaper, LeaperBishop, LeaperRook, Queen, Rook};

impl Shape for AnyShape {
    const KINDS: Option<[PieceKind; BUILTIN_ROLE_COUNT]> = None;
    const LEAP_GROUPS: &'static [u16] = &[];
}

impl Shape for Orthodox {
    const KINDS: Option<[PieceKind; BUILTIN_ROLE_COUNT]> =
        Some([Idle, Leaper, Bishop, Rook, Queen, Leaper, Idle, Idle]);
    const LEAP_GROUPS: &'static [u16] = &[bit(Role::Knight), bit(Role::King)];
}

impl Shape for OrthodoxLeaper {
    const KINDS: Option<[PieceKind; BUILTIN_ROLE_COUNT]> = Some([
        Idle, Leaper, Bishop, Rook, Queen, Leaper, Leaper, LeaperRook,
    ]);
    const LEAP_GROUPS: &'static [u16] = &[
        bit(Role::Knight) | bit(Role::Chancellor),
        bit(Role::King),
        bit(Role::Ultra),
    ];
}

impl Shape for KnightCompounds {
    const KINDS: Option<[PieceKind; BUILTIN_ROLE_COUNT]> = Some([
        Idle,
        Leaper,
        Bishop,
        Rook,
        Queen,
        Leaper,
        LeaperBishop,
        LeaperRook,
    ]);
    const LEAP_GROUPS: &'static [u16] = &[
        bit(Role::Knight) | bit(Role::Ultra) | bit(Role::Chancellor),
        bit(Role::King),
    ];
}

/// Which shape a game's pieces have, decided once when its rules are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeId {
    Any,
    Orthodox,
    OrthodoxLeaper,
    KnightCompounds,
}

/// What `ShapeId::of` reads from a game's rules.
pub struct PieceSet<'a> {
    /// Each role slot's kind.
    pub kinds: [PieceKind; ROLE_COUNT],
    /// Each leap group's roles (bits by `Role::index`) and whether both colours leap alike.
    pub leap_groups: &'a [(u16, bool)],
}

impl ShapeId {
    /// The first shape that describes the game's pieces exactly, else `Any`.
    pub fn of(set: &PieceSet) -> ShapeId {
        if fits::<Orthodox>(set) {
            ShapeId::Orthodox
        } else if fits::<OrthodoxLeaper>(set) {
            ShapeId::OrthodoxLeaper
        } else if fits::<KnightCompounds>(set) {
            ShapeId::KnightCompounds
        } else {
            ShapeId::Any
        }
    }
}

/// Does shape `S` generate exactly the game's moves and attacks? Every slot the game uses
/// has the shape's kind (a slot the game leaves empty never holds a piece, so the shape's
/// code finds nothing there), no slot past the built-in ones is used, and the game's leap
/// groups are the shape's, less the roles it lacks, in the same order and symmetric.
fn fits<S: Shape>(set: &PieceSet) -> bool {
    let Some(kinds) = S::KINDS else {
        return true;
    };
    let slots_fit = ROLES.iter().skip(1).all(|role| {
        let game = set.kinds[role.index()];
        game == Idle || kinds.get(role.index()) == Some(&game)
    });
    let used = ROLES
        .iter()
        .filter(|r| set.kinds[r.index()] != Idle)
        .fold(0u16, |m, r| m | 1 << r.index());
    let groups_fit = set.leap_groups.len() == S::LEAP_GROUPS.len()
        && set
            .leap_groups
            .iter()
            .zip(S::LEAP_GROUPS)
            .all(|(&(roles, symmetric), &shape)| symmetric && roles == shape & used);
    slots_fit && groups_fit
}

impl PieceKind {
    /// Does a piece of this kind leap (have a leap table)?
    pub const fn leaps(self) -> bool {
        matches!(
            self,
            Leaper | LeaperRook | LeaperBishop | PieceKind::LeaperQueen
        )
    }

    /// Does a piece of this kind ride whole rook lines?
    pub const fn rides_orth(self) -> bool {
        matches!(self, Rook | Queen | LeaperRook | PieceKind::LeaperQueen)
    }

    /// Does a piece of this kind ride whole bishop lines?
    pub const fn rides_diag(self) -> bool {
        matches!(self, Bishop | Queen | LeaperBishop | PieceKind::LeaperQueen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(slots: &[(Role, PieceKind)]) -> [PieceKind; ROLE_COUNT] {
        let mut k = [Idle; ROLE_COUNT];
        for &(role, kind) in slots {
            k[role.index()] = kind;
        }
        k
    }

    fn shape_for(kinds: [PieceKind; ROLE_COUNT], leap_groups: &[(u16, bool)]) -> ShapeId {
        ShapeId::of(&PieceSet { kinds, leap_groups })
    }

    const ORTHODOX: [(Role, PieceKind); 5] = [
        (Role::Knight, Leaper),
        (Role::Bishop, Bishop),
        (Role::Rook, Rook),
        (Role::Queen, Queen),
        (Role::King, Leaper),
    ];

    #[test]
    fn the_orthodox_set_and_one_without_bishops_are_orthodox() {
        let groups = [(bit(Role::Knight), true), (bit(Role::King), true)];
        assert_eq!(shape_for(kinds(&ORTHODOX), &groups), ShapeId::Orthodox);
        let mut no_bishop = kinds(&ORTHODOX);
        no_bishop[Role::Bishop.index()] = Idle;
        assert_eq!(shape_for(no_bishop, &groups), ShapeId::Orthodox);
    }

    #[test]
    fn a_missing_leaper_or_an_asymmetric_group_or_an_extra_slot_is_any() {
        let mut no_knight = kinds(&ORTHODOX);
        no_knight[Role::Knight.index()] = Idle;
        let king_only = [(bit(Role::King), true)];
        assert_eq!(shape_for(no_knight, &king_only), ShapeId::Any);

        let lopsided = [(bit(Role::Knight), false), (bit(Role::King), true)];
        assert_eq!(shape_for(kinds(&ORTHODOX), &lopsided), ShapeId::Any);

        let groups = [(bit(Role::Knight), true), (bit(Role::King), true)];
        let mut extra = kinds(&ORTHODOX);
        extra[Role::Extra1.index()] = Rook;
        assert_eq!(shape_for(extra, &groups), ShapeId::Any);
    }

    #[test]
    fn an_irregular_piece_is_no_shape() {
        let groups = [(bit(Role::Knight), true), (bit(Role::King), true)];
        let mut irregular = kinds(&ORTHODOX);
        irregular[Role::Queen.index()] = PieceKind::Irregular;
        assert_eq!(shape_for(irregular, &groups), ShapeId::Any);
    }

    fn shape_of(spec: &'static crate::plane::variant::VariantSpec) -> ShapeId {
        crate::plane::rules::Rules::<u128>::build(spec)
            .expect("the game's rules build")
            .shape
    }

    #[test]
    fn the_built_in_games_and_the_shipped_compound_games_take_a_constant_copy() {
        use crate::plane::registry;
        for name in ["chess", "slanted", "minislanted", "diagonal"] {
            let spec = registry::find(name).expect("built in");
            assert_eq!(shape_of(spec), ShapeId::Orthodox, "{name}");
        }
        for name in ["ultraslanted", "ultraslantedwhite", "almostultraslanted"] {
            let spec = registry::find(name).expect("built in");
            assert_eq!(shape_of(spec), ShapeId::OrthodoxLeaper, "{name}");
        }
        let shipped = |file: &str| {
            let path = format!("{}/../variants/{file}", env!("CARGO_MANIFEST_DIR"));
            registry::register_file(&path).expect("shipped file loads")[0]
        };
        assert_eq!(shape_of(shipped("losalamos.toml")), ShapeId::Orthodox);
        assert_eq!(
            shape_of(shipped("capablanca.toml")),
            ShapeId::KnightCompounds
        );
        assert_eq!(shape_of(shipped("grand.toml")), ShapeId::KnightCompounds);
        // Pieces no shape describes take the general copy.
        assert_eq!(shape_of(shipped("shako.toml")), ShapeId::Any);
        assert_eq!(shape_of(shipped("makruk.toml")), ShapeId::Any);
    }

    #[test]
    fn the_knight_compounds_share_the_knights_group() {
        let mut k = kinds(&ORTHODOX);
        k[Role::Ultra.index()] = LeaperBishop;
        k[Role::Chancellor.index()] = LeaperRook;
        let groups = [
            (
                bit(Role::Knight) | bit(Role::Ultra) | bit(Role::Chancellor),
                true,
            ),
            (bit(Role::King), true),
        ];
        assert_eq!(shape_for(k, &groups), ShapeId::KnightCompounds);
    }
}
