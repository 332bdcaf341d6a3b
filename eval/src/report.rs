//! The piece values of a game named at run time (`startrek` included): the by-name lookups
//! and the report `oblique values` prints. The one place that knows both the 2D derivation
//! (`values`) and the Star Trek one (`startrek`).

use crate::values::{derive, fit, RoleValue};
use oblique_engine::Role;
use std::fmt::Write as _;

/// Derived values of a game by name (`startrek` included), king excluded, in the game's
/// role order: pawn, knight, bishop, rook, ... Unknown names give an empty list.
pub fn piece_values(variant: &str) -> Vec<(Role, i32)> {
    role_values(variant)
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.role != Role::King)
        .map(|r| (r.role, r.value))
        .collect()
}

/// No game has this name (`role_values`, `values_report`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}'")]
pub struct UnknownGame(pub String);

/// Mobility and value of every role of a game by name (`startrek` included).
pub fn role_values(variant: &str) -> Result<Vec<RoleValue>, UnknownGame> {
    if variant.eq_ignore_ascii_case(oblique_engine::startrek::NAME) {
        return Ok(crate::startrek::role_values());
    }
    let spec =
        oblique_engine::find_variant(variant).ok_or_else(|| UnknownGame(variant.to_string()))?;
    Ok(derive(spec))
}

/// A table for people: every role's mobility and value, and how they were derived (what
/// `oblique values` prints).
pub fn values_report(variant: &str) -> Result<String, UnknownGame> {
    let rows = role_values(variant)?;
    let fit = fit();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{variant}: value = {:.2} * m^{:.3} (m = mean destinations at occupancy {:.2}; \
         fitted to N 320 B 330 R 500 Q 900 on the orthodox board, rms error {:.1}%); \
         pawn = 100 * (1 + m / {:.3}) / 2",
        fit.a,
        fit.b,
        fit.density,
        100.0 * fit.rms_log_error,
        fit.pawn_mobility
    );
    let spec = oblique_engine::find_variant(variant);
    for r in rows {
        let name = spec.map_or_else(|| r.role.name(), |s| s.piece_name(r.role));
        let value = if r.role == Role::King {
            "-".to_string()
        } else {
            r.value.to_string()
        };
        let _ = writeln!(s, "{:<11} m {:>6.2}  value {:>5}", name, r.mobility, value);
    }
    Ok(s)
}
