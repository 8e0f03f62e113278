//! The state of play by id: what a game shows (where the player is, what
//! is held, which doors are open), without positions in the level's lists.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Session;
use crate::model::{DoorId, KeyId, LeverId, RoomId};

/// The state of play by id, as [`Session::view`] gives it. It serialises
/// with serde, for a game's user interface.
///
/// # Examples
///
/// ```
/// use lockwork::play::{PlayOptions, Session};
/// use lockwork::rules::Step;
/// let level = lockwork::format::from_file("assets/smallkeys.level.json".as_ref())?.level;
/// let mut session = Session::open(level, &PlayOptions::default())?;
/// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
/// let view = session.view();
/// assert_eq!(view.room, "r2".into());
/// assert_eq!(view.items.get("small"), Some(&2), "two small keys in hand");
/// assert!(view.keys.is_empty(), "no named key yet");
/// assert!(view.open_doors.contains(&"d2".into()));
/// # Ok::<(), lockwork::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayView {
    /// The room the player is in.
    pub room: RoomId,
    /// The named keys held (keys with no kind: never spent), in level order.
    pub keys: Vec<KeyId>,
    /// Items in hand per kind (`"small"` for small keys): picked up and not
    /// yet spent. Kinds with none in hand are left out.
    pub items: BTreeMap<String, u32>,
    /// The doors open now (by `open`, levers or `open_when`), in level order.
    pub open_doors: Vec<DoorId>,
    /// The doors whose spending lock was opened for good.
    pub unlocked: Vec<DoorId>,
    /// The levers pulled an odd number of times, among those whose
    /// position the rules keep (named by an `open_when`, or `once`).
    pub levers: Vec<LeverId>,
    /// Total cost of the steps taken.
    pub cost: f64,
    /// Moves taken.
    pub moves: u32,
    /// Lever pulls taken.
    pub pulls: u32,
    /// True when the level is solved.
    pub solved: bool,
}

impl Session {
    /// The state of play now, by id.
    ///
    /// # Complexity
    /// Linear in the size of the level.
    ///
    /// # Examples
    /// See [`PlayView`].
    pub fn view(&self) -> PlayView {
        let level = &self.guide.level;
        let state = &self.now.state;
        let kinds = self.guide.oracle.mechanics().kinds();
        let ids = |flags: &[bool], id: &dyn Fn(usize) -> Option<DoorId>| -> Vec<DoorId> {
            (flags.iter().enumerate())
                .filter(|&(_, &on)| on)
                .filter_map(|(i, _)| id(i))
                .collect()
        };
        let door = |d: usize| level.doors.get(d).map(|door| door.id.clone());
        PlayView {
            room: (level.rooms.get(state.room()))
                .map(|r| r.id.clone())
                .unwrap_or_default(),
            keys: (level.keys.iter().zip(state.picked()))
                .filter(|(key, held)| **held && !key.small && key.kind.is_none())
                .map(|(key, _)| key.id.clone())
                .collect(),
            items: (kinds.iter().zip(state.items_in_hand()))
                .filter(|(_, n)| **n > 0)
                .map(|(kind, n)| (kind.clone(), *n))
                .collect(),
            open_doors: ids(state.open_doors(), &door),
            unlocked: ids(state.unlocked_doors(), &door),
            levers: (level.levers.iter().zip(state.levers_odd()))
                .filter(|(_, odd)| *odd)
                .map(|(lever, _)| lever.id.clone())
                .collect(),
            cost: state.cost(),
            moves: state.moves(),
            pulls: state.pulls(),
            solved: self.is_solved(),
        }
    }
}
