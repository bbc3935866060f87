//! Reading what the bot's `/export` prints: among its lines, the CLI command
//! `tabletalk play <game> '<initial position>' <actions>…`. The command is split as a POSIX
//! shell would split it (single quotes, double quotes, backslashes), so an export pasted into a
//! file reads the same whether or not its actions are quoted.

use engine::GameKind;

use super::Failure;

/// A game as exported: its kind, initial position and actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The game.
    pub kind: GameKind,
    /// The initial position string.
    pub initial: String,
    /// Every action in order.
    pub actions: Vec<String>,
}

/// Finds the `tabletalk play` line in `text` and reads it.
pub fn read(text: &str) -> Result<Exported, Failure> {
    let line = text.lines().map(str::trim).find(|l| l.starts_with("tabletalk play ")).ok_or_else(
        || Failure::usage("no `tabletalk play <game> <position> <actions>` line in the export"),
    )?;
    let words = shell_words(line)?;
    let [_, _, game, initial, actions @ ..] = words.as_slice() else {
        return Err(Failure::usage("the export's `tabletalk play` line has no position"));
    };
    Ok(Exported {
        kind: GameKind::parse(game).map_err(|e| Failure::usage(e.to_string()))?,
        initial: initial.clone(),
        actions: actions.to_vec(),
    })
}

/// Splits a command line into words as a POSIX shell does (without expansions).
fn shell_words(line: &str) -> Result<Vec<String>, Failure> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(Failure::usage("the export has an unclosed ' quote")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => break,
                        },
                        Some(c) => w.push(c),
                        None => return Err(Failure::usage("the export has an unclosed \" quote")),
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                if let Some(c) = chars.next() {
                    w.push(c);
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_and_unquoted_exports_read_the_same() {
        let plain = "game yama\nid ab3k9\n\ntabletalk new yama --seed 3\n\
                     tabletalk play yama 'a b/c 1 -' c9-b9 e4-f4>g4 h9-h2:h8>h7";
        let quoted = "tabletalk play yama 'a b/c 1 -' 'c9-b9' \"e4-f4>g4\" h9-h2:h8\\>h7\n";
        let want = Exported {
            kind: GameKind::Yama,
            initial: "a b/c 1 -".to_string(),
            actions: vec!["c9-b9".into(), "e4-f4>g4".into(), "h9-h2:h8>h7".into()],
        };
        assert_eq!(read(plain).unwrap(), want);
        assert_eq!(read(quoted).unwrap(), want);
    }

    #[test]
    fn a_text_without_the_play_line_or_with_an_open_quote_is_refused() {
        let none = read("game gridi\nactions c2-c3").unwrap_err();
        assert!(none.message.starts_with("no `tabletalk play"), "{}", none.message);
        let open = read("tabletalk play gridi '6/6 1 0").unwrap_err();
        assert_eq!(open.message, "the export has an unclosed ' quote");
        let chess = read("tabletalk play chess 'x'").unwrap_err();
        assert!(chess.message.contains("chess"), "{}", chess.message);
    }
}
