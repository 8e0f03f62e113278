//! The area overview on the canvas: each area of the level (rooms joined
//! by free doors) is one node, sized by its rooms and named; the locks
//! between areas are links carrying their key marks; keys are dots on the
//! area where they lie; the start, the goal and the order in which the
//! solution enters areas are marked. Sizes are in screen points, so that
//! it reads at Fit on a level of a thousand rooms, and shrink when areas
//! stand closer than that (a tree whose every door is locked has as many
//! areas as rooms); text too small to read is left out, and said on hover.
//! Double-clicking an area zooms the room view onto it.
//!
//! The areas come from the core ([`crate::measures::Overview`]), worked
//! out once per revision of the level.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};

use super::Canvas;
use crate::editor::actions::Action;
use crate::editor::intent::Intent;
use crate::editor::key_look::KeyLook;
use crate::editor::view::View;
use crate::measures::{Overview, OverviewLink};

/// Below this zoom (screen points per canvas unit), a level with at least
/// [`crate::editor::prefs::Prefs::overview_from`] rooms shows its overview.
pub const AUTO_ZOOM: f32 = 0.3;
/// Radius of the smallest area, in screen points.
const NODE_MIN: f32 = 9.0;
/// Radius of the largest area, in screen points.
const NODE_MAX: f32 = 34.0;
/// Radius of a key dot, in screen points.
const KEY_DOT: f32 = 4.0;
/// Key dots drawn around an area before a "+N".
const KEY_DOTS: usize = 8;
/// Smallest text drawn, in screen points: below it, names are left to the
/// hover text.
const TEXT_MIN: f32 = 6.5;
/// Share of the usual distance between neighbouring areas that the
/// smallest node's diameter may take.
const NODE_ROOM: f32 = 0.8;

/// The overview of one revision of the level.
#[derive(Clone, Debug, Default)]
pub struct OverviewCache {
    made_for: Option<(u64, u64)>,
    overview: Overview,
    /// The median distance from an area to its nearest neighbour, in
    /// canvas units (infinite with one area).
    spacing: f32,
}

impl Canvas {
    /// The areas of the overview shown last frame; `None` when the rooms were.
    pub fn overview_areas(&self) -> Option<usize> {
        self.overview_drawn
            .then_some(self.overview.overview.areas.len())
    }

    /// Does the canvas show the area overview this frame: switched on, or
    /// a level past the designer's size seen from far?
    pub(super) fn overview_shown(&self, view: &View<'_>) -> bool {
        let prefs = view.prefs;
        let big = prefs.overview_from > 0 && view.level.rooms.len() >= prefs.overview_from;
        let far = self.to_screen.scaling > 0.0 && self.to_screen.scaling < AUTO_ZOOM;
        view.play.is_none() && (prefs.overview || (big && far))
    }

    /// Makes the overview of `view`'s level, once per revision and answer.
    fn overview_of(&mut self, view: &View<'_>) {
        let key = (view.revision, view.solver.revision);
        if self.overview.made_for != Some(key) {
            let plan = view
                .solver
                .analysis()
                .and_then(|a| a.plan.as_ref())
                .map(|p| p.steps.as_slice());
            self.overview.overview = match view.mechanics {
                Some(m) => Overview::of(view.level, m, plan),
                None => Overview::default(),
            };
            self.overview.spacing = spacing(&self.overview.overview);
            self.overview.made_for = Some(key);
        }
    }

    /// Draws the overview inside the scene (canvas units); a double-click
    /// on an area zooms onto it.
    pub(super) fn overview_ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        looks: &[KeyLook],
        out: &mut Vec<Intent>,
    ) {
        let px = 1.0 / self.to_screen.scaling.max(1e-4);
        self.overview_of(view);
        let scale = fit_scale(self.overview.spacing / px);
        // Borrowed out for the frame, not copied: a thousand rooms' areas.
        let overview = std::mem::take(&mut self.overview.overview);
        let painter = ui.painter().clone();
        let center = |a: usize| {
            overview
                .areas
                .get(a)
                .map_or(Pos2::ZERO, |a| pos2(a.center[0] as f32, a.center[1] as f32))
        };
        for link in &overview.links {
            let ends = (center(link.areas.0), center(link.areas.1));
            link_ui(&painter, link, ends, px * scale, view, looks);
        }
        let mut zoom_to = None;
        for i in 0..overview.areas.len() {
            let node = Node {
                overview: &overview,
                area: i,
                at: center(i),
                px,
                scale,
            };
            if node.ui(ui, &painter, view, looks) {
                zoom_to = Some(node.bounds());
            }
        }
        self.overview.overview = overview;
        if let Some(rect) = zoom_to {
            // The room sizes are not in the area box of room centres.
            self.zoom_to(rect.expand(crate::export::geometry::ROOM_W as f32));
            if view.prefs.overview {
                out.push(Intent::Action(Action::ToggleOverview));
            }
        }
    }
}

