//! Asks, on a worker thread, whether the player can still reach the goal
//! from where they stand in play mode. A new step cancels the stale check;
//! the UI thread never waits for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use crate::model::Level;
use crate::solver::{SolveOptions, solve};

/// How long one check may take before it gives up (and says nothing).
const CHECK_SECS: f32 = 5.0;
/// States one check may store.
const CHECK_STATES: usize = 2_000_000;

struct Job {
    /// Which step of play this is about.
    step: u64,
    /// The level as it stands after that step.
    level: Level,
    cancel: Arc<AtomicBool>,
}

/// The checks' worker thread.
pub struct PlayCheck {
    jobs: Sender<Job>,
    done: Receiver<(u64, bool)>,
    cancel: Arc<AtomicBool>,
}

impl PlayCheck {
    /// Starts the worker; it asks `ctx` to repaint when an answer is ready.
    pub fn new(ctx: egui::Context) -> Self {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel::<(u64, bool)>();
        // If the thread cannot start, checks simply never answer.
        let _ = thread::Builder::new()
            .name("lockwork-play-check".into())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    let options = SolveOptions {
                        max_states: CHECK_STATES,
                        max_time: Some(Duration::from_secs_f32(CHECK_SECS)),
                        cancel: Some(job.cancel.clone()),
                    };
                    let Ok(solved) = solve(&job.level, &options) else {
                        continue; // not worked out in time: say nothing
                    };
                    if done_tx.send((job.step, solved.plan.is_none())).is_err() {
                        break;
                    }
                    ctx.request_repaint();
                }
            });
        Self {
            jobs,
            done,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Asks whether `level` (the level as it stands after play step `step`)
    /// can still be solved; cancels the check asked before.
    pub fn ask(&mut self, step: u64, level: Level) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        let _ = self.jobs.send(Job {
            step,
            level,
            cancel: self.cancel.clone(),
        });
    }

    /// The answers that came in: `(step, the goal can no longer be reached)`.
    pub fn answers(&mut self) -> Vec<(u64, bool)> {
        self.done.try_iter().collect()
    }
}

impl Drop for PlayCheck {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
