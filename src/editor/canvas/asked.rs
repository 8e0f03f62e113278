//! The constraints a designer set for the generators (`props.lockwork`,
//! see `generate::Constraints`), drawn as small tags under their door or
//! room, so that what the generators will honour is in sight.

use egui::{CornerRadius, FontId, Painter, Pos2, Rect, Vec2};

use super::lod::Lod;
use super::paint::{DoorDrawn, spot_clear_of};
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
/// `drawn` says is drawn and of the `rooms` at its ends with the keys on
/// their bottom edges (under a short door, "lock here" hid the Hall's
/// name); `None` when no place near the door is clear: the tag gives way,
/// as labels do.
pub(super) fn door_tag_spot(
    seg: (Pos2, Pos2),
    drawn: &DoorDrawn,
    rooms: [Rect; 2],
    lod: Lod,
    size: Vec2,
) -> Option<Rect> {
    let below = Vec2::new(0.0, super::overlay::key_marks_below(lod));
    let rooms = rooms.map(|r| r.expand2(below));
    spot_clear_of(seg, drawn, &rooms, size)
}

/// Where a room's tag of `size` goes: under the keys that stand on the
/// room's bottom edge, in the middle or beside it, or over the top edge,
/// whichever first keeps clear of the door labels, marks and badges
/// drawn (`taken`: below the readable size a side door's id sat under the
/// room, and the tag hid it); `None` when none does: the tag gives way.
pub(super) fn room_tag_spot(room: Rect, lod: Lod, size: Vec2, taken: &[Rect]) -> Option<Rect> {
    let gap = 2.0;
    let below = room.bottom() + super::overlay::key_marks_below(lod) + gap;
    let above = room.top() - gap - size.y;
    let mid = room.center().x;
    // Beside the middle: a door straight down has its id just right of it.
    let xs = [mid - size.x / 2.0, mid - size.x - gap, mid + gap];
    (xs.into_iter().map(|x| (x, below)))
        .chain([(mid - size.x / 2.0, above)])
        .map(|(x, y)| Rect::from_min_size(Pos2::new(x, y), size))
        .find(|spot| taken.iter().all(|t| !t.intersects(*spot)))
}

#[cfg(test)]
mod tests {
    use egui::{Rect, pos2, vec2};

    use super::{door_tag_spot, room_tag_spot};
    use crate::editor::canvas::lod::Lod;
    use crate::editor::canvas::paint::DoorDrawn;

    /// A tag goes beside its door, clear of the door's marks and badge and
    /// of the rooms at its ends; where none of that leaves room near the
    /// door, it gives way.
    #[test]
    fn a_door_tag_keeps_clear_of_the_door_and_its_rooms() {
        let size = vec2(40.0, 12.0);
        let lod = Lod::new(1.0);
        let mid = pos2(100.0, 50.0);
        let marks = Rect::from_center_size(mid, vec2(12.0, 12.0));
        let badge = Rect::from_center_size(mid + vec2(0.0, 14.0), vec2(16.0, 12.0));
        let drawn = DoorDrawn {
            marks,
            id: None,
            cost: None,
            badge: Some(badge),
        };
        let room = |x: f32, h: f32| Rect::from_center_size(pos2(x, 50.0), vec2(60.0, h));
        let long = (pos2(60.0, 50.0), pos2(140.0, 50.0));
        let rooms = [room(30.0, 30.0), room(170.0, 30.0)];
        let spot = door_tag_spot(long, &drawn, rooms, lod, size).expect("80 long holds 40 wide");
        assert!(
            !spot.intersects(marks) && !spot.intersects(badge),
            "{spot:?}"
        );
        assert!(
            (spot.center().y - mid.y).abs() < 30.0,
            "near its door: {spot:?}"
        );
        // A door shorter than the tag: the tag goes out past the rooms.
        let short = (pos2(85.0, 50.0), pos2(115.0, 50.0));
        let rooms = [room(55.0, 30.0), room(145.0, 30.0)];
        let spot = door_tag_spot(short, &drawn, rooms, lod, size).expect("past the rooms");
        assert!(rooms.iter().all(|r| !r.intersects(spot)), "{spot:?}");
        // Rooms too tall to go round near the door: no tag.
        let tall = [room(55.0, 900.0), room(145.0, 900.0)];
        assert_eq!(door_tag_spot(short, &drawn, tall, lod, size), None);
    }

    /// A room's tag goes under the room, and moves aside from a door label
    /// there (a side door's id under the room); boxed in, it gives way.
    #[test]
    fn a_room_tag_keeps_clear_of_the_door_labels() {
        let lod = Lod::new(0.35);
        let size = vec2(30.0, 8.0);
        let room = Rect::from_min_size(pos2(0.0, 0.0), vec2(60.0, 30.0));
        let free = room_tag_spot(room, lod, size, &[]).expect("nothing in the way");
        assert!(free.top() > room.bottom() && (free.center().x - 30.0).abs() < 0.5);
        // A door id label just under the middle of the room.
        let label = Rect::from_center_size(pos2(30.0, free.center().y), vec2(12.0, 6.0));
        let moved = room_tag_spot(room, lod, size, &[label]).expect("a corner is free");
        assert!(
            !moved.intersects(label) && !moved.intersects(room),
            "{moved:?}"
        );
        // Labels all round: no tag.
        let wall = Rect::from_min_max(pos2(-100.0, -100.0), pos2(200.0, -1.0));
        let floor = Rect::from_min_max(pos2(-100.0, 31.0), pos2(200.0, 100.0));
        assert_eq!(room_tag_spot(room, lod, size, &[wall, floor]), None);
    }
}
