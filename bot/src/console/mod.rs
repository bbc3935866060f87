//! The local console: a group chat in the terminal. Lines from standard input are commands of
//! the current user; `/as <name>` switches the user, `/wait <duration>` moves the console's
//! clock forward (to try clocks and reminders), `/quit` leaves. Replies are printed; images are
//! written to files whose paths are printed. The store is on disk, so a game continues after a
//! restart. Because it only reads lines, it can be scripted: `tabletalk console < script.txt`.
//! Its terminal is an `Outlet` ([`page::Page`]): owed posts reach it through the same delivery
//! loop as a platform's. With `TABLETALK_WEB_URL` set it also serves the web board ([`web`]).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use data::{ChatRef, Platform, SledStore, StoreConfig, Timestamp, DEFAULT_DATA_DIR};

use crate::core::{ChatKind, Core, Event, Input, Reply};
use crate::delivery::deliver_due;
use crate::scheduler;
use crate::wall_clock::system_now;
use crate::web::WebSettings;
use page::Page;
use web::Heard;

mod lines;
mod page;
mod web;

pub use lines::Lines;

/// The environment variable naming the data directory.
pub const DATA_DIR_ENV: &str = "TABLETALK_DATA_DIR";

/// Where the console keeps its store and images.
#[derive(Clone, Debug)]
pub struct ConsoleConfig {
    /// The store's directory.
    pub data_dir: PathBuf,
    /// The user acting at start.
    pub user: String,
}

impl ConsoleConfig {
    /// From `--data <dir>` in `args`, else `TABLETALK_DATA_DIR`, else `./tabletalk-data`.
    /// Refused when `TABLETALK_DATABASE_URL` is set (see [`refuse_shared_store`]).
    pub fn from_args(args: &[String]) -> Result<ConsoleConfig, ConsoleRefusal> {
        refuse_shared_store(std::env::var(DATABASE_URL_ENV).ok().as_deref())?;
        let mut data_dir = std::env::var_os(DATA_DIR_ENV)
            .map_or_else(|| PathBuf::from(DEFAULT_DATA_DIR), PathBuf::from);
        let mut i = 0;
        while i < args.len() {
            match args[i].as_str() {
                "--data" => {
                    data_dir =
                        args.get(i + 1).map(PathBuf::from).ok_or(ConsoleRefusal::NoDirectory)?;
                    i += 2;
                }
                other => return Err(ConsoleRefusal::UnknownArgument(other.to_string())),
            }
        }
        Ok(ConsoleConfig { data_dir, user: "alice".into() })
    }
}

/// The variable naming the service's PostgreSQL store.
const DATABASE_URL_ENV: &str = "TABLETALK_DATABASE_URL";

/// The console plays on a local sled store only. With `TABLETALK_DATABASE_URL` set the operator
/// means the service's shared store, and a console quietly writing a separate sled store
/// beside it would look like lost games: so it refuses and says why.
pub fn refuse_shared_store(database_url: Option<&str>) -> Result<(), ConsoleRefusal> {
    match database_url {
        Some(url) if !url.trim().is_empty() => Err(ConsoleRefusal::SharedStore),
        _ => Ok(()),
    }
}

/// Why the console would not start.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleRefusal {
    /// `TABLETALK_DATABASE_URL` is set (see [`refuse_shared_store`]).
    #[error(
        "{DATABASE_URL_ENV} is set, but the console plays only on a local store (--data <dir> \
         or TABLETALK_DATA_DIR), never on the service's PostgreSQL store; unset \
         {DATABASE_URL_ENV} to play locally"
    )]
    SharedStore,
    /// `--data` without a directory.
    #[error("--data needs a directory")]
    NoDirectory,
    /// An argument the console does not take.
    #[error("unknown console argument `{0}` (try --data <dir>)")]
    UnknownArgument(String),
}

/// The most scheduler ticks run after one command: enough for a draw answer and the turns of
/// three AI seats, bounded in case something stays due.
const MAX_TICKS_AFTER_COMMAND: usize = 8;

/// The console's chat.
pub fn chat() -> ChatRef {
    ChatRef { platform: Platform::Console, chat: "console".into(), community: None }
}

/// A console session over a core.
#[derive(Debug)]
pub struct Console {
    core: Arc<Core>,
    /// What the web board's moves posted here, when the console serves it.
    heard: Option<Heard>,
    user: String,
    images: PathBuf,
    offset_ms: u64,
    language: Option<String>,
    /// Images written so far (their files are numbered, continuing after a restart).
    image_count: usize,
}

