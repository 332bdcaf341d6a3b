//! The weights as a flat vector of named integers (`material.knight.0`, `shield.1`, ...),
//! read from and written back through their serde form, so that every weight a data file
//! can hold is a tunable parameter without a hand-kept list.

use oblique_eval::weights::Weights;
use serde_json::Value;

/// Named integer parameters of a set of weights, in a fixed order.
pub fn flatten(w: &Weights) -> Vec<(String, i32)> {
    let mut out = Vec::new();
    walk(
        &serde_json::to_value(w).expect("weights serialise"),
        "",
        &mut out,
    );
    out
}

fn walk(v: &Value, path: &str, out: &mut Vec<(String, i32)>) {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, &join(k), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| walk(x, &join(&i.to_string()), out)),
        Value::Number(n) => out.push((path.to_string(), n.as_i64().unwrap_or(0) as i32)),
        _ => {}
    }
}

/// The weights with every parameter replaced by `values` (in the order of [`flatten`]).
pub fn unflatten(template: &Weights, values: &[i32]) -> Weights {
    let mut v = serde_json::to_value(template).expect("weights serialise");
    let mut it = values.iter();
    set(&mut v, &mut it);
    serde_json::from_value(v).expect("the same shape reads back")
}

fn set<'a>(v: &mut Value, it: &mut impl Iterator<Item = &'a i32>) {
    match v {
        Value::Object(m) => m.values_mut().for_each(|x| set(x, it)),
        Value::Array(a) => a.iter_mut().for_each(|x| set(x, it)),
        Value::Number(_) => {
            if let Some(&x) = it.next() {
                *v = Value::from(x);
            }
        }
        _ => {}
    }
}
