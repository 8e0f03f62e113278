//! Which keys the canvas lights up: the key hovered or selected (and its
//! locks, across the whole level), the keys of a hovered or selected door,
//! and the key hovered in the legend; and the doors whose condition names a
//! hovered or selected lever.

use crate::editor::view::View;
use crate::model::{ItemId, KeyId};

/// The keys lit this frame.
#[derive(Clone, Debug, Default)]
pub struct Lit {
    keys: Vec<bool>,
    any: bool,
    doors: Vec<bool>,
}

impl Lit {
    /// The keys to light for the selection, the item hovered last frame and
    /// the legend entry hovered.
    pub fn new(view: &View<'_>, hovered: Option<&ItemId>, legend: Option<&KeyId>) -> Self {
        let level = view.level;
        let mut keys = vec![false; level.keys.len()];
        let mut light = |id: &KeyId| {
            if let Some(k) = view.index.key(id) {
                keys[k] = true;
            }
        };
        for item in view.selection.iter().chain(hovered) {
            match item {
                ItemId::Key(k) => light(k),
                ItemId::Door(d) => {
                    if let Some(door) = view.index.door(d).and_then(|i| level.doors.get(i)) {
                        door.locks.iter().for_each(&mut light);
                    }
                }
                _ => {}
            }
        }
        if let Some(k) = legend {
            light(k);
        }
        // Small keys are alike: lighting one says nothing about a lock.
        for (lit, key) in keys.iter_mut().zip(&level.keys) {
            *lit &= !key.small;
        }
        let any = keys.iter().any(|&k| k);
        let levers: Vec<&crate::model::LeverId> = view
            .selection
            .iter()
            .chain(hovered)
            .filter_map(|item| match item {
                ItemId::Lever(l) => Some(l),
                _ => None,
            })
            .collect();
        let doors = level
            .doors
            .iter()
            .map(|door| levers.iter().any(|l| door.condition_names(l)))
            .collect();
        Self { keys, any, doors }
    }

    /// Does door `d` (its place in the level) have a condition naming a
    /// hovered or selected lever?
    pub fn door(&self, d: usize) -> bool {
        self.doors.get(d).copied().unwrap_or(false)
    }

    /// Is key `k` (its place in the level) lit?
    pub fn key(&self, k: usize) -> bool {
        self.keys.get(k).copied().unwrap_or(false)
    }

    /// Is any key lit (so that the others are drawn faint)?
    pub fn any(&self) -> bool {
        self.any
    }
}
