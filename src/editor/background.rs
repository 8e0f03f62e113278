//! The background picture under the canvas: loaded through `egui_extras`'
//! image loaders from the path the level stores ([`Background`]), and told
//! as a warning when it cannot be read: never a reason to refuse the level.

use std::path::{Path, PathBuf};

use egui::load::{SizeHint, TexturePoll};
use egui::{Color32, Rect, TextureId, TextureOptions, pos2, vec2};

use crate::model::{Background, Level};

/// What the canvas draws under the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Backdrop {
    /// Where, in canvas units.
    pub rect: Rect,
    /// The loaded picture.
    pub texture: TextureId,
    /// 0 to 1.
    pub opacity: f32,
}

impl Backdrop {
    /// Paints the picture (in canvas units).
    pub fn paint(&self, painter: &egui::Painter) {
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        let tint = Color32::WHITE.gamma_multiply(self.opacity);
        painter.image(self.texture, self.rect, uv, tint);
    }
}

/// How the level's background stands this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum BackdropState {
    /// The level has none.
    #[default]
    None,
    /// Being read.
    Loading,
    /// Ready to draw.
    Ready(Backdrop),
    /// The level names a picture that cannot be drawn: why.
    Broken(String),
}

impl BackdropState {
    /// The picture to draw, when it is ready.
    pub fn backdrop(&self) -> Option<&Backdrop> {
        match self {
            Self::Ready(b) => Some(b),
            _ => None,
        }
    }

    /// Why the background is not drawn, when the level has one.
    pub fn warning(&self) -> Option<&str> {
        match self {
            Self::Broken(why) => Some(why),
            _ => None,
        }
    }
}

/// The level's background, loaded (the loaders cache it: a lookup per frame).
pub fn load(ctx: &egui::Context, level: &Level, level_file: Option<&Path>) -> BackdropState {
    let Some(background) = Background::of(level) else {
        return match Background::problem(level) {
            Some(why) => BackdropState::Broken(format!("the background does not read: {why}")),
            None => BackdropState::None,
        };
    };
    let file = absolute(&background.file(level_file));
    let uri = format!("file://{}", file.display());
    match ctx.try_load_texture(&uri, TextureOptions::LINEAR, SizeHint::default()) {
        Ok(TexturePoll::Pending { .. }) => BackdropState::Loading,
        Ok(TexturePoll::Ready { texture }) => BackdropState::Ready(Backdrop {
            rect: Rect::from_min_size(
                pos2(background.x as f32, background.y as f32),
                vec2(background.width as f32, background.height as f32),
            ),
            texture: texture.id,
            opacity: background.opacity as f32,
        }),
        Err(e) => BackdropState::Broken(format!(
            "the background {} cannot be read: {e}",
            background.image
        )),
    }
}

/// `path` made absolute from the working folder (a level never saved).
pub fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_path_buf();
    }
    std::env::current_dir().map_or_else(|_| path.to_path_buf(), |dir| dir.join(path))
}

/// A background for the picture at `image`, stored for a level saved at
/// `level_file`: over the level's rooms (`bounds`, in canvas units), its
/// shape kept, half faded; at one canvas unit per pixel on an empty level.
pub fn placed(
    image: &Path,
    level_file: Option<&Path>,
    bounds: Option<Rect>,
) -> Result<Background, String> {
    let (w, h) = image::image_dimensions(image)
        .map_err(|e| format!("{} cannot be read as a picture: {e}", image.display()))?;
    if w == 0 || h == 0 {
        return Err(format!("{} is an empty picture", image.display()));
    }
    let stored = Background::stored_path(image, level_file);
    let (w, h) = (f64::from(w), f64::from(h));
    let background = match bounds.filter(|b| b.width() > 1.0 && b.height() > 1.0) {
        Some(b) => {
            // Cover the rooms: the picture's width or height meets theirs.
            let scale = (f64::from(b.width()) / w).max(f64::from(b.height()) / h);
            let (width, height) = (w * scale, h * scale);
            let center = b.center();
            Background::new(
                stored,
                [
                    f64::from(center.x) - width / 2.0,
                    f64::from(center.y) - height / 2.0,
                ],
                [width, height],
            )
        }
        None => Background::new(stored, [0.0, 0.0], [w, h]),
    };
    Ok(background)
}
