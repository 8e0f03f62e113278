//! New ids for new items: a counter per kind that only grows, so an id is
//! never handed out twice in a session, even after undo.

use crate::model::Level;

/// Counters for `r…`, `d…`, `k…`/`sk…`, `l…` ids.
#[derive(Clone, Debug, Default)]
pub struct IdMint {
    room: u64,
    door: u64,
    key: u64,
    lever: u64,
}

/// The largest `n` of ids written `{prefix}{n}`.
fn largest<'a>(ids: impl Iterator<Item = &'a str>, prefix: &str) -> u64 {
    ids.filter_map(|id| id.strip_prefix(prefix)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
}

impl IdMint {
    /// Counters past every id already in `level`.
    pub fn for_level(level: &Level) -> Self {
        let mut mint = Self::default();
        mint.catch_up(level);
        mint
    }

    /// Moves counters past every id in `level` (after a whole-level change).
    pub fn catch_up(&mut self, level: &Level) {
        self.room = self
            .room
            .max(largest(level.rooms.iter().map(|r| r.id.as_str()), "r"));
        self.door = self
            .door
            .max(largest(level.doors.iter().map(|d| d.id.as_str()), "d"));
        let keys = level.keys.iter().map(|k| k.id.as_str());
        let small = level.keys.iter().map(|k| k.id.as_str());
        self.key = self.key.max(largest(keys, "k")).max(largest(small, "sk"));
        self.lever = self
            .lever
            .max(largest(level.levers.iter().map(|l| l.id.as_str()), "l"));
    }

    fn next(counter: &mut u64, prefix: &str, taken: impl Fn(&str) -> bool) -> String {
        loop {
            *counter += 1;
            let id = format!("{prefix}{counter}");
            if !taken(&id) {
                return id;
            }
        }
    }

    /// A fresh room id.
    pub fn room(&mut self, level: &Level) -> String {
        Self::next(&mut self.room, "r", |id| {
            level.rooms.iter().any(|r| r.id.as_str() == id)
        })
    }

    /// A fresh door id.
    pub fn door(&mut self, level: &Level) -> String {
        Self::next(&mut self.door, "d", |id| {
            level.doors.iter().any(|d| d.id.as_str() == id)
        })
    }

    /// A fresh key id (`sk…` for small keys).
    pub fn key(&mut self, level: &Level, small: bool) -> String {
        let prefix = if small { "sk" } else { "k" };
        Self::next(&mut self.key, prefix, |id| {
            level.keys.iter().any(|k| k.id.as_str() == id)
        })
    }

    /// A fresh lever id.
    pub fn lever(&mut self, level: &Level) -> String {
        Self::next(&mut self.lever, "l", |id| {
            level.levers.iter().any(|l| l.id.as_str() == id)
        })
    }
}
