//! The legend: every named key's colour (and glyph) with its name, in a
//! corner of the canvas. Hovering an entry lights the key and its locks;
//! clicking it selects the key and shows it.

use egui::{Align2, Rect, RichText, ScrollArea, vec2};

use crate::editor::intent::Intent;
use crate::editor::key_look::key_looks;
use crate::editor::view::View;
use crate::model::{ItemId, Key, KeyId};

/// Draws the legend at the top left of `canvas`; returns the key hovered
/// and how far the legend reaches from the canvas's top left corner.
pub fn legend_ui(
    ctx: &egui::Context,
    view: &View<'_>,
    canvas: Rect,
    out: &mut Vec<Intent>,
) -> (Option<KeyId>, egui::Vec2) {
    let level = view.level;
    let labels = view.labels();
    let named = level
        .keys
        .iter()
        .filter(|k| k.kind_name().is_none())
        .count();
    let kinds = kinds(level);
    if level.keys.is_empty() {
        return (None, egui::Vec2::ZERO);
    }
    let looks = key_looks(level, view.key_colors, view.theme);
    let mut hovered = None;
    let shown = egui::Area::new(egui::Id::unique("lockwork-legend"))
        .order(egui::Order::Middle)
        .pivot(Align2::LEFT_TOP)
        .fixed_pos(canvas.left_top() + vec2(8.0, 8.0))
        .constrain_to(canvas)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width((canvas.width() * 0.4).clamp(120.0, 260.0));
                let heading = match kinds.len() {
                    0 => format!("Keys ({named})"),
                    _ => format!("Keys ({named}) and items"),
                };
                egui::CollapsingHeader::new(RichText::new(heading).strong())
                    .id_salt("lockwork-legend-header")
                    .default_open(true)
                    .show(ui, |ui| {
                        // Named keys, then one row per kind of item.
                        let rows: Vec<usize> = (level.keys.iter().enumerate())
                            .filter(|(_, k)| k.kind_name().is_none())
                            .map(|(k, _)| k)
                            .chain((0..kinds.len()).map(|i| usize::MAX - i))
                            .collect();
                        let height = ui.spacing().interact_size.y;
                        let row = Row {
                            view,
                            labels,
                            looks: &looks,
                        };
                        // Only the rows in sight are laid out: a legend of
                        // 100,000 keys is as quick as one of ten.
                        // Tall enough for every row on most levels: a count
                        // in the heading with a few rows shown misleads.
                        // The area lends its content last frame's size, so
                        // the rows' own height is asked for: else keys
                        // added later find the legend as short as before.
                        let max_height = (canvas.height() * 0.6).max(60.0);
                        let spacing = ui.spacing().item_spacing.y;
                        let all = rows.len() as f32 * (height + spacing) - spacing;
                        ScrollArea::vertical()
                            .max_height(max_height)
                            .min_scrolled_height(all.clamp(0.0, max_height))
                            .show_rows(ui, height, rows.len(), |ui, range| {
                                for &k in rows.get(range).unwrap_or_default() {
                                    match level.keys.get(k) {
                                        Some(key) => {
                                            if let Some(h) = row.ui(ui, k, key, out) {
                                                hovered = Some(h);
                                            }
                                        }
                                        None => {
                                            let i = usize::MAX - k;
                                            if let Some((kind, first, count)) = kinds.get(i) {
                                                let look = looks.get(*first);
                                                kind_row(ui, view, kind, *count, look);
                                            }
                                        }
                                    }
                                }
                            });
                        carried_ui(ui, view, &looks);
                    });
            });
        });
    (hovered, shown.response.rect.max - canvas.min)
}

