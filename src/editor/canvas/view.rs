//! Where the canvas looks: fitting the level (never past 100 %), zoom limits
//! that suit the level, revealing an item only when it is off-screen, and
//! keeping the zoom when panels open, close or resize.

use egui::{Pos2, Rect, Vec2};

use super::Canvas;

/// The most the canvas zooms in.
pub const MAX_ZOOM: f32 = 4.0;
/// Zoom change per mouse-wheel notch.
pub const WHEEL_STEP: f32 = 1.1;
/// Room around the level when fitting it, in canvas units.
const FIT_MARGIN: f32 = 60.0;
/// An item nearer the edge than this (screen points) counts as off-screen.
const REVEAL_MARGIN: f32 = 24.0;
/// Zoom that Find brings a tiny result up to.
const FRAME_ZOOM: f32 = 1.0;
/// Zoom that play starts at, at least: rooms and their names readable.
pub const PLAY_ZOOM: f32 = 0.6;
/// While playing, the view pans when the player's room comes nearer its
/// edge than this share of the view.
const FOLLOW_SHARE: f32 = 1.0 / 6.0;

/// A change of view asked for, carried out on the next frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum ViewRequest {
    /// The whole level.
    Fit,
    /// Fit unless some of the level is already in view.
    FitUnlessVisible,
    /// Pan to this area only if it is not already in view.
    Reveal(Rect),
    /// Centre this area, zoomed in far enough to read it.
    Frame(Rect),
    /// Fit this area to the canvas.
    Zoom(Rect),
    /// Keep this area (the player's room) away from the edges; `true`:
    /// zoom in to at least [`PLAY_ZOOM`] too.
    Follow(Rect, bool),
}

/// The zoom range for a level whose drawing is `bounds`, in a canvas `size`:
/// out to half of what fits the level (never less than a twentieth), in to 4×.
pub fn zoom_range(bounds: Option<Rect>, size: Vec2) -> (f32, f32) {
    let fit = bounds.map_or(1.0, |b| fit_zoom(b, size));
    ((fit * 0.5).clamp(0.01, 0.5), MAX_ZOOM)
}

/// The zoom at which `bounds` (plus a margin) fills a canvas of `size`, at most 1.
fn fit_zoom(bounds: Rect, size: Vec2) -> f32 {
    let want = bounds.size() + Vec2::splat(2.0 * FIT_MARGIN);
    let zoom = (size.x / want.x).min(size.y / want.y);
    if zoom.is_finite() && zoom > 0.0 {
        zoom.min(1.0)
    } else {
        1.0
    }
}

/// The visible area, in canvas units, for `zoom` centred at `center`.
fn area(center: Pos2, size: Vec2, zoom: f32) -> Rect {
    Rect::from_center_size(center, size / zoom.max(1e-4))
}

impl Canvas {
    /// Frames the whole level on the next frame (never zooming in past 100 %).
    pub fn fit(&mut self) {
        self.request = Some(ViewRequest::Fit);
    }

    /// Fits the level on the next frame, unless part of it is in view
    /// already: after a generator replaced the level.
    pub fn fit_unless_visible(&mut self) {
        self.request = Some(ViewRequest::FitUnlessVisible);
    }

    /// Pans to `area` (canvas units) on the next frame, only if it is off-screen.
    pub fn reveal(&mut self, area: Rect) {
        self.request = Some(ViewRequest::Reveal(area));
    }

    /// Fits `area` (canvas units) to the canvas on the next frame.
    pub fn zoom_to(&mut self, area: Rect) {
        self.request = Some(ViewRequest::Zoom(area));
    }

    /// Centres `area` on the next frame, zooming in when it would be too small to read.
    pub fn frame(&mut self, area: Rect) {
        self.request = Some(ViewRequest::Frame(area));
    }

