//! A door's `open_when`: one row per alternative ("either … or …"), each a
//! list of levers with the position they must stand in. A click flips a
//! lever's position; levers and alternatives are added and removed. Each
//! change is one `SetDoor` command.

use egui::{Button, ComboBox, RichText, Ui};

use super::heading_small;
use super::widgets::emit;
use crate::document::LevelCommand;
use crate::editor::intent::Intent;
use crate::editor::view::View;
use crate::model::{Condition, Door, Literal, condition_words};

/// Emits the door with its condition changed by `change`.
fn set(out: &mut Vec<Intent>, door: &Door, change: impl FnOnce(&mut Option<Condition>)) {
    let mut changed = door.clone();
    let mut condition = changed.open_when.take();
    change(&mut condition);
    changed.set_open_when(condition);
    emit(out, LevelCommand::SetDoor(changed), None);
}

/// The arrow of a lever position: down when pulled an odd number of times.
pub fn arrow(pulled: bool) -> &'static str {
    if pulled { "⬇" } else { "⬆" }
}

/// The condition editor.
pub fn condition_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let theme = view.theme;
    heading_small(
        ui,
        "Opens when",
        "The door is open exactly while one of these alternatives holds: every lever \
         in it stands as shown (down: pulled an odd number of times)",
    );
    let Some(condition) = &door.open_when else {
        no_condition_ui(ui, view, door, out);
        return;
    };
    ui.label(RichText::new(condition_words(condition)).color(theme.weak_text));
    for (i, alternative) in condition.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            alternative_ui(ui, view, door, i, alternative, out);
        });
    }
    ui.horizontal(|ui| {
        if ui
            .button("+ Add an alternative")
            .on_hover_text("Another combination of levers that also opens the door")
            .clicked()
        {
            let first = first_literal(view);
            set(out, door, |c| {
                if let Some(c) = c {
                    c.push(first.into_iter().collect());
                }
            });
        }
        if ui
            .button("Remove condition")
            .on_hover_text("The door no longer depends on levers' positions")
            .clicked()
        {
            set(out, door, |c| *c = None);
        }
    });
}

/// No condition yet: a button to add one (not for a door a lever toggles).
fn no_condition_ui(ui: &mut Ui, view: &View<'_>, door: &Door, out: &mut Vec<Intent>) {
    let theme = view.theme;
    ui.label(RichText::new("No condition: open or closed by itself").color(theme.weak_text));
    let toggled = view
        .level
        .levers
        .iter()
        .any(|l| l.toggles.contains(&door.id));
    let first = first_literal(view);
    let enabled = !toggled && first.is_some();
    let response = ui
        .add_enabled(enabled, Button::new("+ Add a condition"))
        .on_hover_text("Open the door only for some positions of the levers")
        .on_disabled_hover_text(if toggled {
            "A lever toggles this door: take it off the lever first"
        } else {
            "No levers yet: add a lever first"
        });
    if response.clicked() {
        set(out, door, |c| *c = Some(vec![first.into_iter().collect()]));
    }
}

/// The literal a new alternative starts with: the first lever, down.
fn first_literal(view: &View<'_>) -> Option<Literal> {
    view.level.levers.first().map(|l| Literal {
        lever: l.id.clone(),
        pulled: true,
    })
}

/// One alternative: its levers (click to flip, 🗙 to remove), a picker to
/// add a lever, and a button to remove the alternative.
fn alternative_ui(
    ui: &mut Ui,
    view: &View<'_>,
    door: &Door,
    i: usize,
    alternative: &[Literal],
    out: &mut Vec<Intent>,
) {
    let (level, theme) = (view.level, view.theme);
    let n = i + 1;
    let word = if i == 0 { "either" } else { "or" };
    ui.label(RichText::new(word).color(theme.weak_text));
    if alternative.is_empty() {
        ui.label(RichText::new("always").italics());
    }
    for (j, literal) in alternative.iter().enumerate() {
        let text = format!(
            "{} {} {}",
            literal.lever,
            arrow(literal.pulled),
            literal.position()
        );
        let text = if level.lever(&literal.lever).is_some() {
            RichText::new(text).color(theme.lever)
        } else {
            RichText::new(format!("{text} (no such lever)")).color(theme.bad)
        };
        let other = if literal.pulled { "up" } else { "down" };
        let flip = ui
            .button(text)
            .on_hover_text(format!("Click to need {} {other} instead", literal.lever));
        if flip.clicked() {
            set(out, door, |c| {
                if let Some(l) = c.as_mut().and_then(|c| c.get_mut(i)?.get_mut(j)) {
                    l.pulled = !l.pulled;
                }
            });
        }
        let name = format!("Remove {} from alternative {n}", literal.lever);
        if ui
            .small_button("🗙")
            .accessible_name(&name)
            .on_hover_text(&name)
            .clicked()
        {
            set(out, door, |c| {
                if let Some(all) = c.as_mut().and_then(|c| c.get_mut(i))
                    && j < all.len()
                {
                    all.remove(j);
                }
            });
        }
    }
    add_lever_ui(ui, view, door, i, alternative, out);
    let name = format!("Remove alternative {n}");
    if ui
        .small_button("🗑")
        .accessible_name(&name)
        .on_hover_text(&name)
        .clicked()
    {
        set(out, door, |c| {
            if let Some(c) = c
                && i < c.len()
            {
                c.remove(i);
            }
        });
    }
}

/// A picker of the levers an alternative does not name yet.
fn add_lever_ui(
    ui: &mut Ui,
    view: &View<'_>,
    door: &Door,
    i: usize,
    alternative: &[Literal],
    out: &mut Vec<Intent>,
) {
    let labels = view.labels();
    let free: Vec<_> = view
        .level
        .levers
        .iter()
        .filter(|l| !alternative.iter().any(|x| x.lever == l.id))
        .collect();
    if free.is_empty() {
        return;
    }
    let shown = ComboBox::from_id_salt(("add-literal", door.id.as_str(), i))
        .selected_text("+ lever")
        .width(70.0)
        .show_ui(ui, |ui| {
            for lever in free {
                if ui
                    .selectable_label(false, labels.lever(&lever.id))
                    .clicked()
                {
                    let literal = Literal {
                        lever: lever.id.clone(),
                        pulled: true,
                    };
                    set(out, door, |c| {
                        if let Some(all) = c.as_mut().and_then(|c| c.get_mut(i)) {
                            all.push(literal);
                        }
                    });
                }
            }
        });
    let _ = shown
        .response
        .accessible_name(format!("Add a lever to alternative {}", i + 1))
        .on_hover_text("Make this alternative need one more lever (down at first)");
}
