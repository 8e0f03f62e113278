//! Arrange worked out on a worker thread: a layout of a few thousand rooms
//! takes a few hundred milliseconds, which would freeze the window. The
//! worker reads a copy of the level and sends back the finished command
//! ([`LevelCommand::arranged`]); the app applies it as one undo step if
//! the level has not changed meanwhile.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::document::{EditError, LevelCommand};
use crate::layout::Layout;
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
    /// The command to apply to the revision it was worked out on.
    Done(Box<Result<LevelCommand, EditError>>),
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
    result: Receiver<Result<LevelCommand, EditError>>,
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
        thread::Builder::new()
            .name("lockwork-arrange".into())
            .spawn(move || {
                let command = LevelCommand::arranged(&level, layout, &rooms, aspect);
                // A newer Arrange may have replaced this one: nobody waits.
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
        })
    }

    /// What it lays out, in words.
    pub fn what(&self) -> String {
        match self.rooms {
            0 => "the level".to_owned(),
            n => format!("{n} rooms"),
        }
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
