//! File handling in the editor, driven through the real app with
//! `egui_kittest`: Save As and reopen, broken files, Save / Discard / Cancel
//! before unsaved changes are lost, the typed-path fallback when no dialog
//! can be shown, dropped and recent files, failed saves.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use lockwork::document::{Document, LevelCommand};
use lockwork::editor::app::sample_document;
use lockwork::editor::files::{DialogPlace, FileDialogs};
use lockwork::editor::prefs::Prefs;
use lockwork::model::Level;

/// Answers the dialogs with paths given in advance, as if a person chose them.
#[derive(Default)]
struct TestDialogs {
    answers: Mutex<VecDeque<Option<PathBuf>>>,
    /// The names Save As suggested.
    suggested: Mutex<Vec<String>>,
    /// The folder each dialog started in.
    folders: Mutex<Vec<Option<PathBuf>>>,
    /// How long the "person" looks at the dialog.
    delay: Duration,
}

impl TestDialogs {
    fn answering(answers: impl IntoIterator<Item = Option<PathBuf>>) -> Arc<Self> {
        Arc::new(Self {
            answers: Mutex::new(answers.into_iter().collect()),
            suggested: Mutex::default(),
            folders: Mutex::default(),
            delay: Duration::ZERO,
        })
    }

    fn slow(delay: Duration, answers: impl IntoIterator<Item = Option<PathBuf>>) -> Arc<Self> {
        Arc::new(Self {
            answers: Mutex::new(answers.into_iter().collect()),
            suggested: Mutex::default(),
            folders: Mutex::default(),
            delay,
        })
    }

    fn next(&self) -> Option<PathBuf> {
        std::thread::sleep(self.delay);
        self.answers.lock().unwrap().pop_front().flatten()
    }
}

impl FileDialogs for TestDialogs {
    fn pick_open(&self) -> Option<PathBuf> {
        self.next()
    }

    fn pick_save(&self, suggested_name: &str) -> Option<PathBuf> {
        self.suggested
            .lock()
            .unwrap()
            .push(suggested_name.to_owned());
        self.next()
    }

    fn pick_open_in(&self, place: &DialogPlace) -> Option<PathBuf> {
        self.folders.lock().unwrap().push(place.directory.clone());
        self.pick_open()
    }

    fn pick_save_in(&self, suggested_name: &str, place: &DialogPlace) -> Option<PathBuf> {
        self.folders.lock().unwrap().push(place.directory.clone());
        self.pick_save(suggested_name)
    }
}

#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

mod common;

use common::{App, app, harness_opening, harness_sized, step_until};

/// The real app on `doc`, drawing on the harness's own context.
fn harness(doc: Document, prefs: Prefs, dialogs: Arc<TestDialogs>) -> App<'static> {
    harness_sized(doc, prefs, dialogs, [1280.0, 800.0])
}

fn has_label(harness: &App<'_>, label: &str) -> bool {
    harness.query_by_label(label).is_some()
}

fn has_text(harness: &App<'_>, text: &str) -> bool {
    harness.query_by_label_contains(text).is_some()
}

fn command(harness: &mut App<'_>, key: Key) {
    harness.key_press_modifiers(Modifiers::COMMAND, key);
    harness.run_steps(2);
}

/// The sample level with one more room: unsaved changes.
fn edited_sample() -> Document {
    let mut doc = sample_document();
    doc.apply(LevelCommand::AddRoom {
        pos: [900.0, 900.0],
    })
    .unwrap();
    assert!(doc.is_dirty());
    doc
}

fn saved_level(path: &Path) -> Level {
    Document::open(path).unwrap().0.level().clone()
}

