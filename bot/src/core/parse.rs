//! Reading a command line into a [`Command`]. Every refusal says what was wrong and what would
//! be right, in the user's language.

use data::GameId;
use engine::GameKind;

use super::lang::{game_name, Lang};
use super::Refusal;
use crate::tr;

/// An answer to an offer (draw, takeback).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Make the offer (or agree, if the other side already offered).
    Offer,
    /// Agree to the standing offer.
    Accept,
    /// Turn it down (or withdraw one's own).
    Decline,
}

/// A command with its arguments, as typed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `/help`.
    Help,
    /// `/rules <game>`.
    Rules(GameKind),
    /// `/games`.
    Games,
    /// `/play <game> [@opponent ...] [option=value ...]`.
    Play {
        /// Which game.
        kind: GameKind,
        /// `@` tokens naming opponents.
        opponents: Vec<String>,
        /// `key=value` options (game options, `clock`, `rated`).
        options: Vec<(String, String)>,
    },
    /// `/accept [challenge]`.
    Accept(Option<GameId>),
    /// `/decline [challenge]`.
    Decline(Option<GameId>),
    /// `/cancel [challenge]`.
    Cancel(Option<GameId>),
    /// `/move [game] <actions>` (alias `/m`).
    Move {
        /// The game, if named.
        game: Option<GameId>,
        /// The actions as typed.
        actions: String,
    },
    /// `/undo [game]`.
    Undo(Option<GameId>),
    /// `/board [game]`.
    Board(Option<GameId>),
    /// `/hint [game] <cell>`.
    Hint {
        /// The game, if named.
        game: Option<GameId>,
        /// The cell.
        cell: String,
    },
    /// `/history [game]`.
    History(Option<GameId>),
    /// `/export [game]`.
    Export(Option<GameId>),
    /// `/status [game]`.
    Status(Option<GameId>),
    /// `/resign [game]`.
    Resign(Option<GameId>),
    /// `/draw [game] [accept|decline]`.
    Draw(Option<GameId>, Answer),
    /// `/takeback [game] [accept|decline]`.
    Takeback(Option<GameId>, Answer),
    /// `/rematch [game]`.
    Rematch(Option<GameId>),
    /// `/mygames`.
    MyGames,
    /// `/top [game] [global]`.
    Top {
        /// One game, or all four.
        kind: Option<GameKind>,
        /// Everyone everywhere instead of this server or group.
        global: bool,
    },
    /// `/rating [@user]`.
    Rating(Option<String>),
    /// `/settings [key value]`.
    Settings(Option<(String, String)>),
    /// `/void <game>` (administrators).
    Void(GameId),
    /// `/config [key value]` (administrators).
    Config(Option<(String, String)>),
}

fn game_id(token: &str) -> Option<GameId> {
    (token.len() == 5).then(|| token.parse().ok()).flatten()
}

fn kind(token: &str, lang: Lang) -> Result<GameKind, Refusal> {
    GameKind::parse(token).map_err(|_| {
        Refusal(tr!(
            lang,
            "I don't know the game `{token}`: try vorcept, yama, gridi or poi (/games lists them).",
            "Я не знаю игру `{token}`: есть vorcept, yama, gridi и poi (список — /games)."
        ))
    })
}