    /// Keeps `area` (canvas units) away from the edges of the view on the
    /// next frame; with `zoom_in`, zoomed in to at least `PLAY_ZOOM`.
    pub fn follow(&mut self, area: Rect, zoom_in: bool) {
        self.request = Some(ViewRequest::Follow(area, zoom_in));
    }

    /// The current zoom (screen points per canvas unit).
    pub fn zoom(&self) -> f32 {
        self.to_screen.scaling
    }

    /// Sets `scene_rect` for this frame: keeps the zoom when the canvas
    /// changed size, then carries out the view request.
    pub(super) fn steer(&mut self, canvas: Rect, bounds: Option<Rect>) {
        let size = canvas.size();
        if size.x < 1.0 || size.y < 1.0 {
            return;
        }
        // The zoom the canvas was drawn at (the scene fits its rect inside
        // the canvas, so the rect's width alone can mislead).
        let zoom = if self.last_canvas.is_some() && self.to_screen.scaling > 0.0 {
            self.to_screen.scaling
        } else {
            1.0
        };
        if self.last_canvas.is_some_and(|s| s != size) && zoom.is_finite() && zoom > 0.0 {
            // A level wholly in view stays so when the canvas narrows (a
            // panel docks beside it, the window shrinks): fitted again, also
            // when it would touch the edges (the start's mark cut off).
            let was_whole = bounds.is_some_and(|b| self.scene_rect.contains_rect(b));
            self.scene_rect = area(self.scene_rect.center(), size, zoom);
            let clear = self.scene_rect.shrink(REVEAL_MARGIN / zoom);
            if was_whole
                && self.request.is_none()
                && !bounds.is_some_and(|b| clear.contains_rect(b))
            {
                self.request = Some(ViewRequest::Fit);
            }
        }
        self.last_canvas = Some(size);
        let visible = self.scene_rect.shrink(REVEAL_MARGIN / zoom.max(1e-4));
        match self.request.take() {
            None => {}
            Some(ViewRequest::Fit) => self.fit_now(bounds, size),
            Some(ViewRequest::FitUnlessVisible)
                if !bounds.is_some_and(|b| visible.intersects(b)) =>
            {
                self.fit_now(bounds, size);
            }
            Some(ViewRequest::Reveal(a)) if !visible.contains_rect(a) => {
                self.scene_rect = area(a.center(), size, zoom);
            }
            Some(ViewRequest::FitUnlessVisible | ViewRequest::Reveal(_)) => {}
            Some(ViewRequest::Frame(a)) => {
                self.scene_rect = area(a.center(), size, zoom.max(FRAME_ZOOM));
            }
            Some(ViewRequest::Zoom(a)) => self.fit_now(Some(a), size),
            Some(ViewRequest::Follow(a, zoom_in)) => self.follow_now(a, zoom_in, size, zoom),
        }
    }

    /// Centres `a` when it lies nearer the edge than [`FOLLOW_SHARE`] of
    /// the view, or when the zoom must grow to [`PLAY_ZOOM`].
    fn follow_now(&mut self, a: Rect, zoom_in: bool, size: Vec2, zoom: f32) {
        let want = if zoom_in { zoom.max(PLAY_ZOOM) } else { zoom };
        let margin = size.min_elem() * FOLLOW_SHARE / zoom.max(1e-4);
        let keep = self.scene_rect.shrink(margin);
        if want != zoom || !keep.contains_rect(a) {
            self.scene_rect = area(a.center(), size, want);
        }
    }

