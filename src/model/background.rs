//! [`Background`]: a picture the designer traces over, kept in the level's
//! `props` under `"lockwork"` (docs/format.md, "A background to trace over").
//!
//! Only the editor and the exports draw it; the rules of play never read it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Level, Props};

/// The key under the level's `props.lockwork` that holds the background.
pub const BACKGROUND_KEY: &str = "background";

/// The key of Lockwork's own entries in `props`.
const LOCKWORK: &str = "lockwork";

/// A PNG or JPEG drawn under the level, in canvas units (the units of room
/// positions).
///
/// # Example
/// ```
/// use lockwork::model::{Background, Level};
/// let mut level = Level::new("Crypt");
/// assert_eq!(Background::of(&level), None);
/// let map = Background::new("maps/crypt.png", [0.0, 0.0], [800.0, 600.0]);
/// map.put(&mut level.props);
/// assert_eq!(level.props["lockwork"]["background"]["image"], "maps/crypt.png");
/// assert_eq!(Background::of(&level), Some(map));
/// Background::remove(&mut level.props);
/// assert!(level.props.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Background {
    /// The picture's file: relative to the level file's folder, or absolute.
    pub image: String,
    /// Its top-left corner.
    pub x: f64,
    /// Its top-left corner.
    pub y: f64,
    /// Its width on the canvas.
    pub width: f64,
    /// Its height on the canvas.
    pub height: f64,
    /// 0 (invisible) to 1 (opaque).
    #[serde(default = "half")]
    pub opacity: f64,
}

fn half() -> f64 {
    0.5
}

impl Background {
    /// `image` with its top-left corner at `at`, `size` wide and high, half faded.
    pub fn new(image: impl Into<String>, at: [f64; 2], size: [f64; 2]) -> Self {
        Self {
            image: image.into(),
            x: at[0],
            y: at[1],
            width: size[0],
            height: size[1],
            opacity: half(),
        }
    }

    /// The level's background, when it has one that reads: a malformed entry
    /// (see [`Background::problem`]) is none.
    pub fn of(level: &Level) -> Option<Self> {
        let value = level.props.get(LOCKWORK)?.get(BACKGROUND_KEY)?;
        serde_json::from_value::<Self>(value.clone())
            .ok()
            .filter(Self::is_drawable)
    }

    /// Why the level's background entry cannot be drawn, when it has one
    /// that cannot: for a warning, never a failure to open.
    pub fn problem(level: &Level) -> Option<String> {
        let value = level.props.get(LOCKWORK)?.get(BACKGROUND_KEY)?;
        match serde_json::from_value::<Self>(value.clone()) {
            Err(e) => Some(e.to_string()),
            Ok(b) if !b.is_drawable() => Some(
                "its width and height must be positive numbers and its opacity \
                 between 0 and 1"
                    .to_owned(),
            ),
            Ok(_) => None,
        }
    }

    fn is_drawable(&self) -> bool {
        let positive = |v: f64| v.is_finite() && v > 0.0;
        positive(self.width)
            && positive(self.height)
            && self.x.is_finite()
            && self.y.is_finite()
            && (0.0..=1.0).contains(&self.opacity)
            && !self.image.trim().is_empty()
    }

    /// Writes this background into a level's props, keeping every other
    /// entry there.
    pub fn put(&self, props: &mut Props) {
        let value = serde_json::to_value(self).unwrap_or(Value::Null);
        let entry = props
            .entry(LOCKWORK)
            .or_insert_with(|| Value::Object(Default::default()));
        if !entry.is_object() {
            *entry = Value::Object(Default::default());
        }
        if let Some(map) = entry.as_object_mut() {
            map.insert(BACKGROUND_KEY.into(), value);
        }
    }

    /// Takes the background out of a level's props (and `"lockwork"` with
    /// it when nothing else is left there).
    pub fn remove(props: &mut Props) {
        let emptied = match props.get_mut(LOCKWORK) {
            Some(Value::Object(map)) => {
                map.remove(BACKGROUND_KEY);
                map.is_empty()
            }
            _ => false,
        };
        if emptied {
            props.remove(LOCKWORK);
        }
    }

    /// The picture's file, for a level saved at `level_file` (none: a level
    /// never saved, whose relative paths are taken from the working folder).
    ///
    /// ```
    /// use std::path::Path;
    /// use lockwork::model::Background;
    /// let map = Background::new("maps/crypt.png", [0.0, 0.0], [1.0, 1.0]);
    /// assert_eq!(
    ///     map.file(Some(Path::new("/games/crypt.level.json"))),
    ///     Path::new("/games/maps/crypt.png")
    /// );
    /// ```
    pub fn file(&self, level_file: Option<&Path>) -> PathBuf {
        let image = Path::new(&self.image);
        match level_file.and_then(Path::parent) {
            Some(dir) if image.is_relative() => dir.join(image),
            _ => image.to_path_buf(),
        }
    }

    /// How `image` is written for a level saved at `level_file`: relative to
    /// its folder when the picture lies in it or below, else as given.
    ///
    /// ```
    /// use std::path::Path;
    /// use lockwork::model::Background;
    /// let level = Some(Path::new("/games/crypt.level.json"));
    /// assert_eq!(Background::stored_path(Path::new("/games/maps/a.png"), level), "maps/a.png");
    /// assert_eq!(Background::stored_path(Path::new("/other/a.png"), level), "/other/a.png");
    /// ```
    pub fn stored_path(image: &Path, level_file: Option<&Path>) -> String {
        let relative = level_file
            .and_then(Path::parent)
            .filter(|dir| !dir.as_os_str().is_empty())
            .and_then(|dir| image.strip_prefix(dir).ok());
        // Forward slashes, so the file reads the same on every system.
        relative.map_or_else(
            || image.to_string_lossy().into_owned(),
            |r| {
                r.components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/")
            },
        )
    }

    /// The same picture with its width changed and its height following, so
    /// that it keeps its shape.
    pub fn scaled_to_width(&self, width: f64) -> Self {
        let ratio = if self.width > 0.0 {
            self.height / self.width
        } else {
            1.0
        };
        Self {
            width,
            height: width * ratio,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_entry_is_a_problem_and_no_background() {
        let mut level = Level::new("x");
        level.props.insert(
            LOCKWORK.into(),
            serde_json::json!({"background": {"image": "a.png", "x": 0, "y": 0, "width": -3, "height": 2}}),
        );
        assert_eq!(Background::of(&level), None);
        assert!(Background::problem(&level).is_some());
        level.props.insert(
            LOCKWORK.into(),
            serde_json::json!({"background": {"image": "a.png"}}),
        );
        assert!(Background::problem(&level).is_some_and(|p| p.contains("x")));
    }

    #[test]
    fn putting_and_removing_keeps_the_other_entries() {
        let mut level = Level::new("x");
        level
            .props
            .insert(LOCKWORK.into(), serde_json::json!({"area": "Crypt"}));
        let map = Background::new("a.png", [1.0, 2.0], [3.0, 4.0]);
        map.put(&mut level.props);
        assert_eq!(level.props[LOCKWORK]["area"], "Crypt");
        assert_eq!(Background::of(&level), Some(map.clone()));
        let wider = map.scaled_to_width(6.0);
        assert_eq!((wider.width, wider.height), (6.0, 8.0));
        Background::remove(&mut level.props);
        assert_eq!(level.props[LOCKWORK], serde_json::json!({"area": "Crypt"}));
        assert_eq!(Background::problem(&level), None);
    }
}
