//! Line patterns: how a generator's output lines look, as literal text with the placeholders
//! `{move}`, `{count}` and `{any}` (each one word: no spaces).

use std::fmt;

/// The most placeholders in one pattern (a pattern is a few words long).
const MAX_PLACEHOLDERS: usize = 8;

/// The longest pattern, in bytes.
const MAX_PATTERN: usize = 200;

/// A placeholder of a pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// `{move}`: a move in UAI notation.
    Move,
    /// `{count}`: a node count.
    Count,
    /// `{any}`: any word, ignored.
    Any,
}

impl Slot {
    fn name(self) -> &'static str {
        match self {
            Slot::Move => "{move}",
            Slot::Count => "{count}",
            Slot::Any => "{any}",
        }
    }
}

/// One piece of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// Text that must appear as it is (runs of spaces written as one).
    Literal(String),
    /// A word captured or skipped.
    Slot(Slot),
}

/// A line pattern such as `{move}: {count}`: a line matches when it is the pattern with one
/// word (no spaces) in each placeholder. Runs of white space count as one space, and white
/// space around the line is ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    text: String,
    parts: Vec<Part>,
}

/// What a matching line held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Captures<'a> {
    /// The word in `{move}`, if the pattern has one.
    pub(crate) mv: Option<&'a str>,
    /// The word in `{count}`, if the pattern has one.
    pub(crate) count: Option<&'a str>,
}

