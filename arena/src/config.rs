//! How the runner is told to start an engine and to limit its search: the `--engine`
//! specification (command, protocol, name, options, directory) and the time control.

use crate::error::{SpecError, TcError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Xboard,
}

impl Proto {
    pub fn name(self) -> &'static str {
        match self {
            Proto::Uci => "uci",
            Proto::Xboard => "xboard",
        }
    }
}

/// How to start one engine: `--engine "CMD ARGS [proto=uci|xboard] [name=NAME]
/// [option.NAME=VALUE ...] [dir=PATH] [tc=BASE+INC]"`, or with the command given as
/// `cmd=...`. `tc=` gives this engine its own clock in a `--tc` match (time odds).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    pub command: Vec<String>,
    pub name: Option<String>,
    pub proto: Option<Proto>,
    /// UCI `setoption` / XBoard `option` settings, in order.
    pub options: Vec<(String, String)>,
    pub dir: Option<String>,
    /// The engine's own clock (time odds), overriding the match's `--tc`.
    pub tc: Option<Tc>,
}

impl EngineConfig {
    pub fn parse(spec: &str) -> Result<EngineConfig, SpecError> {
        let words = split_words(spec)?;
        let mut cfg = EngineConfig {
            command: Vec::new(),
            name: None,
            proto: None,
            options: Vec::new(),
            dir: None,
            tc: None,
        };
        for w in words {
            let (key, value) = w.split_once('=').unwrap_or(("", ""));
            match key {
                "cmd" => cfg.command.extend(split_words(value)?),
                "name" | "dir" | "tc" if value.trim().is_empty() => {
                    return Err(SpecError::NeedsValue {
                        spec: spec.to_string(),
                        key: key.to_string(),
                    })
                }
                "name" => cfg.name = Some(value.to_string()),
                "dir" => cfg.dir = Some(value.to_string()),
                "tc" => {
                    cfg.tc = Some(Tc::parse_fischer(value).map_err(|e| SpecError::BadTc {
                        spec: spec.to_string(),
                        why: e.to_string(),
                    })?)
                }
                "proto" => {
                    cfg.proto = Some(match value.to_ascii_lowercase().as_str() {
                        "uci" => Proto::Uci,
                        "xboard" | "cecp" | "winboard" => Proto::Xboard,
                        other => return Err(SpecError::UnknownProto(other.to_string())),
                    })
                }
                k if k.starts_with("option.") && k.len() > "option.".len() => cfg
                    .options
                    .push((k["option.".len()..].to_string(), value.to_string())),
                _ => cfg.command.push(w),
            }
        }
        if cfg
            .command
            .first()
            .is_none_or(|program| program.trim().is_empty())
        {
            return Err(SpecError::NoCommand(spec.to_string()));
        }
        Ok(cfg)
    }

    /// A name for messages before the engine has told its own.
    pub fn label(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            let prog = &self.command[0];
            // The file name; the whole text when it ends in a slash.
            prog.rsplit('/')
                .find(|part| !part.is_empty())
                .unwrap_or(prog)
                .to_string()
        })
    }

    /// Search threads the engine was asked to use (UCI `Threads`, XBoard `cores`).
    pub fn threads(&self) -> usize {
        self.options
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("threads") || k.eq_ignore_ascii_case("cores"))
            .filter_map(|(_, v)| v.trim().parse::<usize>().ok())
            .next_back()
            .unwrap_or(1)
            .max(1)
    }
}

/// Splits a command line into words: blanks separate, single and double quotes group,
/// a backslash escapes the next character.
pub fn split_words(s: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(n) => cur.push(n),
                None => return Err(SpecError::LoneBackslash(s.to_string())),
            },
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(SpecError::UnclosedQuote(s.to_string()));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// How the engine is told to limit its search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tc {
    /// Base time and increment per move, in milliseconds.
    Fischer {
        base_ms: u64,
        inc_ms: u64,
    },
    MoveTime(u64),
    Depth(u32),
}

impl Tc {
    /// Reads `BASE+INC` in seconds (`10+0.1`, `60`, `0.5+0.01`).
    pub fn parse_fischer(text: &str) -> Result<Tc, TcError> {
        let (b, i) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<u64, TcError> {
            let v: f64 = s.trim().parse().map_err(|_| TcError::NotSeconds {
                text: text.to_string(),
                part: s.to_string(),
            })?;
            if !(0.0..=86_400.0 * 7.0).contains(&v) {
                return Err(TcError::OutOfRange {
                    text: text.to_string(),
                    part: s.to_string(),
                });
            }
            Ok((v * 1000.0).round() as u64)
        };
        let base_ms = secs(b)?;
        let inc_ms = secs(i)?;
        if base_ms == 0 {
            return Err(TcError::NoBaseTime(text.to_string()));
        }
        Ok(Tc::Fischer { base_ms, inc_ms })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn(self) -> String {
        match self {
            Tc::Fischer { base_ms, inc_ms } => {
                format!("{}+{}", secs_text(base_ms), secs_text(inc_ms))
            }
            Tc::MoveTime(ms) => format!("{}/move", secs_text(ms)),
            Tc::Depth(_) => "-".to_string(),
        }
    }
}

pub(crate) fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let c = EngineConfig::parse("target/release/oblique uci name=Oblique option.Threads=2")
            .unwrap();
        assert_eq!(c.command, vec!["target/release/oblique", "uci"]);
        assert_eq!(c.name.as_deref(), Some("Oblique"));
        assert_eq!(c.options, vec![("Threads".to_string(), "2".to_string())]);
        assert_eq!(c.threads(), 2);
        let c = EngineConfig::parse("cmd='/usr/games/fairymax -x' proto=xboard").unwrap();
        assert_eq!(c.command, vec!["/usr/games/fairymax", "-x"]);
        assert_eq!(c.proto, Some(Proto::Xboard));
        assert_eq!(c.threads(), 1);
        assert_eq!(c.label(), "fairymax");
        let c = EngineConfig::parse("eng --hash=16 \"a b\"").unwrap();
        assert_eq!(c.command, vec!["eng", "--hash=16", "a b"]);
        assert!(EngineConfig::parse("proto=xboard").is_err());
        assert!(EngineConfig::parse("x proto=telepathy").is_err());
        assert!(EngineConfig::parse("x 'open").is_err());
        // Found by the fuzzer: an empty name made an engine without a name in reports.
        assert!(EngineConfig::parse("x name=").is_err());
        assert!(EngineConfig::parse("x dir= ").is_err());
        assert_eq!(EngineConfig::parse("engines/").unwrap().label(), "engines");
        assert!(EngineConfig::parse("\"\" uci").is_err());
        let c = EngineConfig::parse("sf tc=2.5+0.025").unwrap();
        assert_eq!(
            c.tc,
            Some(Tc::Fischer {
                base_ms: 2500,
                inc_ms: 25
            })
        );
        assert!(EngineConfig::parse("sf tc=").is_err());
        assert!(EngineConfig::parse("sf tc=fast").is_err());
        assert!(EngineConfig::parse("sf tc=0+1").is_err());
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            Tc::parse_fischer("10+0.1").unwrap(),
            Tc::Fischer {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(
            Tc::parse_fischer("60").unwrap(),
            Tc::Fischer {
                base_ms: 60_000,
                inc_ms: 0
            }
        );
        assert!(Tc::parse_fischer("0+1").is_err());
        assert!(Tc::parse_fischer("abc").is_err());
        assert_eq!(Tc::parse_fischer("2+0.05").unwrap().pgn(), "2+0.05");
        assert_eq!(Tc::MoveTime(50).pgn(), "0.05/move");
    }
}
