//! The canvas: an adapter from pointer and keyboard events on a pan/zoom
//! [`egui::Scene`] to [`Intent`]s. It reads the level and never changes it.

mod geometry;
mod input;
mod menus;
mod overlay;
mod paint;

use egui::emath::TSTransform;
use egui::{DragPanButtons, Key, Pos2, Rect, Role, Scene, Sense, Ui, Vec2, WidgetInfo, vec2};

pub use geometry::Geometry;

use self::input::click_mode;
use self::paint::{DoorLook, Emphasis, RoomLook};
use super::intent::{Intent, Playback};
use super::theme::Theme;
use super::view::View;
use crate::document::LevelCommand;
use crate::model::{ItemId, LeverId, RoomId, palette};
use crate::rules::Step;

/// What a primary click on empty canvas does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select and move.
    #[default]
    Select,
    /// Click empty space to add a room.
    Room,
    /// Drag from room to room to add a door.
    Connect,
}

/// A drag in progress.
#[derive(Clone, Debug, Default)]
enum Drag {
    #[default]
    None,
    /// Rooms being moved; shown moved, committed as one command on release.
    Move { rooms: Vec<RoomId>, offset: Vec2 },
    /// A door being drawn from a room.
    Connect { from: RoomId, to: Pos2 },
    /// A selection box.
    Boxing { start: Pos2, end: Pos2 },
    /// A key or lever being carried to another room.
    Carry { item: ItemId, at: Pos2 },
}

/// The canvas's own state: the view, the tool, the drag in progress.
#[derive(Clone, Debug)]
pub struct Canvas {
    /// The part of the level in view, in canvas units.
    pub scene_rect: Rect,
    /// The active tool.
    pub tool: Tool,
    /// The lever whose doors clicks add or remove (link mode).
    pub link_lever: Option<LeverId>,
    drag: Drag,
    renaming: Option<(RoomId, String)>,
    fit_requested: bool,
    frame_on: Option<Pos2>,
    to_screen: TSTransform,
}

impl Default for Canvas {
    fn default() -> Self {
        Self {
            scene_rect: Rect::ZERO,
            tool: Tool::Select,
            link_lever: None,
            drag: Drag::None,
            renaming: None,
            fit_requested: true,
            frame_on: None,
            to_screen: TSTransform::IDENTITY,
        }
    }
}

/// Accessible name of a room, for screen readers and tests.
pub fn room_label(id: &RoomId) -> String {
    format!("Room {id}")
}

/// Accessible name of a door.
pub fn door_label(id: &crate::model::DoorId) -> String {
    format!("Door {id}")
}

/// Accessible name of a key.
pub fn key_label(id: &crate::model::KeyId) -> String {
    format!("Key {id}")
}

/// Accessible name of a lever.
pub fn lever_label(id: &LeverId) -> String {
    format!("Lever {id}")
}

impl Canvas {
    /// Frames the whole level on the next frame.
    pub fn fit(&mut self) {
        self.fit_requested = true;
    }

    /// Centres the view on a canvas point on the next frame.
    pub fn center_on(&mut self, at: Pos2) {
        self.frame_on = Some(at);
    }

    /// From canvas units to screen points, as of the last frame (tests use it
    /// to click on rooms: inside a `Scene`, widget rects are in canvas units).
    pub fn to_screen(&self) -> TSTransform {
        self.to_screen
    }

    /// Starts renaming a room inline.
    pub fn rename(&mut self, room: &RoomId, current: &str) {
        self.renaming = Some((room.clone(), current.to_owned()));
    }

