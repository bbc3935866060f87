//! The one markup in the core's texts: a code span, written in backquotes (`` `zz99` ``), for
//! what a player typed or is to type (input quoted back, a command's format). The core writes
//! code spans this one neutral way and each adapter's format module renders them for its
//! platform: Telegram as `<code>…</code>` in HTML, Discord as Markdown backquotes, an alert
//! (plain text) as the bare words.
//!
//! A backquote opens a span only if another closes it on the same line with something between;
//! any other backquote is a character like the rest.

/// A piece of a core text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Span<'a> {
    /// Words as they are.
    Plain(&'a str),
    /// A code span's content, without its backquotes.
    Code(&'a str),
}

/// `text` as plain pieces and code spans, in order (empty pieces left out).
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut plain_from = 0;
    let mut at = 0;
    while let Some(open) = text[at..].find('`').map(|i| at + i) {
        let line_end = text[open + 1..].find('\n').map_or(text.len(), |i| open + 1 + i);
        match text[open + 1..line_end].find('`').map(|i| open + 1 + i) {
            Some(close) if close > open + 1 => {
                if plain_from < open {
                    out.push(Span::Plain(&text[plain_from..open]));
                }
                out.push(Span::Code(&text[open + 1..close]));
                plain_from = close + 1;
                at = close + 1;
            }
            // Two backquotes with nothing between: both are characters.
            Some(close) => at = close + 1,
            None => at = open + 1,
        }
    }
    if plain_from < text.len() {
        out.push(Span::Plain(&text[plain_from..]));
    }
    out
}

/// `text` with its code spans' backquotes dropped: for places that show plain text only (a
/// Telegram alert).
pub fn plain(text: &str) -> String {
    spans(text)
        .into_iter()
        .map(|span| match span {
            Span::Plain(s) | Span::Code(s) => s,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backquoted_words_are_code_and_the_rest_is_plain() {
        assert_eq!(
            spans("I can't read `zz99`: try `c3-c4`."),
            [
                Span::Plain("I can't read "),
                Span::Code("zz99"),
                Span::Plain(": try "),
                Span::Code("c3-c4"),
                Span::Plain(".")
            ]
        );
    }

    #[test]
    fn a_lone_or_empty_pair_of_backquotes_or_one_across_lines_is_a_character() {
        assert_eq!(spans("a ` b"), [Span::Plain("a ` b")]);
        assert_eq!(spans("a `` b"), [Span::Plain("a `` b")]);
        assert_eq!(spans("`a\nb`"), [Span::Plain("`a\nb`")]);
        assert_eq!(spans("x `a`b` y"), [Span::Plain("x "), Span::Code("a"), Span::Plain("b` y")]);
        assert!(spans("").is_empty());
    }

    #[test]
    fn plain_text_keeps_the_words_without_their_backquotes() {
        assert_eq!(plain("`key` is given twice, ` alone"), "key is given twice, ` alone");
    }
}
