//! Reading one command line against its declaration. Arguments may come in any order, except
//! that the actions take the rest of the line; every refusal names what was wrong and shows the
//! command's usage.

use data::{GameId, IdProblem};
use engine::{Cell, GameKind};

use super::catalog::{find, player_setting};
use super::spec::{Access, Answer, ArgKind, ArgSpec, Args, CommandSpec, Setting};
use crate::core::lang::Lang;
use crate::core::quoted::{quoted, quoted_char};
use crate::core::Refusal;
use crate::tr;

/// A command line read: the command and its arguments.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The command.
    pub spec: &'static CommandSpec,
    /// Its arguments.
    pub args: Args,
}

impl Parsed {
    /// Whether only an administrator of the chat may run it as given.
    pub fn needs_admin(&self) -> bool {
        match self.spec.access {
            Access::Anyone => false,
            Access::Admin => true,
            Access::AdminToChange => !self.args.is_empty(),
        }
    }
}

/// Whether `line` is a command only an administrator may run (read in English: the language
/// does not change what a command needs).
pub fn needs_admin(line: &str) -> bool {
    parse(line, Lang::En).and_then(Result::ok).is_some_and(|p| p.needs_admin())
}

/// Reads a command line. `None` if it is not a command at all (plain chat, ignored).
pub fn parse(line: &str, lang: Lang) -> Option<Result<Parsed, Refusal>> {
    let body = line.trim().strip_prefix('/')?;
    let (word, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    // `/cmd@BotName` in groups: the bot's name is not part of the command.
    let word = word.split('@').next().unwrap_or("").to_lowercase();
    if word.is_empty() {
        return None;
    }
    // `/start <payload>` comes from a link `t.me/<bot>?start=<payload>`; the bot makes no
    // such links, so the payload means nothing and `/start` is read alone (as /help).
    let rest = if word == "start" { "" } else { rest };
    if let (None, Some(setting)) = (find(&word), player_setting(&word)) {
        let (key, values) = (setting.key, setting.values);
        return Some(Err(Refusal(tr!(
            lang,
            "There is no command /{word}: {key} is a setting. Send /settings {key} {values} to change it.",
            "Команды /{word} нет: {key} — это настройка. Чтобы её изменить, отправьте /settings {key} {values}.",
        ))));
    }
    let Some(spec) = find(&word) else {
        let word = quoted(&word);
        return Some(Err(Refusal(tr!(
            lang,
            "I don't know the command /{word}. /help lists the commands.",
            "Я не знаю команду /{word}. Список команд — /help."
        ))));
    };
    Some(read_args(spec, rest, lang).map(|args| Parsed { spec, args }))
}

/// One argument taken from the line: how many words it used.
enum Take {
    /// It took this many words.
    Words(usize),
    /// It does not fit here; the refusal says why.
    No(Refusal),
    /// The word is of this kind but wrong (an option given twice, a cell off the alphabet):
    /// its refusal is the most telling one.
    Wrong(Refusal),
}

fn read_args(spec: &'static CommandSpec, rest: &str, lang: Lang) -> Result<Args, Refusal> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut args = Args::default();
    let mut filled = vec![false; spec.args.len()];
    let mut at = 0;
    while at < words.len() {
        // The refusal to show if no argument takes the word, ranked: the word's own kind
        // (3), else a required argument (2), else the first that tried (1), a fixed word last.
        let mut first_no: Option<(u8, Refusal)> = None;
        let mut taken = None;
        for i in by_precedence(spec) {
            let arg = &spec.args[i];
            if filled[i]
                || waits(spec, i, &filled)
                || leaves_no_action(spec, i, &filled, words.len() - at)
            {
                continue;
            }
            match take(arg, &words[at..], &mut args, lang) {
                Take::Words(n) => {
                    filled[i] = !many(arg.kind);
                    taken = Some(n);
                    break;
                }
                Take::No(why) => {
                    // A fixed word's "not `global`" says least.
                    let rank = match arg.kind {
                        ArgKind::Word(_) | ArgKind::Leveled(..) | ArgKind::Bound(_) => 0,
                        _ => 1 + u8::from(arg.required),
                    };
                    if first_no.as_ref().is_none_or(|(r, _)| rank > *r) {
                        first_no = Some((rank, why));
                    }
                }
                Take::Wrong(why) => {
                    if first_no.as_ref().is_none_or(|(r, _)| *r < 3) {
                        first_no = Some((3, why));
                    }
                }
            }
        }
        match (taken, first_no.map(|(_, why)| why)) {
            (Some(n), _) => at += n,
            (None, Some(why)) => return Err(with_usage(why, spec, lang)),
            (None, None) => {
                let extra = words[at];
                return Err(with_usage(
                    Refusal(tr!(
                        lang,
                        "I didn't expect `{extra}` here.",
                        "Здесь не ожидалось `{extra}`."
                    )),
                    spec,
                    lang,
                ));
            }
        }
    }
    if let Some(missing) = spec.args.iter().zip(&filled).find(|(a, f)| a.required && !**f) {
        return Err(with_usage(Refusal(missing_text(missing.0, lang)), spec, lang));
    }
    Ok(args)
}

/// The order in which the arguments try a word: fixed words and names first (so `accept` is an
/// answer before it could be an id), then ids, cells and mentions, and the rest of the line last.
fn by_precedence(spec: &CommandSpec) -> Vec<usize> {
    let rank = |kind: ArgKind| match kind {
        ArgKind::Word(_)
        | ArgKind::Leveled(..)
        | ArgKind::Answer
        | ArgKind::Kind
        | ArgKind::Setting(_)
        | ArgKind::Command
        | ArgKind::Bound(_) => 0,
        ArgKind::Actions => 2,
        _ => 1,
    };
    let mut order: Vec<usize> = (0..spec.args.len()).collect();
    order.sort_by_key(|&i| rank(spec.args[i].kind));
    order
}

/// Whether argument `i` must wait: a free word ([`ArgKind::Topic`]) takes any word, so it
/// takes one only once the required arguments declared before it are given (`/rules chess`
/// is then refused as an unknown game, not read as a topic of no game).
fn waits(spec: &CommandSpec, i: usize, filled: &[bool]) -> bool {
    spec.args[i].kind == ArgKind::Topic
        && spec.args[..i].iter().zip(filled).any(|(arg, given)| arg.required && !given)
}

/// Whether an optional game id would take the last word while the actions are still wanted:
/// `/move c5xc4` is a move (an id alone could only be refused as "Which move?"), whatever the
/// word's length.
fn leaves_no_action(spec: &CommandSpec, i: usize, filled: &[bool], words_left: usize) -> bool {
    let arg = &spec.args[i];
    arg.kind == ArgKind::Game
        && !arg.required
        && words_left == 1
        && spec.args.iter().zip(filled).any(|(a, f)| a.kind == ArgKind::Actions && a.required && !f)
}

/// Whether an argument may take several words one by one (it is never "filled").
const fn many(kind: ArgKind) -> bool {
    matches!(kind, ArgKind::Opponents | ArgKind::Options)
}

fn with_usage(why: Refusal, spec: &CommandSpec, lang: Lang) -> Refusal {
    let usage = spec.usage(lang);
    let name = spec.name;
    Refusal(tr!(
        lang,
        "{why} Usage: {usage} (/help {name} explains it).",
        "{why} Формат: {usage} (подробнее — /help {name}).",
        why = why.0
    ))
}

fn missing_text(arg: &ArgSpec, lang: Lang) -> String {
    match arg.kind {
        ArgKind::Game => tr!(lang, "Which game?", "Какая партия?"),
        ArgKind::Challenge => tr!(lang, "Which challenge?", "Какой вызов?"),
        ArgKind::Kind => tr!(
            lang,
            "Which game? vorcept, yama, gridi or poi (/games lists them).",
            "Какая игра? vorcept, yama, gridi или poi (список — /games)."
        ),
        ArgKind::Cell => tr!(lang, "Which cell?", "Какая клетка?"),
        ArgKind::Actions => tr!(
            lang,
            "Which move? Write it after the command.",
            "Какой ход? Напишите его после команды."
        ),
        _ => {
            let name = arg.name.get(lang);
            tr!(lang, "`{name}` is missing.", "Не хватает: `{name}`.")
        }
    }
}

fn take(arg: &ArgSpec, words: &[&str], args: &mut Args, lang: Lang) -> Take {
    let word = words[0];
    let shown = quoted(word);
    let one = |ok: bool, why: String| if ok { Take::Words(1) } else { Take::No(Refusal(why)) };
    match arg.kind {
        ArgKind::Game | ArgKind::Challenge => match read_id(word, lang) {
            Ok(id) => {
                args.game = Some(id);
                Take::Words(1)
            }
            Err(why) if looks_like_id(word) => Take::Wrong(why),
            Err(why) => Take::No(why),
        },
        ArgKind::Kind => match GameKind::parse(word) {
            Ok(kind) => {
                args.kind = Some(kind);
                Take::Words(1)
            }
            Err(_) => Take::No(Refusal(tr!(
                lang,
                "I don't know the game `{shown}`: try vorcept, yama, gridi or poi (/games lists them).",
                "Я не знаю игру `{shown}`: есть vorcept, yama, gridi и poi (список — /games)."
            ))),
        },
        ArgKind::Opponents => {
            let ok = is_mention(word);
            if ok {
                args.opponents.push(word.to_string());
            }
            one(ok, tr!(
                lang,
                "I can't read `{shown}`: name opponents with @ (pick them from the list as you type @) and give options as key=value (e.g. clock=1d, rated=no).",
                "Не понимаю `{shown}`: соперников указывают через @ (выберите из списка при вводе @), параметры — как ключ=значение (например clock=1d, rated=no)."
            ))
        }
        ArgKind::User => {
            let ok = is_mention(word);
            if ok {
                args.user = Some(word.to_string());
            }
            one(ok, tr!(
                lang,
                "`{shown}` is not a mention: name the player with @.",
                "`{shown}` — не упоминание: укажите игрока через @."
            ))
        }
        ArgKind::Options => read_option(word, args, lang),
        ArgKind::Cell if Cell::parse(word).is_ok() => {
            args.cell = Some(word.to_lowercase());
            Take::Words(1)
        }
        ArgKind::Cell => {
            let why = Refusal(tr!(
                lang,
                "`{shown}` is not a cell: cells are a letter from a to p and a number, such as c3.",
                "`{shown}` — не клетка: клетка — это буква от a до p и число, например c3."
            ));
            if looks_like_cell(word) {
                Take::Wrong(why)
            } else {
                Take::No(why)
            }
        }
        ArgKind::Actions => {
            args.actions = Some(words.join(" "));
            Take::Words(words.len())
        }
        ArgKind::Answer => match answer(word) {
            Some(a) => {
                args.answer = a;
                Take::Words(1)
            }
            None => Take::No(Refusal(tr!(
                lang,
                "`{shown}` is not an answer: accept or decline (nothing makes an offer).",
                "`{shown}` — не ответ: accept или decline (без ответа — предложение)."
            ))),
        },
        ArgKind::Word(expected) | ArgKind::Leveled(expected, _) => {
            let ok = word.eq_ignore_ascii_case(expected);
            if ok {
                args.words.push(expected);
            }
            one(ok, tr!(lang, "`{shown}` is not `{expected}`.", "`{shown}` — не `{expected}`."))
        }
        ArgKind::Setting(settings) => read_setting(settings, words, args, lang),
        ArgKind::Command => {
            let name = word.trim_start_matches('/').to_lowercase();
            match find(&name) {
                Some(spec) => {
                    args.command = Some(spec);
                    Take::Words(1)
                }
                None => Take::No(Refusal(tr!(
                    lang,
                    "There is no command /{}.",
                    "Команды /{} нет.",
                    quoted(&name)
                ))),
            }
        }
        ArgKind::Topic => {
            args.topic = Some(word.to_string());
            Take::Words(1)
        }
        ArgKind::Bound(expected) if word.eq_ignore_ascii_case(expected) => {
            match words.get(1).and_then(|n| n.parse::<u64>().ok()) {
                Some(n) => {
                    args.bounds.push((expected, n));
                    Take::Words(2)
                }
                None => Take::Wrong(Refusal(tr!(
                    lang,
                    "`{expected}` needs an action number after it, e.g. {expected} 12.",
                    "После `{expected}` нужен номер действия, например {expected} 12."
                ))),
            }
        }
        ArgKind::Bound(expected) => Take::No(Refusal(tr!(
            lang,
            "`{shown}` is not `{expected}`.",
            "`{shown}` — не `{expected}`."
        ))),
        ArgKind::Number => match word.parse::<u64>() {
            Ok(n) => {
                args.number = Some(n);
                Take::Words(1)
            }
            Err(_) => Take::No(Refusal(tr!(
                lang,
                "`{shown}` is not a number here: give a whole number from 0 up, such as 12.",
                "`{shown}` здесь не подходит: нужно целое число от 0 и больше, например 12."
            ))),
        },
    }
}

/// Five to twelve latin letters and digits: meant as an id, even if it is not one.
fn looks_like_id(word: &str) -> bool {
    (5..=12).contains(&word.chars().count()) && word.chars().all(|c| c.is_alphanumeric())
}

/// A letter and a number: meant as a cell, even if it is not one.
fn looks_like_cell(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(char::is_alphabetic)
        && chars.as_str().len() <= 2
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn is_mention(word: &str) -> bool {
    (word.starts_with('@') && word.len() > 1) || word.starts_with("<@")
}

fn answer(word: &str) -> Option<Answer> {
    match word.to_lowercase().as_str() {
        "offer" => Some(Answer::Offer),
        "accept" | "yes" | "да" | "принять" => Some(Answer::Accept),
        "decline" | "no" | "нет" | "отклонить" => Some(Answer::Decline),
        _ => None,
    }
}

/// A game or challenge id, or the real reason the word is not one.
pub(crate) fn read_id(word: &str, lang: Lang) -> Result<GameId, Refusal> {
    let problem = match word.parse::<GameId>() {
        Ok(id) => return Ok(id),
        Err(bad) => bad.problem,
    };
    let shown = quoted(word);
    let why = match problem {
        IdProblem::Empty | IdProblem::Space => tr!(lang, "it is empty", "он пуст"),
        IdProblem::TooShort(n) => {
            tr!(lang, "ids have five characters, this has {n}", "в id пять знаков, а здесь {n}")
        }
        IdProblem::TooLong(n) => {
            tr!(lang, "{n} characters is too long for an id", "{n} знаков — слишком длинно для id")
        }
        IdProblem::LookAlike(c) => tr!(
            lang,
            "ids never contain `{c}`: they leave out 0, o, 1, l and i, which look alike",
            "в id не бывает `{c}`: в них нет 0, o, 1, l и i, которые легко спутать",
            c = quoted_char(c)
        ),
        IdProblem::NotLatin(c) => tr!(
            lang,
            "`{c}` is not a latin letter: ids use latin letters and digits 2-9 (check the keyboard layout)",
            "`{c}` — не латинская буква: id состоит из латинских букв и цифр 2-9 (проверьте раскладку)",
            c = quoted_char(c)
        ),
        IdProblem::Character(c) => tr!(
            lang,
            "`{c}` is never in an id: ids use latin letters and digits 2-9",
            "`{c}` не бывает в id: он состоит из латинских букв и цифр 2-9",
            c = quoted_char(c)
        ),
    };
    Err(Refusal(tr!(lang, "`{shown}` is not an id: {why}.", "`{shown}` — не id: {why}.")))
}

fn read_option(word: &str, args: &mut Args, lang: Lang) -> Take {
    let shown = quoted(word);
    let Some((key, value)) = word.split_once('=') else {
        return Take::No(Refusal(tr!(
            lang,
            "I can't read `{shown}`: options are key=value (e.g. clock=1d, rated=no).",
            "Не понимаю `{shown}`: параметры пишутся как ключ=значение (например clock=1d, rated=no)."
        )));
    };
    let key = key.to_lowercase();
    if key.is_empty() {
        return Take::Wrong(Refusal(tr!(
            lang,
            "`{shown}` has no option name before `=`.",
            "В `{shown}` нет названия параметра перед `=`."
        )));
    }
    if let Some((_, first)) = args.options.iter().find(|(k, _)| *k == key) {
        return Take::Wrong(Refusal(tr!(
            lang,
            "`{key}` is given twice ({key}={first} and {shown}); give each option once.",
            "`{key}` указан дважды ({key}={first} и {shown}); каждый параметр — один раз.",
            key = quoted(&key),
            first = quoted(first)
        )));
    }
    args.options.push((key, value.to_string()));
    Take::Words(1)
}

fn read_setting(settings: &[Setting], words: &[&str], args: &mut Args, lang: Lang) -> Take {
    let typed = words[0].to_lowercase();
    let Some(setting) = settings.iter().find(|s| s.key == typed || s.aliases.contains(&&*typed))
    else {
        let known: Vec<&str> = settings.iter().map(|s| s.key).collect();
        let known = known.join(", ");
        return Take::No(Refusal(tr!(
            lang,
            "I don't know the setting `{typed}`: {known}.",
            "Нет настройки `{typed}`: есть {known}.",
            typed = quoted(&typed)
        )));
    };
    let (key, values) = (setting.key, setting.values);
    if words.len() < 2 && values.is_empty() {
        // A setting without values (`/tournament list`) is complete by its name.
        args.setting = Some((key, String::new()));
        return Take::Words(1);
    }
    if words.len() < 2 {
        return Take::Wrong(Refusal(tr!(
            lang,
            "`{key}` needs a value: {key} {values}.",
            "Для `{key}` нужно значение: {key} {values}."
        )));
    }
    args.setting = Some((key, words[1..].join(" ")));
    Take::Words(words.len())
}
