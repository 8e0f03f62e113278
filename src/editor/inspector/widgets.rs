//! The building blocks of the inspector's forms (and the lists' swatches):
//! labelled rows that return what the designer changed, never change it.

use egui::emath::Numeric;
use egui::{Atom, Color32, ComboBox, DragValue, Response, RichText, Stroke, TextEdit, Ui};
use egui::{Vec2, pos2};

use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::theme::Theme;
use crate::editor::view::View;
use crate::model::{ItemId, KeyId, RoomId, palette};

/// Width of the inspector's text fields and pickers.
pub const FIELD_WIDTH: f32 = 170.0;

/// Pushes `command`, merged with the edits of the same key when `merge` is set.
pub fn emit(out: &mut Vec<Intent>, command: LevelCommand, merge: Option<String>) {
    out.push(match merge {
        Some(key) => Intent::EditMerging(command, key),
        None => Intent::Edit(command),
    });
}

/// The merge key of a continuous edit of `field`: one for the whole of a drag
/// or a stretch of typing, and a new one each time the widget is taken up
/// again, so that two separate edits are two undo steps.
///
/// Call it every frame the widget is shown, not only when it changed.
pub fn merge_key(ui: &Ui, response: &Response, field: &str) -> String {
    let id = response.id.with("lockwork-edit-session");
    let restarted = response.drag_started() || response.gained_focus() || response.clicked();
    let session = ui.data_mut(|d| {
        let session = d.get_temp_mut_or_default::<u64>(id);
        if restarted {
            *session += 1;
        }
        *session
    });
    format!("{field}#{session}")
}

/// A grid row's label, in the theme's secondary text colour.
pub fn row_label(ui: &mut Ui, view: &View<'_>, text: &str) -> Response {
    ui.label(RichText::new(text).color(view.theme.weak_text))
}

/// A read-only grid row.
pub fn info_row(ui: &mut Ui, view: &View<'_>, label: &str, value: impl Into<egui::WidgetText>) {
    let l = row_label(ui, view, label);
    ui.label(value).labelled_by(l.id);
    ui.end_row();
}

/// A one-line text field in a grid row; returns the new text and its merge
/// key when typed in. `field` names the field (and keys its undo merging).
pub fn text_row(
    ui: &mut Ui,
    view: &View<'_>,
    label: &str,
    value: &str,
    field: &str,
) -> Option<(String, String)> {
    let l = row_label(ui, view, label);
    let mut text = value.to_owned();
    let response = ui
        .add(
            TextEdit::singleline(&mut text)
                .id_salt(field)
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(l.id);
    ui.end_row();
    let key = merge_key(ui, &response, field);
    response.changed().then_some((text, key))
}

/// A number in a grid row, dragged or typed; returns the new value and its
/// merge key when changed.
pub fn number_row<N: Numeric>(
    ui: &mut Ui,
    view: &View<'_>,
    label: &str,
    value: N,
    range: std::ops::RangeInclusive<N>,
    speed: f64,
    field: &str,
) -> Option<(N, String)> {
    let l = row_label(ui, view, label);
    let mut v = value;
    let response = ui
        .add(
            DragValue::new(&mut v)
                .range(range)
                // Showing a value must never change the level; only the designer does.
                .clamp_existing_to_range(false)
                .speed(speed),
        )
        .labelled_by(l.id);
    ui.end_row();
    let key = merge_key(ui, &response, field);
    (response.changed() && v != value).then_some((v, key))
}

/// A checkbox in a grid row; returns the new state when clicked.
pub fn check_row(ui: &mut Ui, view: &View<'_>, label: &str, text: &str, on: bool) -> Option<bool> {
    row_label(ui, view, label);
    let mut checked = on;
    let changed = ui.checkbox(&mut checked, text).changed();
    ui.end_row();
    changed.then_some(checked)
}

/// A link-like button naming an item; clicking it frames the item.
pub fn item_link(ui: &mut Ui, text: impl Into<String>, item: ItemId, out: &mut Vec<Intent>) {
    let text = text.into();
    if ui
        .link(text)
        .on_hover_text(format!("Select {item} and show it"))
        .clicked()
    {
        out.push(Intent::Frame(item));
    }
}

/// A combo box choosing one room; returns the room picked when it differs.
pub fn room_picker(
    ui: &mut Ui,
    view: &View<'_>,
    salt: &str,
    current: &RoomId,
    label: &Response,
) -> Option<RoomId> {
    let labels = view.labels();
    let level = view.level;
    let mut picked = None;
    let shown = ComboBox::from_id_salt(salt)
        .selected_text(labels.room(current))
        .width(FIELD_WIDTH)
        .show_ui(ui, |ui| {
            for room in &level.rooms {
                let selected = &room.id == current;
                if ui
                    .selectable_label(selected, labels.room(&room.id))
                    .clicked()
                    && !selected
                {
                    picked = Some(room.id.clone());
                }
            }
        });
    let _ = shown.response.labelled_by(label.id);
    picked
}

/// The colour a key and its locks are drawn in.
pub fn key_color(view: &View<'_>, id: &KeyId) -> Color32 {
    match view.index.key(id) {
        Some(i) if view.level.keys[i].small => view.theme.small_key,
        Some(i) => Theme::key((view.key_colors.get(i).copied()).unwrap_or(palette::KEY_COLORS[0])),
        None => view.theme.bad,
    }
}

/// Size of a swatch in the lists and the inspector.
const SWATCH: f32 = 12.0;

/// A key's mark, as on the canvas: a key in its colour (outlined only for
/// a small key).
pub fn key_swatch<'a>(color: Color32, small: bool, outline: Color32) -> Atom<'a> {
    key_swatch_with(color, small, outline, None)
}

/// A key's mark with its glyph (keys past the tenth), as on the canvas;
/// `ink` writes the glyph.
pub fn key_swatch_with<'a>(
    color: Color32,
    small: bool,
    outline: Color32,
    glyph: Option<(String, Color32)>,
) -> Atom<'a> {
    let size = if glyph.is_some() {
        Vec2::new(SWATCH * 1.9, SWATCH * 1.2)
    } else {
        Vec2::new(SWATCH * 1.6, SWATCH)
    };
    Atom::paint(size, move |ui, args| {
        let r = args.rect.shrink(0.5);
        let h = r.height();
        let bow = pos2(r.left() + h / 2.0, r.center().y);
        let shaft = egui::Rect::from_min_max(
            pos2(bow.x, r.center().y - h * 0.12),
            pos2(r.right(), r.center().y + h * 0.12),
        );
        let bit = egui::Rect::from_min_max(
            pos2(r.right() - h * 0.3, r.center().y),
            pos2(r.right(), r.center().y + h * 0.4),
        );
        let painter = ui.painter();
        if small {
            let stroke = Stroke::new(1.5, color);
            painter.rect_stroke(shaft, 0.0, stroke, egui::StrokeKind::Inside);
            painter.circle_stroke(bow, h / 2.0 - 0.75, stroke);
        } else {
            let stroke = Stroke::new(1.0, outline);
            painter.rect(shaft, 0.0, color, Stroke::NONE, egui::StrokeKind::Inside);
            painter.rect(bit, 0.0, color, Stroke::NONE, egui::StrokeKind::Inside);
            painter.circle(bow, h / 2.0, color, stroke);
            if let Some((glyph, ink)) = &glyph {
                let font = h * if glyph.chars().count() > 1 { 0.5 } else { 0.72 };
                painter.text(
                    bow,
                    egui::Align2::CENTER_CENTER,
                    glyph,
                    egui::FontId::proportional(font),
                    *ink,
                );
            }
        }
    })
}

