//! Re-analyses the level on a worker thread after every edit. A new edit
//! cancels the stale analysis; the UI thread never waits for the solver. The
//! analysis has a time limit (a preference); past it, it says what it proved.
//! The quality measures are worked out on the same thread, after the analysis.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::measures::{Measures, measure_rules};
use crate::model::Level;
use crate::rules::Checked;
use crate::solver::{Analysis, SolveOptions, analyze_rules};

/// States one search of the live analysis may store (memory, not time, is
/// what this bounds; the time limit is a preference).
pub const LIVE_MAX_STATES: usize = 4_000_000;

/// What the live solver knows about the level.
#[derive(Clone, Debug, Default)]
pub enum Outcome {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// The level has validation errors, so there is nothing to solve.
    Invalid,
    /// The analysis of the level: complete, or what was proven in time.
    Analysed(Box<Analysis>),
    /// Something went wrong (reported, not hidden).
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
    /// The time limit it ran with, in seconds.
    pub limit_secs: f32,
    /// The quality measures of the analysed level; `None` while there is no
    /// analysis, or when they could not be measured.
    pub measures: Option<Box<Measures>>,
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
    /// The level checked once, with its rules' tables.
    checked: Arc<Checked>,
    limit_secs: f32,
    cancel: Arc<AtomicBool>,
}

struct Done {
    revision: u64,
    outcome: Outcome,
    elapsed: Duration,
    limit_secs: f32,
    measures: Option<Box<Measures>>,
}

/// The worker thread and what it last said.
pub struct LiveSolver {
    jobs: Sender<Job>,
    done: Receiver<Done>,
    cancel: Arc<AtomicBool>,
    /// The revision and time limit last asked for.
    requested: Option<(u64, f32)>,
    /// The revision of the last job sent, and its level's rules: a later
    /// revision with the same rules (a drag, Arrange, a rename) takes its
    /// answer instead of a new analysis.
    sent: Option<(u64, Level)>,
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
                        max_time: Some(Duration::from_secs_f32(job.limit_secs.max(0.1))),
                        cancel: Some(job.cancel.clone()),
                    };
                    // The tables the UI made for this revision: not built again.
                    let Some(rules) = job.checked.rules(&job.level) else {
                        continue;
                    };
                    let outcome = match analyze_rules(&rules, &options) {
                        _ if job.cancel.load(Ordering::Relaxed) => continue,
                        Ok(a) => Outcome::Analysed(Box::new(a)),
                        Err(crate::solver::SolveError::Invalid(_)) => Outcome::Invalid,
                        Err(e) => Outcome::Failed(e.to_string()),
                    };
                    // Measured here, so that nothing heavy runs on the UI thread.
                    let measures = match &outcome {
                        Outcome::Analysed(a) => measure_rules(&rules, a).ok().map(Box::new),
                        _ => None,
                    };
                    if job.cancel.load(Ordering::Relaxed) {
                        continue;
                    }
                    let answer = Done {
                        revision: job.revision,
                        outcome,
                        measures,
                        elapsed: started.elapsed(),
                        limit_secs: job.limit_secs,
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
            sent: None,
            state,
        }
    }

    /// Asks for an analysis of `level` at `revision`, taking at most
    /// `limit_secs`, unless one was asked already; an invalid level is not
    /// analysed.
    pub fn request(
        &mut self,
        level: &Level,
        revision: u64,
        checked: &Arc<Checked>,
        limit_secs: f32,
    ) {
        let valid = checked.mechanics().is_some();
        if self.requested == Some((revision, limit_secs)) {
            return;
        }
        let same_limit = self.requested.is_some_and(|(_, l)| l == limit_secs);
        self.requested = Some((revision, limit_secs));
        let rules = level.rules_only();
        if valid && same_limit && self.sent.as_ref().is_some_and(|(_, r)| *r == rules) {
            // Only positions, names or props changed: the answer stands.
            if !self.state.running {
                self.state.revision = revision;
            }
            return;
        }
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        if !valid {
            self.sent = None;
            self.state = SolverState {
                outcome: Outcome::Invalid,
                revision,
                ..SolverState::default()
            };
            return;
        }
        self.state.running = true;
        self.sent = Some((revision, rules));
        let job = Job {
            revision,
            level: level.clone(),
            checked: Arc::clone(checked),
            limit_secs,
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
            let sent = self.sent.as_ref().map(|(r, _)| *r);
            let asked = self.requested.filter(|&(_, l)| l == done.limit_secs);
            if let Some((revision, _)) = asked
                && (done.revision == revision || Some(done.revision) == sent)
            {
                self.state = SolverState {
                    outcome: done.outcome,
                    // The answer holds for the newest revision with its rules.
                    revision,
                    elapsed: done.elapsed,
                    running: false,
                    limit_secs: done.limit_secs,
                    measures: done.measures,
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
