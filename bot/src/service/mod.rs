//! The service: the `tabletalk` program's start. It reads the command line (`args`) and the
//! settings (`config`), runs an offline command or the console, or starts the bot: a tokio
//! runtime, the store, the core, each platform whose token is configured (Telegram, Discord,
//! or both in one process) as a [`Surface`], one timer loop for the scheduler and the delivery
//! loops (`timers`), and one router for every reply ([`Router`]). Nothing below imports the
//! service: it composes the surfaces from above. SIGINT or SIGTERM stops it gracefully: updates stop being
//! taken, the work in hand finishes, the store is closed, and the process exits 0.

pub mod args;
pub mod config;
pub mod config_error;
pub mod error;
pub mod logging;
pub mod store_copy;
pub mod timers;

use std::sync::Arc;

use clap::Parser;
use tokio::sync::{watch, Notify};

use crate::cli::EXIT_USAGE;
use crate::core::Core;
use crate::delivery::Router;
use crate::discord::DiscordSettings;
use crate::secret::Secret;
use crate::surface::{Hub, Surface, SurfaceError};
use crate::telegram::{TelegramSettings, TelegramSurface, POLL_SECONDS};
use args::{Command, CommandLine};
pub use config::Config;
use config_error::{ConfigError, FileProblem};
pub use error::{
    for_people, ServiceError, StoreOpenError, EXIT_STORE_DAMAGED, EXIT_STORE_POISONED,
};

/// Runs the program with the process's arguments and environment; returns the exit code.
pub fn main() -> i32 {
    let line = match CommandLine::try_parse() {
        Ok(line) => line,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    if let Some(Command::Store(command)) = &line.command {
        return store_copy::command(command, &mut std::io::stdout(), &mut std::io::stderr());
    }
    if let Some(Command::Offline(command)) = &line.command {
        let mut out = std::io::stdout().lock();
        let mut err = std::io::stderr().lock();
        return crate::cli::execute(command, &mut out, &mut err);
    }
    if let Some(Command::Completions { shell }) = line.command {
        let mut command = <CommandLine as clap::CommandFactory>::command();
        clap_complete::generate(shell, &mut command, "tabletalk", &mut std::io::stdout());
        return crate::cli::EXIT_OK;
    }
    let config = match load(&line) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {}", for_people(&e));
            return EXIT_USAGE;
        }
    };
    match line.command {
        Some(Command::Console { data }) => {
            let data = data.unwrap_or_else(|| config.data_dir.clone());
            console(data, config.web)
        }
        _ => serve(config),
    }
}

/// The settings from the environment and the `--config` file.
fn load(line: &CommandLine) -> Result<Config, ConfigError> {
    let file = match &line.config {
        Some(path) => Some((
            path.display().to_string(),
            std::fs::read_to_string(path).map_err(|e| ConfigError::File {
                path: path.display().to_string(),
                problem: FileProblem::Unreadable(e),
            })?,
        )),
        None => None,
    };
    Config::read(
        &|name| std::env::var(name).ok(),
        file.as_ref().map(|(p, t)| (p.as_str(), t.as_str())),
    )
}

/// The console over `data_dir`, serving the web board when `web` is configured.
fn console(data_dir: std::path::PathBuf, web: Option<crate::web::WebSettings>) -> i32 {
    crate::console::main(&["--data".to_string(), data_dir.display().to_string()], web)
}

