//! The legend: every named key's colour (and glyph) with its name, in a
//! corner of the canvas. Hovering an entry lights the key and its locks;
//! clicking it selects the key and shows it.

use egui::{Align2, Rect, RichText, ScrollArea, vec2};

use crate::editor::intent::Intent;
use crate::editor::key_look::key_looks;
use crate::editor::view::View;
use crate::model::{ItemId, KeyId};

/// Draws the legend at the top left of `canvas`; returns the key hovered
/// and the width the legend takes from the canvas's left edge.
pub fn legend_ui(
    ctx: &egui::Context,
    view: &View<'_>,
    canvas: Rect,
    out: &mut Vec<Intent>,
) -> (Option<KeyId>, f32) {
    let level = view.level;
    let labels = view.labels();
    let named = level.keys.iter().filter(|k| !k.small).count();
    let small = level.keys.len() - named;
    if level.keys.is_empty() {
        return (None, 0.0);
    }
    let looks = key_looks(level, view.theme);
    let mut hovered = None;
    let shown = egui::Area::new(egui::Id::unique("lockwork-legend"))
        .order(egui::Order::Middle)
        .pivot(Align2::LEFT_TOP)
        .fixed_pos(canvas.left_top() + vec2(8.0, 8.0))
        .constrain_to(canvas)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width((canvas.width() * 0.4).clamp(120.0, 260.0));
                egui::CollapsingHeader::new(RichText::new(format!("Keys ({named})")).strong())
                    .id_salt("lockwork-legend-header")
                    .default_open(true)
                    .show(ui, |ui| {
                        ScrollArea::vertical()
                            .max_height((canvas.height() * 0.4).max(60.0))
                            .show(ui, |ui| {
                                for (k, key) in
                                    level.keys.iter().enumerate().filter(|(_, k)| !k.small)
                                {
                                    let look = &looks[k];
                                    let swatch = crate::editor::inspector::widgets::key_swatch_with(
                                        look.color,
                                        false,
                                        view.theme.room_stroke,
                                        look.glyph
                                            .clone()
                                            .map(|g| (g, view.theme.ink_on(look.color))),
                                    );
                                    let selected =
                                        view.selection.contains(&ItemId::Key(key.id.clone()));
                                    let row = ui
                                        .add(
                                            egui::Button::selectable(
                                                selected,
                                                (swatch, labels.key(&key.id)),
                                            )
                                            .truncate(),
                                        )
                                        .on_hover_text(format!(
                                            "{}: hover to light its locks, click to select it",
                                            labels.key(&key.id)
                                        ));
                                    let name = format!("Legend: {}", labels.key(&key.id));
                                    row.widget_info(|| {
                                        egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                                    });
                                    if row.hovered() {
                                        hovered = Some(key.id.clone());
                                    }
                                    if row.clicked() {
                                        out.push(Intent::Frame(ItemId::Key(key.id.clone())));
                                    }
                                }
                                if small > 0 {
                                    let swatch = crate::editor::inspector::widgets::key_swatch_with(
                                        view.theme.small_key,
                                        true,
                                        view.theme.room_stroke,
                                        None,
                                    );
                                    let text = format!(
                                        "{small} small key{}",
                                        if small == 1 { "" } else { "s" }
                                    );
                                    ui.add(egui::Button::new((swatch, text)).frame(false))
                                        .on_hover_text(
                                            "Any small key opens any small lock, and is spent",
                                        );
                                }
                            });
                    });
            });
        });
    (hovered, shown.response.rect.right() - canvas.left())
}
