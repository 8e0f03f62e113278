//! Batch mode: many candidates of one generator, seeds `S..S+N-1`, made and
//! measured on a worker thread ([`crate::generate::batch`], which spreads
//! them over the cores), for the designer to compare in a table and a
//! scatter plot, preview on the canvas and pick from.

use crate::generate::Generator;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Instant;

use crate::generate::{BatchItem, GeneratorParams, batch};
use crate::measures::Measures;
use crate::model::Level;

/// Candidates a batch makes unless told otherwise.
pub const DEFAULT_COUNT: usize = 20;

/// The most candidates one batch may make.
pub const MAX_COUNT: usize = 1000;

/// One level of a finished batch, with its measures.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Its seed.
    pub seed: u64,
    /// The level, its measures in its generator record.
    pub level: Level,
    /// Its measures.
    pub measures: Measures,
}

/// A figure of a candidate: a column of the table and an axis of the plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The seed.
    Seed,
    /// The difficulty score.
    Score,
    /// The least cost.
    Cost,
    /// Moves of the least-cost plan.
    Moves,
    /// Lever pulls of the least-cost plan.
    Pulls,
    /// Share of the plan's moves into rooms visited before.
    Backtracking,
    /// Mean key–lock distance.
    KeyDistance,
    /// Decision points along the plan.
    Choices,
    /// Mean doors into a locked area.
    Routes,
    /// Share of reachable states that are dead ends.
    DeadEnds,
    /// Rooms the plan does without.
    OptionalRooms,
    /// Rooms of the level.
    Rooms,
    /// Measures in the band of shipped dungeons.
    Band,
}

impl Column {
    /// Every column, in the table's order.
    pub const ALL: [Self; 13] = [
        Self::Seed,
        Self::Score,
        Self::Band,
        Self::Cost,
        Self::Moves,
        Self::Pulls,
        Self::Backtracking,
        Self::KeyDistance,
        Self::Choices,
        Self::Routes,
        Self::DeadEnds,
        Self::OptionalRooms,
        Self::Rooms,
    ];

    /// The header of the column and the name of the axis.
    pub fn label(self) -> &'static str {
        match self {
            Self::Seed => "Seed",
            Self::Score => "Score",
            Self::Cost => "Cost",
            Self::Moves => "Moves",
            Self::Pulls => "Pulls",
            Self::Backtracking => "Backtracking",
            Self::KeyDistance => "Key distance",
            Self::Choices => "Choices",
            Self::Routes => "Routes",
            Self::DeadEnds => "Dead ends",
            Self::OptionalRooms => "Optional rooms",
            Self::Rooms => "Rooms",
            Self::Band => "Band",
        }
    }

    /// What the figure is (hover text of the header and the axis).
    pub fn about(self) -> &'static str {
        match self {
            Self::Seed => "The seed: the same seed and options give the same level",
            Self::Score => {
                "The difficulty score: length + backtracking + key distance + branching + risk, \
                 each a count of what the player does along the plan"
            }
            Self::Cost => "The least cost of reaching the goal",
            Self::Moves => "Moves of the least-cost plan",
            Self::Pulls => "Lever pulls of the least-cost plan",
            Self::Backtracking => "Share of the plan's moves into a room it visited before",
            Self::KeyDistance => "Mean steps between picking a key up and first using it",
            Self::Choices => "Decision points: states of the plan with two or more ways on",
            Self::Routes => "Mean number of doors into a locked area",
            Self::DeadEnds => "Share of reachable states that are dead ends",
            Self::OptionalRooms => "Rooms the least-cost plan never enters",
            Self::Rooms => "Rooms of the level",
            Self::Band => {
                "Measures (of 8) that lie in the band of shipped dungeons: rooms visited, \
                 optional rooms, moves per room, backtracking, key distance, routes, \
                 branching, dead ends"
            }
        }
    }

    /// Is it a share, shown as a percentage?
    pub fn is_share(self) -> bool {
        matches!(self, Self::Backtracking | Self::DeadEnds)
    }

    /// The candidate's figure; `None` when it has none (no plan, no key used).
    pub fn value(self, c: &Candidate) -> Option<f64> {
        let m = &c.measures;
        let path = m.critical_path.as_ref();
        match self {
            Self::Seed => Some(c.seed as f64),
            Self::Score => m.score.as_ref().map(|s| s.total),
            Self::Cost => path.map(|p| p.cost),
            Self::Moves => path.map(|p| f64::from(p.moves)),
            Self::Pulls => path.map(|p| f64::from(p.pulls)),
            Self::Backtracking => m.backtracking,
            Self::KeyDistance => m.key_distance.mean,
            Self::Choices => Some(m.branching.decision_points as f64),
            Self::Routes => m.routes.mean,
            Self::DeadEnds => m.risk.dead_end_share,
            Self::OptionalRooms => path.map(|_| m.optional.rooms.len() as f64),
            Self::Rooms => Some(c.level.rooms.len() as f64),
            Self::Band => path.map(|_| m.band().inside() as f64),
        }
    }

    /// The figure in words, as the table shows it.
    pub fn text(self, c: &Candidate) -> String {
        match self.value(c) {
            None => "–".to_owned(),
            Some(x) if self.is_share() => crate::editor::metrics::percent(x),
            Some(x) => crate::editor::metrics::figure(x),
        }
    }
}

/// A batch being made.
pub struct BatchJob {
    kind: Generator,
    count: usize,
    done: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    started: Instant,
    result: Receiver<Vec<BatchItem>>,
}

