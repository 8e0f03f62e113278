//! One editor frame with a 1,000-room, 1,500-door level, headless.
//!
//! Goal: at most 5 ms of CPU per frame for the whole app at Fit, with every
//! overlay and level of detail on. `cargo bench --bench canvas` (with
//! `LOCKWORK_BENCH_COUNT` set, it also prints how many vertices the canvas
//! tessellates to); the times are CPU time of the benchmark thread (from
//! `/proc/thread-self/schedstat` on Linux), so a busy machine does not
//! inflate them:
//!
//! - `canvas/app_frame`: a whole `EditorApp` frame as eframe runs it on the
//!   CPU (`Context::run_ui`, then tessellation), the level fitted in view,
//!   the solution shown, the live solver idle.
//! - `canvas/canvas_only`: only the canvas (`Canvas::ui` in a central panel),
//!   plus tessellation.
//! - `canvas/kittest_step`: one `egui_kittest::Harness::step()` of the app,
//!   which also builds the AccessKit tree (that eframe only builds when a
//!   screen reader asks for it); no tessellation.
//! - `canvas/overview_frame`: a whole app frame at Fit showing the area
//!   overview (goal ≤ 5 ms); the three above show the rooms
//!   (`overview_from: 0`), as they did before the overview existed.
//! - `canvas/overview_switch`: what switching to the overview works out
//!   afresh, the rules and the area graph of the level (goal with a frame
//!   ≤ 50 ms).
//! - `canvas/lists_10k_keys`: the left panel alone (`lists::lists_ui` in a
//!   side panel, plus tessellation) with 10,000 more keys in the level:
//!   its tables lay out the rows in view only, in an order made once per
//!   revision.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Pos2, RawInput, Rect, pos2};
use egui_kittest::Harness;
use lockwork::document::Document;
use lockwork::editor::EditorApp;
use lockwork::editor::canvas::Canvas;
use lockwork::editor::files::FileDialogs;
use lockwork::editor::live_solver::SolverState;
use lockwork::editor::prefs::Prefs;
use lockwork::editor::selection::Selection;
use lockwork::editor::theme::Theme;
use lockwork::editor::view::View;
use lockwork::model::LevelIndex;
use lockwork::validate::validate;

const SCREEN: egui::Vec2 = egui::Vec2::new(1280.0, 800.0);

mod common;

use common::{big_level, cpu_time};

struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        None
    }

    fn pick_save(&self, _suggested_name: &str) -> Option<PathBuf> {
        None
    }
}

fn input(time: f64) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, SCREEN)),
        time: Some(time),
        predicted_dt: 1.0 / 60.0,
        // The pointer rests over the canvas, so hover tests run as they would.
        events: if time == 0.0 {
            vec![Event::PointerMoved(pos2(640.0, 400.0))]
        } else {
            Vec::new()
        },
        ..RawInput::default()
    }
}

/// Runs frames until the live solver has answered (it runs on its own
/// thread and must not share the measured CPU).
/// What a [`View`] borrows besides the level and the solver's answer, made
/// once for a bench: what the app keeps per revision.
struct Parts {
    index: LevelIndex,
    report: lockwork::validate::Report,
    colors: Vec<lockwork::model::Rgb>,
    selection: Selection,
    theme: Theme,
    prefs: Prefs,
}

impl Parts {
    fn new(level: &lockwork::model::Level, prefs: Prefs) -> Self {
        Self {
            index: LevelIndex::new(level),
            report: validate(level),
            colors: lockwork::model::palette::key_colors(level),
            selection: Selection::default(),
            theme: Theme::new(true),
            prefs,
        }
    }

    /// The view of `level` at `revision`, as the app hands its panels.
    fn view<'a>(
        &'a self,
        level: &'a lockwork::model::Level,
        solver: &'a SolverState,
        revision: u64,
    ) -> View<'a> {
        View {
            level,
            revision,
            labels: lockwork::model::Labels::with_index(level, &self.index),
            index: &self.index,
            report: &self.report,
            mechanics: None,
            key_colors: &self.colors,
            selection: &self.selection,
            solver,
            theme: &self.theme,
            prefs: &self.prefs,
            play: None,
            background: &lockwork::editor::background::BackdropState::None,
        }
    }
}

