//! The menu bar and the toolbar, both read from the one action list.

use egui::Ui;

use super::EditorApp;
use crate::editor::actions::Action;
use crate::editor::canvas::Tool;
use crate::editor::files::FileRequest;
use crate::editor::intent::Intent;

impl EditorApp {
    pub(super) fn menu_ui(&mut self, ui: &mut Ui, out: &mut Vec<Intent>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                for a in [Action::New, Action::Open, Action::Save, Action::SaveAs] {
                    action_button(ui, a, true, out);
                }
                ui.menu_button("Export", |ui| {
                    for a in [Action::ExportPng, Action::ExportSvg, Action::ExportDot] {
                        action_button(ui, a, true, out);
                    }
                });
                let background = crate::model::Background::of(self.doc.level()).is_some();
                action_button(ui, Action::SetBackground, true, out);
                action_button(ui, Action::RemoveBackground, background, out);
                ui.menu_button("Open Recent", |ui| {
                    if self.prefs.recent.is_empty() {
                        ui.label("No recent files");
                    }
                    for path in &self.prefs.recent {
                        if ui.button(path.display().to_string()).clicked() {
                            self.files
                                .request(FileRequest::OpenPath(path.clone()), &self.doc);
                            ui.close();
                        }
                    }
                });
                ui.separator();
                action_button(ui, Action::Quit, true, out);
            });
            ui.menu_button("Edit", |ui| {
                let undo = match self.mode {
                    crate::editor::playback::Mode::Play(_) => Some("Undo Play Step".to_owned()),
                    _ => self.doc.history().undo_label().map(|l| format!("Undo {l}")),
                };
                let redo = self.doc.history().redo_label().map(|l| format!("Redo {l}"));
                labelled_button(ui, Action::Undo, undo.as_deref(), out);
                labelled_button(ui, Action::Redo, redo.as_deref(), out);
                ui.separator();
                let rooms = self.selection.rooms().next().is_some();
                for a in [Action::Cut, Action::Copy] {
                    action_button(ui, a, rooms, out);
                }
                action_button(ui, Action::Paste, true, out);
                action_button(ui, Action::Duplicate, rooms, out);
                action_button(ui, Action::Delete, !self.selection.is_empty(), out);
                ui.separator();
                for a in [Action::SelectAll, Action::SelectNone] {
                    action_button(ui, a, true, out);
                }
                ui.menu_button("Select", |ui| {
                    for a in [
                        Action::SelectKeys,
                        Action::SelectLockedDoors,
                        Action::SelectPathRooms,
                    ] {
                        action_button(ui, a, true, out);
                    }
                });
                action_button(ui, Action::Find, true, out);
                ui.separator();
                let room = self.selection.target_room(self.doc.level()).is_some();
                for a in [
                    Action::AddKey,
                    Action::AddSmallKey,
                    Action::AddLever,
                    Action::SetStart,
                    Action::SetGoal,
                ] {
                    action_button(ui, a, room, out);
                }
                ui.separator();
                action_button(ui, Action::Generate, true, out);
            });
            ui.menu_button("Arrange", |ui| self.arrange_menu_ui(ui, out));
            ui.menu_button("View", |ui| self.view_menu_ui(ui, out));
            ui.menu_button("Play", |ui| {
                action_button(ui, Action::StepThrough, true, out);
                action_button(ui, Action::PlayLevel, true, out);
                let playing = matches!(self.mode, crate::editor::playback::Mode::Play(_));
                action_button(ui, Action::PlayHint, playing, out);
            });
            ui.menu_button("Help", |ui| action_button(ui, Action::Help, true, out));
        });
    }

    /// Fit, Find, what is shown, and the live analysis's time limit.
    fn view_menu_ui(&self, ui: &mut Ui, out: &mut Vec<Intent>) {
        action_button(ui, Action::FitLevel, true, out);
        action_button(ui, Action::Find, true, out);
        ui.separator();
        let p = &self.prefs;
        for (action, on) in [
            (Action::ToggleGrid, p.grid),
            (Action::ToggleOverview, p.overview),
            (Action::ToggleSolution, p.show_solution),
            (Action::ToggleLegend, p.legend),
            (Action::ToggleMinimap, p.minimap),
            (Action::ToggleWires, p.wires),
            (Action::ToggleLists, p.lists),
            (Action::ToggleInspector, p.inspector),
            (Action::ToggleTheme, p.dark),
        ] {
            toggle_button(ui, action, on, out);
        }
        ui.separator();
        ui.menu_button("Area Overview at Fit", |ui| {
            ui.label("From how many rooms Fit shows the areas instead of the rooms");
            for rooms in crate::editor::prefs::OVERVIEW_SIZES {
                let text = match rooms {
                    0 => "Never".to_owned(),
                    n => format!("From {n} rooms"),
                };
                if ui.radio(self.prefs.overview_from == rooms, text).clicked() {
                    out.push(Intent::OverviewFrom(rooms));
                    ui.close();
                }
            }
        });
        ui.menu_button("Live Analysis Time Limit", |ui| {
            ui.label("How long the analysis may work after an edit before it shows what it proved so far");
            for secs in crate::editor::prefs::LIVE_LIMITS {
                let chosen = (self.prefs.live_secs - secs).abs() < 1e-3;
                if ui.radio(chosen, format!("{secs:.0} s")).clicked() {
                    out.push(Intent::LiveLimit(secs));
                    ui.close();
                }
            }
        });
    }

    /// Arrange the level or the selection, and line up selected rooms.
    fn arrange_menu_ui(&self, ui: &mut Ui, out: &mut Vec<Intent>) {
        let rooms = self.selection.rooms().count();
        let what = if rooms >= 2 {
            format!("Arrange the {rooms} selected rooms:")
        } else {
            "Arrange the whole level:".to_owned()
        };
        ui.label(egui::RichText::new(what).weak());
        for layout in crate::layout::Layout::ALL {
            action_button(ui, Action::Arrange(layout), true, out);
        }
        ui.separator();
        ui.add_enabled_ui(rooms >= 2, |ui| {
            ui.menu_button("Align and Distribute", |ui| {
                for how in crate::layout::Align::ALL {
                    action_button(ui, Action::Align(how), rooms >= 2, out);
                }
            })
        })
        .response
        .on_disabled_hover_text("Select two or more rooms");
    }

    pub(super) fn toolbar_ui(&mut self, ui: &mut Ui, out: &mut Vec<Intent>) {
        // Wraps on a narrow window instead of running off its edge.
        ui.horizontal_wrapped(|ui| {
            for (tool, action, icon) in [
                (Tool::Select, Action::ToolSelect, "⬉ Select"),
                (Tool::Room, Action::ToolRoom, "⬜ Room"),
                (Tool::Connect, Action::ToolConnect, "↔ Connect"),
            ] {
                let tip = format!("{} ({})", action.tooltip(), action.shortcut_text(ui.ctx()));
                if ui
                    .selectable_label(self.canvas.tool == tool, icon)
                    .on_hover_text(tip)
                    .clicked()
                {
                    out.push(Intent::Action(action));
                }
            }
            ui.separator();
            let room = self.selection.target_room(self.doc.level()).is_some();
            for (action, icon) in [
                (Action::AddKey, "🔑 Key"),
                (Action::AddSmallKey, "🗝 Small key"),
                (Action::AddLever, "⚙ Lever"),
            ] {
                let tip = format!("{} ({})", action.tooltip(), action.shortcut_text(ui.ctx()));
                if ui
                    .add_enabled(room, egui::Button::new(icon))
                    .on_hover_text(tip)
                    .on_disabled_hover_text("Select a room first")
                    .clicked()
                {
                    out.push(Intent::Action(action));
                }
            }
            ui.separator();
            for (action, on, icon) in [
                (Action::ToggleGrid, self.prefs.grid, "# Grid"),
                (Action::ToggleOverview, self.prefs.overview, "◎ Overview"),
                (
                    Action::ToggleSolution,
                    self.prefs.show_solution,
                    "➡ Solution",
                ),
            ] {
                let tip = format!("{} ({})", action.tooltip(), action.shortcut_text(ui.ctx()));
                if ui.selectable_label(on, icon).on_hover_text(tip).clicked() {
                    out.push(Intent::Action(action));
                }
            }
            if ui
                .button("⛶ Fit")
                .on_hover_text(Action::FitLevel.tooltip())
                .clicked()
            {
                out.push(Intent::Action(Action::FitLevel));
            }
            ui.separator();
            for (action, icon) in [
                (Action::StepThrough, "⏵ Step through"),
                (Action::PlayLevel, "⚑ Play"),
            ] {
                let tip = format!("{} ({})", action.tooltip(), action.shortcut_text(ui.ctx()));
                if ui.button(icon).on_hover_text(tip).clicked() {
                    out.push(Intent::Action(action));
                }
            }
            ui.separator();
            let tip = format!(
                "{} ({})",
                Action::Generate.tooltip(),
                Action::Generate.shortcut_text(ui.ctx())
            );
            if ui
                .selectable_label(self.generator.is_open(), "⚙ Generate")
                .on_hover_text(tip)
                .clicked()
            {
                out.push(Intent::Action(Action::Generate));
            }
        });
    }
}