/// A lock's mark, as on the canvas: a square in its key's colour.
pub fn lock_swatch<'a>(color: Color32, outline: Color32) -> Atom<'a> {
    Atom::paint(Vec2::splat(SWATCH), move |ui, args| {
        let r = args.rect.shrink(1.5);
        ui.painter().rect(
            r,
            2.0,
            color,
            Stroke::new(1.0, outline),
            egui::StrokeKind::Inside,
        );
    })
}

/// A round mark in one colour (levers, problems).
pub fn dot<'a>(color: Color32) -> Atom<'a> {
    Atom::paint(Vec2::splat(SWATCH), move |ui, args| {
        ui.painter()
            .circle_filled(args.rect.center(), SWATCH * 0.3, color);
    })
}

/// Each of `keys` as a ticked checkbox beside its lock swatch, a key the
/// level lacks in red; `hover` says what unticking does. Returns the key
/// unticked, if one was.
pub fn ticked_keys<'k>(
    ui: &mut Ui,
    view: &View<'_>,
    keys: &'k [KeyId],
    hover: &str,
) -> Option<&'k KeyId> {
    let (labels, theme) = (view.labels(), view.theme);
    let mut unticked = None;
    for key in keys {
        let mut on = true;
        let swatch = lock_swatch(key_color(view, key), theme.room_stroke);
        let text = if view.level.key(key).is_some() {
            RichText::new(labels.key(key))
        } else {
            RichText::new(format!("{key} (no such key)")).color(theme.bad)
        };
        let checkbox = egui::Checkbox::new(&mut on, (swatch, text));
        if ui.add(checkbox).on_hover_text(hover).changed() {
            unticked = Some(key);
        }
    }
    unticked
}

/// A picker of `keys`, each beside its lock swatch: `title` is shown and
/// is its accessible name, `hover` what picking does, and `salt` tells it
/// from the other pickers. Returns the key picked, if one was.
pub fn key_picker<'k>(
    ui: &mut Ui,
    view: &View<'_>,
    salt: (&str, &str),
    (title, hover): (&str, &str),
    keys: &[&'k KeyId],
) -> Option<&'k KeyId> {
    let mut picked = None;
    let shown = ComboBox::from_id_salt(salt)
        .selected_text(format!("{title}…"))
        .width(FIELD_WIDTH)
        .show_ui(ui, |ui| {
            for &key in keys {
                let swatch = lock_swatch(key_color(view, key), view.theme.room_stroke);
                let item = egui::Button::selectable(false, (swatch, view.labels().key(key)));
                if ui.add(item).clicked() {
                    picked = Some(key);
                }
            }
        });
    let _ = shown.response.accessible_name(title).on_hover_text(hover);
    picked
}
