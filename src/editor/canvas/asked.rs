//! The constraints a designer set for the generators (`props.lockwork`,
//! see `generate::Constraints`), drawn as small tags under their door or
//! room, so that what the generators will honour is in sight.

use egui::{CornerRadius, FontId, Painter, Pos2, Rect, Vec2};

use super::lod::Lod;
use super::paint::{DoorDrawn, badge_spot};
use crate::editor::theme::Theme;
use crate::generate::PROPS_KEY;
use crate::model::Props;

/// The tag of a door's constraint: "no lock" or "lock here".
pub(super) fn door_tag(props: &Props) -> Option<&'static str> {
    match asked(props, "lock")? {
        "never" => Some("no lock"),
        "always" => Some("lock here"),
        _ => None,
    }
}

/// The tag of a room's constraint: "key here" or "no keys".
pub(super) fn room_tag(props: &Props) -> Option<&'static str> {
    match asked(props, "keys")? {
        "always" => Some("key here"),
        "never" => Some("no keys"),
        _ => None,
    }
}

fn asked<'p>(props: &'p Props, field: &str) -> Option<&'p str> {
    props.get(PROPS_KEY)?.get(field)?.as_str()
}

/// Draws `tag` as a small filled label in the rect `place` gives for its
/// size, if it gives one: filled, so that it reads over a door line or the
/// grid and does not look like text spilt from a mark.
pub(super) fn paint_tag(
    painter: &Painter,
    tag: &str,
    theme: &Theme,
    lod: Lod,
    place: impl FnOnce(Vec2) -> Option<Rect>,
) -> Option<Rect> {
    let font = lod.font(9.0);
    let ink = theme.ink_on(theme.warning);
    let galley = painter.layout_no_wrap(tag.to_owned(), FontId::proportional(font), ink);
    let rect = place(galley.size() + Vec2::new(font * 0.8, font * 0.2))?;
    painter.rect_filled(rect, CornerRadius::same(6), theme.warning);
    painter.galley(rect.center() - galley.size() / 2.0, galley, ink);
    Some(rect)
}

/// Where a door's tag of `size` goes beside the door `seg`, clear of what
/// `drawn` says is drawn; `None` when the door is too short for it: the
/// tag would cover the rooms at its ends (zoomed out, "lock here" hid the
/// Hall's name), so it gives way, as labels do.
pub(super) fn door_tag_spot(seg: (Pos2, Pos2), drawn: &DoorDrawn, size: Vec2) -> Option<Rect> {
    let along = (seg.1 - seg.0).normalized();
    let reach = size.x * along.x.abs() + size.y * along.y.abs();
    (reach <= (seg.1 - seg.0).length()).then(|| badge_spot(seg, drawn, size))
}

#[cfg(test)]
mod tests {
    use egui::{Rect, pos2, vec2};

    use super::door_tag_spot;
    use crate::editor::canvas::paint::DoorDrawn;

    /// A tag goes beside a door long enough for it, clear of the door's
    /// marks and badge; on a door shorter than the tag it gives way rather
    /// than cover the rooms at its ends.
    #[test]
    fn a_door_tag_keeps_clear_of_the_door_and_gives_way_when_too_long() {
        let size = vec2(40.0, 12.0);
        let mid = pos2(100.0, 50.0);
        let marks = Rect::from_center_size(mid, vec2(12.0, 12.0));
        let badge = Rect::from_center_size(mid + vec2(0.0, 14.0), vec2(16.0, 12.0));
        let drawn = DoorDrawn {
            marks,
            id: None,
            cost: None,
            badge: Some(badge),
        };
        let long = (pos2(60.0, 50.0), pos2(140.0, 50.0));
        let spot = door_tag_spot(long, &drawn, size).expect("80 long holds a 40-wide tag");
        assert!(
            !spot.intersects(marks) && !spot.intersects(badge),
            "{spot:?}"
        );
        let short = (pos2(85.0, 50.0), pos2(115.0, 50.0));
        assert_eq!(door_tag_spot(short, &drawn, size), None);
        // Upright, the tag stands beside the door: its height is what counts.
        let upright = (pos2(100.0, 30.0), pos2(100.0, 70.0));
        assert!(door_tag_spot(upright, &drawn, size).is_some());
    }
}
