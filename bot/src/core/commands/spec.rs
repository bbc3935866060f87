//! The shape of a command declaration: its name, aliases, arguments with their kinds, who may
//! run it, and its words in English and Russian. Everything that lists commands — parsing,
//! `/help`, the platforms' command menus and slash commands, the table in `docs/bot.md` — reads
//! these declarations (`catalog.rs`), so a command is declared exactly once.
//!
//! Also what a line read against a declaration carries ([`Args`]): a declaration's handler takes
//! it and `/help <command>` reads a declaration into it, so the two shapes live together.

use data::GameId;
use engine::GameKind;

use crate::core::lang::Lang;
use crate::core::{Ctx, Outcome};

/// A text in both reply languages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// Russian.
    pub ru: &'static str,
}

impl Text {
    /// The text in `lang`.
    pub const fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Ru => self.ru,
        }
    }
}

/// A text in both languages: `t!("english", "русский")`.
macro_rules! t {
    ($en:expr, $ru:expr) => {
        $crate::core::commands::Text { en: $en, ru: $ru }
    };
}
pub(crate) use t;

/// What an argument holds. Each kind fills one field of [`Args`] and tells the platforms how
/// to offer it (Discord option types, autocomplete).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArgKind {
    /// A game's short id (`k7m2p`).
    Game,
    /// A challenge's short id.
    Challenge,
    /// Which game: vorcept, yama, gridi or poi.
    Kind,
    /// `@` mentions of opponents, any number.
    Opponents,
    /// One `@` mention.
    User,
    /// `key=value` options, any number, each key once.
    Options,
    /// A board cell (`c3`).
    Cell,
    /// The rest of the line: one or more actions.
    Actions,
    /// An answer to an offer: `accept` or `decline` (absent: offer).
    Answer,
    /// A fixed word that switches something on (`global`, `confirm`).
    Word(&'static str),
    /// A fixed word that switches something on, typed alone (`ai`) or with one of its levels as
    /// an option (`ai=hard`, read by [`ArgKind::Options`]). A platform with menus offers the
    /// levels as a choice.
    Leveled(&'static str, &'static [&'static str]),
    /// A setting's name and its value (the rest of the line).
    Setting(&'static [Setting]),
    /// The name of a command (`/help move`).
    Command,
    /// A whole number (an action number).
    Number,
    /// A fixed word followed by a whole number (`from 12`).
    Bound(&'static str),
    /// One free word the handler checks (a topic of `/rules`); its refusal lists the words
    /// there are, which depend on another argument (the game).
    Topic,
}

/// A setting a command can change: its name, other names it answers to, and its values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setting {
    /// The name, as typed.
    pub key: &'static str,
    /// Other names for it (`lang`, `язык`).
    pub aliases: &'static [&'static str],
    /// The values, as shown in usage (`en|ru|auto`).
    pub values: &'static str,
    /// What it sets and its default, one line (`/help <command>` lists every setting).
    pub about: Text,
}

/// One argument of a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ArgSpec {
    /// Its placeholder in usage lines (`game`, `партия`).
    pub name: Text,
    /// What it holds.
    pub kind: ArgKind,
    /// Whether the command needs it.
    pub required: bool,
}

impl ArgSpec {
    /// An argument the command needs.
    pub const fn required(name: Text, kind: ArgKind) -> ArgSpec {
        ArgSpec { name, kind, required: true }
    }

    /// An argument that may be left out.
    pub const fn optional(name: Text, kind: ArgKind) -> ArgSpec {
        ArgSpec { name, kind, required: false }
    }
}

/// Who may run a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Access {
    /// Everyone (the handler checks seats and turns).
    Anyone,
    /// Only administrators of the chat.
    Admin,
    /// Everyone may look; only administrators may change (when any argument is given).
    AdminToChange,
}

/// Where `/help` lists a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Section {
    /// Finding out: help, games, rules.
    Learn,
    /// Challenges.
    Start,
    /// Moves.
    Play,
    /// Looking at a game.
    Look,
    /// Decisions of the table.
    Table,
    /// The player's own things.
    Me,
    /// The chat's administrators.
    Admin,
}

impl Section {
    /// Every section, in the order `/help` lists them.
    pub const ALL: [Section; 7] = [
        Section::Learn,
        Section::Start,
        Section::Play,
        Section::Look,
        Section::Table,
        Section::Me,
        Section::Admin,
    ];

