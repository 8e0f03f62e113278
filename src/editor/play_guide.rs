//! Makes the [`Guide`] a play session runs on, on a worker thread: the
//! core's analysis of the level for play (every state's cost to the goal
//! when they fit the table). The UI thread never waits for it; a newer
//! level cancels the one being analysed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use crate::model::Level;
use crate::play::{Building, Guide, PlayOptions};

/// The budgets of play in the editor: a table of up to 300,000 states
/// made in at most 3 s; past it, each hint or check searches at most
/// 20,000 states (milliseconds), so that no step waits on a long search.
pub const EDITOR_PLAY: PlayOptions = PlayOptions {
    table_states: 300_000,
    search_states: 20_000,
    max_time: Some(Duration::from_secs(3)),
};

struct Job {
    /// The document revision the level is of.
    revision: u64,
    level: Level,
    cancel: Arc<AtomicBool>,
}

/// What the worker answers: the revision, and its guide or why there is none.
pub type Made = (u64, Result<Arc<Guide>, String>);

/// The guide's worker thread.
pub struct PlayGuides {
    jobs: Sender<Job>,
    done: Receiver<Made>,
    cancel: Arc<AtomicBool>,
    /// States explored by the analysis under way, for a progress line.
    progress: Arc<AtomicUsize>,
}

impl PlayGuides {
    /// Starts the worker; it asks `ctx` to repaint when a guide is ready.
    pub fn new(ctx: egui::Context) -> Self {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel::<Made>();
        let progress = Arc::new(AtomicUsize::new(0));
        let seen = progress.clone();
        // If the thread cannot start, play simply waits and says so.
        let _ = thread::Builder::new()
            .name("lockwork-play-guide".into())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    let report = |b: Building| seen.store(b.states, Ordering::Relaxed);
                    let made = Guide::build(job.level, &EDITOR_PLAY, &report, &job.cancel);
                    let answer = match made {
                        Ok(Some(guide)) => Ok(Arc::new(guide)),
                        Ok(None) => continue, // cancelled: a newer level is coming
                        Err(e) => Err(e.to_string()),
                    };
                    if done_tx.send((job.revision, answer)).is_err() {
                        break;
                    }
                    ctx.request_repaint();
                }
            });
        Self {
            jobs,
            done,
            cancel: Arc::new(AtomicBool::new(false)),
            progress,
        }
    }

    /// Asks for the guide of `level` (document revision `revision`);
    /// cancels the one asked before.
    pub fn ask(&mut self, revision: u64, level: Level) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        self.progress.store(0, Ordering::Relaxed);
        let _ = self.jobs.send(Job {
            revision,
            level,
            cancel: self.cancel.clone(),
        });
    }

    /// The guides made since the last call.
    pub fn answers(&mut self) -> Vec<Made> {
        self.done.try_iter().collect()
    }

    /// States explored so far by the analysis under way.
    pub fn progress(&self) -> usize {
        self.progress.load(Ordering::Relaxed)
    }
}

impl Drop for PlayGuides {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
