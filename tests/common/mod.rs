//! What the editor's tests share: the real app in an `egui_kittest` harness,
//! a file-dialog double, waiting for the worker threads, clicking on canvas
//! items (whose accessibility rects are in canvas units inside the `Scene`).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::EditorApp;
use lockwork::editor::files::FileDialogs;
use lockwork::editor::prefs::Prefs;
use lockwork::model::Level;

/// A system with no file dialog: every pick returns nothing.
pub struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        None
    }

    fn pick_save(&self, _suggested_name: &str) -> Option<PathBuf> {
        None
    }
}

/// The harness around the real app.
pub type App<'a> = Harness<'a, Option<EditorApp>>;

/// The real app on `doc`, drawing on the harness's own context, `width`×`height`.
pub fn harness_sized(
    doc: Document,
    prefs: Prefs,
    dialogs: Arc<dyn FileDialogs>,
    size: [f32; 2],
) -> App<'static> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(
            |ui, app: &mut Option<EditorApp>| {
                if let Some(app) = app {
                    app.show(ui);
                }
            },
            None,
        );
    // Release builds too: two widgets sharing an id share their state.
    harness.ctx.options_mut(|o| o.warn_on_id_clash = true);
    let app = EditorApp::new(&harness.ctx, doc, prefs, dialogs);
    *harness.state_mut() = Some(app);
    harness.run_steps(3);
    harness
}

/// The real app as `lockwork FILE` starts it ([`EditorApp::opening`]), in a
/// 1280×800 window.
pub fn harness_opening(file: &std::path::Path) -> App<'static> {
    let mut harness = harness_sized(
        Document::new(Level::new("placeholder"), None),
        Prefs::default(),
        Arc::new(NoDialogs),
        [1280.0, 800.0],
    );
    let app = EditorApp::opening(
        &harness.ctx,
        Some(file),
        Prefs::default(),
        Arc::new(NoDialogs),
    );
    *harness.state_mut() = Some(app);
    harness.run_steps(3);
    harness
}

/// The real app on `doc` in a 1280×800 window, once the live solver has answered.
pub fn harness_solved(doc: Document) -> App<'static> {
    let mut harness = harness_sized(doc, Prefs::default(), Arc::new(NoDialogs), [1280.0, 800.0]);
    step_until(&mut harness, "the live solver", |h| {
        app(h).solver().state().analysis().is_some()
    });
    harness
}

/// The id clashes egui painted over the last frame ("First use of …",
/// "Second use of …"): two widgets with one id, which then share their
/// state (a scroll position, a grid's column widths).
pub fn id_clashes(harness: &App<'_>) -> Vec<String> {
    fn texts(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts(s, out)),
            egui::Shape::Text(text) => out.push(text.galley.text().to_owned()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        texts(&clipped.shape, &mut out);
    }
    out.retain(|text| text.contains("use of"));
    out
}

/// The app inside the harness.
pub fn app<'h>(harness: &'h App<'_>) -> &'h EditorApp {
    harness.state().as_ref().unwrap()
}

/// The live solver's least-cost plan; the test fails when there is none.
pub fn live_plan(harness: &App<'_>) -> lockwork::solver::Plan {
    let analysis = app(harness).solver().state().analysis();
    analysis
        .and_then(|a| a.plan.clone())
        .expect("the live solver's plan")
}

/// One notch of the mouse wheel where the pointer is: `notch` 1.0 rolls
/// away from the user (zoom in), -1.0 towards.
pub fn wheel(harness: &mut App<'_>, notch: f32, modifiers: Modifiers) {
    harness.event(Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, notch),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers,
    });
}

/// The path of a file in `assets/`.
pub fn asset(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(name)
}

/// A sample level from `assets/`.
pub fn sample(name: &str) -> Level {
    let path = format!("{}/assets/{name}.level.json", env!("CARGO_MANIFEST_DIR"));
    lockwork::format::from_file(std::path::Path::new(&path))
        .unwrap()
        .level
}

/// A backward level on a random graph of `rooms` rooms with `extra_doors`
/// more doors and `locks` locks (the generator's default when `None`), for
/// seed `seed`: as `lockwork generate backward --rooms N` makes it.
pub fn backward_level(seed: u64, rooms: usize, extra_doors: usize, locks: Option<usize>) -> Level {
    use lockwork::generate::{BackwardParams, Source, backward, no_progress};
    let defaults = BackwardParams::default();
    let params = BackwardParams {
        seed,
        source: Source::Graph { rooms, extra_doors },
        locks: locks.unwrap_or(defaults.locks),
        ..defaults
    };
    let go = std::sync::atomic::AtomicBool::new(false);
    backward(&params, &no_progress, &go).unwrap().level
}

