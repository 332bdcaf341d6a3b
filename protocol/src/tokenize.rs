//! The one small tokenizer both front ends use: a command line split on whitespace, with
//! access to the raw rest of the line (FENs, option values and messages keep their spaces).
//!
//! `vampirc-uci` is not used: it accepts only files a-h and ranks 1-8, silently drops moves it
//! cannot read from `position ... moves`, and panics on `go depth 300`.

/// One command line, split into words.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    text: &'a str,
    /// Byte range of every word in `text`.
    spans: Vec<(usize, usize)>,
}

impl<'a> Line<'a> {
    pub fn new(text: &'a str) -> Line<'a> {
        let mut spans = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            if c.is_whitespace() {
                if let Some(s) = start.take() {
                    spans.push((s, i));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            spans.push((s, text.len()));
        }
        Line { text, spans }
    }

    /// The whole line without surrounding whitespace.
    pub fn text(&self) -> &'a str {
        self.text.trim()
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Word `i`, if there is one.
    pub fn word(&self, i: usize) -> Option<&'a str> {
        self.spans.get(i).map(|&(s, e)| &self.text[s..e])
    }

    /// The command word (first word), or "" for a blank line.
    pub fn command(&self) -> &'a str {
        self.word(0).unwrap_or("")
    }

    /// Every word from `i` on.
    pub fn words_from(&self, i: usize) -> Vec<&'a str> {
        (i..self.spans.len()).filter_map(|k| self.word(k)).collect()
    }

    /// The raw text from the start of word `i` to the end of the line ("" if there is no
    /// such word).
    pub fn rest_from(&self, i: usize) -> &'a str {
        match self.spans.get(i) {
            Some(&(s, _)) => self.text[s..].trim_end(),
            None => "",
        }
    }

    /// Index of the first word equal to `w` at or after `from`.
    pub fn find(&self, w: &str, from: usize) -> Option<usize> {
        (from..self.spans.len()).find(|&k| self.word(k) == Some(w))
    }

    /// The raw text of words `from..to` (exclusive), spaces kept.
    pub fn span_text(&self, from: usize, to: usize) -> &'a str {
        if from >= to || from >= self.spans.len() {
            return "";
        }
        let to = to.min(self.spans.len());
        let start = self.spans[from].0;
        let end = self.spans[to - 1].1;
        &self.text[start..end]
    }
}

/// A non-negative integer word; `None` if it is not one (signs, fractions and overflow are
/// rejected).
pub fn parse_u64(word: &str) -> Option<u64> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// A signed integer word (GUIs send negative clock times); saturates instead of failing on
/// huge values.
pub fn parse_i64(word: &str) -> Option<i64> {
    let (neg, digits) = match word.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if neg { -v } else { v })
}

/// A non-negative decimal number of seconds or similar (`0.1`, `5`); `None` if malformed.
pub fn parse_seconds(word: &str) -> Option<f64> {
    if word.is_empty()
        || !word.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        || word.bytes().filter(|&b| b == b'.').count() > 1
        || word == "."
    {
        return None;
    }
    let v: f64 = word.parse().ok()?;
    if v.is_finite() {
        Some(v.min(1.0e7))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_rest() {
        let l = Line::new("  setboard  8/8 w - - 0 1 \r");
        assert_eq!(l.command(), "setboard");
        assert_eq!(l.len(), 7);
        assert_eq!(l.rest_from(1), "8/8 w - - 0 1");
        assert_eq!(l.word(2), Some("w"));
        assert_eq!(l.word(9), None);
        assert_eq!(l.span_text(1, 3), "8/8 w");
        assert_eq!(l.find("-", 0), Some(3));
        assert!(Line::new("   ").is_empty());
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("300"), Some(300));
        assert_eq!(parse_u64("-3"), None);
        assert_eq!(parse_u64("99999999999999999999999"), None);
        assert_eq!(parse_i64("-250"), Some(-250));
        assert_eq!(parse_i64("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(parse_seconds("0.1"), Some(0.1));
        assert_eq!(parse_seconds("1e9"), None);
        assert_eq!(parse_seconds("."), None);
    }
}