impl BatchJob {
    /// Starts making `count` levels of `run`, seeds from its own, on a
    /// worker thread that wakes `ctx` after each level.
    pub fn spawn(
        ctx: &egui::Context,
        run: GeneratorParams,
        first_seed: u64,
        count: usize,
    ) -> Result<Self, String> {
        let kind = run.generator();
        let (tx, result) = mpsc::channel();
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (done_w, cancel_w, ctx) = (Arc::clone(&done), Arc::clone(&cancel), ctx.clone());
        thread::Builder::new()
            .name("lockwork-batch".into())
            .spawn(move || {
                let progress = |n: usize, _: usize| {
                    done_w.store(n, Ordering::Relaxed);
                    ctx.request_repaint();
                };
                // 0 threads: one per core.
                let items = batch(&run, first_seed, count, 0, &progress, &cancel_w);
                // The window may be gone; then nobody waits for the levels.
                let _ = tx.send(items);
                ctx.request_repaint();
            })
            .map_err(|e| format!("cannot start the batch thread: {e}"))?;
        Ok(Self {
            kind,
            count,
            done,
            cancel,
            started: Instant::now(),
            result,
        })
    }

    /// Which generator.
    pub fn kind(&self) -> Generator {
        self.kind
    }

    /// Stops the batch: levels not started are left out.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Was Cancel pressed?
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The levels, once the batch is over.
    pub fn poll(&self) -> Option<Result<Vec<BatchItem>, String>> {
        match self.result.try_recv() {
            Ok(items) => Some(Ok(items)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err("the batch thread stopped unexpectedly".to_owned()))
            }
        }
    }

    /// The progress bar: levels made of all asked for, and the time.
    pub fn ui(&self, ui: &mut egui::Ui) {
        let done = self.done.load(Ordering::Relaxed);
        let fraction = done as f32 / self.count.max(1) as f32;
        let what = if self.is_cancelling() {
            "stopping…".to_owned()
        } else {
            format!("{done} of {} levels made and measured", self.count)
        };
        ui.add(egui::ProgressBar::new(fraction).text(what));
        ui.label(format!(
            "{:.1} s · on {} threads",
            self.started.elapsed().as_secs_f64(),
            thread::available_parallelism().map_or(1, usize::from)
        ));
    }
}

impl Drop for BatchJob {
    /// A batch nobody waits for stops.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Batch mode's settings and its last batch.
pub struct Batch {
    /// Candidates to make.
    pub count: usize,
    /// The batch being made.
    pub job: Option<BatchJob>,
    /// The generator of the candidates shown.
    pub kind: Generator,
    /// The candidates of the last batch, in seed order.
    pub candidates: Vec<Candidate>,
    /// Seeds that gave no level, and why.
    pub failed: Vec<(u64, String)>,
    /// The batch was stopped before every level was made.
    pub stopped: bool,
    /// The table's order: by this column, largest first when `descending`.
    pub sort: (Column, bool),
    /// The plot's axes.
    pub axes: (Column, Column),
    /// The candidate picked (an index into `candidates`), shown on the canvas.
    pub picked: Option<usize>,
    /// Changes whenever what the canvas should preview changes.
    pub preview_id: u64,
    /// Candidates boxed in the plot (Shift and a drag): the table lists
    /// them first.
    pub boxed: Vec<usize>,
    /// Where a box being dragged in the plot started.
    pub box_start: Option<egui::Pos2>,
    /// A candidate picked in the plot, whose row the table scrolls to.
    pub scroll_to: Option<usize>,
    /// Where the plot drew each candidate last frame, on the screen.
    pub plotted: Vec<(usize, egui::Pos2)>,
}

impl Default for Batch {
    fn default() -> Self {
        Self {
            count: DEFAULT_COUNT,
            job: None,
            kind: Generator::Backward,
            candidates: Vec::new(),
            failed: Vec::new(),
            stopped: false,
            sort: (Column::Score, true),
            axes: (Column::Cost, Column::Backtracking),
            picked: None,
            preview_id: 0,
            boxed: Vec::new(),
            box_start: None,
            scroll_to: None,
            plotted: Vec::new(),
        }
    }
}

impl Batch {
    /// Picks candidate `index` (or none) for the canvas to preview.
    pub fn pick(&mut self, index: Option<usize>) {
        if self.picked != index {
            self.picked = index;
            self.preview_id += 1;
        }
    }

    /// Forgets the last batch's candidates (the settings stay).
    pub fn clear(&mut self) {
        self.boxed.clear();
        self.candidates.clear();
        self.failed.clear();
        self.stopped = false;
        self.pick(None);
    }

    /// Takes in a finished batch's levels.
    pub fn finish(&mut self, kind: Generator, items: Vec<BatchItem>, asked: usize, name: Names) {
        self.kind = kind;
        self.stopped = items.len() < asked;
        self.candidates.clear();
        self.failed.clear();
        self.boxed.clear();
        for item in items {
            match item.outcome {
                Ok((level, measures)) => self.candidates.push(Candidate {
                    seed: item.seed,
                    level,
                    measures,
                }),
                Err(e) => self.failed.push((item.seed, name(&e))),
            }
        }
        self.pick(None);
    }

    /// The candidates in the table's order (indices into `candidates`).
    pub fn order(&self) -> Vec<usize> {
        let (column, descending) = self.sort;
        let mut order: Vec<usize> = (0..self.candidates.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.candidates[a], &self.candidates[b]);
            let key = |c: &Candidate| column.value(c).unwrap_or(f64::NEG_INFINITY);
            let by = key(a).total_cmp(&key(b)).then(a.seed.cmp(&b.seed));
            if descending { by.reverse() } else { by }
        });
        // Candidates boxed in the plot come first, in the same order.
        order.sort_by_key(|i| !self.boxed.contains(i));
        order
    }
}

/// Puts a generator's error in words.
pub type Names = fn(&crate::generate::GenerateError) -> String;
