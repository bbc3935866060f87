//! Every command, declared once: name, aliases, arguments, access, help text and handler.
//! To add a command, add one declaration here and write its handler. What reads the whole
//! table (`/help`, the menus, the docs table) is asked here, with the table handed to
//! `listing.rs`.

use super::listing::{self, MenuEntry};
use super::spec::{t, Access, ArgKind, ArgSpec, Args, CommandSpec, Section, Setting, Text};
use crate::core::challenges::{cmd_challenges, cmd_play};
use crate::core::handlers::{
    cmd_admin, cmd_analyse, cmd_help, cmd_me, cmd_move, cmd_nudge, cmd_page, cmd_replay,
    cmd_suggest, cmd_table, cmd_tournament, cmd_view, rules,
};
use crate::core::lang::Lang;

const GAME: Text = t!("game", "партия");
const CHALLENGE: Text = t!("challenge", "вызов");

/// The AI's levels as `/play … ai=<level>` names them, weakest first.
const AI_LEVELS: [&str; 3] =
    [ai::Strength::Easy.word(), ai::Strength::Medium.word(), ai::Strength::Hard.word()];
/// `/play`'s `ai` switch with its levels: the only leveled argument (a platform's menu builder
/// refers to it by name, as a plain function cannot carry the levels).
pub const AI_ARG: ArgSpec = ArgSpec::optional(t!("ai", "ai"), ArgKind::Leveled("ai", &AI_LEVELS));
const OPT_GAME: ArgSpec = ArgSpec::optional(GAME, ArgKind::Game);
const OPT_CHALLENGE: ArgSpec = ArgSpec::optional(CHALLENGE, ArgKind::Challenge);
const ANSWER: ArgSpec = ArgSpec::optional(t!("answer", "ответ"), ArgKind::Answer);

const PLAYER_SETTINGS: &[Setting] = &[
    Setting {
        key: "language",
        aliases: &["lang", "язык"],
        values: "en|ru|auto",
        about: t!("the language of my replies (auto: your app's)", "язык ответов (auto — как в приложении)"),
    },
    Setting {
        key: "dm",
        aliases: &["notifications"],
        values: "on|off",
        about: t!(
            "a direct message when it is your turn, and reminders sent directly too",
            "личное сообщение о вашем ходе, и напоминания тоже лично"
        ),
    },
    Setting {
        key: "vacation",
        aliases: &["отпуск"],
        values: "<days>|off|auto|manual",
        about: t!(
            "take days away (30 a year; your clocks wait); auto (the default): a timeout at a clock of a day or more spends a day instead, 24 h more; manual: it does not",
            "взять дни отпуска (30 в год; ваши часы ждут); auto (по умолчанию): нехватка времени при часах от суток тратит день, ещё 24 ч; manual — нет"
        ),
    },
    Setting {
        key: "remind",
        aliases: &["reminders", "напоминания"],
        values: "24h,1h|off|default",
        about: t!(
            "when reminders come before a deadline (default: 24 h and 10 % left)",
            "когда напоминать до срока (по умолчанию: за 24 ч и при 10 % времени)"
        ),
    },
    Setting {
        key: "timezone",
        aliases: &["tz", "пояс"],
        values: "Europe/Moscow|UTC",
        about: t!(
            "your time zone: your weekend and the deadlines shown to you (default: UTC)",
            "ваш часовой пояс: по нему выходные и показ сроков (по умолчанию UTC)"
        ),
    },
    Setting {
        key: "weekend",
        aliases: &["weekends", "выходные"],
        values: "sat,sun|off",
        about: t!(
            "your weekend days (default: sat,sun): in games with weekends=pause your clock stops on them",
            "ваши выходные (по умолчанию сб,вс): в партиях с weekends=pause ваши часы в эти дни стоят"
        ),
    },
    Setting {
        key: "digest",
        aliases: &["сводка"],
        values: "daily 09:00|off",
        about: t!(
            "one direct message a day at that time in your time zone, listing every game waiting for your move with small boards (default: off; none on a day when nothing waits)",
            "одно личное сообщение в день в это время по вашему поясу: все партии, где ждут вашего хода, с маленькими досками (по умолчанию выкл.; если ничего не ждёт — сообщения нет)"
        ),
    },
];
const CHAT_SETTINGS: &[Setting] = &[
    Setting {
        key: "clock",
        aliases: &[],
        values: "1h|8h|1d|3d|7d|14d|none|7d+1d<=10d",
        about: t!(
            "the clock of new challenges here (3d by default)",
            "часы новых вызовов здесь (по умолчанию 3d)"
        ),
    },
    Setting {
        key: "boards",
        aliases: &[],
        values: "on|off",
        about: t!("whether boards are posted as pictures", "публиковать ли доски картинками"),
    },
    Setting {
        key: "threads",
        aliases: &[],
        values: "on|off",
        about: t!("a thread (or topic) for each game", "отдельная ветка (тема) для каждой партии"),
    },
];

