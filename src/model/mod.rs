//! The level model: rooms, doors, keys, levers, start and goal.
//!
//! This is plain data with no knowledge of files or of the UI. The file
//! format lives in [`crate::format`], the rules of play in [`crate::rules`].

mod background;
mod color;
mod graph;
mod ids;
mod index;
mod level;
mod numbers;
pub mod palette;
mod props;
mod titles;

pub use background::{BACKGROUND_KEY, Background};
pub use color::{ParseColorError, Rgb};
pub use graph::{Neighbours, RoomEdge, RoomEdges, RoomGraph};
pub use ids::{DoorId, ItemId, KeyId, LeverId, RoomId};
pub use index::{Labels, LevelIndex};
pub(crate) use index::{Near, WARM};
pub use level::{Condition, Door, Key, Level, Lever, Literal, Room, SMALL, Side, condition_words};
pub use numbers::format_cost;
pub use props::Props;
