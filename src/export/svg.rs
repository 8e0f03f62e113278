//! SVG drawn the way the editor's canvas draws a level, in light colours
//! for documents: white start, black goal, keys as coloured triangles and
//! locks as squares of the same colour, dashed closed doors, arrowheads on
//! one-way doors, levers with dashed wiring to the doors they toggle.

use std::fmt::Write;

use super::escape;
use super::geometry::{Point, ROOM_H, ROOM_W, door_segments, room_centers};
use crate::model::{Background, Level, Rgb, palette};

/// The export's colours: one place, print-friendly.
mod style {
    pub const BACKGROUND: &str = "#f6f7f9";
    pub const ROOM_FILL: &str = "#d5dbe3";
    pub const ROOM_STROKE: &str = "#7d8796";
    pub const TEXT: &str = "#1e2126";
    pub const WEAK_TEXT: &str = "#5f6875";
    pub const START_FILL: &str = "#ffffff";
    pub const GOAL_FILL: &str = "#101012";
    pub const GOAL_TEXT: &str = "#ffffff";
    pub const DOOR: &str = "#5f6875";
    pub const SMALL_KEY: &str = "#6b7482";
    pub const LEVER: &str = "#b07d10";
    pub const FONT: &str = "Ubuntu, Helvetica, Arial, sans-serif";
}

const MARGIN: f64 = 40.0;

/// The level as a standalone SVG document. A background picture
/// ([`crate::model::Background`]) is linked by the path the level stores,
/// which resolves when the SVG lies beside the level file.
pub fn to_svg(level: &Level) -> String {
    let href = Background::of(level).map(|b| b.image);
    to_svg_with_background(level, href.as_deref())
}