/// Runs of white space as one space, none around.
pub(crate) fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Pattern {
    /// Parses `text`, which must hold each of `needs` once.
    ///
    /// # Errors
    /// An unknown `{…}` name, two placeholders with nothing between them, a needed
    /// placeholder missing or repeated, more than a few placeholders, or a pattern that is
    /// too long.
    pub(crate) fn parse(text: &str, needs: &[Slot]) -> Result<Pattern, String> {
        if text.len() > MAX_PATTERN {
            return Err(format!("a pattern is at most {MAX_PATTERN} bytes"));
        }
        let shown = boardgame_io::quote(text);
        let squeezed = squeeze(text);
        let mut parts = Vec::new();
        let mut rest = squeezed.as_str();
        while !rest.is_empty() {
            let slot = [Slot::Move, Slot::Count, Slot::Any]
                .into_iter()
                .find(|slot| rest.starts_with(slot.name()));
            if let Some(slot) = slot {
                if matches!(parts.last(), Some(Part::Slot(_))) {
                    return Err(format!("{shown}: two placeholders need text between them"));
                }
                parts.push(Part::Slot(slot));
                rest = &rest[slot.name().len()..];
                continue;
            }
            if rest.starts_with('{') {
                return Err(format!(
                    "{shown}: unknown placeholder (the placeholders are {{move}}, {{count}} and {{any}})"
                ));
            }
            let end = rest
                .char_indices()
                .skip(1)
                .find(|&(_, c)| c == '{')
                .map_or(rest.len(), |(at, _)| at);
            parts.push(Part::Literal(rest[..end].to_owned()));
            rest = &rest[end..];
        }
        let slots: Vec<Slot> = parts
            .iter()
            .filter_map(|part| match part {
                Part::Slot(slot) => Some(*slot),
                Part::Literal(_) => None,
            })
            .collect();
        if slots.len() > MAX_PLACEHOLDERS {
            return Err(format!("{shown}: at most {MAX_PLACEHOLDERS} placeholders"));
        }
        for need in needs {
            let times = slots.iter().filter(|slot| *slot == need).count();
            if times != 1 {
                return Err(format!(
                    "{shown} must hold {} once (it holds it {times} times)",
                    need.name()
                ));
            }
        }
        for slot in &slots {
            if *slot != Slot::Any && !needs.contains(slot) {
                return Err(format!("{shown}: {} has no use here", slot.name()));
            }
        }
        Ok(Pattern {
            text: squeezed,
            parts,
        })
    }

    /// What `line` holds, if it matches (each placeholder takes the shortest word that lets
    /// the text after it follow).
    pub(crate) fn matches<'a>(&self, line: &'a str) -> Option<Captures<'a>> {
        let line = line.trim();
        // The line's white space is squeezed only if it has runs (rare): the captures borrow
        // from `line`, so a squeezed copy is matched and its words found again in `line`.
        if line.contains(|c: char| c.is_whitespace() && c != ' ') || line.contains("  ") {
            let squeezed = squeeze(line);
            let found = self.match_squeezed(&squeezed)?;
            let find =
                |word: Option<&str>| word.and_then(|w| line.split_whitespace().find(|x| *x == w));
            return Some(Captures {
                mv: find(found.mv),
                count: find(found.count),
            });
        }
        self.match_squeezed(line)
    }

    fn match_squeezed<'a>(&self, line: &'a str) -> Option<Captures<'a>> {
        let mut captures = Captures::default();
        let mut at = 0;
        for (i, part) in self.parts.iter().enumerate() {
            match part {
                Part::Literal(text) => {
                    if !line[at..].starts_with(text.as_str()) {
                        return None;
                    }
                    at += text.len();
                }
                Part::Slot(slot) => {
                    let rest = &line[at..];
                    let len = match self.parts.get(i + 1) {
                        Some(Part::Literal(next)) => rest
                            .match_indices(next.as_str())
                            .map(|(found, _)| found)
                            .find(|&found| found > 0)?,
                        _ => rest.len(),
                    };
                    let word = &rest[..len];
                    if word.is_empty() || word.contains(char::is_whitespace) {
                        return None;
                    }
                    match slot {
                        Slot::Move => captures.mv = Some(word),
                        Slot::Count => captures.count = Some(word),
                        Slot::Any => {}
                    }
                    at += len;
                }
            }
        }
        (at == line.len()).then_some(captures)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(text: &str, needs: &[Slot]) -> Pattern {
        Pattern::parse(text, needs).unwrap()
    }

    #[test]
    fn the_presets_lines_match_and_others_do_not() {
        let zataxx = pattern("{move}: {count}", &[Slot::Move, Slot::Count]);
        let found = zataxx.matches("a7c5: 412").unwrap();
        assert_eq!((found.mv, found.count), (Some("a7c5"), Some("412")));
        assert!(
            zataxx
                .matches("Running split perft depth 3 on x5o/7/7/7/7/7/o5x x 0 1")
                .is_none()
        );
        assert!(zataxx.matches("info string: two words").is_none());
        let libataxx = pattern("{any}) {move} {count}", &[Slot::Move, Slot::Count]);
        let found = libataxx.matches("  12)   b6\t14 ").unwrap();
        assert_eq!((found.mv, found.count), (Some("b6"), Some("14")));
        let perftree = pattern("{move} {count}", &[Slot::Move, Slot::Count]);
        assert!(perftree.matches("14").is_none());
        assert!(perftree.matches("g2 14 extra").is_none());
        let total = pattern("{count}", &[Slot::Count]);
        assert_eq!(total.matches("6460").unwrap().count, Some("6460"));
        let tiktaxx = pattern("depth {any} nodes {count}", &[Slot::Count]);
        assert_eq!(
            tiktaxx.matches("depth 2 nodes 256").unwrap().count,
            Some("256")
        );
        assert!(tiktaxx.matches("depth 2 nodes").is_none());
    }

    #[test]
    fn bad_patterns_are_refused_with_a_reason() {
        let needs = [Slot::Move, Slot::Count];
        for (text, why) in [
            ("{move}{count}", "text between"),
            ("{move} {cnt}", "unknown placeholder"),
            ("{move}: {count} {count}", "once"),
            ("{count}", "{move} once"),
        ] {
            let error = Pattern::parse(text, &needs).unwrap_err();
            assert!(error.contains(why), "{text}: {error}");
        }
        assert!(Pattern::parse("{move}", &[Slot::Count]).is_err());
        assert!(Pattern::parse(&"x".repeat(1000), &[]).is_err());
    }
}
