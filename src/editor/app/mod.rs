//! The editor application: lays out the panels, gathers the frame's intents
//! and applies them in one place at the end of the frame.

mod background;
mod clipboard;
mod commands;
pub mod edges;
mod keyboard;
mod menus;
mod panels;
mod playback;
mod preview;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Ui, ViewportCommand};

use super::canvas::Canvas;
use super::files::{FileDialogs, FileRequest, Files, NativeDialogs};
use super::generate::GeneratorWindow;
use super::intent::{Intent, SelectMode};
use super::live_solver::LiveSolver;
use super::play_guide::PlayGuides;
use super::playback::Mode;
use super::prefs::Prefs;
use super::selection::Selection;
use super::theme::Theme;
use super::view::View;
use super::{export, help, playback_ui, status};

use super::find::Find;
use crate::document::{Clip, Document, LevelCommand};
use crate::format;
use crate::model::{ItemId, Level, Rgb, palette};
use crate::rules::Checked;
use crate::validate::Problem;

/// The level the editor opens with when no file is named: the lever basement.
pub const SAMPLE_LEVEL: &str = include_str!("../../../assets/basement.level.json");

use panels::{
    GENERATOR_SHARE, PANEL_MIN, RightTab, Sides, above_canvas, right_tabs, side_panels_ui,
};
pub use panels::{INSPECTOR_WIDTH, LISTS_MIN, LISTS_WIDTH};

/// How long a status message stays.
const MESSAGE_SECS: u64 = 6;
/// The Lockwork editor.
pub struct EditorApp {
    doc: Document,
    selection: Selection,
    canvas: Canvas,
    solver: LiveSolver,
    /// Makes the guides play sessions run on, off the UI thread.
    play_guides: PlayGuides,
    /// The last guide made, with the document revision it is of.
    guide: Option<(u64, Arc<crate::play::Guide>)>,
    files: Files,
    /// The generator window and its run.
    generator: GeneratorWindow,
    /// A batch candidate shown on the canvas in place of the level.
    preview: preview::Preview,
    prefs: Prefs,
    /// The level checked once (validation, index, rules' tables) for the
    /// revision it was made at; the live analysis shares it.
    cached: (u64, Arc<Checked>, Vec<Rgb>),
    /// Warnings found when the file was opened.
    load_warnings: Vec<Problem>,
    /// The background picture, loaded.
    backdrop: super::background::BackdropState,
    /// The revision and file the backdrop was loaded for: the props are
    /// read again only when either changes (or while the picture loads).
    backdrop_for: Option<(u64, Option<PathBuf>)>,
    message: Option<(String, Instant)>,
    show_help: bool,
    /// The Find box.
    find: Find,
    /// What was last copied here, and the text it put on the system clipboard.
    clipboard: Option<(Clip, String)>,
    may_close: bool,
    /// Editing, stepping through a plan, or playing.
    mode: Mode,
    /// The document revision the mode was started at.
    mode_revision: u64,
    title: String,
    /// The right panel's tab while the generator is open.
    right_tab: RightTab,
    /// The generator was open last frame (opening it shows its tab).
    generator_was_open: bool,
    /// An Arrange being worked out on a worker.
    arranging: Option<super::arrange_job::ArrangeJob>,
    /// The widths of the lists and the inspector, as their edges set them
    /// (kept in the preferences at the end of the frame).
    panel_widths: (f32, f32),
}

impl EditorApp {
    /// The editor on `doc`, with `prefs`, drawing on `ctx`, using `dialogs`.
    pub fn new(
        ctx: &egui::Context,
        doc: Document,
        prefs: Prefs,
        dialogs: Arc<dyn FileDialogs>,
    ) -> Self {
        let level = doc.level();
        let cached = (
            doc.revision(),
            Arc::new(Checked::new(level)),
            palette::key_colors(level),
        );
        let panel_widths = (prefs.lists_width, prefs.inspector_width);
        let app = Self {
            selection: Selection::default(),
            canvas: Canvas::default(),
            solver: LiveSolver::new(ctx.clone()),
            play_guides: PlayGuides::new(ctx.clone()),
            guide: None,
            files: Files::new(dialogs),
            generator: GeneratorWindow::default(),
            preview: preview::Preview::default(),
            prefs,
            cached,
            load_warnings: Vec::new(),
            backdrop: super::background::BackdropState::None,
            backdrop_for: None,
            message: None,
            show_help: false,
            find: Find::default(),
            clipboard: None,
            may_close: false,
            mode: Mode::Edit,
            mode_revision: 0,
            title: String::new(),
            right_tab: RightTab::Generate,
            generator_was_open: false,
            arranging: None,
            panel_widths,
            doc,
        };
        app.apply_theme(ctx);
        // The background picture is read from a file:// URI and decoded here.
        egui_extras::install_image_loaders(ctx);
        // One mouse-wheel notch (a line) zooms the canvas by WHEEL_STEP.
        ctx.options_mut(|o| {
            let line = o.input_options.line_scroll_speed.max(1.0);
            o.input_options.scroll_zoom_speed = super::canvas::WHEEL_STEP.ln() / line;
        });
        app
    }

