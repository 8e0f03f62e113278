//! The editor driven as a designer drives it, through `egui_kittest` (no
//! display needed): double-click to add rooms, Ctrl+drag to connect them,
//! context menus to set the goal, add keys and lock doors, link mode to wire
//! a lever, shortcuts to undo and redo, while the live solver follows.
//!
//! Canvas items are found by their accessibility labels ("Room r1",
//! "Door d1", "Key k1", "Lever l1"). Inside the canvas's `egui::Scene` their
//! accesskit rects are in canvas units, so pointer events go to
//! `app.canvas().to_screen() * rect.center()`.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, Rect, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::editor::EditorApp;
use lockwork::editor::live_solver::Outcome;
use lockwork::editor::prefs::Prefs;
use lockwork::model::{
    Door, DoorId, ItemId, Key as LevelKey, KeyId, Level, Lever, LeverId, Room, RoomId,
};

/// Simulated time per frame: short enough for two clicks to make a double-click.
const STEP: f32 = 1.0 / 60.0;
/// Frames that let more than egui's double-click delay (0.3 s) pass.
const PAUSE: usize = 24;

mod common;

use common::NoDialogs;

/// The real editor app in a headless harness, with the gestures a designer uses.
struct Editor {
    harness: Harness<'static, Option<EditorApp>>,
}

impl Editor {
    /// The editor on an unsaved document of `level`. The app is built on the
    /// first frame so that it shares the harness's `egui::Context`.
    fn new(level: Level) -> Self {
        let mut doc = Some(Document::new(level, None));
        let harness = Harness::builder()
            .with_size(vec2(1280.0, 800.0))
            .with_step_dt(STEP)
            .build_ui_state(
                move |ui, app: &mut Option<EditorApp>| {
                    if let Some(doc) = doc.take() {
                        let dialogs = Arc::new(NoDialogs);
                        *app = Some(EditorApp::new(ui.ctx(), doc, Prefs::default(), dialogs));
                    }
                    if let Some(app) = app {
                        app.show(ui);
                    }
                },
                None,
            );
        let mut editor = Self { harness };
        editor.frames(3);
        editor
    }

    fn app(&self) -> &EditorApp {
        self.harness
            .state()
            .as_ref()
            .expect("the app is built on the first frame")
    }

    fn level(&self) -> &Level {
        self.app().document().level()
    }