pub(super) fn action_button(ui: &mut Ui, action: Action, enabled: bool, out: &mut Vec<Intent>) {
    labelled_button(ui, action, if enabled { None } else { Some("") }, out);
}

/// A menu button for an action; `label` overrides the text (`Some("")` disables it).
pub(super) fn labelled_button(
    ui: &mut Ui,
    action: Action,
    label: Option<&str>,
    out: &mut Vec<Intent>,
) {
    let enabled = label != Some("");
    let text = label.filter(|l| !l.is_empty()).unwrap_or(action.label());
    let shortcut = action.shortcut_text(ui.ctx());
    let mut button = egui::Button::new(text);
    // An empty shortcut would still add a space to the accessible label.
    if !shortcut.is_empty() {
        button = button.shortcut_text(shortcut);
    }
    if ui
        .add_enabled(enabled, button)
        .on_hover_text(action.tooltip())
        .clicked()
    {
        out.push(Intent::Action(action));
        ui.close();
    }
}

pub(super) fn toggle_button(ui: &mut Ui, action: Action, on: bool, out: &mut Vec<Intent>) {
    let mut checked = on;
    if ui
        .checkbox(&mut checked, action.label())
        .on_hover_text(action.tooltip())
        .clicked()
    {
        out.push(Intent::Action(action));
    }
}
