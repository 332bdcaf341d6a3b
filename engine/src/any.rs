//! A position of any game, chosen at run time (CLI, protocols), dispatching to the
//! monomorphised position type of that game.

use crate::error::MoveError;
use crate::game::Game;
use crate::plane::fen::FenError;
use crate::plane::position::Position;
use crate::plane::registry;
use crate::plane::variant::Width;
use crate::search::{Evaluator, Info, Limits, Search, SearchResult};
use crate::startrek::{self, StarTrekPosition, TfenError};
use crate::types::{Color, Outcome};
use std::fmt;

#[derive(Clone)]
pub enum AnyPosition {
    W64(Position<u64>),
    W128(Position<u128>),
    /// Star Trek tri-dimensional chess (boxed: its position is the largest).
    StarTrek(Box<StarTrekPosition>),
}

/// Why a position of a game named at run time could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// No game has this name.
    UnknownVariant {
        name: String,
        known: Vec<&'static str>,
    },
    /// The FEN breaks the game's rules or syntax.
    Fen(FenError),
    /// The TFEN of a Star Trek position breaks the rules or syntax.
    Tfen(TfenError),
    /// A game file found for the name cannot be read.
    GameFile(oblique_gamefile::GameFileError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::UnknownVariant { name, known } => {
                write!(f, "unknown variant '{name}' (known: {})", known.join(", "))
            }
            PositionError::Fen(e) => write!(f, "{e}"),
            PositionError::Tfen(e) => write!(f, "{e}"),
            PositionError::GameFile(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// For callers whose own errors are still one-line messages (protocol replies, CLI).
impl From<PositionError> for String {
    fn from(e: PositionError) -> String {
        e.to_string()
    }
}

impl From<TfenError> for PositionError {
    fn from(e: TfenError) -> PositionError {
        PositionError::Tfen(e)
    }
}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError::Fen(e)
    }
}

/// An evaluator of every game: what `AnyPosition::search` needs (the project's one is
/// `oblique_eval::Evaluation`).
pub trait AnyEvaluator:
    Evaluator<Position<u64>> + Evaluator<Position<u128>> + Evaluator<StarTrekPosition>
{
}

impl<E> AnyEvaluator for E where
    E: Evaluator<Position<u64>> + Evaluator<Position<u128>> + Evaluator<StarTrekPosition>
{
}

/// Lets `with_position!` hand the body a reference to the game inside a `Box` whatever the
/// binding mode of the match (`&Box<T>`, `&mut Box<T>` or `Box<T>`).
pub trait Unbox {
    type Out;
    fn unbox(self) -> Self::Out;
}

impl<'a, T> Unbox for &'a Box<T> {
    type Out = &'a T;
    #[inline(always)]
    fn unbox(self) -> &'a T {
        self
    }
}

impl<'a, T> Unbox for &'a mut Box<T> {
    type Out = &'a mut T;
    #[inline(always)]
    fn unbox(self) -> &'a mut T {
        self
    }
}

impl<T> Unbox for Box<T> {
    type Out = T;
    #[inline(always)]
    fn unbox(self) -> T {
        *self
    }
}

/// Runs the same expression on whichever game type the position holds (the body may use
/// only what every game type offers: the `Game` trait).
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::any::AnyPosition::W64($p) => $body,
            $crate::any::AnyPosition::W128($p) => $body,
            $crate::any::AnyPosition::StarTrek($p) => {
                let $p = $crate::any::Unbox::unbox($p);
                $body
            }
        }
    };
}

/// Names of every game, in listing order.
pub fn all_variant_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = registry::all().iter().map(|v| v.name).collect();
    names.push(startrek::NAME);
    names
}

/// One line of `oblique variants`: name, board, square count, first mover, title.
pub struct VariantInfo {
    pub name: &'static str,
    pub board: String,
    pub squares: usize,
    pub first: Color,
    pub title: &'static str,
}

