//! Updates of different chats are handled at the same time, each chat's one after another in
//! the order Telegram sent them. The poll loop claims every update on disk in update order (so
//! an update is handled at most once, see `memory`) and hands it to its chat's worker: a task
//! that handles the chat's updates in turn and ends after a quiet minute. A chat's next worker
//! waits for the previous one to finish (the chat's `turn`), so order holds across workers too.
//!
//! Why: one chat's posts must keep their order, and a chat that waits for Telegram's limits
//! (`pace`) or for a slow upload must not hold up the others.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use teloxide::types::Update;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::Mutex;
use tokio::task::JoinSet;

use super::{Adapter, Claim};
use crate::core::Core;

/// How long a chat's worker waits for the chat's next update before it ends.
const IDLE: Duration = Duration::from_secs(60);

/// A chat's worker, if one runs, and the chat's turn (held by the worker that handles it).
struct ChatLane {
    queue: UnboundedSender<Update>,
    turn: Arc<Mutex<()>>,
}

/// The poll loop's side: claims updates and queues them per chat.
pub struct Dispatch {
    adapter: Arc<Adapter>,
    lanes: HashMap<i64, ChatLane>,
    workers: JoinSet<()>,
}

impl Dispatch {
    /// A dispatcher handing updates to workers over `adapter`.
    pub fn new(adapter: Arc<Adapter>) -> Dispatch {
        Dispatch { adapter, lanes: HashMap::new(), workers: JoinSet::new() }
    }

    /// Claims `update` (skipped if it was handled before) and queues it for its chat.
    pub async fn take(&mut self, update: Update) {
        match self.adapter.claim(update.id.0).await {
            Claim::Fresh => {}
            Claim::Seen => return,
            Claim::Unrecorded => return self.adapter.refuse(update, Core::unrecorded).await,
        }
        while self.workers.try_join_next().is_some() {}
        let chat = update.chat().map_or(0, |c| c.id.0);
        let update = match self.lanes.get(&chat) {
            Some(lane) => match lane.queue.send(update) {
                Ok(()) => return,
                Err(closed) => closed.0, // the worker ended meanwhile: start another
            },
            None => update,
        };
        let turn = self.lanes.get(&chat).map_or_else(Arc::default, |lane| lane.turn.clone());
        let (queue, updates) = unbounded_channel();
        queue.send(update).expect("the receiver is in hand");
        self.workers.spawn(work(self.adapter.clone(), updates, turn.clone()));
        self.lanes.insert(chat, ChatLane { queue, turn });
    }

    /// Handles every update already claimed (a claimed update must not be dropped), then
    /// returns.
    pub async fn finish(mut self) {
        self.lanes.clear();
        while self.workers.join_next().await.is_some() {}
    }
}

/// A chat's worker: waits for the chat's turn, then handles its updates until a quiet
/// [`IDLE`] or the dispatcher's end, and the updates still queued then.
async fn work(adapter: Arc<Adapter>, mut updates: UnboundedReceiver<Update>, turn: Arc<Mutex<()>>) {
    let _turn = turn.lock().await;
    while let Ok(Some(update)) = tokio::time::timeout(IDLE, updates.recv()).await {
        adapter.handle_or_shed(update).await;
    }
    updates.close();
    while let Ok(update) = updates.try_recv() {
        adapter.handle_or_shed(update).await;
    }
}
