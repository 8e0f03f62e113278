//! Batch mode's results: a sortable table of the candidates and a scatter
//! plot of two chosen measures, drawn with the painter (`egui_plot` 0.38,
//! the one release for egui 0.37, needs Rust 1.95, above our 1.85). A click
//! on a row or a point picks that candidate for the canvas to preview.

use egui::{
    Align2, Button, ComboBox, FontId, Grid, Pos2, Rect, RichText, Sense, Stroke, Ui, pos2, vec2,
};

use super::batch::{Batch, Candidate, Column};
use crate::editor::metrics::figure;
use crate::editor::theme::Theme;

/// Height of the plot, axes included.
const PLOT_HEIGHT: f32 = 210.0;
/// Room left of the plot for the y ticks, and below it for the x ticks.
const MARGIN: (f32, f32) = (52.0, 34.0);
/// Radius of a point.
const POINT: f32 = 4.0;
/// How near a click must be to a point to pick it.
const PICK_RADIUS: f32 = 10.0;

/// The table: a header that sorts, then a row per candidate; a click picks.
pub fn table_ui(ui: &mut Ui, batch: &mut Batch, theme: &Theme) {
    let order = batch.order();
    let mut picked = batch.picked;
    // Solid scroll bars: a floating one would lie over the last row when
    // the table is wider than the window.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::both()
        .id_salt("batch table")
        .max_height(240.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            Grid::new("batch grid")
                .striped(true)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    header_ui(ui, batch);
                    for i in order {
                        let c = &batch.candidates[i];
                        let is_picked = picked == Some(i);
                        for column in Column::ALL {
                            let text = RichText::new(column.text(c)).monospace();
                            let text = if is_picked {
                                text.strong().color(theme.solution)
                            } else {
                                text
                            };
                            let cell = Button::selectable(is_picked, text);
                            if ui
                                .add(cell)
                                .on_hover_text(format!("Preview seed {} on the canvas", c.seed))
                                .clicked()
                            {
                                picked = Some(i);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    batch.pick(picked);
}

fn header_ui(ui: &mut Ui, batch: &mut Batch) {
    for column in Column::ALL {
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
    ui.end_row();
}

/// The axis pickers and the plot.
pub fn plot_ui(ui: &mut Ui, batch: &mut Batch, theme: &Theme) {
    ui.horizontal(|ui| {
        ui.label("Plot");
        axis_picker(ui, "y", &mut batch.axes.1);
        ui.label("against");
        axis_picker(ui, "x", &mut batch.axes.0);
    });
    let width = ui.available_width().max(200.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, PLOT_HEIGHT), Sense::click());
    let plot = Rect::from_min_max(
        pos2(rect.left() + MARGIN.0, rect.top() + 8.0),
        pos2(rect.right() - 10.0, rect.bottom() - MARGIN.1),
    );
    let (xc, yc) = batch.axes;
    let points: Vec<(usize, f64, f64)> = (batch.candidates.iter().enumerate())
        .filter_map(|(i, c)| Some((i, xc.value(c)?, yc.value(c)?)))
        .collect();
    let painter = ui.painter_at(rect);
    painter.rect_filled(plot, 2.0, theme.canvas);
    let Some(scale) = Scale::new(plot, &points) else {
        painter.text(
            plot.center(),
            Align2::CENTER_CENTER,
            "No candidate has both figures",
            FontId::proportional(13.0),
            theme.weak_text,
        );
        return;
    };
    scale.axes(ui, rect, plot, (xc, yc), theme);
    let hovered = response
        .hover_pos()
        .and_then(|p| scale.nearest(&points, p))
        .map(|(i, _, _)| i);
    for &(i, x, y) in &points {
        let at = scale.at(x, y);
        let (radius, fill) = match (batch.picked == Some(i), hovered == Some(i)) {
            (true, _) => (POINT + 2.5, theme.solution),
            (false, true) => (POINT + 1.5, theme.selection),
            _ => (POINT, theme.selection),
        };
        painter.circle(at, radius, fill, Stroke::new(1.0, theme.room_stroke));
    }
    if let Some(i) = batch.picked
        && let Some(&(_, x, y)) = points.iter().find(|p| p.0 == i)
    {
        let at = scale.at(x, y);
        painter.circle_stroke(at, POINT + 6.0, Stroke::new(2.0, theme.solution));
    }
    if let Some(i) = hovered {
        let c = &batch.candidates[i];
        let text = point_text(c, (xc, yc), &points);
        response.clone().on_hover_text_at_pointer(text);
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some((i, _, _)) = scale.nearest(&points, p)
    {
        batch.pick(Some(i));
    }
}

fn point_text(c: &Candidate, (xc, yc): (Column, Column), points: &[(usize, f64, f64)]) -> String {
    let (x, y) = (xc.value(c), yc.value(c));
    let here = (points.iter())
        .filter(|&&(_, px, py)| Some(px) == x && Some(py) == y)
        .count();
    let also = if here > 1 {
        format!("\n({here} candidates on this point)")
    } else {
        String::new()
    };
    format!(
        "Seed {}: {} {}, {} {}, score {}{also}\nClick to preview it on the canvas",
        c.seed,
        xc.label().to_lowercase(),
        xc.text(c),
        yc.label().to_lowercase(),
        yc.text(c),
        Column::Score.text(c)
    )
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

/// From figures to the plot's screen points.
struct Scale {
    plot: Rect,
    x: (f64, f64),
    y: (f64, f64),
}

/// A range that is never empty, padded a little.
fn range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !lo.is_finite() || !hi.is_finite() {
        return None;
    }
    let pad = if hi > lo {
        (hi - lo) * 0.06
    } else {
        lo.abs().max(1.0) * 0.1
    };
    Some((lo - pad, hi + pad))
}

impl Scale {
    fn new(plot: Rect, points: &[(usize, f64, f64)]) -> Option<Self> {
        Some(Self {
            plot,
            x: range(points.iter().map(|p| p.1))?,
            y: range(points.iter().map(|p| p.2))?,
        })
    }

    fn at(&self, x: f64, y: f64) -> Pos2 {
        let fx = ((x - self.x.0) / (self.x.1 - self.x.0)) as f32;
        let fy = ((y - self.y.0) / (self.y.1 - self.y.0)) as f32;
        pos2(
            self.plot.left() + fx * self.plot.width(),
            self.plot.bottom() - fy * self.plot.height(),
        )
    }

    /// The point nearest `p`, within the pick radius.
    fn nearest(&self, points: &[(usize, f64, f64)], p: Pos2) -> Option<(usize, f64, f64)> {
        points
            .iter()
            .map(|&q| (q, self.at(q.1, q.2).distance(p)))
            .filter(|&(_, d)| d <= PICK_RADIUS)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(q, _)| q)
    }

    /// The axes, their ticks and grid lines, and their names.
    fn axes(&self, ui: &Ui, rect: Rect, plot: Rect, (xc, yc): (Column, Column), theme: &Theme) {
        let painter = ui.painter_at(rect);
        let axis = Stroke::new(1.0, theme.weak_text);
        let grid = Stroke::new(0.5, theme.weak_text.gamma_multiply(0.35));
        let font = FontId::proportional(11.0);
        painter.line_segment([plot.left_bottom(), plot.right_bottom()], axis);
        painter.line_segment([plot.left_bottom(), plot.left_top()], axis);
        for v in ticks(self.x) {
            let x = self.at(v, self.y.0).x;
            painter.line_segment([pos2(x, plot.top()), pos2(x, plot.bottom())], grid);
            painter.line_segment([pos2(x, plot.bottom()), pos2(x, plot.bottom() + 4.0)], axis);
            let label = tick_text(xc, v);
            painter.text(
                pos2(x, plot.bottom() + 5.0),
                Align2::CENTER_TOP,
                label,
                font.clone(),
                theme.weak_text,
            );
        }
        for v in ticks(self.y) {
            let y = self.at(self.x.0, v).y;
            painter.line_segment([pos2(plot.left(), y), pos2(plot.right(), y)], grid);
            painter.line_segment([pos2(plot.left() - 4.0, y), pos2(plot.left(), y)], axis);
            let label = tick_text(yc, v);
            painter.text(
                pos2(plot.left() - 6.0, y),
                Align2::RIGHT_CENTER,
                label,
                font.clone(),
                theme.weak_text,
            );
        }
        let name = FontId::proportional(12.0);
        painter.text(
            pos2(plot.center().x, rect.bottom()),
            Align2::CENTER_BOTTOM,
            xc.label(),
            name.clone(),
            ui.visuals().text_color(),
        );
        painter.text(
            plot.left_top() + vec2(6.0, 2.0),
            Align2::LEFT_TOP,
            yc.label(),
            name,
            ui.visuals().text_color(),
        );
    }
}

fn tick_text(column: Column, v: f64) -> String {
    if column.is_share() {
        crate::editor::metrics::percent(v)
    } else {
        figure(v)
    }
}

/// Round tick values across `(lo, hi)`: steps of 1, 2 or 5 times a power of ten.
/// Each tick is worked out from whole numbers (`k · m / 10^e`), not by adding
/// steps, so that 0.3 reads 0.3 and not 0.30000000000000004.
fn ticks((lo, hi): (f64, f64)) -> Vec<f64> {
    let span = hi - lo;
    if span.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Vec::new();
    }
    let raw = span / 5.0;
    let exponent = raw.log10().floor() as i32;
    let scale = |units: f64| {
        if exponent < 0 {
            units / 10f64.powi(-exponent)
        } else {
            units * 10f64.powi(exponent)
        }
    };
    let mult = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|&m| scale(m) >= raw)
        .unwrap_or(10.0);
    let step = scale(mult);
    let first = (lo / step).ceil();
    (0..12)
        .map(|i| scale((first + f64::from(i)) * mult))
        .take_while(|&v| v <= hi + step * 1e-9)
        .map(|v| if v.abs() < step * 1e-9 { 0.0 } else { v })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::ticks;

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks((0.0, 10.0)), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks((0.05, 0.48)), [0.1, 0.2, 0.3, 0.4]);
        assert!(ticks((3.0, 3.0)).is_empty());
    }
}
