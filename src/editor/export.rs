//! Export of the canvas as PNG and SVG, and of the level as Graphviz DOT.
//! The SVG and DOT come from the core ([`crate::export`]); the PNG is that
//! SVG rasterised at twice its size with the font the editor draws with.

use std::path::{Path, PathBuf};

use super::background;
use crate::document::Document;
use crate::model::Background;

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// A picture of the canvas.
    Png,
    /// A scalable picture of the canvas.
    Svg,
    /// The level as a Graphviz graph.
    Dot,
}

impl ExportKind {
    /// The file ending, with its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Png => ".png",
            Self::Svg => ".svg",
            Self::Dot => ".dot",
        }
    }

    /// `path` with this kind's ending when it has none.
    pub fn with_extension(self, path: PathBuf) -> PathBuf {
        if path.extension().is_some() || path.file_name().is_none() {
            return path;
        }
        let mut name = path.into_os_string();
        name.push(self.extension());
        PathBuf::from(name)
    }
}

/// The bytes of the export of `doc` to `to`. A background picture is drawn
/// too: the SVG links it by a path that resolves from `to`'s folder, the
/// PNG draws it in.
pub fn render(doc: &Document, kind: ExportKind, to: &Path) -> Result<Vec<u8>, String> {
    let level = doc.level();
    let picture = Background::of(level).map(|b| background::absolute(&b.file(doc.path())));
    match kind {
        ExportKind::Svg => {
            let href = picture.map(|p| link_from(&p, to));
            Ok(crate::export::to_svg_with_background(level, href.as_deref()).into_bytes())
        }
        ExportKind::Dot => Ok(crate::export::to_dot(level).into_bytes()),
        ExportKind::Png => {
            let href = picture.map(|p| p.to_string_lossy().into_owned());
            png(&crate::export::to_svg_with_background(
                level,
                href.as_deref(),
            ))
        }
    }
}

/// How an SVG written to `to` links the picture at `picture` (absolute):
/// relative when it lies in the SVG's folder or below, else absolute.
fn link_from(picture: &Path, to: &Path) -> String {
    let folder = background::absolute(to.parent().unwrap_or(Path::new("")));
    Background::stored_path(picture, Some(&folder.join("export.svg")))
}

/// Writes the export to `path` atomically (a temporary file, then a rename).
pub fn write(doc: &Document, kind: ExportKind, path: &Path) -> Result<(), String> {
    let bytes = render(doc, kind, path)?;
    crate::format::write_atomically(path, &bytes).map_err(|e| e.to_string())
}

fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options
        .fontdb_mut()
        .load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
    options.fontdb_mut().set_sans_serif_family("Ubuntu");
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot draw the level: {e}"))?;
    let size = tree.size();
    // Twice the size, unless that passes LARGEST pixels a side (a big
    // level, or a big background picture).
    const LARGEST: f32 = 8192.0;
    let longest = size.width().max(size.height()).max(1.0);
    let scale = (LARGEST / longest).min(2.0);
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap =
        tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or("the picture would be too large")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot write the PNG: {e}"))
}
