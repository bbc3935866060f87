//! Cutting a long text into the parts a platform takes in one message (Telegram: 1,024
//! characters in a caption, 4,096 in a message; Discord: 2,000), at line breaks where possible.

/// Splits `text` into parts of at most `first` characters (the first part) and `rest` (the
/// others): at a blank line where one falls in the latter half of a part (a section stays with
/// its heading: `/help`'s "Administrators:" is not left at the end of a part without its
/// commands), else at a line break, else at a space, else anywhere.
pub fn split(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut left = text.trim_end();
    let mut limit = first;
    while left.chars().count() > limit {
        let cut = cut_point(left, limit);
        parts.push(left[..cut].trim_end().to_string());
        left = left[cut..].trim_start_matches(['\n', ' ']);
        limit = rest;
    }
    parts.push(left.to_string());
    parts
}

/// The byte index where a part of at most `limit` characters of `text` ends.
fn cut_point(text: &str, limit: usize) -> usize {
    let hard = text.char_indices().nth(limit).map_or(text.len(), |(i, _)| i);
    let window = &text[..hard];
    let paragraph = window.rfind("\n\n").filter(|&i| i >= window.len() / 2);
    paragraph
        .or_else(|| window.rfind('\n'))
        .or_else(|| window.rfind(' '))
        .filter(|&i| i > 0)
        .unwrap_or(hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_one_part() {
        assert_eq!(split("Bob to move", 1024, 4096), ["Bob to move"]);
    }

    #[test]
    fn a_long_caption_is_split_at_line_breaks_within_the_limits() {
        let line = "x".repeat(300);
        let text = [line.as_str(); 6].join("\n");
        let parts = split(&text, 1024, 4096);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].chars().count(), 3 * 300 + 2);
        assert_eq!(parts.join("\n"), text);
    }

    #[test]
    fn a_section_is_not_cut_from_its_heading_when_a_blank_line_is_near() {
        let section = |title: &str| format!("{title}:\n{}", ["/cmd — does it"; 20].join("\n"));
        let text = [section("Play"), section("Administrators")].join("\n\n");
        let limit = section("Play").chars().count() + 40;
        let parts = split(&text, limit, 4096);
        assert_eq!(parts, [section("Play"), section("Administrators")]);
    }

    #[test]
    fn a_text_without_breaks_is_cut_at_the_limit_counting_characters_not_bytes() {
        let text = "я".repeat(2500);
        let parts = split(&text, 1024, 4096);
        assert_eq!(parts[0].chars().count(), 1024);
        assert_eq!(parts.concat(), text);
    }
}
