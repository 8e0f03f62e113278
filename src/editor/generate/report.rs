//! What the window says about a generated level: how it was delivered, its
//! size, the figures of its generator record, and every door the generator
//! removed or changed.

use crate::generate::Generator;
use egui::{RichText, Ui};

use super::Deliver;
use crate::editor::theme::Theme;
use crate::generate::Generated;
use crate::model::Level;

/// The window's account of one generated level.
pub struct Report {
    /// The generator that made it.
    pub kind: Generator,
    /// What became of it, in a sentence.
    pub headline: String,
    /// The status-bar message.
    pub status: String,
    /// Rooms, doors, keys and levers.
    pub size: String,
    /// What the generator achieved (the record's `result`), in words.
    pub figures: Vec<super::record::Field>,
    /// The doors removed or changed, one line each.
    pub changes: Vec<String>,
    /// The run was cancelled; this is its best so far.
    pub cancelled: bool,
}

impl Report {
    /// A level applied, or being opened as a new document.
    pub fn delivered(kind: Generator, generated: &Generated, deliver: Deliver) -> Self {
        let mut report = Self::of(kind, generated);
        report.headline = match (deliver, generated.cancelled) {
            (Deliver::Replace, false) => {
                "Applied as one edit: Undo (Ctrl+Z) brings the old level back.".to_owned()
            }
            (Deliver::Replace, true) => "Cancelled: applied the best level found so far \
                 (Undo brings the old level back)."
                .to_owned(),
            (Deliver::NewDocument, _) => "Opening as a new document…".to_owned(),
        };
        report.status = format!(
            "Generated ({}, seed {}): {}{}",
            kind.recipe().label.to_lowercase(),
            seed(&generated.level),
            report.size,
            if generated.cancelled {
                ", the best found before Cancel"
            } else {
                ""
            }
        );
        report
    }

    /// A cancelled run's best, left unapplied.
    pub fn unused(kind: Generator, generated: &Generated) -> Self {
        let mut report = Self::of(kind, generated);
        report.headline = "Cancelled: the level is unchanged. The best level found so far \
                           is below."
            .to_owned();
        report
    }

    /// A result waiting for the designer's answer.
    pub fn waiting(kind: Generator, generated: &Generated) -> Self {
        let mut report = Self::of(kind, generated);
        report.headline = "Not applied yet: the level is unchanged.".to_owned();
        report.cancelled = true;
        report
    }

    fn of(kind: Generator, generated: &Generated) -> Self {
        let level = &generated.level;
        Self {
            kind,
            headline: String::new(),
            status: String::new(),
            size: size(level),
            figures: level
                .generator
                .as_ref()
                .map(|g| super::record::record(g).achieved)
                .unwrap_or_default(),
            changes: generated.changes.iter().map(ToString::to_string).collect(),
            cancelled: generated.cancelled,
        }
    }

    /// Shows the report.
    pub fn ui(&self, ui: &mut Ui, theme: &Theme) {
        let colour = if self.cancelled {
            theme.warning
        } else {
            theme.good
        };
        ui.label(RichText::new(&self.headline).color(colour));
        ui.label(&self.size);
        if !self.figures.is_empty() {
            fields_ui(ui, "generator-report", &self.figures, theme);
        }
        if self.changes.is_empty() {
            let none = if self.kind == Generator::Nested {
                "A new level: no door of a layout was removed or changed."
            } else {
                "No door was removed or changed."
            };
            ui.label(RichText::new(none).color(theme.weak_text));
            return;
        }
        ui.label(format!(
            "Doors removed or changed ({}):",
            self.changes.len()
        ));
        egui::ScrollArea::vertical()
            .id_salt("generator changes")
            .max_height(160.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for line in &self.changes {
                    ui.label(format!("• {line}"));
                }
            });
    }
}

fn size(level: &Level) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    [
        count(level.rooms.len(), "room"),
        count(level.doors.len(), "door"),
        count(level.keys.len(), "key"),
        count(level.levers.len(), "lever"),
    ]
    .join(", ")
}

/// The seed in the generator record.
fn seed(level: &Level) -> String {
    level
        .generator
        .as_ref()
        .and_then(|g| g.get("seed"))
        .map_or_else(|| "?".to_owned(), ToString::to_string)
}

/// Labelled fields in two columns.
pub fn fields_ui(ui: &mut Ui, salt: &str, fields: &[super::record::Field], theme: &Theme) {
    egui::Grid::new(salt)
        .num_columns(2)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            for f in fields {
                ui.label(RichText::new(&f.label).color(theme.weak_text));
                ui.add(egui::Label::new(&f.value).wrap());
                ui.end_row();
            }
        });
}
