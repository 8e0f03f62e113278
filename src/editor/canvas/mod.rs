//! The canvas: an adapter from pointer and keyboard events on a pan/zoom
//! [`egui::Scene`] to [`Intent`]s. It reads the level and never changes it.
//!
//! What it draws depends on the zoom ([`lod`]): marks keep a readable size
//! and labels show when they fit. Over the scene lie the legend of key
//! colours, the minimap and, while wiring a lever, its banner.

mod asked;
mod doors;
mod geometry;
mod highlight;
mod input;
mod legend;
pub mod lod;
mod marks;
mod menus;
mod minimap;
mod overlay;
mod overview;
mod paint;
mod play;
mod rooms;
mod view;

use egui::emath::TSTransform;
use egui::{DragPanButtons, Key, Pos2, Rect, Scene, Ui, Vec2, vec2};

pub use geometry::Geometry;
pub use play::{Callout, PLAYER_MIN_PX};
pub use view::{MAX_ZOOM, WHEEL_STEP, zoom_range};

use self::highlight::Lit;
use self::lod::Lod;
use self::view::ViewRequest;
use super::intent::Intent;
use super::key_look::{KeyLook, key_looks};
use super::theme::Theme;
use super::view::View;
use crate::document::LevelCommand;
use crate::model::{ItemId, KeyId, Level, LevelIndex, LeverId, RoomId};

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
    request: Option<ViewRequest>,
    /// The canvas's size on screen last frame (to keep the zoom when it changes).
    last_canvas: Option<Vec2>,
    /// The canvas's place on screen last frame.
    screen: Rect,
    to_screen: TSTransform,
    /// The item under the pointer last frame (its keys and locks are lit).
    hovered: Option<ItemId>,
    /// The key under the pointer in the legend last frame.
    legend_hover: Option<KeyId>,
    /// Where the pointer was over the canvas last frame, in canvas units.
    pointer: Option<Pos2>,
    /// The keys lit last frame, with their locks.
    lit: Vec<KeyId>,
    /// The doors lit last frame: their condition names a hovered or selected lever.
    lit_doors: Vec<crate::model::DoorId>,
    /// The levers whose wiring was drawn last frame.
    wired: Vec<LeverId>,
    /// How far the legend reached into the canvas, right and down, when
    /// last drawn (screen points), so that Fit puts the level beside it or
    /// below it.
    legend_size: Vec2,
    /// The room Fit leaves free for the legend this frame: on the left
    /// (x) or at the top (y), whichever shows the level larger.
    fit_inset: Vec2,
    /// The last Fit guessed the legend's size (it had not been drawn yet):
    /// fitted again once it has.
    fit_on_guess: bool,
    /// The area overview, per revision of the level.
    overview: overview::OverviewCache,
    /// The overview was drawn last frame, not the rooms.
    overview_drawn: bool,
    /// What play shows on the canvas, and the doors open at the start.
    play: play::PlayMarks,
    /// This frame's door marks, labels, step badges and tags, drawn before
    /// the rooms: a room's tag keeps clear of them.
    door_drawn: Vec<Rect>,
}

impl Default for Canvas {
    fn default() -> Self {
        Self {
            scene_rect: Rect::ZERO,
            tool: Tool::Select,
            link_lever: None,
            drag: Drag::None,
            renaming: None,
            request: Some(ViewRequest::Fit),
            last_canvas: None,
            screen: Rect::ZERO,
            to_screen: TSTransform::IDENTITY,
            hovered: None,
            legend_hover: None,
            pointer: None,
            lit: Vec::new(),
            lit_doors: Vec::new(),
            wired: Vec::new(),
            legend_size: Vec2::ZERO,
            fit_inset: Vec2::ZERO,
            fit_on_guess: false,
            overview: overview::OverviewCache::default(),
            overview_drawn: false,
            door_drawn: Vec::new(),
            play: play::PlayMarks::default(),
        }
    }
}

