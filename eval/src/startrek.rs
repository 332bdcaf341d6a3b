//! Star Trek chess evaluation (placeholder while the position API settles).

use crate::values::RoleValue;

pub fn role_values() -> Vec<RoleValue> {
    Vec::new()
}
