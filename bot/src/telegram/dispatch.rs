//! Updates of different chats are handled at the same time, each chat's one after another in
//! the order Telegram sent them. The poll loop records every batch of updates in the inbox
//! (`inbox`: kept until started, started once) and hands each to its chat's worker: a task
//! that handles the chat's updates in turn and ends after a quiet minute. A chat's next worker
//! waits for the previous one to finish (the chat's `turn`), so order holds across workers too.
//! After a restart, the updates the inbox still holds are queued first, the same way.
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

use super::inbox::{Taken, STALE};
use super::Adapter;
use crate::core::Core;
use crate::wall_clock::system_now;

/// How long a chat's worker waits for the chat's next update before it ends.
const IDLE: Duration = Duration::from_secs(60);

/// A chat's worker, if one runs, and the chat's turn (held by the worker that handles it).
struct ChatLane {
    queue: UnboundedSender<Update>,
    turn: Arc<Mutex<()>>,
}

/// The poll loop's side: takes updates and queues them per chat.
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

    /// Takes `updates` (those taken before are skipped) and queues them for their chats; if
    /// they cannot be recorded, each sender is told that nothing was done.
    pub async fn take(&mut self, updates: Vec<Update>) {
        match self.adapter.take(updates).await {
            Ok(fresh) => fresh.into_iter().for_each(|update| self.queue(update)),
            Err(unrecorded) => {
                for update in unrecorded {
                    self.adapter.refuse(update, Core::unrecorded).await;
                }
            }
        }
    }

    /// Queues the updates the inbox held at start, in order; one that waited longer than
    /// [`STALE`] is started and answered with a word to send it again instead of being run.
    pub async fn resume(&mut self, waiting: Vec<Taken>) {
        let now = system_now().0;
        for Taken { update, at } in waiting {
            if u128::from(now.saturating_sub(at)) <= STALE.as_millis() {
                self.queue(update);
            } else if self.adapter.start(update.id.0).await {
                self.adapter.refuse(update, Core::stale).await;
            }
        }
    }

    /// Hands `update` to its chat's worker, starting one if none runs.
    fn queue(&mut self, update: Update) {
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

    /// Waits for every chat's worker: each finishes the update in hand; once the bot is
    /// stopping, the updates queued behind it stay in the inbox for the next start.
    pub async fn finish(mut self) {
        self.lanes.clear();
        while self.workers.join_next().await.is_some() {}
    }
}

/// A chat's worker: waits for the chat's turn, then runs its updates until a quiet [`IDLE`]
/// or the dispatcher's end, and the updates still queued then ([`Adapter::run_taken`]).
async fn work(adapter: Arc<Adapter>, mut updates: UnboundedReceiver<Update>, turn: Arc<Mutex<()>>) {
    let _turn = turn.lock().await;
    while let Ok(Some(update)) = tokio::time::timeout(IDLE, updates.recv()).await {
        adapter.run_taken(update).await;
    }
    updates.close();
    while let Ok(update) = updates.try_recv() {
        adapter.run_taken(update).await;
    }
}
