//! What the canvas shows about the level beyond its shapes: the solution
//! path, where keys and levers sit in a room, tooltips, box selection.

use egui::{Pos2, Rect, pos2, vec2};

use super::Geometry;
use super::lod::Lod;
use crate::editor::view::View;
use crate::model::{Door, ItemId, Key, Level, Lever, LeverId};
use crate::rules::Step;

/// The least-cost plan as the canvas shows it (empty when hidden or unknown).
#[derive(Default)]
pub struct SolutionPath {
    /// Per door: the step numbers that pass through it.
    door_steps: Vec<Vec<usize>>,
    rooms: Vec<bool>,
    levers: Vec<LeverId>,
}

impl SolutionPath {
    /// The path of the live solver's plan, if the designer wants it shown.
    pub fn new(view: &View<'_>) -> Self {
        let Some(plan) = view.solver.analysis().and_then(|a| a.plan.as_ref()) else {
            return Self::default();
        };
        if !view.prefs.show_solution || view.play.is_some() {
            return Self::default();
        }
        let level = view.level;
        let mut path = Self {
            door_steps: vec![Vec::new(); level.doors.len()],
            rooms: vec![false; level.rooms.len()],
            levers: Vec::new(),
        };
        if let Some(r) = view.index.room(&level.start) {
            path.rooms[r] = true;
        }
        let mut n = 0;
        for step in &plan.steps {
            match step {
                Step::Move { door, to } => {
                    n += 1;
                    if let Some(d) = view.index.door(door) {
                        path.door_steps[d].push(n);
                    }
                    if let Some(r) = view.index.room(to) {
                        path.rooms[r] = true;
                    }
                }
                Step::Pull { lever } => {
                    n += 1;
                    path.levers.push(lever.clone());
                }
                Step::Pickup { .. } => {}
            }
        }
        path
    }

    /// Does the plan pass through door `d`?
    pub fn door_used(&self, d: usize) -> bool {
        self.door_steps.get(d).is_some_and(|s| !s.is_empty())
    }

    /// The step numbers that pass through door `d`, as one short label
    /// ("3", "3·8", "3·8·12…").
    pub fn door_badge(&self, d: usize) -> Option<String> {
        let steps = self.door_steps.get(d).filter(|s| !s.is_empty())?;
        let shown: Vec<String> = steps.iter().take(3).map(ToString::to_string).collect();
        let more = if steps.len() > 3 { "…" } else { "" };
        Some(format!("{}{more}", shown.join("·")))
    }

    /// Does the plan visit room `r`?
    pub fn room_visited(&self, r: usize) -> bool {
        self.rooms.get(r).copied().unwrap_or(false)
    }

    /// Does the plan pull this lever?
    pub fn lever_pulled(&self, lever: &LeverId) -> bool {
        self.levers.contains(lever)
    }
}

/// The keys of a room as the canvas draws them.
pub struct KeyRow<'a> {
    /// Each key drawn: its place in the level, the key and its mark.
    pub shown: Vec<(usize, &'a Key, Rect)>,
    /// The keys that did not fit (their places in the level) and where the
    /// "+N" mark that stands for them goes.
    pub more: Option<(Rect, Vec<usize>)>,
}

/// The height of a key's mark at `lod`.
fn key_mark_height(lod: Lod) -> f32 {
    lod.mark(12.0)
}

/// How far the key marks standing on a room's bottom edge reach below it:
/// what is drawn under a room starts there.
pub fn key_marks_below(lod: Lod) -> f32 {
    key_mark_height(lod) / 2.0
}