    /// Runs `n` frames (each queued event gets a frame of its own first).
    fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.harness.step();
        }
    }

    /// Queues events and runs them, then lets the double-click delay pass so
    /// that the next click is a click of its own.
    fn send(&mut self, events: impl IntoIterator<Item = Event>) {
        for event in events {
            self.harness.event(event);
        }
        self.frames(PAUSE);
    }

    /// A canvas point on screen, with the transform of the last frame.
    fn screen(&self, canvas: Pos2) -> Pos2 {
        self.app().canvas().to_screen() * canvas
    }

    /// The rect (canvas units) of a canvas item by its accessibility label.
    /// The canvas is drawn after the side panels, so its node is the last one
    /// with that label.
    fn item_rect(&self, label: &str) -> Rect {
        self.harness
            .query_all_by_role_and_label(Role::Button, label)
            .last()
            .unwrap_or_else(|| panic!("no {label:?} on the canvas"))
            .rect()
    }

    /// Where a canvas item is on screen.
    fn item(&self, label: &str) -> Pos2 {
        self.screen(self.item_rect(label).center())
    }

    fn has_item(&self, label: &str) -> bool {
        self.harness
            .query_all_by_role_and_label(Role::Button, label)
            .next()
            .is_some()
    }

    fn click_at(&mut self, pos: Pos2, button: PointerButton, modifiers: Modifiers) {
        let mut events = vec![Event::ModifiersChanged(modifiers), Event::PointerMoved(pos)];
        for pressed in [true, false] {
            events.push(Event::PointerButton {
                pos,
                button,
                pressed,
                modifiers,
            });
        }
        events.push(Event::ModifiersChanged(Modifiers::NONE));
        self.send(events);
    }

    fn click(&mut self, pos: Pos2) {
        self.click_at(pos, PointerButton::Primary, Modifiers::NONE);
    }

    /// Right-click: opens the item's context menu.
    fn context_menu(&mut self, label: &str) {
        let at = self.item(label);
        self.click_at(at, PointerButton::Secondary, Modifiers::NONE);
    }

    /// Clicks the entry of an open menu whose label starts with `label`
    /// (menus are not inside the scene: their rects are in screen points).
    fn menu_entry(&mut self, label: &str) {
        let prefix = label.to_owned();
        let at = self
            .harness
            .query_by(move |n| n.label().is_some_and(|l| l.starts_with(&prefix)))
            .unwrap_or_else(|| panic!("no menu entry {label:?}"))
            .rect()
            .center();
        self.click(at);
    }

    fn double_click(&mut self, pos: Pos2) {
        let mut events = vec![Event::PointerMoved(pos)];
        for _ in 0..2 {
            for pressed in [true, false] {
                events.push(Event::PointerButton {
                    pos,
                    button: PointerButton::Primary,
                    pressed,
                    modifiers: Modifiers::NONE,
                });
            }
        }
        self.send(events);
    }

    /// A primary-button drag in small steps, holding `modifiers` throughout.
    fn drag(&mut self, from: Pos2, to: Pos2, modifiers: Modifiers) {
        let mut events = vec![
            Event::ModifiersChanged(modifiers),
            Event::PointerMoved(from),
            Event::PointerButton {
                pos: from,
                button: PointerButton::Primary,
                pressed: true,
                modifiers,
            },
        ];
        for i in 1..=12 {
            events.push(Event::PointerMoved(from + (to - from) * (i as f32 / 12.0)));
        }
        events.push(Event::PointerButton {
            pos: to,
            button: PointerButton::Primary,
            pressed: false,
            modifiers,
        });
        events.push(Event::ModifiersChanged(Modifiers::NONE));
        events.push(Event::PointerGone);
        self.send(events);
    }

    fn key(&mut self, modifiers: Modifiers, key: Key) {
        self.harness.key_press_modifiers(modifiers, key);
        self.frames(PAUSE);
    }

    /// Zooms the canvas by `factor` around its centre, so that there is
    /// empty space to click on. Afterwards `scene_rect` is the visible area.
    fn zoom(&mut self, factor: f32) {
        let center = self.screen(self.app().canvas().scene_rect.center());
        self.send([Event::PointerMoved(center), Event::Zoom(factor)]);
    }

    /// Steps frames until the live solver has answered for the current
    /// revision (it runs on its own thread); gives up after a while.
    fn solved(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            self.frames(1);
            let app = self.app();
            let state = app.solver().state();
            if !app.solver().is_busy() && state.revision == app.document().revision() {
                match &state.outcome {
                    Outcome::Analysed(a) => return a.plan.is_some(),
                    Outcome::Idle => {}
                    other => panic!("the live solver said {other:?}"),
                }
            }
            assert!(
                Instant::now() < deadline,
                "the live solver gave no answer for revision {}",
                app.document().revision()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The status bar's text about the level: the lowest label on screen
    /// that says whether the level is solvable.
    fn status(&mut self) -> String {
        self.frames(1);
        self.harness
            .query_all_by(|n| {
                n.role() == Role::Label && n.value().is_some_and(|v| v.contains("olvable"))
            })
            .max_by(|a, b| a.rect().center().y.total_cmp(&b.rect().center().y))
            .and_then(|n| n.value())
            .unwrap_or_default()
    }

    fn selected(&self, item: &ItemId) -> bool {
        self.app().selection().contains(item)
    }
}

fn room(id: &str) -> RoomId {
    RoomId::new(id)
}

fn pos(level: &Level, id: &str) -> [f64; 2] {
    level
        .room(&room(id))
        .and_then(|r| r.pos)
        .expect("a placed room")
}

/// Three rooms in a row, r1 (start) – r2 – r3 (goal), joined by d1 and d2;
/// key k1 in r2 locks d2; lever l1 in r2 toggles d1; key k2 lies in r3.
fn corridor() -> Level {
    let mut level = Level::new("corridor");
    level.rooms = vec![
        Room::new("r1", [0.0, 0.0]),
        Room::new("r2", [240.0, 0.0]),
        Room::new("r3", [480.0, 0.0]),
    ];
    level.goal = room("r3");
    let mut d2 = Door::new("d2", "r2", "r3");
    d2.locks = vec![KeyId::new("k1")];
    level.doors = vec![Door::new("d1", "r1", "r2"), d2];
    level.keys = vec![LevelKey::new("k1", "r2"), LevelKey::new("k2", "r3")];
    level.levers = vec![Lever::new("l1", "r2", vec![DoorId::new("d1")])];
    level
}

/// The whole story of the issue, from one room to a level with a locked door
/// and a lever, with the live solver following every step.
#[test]
fn a_level_built_by_hand_turns_from_unsolvable_to_solvable() {
    let mut ed = Editor::new(Level::new("by hand"));
    assert!(ed.solved(), "one room that is start and goal is solved");
    assert!(!ed.app().title().starts_with("• "), "{}", ed.app().title());

    // Room to work in: zoom out, then double-click empty canvas twice.
    let before = ed.app().canvas().to_screen().scaling;
    ed.zoom(0.5);
    assert!(ed.app().canvas().to_screen().scaling < before * 0.75);
    let view = ed.app().canvas().scene_rect;
    let (w, h) = (view.width(), view.height());
    let spots = [
        view.center() + vec2(-0.3 * w, 0.3 * h),
        view.center() + vec2(0.3 * w, 0.3 * h),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let at = ed.screen(*spot);
        ed.double_click(at);
        let level = ed.level();
        assert_eq!(level.rooms.len(), i + 2, "a double-click adds one room");
        let new = level.rooms.last().unwrap();
        let [x, y] = new.pos.unwrap();
        assert!(
            (x as f32 - spot.x).abs() <= 20.0 && (y as f32 - spot.y).abs() <= 20.0,
            "{} at {:?}, clicked at {spot:?}",
            new.id,
            new.pos
        );
        assert!(
            ed.selected(&ItemId::Room(new.id.clone())),
            "the new room is selected"
        );
    }
    assert!(ed.app().title().starts_with("• "), "{}", ed.app().title());
    let ids: Vec<&str> = ed.level().rooms.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["r1", "r2", "r3"]);

    // The goal moves to r3, which nothing reaches yet.
    ed.context_menu("Room r3");
    ed.menu_entry("Set as goal");
    assert_eq!(ed.level().goal, room("r3"));
    assert_eq!(ed.level().start, room("r1"));
    assert!(!ed.solved(), "r3 is not connected");
    assert!(ed.status().contains("Unsolvable"), "{}", ed.status());

    // Ctrl+drag from r1 to r2 draws a door; so does the Connect tool from r2 to r3.
    let (r1, r2) = (ed.item("Room r1"), ed.item("Room r2"));
    ed.drag(r1, r2, Modifiers::COMMAND);
    assert_eq!(ed.level().doors.len(), 1, "Ctrl+drag connects r1 and r2");
    let d1 = &ed.level().doors[0];
    assert_eq!((d1.from.as_str(), d1.to.as_str()), ("r1", "r2"));
    assert_eq!(
        pos(ed.level(), "r1"),
        [0.0, 0.0],
        "connecting moves nothing"
    );
    ed.key(Modifiers::NONE, Key::C);
    let (r2, r3) = (ed.item("Room r2"), ed.item("Room r3"));
    ed.drag(r2, r3, Modifiers::NONE);
    ed.key(Modifiers::NONE, Key::V);
    assert_eq!(
        ed.level().doors.len(),
        2,
        "the Connect tool connects r2 and r3"
    );
    let d2 = ed.level().doors[1].clone();
    assert_eq!((d2.from.as_str(), d2.to.as_str()), ("r2", "r3"));
    assert!(ed.has_item(&format!("Door {}", d2.id)));
    assert!(ed.solved(), "r1 – r2 – r3");
    assert!(ed.status().contains("Solvable"), "{}", ed.status());

    // A key in r2 locks the door to r3: still solvable, the key comes first.
    ed.context_menu("Room r2");
    ed.menu_entry("Add key here");
    assert_eq!(ed.level().keys.len(), 1);
    let k = ed.level().keys[0].clone();
    assert_eq!(k.room, Some(room("r2")));
    assert!(ed.has_item(&format!("Key {}", k.id)));
    ed.context_menu(&format!("Door {}", d2.id));
    let lock_with = ed.harness.get_by_label("Lock with").rect().center();
    ed.send([Event::PointerMoved(lock_with)]);
    if ed
        .harness
        .query_by_role_and_label(Role::CheckBox, k.id.as_str())
        .is_none()
    {
        ed.click(lock_with);
    }
    let check = ed
        .harness
        .get_by_role_and_label(Role::CheckBox, k.id.as_str())
        .rect()
        .center();
    ed.click(check);
    assert_eq!(ed.level().door(&d2.id).unwrap().locks, vec![k.id.clone()]);
    assert!(ed.solved(), "the key lies before its lock");

    // The door to r2 closed at start: nothing opens it, so no way through.
    ed.key(Modifiers::NONE, Key::Escape);
    let d1 = ed.level().doors[0].id.clone();
    ed.context_menu(&format!("Door {d1}"));
    ed.menu_entry("Open at start");
    assert!(!ed.level().door(&d1).unwrap().open, "d1 is closed now");
    assert!(!ed.solved(), "a closed door and no lever");
    assert!(ed.status().contains("Unsolvable"), "{}", ed.status());

    // A lever in r1 (select r1, press L), wired to d1 in link mode.
    let r1 = ed.item("Room r1");
    ed.click(r1);
    assert!(ed.selected(&ItemId::Room(room("r1"))));
    ed.key(Modifiers::NONE, Key::L);
    assert_eq!(ed.level().levers.len(), 1);
    let lever = ed.level().levers[0].clone();
    assert_eq!(lever.room, room("r1"));
    assert!(lever.toggles.is_empty());
    ed.context_menu(&format!("Lever {}", lever.id));
    ed.menu_entry("Wire doors…");
    assert_eq!(ed.app().canvas().link_lever.as_ref(), Some(&lever.id));
    let door = ed.item(&format!("Door {d1}"));
    ed.click(door);
    assert_eq!(
        ed.level().lever(&lever.id).unwrap().toggles,
        vec![d1.clone()]
    );
    ed.key(Modifiers::NONE, Key::Escape);
    assert_eq!(ed.app().canvas().link_lever, None, "Esc ends link mode");
    assert!(ed.solved(), "pull the lever, take the key, reach the goal");
    assert!(ed.status().contains("Solvable"), "{}", ed.status());
    assert!(ed.app().title().starts_with("• "), "{}", ed.app().title());
}