/// Facts about every game for listings.
pub fn variant_infos() -> Result<Vec<VariantInfo>, PositionError> {
    registry::all()
        .into_iter()
        .map(|v| {
            let pos = AnyPosition::new(v.name, None)?;
            let (files, ranks, squares) = match &pos {
                AnyPosition::W64(p) => {
                    (p.rules().geom.files, p.rules().geom.ranks, p.rules().cells)
                }
                AnyPosition::W128(p) => {
                    (p.rules().geom.files, p.rules().geom.ranks, p.rules().cells)
                }
                AnyPosition::StarTrek(_) => unreachable!("the registry lists the 2D games only"),
            };
            Ok(VariantInfo {
                name: v.name,
                board: format!("{files}x{ranks}"),
                squares,
                first: pos.side_to_move(),
                title: v.title,
            })
        })
        .chain(std::iter::once_with(|| {
            let pos = AnyPosition::new(startrek::NAME, None)?;
            Ok(VariantInfo {
                name: startrek::NAME,
                board: startrek::BOARD.to_string(),
                squares: startrek::SQUARES,
                first: pos.side_to_move(),
                title: startrek::TITLE,
            })
        }))
        .collect()
}

impl AnyPosition {
    /// A game by name, from a position string or from its start position.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<AnyPosition, PositionError> {
        if variant.eq_ignore_ascii_case(startrek::NAME) {
            let pos = match fen {
                Some(tfen) => StarTrekPosition::from_tfen(tfen)?,
                None => StarTrekPosition::start(),
            };
            return Ok(AnyPosition::StarTrek(Box::new(pos)));
        }
        let spec = registry::find_or_load(variant)
            .map_err(PositionError::GameFile)?
            .ok_or_else(|| PositionError::UnknownVariant {
                name: variant.to_string(),
                known: all_variant_names(),
            })?;
        let fen = fen.unwrap_or(spec.start_fen);
        Ok(match spec.width {
            Width::W64 => AnyPosition::W64(Position::from_fen(spec, fen)?),
            Width::W128 => AnyPosition::W128(Position::from_fen(spec, fen)?),
        })
    }

    pub fn variant_name(&self) -> &'static str {
        with_position!(self, p => p.variant_name())
    }

    pub fn to_fen(&self) -> String {
        with_position!(self, p => Game::to_fen(p))
    }

    pub fn side_to_move(&self) -> Color {
        with_position!(self, p => Game::side_to_move(p))
    }

    pub fn legal_moves_text(&self) -> Vec<String> {
        with_position!(self, p => {
            let mut v = Vec::new();
            p.legal_moves_into(&mut v);
            v.iter().map(|&m| p.move_text(m)).collect()
        })
    }

    /// Every legal move in the long form people write (`Nb1-c3`), in generation order.
    pub fn legal_moves_human(&self) -> Vec<String> {
        with_position!(self, p => {
            let mut v = Vec::new();
            p.legal_moves_into(&mut v);
            v.iter().map(|&m| p.move_human(m)).collect()
        })
    }

    pub fn count_legal_moves(&self) -> u64 {
        with_position!(self, p => p.count_legal_moves())
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        with_position!(self, p => crate::perft::perft(p, depth))
    }

    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        with_position!(self, p => crate::perft::perft_divide(p, depth))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.game_outcome())
    }

    pub fn in_check(&self) -> bool {
        with_position!(self, p => Game::in_check(p))
    }

    pub fn key(&self) -> u64 {
        with_position!(self, p => Game::key(p))
    }

    pub fn diagram(&self) -> String {
        with_position!(self, p => p.diagram())
    }

    /// Searches this position with `search` and `eval`: the one way every front end (CLI,
    /// bench, protocols, tests) runs a search on a game chosen at run time.
    pub fn search<E: AnyEvaluator>(
        &self,
        search: &Search,
        eval: &E,
        limits: &Limits,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        with_position!(self, p => search.run(p, eval, limits, on_info))
    }

    /// Plays a move given as text; the position is unchanged if it is not legal.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        with_position!(self, p => {
            let m = p.read_move(text)?;
            let name = p.move_text(m);
            p.make_move(m);
            Ok(name)
        })
    }
}
