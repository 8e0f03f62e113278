//! The rooms on the canvas, with the keys and levers in them and the start
//! and goal marks: drawn at the frame's level of detail, clickable,
//! draggable, with tooltips and menus.

use egui::{Rect, Role, Sense, Ui, WidgetInfo};

use super::paint::{self, Emphasis, KeyMark, RoomLook};
use super::{Callout, Canvas, Scope, key_label, lever_label, menus, overlay, room_label};
use crate::editor::intent::{Intent, Playback};
use crate::model::{ItemId, LeverId, Room, RoomId};
use crate::rules::Step;

impl Canvas {
    /// Every room and what it holds; returns true when one took a click.
    pub(super) fn rooms_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let unreachable: rustc_hash::FxHashSet<&RoomId> = scope
            .view
            .solver
            .analysis()
            .map(|a| a.unreachable_rooms.iter().collect())
            .unwrap_or_default();
        let mut took_click = false;
        for (r, room) in scope.view.level.rooms.iter().enumerate() {
            let rect = scope.geo.rooms[r];
            took_click |= self.room_ui(
                ui,
                scope,
                r,
                room,
                rect,
                unreachable.contains(&room.id),
                hovered,
                out,
            );
            took_click |= self.keys_ui(ui, scope, rect, r, hovered, out);
            took_click |= self.levers_ui(ui, scope, rect, r, hovered, out);
        }
        self.play_marks_ui(ui, scope);
        took_click
    }

    /// Over the rooms: the room a hint leads into, and the player (drawn
    /// last, so no room covers it).
    fn play_marks_ui(&mut self, ui: &Ui, scope: &Scope<'_, '_>) {
        let (view, lod) = (scope.view, scope.lod);
        let Some(play) = view.play else {
            return;
        };
        if let Some(Step::Move { to, .. }) = &play.hint
            && let Some(r) = view.index.room(to)
            && let Some(&rect) = scope.geo.rooms.get(r)
        {
            self.call_out(rect, ItemId::Room(to.clone()), Callout::Hint, true);
        }
        self.paint_callouts(ui.painter(), view.theme, lod);
        if let Some(&rect) = scope.geo.rooms.get(play.state().room()) {
            self.player_at(ui.painter(), rect, view.theme, lod);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn room_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        r: usize,
        room: &Room,
        rect: Rect,
        unreachable: bool,
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let (view, theme, lod) = (scope.view, scope.view.theme, scope.lod);
        let level = view.level;
        let item = ItemId::Room(room.id.clone());
        let sense = if scope.interactive {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let response = ui.interact(rect, egui::Id::unique(("lockwork-room", &room.id)), sense);
        let label = match room.name.as_str() {
            "" => room_label(&room.id),
            name => format!("{}: {name}", room_label(&room.id)),
        };
        response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
        if response.hovered() {
            *hovered = Some(item.clone());
        }
        let (is_start, is_goal) = (room.id == level.start, room.id == level.goal);
        let (fill, text) = if is_goal {
            (theme.goal_fill, theme.goal_text)
        } else if is_start {
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
            unreachable,
        };
        let em = Emphasis {
            selected: view.selection.contains(&item),
            hovered: response.hovered(),
            on_path: scope.path.room_visited(r),
        };
        paint::room(ui.painter(), rect, &look, em, theme, lod);
        if let Some(tag) = super::asked::room_tag(&room.props) {
            let taken = &self.door_drawn;
            let place = |size| super::asked::room_tag_spot(rect, lod, size, taken);
            super::asked::paint_tag(ui.painter(), tag, theme, lod, place);
        }
        let (at, size) = overlay::role_mark_at(rect, lod);
        if is_start {
            paint::role_mark(ui.painter(), at, size, true, theme);
        }
        if is_goal {
            let at = if is_start {
                at + egui::vec2(0.0, size)
            } else {
                at
            };
            paint::role_mark(ui.painter(), at, size, false, theme);
        }
        if scope.playing {
            if response.clicked() {
                out.push(Intent::Playback(Playback::Walk(room.id.clone())));
            }
            return response.clicked();
        }
        self.room_input(ui, &response, view, room, scope.command, out);
        let took_click = response.clicked() || response.double_clicked();
        response.context_menu(|ui| menus::room_menu(ui, view, room, &mut self.renaming, out));
        took_click
    }

    /// The keys lying in a room.
    fn keys_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        rect: Rect,
        room: usize,
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let (view, lod) = (scope.view, scope.lod);
        let level = view.level;
        let mut took_click = false;
        let here = &scope.geo.keys_in[room];
        let row = overlay::key_marks(rect, level, here, lod);
        if let Some((mark, more)) = &row.more {
            more_keys_ui(ui, view, mark, more, out);
        }
        for (k, key, mark) in row.shown {
            if view
                .play
                .is_some_and(|p| p.state().picked().get(k) == Some(&true))
            {
                continue; // picked up: it is in the player's hands now
            }
            let item = ItemId::Key(key.id.clone());
            let response = ui.interact(
                mark,
                egui::Id::unique(("lockwork-key", &key.id)),
                mark_sense(scope),
            );
            let label = key_label(&key.id);
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            if response.hovered() {
                *hovered = Some(item.clone());
            }
            let look = &scope.looks[k];
            let small_count = key.small.then(|| {
                here.iter()
                    .filter(|&&o| level.keys.get(o).is_some_and(|o| o.small))
                    .count() as u32
            });
            let lit = scope.lit.key(k);
            let key_mark = KeyMark {
                color: look.color,
                glyph: look.glyph.as_deref(),
                small_count,
                lit,
                dim: scope.lit.any() && !lit && !key.small,
            };
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: false,
            };
            paint::key(ui.painter(), mark, &key_mark, em, view.theme);
            if !scope.playing {
                took_click |= self.carry_input(ui, &response, item, out);
            }
            // Built only when it can be seen or read.
            let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
                response.on_hover_text(overlay::key_tooltip(level, key))
            } else {
                response
            };
            response.context_menu(|ui| menus::key_menu(ui, key, out));
        }
        took_click
    }

    /// The levers standing in a room.
    fn levers_ui(
        &mut self,
        ui: &mut Ui,
        scope: &Scope<'_, '_>,
        rect: Rect,
        room: usize,
        hovered: &mut Option<ItemId>,
        out: &mut Vec<Intent>,
    ) -> bool {
        let (view, lod) = (scope.view, scope.lod);
        let level = view.level;
        let mut took_click = false;
        let here = &scope.geo.levers_in[room];
        let shown = overlay::levers_shown(rect, here.len(), lod);
        if shown < here.len() {
            let mark = overlay::lever_rect(rect, shown, lod);
            more_levers_ui(ui, view, mark, &here[shown..], out);
        }
        for (nth, lever) in (here.iter().take(shown))
            .filter_map(|&l| level.levers.get(l))
            .enumerate()
        {
            let mark = overlay::lever_rect(rect, nth, lod);
            let item = ItemId::Lever(lever.id.clone());
            let id = egui::Id::unique(("lockwork-lever", &lever.id));
            let response = ui.interact(mark.expand(2.0), id, mark_sense(scope));
            let label = lever_label(&lever.id);
            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            if response.hovered() {
                *hovered = Some(item.clone());
            }
            let em = Emphasis {
                selected: view.selection.contains(&item),
                hovered: response.hovered(),
                on_path: false,
            };
            let just_pulled = view
                .play
                .and_then(|p| p.current.as_ref())
                .is_some_and(|s| matches!(s, Step::Pull { lever: l } if l == &lever.id));
            let pulled = scope.path.lever_pulled(&lever.id) || just_pulled;
            let state = paint::LeverState {
                down: view
                    .play
                    .is_some_and(|p| view.index.lever(&lever.id).is_some_and(|l| p.lever_down(l))),
                once: lever.once,
                pulled,
            };
            paint::lever(ui.painter(), mark, em, state, view.theme);
            self.lever_callouts(scope, mark, &lever.id);
            if scope.playing {
                if response.clicked() {
                    out.push(Intent::Playback(Playback::Pull(lever.id.clone())));
                    took_click = true;
                }
            } else {
                took_click |= self.carry_input(ui, &response, item, out);
            }
            // Built only when it can be seen or read.
            let response = if response.hovered() || ui.ctx().has_accesskit_node(response.id) {
                response.on_hover_text(overlay::lever_tooltip(level, lever))
            } else {
                response
            };
            response.context_menu(|ui| menus::lever_menu(ui, lever, &mut self.link_lever, out));
        }
        took_click
    }
}