/// The tray of what the player carries from the start (keys with no
/// room, drawn in no room): named keys by name, items by kind and count.
fn carried_ui(ui: &mut egui::Ui, view: &View<'_>, looks: &[crate::editor::key_look::KeyLook]) {
    let carried: Vec<(usize, &Key)> = (view.level.keys.iter().enumerate())
        .filter(|(_, k)| k.room.is_none())
        .collect();
    if carried.is_empty() {
        return;
    }
    ui.separator();
    ui.label(RichText::new("Carried from the start").color(view.theme.weak_text))
        .on_hover_text("Keys and items the player holds before the first step: no room shows them");
    let labels = view.labels();
    let mut kinds: Vec<(&str, usize, usize)> = Vec::new();
    for &(k, key) in &carried {
        match key.kind_name() {
            None => {
                let color = looks.get(k).map_or(view.theme.small_key, |l| l.color);
                let swatch = crate::editor::inspector::widgets::key_swatch(
                    color,
                    false,
                    view.theme.room_stroke,
                );
                let label = labels.key(&key.id);
                let row = ui.add(egui::Button::new((swatch, label.as_str())).frame(false));
                let name = format!("Carried: {label}");
                row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            }
            Some(kind) => match kinds.iter_mut().find(|(name, ..)| *name == kind) {
                Some(entry) => entry.2 += 1,
                None => kinds.push((kind, k, 1)),
            },
        }
    }
    for (kind, first, count) in kinds {
        kind_row(ui, view, kind, count, looks.get(first));
    }
}

/// What a legend row is drawn from.
struct Row<'v, 'a> {
    view: &'v View<'a>,
    labels: &'v crate::model::Labels<'a>,
    looks: &'v [crate::editor::key_look::KeyLook],
}

impl Row<'_, '_> {
    /// The row of key `k`: hovering lights it, a click shows it. Returns
    /// the key when hovered.
    fn ui(&self, ui: &mut egui::Ui, k: usize, key: &Key, out: &mut Vec<Intent>) -> Option<KeyId> {
        let view = self.view;
        let look = self.looks.get(k)?;
        let swatch = crate::editor::inspector::widgets::key_swatch_with(
            look.color,
            false,
            view.theme.room_stroke,
            look.glyph
                .clone()
                .map(|g| (g, view.theme.ink_on(look.color))),
        );
        let label = self.labels.key(&key.id);
        let selected = view.selection.contains(&ItemId::Key(key.id.clone()));
        let row = ui
            .add(egui::Button::selectable(selected, (swatch, label.as_str())).truncate())
            .on_hover_text(format!(
                "{label}: hover to light its locks, click to select it"
            ));
        let name = format!("Legend: {label}");
        row.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if row.clicked() {
            out.push(Intent::Frame(ItemId::Key(key.id.clone())));
        }
        row.hovered().then(|| key.id.clone())
    }
}

/// Each kind of item in the level (small keys first), the index of its
/// first key and how many there are.
fn kinds(level: &crate::model::Level) -> Vec<(String, usize, usize)> {
    let mut kinds: Vec<(String, usize, usize)> = Vec::new();
    for (k, key) in level.keys.iter().enumerate() {
        let Some(kind) = key.kind_name() else {
            continue;
        };
        match kinds.iter_mut().find(|(name, ..)| name == kind) {
            Some(entry) => entry.2 += 1,
            None => kinds.push((kind.to_owned(), k, 1)),
        }
    }
    kinds.sort_by_key(|(name, ..)| name != crate::model::SMALL);
    kinds
}

/// A row for one kind of item: its look and how many lie in the level or
/// are carried.
fn kind_row(
    ui: &mut egui::Ui,
    view: &View<'_>,
    kind: &str,
    count: usize,
    look: Option<&crate::editor::key_look::KeyLook>,
) {
    let small = kind == crate::model::SMALL;
    let color = look.map_or(view.theme.small_key, |l| l.color);
    let glyph = look
        .and_then(|l| l.glyph.clone())
        .map(|g| (g, view.theme.ink_on(color)));
    let swatch = crate::editor::inspector::widgets::key_swatch_with(
        color,
        small,
        view.theme.room_stroke,
        glyph,
    );
    let name = if small { "small key" } else { kind };
    // "bomb × 2": how many the level has, apart from what is held in play.
    let text = format!("{name} × {count}");
    let tip = if small {
        "Any small key opens any small lock, and is spent".to_owned()
    } else {
        format!("Any {kind} is as good as another; a door that spends one uses it up")
    };
    ui.add(egui::Button::new((swatch, text)).frame(false))
        .on_hover_text(tip);
}