    /// Draws the canvas and turns input into intents.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, out: &mut Vec<Intent>) {
        let (shift, command, space) = ui.input(|i| {
            (
                i.modifiers.shift,
                i.modifiers.command,
                i.key_down(Key::Space),
            )
        });
        let (moved, offset) = match &self.drag {
            Drag::Move { rooms, offset } => (rooms.as_slice(), *offset),
            _ => (&[][..], Vec2::ZERO),
        };
        let geo = Geometry::new(view.level, moved, offset);
        if self.fit_requested {
            self.fit_requested = false;
            if let Some(bounds) = geo.bounds() {
                self.scene_rect = bounds.expand(90.0);
            }
        }
        if let Some(at) = self.frame_on.take() {
            self.scene_rect = Rect::from_center_size(at, self.scene_rect.size());
        }
        let pan = if shift {
            DragPanButtons::MIDDLE
        } else {
            DragPanButtons::PRIMARY | DragPanButtons::MIDDLE
        };
        let painter_rect = ui.available_rect_before_wrap();
        ui.painter()
            .rect_filled(painter_rect, 0.0, view.theme.canvas);
        let scene = Scene::new()
            .zoom_range(0.05..=4.0)
            .scroll_zooms(true)
            .drag_pan_buttons(pan);
        let mut clicked_item = false;
        let mut scene_rect = self.scene_rect;
        let response = scene
            .show(ui, &mut scene_rect, |ui| {
                self.to_screen = ui
                    .ctx()
                    .layer_transform_to_global(ui.layer_id())
                    .unwrap_or_default();
                if view.prefs.grid {
                    paint::grid(ui.painter(), ui.clip_rect(), view.theme);
                }
                let interactive = !space;
                clicked_item = self.items_ui(ui, view, &geo, interactive, command, out);
                self.rubber_band_ui(ui, &geo, view.theme);
                self.rename_ui(ui, view, &geo, out);
            })
            .response;
        self.scene_rect = scene_rect;
        self.background(ui, &response, view, &geo, shift, clicked_item, out);
    }

    /// Rooms, doors, keys and levers; returns true when one took a click.
    fn items_ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        geo: &Geometry,
        interactive: bool,
        command: bool,
        out: &mut Vec<Intent>,
    ) -> bool {
        let theme = view.theme;
        let level = view.level;
        let sense = if interactive {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let path = overlay::SolutionPath::new(view);
        let play_step = view.play.and_then(|p| p.current.as_ref());
        let playing = view.play.is_some_and(|p| p.interactive);
        let mut took_click = false;
        let unreachable: Vec<&RoomId> = view
            .solver
            .analysis()
            .map(|a| a.unreachable_rooms.iter().collect())
            .unwrap_or_default();

        for (d, door) in level.doors.iter().enumerate() {
            let Some(seg) = geo.doors[d] else { continue };
            let item = ItemId::Door(door.id.clone());
            let locks: Vec<egui::Color32> = door
                .locks
                .iter()
                .filter_map(|k| view.index.key(k))
                .map(|k| Theme::key(palette::key_color(level, k)))
                .collect();
            let look = DoorLook {
                open: view.play.map_or(door.open, |p| p.state.open[d]),
                one_way: door.one_way,
                cost: (door.cost != 1.0).then(|| crate::cli::format_cost(door.cost)),
                locks: &locks,
                small_locks: if view.play.is_some_and(|p| p.state.unlocked[d]) {
                    0
                } else {
                    door.small_locks
                },
            };
            let mid = seg.0 + (seg.1 - seg.0) / 2.0;
            let handle = Rect::from_center_size(mid, vec2(20.0, 20.0));
            let id = egui::Id::unique(("lockwork-door", &door.id));
            let response = ui.interact(
                handle,
                id,
                if interactive {
                    Sense::click()
                } else {
                    Sense::hover()
                },
            );
            let label = door_label(&door.id);
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: path.door_used(d)
                    || play_step.is_some_and(
                        |s| matches!(s, Step::Move { door: id, .. } if id == &door.id),
                    ),
            };
            paint::door(ui.painter(), seg, &look, em, theme);
            if let Some(badge) = path.door_badge(d) {
                paint::badge(ui.painter(), mid + vec2(0.0, -17.0), &badge, theme);
            }
            if response.clicked() && !playing {
                took_click = true;
                if let Some(lever) = &self.link_lever {
                    out.push(Intent::Edit(LevelCommand::ToggleLeverDoor {
                        lever: lever.clone(),
                        door: door.id.clone(),
                    }));
                } else {
                    out.push(Intent::Select(vec![item.clone()], click_mode(ui)));
                }
            }
            // Built only when it can be seen or read: for 1,500 doors the
            // texts cost milliseconds a frame.
            let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
                response.on_hover_text(overlay::door_tooltip(level, door))
            } else {
                response
            };
            response.context_menu(|ui| menus::door_menu(ui, view, door, out));
        }

        // Wiring of the selected levers (and the one in link mode).
        for lever in &level.levers {
            let shown = view.selection.contains(&ItemId::Lever(lever.id.clone()))
                || self.link_lever.as_ref() == Some(&lever.id);
            if !shown {
                continue;
            }
            if let Some(from) = geo
                .room_rect(&lever.room)
                .map(|r| overlay::lever_rect(r, level, &lever.id).center())
            {
                for door in &lever.toggles {
                    if let Some(Some((a, b))) = view.index.door(door).map(|d| geo.doors[d]) {
                        let to = a + (b - a) / 2.0;
                        ui.painter().extend(egui::Shape::dashed_line(
                            &[from, to],
                            egui::Stroke::new(1.5, theme.lever),
                            5.0,
                            4.0,
                        ));
                    }
                }
            }
        }

        for (r, room) in level.rooms.iter().enumerate() {
            let rect = geo.rooms[r];
            let item = ItemId::Room(room.id.clone());
            let id = egui::Id::unique(("lockwork-room", &room.id));
            let response = ui.interact(rect, id, sense);
            let label = match room.name.as_str() {
                "" => room_label(&room.id),
                name => format!("{}: {name}", room_label(&room.id)),
            };
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            let (fill, text) = if room.id == level.goal {
                (theme.goal_fill, theme.goal_text)
            } else if room.id == level.start {
                (theme.start_fill, theme.start_text)
            } else {
                (theme.room_fill, theme.room_text)
            };
            let look = RoomLook {
                title: if room.name.is_empty() {
                    room.id.as_str()
                } else {
                    &room.name
                },
                subtitle: (!room.name.is_empty()).then_some(room.id.as_str()),
                fill,
                text,
                unreachable: unreachable.contains(&&room.id),
            };
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: path.room_visited(r),
            };
            paint::room(ui.painter(), rect, &look, em, theme);
            if let Some(play) = view.play
                && play.state.room == r
            {
                paint::pawn(ui.painter(), rect, theme);
            }
            if playing {
                if response.clicked() {
                    out.push(Intent::Playback(Playback::Walk(room.id.clone())));
                }
                took_click |= response.clicked();
                took_click |= self.marks_ui(ui, view, rect, &room.id, &path, interactive, out);
                continue;
            }
            self.room_input(ui, &response, view, room, command, out);
            took_click |= response.clicked() || response.double_clicked();
            response.context_menu(|ui| menus::room_menu(ui, view, room, &mut self.renaming, out));
            took_click |= self.marks_ui(ui, view, rect, &room.id, &path, interactive, out);
        }
        took_click
    }

    /// Keys and levers drawn inside a room.
    #[allow(clippy::too_many_arguments)]
    fn marks_ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        rect: Rect,
        room: &RoomId,
        path: &overlay::SolutionPath,
        interactive: bool,
        out: &mut Vec<Intent>,
    ) -> bool {
        let level = view.level;
        let theme = view.theme;
        let mut took_click = false;
        let sense = if interactive {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let playing = view.play.is_some_and(|p| p.interactive);
        for (k, key, mark) in overlay::key_marks(rect, level, room) {
            if view.play.is_some_and(|p| p.state.picked[k]) {
                continue; // picked up: it is in the player's hands now
            }
            let item = ItemId::Key(key.id.clone());
            let response = ui.interact(mark, egui::Id::unique(("lockwork-key", &key.id)), sense);
            let label = key_label(&key.id);
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            let color = if key.small {
                theme.small_key
            } else {
                Theme::key(palette::key_color(level, k))
            };
            let small = key.small.then(|| {
                level
                    .keys
                    .iter()
                    .filter(|o| o.small && &o.room == room)
                    .count() as u32
            });
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: false,
            };
            paint::key(ui.painter(), mark, color, small, em, theme);
            if !playing {
                took_click |= self.carry_input(ui, &response, item, out);
            }
            // Built only when it can be seen or read: for 1,500 doors the
            // texts cost milliseconds a frame.
            let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
                response.on_hover_text(overlay::key_tooltip(level, key))
            } else {
                response
            };
            response.context_menu(|ui| menus::key_menu(ui, key, out));
        }
        for lever in level.levers.iter().filter(|l| &l.room == room) {
            let mark = overlay::lever_rect(rect, level, &lever.id);
            let item = ItemId::Lever(lever.id.clone());
            let response = ui.interact(
                mark.expand(2.0),
                egui::Id::unique(("lockwork-lever", &lever.id)),
                sense,
            );
            let label = lever_label(&lever.id);
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: false,
            };
            let just_pulled = view
                .play
                .and_then(|p| p.current.as_ref())
                .is_some_and(|s| matches!(s, Step::Pull { lever: l } if l == &lever.id));
            paint::lever(
                ui.painter(),
                mark,
                em,
                path.lever_pulled(&lever.id) || just_pulled,
                theme,
            );
            if playing {
                if response.clicked() {
                    out.push(Intent::Playback(Playback::Pull(lever.id.clone())));
                    took_click = true;
                }
            } else {
                took_click |= self.carry_input(ui, &response, item, out);
            }
            // Built only when it can be seen or read: for 1,500 doors the
            // texts cost milliseconds a frame.
            let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
                response.on_hover_text(overlay::lever_tooltip(level, lever))
            } else {
                response
            };
            response.context_menu(|ui| menus::lever_menu(ui, lever, &mut self.link_lever, out));
        }
        took_click
    }

    fn rubber_band_ui(&self, ui: &Ui, geo: &Geometry, theme: &Theme) {
        match &self.drag {
            Drag::Boxing { start, end } => {
                paint::rubber_band(ui.painter(), *start, *end, true, theme);
            }
            Drag::Connect { from, to } => {
                if let Some(rect) = geo.room_rect(from) {
                    paint::rubber_band(ui.painter(), rect.center(), *to, false, theme);
                }
            }
            _ => {}
        }
    }

    fn rename_ui(&mut self, ui: &mut Ui, view: &View<'_>, geo: &Geometry, out: &mut Vec<Intent>) {
        let Some((room_id, text)) = &mut self.renaming else {
            return;
        };
        let Some(rect) = geo.room_rect(room_id) else {
            self.renaming = None;
            return;
        };
        let edit = egui::TextEdit::singleline(text)
            .hint_text("room name")
            .desired_width(rect.width() - 8.0);
        let response = ui.put(
            Rect::from_center_size(rect.center(), vec2(rect.width() - 4.0, 24.0)),
            edit,
        );
        if !response.has_focus() && !response.lost_focus() {
            response.request_focus();
        }
        let enter = ui.input(|i| i.key_pressed(Key::Enter));
        let escape = ui.input(|i| i.key_pressed(Key::Escape));
        if escape {
            self.renaming = None;
        } else if enter || response.lost_focus() {
            if let Some(room) = view.level.room(room_id)
                && room.name != *text
            {
                let mut renamed = room.clone();
                renamed.name = text.trim().to_owned();
                out.push(Intent::Edit(LevelCommand::SetRoom(renamed)));
            }
            self.renaming = None;
        }
    }
}
