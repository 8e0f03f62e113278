//! Arrange worked out on a worker thread: a layout of a few thousand rooms
//! takes from a few hundred milliseconds to a few seconds, which would
//! freeze the window. The worker reads a copy of the level, reports how
//! far it got, stops when asked, and sends back the finished command
//! ([`LevelCommand::arranged_watched`]); the app applies it as one undo
//! step if the level has not changed meanwhile.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::document::{EditError, LevelCommand};
use crate::layout::{Layout, Watch};
use crate::model::{Level, RoomId};

/// What to arrange.
pub struct ArrangeRequest {
    /// The level as it stands (a copy the worker reads).
    pub level: Level,
    /// Its document revision: the result applies to that one only.
    pub revision: u64,
    /// Which layout.
    pub layout: Layout,
    /// The rooms to lay out; none means the whole level.
    pub rooms: Vec<RoomId>,
    /// Width over height of the canvas.
    pub aspect: f64,
}

/// How a job stands.
pub enum Arranged {
    /// Still being worked out.
    Running,
    /// The command to apply to the revision it was worked out on; `None`
    /// when the worker was stopped.
    Done(Box<Result<Option<LevelCommand>, EditError>>),
    /// The worker ended without an answer.
    Lost,
}

/// An Arrange being worked out.
pub struct ArrangeJob {
    /// The document revision it lays out: the result applies to that one
    /// only.
    pub revision: u64,
    /// How many rooms are laid out; 0 for the whole level.
    pub rooms: usize,
    /// The layout, for the status line.
    pub layout: Layout,
    result: Receiver<Result<Option<LevelCommand>, EditError>>,
    /// Set to stop the worker.
    cancel: Arc<AtomicBool>,
    /// The share of the work done (an `f32`'s bits), from the worker.
    done: Arc<AtomicU32>,
}

impl ArrangeJob {
    /// Starts the worker, which wakes `ctx` when it is done.
    pub fn spawn(ctx: &egui::Context, request: ArrangeRequest) -> Result<Self, String> {
        let (tx, result) = mpsc::channel();
        let ArrangeRequest {
            level,
            revision,
            layout,
            rooms,
            aspect,
        } = request;
        let count = rooms.len();
        let ctx = ctx.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicU32::new(0));
        let (stop, told) = (cancel.clone(), done.clone());
        thread::Builder::new()
            .name("lockwork-arrange".into())
            .spawn(move || {
                let progress = |share: f32| told.store(share.to_bits(), Ordering::Relaxed);
                let watch = Watch {
                    cancel: &stop,
                    progress: &progress,
                };
                let command = LevelCommand::arranged_watched(&level, layout, &rooms, aspect, watch);
                // A newer Arrange may have replaced this one, or the
                // designer stopped it: nobody waits.
                if tx.send(command).is_ok() {
                    ctx.request_repaint();
                }
            })
            .map_err(|e| format!("cannot start the layout thread: {e}"))?;
        Ok(Self {
            revision,
            rooms: count,
            layout,
            result,
            cancel,
            done,
        })
    }

    /// The share of the layout worked out, from 0 to 1.
    pub fn done(&self) -> f32 {
        f32::from_bits(self.done.load(Ordering::Relaxed))
    }

    /// Asks the worker to stop: it drops its layout soon after.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// What it lays out, in words.
    pub fn what(&self) -> String {
        match self.rooms {
            0 => "the level".to_owned(),
            n => format!("{n} rooms"),
        }
    }

    /// What it does, for the status line: "Arranging the level (Grid)".
    pub fn doing(&self) -> String {
        format!("Arranging {} ({})", self.what(), self.layout.label())
    }

    /// The answer, once there is one.
    pub fn poll(&self) -> Arranged {
        match self.result.try_recv() {
            Ok(command) => Arranged::Done(Box::new(command)),
            Err(TryRecvError::Empty) => Arranged::Running,
            Err(TryRecvError::Disconnected) => Arranged::Lost,
        }
    }
}

impl Drop for ArrangeJob {
    /// A job replaced by a newer Arrange, stopped, or left when the window
    /// closes stops its worker too.
    fn drop(&mut self) {
        self.cancel();
    }
}
