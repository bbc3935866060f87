//! The service: the `tabletalk` program's start. It reads the command line (`args`) and the
//! settings (`config`), runs an offline command or the console, or starts the bot: a tokio
//! runtime, the store, the core, each platform whose token is configured (Telegram today;
//! Discord is next), one timer loop for the scheduler and the delivery loops (`timers`), and one
//! router for every reply (`router`). SIGINT or SIGTERM stops it gracefully: updates stop being
//! taken, the work in hand finishes, the store is closed, and the process exits 0.

pub mod args;
pub mod config;
pub mod logging;
pub mod router;
pub mod timers;

use std::sync::Arc;

use clap::Parser;
use tokio::sync::{watch, Notify};

use crate::cli::EXIT_USAGE;
use crate::core::Core;
use crate::telegram::{TelegramOutlet, TelegramSettings, POLL_SECONDS};
use args::{Command, CommandLine};
pub use config::{Config, Secret};
use router::Router;

/// Runs the program with the process's arguments and environment; returns the exit code.
pub fn main() -> i32 {
    let line = match CommandLine::try_parse() {
        Ok(line) => line,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    if let Some(args) = line.command.as_ref().and_then(Command::offline) {
        let mut out = std::io::stdout().lock();
        let mut err = std::io::stderr().lock();
        return crate::cli::run(&args, &mut out, &mut err);
    }
    let config = match load(&line) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    match line.command {
        Some(Command::Console { data }) => console(data.unwrap_or_else(|| config.data_dir.clone())),
        _ => serve(config),
    }
}

/// The settings from the environment and the `--config` file.
fn load(line: &CommandLine) -> Result<Config, String> {
    let file = match &line.config {
        Some(path) => Some((
            path.display().to_string(),
            std::fs::read_to_string(path)
                .map_err(|e| format!("config file {}: {e}", path.display()))?,
        )),
        None => None,
    };
    Config::read(
        &|name| std::env::var(name).ok(),
        file.as_ref().map(|(p, t)| (p.as_str(), t.as_str())),
    )
}

fn console(data_dir: std::path::PathBuf) -> i32 {
    crate::console::main(&["--data".to_string(), data_dir.display().to_string()])
}

/// Starts the bot: the platforms configured, or the console when none is.
fn serve(config: Config) -> i32 {
    let Some(token) = config.telegram_token.clone() else {
        if config.discord_token.is_some() {
            eprintln!("note: DISCORD_TOKEN is set, but the Discord adapter is not built yet");
        }
        return console(config.data_dir);
    };
    logging::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return 1;
        }
    };
    let settings = TelegramSettings {
        token,
        api_url: config.telegram_api_url.clone(),
        throttle: config.telegram_throttle,
        data_dir: config.data_dir.clone(),
        poll_seconds: POLL_SECONDS,
    };
    let result = runtime.block_on(async move {
        let (stop_tx, stop_rx) = watch::channel(false);
        tokio::spawn(async move {
            signalled().await;
            tracing::info!("stopping: finishing the work in hand");
            let _ = stop_tx.send(true);
        });
        let core = open_core(&config).await?;
        run_telegram(core, settings, stop_rx).await
    });
    // The runtime's blocking threads are done; the last handle on the store is gone.
    drop(runtime);
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            0
        }
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("error: {e}");
            1
        }
    }
}

/// Opens the store and builds the core (with board images and the rules link). The store's
/// full check of every game runs in the background, so start-up does not grow with history.
pub async fn open_core(config: &Config) -> Result<Arc<Core>, String> {
    let dir = config.data_dir.clone();
    let store = tokio::task::spawn_blocking(move || {
        data::SledStore::open(&data::StoreConfig::new(&dir))
            .map_err(|e| format!("cannot open the store in {}: {e}", dir.display()))
    })
    .await
    .map_err(|e| e.to_string())??;
    let core = Core::new(Arc::new(store)).with_rules_link(config.rules_link.clone());
    let core = Arc::new(crate::paint::wire(core));
    let checked = core.clone();
    tokio::task::spawn_blocking(move || match checked.store().check_games() {
        Ok(problems) => problems.iter().for_each(|p| tracing::warn!("store check: {p}")),
        Err(e) => tracing::warn!("store check failed: {e}"),
    });
    Ok(core)
}

/// Runs Telegram and the timer loop over `core` until `stop`; returns when both have finished
/// the work in hand. Tests call this against a fake Bot API server.
pub async fn run_telegram(
    core: Arc<Core>,
    settings: TelegramSettings,
    stop: watch::Receiver<bool>,
) -> Result<(), String> {
    let api = crate::telegram::api(&settings)?;
    let outlet = TelegramOutlet::new(api.clone(), core.clone(), tokio::runtime::Handle::current());
    let router = Arc::new(Router { telegram: Some(outlet) });
    let wake = Arc::new(Notify::new());
    let timers =
        tokio::spawn(timers::run(core.clone(), router.clone(), wake.clone(), stop.clone()));
    let result = crate::telegram::run(core, settings, api, router, wake, stop).await;
    if result.is_err() {
        timers.abort();
    }
    let _ = timers.await;
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