#[test]
fn save_as_through_the_menu_then_reopen_gives_the_same_level() {
    let dir = tempfile::tempdir().unwrap();
    // No extension typed: `.level.json` is added.
    let dialogs = TestDialogs::answering([
        Some(dir.path().join("copy")),
        Some(dir.path().join("copy.level.json")),
    ]);
    let doc = edited_sample();
    let original = doc.level().clone();
    let mut harness = harness(doc, Prefs::default(), Arc::clone(&dialogs));

    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Save As…").click();
    let path = dir.path().join("copy.level.json");
    step_until(&mut harness, "the save", |h| {
        app(h).document().path() == Some(path.as_path())
    });

    let saved = app(&harness).document();
    assert!(!saved.is_dirty());
    assert_eq!(saved_level(&path), original);
    assert_eq!(app(&harness).prefs().recent.first(), Some(&path));
    let suggested = dialogs.suggested.lock().unwrap().clone();
    let name = format!("{}.level.json", original.name);
    assert_eq!(suggested, [name]);

    // New (no unsaved changes, so no question), then Open the saved file.
    command(&mut harness, Key::N);
    step_until(&mut harness, "the new level", |h| {
        app(h).document().path().is_none()
    });
    assert_eq!(app(&harness).document().level().rooms.len(), 1);
    assert!(!has_label(&harness, "Discard"));

    command(&mut harness, Key::O);
    step_until(&mut harness, "the level to open", |h| {
        app(h).document().path() == Some(path.as_path())
    });
    assert_eq!(app(&harness).document().level(), &original);
    assert!(!app(&harness).document().is_dirty());
    // A new level, never saved, opens its dialog in the folder of the most
    // recent file; each later dialog in the document's own folder.
    let folders = dialogs.folders.lock().unwrap().clone();
    let here = Some(dir.path().to_path_buf());
    assert_eq!(folders[folders.len() - 1], here, "Open after New");
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Save As…").click();
    step_until(&mut harness, "the dialog", |_| {
        dialogs.folders.lock().unwrap().len() > folders.len()
    });
    let save_as = dialogs.folders.lock().unwrap().last().cloned();
    assert_eq!(save_as, Some(here), "Save As in the document's folder");
}