    /// Fits the level in the part of the canvas right of the legend, or
    /// below it, whichever shows it larger (a long corridor reads better
    /// under the legend than squeezed beside it).
    fn fit_now(&mut self, bounds: Option<Rect>, size: Vec2) {
        if let Some(b) = bounds {
            self.fit_on_guess = self.legend_size == Vec2::ZERO && self.fit_inset != Vec2::ZERO;
            let beside = Vec2::new(self.fit_inset.x.min(size.x * 0.4), 0.0);
            // Below only a legend short enough to leave half the canvas.
            let below = Vec2::new(0.0, self.fit_inset.y);
            let zoom_at = |inset: Vec2| fit_zoom(b, size - inset);
            let inset = if below.y <= size.y * 0.5 && zoom_at(below) > zoom_at(beside) {
                below
            } else {
                beside
            };
            let zoom = zoom_at(inset);
            self.scene_rect = area(b.center() - inset / 2.0 / zoom, size, zoom);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_never_zooms_past_100_percent_and_limits_suit_the_level() {
        let one_room = Rect::from_center_size(Pos2::ZERO, Vec2::new(110.0, 56.0));
        assert_eq!(fit_zoom(one_room, Vec2::new(800.0, 600.0)), 1.0);
        let big = Rect::from_min_size(Pos2::ZERO, Vec2::new(8000.0, 6000.0));
        let fit = fit_zoom(big, Vec2::new(800.0, 600.0));
        assert!(fit < 0.1);
        let (lo, hi) = zoom_range(Some(big), Vec2::new(800.0, 600.0));
        assert!(lo <= fit * 0.5 + 1e-6 && hi == MAX_ZOOM);
    }

    /// Seen at 1280×800: a corridor of six rooms beside the docked
    /// generator was fitted at 35 % beside the legend; below it, it reads
    /// at half size. A level as tall as wide on a wide canvas still goes
    /// beside it.
    #[test]
    fn fit_puts_a_long_level_below_the_legend_and_a_square_one_beside_it() {
        let size = Vec2::new(566.0, 725.0);
        let legend = Rect::from_min_size(Pos2::ZERO, Vec2::new(160.0, 60.0));
        let mut canvas = Canvas {
            fit_inset: legend.size(),
            ..Canvas::default()
        };
        let corridor = Rect::from_min_max(Pos2::new(-55.0, -148.0), Pos2::new(955.0, 148.0));
        canvas.fit_now(Some(corridor), size);
        let beside = fit_zoom(corridor, size - Vec2::new(160.0, 0.0));
        assert!(beside < 0.38, "{beside}");
        let zoom = size.x / canvas.scene_rect.width();
        assert!(zoom > 0.45, "{zoom}");
        let to_screen = |p: Pos2| ((p - canvas.scene_rect.min) * zoom).to_pos2();
        let drawn = Rect::from_two_pos(to_screen(corridor.min), to_screen(corridor.max));
        assert!(!drawn.intersects(legend), "{drawn:?} under the legend");

        // On a wide canvas (the panels closed), a square level goes beside.
        let square = Rect::from_min_max(Pos2::ZERO, Pos2::new(900.0, 900.0));
        canvas.fit_now(Some(square), Vec2::new(1000.0, 600.0));
        let center = canvas.scene_rect.center();
        assert!(center.x < square.center().x, "moved right of the legend");
        assert_eq!(center.y, square.center().y);
    }

    /// Seen at 1280×800: the unwired basement, whole at 100 %, was still
    /// whole beside the docked generator, by 3 points, its start's mark
    /// cut off; it is fitted again, with room round it.
    #[test]
    fn a_level_that_would_touch_the_edges_of_a_narrower_canvas_is_fitted_again() {
        let bounds = Rect::from_min_max(Pos2::new(-55.0, -28.0), Pos2::new(505.0, 428.0));
        let mut canvas = Canvas::default();
        canvas.steer(
            Rect::from_min_size(Pos2::ZERO, Vec2::new(730.0, 725.0)),
            Some(bounds),
        );
        assert_eq!(canvas.scene_rect.width(), 730.0, "fitted at 100 %");
        canvas.steer(
            Rect::from_min_size(Pos2::ZERO, Vec2::new(566.0, 725.0)),
            Some(bounds),
        );
        let clear = canvas.scene_rect.shrink(REVEAL_MARGIN);
        assert!(clear.contains_rect(bounds), "{:?}", canvas.scene_rect);
    }
}
