//! The typed-path fallback: when no native dialog could be shown (or the
//! designer would rather type), a modal with the path in a text field.

use std::path::PathBuf;

use egui::{Id, Key, Modal, RichText};

use super::Purpose;
use super::dialogs::{resolve_typed, suggested_file_name, with_level_extension};
use super::modals::MODAL_WIDTH;
use crate::document::Document;
use crate::editor::theme::Theme;

/// Why the designer is typing a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// The dialog came back at once with nothing: it was probably never shown.
    NoDialog,
    /// The dialog's thread could not start or died.
    DialogFailed,
    /// The designer asked to type a path.
    Asked,
}

/// What the designer did in the typed-path modal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TypedAnswer {
    /// This file (checked: it exists to open, or its folder exists to save).
    Chosen(PathBuf),
    /// Never mind.
    Cancel,
}

/// The typed-path modal's state.
#[derive(Debug)]
pub(super) struct TypedPath {
    /// What the path is for.
    pub(super) purpose: Purpose,
    text: String,
    /// Relative paths are taken from here: the document's folder, else the working folder.
    base: PathBuf,
    reason: Reason,
    problem: Option<String>,
    focus: bool,
}

impl TypedPath {
    /// The modal for `purpose`, starting in `doc`'s folder.
    pub(super) fn new(purpose: Purpose, doc: &Document, reason: Reason) -> Self {
        let base = doc
            .path()
            .and_then(|p| p.parent())
            .filter(|p| !p.as_os_str().is_empty())
            .map(std::path::Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let start = match purpose {
            Purpose::Open | Purpose::Background => {
                let mut s = base.display().to_string();
                if !s.is_empty() && !s.ends_with(std::path::MAIN_SEPARATOR) {
                    s.push(std::path::MAIN_SEPARATOR);
                }
                s
            }
            Purpose::Save { .. } => base
                .join(suggested_file_name(&doc.level().name))
                .display()
                .to_string(),
            Purpose::Export(kind) => base
                .join(super::export_name(&doc.level().name, kind))
                .display()
                .to_string(),
        };
        Self {
            purpose,
            text: start,
            base,
            reason,
            problem: None,
            focus: true,
        }
    }

    /// The path as typed, made absolute (and, to save, with `.level.json`).
    fn resolved(&self) -> Option<PathBuf> {
        let path = resolve_typed(&self.text, &self.base)?;
        Some(match self.purpose {
            Purpose::Open | Purpose::Background => path,
            Purpose::Save { .. } => with_level_extension(path),
            Purpose::Export(kind) => kind.with_extension(path),
        })
    }

    /// The path, or why it cannot be used.
    fn check(&self) -> Result<PathBuf, String> {
        let path = self
            .resolved()
            .ok_or_else(|| "Type the path of a file.".to_owned())?;
        if path.is_dir() {
            return Err(format!("{} is a folder, not a file.", path.display()));
        }
        match self.purpose {
            Purpose::Open | Purpose::Background if !path.is_file() => {
                Err(format!("There is no file at {}.", path.display()))
            }
            Purpose::Save { .. } | Purpose::Export(_) => match path.parent() {
                Some(dir) if !dir.is_dir() => Err(format!("There is no folder {}.", dir.display())),
                _ => Ok(path),
            },
            Purpose::Open | Purpose::Background => Ok(path),
        }
    }

    /// Shows the modal; `None` while the designer is still typing.
    pub(super) fn ui(&mut self, ctx: &egui::Context, theme: &Theme) -> Option<TypedAnswer> {
        let opening = matches!(self.purpose, Purpose::Open | Purpose::Background);
        let modal = Modal::new(Id::unique("lockwork-files-typed")).show(ctx, |ui| {
            ui.set_width(MODAL_WIDTH);
            ui.heading(match self.purpose {
                Purpose::Open => "Open level",
                Purpose::Background => "Set background picture",
                Purpose::Save { .. } | Purpose::Export(_) => "Save level as",
            });
            ui.add_space(4.0);
            let why = match self.reason {
                Reason::NoDialog => {
                    "No file dialog could be shown: this system seems to have no \
                     file-dialog portal (xdg-desktop-portal) or zenity. Type the path instead."
                }
                Reason::DialogFailed => "The file dialog failed. Type the path instead.",
                Reason::Asked => "Type the path of the file.",
            };
            ui.label(why);
            ui.add_space(8.0);
            let label = ui.label("File path");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.text)
                        .id(Id::unique("lockwork-files-typed-path"))
                        .desired_width(f32::INFINITY)
                        .hint_text("/path/to/level.level.json"),
                )
                .labelled_by(label.id);
            if self.focus {
                edit.request_focus();
                self.focus = false;
            }
            if edit.changed() {
                self.problem = None;
            }
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if let Some(problem) = &self.problem {
                ui.label(RichText::new(problem).color(theme.bad));
            } else if !opening
                && let Some(path) = self.resolved()
                && (path.is_file() || path.as_os_str() != self.text.trim())
            {
                let exists = path.is_file();
                let text = if exists {
                    format!("{} exists and will be replaced.", path.display())
                } else {
                    format!("Saves to {}", path.display())
                };
                let color = if exists {
                    theme.warning
                } else {
                    theme.weak_text
                };
                ui.label(RichText::new(text).color(color).small());
            }
            ui.add_space(12.0);
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui.button(if opening { "Open" } else { "Save" }).clicked() || enter {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
            answer
        });
        let submit = match modal.inner {
            Some(submit) => submit,
            None if modal.should_close() => false,
            None => return None,
        };
        if !submit {
            return Some(TypedAnswer::Cancel);
        }
        match self.check() {
            Ok(path) => Some(TypedAnswer::Chosen(path)),
            Err(problem) => {
                self.problem = Some(problem);
                self.focus = true;
                None
            }
        }
    }
}