/// [`to_svg`] with the background picture linked as `href` (a path or URL
/// that resolves from where the SVG is read), or drawn without one (`None`).
///
/// ```
/// use lockwork::model::{Background, Level, Room};
/// let mut level = Level::new("Crypt");
/// level.rooms.push(Room::new("a", [0.0, 0.0]));
/// Background::new("crypt.png", [-50.0, -50.0], [400.0, 300.0]).put(&mut level.props);
/// let svg = lockwork::export::to_svg_with_background(&level, Some("/maps/crypt.png"));
/// assert!(svg.contains(r#"<image href="/maps/crypt.png""#));
/// assert!(!lockwork::export::to_svg_with_background(&level, None).contains("<image"));
/// ```
pub fn to_svg_with_background(level: &Level, href: Option<&str>) -> String {
    let centers = room_centers(level);
    let doors = door_segments(level, &centers);
    let background = Background::of(level).filter(|_| href.is_some());
    let colors = palette::key_colors(level);
    let (min, max) = bounds(&centers, background.as_ref());
    let (width, height) = (
        max[0] - min[0] + 2.0 * MARGIN,
        max[1] - min[1] + 2.0 * MARGIN + 24.0,
    );
    let (ox, oy) = (MARGIN - min[0], MARGIN + 24.0 - min[1]);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="{}">"#,
        style::FONT
    );
    let _ = writeln!(
        s,
        r#"<rect width="100%" height="100%" fill="{}"/>"#,
        style::BACKGROUND
    );
    let title = if level.name.is_empty() {
        "Untitled level"
    } else {
        &level.name
    };
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="26" font-size="16" fill="{}">{}</text>"#,
        style::TEXT,
        escape(title)
    );
    let _ = writeln!(s, r#"<g transform="translate({ox:.2} {oy:.2})">"#);
    if let (Some(b), Some(href)) = (&background, href) {
        let _ = writeln!(
            s,
            r#"<image href="{}" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" opacity="{:.2}" preserveAspectRatio="none"/>"#,
            escape(href),
            b.x,
            b.y,
            b.width,
            b.height,
            b.opacity
        );
    }
    for (door, seg) in level.doors.iter().zip(&doors) {
        if let Some((a, b)) = seg {
            door_svg(&mut s, level, &colors, door, *a, *b);
        }
    }
    for lever in &level.levers {
        wiring_svg(&mut s, level, lever, &centers, &doors);
    }
    for (r, room) in level.rooms.iter().enumerate() {
        room_svg(&mut s, level, &colors, r, room, centers[r]);
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// The drawing's extent: every room, and the background picture.
fn bounds(centers: &[Point], background: Option<&Background>) -> (Point, Point) {
    let mut min = [f64::INFINITY; 2];
    let mut max = [f64::NEG_INFINITY; 2];
    if let Some(b) = background {
        min = [b.x, b.y];
        max = [b.x + b.width, b.y + b.height];
    }
    for c in centers {
        min = [
            min[0].min(c[0] - ROOM_W / 2.0),
            min[1].min(c[1] - ROOM_H / 2.0 - 10.0),
        ];
        max = [
            max[0].max(c[0] + ROOM_W / 2.0),
            max[1].max(c[1] + ROOM_H / 2.0 + 10.0),
        ];
    }
    if min[0].is_finite() {
        (min, max)
    } else {
        ([0.0, 0.0], [ROOM_W, ROOM_H])
    }
}

fn door_svg(
    s: &mut String,
    level: &Level,
    colors: &[Rgb],
    door: &crate::model::Door,
    a: Point,
    b: Point,
) {
    let dash = if door.open {
        ""
    } else {
        r#" stroke-dasharray="7 5""#
    };
    let _ = writeln!(
        s,
        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="2.5"{dash}/>"#,
        a[0],
        a[1],
        b[0],
        b[1],
        style::DOOR
    );
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    if door.one_way {
        let back = [b[0] - ux * 13.0, b[1] - uy * 13.0];
        let _ = writeln!(
            s,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}"/>"#,
            b[0],
            b[1],
            back[0] - uy * 6.5,
            back[1] + ux * 6.5,
            back[0] + uy * 6.5,
            back[1] - ux * 6.5,
            style::DOOR
        );
    }
    let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
    let marks = door.locks.len() + usize::from(door.small_locks > 0);
    let size = 13.0;
    let mut x = mid[0] - (marks as f64 * (size + 3.0) - 3.0) / 2.0;
    for key in &door.locks {
        let color = level.keys.iter().position(|k| &k.id == key).map_or_else(
            || style::DOOR.to_owned(),
            |k| {
                colors
                    .get(k)
                    .copied()
                    .unwrap_or(palette::SMALL_KEY)
                    .to_string()
            },
        );
        let _ = writeln!(
            s,
            r#"<rect x="{x:.1}" y="{:.1}" width="{size}" height="{size}" rx="2" fill="{color}" stroke="{}" stroke-width="1.5"/>"#,
            mid[1] - size / 2.0,
            style::BACKGROUND
        );
        x += size + 3.0;
    }
    if door.small_locks > 0 {
        let _ = writeln!(
            s,
            r#"<rect x="{x:.1}" y="{:.1}" width="{size}" height="{size}" rx="2" fill="{}" stroke="{}" stroke-width="1.5"/><text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="{}">{}</text>"#,
            mid[1] - size / 2.0,
            style::BACKGROUND,
            style::SMALL_KEY,
            x + size / 2.0,
            mid[1] + 3.5,
            style::SMALL_KEY,
            door.small_locks
        );
    }
    if marks == 0 {
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{}"/>"#,
            mid[0],
            mid[1],
            style::DOOR
        );
    }
    if door.cost != 1.0 {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle" fill="{}">{}</text>"#,
            mid[0] - uy * 16.0,
            mid[1] + ux * 16.0 + 4.0,
            style::WEAK_TEXT,
            crate::model::format_cost(door.cost)
        );
    }
}

fn wiring_svg(
    s: &mut String,
    level: &Level,
    lever: &crate::model::Lever,
    centers: &[Point],
    doors: &[Option<(Point, Point)>],
) {
    let Some(r) = level.rooms.iter().position(|room| room.id == lever.room) else {
        return;
    };
    let at = lever_point(level, lever, centers[r]);
    for door in &lever.toggles {
        if let Some(Some((a, b))) = level
            .doors
            .iter()
            .position(|d| &d.id == door)
            .map(|d| doors[d])
        {
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="1.2" stroke-dasharray="4 4" opacity="0.7"/>"#,
                at[0],
                at[1],
                (a[0] + b[0]) / 2.0,
                (a[1] + b[1]) / 2.0,
                style::LEVER
            );
        }
    }
}

