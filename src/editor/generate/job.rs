//! A generator run on a worker thread: its progress comes back through a
//! channel (each report wakes the UI), Cancel sets the generator's cancel
//! flag, and the result comes back the same way.

use crate::generate::Generator;
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::editor::theme::Theme;
use crate::generate::{BestFigure, GenerateError, Generated, GeneratorParams, Progress};
use crate::solver::SolveOptions;

/// Reports closer together than this are dropped (the last one before the
/// result does not matter: the result follows).
const REPORT_EVERY: Duration = Duration::from_millis(40);

/// The best figure so far, in words.
fn best_text(kind: Generator, best: f64) -> String {
    let n = crate::format::number(best);
    match kind.recipe().best {
        BestFigure::Pulls => format!("{n} pulls"),
        BestFigure::Cost => format!("cost {n}"),
    }
}

enum Message {
    Progress(Progress),
    Done(Box<Result<Generated, GenerateError>>),
}

/// What a finished run gave.
pub type Finished = Result<Generated, GenerateError>;

/// Records the measures of the level in its generator record
/// (`generator.metrics`), as the command line does, unless the run was
/// stopped: Cancel answers at once, and the Metrics panel measures the level
/// anyway once it is applied. A level that cannot be measured keeps its
/// record as it is.
fn measure(generated: &mut Generated, cancel: &Arc<AtomicBool>) {
    if generated.cancelled || cancel.load(Ordering::Relaxed) {
        return;
    }
    let options = SolveOptions {
        cancel: Some(Arc::clone(cancel)),
        max_time: Some(crate::measures::RECORD_TIME),
        ..SolveOptions::default()
    };
    // Not measured is not an error: the level is still the generator's.
    let _ = crate::measures::record(&mut generated.level, &options);
}

/// A run in progress.
pub struct Job {
    kind: Generator,
    seconds: Option<f64>,
    started: Instant,
    cancel: Arc<AtomicBool>,
    cancelled_at: Option<Instant>,
    messages: Receiver<Message>,
    latest: Option<Progress>,
}

impl Job {
    /// Starts `run` on a worker thread that wakes `ctx` as it reports.
    pub fn spawn(ctx: &egui::Context, run: GeneratorParams) -> Result<Self, String> {
        let (tx, messages) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let (kind, seconds) = (run.generator(), run.seconds());
        let flag = Arc::clone(&cancel);
        let ctx = ctx.clone();
        thread::Builder::new()
            .name("lockwork-generator".into())
            .spawn(move || {
                let last: Cell<Option<(Instant, &'static str)>> = Cell::new(None);
                let report = |p: Progress| {
                    let due = last
                        .get()
                        .is_none_or(|(at, stage)| stage != p.stage || at.elapsed() >= REPORT_EVERY);
                    if due {
                        last.set(Some((Instant::now(), p.stage)));
                        if tx.send(Message::Progress(p)).is_ok() {
                            ctx.request_repaint();
                        }
                    }
                };
                let result = run.generate(&report, &flag).map(|mut generated| {
                    report(Progress::new("measuring", 0, None));
                    measure(&mut generated, &flag);
                    generated
                });
                // The window may be gone; then nobody waits for the result.
                let _ = tx.send(Message::Done(Box::new(result)));
                ctx.request_repaint();
            })
            .map_err(|e| format!("cannot start the generator thread: {e}"))?;
        Ok(Self {
            kind,
            seconds,
            started: Instant::now(),
            cancel,
            cancelled_at: None,
            messages,
            latest: None,
        })
    }

    /// Which generator is running.
    pub fn kind(&self) -> Generator {
        self.kind
    }

    /// Asks the generator to stop; it answers with its best so far, or
    /// with [`GenerateError::Cancelled`].
    pub fn cancel(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancelled_at.get_or_insert_with(Instant::now);
    }

    /// Was Cancel pressed?
    pub fn is_cancelling(&self) -> bool {
        self.cancelled_at.is_some()
    }

    /// Takes in the reports; the result when the run is over.
    pub fn poll(&mut self) -> Option<Finished> {
        loop {
            match self.messages.try_recv() {
                Ok(Message::Progress(p)) => self.latest = Some(p),
                Ok(Message::Done(result)) => return Some(*result),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    return Some(Err(GenerateError::Internal(
                        "the generator thread stopped unexpectedly".to_owned(),
                    )));
                }
            }
        }
    }

    /// The progress bar and its figures: elapsed time, work done, work per
    /// second and the best so far.
    pub fn ui(&self, ui: &mut Ui, theme: &Theme) {
        let elapsed = self.started.elapsed().as_secs_f64();
        let p = self.latest;
        let stage = p.map_or("starting", |p| p.stage);
        let done = p.map_or(0, |p| p.done);
        let fraction = match (p.and_then(|p| p.total), self.seconds) {
            (Some(total), _) if total > 0 => Some(done as f32 / total as f32),
            (_, Some(seconds)) if stage == "searching" => Some((elapsed / seconds) as f32),
            _ => None,
        };
        let stage_text = if self.is_cancelling() {
            "stopping…"
        } else {
            stage
        };
        let bar = match fraction {
            Some(f) => egui::ProgressBar::new(f.clamp(0.0, 1.0))
                .text(format!("{stage_text} ({:.0} %)", f.clamp(0.0, 1.0) * 100.0)),
            None => egui::ProgressBar::new(0.0).animate(true).text(stage_text),
        };
        ui.add(bar);
        let rate = if elapsed > 0.05 {
            done as f64 / elapsed
        } else {
            0.0
        };
        let work = match p.and_then(|p| p.total) {
            Some(total) => format!(
                "{} of {} {}",
                grouped(done),
                grouped(total),
                self.kind.recipe().work
            ),
            None => format!("{} {}", grouped(done), self.kind.recipe().work),
        };
        let figures = [
            format!("{elapsed:.1} s"),
            work,
            format!(
                "{} {} per second",
                grouped(rate.round() as u64),
                self.kind.recipe().unit
            ),
        ];
        ui.label(figures.join(" · "));
        match p.and_then(|p| p.best) {
            Some(best) => {
                ui.label(
                    RichText::new(format!("Best so far: {}", best_text(self.kind, best)))
                        .strong()
                        .color(theme.good),
                );
            }
            None if matches!(self.kind, Generator::Levers | Generator::Random) => {
                ui.label(RichText::new("Nothing found yet").color(theme.weak_text));
            }
            None => {}
        }
    }
}

impl Drop for Job {
    /// A run nobody waits for stops.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// `1234567` as `1 234 567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{a0}');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_of_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1234), "1\u{a0}234");
        assert_eq!(grouped(1_234_567), "1\u{a0}234\u{a0}567");
    }
}
