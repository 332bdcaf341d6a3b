//! Reads Fairy-Stockfish's `variants.ini` into our `GameFile`s: sections `[name]` or
//! `[name:parent]` of `key = value` lines, `#` and `;` comment lines, the parent either an
//! earlier section of the file or one of Fairy-Stockfish's built-ins (`ini_builtins`).
//! `ini_rules` applies a section's keys as Fairy-Stockfish does, `ini_game` turns the
//! result into a game or refuses it with the key to blame.
//!
//! One bad section and the file: `parse` refuses the whole file at its first bad section
//! (a file given to `--variant-file` means all of its games); `parse_sections` gives each
//! section's own outcome, for loading the good sections of a file such as
//! Fairy-Stockfish's own, where most sections use drops. A fault of form (a line outside
//! a section, a line without `=`, a broken header) refuses the file either way; a fault
//! of one section (an unknown parent, a key given twice, a name used twice) refuses that
//! section, as Fairy-Stockfish skips it.

use crate::error::GameFileError;
use crate::ini_builtins;
use crate::ini_game::{self, Refusal};
use crate::ini_rules::{self, Entry, Rules};
use crate::schema::GameFile;
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// One section as written.
#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The line of its `[...]` header.
    pub line: usize,
    pub keys: BTreeMap<String, Entry>,
    /// A fault of this section only (a key given twice): its line and reason.
    pub fault: Option<(usize, String)>,
}

/// Splits an ini text into sections, checking the form of each line.
pub fn sections(file: &str, text: &str) -> Result<Vec<Section>, GameFileError> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |reason: String| Err(GameFileError::new(file, Some(line), reason));
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if l.trim().is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if let Some(rest) = l.strip_prefix('[') {
            let Some((inside, after)) = rest.split_once(']') else {
                return err("section header without ']'".to_string());
            };
            if !after.trim().is_empty() {
                return err(format!("text after the section header: '{}'", after.trim()));
            }
            let (name, parent) = match inside.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (inside.trim(), None),
            };
            if name.is_empty() || parent.as_deref() == Some("") {
                return err(format!(
                    "section header '[{inside}]': expected [name] or [name:parent]"
                ));
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                keys: BTreeMap::new(),
                fault: None,
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            return err("a line before the first [section]".to_string());
        };
        let Some((key, value)) = l.split_once('=') else {
            return err(format!("expected key = value, found '{}'", l.trim()));
        };
        let key = key.trim_end();
        if key.is_empty() || key.starts_with(char::is_whitespace) {
            return err(format!("key '{key}': a key starts the line"));
        }
        let value = value.trim();
        if let Some(old) = section.keys.get(key) {
            // Fairy-Stockfish takes the last; we refuse the section rather than guess.
            if section.fault.is_none() {
                section.fault = Some((
                    line,
                    format!("key '{key}' given twice (first on line {})", old.line),
                ));
            }
            continue;
        }
        section.keys.insert(
            key.to_string(),
            Entry {
                value: value.to_string(),
                line,
            },
        );
    }
    Ok(out)
}

/// The rules of every section, resolved against earlier sections and `parents`.
fn resolve(
    file: &str,
    list: &[Section],
    parents: &HashMap<String, Rules>,
    builtin_file: bool,
) -> Result<Vec<Result<Rules, GameFileError>>, GameFileError> {
    let mut done: HashMap<String, Rules> = HashMap::new();
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut out = Vec::new();
    for s in list {
        let at = |line: usize, reason: String| {
            GameFileError::new(file, Some(line), format!("[{}] {reason}", s.name))
        };
        if !seen.insert(s.name.as_str()) {
            // Fairy-Stockfish keeps the first and skips this one; we say so.
            out.push(Err(at(
                s.line,
                "is defined twice (a later section of the same name)".to_string(),
            )));
            continue;
        }
        if !builtin_file && (parents.contains_key(&s.name) || not_provided(&s.name).is_some()) {
            out.push(Err(at(
                s.line,
                "has the name of a Fairy-Stockfish built-in variant (Fairy-Stockfish would ignore it); rename it"
                    .to_string(),
            )));
            continue;
        }
        let mut rules = match &s.parent {
            None => Rules::new(),
            Some(p) => match done.get(p).or_else(|| parents.get(p)) {
                Some(r) => r.clone(),
                None => {
                    let why = match not_provided(p) {
                        Some(reason) => format!(
                            "parent [{p}] is a Fairy-Stockfish built-in this reader does not provide: {reason}"
                        ),
                        None if seen.contains(p.as_str()) && list.iter().take_while(|o| o.line < s.line).any(|o| &o.name == p) => {
                            format!("parent [{p}] could not be read")
                        }
                        None if list.iter().any(|o| &o.name == p) => {
                            format!("parent [{p}] must come before it in the file")
                        }
                        None => format!(
                            "parent [{p}] is neither an earlier section nor one of the built-in variants this reader provides"
                        ),
                    };
                    out.push(Err(at(s.line, why)));
                    continue;
                }
            },
        };
        if let Some((line, reason)) = &s.fault {
            out.push(Err(at(*line, reason.clone())));
            continue;
        }
        let result = match ini_rules::apply(&mut rules, &s.name, &s.keys) {
            Ok(()) => {
                rules.conclude();
                done.insert(s.name.clone(), rules.clone());
                Ok(rules)
            }
            Err((line, reason)) => Err(at(line, reason)),
        };
        out.push(result);
    }
    Ok(out)
}

