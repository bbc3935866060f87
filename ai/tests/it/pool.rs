//! The worker pool runs at most its number of jobs at once, queues the rest, and delivers
//! every result.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use ai::{Cancel, Strength, WorkerPool};
use engine::{AnyGame, GameKind};

use super::play_checked;

/// Runs `jobs` jobs on a pool of `threads` and returns the most that ran at once.
fn most_at_once(threads: usize, jobs: usize) -> usize {
    let pool = WorkerPool::new(threads);
    let running = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let results: Vec<_> = (0..jobs)
        .map(|i| {
            let (running, most) = (Arc::clone(&running), Arc::clone(&most));
            pool.submit(move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(30));
                running.fetch_sub(1, Ordering::SeqCst);
                i * 10
            })
        })
        .collect();
    for (i, result) in results.into_iter().enumerate() {
        assert_eq!(result.recv().unwrap(), i * 10);
    }
    most.load(Ordering::SeqCst)
}

#[test]
fn a_pool_never_runs_more_jobs_than_its_threads() {
    assert_eq!(most_at_once(1, 4), 1);
    let most = most_at_once(2, 8);
    assert!(most <= 2, "{most} jobs ran at once on 2 threads");
    assert_eq!(most, 2, "two threads did work side by side");
}

#[test]
fn a_pool_for_this_machine_leaves_a_core_free() {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    assert_eq!(WorkerPool::for_machine().threads(), cores.saturating_sub(1).max(1));
}

#[test]
fn the_pool_computes_turns_and_calls_back() {
    let pool = WorkerPool::new(1);
    let game = AnyGame::new(GameKind::Gridi, [], 4).unwrap();
    let turn = pool.choose_turn(game.clone(), Strength::Easy, 1, Cancel::new()).recv().unwrap();
    play_checked(&game, &turn);
    let (done, result) = std::sync::mpsc::channel();
    pool.submit_then(|| 6 * 7, move |v| done.send(v).unwrap());
    assert_eq!(result.recv().unwrap(), 42);
}

#[test]
fn dropping_the_pool_finishes_the_queued_jobs() {
    let done = Arc::new(AtomicUsize::new(0));
    {
        let pool = WorkerPool::new(1);
        for _ in 0..3 {
            let done = Arc::clone(&done);
            pool.submit_then(
                move || std::thread::sleep(Duration::from_millis(5)),
                move |()| {
                    done.fetch_add(1, Ordering::SeqCst);
                },
            );
        }
    }
    assert_eq!(done.load(Ordering::SeqCst), 3);
}