/// Where each key of a room is drawn: one mark per named key, one for all
/// the small keys together, side by side in the middle of the room's bottom
/// edge (clear of the name, and of the corners where doors come in). A row
/// reaches at most half a room beyond the room's sides; the keys past that
/// are one "+N" mark.
///
/// `keys` are the keys lying in the room, in level order
/// ([`super::geometry::Geometry::keys_in`]).
pub fn key_marks<'a>(rect: Rect, level: &'a Level, keys: &[usize], lod: Lod) -> KeyRow<'a> {
    let h = key_mark_height(lod);
    let (width, gap) = (h * 1.6, h * 0.35);
    let mut shown: Vec<(usize, &Key)> = Vec::new();
    let mut small_done = false;
    for (k, key) in keys.iter().filter_map(|&k| Some((k, level.keys.get(k)?))) {
        if key.small {
            if small_done {
                continue;
            }
            small_done = true;
        }
        shown.push((k, key));
    }
    let each = |key: &Key| if key.small { width + h } else { width };
    let widths: Vec<f32> = shown.iter().map(|(_, k)| each(k) + gap).collect();
    let room_for = rect.width() * 1.5 + gap;
    let mut more = Vec::new();
    if widths.iter().sum::<f32>() > room_for {
        // Keep as many as fit beside the "+N" mark.
        let mut used = width + gap;
        let fit = widths
            .iter()
            .take_while(|w| {
                used += **w;
                used <= room_for
            })
            .count();
        more = shown.split_off(fit).into_iter().map(|(k, _)| k).collect();
    }
    let badge = if more.is_empty() { 0.0 } else { width + gap };
    let total: f32 = shown.iter().map(|(_, k)| each(k) + gap).sum::<f32>() + badge - gap;
    let mut x = rect.center().x - total / 2.0;
    let y = rect.bottom();
    let shown = shown
        .into_iter()
        .map(|(k, key)| {
            let mark = Rect::from_min_size(pos2(x, y - h / 2.0), vec2(width, h));
            x += each(key) + gap;
            (k, key, mark)
        })
        .collect();
    let more = (!more.is_empty()).then(|| {
        (
            Rect::from_min_size(pos2(x, y - h / 2.0), vec2(width, h)),
            more,
        )
    });
    KeyRow { shown, more }
}

/// Where the `nth` lever of a room is drawn: along the top right of the
/// room, right to left.
pub fn lever_rect(rect: Rect, nth: usize, lod: Lod) -> Rect {
    let s = lod.grow(12.0);
    // Levers stand on the top edge, right to left.
    let at = pos2(rect.right() - (12.0 + nth as f32 * 16.0) * s, rect.top());
    Rect::from_center_size(at, vec2(12.0, 16.0) * s)
}

/// How many levers a room shows as marks: as many as reach at most half a
/// room beyond its left side, one place kept for the "+N" mark of the rest
/// when they do not all fit.
pub fn levers_shown(rect: Rect, levers: usize, lod: Lod) -> usize {
    let fits = |n: usize| {
        n == 0 || lever_rect(rect, n - 1, lod).left() >= rect.left() - rect.width() / 2.0
    };
    if fits(levers) {
        levers
    } else {
        (0..levers).take_while(|&n| fits(n + 2)).count()
    }
}

/// Where the start or goal mark of a room goes, and its size.
pub fn role_mark_at(rect: Rect, lod: Lod) -> (Pos2, f32) {
    (rect.left_center(), lod.mark(16.0))
}

/// Keys a tooltip names before it counts the rest.
const TOOLTIP_KEYS: usize = 12;

/// The labels of the first keys of `keys`, joined by `sep`, and how many
/// more there are: naming all 12,000 keys of a lock, each found by a scan
/// of the level, froze the editor while the pointer rested on the door.
fn some_keys(level: &Level, keys: &[crate::model::KeyId], sep: &str) -> String {
    let named: Vec<String> = (keys.iter().take(TOOLTIP_KEYS))
        .map(|k| level.key_label(k))
        .collect();
    crate::editor::words::some_and_more(&named, keys.len(), sep)
}

/// Hover text for a door.
pub fn door_tooltip(level: &Level, door: &Door) -> String {
    let mut text = format!(
        "{} — {} to {}",
        level.door_label(&door.id),
        level.room_label(&door.from),
        level.room_label(&door.to)
    );
    if door.one_way {
        text.push_str("\none-way");
    }
    if !door.open {
        text.push_str("\nclosed at start");
    }
    if !door.locks.is_empty() {
        let keys = some_keys(level, &door.locks, " and ");
        text.push_str(&format!("\nneeds {keys}"));
    }
    if !door.locks_any.is_empty() {
        let keys = some_keys(level, &door.locks_any, ", ");
        text.push_str(&format!("\nneeds any one of {keys}"));
    }
    for (kind, n) in door.spends() {
        let what = if kind == crate::model::SMALL {
            "small key(s)"
        } else {
            &kind
        };
        text.push_str(&format!("\nthe first passage spends {n} {what}"));
    }
    if let Some(side) = door.locked_from {
        let room = match side {
            crate::model::Side::From => &door.from,
            crate::model::Side::To => &door.to,
        };
        text.push_str(&format!(
            "\nlocked only from {}; the other way is free",
            level.room_label(room)
        ));
    }
    if let Some(condition) = &door.open_when {
        text.push_str(&format!(
            "\nopen only while {}",
            crate::model::condition_words(condition)
        ));
    }
    let levers: Vec<String> = level
        .levers
        .iter()
        .filter(|l| l.toggles.contains(&door.id))
        .map(|l| l.id.to_string())
        .collect();
    if !levers.is_empty() {
        text.push_str(&format!("\ntoggled by {}", levers.join(", ")));
    }
    text
}

