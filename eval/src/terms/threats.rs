//! Threats: which roles count as "lesser" than which, and what a threat on each role is
//! worth, from the game's own derived role values (`values`), not from orthodox constants.
//!
//! A piece attacked by a piece worth clearly less (by more than half a pawn of the game's
//! own pawn value, so that two minor pieces of nearly equal worth do not "threaten" each
//! other) is in trouble even when it is defended: the exchange loses material. Its bonus for
//! the attacker is a share (percent, per victim role, `Weights::threat_lesser`) of the
//! victim's derived value. Pawn-role attackers are left out (`Weights::pawn_threat` counts
//! them already), and so is the king, which never threatens a defended piece.

use crate::score::{s, S};
use crate::weights::Weights;
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::Role;

/// One victim role of the game: which attacking roles are lesser, and the bonus per victim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Victim {
    /// The victim's role index.
    pub role: u8,
    /// Attacking roles (bit set of role indices) worth clearly less than the victim.
    pub lesser: u16,
    /// Bonus for the attacker per victim attacked by a lesser piece.
    pub bonus: S,
}

pub struct Threats {
    /// The game's piece roles that some lesser piece can threaten (at most one per role).
    pub victims: [Victim; ROLE_COUNT],
    pub count: usize,
}

impl Threats {
    /// From the game's piece roles (no pawn, no king) and derived values per role index.
    pub fn build(pieces: &[Role], value: &[i32; ROLE_COUNT], w: &Weights) -> Threats {
        let margin = value[Role::Pawn.index()] / 2;
        let mut victims = [Victim::default(); ROLE_COUNT];
        let mut count = 0;
        for &v in pieces {
            let vi = v.index();
            let lesser = pieces
                .iter()
                .filter(|a| value[a.index()] + margin < value[vi])
                .fold(0u16, |m, a| m | 1 << a.index());
            if lesser == 0 {
                continue;
            }
            let pct = w.threat_lesser.get(vi);
            victims[count] = Victim {
                role: vi as u8,
                lesser,
                bonus: s(value[vi] * pct.mg / 100, value[vi] * pct.eg / 100),
            };
            count += 1;
        }
        Threats { victims, count }
    }
}