/// Splits off an optional leading game id.
fn with_game<'a>(args: &'a [&'a str]) -> (Option<GameId>, &'a [&'a str]) {
    match args.first().and_then(|t| game_id(t)) {
        Some(id) => (Some(id), &args[1..]),
        None => (None, args),
    }
}

fn answer(args: &[&str], lang: Lang, usage: &str) -> Result<Answer, Refusal> {
    match args.first().map(|a| a.to_lowercase()).as_deref() {
        None | Some("offer") => Ok(Answer::Offer),
        Some("accept" | "yes" | "да" | "принять") => Ok(Answer::Accept),
        Some("decline" | "no" | "нет" | "отклонить") => Ok(Answer::Decline),
        Some(other) => Err(Refusal(tr!(
            lang,
            "`{other}` is not an answer: use {usage}, {usage} accept or {usage} decline.",
            "`{other}` — не ответ: используйте {usage}, {usage} accept или {usage} decline."
        ))),
    }
}

fn no_extra(args: &[&str], lang: Lang, usage: &str) -> Result<(), Refusal> {
    match args.first() {
        None => Ok(()),
        Some(extra) => Err(Refusal(tr!(
            lang,
            "I didn't expect `{extra}` here. Usage: {usage}",
            "Здесь не ожидалось `{extra}`. Формат: {usage}"
        ))),
    }
}

fn pair(args: &[&str]) -> Option<(String, String)> {
    match args {
        [] => None,
        [key] => Some((key.to_lowercase(), String::new())),
        [key, rest @ ..] => Some((key.to_lowercase(), rest.join(" "))),
    }
}

/// Reads a command line. `None` if it is not a command at all (plain chat, ignored).
pub fn parse(line: &str, lang: Lang) -> Option<Result<Command, Refusal>> {
    let line = line.trim();
    let body = line.strip_prefix('/')?;
    let mut words = body.split_whitespace();
    let word = words.next()?.split('@').next().unwrap_or("").to_lowercase();
    let args: Vec<&str> = words.collect();
    Some(command(&word, &args, lang))
}

fn command(word: &str, args: &[&str], lang: Lang) -> Result<Command, Refusal> {
    let (game, rest) = with_game(args);
    Ok(match word {
        "help" | "start" | "помощь" => Command::Help,
        "games" => Command::Games,
        "rules" => match args.first() {
            Some(token) => Command::Rules(kind(token, lang)?),
            None => {
                return Err(Refusal(tr!(
                    lang,
                    "Which game? /rules vorcept, /rules yama, /rules gridi or /rules poi.",
                    "Какая игра? /rules vorcept, /rules yama, /rules gridi или /rules poi."
                )))
            }
        },
        "play" => return play(args, lang),
        "accept" => Command::Accept(one_id(args, lang, "/accept [id]")?),
        "decline" => Command::Decline(one_id(args, lang, "/decline [id]")?),
        "cancel" => Command::Cancel(one_id(args, lang, "/cancel [id]")?),
        "move" | "m" => {
            if rest.is_empty() {
                return Err(Refusal(tr!(
                    lang,
                    "Which move? Write it after the command, e.g. /move c2-c3 (or /move <game id> c2-c3).",
                    "Какой ход? Напишите его после команды, например /move c2-c3 (или /move <id игры> c2-c3)."
                )));
            }
            Command::Move { game, actions: rest.join(" ") }
        }
        "undo" => Command::Undo(one_id(args, lang, "/undo [game]")?),
        "board" => Command::Board(one_id(args, lang, "/board [game]")?),
        "history" => Command::History(one_id(args, lang, "/history [game]")?),
        "export" => Command::Export(one_id(args, lang, "/export [game]")?),
        "status" => Command::Status(one_id(args, lang, "/status [game]")?),
        "resign" => Command::Resign(one_id(args, lang, "/resign [game]")?),
        "rematch" => Command::Rematch(one_id(args, lang, "/rematch [game]")?),
        "hint" => match rest {
            [cell] => Command::Hint { game, cell: cell.to_lowercase() },
            _ => {
                return Err(Refusal(tr!(
                    lang,
                    "Which cell? /hint c3 lists the legal actions of the piece on c3.",
                    "Какая клетка? /hint c3 покажет допустимые ходы фигуры на c3."
                )))
            }
        },
        "draw" => {
            let a = answer(rest, lang, "/draw")?;
            no_extra(rest.get(1..).unwrap_or(&[]), lang, "/draw [game] [accept|decline]")?;
            Command::Draw(game, a)
        }
        "takeback" => {
            let a = answer(rest, lang, "/takeback")?;
            no_extra(rest.get(1..).unwrap_or(&[]), lang, "/takeback [game] [accept|decline]")?;
            Command::Takeback(game, a)
        }
        "mygames" => Command::MyGames,
        "top" => {
            let mut kind_arg = None;
            let mut global = false;
            for token in args {
                if token.eq_ignore_ascii_case("global") {
                    global = true;
                } else {
                    kind_arg = Some(kind(token, lang)?);
                }
            }
            Command::Top { kind: kind_arg, global }
        }
        "rating" => {
            no_extra(args.get(1..).unwrap_or(&[]), lang, "/rating [@user]")?;
            Command::Rating(args.first().map(|s| s.to_string()))
        }
        "settings" => Command::Settings(pair(args)),
        "config" => Command::Config(pair(args)),
        "void" => match game {
            Some(id) if rest.is_empty() => Command::Void(id),
            _ => {
                return Err(Refusal(tr!(
                    lang,
                    "Which game? /void <game id>, e.g. /void k7m2p.",
                    "Какую партию? /void <id партии>, например /void k7m2p."
                )))
            }
        },
        other => {
            return Err(Refusal(tr!(
                lang,
                "I don't know the command /{other}. /help lists the commands.",
                "Я не знаю команду /{other}. Список команд — /help."
            )))
        }
    })
}

fn one_id(args: &[&str], lang: Lang, usage: &str) -> Result<Option<GameId>, Refusal> {
    match args {
        [] => Ok(None),
        [token] => game_id(token).map(Some).ok_or_else(|| {
            Refusal(tr!(
                lang,
                "`{token}` is not an id: ids are five letters and digits such as k7m2p. Usage: {usage}",
                "`{token}` — не id: id состоит из пяти букв и цифр, например k7m2p. Формат: {usage}"
            ))
        }),
        [_, extra, ..] => no_extra(&[extra], lang, usage).map(|_| None),
    }
}

fn play(args: &[&str], lang: Lang) -> Result<Command, Refusal> {
    let Some(first) = args.first() else {
        return Err(Refusal(tr!(
            lang,
            "Which game? /play gridi @opponent, or /play gridi for an open challenge. /games lists the games.",
            "Какая игра? /play gridi @соперник, или /play gridi — открытый вызов. Список игр — /games."
        )));
    };
    let kind = kind(first, lang)?;
    let mut opponents = Vec::new();
    let mut options = Vec::new();
    for token in &args[1..] {
        if token.starts_with('@') || token.starts_with("<@") {
            opponents.push(token.to_string());
        } else if let Some((key, value)) = token.split_once('=') {
            options.push((key.to_lowercase(), value.to_string()));
        } else {
            let name = game_name(kind, lang);
            return Err(Refusal(tr!(
                lang,
                "I can't read `{token}`: after the game ({name}) come @opponents and options as key=value (e.g. clock=1d, rated=no).",
                "Не понимаю `{token}`: после игры ({name}) идут @соперники и параметры вида ключ=значение (например clock=1d, rated=no)."
            )));
        }
    }
    Ok(Command::Play { kind, opponents, options })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line, Lang::En).unwrap().unwrap()
    }

    fn err(line: &str) -> String {
        parse(line, Lang::En).unwrap().unwrap_err().0
    }

    #[test]
    fn commands_read_with_and_without_a_game_id() {
        assert_eq!(
            ok("/m c2-c3 d2-d3"),
            Command::Move { game: None, actions: "c2-c3 d2-d3".into() }
        );
        let id: GameId = "k7m2p".parse().unwrap();
        assert_eq!(
            ok("/move K7M2P pass"),
            Command::Move { game: Some(id), actions: "pass".into() }
        );
        assert_eq!(ok("/draw accept"), Command::Draw(None, Answer::Accept));
        assert_eq!(
            ok("/top gridi global"),
            Command::Top { kind: Some(GameKind::Gridi), global: true }
        );
        assert_eq!(ok("/help@tabletalk_bot"), Command::Help);
        assert!(parse("hello", Lang::En).is_none());
    }

    #[test]
    fn bad_commands_say_what_would_be_right() {
        assert!(err("/play chess").contains("vorcept, yama, gridi or poi"));
        assert!(err("/frobnicate").contains("/help"));
        assert!(err("/move").contains("/move c2-c3"));
        assert!(err("/accept nope!").contains("five letters"));
        assert!(err("/play gridi bob").contains("key=value"));
        assert!(err("/draw perhaps").contains("/draw accept"));
    }
}
