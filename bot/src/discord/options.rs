//! The command table as Discord slash commands: each declared command (and each short ASCII
//! alias, such as `/m`) becomes a slash command whose options are the declared arguments with
//! Discord types — the game kind and an offer's answer as choices, opponents as user options
//! (real ids, never typed names), numbers as integers, switches (`confirm`, `global`) as
//! booleans, a switch with levels (`ai`) as a choice of its levels, the rest as text. A used command is read back into the command line the core
//! parses, so the core never learns it came from a slash command.

use data::{Platform, PlayerId};
use engine::GameKind;
use poise::serenity_prelude as serenity;
use serenity::{CommandOptionType, CreateCommandOption, ResolvedOption, ResolvedValue};

use crate::core::commands::{ArgKind, ArgSpec, CommandSpec};
use crate::core::Mention;

/// How many opponents a slash command offers (POI Control seats four).
pub const OPPONENT_OPTIONS: usize = 3;

/// An option of a slash command: its Discord name and type.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionShape {
    /// The option's name (lowercase, no spaces).
    pub name: String,
    /// The declared argument it fills.
    pub arg: ArgSpec,
    /// Its Discord type.
    pub kind: CommandOptionType,
    /// Whether Discord requires it.
    pub required: bool,
}

/// The options of `spec`, in order (Discord wants the required ones first).
pub fn shapes(spec: &CommandSpec) -> Vec<OptionShape> {
    let mut out = Vec::new();
    for arg in spec.args {
        let base = option_name(arg);
        let kind = match arg.kind {
            ArgKind::Opponents | ArgKind::User => CommandOptionType::User,
            ArgKind::Number | ArgKind::Bound(_) => CommandOptionType::Integer,
            ArgKind::Word(_) => CommandOptionType::Boolean,
            ArgKind::Leveled(..) => CommandOptionType::String,
            _ => CommandOptionType::String,
        };
        let count = if arg.kind == ArgKind::Opponents { OPPONENT_OPTIONS } else { 1 };
        for i in 0..count {
            let name = if i == 0 { base.clone() } else { format!("{base}{}", i + 1) };
            out.push(OptionShape { name, arg: *arg, kind, required: arg.required && i == 0 });
        }
    }
    out.sort_by_key(|s| !s.required);
    out
}

/// The Discord name of an argument: its switch word, else its English placeholder.
fn option_name(arg: &ArgSpec) -> String {
    let raw = match arg.kind {
        ArgKind::Word(w) | ArgKind::Leveled(w, _) | ArgKind::Bound(w) => w.to_string(),
        ArgKind::Opponents => "opponent".to_string(),
        ArgKind::User => "user".to_string(),
        ArgKind::Kind => "game".to_string(),
        ArgKind::Options => "options".to_string(),
        _ => arg.name.en.to_string(),
    };
    let cleaned: String = raw
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c.to_ascii_lowercase() })
        .collect();
    cleaned.chars().take(32).collect()
}

/// Adds the choices an argument has (the game kinds, accept/decline) to its option.
pub fn with_choices(arg: &ArgSpec, option: CreateCommandOption) -> CreateCommandOption {
    match arg.kind {
        ArgKind::Kind => {
            GameKind::ALL.iter().fold(option, |o, k| o.add_string_choice(k.title(), k.name()))
        }
        ArgKind::Answer => {
            option.add_string_choice("accept", "accept").add_string_choice("decline", "decline")
        }
        ArgKind::Leveled(_, levels) => {
            levels.iter().fold(option, |o, l| o.add_string_choice(*l, *l))
        }
        _ => option,
    }
}

/// The command line a used slash command stands for (`/move k7m2p c2-c3`), with the users
/// its user options name as mentions (`@name` in the line, the verified id beside it).
/// A user option naming `bot` (the application's own user) is a mention of the bot itself.
pub fn command_line(
    name: &str,
    spec: &CommandSpec,
    used: &[ResolvedOption],
    bot: u64,
) -> (String, Vec<Mention>) {
    let mut line = format!("/{name}");
    let mut mentions = Vec::new();
    for arg in spec.args {
        for shape in shapes(spec).iter().filter(|s| s.arg == *arg) {
            let Some(option) = used.iter().find(|o| o.name == shape.name) else { continue };
            let word = match (&option.value, arg.kind) {
                (ResolvedValue::User(user, _), _) => {
                    let token = format!("@{}", user.name);
                    mentions.push(Mention {
                        token: token.clone(),
                        id: PlayerId::new(Platform::Discord, user.id.to_string()),
                        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
                        this_bot: user.bot && user.id.get() == bot,
                    });
                    token
                }
                (ResolvedValue::Boolean(true), ArgKind::Word(w)) => w.to_string(),
                (ResolvedValue::Boolean(_), _) => continue,
                (ResolvedValue::Integer(n), ArgKind::Bound(w)) => format!("{w} {n}"),
                (ResolvedValue::Integer(n), _) => n.to_string(),
                (ResolvedValue::String(level), ArgKind::Leveled(w, _)) => {
                    format!("{w}={}", level.trim())
                }
                (ResolvedValue::String(s), _) => s.trim().to_string(),
                _ => continue,
            };
            if !word.is_empty() {
                line.push(' ');
                line.push_str(&word);
            }
        }
    }
    (line, mentions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::commands::find;

    #[test]
    fn every_command_fits_discord_limits() {
        for spec in crate::core::commands::COMMANDS {
            let shapes = shapes(spec);
            assert!(shapes.len() <= 25, "{}: at most 25 options", spec.name);
            let mut names: Vec<&str> = shapes.iter().map(|s| s.name.as_str()).collect();
            for n in &names {
                assert!(!n.is_empty() && n.len() <= 32, "{}: option name {n:?}", spec.name);
                assert!(n
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_numeric() || c == '-' || c == '_'));
            }
            names.sort();
            names.dedup();
            assert_eq!(names.len(), shapes.len(), "{}: option names are unique", spec.name);
            let first_optional = shapes.iter().position(|s| !s.required).unwrap_or(shapes.len());
            assert!(shapes[first_optional..].iter().all(|s| !s.required), "{}", spec.name);
        }
    }

    #[test]
    fn play_offers_three_opponents_and_the_ai_switch() {
        let names: Vec<String> =
            shapes(find("play").unwrap()).into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["game", "opponent", "opponent2", "opponent3", "ai", "options"]);
    }

    #[test]
    fn the_ai_level_is_a_choice_of_the_ai_strengths_read_back_as_an_ai_option() {
        let play = find("play").unwrap();
        let ai = shapes(play).into_iter().find(|s| s.name == "ai").unwrap();
        assert_eq!(ai.kind, CommandOptionType::String);
        let words: Vec<&str> = ai::Strength::ALL.iter().map(|s| s.word()).collect();
        assert_eq!(ai.arg.kind, ArgKind::Leveled("ai", &["easy", "medium", "hard"]));
        assert_eq!(words, ["easy", "medium", "hard"], "the choices are the AI's strengths");
        let json = serde_json::to_value(with_choices(
            &ai.arg,
            CreateCommandOption::new(CommandOptionType::String, "ai", "level"),
        ))
        .unwrap();
        let values: Vec<&str> = json["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert_eq!(values, words);
        let leveled = crate::core::commands::COMMANDS
            .iter()
            .flat_map(|c| c.args)
            .filter(|a| matches!(a.kind, ArgKind::Leveled(..)));
        for arg in leveled {
            assert_eq!(*arg, crate::core::commands::AI_ARG, "the menu builder knows only this one");
        }
    }
}