const TOURNAMENT_ACTIONS: &[Setting] = &[
    Setting {
        key: "new",
        aliases: &[],
        values: "<name> <game> format=swiss|rr|drr|ladder|league rounds=N max=N start=now|2h|<time> rated=yes|no vacation=yes|no [clock=3d] [ladder: reach=N open=N] [league: size=N up=K down=K] [POI Control: table=3|4] [game options]",
        about: t!(
            "create an event (administrators; the name is one word; POI Control at tables of table=3|4)",
            "создать турнир (администраторы; название — одно слово; POI Control — столы table=3|4)"
        ),
    },
    Setting {
        key: "join",
        aliases: &[],
        values: "<name>",
        about: t!(
            "enter an event before it starts (a ladder any time; a league any time, for its next season)",
            "записаться в турнир до начала (на лестницу и в лигу — когда угодно; в лигу — на следующий сезон)"
        ),
    },
    Setting {
        key: "leave",
        aliases: &[],
        values: "<name>",
        about: t!(
            "leave before the start; after it, withdraw (your games are lost)",
            "выйти до начала; после начала — выбыть (ваши партии проиграны)"
        ),
    },
    Setting {
        key: "start",
        aliases: &[],
        values: "<name>",
        about: t!("start an event now (administrators)", "начать турнир сейчас (администраторы)"),
    },
    Setting {
        key: "list",
        aliases: &[],
        values: "",
        about: t!("the events of this chat", "турниры этого чата"),
    },
    Setting {
        key: "challenge",
        aliases: &[],
        values: "<ladder> <rung|@player>",
        about: t!(
            "challenge someone above you on a ladder; a win takes their rung",
            "вызвать игрока выше вас на лестнице; победа — его ступень ваша"
        ),
    },
    Setting {
        key: "close",
        aliases: &[],
        values: "<name>",
        about: t!(
            "end a ladder or a league, or cancel an event before its start (administrators)",
            "закрыть лестницу или лигу либо отменить турнир до начала (администраторы)"
        ),
    },
    Setting {
        key: "adjudicate",
        aliases: &[],
        values: "<game> 1-0|0-1|draw",
        about: t!(
            "decide an event's game (administrators; from the first seat's side)",
            "решить партию турнира (администраторы; со стороны первого места)"
        ),
    },
];

fn setting(a: &Args) -> Option<(String, String)> {
    a.setting.as_ref().map(|(key, value)| (key.to_string(), value.clone()))
}

