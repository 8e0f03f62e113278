//! Re-solves the level on a worker thread after every edit. A new edit
//! cancels the stale solve; the UI thread never waits for the solver.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::model::Level;
use crate::solver::{Analysis, SolveError, SolveOptions, analyze};

/// States the live solver may visit before it says "too large": the
/// command line's `check` can go further.
pub const LIVE_MAX_STATES: usize = 4_000_000;

/// What the live solver knows about the level.
#[derive(Clone, Debug, Default)]
pub enum Outcome {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// The level has validation errors, so there is nothing to solve.
    Invalid,
    /// The analysis of the level.
    Analysed(Box<Analysis>),
    /// Too many states for live solving.
    TooLarge(String),
    /// Something else went wrong (reported, not hidden).
    Failed(String),
}

/// The latest answer and whether a newer one is being worked out.
#[derive(Clone, Debug, Default)]
pub struct SolverState {
    /// The answer for [`Self::revision`].
    pub outcome: Outcome,
    /// The document revision the outcome is for.
    pub revision: u64,
    /// How long the solve took.
    pub elapsed: Duration,
    /// A solve for a newer revision is running.
    pub running: bool,
}

impl SolverState {
    /// The analysis, when the level was solved (or proven unsolvable).
    pub fn analysis(&self) -> Option<&Analysis> {
        match &self.outcome {
            Outcome::Analysed(a) => Some(a),
            _ => None,
        }
    }
}

struct Job {
    revision: u64,
    level: Level,
    cancel: Arc<AtomicBool>,
}

struct Done {
    revision: u64,
    outcome: Outcome,
    elapsed: Duration,
}

/// The worker thread and what it last said.
pub struct LiveSolver {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    cancel: Arc<AtomicBool>,
    requested: Option<u64>,
    state: SolverState,
}

impl LiveSolver {
    /// Starts the worker; it asks `ctx` to repaint when an answer is ready.
    pub fn new(ctx: egui::Context) -> Self {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel::<Done>();
        let spawned = thread::Builder::new()
            .name("lockwork-solver".into())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    // Only the newest request matters.
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    if job.cancel.load(Ordering::Relaxed) {
                        continue;
                    }
                    let started = Instant::now();
                    let options = SolveOptions {
                        max_states: LIVE_MAX_STATES,
                        cancel: Some(job.cancel.clone()),
                    };
                    let outcome = match analyze(&job.level, &options) {
                        Ok(a) => Outcome::Analysed(Box::new(a)),
                        Err(SolveError::Cancelled) => continue,
                        Err(e @ (SolveError::TooLarge { .. } | SolveError::TooManyBits { .. })) => {
                            Outcome::TooLarge(e.to_string())
                        }
                        Err(SolveError::Invalid(_)) => Outcome::Invalid,
                        Err(e) => Outcome::Failed(e.to_string()),
                    };
                    let answer = Done {
                        revision: job.revision,
                        outcome,
                        elapsed: started.elapsed(),
                    };
                    if done_tx.send(answer).is_err() {
                        break;
                    }
                    ctx.request_repaint();
                }
            });
        let mut state = SolverState::default();
        if let Err(e) = spawned {
            state.outcome = Outcome::Failed(format!("cannot start the solver thread: {e}"));
        }
        Self {
            jobs,
            done,
            cancel: Arc::new(AtomicBool::new(false)),
            requested: None,
            state,
        }
    }

    /// Asks for a solve of `level` at `revision` unless one was asked already;
    /// an invalid level is not solved.
    pub fn request(&mut self, level: &Level, revision: u64, valid: bool) {
        if self.requested == Some(revision) {
            return;
        }
        self.requested = Some(revision);
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        if !valid {
            self.state = SolverState {
                outcome: Outcome::Invalid,
                revision,
                ..SolverState::default()
            };
            return;
        }
        self.state.running = true;
        let job = Job {
            revision,
            level: level.clone(),
            cancel: self.cancel.clone(),
        };
        if self.jobs.send(job).is_err() {
            self.state.running = false;
            self.state.outcome = Outcome::Failed("the solver thread stopped".into());
        }
    }

    /// Takes in any answers; only the one for the newest request counts.
    pub fn poll(&mut self) {
        while let Ok(done) = self.done.try_recv() {
            if Some(done.revision) == self.requested {
                self.state = SolverState {
                    outcome: done.outcome,
                    revision: done.revision,
                    elapsed: done.elapsed,
                    running: false,
                };
            }
        }
    }

    /// What the solver knows now.
    pub fn state(&self) -> &SolverState {
        &self.state
    }

    /// True while a solve is running.
    pub fn is_busy(&self) -> bool {
        self.state.running
    }
}

impl Drop for LiveSolver {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
