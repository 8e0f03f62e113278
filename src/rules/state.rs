//! The state of play, and the two sides the tables read and change it
//! by ([`Holdings`], [`Changes`]).

use super::*;

/// The state of play: where the player is, what is held, which doors are
/// open, which small locks are opened, and the tally so far.
///
/// Only [`Rules::start`] makes one, and only [`Rules::do_move`],
/// [`Rules::do_pull`] and [`Rules::apply`] change it, so a state always
/// follows the rules of the level it was made for. Read it through the
/// accessors below, or through [`Holdings`], which is how [`Mechanics`]
/// judges a step. Indices are positions in the level's `rooms`, `keys` and
/// `doors` vectors.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Key, Level, Room};
/// use lockwork::rules::{Rules, Step};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.keys.push(Key::new("gem", "r2"));
/// let rules = Rules::new(&level).unwrap();
/// let mut state = rules.start();
/// assert_eq!((state.room(), state.picked(), state.cost()), (0, &[false][..], 0.0));
/// rules.apply(&mut state, &Step::Move { door: "d1".into(), to: "r2".into() }).unwrap();
/// assert_eq!((state.room(), state.picked(), state.moves()), (1, &[true][..], 1));
/// ```
#[derive(Clone, Debug)]
pub struct PlayState {
    pub(super) room: usize,
    pub(super) picked: Vec<bool>,
    /// Items in hand per kind; kind 0 is small keys.
    pub(super) in_hand: Vec<u32>,
    pub(super) open: Vec<bool>,
    pub(super) unlocked: Vec<bool>,
    /// Per lever: pulled an odd number of times?
    pub(super) odd: Vec<bool>,
    pub(super) cost: f64,
    pub(super) moves: u32,
    pub(super) pulls: u32,
}

impl PartialEq for PlayState {
    /// Equal states of play with equal tallies; items of a kind never
    /// counted are none in hand, and levers never pulled are even.
    fn eq(&self, other: &Self) -> bool {
        fn padded<T: Copy + PartialEq + Default>(a: &[T], b: &[T]) -> bool {
            let n = a.len().max(b.len());
            (0..n).all(|i| {
                a.get(i).copied().unwrap_or_default() == b.get(i).copied().unwrap_or_default()
            })
        }
        self.room == other.room
            && self.picked == other.picked
            && padded(&self.in_hand, &other.in_hand)
            && self.open == other.open
            && self.unlocked == other.unlocked
            && padded(&self.odd, &other.odd)
            && self.cost == other.cost
            && self.moves == other.moves
            && self.pulls == other.pulls
    }
}

impl PlayState {
    /// A state from its parts, for code in this crate that has checked them
    /// against the level (a saved game, a decoded solver state); the tally
    /// starts at zero.
    pub(crate) fn from_parts(
        room: usize,
        picked: Vec<bool>,
        small_in_hand: u32,
        open: Vec<bool>,
        unlocked: Vec<bool>,
    ) -> Self {
        Self {
            room,
            picked,
            in_hand: vec![small_in_hand],
            open,
            unlocked,
            odd: Vec::new(),
            cost: 0.0,
            moves: 0,
            pulls: 0,
        }
    }

    /// The same state with the parts of the version-1 extensions set: items
    /// in hand per kind (kind 0 is small keys) and, per lever, whether it
    /// was pulled an odd number of times.
    pub(crate) fn with_extensions(self, in_hand: Vec<u32>, odd: Vec<bool>) -> Self {
        Self {
            in_hand,
            odd,
            ..self
        }
    }

    /// The same state with its tally set: total cost, moves and pulls.
    pub(crate) fn with_tally(self, cost: f64, moves: u32, pulls: u32) -> Self {
        Self {
            cost,
            moves,
            pulls,
            ..self
        }
    }

    /// Index of the current room in `level.rooms`.
    pub fn room(&self) -> usize {
        self.room
    }

    /// Per key, in `level.keys` order: picked up yet? (A small key once
    /// picked up stays marked after it is spent.)
    pub fn picked(&self) -> &[bool] {
        &self.picked
    }

    /// Small keys in hand: picked up and not yet spent.
    pub fn small_in_hand(&self) -> u32 {
        self.in_hand.first().copied().unwrap_or(0)
    }

    /// Items in hand per kind, in the order of
    /// [`Mechanics::kinds`](mechanics::Mechanics::kinds) (kind 0 is small keys).
    pub fn items_in_hand(&self) -> &[u32] {
        &self.in_hand
    }

    /// Per lever, in `level.levers` order: pulled an odd number of times?
    /// (For a `once` lever: pulled?)
    pub fn levers_odd(&self) -> Vec<bool> {
        (0..self.odd.len()).map(|l| self.odd[l]).collect()
    }

    /// Per door, in `level.doors` order: open now?
    pub fn open_doors(&self) -> &[bool] {
        &self.open
    }

    /// Per door: has its small lock been opened for good?
    pub fn unlocked_doors(&self) -> &[bool] {
        &self.unlocked
    }

    /// Total cost of the steps taken.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Moves taken.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Lever pulls taken.
    pub fn pulls(&self) -> u32 {
        self.pulls
    }
}

impl Holdings for PlayState {
    fn door_open(&self, door: usize) -> bool {
        self.open.get(door).copied().unwrap_or(false)
    }

    fn holds(&self, key: usize) -> bool {
        self.picked.get(key).copied().unwrap_or(false)
    }

    fn unlocked(&self, door: usize) -> bool {
        self.unlocked.get(door).copied().unwrap_or(false)
    }

    fn small_in_hand(&self) -> u32 {
        PlayState::small_in_hand(self)
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.in_hand.get(kind).copied().unwrap_or(0)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        self.odd.get(lever).copied().unwrap_or(false)
    }
}

impl Changes for PlayState {
    fn enter(&mut self, room: usize) {
        self.room = room;
    }

    fn take(&mut self, key: usize) {
        if let Some(picked) = self.picked.get_mut(key) {
            *picked = true;
        }
    }

    fn set_in_hand(&mut self, kind: usize, n: u32) {
        if self.in_hand.len() <= kind {
            self.in_hand.resize(kind + 1, 0);
        }
        self.in_hand[kind] = n;
    }

    fn unlock(&mut self, door: usize) {
        if let Some(unlocked) = self.unlocked.get_mut(door) {
            *unlocked = true;
        }
    }

    fn flip_door(&mut self, door: usize) {
        if let Some(open) = self.open.get_mut(door) {
            *open = !*open;
        }
    }

    fn flip_lever(&mut self, lever: usize) {
        if self.odd.len() <= lever {
            self.odd.resize(lever + 1, false);
        }
        self.odd[lever] = !self.odd[lever];
    }
}