/// One area's node, where it stands and at what scale.
struct Node<'o> {
    overview: &'o Overview,
    area: usize,
    at: Pos2,
    /// Canvas units per screen point.
    px: f32,
    /// What the node's sizes are multiplied by, so that neighbours keep
    /// apart: 1 where there is room ([`fit_scale`]).
    scale: f32,
}

impl Node<'_> {
    /// Draws the node, its name, its keys and its place in the plan;
    /// returns true when it was double-clicked.
    fn ui(&self, ui: &mut Ui, painter: &egui::Painter, view: &View<'_>, looks: &[KeyLook]) -> bool {
        let (o, i, at) = (self.overview, self.area, self.at);
        // Everything of the node, its marks and its text shrinks together.
        let px = self.px * self.scale;
        let Some(area) = o.areas.get(i) else {
            return false;
        };
        let theme = view.theme;
        let radius = node_radius(area.rooms.len()) * px;
        let fill = match (i == o.start, i == o.goal) {
            (_, true) => theme.goal_fill,
            (true, false) => theme.start_fill,
            (false, false) => theme.room_fill,
        };
        painter.circle(at, radius, fill, Stroke::new(1.5 * px, theme.room_stroke));
        self.name_ui(ui, painter, radius);
        self.keys_ui(painter, &area.keys, radius, looks, theme.weak_text);
        if view.prefs.show_solution
            && let Some(n) = area.visit
        {
            let badge = at + vec2(-radius, -radius);
            painter.circle_filled(badge, 8.0 * px, theme.solution);
            if 10.0 * self.scale >= TEXT_MIN {
                let font = FontId::proportional(10.0 * px);
                let ink = theme.ink_on(theme.solution);
                painter.text(badge, Align2::CENTER_CENTER, n.to_string(), font, ink);
            }
        }
        let hit = Rect::from_center_size(at, vec2(radius, radius) * 2.0);
        let response = ui
            .interact(
                hit,
                ui.scope_id().with(("overview area", i)),
                Sense::click(),
            )
            .on_hover_text(format!(
                "{}: {} rooms, {} keys{}\nDouble-click to see its rooms",
                area.name,
                area.rooms.len(),
                area.keys.len(),
                area.visit
                    .map_or(String::new(), |n| format!(", the plan's area {n}"))
            ));
        let label = format!("Area {}", area.name);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        response.double_clicked()
    }

    /// The name below the node, in the canvas's text colour (it stands on
    /// the canvas, not on the node's fill), with start and goal said.
    fn name_ui(&self, ui: &Ui, painter: &egui::Painter, radius: f32) {
        let (o, i) = (self.overview, self.area);
        let Some(area) = o.areas.get(i) else {
            return;
        };
        let role = match (i == o.start, i == o.goal) {
            (true, true) => " · start and goal",
            (true, false) => " · start",
            (false, true) => " · goal",
            (false, false) => "",
        };
        if 12.0 * self.scale < TEXT_MIN {
            return;
        }
        let name = format!("{} ({}){role}", area.name, area.rooms.len());
        let px = self.px * self.scale;
        let below = self.at + vec2(0.0, radius + 2.0 * px);
        let font = FontId::proportional(12.0 * px);
        let text = ui.visuals().strong_text_color();
        painter.text(below, Align2::CENTER_TOP, name, font, text);
    }

    /// The keys lying in the area: dots around its circle, then "+N".
    fn keys_ui(
        &self,
        painter: &egui::Painter,
        keys: &[usize],
        radius: f32,
        looks: &[KeyLook],
        weak: Color32,
    ) {
        let (at, px) = (self.at, self.px * self.scale);
        for (i, &k) in keys.iter().take(KEY_DOTS).enumerate() {
            let angle = std::f32::consts::TAU * (i as f32 / KEY_DOTS as f32) - 0.6;
            let dot = at + vec2(angle.cos(), angle.sin()) * (radius + KEY_DOT * 1.5 * px);
            let color = looks.get(k).map_or(weak, |l| l.color);
            painter.circle_filled(dot, KEY_DOT * px, color);
        }
        if keys.len() > KEY_DOTS && 10.0 * self.scale >= TEXT_MIN {
            painter.text(
                at + vec2(radius + 6.0 * px, -radius),
                Align2::LEFT_BOTTOM,
                format!("+{}", keys.len() - KEY_DOTS),
                FontId::proportional(10.0 * px),
                weak,
            );
        }
    }

    /// The box around the area's rooms, in canvas units.
    fn bounds(&self) -> Rect {
        let (lo, hi) = self
            .overview
            .areas
            .get(self.area)
            .map_or(([0.0; 2], [0.0; 2]), |a| a.bounds);
        Rect::from_min_max(
            pos2(lo[0] as f32, lo[1] as f32),
            pos2(hi[0] as f32, hi[1] as f32),
        )
    }
}

/// What node sizes are multiplied by when neighbouring areas stand
/// `spacing` screen points apart: 1 when the smallest nodes fit, less when
/// they would overlap.
fn fit_scale(spacing: f32) -> f32 {
    if spacing.is_finite() && spacing > 0.0 {
        (NODE_ROOM * spacing / (2.0 * NODE_MIN)).min(1.0)
    } else {
        1.0
    }
}

