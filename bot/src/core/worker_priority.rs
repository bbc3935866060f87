//! The CPU priority of the AI's worker threads, below the threads that answer players: a
//! human's move is handled first, an AI seat's turn next, an analysis last (nice 0, 9 and 19 on
//! Linux). An AI turn or an analysis loses only the CPU a human's move wants; when nobody
//! writes, they run at full speed. Set through the `thread-priority` crate, since the workspace
//! forbids `unsafe`.

use std::sync::{Arc, Barrier};

use ai::WorkerPool;
use thread_priority::{ThreadPriority, ThreadPriorityValue};

/// The AI seats' turns and `/suggest`: nice 9 on Linux (the crate maps 25 of 0–99 there).
pub(crate) fn ai_turns() -> ThreadPriority {
    ThreadPriority::Crossplatform(ThreadPriorityValue::try_from(25u8).expect("25 is in 0..=99"))
}

/// Analyses: the lowest priority a thread may take without privileges (nice 19 on Linux).
pub(crate) fn analyses() -> ThreadPriority {
    ThreadPriority::Min
}

/// Gives every thread of `pool` (a new one, nothing queued) `priority`: one job per thread,
/// held at a barrier until all have started, so each thread takes exactly one. Where the
/// priority cannot be set, the threads keep theirs and the log says so.
pub(crate) fn lower(pool: &WorkerPool, priority: ThreadPriority, what: &'static str) {
    let threads = pool.threads();
    let all_started = Arc::new(Barrier::new(threads));
    for _ in 0..threads {
        let all_started = all_started.clone();
        pool.submit_then(
            move || {
                all_started.wait();
                thread_priority::set_current_thread_priority(priority)
            },
            move |lowered| {
                if let Err(e) = lowered {
                    tracing::warn!("{what} run at the normal priority: {e:?}");
                }
            },
        );
    }
}

#[cfg(all(test, target_os = "linux"))]
pub(crate) mod tests {
    /// The nice value of the calling thread (field 19 of `/proc/thread-self/stat`).
    pub(crate) fn nice() -> i32 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        // The command name, in parentheses, may hold spaces: count from its end.
        let rest = &stat[stat.rfind(')').unwrap() + 2..];
        rest.split(' ').nth(16).unwrap().parse().unwrap()
    }

    #[test]
    fn every_ai_worker_runs_below_the_players_threads_and_above_the_analyses() {
        let mine = nice();
        let pool = ai::WorkerPool::new(3);
        super::lower(&pool, super::ai_turns(), "test");
        let seen: Vec<i32> = (0..12).map(|_| pool.submit(nice).recv().unwrap()).collect();
        assert!(seen.iter().all(|&n| n == 9), "{seen:?}");
        let lowest = ai::WorkerPool::new(1);
        super::lower(&lowest, super::analyses(), "test");
        assert_eq!(lowest.submit(nice).recv().unwrap(), 19);
        assert_eq!(nice(), mine, "the caller's thread is untouched");
    }
}