/// Where a lever stands: along the top edge of its room, right to left.
fn lever_point(level: &Level, lever: &crate::model::Lever, center: Point) -> Point {
    let nth = level
        .levers
        .iter()
        .filter(|l| l.room == lever.room)
        .position(|l| l.id == lever.id)
        .unwrap_or(0);
    [
        center[0] + ROOM_W / 2.0 - 12.0 - nth as f64 * 16.0,
        center[1] - ROOM_H / 2.0,
    ]
}

fn room_svg(
    s: &mut String,
    level: &Level,
    colors: &[Rgb],
    r: usize,
    room: &crate::model::Room,
    c: Point,
) {
    let (fill, text) = if room.id == level.goal {
        (style::GOAL_FILL, style::GOAL_TEXT)
    } else if room.id == level.start {
        (style::START_FILL, style::TEXT)
    } else {
        (style::ROOM_FILL, style::TEXT)
    };
    let _ = writeln!(
        s,
        r#"<rect x="{:.1}" y="{:.1}" width="{ROOM_W}" height="{ROOM_H}" rx="8" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
        c[0] - ROOM_W / 2.0,
        c[1] - ROOM_H / 2.0,
        style::ROOM_STROKE
    );
    let (title, sub) = if room.name.is_empty() {
        (room.id.as_str(), None)
    } else {
        (room.name.as_str(), Some(room.id.as_str()))
    };
    let title_y = if sub.is_some() {
        c[1] - 2.0
    } else {
        c[1] + 5.0
    };
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{title_y:.1}" font-size="14" text-anchor="middle" fill="{text}">{}</text>"#,
        c[0],
        escape(title)
    );
    if let Some(sub) = sub {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="{text}" opacity="0.7">{}</text>"#,
            c[0],
            c[1] + 13.0,
            escape(sub)
        );
    }
    room_keys_svg(s, level, colors, room, c);
    room_levers_svg(s, level, room, c);
    let _ = r;
}

/// The keys lying in `room`, on its bottom edge: one triangle per named key,
/// one for all its small keys.
fn room_keys_svg(
    s: &mut String,
    level: &Level,
    colors: &[Rgb],
    room: &crate::model::Room,
    c: Point,
) {
    let mut x = c[0] - ROOM_W / 2.0 + 14.0;
    let y = c[1] + ROOM_H / 2.0;
    let smalls = level
        .keys
        .iter()
        .filter(|k| k.small && k.room.as_ref() == Some(&room.id))
        .count();
    let mut small_done = false;
    for (k, key) in level
        .keys
        .iter()
        .enumerate()
        .filter(|(_, k)| k.room.as_ref() == Some(&room.id))
    {
        if key.small && std::mem::replace(&mut small_done, true) {
            continue;
        }
        let color = if key.small {
            style::SMALL_KEY.to_owned()
        } else {
            colors
                .get(k)
                .copied()
                .unwrap_or(palette::SMALL_KEY)
                .to_string()
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}" stroke="{}" stroke-width="1"/>"#,
            x,
            y - 6.0,
            x + 6.0,
            y + 4.8,
            x - 6.0,
            y + 4.8,
            style::BACKGROUND
        );
        if key.small && smalls > 1 {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" font-size="10" fill="{}">×{smalls}</text>"#,
                x + 8.0,
                y + 4.0,
                style::TEXT
            );
            x += 12.0;
        }
        x += 16.0;
    }
}

/// The levers standing in `room`.
fn room_levers_svg(s: &mut String, level: &Level, room: &crate::model::Room, c: Point) {
    for lever in level.levers.iter().filter(|l| l.room == room.id) {
        let at = lever_point(level, lever, c);
        let _ = writeln!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="13" height="17" rx="3" fill="{}" stroke="{}"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="2"/><circle cx="{:.1}" cy="{:.1}" r="2.8" fill="{}"/>"#,
            at[0] - 6.5,
            at[1] - 8.5,
            style::BACKGROUND,
            style::LEVER,
            at[0],
            at[1] + 5.0,
            at[0] + 3.0,
            at[1] - 4.0,
            style::LEVER,
            at[0] + 3.0,
            at[1] - 4.0,
            style::LEVER
        );
    }
}
