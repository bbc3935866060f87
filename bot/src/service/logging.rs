//! Logs through `tracing`, filtered by `RUST_LOG` (default `info`), to standard error. Nothing
//! logged carries a token: the settings hold tokens in `Secret`, and the Telegram client's own
//! request addresses (which contain the token) are never logged.

use tracing_subscriber::EnvFilter;

/// Installs the log subscriber once; later calls (tests) are ignored.
pub fn init() {
    // reqwest and hyper log request addresses at debug level; keep them quiet by default.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,hyper=warn,reqwest=warn"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}