impl Console {
    /// A session over `core`, writing images under `images`.
    pub fn new(core: Core, images: PathBuf, user: String) -> Console {
        let language = std::env::var("LANG").ok().filter(|l| l.starts_with("ru"));
        let image_count = std::fs::read_dir(&images).map_or(0, |dir| dir.count());
        let core = Arc::new(core);
        Console { core, heard: None, user, images, offset_ms: 0, language, image_count }
    }

    /// Reads commands from `input` until it ends or `/quit`, printing replies on `out`.
    /// `now` is the real clock (the console adds its `/wait` offset).
    pub fn run(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        now: &dyn Fn() -> Timestamp,
    ) -> std::io::Result<()> {
        self.run_lines(&mut Lines::Read(input), out, now)
    }

    /// [`Console::run`] over any source of lines; while the source is idle (a terminal's lines
    /// read on their own thread), what the web board's moves posted is printed, and the AI
    /// seats answer them.
    pub fn run_lines(
        &mut self,
        input: &mut Lines<'_>,
        out: &mut dyn Write,
        now: &dyn Fn() -> Timestamp,
    ) -> std::io::Result<()> {
        writeln!(out, "tabletalk console — you are {}. /help lists commands; /as <name> switches user; /wait 1d moves time; /quit leaves.", self.user)?;
        // Posts owed from before a restart (a crash between a commit and its post) go out first.
        let start = Timestamp(now().0 + self.offset_ms);
        self.deliver(start, out);
        loop {
            let bytes = match input.take()? {
                lines::Next::Line(bytes) => bytes,
                lines::Next::Idle => {
                    self.heard_from_the_web(Timestamp(now().0 + self.offset_ms), out)?;
                    continue;
                }
                lines::Next::End => break,
            };
            // A line that is not UTF-8 is refused on its own; the next line is read as usual.
            let Ok(line) = std::str::from_utf8(&bytes) else {
                writeln!(
                    out,
                    "  that line is not valid UTF-8 text, so it was ignored; type it again"
                )?;
                continue;
            };
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            writeln!(out, "{}> {text}", self.user)?;
            let at = Timestamp(now().0 + self.offset_ms);
            if !self.local(text, out)? {
                break;
            }
            let at = Timestamp(at.0.max(now().0 + self.offset_ms));
            self.print(scheduler::tick(&self.core, at), out)?;
            self.deliver(at, out);
            if text.starts_with("/as") || text.starts_with("/wait") {
                continue;
            }
            let event = Event {
                chat: chat(),
                chat_kind: ChatKind::Group,
                user: self.user.clone(),
                name: self.user.clone(),
                language: self.language.clone(),
                is_admin: true,
                mentions: Vec::new(),
                username: None,
                unseen: Vec::new(),
                input: Input::Text(text.to_string()),
                now: at,
            };
            let replies = self.core.handle(&event);
            self.print(replies, out)?;
            self.deliver(at, out);
            self.play_ai_seats(at, out)?;
            self.wait_for_analyses(at, out);
        }
        Ok(())
    }

    /// Runs the scheduler again while something is due at `at`, so the AI's answer to the
    /// command (its turn, several at a table of AI seats, or its answer to a draw) follows at
    /// once, as the service's timer loop, woken after every update, would post it.
    fn play_ai_seats(&mut self, at: Timestamp, out: &mut dyn Write) -> std::io::Result<()> {
        for _ in 0..MAX_TICKS_AFTER_COMMAND {
            if !scheduler::has_due(&self.core, at) {
                break;
            }
            self.print(scheduler::tick(&self.core, at), out)?;
            self.deliver(at, out);
        }
        Ok(())
    }

