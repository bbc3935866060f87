//! What a refusal quotes back of a player's input: capped and made harmless. A 4,000-character
//! "move" must not come back in full over two messages, and a right-to-left override must not
//! reverse the rest of the reply; every refusal that quotes input goes through [`quoted`].

/// The most characters of input a reply quotes; longer input ends with "…".
pub const MAX_QUOTED_CHARS: usize = 32;

/// `input` as a reply may quote it: control and invisible format characters (bidirectional
/// overrides and isolates, zero-width characters) removed, runs of whitespace made one space,
/// backquotes (which would end the quotation) made apostrophes, and at most
/// [`MAX_QUOTED_CHARS`] characters, with "…" when cut.
pub fn quoted(input: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut space = false;
    for c in input.trim().chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if c.is_control() || is_invisible_format(c) {
            continue;
        }
        let shown = if c == '`' { '\'' } else { c };
        let needed = usize::from(space && count > 0) + 1;
        if count + needed > MAX_QUOTED_CHARS {
            out.push('…');
            return out;
        }
        if space && count > 0 {
            out.push(' ');
        }
        space = false;
        out.push(shown);
        count += needed;
    }
    out
}

/// One character as a reply may quote it: itself, or `U+XXXX` when quoting would remove it (a
/// bidirectional override, a control character).
pub fn quoted_char(c: char) -> String {
    match quoted(&c.to_string()) {
        shown if shown.is_empty() || c == '`' => format!("U+{:04X}", u32::from(c)),
        shown => shown,
    }
}

/// Unicode format characters that change how the text around them is shown without being seen:
/// bidirectional marks, embeddings, overrides and isolates, zero-width characters, the soft
/// hyphen and the byte-order mark.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_input_is_cut_with_an_ellipsis() {
        let long = "a".repeat(4000);
        let shown = quoted(&long);
        assert_eq!(shown.chars().count(), MAX_QUOTED_CHARS + 1);
        assert!(shown.ends_with('…'));
    }

    #[test]
    fn a_right_to_left_override_is_removed_from_quoted_input() {
        assert_eq!(quoted("e2\u{202E}-e4\u{2066}x\u{200B}"), "e2-e4x");
    }

    #[test]
    fn control_characters_and_line_breaks_do_not_survive_quoting() {
        assert_eq!(quoted("a\u{0007}b\n\n c\td"), "ab c d");
        assert_eq!(quoted("a`b"), "a'b");
    }

    #[test]
    fn an_invisible_character_is_quoted_by_its_code() {
        assert_eq!(quoted_char('\u{202E}'), "U+202E");
        assert_eq!(quoted_char('я'), "я");
    }

    #[test]
    fn a_short_input_is_quoted_as_typed() {
        assert_eq!(quoted("c5xc4"), "c5xc4");
        assert_eq!(quoted(&"b".repeat(MAX_QUOTED_CHARS)), "b".repeat(MAX_QUOTED_CHARS));
    }
}
