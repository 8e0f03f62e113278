//! One editor frame with a 1,000-room, 1,500-door level, headless.
//!
//! Goal: at most 8 ms of CPU per frame. `cargo bench --bench canvas`; the
//! times are CPU time of the benchmark thread (from
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
use lockwork::model::{Door, DoorId, Key, KeyId, Level, LevelIndex, Lever, Room};
use lockwork::validate::validate;

const WIDTH: usize = 40;
const HEIGHT: usize = 25;
const DOORS: usize = 1_500;
const SCREEN: egui::Vec2 = egui::Vec2::new(1280.0, 800.0);

struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        None
    }

    fn pick_save(&self, _suggested_name: &str) -> Option<PathBuf> {
        None
    }
}

fn rid(x: usize, y: usize) -> String {
    format!("r{}", y * WIDTH + x)
}

/// A 40 × 25 grid of rooms: every row a corridor, every other pair of rows
/// joined, diagonal shortcuts up to 1,500 doors; one-way doors, costs,
/// closed doors, 3 keys with their locks, 2 small keys and small locks,
/// and 2 levers wired to closed doors and a few more. (More would make the
/// live solver give up, and the solution path would not be drawn.)
fn big_level() -> Level {
    let mut level = Level::new("benchmark");
    level.rooms = (0..HEIGHT)
        .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
        .map(|(x, y)| {
            let mut room = Room::new(rid(x, y), [x as f64 * 180.0, y as f64 * 110.0]);
            if (x + y) % 7 == 0 {
                room.name = format!("Hall {x}-{y}");
            }
            room
        })
        .collect();
    level.start = rid(0, 0).into();
    level.goal = rid(WIDTH - 1, HEIGHT - 1).into();

    let mut ends = Vec::new();
    for y in 0..HEIGHT {
        for x in 0..WIDTH - 1 {
            ends.push((rid(x, y), rid(x + 1, y)));
        }
    }
    for y in 0..HEIGHT - 1 {
        for x in (y % 2..WIDTH).step_by(2) {
            ends.push((rid(x, y), rid(x, y + 1)));
        }
    }
    'diagonals: for y in (0..HEIGHT - 1).step_by(3) {
        for x in (1..WIDTH - 1).step_by(4) {
            if ends.len() == DOORS {
                break 'diagonals;
            }
            ends.push((rid(x, y), rid(x + 1, y + 1)));
        }
    }
    assert_eq!(ends.len(), DOORS, "the grid has the wrong number of doors");
    level.doors = ends
        .into_iter()
        .enumerate()
        .map(|(i, (from, to))| {
            let mut door = Door::new(format!("d{i}"), from, to);
            door.one_way = i % 9 == 4;
            if i % 11 == 3 {
                door.cost = 2.5;
            }
            door.open = i % 97 != 50;
            door
        })
        .collect();

    for k in 0..3 {
        level
            .keys
            .push(Key::new(format!("k{k}"), rid(2 * k + 3, k)));
        level.doors[k * 223 + 20]
            .locks
            .push(KeyId::new(format!("k{k}")));
    }
    for s in 0..2 {
        let mut key = Key::new(format!("s{s}"), rid(5 * s + 1, 2 * s + 10));
        key.small = true;
        level.keys.push(key);
        level.doors[s * 211 + 400].small_locks = 1;
    }
    let closed: Vec<DoorId> = level
        .doors
        .iter()
        .filter(|d| !d.open)
        .map(|d| d.id.clone())
        .collect();
    for l in 0..2 {
        let mut toggles = vec![DoorId::new(format!("d{}", l * 350 + 77))];
        toggles.extend(closed.get(l).cloned());
        level
            .levers
            .push(Lever::new(format!("l{l}"), rid(4 * l + 2, 3 * l), toggles));
    }
    level
}

/// CPU time of this thread so far: the scheduler's count in nanoseconds
/// (Linux), so that other processes on a busy machine do not count.
/// Elsewhere, wall time.
fn cpu_now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or_else(
            || START.get_or_init(Instant::now).elapsed(),
            Duration::from_nanos,
        )
}

/// Measures `iters` runs of `f` in CPU time of this thread.
fn cpu_time(iters: u64, mut f: impl FnMut()) -> Duration {
    let start = cpu_now();
    for _ in 0..iters {
        f();
    }
    cpu_now().saturating_sub(start)
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

    // The whole app, as eframe drives it (minus the GPU).
    let ctx = egui::Context::default();
    let doc = Document::new(level.clone(), None);
    let mut app = EditorApp::new(&ctx, doc, Prefs::default(), Arc::new(NoDialogs));
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
    let index = LevelIndex::new(&level);
    let report = validate(&level);
    let selection = Selection::default();
    let theme = Theme::new(true);
    let prefs = Prefs::default();
    let mut canvas = Canvas::default();
    let mut time = 0.0;
    let mut canvas_frame = |time: f64| {
        let output = ctx.run_ui(input(time), |ui| {
            let view = View {
                level: &level,
                index: &index,
                report: &report,
                selection: &selection,
                solver: &solver,
                theme: &theme,
                prefs: &prefs,
                play: None,
            };
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
                    Prefs::default(),
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