/// The room Fit leaves for a legend last drawn `size` large (a guess
/// before it has been drawn).
fn legend_inset(size: Vec2) -> Vec2 {
    const GUESS: Vec2 = Vec2::new(150.0, 200.0);
    (if size.x > 0.0 { size } else { GUESS }) + Vec2::splat(8.0)
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

/// What the parts of the canvas draw from, this frame.
struct Scope<'v, 'a> {
    view: &'v View<'a>,
    geo: &'v Geometry,
    lod: Lod,
    lit: Lit,
    looks: Vec<KeyLook>,
    path: overlay::SolutionPath,
    /// Items take clicks and drags (not while Space pans).
    interactive: bool,
    /// Ctrl (Cmd) is held: a drag from a room draws a door.
    command: bool,
    /// The designer plays: clicks walk and pull.
    playing: bool,
    /// Per door: open before any step (the core's answer, once per revision).
    start_open: &'v [bool],
}

impl Canvas {
    /// From canvas units to screen points, as of the last frame (tests use it
    /// to click on rooms: inside a `Scene`, widget rects are in canvas units).
    pub fn to_screen(&self) -> TSTransform {
        self.to_screen
    }

    /// Width over height of the canvas on screen (for Arrange).
    pub fn aspect(&self) -> f64 {
        if self.screen.height() > 1.0 {
            f64::from(self.screen.width() / self.screen.height())
        } else {
            crate::layout::DEFAULT_ASPECT
        }
    }

    /// Where the pointer was over the canvas last frame, in canvas units.
    pub fn pointer(&self) -> Option<Pos2> {
        self.pointer
    }

    /// The keys lit last frame (hovered or selected, or the keys of a hovered
    /// or selected lock): they and their locks stand out, the rest are faint.
    pub fn lit_keys(&self) -> &[KeyId] {
        &self.lit
    }

    /// The doors lit last frame: those whose condition names the lever
    /// hovered or selected.
    pub fn lit_doors(&self) -> &[crate::model::DoorId] {
        &self.lit_doors
    }

    /// The levers whose wires to their doors were drawn last frame.
    pub fn wired_levers(&self) -> &[LeverId] {
        &self.wired
    }

    /// Where the canvas was on the screen last frame.
    pub fn screen_rect(&self) -> Rect {
        self.screen
    }

    /// The part of the level in view last frame, in canvas units.
    pub fn visible(&self) -> Rect {
        self.to_screen.inverse() * self.screen
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
        let canvas = ui.available_rect_before_wrap();
        self.screen = canvas;
        let bounds = geo.bounds();
        self.fit_inset = if view.prefs.legend && !view.level.keys.is_empty() {
            legend_inset(self.legend_size)
        } else {
            Vec2::ZERO
        };
        self.steer(canvas, bounds);
        ui.painter().rect_filled(canvas, 0.0, view.theme.canvas);
        let (min_zoom, max_zoom) = zoom_range(bounds, canvas.size());
        // Right-drag pans too; Shift+drag selects with a box instead.
        let pan = if shift {
            DragPanButtons::MIDDLE | DragPanButtons::SECONDARY
        } else {
            DragPanButtons::PRIMARY | DragPanButtons::MIDDLE | DragPanButtons::SECONDARY
        };
        let scene = Scene::new()
            .zoom_range(min_zoom..=max_zoom)
            .scroll_zooms(true)
            .drag_pan_buttons(pan);
        let mut clicked_item = false;
        let mut scene_rect = self.scene_rect;
        let overview = self.overview_shown(view);
        self.overview_drawn = overview;
        let start_open = self.play.start_open(view);
        self.play.begin_frame();
        let response = scene
            .show(ui, &mut scene_rect, |ui| {
                self.to_screen = ui
                    .ctx()
                    .layer_transform_to_global(ui.layer_id())
                    .unwrap_or_default();
                let lod = Lod::new(self.to_screen.scaling);
                if !overview && let Some(backdrop) = view.background.backdrop() {
                    backdrop.paint(ui.painter());
                }
                if view.prefs.grid {
                    paint::grid(ui.painter(), ui.clip_rect(), view.theme, lod);
                }
                let scope = Scope {
                    view,
                    geo: &geo,
                    lod,
                    lit: Lit::new(view, self.hovered.as_ref(), self.legend_hover.as_ref()),
                    looks: key_looks(view.level, view.key_colors, view.theme),
                    path: overlay::SolutionPath::new(view),
                    interactive: !space,
                    command,
                    playing: view.play.is_some_and(|p| p.interactive),
                    start_open: &start_open,
                };
                if overview {
                    self.overview_ui(ui, view, &scope.looks, out);
                } else {
                    clicked_item = self.items_ui(ui, &scope, out);
                }
                self.lit = (view.level.keys.iter().enumerate())
                    .filter(|(k, _)| scope.lit.key(*k))
                    .map(|(_, key)| key.id.clone())
                    .collect();
                self.lit_doors = (view.level.doors.iter().enumerate())
                    .filter(|(d, _)| scope.lit.door(*d))
                    .map(|(_, door)| door.id.clone())
                    .collect();
                self.rubber_band_ui(ui, &geo, view.theme);
                self.rename_ui(ui, view, &geo, out);
            })
            .response;
        self.scene_rect = scene_rect;
        self.play.keep_start_open(start_open);
        // The scene's response is in canvas units already.
        self.pointer = response.hover_pos();
        self.background(ui, &response, view, &geo, shift, clicked_item, out);
        self.overlays_ui(ui, view, &geo, canvas, out);
    }

    /// Rooms, doors, keys and levers; returns true when one took a click.
    fn items_ui(&mut self, ui: &mut Ui, scope: &Scope<'_, '_>, out: &mut Vec<Intent>) -> bool {
        let mut hovered = None;
        let mut took_click = self.doors_ui(ui, scope, &mut hovered, out);
        self.wiring_ui(ui, scope);
        took_click |= self.rooms_ui(ui, scope, &mut hovered, out);
        self.hovered = hovered;
        took_click
    }

    /// The centre of lever `l`'s mark, where its wires start (a lever past
    /// the room's "+N" mark starts them there).
    fn lever_at(geo: &Geometry, l: usize, lever: &crate::model::Lever, lod: Lod) -> Option<Pos2> {
        let rect = geo.room_rect(&lever.room)?;
        let count = geo
            .index_of(&lever.room)
            .map_or(0, |r| geo.levers_in[r].len());
        let nth = geo.lever_place.get(l).copied().unwrap_or(0);
        let nth = nth.min(overlay::levers_shown(rect, count, lod));
        Some(overlay::lever_rect(rect, nth, lod).center())
    }

    /// The doors wired to the selected levers (and the one in link mode), dashed.
    fn wiring_ui(&mut self, ui: &Ui, scope: &Scope<'_, '_>) {
        let (view, geo, lod) = (scope.view, scope.geo, scope.lod);
        self.wired.clear();
        for (l, lever) in view.level.levers.iter().enumerate() {
            let item = ItemId::Lever(lever.id.clone());
            let named = view.selection.contains(&item) || self.hovered.as_ref() == Some(&item);
            if named {
                Self::condition_lines(ui, scope, l, lever);
            }
            // Selected, being wired, pointed at, in the room pointed at, or all.
            let in_hovered_room = matches!(&self.hovered,
                Some(ItemId::Room(room)) if *room == lever.room);
            let shown = view.prefs.wires
                || view.selection.contains(&item)
                || self.link_lever.as_ref() == Some(&lever.id)
                || self.hovered.as_ref() == Some(&item)
                || in_hovered_room;
            if !shown {
                continue;
            }
            let Some(from) = Self::lever_at(geo, l, lever, lod) else {
                continue;
            };
            self.wired.push(lever.id.clone());
            for door in &lever.toggles {
                if let Some(Some((a, b))) = view.index.door(door).map(|d| geo.doors[d]) {
                    let to = a + (b - a) / 2.0;
                    let px = 1.0 / lod.zoom;
                    ui.painter().extend(egui::Shape::dashed_line(
                        &[from, to],
                        egui::Stroke::new(1.5f32.max(1.2 * px), view.theme.lever),
                        5.0f32.max(5.0 * px),
                        4.0f32.max(4.0 * px),
                    ));
                }
            }
        }
    }

    /// Dotted lines from a hovered or selected lever to the doors whose
    /// condition names it.
    fn condition_lines(ui: &Ui, scope: &Scope<'_, '_>, l: usize, lever: &crate::model::Lever) {
        let (view, geo, lod) = (scope.view, scope.geo, scope.lod);
        let Some(from) = Self::lever_at(geo, l, lever, lod) else {
            return;
        };
        let px = 1.0 / lod.zoom;
        for (d, seg) in geo.doors.iter().enumerate() {
            if let Some((a, b)) = seg
                && scope.lit.door(d)
            {
                ui.painter().extend(egui::Shape::dotted_line(
                    &[from, *a + (*b - *a) / 2.0],
                    view.theme.selection,
                    6.0f32.max(6.0 * px),
                    1.5f32.max(1.2 * px),
                ));
            }
        }
    }

    /// The legend, the minimap and the wiring banner, over the scene.
    fn overlays_ui(
        &mut self,
        ui: &Ui,
        view: &View<'_>,
        geo: &Geometry,
        canvas: Rect,
        out: &mut Vec<Intent>,
    ) {
        self.legend_hover = if view.prefs.legend {
            let (hovered, size) = legend::legend_ui(ui.ctx(), view, canvas, out);
            self.legend_size = size;
            if self.fit_on_guess && size != Vec2::ZERO {
                self.fit_on_guess = false;
                if self.request.is_none() {
                    self.request = Some(view::ViewRequest::Fit);
                    ui.ctx().request_repaint();
                }
            }
            hovered
        } else {
            None
        };
        if view.prefs.minimap
            && let Some(center) = minimap::minimap_ui(ui.ctx(), view, geo, canvas, self.scene_rect)
        {
            self.scene_rect = Rect::from_center_size(center, self.scene_rect.size());
        }
        if let Some(lever) = &self.link_lever {
            wiring_banner_ui(ui.ctx(), view, lever, canvas, out);
        }
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

/// While wiring a lever: what clicks do, and Done, at the top of the canvas
/// (the toolbar has no room for it on a narrow window).
fn wiring_banner_ui(
    ctx: &egui::Context,
    view: &View<'_>,
    lever: &LeverId,
    canvas: Rect,
    out: &mut Vec<Intent>,
) {
    egui::Area::new(egui::Id::unique("lockwork-wiring-banner"))
        .order(egui::Order::Middle)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(canvas.center_top() + vec2(0.0, 8.0))
        .constrain_to(canvas)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(canvas.width() - 24.0);
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "Wiring {lever}: click doors to add or remove them"
                        ))
                        .strong()
                        .color(view.theme.lever),
                    );
                    if ui
                        .button("Done")
                        .on_hover_text("Stop wiring (Esc)")
                        .clicked()
                    {
                        out.push(Intent::LinkLever(None));
                    }
                });
            });
        });
}