    /// The editor as eframe creates it: preferences from storage, the file
    /// named on the command line or the built-in sample.
    pub fn from_creation(cc: &eframe::CreationContext<'_>, file: Option<&std::path::Path>) -> Self {
        let prefs: Prefs = cc
            .storage
            .and_then(|s| eframe::get_value(s, Prefs::STORAGE_KEY))
            .unwrap_or_default();
        Self::opening(&cc.egui_ctx, file, prefs, Arc::new(NativeDialogs))
    }

    /// The editor started on `file`, or on the built-in sample without one;
    /// a file that cannot be opened is said in a window the designer
    /// closes, over the sample.
    pub fn opening(
        ctx: &egui::Context,
        file: Option<&std::path::Path>,
        prefs: Prefs,
        dialogs: Arc<dyn FileDialogs>,
    ) -> Self {
        let (doc, warnings, error) = match file {
            Some(path) => match Document::open(path) {
                Ok((doc, warnings)) => (doc, warnings, None),
                Err(e) => (sample_document(), Vec::new(), Some((path, e))),
            },
            None => (sample_document(), Vec::new(), None),
        };
        let mut app = Self::new(ctx, doc, prefs, dialogs);
        app.load_warnings = warnings;
        if let Some((path, error)) = error {
            app.files.failed_at_start(path, &error);
        }
        app
    }

    /// The document being edited.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The selection.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// The canvas (its transform, for tests).
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// The live solver (its latest answer, for tests).
    pub fn solver(&self) -> &LiveSolver {
        &self.solver
    }

    /// The background picture as loaded (for tests).
    pub fn backdrop(&self) -> &super::background::BackdropState {
        &self.backdrop
    }

    /// The preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The generator window (whether a run is going on, for tests).
    pub fn generator(&self) -> &GeneratorWindow {
        &self.generator
    }

    /// Whether an Arrange is being worked out (for tests).
    pub fn is_arranging(&self) -> bool {
        self.arranging.is_some()
    }

    /// Is the right panel showing the generator?
    fn generating(&self) -> bool {
        self.generator.is_open() && self.right_tab == RightTab::Generate
    }

    /// Opening the generator shows its tab.
    fn follow_generator(&mut self) {
        let open = self.generator.is_open();
        if open && !self.generator_was_open {
            self.right_tab = RightTab::Generate;
        }
        self.generator_was_open = open;
    }

