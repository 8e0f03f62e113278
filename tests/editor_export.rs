//! Export of the canvas (PNG, SVG) and of the level (DOT) through the save
//! dialog, driven through the real app with `egui_kittest`.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::files::FileDialogs;
use lockwork::editor::prefs::Prefs;

/// A save dialog that answers with the next path after a human-like pause.
struct SaveTo {
    paths: Mutex<Vec<PathBuf>>,
    suggested: Mutex<Vec<String>>,
}

impl FileDialogs for SaveTo {
    fn pick_open(&self) -> Option<PathBuf> {
        None
    }

    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf> {
        self.suggested
            .lock()
            .unwrap()
            .push(suggested_name.to_owned());
        std::thread::sleep(Duration::from_millis(200));
        self.paths.lock().unwrap().pop()
    }
}

mod common;

use common::{App, harness_sized, step_until};

fn harness(dialogs: Arc<SaveTo>) -> App<'static> {
    let path = format!("{}/assets/keys.level.json", env!("CARGO_MANIFEST_DIR"));
    let (doc, _) = Document::open(std::path::Path::new(&path)).unwrap();
    harness_sized(doc, Prefs::default(), dialogs, [1280.0, 800.0])
}

#[test]
fn png_svg_and_dot_exports_are_written_where_the_dialog_says() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("picture");
    let svg = dir.path().join("picture.svg");
    let dot = dir.path().join("graph.dot");
    let dialogs = Arc::new(SaveTo {
        paths: Mutex::new(vec![dot.clone(), svg.clone(), png.clone()]),
        suggested: Mutex::new(Vec::new()),
    });
    let mut harness = harness(dialogs.clone());

    // PNG by its shortcut; the ending is added when the name has none.
    harness.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::E);
    let png = png.with_extension("png");
    let written = png.clone();
    step_until(&mut harness, "the PNG", move |_| written.exists());
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    assert!(bytes.len() > 5_000, "a real picture, not an empty one");
    assert_eq!(dialogs.suggested.lock().unwrap()[0], "Keys.png");

    // SVG and DOT from the File > Export menu.
    for (label, path) in [
        ("Export SVG…", svg.clone()),
        ("Export Graphviz DOT…", dot.clone()),
    ] {
        harness.get_by_label("File").click();
        harness.run_steps(2);
        // Submenus open on hover.
        harness.get_by_label("Export").hover();
        harness.run_steps(3);
        harness.get_by_label(label).click();
        let written = path.clone();
        step_until(&mut harness, label, move |_| written.exists());
    }
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.starts_with("<svg") && svg_text.trim_end().ends_with("</svg>"));
    assert!(svg_text.contains(">Black room<"), "room names are drawn");
    assert!(svg_text.contains("#d62728"), "the red key's colour is used");
    let dot_text = std::fs::read_to_string(&dot).unwrap();
    assert!(dot_text.starts_with("digraph \"Keys\""));
    assert!(dot_text.contains("\"r8\" -> \"r9\"") && dot_text.contains("needs red + blue"));
    // Exporting changes nothing in the document.
    assert!(!harness.state().as_ref().unwrap().document().is_dirty());
}