#[test]
fn start_and_goal_by_keyboard() {
    let mut ed = Editor::new(corridor());
    let r2 = ed.item("Room r2");
    ed.click(r2);
    ed.key(Modifiers::NONE, Key::S);
    assert_eq!(ed.level().start, room("r2"));
    let r1 = ed.item("Room r1");
    ed.click(r1);
    ed.key(Modifiers::NONE, Key::E);
    assert_eq!(ed.level().goal, room("r1"));
    assert_eq!(ed.level().start, room("r2"));
    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(ed.level().goal, room("r3"));
    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(ed.level().start, room("r1"));
    assert_eq!(*ed.level(), corridor());
}

#[test]
fn a_room_drag_is_one_undo_step() {
    let mut ed = Editor::new(corridor());
    let start = ed.item("Room r2");
    let zoom = ed.app().canvas().to_screen().scaling;
    let delta = vec2(70.0, 90.0);
    ed.drag(start, start + delta, Modifiers::NONE);
    let [x, y] = pos(ed.level(), "r2");
    let moved = vec2(x as f32 - 240.0, y as f32);
    let expected = delta / zoom;
    assert!(
        (moved - expected).length() <= 20.0,
        "r2 moved by {moved:?}, dragged by {expected:?} (grid 20)"
    );
    assert_eq!(pos(ed.level(), "r1"), [0.0, 0.0]);
    assert!(ed.selected(&ItemId::Room(room("r2"))));
    assert!(ed.app().title().starts_with("• "), "{}", ed.app().title());
    // The room is drawn where it now is.
    let drawn = ed.item_rect("Room r2").center();
    assert!(
        (drawn - pos2(x as f32, y as f32)).length() < 1.0,
        "{drawn:?}"
    );

    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(
        pos(ed.level(), "r2"),
        [240.0, 0.0],
        "one undo restores the position"
    );
    assert_eq!(*ed.level(), corridor());
    assert!(!ed.app().document().is_dirty());
    assert!(!ed.app().title().starts_with("• "), "{}", ed.app().title());
    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(*ed.level(), corridor(), "nothing more to undo");

    ed.key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(
        pos(ed.level(), "r2"),
        [f64::from(x as f32), f64::from(y as f32)]
    );
    assert!(ed.app().title().starts_with("• "));
}