    /// Editing, viewing a plan, or playing.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    fn say(&mut self, message: impl Into<String>) {
        self.message = Some((message.into(), Instant::now()));
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_visuals(if self.prefs.dark {
            egui::Visuals::dark()
        } else {
            egui::Visuals::light()
        });
    }

    /// Before anything is drawn: the live solver is fed the level as it
    /// stands, and shortcuts, dropped files and a close request are read.
    fn begin_frame(&mut self, ctx: &egui::Context, out: &mut Vec<Intent>) {
        self.refresh_cache();
        self.refresh_backdrop(ctx);
        self.poll_arrange(ctx);
        self.solver.poll();
        self.solver.request(
            self.doc.level(),
            self.doc.revision(),
            &self.cached.1,
            self.prefs.live_secs,
        );
        // Shortcuts wait while a file question or dialog is open.
        if !self.files.is_busy() {
            self.keyboard(ctx, out);
        }
        self.dropped_files(ctx, out);
        self.close_request(ctx);
    }

    /// Draws one frame and applies what it asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let mut out = Vec::new();
        self.begin_frame(&ctx, &mut out);

        let theme = Theme::new(self.prefs.dark);
        let message = self
            .message
            .as_ref()
            .filter(|(_, at)| at.elapsed() < Duration::from_secs(MESSAGE_SECS))
            .map(|(m, _)| m.clone());
        let zoom = self.canvas.to_screen().scaling;
        self.tick_mode(&ctx);
        let play = self.mode.play_view(self.doc.level(), &self.cached.1);
        if self.preview.refresh(self.generator.preview()) {
            self.canvas.fit();
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui, &mut out));
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui, &mut out));
        self.follow_generator();
        if self.generating() {
            self.generator_panel_ui(ui, &theme, &mut out);
        }
        {
            let view = View {
                level: self.doc.level(),
                revision: self.doc.revision(),
                labels: crate::model::Labels::with_index(self.doc.level(), self.cached.1.index()),
                index: self.cached.1.index(),
                report: self.cached.1.report(),
                mechanics: self.cached.1.mechanics(),
                key_colors: &self.cached.2,
                selection: &self.selection,
                solver: self.solver.state(),
                theme: &theme,
                prefs: &self.prefs,
                play: play.as_ref(),
                background: &self.backdrop,
            };
            // A previewed candidate is described in place of the document.
            let shown = self.generator.preview();
            let preview = shown.and_then(|(_, seed, level)| {
                Some((seed, self.preview.view(level, &theme, &self.prefs)?))
            });
            egui::Panel::bottom("status").show(ui, |ui| match &preview {
                Some((seed, preview)) => preview::status_ui(ui, *seed, preview),
                None => {
                    let arranging = (self.arranging.as_ref()).map(|job| (job.doing(), job.done()));
                    let bar = status::Bar {
                        message: message.as_deref(),
                        zoom,
                        arranging,
                    };
                    status::status_ui(ui, &view, &bar, &mut out);
                }
            });
            if !matches!(self.mode, Mode::Edit) {
                egui::Panel::bottom("playback").show(ui, |ui| {
                    playback_ui::playback_ui(ui, &view, &self.mode, &mut out);
                });
            }
            let inspector =
                !self.generating() && (self.prefs.inspector || self.generator.is_open());
            let sides = Sides {
                lists: self.prefs.lists,
                inspector,
                tabs: self.generator.is_open().then_some(&mut self.right_tab),
                widths: &mut self.panel_widths,
            };
            side_panels_ui(ui, &view, preview.as_ref(), sides, &mut out);
            egui::CentralPanel::no_frame().show(ui, |ui| match &preview {
                Some((seed, preview)) => {
                    // Read-only: what the canvas asks for is dropped.
                    self.canvas.ui(ui, preview, &mut Vec::new());
                    preview::banner(ui, *seed, &theme);
                }
                None => self.canvas.ui(ui, &view, &mut out),
            });
            self.find.ui(&ctx, &view, &mut out);
        }
        // Before the files: a generated document may wait on them.
        self.generator
            .tick(&ctx, &self.doc, &mut self.files, &mut out);
        self.files.ui(&ctx, &self.doc, &mut self.prefs, &mut out);
        help::help_ui(&ctx, &mut self.show_help);

        for intent in out {
            self.handle(&ctx, intent);
        }
        self.poll_play_guide(&ctx);
        (self.prefs.lists_width, self.prefs.inspector_width) = self.panel_widths;
        self.selection.retain_existing(self.doc.level());
        self.update_title(&ctx);
        if self.solver.is_busy() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// The generator, docked where the inspector stands: it never covers
    /// the canvas, and its previews show there.
    fn generator_panel_ui(&mut self, ui: &mut Ui, theme: &Theme, out: &mut Vec<Intent>) {
        let wide = (ui.ctx().content_rect().width() * GENERATOR_SHARE).max(PANEL_MIN);
        egui::Panel::right("generate")
            .resizable(true)
            .default_size(self.generator.panel_width().min(wide))
            .size_range(PANEL_MIN..=wide)
            .show(ui, |ui| {
                above_canvas(ui, "generate", |ui| {
                    right_tabs(ui, &mut self.right_tab);
                    self.generator
                        .panel_ui(ui, &self.doc, &mut self.files, theme, out);
                });
            });
    }

    fn refresh_cache(&mut self) {
        if self.cached.0 != self.doc.revision()
            || self
                .cached
                .1
                .index()
                .room(&self.doc.level().start)
                .is_none()
        {
            let level = self.doc.level();
            self.cached = (
                self.doc.revision(),
                Arc::new(Checked::new(level)),
                palette::key_colors(level),
            );
        }
    }

    fn dropped_files(&mut self, ctx: &egui::Context, _out: &mut Vec<Intent>) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.files.request(FileRequest::OpenPath(path), &self.doc);
        }
    }

    fn close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.may_close && self.doc.is_dirty() {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.files.request(FileRequest::Quit, &self.doc);
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let name = self.doc.path().and_then(|p| p.file_name()).map_or_else(
            || "Untitled".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        let title = format!(
            "{}{name} — Lockwork",
            if self.doc.is_dirty() { "• " } else { "" }
        );
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The window title as last set.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Applies one intent: the only place the document changes.
    fn handle(&mut self, ctx: &egui::Context, intent: Intent) {
        match intent {
            Intent::Edit(command) => self.edit(command, None),
            Intent::EditMerging(command, key) => self.edit(command, Some(key)),
            Intent::Action(action) => self.action(ctx, action),
            Intent::Select(items, mode) => self.selection.apply(items, mode),
            Intent::Find(item) => {
                self.canvas
                    .frame_item(self.doc.level(), self.cached.1.index(), &item);
                self.selection.apply(vec![item], SelectMode::Replace);
            }
            Intent::PasteText(text) => self.paste(Some(text)),
            Intent::ShowLevel => self.canvas.fit_unless_visible(),
            Intent::Frame(item) => {
                // The view stays unless the item is off-screen.
                self.canvas
                    .reveal_item(self.doc.level(), self.cached.1.index(), &item);
                self.selection.apply(vec![item], SelectMode::Replace);
            }
            Intent::Replace(doc, warnings) => {
                // "Open as a new document" from the generator goes through File > New.
                let doc = self.generator.take_held().unwrap_or(doc);
                if let Some(path) = doc.path() {
                    self.prefs.remember(path);
                }
                self.doc = *doc;

                self.load_warnings = warnings;
                self.selection = Selection::default();
                self.canvas.fit();
                self.canvas.link_lever = None;
                self.say("Opened");
            }
            Intent::SaveTo(path) => {
                let result = self.doc.save_as(&path).map_err(|e| e.to_string());
                let mut more = Vec::new();
                match &result {
                    Ok(()) => {
                        self.prefs.remember(&path);
                        self.say(format!("Saved {}", path.display()));
                    }
                    Err(e) => self.say(e.clone()),
                }
                self.files.save_finished(result, &mut more);
                for intent in more {
                    self.handle(ctx, intent);
                }
            }
            Intent::SetBackground(path) => self.set_background(&path),
            Intent::ExportTo(kind, path) => match export::write(&self.doc, kind, &path) {
                Ok(()) => self.say(format!("Exported {}", path.display())),
                Err(e) => self.files.report_failure(
                    format!("Could not export to {}", path.display()),
                    vec![e],
                    "Nothing was written; the level is unchanged.",
                ),
            },
            Intent::Close => {
                self.may_close = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Intent::LinkLever(lever) => {
                if let Some(l) = &lever {
                    self.selection
                        .apply(vec![ItemId::Lever(l.clone())], SelectMode::Replace);
                }
                self.canvas.link_lever = lever;
            }
            Intent::Playback(request) => self.playback(request),
            Intent::Status(message) => self.say(message),
            Intent::StopArranging => self.stop_arranging(),
            Intent::LiveLimit(secs) => {
                self.prefs.live_secs = secs;
                self.say(format!("The live analysis may now take up to {secs:.0} s"));
            }
            Intent::OverviewFrom(rooms) => {
                self.prefs.overview_from = rooms;
                self.say(match rooms {
                    0 => "Fit shows the rooms of any level".to_owned(),
                    n => format!("Fit shows the area overview from {n} rooms"),
                });
            }
        }
    }

    fn edit(&mut self, command: LevelCommand, merge: Option<String>) {
        let result = match merge {
            Some(key) => self.doc.apply_merging(command, &key),
            None => self.doc.apply(command),
        };
        match result {
            Ok(created) if !created.is_empty() => {
                self.selection.apply(created, SelectMode::Replace);
            }
            Ok(_) => {}
            Err(e) => self.say(e.to_string()),
        }
    }
}

/// The built-in sample level as a document (falls back to an empty level).
pub fn sample_document() -> Document {
    let level = format::from_str(SAMPLE_LEVEL).map_or_else(|_| Level::new("Untitled"), |l| l.level);
    Document::new(level, None)
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        self.files.set_parent(frame);
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Prefs::STORAGE_KEY, &self.prefs);
    }
}