fn settle(ctx: &egui::Context, app: &mut EditorApp, time: &mut f64) {
    let deadline = Instant::now() + Duration::from_secs(120);
    for i in 0.. {
        let _ = ctx.run_ui(input(*time), |ui| app.show(ui));
        *time += 1.0 / 60.0;
        if i > 10 && !app.solver().is_busy() {
            return;
        }
        assert!(Instant::now() < deadline, "the live solver did not finish");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn frames(c: &mut Criterion) {
    let level = big_level();
    assert!(
        validate(&level).errors.is_empty(),
        "{:?}",
        validate(&level).errors
    );
    let mut group = c.benchmark_group("canvas");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(10));

    // The room view: no overview, whatever the level's size.
    let rooms_prefs = Prefs {
        overview_from: 0,
        ..Prefs::default()
    };
    overview_benches(&mut group, &level);
    lists_bench(&mut group, &level);

    // The whole app, as eframe drives it (minus the GPU).
    let ctx = egui::Context::default();
    let doc = Document::new(level.clone(), None);
    let mut app = EditorApp::new(&ctx, doc, rooms_prefs.clone(), Arc::new(NoDialogs));
    let mut time = 0.0;
    settle(&ctx, &mut app, &mut time);
    let solver: SolverState = app.solver().state().clone();
    eprintln!(
        "1,000 rooms, 1,500 doors; solver: {:?} in {:?}; zoom {:.3}",
        outcome_name(&solver),
        solver.elapsed,
        app.canvas().to_screen().scaling
    );
    group.bench_function("app_frame", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                time += 1.0 / 60.0;
                let output = ctx.run_ui(input(time), |ui| app.show(ui));
                black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
            })
        });
    });

    // The canvas alone.
    let ctx = egui::Context::default();
    let parts = Parts::new(&level, rooms_prefs.clone());
    let mut canvas = Canvas::default();
    let mut time = 0.0;
    let mut canvas_frame = |time: f64| {
        let output = ctx.run_ui(input(time), |ui| {
            let view = parts.view(&level, &solver, 0);
            let mut out = Vec::new();
            egui::CentralPanel::no_frame().show(ui, |ui| canvas.ui(ui, &view, &mut out));
            black_box(out);
        });
        ctx.tessellate(output.shapes, output.pixels_per_point)
    };
    for _ in 0..5 {
        time += 1.0 / 60.0;
        black_box(canvas_frame(time));
    }
    if std::env::var_os("LOCKWORK_BENCH_COUNT").is_some() {
        count_vertices(&canvas_frame(time + 1.0 / 60.0));
    }
    group.bench_function("canvas_only", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                time += 1.0 / 60.0;
                black_box(canvas_frame(time));
            })
        });
    });

    // One kittest step of the app (AccessKit on, no tessellation).
    let mut doc = Some(Document::new(level.clone(), None));
    let mut harness = Harness::builder().with_size(SCREEN).build_ui_state(
        move |ui, app: &mut Option<EditorApp>| {
            if let Some(doc) = doc.take() {
                *app = Some(EditorApp::new(
                    ui.ctx(),
                    doc,
                    rooms_prefs.clone(),
                    Arc::new(NoDialogs),
                ));
            }
            if let Some(app) = app {
                app.show(ui);
            }
        },
        None,
    );
    harness.hover_at(pos2(640.0, 400.0));
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        harness.step();
        if harness
            .state()
            .as_ref()
            .is_some_and(|a| !a.solver().is_busy())
        {
            break;
        }
        assert!(Instant::now() < deadline, "the live solver did not finish");
        std::thread::sleep(Duration::from_millis(10));
    }
    group.bench_function("kittest_step", |b| {
        b.iter_custom(|iters| cpu_time(iters, || harness.step()));
    });
    group.finish();
}

/// The app at Fit showing the area overview, and what switching to it
/// works out.
fn overview_benches(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    level: &lockwork::model::Level,
) {
    let ctx = egui::Context::default();
    let doc = Document::new(level.clone(), None);
    let mut app = EditorApp::new(&ctx, doc, Prefs::default(), Arc::new(NoDialogs));
    let mut time = 0.0;
    settle(&ctx, &mut app, &mut time);
    assert!(
        app.canvas().overview_areas().is_some(),
        "the overview at Fit"
    );
    group.bench_function("overview_frame", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                time += 1.0 / 60.0;
                let output = ctx.run_ui(input(time), |ui| app.show(ui));
                black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
            })
        });
    });
    group.bench_function("overview_switch", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                let m = lockwork::rules::mechanics::Mechanics::new(level).unwrap();
                black_box(lockwork::measures::Overview::of(level, &m, None));
            })
        });
    });
}

/// The left panel alone, with 10,000 more keys in the level.
fn lists_bench(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    level: &lockwork::model::Level,
) {
    let mut level = level.clone();
    let room = level.start.clone();
    for i in 0..10_000 {
        let id = format!("many{i}");
        level
            .keys
            .push(lockwork::model::Key::new(id.as_str(), room.as_str()));
    }
    let ctx = egui::Context::default();
    let parts = Parts::new(&level, Prefs::default());
    let solver = SolverState::default();
    let frame = |time: f64| {
        let output = ctx.run_ui(input(time), |ui| {
            let view = parts.view(&level, &solver, 1);
            let mut out = Vec::new();
            egui::Panel::left("lists").exact_size(270.0).show(ui, |ui| {
                egui::ScrollArea::both().show(ui, |ui| {
                    lockwork::editor::lists::lists_ui(ui, &view, &mut out);
                });
            });
            black_box(out);
        });
        ctx.tessellate(output.shapes, output.pixels_per_point)
    };
    let mut time = 0.0;
    for _ in 0..5 {
        time += 1.0 / 60.0;
        black_box(frame(time));
    }
    group.bench_function("lists_10k_keys", |b| {
        b.iter_custom(|iters| {
            cpu_time(iters, || {
                time += 1.0 / 60.0;
                black_box(frame(time));
            })
        });
    });
}

/// Prints how much the canvas tessellated to.
fn count_vertices(prims: &[egui::ClippedPrimitive]) {
    let (mut v, mut i) = (0, 0);
    for p in prims {
        if let egui::epaint::Primitive::Mesh(m) = &p.primitive {
            v += m.vertices.len();
            i += m.indices.len();
        }
    }
    eprintln!(
        "canvas_only: {} primitives, {v} vertices, {i} indices",
        prims.len()
    );
}

fn outcome_name(state: &SolverState) -> String {
    use lockwork::editor::live_solver::Outcome;
    match &state.outcome {
        Outcome::Analysed(a) if a.plan.is_some() => "solvable".into(),
        Outcome::Analysed(_) => "unsolvable".into(),
        other => format!("{other:?}").chars().take(80).collect(),
    }
}

criterion_group!(benches, frames);
criterion_main!(benches);