#[test]
fn deleting_a_room_takes_its_items_and_one_undo_brings_them_back() {
    let mut ed = Editor::new(corridor());
    let r2 = ed.item("Room r2");
    ed.click(r2);
    assert_eq!(ed.app().selection().len(), 1);
    ed.key(Modifiers::NONE, Key::Delete);
    let level = ed.level();
    let rooms: Vec<&str> = level.rooms.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(rooms, ["r1", "r3"]);
    assert!(level.doors.is_empty(), "both doors touched r2");
    let keys: Vec<&str> = level.keys.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(keys, ["k2"], "k1 lay in r2");
    assert!(level.levers.is_empty(), "l1 stood in r2");
    assert!(ed.app().selection().is_empty());
    ed.frames(1);
    for gone in ["Room r2", "Door d1", "Door d2", "Key k1", "Lever l1"] {
        assert!(!ed.has_item(gone), "{gone} is still drawn");
    }

    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(*ed.level(), corridor(), "one undo brings everything back");
    ed.frames(1);
    for back in ["Room r2", "Door d1", "Door d2", "Key k1", "Lever l1"] {
        assert!(ed.has_item(back), "{back} is not drawn");
    }

    ed.key(Modifiers::COMMAND, Key::Y);
    assert_eq!(ed.level().rooms.len(), 2, "Ctrl+Y deletes again");
    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(*ed.level(), corridor());
}

