//! What keeps the chosen generator from the level on the canvas, all of it
//! at once, each with the button that clears it in one undoable edit.

use crate::generate::Generator;
use egui::{RichText, Ui};

use super::form::Form;
use crate::document::{Document, LevelCommand};
use crate::editor::intent::{Intent, SelectMode};
use crate::editor::theme::Theme;
use crate::generate::obstacles::{Fix, Obstacle, obstacles};
use crate::model::{ItemId, Level};

/// The obstacles of one level revision for one generator, worked out once.
#[derive(Default)]
pub struct Blockers {
    cached: Option<(u64, Generator, bool, Vec<Obstacle>)>,
}

impl Blockers {
    /// The obstacles to the run the form describes (none when it makes a new level).
    pub fn of(&mut self, form: &Form, doc: &Document) -> &[Obstacle] {
        let Some(user) = user(form) else {
            return &[];
        };
        let rewire = form.kind == Generator::Levers && form.rewire;
        let stale = self
            .cached
            .as_ref()
            .is_none_or(|(rev, u, r, _)| (*rev, *u, *r) != (doc.revision(), user, rewire));
        if stale {
            let mut found = obstacles(doc.level(), user);
            // Rewiring clears every lever's wiring first.
            found.retain(|o| !(rewire && *o == Obstacle::AllWired));
            self.cached = Some((doc.revision(), user, rewire, found));
        }
        self.cached
            .as_ref()
            .map_or(&[], |(.., found)| found.as_slice())
    }
}

/// Which generator reads the level on the canvas, if this run does.
fn user(form: &Form) -> Option<Generator> {
    if !form.uses_canvas() {
        return None;
    }
    Some(form.kind)
}

/// Lists the obstacles with their fixes.
pub fn blockers_ui(
    ui: &mut Ui,
    found: &[Obstacle],
    level: &Level,
    theme: &Theme,
    out: &mut Vec<Intent>,
) {
    if found.is_empty() {
        return;
    }
    ui.label(
        RichText::new("Before this generator can work on the level on the canvas:")
            .strong()
            .color(theme.warning),
    );
    for obstacle in found {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "• {}",
                    super::fields::capitalised(&obstacle.to_string())
                ))
                .color(theme.warning),
            );
            let items = obstacle.items();
            if !items.is_empty()
                && ui
                    .small_button("Select")
                    .on_hover_text("Select these on the canvas")
                    .clicked()
            {
                out.push(Intent::Select(items, SelectMode::Replace));
            }
            match obstacle.fix() {
                Some(fix) => {
                    let button = ui
                        .button(fix.label())
                        .on_hover_text("One undoable edit (Ctrl+Z takes it back)");
                    if button.clicked() {
                        out.push(Intent::Edit(fix_command(fix, level)));
                    }
                }
                None => {
                    ui.label(RichText::new(hint(obstacle)).color(theme.weak_text));
                }
            }
        });
    }
}

/// What to do about an obstacle that has no one-click fix.
fn hint(obstacle: &Obstacle) -> &'static str {
    match obstacle {
        Obstacle::Invalid { .. } => "see Problems on the left",
        Obstacle::AllWired => {
            "tick \u{201c}Rewire levers that are already wired\u{201d}, or add a lever"
        }
        Obstacle::TooManyDoors { .. } => "remove doors, or split the level",
        Obstacle::GoalUnreachable { .. } => "draw doors between them",
        _ => "",
    }
}

/// The edit that clears an obstacle, as one undo step.
pub fn fix_command(fix: Fix, level: &Level) -> LevelCommand {
    let doors = |pick: &dyn Fn(&crate::model::Door) -> bool,
                 change: &dyn Fn(&mut crate::model::Door)| {
        level
            .doors
            .iter()
            .filter(|d| pick(d))
            .map(|d| {
                let mut d = d.clone();
                change(&mut d);
                LevelCommand::SetDoor(d)
            })
            .collect::<Vec<_>>()
    };
    let (label, commands) = match fix {
        Fix::RemoveKeys => (
            "remove keys",
            vec![LevelCommand::Delete(
                level
                    .keys
                    .iter()
                    .map(|k| ItemId::Key(k.id.clone()))
                    .collect(),
            )],
        ),
        Fix::AddLever => (
            "add lever",
            vec![LevelCommand::AddLever {
                room: level.start.clone(),
            }],
        ),
        Fix::Unlock => ("unlock doors", doors(&|d| d.is_locked(), &|d| d.unlock())),
        Fix::CloseDoors => ("close doors", doors(&|d| d.open, &|d| d.open = false)),
    };
    LevelCommand::Batch { label, commands }
}
