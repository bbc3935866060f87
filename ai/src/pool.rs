//! A small pool of worker threads for searches, so an async runtime never runs one itself.
//!
//! At most `threads` jobs run at once (by default the machine's cores minus one, at least
//! one); the rest wait in a queue in the order they came. Each job's result is delivered on
//! its own channel, or handed to a callback on the worker thread.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use engine::AnyGame;

use crate::{choose_turn, Cancel, Strength};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Worker threads taking jobs from one queue.
#[derive(Debug)]
pub struct WorkerPool {
    queue: Option<Sender<Job>>,
    workers: Vec<JoinHandle<()>>,
}

impl WorkerPool {
    /// A pool of `threads` workers (at least one).
    pub fn new(threads: usize) -> WorkerPool {
        let (queue, jobs) = mpsc::channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        let workers = (0..threads.max(1))
            .map(|i| {
                let jobs = Arc::clone(&jobs);
                std::thread::Builder::new()
                    .name(format!("ai-worker-{i}"))
                    .spawn(move || loop {
                        let job = match jobs.lock() {
                            Ok(jobs) => jobs.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return, // the pool was dropped
                        }
                    })
                    .expect("a worker thread starts")
            })
            .collect();
        WorkerPool { queue: Some(queue), workers }
    }

    /// A pool sized for this machine: its cores minus one, at least one.
    pub fn for_machine() -> WorkerPool {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        WorkerPool::new(cores.saturating_sub(1))
    }

    /// How many jobs can run at once.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Queues `job`; its result arrives on the returned channel.
    pub fn submit<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Receiver<T> {
        let (done, result) = mpsc::channel();
        self.submit_then(job, move |value| {
            let _ = done.send(value); // the caller may have stopped waiting
        });
        result
    }

    /// Queues `job` and calls `then` with its result on the worker thread.
    pub fn submit_then<T>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
        then: impl FnOnce(T) + Send + 'static,
    ) {
        let job: Job = Box::new(move || then(job()));
        if let Some(queue) = &self.queue {
            queue.send(job).expect("workers live as long as the pool");
        }
    }

    /// Queues a search for the seat to act in `game`; the turn's notations arrive on the
    /// returned channel.
    pub fn choose_turn(
        &self,
        game: AnyGame,
        strength: Strength,
        seed: u64,
        cancel: Cancel,
    ) -> Receiver<Vec<String>> {
        self.submit(move || choose_turn(&game, strength, seed, &cancel))
    }
}

impl Drop for WorkerPool {
    /// Closes the queue, lets the queued jobs finish, and joins the workers.
    fn drop(&mut self) {
        self.queue = None;
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}