/// Starts the bot: the platforms configured, or the console when none is.
fn serve(config: Config) -> i32 {
    let platforms = Platforms::configured(&config);
    if platforms.telegram.is_none() && platforms.discord.is_none() {
        return console(config.data_dir, config.web);
    }
    logging::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return refused(&ServiceError::Runtime(e)),
    };
    let result = runtime.block_on(async move {
        let (stop_tx, stop_rx) = watch::channel(false);
        let stop_tx = Arc::new(stop_tx);
        let on_signal = stop_tx.clone();
        tokio::spawn(async move {
            signalled().await;
            tracing::info!("stopping: finishing the work in hand");
            let _ = on_signal.send(true);
        });
        if let Some(addr) = config.metrics_addr {
            crate::metrics::install(addr)
                .map_err(|source| ServiceError::Metrics { addr, source })?;
        }
        let core = open_core(&config).await?;
        let watch = tokio::spawn(watch_poison(core.clone(), stop_tx));
        let ran = run_platforms(core, platforms, stop_rx).await;
        watch.abort();
        match watch.await {
            Ok(poisoned) => Err(poisoned),
            Err(_) => ran,
        }
    });
    // The runtime's blocking threads are done; the last handle on the store is gone.
    drop(runtime);
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            0
        }
        Err(e) => refused(&e),
    }
}

/// Logs and prints why the service stopped; returns the exit code it asks for.
fn refused(error: &ServiceError) -> i32 {
    let line = for_people(error);
    tracing::error!("{line}");
    eprintln!("error: {line}");
    error.exit_code()
}

/// The platforms to run and their settings.
#[derive(Clone, Debug, Default)]
pub struct Platforms {
    /// Telegram, if its token is configured.
    pub telegram: Option<TelegramSettings>,
    /// Discord, if its token is configured.
    pub discord: Option<DiscordSettings>,
    /// The web board, if its address is configured.
    pub web: Option<crate::web::WebSettings>,
}

impl Platforms {
    /// The platforms whose tokens `config` has.
    pub fn configured(config: &Config) -> Platforms {
        let telegram = config.telegram_token.clone().map(|token| TelegramSettings {
            token,
            api_url: config.telegram_api_url.clone(),
            throttle: config.telegram_throttle,
            data_dir: config.data_dir.clone(),
            poll_seconds: POLL_SECONDS,
            webhook: config.telegram_webhook.clone(),
        });
        let discord = config.discord_token.clone().map(|token| DiscordSettings {
            token,
            proxy_url: config.discord_proxy_url.clone(),
            guild_id: config.discord_guild_id,
            message_content: config.discord_message_content,
            server_members: config.discord_server_members,
            shards: config.discord_shards,
        });
        let web = config.web.clone().map(|mut web| {
            web.telegram_token = config.telegram_token.clone();
            web
        });
        Platforms { telegram, discord, web }
    }

    /// The surfaces of the platforms configured, built (nothing is sent yet), in the order the
    /// service starts them. A new platform adds its surface here.
    async fn surfaces(self) -> Result<Vec<Box<dyn Surface>>, SurfaceError> {
        let mut surfaces: Vec<Box<dyn Surface>> = Vec::new();
        if let Some(settings) = self.telegram {
            surfaces.push(Box::new(TelegramSurface::new(settings)?));
        }
        if let Some(settings) = self.discord {
            surfaces.push(Box::new(crate::discord::connect(&settings).await?));
        }
        Ok(surfaces)
    }
}

/// Checks every second whether the store is poisoned ([`data::Store::poisoned`]); if it is,
/// logs it at ERROR, stops the service, and returns why (the service exits
/// [`EXIT_STORE_POISONED`] for its supervisor to restart it).
async fn watch_poison(core: Arc<Core>, stop: Arc<watch::Sender<bool>>) -> ServiceError {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        if let Some(why) = core.store().poisoned() {
            let poisoned = ServiceError::Poisoned(why.to_string());
            tracing::error!("{poisoned}");
            let _ = stop.send(true);
            return poisoned;
        }
    }
}

