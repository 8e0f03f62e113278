//! Level of detail: what the canvas draws at the zoom of this frame. Marks
//! (locks, keys, levers, start and goal) scale with the zoom but never fall
//! below [`MIN_MARK_PX`] on screen; labels show when they fit in their room
//! or along their door at a readable size, and give way when they do not.

/// Smallest size of a mark on screen, in points.
pub const MIN_MARK_PX: f32 = 12.0;
/// Smallest size of a label's text on screen, in points.
pub const MIN_TEXT_PX: f32 = 8.0;
/// Average width of a character, as a share of the font size (for
/// deciding whether a label fits before laying it out).
const CHAR_WIDTH: f32 = 0.58;

/// The level of detail of one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lod {
    /// Screen points per canvas unit.
    pub zoom: f32,
}

impl Lod {
    /// The level of detail at `zoom`.
    pub fn new(zoom: f32) -> Self {
        Self {
            zoom: if zoom.is_finite() && zoom > 0.0 {
                zoom
            } else {
                1.0
            },
        }
    }

    /// A mark's size in canvas units: `base`, or more so that it is at
    /// least [`MIN_MARK_PX`] on screen.
    pub fn mark(self, base: f32) -> f32 {
        base.max(MIN_MARK_PX / self.zoom)
    }

    /// How much marks are enlarged over their size at zoom 1.
    pub fn grow(self, base: f32) -> f32 {
        self.mark(base) / base
    }

    /// A font size in canvas units: `base`, or more so that the text is at
    /// least [`MIN_TEXT_PX`] on screen.
    pub fn font(self, base: f32) -> f32 {
        base.max(MIN_TEXT_PX / self.zoom)
    }

    /// Is text of `base` size readable as it is?
    pub fn reads(self, base: f32) -> bool {
        base * self.zoom >= MIN_TEXT_PX
    }

    /// Would `chars` characters at `font` (canvas units) fit in `width`?
    pub fn fits(chars: usize, font: f32, width: f32) -> bool {
        chars as f32 * font * CHAR_WIDTH <= width
    }

    /// A length in canvas units as it shows on screen.
    pub fn on_screen(self, length: f32) -> f32 {
        length * self.zoom
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_keep_a_minimum_size_and_grow_with_the_zoom() {
        let far = Lod::new(0.1);
        assert!((far.on_screen(far.mark(13.0)) - MIN_MARK_PX).abs() < 1e-4);
        let near = Lod::new(2.0);
        assert_eq!(near.mark(13.0), 13.0);
        assert!(near.reads(14.0) && !far.reads(14.0));
        assert!(Lod::fits(3, 20.0, 110.0) && !Lod::fits(12, 20.0, 110.0));
    }
}
