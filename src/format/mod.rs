//! The level file format (version 1): loading with errors that name the
//! field and its place, deterministic pretty-printed saving, atomic writes.
//!
//! ```
//! let text = r#"{
//!   "format": "lockwork-level", "version": 1,
//!   "start": "a", "goal": "b",
//!   "rooms": [{ "id": "a" }, { "id": "b" }],
//!   "doors": [{ "id": "d1", "from": "a", "to": "b" }]
//! }"#;
//! let loaded = lockwork::format::from_str(text).unwrap();
//! assert_eq!(loaded.level.rooms.len(), 2);
//! // Saving and loading again gives the same level.
//! let again = lockwork::format::from_str(&lockwork::format::to_string(&loaded.level)).unwrap();
//! assert_eq!(again.level, loaded.level);
//!
//! let typo = text.replace(r#""to": "b""#, r#""to": "b", "one_wya": true"#);
//! let err = lockwork::format::from_str(&typo).unwrap_err();
//! assert_eq!(err.to_string(), r#"doors[0]: unknown field "one_wya""#);
//! ```

mod error;
mod extensions;
mod fast;
mod load;
mod reader;
mod save;
mod size;
mod strict;

use std::io::Read;
use std::path::Path;

pub use error::{LoadError, SaveError};
pub use load::{Loaded, from_bytes, from_str, from_value};
pub(crate) use save::number;
pub use save::{to_file, to_string, to_value, write_atomically};

/// The `format` tag every level file carries.
pub const FORMAT_TAG: &str = "lockwork-level";
/// The format version this Lockwork reads and writes.
pub const VERSION: u64 = 1;
/// Files larger than this are refused before parsing (64 MiB).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// At most this many rooms, keys or levers in one level, and entries in
/// one list of ids (`locks`, `toggles`, `goal_requires`): room for a level of
/// 100,000 levers or doors with a room each, which loads in well under a
/// second.
pub const MAX_ITEMS: usize = 200_000;
/// At most this many doors in one level: four for each room the limit
/// allows, since a grid of rooms has two doors a room and a connected
/// level at least one.
pub const MAX_DOORS: usize = 4 * MAX_ITEMS;
/// The largest `cost` or `lever_cost`: with at most [`MAX_DOORS`] doors and
/// [`MAX_ITEMS`] levers, any plan's total stays far from overflowing, and whole costs
/// stay exact in a 64-bit float up to plans of thousands of steps.
pub const MAX_COST: f64 = 1e12;

/// What a list past its limit is told: the words of [`LoadError::Invalid`]
/// for it, with its length and the limit.
fn too_large(entries: usize, limit: usize) -> String {
    format!("too large to load: {entries} entries, more than the limit of {limit}")
}

/// Reads and parses a level file, refusing oversized files before reading
/// them whole.
///
/// # Arguments
/// * `path` — the level file.
///
/// # Returns
/// The level and its warnings, as [`from_bytes`].
///
/// # Errors
/// [`LoadError::Io`] naming the path when it cannot be read, and every error
/// of [`from_bytes`].
///
/// # Complexity
/// O(size of the file); a file over [`MAX_FILE_BYTES`] is refused from its
/// metadata, unread.
///
/// # Example
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("two.json");
/// let mut level = lockwork::model::Level::new("two rooms");
/// lockwork::format::to_file(&level, &path)?;
/// let loaded = lockwork::format::from_file(&path)?;
/// assert_eq!(loaded.level, level);
/// level.name.clear();
/// assert!(lockwork::format::from_file(&dir.path().join("missing.json")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_file(path: &Path) -> Result<Loaded, LoadError> {
    from_bytes(&read(path)?)
}

/// [`from_file`], keeping the index of the level's ids that validation
/// built: see [`load::bytes_indexed`]. The command line's way in.
#[cfg(feature = "cli")]
pub(crate) fn from_file_indexed(
    path: &Path,
) -> Result<(Loaded, crate::validate::Indexed), LoadError> {
    load::bytes_indexed(&read(path)?)
}

/// The bytes of a level file, refused unread past [`MAX_FILE_BYTES`].
fn read(path: &Path) -> Result<Vec<u8>, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_or(0, |meta| meta.len());
    if size > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    // Room for the whole file at once (one byte more, to see its end): a
    // buffer doubling its way up to tens of megabytes copies the file twice
    // and has the system clear twice its size of fresh memory.
    let mut bytes = Vec::with_capacity(usize::try_from(size).map_or(0, |n| n + 1));
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    Ok(bytes)
}