/// The median distance from an area's centre to its nearest neighbour's,
/// in canvas units; infinite with fewer than two areas. Centres sorted by
/// x, each one's search stops where x alone is further than its best.
fn spacing(overview: &Overview) -> f32 {
    let mut at: Vec<[f64; 2]> = overview.areas.iter().map(|a| a.center).collect();
    at.sort_by(|a, b| a[0].total_cmp(&b[0]));
    let mut nearest: Vec<f64> = (0..at.len()).map(|i| nearest_to(&at, i)).collect();
    nearest.sort_by(f64::total_cmp);
    nearest
        .get(nearest.len() / 2)
        .map_or(f32::INFINITY, |&d| d as f32)
}

/// The distance from `at[i]` to the nearest other point of `at` (sorted by x).
fn nearest_to(at: &[[f64; 2]], i: usize) -> f64 {
    let mut best = f64::INFINITY;
    let mut look = |j: usize| {
        let dx = (at[j][0] - at[i][0]).abs();
        if dx >= best {
            return false;
        }
        best = best.min(dx.hypot(at[j][1] - at[i][1]));
        true
    };
    for j in i + 1..at.len() {
        if !look(j) {
            break;
        }
    }
    for j in (0..i).rev() {
        if !look(j) {
            break;
        }
    }
    best
}

/// An area's radius on the screen: grows with the square root of its rooms.
fn node_radius(rooms: usize) -> f32 {
    (NODE_MIN + 3.0 * (rooms as f32).sqrt()).min(NODE_MAX)
}

/// One link: a line between two areas, with the marks of what its doors
/// ask at its middle.
fn link_ui(
    painter: &egui::Painter,
    link: &OverviewLink,
    (a, b): (Pos2, Pos2),
    px: f32,
    view: &View<'_>,
    looks: &[KeyLook],
) {
    let theme = view.theme;
    let locked = !link.keys.is_empty() || link.spends || link.levers || link.shut;
    let width = if locked { 2.5 } else { 1.2 };
    painter.line_segment([a, b], Stroke::new(width * px, theme.door));
    let mid = a + (b - a) * 0.5;
    let mut marks: Vec<Color32> = link
        .keys
        .iter()
        .filter_map(|&k| looks.get(k).map(|l| l.color))
        .collect();
    if link.spends {
        marks.push(theme.small_key);
    }
    if link.levers {
        marks.push(theme.lever);
    }
    let step = 2.0 * KEY_DOT * px + px;
    let start = mid - vec2(step * (marks.len() as f32 - 1.0) / 2.0, 0.0);
    for (i, color) in marks.iter().enumerate() {
        let at = start + vec2(step * i as f32, 0.0);
        painter.rect_filled(
            Rect::from_center_size(at, vec2(KEY_DOT, KEY_DOT) * 2.0 * px),
            1.5 * px,
            *color,
        );
    }
    if link.one_way {
        let dir = (b - a).normalized();
        let tip = mid + dir * 9.0 * px;
        let side = vec2(-dir.y, dir.x) * 5.0 * px;
        painter.add(egui::Shape::convex_polygon(
            vec![tip, mid - side, mid + side],
            theme.door,
            Stroke::NONE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::OverviewArea;

    fn at(points: &[[f64; 2]]) -> Overview {
        let areas = points
            .iter()
            .map(|&center| OverviewArea {
                rooms: vec![0],
                name: "r".to_owned(),
                first: "r".into(),
                center,
                bounds: (center, center),
                keys: Vec::new(),
                visit: None,
            })
            .collect();
        Overview {
            areas,
            ..Overview::default()
        }
    }

    #[test]
    fn the_spacing_is_the_median_distance_to_the_nearest_area() {
        // A row 180 apart, and one far off whose nearest is 1,000 away.
        let row = at(&[[0.0, 0.0], [180.0, 0.0], [360.0, 0.0], [360.0, 1000.0]]);
        assert_eq!(spacing(&row), 180.0);
        // Nearest across x: the one above is nearer than the one beside.
        let column = at(&[[0.0, 0.0], [0.0, 50.0], [100.0, 0.0]]);
        assert_eq!(spacing(&column), 50.0);
        assert!(spacing(&at(&[[0.0, 0.0]])).is_infinite());
    }

    #[test]
    fn nodes_shrink_only_when_neighbours_would_overlap() {
        assert_eq!(fit_scale(f32::INFINITY), 1.0);
        assert_eq!(fit_scale(200.0), 1.0);
        // An 839-room tree at Fit: rooms 9 points apart.
        let tight = fit_scale(9.0);
        assert!(tight < 0.5, "{tight}");
        assert!(
            2.0 * NODE_MIN * tight <= 9.0,
            "the smallest nodes keep apart"
        );
        assert!(12.0 * tight < TEXT_MIN, "names are left to the hover text");
    }
}
