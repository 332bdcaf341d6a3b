//! One packed move for both families: from (8 bits), to (8), promotion (4), kind (4) and an
//! auxiliary byte in a `u32`. What the kinds are and what the auxiliary byte holds belongs to
//! the family (`MoveKind` for the 2D games, `StMoveKind` for Star Trek chess), so each
//! family keeps its own constructors; reading a move is written once here.

use crate::types::{Role, ROLES};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A family's move kinds, as the 4-bit code stored in a `PackedMove` (code 0 is the plain
/// move, so the zero move reads as plain).
pub trait KindCode: Copy + fmt::Debug {
    fn from_code(code: u32) -> Self;
    fn code(self) -> u32;
}

/// A move packed in 32 bits. `PackedMove(0)` (cell 0 to cell 0) is never generated and serves
/// as the null value.
pub struct PackedMove<K>(pub u32, PhantomData<K>);

impl<K: KindCode> PackedMove<K> {
    /// The move with these raw bits.
    #[inline(always)]
    pub const fn from_bits(bits: u32) -> PackedMove<K> {
        PackedMove(bits, PhantomData)
    }

    /// The packed fields, `aux` as the family stores it.
    #[inline(always)]
    pub fn pack(from: usize, to: usize, kind: K, aux: u32) -> PackedMove<K> {
        PackedMove::from_bits(from as u32 | (to as u32) << 8 | kind.code() << 20 | aux << 24)
    }

    /// The same move, promoting to `role`.
    #[inline(always)]
    pub fn promoting(self, role: Role) -> PackedMove<K> {
        PackedMove::from_bits(self.0 & !(0xf << 16) | (role as u32 + 1) << 16)
    }

    #[inline(always)]
    pub fn from(self) -> usize {
        (self.0 & 0xff) as usize
    }

    #[inline(always)]
    pub fn to(self) -> usize {
        (self.0 >> 8 & 0xff) as usize
    }

    #[inline(always)]
    pub fn promotion(self) -> Option<Role> {
        // A field past the last role (only from foreign bits) reads as no promotion.
        match self.0 >> 16 & 0xf {
            0 => None,
            p => ROLES.get(p as usize - 1).copied(),
        }
    }

    #[inline(always)]
    pub fn kind(self) -> K {
        K::from_code(self.0 >> 20 & 0xf)
    }

    /// The auxiliary byte (its meaning depends on the kind).
    #[inline(always)]
    pub fn aux_byte(self) -> u8 {
        (self.0 >> 24) as u8
    }
}

// Written out rather than derived: a derive would ask the kind type for each trait.
impl<K> Clone for PackedMove<K> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for PackedMove<K> {}

impl<K> PartialEq for PackedMove<K> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<K> Eq for PackedMove<K> {}

impl<K> Hash for PackedMove<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// The raw bits: a compact id, unique among the moves of one position (transposition
/// table moves).
impl<K> From<PackedMove<K>> for u32 {
    #[inline(always)]
    fn from(m: PackedMove<K>) -> u32 {
        m.0
    }
}

impl<K> Default for PackedMove<K> {
    fn default() -> Self {
        PackedMove(0, PhantomData)
    }
}

impl<K: KindCode> fmt::Debug for PackedMove<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({} -> {} {:?} {:?} aux {})",
            self.from(),
            self.to(),
            self.kind(),
            self.promotion(),
            self.aux_byte()
        )
    }
}

/// Declares a family's move kinds: the enum (its discriminants are the 4-bit codes; it must
/// have a `Normal` kind, which unknown codes read as) and its `KindCode` impl, so the code
/// table is written once, in the enum.
macro_rules! move_kinds {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $code:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vmeta])* $variant = $code,)+
        }

        impl $crate::packed_move::KindCode for $name {
            #[inline(always)]
            fn from_code(code: u32) -> $name {
                match code {
                    $($code => $name::$variant,)+
                    _ => $name::Normal,
                }
            }

            #[inline(always)]
            fn code(self) -> u32 {
                self as u32
            }
        }
    };
}
pub(crate) use move_kinds;

/// Which of the legal moves between the squares a text named it means: the one without
/// promotion, or the one promoting to `wanted`. `missing` says what to write when only
/// promotions are legal. Both families' notation readers end here.
pub(crate) fn choose_promotion<K: KindCode>(
    same_squares: &[PackedMove<K>],
    wanted: Option<Role>,
    text: &str,
    missing: &str,
) -> Result<PackedMove<K>, crate::error::MoveError> {
    use crate::error::MoveError;
    if same_squares.is_empty() {
        return Err(MoveError::illegal(
            text,
            "not a legal move in this position",
        ));
    }
    same_squares
        .iter()
        .copied()
        .find(|m| m.promotion() == wanted)
        .ok_or_else(|| match wanted {
            None => MoveError::illegal(text, missing),
            Some(role) => {
                MoveError::illegal(text, format!("cannot promote to {} here", role.name()))
            }
        })
}
