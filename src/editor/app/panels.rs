//! The side panels around the canvas: the lists on the left, the inspector
//! (with the generator's tab) on the right, each drawn above the canvas and
//! sized by its edge.

use egui::Ui;

use super::preview;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::editor::{inspector, lists};

/// Most of the window's width a side panel may take.
pub(super) const PANEL_SHARE: f32 = 0.25;
/// Least width of a side panel.
pub(super) const PANEL_MIN: f32 = 120.0;
/// Least width of the lists where the window has room for it: the Metrics'
/// values beside their names (at 120 points they were cut off).
pub const LISTS_MIN: f32 = 250.0;
/// The lists' width at first.
pub const LISTS_WIDTH: f32 = 270.0;
/// The inspector's width at first.
pub const INSPECTOR_WIDTH: f32 = 280.0;
/// Most of the window's width the docked generator may take.
pub(super) const GENERATOR_SHARE: f32 = 0.5;

/// What the right panel shows while the generator is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RightTab {
    /// The selected item.
    Inspector,
    /// The generator.
    Generate,
}

/// Draws a side panel's contents on a layer of their own above the canvas.
///
/// The canvas is an `egui::Scene`, whose transformed layer sits on top of
/// the panels' layer; its background takes pointer events by the rect it
/// had the frame before, which reaches past the canvas into the panels
/// while the view or the panels change size. Above it, the panels' widgets
/// always get their clicks.
///
/// The layer is registered as an area over the panel's rect: egui finds
/// the layer under the pointer among its areas, and a scroll area scrolls
/// by the wheel only on the layer under the pointer (the lists and the
/// inspector did not scroll by the wheel at all).
pub(super) fn above_canvas<R>(ui: &mut Ui, name: &str, contents: impl FnOnce(&mut Ui) -> R) -> R {
    let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::unique(("panel", name)));
    let rect = ui.max_rect();
    ui.ctx().memory_mut(|m| {
        let state = egui::containers::AreaState {
            pivot_pos: Some(rect.min),
            size: Some(rect.size()),
            ..Default::default()
        };
        m.areas_mut().set_state(layer, state);
    });
    ui.scope_builder(egui::UiBuilder::new().layer_id(layer), contents)
        .inner
}

/// The tabs of the right panel while the generator is open.
pub(super) fn right_tabs(ui: &mut Ui, tab: &mut RightTab) {
    ui.horizontal(|ui| {
        ui.selectable_value(tab, RightTab::Inspector, "Inspector")
            .on_hover_text("The selected item (or the previewed candidate)");
        ui.selectable_value(tab, RightTab::Generate, "Generate")
            .on_hover_text("The generator, its run and its results");
    });
    ui.separator();
}

/// Which side panels show this frame.
pub(super) struct Sides<'a> {
    /// The lists on the left.
    pub(super) lists: bool,
    /// The inspector on the right.
    pub(super) inspector: bool,
    /// The right panel's tabs, while the generator is open.
    pub(super) tabs: Option<&'a mut RightTab>,
    /// The widths of the lists and the inspector, as their edges set them.
    pub(super) widths: &'a mut (f32, f32),
}

/// The lists on the left and the inspector on the right, each describing
/// the previewed candidate instead of the level while there is one. They
/// give way on a narrow window: each at most a quarter of it, so the canvas
/// keeps half.
pub(super) fn side_panels_ui(
    ui: &mut Ui,
    view: &View<'_>,
    preview: Option<&(u64, View<'_>)>,
    sides: Sides<'_>,
    out: &mut Vec<Intent>,
) {
    use super::edges::{self, Edge, Side};
    let share = ui.ctx().content_rect().width() * PANEL_SHARE;
    if sides.lists {
        // At least LISTS_MIN, unless the window is too narrow for it: then
        // a quarter of it, and the Metrics show each value under its name.
        let most = share.max(PANEL_MIN);
        let edge = Edge {
            name: "lists",
            side: Side::Left,
            range: egui::Rangef::new(LISTS_MIN.min(most), most),
            default: LISTS_WIDTH,
        };
        let space = ui.available_rect_before_wrap();
        let width = edge.range.clamp(sides.widths.0);
        egui::Panel::left("lists")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| {
                above_canvas(ui, "lists", |ui| {
                    egui::ScrollArea::both().show(ui, |ui| match preview {
                        Some((seed, preview)) => preview::lists_ui(ui, *seed, preview),
                        None => lists::lists_ui(ui, view, out),
                    });
                });
            });
        edges::edge_ui(ui, &edge, space, &mut sides.widths.0);
    }
    if sides.inspector {
        let edge = Edge {
            name: "inspector",
            side: Side::Right,
            range: egui::Rangef::new(PANEL_MIN, share.max(PANEL_MIN)),
            default: INSPECTOR_WIDTH,
        };
        let space = ui.available_rect_before_wrap();
        let width = edge.range.clamp(sides.widths.1);
        let tabs = sides.tabs;
        egui::Panel::right("inspector")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| {
                above_canvas(ui, "inspector", |ui| {
                    if let Some(tab) = tabs {
                        right_tabs(ui, tab);
                    }
                    egui::ScrollArea::both().show(ui, |ui| match preview {
                        Some((seed, _)) => preview::inspector_ui(ui, *seed, view.theme),
                        None => inspector::inspector_ui(ui, view, out),
                    });
                });
            });
        edges::edge_ui(ui, &edge, space, &mut sides.widths.1);
    }
}
