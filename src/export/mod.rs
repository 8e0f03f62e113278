//! Pictures and graphs of a level for documents and other tools: SVG drawn
//! the way the editor's canvas draws it (light colours, for print), and
//! Graphviz DOT. No GUI crate is needed; the editor turns the SVG into PNG.
//!
//! ```
//! let level = lockwork::format::from_str(r#"{"format":"lockwork-level","version":1,
//!   "start":"a","goal":"b","rooms":[{"id":"a","pos":[0,0]},{"id":"b","pos":[200,0]}],
//!   "doors":[{"id":"d1","from":"a","to":"b","one_way":true}]}"#).unwrap().level;
//! let svg = lockwork::export::to_svg(&level);
//! assert!(svg.starts_with("<svg"));
//! let dot = lockwork::export::to_dot(&level);
//! assert!(dot.contains(r#""a" -> "b""#));
//! ```

mod dot;
pub mod geometry;
mod svg;

pub use dot::to_dot;
pub use svg::{to_svg, to_svg_with_background};

/// Escapes text for XML and for DOT's quoted strings.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
