//! The kinds of countable items a level names (`"small"`, `"bomb"`, ...),
//! numbered once for the rules: a level may name a hundred thousand kinds,
//! so they are found through a table, never by scanning the list.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use crate::model::Level;

/// The kinds of countable items the level names, `"small"` first, then in
/// the order keys and doors first name them.
///
/// Complexity: linear in the number of keys and `spend` entries.
pub fn kind_names(level: &Level) -> Vec<String> {
    KindTable::new(level, true).names()
}

/// The kinds of countable items a level names, numbered as
/// [`kind_names`] lists them, with a table from name to number so that
/// neither listing nor looking up scans the kinds found so far.
pub(super) struct KindTable<'l> {
    pub(super) names: Vec<&'l str>,
    numbers: FxHashMap<&'l str, usize>,
}

impl<'l> KindTable<'l> {
    /// The kinds `level` names; its doors are read only when `doors_spend`
    /// (false when it is known that no door has a `spend` list).
    pub(super) fn new(level: &'l Level, doors_spend: bool) -> Self {
        let mut table = Self {
            names: Vec::new(),
            numbers: FxHashMap::default(),
        };
        let doors = if doors_spend { &level.doors[..] } else { &[] };
        let named = (level.keys.iter().filter_map(|k| k.kind_name())).chain(
            doors
                .iter()
                .flat_map(|d| d.spend.keys().map(String::as_str)),
        );
        for name in std::iter::once(crate::model::SMALL).chain(named) {
            if let Entry::Vacant(slot) = table.numbers.entry(name) {
                slot.insert(table.names.len());
                table.names.push(name);
            }
        }
        table
    }

    /// The number of kind `name`, if the level names it.
    pub(super) fn of(&self, name: &str) -> Option<usize> {
        self.numbers.get(name).copied()
    }

    /// The names, owned, numbered as the table numbers them.
    pub(super) fn names(&self) -> Vec<String> {
        self.names.iter().map(|&n| n.to_owned()).collect()
    }
}
