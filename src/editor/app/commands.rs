//! What each action of the command list does.

use super::EditorApp;
use crate::document::LevelCommand;
use crate::editor::actions::Action;
use crate::editor::arrange_job::{ArrangeJob, ArrangeRequest, Arranged};
use crate::editor::canvas::Tool;
use crate::editor::export::ExportKind;
use crate::editor::files::FileRequest;
use crate::editor::intent::{Intent, Playback, SelectMode};
use crate::editor::playback::{Mode, Source};
use crate::editor::selection::Selection;
use crate::model::{ItemId, RoomId};

impl EditorApp {
    /// Carries out an action of the command list.
    pub(super) fn action(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::New => self.files.request(FileRequest::New, &self.doc),
            Action::Open => self.files.request(FileRequest::Open, &self.doc),
            Action::Save => self.files.request(FileRequest::Save, &self.doc),
            Action::SaveAs => self.files.request(FileRequest::SaveAs, &self.doc),
            Action::ExportPng => self.export(ExportKind::Png),
            Action::ExportSvg => self.export(ExportKind::Svg),
            Action::ExportDot => self.export(ExportKind::Dot),
            Action::SetBackground => self.files.request(FileRequest::Background, &self.doc),
            Action::RemoveBackground => self.remove_background(),
            Action::Quit => {
                if self.doc.is_dirty() {
                    self.files.request(FileRequest::Quit, &self.doc);
                } else {
                    self.handle(ctx, Intent::Close);
                }
            }
            Action::Undo => self.undo(),
            Action::Redo => match self.doc.redo() {
                Some(label) => self.say(format!("Redid {label}")),
                None => self.say("Nothing to redo"),
            },
            Action::Delete => {
                if !self.selection.is_empty() {
                    let items = self.selection.iter().cloned().collect();
                    self.edit(LevelCommand::Delete(items), None);
                }
            }
            Action::Copy => self.copy(ctx),
            Action::Cut => self.cut(ctx),
            Action::Paste => self.paste(None),
            Action::Duplicate => self.duplicate(),
            Action::Find => self.find.open(),
            Action::Arrange(layout) => self.arrange(ctx, layout),
            Action::Align(how) => self.align(how),
            Action::SelectAll
            | Action::SelectKeys
            | Action::SelectLockedDoors
            | Action::SelectPathRooms
            | Action::SelectNone => self.select(action),
            Action::FitLevel => self.canvas.fit(),
            Action::ToggleGrid => self.prefs.grid = !self.prefs.grid,
            Action::ToggleOverview => self.prefs.overview = !self.prefs.overview,
            Action::ToggleSolution => self.prefs.show_solution = !self.prefs.show_solution,
            Action::ToggleLegend => self.prefs.legend = !self.prefs.legend,
            Action::ToggleMinimap => self.prefs.minimap = !self.prefs.minimap,
            Action::ToggleWires => self.prefs.wires = !self.prefs.wires,
            Action::ToggleLists => self.prefs.lists = !self.prefs.lists,
            Action::ToggleInspector => self.prefs.inspector = !self.prefs.inspector,
            Action::ToggleTheme => {
                self.prefs.dark = !self.prefs.dark;
                self.apply_theme(ctx);
            }
            Action::ToolSelect => self.canvas.tool = Tool::Select,
            Action::ToolRoom => self.canvas.tool = Tool::Room,
            Action::ToolConnect => self.canvas.tool = Tool::Connect,
            Action::AddKey
            | Action::AddSmallKey
            | Action::AddLever
            | Action::SetStart
            | Action::SetGoal => self.in_room(action),
            Action::StepThrough => self.playback(Playback::Show(Source::Solution)),
            Action::PlayLevel => self.playback(Playback::StartPlay),
            Action::PlayHint => self.playback(Playback::Hint),
            Action::Help => self.show_help = !self.show_help,
            Action::Generate => self.generator.toggle(),
        }
    }

    fn export(&mut self, kind: ExportKind) {
        self.files.request(FileRequest::Export(kind), &self.doc);
    }

    /// Add a key, small key or lever to the target room, or make it start or goal.
    fn in_room(&mut self, action: Action) {
        let Some(room) = self.selection.target_room(self.doc.level()) else {
            self.say("Select a room first");
            return;
        };
        let command = match action {
            Action::AddKey => LevelCommand::AddKey { room, small: false },
            Action::AddSmallKey => LevelCommand::AddKey { room, small: true },
            Action::AddLever => LevelCommand::AddLever { room },
            Action::SetStart => LevelCommand::SetStart(room),
            _ => LevelCommand::SetGoal(room),
        };
        self.edit(command, None);
    }

    /// The selection actions.
    fn select(&mut self, action: Action) {
        let level = self.doc.level();
        let items: Vec<ItemId> = match action {
            Action::SelectAll => Selection::all(level),
            Action::SelectKeys => level
                .keys
                .iter()
                .filter(|k| !k.small)
                .map(|k| ItemId::Key(k.id.clone()))
                .collect(),
            Action::SelectLockedDoors => level
                .doors
                .iter()
                .filter(|d| d.is_locked())
                .map(|d| ItemId::Door(d.id.clone()))
                .collect(),
            Action::SelectPathRooms => {
                match self.solver.state().analysis().and_then(|a| a.plan.as_ref()) {
                    Some(plan) => std::iter::once(level.start.clone())
                        .chain(plan.steps.iter().filter_map(|s| match s {
                            crate::rules::Step::Move { to, .. } => Some(to.clone()),
                            _ => None,
                        }))
                        .map(ItemId::Room)
                        .collect(),
                    None => {
                        self.say("No solution yet: wait for the solver, or fix the level");
                        return;
                    }
                }
            }
            _ if !matches!(self.mode, Mode::Edit) => {
                self.mode = Mode::Edit;
                return;
            }
            _ => {
                self.canvas.link_lever = None;
                Vec::new()
            }
        };
        let n = items.len();
        self.selection.apply(items, SelectMode::Replace);
        if action != Action::SelectNone && action != Action::SelectAll {
            self.say(format!("Selected {n}"));
        }
    }

    /// The selected rooms, in level order.
    pub(super) fn selected_rooms(&self) -> Vec<RoomId> {
        self.doc
            .level()
            .rooms
            .iter()
            .filter(|r| self.selection.contains(&ItemId::Room(r.id.clone())))
            .map(|r| r.id.clone())
            .collect()
    }

    /// Arrange: the selected rooms when two or more are selected, else the
    /// level. Worked out on a worker ([`Self::poll_arrange`] applies it); a
    /// second Arrange before the first is done replaces it.
    fn arrange(&mut self, ctx: &egui::Context, layout: crate::layout::Layout) {
        let rooms = self.selected_rooms();
        let rooms = if rooms.len() >= 2 { rooms } else { Vec::new() };
        let request = ArrangeRequest {
            level: self.doc.level().clone(),
            revision: self.doc.revision(),
            layout,
            rooms,
            aspect: self.canvas.aspect(),
        };
        match ArrangeJob::spawn(ctx, request) {
            // The status line shows it under way (its progress and Stop).
            Ok(job) => self.arranging = Some(job),
            Err(why) => self.say(why),
        }
    }

    /// Applies a finished Arrange as one undo step, unless the level
    /// changed while it was worked out.
    pub(super) fn poll_arrange(&mut self, ctx: &egui::Context) {
        let Some(job) = &self.arranging else {
            return;
        };
        let command = match job.poll() {
            Arranged::Running => {
                // The status line's progress moves on without input.
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                return;
            }
            Arranged::Done(command) => command,
            Arranged::Lost => {
                self.arranging = None;
                self.say("Arrange stopped without a layout");
                return;
            }
        };
        let (what, layout, whole) = (job.what(), job.layout, job.rooms == 0);
        let revision = job.revision;
        self.arranging = None;
        if revision != self.doc.revision() {
            self.say(format!(
                "Arrange left {what} as it was: the level changed while it was laid out"
            ));
            return;
        }
        match *command {
            Ok(Some(command)) => self.edit(command, None),
            Ok(None) => return self.say(format!("Arrange stopped: {what} is as it was")),
            Err(e) => return self.say(e.to_string()),
        }
        if whole {
            // The view follows the new layout; arranging a selection keeps
            // the view the designer chose.
            self.canvas.fit();
        }
        self.say(format!(
            "Arranged {what} ({}); Undo puts it back",
            layout.label()
        ));
    }

    /// Stops the Arrange being worked out, if any: the level stays as it is.
    pub(super) fn stop_arranging(&mut self) {
        if let Some(job) = self.arranging.take() {
            job.cancel();
            self.say(format!("Arrange stopped: {} is as it was", job.what()));
        }
    }

    fn align(&mut self, how: crate::layout::Align) {
        let rooms = self.selected_rooms();
        if rooms.len() < 2 {
            self.say("Select two or more rooms to line them up");
            return;
        }
        self.edit(LevelCommand::Align { rooms, how }, None);
    }
}
