//! Export of the canvas as PNG and SVG, and of the level as Graphviz DOT.
//! The SVG and DOT come from the core ([`crate::export`]); the PNG is that
//! SVG rasterised at twice its size with the font the editor draws with.

use std::path::{Path, PathBuf};

use crate::model::Level;

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

/// The bytes of the export.
pub fn render(level: &Level, kind: ExportKind) -> Result<Vec<u8>, String> {
    match kind {
        ExportKind::Svg => Ok(crate::export::to_svg(level).into_bytes()),
        ExportKind::Dot => Ok(crate::export::to_dot(level).into_bytes()),
        ExportKind::Png => png(&crate::export::to_svg(level)),
    }
}

/// Writes the export to `path` atomically (a temporary file, then a rename).
pub fn write(level: &Level, kind: ExportKind, path: &Path) -> Result<(), String> {
    let bytes = render(level, kind)?;
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
    const SCALE: f32 = 2.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * SCALE).ceil() as u32,
        (size.height() * SCALE).ceil() as u32,
    );
    let mut pixmap =
        tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or("the picture would be too large")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot write the PNG: {e}"))
}
