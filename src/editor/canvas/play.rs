//! What play shows on the canvas besides the level: the hinted step and the
//! point of no return called out on their door, lever and room, the player
//! marker (never smaller than [`PLAYER_MIN_PX`]), the view following the
//! player, and the doors open before any step, as the core answers them.

use egui::{Align2, CornerRadius, FontId, Painter, Rect, Stroke, StrokeKind, Vec2};

use super::lod::Lod;
use super::{Canvas, Geometry, item_area};
use crate::editor::theme::Theme;
use crate::editor::view::View;
use crate::model::{ItemId, Level, LevelIndex};
use crate::rules::Mechanics;

/// Least height of the player marker on screen, in points.
pub const PLAYER_MIN_PX: f32 = 28.0;

/// What a call-out on the canvas points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Callout {
    /// The step a hint shows.
    Hint,
    /// The step after which the goal was out of reach.
    NoReturn,
}

impl Callout {
    /// Its caption on the canvas.
    pub fn caption(self) -> &'static str {
        match self {
            Self::Hint => "Hint",
            Self::NoReturn => "No return",
        }
    }
}

/// Play's marks of the last frame, and the doors open at the start.
#[derive(Clone, Debug, Default)]
pub(super) struct PlayMarks {
    /// Per door, open before any step, for the revision given.
    start_open: (Option<u64>, Vec<bool>),
    /// The items called out last frame.
    callouts: Vec<(ItemId, Callout)>,
    /// The player marker last frame, in canvas units.
    player: Option<Rect>,
    /// Per door, drawn open last frame.
    drawn_open: Vec<bool>,
    /// This frame's call-outs, painted over the rooms: where, what, and
    /// whether with a caption.
    pending: Vec<(Rect, Callout, bool)>,
}

impl PlayMarks {
    /// Per door, open before any step: the core's answer
    /// ([`Mechanics::open_before_any_step`]), worked out once per revision
    /// and handed back with [`Self::keep_start_open`]. A level whose
    /// references do not resolve has no rules; its doors are drawn as
    /// their `open` field says.
    pub(super) fn start_open(&mut self, view: &View<'_>) -> Vec<bool> {
        let doors = view.level.doors.len();
        if self.start_open.0 != Some(view.revision) || self.start_open.1.len() != doors {
            let open = view.mechanics.map_or_else(
                || view.level.doors.iter().map(|d| d.open).collect(),
                Mechanics::open_before_any_step,
            );
            self.start_open = (Some(view.revision), open);
        }
        std::mem::take(&mut self.start_open.1)
    }

    /// Hands back what [`Self::start_open`] lent.
    pub(super) fn keep_start_open(&mut self, open: Vec<bool>) {
        self.start_open.1 = open;
    }

    /// Forgets last frame's marks.
    pub(super) fn begin_frame(&mut self) {
        self.callouts.clear();
        self.player = None;
        self.drawn_open.clear();
        self.pending.clear();
    }
}

impl Canvas {
    /// The items called out last frame: the hinted step's door or lever and
    /// room, the point of no return's.
    pub fn callouts(&self) -> &[(ItemId, Callout)] {
        &self.play.callouts
    }

    /// Per door, in level order: drawn open last frame (while the rooms,
    /// not the area overview, were shown).
    pub fn doors_drawn_open(&self) -> &[bool] {
        &self.play.drawn_open
    }

    /// Notes that door `d` is drawn open or closed this frame.
    pub(super) fn drawn(&mut self, d: usize, open: bool) {
        let drawn = &mut self.play.drawn_open;
        if drawn.len() <= d {
            drawn.resize(d + 1, false);
        }
        drawn[d] = open;
    }

    /// Where the player marker was drawn last frame, in canvas units.
    pub fn player_marker(&self) -> Option<Rect> {
        self.play.player
    }

    /// Calls out `item`, whose mark covers `rect` (canvas units): painted
    /// over the rooms by [`Self::paint_callouts`]; `caption` says what it is.
    pub(super) fn call_out(&mut self, rect: Rect, item: ItemId, what: Callout, caption: bool) {
        self.play.pending.push((rect, what, caption));
        self.play.callouts.push((item, what));
    }

    /// Paints this frame's call-outs: a ring in the colour of what it is
    /// (a hint green, the point of no return red), captioned.
    pub(super) fn paint_callouts(&mut self, painter: &Painter, theme: &Theme, lod: Lod) {
        for (rect, what, caption) in std::mem::take(&mut self.play.pending) {
            let color = match what {
                Callout::Hint => theme.good,
                Callout::NoReturn => theme.bad,
            };
            let ring = rect.expand(4.0 / lod.zoom);
            painter.rect_stroke(
                ring,
                CornerRadius::same(4),
                Stroke::new(3.0 / lod.zoom, color),
                StrokeKind::Outside,
            );
            if caption {
                painter.text(
                    ring.center_top() - Vec2::new(0.0, 3.0 / lod.zoom),
                    Align2::CENTER_BOTTOM,
                    what.caption(),
                    FontId::proportional(13.0 / lod.zoom),
                    color,
                );
            }
        }
    }

    /// Paints the player in `room` and remembers where.
    pub(super) fn player_at(&mut self, painter: &Painter, room: Rect, theme: &Theme, lod: Lod) {
        self.play.player = Some(super::paint::pawn(painter, room, theme, lod));
    }

    /// Keeps `item` in view while playing: pans to it when it comes nearer
    /// the edge of the view than a sixth of the view; with `zoom_in` (the
    /// start of play), also zooms in far enough to read its room.
    pub fn follow_item(&mut self, level: &Level, index: &LevelIndex, item: &ItemId, zoom_in: bool) {
        let geo = Geometry::new(level, &[], Vec2::ZERO);
        if let Some(area) = item_area(level, index, &geo, item) {
            self.follow(area, zoom_in);
        }
    }
}