/// Keys and levers can be clicked and carried, unless Space pans.
fn mark_sense(scope: &Scope<'_, '_>) -> Sense {
    if scope.interactive {
        Sense::click_and_drag()
    } else {
        Sense::hover()
    }
}

/// Names listed in the tooltip of a "+N" mark; the rest are counted.
const MORE_NAMES: usize = 12;

/// The "+N" mark for keys that do not fit beside their room: hovering lists
/// them, a click selects them.
fn more_keys_ui(
    ui: &Ui,
    view: &crate::editor::view::View<'_>,
    mark: &Rect,
    more: &[usize],
    out: &mut Vec<Intent>,
) {
    let level = view.level;
    let keys: Vec<&crate::model::Key> = more.iter().filter_map(|&k| level.keys.get(k)).collect();
    let items = keys.iter().map(|k| ItemId::Key(k.id.clone())).collect();
    let names = keys.iter().take(MORE_NAMES).map(|k| level.key_label(&k.id));
    let id = egui::Id::unique(("lockwork-more-keys", keys.first().map(|k| &k.id)));
    let more = More {
        items,
        names: names.collect(),
        what: "keys",
    };
    more_ui(ui, view, *mark, id, more, out);
}

/// The "+N" mark for the levers of a room that do not fit above it:
/// hovering lists them, a click selects them.
fn more_levers_ui(
    ui: &Ui,
    view: &crate::editor::view::View<'_>,
    mark: Rect,
    more: &[usize],
    out: &mut Vec<Intent>,
) {
    let level = view.level;
    let levers: Vec<&crate::model::Lever> =
        more.iter().filter_map(|&l| level.levers.get(l)).collect();
    let items = levers.iter().map(|l| ItemId::Lever(l.id.clone())).collect();
    let names = levers.iter().take(MORE_NAMES).map(|l| l.id.to_string());
    let id = egui::Id::unique(("lockwork-more-levers", levers.first().map(|l| &l.id)));
    let more = More {
        items,
        names: names.collect(),
        what: "levers",
    };
    more_ui(ui, view, mark, id, more, out);
}

