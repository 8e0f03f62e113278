//! Find (Ctrl+F): a room, door, key or lever by id or name. Typing narrows
//! the list; Enter or a click selects the result and frames it on the canvas.

use egui::{Key, RichText, TextEdit};

use super::intent::Intent;
use super::view::View;
use crate::model::{ItemId, Level};

/// Results listed at most.
const SHOWN: usize = 12;

/// The Find box.
#[derive(Debug, Default)]
pub struct Find {
    open: bool,
    query: String,
    /// The highlighted result (arrow keys move it).
    chosen: usize,
    /// Focus the text field on the next frame.
    focus: bool,
}

/// One match: the item and how it reads in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The item.
    pub item: ItemId,
    /// "Room r14 — Guard room".
    pub text: String,
}

/// Every item whose id or name contains `query` (any case), exact ids
/// first, then ids that start with it, then the rest, in level order.
pub fn search(level: &Level, query: &str) -> Vec<Found> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let mut hits: Vec<(u8, Found)> = Vec::new();
    let mut consider = |id: &str, name: &str, item: ItemId, kind: &str| {
        let (lid, lname) = (id.to_lowercase(), name.to_lowercase());
        let rank = if lid == q {
            0
        } else if lid.starts_with(&q) {
            1
        } else if lid.contains(&q) || lname.contains(&q) {
            2
        } else {
            return;
        };
        let text = if name.is_empty() {
            format!("{kind} {id}")
        } else {
            format!("{kind} {id} — {name}")
        };
        hits.push((rank, Found { item, text }));
    };
    for r in &level.rooms {
        consider(r.id.as_str(), &r.name, ItemId::Room(r.id.clone()), "Room");
    }
    for d in &level.doors {
        consider(d.id.as_str(), &d.name, ItemId::Door(d.id.clone()), "Door");
    }
    for k in &level.keys {
        consider(k.id.as_str(), &k.name, ItemId::Key(k.id.clone()), "Key");
    }
    for l in &level.levers {
        consider(l.id.as_str(), &l.name, ItemId::Lever(l.id.clone()), "Lever");
    }
    hits.sort_by_key(|(rank, _)| *rank);
    hits.into_iter().map(|(_, f)| f).collect()
}

impl Find {
    /// Opens the box (or gives its field the keyboard again).
    pub fn open(&mut self) {
        self.open = true;
        self.focus = true;
    }

    /// Closes it.
    pub fn close(&mut self) {
        self.open = false;
    }

    /// Is it shown?
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Shows the box near the top of the window.
    pub fn ui(&mut self, ctx: &egui::Context, view: &View<'_>, out: &mut Vec<Intent>) {
        if !self.open {
            return;
        }
        let mut open = true;
        let screen = ctx.content_rect();
        egui::Window::new("Find")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(320.0)
            .max_height(screen.height() * 0.7)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 70.0])
            .show(ctx, |ui| self.box_ui(ui, view, out));
        self.open &= open;
    }

    fn box_ui(&mut self, ui: &mut egui::Ui, view: &View<'_>, out: &mut Vec<Intent>) {
        let response = ui.add(
            TextEdit::singleline(&mut self.query)
                .hint_text("id or name: r14, red, l3, d6…")
                .desired_width(f32::INFINITY),
        );
        if self.focus {
            response.request_focus();
            self.focus = false;
        }
        if response.changed() {
            self.chosen = 0;
        }
        let found = search(view.level, &self.query);
        let (down, up, enter) = ui.input(|i| {
            (
                i.key_pressed(Key::ArrowDown),
                i.key_pressed(Key::ArrowUp),
                i.key_pressed(Key::Enter),
            )
        });
        let last = found.len().min(SHOWN).saturating_sub(1);
        if down {
            self.chosen = (self.chosen + 1).min(last);
        }
        if up {
            self.chosen = self.chosen.saturating_sub(1);
        }
        if enter && let Some(hit) = found.get(self.chosen.min(last)) {
            out.push(Intent::Find(hit.item.clone()));
            self.open = false;
        }
        if !self.query.trim().is_empty() && found.is_empty() {
            ui.label(RichText::new("Nothing has that id or name").color(view.theme.weak_text));
        }
        for (i, hit) in found.iter().take(SHOWN).enumerate() {
            if ui.selectable_label(i == self.chosen, &hit.text).clicked() {
                out.push(Intent::Find(hit.item.clone()));
                self.open = false;
            }
        }
        if found.len() > SHOWN {
            let more = format!("… and {} more: type more of the name", found.len() - SHOWN);
            ui.label(RichText::new(more).color(view.theme.weak_text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Key, Room};

    #[test]
    fn ids_first_then_names() {
        let mut level = Level::new("t");
        let mut hall = Room::new("r2", [0.0, 0.0]);
        hall.name = "Hall of r1 fame".into();
        level.rooms.push(hall);
        level.rooms.push(Room::new("r10", [0.0, 0.0]));
        level.keys.push(Key::new("red", "r1"));
        let found: Vec<String> = search(&level, "R1").into_iter().map(|f| f.text).collect();
        assert_eq!(found, ["Room r1", "Room r10", "Room r2 — Hall of r1 fame"]);
        assert_eq!(search(&level, "red")[0].item, ItemId::Key("red".into()));
        assert!(search(&level, "  ").is_empty());
    }
}