    /// Waits while an analysis (`/analyse`) is being prepared, then delivers it: the console
    /// is one person's table, so it answers a line only when its posts are out.
    fn wait_for_analyses(&mut self, at: Timestamp, out: &mut dyn Write) {
        if !self.core.analyses().busy() {
            return;
        }
        while self.core.analyses().busy() {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let later = Timestamp(at.0 + crate::core::analysis::PREPARING_POLL_MS);
        self.deliver(later, out);
    }

    /// Prints what the web board's moves posted since the last look, and lets the AI seats
    /// answer them, as after a typed command.
    fn heard_from_the_web(&mut self, at: Timestamp, out: &mut dyn Write) -> std::io::Result<()> {
        let Some(heard) = &self.heard else { return Ok(()) };
        let posts = heard.take();
        if posts.is_empty() {
            return Ok(());
        }
        self.print(posts, out)?;
        self.play_ai_seats(at, out)?;
        out.flush()
    }

    /// Console-only commands. Returns false on `/quit`.
    fn local(&mut self, text: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        let mut words = text.split_whitespace();
        match words.next() {
            Some("/quit" | "/exit") => return Ok(false),
            Some("/as") => match words.next() {
                Some(name) if crate::core::valid_console_name(name) => {
                    self.user = name.to_string();
                    writeln!(out, "  (you are now {name})")?;
                }
                _ => writeln!(
                    out,
                    "  /as needs a name: letters, digits, _ or -, up to 32 (e.g. /as bob)"
                )?,
            },
            Some("/wait") => match words.next().and_then(|d| crate::clock::parse(d).ok()) {
                Some(data::ClockSettings::PerMove { seconds }) => {
                    self.offset_ms += seconds * 1000;
                    writeln!(
                        out,
                        "  (time moves on by {})",
                        crate::clock::describe(&data::ClockSettings::PerMove { seconds })
                    )?;
                }
                _ => writeln!(out, "  /wait needs a duration such as 30m, 8h or 2d")?,
            },
            _ => {}
        }
        Ok(true)
    }

    /// Writes a command's immediate replies.
    fn print(&mut self, replies: Vec<Reply>, out: &mut dyn Write) -> std::io::Result<()> {
        let mut page = Page { out, images: &self.images, image_count: &mut self.image_count };
        replies.iter().try_for_each(|reply| page.write(reply))
    }

    /// Delivers what the console owes at `at`, through its page, as a platform's loop does.
    fn deliver(&mut self, at: Timestamp, out: &mut dyn Write) {
        let mut page = Page { out, images: &self.images, image_count: &mut self.image_count };
        deliver_due(&self.core, Platform::Console, at, &mut page);
    }
}

/// Opens the store in `config.data_dir`, checks it, and runs the console on stdin/stdout,
/// serving the web board when `web` is set (`TABLETALK_WEB_URL`). Returns the exit code.
pub fn main(args: &[String], web: Option<WebSettings>) -> i32 {
    let config = match ConsoleConfig::from_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return crate::cli::EXIT_USAGE;
        }
    };
    let mut out = std::io::stdout().lock();
    let ran = match web {
        Some(settings) => {
            run_serving(&config.data_dir, &config.user, settings, Lines::terminal(), &mut out)
        }
        None => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            run_linking(&config.data_dir, &config.user, None, &mut input, &mut out, &system_now)
        }
    };
    match ran {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Runs a console session over the store in `data_dir` (tests call this with a script), with
/// the web board's addresses printed when `TABLETALK_WEB_URL` and `TABLETALK_WEB_SECRET` are set.
pub fn run_in(
    data_dir: &Path,
    user: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    now: &dyn Fn() -> Timestamp,
) -> Result<(), Box<dyn std::error::Error>> {
    let links = crate::core::web_link::from_env(&|name| std::env::var(name).ok());
    run_linking(data_dir, user, links, input, out, now)
}

/// [`run_in`] with the web board's `links` given rather than read from the environment.
pub fn run_linking(
    data_dir: &Path,
    user: &str,
    links: Option<crate::core::WebLinks>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    now: &dyn Fn() -> Timestamp,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut console = open(data_dir, user, links, out)?;
    console.run(input, out, now)?;
    Ok(())
}

/// A console session that serves the web board as `settings` say, reading `input` (the
/// terminal's lines, or a test's channel): the addresses under the boards open pages whose
/// moves the console prints as they come. When the address cannot be bound the console says
/// so and runs without it.
pub fn run_serving(
    data_dir: &Path,
    user: &str,
    settings: WebSettings,
    mut input: Lines<'_>,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut console = open(data_dir, user, Some(settings.links()), out)?;
    let listen = settings.listen;
    let url = settings.url.clone();
    let served = match web::serve(console.core.clone(), settings) {
        Ok(served) => {
            writeln!(out, "  (the web board is served on {listen}, reached at {url})")?;
            console.heard = Some(served.heard.clone());
            Some(served)
        }
        Err(e) => {
            writeln!(
                out,
                "  (the web board could not listen on {listen}: {e}; no page is served)"
            )?;
            None
        }
    };
    console.run_lines(&mut input, out, &system_now)?;
    drop(served);
    Ok(())
}

/// The console over the store in `data_dir` (its problems printed on `out`), for `user`.
fn open(
    data_dir: &Path,
    user: &str,
    links: Option<crate::core::WebLinks>,
    out: &mut dyn Write,
) -> Result<Console, Box<dyn std::error::Error>> {
    let store = SledStore::open(&StoreConfig::new(data_dir))?;
    for problem in data::Store::check_games(&store)? {
        writeln!(out, "warning: {problem}")?;
    }
    let link = crate::core::RulesLink::from_env()?;
    let core = crate::core::Core::new(Arc::new(store)).with_rules_link(link).with_web_links(links);
    let core = crate::paint::wire(core);
    Ok(Console::new(core, data_dir.join("images"), user.to_string()))
}
