//! A position of any 2D game, chosen at run time (CLI, protocols), dispatching to the
//! monomorphised position of the right bitboard width.

use crate::fen::FenError;
use crate::position::Position;
use crate::types::{Color, Outcome};
use crate::variant::{find, VariantSpec, Width};

#[derive(Clone)]
pub enum AnyPosition {
    W64(Position<u64>),
    W128(Position<u128>),
}

/// Runs the same expression on whichever width the position has.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::any::AnyPosition::W64($p) => $body,
            $crate::any::AnyPosition::W128($p) => $body,
        }
    };
}

impl AnyPosition {
    /// A game by name, from a FEN or from its start position.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<AnyPosition, String> {
        let spec = find(variant).ok_or_else(|| {
            format!(
                "unknown variant '{variant}' (known: {})",
                crate::variant::VARIANTS
                    .iter()
                    .map(|v| v.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
        Self::from_spec(spec, fen.unwrap_or(spec.start_fen)).map_err(|e| e.to_string())
    }

    pub fn from_spec(spec: &'static VariantSpec, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(match spec.width {
            Width::W64 => AnyPosition::W64(Position::from_fen(spec, fen)?),
            Width::W128 => AnyPosition::W128(Position::from_fen(spec, fen)?),
        })
    }

    pub fn spec(&self) -> &'static VariantSpec {
        with_position!(self, p => p.spec())
    }

    pub fn to_fen(&self) -> String {
        with_position!(self, p => p.to_fen())
    }

    pub fn side_to_move(&self) -> Color {
        with_position!(self, p => p.side_to_move())
    }

    pub fn legal_moves_uci(&self) -> Vec<String> {
        with_position!(self, p => p.legal_moves().iter().map(|&m| p.move_to_uci(m)).collect())
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        with_position!(self, p => p.perft(depth))
    }

    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        with_position!(self, p => p.perft_divide(depth))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.outcome())
    }

    pub fn in_check(&self) -> bool {
        with_position!(self, p => p.in_check())
    }

    pub fn key(&self) -> u64 {
        with_position!(self, p => p.key())
    }

    /// Plays a move given as text; the position is unchanged if it is not legal.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        with_position!(self, p => {
            let m = p.parse_move(text)?;
            let uci = p.move_to_uci(m);
            p.make(m);
            Ok(uci)
        })
    }
}