#[test]
fn opening_a_broken_file_lists_every_problem_and_keeps_the_level() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.level.json");
    std::fs::write(
        &broken,
        r#"{
  "format": "lockwork-level", "version": 1,
  "start": "a", "goal": "b",
  "rooms": [{ "id": "a" }, { "id": "b" }],
  "doors": [
    { "id": "d1", "from": "a", "to": "b" },
    { "id": "d2", "from": "a", "to": "r9" },
    { "id": "d3", "from": "r8", "to": "b" }
  ]
}"#,
    )
    .unwrap();
    let doc = edited_sample();
    let before = doc.level().clone();
    let dialogs = TestDialogs::answering([Some(broken.clone())]);
    let mut harness = harness(doc, Prefs::default(), dialogs);

    // Unsaved changes: Open asks first; Discard goes on to the dialog.
    command(&mut harness, Key::O);
    step_until(&mut harness, "the question", |h| has_label(h, "Discard"));
    harness.get_by_label("Discard").click();
    step_until(&mut harness, "the error", |h| {
        has_text(h, "Could not open broken.level.json")
    });

    assert!(has_text(&harness, r#"doors[1].to: no room "r9""#));
    assert!(has_text(&harness, r#"doors[2].from: no room "r8""#));
    assert!(has_text(
        &harness,
        "The level you were editing is unchanged."
    ));
    assert_eq!(app(&harness).document().level(), &before);
    assert!(app(&harness).document().is_dirty());
    assert!(app(&harness).prefs().recent.is_empty());

    harness.get_by_label("OK").click();
    harness.run_steps(2);
    assert!(!has_text(&harness, "Could not open"));
    assert_eq!(app(&harness).document().level(), &before);
}

/// `lockwork FILE` on a file that names a field twice: the editor opens its
/// sample, and says why the file was not opened in a window that stays
/// until it is closed (a status line that faded after six seconds, drawn
/// over the solver's summary, was all there was).
#[test]
fn a_file_that_cannot_be_opened_at_start_is_said_until_closed() {
    let dir = tempfile::tempdir().unwrap();
    let twice = dir.path().join("twice.level.json");
    std::fs::write(
        &twice,
        r#"{"format": "lockwork-level", "version": 1, "start": "a", "goal": "b",
  "rooms": [{ "id": "a" }, { "id": "b" }],
  "rooms": [{ "id": "a" }],
  "doors": [{ "id": "d1", "from": "a", "to": "b" }]}"#,
    )
    .unwrap();
    let mut harness = harness_opening(&twice);
    assert!(has_text(&harness, "Could not open twice.level.json"));
    assert!(has_text(
        &harness,
        r#""rooms" is given twice in one object (line 3, column 9)"#
    ));
    assert!(has_text(&harness, "opened its sample level instead"));
    assert_eq!(app(&harness).document().level(), sample_document().level());
    harness.run_steps(5);
    assert!(has_text(&harness, "Could not open twice.level.json"));
    harness.get_by_label("OK").click();
    harness.run_steps(2);
    assert!(!has_text(&harness, "Could not open"));
    assert!(
        std::fs::read_to_string(&twice)
            .unwrap()
            .contains(r#""rooms": [{ "id": "a" }],"#)
    );
}

#[test]
fn new_with_unsaved_changes_asks_and_cancel_keeps_the_level() {
    let doc = edited_sample();
    let before = doc.level().clone();
    let mut harness = harness(doc, Prefs::default(), TestDialogs::answering([]));

    command(&mut harness, Key::N);
    step_until(&mut harness, "the question", |h| {
        has_text(h, "Save changes to “Basement”?")
    });
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert!(!has_label(&harness, "Discard"));
    assert_eq!(app(&harness).document().level(), &before);
    assert!(app(&harness).document().is_dirty());

    command(&mut harness, Key::N);
    step_until(&mut harness, "the question", |h| has_label(h, "Discard"));
    harness.get_by_label("Discard").click();
    step_until(&mut harness, "the new level", |h| {
        app(h).document().level().rooms.len() == 1
    });
    assert!(!app(&harness).document().is_dirty());
    assert!(app(&harness).document().path().is_none());
    assert!(!has_label(&harness, "Discard"));
}

#[test]
fn save_in_the_question_saves_first_then_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("basement.level.json");
    let mut doc = sample_document();
    doc.save_as(&path).unwrap();
    doc.apply(LevelCommand::AddRoom {
        pos: [900.0, 900.0],
    })
    .unwrap();
    let edited = doc.level().clone();
    let mut harness = harness(doc, Prefs::default(), TestDialogs::answering([]));

    command(&mut harness, Key::N);
    step_until(&mut harness, "the question", |h| {
        has_text(h, "Save changes to basement.level.json?")
    });
    harness.get_by_label("Save").click();
    step_until(&mut harness, "the new level", |h| {
        app(h).document().path().is_none()
    });
    assert_eq!(saved_level(&path), edited);
    assert_eq!(app(&harness).document().level().rooms.len(), 1);
}

#[test]
fn a_dialog_that_returns_nothing_at_once_offers_a_typed_path() {
    let dir = tempfile::tempdir().unwrap();
    let doc = edited_sample();
    let original = doc.level().clone();
    // The dialog comes back empty at once, as rfd does without a portal.
    let mut harness = harness(doc, Prefs::default(), TestDialogs::answering([None]));

    command(&mut harness, Key::S);
    step_until(&mut harness, "the typed-path fallback", |h| {
        has_text(h, "No file dialog could be shown")
    });
    let typed = dir.path().join("typed");
    harness
        .get_by_label("File path")
        .set_text_value_accesskit(&typed.display().to_string());
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    let path = dir.path().join("typed.level.json");
    step_until(&mut harness, "the save", |h| {
        app(h).document().path() == Some(path.as_path())
    });
    assert!(!has_text(&harness, "No file dialog could be shown"));
    assert!(!app(&harness).document().is_dirty());
    assert_eq!(saved_level(&path), original);
}

#[test]
fn a_typed_path_to_open_that_does_not_exist_is_refused_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(
        sample_document(),
        Prefs::default(),
        TestDialogs::answering([None]),
    );

    command(&mut harness, Key::O);
    step_until(&mut harness, "the typed-path fallback", |h| {
        has_label(h, "File path")
    });
    let missing = dir.path().join("nothing-here.level.json");
    harness
        .get_by_label("File path")
        .set_text_value_accesskit(&missing.display().to_string());
    harness.run_steps(2);
    harness.get_by_label("Open").click();
    harness.run_steps(3);
    assert!(has_text(&harness, "There is no file at"));
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert!(!has_label(&harness, "File path"));
}

#[test]
fn a_dropped_recent_file_that_is_gone_is_removed_from_recent_files() {
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join("gone.level.json");
    let kept = dir.path().join("kept.level.json");
    let prefs = Prefs {
        recent: vec![gone.clone(), kept.clone()],
        ..Prefs::default()
    };
    let mut harness = harness(sample_document(), prefs, TestDialogs::answering([]));
    let before = app(&harness).document().level().clone();

    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(gone.clone())));
    step_until(&mut harness, "the error", |h| {
        has_text(h, "Could not open gone.level.json")
    });
    assert!(has_text(&harness, "removed from the recent files"));
    assert_eq!(app(&harness).prefs().recent, [kept]);
    assert_eq!(app(&harness).document().level(), &before);
}