/// Every command, in the order `/help` lists them within their sections.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["start", "помощь"],
        args: &[ArgSpec::optional(t!("command", "команда"), ArgKind::Command)],
        access: Access::Anyone,
        section: Section::Learn,
        about: t!("the commands, or one command in detail", "команды или одна команда подробно"),
        examples: &["/help", "/help move"],
        run: |ctx, a| cmd_help::help(ctx, help_text(a.command, ctx.lang)),
    },
    CommandSpec {
        name: "games",
        aliases: &[],
        args: &[],
        access: Access::Anyone,
        section: Section::Learn,
        about: t!("the games, their options and the clocks", "игры, их параметры и часы"),
        examples: &["/games"],
        run: |ctx, _| cmd_help::games(ctx),
    },
    CommandSpec {
        name: "rules",
        aliases: &[],
        args: &[
            ArgSpec::required(t!("game kind", "игра"), ArgKind::Kind),
            ArgSpec::optional(t!("topic", "тема"), ArgKind::Topic),
        ],
        access: Access::Anyone,
        section: Section::Learn,
        about: t!(
            "a game's rules: a summary and its topics, or one topic (setup, turn, moves, winning, notation…)",
            "правила игры: кратко и список тем или одна тема (setup, turn, moves, winning, notation…)"
        ),
        examples: &["/rules gridi", "/rules gridi moves", "/rules vorcept setup"],
        run: |ctx, a| rules::rules(ctx, a.kind.expect("required"), a.topic.as_deref()),
    },
    CommandSpec {
        name: "play",
        aliases: &[],
        args: &[
            ArgSpec::required(t!("game kind", "игра"), ArgKind::Kind),
            ArgSpec::optional(t!("@opponent", "@соперник"), ArgKind::Opponents),
            AI_ARG,
            ArgSpec::optional(t!("option=value", "параметр=значение"), ArgKind::Options),
        ],
        access: Access::Anyone,
        section: Section::Start,
        about: t!(
            "challenge someone (no @: anyone may accept), or play the AI (ai, ai=hard)",
            "вызов (без @ — любому) или игра с ИИ (ai, ai=hard)"
        ),
        examples: &[
            "/play gridi @bob",
            "/play poi @bob @carol clock=1d",
            "/play yama rated=no",
            "/play gridi ai",
            "/play vorcept ai=hard",
            "/play poi ai=3",
        ],
        run: |ctx, a| {
            let kind = a.kind.expect("required");
            cmd_play::play(ctx, kind, &a.opponents, &a.options, a.has("ai"))
        },
    },
    CommandSpec {
        name: "accept",
        aliases: &[],
        args: &[OPT_CHALLENGE],
        access: Access::Anyone,
        section: Section::Start,
        about: t!("take a seat in a challenge", "принять вызов"),
        examples: &["/accept", "/accept k7m2p"],
        run: |ctx, a| cmd_play::accept(ctx, a.game),
    },
    CommandSpec {
        name: "decline",
        aliases: &[],
        args: &[OPT_CHALLENGE],
        access: Access::Anyone,
        section: Section::Start,
        about: t!("refuse a challenge made to you", "отклонить адресованный вам вызов"),
        examples: &["/decline k7m2p"],
        run: |ctx, a| cmd_play::decline(ctx, a.game),
    },
    CommandSpec {
        name: "cancel",
        aliases: &[],
        args: &[OPT_CHALLENGE],
        access: Access::Anyone,
        section: Section::Start,
        about: t!("withdraw your challenge", "отозвать свой вызов"),
        examples: &["/cancel k7m2p"],
        run: |ctx, a| cmd_play::cancel(ctx, a.game),
    },
    CommandSpec {
        name: "challenges",
        aliases: &[],
        args: &[],
        access: Access::Anyone,
        section: Section::Start,
        about: t!(
            "challenges pending for you: to you, from you, open here",
            "ожидающие вызовы: вам, от вас, открытые здесь"
        ),
        examples: &["/challenges"],
        run: |ctx, _| cmd_challenges::challenges(ctx),
    },
    CommandSpec {
        name: "move",
        aliases: &["m"],
        args: &[OPT_GAME, ArgSpec::required(t!("actions", "действия"), ArgKind::Actions)],
        access: Access::Anyone,
        section: Section::Play,
        about: t!(
            "play; a turn may come all at once or action by action",
            "ход; его можно прислать целиком или по действию"
        ),
        examples: &["/move c2-c3", "/m k7m2p e4-e6 g2-g9"],
        run: |ctx, a| cmd_move::play_move(ctx, a.game, a.actions.as_deref().unwrap_or("")),
    },
    CommandSpec {
        name: "undo",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Play,
        about: t!("take back your unfinished turn", "отменить незаконченный ход"),
        examples: &["/undo"],
        run: |ctx, a| cmd_move::undo(ctx, a.game),
    },
    CommandSpec {
        name: "hint",
        aliases: &[],
        args: &[OPT_GAME, ArgSpec::required(t!("cell", "клетка"), ArgKind::Cell)],
        access: Access::Anyone,
        section: Section::Play,
        about: t!("the legal actions starting on a cell", "допустимые действия с клетки"),
        examples: &["/hint c1"],
        run: |ctx, a| cmd_view::hint(ctx, a.game, a.cell.as_deref().unwrap_or("")),
    },
    CommandSpec {
        name: "suggest",
        aliases: &["подсказка"],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Play,
        about: t!(
            "the AI's choice for your turn, with the board after it (unrated games only)",
            "ход, который выбрал бы ИИ, и доска после него (только в партиях без рейтинга)"
        ),
        examples: &["/suggest", "/suggest k7m2p"],
        run: |ctx, a| cmd_suggest::suggest(ctx, a.game),
    },
    CommandSpec {
        name: "analyse",
        aliases: &["analyze", "разбор"],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Look,
        about: t!(
            "each player's costliest turns, the AI's better ones, a value curve (ended or unrated games)",
            "самые дорогие ходы игроков, что предпочёл бы ИИ, график оценки (оконченные или без рейтинга)"
        ),
        examples: &["/analyse", "/analyse k7m2p"],
        run: |ctx, a| cmd_analyse::analyse(ctx, a.game),
    },
    CommandSpec {
        name: "board",
        aliases: &[],
        args: &[OPT_GAME, ArgSpec::optional(t!("action number", "номер действия"), ArgKind::Number)],
        access: Access::Anyone,
        section: Section::Look,
        about: t!(
            "the board and whose turn it is, or the position after action N",
            "доска и чей ход, или позиция после действия N"
        ),
        examples: &["/board", "/board k7m2p", "/board k7m2p 12"],
        run: |ctx, a| match a.number {
            Some(n) => cmd_replay::board_at(ctx, a.game, n),
            None => cmd_view::board(ctx, a.game),
        },
    },
    CommandSpec {
        name: "page",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Look,
        about: t!(
            "the game's board to play by taps, for you alone (when the web board is served)",
            "доска партии, где ходят касанием, — только для вас (если веб-доска включена)"
        ),
        examples: &["/page", "/page k7m2p"],
        run: |ctx, a| cmd_page::page(ctx, a.game),
    },
    CommandSpec {
        name: "browse",
        aliases: &[],
        args: &[OPT_GAME, ArgSpec::optional(t!("action number", "номер действия"), ArgKind::Number)],
        access: Access::Anyone,
        section: Section::Look,
        about: t!(
            "a board you can step through with buttons",
            "доска, которую можно листать кнопками"
        ),
        examples: &["/browse", "/browse k7m2p 5"],
        run: |ctx, a| cmd_replay::browse(ctx, a.game, a.number),
    },
    CommandSpec {
        name: "replay",
        aliases: &[],
        args: &[
            OPT_GAME,
            ArgSpec::optional(t!("N", "N"), ArgKind::Bound("from")),
            ArgSpec::optional(t!("M", "M"), ArgKind::Bound("to")),
        ],
        access: Access::Anyone,
        section: Section::Look,
        about: t!("the game as an animated picture", "партия анимированной картинкой"),
        examples: &["/replay", "/replay k7m2p from 10 to 30"],
        run: |ctx, a| cmd_replay::replay(ctx, a.game, a.bound("from"), a.bound("to")),
    },
    CommandSpec {
        name: "status",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Look,
        about: t!("whose turn, the clock, pending offers", "чей ход, часы, предложения"),
        examples: &["/status"],
        run: |ctx, a| cmd_view::status(ctx, a.game),
    },
    CommandSpec {
        name: "history",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Look,
        about: t!("every action, numbered, with who made it", "все действия партии по порядку"),
        examples: &["/history"],
        run: |ctx, a| cmd_view::history(ctx, a.game),
    },
    CommandSpec {
        name: "export",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Look,
        about: t!("the game as text, with the commands that replay it", "партия текстом для CLI"),
        examples: &["/export"],
        run: |ctx, a| cmd_view::export(ctx, a.game),
    },
    CommandSpec {
        name: "resign",
        aliases: &[],
        args: &[OPT_GAME, ArgSpec::optional(t!("confirm", "confirm"), ArgKind::Word("confirm"))],
        access: Access::Anyone,
        section: Section::Table,
        about: t!(
            "resign the game (asks first; confirm to resign)",
            "сдаться (сначала спрошу; confirm — подтвердить)"
        ),
        examples: &["/resign", "/resign k7m2p confirm"],
        run: |ctx, a| cmd_table::resign(ctx, a.game, a.has("confirm")),
    },
    CommandSpec {
        name: "draw",
        aliases: &[],
        args: &[OPT_GAME, ANSWER],
        access: Access::Anyone,
        section: Section::Table,
        about: t!(
            "offer a draw, or accept or decline one (every player must agree)",
            "ничья: предложить, принять или отклонить (согласны должны быть все)"
        ),
        examples: &["/draw", "/draw accept"],
        run: |ctx, a| cmd_table::draw(ctx, a.game, a.answer),
    },
    CommandSpec {
        name: "takeback",
        aliases: &[],
        args: &[OPT_GAME, ANSWER],
        access: Access::Anyone,
        section: Section::Table,
        about: t!(
            "after your turn, ask to take it back; the player to act answers",
            "попросить вернуть свой ход; отвечает тот, кто ходит"
        ),
        examples: &["/takeback", "/takeback decline"],
        run: |ctx, a| cmd_table::takeback(ctx, a.game, a.answer),
    },
    CommandSpec {
        name: "nudge",
        aliases: &["поторопить"],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Table,
        about: t!(
            "remind an opponent whose turn has waited over a day (once a day per game)",
            "поторопить соперника, чей ход ждёт больше суток (раз в сутки на партию)"
        ),
        examples: &["/nudge", "/nudge k7m2p"],
        run: |ctx, a| cmd_nudge::nudge(ctx, a.game),
    },
    CommandSpec {
        name: "rematch",
        aliases: &[],
        args: &[OPT_GAME],
        access: Access::Anyone,
        section: Section::Table,
        about: t!("the same table again, as a challenge", "реванш тем же составом"),
        examples: &["/rematch"],
        run: |ctx, a| cmd_table::rematch(ctx, a.game),
    },
    CommandSpec {
        name: "mygames",
        aliases: &[],
        args: &[],
        access: Access::Anyone,
        section: Section::Me,
        about: t!("your games everywhere, those waiting for you marked", "все ваши партии"),
        examples: &["/mygames"],
        run: |ctx, _| cmd_me::my_games(ctx),
    },
    CommandSpec {
        name: "top",
        aliases: &[],
        args: &[
            ArgSpec::optional(t!("game kind", "игра"), ArgKind::Kind),
            ArgSpec::optional(t!("global", "global"), ArgKind::Word("global")),
        ],
        access: Access::Anyone,
        section: Section::Me,
        about: t!(
            "the leaderboard here (global: everyone)",
            "таблица лидеров здесь (global — среди всех)"
        ),
        examples: &["/top", "/top gridi global"],
        run: |ctx, a| cmd_me::top(ctx, a.kind, a.has("global")),
    },
    CommandSpec {
        name: "rating",
        aliases: &[],
        args: &[ArgSpec::optional(t!("@user", "@игрок"), ArgKind::User)],
        access: Access::Anyone,
        section: Section::Me,
        about: t!("ratings per game, global and here", "рейтинги по играм"),
        examples: &["/rating", "/rating @bob"],
        run: |ctx, a| cmd_me::rating(ctx, a.user.as_deref()),
    },
    CommandSpec {
        name: "settings",
        aliases: &[],
        args: &[ArgSpec::optional(
            t!("setting value", "настройка значение"),
            ArgKind::Setting(PLAYER_SETTINGS),
        )],
        access: Access::Anyone,
        section: Section::Me,
        about: t!(
            "your language, direct messages, vacation, reminders, time zone, weekend, daily digest",
            "ваш язык, личные сообщения, отпуск, напоминания, часовой пояс, выходные, сводка"
        ),
        examples: &[
            "/settings",
            "/settings language ru",
            "/settings dm on",
            "/settings vacation 7",
            "/settings vacation auto",
            "/settings remind 24h,1h",
            "/settings timezone Europe/Moscow",
            "/settings weekend sat,sun",
            "/settings digest daily 09:00",
        ],
        run: |ctx, a| cmd_me::settings(ctx, setting(a)),
    },
    CommandSpec {
        name: "tournament",
        aliases: &["турнир"],
        args: &[ArgSpec::optional(
            t!("action", "действие"),
            ArgKind::Setting(TOURNAMENT_ACTIONS),
        )],
        access: Access::Anyone,
        section: Section::Start,
        about: t!(
            "events in this chat: Swiss, round robin or ladder, created by administrators",
            "турниры в этом чате: швейцарская система, круговой или лестница, создают администраторы"
        ),
        examples: &[
            "/tournament new Spring gridi format=swiss rounds=4 max=16 rated=yes",
            "/tournament join Spring",
            "/tournament start Spring",
            "/tournament list",
            "/tournament adjudicate k7m2p 1-0",
            "/tournament new Club yama format=ladder reach=3",
            "/tournament challenge Club 2",
        ],
        run: |ctx, a| cmd_tournament::tournament(ctx, setting(a)),
    },
    CommandSpec {
        name: "standings",
        aliases: &["таблица"],
        args: &[ArgSpec::optional(t!("event", "турнир"), ArgKind::Topic)],
        access: Access::Anyone,
        section: Section::Look,
        about: t!("an event's standings with tie-breaks", "таблица турнира с дополнительными показателями"),
        examples: &["/standings", "/standings Spring"],
        run: |ctx, a| cmd_tournament::standings(ctx, a.topic.as_deref()),
    },
    CommandSpec {
        name: "void",
        aliases: &[],
        args: &[ArgSpec::required(GAME, ArgKind::Game)],
        access: Access::Admin,
        section: Section::Admin,
        about: t!(
            "the game stops counting; ratings are recomputed",
            "аннулировать партию; рейтинги пересчитываются"
        ),
        examples: &["/void k7m2p"],
        run: |ctx, a| cmd_admin::void(ctx, a.game.expect("required")),
    },
    CommandSpec {
        name: "config",
        aliases: &[],
        args: &[ArgSpec::optional(
            t!("setting value", "настройка значение"),
            ArgKind::Setting(CHAT_SETTINGS),
        )],
        access: Access::AdminToChange,
        section: Section::Admin,
        about: t!(
            "the chat's default clock, whether boards are posted, a thread per game",
            "часы по умолчанию, публикация досок в чате, ветка для каждой партии"
        ),
        examples: &["/config", "/config clock 1d", "/config boards off", "/config threads on"],
        run: |ctx, a| cmd_admin::config(ctx, setting(a)),
    },
];

/// The command that `word` (lowercase, without `/`) names, by name or alias.
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.answers_to(word))
}

/// The `/settings` key a word names (`vacation`, `отпуск`…), for a player who typed a setting as
/// a command (`/vacation 3`).
pub fn player_setting(word: &str) -> Option<&'static Setting> {
    PLAYER_SETTINGS.iter().find(|s| s.key == word || s.aliases.contains(&word))
}

/// `/help`: every command of the table by section, one line each; `/help <command>`: one
/// command in detail.
pub fn help_text(command: Option<&CommandSpec>, lang: Lang) -> String {
    listing::help_text(COMMANDS, command, lang)
}

/// The table's command menu in `lang`, in table order (aliases are not listed: menus show names).
pub fn menu(lang: Lang) -> Vec<MenuEntry> {
    listing::menu(COMMANDS, lang)
}

/// The Markdown table of commands in `docs/bot.md`, generated from the table.
pub fn docs_table() -> String {
    listing::docs_table(COMMANDS)
}
