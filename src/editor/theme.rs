//! Every colour and size the editor draws with, in one place, for the dark
//! and the light theme. Drawing code asks the theme; it never writes a colour.

use egui::{Color32, Stroke};

use crate::model::Rgb;

/// The editor's design tokens.
#[derive(Clone, Debug)]
pub struct Theme {
    /// Is this the dark theme?
    pub dark: bool,
    /// Canvas background.
    pub canvas: Color32,
    /// Grid lines.
    pub grid: Color32,
    /// An ordinary room's fill.
    pub room_fill: Color32,
    /// An ordinary room's outline.
    pub room_stroke: Color32,
    /// Text in an ordinary room.
    pub room_text: Color32,
    /// The start room's fill (white, as in the lock-and-key article).
    pub start_fill: Color32,
    /// Text in the start room.
    pub start_text: Color32,
    /// The goal room's fill (black).
    pub goal_fill: Color32,
    /// Text in the goal room.
    pub goal_text: Color32,
    /// An open door.
    pub door: Color32,
    /// Selection outlines and handles.
    pub selection: Color32,
    /// Hover highlight.
    pub hover: Color32,
    /// The solution path.
    pub solution: Color32,
    /// Levers and their wiring.
    pub lever: Color32,
    /// Small keys and small locks.
    pub small_key: Color32,
    /// Solvable, in the status bar.
    pub good: Color32,
    /// Warnings.
    pub warning: Color32,
    /// Errors and unsolvable.
    pub bad: Color32,
    /// Secondary text.
    pub weak_text: Color32,
    /// Glyphs and badge text on light marks.
    pub ink_on_light: Color32,
    /// Glyphs and badge text on dark marks.
    pub ink_on_dark: Color32,
}

impl Theme {
    /// The dark theme.
    pub fn dark() -> Self {
        Self {
            dark: true,
            canvas: Color32::from_rgb(0x1e, 0x21, 0x26),
            grid: Color32::from_rgb(0x2a, 0x2e, 0x35),
            room_fill: Color32::from_rgb(0x3a, 0x40, 0x4a),
            room_stroke: Color32::from_rgb(0x6b, 0x74, 0x82),
            room_text: Color32::from_rgb(0xe6, 0xe8, 0xeb),
            start_fill: Color32::from_rgb(0xf4, 0xf5, 0xf7),
            start_text: Color32::from_rgb(0x1e, 0x21, 0x26),
            goal_fill: Color32::from_rgb(0x05, 0x05, 0x06),
            goal_text: Color32::from_rgb(0xf4, 0xf5, 0xf7),
            door: Color32::from_rgb(0x9a, 0xa3, 0xb0),
            selection: Color32::from_rgb(0x4d, 0xa3, 0xff),
            hover: Color32::from_rgb(0x8c, 0xc4, 0xff),
            solution: Color32::from_rgb(0x3d, 0xd6, 0x8c),
            lever: Color32::from_rgb(0xe0, 0xb0, 0x4a),
            small_key: Color32::from_rgb(0xc0, 0xc6, 0xcf),
            good: Color32::from_rgb(0x3d, 0xd6, 0x8c),
            warning: Color32::from_rgb(0xf0, 0xb4, 0x29),
            bad: Color32::from_rgb(0xff, 0x6b, 0x6b),
            weak_text: Color32::from_rgb(0x9a, 0xa3, 0xb0),
            ink_on_light: Color32::from_rgb(0x10, 0x10, 0x12),
            ink_on_dark: Color32::from_rgb(0xff, 0xff, 0xff),
        }
    }

    /// The light theme.
    pub fn light() -> Self {
        Self {
            dark: false,
            canvas: Color32::from_rgb(0xf3, 0xf4, 0xf6),
            grid: Color32::from_rgb(0xe2, 0xe5, 0xea),
            room_fill: Color32::from_rgb(0xd5, 0xdb, 0xe3),
            room_stroke: Color32::from_rgb(0x7d, 0x87, 0x96),
            room_text: Color32::from_rgb(0x1e, 0x21, 0x26),
            start_fill: Color32::from_rgb(0xff, 0xff, 0xff),
            start_text: Color32::from_rgb(0x1e, 0x21, 0x26),
            goal_fill: Color32::from_rgb(0x10, 0x10, 0x12),
            goal_text: Color32::from_rgb(0xff, 0xff, 0xff),
            door: Color32::from_rgb(0x5f, 0x68, 0x75),
            selection: Color32::from_rgb(0x1a, 0x73, 0xe8),
            hover: Color32::from_rgb(0x5c, 0x9d, 0xf0),
            solution: Color32::from_rgb(0x12, 0x9e, 0x5a),
            lever: Color32::from_rgb(0xb0, 0x7d, 0x10),
            small_key: Color32::from_rgb(0x6b, 0x74, 0x82),
            good: Color32::from_rgb(0x12, 0x9e, 0x5a),
            warning: Color32::from_rgb(0xb3, 0x7a, 0x00),
            bad: Color32::from_rgb(0xd0, 0x30, 0x30),
            weak_text: Color32::from_rgb(0x5f, 0x68, 0x75),
            ink_on_light: Color32::from_rgb(0x10, 0x10, 0x12),
            ink_on_dark: Color32::from_rgb(0xff, 0xff, 0xff),
        }
    }

    /// The theme for `dark`.
    pub fn new(dark: bool) -> Self {
        if dark { Self::dark() } else { Self::light() }
    }

    /// A key colour from the level, for the screen.
    pub fn key(c: Rgb) -> Color32 {
        let [r, g, b] = c.0;
        Color32::from_rgb(r, g, b)
    }

    /// Text that reads on a mark filled with `fill`.
    pub fn ink_on(&self, fill: Color32) -> Color32 {
        let light =
            u32::from(fill.r()) * 299 + u32::from(fill.g()) * 587 + u32::from(fill.b()) * 114
                > 140_000;
        if light {
            self.ink_on_light
        } else {
            self.ink_on_dark
        }
    }

    /// Outline for canvas shapes at zoom 1.
    pub fn outline(&self, color: Color32) -> Stroke {
        Stroke::new(1.5, color)
    }
}

/// Room size on the canvas, in canvas units.
pub const ROOM_SIZE: egui::Vec2 = egui::vec2(
    crate::export::geometry::ROOM_W as f32,
    crate::export::geometry::ROOM_H as f32,
);
/// Grid spacing, in canvas units.
pub const GRID: f32 = 20.0;
