//! The web board beside the console. With `TABLETALK_WEB_URL` set, the console serves the page
//! itself (`crate::web`, on a small runtime of its own), so the address printed under each board
//! opens a page a developer can tap on, with no platform. A move from the page goes through the
//! core as a chat move does; what it posts to the console's chat reaches the [`Heard`] outlet,
//! and the console prints it from its own loop, between lines (one writer of the terminal and
//! of the numbered image files).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use data::Platform;
use tokio::sync::{watch, Notify};

use crate::core::{Core, Reply};
use crate::delivery::{Outlet, Router, Sent, SharedOutlet};
use crate::surface::Hub;
use crate::web::WebSettings;

/// Posts the page's moves made for the console's chat, waiting to be printed.
#[derive(Clone, Debug, Default)]
pub struct Heard(Arc<Mutex<Vec<Reply>>>);

impl Heard {
    /// Takes what was heard since the last call, in order.
    pub fn take(&self) -> Vec<Reply> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

impl Outlet for Heard {
    fn send(&mut self, reply: &Reply) -> Sent {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(reply.clone());
        Sent::Delivered(None)
    }
}

/// The web board while the console runs; stopped when dropped.
pub struct Served {
    /// What the page's moves posted, for the console to print.
    pub heard: Heard,
    stop: watch::Sender<bool>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl std::fmt::Debug for Served {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Served").finish_non_exhaustive()
    }
}

/// Serves the web board over `core` as `settings` say; refused when its address cannot be
/// bound (the console then says so and runs without it).
pub fn serve(core: Arc<Core>, settings: WebSettings) -> std::io::Result<Served> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build()?;
    let heard = Heard::default();
    let mut router = Router::default();
    router.add(Platform::Console, SharedOutlet::new(heard.clone()));
    let (stop, stopped) = watch::channel(false);
    let hub = Hub { core, router: Arc::new(router), wake: Arc::new(Notify::new()), stop: stopped };
    // The server's task runs on the runtime's worker while the console reads its lines.
    runtime.block_on(crate::web::start(settings, hub))?;
    Ok(Served { heard, stop, runtime: Some(runtime) })
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_secs(1));
        }
    }
}
