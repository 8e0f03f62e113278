//! The constraints a designer set for the generators (`props.lockwork`,
//! see `generate::Constraints`), drawn as small tags under their door or
//! room, so that what the generators will honour is in sight.

use egui::{Align2, FontId, Painter, Pos2};

use super::lod::Lod;
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

/// Draws `tag` centred at `at`, its top there.
pub(super) fn paint_tag(painter: &Painter, at: Pos2, tag: &str, theme: &Theme, lod: Lod) {
    painter.text(
        at,
        Align2::CENTER_TOP,
        tag,
        FontId::proportional(lod.font(10.0)),
        theme.warning,
    );
}
