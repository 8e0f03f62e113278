//! Setting, removing and loading the background picture: its placement is
//! a change of the level's props, so it is undone like any edit.

use std::path::Path;

use super::EditorApp;
use crate::document::{LevelCommand, LevelMeta};
use crate::editor::background::{self, BackdropState};
use crate::editor::canvas::Geometry;
use crate::model::Background;

impl EditorApp {
    /// Loads the level's background (the picture cached by the loaders)
    /// when the level or its file changed; says once when it cannot be drawn.
    pub(super) fn refresh_backdrop(&mut self, ctx: &egui::Context) {
        let revision = self.doc.revision();
        let same = (self.backdrop_for.as_ref())
            .is_some_and(|(r, path)| *r == revision && path.as_deref() == self.doc.path());
        if same && !matches!(self.backdrop, BackdropState::Loading) {
            return;
        }
        self.backdrop_for = Some((revision, self.doc.path().map(Path::to_path_buf)));
        let state = background::load(ctx, self.doc.level(), self.doc.path());
        if let Some(why) = state.warning()
            && self.backdrop.warning() != Some(why)
        {
            self.say(format!("Warning: {why}; the level is unchanged"));
        }
        if matches!(state, BackdropState::Loading) {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.backdrop = state;
    }

    /// Puts the picture at `image` under the level, over its rooms.
    pub(super) fn set_background(&mut self, image: &Path) {
        let level = self.doc.level();
        let bounds = Geometry::new(level, &[], egui::Vec2::ZERO).bounds();
        match background::placed(image, self.doc.path(), bounds) {
            Ok(placed) => {
                let mut meta = LevelMeta::of(level);
                placed.put(&mut meta.props);
                self.edit(LevelCommand::SetMeta(meta), None);
                self.say(format!(
                    "Background {}: move, scale and fade it in the inspector (nothing selected)",
                    placed.image
                ));
            }
            Err(why) => self.say(format!("No background set: {why}")),
        }
    }

    /// Takes the background away.
    pub(super) fn remove_background(&mut self) {
        let level = self.doc.level();
        if Background::of(level).is_none() && Background::problem(level).is_none() {
            self.say("The level has no background");
            return;
        }
        let mut meta = LevelMeta::of(level);
        Background::remove(&mut meta.props);
        self.edit(LevelCommand::SetMeta(meta), None);
        self.say("Background removed");
    }
}