/// Where `item` is on the canvas, in canvas units (a key or lever: its room).
pub fn item_area(level: &Level, index: &LevelIndex, geo: &Geometry, item: &ItemId) -> Option<Rect> {
    let room = match item {
        ItemId::Room(r) => r.clone(),
        ItemId::Key(k) => level.key(k)?.room.clone()?,
        ItemId::Lever(l) => level.lever(l)?.room.clone(),
        ItemId::Door(d) => {
            let (a, b) = geo.doors.get(index.door(d)?).copied().flatten()?;
            return Some(Rect::from_two_pos(a, b).expand(10.0));
        }
    };
    geo.room_rect(&room)
}

impl Canvas {
    /// Shows `item` if it is off-screen, keeping the view otherwise.
    pub fn reveal_item(&mut self, level: &Level, index: &LevelIndex, item: &ItemId) {
        let geo = Geometry::new(level, &[], Vec2::ZERO);
        if let Some(area) = item_area(level, index, &geo, item) {
            self.reveal(area);
        }
    }

    /// Centres `item`, zoomed in far enough to read it (Find).
    pub fn frame_item(&mut self, level: &Level, index: &LevelIndex, item: &ItemId) {
        let geo = Geometry::new(level, &[], Vec2::ZERO);
        if let Some(area) = item_area(level, index, &geo, item) {
            self.frame(area);
        }
    }
}
