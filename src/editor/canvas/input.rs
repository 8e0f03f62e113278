//! Pointer input on the canvas: clicks, drags and double-clicks on rooms,
//! keys, levers and empty space, turned into intents.

use egui::{Pos2, Rect, Ui, Vec2};

use super::geometry::{self, Geometry};
use super::{Canvas, Drag, Tool, menus, overlay};
use crate::document::LevelCommand;
use crate::editor::intent::{Intent, SelectMode};
use crate::editor::theme::GRID;
use crate::editor::view::View;
use crate::model::ItemId;

impl Canvas {
    /// Click, drag and double-click on a room.
    pub(super) fn room_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        view: &View<'_>,
        room: &crate::model::Room,
        command: bool,
        out: &mut Vec<Intent>,
    ) {
        let item = ItemId::Room(room.id.clone());
        if response.double_clicked() {
            self.renaming = Some((room.id.clone(), room.name.clone()));
        } else if response.clicked() {
            out.push(Intent::Select(vec![item.clone()], click_mode(ui)));
        }
        if response.drag_started_by(egui::PointerButton::Primary) {
            if command || self.tool == Tool::Connect {
                let to = response
                    .interact_pointer_pos()
                    .unwrap_or_else(|| response.rect.center());
                self.drag = Drag::Connect {
                    from: room.id.clone(),
                    to,
                };
            } else {
                let rooms = if view.selection.contains(&item) {
                    view.selection.rooms().cloned().collect()
                } else {
                    out.push(Intent::Select(vec![item.clone()], SelectMode::Replace));
                    vec![room.id.clone()]
                };
                self.drag = Drag::Move {
                    rooms,
                    offset: Vec2::ZERO,
                };
            }
        }
        if response.dragged_by(egui::PointerButton::Primary) {
            let delta = response.drag_delta();
            let pointer = response.interact_pointer_pos();
            match &mut self.drag {
                Drag::Move { offset, .. } => *offset += delta,
                // Where the pointer is, not a sum of deltas that drifts.
                Drag::Connect { to, .. } => *to = pointer.unwrap_or(*to + delta),
                _ => {}
            }
        }
        if response.drag_stopped() {
            self.finish_drag(view, out);
        }
    }

    /// Dragging a key or lever to another room; clicking selects it.
    pub(super) fn carry_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        item: ItemId,
        out: &mut Vec<Intent>,
    ) -> bool {
        if response.clicked() {
            out.push(Intent::Select(vec![item.clone()], click_mode(ui)));
        }
        if response.drag_started_by(egui::PointerButton::Primary) {
            let at = response
                .interact_pointer_pos()
                .unwrap_or_else(|| response.rect.center());
            self.drag = Drag::Carry { item, at };
        } else if response.dragged() {
            let pointer = response.interact_pointer_pos();
            if let Drag::Carry { at, .. } = &mut self.drag {
                *at = pointer.unwrap_or(*at + response.drag_delta());
            }
        }
        response.clicked()
    }

    /// Commits a finished drag as one command.
    pub(super) fn finish_drag(&mut self, view: &View<'_>, out: &mut Vec<Intent>) {
        let geo_now = Geometry::new(view.level, &[], Vec2::ZERO);
        match std::mem::take(&mut self.drag) {
            Drag::Move { rooms, offset } if offset != Vec2::ZERO => {
                let moves = rooms
                    .iter()
                    .filter_map(|id| {
                        let center = geo_now.room_rect(id)?.center() + offset;
                        let p = if view.prefs.grid {
                            geometry::snap(center, GRID)
                        } else {
                            center
                        };
                        Some((id.clone(), [f64::from(p.x), f64::from(p.y)]))
                    })
                    .collect();
                out.push(Intent::Edit(LevelCommand::MoveRooms(moves)));
            }
            Drag::Connect { from, to } => {
                match geo_now.room_at(to).map(|r| view.level.rooms[r].id.clone()) {
                    Some(target) if target != from => {
                        out.push(Intent::Edit(LevelCommand::Connect { from, to: target }));
                    }
                    _ => {}
                }
            }
            Drag::Carry { item, at } => {
                if let Some(target) = geo_now.room_at(at).map(|r| view.level.rooms[r].id.clone()) {
                    menus::carry(view.level, item, target, out);
                }
            }
            _ => {}
        }
    }

    /// Clicks, double-clicks and drags on empty canvas.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn background(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        view: &View<'_>,
        geo: &Geometry,
        shift: bool,
        clicked_item: bool,
        out: &mut Vec<Intent>,
    ) {
        let pointer = response.interact_pointer_pos();
        if response.double_clicked() && !clicked_item {
            if let Some(p) = pointer {
                out.push(Intent::Edit(LevelCommand::AddRoom {
                    pos: free_spot(view, p),
                }));
            }
        } else if response.clicked() && !clicked_item {
            if self.tool == Tool::Room
                && let Some(p) = pointer
            {
                out.push(Intent::Edit(LevelCommand::AddRoom {
                    pos: free_spot(view, p),
                }));
            } else if let Some((door, _)) = pointer.and_then(|p| nearest_door(view, geo, p)) {
                match &self.link_lever {
                    Some(lever) => out.push(Intent::Edit(LevelCommand::ToggleLeverDoor {
                        lever: lever.clone(),
                        door,
                    })),
                    None => out.push(Intent::Select(vec![ItemId::Door(door)], click_mode(ui))),
                }
            } else if self.link_lever.take().is_none() {
                out.push(Intent::Select(Vec::new(), SelectMode::Replace));
            }
        }
        if shift
            && response.drag_started_by(egui::PointerButton::Primary)
            && let Some(p) = pointer
        {
            self.drag = Drag::Boxing { start: p, end: p };
        }
        if let Drag::Boxing { end, .. } = &mut self.drag
            && let Some(p) = ui.ctx().pointer_latest_pos()
        {
            *end = self.to_screen.inverse() * p;
        }
        if response.drag_stopped()
            && let Drag::Boxing { start, end } = std::mem::take(&mut self.drag)
        {
            let area = Rect::from_two_pos(start, end);
            let items = overlay::items_in(view.level, geo, area);
            out.push(Intent::Select(
                items,
                if shift {
                    SelectMode::Add
                } else {
                    SelectMode::Replace
                },
            ));
        }
    }
}

