//! Batch mode's results, on the libraries made for them: the candidates in
//! an `egui_extras` table (sortable by a click on a heading, resizable
//! columns, rows laid out only where they are in view, so that 10,000 stay
//! smooth), and an `egui_plot` scatter plot of two chosen measures (hover,
//! zoom, box selection with Shift and a drag). A click on a row or a point
//! picks that candidate for the canvas to preview; a point picked in the
//! plot scrolls its row into view.

use egui::{Align, Button, ComboBox, Rect, RichText, Sense, Ui};
use egui_extras::{Column as TableColumn, TableBuilder};
use egui_plot::{MarkerShape, Plot, PlotPoint, Points};

use super::batch::{Batch, Candidate, Column};
use crate::editor::metrics::figure;
use crate::editor::theme::Theme;

/// Width of the seed column at first: seeds drawn at random have ten digits.
const SEED_COLUMN: f32 = 96.0;
/// Width of a table column at first (each can be resized).
const COLUMN: f32 = 62.0;
/// Height of a table row.
const ROW: f32 = 20.0;
/// Height of the table, heading included.
const TABLE_HEIGHT: f32 = 240.0;
/// Height of the plot, axes included.
const PLOT_HEIGHT: f32 = 230.0;
/// How near (in points on the screen) a click must be to a point to pick it.
const PICK_RADIUS: f32 = 10.0;

/// The table: a heading that sorts, then a row per candidate (those boxed
/// in the plot first); a click picks.
pub fn table_ui(ui: &mut Ui, batch: &mut Batch, theme: &Theme) {
    // Wider than the panel, the table scrolls sideways: content wider than
    // a side panel would spill over the canvas. Solid scroll bars: a
    // floating one would lie over the last row and take its clicks.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt("batch table sideways")
        .max_width(ui.available_width())
        .show(ui, |ui| rows_ui(ui, batch, theme));
}

/// The table itself.
fn rows_ui(ui: &mut Ui, batch: &mut Batch, theme: &Theme) {
    let order = batch.order();
    let mut picked = batch.picked;
    let mut table = TableBuilder::new(ui)
        .id_salt("batch table")
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .max_scroll_height(TABLE_HEIGHT)
        .auto_shrink([false, true])
        .column(TableColumn::initial(SEED_COLUMN).at_least(36.0).clip(true))
        .columns(
            TableColumn::initial(COLUMN).at_least(36.0).clip(true),
            Column::ALL.len() - 1,
        );
    if let Some(row) = batch
        .scroll_to
        .take()
        .and_then(|i| order.iter().position(|&o| o == i))
    {
        table = table.scroll_to_row(row, Some(Align::Center));
    }
    table
        .header(ROW + 2.0, |mut header| {
            for column in Column::ALL {
                header.col(|ui| heading_ui(ui, batch, column));
            }
        })
        .body(|body| {
            body.rows(ROW, order.len(), |mut row| {
                let i = order[row.index()];
                let c = &batch.candidates[i];
                let is_picked = picked == Some(i);
                row.set_selected(is_picked);
                for column in Column::ALL {
                    row.col(|ui| {
                        let text = RichText::new(column.text(c)).monospace();
                        let text = if is_picked {
                            text.strong().color(theme.solution)
                        } else {
                            text
                        };
                        // The seed is a button (found by its number); a
                        // click elsewhere on the row picks it too.
                        let clicked = if column == Column::Seed {
                            ui.add(Button::selectable(is_picked, text)).clicked()
                        } else {
                            ui.add(egui::Label::new(text).selectable(false));
                            false
                        };
                        if clicked {
                            picked = Some(i);
                        }
                    });
                }
                let response = row.response();
                if response
                    .on_hover_text(format!("Preview seed {} on the canvas", c.seed))
                    .clicked()
                {
                    picked = Some(i);
                }
            });
        });
    batch.pick(picked);
}

/// One column's heading: a click sorts by it, again the other way round.
fn heading_ui(ui: &mut Ui, batch: &mut Batch, column: Column) {
    let (by, descending) = batch.sort;
    let arrow = match (by == column, descending) {
        (true, true) => " ⏷",
        (true, false) => " ⏶",
        (false, _) => "",
    };
    let text = RichText::new(format!("{}{arrow}", column.label())).strong();
    if ui
        .add(Button::new(text).frame(false))
        .on_hover_text(format!("{}\nClick to sort by it", column.about()))
        .clicked()
    {
        batch.sort = (column, if by == column { !descending } else { true });
    }
}

/// The axis pickers and the plot.
pub fn plot_ui(ui: &mut Ui, batch: &mut Batch, theme: &Theme) {
    ui.horizontal(|ui| {
        ui.label("Plot");
        axis_picker(ui, "y", &mut batch.axes.1);
        ui.label("against");
        axis_picker(ui, "x", &mut batch.axes.0);
        if !batch.boxed.is_empty()
            && ui
                .button(format!("Clear the box ({})", batch.boxed.len()))
                .on_hover_text("Show every candidate in the table's order again")
                .clicked()
        {
            batch.boxed.clear();
        }
    });
    let (xc, yc) = batch.axes;
    let points: Vec<(usize, f64, f64)> = (batch.candidates.iter().enumerate())
        .filter_map(|(i, c)| Some((i, xc.value(c)?, yc.value(c)?)))
        .collect();
    if points.is_empty() {
        ui.label(RichText::new("No candidate has both figures").color(theme.weak_text));
        return;
    }
    let shown = scatter(ui, batch, &points, theme);
    plot_input(ui, batch, &points, &shown);
}

/// What the plot showed, for the clicks and drags on it.
struct Shown {
    response: egui::Response,
    transform: egui_plot::PlotTransform,
}

