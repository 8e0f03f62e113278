//! The doors on the canvas: drawn with their locks, cost and id, clickable
//! (to select, or to wire in link mode), with a tooltip and a menu.

use egui::{Rect, Role, Sense, Ui, WidgetInfo, vec2};

use super::marks::{self, LeverMark};
use super::paint::{self, DoorLook, Emphasis, LockMark};
use super::{Callout, Canvas, Scope, door_label, menus, overlay};
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::model::{Door, DoorId, ItemId, KeyId, SMALL, Side};
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
        self.door_drawn.clear();
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
        let marks = DoorMarks::new(scope, d, door);
        let look = marks.look(scope, d, door);
        let play_step = view.play.and_then(|p| p.current.as_ref());
        let em = Emphasis {
            selected: view.selection.contains(&item),
            hovered: response.hovered(),
            on_path: scope.path.door_used(d)
                || play_step
                    .is_some_and(|s| matches!(s, Step::Move { door: id, .. } if id == &door.id)),
        };
        let mut drawn = paint::door(ui.painter(), seg, &look, em, view.theme, lod);
        self.drawn(d, look.open);
        self.door_callouts(scope, &door.id, handle);
        let long_enough = lod.on_screen((seg.1 - seg.0).length()) >= BADGE_MIN_PX;
        if long_enough && let Some(badge) = scope.path.door_badge(d) {
            let at = paint::door_badge(ui.painter(), seg, &drawn, &badge, view.theme, lod);
            drawn.badge = Some(at);
        }
        self.door_drawn.extend(drawn.rects());
        // The generators' tag, beside the door clear of its marks, labels
        // and badge: under the middle it covered the solution's step.
        if let Some(tag) = super::asked::door_tag(&door.props) {
            let ends =
                [&door.from, &door.to].map(|r| scope.geo.room_rect(r).unwrap_or(Rect::NOTHING));
            let place = |size| super::asked::door_tag_spot(seg, &drawn, ends, lod, size);
            let at = super::asked::paint_tag(ui.painter(), tag, view.theme, lod, place);
            self.door_drawn.extend(at);
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

/// What a door's marks are drawn from, gathered once per frame.
struct DoorMarks<'s> {
    locks: Vec<LockMark<'s>>,
    any: Vec<LockMark<'s>>,
    spend: Vec<String>,
    small: u32,
    condition: Option<Vec<Vec<LeverMark<'s>>>>,
}

impl<'s> DoorMarks<'s> {
    fn new(scope: &'s Scope<'_, '_>, d: usize, door: &'s Door) -> Self {
        let view = scope.view;
        let mark = |k: &KeyId| {
            view.index.key(k).map(|k| LockMark {
                color: scope.looks[k].color,
                glyph: scope.looks[k].glyph.as_deref(),
                lit: scope.lit.key(k),
            })
        };
        let unlocked = view
            .play
            .is_some_and(|p| p.state().unlocked_doors().get(d) == Some(&true));
        let spends = if unlocked {
            Default::default()
        } else {
            door.spends()
        };
        let condition = door.open_when.as_ref().map(|c| {
            c.iter()
                .map(|all| {
                    all.iter()
                        .map(|lit| LeverMark {
                            lever: lit.lever.as_str(),
                            down: lit.pulled,
                            holds: view.play.map(|p| {
                                let l = view.index.lever(&lit.lever);
                                l.is_some_and(|l| p.literal_holds(l, lit.pulled))
                            }),
                        })
                        .collect()
                })
                .collect()
        });
        Self {
            locks: door.locks.iter().filter_map(mark).collect(),
            any: door.locks_any.iter().filter_map(mark).collect(),
            spend: (spends.iter())
                .filter(|(kind, _)| kind.as_str() != SMALL)
                .map(|(kind, &n)| marks::spend_text(kind, n))
                .collect(),
            small: spends.get(SMALL).copied().unwrap_or(0),
            condition,
        }
    }

    fn look<'l>(&'l self, scope: &Scope<'_, '_>, d: usize, door: &'l Door) -> DoorLook<'l> {
        let view = scope.view;
        let lit = self.locks.iter().chain(&self.any).any(|l| l.lit);
        let has_locks = !self.locks.is_empty() || !self.any.is_empty();
        // The core's answer: in the state shown, or before any step.
        let open = match view.play {
            Some(p) => p.door_open(d),
            None => scope.start_open.get(d).copied().unwrap_or(false),
        };
        DoorLook {
            open,
            one_way: door.one_way,
            cost: (door.cost != 1.0).then(|| crate::model::format_cost(door.cost)),
            locks: &self.locks,
            small_locks: self.small,
            label: Some(door.id.as_str()),
            dim: scope.lit.any() && !lit && has_locks,
            any: &self.any,
            spend: &self.spend,
            lock_side: door.locked_from.map(|s| s == Side::From),
            condition: self.condition.as_deref().map(|c| (c, scope.lit.door(d))),
        }
    }
}

impl Canvas {
    /// The hint's or the point of no return's call-out on a door.
    fn door_callouts(&mut self, scope: &Scope<'_, '_>, door: &DoorId, handle: Rect) {
        let Some(play) = scope.view.play else {
            return;
        };
        let through = |s: &Option<Step>| matches!(s, Some(Step::Move { door: d, .. }) if d == door);
        for (step, what) in [
            (&play.hint, Callout::Hint),
            (&play.no_return, Callout::NoReturn),
        ] {
            if through(step) {
                // A hint rings the room it leads into too, which says "Hint".
                let caption = what == Callout::NoReturn;
                self.call_out(handle, ItemId::Door(door.clone()), what, caption);
            }
        }
    }
}