    /// The heading in `/help`.
    pub const fn title(self) -> Text {
        match self {
            Section::Learn => t!("Learn", "Узнать"),
            Section::Start => t!("Start a game", "Начать партию"),
            Section::Play => t!("Play", "Играть"),
            Section::Look => t!("Look at a game", "Посмотреть партию"),
            Section::Table => t!("At the table", "За столом"),
            Section::Me => t!("You", "Вы"),
            Section::Admin => t!("Administrators", "Администраторам"),
        }
    }
}

/// The function that carries out a command.
pub(crate) type Handler = fn(&Ctx, &Args) -> Outcome;

/// One command, declared once.
#[derive(Clone, Copy)]
pub struct CommandSpec {
    /// The name typed after `/` (lowercase latin, as the platforms require).
    pub name: &'static str,
    /// Other names it answers to (`m` for `move`).
    pub aliases: &'static [&'static str],
    /// Its arguments, in the order usage shows them.
    pub args: &'static [ArgSpec],
    /// Who may run it.
    pub access: Access,
    /// Where `/help` lists it.
    pub section: Section,
    /// One line: what it does (also the platforms' command description).
    pub about: Text,
    /// Examples of whole command lines, shown by `/help <command>`.
    pub examples: &'static [&'static str],
    /// What carries it out.
    pub(crate) run: Handler,
}

impl std::fmt::Debug for CommandSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandSpec").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Commands are the same when their names are (names are unique in the table).
impl PartialEq for CommandSpec {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for CommandSpec {}

impl CommandSpec {
    /// Whether `word` (lowercase, without `/`) names this command.
    pub fn answers_to(&self, word: &str) -> bool {
        self.name == word || self.aliases.contains(&word)
    }

    /// The usage line: `/move [game] <actions>`.
    pub fn usage(&self, lang: Lang) -> String {
        let mut line = format!("/{}", self.name);
        for arg in self.args {
            let name = arg.name.get(lang);
            let shown = match arg.kind {
                ArgKind::Word(word) | ArgKind::Leveled(word, _) => word.to_string(),
                ArgKind::Answer => "accept|decline".to_string(),
                ArgKind::Bound(word) => format!("{word} {name}"),
                ArgKind::Opponents | ArgKind::Options => format!("{name} …"),
                _ => name.to_string(),
            };
            line.push(' ');
            line.push_str(&if arg.required { format!("<{shown}>") } else { format!("[{shown}]") });
        }
        line
    }
}

/// An answer to an offer (draw, takeback).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Answer {
    /// Make the offer (or agree, if the other side already offered).
    #[default]
    Offer,
    /// Agree to the standing offer.
    Accept,
    /// Turn it down (or withdraw one's own).
    Decline,
}

/// What a command line said, argument by argument.
///
/// [`ArgKind::Game`] and [`ArgKind::Challenge`] both fill `game` (the two kinds
/// of short id are read alike; the declaration says which one a command wants).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Args {
    /// A game or challenge id.
    pub game: Option<GameId>,
    /// Which game.
    pub kind: Option<GameKind>,
    /// `@` tokens naming opponents, as typed.
    pub opponents: Vec<String>,
    /// One `@` token naming a user, as typed.
    pub user: Option<String>,
    /// `key=value` options, keys lowercased, each key once.
    pub options: Vec<(String, String)>,
    /// A cell, lowercased.
    pub cell: Option<String>,
    /// The actions, as typed.
    pub actions: Option<String>,
    /// The answer to an offer.
    pub answer: Answer,
    /// The fixed words given (`global`, `confirm`).
    pub words: Vec<&'static str>,
    /// A setting's name (as declared) and its value.
    pub setting: Option<(&'static str, String)>,
    /// A command named (`/help move`).
    pub command: Option<&'static CommandSpec>,
    /// A whole number.
    pub number: Option<u64>,
    /// A free word, as typed (a `/rules` topic).
    pub topic: Option<String>,
    /// Fixed words with their numbers (`from 12`).
    pub bounds: Vec<(&'static str, u64)>,
}

impl Args {
    /// Whether the fixed word `word` was given.
    pub fn has(&self, word: &str) -> bool {
        self.words.contains(&word)
    }

    /// The number given after the fixed word `word`.
    pub fn bound(&self, word: &str) -> Option<u64> {
        self.bounds.iter().find(|(w, _)| *w == word).map(|(_, n)| *n)
    }

    /// Whether nothing at all was given.
    pub fn is_empty(&self) -> bool {
        *self == Args::default()
    }
}