#[test]
fn undo_and_redo_by_shortcut() {
    let mut ed = Editor::new(corridor());
    ed.zoom(0.5);
    let view = ed.app().canvas().scene_rect;
    let spots = [
        pos2(240.0, 0.0) + vec2(0.0, 0.35 * view.height()),
        pos2(240.0, 0.0) - vec2(0.0, 0.35 * view.height()),
    ];
    for spot in spots {
        let at = ed.screen(spot);
        ed.double_click(at);
    }
    assert_eq!(ed.level().rooms.len(), 5);
    let added = ed.level().clone();

    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(ed.level().rooms.len(), 4);
    ed.key(Modifiers::COMMAND, Key::Z);
    assert_eq!(*ed.level(), corridor());
    assert!(!ed.app().title().starts_with("• "), "{}", ed.app().title());
    ed.key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(ed.level().rooms.len(), 4, "Ctrl+Shift+Z redoes, not undoes");
    ed.key(Modifiers::COMMAND, Key::Y);
    assert_eq!(*ed.level(), added);
    ed.key(Modifiers::COMMAND, Key::Y);
    assert_eq!(*ed.level(), added, "nothing more to redo");
    assert!(ed.app().title().starts_with("• "), "{}", ed.app().title());
}

#[test]
fn ctrl_a_selects_everything() {
    let mut ed = Editor::new(corridor());
    assert!(ed.app().selection().is_empty());
    ed.key(Modifiers::COMMAND, Key::A);
    let level = corridor();
    let all: Vec<ItemId> = level
        .rooms
        .iter()
        .map(|r| ItemId::Room(r.id.clone()))
        .chain(level.doors.iter().map(|d| ItemId::Door(d.id.clone())))
        .chain(level.keys.iter().map(|k| ItemId::Key(k.id.clone())))
        .chain(level.levers.iter().map(|l| ItemId::Lever(l.id.clone())))
        .collect();
    assert_eq!(ed.app().selection().len(), all.len());
    for item in all {
        assert!(ed.selected(&item), "{item} is not selected");
    }
    assert_eq!(*ed.level(), corridor(), "selecting changes nothing");
    assert!(!ed.app().title().starts_with("• "));

    // Deleting everything would leave no room: the level keeps at least one.
    ed.key(Modifiers::NONE, Key::Delete);
    assert!(!ed.level().rooms.is_empty(), "a level needs a room");

    ed.key(Modifiers::COMMAND, Key::A);
    ed.key(Modifiers::NONE, Key::Escape);
    assert!(ed.app().selection().is_empty(), "Esc selects nothing");
}