fn not_provided(name: &str) -> Option<&'static str> {
    ini_builtins::NOT_PROVIDED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| *r)
}

const BUILTIN_FILE: &str = "<Fairy-Stockfish built-ins>";

struct Builtins {
    sections: Vec<Section>,
    rules: HashMap<String, Rules>,
}

fn builtins() -> &'static Builtins {
    static CELL: OnceLock<Builtins> = OnceLock::new();
    CELL.get_or_init(|| {
        // The built-in text is ours and tested; a fault in it leaves the list empty.
        let sections = sections(BUILTIN_FILE, ini_builtins::TEXT).unwrap_or_default();
        let resolved = resolve(BUILTIN_FILE, &sections, &HashMap::new(), true).unwrap_or_default();
        let rules = sections
            .iter()
            .zip(resolved)
            .filter_map(|(s, r)| r.ok().map(|r| (s.name.clone(), r)))
            .collect();
        Builtins { sections, rules }
    })
}

/// The names of the built-in variants a section may inherit from.
pub fn builtin_names() -> Vec<&'static str> {
    builtins()
        .sections
        .iter()
        .map(|s| s.name.as_str())
        .collect()
}

/// A built-in variant as a game, or why it is not one; `None` if there is no such
/// built-in.
pub fn builtin(name: &str) -> Option<Result<GameFile, GameFileError>> {
    let b = builtins();
    let s = b.sections.iter().find(|s| s.name == name)?;
    let rules = b.rules.get(name)?;
    let mut game = game(BUILTIN_FILE, s, rules, &b.sections);
    if let Ok(g) = &mut game {
        g.game.xboard_name = ini_builtins::XBOARD_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, x)| x.to_string());
    }
    Some(game)
}

/// Fairy-Stockfish built-ins of its perft tests that are not provided, with the reason.
pub fn not_provided_builtins() -> &'static [(&'static str, &'static str)] {
    ini_builtins::NOT_PROVIDED
}

fn game(
    file: &str,
    s: &Section,
    rules: &Rules,
    all: &[Section],
) -> Result<GameFile, GameFileError> {
    let g = ini_game::translate(&s.name, rules).map_err(|Refusal { key, reason }| {
        let own = key.as_ref().and_then(|k| s.keys.get(k)).map(|e| e.line);
        let inherited = key
            .as_ref()
            .and_then(|k| rules.unsupported.get(k))
            .filter(|u| u.section != s.name)
            .map(|u| u.section.clone())
            .or_else(|| {
                // A key set by an ancestor, not by this section.
                key.as_ref()
                    .filter(|k| !s.keys.contains_key(*k))
                    .and_then(|k| {
                        ancestors(s, all)
                            .into_iter()
                            .find(|a| a.keys.contains_key(k))
                            .map(|a| a.name.clone())
                    })
            });
        let reason = match inherited {
            Some(from) if own.is_none() => format!("{reason} (inherited from [{from}])"),
            _ => reason,
        };
        GameFileError::new(
            file,
            Some(own.unwrap_or(s.line)),
            format!("[{}] {reason}", s.name),
        )
    })?;
    // The checks every reader's game passes (name, letters, one royal piece).
    crate::toml_reader::check(file, "", &g).map_err(|e| {
        GameFileError::new(file, Some(s.line), format!("[{}] {}", s.name, e.reason))
    })?;
    Ok(g)
}

fn ancestors<'a>(s: &Section, all: &'a [Section]) -> Vec<&'a Section> {
    let mut out = Vec::new();
    let mut parent = s.parent.clone();
    let builtin = &builtins().sections;
    while let Some(p) = parent {
        let Some(a) = all.iter().chain(builtin.iter()).find(|x| x.name == p) else {
            break;
        };
        if out.len() > all.len() + builtin.len() {
            break;
        }
        out.push(a);
        parent = a.parent.clone();
    }
    out
}

/// Reads every section of a `variants.ini` text; `file` names it in errors. Refuses the
/// whole file at its first section that is not a game we play (see `parse_sections`).
pub fn parse(file: &str, text: &str) -> Result<Vec<GameFile>, GameFileError> {
    parse_sections(file, text)?
        .into_iter()
        .map(|(_, g)| g)
        .collect()
}

/// Each section's name and its outcome.
pub type SectionOutcomes = Vec<(String, Result<GameFile, GameFileError>)>;

/// Reads every section, giving each one's own outcome in file order, so a caller can load
/// the sections we play and report the others. The outer error is a fault of the file's
/// form or inheritance.
pub fn parse_sections(file: &str, text: &str) -> Result<SectionOutcomes, GameFileError> {
    let list = sections(file, text)?;
    let b = builtins();
    let resolved = resolve(file, &list, &b.rules, false)?;
    Ok(list
        .iter()
        .zip(resolved)
        .map(|(s, r)| {
            let g = r.and_then(|rules| game(file, s, &rules, &list));
            (s.name.clone(), g)
        })
        .collect())
}
