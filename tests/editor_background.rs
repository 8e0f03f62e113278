//! A background picture to trace over (File ▸ Set Background…), driven
//! through the real app with `egui_kittest`: set from the dialog, stored
//! relative to the level, moved, faded and undone like an edit, drawn in
//! the exports, and a missing picture a warning that loses nothing.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::background::BackdropState;
use lockwork::editor::files::FileDialogs;
use lockwork::editor::prefs::Prefs;
use lockwork::model::Background;

mod common;

use common::{App, app, harness_sized, step_until};

/// Dialogs that pick `picture` to open and save exports to the next path.
struct Picks {
    picture: PathBuf,
    saves: Mutex<Vec<PathBuf>>,
}

impl FileDialogs for Picks {
    fn pick_open(&self) -> Option<PathBuf> {
        std::thread::sleep(std::time::Duration::from_millis(200));
        Some(self.picture.clone())
    }

    fn pick_save(&self, _suggested_name: &str) -> Option<PathBuf> {
        std::thread::sleep(std::time::Duration::from_millis(200));
        self.saves.lock().unwrap().pop()
    }
}

/// The keys sample saved in `dir`, with a 40×20 red picture in `dir/maps`.
fn level_and_picture(dir: &Path) -> (PathBuf, PathBuf) {
    let level = dir.join("keys.level.json");
    std::fs::copy(common::asset("keys.level.json"), &level).unwrap();
    std::fs::create_dir(dir.join("maps")).unwrap();
    let picture = dir.join("maps").join("map.png");
    image::RgbImage::from_pixel(40, 20, image::Rgb([255, 0, 0]))
        .save(&picture)
        .unwrap();
    (level, picture)
}

fn open(level: &Path, dialogs: Arc<Picks>) -> App<'static> {
    let (doc, _) = Document::open(level).unwrap();
    harness_sized(doc, Prefs::default(), dialogs, [1280.0, 800.0])
}

fn background(harness: &App<'_>) -> Option<Background> {
    Background::of(app(harness).document().level())
}

fn menu(harness: &mut App<'_>, label: &str) {
    harness.get_by_label("File").click();
    harness.run_steps(2);
    // The menu's item (the level's form offers the same action).
    harness.get_all_by_label(label).next().unwrap().click();
    harness.run_steps(2);
}

#[test]
fn a_background_is_set_from_the_file_menu_kept_relative_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let (level, picture) = level_and_picture(dir.path());
    let dialogs = Arc::new(Picks {
        picture,
        saves: Mutex::new(Vec::new()),
    });
    let mut harness = open(&level, dialogs);
    assert!(
        harness.query_by_label("Set Background…").is_some(),
        "offered in the level's form"
    );
    assert!(
        harness.query_by_label("Remove Background").is_none(),
        "nothing to remove"
    );

    menu(&mut harness, "Set Background…");
    step_until(&mut harness, "the background", |h| background(h).is_some());
    let set = background(&harness).unwrap();
    assert_eq!(
        set.image, "maps/map.png",
        "stored relative to the level file"
    );
    assert!(
        (set.width / set.height - 2.0).abs() < 1e-9,
        "the picture keeps its shape"
    );
    assert_eq!(set.opacity, 0.5);
    step_until(&mut harness, "the picture drawn", |h| {
        matches!(app(h).backdrop(), BackdropState::Ready(_))
    });
    // The level's form offers its fields: faded and moved by the designer.
    assert!(harness.query_all_by_label("Opacity").count() > 0);
    assert!(harness.query_all_by_label("Width").count() > 0);
    // Its props are Lockwork's own: said in a line, not a raw JSON field
    // to break (seen at 1280×800: {"background":{"im… under Properties).
    assert!(
        harness
            .query_by_label_contains("lockwork: Lockwork's settings (background)")
            .is_some()
    );
    assert!(
        harness
            .query_all_by_label("Property value 1")
            .next()
            .is_none(),
        "no field holds the background's JSON"
    );

    // One undo takes it away, a redo brings it back, as any edit.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(background(&harness), None);
    assert!(matches!(app(&harness).backdrop(), BackdropState::None));
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    harness.run_steps(2);
    assert_eq!(background(&harness), Some(set.clone()));

    // Saved and opened again: the same placement.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    step_until(&mut harness, "the save", |h| !app(h).document().is_dirty());
    let (reopened, warnings) = Document::open(&level).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(Background::of(reopened.level()), Some(set));

    menu(&mut harness, "Remove Background");
    assert_eq!(background(&harness), None);
}

#[test]
fn the_exports_draw_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let (level, picture) = level_and_picture(dir.path());
    let svg = dir.path().join("out.svg");
    let png = dir.path().join("out.png");
    let dialogs = Arc::new(Picks {
        picture,
        saves: Mutex::new(vec![png.clone(), svg.clone()]),
    });
    // Opaque, so that the export's pixels under it are the picture's red.
    let mut loaded = lockwork::format::from_file(&level).unwrap().level;
    let mut opaque = Background::new("maps/map.png", [0.0, 0.0], [400.0, 200.0]);
    opaque.opacity = 1.0;
    opaque.put(&mut loaded.props);
    lockwork::format::to_file(&loaded, &level).unwrap();
    let mut harness = open(&level, dialogs);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Export").hover();
    harness.run_steps(3);
    harness.get_by_label("Export SVG…").click();
    let written = svg.clone();
    step_until(&mut harness, "the SVG", move |_| written.exists());
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::E);
    let written = png.clone();
    step_until(&mut harness, "the PNG", move |_| written.exists());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains(r#"<image href="maps/map.png""#),
        "linked from beside the SVG: {text}"
    );
    let drawn = image::open(&png).unwrap().to_rgb8();
    let red = drawn
        .pixels()
        .filter(|p| p[0] > 200 && p[1] < 60 && p[2] < 60)
        .count();
    // 400 × 200 canvas units at twice the size, less what the rooms cover.
    assert!(
        red > 100_000,
        "the picture lies under the rooms: {red} red pixels"
    );
}

#[test]
fn a_missing_picture_is_a_warning_and_the_level_opens_whole() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("keys.level.json");
    let mut loaded = lockwork::format::from_file(&common::asset("keys.level.json"))
        .unwrap()
        .level;
    let rooms = loaded.rooms.len();
    Background::new("gone.png", [0.0, 0.0], [100.0, 50.0]).put(&mut loaded.props);
    lockwork::format::to_file(&loaded, &level).unwrap();

    let mut harness = open(
        &level,
        Arc::new(Picks {
            picture: dir.path().join("nothing.png"),
            saves: Mutex::new(Vec::new()),
        }),
    );
    step_until(&mut harness, "the warning", |h| {
        app(h).backdrop().warning().is_some()
    });
    let warning = app(&harness).backdrop().warning().unwrap().to_owned();
    assert!(warning.contains("gone.png"), "{warning}");
    assert!(
        harness
            .query_all_by_label_contains("cannot be read")
            .count()
            > 0,
        "said in the inspector"
    );
    assert_eq!(app(&harness).document().level().rooms.len(), rooms);
    assert!(!app(&harness).document().is_dirty(), "nothing changed");

    // A picture that is not one is refused with a reason, and nothing changes.
    std::fs::write(dir.path().join("nothing.png"), b"not a picture").unwrap();
    menu(&mut harness, "Set Background…");
    harness.run_steps(30);
    std::thread::sleep(std::time::Duration::from_millis(300));
    harness.run_steps(5);
    assert_eq!(
        background(&harness).map(|b| b.image),
        Some("gone.png".to_owned())
    );
}
