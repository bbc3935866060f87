//! The bot as a separate process, so the soak can kill it with SIGKILL: this test binary
//! started again with `TABLETALK_SOAK_BOT` set runs [`bot_process`], which is the service
//! (`open_core` + `run_telegram` or `run_platforms`, as `tabletalk run` does after reading its
//! settings) against the fake Bot API or the fake Discord, until SIGTERM (a graceful stop) or
//! SIGKILL.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use bot::service::{open_core, run_platforms, run_telegram, Config, Platforms};
use bot::telegram::TelegramSettings;
use tokio::sync::watch;

/// Set in the bot process's environment: its data directory.
const BOT_DIR: &str = "TABLETALK_SOAK_BOT";
/// Set in the bot process's environment: the fake platform's address.
const BOT_API: &str = "TABLETALK_SOAK_API";
/// Set in the bot process's environment: `telegram` or `discord`.
const BOT_PLATFORM: &str = "TABLETALK_SOAK_PLATFORM";
/// Set in the bot process's environment when the store is PostgreSQL: the database's URL.
const BOT_DATABASE: &str = "TABLETALK_SOAK_DATABASE";
const ENTRY: &str = "soak::process::bot_process";

/// In the bot process: the service until SIGTERM. Ignored in a normal run (there is nothing
/// to do without the soak's environment); the soak runs it by name.
#[test]
#[ignore = "the soak's bot process, started by the soak"]
fn bot_process() {
    let (Ok(dir), Ok(api)) = (std::env::var(BOT_DIR), std::env::var(BOT_API)) else {
        return;
    };
    let database = std::env::var(BOT_DATABASE).unwrap_or_default();
    let discord = std::env::var(BOT_PLATFORM).is_ok_and(|p| p == "discord");
    let guild = crate::fake_discord::GUILD.to_string();
    let mut env =
        vec![("TABLETALK_DATA_DIR", dir.as_str()), ("TABLETALK_DATABASE_URL", database.as_str())];
    if discord {
        env.extend([
            ("DISCORD_TOKEN", "SOAK.TOKEN"),
            ("DISCORD_PROXY_URL", api.as_str()),
            ("DISCORD_GUILD_ID", guild.as_str()),
            ("DISCORD_MESSAGE_CONTENT", "on"),
            ("DISCORD_SERVER_MEMBERS", "on"),
        ]);
    } else {
        env.push(("TELEGRAM_TOKEN", "123:SOAK"));
    }
    let config = Config::read(
        &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    bot::service::logging::init();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let core = open_core(&config).await.unwrap();
        let (stop, stop_rx) = watch::channel(false);
        tokio::spawn(async move {
            let mut term =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).unwrap();
            term.recv().await;
            let _ = stop.send(true);
        });
        if discord {
            run_platforms(core, Platforms::configured(&config), stop_rx).await.unwrap();
            return;
        }
        let settings = TelegramSettings {
            token: config.telegram_token.clone().unwrap(),
            api_url: Some(api),
            throttle: false,
            data_dir: config.data_dir.clone(),
            poll_seconds: 1,
            webhook: None,
        };
        run_telegram(core, settings, stop_rx).await.unwrap();
    });
}

/// A running bot process; dropped (a failing soak), it is killed.
pub struct BotProcess {
    child: Child,
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl BotProcess {
    /// Starts the bot on `dir` (and the PostgreSQL `database`, if given) against the fake
    /// `platform` (`telegram` or `discord`) at `api`, its clock `skew_ms` ahead of the real
    /// one; its log goes to `dir` with the extension `log`.
    pub fn start(
        dir: &Path,
        database: Option<&str>,
        (platform, api): (&str, &str),
        skew_ms: u64,
    ) -> BotProcess {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.with_extension("log"))
            .unwrap();
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", ENTRY, "--ignored", "--nocapture", "--test-threads=1"])
            .env(BOT_DIR, dir)
            .env(BOT_API, api)
            .env(BOT_PLATFORM, platform)
            .env(BOT_DATABASE, database.unwrap_or_default())
            .env("TABLETALK_CLOCK_SKEW_MS", skew_ms.to_string())
            .env("RUST_LOG", "info")
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        BotProcess { child }
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, and waits for the graceful stop; panics if the bot did not exit cleanly.
    pub fn stop(mut self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success(), "kill -TERM {pid}");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the bot's graceful stop: {status}");
    }
}