#[test]
fn a_dropped_file_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.level.json");
    let mut other = Document::new(Level::new("Other"), None);
    other.save_as(&path).unwrap();
    let mut harness = harness(
        sample_document(),
        Prefs::default(),
        TestDialogs::answering([]),
    );

    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.clone())));
    step_until(&mut harness, "the dropped file", |h| {
        app(h).document().path() == Some(path.as_path())
    });
    assert_eq!(app(&harness).document().level().name, "Other");
    assert_eq!(app(&harness).prefs().recent, [path]);
}

#[test]
fn a_failed_save_says_so_and_keeps_the_changes() {
    let dir = tempfile::tempdir().unwrap();
    let nowhere = dir.path().join("no-such-folder").join("x.level.json");
    let doc = edited_sample();
    let mut harness = harness(
        doc,
        Prefs::default(),
        TestDialogs::answering([Some(nowhere)]),
    );

    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    step_until(&mut harness, "the error", |h| {
        has_text(h, "Could not save x.level.json")
    });
    assert!(has_text(&harness, "the file on disk is as it was before"));
    assert!(app(&harness).document().is_dirty());
    assert!(app(&harness).document().path().is_none());
}

#[test]
fn quit_with_unsaved_changes_asks_and_cancel_stays() {
    let mut harness = harness(
        edited_sample(),
        Prefs::default(),
        TestDialogs::answering([]),
    );

    command(&mut harness, Key::Q);
    step_until(&mut harness, "the question", |h| has_label(h, "Discard"));
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert!(!has_label(&harness, "Discard"));
    assert!(app(&harness).document().is_dirty());
}

#[test]
fn a_dialog_cancelled_after_a_while_changes_nothing() {
    // A person took a moment and cancelled: no typed-path modal, no change.
    let dialogs = TestDialogs::slow(Duration::from_millis(400), [None]);
    let doc = edited_sample();
    let before = doc.level().clone();
    let mut harness = harness(doc, Prefs::default(), dialogs);

    command(&mut harness, Key::S);
    assert!(has_text(&harness, "Waiting for the file dialog"));
    step_until(&mut harness, "the dialog to close", |h| {
        !has_text(h, "Waiting for the file dialog")
    });
    assert!(!has_label(&harness, "File path"));
    assert_eq!(app(&harness).document().level(), &before);
    assert!(app(&harness).document().path().is_none());
}

#[test]
fn while_a_dialog_is_open_the_designer_may_type_a_path_instead() {
    let dir = tempfile::tempdir().unwrap();
    let dialogs = TestDialogs::slow(Duration::from_secs(3), [None]);
    let doc = edited_sample();
    let mut harness = harness(doc, Prefs::default(), dialogs);

    command(&mut harness, Key::S);
    harness.get_by_label("Type a path instead").click();
    step_until(&mut harness, "the typed-path modal", |h| {
        has_label(h, "File path")
    });
    assert!(has_text(&harness, "Type the path of the file."));
    assert!(!has_text(&harness, "Waiting for the file dialog"));
    harness
        .get_by_label("File path")
        .set_text_value_accesskit(&dir.path().join("x.json").display().to_string());
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    let path = dir.path().join("x.json");
    step_until(&mut harness, "the save", |h| {
        app(h).document().path() == Some(path.as_path())
    });
    assert!(path.is_file());
}

#[test]
fn a_recent_file_opens_from_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("recent.level.json");
    let mut other = Document::new(Level::new("Recent"), None);
    other.save_as(&path).unwrap();
    let prefs = Prefs {
        recent: vec![path.clone()],
        ..Prefs::default()
    };
    let mut harness = harness(edited_sample(), prefs, TestDialogs::answering([]));

    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Open Recent").click();
    harness.run_steps(2);
    harness.get_by_label(&path.display().to_string()).click();
    // Unsaved changes: asked first.
    step_until(&mut harness, "the question", |h| has_label(h, "Discard"));
    harness.get_by_label("Discard").click();
    step_until(&mut harness, "the recent file", |h| {
        app(h).document().path() == Some(path.as_path())
    });
    assert_eq!(app(&harness).document().level().name, "Recent");
}
