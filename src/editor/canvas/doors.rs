//! The doors on the canvas: drawn with their locks, cost and id, clickable
//! (to select, or to wire in link mode), with a tooltip and a menu.

use egui::{Rect, Role, Sense, Ui, WidgetInfo, vec2};

use super::paint::{self, DoorLook, Emphasis, LockMark};
use super::{Canvas, Scope, door_label, menus, overlay};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::model::{Door, ItemId};
use crate::rules::Step;

/// Shortest door, on screen, that gets its step numbers drawn.
const BADGE_MIN_PX: f32 = 24.0;

impl Canvas {
    /// Every door; returns true when one took a click.
    pub(super) fn doors_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let mut took_click = false;
        for (d, door) in scope.view.level.doors.iter().enumerate() {
            let Some(seg) = scope.geo.doors[d] else {
                continue;
            };
            took_click |= self.door_ui(ui, scope, d, door, seg, hovered, out);
        }
        took_click
    }

    #[allow(clippy::too_many_arguments)]
    fn door_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        d: usize,
        door: &Door,
        seg: (egui::Pos2, egui::Pos2),
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let (view, lod) = (scope.view, scope.lod);
        let item = ItemId::Door(door.id.clone());
        let mid = seg.0 + (seg.1 - seg.0) / 2.0;
        let handle = Rect::from_center_size(mid, vec2(20.0, 20.0) * lod.grow(16.0));
        let id = egui::Id::unique(("lockwork-door", &door.id));
        let sense = if scope.interactive {
            Sense::click()
        } else {
            Sense::hover()
        };
        let response = ui.interact(handle, id, sense);
        let label = door_label(&door.id);
        response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
        if response.hovered() {
            *hovered = Some(item.clone());
        }
        let locks: Vec<LockMark<'_>> = door
            .locks
            .iter()
            .filter_map(|k| view.index.key(k))
            .map(|k| LockMark {
                color: scope.looks[k].color,
                glyph: scope.looks[k].glyph.as_deref(),
                lit: scope.lit.key(k),
            })
            .collect();
        let dim = scope.lit.any() && !locks.iter().any(|l| l.lit);
        let cost = (door.cost != 1.0).then(|| crate::model::format_cost(door.cost));
        let look = DoorLook {
            open: view.play.map_or(door.open, |p| p.state.open_doors()[d]),
            one_way: door.one_way,
            cost,
            locks: &locks,
            small_locks: if view.play.is_some_and(|p| p.state.unlocked_doors()[d]) {
                0
            } else {
                door.small_locks
            },
            label: Some(door.id.as_str()),
            dim: dim && !locks.is_empty(),
        };
        let play_step = view.play.and_then(|p| p.current.as_ref());
        let em = Emphasis {
            selected: view.selection.contains(&item),
            hovered: response.hovered(),
            on_path: scope.path.door_used(d)
                || play_step
                    .is_some_and(|s| matches!(s, Step::Move { door: id, .. } if id == &door.id)),
        };
        paint::door(ui.painter(), seg, &look, em, view.theme, lod);
        let long_enough = lod.on_screen((seg.1 - seg.0).length()) >= BADGE_MIN_PX;
        if long_enough && let Some(badge) = scope.path.door_badge(d) {
            let above = vec2(0.0, -(lod.mark(13.0) * 0.5 + lod.font(10.0)));
            paint::badge(ui.painter(), mid + above, &badge, view.theme, lod);
        }
        let mut took_click = false;
        if response.clicked() && !scope.playing {
            took_click = true;
            if let Some(lever) = &self.link_lever {
                out.push(Intent::Edit(LevelCommand::ToggleLeverDoor {
                    lever: lever.clone(),
                    door: door.id.clone(),
                }));
            } else {
                out.push(Intent::Select(vec![item], super::input::click_mode(ui)));
            }
        }
        // Built only when it can be seen or read: for 1,500 doors the
        // texts cost milliseconds a frame.
        let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
            response.on_hover_text(overlay::door_tooltip(view.level, door))
        } else {
            response
        };
        response.context_menu(|ui| menus::door_menu(ui, view, door, out));
        took_click
    }
}