/// Draws the points: the picked one large, the boxed ones marked.
fn scatter(ui: &mut Ui, batch: &Batch, points: &[(usize, f64, f64)], theme: &Theme) -> Shown {
    let (xc, yc) = batch.axes;
    let share = |c: Column| move |mark: egui_plot::GridMark, _: &_| tick_text(c, mark.value);
    let plain: Vec<[f64; 2]> = points
        .iter()
        .filter(|p| batch.picked != Some(p.0) && !batch.boxed.contains(&p.0))
        .map(|p| [p.1, p.2])
        .collect();
    let boxed: Vec<[f64; 2]> = points
        .iter()
        .filter(|p| batch.picked != Some(p.0) && batch.boxed.contains(&p.0))
        .map(|p| [p.1, p.2])
        .collect();
    let picked: Vec<[f64; 2]> = points
        .iter()
        .filter(|p| batch.picked == Some(p.0))
        .map(|p| [p.1, p.2])
        .collect();
    let candidates = batch.candidates.clone();
    let label = move |position: &egui_plot::HoverPosition<'_>| {
        let at = match position {
            egui_plot::HoverPosition::NearDataPoint { position, .. } => *position,
            egui_plot::HoverPosition::Elsewhere { position } => *position,
        };
        nearest_text(&candidates, (xc, yc), at)
    };
    let response = Plot::new("batch plot")
        .height(PLOT_HEIGHT)
        .x_axis_label(xc.label())
        .y_axis_label(yc.label())
        .x_axis_formatter(share(xc))
        .y_axis_formatter(share(yc))
        .allow_drag(false)
        .allow_boxed_zoom(true)
        .label_formatter(label)
        .show(ui, |plot| {
            plot.add(
                Points::new("candidates", plain)
                    .radius(4.0)
                    .color(theme.selection),
            );
            plot.add(
                Points::new("boxed", boxed)
                    .radius(5.0)
                    .shape(MarkerShape::Diamond)
                    .color(theme.warning),
            );
            plot.add(
                Points::new("picked", picked)
                    .radius(7.0)
                    .color(theme.solution),
            );
        });
    Shown {
        response: response.response,
        transform: response.transform,
    }
}

/// A click picks the nearest point; Shift and a drag boxes points in.
fn plot_input(ui: &Ui, batch: &mut Batch, points: &[(usize, f64, f64)], shown: &Shown) {
    let screen =
        |&(_, x, y): &(usize, f64, f64)| shown.transform.position_from_point(&PlotPoint::new(x, y));
    batch.plotted = points.iter().map(|p| (p.0, screen(p))).collect();
    if shown.response.clicked()
        && let Some(at) = shown.response.interact_pointer_pos()
        && let Some(p) = points
            .iter()
            .map(|p| (p, screen(p).distance(at)))
            .filter(|&(_, d)| d <= PICK_RADIUS)
            .min_by(|a, b| a.1.total_cmp(&b.1))
    {
        batch.pick(Some(p.0.0));
        batch.scroll_to = Some(p.0.0);
    }
    let shift = ui.input(|i| i.modifiers.shift);
    if shift && shown.response.drag_started() {
        // Where the button went down: a drag is one only after a few
        // points of movement, which would cut the box short.
        batch.box_start = ui
            .input(|i| i.pointer.press_origin())
            .or_else(|| shown.response.interact_pointer_pos());
    }
    if shown.response.drag_stopped()
        && let (Some(start), Some(end)) = (
            batch.box_start.take(),
            shown.response.interact_pointer_pos(),
        )
    {
        let area = Rect::from_two_pos(start, end);
        batch.boxed = points
            .iter()
            .filter(|p| area.contains(screen(p)))
            .map(|p| p.0)
            .collect();
    }
    if let Some(start) = batch.box_start
        && let Some(now) = shown.response.hover_pos()
    {
        let stroke = egui::Stroke::new(1.0, ui.visuals().selection.stroke.color);
        ui.painter().rect_stroke(
            Rect::from_two_pos(start, now),
            0.0,
            stroke,
            egui::StrokeKind::Inside,
        );
    }
}

/// The hover text near the pointer: the candidate nearest `at` in figures.
fn nearest_text(
    candidates: &[Candidate],
    (xc, yc): (Column, Column),
    at: PlotPoint,
) -> Option<String> {
    let c = candidates
        .iter()
        .filter_map(|c| Some((c, xc.value(c)?, yc.value(c)?)))
        .min_by(|a, b| {
            let d = |p: &(&Candidate, f64, f64)| (p.1 - at.x).abs() + (p.2 - at.y).abs();
            d(a).total_cmp(&d(b))
        })?
        .0;
    Some(format!(
        "Seed {}: {} {}, {} {}, score {}\nClick to preview it on the canvas",
        c.seed,
        xc.label().to_lowercase(),
        xc.text(c),
        yc.label().to_lowercase(),
        yc.text(c),
        Column::Score.text(c)
    ))
}

fn axis_picker(ui: &mut Ui, salt: &str, column: &mut Column) {
    ComboBox::from_id_salt(("batch axis", salt))
        .selected_text(column.label())
        .show_ui(ui, |ui| {
            for c in Column::ALL.into_iter().filter(|&c| c != Column::Seed) {
                ui.selectable_value(column, c, c.label())
                    .on_hover_text(c.about());
            }
        })
        .response
        .on_hover_text(format!("The {salt} axis: {}", column.about()));
}

fn tick_text(column: Column, v: f64) -> String {
    if column.is_share() {
        crate::editor::metrics::percent(v)
    } else {
        figure(v)
    }
}