/// The items a "+N" mark stands for.
struct More {
    items: Vec<ItemId>,
    /// The names of the first few, for the tooltip.
    names: Vec<String>,
    /// What they are ("keys", "levers").
    what: &'static str,
}

/// A "+N" mark standing for `more`: hovering lists them, a click selects
/// them.
fn more_ui(
    ui: &Ui,
    view: &crate::editor::view::View<'_>,
    mark: Rect,
    id: egui::Id,
    More { items, names, what }: More,
    out: &mut Vec<Intent>,
) {
    let count = items.len();
    let response = ui.interact(mark, id, Sense::click());
    let label = format!("{count} more {what}");
    response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
    paint::more_marks(ui.painter(), mark, count, response.hovered(), view.theme);
    let also = crate::editor::words::some_and_more(&names, count, ", ");
    let response = response.on_hover_text(format!("Also here: {also}. Click to select them."));
    if response.clicked() {
        out.push(Intent::Select(
            items,
            crate::editor::intent::SelectMode::Replace,
        ));
    }
}

impl Canvas {
    /// The hint's or the point of no return's call-out on a lever.
    fn lever_callouts(&mut self, scope: &Scope<'_, '_>, mark: Rect, lever: &LeverId) {
        let Some(play) = scope.view.play else {
            return;
        };
        let pulls = |s: &Option<Step>| matches!(s, Some(Step::Pull { lever: l }) if l == lever);
        for (step, what) in [
            (&play.hint, Callout::Hint),
            (&play.no_return, Callout::NoReturn),
        ] {
            if pulls(step) {
                self.call_out(mark, ItemId::Lever(lever.clone()), what, true);
            }
        }
    }
}