/// Where a room added at `p` goes: the nearest grid point where it overlaps
/// no other room.
fn free_spot(view: &View<'_>, p: Pos2) -> [f64; 2] {
    let occupied = crate::export::geometry::room_centers(view.level);
    let want = [f64::from(p.x), f64::from(p.y)];
    crate::layout::free_offset(&occupied, &[[0.0, 0.0]], want, f64::from(GRID), ROOM_GAP)
}

/// Least space between a new room and the rooms around it, in canvas units.
const ROOM_GAP: f64 = 20.0;

/// Shift adds to the selection, Ctrl toggles, a plain click replaces it.
pub(super) fn click_mode(ui: &Ui) -> SelectMode {
    ui.input(|i| {
        if i.modifiers.command {
            SelectMode::Toggle
        } else if i.modifiers.shift {
            SelectMode::Add
        } else {
            SelectMode::Replace
        }
    })
}

/// The door whose line passes within a few units of `p`, nearest first.
fn nearest_door(view: &View<'_>, geo: &Geometry, p: Pos2) -> Option<(crate::model::DoorId, f32)> {
    const REACH: f32 = 7.0;
    view.level
        .doors
        .iter()
        .zip(&geo.doors)
        .filter_map(|(door, seg)| {
            let (a, b) = (*seg)?;
            let d = geometry::distance_to_segment(p, a, b);
            (d <= REACH).then(|| (door.id.clone(), d))
        })
        .min_by(|x, y| x.1.total_cmp(&y.1))
}