#[test]
fn clicking_a_wired_door_in_link_mode_unwires_it() {
    let mut ed = Editor::new(corridor());
    ed.context_menu("Lever l1");
    ed.menu_entry("Wire doors…");
    assert_eq!(ed.app().canvas().link_lever, Some(LeverId::new("l1")));
    assert!(ed.selected(&ItemId::Lever(LeverId::new("l1"))));
    let d1 = ed.item("Door d1");
    ed.click(d1);
    assert!(
        ed.level()
            .lever(&LeverId::new("l1"))
            .unwrap()
            .toggles
            .is_empty()
    );
    let d2 = ed.item("Door d2");
    ed.click(d2);
    assert_eq!(
        ed.level().lever(&LeverId::new("l1")).unwrap().toggles,
        vec![DoorId::new("d2")]
    );
    // Clicking empty canvas ends link mode; the next door click only selects.
    let empty = ed.screen(pos2(240.0, 150.0));
    ed.click(empty);
    assert_eq!(ed.app().canvas().link_lever, None);
    let d1 = ed.item("Door d1");
    ed.click(d1);
    assert!(ed.selected(&ItemId::Door(DoorId::new("d1"))));
    assert_eq!(
        ed.level().lever(&LeverId::new("l1")).unwrap().toggles,
        vec![DoorId::new("d2")]
    );
}

/// The legend kept the height of the level it was first drawn for: with
/// three keys drawn, keys added later had a count in the heading and no
/// row (a batch preview of nine keys showed five). Each key added by the
/// room's menu gets its row.
#[test]
fn the_legend_grows_with_the_keys_added() {
    let legend_rows = |ed: &Editor| {
        ed.harness
            .query_all_by(|n| n.label().is_some_and(|l| l.starts_with("Legend: ")))
            .count()
    };
    let mut level = Level::new("three keys");
    for (i, x) in [0.0, 200.0, 400.0].into_iter().enumerate() {
        level.rooms.push(Room::new(format!("r{}", i + 1), [x, 0.0]));
    }
    level.start = room("r1");
    level.goal = room("r3");
    for i in 1..=3 {
        level.keys.push(LevelKey::new(format!("k{i}"), "r1"));
    }
    let mut ed = Editor::new(level);
    assert_eq!(legend_rows(&ed), 3);
    for keys in 4..=9 {
        ed.context_menu("Room r2");
        ed.menu_entry("Add key here");
        ed.frames(3);
        assert_eq!(ed.level().keys.len(), keys);
        assert_eq!(legend_rows(&ed), keys, "a row for each of {keys} keys");
    }
}