/// Steps (dialogs, the solver and generators run on threads) until `done` holds.
pub fn step_until(harness: &mut App<'_>, what: &str, done: impl Fn(&App<'_>) -> bool) {
    for _ in 0..400 {
        harness.step();
        if done(harness) {
            harness.run_steps(2);
            let clashes = id_clashes(harness);
            assert!(clashes.is_empty(), "waiting for {what}: {clashes:?}");
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("timed out waiting for {what}");
}

/// A click at a screen position, with modifiers held.
pub fn click_at(harness: &mut App<'_>, pos: Pos2, modifiers: Modifiers) {
    harness.hover_at(pos);
    harness.step();
    harness.event(Event::ModifiersChanged(modifiers));
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(2);
}

/// A drag with `button` from `from` to `to` in `steps` moves, a frame
/// each, as a hand moves a mouse.
pub fn drag_at(harness: &mut App<'_>, button: PointerButton, from: Pos2, to: Pos2, steps: u32) {
    harness.event(Event::PointerMoved(from));
    harness.step();
    for (pressed, pos) in [(true, from), (false, to)] {
        if !pressed {
            for i in 1..=steps {
                let at = from + (to - from) * (i as f32 / steps as f32);
                harness.event(Event::PointerMoved(at));
                harness.step();
            }
        }
        harness.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.step();
    }
    harness.run_steps(2);
}

/// Clicks the canvas item whose accessible label contains `label`.
pub fn click_on_canvas_with(harness: &mut App<'_>, label: &str, modifiers: Modifiers) {
    let rect = harness.get_by_label_contains(label).rect();
    let to_screen = app(harness).canvas().to_screen();
    click_at(harness, to_screen * rect.center(), modifiers);
}

/// Clicks the canvas item whose accessible label contains `label`.
pub fn click_on_canvas(harness: &mut App<'_>, label: &str) {
    click_on_canvas_with(harness, label, Modifiers::NONE);
}

/// A double-click at a screen position: both clicks in one frame (the
/// harness steps 1/60 s a frame, as a real display does).
pub fn double_click_at(harness: &mut App<'_>, pos: Pos2) {
    // Past the double-click delay since any earlier click, which would
    // otherwise make this one a triple click.
    for _ in 0..24 {
        harness.step();
    }
    harness.event(Event::PointerMoved(pos));
    for _ in 0..2 {
        for pressed in [true, false] {
            harness.event(Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
    }
    // Past the double-click delay, so the next click is one of its own.
    for _ in 0..24 {
        harness.step();
    }
}

/// A screen point on the canvas, inside its visible part, where no room,
/// door, key or lever lies (each kept 12 points off) and no legend row or
/// minimap stands: a click or drag there reaches the canvas itself. The
/// middle of the view is tried first.
pub fn empty_spot(harness: &App<'_>) -> Pos2 {
    let canvas = app(harness).canvas();
    let (view, to_screen) = (canvas.visible(), canvas.to_screen());
    let starts = |label: Option<String>, prefixes: &[&str]| {
        label.is_some_and(|l| prefixes.iter().any(|p| l.starts_with(p)))
    };
    let on_canvas = harness
        .query_all_by(|n| starts(n.label(), &["Room ", "Door ", "Key ", "Lever "]))
        .map(|n| (to_screen * n.rect()).expand(12.0));
    let over_canvas = harness
        .query_all_by(|n| starts(n.label(), &["Legend: ", "Minimap"]))
        .map(|n| n.rect());
    let taken: Vec<egui::Rect> = on_canvas.chain(over_canvas).collect();
    let mut spots: Vec<Pos2> = (1..10)
        .flat_map(|i| (1..10).map(move |j| (i, j)))
        .map(|(i, j)| to_screen * (view.min + view.size() * egui::vec2(i as f32, j as f32) / 10.0))
        .collect();
    let middle = to_screen * view.center();
    spots.sort_by(|a, b| a.distance(middle).total_cmp(&b.distance(middle)));
    spots
        .into_iter()
        .find(|p| !taken.iter().any(|r| r.contains(*p)))
        .expect("an empty spot on the canvas")
}