/// Hover text for a key.
pub fn key_tooltip(level: &Level, key: &Key) -> String {
    if key.small {
        let n = level
            .keys
            .iter()
            .filter(|k| k.small && k.room == key.room)
            .count();
        return format!(
            "{n} small key(s) in {} — any small key opens any small lock",
            carried_or_room(level, key)
        );
    }
    let doors: Vec<String> = level
        .doors
        .iter()
        .filter(|d| d.locks.contains(&key.id))
        .map(|d| d.id.to_string())
        .collect();
    let opens = if doors.is_empty() {
        "opens no door".to_owned()
    } else {
        format!("opens {}", doors.join(", "))
    };
    format!(
        "{} in {} — {opens}",
        level.key_label(&key.id),
        carried_or_room(level, key)
    )
}

/// Hover text for a lever.
pub fn lever_tooltip(level: &Level, lever: &Lever) -> String {
    let doors: Vec<&str> = lever
        .toggles
        .iter()
        .map(crate::model::DoorId::as_str)
        .collect();
    let toggles = if doors.is_empty() {
        "toggles no door yet".to_owned()
    } else {
        format!("toggles {}", doors.join(", "))
    };
    let doors: Vec<&str> = (level.doors_naming(&lever.id))
        .map(|d| d.id.as_str())
        .collect();
    let mut text = format!("{} — {toggles}", level.lever_label(&lever.id));
    if !doors.is_empty() {
        text.push_str(&format!("\nthe condition of {} names it", doors.join(", ")));
    }
    if lever.once {
        text.push_str("\ncan be pulled only once");
    }
    text
}

/// The rooms and doors inside a selection box.
pub fn items_in(level: &Level, geo: &Geometry, area: Rect) -> Vec<ItemId> {
    let mut items: Vec<ItemId> = level
        .rooms
        .iter()
        .zip(&geo.rooms)
        .filter(|(_, r)| area.intersects(**r))
        .map(|(room, _)| ItemId::Room(room.id.clone()))
        .collect();
    for (door, seg) in level.doors.iter().zip(&geo.doors) {
        if let Some((a, b)) = seg {
            let mid: Pos2 = *a + (*b - *a) / 2.0;
            if area.contains(mid) {
                items.push(ItemId::Door(door.id.clone()));
            }
        }
    }
    items
}

/// Where a key lies, for a person: its room, or "the player's hands" for a
/// key carried from the start.
fn carried_or_room(level: &Level, key: &Key) -> String {
    match &key.room {
        Some(room) => level.room_label(room),
        None => "the player's hands (carried from the start)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::door_tooltip;
    use crate::model::{Door, Key, Level};

    /// A door locked by many keys names the first dozen and counts the rest.
    #[test]
    fn a_door_tooltip_names_a_dozen_keys_and_counts_the_rest() {
        let mut level = Level::new("many keys");
        let mut door = Door::new("d1", "r1", "r1");
        for k in 0..100 {
            let id = format!("k{k}");
            level.keys.push(Key::new(id.as_str(), "r1"));
            door.locks.push(id.as_str().into());
        }
        door.locks_any = door.locks[..3].to_vec();
        let text = door_tooltip(&level, &door);
        assert!(text.contains("needs k0, k1, k2,"), "{text}");
        assert!(text.contains("k11 and 88 more"), "{text}");
        assert!(!text.contains("k12"), "{text}");
        assert!(text.contains("needs any one of k0, k1, k2"), "{text}");
    }
}