/// Opens the store and builds the core (with board images and the rules link). The store's
/// full check of every game, when `TABLETALK_CHECK_AT_START=on`, runs in the background, so
/// start-up does not grow with history.
pub async fn open_core(config: &Config) -> Result<Arc<Core>, StoreOpenError> {
    let (dir, url, ca) =
        (config.data_dir.clone(), config.database_url.clone(), config.database_ca.clone());
    let store = tokio::task::spawn_blocking(move || open_store(&dir, url.as_ref(), ca)).await??;
    let core = Core::new(store)
        .with_rules_link(config.rules_link.clone())
        .with_web_links(config.web.as_ref().map(crate::web::WebSettings::links));
    let core = Arc::new(crate::paint::wire(core));
    if config.check_at_start {
        let checked = core.clone();
        tokio::task::spawn_blocking(move || match checked.store().check_games() {
            Ok(problems) => problems.iter().for_each(|p| tracing::warn!("store check: {p}")),
            Err(e) => tracing::warn!("store check failed: {e}"),
        });
    }
    Ok(core)
}

/// The PostgreSQL store when `TABLETALK_DATABASE_URL` is set (several processes may share
/// it), else the sled store in `dir` (one process).
fn open_store(
    dir: &std::path::Path,
    url: Option<&Secret>,
    ca_file: Option<std::path::PathBuf>,
) -> Result<Arc<dyn data::Store>, StoreOpenError> {
    match url {
        Some(url) => {
            data::PgStore::open(&data::PgConfig { ca_file, ..data::PgConfig::new(url.expose()) })
                .map(|s| Arc::new(s) as Arc<dyn data::Store>)
                .map_err(StoreOpenError::Postgres)
        }
        None => data::SledStore::open_checked(&data::StoreConfig::new(dir))
            .map(|s| Arc::new(s) as Arc<dyn data::Store>)
            .map_err(|source| StoreOpenError::Sled { dir: dir.to_path_buf(), source }),
    }
}

/// Runs Telegram and the timer loop over `core` until `stop` (see [`run_platforms`]).
pub async fn run_telegram(
    core: Arc<Core>,
    settings: TelegramSettings,
    stop: watch::Receiver<bool>,
) -> Result<(), ServiceError> {
    let platforms = Platforms { telegram: Some(settings), ..Platforms::default() };
    run_platforms(core, platforms, stop).await
}

/// Runs the platforms and the timer loop over `core` until `stop`; returns when all have
/// finished the work in hand (the first platform's error, if one fails). Tests call this
/// against fake platform servers.
pub async fn run_platforms(
    core: Arc<Core>,
    platforms: Platforms,
    stop: watch::Receiver<bool>,
) -> Result<(), ServiceError> {
    let web = platforms.web.clone();
    let surfaces = platforms.surfaces().await?;
    let mut router = Router::default();
    for surface in &surfaces {
        if let Some(threads) = surface.threads() {
            core.open_threads_with(surface.platform(), threads);
        }
        router.add(surface.platform(), surface.outlet(&core));
    }
    let router = Arc::new(router);
    let wake = Arc::new(Notify::new());
    let timers =
        tokio::spawn(timers::run(core.clone(), router.clone(), wake.clone(), stop.clone()));
    let hub = Hub { core, router, wake, stop };
    let web = match web {
        Some(settings) => {
            let listen = settings.listen;
            match crate::web::start(settings, hub.clone()).await {
                Ok(serving) => Some(serving),
                Err(source) => {
                    timers.abort();
                    return Err(ServiceError::Web { addr: listen, source });
                }
            }
        }
        None => None,
    };
    let mut running = tokio::task::JoinSet::new();
    for surface in surfaces {
        running.spawn(surface.run(hub.clone()));
    }
    let mut result = Ok(());
    while let Some(done) = running.join_next().await {
        let outcome = match done {
            Ok(ran) => ran.map_err(ServiceError::from),
            Err(e) => Err(ServiceError::from(e)),
        };
        if let Err(e) = &outcome {
            tracing::error!("{}", for_people(e));
        }
        if outcome.is_err() && result.is_ok() {
            result = outcome;
        }
    }
    if result.is_err() {
        timers.abort();
    }
    let _ = timers.await;
    if let Some(web) = web {
        let _ = web.await;
    }
    result
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
async fn signalled() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
